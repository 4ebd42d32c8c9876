// StableHLO's interpreter suite (../shared/conformance/interpret, chlo/
// included) through `shlo run --split-input-file`'s pipeline: each chunk is
// analysed and every zero-argument function run; a file passes when every
// function of every chunk passes. Files that reach an op the interpreter does
// not support yet are counted apart from failures, never skipped silently.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "interpreter/Interpreter.h"
#include "interpreter/Printing.h"
#include "interpreter/io/ArgsLiteral.h"
#include "interpreter/kernels/KernelPath.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

// The bar: what this suite measured when it was last raised (files passed).
constexpr size_t kMinimumFilesPassed = 104;

/// The `--args="..."` of a file's first `--interpret` RUN line that is
/// expected to succeed, or "".
std::string runLineArgs(const std::string &text) {
  size_t at = 0;
  while ((at = text.find("// RUN:", at)) != std::string::npos) {
    std::string line = text.substr(at, text.find('\n', at) - at);
    at += 7;
    if (line.find("--interpret") == std::string::npos || line.find(" not ") != std::string::npos) continue;
    size_t args = line.find("--args=\"");
    if (args == std::string::npos) continue;
    size_t begin = args + 8, end = line.find('"', begin);
    if (end != std::string::npos) return line.substr(begin, end - begin);
  }
  return "";
}

std::string squeeze(const std::string &s) {
  std::string out;
  for (char c : s) {
    bool space = c == ' ' || c == '\t';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

/// FileCheck's CHECK / CHECK-LABEL / CHECK-NEXT (literal patterns,
/// whitespace runs matching one space) over `output`. Returns "" when every
/// pattern matches, else the first pattern that does not.
std::string fileCheck(const std::string &text, const std::string &output) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) lines.push_back(squeeze(line));
  size_t next = 0;  // first line a CHECK may match
  std::istringstream checks(text);
  for (std::string line; std::getline(checks, line);) {
    size_t c = line.find("// CHECK");
    if (c == std::string::npos) continue;
    std::string directive = line.substr(c + 3, line.find(':', c) - c - 3);
    bool isNext = directive.rfind("CHECK-NEXT", 0) == 0;
    if (!(directive.rfind("CHECK:", 0) == 0 || directive == "CHECK" || directive.rfind("CHECK{", 0) == 0 ||
          directive.rfind("CHECK-LABEL", 0) == 0 || isNext)) {
      continue;  // another prefix (CHECK-DENSE, ...)
    }
    std::string pattern = squeeze(line.substr(line.find(':', c) + 1));
    while (!pattern.empty() && pattern.front() == ' ') pattern.erase(0, 1);
    bool found = false;
    for (size_t i = next; i < lines.size(); ++i) {
      if (isNext && i != next) break;
      if (lines[i].find(pattern) != std::string::npos) {
        next = i + 1;
        found = true;
        break;
      }
    }
    if (!found) return directive + ": " + pattern;
  }
  return "";
}


/// Runs the interpreter suite on `path` (kernel library or reference
/// loops), collecting the files that pass.
// " op count;" for each op, most frequent first: the figures lines' op lists.
std::string listByCount(const std::map<std::string, size_t> &countByOp) {
  std::vector<std::pair<size_t, std::string>> v;
  for (const auto &[op, n] : countByOp) v.emplace_back(n, op);
  std::sort(v.rbegin(), v.rend());
  std::string out;
  for (const auto &[n, op] : v) out += " " + op + " " + std::to_string(n) + ";";
  return out;
}

void interpretSuite(interpreter::KernelPath path, std::set<std::string> &passedFiles) {
  interpreter::setKernelPath(path);
  std::string label = path == interpreter::KernelPath::Kernels ? " (kernels)" : " (--reference)";
  std::vector<std::string> files = test::sharedMlirFiles({"conformance/interpret"});
  ASSERT_FALSE(files.empty());
  syntax::Parser parser;
  size_t passed = 0, failed = 0, unsupported = 0, functionsPassed = 0, functionsTotal = 0;
  std::map<std::string, size_t> failuresByOp, unsupportedByOp;
  std::vector<std::string> failedFiles, unsupportedFiles;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    bool anyFailed = false, anyUnsupported = false;
    std::string firstProblem;
    // Printed values and results go here (what StableHLO's runner pipes to
    // FileCheck); probes to a temporary folder of this file's own.
    std::ostringstream printed;
    interpreter::InterpreterOptions options;
    options.printOutput = &printed;
    options.probes = std::make_shared<interpreter::ProbeLog>();
    std::string argsText = runLineArgs(text);
    size_t firstRun = text.find("// RUN:");
    std::string firstRunLine = firstRun == std::string::npos ? "" : text.substr(firstRun, text.find('\n', firstRun) - firstRun);
    bool checkOutput = firstRunLine.find("| FileCheck %s") != std::string::npos &&
                       firstRunLine.find("--check-prefix") == std::string::npos;
    for (const analysis::Chunk &chunk : analysis::splitInput(text)) {
      analysis::Analysis result = analysis::analyze(parser, chunk.text);
      bool errors = std::any_of(result.diagnostics.begin(), result.diagnostics.end(),
                                [](const Diagnostic &d) { return d.severity == Severity::Error; });
      if (errors) {
        anyFailed = true;
        ++failuresByOp["(analysis error)"];
        if (firstProblem.empty()) {
          for (const Diagnostic &d : result.diagnostics) {
            if (d.severity == Severity::Error) {
              firstProblem = "analysis: " + d.message;
              break;
            }
          }
        }
        continue;
      }
      const ir::Module &module = *result.lowered.module;
      interpreter::Interpreter interp(module, options);
      // On the kernel path as `shlo run --timing` runs: constants made,
      // constant subexpressions folded and weights prepared at load.
      if (interpreter::kernelsEnabled()) interp.prepareConstants();
      for (const std::string &name : interpreter::defaultEntryFunctions(module)) {
        ++functionsTotal;
        const ir::Operation *fn = interpreter::findFunction(module, name);
        std::vector<interpreter::Value> arguments;
        if (fn && !fn->regions.empty() && !fn->regions[0]->blocks.empty() &&
            !fn->regions[0]->blocks[0]->arguments.empty()) {
          // Inputs come from the RUN line's --args, as for StableHLO's runner.
          if (argsText.empty()) {
            anyUnsupported = true;
            ++unsupportedByOp["(function inputs without --args)"];
            if (firstProblem.empty()) firstProblem = "@" + name + " takes arguments and no RUN line gives --args";
            continue;
          }
          for (const interpreter::Tensor &t : interpreter::parseArgsLiteral(argsText)) arguments.emplace_back(t);
        }
        interpreter::FunctionOutcome outcome = interp.run(name, arguments);
        std::string op = outcome.opName.empty() ? "(none)" : outcome.opName;
        for (const interpreter::Value &r : outcome.results) {
          if (r.kind == interpreter::Value::Kind::Tensor) printed << interpreter::formatTensor(r.tensor) << "\n";
        }
        switch (outcome.status) {
          case interpreter::FunctionOutcome::Status::Passed: ++functionsPassed; break;
          case interpreter::FunctionOutcome::Status::Unsupported:
            anyUnsupported = true;
            ++unsupportedByOp[op];
            if (firstProblem.empty()) firstProblem = "@" + name + ": " + outcome.message;
            break;
          default:
            anyFailed = true;
            ++failuresByOp[op];
            if (firstProblem.empty()) firstProblem = "@" + name + ": " + outcome.message;
            break;
        }
      }
    }
    if (checkOutput && !anyFailed && !anyUnsupported) {
      std::string missing = fileCheck(text, printed.str());
      if (!missing.empty()) {
        anyFailed = true;
        ++failuresByOp["(FileCheck)"];
        firstProblem = "output does not match " + missing;
      }
    }
    std::string shortName = path.substr(path.find("conformance/interpret/") + 22);
    if (anyFailed) {
      ++failed;
      failedFiles.push_back(shortName + " -- " + firstProblem.substr(0, 200));
    } else if (anyUnsupported) {
      ++unsupported;
      unsupportedFiles.push_back(shortName + " -- " + firstProblem.substr(0, 160));
    } else {
      ++passed;
      passedFiles.insert(shortName);
    }
  }
  interpreter::setKernelPath(interpreter::KernelPath::Kernels);
  std::cout << "[ figures  ] conformance/interpret" << label << ": " << passed << " of " << files.size() << " files passed, "
            << failed << " failed, " << unsupported << " unsupported; " << functionsPassed << " of " << functionsTotal
            << " functions passed\n";
  std::cout << "[ figures  ] failing functions by op:" << listByCount(failuresByOp) << "\n";
  std::cout << "[ figures  ] unsupported functions by op:" << listByCount(unsupportedByOp) << "\n";
  for (const std::string &f : failedFiles) std::cout << "[ figures  ] failed: " << f << "\n";
  for (const std::string &f : unsupportedFiles) std::cout << "[ figures  ] unsupported: " << f << "\n";
  EXPECT_GE(passed, kMinimumFilesPassed);
}

// StableHLO's testdata programs that its own interpreter runs (first `// RUN:`
// line has `--interpret`): @main computes and checks against @expected via
// `stablehlo.custom_call @check.*`. `RUN-DISABLED` files are counted apart;
// the rest are serialization round-trips and are not run here.
void testdataSuite(interpreter::KernelPath path, std::set<std::string> &passedFiles) {
  interpreter::setKernelPath(path);
  std::string label = path == interpreter::KernelPath::Kernels ? " (kernels)" : " (--reference)";
  constexpr size_t kMinimumTestdataPassed = 813;
  std::vector<std::string> files = test::sharedMlirFiles({"conformance/testdata"});
  ASSERT_FALSE(files.empty());
  syntax::Parser parser;
  size_t interpretFiles = 0, disabled = 0, passed = 0, failed = 0, unsupported = 0;
  std::map<std::string, size_t> failuresByOp, unsupportedByOp;
  std::vector<std::string> failedFiles;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    size_t run = text.find("// RUN:"), runDisabled = text.find("// RUN-DISABLED");
    if (runDisabled != std::string::npos && (run == std::string::npos || runDisabled < run) &&
        text.substr(runDisabled, text.find('\n', runDisabled) - runDisabled).find("--interpret") != std::string::npos) {
      ++disabled;
      continue;
    }
    if (run == std::string::npos) continue;
    std::string firstRun = text.substr(run, text.find('\n', run) - run);
    if (firstRun.find("--interpret") == std::string::npos) continue;
    ++interpretFiles;
    bool split = firstRun.find("split-input-file") != std::string::npos;
    std::vector<analysis::Chunk> chunks =
        split ? analysis::splitInput(text) : std::vector<analysis::Chunk>{{0, std::string_view(text)}};
    bool anyFailed = false, anyUnsupported = false;
    std::string problem;
    for (const analysis::Chunk &chunk : chunks) {
      analysis::Analysis result = analysis::analyze(parser, chunk.text);
      for (const Diagnostic &d : result.diagnostics) {
        if (d.severity == Severity::Error && !anyFailed) {
          anyFailed = true;
          ++failuresByOp["(analysis error)"];
          problem = "analysis: " + d.message;
        }
      }
      if (anyFailed) break;
      const ir::Module &module = *result.lowered.module;
      interpreter::Interpreter interp(module);
      if (interpreter::kernelsEnabled()) interp.prepareConstants();  // as above
      for (const std::string &name : interpreter::defaultEntryFunctions(module)) {
        interpreter::FunctionOutcome outcome = interp.run(name);
        std::string op = outcome.opName.empty() ? "(none)" : outcome.opName;
        if (outcome.status == interpreter::FunctionOutcome::Status::Unsupported) {
          anyUnsupported = true;
          ++unsupportedByOp[op];
        } else if (outcome.status != interpreter::FunctionOutcome::Status::Passed) {
          anyFailed = true;
          ++failuresByOp[op];
          if (problem.empty()) problem = "@" + name + ": " + outcome.message;
        }
      }
    }
    std::string shortName = path.substr(path.rfind('/') + 1);
    if (anyFailed) {
      ++failed;
      failedFiles.push_back(shortName + " -- " + problem.substr(0, 200));
    } else if (anyUnsupported) {
      ++unsupported;
    } else {
      ++passed;
      passedFiles.insert(shortName);
    }
  }
  interpreter::setKernelPath(interpreter::KernelPath::Kernels);
  std::cout << "[ figures  ] conformance/testdata (--interpret)" << label << ": " << passed << " of " << interpretFiles
            << " files passed, " << failed << " failed, " << unsupported << " unsupported; " << disabled
            << " RUN-DISABLED files not run\n";
  std::cout << "[ figures  ] testdata failing files by op:" << listByCount(failuresByOp) << "\n";
  std::cout << "[ figures  ] testdata unsupported files by op:" << listByCount(unsupportedByOp) << "\n";
  for (const std::string &f : failedFiles) std::cout << "[ figures  ] testdata failed: " << f << "\n";
  EXPECT_GE(passed, kMinimumTestdataPassed);
}

}  // namespace

// Both suites on the kernel library's path and on `--reference`: each
// passes at least the bar, and the two pass the same files.
TEST(InterpretConformance, InterpretFilesPass) {
  std::set<std::string> kernels, reference;
  interpretSuite(interpreter::KernelPath::Kernels, kernels);
  interpretSuite(interpreter::KernelPath::Reference, reference);
  EXPECT_EQ(kernels, reference);
}

TEST(InterpretConformance, TestdataInterpretFilesPass) {
  std::set<std::string> kernels, reference;
  testdataSuite(interpreter::KernelPath::Kernels, kernels);
  testdataSuite(interpreter::KernelPath::Reference, reference);
  EXPECT_EQ(kernels, reference);
}

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "cli/DiagnosticOutput.h"
#include "cli/HugePageHeap.h"
#include "linter/Advisories.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/ExpectedDiagnostics.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/diagnostics/Codes.h"
#include "semantic/syntax/SourceFile.h"
#include "semantic/verify/ConstraintCodes.h"
#include "semantic/verify/OpNames.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::cli {

namespace {

struct CheckOptions {
  std::vector<std::string> files;
  std::string format = "text";
  bool splitInputFile = false;
  bool showHints = false;
  std::string color = "auto";
  bool noUnregisteredDialects = false;
  bool verifyDiagnostics = false;
  std::string explain;
};

/// True when `shortName` (`dot_general`) names an op of the verifier.
bool isVerifiedOp(std::string_view shortName) {
  for (const auto &[name, def] : verify::OpRegistry::instance().all()) {
    size_t dot = name.find('.');
    if (dot != std::string::npos && std::string_view(name).substr(dot + 1) == shortName) return true;
  }
  return false;
}

/// `shlo check --explain CODE`: the registry's entry, and for a constraint
/// code of a spec op the constraint as the spec words it. Exit 2 when the
/// code is not registered or its family's op is no op of the verifier.
int explainCode(const std::string &code) {
  const CodeInfo *info = findCode(code);
  std::string_view op = info ? familyOp(*info, code) : std::string_view();
  if (!info || (info->isFamily() && !isVerifiedOp(op))) {
    std::cerr << "shlo check: unknown diagnostic code `" << code << "`\n";
    return 2;
  }
  std::string specRef = info->specRef;
  if (size_t at = specRef.find("<op>"); at != std::string::npos) specRef.replace(at, 4, op);
  std::cout << code << ": " << info->title << "\n";
  if (info->isFamily()) std::cout << "family: " << info->code << "\n";
  std::cout << "category: " << categoryName(info->category) << "\n";
  std::cout << "default severity: " << severityName(info->severity) << "\n";
  if (!specRef.empty()) std::cout << "spec: spec.md" << specRef << "\n";
  if (std::optional<verify::SpecConstraintRef> ref = verify::specConstraintOf(code)) {
    std::cout << "spec (" << ref->label << ") of " << ref->op->name << ": " << ref->text << "\n";
  }
  std::cout << "\n" << info->documentation << "\n";
  return 0;
}

/// The analysis's diagnostics and the linter's advisories (the set the
/// language server publishes), by position; among equal positions the
/// analysis's come first, in their order.
std::vector<Diagnostic> checkChunk(syntax::Parser &parser, const analysis::Chunk &chunk,
                                   const CheckOptions &options) {
  analysis::Analysis result = analysis::analyze(parser, chunk.text);
  std::vector<Diagnostic> diagnostics = std::move(result.diagnostics);
  if (options.noUnregisteredDialects) verify::checkRegisteredDialects(*result.lowered.module, diagnostics);
  linter::collectAdvisories(*result.lowered.module, chunk.text, diagnostics);
  std::stable_sort(diagnostics.begin(), diagnostics.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.range.begin < b.range.begin; });
  analysis::shiftDiagnostics(diagnostics, chunk.offset);
  return diagnostics;
}

/// `--verify-diagnostics`: each chunk's expected-* annotations against what
/// the analysis finds (no advisories: StableHLO's files expect none). Missing
/// and unexpected diagnostics are printed; a summary goes to stdout.
int verifyDiagnostics(const CheckOptions &options) {
  syntax::Parser parser;
  int status = 0;
  for (const std::string &path : options.files) {
    std::optional<syntax::SourceFile> source = readSource(path);
    if (!source) {
      status = 2;
      continue;
    }
    size_t met = 0, missing = 0, unexpected = 0;
    std::vector<Diagnostic> unexpectedFound;
    for (const analysis::Chunk &chunk : analysis::splitInput(source->text())) {
      analysis::Analysis result = analysis::analyze(parser, chunk.text);
      syntax::SourceFile chunkFile(path, std::string(chunk.text));
      analysis::ExpectationReport report = analysis::checkExpectations(chunkFile, result.diagnostics);
      uint32_t firstLine = source->position(static_cast<uint32_t>(chunk.offset), syntax::PositionEncoding::UTF8).line;
      met += report.met.size();
      missing += report.missing.size();
      unexpected += report.unexpected.size();
      for (const analysis::Expectation &e : report.missing) {
        std::cerr << path << ":" << firstLine + e.line + 1 << ": error: expected " << severityName(e.severity)
                  << " not produced: " << (e.regex ? "{{re}} " : "") << e.text << " (annotation on line "
                  << firstLine + e.annotationLine + 1 << ")\n";
      }
      std::vector<Diagnostic> shifted = std::move(report.unexpected);
      analysis::shiftDiagnostics(shifted, chunk.offset);
      for (Diagnostic &d : shifted) unexpectedFound.push_back(std::move(d));
    }
    for (Diagnostic &d : unexpectedFound) d.message = "unexpected: " + d.message;
    printDiagnosticsText(*source, unexpectedFound, std::cerr);
    std::cout << path << ": " << met << " of " << met + missing << " expected diagnostics found, " << unexpected
              << " unexpected\n";
    if ((missing || unexpected) && status == 0) status = 1;
  }
  return status;
}

int runCheck(const CheckOptions &options) {
  heapInHugePagesForInputs(options.files);
  if (options.verifyDiagnostics) return verifyDiagnostics(options);
  syntax::Parser parser;
  nlohmann::json all = nlohmann::json::array();
  int status = 0;
  for (const std::string &path : options.files) {
    std::optional<syntax::SourceFile> source = readSource(path);
    if (!source) {
      status = 2;
      continue;
    }
    const syntax::SourceFile &file = *source;
    std::vector<analysis::Chunk> chunks =
        options.splitInputFile ? analysis::splitInput(file.text())
                               : std::vector<analysis::Chunk>{{0, file.text()}};
    std::vector<Diagnostic> diagnostics;
    for (const analysis::Chunk &chunk : chunks) {
      for (Diagnostic &d : checkChunk(parser, chunk, options)) diagnostics.push_back(std::move(d));
    }
    for (const Diagnostic &d : diagnostics) {
      if (d.severity == Severity::Error && status == 0) status = 1;
    }
    if (options.format == "json") {
      for (auto &entry : diagnosticsToJson(file, diagnostics)) all.push_back(std::move(entry));
    } else {
      // A terminal cannot fade text as an editor does: hints (unused
      // results) are left out unless asked for. JSON always has them.
      if (!options.showHints) {
        std::erase_if(diagnostics, [](const Diagnostic &d) { return d.severity == Severity::Hint; });
      }
      printDiagnosticsText(file, diagnostics, std::cerr, useColor(options.color, STDERR_FILENO));
    }
  }
  if (options.format == "json") printJson(all);
  return status;
}

}  // namespace

void registerCheckCommand(CLI::App &app, int &exitCode) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App *command =
      app.add_subcommand("check",
                         "Check files against the StableHLO spec: syntax, SSA, types and op constraints, and report "
                         "deprecated ops and unused results (exit 1 on errors only)");
  command->add_option("files", options->files, "StableHLO .mlir files (required unless --explain)");
  command->add_option("--format", options->format, "Output format for diagnostics")
      ->check(CLI::IsMember({"text", "json"}));
  command->add_flag("--split-input-file", options->splitInputFile,
                    "Check each `// -----` chunk on its own (line numbers stay those of the file)");
  command->add_flag("--show-hints", options->showHints,
                    "Also print hints (results never used) in text output; JSON always has them");
  command->add_flag("--no-allow-unregistered-dialect", options->noUnregisteredDialects,
                    "Report ops of dialects the op table does not know (accepted by default, unchecked)");
  command->add_flag("--verify-diagnostics", options->verifyDiagnostics,
                    "Check each `// -----` chunk's expected-error/warning/note annotations (as mlir-opt's "
                    "-verify-diagnostics; lines, not wording) and report missing and unexpected diagnostics");
  command->add_option("--explain", options->explain,
                      "Print what a diagnostic code means (title, category, spec section) and exit");
  command->add_option("--color", options->color, "Colour text output (auto: on a terminal, unless NO_COLOR is set)")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  command->callback([options, &exitCode] {
    if (!options->explain.empty()) {
      exitCode = explainCode(options->explain);
      return;
    }
    if (options->files.empty()) throw CLI::RequiredError("files");
    exitCode = runCheck(*options);
  });
}

}  // namespace shlo::cli

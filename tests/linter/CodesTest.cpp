// The code registry (semantic/diagnostics/Codes.h): every code the suite
// emits is registered. Checked two ways: by running the analysis and the
// linter over every shared file (conformance files, including the invalid
// ones, and the models), and by scanning the sources for code literals.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "linter/Advisories.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/diagnostics/Codes.h"
#include "semantic/verify/ConstraintCodes.h"
#include "semantic/verify/OpRegistry.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

std::string_view shortName(std::string_view name) {
  size_t dot = name.find('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

const std::set<std::string, std::less<>> &verifiedOps() {
  static const std::set<std::string, std::less<>> ops = [] {
    std::set<std::string, std::less<>> out;
    for (const auto &[name, def] : verify::OpRegistry::instance().all()) out.insert(std::string(shortName(name)));
    return out;
  }();
  return ops;
}

/// The `(C<n>)` and `(I<n>)` labels of each op's section of spec.md, read
/// from the spec itself: the generated tables (SpecTables.inc) leave out
/// constraints nested under "If the operation uses quantized tensors".
const std::map<std::string, std::set<std::string>, std::less<>> &specLabels() {
  static const std::map<std::string, std::set<std::string>, std::less<>> labels = [] {
    std::map<std::string, std::set<std::string>, std::less<>> out;
    std::ifstream in(test::sharedPath("spec/spec.md"));
    std::string line, op;
    bool inOps = false;
    static const std::regex label(R"(\(([CI][0-9]+)\))");
    while (std::getline(in, line)) {
      if (line.rfind("## ", 0) == 0) inOps = line == "## Ops";
      if (!inOps) continue;
      if (line.rfind("### ", 0) == 0) op = line.substr(4);
      if (op.empty()) continue;
      for (auto it = std::sregex_iterator(line.begin(), line.end(), label); it != std::sregex_iterator(); ++it) {
        out[op].insert((*it)[1]);
      }
    }
    return out;
  }();
  return labels;
}

/// Constraint codes found in spec.md but not in the generated spec tables.
std::set<std::string> &outsideTheTables() {
  static std::set<std::string> codes;
  return codes;
}

/// Empty when `code` is registered; else why not. A family code must also
/// name an op the verifier knows, and a constraint code of a spec op one of
/// that op's constraints in the spec tables.
std::string whyUnregistered(std::string_view code) {
  const CodeInfo *info = findCode(code);
  if (!info) return "no registry entry";
  if (!info->isFamily()) return "";
  std::string_view op = familyOp(*info, code);
  if (!verifiedOps().count(op)) return "`" + std::string(op) + "` is no op of the verifier";
  bool constraint = info->code == "<op>.C<n>" || info->code == "<op>.I<n>";
  if (constraint && ops::specOp("stablehlo." + std::string(op)) && !verify::specConstraintOf(code)) {
    auto section = specLabels().find(op);
    std::string_view label = code.substr(op.size() + 1);
    if (section == specLabels().end() || !section->second.count(std::string(label))) {
      return "the spec section of `" + std::string(op) + "` has no such constraint or input";
    }
    outsideTheTables().insert(std::string(code));
  }
  return "";
}

std::string readSource(const std::filesystem::path &path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

/// The string literal starting at `at` (a `"`), or nullopt.
std::optional<std::string> literalAt(std::string_view text, size_t at) {
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
  if (at >= text.size() || text[at] != '"') return std::nullopt;
  size_t end = text.find('"', at + 1);
  if (end == std::string_view::npos) return std::nullopt;
  return std::string(text.substr(at + 1, end - at - 1));
}

/// The offset of argument `index` of the call whose `(` is at `open`: just
/// after the comma before it (or the parenthesis), or npos.
size_t argumentAt(std::string_view text, size_t open, int index) {
  int depth = 0, argument = 0;
  bool inString = false;
  for (size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '(' || c == '{' || c == '[') {
      if (++depth == 1 && index == 0) return i + 1;
    } else if (c == ')' || c == '}' || c == ']') {
      if (--depth == 0) return std::string_view::npos;
    } else if (c == ',' && depth == 1 && ++argument == index) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

struct Found {
  std::string code;
  std::string where;
};

/// Functions of `text` with a parameter that carries a diagnostic code or a
/// verifier label (named `code`, `constraint`, `rankCode`, ...): name ->
/// index of that parameter. VerifyContext::error and the helpers that pass
/// a label on are found this way, so a new helper needs no list here.
std::map<std::string, int> codeParameters(std::string_view text) {
  static const std::regex parameter(
      R"((std::string_view|const char \*|std::string|const std::string &)\s*(\w*[Cc]ode|constraint)\b\s*[,)])");
  std::map<std::string, int> out;
  std::string buffer(text);
  for (auto it = std::sregex_iterator(buffer.begin(), buffer.end(), parameter); it != std::sregex_iterator(); ++it) {
    // Walk back to the parameter list's `(`, counting the commas before.
    int depth = 0, index = 0;
    size_t at = static_cast<size_t>(it->position());
    while (at > 0) {
      char c = text[--at];
      if (c == ')' || c == '>' || c == ']' || c == '}')
        ++depth;
      else if ((c == '(' || c == '<' || c == '[' || c == '{') && depth > 0)
        --depth;
      else if (c == '(' && depth == 0)
        break;
      else if (c == ',' && depth == 0)
        ++index;
    }
    size_t end = at;
    while (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_')) --at;
    if (at < end) out.emplace(std::string(text.substr(at, end - at)), index);
  }
  return out;
}

/// Code literals in the sources: `code = "..."`, `return "run...."`, and
/// the code argument of the helpers that build diagnostics. A verifier
/// label (`c.error(range, "C3", ...)`, `checkSameShapes(c, "shape")`) is
/// checked as `abs.<label>`: abs stands for any op.
std::vector<Found> codeLiterals(const std::filesystem::path &root) {
  const std::map<std::string, std::map<std::string, int>> fixedHelpers = {
      {"semantic/lower", {{"error", 1}}},
      {"linter", {{"advice", 3}}},
      {"cli", {{"diagnosticAt", 2}}},
      {"interpreter/session", {{"diagnosticAt", 2}}},
  };
  std::map<std::string, int> verifyHelpers;
  std::vector<std::pair<std::string, std::string>> sources;  // Relative path, text.
  for (const char *folder : {"semantic", "linter", "cli", "lsp", "interpreter", "ide"}) {
    if (!std::filesystem::is_directory(root / folder)) continue;
    for (const auto &entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      std::string ext = entry.path().extension();
      if (ext != ".cpp" && ext != ".h") continue;
      std::string relative = std::filesystem::relative(entry.path(), root).string();
      sources.emplace_back(relative, readSource(entry.path()));
      if (relative.rfind("semantic/verify/", 0) == 0 && relative.find("ConstraintCodes") == std::string::npos) {
        verifyHelpers.merge(codeParameters(sources.back().second));
      }
    }
  }
  std::vector<Found> out;
  for (const auto &source : sources) {
    // Not a structured binding: clang 14 cannot capture one.
    const std::string &relative = source.first;
    const std::string &text = source.second;
    auto add = [&](const std::string &code, size_t at, bool label) {
      size_t line = std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1;
      out.push_back({label ? "abs." + code : code, relative + ":" + std::to_string(line)});
    };
    for (const char *marker : {"code = ", "return \"run."}) {
      for (size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at + 1)) {
        size_t literal = std::string_view(marker).back() == ' ' ? at + std::string_view(marker).size() : at + 7;
        if (auto code = literalAt(text, literal)) add(*code, at, false);
      }
    }
    bool verifier = relative.rfind("semantic/verify/", 0) == 0;
    const std::map<std::string, int> *helpers = verifier ? &verifyHelpers : nullptr;
    for (const auto &[prefix, fixed] : fixedHelpers) {
      if (relative.rfind(prefix, 0) == 0) helpers = &fixed;
    }
    if (!helpers) continue;
    for (const auto &[name, index] : *helpers) {
      for (size_t at = text.find(name + "("); at != std::string::npos; at = text.find(name + "(", at + 1)) {
        if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_')) continue;
        size_t argument = argumentAt(text, at + name.size(), index);
        if (argument == std::string::npos) continue;
        if (auto code = literalAt(text, argument)) add(*code, at, verifier);
      }
    }
  }
  return out;
}

}  // namespace

TEST(Codes, EveryEntryIsDocumented) {
  std::set<std::string> seen;
  for (const CodeInfo &info : registeredCodes()) {
    EXPECT_TRUE(seen.insert(info.code).second) << "registered twice: " << info.code;
    EXPECT_FALSE(info.title.empty()) << info.code;
    EXPECT_FALSE(info.documentation.empty()) << info.code;
    if (!info.isFamily()) EXPECT_EQ(findCode(info.code), &info) << info.code;
    if (!info.specRef.empty()) EXPECT_EQ(info.specRef[0], '#') << info.code;
  }
  EXPECT_EQ(findCode("no.such.code"), nullptr);
  EXPECT_EQ(findCode("dot_general.C"), nullptr);
}

TEST(Codes, SpecConstraintCodesComeFromTheSpecTables) {
  std::vector<std::string> codes = verify::specConstraintCodes();
  ASSERT_GT(codes.size(), 300u);
  for (const std::string &code : codes) {
    const CodeInfo *info = findCode(code);
    ASSERT_NE(info, nullptr) << code;
    EXPECT_EQ(info->code, "<op>.C<n>") << code;
    std::optional<verify::SpecConstraintRef> ref = verify::specConstraintOf(code);
    ASSERT_TRUE(ref) << code;
    EXPECT_FALSE(ref->text.empty()) << code;
  }
  auto ref = verify::specConstraintOf("dot_general.C12");
  ASSERT_TRUE(ref);
  EXPECT_EQ(ref->op->name, "stablehlo.dot_general");
  EXPECT_FALSE(verify::specConstraintOf("dot_general.C99"));
  EXPECT_FALSE(verify::specConstraintOf("no_such_op.C1"));
  EXPECT_EQ(whyUnregistered("dot_general.C99"), "the spec section of `dot_general` has no such constraint or input");
  EXPECT_EQ(whyUnregistered("no_such_op.operands"), "`no_such_op` is no op of the verifier");
}

TEST(Codes, EveryCodeEmittedOnTheSharedFilesIsRegistered) {
  std::vector<std::string> files = test::sharedMlirFiles({"conformance", "models"});
  ASSERT_GT(files.size(), 1000u);
  syntax::Parser parser;
  std::map<std::string, size_t> emitted;
  std::map<std::string, std::string> unregistered;  // Code -> why and where, first seen.
  size_t diagnostics = 0;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    for (const analysis::Chunk &chunk : analysis::splitInput(text)) {
      analysis::Analysis result = analysis::analyze(parser, chunk.text);
      std::vector<Diagnostic> all = std::move(result.diagnostics);
      linter::collectAdvisories(*result.lowered.module, chunk.text, all);
      for (const Diagnostic &d : all) {
        ++diagnostics;
        if (emitted[d.code]++ > 0) continue;
        if (std::string why = whyUnregistered(d.code); !why.empty()) unregistered[d.code] = why + " (" + path + ")";
      }
    }
  }
  for (const auto &[code, why] : unregistered) ADD_FAILURE() << "emitted but not registered: " << code << ": " << why;
  // The spec tables hold nested constraints too (add C1-C7, dot_general
  // C13-C24, convolution C27-C34 were missing before issue 11).
  std::string gap;
  for (const std::string &code : outsideTheTables()) gap += " " + code;
  EXPECT_TRUE(gap.empty()) << "constraint codes in spec.md but not in the spec tables:" << gap;
  // The verify files break most ops' constraints; the models use deprecated ops.
  EXPECT_GT(emitted.size(), 200u);
  EXPECT_GT(emitted.count("deprecated.op"), 0u);
  std::cout << "[ codes    ] diagnostic codes emitted on the shared files: " << emitted.size() << " distinct, "
            << diagnostics << " diagnostics, " << unregistered.size() << " unregistered\n";
}

TEST(Codes, EveryCodeLiteralInTheSourcesIsRegistered) {
  std::vector<Found> found = codeLiterals(SHLO_SOURCE_DIR);
  // The scan must see the codes of each layer, or it has stopped working.
  std::set<std::string> codes;
  for (const Found &f : found) codes.insert(f.code);
  for (const char *expected :
       {"syntax.missing", "ssa.undefined-value", "type.unknown", "abs.operands", "abs.C1", "func.call.signature",
        "deprecated.op", "unused.result", "run.arguments", "run.check_failed"}) {
    EXPECT_TRUE(codes.count(expected)) << "the source scan no longer finds " << expected;
  }
  for (const Found &f : found) {
    std::string code = f.code;
    // A verifier label is checked for an op that has every family: abs.
    std::string why = code.rfind("abs.", 0) == 0 ? (findCode(code) ? "" : "no registry entry") : whyUnregistered(code);
    EXPECT_TRUE(why.empty()) << f.where << ": `" << code << "`: " << why;
  }
  std::cout << "[ codes    ] code literals in the sources: " << found.size() << " (" << codes.size()
            << " distinct), all registered\n";
}

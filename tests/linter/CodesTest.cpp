// The code registry (semantic/diagnostics/Codes.h): every code the suite
// emits is registered. Checked two ways: by running the analysis and the
// linter over every shared file (conformance files, including the invalid
// ones, and the models), and by scanning the sources for code literals.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
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
  if (constraint && verify::specOp("stablehlo." + std::string(op)) && !verify::specConstraintOf(code)) {
    return "the spec section of `" + std::string(op) + "` has no such constraint or input";
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
      if (c == '\\') ++i;
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') inString = true;
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

/// Code literals in the sources: `code = "..."`, `return "run...."`, and
/// the code argument of the helpers that build diagnostics. A verifier
/// label (`VerifyContext::error(range, "C3", ...)`) is checked as
/// `<op>.<label>` for an op of the verifier.
std::vector<Found> codeLiterals(const std::filesystem::path &root) {
  // Helper name -> index of its code argument, per folder.
  const std::map<std::string, std::vector<std::pair<std::string, int>>> calls = {
      {"semantic/lower", {{"error(", 1}}},
      {"semantic/verify", {{".error(", 1}, {"checkInferred(", 2}}},
      {"linter", {{"advice(", 3}}},
      {"cli", {{"diagnosticAt(", 2}}},
  };
  std::vector<Found> out;
  for (const char *folder : {"semantic", "linter", "cli", "lsp"}) {
    for (const auto &entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      std::string ext = entry.path().extension();
      if (ext != ".cpp" && ext != ".h") continue;
      std::string relative = std::filesystem::relative(entry.path(), root).string();
      std::string text = readSource(entry.path());
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
      for (const auto &[prefix, helpers] : calls) {
        if (relative.rfind(prefix, 0) != 0) continue;
        for (const auto &[name, index] : helpers) {
          for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
            if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_') &&
                name[0] != '.') {
              continue;
            }
            size_t argument = argumentAt(text, at + name.size() - 1, index);
            if (argument == std::string::npos) continue;
            if (auto code = literalAt(text, argument)) add(*code, at, prefix == "semantic/verify");
          }
        }
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
  EXPECT_GT(emitted.count("deprecated.op"), 0u);
  EXPECT_GT(emitted.count("syntax.unexpected") + emitted.count("syntax.missing"), 0u);
  std::cout << "[ codes    ] diagnostic codes emitted on the shared files: " << emitted.size() << " distinct, "
            << diagnostics << " diagnostics, " << unregistered.size() << " unregistered\n";
}

TEST(Codes, EveryCodeLiteralInTheSourcesIsRegistered) {
  std::vector<Found> found = codeLiterals(SHLO_SOURCE_DIR);
  // The scan must see the codes of each layer, or it has stopped working.
  std::set<std::string> codes;
  for (const Found &f : found) codes.insert(f.code);
  for (const char *expected : {"syntax.missing", "ssa.undefined-value", "type.unknown", "abs.operands", "abs.C1",
                               "func.call.signature", "deprecated.op", "unused.result", "run.arguments",
                               "run.check_failed"}) {
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

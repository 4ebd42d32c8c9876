// The tree is right, not just error-free: every `%x = op ...` statement in the
// shared files becomes one `operation` node that owns its results and name,
// and the operation count equals a plain textual count of op names.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>
#include <cctype>
#include <sstream>

#include "semantic/syntax/SyntaxTree.h"
#include "semantic/syntax/TreePrinter.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

/// A statement found by a regular expression on one line: optional results
/// (`%a, %b:2 =`) then an op name at the start of the line.
struct TextStatement {
  uint32_t row, column;
  std::vector<std::string> results;
  std::string name;
};

bool isIdChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// Finds op names by scanning the text, not the tree: a quoted name followed
/// by `(` (generic form), or a dotted lowercase identifier, `return`, `call`
/// or `module`, standing after a space, `{`, `=` or at the start of a line,
/// outside strings and comments. Excluded: attribute keys (followed by `=`,
/// `,` or `}`) and reduce's `applies <op>`. Results are the `%a, %b:2 =`
/// before the name in the same statement. (Hand-written: std::regex recurses
/// per character and overflows the stack on the long hex constants.)
std::vector<TextStatement> textStatements(const std::string &text) {
  std::vector<TextStatement> out;
  std::istringstream lines(text);
  std::string line;
  for (uint32_t row = 0; std::getline(lines, line); ++row) {
    size_t statementStart = line.find_first_not_of(" \t");
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') break;  // Comment.
      if (c == '{') statementStart = i + 1;
      char before = i == 0 ? ' ' : line[i - 1];
      bool canStart = before == ' ' || before == '\t' || before == '{' || before == '=';
      size_t end = i;
      bool quoted = c == '"';
      if (quoted) {
        end = i + 1;
        while (end < line.size() && line[end] != '"') end += line[end] == '\\' ? 2 : 1;
        if (end >= line.size()) break;
        ++end;
        size_t paren = line.find_first_not_of(" \t", end);
        bool generic = canStart && paren != std::string::npos && line[paren] == '(' && line.find('.', i) < end;
        if (!generic) {
          i = end - 1;  // Skip the string.
          continue;
        }
      } else {
        if (!canStart || !(std::islower(static_cast<unsigned char>(c)) || c == '_')) continue;
        while (end < line.size() && isIdChar(line[end])) ++end;
      }
      std::string name = line.substr(i, end - i);
      bool opLike = quoted || name.find('.') != std::string::npos || name == "return" || name == "call" ||
                    name == "module";
      size_t next = line.find_first_not_of(" \t", end);
      char following = next == std::string::npos ? '\n' : line[next];
      bool followOk = end >= line.size() || line[end] == ' ' || line[end] == '\t' || line[end] == '(' || line[end] == '<' ||
                      line[end] == '{';
      // `{a.b = 1}`, `{a.b, c}`, `{a.b}` name attributes; `{ func.return }` is an op.
      bool attributeKey = following == '=' || (end < line.size() && (line[end] == ',' || line[end] == '}'));
      bool applied = i >= 8 && line.compare(i - 8, 8, "applies ") == 0;
      if (opLike && followOk && !attributeKey && !applied) {
        TextStatement st{row, static_cast<uint32_t>(i), {}, name};
        // Results: `%a, %b:2 =` between the statement start and the name.
        std::string head = line.substr(statementStart == std::string::npos ? i : statementStart,
                                       i - std::min(i, statementStart));
        if (head.find('=') != std::string::npos) {
          for (size_t k = 0; k < head.size(); ++k) {
            if (head[k] != '%') continue;
            size_t e = k + 1;
            while (e < head.size() && isIdChar(head[e])) ++e;
            st.results.push_back(head.substr(k, e - k));
            k = e;
          }
        }
        out.push_back(std::move(st));
      }
      i = end > i ? end - 1 : i;
    }
  }
  return out;
}

}  // namespace

TEST(TreeShape, EveryStatementIsOneOperationOwningItsResults) {
  std::vector<std::string> files = test::sharedMlirFiles({"conformance", "models"});
  ASSERT_GT(files.size(), 1000u);
  syntax::Parser parser;
  size_t statements = 0, withResults = 0, operations = 0, mismatchedFiles = 0;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    syntax::SyntaxTree tree = parser.parse(text);
    std::map<std::pair<uint32_t, uint32_t>, syntax::Node> byStart;
    size_t fileOperations = 0;
    syntax::forEachOperation(tree, [&](syntax::Node op) {
      syntax::Point start = syntax::fieldOf(op, "name").startPoint();
      byStart[{start.row, start.column}] = op;
      ++fileOperations;
    });
    std::vector<TextStatement> found = textStatements(text);
    statements += found.size();
    operations += fileOperations;
    if (found.size() != fileOperations) {
      ++mismatchedFiles;
      std::set<std::pair<uint32_t, uint32_t>> textual;
      for (const TextStatement &s : found) textual.insert({s.row, s.column});
      std::string unmatched;
      for (const auto &[at, op] : byStart) {
        if (!textual.count(at) && unmatched.size() < 400) {
          unmatched += "\n  line " + std::to_string(at.first + 1) + ": " +
                       std::string(syntax::textOf(syntax::fieldOf(op, "name"), text));
        }
      }
      ADD_FAILURE() << path << ": " << found.size() << " op names in the text but " << fileOperations
                    << " operation nodes; operation nodes the text scan did not find:" << unmatched;
    }
    for (const TextStatement &s : found) {
      auto it = byStart.find({s.row, s.column});
      if (it == byStart.end()) {
        ADD_FAILURE() << path << ":" << s.row + 1 << ": no operation node starts at `" << s.name << "`";
        continue;
      }
      syntax::Node op = it->second;
      EXPECT_EQ(syntax::textOf(syntax::fieldOf(op, "name"), text), s.name) << path << ":" << s.row + 1;
      syntax::Node resultList = syntax::fieldOf(op, "results");
      std::vector<std::string> owned;
      // The list holds each result's `name` (and `count`, for `%r:2`).
      for (syntax::Node result : resultList.fieldChildren("name")) owned.emplace_back(syntax::textOf(result, text));
      EXPECT_EQ(owned, s.results) << path << ":" << s.row + 1;
      if (!s.results.empty()) ++withResults;
    }
  }
  std::cout << "[ figures  ] " << files.size() << " files: " << statements << " statements (" << withResults
            << " with results) matched against " << operations << " operation nodes; " << mismatchedFiles
            << " files with count mismatches\n";
}

// StableHLO's printer tests (../shared/conformance/print/*.mlir): each
// `// CHECK:` line gives text stablehlo-opt prints. The formatter's output
// of the file (comments, CHECK lines included, are kept; the ops follow)
// must contain a line matching each one, FileCheck-style: `{{re}}` is a
// regular expression, `[[V:re]]` defines and `[[V]]` uses a variable (any
// value name here), runs of blanks match runs of blanks. SSA value names
// match any value name: shlo fmt keeps names as written where stablehlo-opt
// renames them (`%cst` -> `%c`), which is the point of it. CHECK-LABEL
// lines scope the lines after them to their function, as in FileCheck.
// CHECK-NOT lines are not counted. Reports the share and lists the lines not matched.
#include <gtest/gtest.h>

#include <cctype>
#include <iostream>
#include <regex>
#include <sstream>

#include "formatter/Formatter.h"
#include "tests/support/SharedFiles.h"

namespace shlo {
namespace {

std::string escape(const std::string &text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '%' && i + 1 < text.size() && (std::isalnum(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '_')) {
      // A value name: any value name (a `#N` result index kept).
      size_t end = i + 1;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_' ||
                                   text[end] == '$' || text[end] == '.')) {
        ++end;
      }
      out += "%[\\w$.]+";
      i = end - 1;
      continue;
    }
    if (c == ' ' || c == '\t') {
      if (out.size() < 2 || out.substr(out.size() - 2) != " +") out += " +";
      continue;
    }
    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

/// FileCheck's pattern syntax as an ECMAScript regex.
std::string toRegex(const std::string &pattern) {
  std::string out;
  size_t at = 0;
  while (at < pattern.size()) {
    size_t re = pattern.find("{{", at), var = pattern.find("[[", at);
    size_t next = std::min(re, var);
    out += escape(pattern.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) break;
    if (next == re) {
      size_t end = pattern.find("}}", re + 2);
      if (end == std::string::npos) return "";
      out += "(?:" + pattern.substr(re + 2, end - re - 2) + ")";
      at = end + 2;
    } else {
      size_t end = pattern.find("]]", var + 2);
      if (end == std::string::npos) return "";
      std::string body = pattern.substr(var + 2, end - var - 2);
      size_t colon = body.find(':');
      out += colon == std::string::npos ? "[%^@]?[-\\w#.$]+" : "(?:" + body.substr(colon + 1) + ")";
      at = end + 2;
    }
  }
  return out;
}

TEST(PrintChecks, FormattedOutputHasTheCheckedLines) {
  std::vector<std::string> files = test::sharedMlirFiles({"conformance/print"});
  ASSERT_FALSE(files.empty());
  size_t checks = 0, matched = 0;
  std::vector<std::string> missed;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    formatter::FormatResult result = formatter::formatDocument(text);
    ASSERT_TRUE(result.ok) << path << ": " << result.error;
    // Output lines without the comments themselves (a CHECK line must not
    // match itself).
    std::vector<std::string> lines;
    std::istringstream out(result.text);
    for (std::string line; std::getline(out, line);) {
      size_t first = line.find_first_not_of(' ');
      if (first != std::string::npos && line.compare(first, 2, "//") != 0) lines.push_back(line);
    }
    // The CHECK lines in order; a CHECK-LABEL opens a section of the
    // output (from its match to the next label's), where the lines after
    // it must match, as FileCheck scopes them.
    struct Check {
      bool label;
      std::string pattern;
    };
    std::vector<Check> fileChecks;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      static const std::regex check(R"(//\s*CHECK(-NEXT|-SAME|-LABEL|-DAG)?:\s?(.*)$)");
      std::smatch m;
      if (!std::regex_search(line, m, check)) continue;
      std::string pattern = m[2].str();
      while (!pattern.empty() && pattern.back() == ' ') pattern.pop_back();
      size_t lead = pattern.find_first_not_of(' ');
      pattern = lead == std::string::npos ? "" : pattern.substr(lead);
      if (pattern.empty()) continue;
      fileChecks.push_back({m[1].str() == "-LABEL", pattern});
    }
    /// The first line in [from, to) matching `pattern`, or `to`.
    auto find = [&](const std::string &pattern, size_t from, size_t to) {
      try {
        std::regex r(toRegex(pattern));
        for (size_t i = from; i < to; ++i) {
          // std::regex recurses per character: long lines (hex constants)
          // would overflow the stack, and no CHECK line is that long.
          if (lines[i].size() > 2000) continue;
          if (std::regex_search(lines[i], r)) return i;
        }
      } catch (const std::regex_error &) {
      }
      return to;
    };
    size_t sectionBegin = 0, sectionEnd = lines.size();
    for (size_t c = 0; c < fileChecks.size(); ++c) {
      const Check &check = fileChecks[c];
      ++checks;
      bool found = false;
      if (check.label) {
        size_t at = find(check.pattern, sectionBegin, lines.size());
        found = at < lines.size();
        if (found) {
          sectionBegin = at;
          sectionEnd = lines.size();
          for (size_t next = c + 1; next < fileChecks.size(); ++next) {
            if (!fileChecks[next].label) continue;
            sectionEnd = find(fileChecks[next].pattern, at + 1, lines.size());
            break;
          }
        }
      } else {
        found = find(check.pattern, sectionBegin, sectionEnd) < sectionEnd;
      }
      if (found) {
        ++matched;
      } else {
        missed.push_back(path.substr(path.rfind('/') + 1) + ": " + check.pattern);
      }
    }
  }
  double share = 100.0 * static_cast<double>(matched) / static_cast<double>(checks);
  std::cout << matched << " of " << checks << " CHECK lines of conformance/print matched (" << share << "%)\n";
  for (const std::string &m : missed) std::cout << "  not matched: " << m << "\n";
  EXPECT_GT(checks, 100u);
  // The floor this runner has reached; raise it as the printer grows.
  EXPECT_GE(share, SHLO_PRINT_CHECK_FLOOR);
}

}  // namespace
}  // namespace shlo

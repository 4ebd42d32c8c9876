#include "linter/Suppressions.h"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "linter/RuleRegistry.h"

namespace shlo::linter {

namespace {

constexpr std::string_view kMarker = "shlo-lint:";

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

Diagnostic problem(syntax::TextRange range, std::string code, std::string message) {
  Diagnostic d;
  d.range = range;
  d.severity = Severity::Warning;
  d.code = std::move(code);
  d.message = std::move(message);
  return d;
}

}  // namespace

Suppressions Suppressions::parse(std::string_view text, std::vector<Diagnostic> &problems) {
  Suppressions out;
  // Only lines holding the marker matter: finding it is a memchr-speed scan,
  // where splitting a file of tens of MB into lines is not.
  for (size_t found = text.find(kMarker); found != std::string_view::npos; found = text.find(kMarker, found + 1)) {
    size_t lineBegin = text.rfind('\n', found);
    lineBegin = lineBegin == std::string_view::npos ? 0 : lineBegin + 1;
    size_t newline = text.find('\n', found);
    size_t lineEnd = newline == std::string_view::npos ? text.size() : newline;
    std::string_view lineText = text.substr(lineBegin, lineEnd - lineBegin);
    while (!lineText.empty() && (lineText.back() == '\n' || lineText.back() == '\r')) lineText.remove_suffix(1);
    uint32_t begin = static_cast<uint32_t>(lineBegin);
    uint32_t end = begin + static_cast<uint32_t>(lineText.size());
    // The directive of a line is the first marker after its first `//`.
    size_t comment = lineText.find("//");
    size_t marker = comment == std::string_view::npos ? std::string_view::npos : lineText.find(kMarker, comment);
    if (marker == std::string_view::npos || lineBegin + marker != found) continue;
    found = lineEnd;  // One directive per line.
    uint32_t at = begin + static_cast<uint32_t>(marker);
    std::string_view directive = trim(lineText.substr(marker + kMarker.size()));
    std::string_view codes;
    if (size_t eq = directive.find('='); eq != std::string_view::npos) {
      codes = trim(directive.substr(eq + 1));
      directive = trim(directive.substr(0, eq));
    }
    // Lines are named by the offset where they begin; the line after the
    // last one begins past the end of the text, where no finding is.
    int64_t target;
    if (directive == "disable-next-line") {
      target = newline == std::string_view::npos ? static_cast<int64_t>(text.size()) + 1 : static_cast<int64_t>(newline) + 1;
    } else if (directive == "disable-line") {
      target = begin;
    } else if (directive == "disable-file") {
      target = -1;
    } else {
      problems.push_back(problem({at, end}, "lint.bad-suppression",
                                 "unknown suppression `" + std::string(directive) +
                                     "` (disable-next-line, disable-line or disable-file)"));
      continue;
    }
    std::set<std::string, std::less<>> &set = out.lines_[target];
    bool all = codes.empty();
    while (!codes.empty()) {
      size_t comma = codes.find(',');
      std::string_view code = trim(codes.substr(0, comma));
      codes = comma == std::string_view::npos ? std::string_view() : codes.substr(comma + 1);
      if (code.empty()) continue;
      const Rule *rule = findRule(code);
      if (!rule) {
        problems.push_back(problem({at, end}, "lint.unknown-code",
                                   "suppression names `" + std::string(code) + "`, which is no lint rule"));
        continue;
      }
      set.insert(std::string(rule->info.code));
    }
    // An empty set silences everything: only when no code was written.
    if (!all && set.empty()) out.lines_.erase(target);
    if (target >= 0 && static_cast<size_t>(target) <= text.size()) {
      size_t targetEnd = text.find('\n', static_cast<size_t>(target));
      out.lineEnds_[target] = targetEnd == std::string_view::npos ? UINT32_MAX : static_cast<uint32_t>(targetEnd + 1);
    }
  }
  return out;
}

bool Suppressions::suppressed(std::string_view code, uint32_t offset) const {
  auto covers = [&](int64_t line) {
    auto it = lines_.find(line);
    return it != lines_.end() && (it->second.empty() || it->second.count(code));
  };
  if (covers(-1)) return true;
  // The line holding `offset`: the last directive's line beginning at or
  // before it, if the offset is before that line's end.
  auto after = lineEnds_.upper_bound(offset);
  if (after == lineEnds_.begin()) return false;
  auto line = std::prev(after);
  return line->first >= 0 && offset < line->second && covers(line->first);
}

}  // namespace shlo::linter

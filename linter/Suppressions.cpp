#include "linter/Suppressions.h"

#include <algorithm>

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
  out.lineStarts_.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') out.lineStarts_.push_back(i + 1);
  }
  for (size_t line = 0; line < out.lineStarts_.size(); ++line) {
    uint32_t begin = out.lineStarts_[line];
    uint32_t end = line + 1 < out.lineStarts_.size() ? out.lineStarts_[line + 1] : static_cast<uint32_t>(text.size());
    std::string_view lineText = text.substr(begin, end - begin);
    while (!lineText.empty() && (lineText.back() == '\n' || lineText.back() == '\r')) lineText.remove_suffix(1);
    end = begin + static_cast<uint32_t>(lineText.size());
    size_t comment = lineText.find("//");
    if (comment == std::string_view::npos) continue;
    size_t marker = lineText.find(kMarker, comment);
    if (marker == std::string_view::npos) continue;
    uint32_t at = begin + static_cast<uint32_t>(marker);
    std::string_view directive = trim(lineText.substr(marker + kMarker.size()));
    std::string_view codes;
    if (size_t eq = directive.find('='); eq != std::string_view::npos) {
      codes = trim(directive.substr(eq + 1));
      directive = trim(directive.substr(0, eq));
    }
    int64_t target;
    if (directive == "disable-next-line") {
      target = static_cast<int64_t>(line) + 1;
    } else if (directive == "disable-line") {
      target = static_cast<int64_t>(line);
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
  }
  return out;
}

bool Suppressions::suppressed(std::string_view code, uint32_t offset) const {
  auto covers = [&](int64_t line) {
    auto it = lines_.find(line);
    return it != lines_.end() && (it->second.empty() || it->second.count(code));
  };
  if (covers(-1)) return true;
  if (lineStarts_.empty()) return false;
  int64_t line = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset) - lineStarts_.begin() - 1;
  return covers(line);
}

}  // namespace shlo::linter

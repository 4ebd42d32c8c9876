#include "formatter/UnifiedDiff.h"

#include <dtl/dtl.hpp>

#include <vector>

namespace shlo::formatter {

namespace {

/// Lines with their line breaks, so a missing final break is a difference.
std::vector<std::string> lines(std::string_view text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    out.emplace_back(text.substr(at, end - at));
    at = end;
  }
  return out;
}

void appendLine(std::string &out, char mark, const std::string &line) {
  out += mark;
  out += line;
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

/// `start,count` as GNU diff writes it: `start` alone for one line; with
/// three lines of context a side has no lines only when its file is empty,
/// written `0,0` (dtl counts it from 1).
std::string range(long long start, long long count) {
  if (count == 0) return "0,0";
  if (count == 1) return std::to_string(start);
  return std::to_string(start) + "," + std::to_string(count);
}

}  // namespace

std::string unifiedDiff(std::string_view before, std::string_view after, std::string_view fromName,
                        std::string_view toName) {
  if (before == after) return {};
  std::vector<std::string> a = lines(before), b = lines(after);
  dtl::Diff<std::string> diff(a, b);
  diff.compose();
  diff.composeUnifiedHunks();
  std::string out;
  out += "--- ";
  out += fromName;
  out += "\n+++ ";
  out += toName;
  out += "\n";
  for (const auto &hunk : diff.getUniHunks()) {
    out += "@@ -" + range(hunk.a, hunk.b) + " +" + range(hunk.c, hunk.d) + " @@\n";
    for (const auto &element : hunk.common[0]) appendLine(out, ' ', element.first);
    for (const auto &element : hunk.change) {
      char mark = element.second.type == dtl::SES_ADD ? '+' : element.second.type == dtl::SES_DELETE ? '-' : ' ';
      appendLine(out, mark, element.first);
    }
    for (const auto &element : hunk.common[1]) appendLine(out, ' ', element.first);
  }
  return out;
}

}  // namespace shlo::formatter

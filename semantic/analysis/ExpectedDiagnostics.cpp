#include "semantic/analysis/ExpectedDiagnostics.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>

namespace shlo::analysis {

std::vector<Expectation> parseExpectations(const syntax::SourceFile &file) {
  std::vector<Expectation> out;
  static constexpr std::pair<std::string_view, Severity> kKinds[] = {
      {"expected-error", Severity::Error}, {"expected-warning", Severity::Warning}, {"expected-note", Severity::Note}};
  for (uint32_t line = 0; line < file.lineCount(); ++line) {
    std::string_view text = file.lineText(line);
    for (const auto &[keyword, severity] : kKinds) {
      size_t at = text.find(keyword);
      if (at == std::string_view::npos) continue;
      Expectation e;
      e.severity = severity;
      e.annotationLine = line;
      std::string_view rest = text.substr(at + keyword.size());
      if (rest.rfind("-re", 0) == 0) {
        e.regex = true;
        rest.remove_prefix(3);
      }
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);  // `expected-error @+1`
      int64_t target = line;
      if (!rest.empty() && rest.front() == '@') {
        rest.remove_prefix(1);
        if (rest.rfind("above", 0) == 0) {
          target = static_cast<int64_t>(line) - 1;
        } else if (rest.rfind("below", 0) == 0) {
          target = static_cast<int64_t>(line) + 1;
        } else {
          target = static_cast<int64_t>(line) + std::atoll(std::string(rest.substr(0, rest.find_first_of(" {"))).c_str());
        }
      }
      e.line = static_cast<uint32_t>(std::clamp<int64_t>(target, 0, file.lineCount() ? file.lineCount() - 1 : 0));
      size_t open = text.find("{{", at), close = text.rfind("}}");
      if (open != std::string_view::npos && close != std::string_view::npos && close > open) {
        e.text = std::string(text.substr(open + 2, close - open - 2));
      }
      out.push_back(std::move(e));
      break;
    }
  }
  return out;
}

ExpectationReport checkExpectations(const syntax::SourceFile &file, const std::vector<Diagnostic> &diagnostics) {
  auto lineOf = [&](uint32_t offset) { return file.position(offset, syntax::PositionEncoding::UTF8).line; };
  std::vector<Expectation> expected = parseExpectations(file);
  std::vector<bool> used(diagnostics.size(), false);
  ExpectationReport report;
  for (const Expectation &e : expected) {
    bool hit = false;
    for (size_t i = 0; i < diagnostics.size(); ++i) {
      const Diagnostic &d = diagnostics[i];
      if (e.severity == Severity::Note) {
        for (const RelatedInformation &r : d.related) hit |= lineOf(r.range.begin) == e.line;
        hit |= d.severity == Severity::Note && lineOf(d.range.begin) == e.line;
      } else if (d.severity == e.severity) {
        bool here = lineOf(d.range.begin) == e.line ||
                    (d.opRange && lineOf(d.opRange->begin) <= e.line && e.line <= lineOf(d.opRange->end));
        if (here) used[i] = true;
        hit |= here;
      }
    }
    (hit ? report.met : report.missing).push_back(e);
  }
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    const Diagnostic &d = diagnostics[i];
    if (!used[i] && (d.severity == Severity::Error || d.severity == Severity::Warning)) report.unexpected.push_back(d);
  }
  return report;
}

}  // namespace shlo::analysis

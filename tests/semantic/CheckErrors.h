// Test helpers for checking tests: the errors `shlo check` would report for
// a text, and a one-line-per-diagnostic dump for failure messages.
#pragma once

#include <string>
#include <vector>

#include "semantic/analysis/Analysis.h"

namespace shlo::test {

/// The error-severity diagnostics of analysing `text` (parse, lower, verify).
inline std::vector<Diagnostic> errorsOf(const std::string &text) {
  syntax::Parser parser;
  analysis::Analysis result = analysis::analyze(parser, text);
  std::vector<Diagnostic> errors;
  for (Diagnostic &d : result.diagnostics) {
    if (d.severity == Severity::Error) errors.push_back(std::move(d));
  }
  return errors;
}

/// `code: message`, one line each.
inline std::string dump(const std::vector<Diagnostic> &diagnostics) {
  std::string out;
  for (const Diagnostic &d : diagnostics) out += d.code + ": " + d.message + "\n";
  return out;
}

}  // namespace shlo::test

// mlir-opt's -verify-diagnostics for one `// -----` chunk: the
// `expected-error`/`expected-warning`/`expected-note` annotations of the
// text against the diagnostics an analysis found.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::analysis {

/// One annotation: `// expected-error@+1 {{text}}` (also `@-N`, `@above`,
/// `@below`, none for its own line, and `-re` with `{{regex}}` parts).
struct Expectation {
  Severity severity = Severity::Error;
  uint32_t line = 0;            // 0-based line the diagnostic is expected on.
  uint32_t annotationLine = 0;  // 0-based line of the annotation itself.
  std::string text;             // Between `{{` and `}}`, as written.
  bool regex = false;           // `expected-error-re`.
};

/// The annotations of `file`, in line order.
std::vector<Expectation> parseExpectations(const syntax::SourceFile &file);

struct ExpectationReport {
  std::vector<Expectation> met;
  std::vector<Expectation> missing;
  /// Errors and warnings no annotation expects.
  std::vector<Diagnostic> unexpected;
};

/// Matches `diagnostics` of `file` against its annotations. A diagnostic
/// meets an annotation of its severity when it starts on the annotated
/// line or belongs to an op whose range covers it (StableHLO reports at the
/// op, shlo at the culprit); an expected note is met by a related note on
/// that line. Messages are not compared: shlo words its own (the
/// annotation's text is kept for the report).
ExpectationReport checkExpectations(const syntax::SourceFile &file, const std::vector<Diagnostic> &diagnostics);

}  // namespace shlo::analysis

// The linter's findings for an analysed file, as the editor shows them
// beside the verifier's: the language server publishes them (push and pull
// diagnostics) and turns their fixes into code actions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ide/AnalyzedFile.h"

namespace shlo::ide {

/// The linter's findings (linter::lintModule with `file.lintOptions`), each
/// with its rule code (`SHLO301`), severity, tags and fixes, whose edits are
/// byte ranges of `file`'s text. A text of `// -----` chunks is linted chunk
/// by chunk. Sorted by position. Computed on the first call and kept with
/// the file: the reference lives as long as `file`.
const std::vector<Diagnostic> &lintDiagnostics(const AnalyzedFile &file);

/// True for a lint rule's code (`SHLO` and digits), whose documentation is
/// `docs/rules/<code>.md`.
bool isLintCode(std::string_view code);

}  // namespace shlo::ide

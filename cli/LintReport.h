// `shlo lint`'s machine formats: SARIF 2.1.0 (for GitHub code scanning and
// other SARIF viewers) and GitHub Actions workflow commands (annotations).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::cli {

/// One linted file and what is reported for it.
struct LintedFile {
  const syntax::SourceFile *file = nullptr;
  const std::vector<Diagnostic> *diagnostics = nullptr;
};

/// A SARIF 2.1.0 log with one run: the tool's rules (every lint rule, with
/// its help, then any other code reported: a verifier error of a file that
/// fails the check), results with 1-based regions in UTF-16 code units
/// (`columnKind`), and fixes as replacements of regions of the artifact.
nlohmann::json sarifLog(const std::vector<LintedFile> &files, const std::string &version);

/// One workflow command per diagnostic:
/// `::warning file=F,line=L,col=C,endLine=L2,endColumn=C2,title=CODE::message`
/// (`error`, `warning` or `notice`), with GitHub's escaping: `%`, CR and LF
/// in the message; those and `:`, `,` in property values.
std::string githubAnnotations(const std::vector<LintedFile> &files);

/// The escapes of workflow commands (exposed for tests).
std::string escapeGithubData(std::string_view text);
std::string escapeGithubProperty(std::string_view text);

}  // namespace shlo::cli

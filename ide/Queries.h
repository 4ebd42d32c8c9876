// The grammar's tree-sitter queries (grammar/queries/*.scm), compiled into
// the binary at build time and parsed once per process. A TSQuery is
// immutable once built, so every worker shares it (each with its own cursor).
#pragma once

#include <tree_sitter/api.h>

namespace shlo::ide {

/// highlights.scm: how to classify tokens (semantic tokens).
const TSQuery &highlightsQuery();
/// folds.scm: which nodes fold (folding ranges).
const TSQuery &foldsQuery();

}  // namespace shlo::ide

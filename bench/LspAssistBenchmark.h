// The completion, inlay-hint and semantic-token figures of bench_lsp.
#pragma once

#include <string>

#include "tests/lsp/LspClient.h"

namespace shlo::lsp::bench {

using test::json;

/// Times completion (values, op names, types), inlay hints of 60-line
/// ranges and semantic tokens on the open document `uri` holding `text`;
/// prints p50/p95. False (after a message) when a request fails.
bool benchAssist(test::LspClient &client, const std::string &uri, const std::string &text);

}  // namespace shlo::lsp::bench

// `file:` URIs, as LSP names documents and workspace folders (RFC 3986, as
// VS Code writes them: percent-encoded, `file:///abs/path`).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace shlo::lsp {

/// The absolute path of a `file:` URI, percent-decoded; nullopt for other
/// schemes, a host other than empty or `localhost`, or a bad escape.
std::optional<std::string> pathFromFileUri(std::string_view uri);

/// The `file:` URI of absolute path `path`, percent-encoding all but the
/// unreserved characters and `/`.
std::string fileUriFromPath(std::string_view path);

}  // namespace shlo::lsp

// Helpers of the tests that need files on disk (workspace folders, the
// files `loc(...)` names) or an initialize with chosen capabilities.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/lsp/TestDocument.h"

namespace shlo::lsp::test {

/// A fresh folder under the temporary directory, removed at the end.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string pattern = (std::filesystem::temp_directory_path() / "shlo-lsp-XXXXXX").string();
    path_ = mkdtemp(pattern.data()) ? std::filesystem::path(pattern) : std::filesystem::path();
  }
  ~ScratchFolder() {
    std::error_code error;
    if (!path_.empty()) std::filesystem::remove_all(path_, error);
  }
  const std::filesystem::path &path() const { return path_; }
  /// Writes `text` to `relative` (creating folders) and returns its path.
  std::filesystem::path write(const std::string &relative, const std::string &text) const {
    std::filesystem::path file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }

 private:
  std::filesystem::path path_;
};

/// `file://` + path (the test paths need no escaping).
inline std::string fileUri(const std::filesystem::path &path) { return "file://" + path.string(); }

/// initialize with `params` (capabilities, workspaceFolders, ...), then
/// initialized; returns the result.
inline json initializeWith(LspClient &client, json params) {
  if (!params.contains("capabilities")) params["capabilities"] = json::object();
  params["processId"] = nullptr;
  json result = resultOf(client.call("initialize", params));
  client.notify("initialized", json::object());
  return result;
}

inline void openText(LspClient &client, const std::string &uri, const std::string &text, int version = 1) {
  client.notify("textDocument/didOpen",
                {{"textDocument", {{"uri", uri}, {"languageId", "mlir"}, {"version", version}, {"text", text}}}});
}

/// The next publishDiagnostics for `uri`.
inline std::optional<json> diagnosticsFor(LspClient &client, const std::string &uri) {
  return client.waitForNotification("textDocument/publishDiagnostics",
                                    [&uri](const json &params) { return params.value("uri", "") == uri; });
}

inline json at(const std::string &uri, int line, int character) {
  return {{"textDocument", {{"uri", uri}}}, {"position", position(line, character)}};
}

}  // namespace shlo::lsp::test

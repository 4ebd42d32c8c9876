// The workspace folders the client opened (LSP's workspaceFolders, with
// didChangeWorkspaceFolders), what they are used for: resolving the files
// that `loc("file.py":L:C)` locations name, and finding the functions of
// files on disk for workspace/symbol.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lsp/Protocol.h"

namespace shlo::lsp {

class Workspace {
 public:
  /// Bounds of the disk index, so a huge folder never stalls a request.
  struct Limits {
    size_t maxFiles = 500;             // `.mlir` files indexed, in all folders.
    size_t maxEntries = 20000;         // Directory entries visited, in all folders.
    uintmax_t maxFileBytes = 32 << 20;  // Larger files are skipped.
    uintmax_t maxTotalBytes = 64 << 20; // Files past this sum are skipped.
  };

  /// Takes the folders of `initialize`: `workspaceFolders`, else `rootUri`,
  /// else `rootPath`. URIs that are not `file:` URIs are ignored.
  void initialize(const json &params);
  /// Applies a `workspace/didChangeWorkspaceFolders` event
  /// (`{added: [WorkspaceFolder], removed: [WorkspaceFolder]}`); throws
  /// LspError(InvalidParams) when it is malformed.
  void change(const json &event);
  /// The folders' absolute paths, in the order the client gave them.
  std::vector<std::string> folders() const;

  /// The file a location names: `file` itself when absolute, else the first
  /// of `<folder>/file` for each folder, then `<document's directory>/file`,
  /// that exists. nullopt when none does.
  std::optional<std::string> resolve(const std::string &file, const std::string &documentUri) const;

  /// Appends to `out` (up to `limit` entries in all) the workspace/symbol
  /// SymbolInformation of the functions, matching `query`, of the `.mlir`
  /// files under the folders whose URI is not in `skipUris` (the open
  /// documents, which the caller lists from their current text). Files are
  /// parsed once and cached until their size or modification time changes.
  /// `progress(done, total)` is called as the files are indexed.
  void diskSymbols(const std::string &query, syntax::PositionEncoding encoding, size_t limit,
                   const std::set<std::string> &skipUris, json &out,
                   const std::function<void(size_t done, size_t total)> &progress = {});

  void setLimits(Limits limits) { limits_ = limits; }

 private:
  struct IndexedFile {
    std::filesystem::file_time_type modified;
    uintmax_t size = 0;
    json symbols;  // SymbolInformation[] of every function.
  };
  /// The `.mlir` files under the folders, within the limits.
  std::vector<std::filesystem::path> listFiles(const std::vector<std::string> &folders) const;

  mutable std::mutex foldersMutex_;
  std::vector<std::string> folders_;
  Limits limits_;

  std::mutex indexMutex_;  // One index pass at a time; guards `index_`.
  std::map<std::string, IndexedFile> index_;
};

}  // namespace shlo::lsp

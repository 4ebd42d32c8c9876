#include "lsp/Workspace.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "ide/Features.h"
#include "lsp/ToProtocol.h"
#include "lsp/Uri.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::lsp {

namespace fs = std::filesystem;

namespace {

/// The path of a WorkspaceFolder's `uri`, or nullopt.
std::optional<std::string> folderPath(const json &folder) {
  if (!folder.is_object()) throw LspError(ErrorCode::InvalidParams, "a workspace folder must be an object");
  std::string uri = requireMember(folder, "uri", json::value_t::string).get<std::string>();
  std::optional<std::string> path = pathFromFileUri(uri);
  if (!path) return std::nullopt;
  // Without a trailing slash, so folders compare equal however written.
  while (path->size() > 1 && path->back() == '/') path->pop_back();
  return path;
}

bool skippedDirectory(const fs::path &path) {
  std::string name = path.filename().string();
  return (!name.empty() && name[0] == '.') || name == "node_modules";
}

}  // namespace

void Workspace::initialize(const json &params) {
  std::vector<std::string> folders;
  auto add = [&folders](const std::optional<std::string> &path) {
    if (path && std::find(folders.begin(), folders.end(), *path) == folders.end()) folders.push_back(*path);
  };
  auto list = params.find("workspaceFolders");
  if (list != params.end() && list->is_array()) {
    for (const json &folder : *list) {
      if (folder.is_object() && folder.contains("uri") && folder["uri"].is_string()) add(folderPath(folder));
    }
  } else if (params.contains("rootUri") && params["rootUri"].is_string()) {
    add(folderPath(json{{"uri", params["rootUri"]}}));
  } else if (params.contains("rootPath") && params["rootPath"].is_string()) {
    std::string path = params["rootPath"].get<std::string>();
    if (!path.empty() && path[0] == '/') add(path);
  }
  std::lock_guard<std::mutex> lock(foldersMutex_);
  folders_ = std::move(folders);
}

void Workspace::change(const json &event) {
  if (!event.is_object()) throw LspError(ErrorCode::InvalidParams, "`event` must be an object");
  std::vector<std::string> added, removed;
  for (const char *key : {"added", "removed"}) {
    for (const json &folder : requireMember(event, key, json::value_t::array)) {
      if (std::optional<std::string> path = folderPath(folder)) (key[0] == 'a' ? added : removed).push_back(*path);
    }
  }
  std::lock_guard<std::mutex> lock(foldersMutex_);
  for (const std::string &path : removed) folders_.erase(std::remove(folders_.begin(), folders_.end(), path), folders_.end());
  for (const std::string &path : added) {
    if (std::find(folders_.begin(), folders_.end(), path) == folders_.end()) folders_.push_back(path);
  }
}

std::vector<std::string> Workspace::folders() const {
  std::lock_guard<std::mutex> lock(foldersMutex_);
  return folders_;
}

std::optional<std::string> Workspace::resolve(const std::string &file, const std::string &documentUri) const {
  if (file.empty()) return std::nullopt;
  std::error_code error;
  auto exists = [&error](const fs::path &path) { return fs::is_regular_file(path, error); };
  fs::path written(file);
  if (written.is_absolute()) return exists(written) ? std::optional<std::string>(written.lexically_normal().string()) : std::nullopt;
  std::vector<fs::path> bases;
  for (const std::string &folder : folders()) bases.emplace_back(folder);
  if (std::optional<std::string> document = pathFromFileUri(documentUri)) {
    bases.push_back(fs::path(*document).parent_path());
  }
  for (const fs::path &base : bases) {
    fs::path candidate = (base / written).lexically_normal();
    if (exists(candidate)) return candidate.string();
  }
  return std::nullopt;
}

std::vector<fs::path> Workspace::listFiles(const std::vector<std::string> &folders) const {
  std::vector<fs::path> files;
  size_t entries = 0;
  for (const std::string &folder : folders) {
    std::error_code error;
    fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, error), end;
    for (; !error && it != end; it.increment(error)) {
      if (++entries > limits_.maxEntries || files.size() >= limits_.maxFiles) return files;
      std::error_code statError;
      if (it->is_directory(statError)) {
        if (skippedDirectory(it->path())) it.disable_recursion_pending();
        continue;
      }
      if (it->path().extension() == ".mlir" && it->is_regular_file(statError)) files.push_back(it->path());
    }
  }
  return files;
}

void Workspace::diskSymbols(const std::string &query, syntax::PositionEncoding encoding, size_t limit,
                            const std::set<std::string> &skipUris, json &out,
                            const std::function<void(size_t done, size_t total)> &progress) {
  std::vector<fs::path> files = listFiles(folders());
  // Compared as paths: clients percent-encode URIs in different ways.
  std::set<std::string> skipPaths;
  for (const std::string &uri : skipUris) {
    if (std::optional<std::string> path = pathFromFileUri(uri)) skipPaths.insert(fs::path(*path).lexically_normal().string());
  }
  std::lock_guard<std::mutex> lock(indexMutex_);
  std::map<std::string, IndexedFile> fresh;
  uintmax_t totalBytes = 0;
  size_t done = 0;
  for (const fs::path &path : files) {
    if (progress) progress(done++, files.size());
    if (skipPaths.count(path.lexically_normal().string())) continue;
    std::string uri = fileUriFromPath(path.string());
    std::error_code error;
    uintmax_t size = fs::file_size(path, error);
    if (error || size > limits_.maxFileBytes || totalBytes + size > limits_.maxTotalBytes) continue;
    totalBytes += size;
    fs::file_time_type modified = fs::last_write_time(path, error);
    if (error) continue;
    auto cached = index_.find(path.string());
    if (cached != index_.end() && cached->second.size == size && cached->second.modified == modified) {
      fresh[path.string()] = std::move(cached->second);
      continue;
    }
    // The shared reader: a path swapped for a FIFO since it was listed is
    // refused without blocking the server, and so is a UTF-16 file.
    std::string text, readError;
    if (!syntax::readFile(path.string(), text, readError)) continue;
    std::unique_ptr<ide::AnalyzedFile> file = ide::AnalyzedFile::analyze(uri, text);
    IndexedFile entry{modified, size, json::array()};
    for (const ide::WorkspaceSymbol &symbol : ide::workspaceSymbols(*file, "", limits_.maxFiles * 100)) {
      entry.symbols.push_back(workspaceSymbolToJson(uri, file->file, symbol, encoding));
    }
    fresh[path.string()] = std::move(entry);
  }
  if (progress) progress(files.size(), files.size());
  // Files gone from disk or from the folders leave the cache.
  index_ = std::move(fresh);
  for (const auto &[path, file] : index_) {
    for (const json &symbol : file.symbols) {
      if (out.size() >= limit) return;
      if (ide::fuzzyMatches(query, symbol["name"].get<std::string>())) out.push_back(symbol);
    }
  }
}

}  // namespace shlo::lsp

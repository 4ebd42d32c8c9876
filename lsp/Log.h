// The server's log: stderr by default (editors show it in an output pane),
// a file with `shlo lsp --log=FILE`. Levels as clangd's: errors only,
// notable events, or every request with its duration.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace shlo::lsp {

enum class LogLevel { Error, Info, Verbose };

/// "error", "info" (the default) or "verbose" ("debug" and "trace" read as
/// verbose, "warning" as info); nullopt for other names.
std::optional<LogLevel> parseLogLevel(std::string_view name);

/// Sets where and how much the log writes. Returns false (and keeps stderr)
/// when `file` cannot be opened for appending. Call before the server runs.
bool configureLog(LogLevel level, const std::string &file = "");

/// Whether messages at `level` are written.
bool logEnabled(LogLevel level);

/// Writes `shlo lsp: <message>` as one line, when `level` is enabled.
/// Thread-safe.
void logMessage(LogLevel level, std::string_view message);

}  // namespace shlo::lsp

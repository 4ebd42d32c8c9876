#include "lsp/Log.h"

#include <fstream>
#include <iostream>
#include <mutex>

namespace shlo::lsp {

namespace {

struct LogState {
  std::mutex mutex;
  LogLevel level = LogLevel::Info;
  std::ofstream file;  // Used when open.
};

LogState &state() {
  static LogState instance;
  return instance;
}

}  // namespace

std::optional<LogLevel> parseLogLevel(std::string_view name) {
  if (name == "error") return LogLevel::Error;
  if (name == "info" || name == "warning") return LogLevel::Info;
  if (name == "verbose" || name == "debug" || name == "trace") return LogLevel::Verbose;
  return std::nullopt;
}

bool configureLog(LogLevel level, const std::string &file) {
  LogState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.level = level;
  if (file.empty()) return true;
  s.file.open(file, std::ios::app);
  return s.file.is_open();
}

bool logEnabled(LogLevel level) {
  LogState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return static_cast<int>(level) <= static_cast<int>(s.level);
}

void logMessage(LogLevel level, std::string_view message) {
  LogState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (static_cast<int>(level) > static_cast<int>(s.level)) return;
  std::ostream &out = s.file.is_open() ? static_cast<std::ostream &>(s.file) : std::cerr;
  out << "shlo lsp: " << message << "\n";
  out.flush();
}

}  // namespace shlo::lsp

// A temporary folder that is removed with its files when it is destroyed,
// and also when the process is ended by SIGINT, SIGTERM or SIGHUP (Ctrl-C
// during a run must not leave `/tmp/shlo-probe-*` behind).
#pragma once

#include <string>

namespace shlo::interpreter::io {

class TemporaryFolder {
 public:
  /// Makes `<system temp folder>/<prefix>XXXXXX` (mkdtemp, mode 0700).
  /// Throws RuntimeError saying why when it cannot.
  explicit TemporaryFolder(const std::string &prefix);
  /// Removes the folder and everything in it.
  ~TemporaryFolder();
  TemporaryFolder(const TemporaryFolder &) = delete;
  TemporaryFolder &operator=(const TemporaryFolder &) = delete;

  const std::string &path() const { return path_; }

 private:
  std::string path_;
  int slot_ = -1;  // in the signal handler's table, or -1
};

}  // namespace shlo::interpreter::io

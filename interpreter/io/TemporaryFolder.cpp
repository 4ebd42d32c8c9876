#include "interpreter/io/TemporaryFolder.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "interpreter/Errors.h"

namespace shlo::interpreter::io {

namespace {

// The folders to remove on a signal. The handler may run at any moment, so
// it reads only this fixed table (no allocation) and calls only
// async-signal-safe system calls.
constexpr int kSlots = 16;
constexpr size_t kPathBytes = 4096;
char gPaths[kSlots][kPathBytes];
std::atomic<bool> gUsed[kSlots];
std::mutex gRegistration;  // of slots; never taken by the handler
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction gPrevious[3];

/// Removes the files of `path` (not subfolders: none are made) and the
/// folder, with raw system calls only.
void removeFolderSignalSafe(const char *path) {
  int dir = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
  if (dir >= 0) {
    alignas(8) char buffer[8192];
    // Removing entries while listing may skip some: list again from the
    // start until a whole pass removes nothing.
    for (bool removed = true; removed;) {
      removed = false;
      ::lseek(dir, 0, SEEK_SET);
      while (true) {
        long got = ::syscall(SYS_getdents64, dir, buffer, sizeof buffer);
        if (got <= 0) break;
        for (long at = 0; at < got;) {
          // struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name.
          unsigned short length;
          std::memcpy(&length, buffer + at + 16, sizeof length);
          const char *name = buffer + at + 19;
          if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0 && ::unlinkat(dir, name, 0) == 0) {
            removed = true;
          }
          at += length;
        }
      }
    }
    ::close(dir);
  }
  ::rmdir(path);
}

void onSignal(int signal) {
  int saved = errno;
  for (int i = 0; i < kSlots; ++i) {
    if (gUsed[i].load()) removeFolderSignalSafe(gPaths[i]);
  }
  errno = saved;
  // Then what would have happened without us: the previous handler, or the
  // default action (the process ends by the signal, its status says so).
  for (int i = 0; i < 3; ++i) {
    if (kSignals[i] != signal) continue;
    const struct sigaction &previous = gPrevious[i];
    if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
      previous.sa_handler(signal);
      return;
    }
    if (previous.sa_handler == SIG_IGN) return;
  }
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

void installHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int i = 0; i < 3; ++i) {
      struct sigaction action;
      std::memset(&action, 0, sizeof action);
      action.sa_handler = onSignal;
      sigemptyset(&action.sa_mask);
      ::sigaction(kSignals[i], &action, &gPrevious[i]);
      // A signal ignored before (nohup) stays ignored.
      if (gPrevious[i].sa_handler == SIG_IGN && !(gPrevious[i].sa_flags & SA_SIGINFO)) {
        ::sigaction(kSignals[i], &gPrevious[i], nullptr);
      }
    }
  });
}

}  // namespace

TemporaryFolder::TemporaryFolder(const std::string &prefix) {
  std::error_code error;
  std::filesystem::path base = std::filesystem::temp_directory_path(error);
  if (error) base = "/tmp";
  std::string pattern = (base / (prefix + "XXXXXX")).string();
  if (!::mkdtemp(pattern.data())) {
    throw RuntimeError("cannot make a temporary folder " + pattern + ": " + std::strerror(errno));
  }
  path_ = pattern;
  if (path_.size() >= kPathBytes) return;  // too long for the table: removed by the destructor only
  installHandlers();
  std::lock_guard<std::mutex> guard(gRegistration);
  for (int i = 0; i < kSlots; ++i) {
    if (gUsed[i].load()) continue;
    std::memcpy(gPaths[i], path_.c_str(), path_.size() + 1);
    gUsed[i].store(true);  // published after the path: the handler reads a whole one
    slot_ = i;
    break;
  }
}

TemporaryFolder::~TemporaryFolder() {
  if (slot_ >= 0) {
    std::lock_guard<std::mutex> guard(gRegistration);
    gUsed[slot_].store(false);
  }
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace shlo::interpreter::io

#include "formatter/FileUpdate.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace shlo::formatter {

namespace {

/// The whole file, or false on a read error.
bool readAll(const std::string &path, std::string &out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buffer[1 << 16];
  out.clear();
  for (;;) {
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      ::close(fd);
      return false;
    }
    if (got == 0) break;
    out.append(buffer, static_cast<size_t>(got));
  }
  ::close(fd);
  return true;
}

}  // namespace

bool replaceFile(const std::string &path, std::string_view expected, std::string_view text, std::string &error) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    error = std::string("cannot stat file: ") + std::strerror(errno);
    return false;
  }
  if (!S_ISREG(info.st_mode)) {
    error = "not a regular file";
    return false;
  }
  // A file without write permission is left alone, also for root (whom
  // access(2) lets write anything): read-only says "do not change me".
  if ((info.st_mode & 0222) == 0) {
    error = "file is read-only";
    return false;
  }
  if (::access(path.c_str(), W_OK) != 0) {
    error = std::string("file is not writable: ") + std::strerror(errno);
    return false;
  }
  size_t slash = path.rfind('/');
  std::string folder = slash == std::string::npos ? std::string(".") : path.substr(0, slash + 1);
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string temp = (slash == std::string::npos ? std::string() : folder) + "." + base + ".shlo-fmt-XXXXXX";
  int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) {
    error = std::string("cannot create a temporary file next to it: ") + std::strerror(errno);
    return false;
  }
  auto fail = [&](const char *what, int err) {
    if (fd >= 0) ::close(fd);
    ::unlink(temp.c_str());
    error = std::string(what) + std::strerror(err);
    return false;
  };
  if (::fchmod(fd, info.st_mode & 07777) != 0) return fail("cannot set the file mode: ", errno);
  for (size_t done = 0; done < text.size();) {
    ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) return fail("cannot write the formatted text: ", errno);
    if (wrote == 0) return fail("cannot write the formatted text: ", ENOSPC);
    done += static_cast<size_t>(wrote);
  }
  if (::fsync(fd) != 0) return fail("cannot flush the formatted text: ", errno);
  int closing = fd;
  fd = -1;
  if (::close(closing) != 0) return fail("cannot write the formatted text: ", errno);
  // The file must still hold what was formatted: an editor or another
  // process may have written it meanwhile, and its text wins.
  std::string now;
  if (!readAll(path, now)) return fail("cannot read the file again: ", errno);
  if (now != expected) {
    ::unlink(temp.c_str());
    error = "the file changed while it was being formatted; left as it is";
    return false;
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) return fail("cannot replace the file: ", errno);
  // Make the rename itself durable.
  int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return true;
}

}  // namespace shlo::formatter

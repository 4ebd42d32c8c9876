#include "interpreter/Probe.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"
#include "interpreter/io/Npy.h"

namespace shlo::interpreter {

ProbeLog::ProbeLog(std::string folder, ProbeLimits limits) : folder_(std::move(folder)), limits_(limits) {}

ProbeLog::~ProbeLog() = default;

const std::string &ProbeLog::folder() {
  if (folder_.empty()) {
    try {
      temporary_ = std::make_unique<io::TemporaryFolder>("shlo-probe-");
    } catch (const RuntimeError &e) {
      throw RuntimeError(std::string("interpreter.probe: ") + e.what());
    }
    folder_ = temporary_->path();
  }
  return folder_;
}

namespace {

/// Appends `line` to `path`, never through a symlink planted there.
void appendLine(const std::string &path, const std::string &line) {
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) {
    int err = errno;
    throw RuntimeError("interpreter.probe: cannot append to " + path + ": " +
                       (err == ELOOP ? std::string("it is a symbolic link, which is never followed") : std::strerror(err)));
  }
  bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  int err = errno;
  ok = ::close(fd) == 0 && ok;
  if (!ok) throw RuntimeError("interpreter.probe: cannot append to " + path + ": " + std::strerror(err ? err : errno));
}

}  // namespace

void ProbeLog::probe(const std::string &probeId, const Tensor &operand) {
  std::lock_guard<std::mutex> guard(mutex_);
  std::string image = npy::serialize(operand);
  if (written_ >= limits_.maxFiles) {
    throw RuntimeError("interpreter.probe: the run has written " + std::to_string(written_) +
                       " probe files, the most allowed (" + std::to_string(limits_.maxFiles) + ")");
  }
  if (writtenBytes_ + static_cast<int64_t>(image.size()) > limits_.maxBytes) {
    throw RuntimeError("interpreter.probe: probe \"" + probeId + "\" would bring the run's probe files to " +
                       std::to_string(writtenBytes_ + static_cast<int64_t>(image.size())) + " bytes, more than the " +
                       std::to_string(limits_.maxBytes) + " allowed");
  }
  std::string path = (std::filesystem::path(folder()) / ("probe" + std::to_string(written_ + 1) + ".npy")).string();
  npy::writeFileAtomically(path, image);
  ++written_;
  writtenBytes_ += static_cast<int64_t>(image.size());
  appendLine((std::filesystem::path(folder_) / "index.csv").string(), probeId + ',' + operand.type().str() + ',' + path + '\n');
  files_[probeId].push_back(path);
}

void ProbeLog::expectSerializedEq(const std::string &probeId, int64_t iter, const Tensor &actual) {
  std::string path;
  {
    std::lock_guard<std::mutex> guard(mutex_);
    auto it = files_.find(probeId);
    size_t count = it == files_.end() ? 0 : it->second.size();
    if (iter < 0 || static_cast<size_t>(iter) >= count) {
      throw RuntimeError("check.expect_serialized_eq: probe \"" + probeId + "\" ran " + std::to_string(count) +
                         " time(s); iteration " + std::to_string(iter) + " does not exist");
    }
    path = it->second[static_cast<size_t>(iter)];
  }
  Tensor expected = npy::readTensor(path, actual.type());
  try {
    evalExpectEq(actual, expected);
  } catch (const CheckFailure &e) {
    throw CheckFailure(std::string("probe \"") + probeId + "\" iteration " + std::to_string(iter) + " (" + path +
                       "): " + e.what());
  }
}

}  // namespace shlo::interpreter

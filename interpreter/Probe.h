// interpreter.probe and check.expect_serialized_eq: a probe writes its
// operand as `probe<N>.npy` into the probe folder (N counts every probe of a
// run from 1, so odd probe ids never become file names) and appends
// `probe_id,type,path` to `index.csv` there, as StableHLO's interpreter does.
// expect_serialized_eq reads the `iter`-th file of a probe id back (0 is the
// first time the probe ran) and compares it with its operand exactly.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "interpreter/Tensor.h"
#include "interpreter/io/TemporaryFolder.h"

namespace shlo::interpreter {

/// How much one run may probe: a probe inside a long `while` must not fill
/// the disk. Defaults: 10,000 files and 1 GiB of `.npy` data (StableHLO's
/// probe tests write a handful of small files).
struct ProbeLimits {
  int64_t maxFiles = 10000;
  int64_t maxBytes = int64_t{1} << 30;
};

/// The probes of one run, shared by every process of run_parallel.
class ProbeLog {
 public:
  /// `folder`: where probe files go. Empty: a folder is made under the
  /// system's temporary folder on first use and removed with the log, or
  /// when SIGINT, SIGTERM or SIGHUP ends the process (io/TemporaryFolder.h).
  explicit ProbeLog(std::string folder = "", ProbeLimits limits = {});
  ~ProbeLog();
  ProbeLog(const ProbeLog &) = delete;
  ProbeLog &operator=(const ProbeLog &) = delete;

  /// interpreter.probe. The file is written like every output (a new
  /// temporary file, then a rename: npy::writeFileAtomically) and
  /// `index.csv` is opened for appending without following a symlink.
  /// Throws RuntimeError when a file cannot be written, and before writing
  /// when the probe would exceed the limits (saying which).
  void probe(const std::string &probeId, const Tensor &operand);
  /// check.expect_serialized_eq: throws CheckFailure when the `iter`-th
  /// value probed as `probeId` differs from `actual`, RuntimeError when there
  /// is no such probe or its file cannot be read.
  void expectSerializedEq(const std::string &probeId, int64_t iter, const Tensor &actual);

  const std::string &folder();

 private:
  std::mutex mutex_;
  std::string folder_;
  std::unique_ptr<io::TemporaryFolder> temporary_;
  ProbeLimits limits_;
  int64_t written_ = 0;
  int64_t writtenBytes_ = 0;
  std::map<std::string, std::vector<std::string>> files_;  // probe id -> paths in order
};

}  // namespace shlo::interpreter

#include "interpreter/Probe.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"
#include "interpreter/io/Npy.h"

namespace shlo::interpreter {

ProbeLog::ProbeLog(std::string folder) : folder_(std::move(folder)) {}

ProbeLog::~ProbeLog() {
  if (ownsFolder_) {
    std::error_code ignored;
    std::filesystem::remove_all(folder_, ignored);
  }
}

const std::string &ProbeLog::folder() {
  if (folder_.empty()) {
    std::string pattern = (std::filesystem::temp_directory_path() / "shlo-probe-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw RuntimeError("interpreter.probe: cannot make a temporary probe folder");
    folder_ = pattern;
    ownsFolder_ = true;
  }
  return folder_;
}

void ProbeLog::probe(const std::string &probeId, const Tensor &operand) {
  std::lock_guard<std::mutex> guard(mutex_);
  std::string path = (std::filesystem::path(folder()) / ("probe" + std::to_string(++written_) + ".npy")).string();
  npy::writeTensor(path, operand);
  std::ofstream index(std::filesystem::path(folder_) / "index.csv", std::ios::app);
  index << probeId << ',' << operand.type().str() << ',' << path << '\n';
  if (!index) throw RuntimeError("interpreter.probe: cannot append to " + folder_ + "/index.csv");
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

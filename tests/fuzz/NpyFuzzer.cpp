// libFuzzer target: any bytes as an `.npy` file or an `.npz` archive (when
// they start with a zip signature), as `shlo run --input` reads them:
// parse, then bind to a tensor of the type the header names, then write it
// back. Hostile sizes must be NpyError before anything is allocated, never
// a crash, a leak or an allocation beyond the memory limit.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "interpreter/Tensor.h"
#include "interpreter/io/Npy.h"
#include "interpreter/io/Npz.h"

namespace {

using namespace shlo::interpreter;

/// Reads one `.npy` image to a tensor and back, as the run session binds an
/// argument whose type is given by the file.
void readImage(std::string_view bytes, const std::string &what) {
  npy::Array array = npy::parse(bytes, what);
  if (array.kind == 'V') return;  // bf16 bit patterns need a given type
  shlo::ir::Type type = shlo::ir::Type::tensor(array.shape, npy::elementTypeOf(array, what));
  Tensor tensor = npy::toTensor(array, type, what);
  std::string image = npy::serialize(tensor);
  // What was read is what is written, shape and dtype alike.
  npy::Array again = npy::parse(image, what);
  if (again.shape != array.shape || again.numElements != array.numElements) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // Well below -rss_limit_mb: a size that passes the checks must still fit.
  MemoryBudget::setLimit(int64_t{64} << 20);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char *>(data), size);
  try {
    if (bytes.substr(0, 2) == "PK") {
      npz::Archive archive(bytes, "fuzz.npz");
      for (const npz::Archive::Entry &entry : archive.entries()) {
        try {
          std::string image = archive.read(entry, int64_t{16} << 20);
          readImage(image, "fuzz.npz:" + entry.key);
        } catch (const RuntimeError &) {
          // A bad member is an error of its own; the next is still read.
        }
      }
    } else {
      readImage(bytes, "fuzz.npy");
    }
  } catch (const RuntimeError &) {
    // NpyError and the Tensor's size errors: a clear error is the goal.
  }
  return 0;
}

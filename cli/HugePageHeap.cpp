#include "cli/HugePageHeap.h"

#include <sys/mman.h>

#include <cstdint>
#include <filesystem>
#include <new>
#include <system_error>

#include "support/Sanitizers.h"

namespace shlo::cli {

void heapInHugePages(size_t bytes) {
  if (kAddressSanitizer) return;
  void *block = ::operator new(bytes, std::nothrow);
  if (block == nullptr) return;
  // Only whole 2 MB pages inside the block; the pages are not touched here
  // (the first touch of each is one fault for 2 MB, when it is used).
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  auto address = reinterpret_cast<uintptr_t>(block);
  uintptr_t begin = (address + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t end = (address + bytes) & ~(kHugePage - 1);
  if (end > begin) madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
  ::operator delete(block, std::nothrow);
}

void heapInHugePagesForInputs(const std::vector<std::string> &paths) {
  constexpr std::uintmax_t kLargeInput = std::uintmax_t{128} << 10;
  std::uintmax_t total = 0;
  for (const std::string &path : paths) {
    std::error_code error;
    std::filesystem::file_status status = std::filesystem::status(path, error);
    if (path == "-" || (!error && !std::filesystem::is_regular_file(status))) {
      total = kLargeInput;
      break;
    }
    std::uintmax_t size = std::filesystem::file_size(path, error);
    if (!error) total += size;
  }
  if (total >= kLargeInput) heapInHugePages(size_t{64} << 20);
}

}  // namespace shlo::cli

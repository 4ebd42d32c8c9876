#include "cli/HugePageHeap.h"

#include <sys/mman.h>

#include <cstdint>
#include <new>

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

}  // namespace shlo::cli

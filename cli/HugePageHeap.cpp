#include "cli/HugePageHeap.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

#include "support/Sanitizers.h"

namespace shlo::cli {

void heapInHugePages(size_t bytes) {
  if (kAddressSanitizer) return;
  // The heap grows by `bytes` beyond each request and is not trimmed, and
  // blocks up to 32 MB come from it rather than from mmap (one mapping and
  // its faults each): the tree, the IR and the texts all land in the range
  // madvised below.
  if (mallopt(M_TOP_PAD, static_cast<int>(bytes)) == 0) return;
  mallopt(M_TRIM_THRESHOLD, static_cast<int>(bytes * 2));
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  // A block larger than any free one makes the heap grow now (volatile: a
  // malloc/free pair may be elided).
  void *volatile grow = std::malloc(size_t{1} << 20);
  std::free(grow);
  auto top = reinterpret_cast<uintptr_t>(sbrk(0));
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  if (top == static_cast<uintptr_t>(-1) || top < bytes) return;
  uintptr_t begin = (top - bytes + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t end = top & ~(kHugePage - 1);
  if (end > begin) madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace shlo::cli

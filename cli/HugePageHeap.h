// The heap of a short-lived command in 2 MB pages (transparent huge pages,
// asked for with madvise): a command that builds a large syntax tree and IR
// takes a page fault per 4 KB it touches otherwise.
#pragma once

#include <cstddef>

namespace shlo::cli {

/// Makes the main heap grow `bytes` ahead at once and asks the kernel for
/// huge pages over that range. Memory freed stays in the process (the
/// command exits soon). Does nothing under AddressSanitizer (its own
/// allocator) or when the kernel refuses.
void heapInHugePages(size_t bytes);

}  // namespace shlo::cli

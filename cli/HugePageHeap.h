// The heap of a short-lived command in 2 MB pages (transparent huge pages,
// asked for with madvise): a command that builds a large syntax tree and IR
// takes a page fault per 4 KB it touches otherwise.
#pragma once

#include <cstddef>

namespace shlo::cli {

/// Takes `bytes` from the allocator as one block, asks the kernel for huge
/// pages over it and gives it back: tcmalloc (which `shlo` links) keeps the
/// block and carves the command's next allocations from it. pt_bert's
/// `shlo fmt`: 3321 -> 1697 page faults, 40.4 -> 36.8 ms median (NOTES.md,
/// session 10). Does nothing under AddressSanitizer (its own allocator).
void heapInHugePages(size_t bytes);

}  // namespace shlo::cli

// The heap of a short-lived command in 2 MB pages (transparent huge pages,
// asked for with madvise): a command that builds a large syntax tree and IR
// takes a page fault per 4 KB it touches otherwise.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace shlo::cli {

/// Takes `bytes` from the allocator as one block, asks the kernel for huge
/// pages over it and gives it back: tcmalloc (which `shlo` links) keeps the
/// block and carves the command's next allocations from it. pt_bert's
/// `shlo fmt`: 3321 -> 1842 page faults, 39.4 -> 35.8 ms median (NOTES.md,
/// session 10). Does nothing under AddressSanitizer (its own allocator).
void heapInHugePages(size_t bytes);

/// heapInHugePages(64 MiB) when `paths` (files, folders, `-`) hold 128 KiB
/// or more of input: a small file touches a few hundred 4 KB pages and has
/// little to gain, and would pay for zeroing whole 2 MB pages. A folder or
/// standard input counts as large. pt_bert's `shlo check`: 39.2 -> 36.3 ms,
/// `shlo lint`: 40.6 -> 38.4 ms median.
void heapInHugePagesForInputs(const std::vector<std::string> &paths);

}  // namespace shlo::cli

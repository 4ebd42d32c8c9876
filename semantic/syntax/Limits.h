// Limits shared by every layer that walks nested syntax or the IR built
// from it. One place, so lowering, the verifier, the interpreter and the
// language server agree on what is too deep (issue 18).
#pragma once

namespace shlo::syntax {

/// How deeply nested syntax is followed: attribute arrays and dictionaries,
/// tuple and function types, regions, dense literals and locations each
/// count one level per nesting. Lowering reports anything deeper as
/// `lower.too-deep` at the node that crosses the limit and does not lower
/// it, so nothing built from the IR recurses deeper than this. Real
/// programs nest a few tens of levels; recursion over 256 levels stays far
/// below a thread's stack.
inline constexpr int kMaxNestingDepth = 256;

/// The largest program text read from a file or standard input (readFile):
/// 256 MiB. Far above real programs (a large exported model is tens of
/// MB), far below tree-sitter's 4 GiB offsets, and low enough that reading
/// an endless input (`/dev/zero` on stdin) stops before memory runs out.
inline constexpr unsigned long long kMaxSourceBytes = 256ull << 20;

/// The most results one `%name:N` group may bind: each is an SSA value,
/// so `%r:4611686018427387904` must be an error, not an allocation. Real
/// ops have at most a few thousand results.
inline constexpr long long kMaxResultGroupSize = 1 << 16;

/// A list-form dense literal whose body is longer than this is parsed as
/// one opaque node (Parser::parse): a node per element costs about 230
/// bytes and 6 us, so a 50 MB literal took 1.2 GB and 30 s to parse. Its
/// elements are checked by the dense-literal reader instead; editors lose
/// the highlighting of its numbers only.
inline constexpr unsigned kOpaqueDenseLiteralBytes = 64u << 10;

}  // namespace shlo::syntax

// Helpers for verifiers of ops with regions (reduction bodies, comparators,
// branches, loop bodies): finding blocks and terminators, their types, and
// the ranges to report at.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/verify/VerifyContext.h"

namespace shlo::verify {

/// The op ends a StableHLO region (the op table's RegionReturn trait).
bool isRegionReturn(const ir::Operation *op);
/// The op is the op table's constant (Constant trait).
bool isConstantOp(const ir::Operation *op);

/// Region `index` of `op`, or null.
const ir::Region *regionAt(const ir::Operation &op, size_t index);
/// The region's first block, or null.
const ir::Block *entryBlock(const ir::Region *region);
/// The single block's `stablehlo.return`, or null when the region's results
/// cannot be told (no ops, another terminator, several blocks).
const ir::Operation *terminatorOf(const ir::Region *region);
/// The type of operand `i` of a nested op: its value's, or the written one.
ir::Type operandTypeOf(const ir::Operation &op, size_t i);
/// The types a region returns, or nullopt when unknown.
std::optional<std::vector<ir::Type>> returnedTypes(const ir::Region *region);

syntax::TextRange terminatorRange(const ir::Operation &term);
syntax::TextRange terminatorOperandRange(const ir::Operation &term, size_t i);
/// Block argument `i`, else the block label, else the op name.
syntax::TextRange argumentRange(const VerifyContext &c, const ir::Block &block, size_t i);
syntax::TextRange regionRange(const VerifyContext &c, const ir::Region *region);
/// Checks that `region` returns one 0-d `tensor<i1>` (a predicate: while's
/// `cond`, sort's `comparator`, select_and_scatter's `select`). Reports a
/// count or a type error under `code` as "<regionName> returns ..." and
/// returns false; true when it does, or when its terminator cannot be told.
bool checkReturnsPredicate(VerifyContext &c, const ir::Region *region, std::string_view regionName,
                           std::string_view code);
/// "missing the `body` region" or "the `body` region is empty".
std::string noBlockMessage(const ir::Region *region, std::string_view name);

}  // namespace shlo::verify

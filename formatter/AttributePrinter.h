// MLIR's text for attribute values, as `stablehlo-opt` prints them: typed
// literals, dense elements (splat, nested list or hex blob, chosen as MLIR's
// AsmPrinter chooses), arrays, dictionaries (sorted), StableHLO enums and
// struct attributes, strings with MLIR's escapes, and floats in the shortest
// form that reads back to the same value (hexadecimal for NaN and infinity).
#pragma once

#include <string>
#include <string_view>

#include "semantic/ir/Attribute.h"

namespace shlo::formatter {

/// A float of `format` as MLIR prints it: `1.000000e+00` when six
/// significant digits read back exactly, else the shortest decimal that
/// does (`0.10000000000000001`), else (NaN, infinity, formats LLVM 14 does
/// not know) the bits in hexadecimal (`0x7FC00000`). `bits` is the value's
/// bit pattern in the format's storage width.
std::string printFloatBits(uint64_t bits, ir::FloatFormat format);
/// A written float literal (decimal or `0x` bits) of `format`, printed as
/// above; the written text when it cannot be read.
std::string printFloatLiteral(std::string_view written, ir::FloatFormat format);

/// A string with MLIR's escapes (`\"`, `\\`, `\0A` for other bytes), quoted.
std::string quoteString(std::string_view text);

/// `@name`, or `@"<lambda>"` when the name is not a bare identifier.
std::string printSymbol(std::string_view name);

/// The generic (fully typed) text of an attribute, as in an attribute
/// dictionary: `1 : i64`, `array<i64: 1, 2>`, `dense<1.000000e+00> :
/// tensor<f32>`, `#stablehlo<comparison_direction GT>`. Integers without a
/// written type are i64 (StableHLO's integer attributes); integer lists
/// written in a pretty form are `array<i64: ...>`.
std::string printAttribute(const ir::Attribute &attribute);
/// As printAttribute, with enums spelled in `dialect` (`#chlo<...>`).
std::string printAttributeOf(const ir::Attribute &attribute, std::string_view dialect);
/// An op's attribute in its generic text: as printAttributeOf, but an
/// integer written without a type (a pretty form's `index = 0`) takes the
/// width the op table's schema gives it (`si32` -> `i32`; else i64).
std::string printOpAttribute(std::string_view opName, std::string_view attributeName,
                             const ir::Attribute &attribute, std::string_view dialect);
/// Convolution dimension numbers as StableHLO writes them:
/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`; empty when a field is missing.
std::string printConvDimensions(const ir::Attribute &dimensions);
/// The bare value a pretty form writes: `0`, `[1, 0]`, `GT`, `true`; for
/// other kinds the generic text.
std::string printPrettyValue(const ir::Attribute &attribute);
/// The `dense<...>` text of a DenseElements attribute (without its type).
std::string printDenseElements(const ir::Attribute &attribute);

}  // namespace shlo::formatter

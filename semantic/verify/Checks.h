// Checks shared by the op verifiers: arity, shapes, element types and
// dimension lists. Each reports through the context with the constraint
// code it is given and returns whether the check passed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/verify/VerifyContext.h"

namespace shlo::verify {

// Element type classes of the spec's constraints.
bool isIntegerOrBoolean(const ir::ElementType &e);
bool isFloatOrComplex(const ir::ElementType &e);
/// Integer (not boolean), float, complex or quantized.
bool isNumeric(const ir::ElementType &e);

/// `[1, 2, 3]`
std::string listText(const std::vector<int64_t> &values);

/// Exactly `operands` operands and `results` results (constraint `operands`
/// or `results` when not).
bool checkArity(VerifyContext &c, size_t operands, size_t results);
/// Every operand and result tensor has the same shape, up to dynamism.
bool checkSameShapes(VerifyContext &c, std::string_view constraint);
/// Every operand and result tensor has the same (baseline) element type.
bool checkSameElementTypes(VerifyContext &c, std::string_view constraint);
/// Operand `operand` is a tensor whose element type satisfies `ok`.
bool checkElementClass(VerifyContext &c, size_t operand, bool (*ok)(const ir::ElementType &), std::string_view what,
                       std::string_view constraint);

/// Every value of attribute `name` lies in [0, bound); reports the first
/// that does not.
bool checkDimensionsInRange(VerifyContext &c, std::string_view name, const std::vector<int64_t> &dims, int64_t bound,
                            std::string_view constraint);
/// No value of attribute `name` repeats.
bool checkUnique(VerifyContext &c, std::string_view name, const std::vector<int64_t> &values,
                 std::string_view constraint);
/// Reads the integer-list field `name` of a struct attribute into `out`.
/// An absent field leaves `out` as it is (the spec's empty default) and
/// succeeds; a field that is not a list of integers fails.
bool integerField(const ir::Attribute &structAttribute, std::string_view name, std::vector<int64_t> &out);

/// The integer list attribute `name`; reports `missing` when absent.
std::optional<std::vector<int64_t>> requireIntegers(VerifyContext &c, std::string_view name,
                                                    std::string_view constraint);

}  // namespace shlo::verify

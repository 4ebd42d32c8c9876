// ir::readDenseLiteral: the checks `shlo check` reports and the elements the
// interpreter decodes, on literals of each form.
#include <gtest/gtest.h>

#include <vector>

#include "semantic/ir/DenseLiteral.h"

namespace shlo::ir {
namespace {

Type tensor(std::vector<int64_t> shape, ElementType element) { return Type::tensor(std::move(shape), element); }

/// The problem's code and message, or "" when the literal is fine.
std::string problemOf(std::string_view literal, const Type &type) {
  auto problem = readDenseLiteral(literal, type, nullptr);
  return problem ? problem->code + ": " + problem->message : "";
}

struct Collect : DenseElementSink {
  std::vector<double> values;
  std::string hex;
  void element(int64_t index, const DenseElement &value) override {
    if (static_cast<size_t>(index) >= values.size()) values.resize(static_cast<size_t>(index) + 1);
    values[static_cast<size_t>(index)] = value.real.asDouble();
  }
  void hexBlob(std::string_view digits, size_t) override { hex = std::string(digits); }
};

TEST(DenseLiteral, AcceptsWhatMlirAccepts) {
  ElementType i8 = ElementType::integer(8), f32 = ElementType::floating(FloatFormat::F32);
  EXPECT_EQ(problemOf("[[1, 2], [3, 4]]", tensor({2, 2}, i8)), "");
  EXPECT_EQ(problemOf("7", tensor({2, 2}, i8)), "");                 // a splat
  EXPECT_EQ(problemOf("[-128, 255]", tensor({2}, i8)), "");          // signless: both ranges
  EXPECT_EQ(problemOf("[0x7F, 0xFF]", tensor({2}, i8)), "");
  EXPECT_EQ(problemOf("[]", tensor({0}, f32)), "");
  EXPECT_EQ(problemOf("[[], []]", tensor({2, 0}, f32)), "");
  EXPECT_EQ(problemOf("[1, 2.5e3, -inf, 0x7FC00000, 4.9e-324]", tensor({5}, f32)), "");
  EXPECT_EQ(problemOf("[true, false]", tensor({2}, ElementType::integer(1))), "");
  EXPECT_EQ(problemOf("[(1.0, 2.0), (3, -4)]", tensor({2}, ElementType::complex(FloatFormat::F32))), "");
  EXPECT_EQ(problemOf("\"0x01020304\"", tensor({2}, ElementType::integer(16))), "");
  EXPECT_EQ(problemOf("\"0x0102\"", tensor({3}, ElementType::integer(16))), "");  // a splat
  EXPECT_EQ(problemOf("1.0e30", tensor({}, ElementType::floating(FloatFormat::F16))), "");  // rounds to inf
}

TEST(DenseLiteral, RefusesWhatMlirRefuses) {
  ElementType i8 = ElementType::integer(8), i32 = ElementType::integer(32);
  EXPECT_EQ(problemOf("[1, 2, 3]", tensor({4}, i32)),
            "literal.shape: dense literal has 3 elements (shape [3]), but tensor<4xi32> has 4");
  EXPECT_EQ(problemOf("[1, 2, 3, 4]", tensor({2, 2}, i32)),
            "literal.shape: dense literal has shape [4], but tensor<2x2xi32> has shape [2, 2]");
  EXPECT_EQ(problemOf("[[1, 2], [3]]", tensor({2, 2}, i32)),
            "literal.shape: ragged dense literal: a list of 1 elements where the first at this depth has 2");
  EXPECT_EQ(problemOf("[[1, 2], 3]", tensor({2, 2}, i32)),
            "literal.shape: ragged dense literal: an element 1 levels deep where the others are 2");
  EXPECT_EQ(problemOf("[1, [2]]", tensor({2}, i32)),
            "literal.shape: ragged dense literal: a list where the elements are 1 levels deep");
  EXPECT_EQ(problemOf("300", tensor({}, i8)), "literal.value: `300` is out of range for element type i8 (-128 to 255)");
  EXPECT_EQ(problemOf("-129", tensor({}, i8)), "literal.value: `-129` is out of range for element type i8 (-128 to 255)");
  EXPECT_EQ(problemOf("128", tensor({}, ElementType::integer(8, Signedness::Signed))),
            "literal.value: `128` is out of range for element type si8 (-128 to 127)");
  EXPECT_EQ(problemOf("-1", tensor({}, ElementType::integer(8, Signedness::Unsigned))),
            "literal.value: `-1` is out of range for element type ui8 (0 to 255)");
  EXPECT_EQ(problemOf("2", tensor({}, ElementType::integer(1))),
            "literal.value: `2` is out of range for element type i1 (-1 to 1)");
  EXPECT_EQ(problemOf("99999999999999999999", tensor({}, ElementType::integer(64))),
            "literal.value: `99999999999999999999` is out of range for element type i64 "
            "(-9223372036854775808 to 18446744073709551615)");
  // Wider than 64 bits and negative: the magnitude is never set, which is not -0
  // (found by the interpreter fuzz target).
  EXPECT_EQ(problemOf("-92233720368547758082", tensor({}, i32)),
            "literal.value: `-92233720368547758082` is out of range for element type i32 "
            "(-2147483648 to 4294967295)");
  EXPECT_EQ(problemOf("-0", tensor({}, ElementType::integer(8, Signedness::Unsigned))), "");
  EXPECT_EQ(problemOf("1.0e30", tensor({}, i32)), "literal.value: floating-point `1.0e30` for integer element type i32");
  EXPECT_EQ(problemOf("true", tensor({}, i32)), "literal.value: `true` for element type i32 (only i1 takes booleans)");
  EXPECT_EQ(problemOf("1.0e400", tensor({}, ElementType::floating(FloatFormat::F64))),
            "literal.value: `1.0e400` is too large for a floating-point value (64-bit at most)");
  EXPECT_EQ(problemOf("0x10000", tensor({}, ElementType::floating(FloatFormat::F16))),
            "literal.value: hex pattern `0x10000` has more than the 16 bits of f16");
  EXPECT_EQ(problemOf("[1, 2,]", tensor({2}, i32)), "literal.value: dense literal: unexpected `]`");
  EXPECT_EQ(problemOf("[1, foo]", tensor({2}, i32)), "literal.value: `foo` is not a number");
  EXPECT_EQ(problemOf("\"0x123\"", tensor({2}, i8)), "literal.hex: dense hex literal has an odd number of digits (3)");
  EXPECT_EQ(problemOf("\"0x12ZZ\"", tensor({2}, i8)), "literal.hex: dense hex literal has `Z`, not a hex digit, at digit 3");
  EXPECT_EQ(problemOf("\"0x010203\"", tensor({2}, i8)),
            "literal.hex: dense hex literal has 3 bytes, but tensor<2xi8> needs 2 (or 1 for a splat)");
  EXPECT_EQ(problemOf("", tensor({2}, i8)), "literal.shape: empty dense literal for tensor<2xi8>, which has 2 elements");
}

TEST(DenseLiteral, GivesElementsInRowMajorOrderAndPointsAtTheProblem) {
  Collect sink;
  DenseLiteralForm form;
  auto problem = readDenseLiteral("[[1, 2], [3, 4.5]]", tensor({2, 2}, ElementType::floating(FloatFormat::F32)),
                                  &sink, &form);
  EXPECT_FALSE(problem.has_value());
  EXPECT_FALSE(form.splat);
  EXPECT_EQ(sink.values, (std::vector<double>{1, 2, 3, 4.5}));
  problem = readDenseLiteral("[1, 300]", tensor({2}, ElementType::integer(8)), nullptr);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->begin, 4u);
  EXPECT_EQ(problem->end, 7u);
  Collect hex;
  problem = readDenseLiteral("\"0xAB\"", tensor({3}, ElementType::integer(8)), &hex, &form);
  EXPECT_FALSE(problem.has_value());
  EXPECT_TRUE(form.splat && form.hex);
  EXPECT_EQ(hex.hex, "AB");
}

}  // namespace
}  // namespace shlo::ir

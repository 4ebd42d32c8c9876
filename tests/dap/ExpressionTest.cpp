// The debugger's expressions (dap/Expression.h) on tensors made from dense
// literals: slices, arithmetic, reductions, printing, and the errors.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "dap/Expression.h"
#include "interpreter/io/ArgsLiteral.h"

namespace shlo::dap {
namespace {

using interpreter::Value;

class ExpressionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto tensors = interpreter::parseArgsLiteral(
        "[dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>, dense<[1.5, -2.0, 0x7FC00000]> : tensor<3xf32>, "
        "dense<7> : tensor<i64>]");
    values_["%m"] = Value(tensors[0]);
    values_["%x"] = Value(tensors[1]);
    values_["%arg0"] = Value(tensors[2]);
  }
  std::string eval(const std::string &text) {
    return evaluateExpression(text, [&](const std::string &name) -> const Value * {
             auto it = values_.find(name);
             return it == values_.end() ? nullptr : &it->second;
           }).str();
  }
  std::string error(const std::string &text) {
    try {
      eval(text);
    } catch (const ExpressionError &e) {
      return e.what();
    }
    return "no error";
  }
  std::map<std::string, Value> values_;
};

TEST_F(ExpressionTest, NamesAndSlicesKeepTheElementType) {
  EXPECT_EQ(eval("%m"), "dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>");
  EXPECT_EQ(eval("m"), "dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>") << "the % may be left out";
  EXPECT_EQ(eval("%m[1]"), "dense<[4, 5, 6]> : tensor<3xi32>");
  EXPECT_EQ(eval("%m[-1, ::2]"), "dense<[4, 6]> : tensor<2xi32>");
  EXPECT_EQ(eval("%m[:, 1:]"), "dense<[[2, 3], [5, 6]]> : tensor<2x2xi32>");
  EXPECT_EQ(eval("%m[0][2]"), "dense<3> : tensor<i32>");
  EXPECT_EQ(eval("%m[:, 5:9]"), "dense<[[], []]> : tensor<2x0xi32>") << "ranges clamp as numpy's do";
}

TEST_F(ExpressionTest, ArithmeticComparisonsAndReductions) {
  EXPECT_EQ(eval("%m * 2 + 1"), "dense<[[3, 5, 7], [9, 11, 13]]> : tensor<2x3xi32>");
  EXPECT_EQ(eval("%m / 4"), "dense<[[0, 0, 0], [1, 1, 1]]> : tensor<2x3xi32>") << "integer division truncates";
  EXPECT_EQ(eval("%m > 3"), "dense<[[false, false, false], [true, true, true]]> : tensor<2x3xi1>");
  EXPECT_EQ(eval("sum(%m)"), "dense<21> : tensor<i32>");
  EXPECT_EQ(eval("mean(%m)"), "dense<3.5> : tensor<f64>");
  EXPECT_EQ(eval("count(%m >= 2 && %m <= 5)"), "dense<4> : tensor<i64>");
  EXPECT_EQ(eval("%arg0 == 7 || false"), "dense<true> : tensor<i1>");
  EXPECT_EQ(eval("-(%arg0 - 10)"), "dense<3> : tensor<i64>");
}

TEST_F(ExpressionTest, NonFiniteValues) {
  EXPECT_EQ(eval("%x"), "dense<[1.5, -2.0, nan]> : tensor<3xf32>");
  EXPECT_EQ(eval("isnan(%x)"), "dense<[false, false, true]> : tensor<3xi1>");
  EXPECT_EQ(eval("any(isnan(%x))"), "dense<true> : tensor<i1>");
  EXPECT_EQ(eval("max(%x)"), "dense<nan> : tensor<f32>") << "NaN propagates as the spec's maximum does";
  EXPECT_EQ(eval("max(abs(%x[0:2])) > 1e4"), "dense<false> : tensor<i1>");
  EXPECT_EQ(eval("%x[1] / 0"), "dense<-inf> : tensor<f32>");
}

TEST_F(ExpressionTest, ConditionsAreTruthyWhenEveryElementIs) {
  auto lookup = [&](const std::string &name) -> const Value * {
    auto it = values_.find(name);
    return it == values_.end() ? nullptr : &it->second;
  };
  EXPECT_TRUE(evaluateExpression("%m > 0", lookup).truthy());
  EXPECT_FALSE(evaluateExpression("%m > 1", lookup).truthy());
  EXPECT_FALSE(evaluateExpression("%m[:, 3:]", lookup).truthy()) << "an empty tensor is false";
}

TEST_F(ExpressionTest, ErrorsSayWhatAndWhere) {
  EXPECT_EQ(error("%nope + 1"), "column 1: %nope is not in scope");
  EXPECT_EQ(error("%m[2]"), "column 6: index 2 is out of bounds for dimension 0 of size 2");
  EXPECT_EQ(error("%m[0, 0, 0]"), "column 12: 3 subscripts for a tensor of rank 2");
  EXPECT_EQ(error("%m + %x"), "column 8: shapes differ: tensor<2x3xi32> + tensor<3xf32>");
  EXPECT_EQ(error("%m / 0"), "column 7: integer division by zero");
  EXPECT_NE(error("frobnicate(%m)").find("unknown function `frobnicate`"), std::string::npos);
  EXPECT_EQ(error("%m[::0]"), "column 7: a slice's step must be positive");
  EXPECT_EQ(error("(%m"), "column 4: expected `)`");
  EXPECT_EQ(error(""), "column 1: empty expression");
  EXPECT_NE(error(std::string(10000, '(') + "1" + std::string(10000, ')')).find("nested too deeply"),
            std::string::npos);
  EXPECT_NE(error(std::string(10000, '-') + "1").find("nested too deeply"), std::string::npos);
}

}  // namespace
}  // namespace shlo::dap

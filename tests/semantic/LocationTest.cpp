// `loc(...)` lowered into the IR: every op's and block argument's written
// location, with `#loc` aliases resolved, as ir::Location values.
#include <gtest/gtest.h>

#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SyntaxTree.h"
#include "tests/support/LowerText.h"

using namespace shlo;

namespace {

using test::Lowered;
using test::lowerText;

/// Every op of the module, outer before nested, by name.
std::vector<const ir::Operation *> opsNamed(const Lowered &l, const std::string &name) {
  std::vector<const ir::Operation *> out;
  ir::walk(l.module.module->topLevel, [&](const ir::Operation *op) {
    if (op->name == name) out.push_back(op);
  });
  return out;
}

constexpr const char *kProgram = R"(func.func @main(%arg0: tensor<4xf32> loc("model.py":1:2)) -> tensor<4xf32> {
  %0 = stablehlo.abs %arg0 : tensor<4xf32> loc(#loc3)
  %1 = stablehlo.negate %0 : tensor<4xf32> loc(#loc3)
  %2 = stablehlo.sqrt %1 : tensor<4xf32> loc(callsite("inner"("layer.py":7:9) at fused["a.py":1:1, #loc1]))
  %3 = stablehlo.exponential %2 : tensor<4xf32> loc(unknown)
  %4 = stablehlo.sine %3 : tensor<4xf32>
  return %4 : tensor<4xf32> loc(#loc2)
} loc(#loc1)
#loc1 = loc("model.py":10:3)
#loc2 = loc(#loc1)
#loc3 = loc("attention"("bert/\"q\".py":42:17))
)";

TEST(Location, FileLineColumnOfAFunctionAndItsArgument) {
  auto l = lowerText(kProgram);
  ASSERT_TRUE(l->module.diagnostics.empty()) << l->module.diagnostics[0].message;
  const ir::Operation *function = opsNamed(*l, "func.func").at(0);
  ASSERT_TRUE(function->location);
  EXPECT_EQ(function->location->kind, ir::Location::Kind::FileLineCol);
  EXPECT_EQ(function->location->name, "model.py");
  EXPECT_EQ(function->location->line, 10u);
  EXPECT_EQ(function->location->column, 3u);
  EXPECT_EQ(l->text.substr(function->locationRange.begin, function->locationRange.size()), "loc(#loc1)");
  const ir::Value *argument = function->regions.at(0)->blocks.at(0)->arguments.at(0);
  ASSERT_TRUE(argument->location);
  EXPECT_EQ(argument->location->str(), "\"model.py\":1:2");
}

TEST(Location, AliasesResolveAndAreShared) {
  auto l = lowerText(kProgram);
  const ir::Operation *abs = opsNamed(*l, "stablehlo.abs").at(0);
  const ir::Operation *negate = opsNamed(*l, "stablehlo.negate").at(0);
  ASSERT_TRUE(abs->location);
  EXPECT_EQ(abs->location->kind, ir::Location::Kind::Name);
  EXPECT_EQ(abs->location->name, "attention");
  // One object for every use of the same location.
  EXPECT_EQ(abs->location.get(), negate->location.get());
  const ir::Location *source = abs->sourceLocation();
  ASSERT_NE(source, nullptr);
  EXPECT_EQ(source->name, "bert/\"q\".py");
  EXPECT_EQ(source->line, 42u);
  EXPECT_EQ(source->column, 17u);
  // An alias of an alias.
  const ir::Operation *ret = opsNamed(*l, "func.return").at(0);
  ASSERT_NE(ret->sourceLocation(), nullptr);
  EXPECT_EQ(ret->sourceLocation()->line, 10u);
}

TEST(Location, CallSiteFusedAndUnknown) {
  auto l = lowerText(kProgram);
  const ir::Operation *sqrt = opsNamed(*l, "stablehlo.sqrt").at(0);
  ASSERT_TRUE(sqrt->location);
  EXPECT_EQ(sqrt->location->kind, ir::Location::Kind::CallSite);
  EXPECT_EQ(sqrt->location->str(),
            "callsite(\"inner\"(\"layer.py\":7:9) at fused[\"a.py\":1:1, \"model.py\":10:3])");
  std::vector<const ir::Location *> files = sqrt->location->fileLocations();
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0]->name, "layer.py");  // The callee first.
  EXPECT_EQ(files[1]->name, "a.py");
  EXPECT_EQ(files[2]->name, "model.py");
  const ir::Operation *exp = opsNamed(*l, "stablehlo.exponential").at(0);
  ASSERT_TRUE(exp->location);
  EXPECT_EQ(exp->location->kind, ir::Location::Kind::Unknown);
  EXPECT_EQ(exp->sourceLocation(), nullptr);
  EXPECT_FALSE(opsNamed(*l, "stablehlo.sine").at(0)->location);
}

TEST(Location, AliasCyclesAndUndefinedAliasesAreUnknown) {
  auto l = lowerText("%0 = \"test.a\"() : () -> i32 loc(#a)\n%1 = \"test.b\"() : () -> i32 loc(#nope)\n"
                     "#a = loc(#b)\n#b = loc(#a)\n");
  const ir::Operation *a = opsNamed(*l, "test.a").at(0);
  const ir::Operation *b = opsNamed(*l, "test.b").at(0);
  ASSERT_TRUE(a->location);
  ASSERT_TRUE(b->location);
  EXPECT_EQ(a->sourceLocation(), nullptr);
  EXPECT_EQ(b->location->kind, ir::Location::Kind::Unknown);
}

}  // namespace

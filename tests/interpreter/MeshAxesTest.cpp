// Mesh-axes replica groups in the interpreter: the flattening against the
// groups StableHLO's compatibility expander writes for the same meshes
// (stablehlo/tests/transforms/mesh_axes_replica_group_compatibility.mlir's
// CHECK lines), and collectives running on such groups.
#include <gtest/gtest.h>

#include <string>

#include "interpreter/Errors.h"
#include "interpreter/MeshAxes.h"
#include "tests/support/Programs.h"

namespace shlo::interpreter {
namespace {

Mesh mesh(std::vector<MeshAxis> axes, std::vector<int64_t> deviceIds = {}) { return {std::move(axes), deviceIds}; }

TEST(MeshAxes, WholeAxesGroupTheDevicesThatDifferOnlyThere) {
  Mesh xy = mesh({{"x", 2}, {"y", 2}});
  EXPECT_EQ(flattenMeshAxes(xy, {{"x"}}), (ReplicaGroups{{0, 2}, {1, 3}}));
  EXPECT_EQ(flattenMeshAxes(xy, {{"y"}}), (ReplicaGroups{{0, 1}, {2, 3}}));
  EXPECT_EQ(flattenMeshAxes(xy, {{"x"}, {"y"}}), (ReplicaGroups{{0, 1, 2, 3}}));
  EXPECT_EQ(flattenMeshAxes(xy, {{"y"}, {"x"}}), (ReplicaGroups{{0, 2, 1, 3}}));
  EXPECT_EQ(flattenMeshAxes(xy, {}), (ReplicaGroups{{0}, {1}, {2}, {3}}));
  EXPECT_EQ(flattenMeshAxes(mesh({{"i", 1}, {"j", 2}}), {{"i"}, {"j"}}), (ReplicaGroups{{0, 1}}));
  EXPECT_EQ(flattenMeshAxes(mesh({}, {0}), {}), (ReplicaGroups{{0}}));
}

TEST(MeshAxes, DeviceIdsRenumberTheMesh) {
  EXPECT_EQ(flattenMeshAxes(mesh({{"x", 2}, {"y", 2}}, {0, 2, 1, 3}), {{"x"}}), (ReplicaGroups{{0, 1}, {2, 3}}));
}

TEST(MeshAxes, SubAxesTakeTheMiddleOfTheirAxis) {
  // "y":(1)2 of y = 4 is y's major half.
  EXPECT_EQ(flattenMeshAxes(mesh({{"x", 2}, {"y", 4}}), {{"y", 1, 2}}),
            (ReplicaGroups{{0, 2}, {1, 3}, {4, 6}, {5, 7}}));
  Mesh fooBar = mesh({{"foo", 6}, {"bar", 5}});
  ReplicaGroups first = flattenMeshAxes(fooBar, {{"foo", 3, 2}, {"bar"}});
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[0], (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(first[2], (std::vector<int64_t>{20, 21, 22, 23, 24, 25, 26, 27, 28, 29}));
  ReplicaGroups second = flattenMeshAxes(fooBar, {{"bar"}, {"foo", 3, 2}});
  ASSERT_EQ(second.size(), 3u);
  EXPECT_EQ(second[1], (std::vector<int64_t>{10, 15, 11, 16, 12, 17, 13, 18, 14, 19}));
}

TEST(MeshAxes, BadReferencesAreErrors) {
  Mesh xy = mesh({{"x", 2}, {"y", 4}});
  EXPECT_THROW(flattenMeshAxes(xy, {{"z"}}), RuntimeError);
  EXPECT_THROW(flattenMeshAxes(xy, {{"x"}, {"x"}}), RuntimeError);
  EXPECT_THROW(flattenMeshAxes(xy, {{"y", 1, 3}}), RuntimeError);
  EXPECT_THROW(flattenMeshAxes(mesh({{"x", 2}}, {0, 1, 2}), {{"x"}}), RuntimeError);
}

TEST(MeshAxes, CollectivesRunOnMeshAxesGroups) {
  // 4 processes on a 2x2 mesh: all_reduce over x sums processes {0, 2} and
  // {1, 3}; over the function-attribute mesh with device_ids [0, 2, 1, 3],
  // x groups {0, 1} and {2, 3}.
  analysis::Analysis keep;
  FunctionOutcome r = test::runProgram(R"(
func.func private @renumbered() attributes {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}], device_ids = dense<[0, 2, 1, 3]> : tensor<4xi64>}}
func.func @sum(%v: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
  %inline = "stablehlo.all_reduce"(%v) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<i64>) -> tensor<i64>
  %named = "stablehlo.all_reduce"(%v) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @renumbered, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<i64>) -> tensor<i64>
  func.return %inline, %named : tensor<i64>, tensor<i64>
}
func.func @main() {
  %a = stablehlo.constant dense<1> : tensor<i64>
  %b = stablehlo.constant dense<10> : tensor<i64>
  %c = stablehlo.constant dense<100> : tensor<i64>
  %d = stablehlo.constant dense<1000> : tensor<i64>
  %r:8 = "interpreter.run_parallel"(%a, %b, %c, %d) {programs = [[@sum], [@sum], [@sum], [@sum]]}
      : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>,
         tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>)
  check.expect_eq_const %r#0, dense<101> : tensor<i64>
  check.expect_eq_const %r#2, dense<1010> : tensor<i64>
  check.expect_eq_const %r#4, dense<101> : tensor<i64>
  check.expect_eq_const %r#1, dense<11> : tensor<i64>
  check.expect_eq_const %r#5, dense<1100> : tensor<i64>
  func.return
}
)",
                                       keep);
  ASSERT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  EXPECT_EQ(r.checks, 5);
}

}  // namespace
}  // namespace shlo::interpreter

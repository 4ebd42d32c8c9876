#!/usr/bin/env bash
# scripts/run-heldout.sh on a folder of three programs of our own: one
# passing its check, one failing it, one taking --args from its RUN line.
# Asserts the per-file lines, the share and the exit status.
set -u
SHLO="$1"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$(dirname "$0")/check-lib.sh"

mkdir -p "$tmp/dir"
cat > "$tmp/dir/a_pass.mlir" <<'EOF2'
func.func @main() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.add %0, %0 : tensor<2xf32>
  check.expect_close %1, %1, max_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  func.return
}
EOF2
cat > "$tmp/dir/b_fail.mlir" <<'EOF2'
func.func @main() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.add %0, %0 : tensor<2xf32>
  check.expect_eq_const %1, dense<[2.0, 5.0]> : tensor<2xf32>
  func.return
}
EOF2
cat > "$tmp/dir/c_args.mlir" <<'EOF2'
// RUN: stablehlo-translate --interpret --args="[dense<[3, 4]> : tensor<2xi32>]" %s
func.func @main(%x: tensor<2xi32>) {
  %0 = stablehlo.add %x, %x : tensor<2xi32>
  check.expect_eq_const %0, dense<[6, 8]> : tensor<2xi32>
  func.return
}
EOF2
out="$tmp/out.txt"
SHLO="$SHLO" bash "$ROOT/scripts/run-heldout.sh" "$tmp/dir" > "$out" 2>&1
status=$?
check "exit status 1 when a file fails" test "$status" -eq 1
check "passing file" grep -qx "PASS a_pass.mlir" "$out"
check "failing file names the check" grep -q "^FAIL b_fail.mlir: .*expect_eq" "$out"
check "--args from the RUN line" grep -qx "PASS c_args.mlir" "$out"
check "share" grep -qx "2 of 3 files passed (66.7%)" "$out"
rm "$tmp/dir/b_fail.mlir"
SHLO="$SHLO" bash "$ROOT/scripts/run-heldout.sh" "$tmp/dir" > "$out" 2>&1
check "exit status 0 when all pass" test $? -eq 0
check "full share" grep -qx "2 of 2 files passed (100.0%)" "$out"
SHLO="$SHLO" bash "$ROOT/scripts/run-heldout.sh" "$tmp/empty" > "$out" 2>&1
check "missing folder is an error" test $? -eq 2

echo "run-heldout: $passed passed, $failures failed"
[ "$failures" -eq 0 ]

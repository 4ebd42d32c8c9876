#!/usr/bin/env bash
# scripts/verify-heldout.sh (issue 11): found/missed expected errors, false
# alarms in chunks without expected-error, and extra errors, per file and in
# total, over a directory of our own small verifier suites.
set -u
SHLO="$1"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$(dirname "$0")/check-lib.sh"
cd "$tmp"
mkdir -p "$tmp/suites/nested"

cat > "$tmp/suites/a.mlir" <<'IN'
func.func @found(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{permutation}}
  %0 = stablehlo.transpose %x, dims = [1] : (tensor<2xf32>) -> tensor<2xf32>
  func.return %x : tensor<2xf32>
}
// -----
func.func @missed(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{nothing wrong here}}
  %0 = stablehlo.add %x, %x : tensor<2xf32>
  func.return %x : tensor<2xf32>
}
// -----
func.func @false_alarm(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.transpose %x, dims = [1] : (tensor<2xf32>) -> tensor<2xf32>
  func.return %x : tensor<2xf32>
}
IN
cat > "$tmp/suites/nested/b.mlir" <<'IN'
func.func @clean(%x: tensor<2xf32>) -> tensor<2xf32> {
  func.return %x : tensor<2xf32>
}
// -----
func.func @extra(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{permutation}}
  %0 = stablehlo.transpose %x, dims = [1] : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.transpose %x, dims = [3] : (tensor<2xf32>) -> tensor<2xf32>
  func.return %x : tensor<2xf32>
}
IN

bash "$ROOT/scripts/verify-heldout.sh" "$tmp/suites" --shlo "$SHLO" > out 2> err
check "exits 0" test $? -eq 0
check "missed: file, line, text" grep -qF "a.mlir:9: missed: nothing wrong here" out
check "false alarm: file and line" grep -qE "^a\.mlir:14: false alarm: " out
check "extra error: listed" grep -qE "^nested/b\.mlir:8: extra error: " out
check "per file" grep -qF "a.mlir: 1 of 2 expected errors found, 1 false alarms in 1 chunks without expected-error, 0 extra errors" out
check "nested files" grep -qF "nested/b.mlir: 1 of 1 expected errors found, 0 false alarms in 1 chunks without expected-error, 1 extra errors" out
check "total" grep -qF "TOTAL (2 files): 2 of 3 expected errors found (66.7%), 1 false alarms in 2 chunks without expected-error, 1 extra errors" out
bash "$ROOT/scripts/verify-heldout.sh" "$tmp/suites" --shlo "$SHLO" --quiet > out 2> err
check "--quiet leaves extra errors out" bash -c "! grep -q 'extra error:' out"

echo "cli_verify_heldout: $passed passed, $failures failed"
test "$failures" -eq 0

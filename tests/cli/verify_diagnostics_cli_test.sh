#!/usr/bin/env bash
# `shlo check --verify-diagnostics` (issue 11): annotations in our own small
# file (every form: same line, @+N, @-N, @above, @below, -re, notes), then
# StableHLO's shared verifier suite, whose figure the test command prints.
set -u
SHLO="$1"
SHARED="$2"
source "$(dirname "$0")/check-lib.sh"
cd "$tmp"

cat > ok.mlir <<'IN'
func.func @a(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{unknown op}}
  %0 = stablehlo.addd %x, %x : tensor<2xf32>
  func.return %x : tensor<2xf32>
}
// -----
func.func @b(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.transpose %x, dims = [1] : (tensor<2xf32>) -> tensor<2xf32>
  // expected-error@-1 {{permutation}}
  func.return %x : tensor<2xf32>
}
// -----
func.func @c(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.transpose %x, dims = [1] : (tensor<2xf32>) -> tensor<2xf32> // expected-error {{same line}}
  %1 = stablehlo.transpose %x, dims = [2] : (tensor<2xf32>) -> tensor<2xf32>
  // expected-error-re@above {{{{.*}}permutation}}
  // expected-error@below {{below}}
  %2 = stablehlo.transpose %x, dims = [3] : (tensor<2xf32>) -> tensor<2xf32>
  func.return %x : tensor<2xf32>
}
// -----
func.func @clean(%x: tensor<2xf32>) -> tensor<2xf32> {
  func.return %x : tensor<2xf32>
}
IN
"$SHLO" check --verify-diagnostics ok.mlir > out 2> err; check "all met: exits 0" test $? -eq 0
check "all met: summary" grep -qF "ok.mlir: 5 of 5 expected diagnostics found, 0 unexpected" out
check "all met: nothing on stderr" test ! -s err

cat > bad.mlir <<'IN'
func.func @a(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{nothing wrong here}}
  %0 = stablehlo.add %x, %x : tensor<2xf32>
  func.return %x : tensor<2xf32>
}
// -----
func.func @b(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.transpose %x, dims = [1] : (tensor<2xf32>) -> tensor<2xf32>
  func.return %x : tensor<2xf32>
}
IN
"$SHLO" check --verify-diagnostics bad.mlir > out 2> err; check "missing and unexpected: exits 1" test $? -eq 1
check "missing: reported at the expected line" grep -qF "bad.mlir:3: error: expected error not produced: nothing wrong here (annotation on line 2)" err
check "unexpected: reported at its place in the file" grep -qF "bad.mlir:8:" err
check "unexpected: marked" grep -qF "error: unexpected: " err
check "missing and unexpected: summary" grep -qF "bad.mlir: 0 of 1 expected diagnostics found, 1 unexpected" out

"$SHLO" check --verify-diagnostics "$SHARED/conformance/verify/ops_stablehlo.mlir" > out 2> err
summary=$(grep -o '[0-9]* of [0-9]* expected diagnostics found, [0-9]* unexpected' out)
echo "[ figures  ] --verify-diagnostics verify/ops_stablehlo.mlir: $summary"
found=$(echo "$summary" | awk '{print $1}')
check "shared suite: at least 598 expected diagnostics found" test "${found:-0}" -ge 598

echo "cli_verify_diagnostics: $passed passed, $failures failed"
test "$failures" -eq 0

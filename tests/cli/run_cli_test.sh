#!/usr/bin/env bash
# Drives the real `shlo run` binary: inputs from --args, .npy and .npz files,
# --elided, --output, pass/fail per function, and clear errors for bad
# programs and bad inputs. The .npy files are written by `shlo run --output`
# itself (and corrupted by hand where a test needs a bad one).
set -u
SHLO="$1"
source "$(dirname "$0")/check-lib.sh"
has() { grep -qF -- "$2" "$1"; }

cat > "$tmp/add.mlir" <<'EOF'
func.func @main(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<2xi32>
  return %0 : tensor<2xi32>
}
EOF
cat > "$tmp/make.mlir" <<'EOF'
func.func @ints() -> tensor<2xi32> {
  %0 = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func @floats() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @matrix() -> tensor<1x2xi32> {
  %0 = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}
EOF

# --args: StableHLO's interpreter syntax.
"$SHLO" run "$tmp/add.mlir" --args="[dense<1> : tensor<2xi32>, dense<[2, 5]> : tensor<2xi32>]" > "$tmp/out" 2>&1
check "args: exits 0" test $? -eq 0
check "args: PASS line" has "$tmp/out" "PASS @main"
check "args: prints the elements" has "$tmp/out" "[3, 6]"
check "args: prints a summary" has "$tmp/out" "tensor<2xi32>: min 3 max 6 mean 4.5"
"$SHLO" run "$tmp/add.mlir" --args="not_array" 2> "$tmp/err"; check "args: not an array exits 2" test $? -eq 2
check "args: not an array is explained" has "$tmp/err" "--args: "
"$SHLO" run "$tmp/add.mlir" --args="[4.0 : f32]" 2> "$tmp/err"; check "args: not dense exits 2" test $? -eq 2
check "args: not dense is explained" has "$tmp/err" "expected a dense elements attribute"
"$SHLO" run "$tmp/add.mlir" --args="[dense<1> : tensor<2xi32>, dense<1> : tensor<2xi32>, dense<1> : tensor<2xi32>]" > "$tmp/out" 2> "$tmp/err"
check "args: too many exits 1" test $? -eq 1
check "args: too many is explained" has "$tmp/err" "@main takes 2 argument(s), --args gives 3"
check "args: arity error has a location" has "$tmp/err" "add.mlir:1:11: error:"
"$SHLO" run "$tmp/add.mlir" --args="[dense<1> : tensor<2xi32>, dense<1.0> : tensor<2xf32>]" 2> "$tmp/err"
check "args: wrong type exits 1" test $? -eq 1
check "args: wrong type is explained" has "$tmp/err" "--args element #1 is tensor<2xf32>, but argument %arg1 of @main is tensor<2xi32>"
"$SHLO" run "$tmp/add.mlir" > "$tmp/out" 2> "$tmp/err"; check "no inputs: exits 1" test $? -eq 1
check "no inputs: names the missing arguments" has "$tmp/err" "@main takes 2 argument(s), 0 given; missing %arg0, %arg1"
check "no inputs: FAIL line" has "$tmp/out" "FAIL @main (inputs)"

# --output writes .npy files, atomically (no temporary files left).
"$SHLO" run "$tmp/make.mlir" --output "$tmp/npy" > "$tmp/out" 2>&1; check "output: exits 0" test $? -eq 0
check "output: ints saved" test -s "$tmp/npy/ints.0.npy"
check "output: floats saved" test -s "$tmp/npy/floats.0.npy"
check "output: no temporary files" test "$(ls "$tmp/npy" | grep -c tmp)" -eq 0
check "output: says where" has "$tmp/out" "saved $tmp/npy/ints.0.npy"
check "output: numpy header" has "$tmp/npy/ints.0.npy" "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }"

# --input NAME=file.npy, by name or position.
"$SHLO" run "$tmp/add.mlir" --input %arg0="$tmp/npy/ints.0.npy" --input 1="$tmp/npy/ints.0.npy" > "$tmp/out" 2>&1
check "npy: exits 0" test $? -eq 0
check "npy: result" has "$tmp/out" "[20, 40]"
"$SHLO" run --input %arg0="$tmp/npy/ints.0.npy" --input 1="$tmp/npy/ints.0.npy" "$tmp/add.mlir" > "$tmp/out" 2>&1
check "npy: --input before the program takes one file each" has "$tmp/out" "[20, 40]"
"$SHLO" run "$tmp/add.mlir" --args="[dense<1> : tensor<2xi32>]" --input arg1="$tmp/npy/ints.0.npy" > "$tmp/out" 2>&1
check "npy + args: result" has "$tmp/out" "[11, 21]"
"$SHLO" run "$tmp/add.mlir" --input %arg0="$tmp/npy/floats.0.npy" --input %arg1="$tmp/npy/ints.0.npy" 2> "$tmp/err"
check "npy: wrong dtype exits 1" test $? -eq 1
check "npy: wrong dtype is explained" has "$tmp/err" "floats.0.npy (for %arg0 of @main): dtype '<f4' does not match the element type i32 (expected '<i4')"
"$SHLO" run "$tmp/add.mlir" --input %arg0="$tmp/npy/matrix.0.npy" --input %arg1="$tmp/npy/ints.0.npy" 2> "$tmp/err"
check "npy: wrong shape exits 1" test $? -eq 1
check "npy: wrong shape is explained" has "$tmp/err" "shape (1, 2) does not match tensor<2xi32>"
"$SHLO" run "$tmp/add.mlir" --input %arg0="$tmp/nope.npy" --input %arg1="$tmp/npy/ints.0.npy" 2> "$tmp/err"
check "npy: missing file exits 1" test $? -eq 1
check "npy: missing file is named" has "$tmp/err" "nope.npy: cannot open file"
"$SHLO" run "$tmp/add.mlir" --input %arg7="$tmp/npy/ints.0.npy" 2> "$tmp/err"
check "npy: unknown argument is explained" has "$tmp/err" "@main has no argument \`%arg7\`"
"$SHLO" run "$tmp/add.mlir" --input %arg0="$tmp/npy/ints.0.npy" --input 0="$tmp/npy/ints.0.npy" --input 1="$tmp/npy/ints.0.npy" 2> "$tmp/err"
check "npy: argument given twice is explained" has "$tmp/err" "argument %arg0 of @main is given twice"
head -c 130 "$tmp/npy/ints.0.npy" > "$tmp/trunc.npy"
"$SHLO" run "$tmp/add.mlir" --input 0="$tmp/trunc.npy" --input 1="$tmp/npy/ints.0.npy" 2> "$tmp/err"
check "npy: truncated data is explained" has "$tmp/err" "truncated .npy data: shape (2,) of '<i4' needs 8 bytes, the file has 2"
check "npy: an input error is not also reported as unused inputs" test "$(grep -c 'no function that was run takes arguments' "$tmp/err")" -eq 0
sed 's/False/True /' "$tmp/npy/ints.0.npy" > "$tmp/fortran.npy"
"$SHLO" run "$tmp/add.mlir" --input 0="$tmp/fortran.npy" --input 1="$tmp/npy/ints.0.npy" 2> "$tmp/err"
check "npy: Fortran order is rejected" has "$tmp/err" "stored in Fortran order; only C order is supported"
printf 'garbage' > "$tmp/garbage.npy"
"$SHLO" run "$tmp/add.mlir" --input 0="$tmp/garbage.npy" --input 1="$tmp/npy/ints.0.npy" 2> "$tmp/err"
check "npy: not numpy is explained" has "$tmp/err" "garbage.npy: not a .npy file"

# .npz archives: members bound by key.
if command -v python3 > /dev/null; then
  python3 - "$tmp" <<'EOF'
import sys, zipfile
d = sys.argv[1]
with zipfile.ZipFile(d + "/in.npz", "w", zipfile.ZIP_DEFLATED) as z:
    z.write(d + "/npy/ints.0.npy", "arg0.npy")
    z.write(d + "/npy/ints.0.npy", "arr_1.npy")
with zipfile.ZipFile(d + "/bad.npz", "w") as z:
    z.write(d + "/npy/ints.0.npy", "weights.npy")
EOF
  "$SHLO" run "$tmp/add.mlir" --input "$tmp/in.npz" > "$tmp/out" 2>&1
  check "npz: exits 0" test $? -eq 0
  check "npz: result" has "$tmp/out" "[20, 40]"
  "$SHLO" run "$tmp/add.mlir" --input "$tmp/bad.npz" 2> "$tmp/err"
  check "npz: unknown key is explained" has "$tmp/err" "bad.npz:weights: no argument of @main is named \`weights\`"
fi

# dense_resource<__elided__> constants and --elided.
cat > "$tmp/elided.mlir" <<'EOF'
func.func @main(%w: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %c = stablehlo.constant dense_resource<__elided__> : tensor<2x2xf32>
  %0 = stablehlo.add %c, %w : tensor<2x2xf32>
  return %0, %c : tensor<2x2xf32>, tensor<2x2xf32>
}
EOF
"$SHLO" run "$tmp/elided.mlir" --args="[dense<1.0> : tensor<2x2xf32>]" > "$tmp/out" 2> "$tmp/err"
check "elided: without --elided exits 1" test $? -eq 1
check "elided: names the constant and its place" has "$tmp/err" "elided.mlir:2:3: error: constant %c of type tensor<2x2xf32> is dense_resource<__elided__>"
check "elided: says how to fill it" has "$tmp/err" "--elided=zeros or --elided=random:SEED"
"$SHLO" run "$tmp/elided.mlir" --elided=zeros --args="[dense<1.0> : tensor<2x2xf32>]" > "$tmp/out" 2>&1
check "elided zeros: exits 0" test $? -eq 0
check "elided zeros: result" has "$tmp/out" "result #0: tensor<2x2xf32>: min 1 max 1 mean 1"
"$SHLO" run "$tmp/elided.mlir" --elided=random:7 > "$tmp/r1" 2> "$tmp/err"
check "elided random: fills the arguments too" has "$tmp/err" "@main: 1 of 1 argument(s) not given; filled with random values (--elided=random:7)"
"$SHLO" run "$tmp/elided.mlir" --elided=random:7 > "$tmp/r2" 2>/dev/null
"$SHLO" run "$tmp/elided.mlir" --elided=random:8 > "$tmp/r3" 2>/dev/null
check "elided random: same seed, same values" cmp -s "$tmp/r1" "$tmp/r2"
check "elided random: other seed, other values" test -n "$(cmp "$tmp/r1" "$tmp/r3")"
"$SHLO" run "$tmp/elided.mlir" --elided=sometimes 2> "$tmp/err"; check "elided: bad value exits 2" test $? -eq 2
check "elided: bad value is explained" has "$tmp/err" "--elided must be \`zeros\` or \`random:SEED\`"

# --threads: accepted, same results; 0 is an error.
"$SHLO" run "$tmp/elided.mlir" --elided=random:7 --threads 2 > "$tmp/r4" 2>/dev/null
check "threads: same results" cmp -s "$tmp/r1" "$tmp/r4"
"$SHLO" run "$tmp/add.mlir" --threads 0 2> "$tmp/err"; check "threads: 0 exits 2" test $? -eq 2

# Without @main: every zero-argument function, chunk by chunk, pass/fail each.
cat > "$tmp/checks.mlir" <<'EOF'
func.func @good() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %0, dense<[1, 2]> : tensor<2xi32>
  func.return
}
// -----
func.func @bad() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %0, dense<[1, 3]> : tensor<2xi32>
  func.return
}
// -----
func.func @divide_by_zero() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  %1 = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.divide %0, %1 : tensor<i32>
  func.return
}
EOF
"$SHLO" run --split-input-file "$tmp/checks.mlir" > "$tmp/out" 2> "$tmp/err"
check "chunks: exits 1 on a failed check" test $? -eq 1
check "chunks: PASS @good" has "$tmp/out" "PASS @good (1 check)"
check "chunks: FAIL @bad" has "$tmp/out" "FAIL @bad (check failed)"
check "chunks: FAIL @divide_by_zero" has "$tmp/out" "FAIL @divide_by_zero (runtime error)"
check "chunks: totals" has "$tmp/out" "1 passed, 2 failed"
check "chunks: runtime error at the op" has "$tmp/err" "checks.mlir:16:3: error: divide: integer division by zero"
# --chunk N: that chunk alone, its lines still the file's.
"$SHLO" run "$tmp/checks.mlir" --chunk 3 > "$tmp/out" 2> "$tmp/err"
check "chunk 3: exits 1 (its division by zero)" test $? -eq 1
check "chunk 3: only @divide_by_zero" sh -c "! grep -q '@good\|@bad' '$tmp/out'"
check "chunk 3: totals" has "$tmp/out" "0 passed, 1 failed"
check "chunk 3: the error at the file's line" has "$tmp/err" "checks.mlir:16:3: error: divide: integer division by zero"
"$SHLO" run "$tmp/checks.mlir" --chunk 1 > "$tmp/out" 2> "$tmp/err"
check "chunk 1: exits 0" test $? -eq 0
check "chunk 1: PASS @good, alone" sh -c "grep -q 'PASS @good (1 check)' '$tmp/out' && grep -q '1 passed, 0 failed' '$tmp/out'"
"$SHLO" run "$tmp/checks.mlir" --chunk 2 --entry bad > "$tmp/out" 2> "$tmp/err"
check "chunk 2 with --entry: FAIL @bad" has "$tmp/out" "FAIL @bad (check failed)"
"$SHLO" run "$tmp/checks.mlir" --chunk 4 2> "$tmp/err"; check "chunk 4 of 3: exits 2" test $? -eq 2
check "chunk 4 of 3: says how many there are" has "$tmp/err" "--chunk 4: $tmp/checks.mlir has 3 \`// -----\` chunks"
"$SHLO" run "$tmp/checks.mlir" --entry nothere 2> "$tmp/err"; check "entry: unknown function exits 1" test $? -eq 1
check "entry: unknown function is named" has "$tmp/err" "no function named @nothere"
"$SHLO" run "$tmp/missing.mlir" 2> "$tmp/err"; check "missing program exits 2" test $? -eq 2

# interpreter.print and interpreter.probe.
cat > "$tmp/probe.mlir" <<'EOF'
func.func @main() {
  %0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  interpreter.print %0 : tensor<2x2xi8>
  %1 = interpreter.probe %0, probe_id = "p/1" : tensor<2x2xi8>
  check.expect_serialized_eq %1, probe_id = "p/1" : tensor<2x2xi8>
  func.return
}
EOF
"$SHLO" run "$tmp/probe.mlir" --output "$tmp/probes" > "$tmp/out" 2>&1
check "probe: exits 0" test $? -eq 0
check "print: the value" has "$tmp/out" "%0 = tensor<2x2xi8> {"
check "probe: file written" test -s "$tmp/probes/probe1.npy"
check "probe: index" has "$tmp/probes/index.csv" "p/1,tensor<2x2xi8>,$tmp/probes/probe1.npy"

# The process grid from flags: every process's results, (replica, partition).
cat > "$tmp/grid.mlir" <<'EOF'
func.func @main(%x: tensor<2xi64>) -> tensor<2xi64> {
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  return %r : tensor<2xi64>
}
EOF
"$SHLO" run "$tmp/grid.mlir" --args="[dense<[1, 2]> : tensor<2xi64>]" --num-replicas 3 > "$tmp/out" 2>&1
check "grid: 3 replicas exit 0" test $? -eq 0
check "grid: process (2, 0) printed" has "$tmp/out" "process (2, 0) result #0"
check "grid: all_reduce summed over 3 replicas" has "$tmp/out" "[3, 6]"
"$SHLO" run "$tmp/grid.mlir" --args="[dense<[1, 2]> : tensor<2xi64>]" > "$tmp/out" 2> "$tmp/err"
check "grid: without the flag a 1x1 grid is too small" has "$tmp/err" "outside the 1x1 grid"
"$SHLO" run "$tmp/grid.mlir" --num-replicas 0 > "$tmp/out" 2> "$tmp/err"
check "grid: --num-replicas 0 is a usage error (2)" test $? -eq 2
check "grid: --num-replicas 0 is explained" has "$tmp/err" "--num-replicas"

# The run session's user side (issue 15): nothing to run is an error, an
# --entry that misses lists the functions, elided constants are counted.
cat > "$tmp/nothing.mlir" <<'EOF'
func.func @f(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func @g(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
EOF
"$SHLO" run "$tmp/nothing.mlir" > "$tmp/out" 2> "$tmp/err"
check "nothing to run: exits 1" test $? -eq 1
check "nothing to run: said, with the functions" has "$tmp/err" "nothing to run: no @main and no function without arguments; choose one with --entry (functions: @f, @g)"
check "nothing to run: no 0 passed, 0 failed" sh -c "! grep -q 'passed' '$tmp/out'"
"$SHLO" run "$tmp/nothing.mlir" --entry h 2> "$tmp/err"; check "entry miss: exits 1" test $? -eq 1
check "entry miss: lists the functions" has "$tmp/err" "no function named @h; its functions: @f, @g"
cat > "$tmp/elided.mlir" <<'EOF'
func.func @main() -> tensor<2xf32> {
  %w = stablehlo.constant dense_resource<__elided__> : tensor<2xf32>
  %b = stablehlo.constant dense_resource<__elided__> : tensor<2xf32>
  %0 = stablehlo.add %w, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}
EOF
"$SHLO" run "$tmp/elided.mlir" --elided zeros > "$tmp/out" 2> "$tmp/err"
check "elided: exits 0" test $? -eq 0
check "elided: the constants filled are counted" has "$tmp/err" "shlo run: 2 elided constant(s) (dense_resource<__elided__>) filled with zeros"
check "elided: no progress bar in a pipe" sh -c "! grep -q ' ops ' '$tmp/err'"

echo "cli_run: $passed passed, $failures failed"
test "$failures" -eq 0

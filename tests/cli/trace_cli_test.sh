#!/usr/bin/env bash
# Drives `shlo run --trace` and `shlo trace-diff`: every op's results saved
# with an index; two traces of the same program agree; a changed constant
# is the first divergence, named with its step, op, value, function and line.
set -u
SHLO="$1"
source "$(dirname "$0")/check-lib.sh"
has() { grep -qF -- "$2" "$1"; }
program="$(dirname "$0")/../dap/programs/loop.mlir"

"$SHLO" run "$program" --trace "$tmp/a" > "$tmp/run.out" 2> "$tmp/run.err"
check "trace: the run passes" has "$tmp/run.out" "PASS @main"
# 35 results: 5 ops before and after the loop, @scale's 2, 4 iterations of 6
# plus the final cond (2), the while's 2 results, and the call's.
check "trace: one row per result" test "$(($(wc -l < "$tmp/a/index.csv") - 1))" -eq 35
check "trace: stderr counts them" has "$tmp/run.err" "35 result(s) saved"
check "trace: the header" has "$tmp/a/index.csv" "step,op,value,function,line,location,file,shape,summary"
check "trace: a row" has "$tmp/a/index.csv" "3,stablehlo.multiply,%y,scale,25,,3.0.npy,tensor<4xf32>,tensor<4xf32>: min -5 max 8 mean 2.75"
check "trace: the files" test -s "$tmp/a/3.0.npy"

"$SHLO" run "$program" --trace "$tmp/b" > /dev/null 2>&1
"$SHLO" trace-diff "$tmp/a" "$tmp/b" > "$tmp/same.out"; status=$?
check "trace-diff: the same run agrees (exit 0)" test "$status" -eq 0
check "trace-diff: says so" has "$tmp/same.out" "no result differs beyond rtol 1e-05, atol 1e-08 (35 compared)"

sed 's/dense<2.0> : tensor<4xf32>/dense<2.001> : tensor<4xf32>/' "$program" > "$tmp/changed.mlir"
"$SHLO" run "$tmp/changed.mlir" --trace "$tmp/c" > /dev/null 2>&1
"$SHLO" trace-diff "$tmp/c" "$tmp/a" > "$tmp/diff.out"; status=$?
check "trace-diff: a divergence exits 1" test "$status" -eq 1
check "trace-diff: the first divergence" has "$tmp/diff.out" \
  "first divergence: step 2, stablehlo.constant %two in @scale at line 24 (max abs error 0.001, max rel error 0.0005)"
check "trace-diff: the per-op table" grep -qE '^3 +stablehlo.multiply +%y +25 +0.004 +0.0005 +DIFFERS' "$tmp/diff.out"
"$SHLO" trace-diff "$tmp/c" "$tmp/a" --atol 0.01 > "$tmp/tolerant.out"; status=$?
check "trace-diff: within --atol agrees" test "$status" -eq 0

"$SHLO" run "$program" --trace "$tmp/f" --trace-filter @scale --trace-filter add > /dev/null 2>&1
check "trace-filter: a function and an op" test "$(cut -d, -f2 "$tmp/f/index.csv" | sort -u | tr '\n' ' ')" = \
  "op stablehlo.add stablehlo.constant stablehlo.multiply "
check "trace-filter: rows" test "$(($(wc -l < "$tmp/f/index.csv") - 1))" -eq 10

"$SHLO" trace-diff "$tmp/a" "$tmp/missing" > /dev/null 2> "$tmp/err"; status=$?
check "trace-diff: a missing trace is an error (exit 2)" test "$status" -eq 2
check "trace-diff: names the index" has "$tmp/err" "missing/index.csv: cannot open the trace's index"

echo "trace cli: $passed passed, $failures failed"
[ "$failures" -eq 0 ]

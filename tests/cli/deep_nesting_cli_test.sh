#!/usr/bin/env bash
# Hostile nesting (issue 18): 100,000 levels of attribute arrays, tuple
# types, regions, dense literals and locations end in one `lower.too-deep`
# error at the level that crosses the limit (256), with exit code 1 and no
# signal; `shlo parse --tree` prints such a file in output linear in its size.
set -u
SHLO="$1"
source "$(dirname "$0")/check-lib.sh"
N=100000
repeat() { head -c "$2" < /dev/zero | tr '\0' "$1"; }  # repeat CHAR COUNT
repeatText() { local i; for ((i = 0; i < $2; ++i)); do printf '%s' "$1"; done; }  # repeat TEXT COUNT

{ printf '%%0 = "test.op"() {a = '; repeat '[' $N; repeat ']' $N; printf '} : () -> i32\n'; } > "$tmp/arrays.mlir"
{ printf 'func.func @f(%%a: '; repeatText 'tuple<' $N; printf 'i32'; repeat '>' $N; printf ') {\n  return\n}\n'; } \
  > "$tmp/tuples.mlir"
{ repeatText $'"test.r"() ({\n' $N; repeatText $'}) : () -> ()\n' $N; } > "$tmp/regions.mlir"
{ printf 'func.func @main() -> tensor<i32> {\n  %%0 = stablehlo.constant dense<'; repeat '[' $N; printf 1; repeat ']' $N
  printf '> : tensor<i32>\n  return %%0 : tensor<i32>\n}\n'; } > "$tmp/dense.mlir"
{ printf '%%0 = "test.op"() : () -> i32 loc('; repeatText '"n"(' $N; printf 'unknown'; repeat ')' $N; printf ')\n'; } \
  > "$tmp/loc.mlir"

# expectTooDeep NAME FIRST-LINE-PREFIX: `shlo check` exits 1 and its first
# line is the depth error at the level that crosses the limit.
expectTooDeep() {
  "$SHLO" check "$tmp/$1.mlir" 2> "$tmp/$1.err"
  local status=$?
  check "$1: check exits 1 (no signal)" test "$status" -eq 1
  check "$1: first line is the depth error" \
    test "$(head -n 1 "$tmp/$1.err")" = "$tmp/$1.mlir:$2 [lower.too-deep]"
}
# Column 278: the 257th `[` after `{a = ` at column 22.
expectTooDeep arrays "1:278: error: nested more than 256 levels deep; not read further"
# Column 1554: the 257th `tuple<` after `func.func @f(%a: ` at column 18.
expectTooDeep tuples "1:1554: error: nested more than 256 levels deep; not read further"
expectTooDeep regions "257:13: error: regions nested more than 256 levels deep; not lowered"
expectTooDeep dense "2:33: error: dense literal nested more than 256 levels deep"
expectTooDeep loc "1:1054: error: nested more than 256 levels deep; not read further"

"$SHLO" run "$tmp/dense.mlir" > "$tmp/run.out" 2> "$tmp/run.err"
check "dense: run exits 1 (no signal)" test $? -eq 1
check "dense: run reports the depth error" \
  test "$(head -n 1 "$tmp/run.err")" = "$tmp/dense.mlir:2:33: error: dense literal nested more than 256 levels deep [lower.too-deep]"

bytes=$(set -o pipefail; "$SHLO" parse --tree "$tmp/arrays.mlir" | wc -c)
check "parse --tree on 100k nested arrays exits 0" test $? -eq 0
# About 100k lines of at most 2 x 256 spaces of indentation and one node:
# linear in the depth (without the cap it would be 10 GB).
check "parse --tree output is bounded ($bytes bytes)" test "$bytes" -lt 80000000

echo "$passed passed, $failures failed"
test "$failures" -eq 0

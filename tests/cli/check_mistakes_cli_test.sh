#!/usr/bin/env bash
# One mistake, one short error (issue 11): `shlo check`'s whole output for
# a typo in an op name, a wrong result shape used later, a deleted `:` and
# a wrong argument in a long call signature.
set -u
SHLO="$1"
source "$(dirname "$0")/check-lib.sh"
same() { diff -u "$1" "$2" > "$tmp/diff" || { cat "$tmp/diff"; return 1; }; }
cd "$tmp"

printf 'func.func @main(%%a: tensor<2xf32>) -> tensor<2xf32> {\n  %%0 = stablehlo.addd %%a, %%a : tensor<2xf32>\n  return %%0 : tensor<2xf32>\n}\n' > typo.mlir
"$SHLO" check typo.mlir 2> out; check "typo: exits 1" test $? -eq 1
cat > want <<'OUT'
typo.mlir:2:8: error: unknown op `stablehlo.addd`: the stablehlo dialect has no such op; did you mean `stablehlo.add`? [op.unknown]
  %0 = stablehlo.addd %a, %a : tensor<2xf32>
       ^~~~~~~~~~~~~~
OUT
check "typo: one error with a suggestion" same want out
printf 'func.func @main(%%a: tensor<2xf32>) -> tensor<2xf32> {\n  %%0 = stablhlo.add %%a, %%a : tensor<2xf32>\n  %%1 = arith.addf %%a, %%a : tensor<2xf32>\n  %%2 = mydialect.op %%a : tensor<2xf32>\n  return %%0 : tensor<2xf32>\n}\n' > dialect.mlir
"$SHLO" check dialect.mlir 2> out; check "misspelled dialect: exits 1" test $? -eq 1
check "misspelled dialect: one error" test "$(grep -c 'error:' out)" -eq 1
check "misspelled dialect: suggestion" grep -qF "unknown dialect \`stablhlo\` in \`stablhlo.add\`; did you mean \`stablehlo.add\`? [op.unknown]" out
"$SHLO" check --no-allow-unregistered-dialect dialect.mlir 2> out
check "--no-allow-unregistered-dialect: the foreign op too" grep -qF "dialect.mlir:4:8: error: op \`mydialect.op\` of unregistered dialect" out
check "--no-allow-unregistered-dialect: arith is known" test "$(grep -c 'error:' out)" -eq 2
"$SHLO" check --format=json typo.mlir > json
check "typo json: the fix renames the op" grep -qF '"new_text": "stablehlo.add"' json

cat > shape.mlir <<'IN'
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  %1 = stablehlo.add %0, %0 : tensor<2x4xf32>
  return %1 : tensor<2x5xf32>
}
IN
"$SHLO" check shape.mlir 2> out; check "wrong shape: exits 1" test $? -eq 1
cat > want <<'OUT'
shape.mlir:2:3: error: result type tensor<2x5xf32> does not match the inferred type tensor<2x4xf32> [dot_general.C12]
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  ^~
shape.mlir:2:3: note: spec (C12): `shape(result) = dim(lhs, lhs_batching_dimensions) + dim(lhs, lhs_result_dimensions) + dim(rhs, rhs_result_dimensions)`.
OUT
check "wrong shape: one error and one note, not one per use" same want out

printf 'func.func @main(%%a: tensor<2xf32>) -> tensor<2xf32> {\n  %%0 = stablehlo.add %%a, %%a tensor<2xf32>\n  %%1 = stablehlo.multiply %%0, %%0 : tensor<2xf32>\n  return %%1 : tensor<2xf32>\n}\n' > colon.mlir
"$SHLO" check colon.mlir 2> out; check "deleted colon: exits 1" test $? -eq 1
cat > want <<'OUT'
colon.mlir:2:29: error: expected `:` before the type `tensor<2xf32>` [syntax.unexpected]
  %0 = stablehlo.add %a, %a tensor<2xf32>
                            ^~~~~~~~~~~~~
OUT
check "deleted colon: says what was expected, once" same want out

# A 300-argument callee: the error names the operand; excerpts are cut.
{
  printf 'func.func @callee('
  for i in $(seq 0 299); do printf '%s%%a%d: tensor<4x4xf32>' "$([ "$i" -gt 0 ] && echo ', ')" "$i"; done
  printf ') -> tensor<4x4xf32> {\n  return %%a0 : tensor<4x4xf32>\n}\n'
  printf 'func.func @main(%%x: tensor<4x4xf32>, %%y: tensor<2xf32>) -> tensor<4x4xf32> {\n  %%0 = call @callee(%%y'
  for i in $(seq 1 299); do printf ', %%x'; done
  printf ') : (tensor<2xf32>'
  for i in $(seq 1 299); do printf ', tensor<4x4xf32>'; done
  printf ') -> tensor<4x4xf32>\n  return %%0 : tensor<4x4xf32>\n}\n'
} > long.mlir
"$SHLO" check long.mlir 2> out; check "long signature: exits 1" test $? -eq 1
check "long signature: one error" test "$(grep -c 'error:' out)" -eq 1
check "long signature: names the operand" grep -qF "long.mlir:5:21: error: operand #0 has type tensor<2xf32> but \`@callee\` takes tensor<4x4xf32> [func.call.signature]" out
check "long signature: no line longer than 200 bytes" test "$(awk '{ if (length($0) > 200) n++ } END { print n + 0 }' out)" -eq 0
check "long signature: cut excerpts are marked" grep -q '\.\.\.$' out

echo "cli_check_mistakes: $passed passed, $failures failed"
test "$failures" -eq 0

#!/usr/bin/env bash
# Drives the real `shlo parse` binary: exit codes, text and JSON output.
set -u
SHLO="$1"
source "$(dirname "$0")/check-lib.sh"

printf 'func.func @f(%%a: tensor<4xf32>) -> tensor<4xf32> {\n  %%0 = stablehlo.abs %%a : tensor<4xf32>\n  return %%0 : tensor<4xf32>\n}\n' > "$tmp/good.mlir"
printf '%%0 = stablehlo.abs %%a : tensor<4xf32\n' > "$tmp/bad.mlir"
head -c 4096 /dev/urandom > "$tmp/binary.mlir"
: > "$tmp/empty.mlir"

"$SHLO" parse "$tmp/good.mlir" > "$tmp/out" 2>&1; check "valid file exits 0" test $? -eq 0
check "valid file prints nothing" test ! -s "$tmp/out"
"$SHLO" parse "$tmp/bad.mlir" 2> "$tmp/err"; check "syntax error exits 1" test $? -eq 1
check "text diagnostic is file:line:col" grep -q "bad.mlir:1:37: error: expected \`>\` in tensor type" "$tmp/err"
check "text diagnostic shows a caret" grep -q '^ *\^' "$tmp/err"
"$SHLO" parse --format=json "$tmp/bad.mlir" > "$tmp/json"; check "json exits 1" test $? -eq 1
check "json has 0-based LSP range" grep -q '"character": 36' "$tmp/json"
check "json has the code" grep -q '"code": "syntax.missing"' "$tmp/json"
"$SHLO" parse --format=json "$tmp/binary.mlir" > "$tmp/json2"; check "binary file exits 1" test $? -eq 1
check "binary file json is an array" grep -q '^\[' "$tmp/json2"
"$SHLO" parse "$tmp/empty.mlir"; check "empty file exits 0" test $? -eq 0
"$SHLO" parse "$tmp/missing.mlir" 2> "$tmp/err3"; check "unreadable file exits 2" test $? -eq 2
check "unreadable file is named" grep -q "missing.mlir: error: cannot open file" "$tmp/err3"
"$SHLO" parse --tree "$tmp/good.mlir" > "$tmp/tree"; check "tree prints operations" grep -q '(operation \[1, 2\]' "$tmp/tree"
check "tree prints fields" grep -q 'results: (result_list' "$tmp/tree"
"$SHLO" parse --summary "$tmp/good.mlir" > "$tmp/sum"; check "summary counts" grep -q '1 functions, 3 operations' "$tmp/sum"
"$SHLO" --version | grep -q '^shlo '; check "--version" test $? -eq 0
"$SHLO" --help | grep -q 'parse'; check "--help lists parse" test $? -eq 0

# shlo check: verifier diagnostics, JSON with op_range, split input files.
printf 'func.func @f(%%a: tensor<2x3xf32>) -> tensor<3x2xf32> {\n  %%0 = stablehlo.transpose %%a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n  return %%0 : tensor<3x2xf32>\n}\n' > "$tmp/bad_check.mlir"
"$SHLO" check "$tmp/good.mlir"; check "check: valid file exits 0" test $? -eq 0
"$SHLO" check "$tmp/bad_check.mlir" 2> "$tmp/cerr"; check "check: constraint violation exits 1" test $? -eq 1
check "check: names the constraint" grep -q 'transpose.C2' "$tmp/cerr"
check "check: points at the attribute" grep -q 'bad_check.mlir:2:' "$tmp/cerr"
"$SHLO" check --format=json "$tmp/bad_check.mlir" > "$tmp/cjson"
check "check: json has op_range" grep -q '"op_range"' "$tmp/cjson"
check "check: json severity" grep -q '"severity": "error"' "$tmp/cjson"
{ cat "$tmp/good.mlir"; echo "// -----"; cat "$tmp/bad_check.mlir"; } > "$tmp/split.mlir"
"$SHLO" check --split-input-file "$tmp/split.mlir" 2> "$tmp/serr"; check "check: split file exits 1" test $? -eq 1
check "check: split keeps the file's line numbers" grep -q 'split.mlir:7:' "$tmp/serr"
check "check: two functions named f in two chunks are fine" test "$(grep -c 'redefinition' "$tmp/serr")" -eq 0

echo "cli_parse: $passed passed, $failures failed"
test "$failures" -eq 0

#!/usr/bin/env bash
# Drives `shlo check` with the linter's advisories: deprecated ops are
# warnings (exit 0 alone), unused results are hints (JSON, --show-hints),
# errors still exit 1, and fixes are in the JSON.
set -u
SHLO="$1"
source "$(dirname "$0")/check-lib.sh"
has() { grep -qF -- "$2" "$1"; }

printf 'func.func @main() -> !stablehlo.token {\n  %%0 = stablehlo.create_token : !stablehlo.token\n  return %%0 : !stablehlo.token\n}\n' > "$tmp/deprecated.mlir"
"$SHLO" check "$tmp/deprecated.mlir" 2> "$tmp/err"; check "deprecated: warnings alone exit 0" test $? -eq 0
check "deprecated: a warning at the op" has "$tmp/err" "deprecated.mlir:2:8: warning: \`stablehlo.create_token\` is deprecated and will be removed from StableHLO; use \`stablehlo.after_all\` [deprecated.op]"
check "deprecated: the safe fix under the caret" grep -q '^ *after_all$' "$tmp/err"
"$SHLO" check --format=json "$tmp/deprecated.mlir" > "$tmp/json"; check "deprecated json: exits 0" test $? -eq 0
check "deprecated json: severity warning" has "$tmp/json" '"severity": "warning"'
check "deprecated json: code" has "$tmp/json" '"code": "deprecated.op"'
check "deprecated json: a safe fix" has "$tmp/json" '"safety": "safe"'
check "deprecated json: the fix's edit" has "$tmp/json" '"new_text": "after_all"'

printf 'func.func @main(%%a: tensor<2xf32>) -> !stablehlo.token {\n  %%0 = stablehlo.create_token : !stablehlo.token\n  %%1 = stablehlo.transpose %%a, dims = [1] : (tensor<2xf32>) -> tensor<2xf32>\n  return %%0 : !stablehlo.token\n}\n' > "$tmp/both.mlir"
"$SHLO" check "$tmp/both.mlir" 2> "$tmp/err2"; check "error and deprecation: exits 1" test $? -eq 1
check "error and deprecation: the warning" has "$tmp/err2" "both.mlir:2:8: warning:"
check "error and deprecation: the error" has "$tmp/err2" "both.mlir:3:"
check "error and deprecation: the error's code" has "$tmp/err2" "[transpose.C"
"$SHLO" check --format=json "$tmp/both.mlir" > "$tmp/json2"; check "error and deprecation json: exits 1" test $? -eq 1

printf 'func.func @main(%%a: tensor<4xf32>) -> tensor<4xf32> {\n  %%u = stablehlo.abs %%a : tensor<4xf32>\n  return %%a : tensor<4xf32>\n}\n' > "$tmp/unused.mlir"
"$SHLO" check "$tmp/unused.mlir" 2> "$tmp/err3"; check "unused: a hint alone exits 0" test $? -eq 0
check "unused: hints are not printed by default" test ! -s "$tmp/err3"
"$SHLO" check --show-hints "$tmp/unused.mlir" 2> "$tmp/err4"; check "unused --show-hints: exits 0" test $? -eq 0
check "unused --show-hints: printed" has "$tmp/err4" "result \`%u\` of \`stablehlo.abs\` is never used [unused.result]"
"$SHLO" check --format=json "$tmp/unused.mlir" > "$tmp/json3"; check "unused json: exits 0" test $? -eq 0
check "unused json: severity hint" has "$tmp/json3" '"severity": "hint"'
check "unused json: an unsafe fix" has "$tmp/json3" '"safety": "unsafe"'

# Split input: advisories keep the file's line numbers.
{ cat "$tmp/unused.mlir"; echo "// -----"; cat "$tmp/deprecated.mlir"; } > "$tmp/split.mlir"
"$SHLO" check --split-input-file "$tmp/split.mlir" 2> "$tmp/err5"; check "split: exits 0" test $? -eq 0
check "split: the warning on the file's line" has "$tmp/err5" "split.mlir:7:8: warning:"

# --explain: the registry's entry, with the spec's constraint for a constraint code.
"$SHLO" check --explain dot_general.C12 > "$tmp/explain"; check "explain: exits 0" test $? -eq 0
check "explain: title" has "$tmp/explain" "dot_general.C12: op constraint violated"
check "explain: spec section" has "$tmp/explain" "spec: spec.md#dot_general"
check "explain: quotes the constraint" has "$tmp/explain" "spec (C12) of stablehlo.dot_general:"
"$SHLO" check --explain deprecated.op > "$tmp/explain2"; check "explain advisory: severity" has "$tmp/explain2" "default severity: warning"
"$SHLO" check --explain no.such.code 2> "$tmp/explain3"; check "explain unknown: exits 2" test $? -eq 2
"$SHLO" check --explain no_such_op.operands 2> /dev/null; check "explain unknown op: exits 2" test $? -eq 2
"$SHLO" check 2> /dev/null; check "no files: exits 2" test $? -eq 2

echo "cli_check: $passed passed, $failures failed"
test "$failures" -eq 0

#!/usr/bin/env bash
# Drives `shlo lint`: exit codes, text/JSON/SARIF/GitHub output (SARIF
# validated against ../shared's official 2.1.0 schema with
# python3-jsonschema, annotations against the workflow-command syntax),
# fixes written atomically, configuration, suppressions, folders, --explain.
set -u
SHLO="$1"
SHARED="$2"
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/check-lib.sh"
has() { grep -qF -- "$2" "$1"; }

cat > "$tmp/clean.mlir" <<'MLIR'
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
MLIR
cat > "$tmp/dirty.mlir" <<'MLIR'
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xf32>
  %c = stablehlo.constant dense<[2.0, 2.0, 2.0, 2.0]> : tensor<4xf32>
  %1 = stablehlo.multiply %0, %c : tensor<4xf32>
  %u = stablehlo.abs %a : tensor<4xf32>
  return %1 : tensor<4xf32>
}
MLIR
printf 'func.func @main(%%a: tensor<2xf32>) -> tensor<2xf32> {\n  %%1 = stablehlo.transpose %%a, dims = [1] : (tensor<2xf32>) -> tensor<2xf32>\n  return %%1 : tensor<2xf32>\n}\n' > "$tmp/invalid.mlir"

# Exit codes: 0 clean, 1 findings, 2 usage or unreadable input.
"$SHLO" lint "$tmp/clean.mlir" > "$tmp/out"; check "clean: exit 0" test $? -eq 0
check "clean: says so" has "$tmp/out" "All checks passed (1 file)."
"$SHLO" lint "$tmp/dirty.mlir" > "$tmp/out"; check "findings: exit 1" test $? -eq 1
check "findings: file:line:col, message and code" has "$tmp/out" "dirty.mlir:2:8: warning: convert to the type its operand already has (tensor<4xf32>) [SHLO301]"
check "findings: the source line" has "$tmp/out" "  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xf32>"
check "findings: a caret" grep -q '^       \^~' "$tmp/out"
check "findings: summary" has "$tmp/out" "Found 3 findings in 1 file."
check "findings: fixable count" has "$tmp/out" "2 fixable with --fix."
check "findings: unsafe count" has "$tmp/out" "1 more fixable with --unsafe-fixes."
check "findings: no colour off a terminal" test "$(grep -c $'\x1b\[' "$tmp/out")" -eq 0
"$SHLO" lint --color=always "$tmp/dirty.mlir" > "$tmp/out"
check "--color=always: colours" test "$(grep -c $'\x1b\[' "$tmp/out")" -gt 0
NO_COLOR=1 "$SHLO" lint --color=auto "$tmp/dirty.mlir" > "$tmp/out"
check "NO_COLOR: no colours" test "$(grep -c $'\x1b\[' "$tmp/out")" -eq 0
"$SHLO" lint --exit-zero "$tmp/dirty.mlir" > /dev/null; check "--exit-zero: exit 0" test $? -eq 0
"$SHLO" lint "$tmp/missing.mlir" > /dev/null 2> "$tmp/err"; check "missing file: exit 2" test $? -eq 2
"$SHLO" lint --select SHLO999 "$tmp/dirty.mlir" > /dev/null 2> "$tmp/err"; check "unknown --select: exit 2" test $? -eq 2
check "unknown --select: named" has "$tmp/err" "SHLO999"
"$SHLO" lint --format=xml "$tmp/dirty.mlir" > /dev/null 2>&1; check "bad --format: exit 2" test $? -eq 2
"$SHLO" lint --select SHLO3 --ignore SHLO309 "$tmp/dirty.mlir" > "$tmp/out"
check "--select/--ignore: kept" has "$tmp/out" "[SHLO301]"
check "--select/--ignore: ignored" test "$(grep -c 'SHLO309\|SHLO101' "$tmp/out")" -eq 0

# A file failing `shlo check`: its first error, once; the next file is still linted.
"$SHLO" lint "$tmp/invalid.mlir" "$tmp/dirty.mlir" > "$tmp/out"; check "invalid: exit 1" test $? -eq 1
check "invalid: the check's error" has "$tmp/out" "invalid.mlir:2:"
check "invalid: reported once" test "$(grep -c 'invalid.mlir:[0-9]*:[0-9]*: error:' "$tmp/out")" -eq 1
check "invalid: the next file linted" has "$tmp/out" "dirty.mlir:2:8:"
check "invalid: summary" has "$tmp/out" "(1 failing \`shlo check\`)"

# --statistics, --explain, --list-rules.
"$SHLO" lint --statistics "$tmp/dirty.mlir" > "$tmp/out"
check "--statistics: a row per rule" grep -qE '^ +1  SHLO301 +redundant-convert$' "$tmp/out"
"$SHLO" lint --explain SHLO301 > "$tmp/out"; check "--explain: exit 0" test $? -eq 0
check "--explain: title" has "$tmp/out" "# SHLO301 redundant-convert"
check "--explain: fix safety" has "$tmp/out" "- fix: safe"
"$SHLO" lint --explain redundant-convert > "$tmp/out2"; check "--explain by name" cmp -s "$tmp/out" "$tmp/out2"
"$SHLO" lint --explain SHLO999 > /dev/null 2>&1; check "--explain unknown: exit 2" test $? -eq 2
"$SHLO" lint --list-rules > "$tmp/out"; check "--list-rules: 30 rules" test "$(grep -c '^SHLO' "$tmp/out")" -eq 30

# JSON.
"$SHLO" lint --format=json "$tmp/dirty.mlir" > "$tmp/json"; check "json: exit 1" test $? -eq 1
check "json: valid, three findings with codes" python3 -c "
import json,sys; d=json.load(open('$tmp/json')); sys.exit(0 if sorted(x['code'] for x in d)==['SHLO101','SHLO301','SHLO309'] else 1)"

# SARIF 2.1.0 against the official schema, with fixes; a broken log is refused.
"$SHLO" lint --format=sarif "$tmp/dirty.mlir" "$tmp/invalid.mlir" > "$tmp/sarif"; check "sarif: exit 1" test $? -eq 1
python3 "$here/validate-sarif.py" "$SHARED/schemas/sarif-schema-2.1.0.json" "$tmp/sarif" > "$tmp/validation"
check "sarif: valid against the 2.1.0 schema" test $? -eq 0
cat "$tmp/validation"
check "sarif: results with fixes" python3 -c "
import json,sys; r=json.load(open('$tmp/sarif'))['runs'][0]
fixes=[x for x in r['results'] if x.get('fixes')]
ok = len(r['results'])==4 and len(fixes)==3 and r['columnKind']=='utf16CodeUnits'
ok = ok and all(rule.get('help',{}).get('text') for rule in r['tool']['driver']['rules'])
sys.exit(0 if ok else 1)"
check "sarif: absolute paths as file:// URIs" has "$tmp/sarif" "\"uri\": \"file://$tmp/dirty.mlir\""
(cd "$tmp" && "$SHLO" lint --format=sarif dirty.mlir > "$tmp/relative.sarif")
check "sarif: relative paths stay relative" has "$tmp/relative.sarif" '"uri": "dirty.mlir"'
python3 -c "
import json; d=json.load(open('$tmp/sarif')); d['version']='2.0'; del d['runs'][0]['tool']
json.dump(d, open('$tmp/broken.sarif','w'))"
python3 "$here/validate-sarif.py" "$SHARED/schemas/sarif-schema-2.1.0.json" "$tmp/broken.sarif" > /dev/null 2>&1
check "sarif: the validator refuses a broken log" test $? -eq 1

# GitHub workflow commands, with a message and a path that need escaping.
mkdir -p "$tmp/a,b:c"
cp "$tmp/dirty.mlir" "$tmp/a,b:c/x.mlir"
"$SHLO" lint --format=github "$tmp/a,b:c/x.mlir" > "$tmp/github"; check "github: exit 1" test $? -eq 1
python3 "$here/check-github-annotations.py" "$tmp/github" > /dev/null; check "github: valid workflow commands" test $? -eq 0
check "github: escaped path" has "$tmp/github" "a%2Cb%3Ac/x.mlir"
check "github: a warning with position and title" grep -qE '^::warning file=[^,]*,line=2,col=8,endLine=2,endColumn=25,title=SHLO301::' "$tmp/github"
printf '::warning file=x,line=0::bad\n' > "$tmp/bad-github"
python3 "$here/check-github-annotations.py" "$tmp/bad-github" > /dev/null; check "github: the checker refuses line=0" test $? -eq 1

# --fix: safe fixes only, written in place; --unsafe-fixes also the rest.
cp "$tmp/dirty.mlir" "$tmp/fix.mlir"; chmod 640 "$tmp/fix.mlir"
"$SHLO" lint --fix "$tmp/fix.mlir" > "$tmp/out"; check "--fix: exit 1 (an unsafe finding remains)" test $? -eq 1
check "--fix: convert gone" test "$(grep -c convert "$tmp/fix.mlir")" -eq 0
# Fixes print as shlo fmt prints (MLIR's float form).
check "--fix: splat written" has "$tmp/fix.mlir" "dense<2.000000e+00> : tensor<4xf32>"
check "--fix: unused op kept" has "$tmp/fix.mlir" "%u = stablehlo.abs"
check "--fix: summary" has "$tmp/out" "Fixed 2 findings."
check "--fix: permissions kept" test "$(stat -c %a "$tmp/fix.mlir")" = 640
check "--fix: no temporary file left" test "$(ls -A "$tmp" | grep -c shlo-lint)" -eq 0
"$SHLO" check "$tmp/fix.mlir" 2> /dev/null; check "--fix: result checks clean" test $? -eq 0
"$SHLO" lint --unsafe-fixes "$tmp/fix.mlir" > "$tmp/out"; check "--unsafe-fixes: exit 0" test $? -eq 0
check "--unsafe-fixes: unused op removed" test "$(grep -c '%u' "$tmp/fix.mlir")" -eq 0
cp "$tmp/clean.mlir" "$tmp/untouched.mlir"; touch -d '2020-01-01' "$tmp/untouched.mlir"
"$SHLO" lint --fix "$tmp/untouched.mlir" > /dev/null
check "--fix: a clean file is not rewritten" test "$(stat -c %Y "$tmp/untouched.mlir")" -eq "$(date -d 2020-01-01 +%s)"
if [ "$(id -u)" -ne 0 ]; then
  mkdir "$tmp/ro"; cp "$tmp/dirty.mlir" "$tmp/ro/x.mlir"; chmod 555 "$tmp/ro"
  "$SHLO" lint --fix "$tmp/ro/x.mlir" > /dev/null 2> "$tmp/err"; check "--fix unwritable: exit 2" test $? -eq 2
  check "--fix unwritable: original intact" cmp -s "$tmp/dirty.mlir" "$tmp/ro/x.mlir"
  chmod 755 "$tmp/ro"
fi

# --diff: what --fix would change, as a unified diff; nothing written.
cp "$tmp/dirty.mlir" "$tmp/diff.mlir"
"$SHLO" lint --diff "$tmp/diff.mlir" > "$tmp/out" 2> "$tmp/err"; check "--diff: exit 1" test $? -eq 1
check "--diff: file untouched" cmp -s "$tmp/dirty.mlir" "$tmp/diff.mlir"
check "--diff: removed line" grep -q '^-  %0 = stablehlo.convert' "$tmp/out"
check "--diff: added line" grep -q '^+  %1 = stablehlo.multiply %a, %c' "$tmp/out"
check "--diff: summary" has "$tmp/err" "Would fix 2 findings in 1 file."
"$SHLO" lint --diff "$tmp/clean.mlir" > "$tmp/out" 2> /dev/null; check "--diff clean: exit 0" test $? -eq 0
check "--diff clean: no diff" test ! -s "$tmp/out"

# A long line is cut around the column; the column printed is the real one.
python3 -c "
print('func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {')
print('  %c = stablehlo.constant dense<[' + ', '.join(['5'] * 300) + ', 6]> : tensor<301xi32> %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xf32>')
print('  return %0 : tensor<4xf32>')
print('}')" > "$tmp/long.mlir"
"$SHLO" lint --select SHLO301 "$tmp/long.mlir" > "$tmp/out"
column=$(awk 'NR == 2 { print index($0, "stablehlo.convert") }' "$tmp/long.mlir")
check "long line: the real column" has "$tmp/out" "long.mlir:2:$column: warning: convert"
check "long line: cut to a window" test "$(awk 'length > 210' "$tmp/out" | wc -l)" -eq 0
check "long line: ellipsis" grep -q '^\.\.\..*stablehlo.convert' "$tmp/out"

# Suppressions.
sed 's|^  %0 = stablehlo.convert|  // shlo-lint: disable-next-line=SHLO301\n  %0 = stablehlo.convert|' "$tmp/dirty.mlir" > "$tmp/suppressed.mlir"
"$SHLO" lint "$tmp/suppressed.mlir" > "$tmp/out"
check "suppression: silenced" test "$(grep -c 'SHLO301\]' "$tmp/out")" -eq 0
check "suppression: others remain" has "$tmp/out" "[SHLO309]"

# Configuration: found by walking up; per-file ignores; severity; problems reported.
mkdir -p "$tmp/project/models/sub" "$tmp/project/tests"
cp "$tmp/dirty.mlir" "$tmp/project/models/sub/m.mlir"; cp "$tmp/dirty.mlir" "$tmp/project/tests/t.mlir"
cat > "$tmp/project/shlo.toml" <<'TOML'
[lint]
ignore = ["SHLO309"]
severity = { SHLO301 = "error" }
per-file-ignores = { "tests/**" = ["correctness"] }
TOML
"$SHLO" lint "$tmp/project/models/sub/m.mlir" "$tmp/project/tests/t.mlir" > "$tmp/out" 2> "$tmp/err"
check "config: ignore" test "$(grep -c 'SHLO309\]' "$tmp/out")" -eq 0
check "config: severity" has "$tmp/out" "m.mlir:2:8: error: convert"
check "config: per-file ignore" test "$(grep -c 't.mlir.*SHLO101' "$tmp/out")" -eq 0
check "config: rest of that file" has "$tmp/out" "t.mlir:2:8: error:"
check "config: not per-file-ignored elsewhere" has "$tmp/out" "m.mlir:5:3: warning: result"
"$SHLO" lint --isolated "$tmp/project/models/sub/m.mlir" > "$tmp/out"
check "--isolated: no configuration" has "$tmp/out" "[SHLO309]"
printf '[tool.shlo.lint]\nselect = ["SHLO1", "SHLO42"]\n' > "$tmp/project/models/pyproject.toml"
"$SHLO" lint "$tmp/project/models/sub/m.mlir" > "$tmp/out" 2> "$tmp/err"
check "pyproject: nearest configuration" test "$(grep -c 'SHLO301' "$tmp/out")" -eq 0
check "pyproject: selected rule" has "$tmp/out" "[SHLO101]"
check "pyproject: unknown selector reported" has "$tmp/err" "SHLO42"

# Folders: *.mlir recursively, hidden folders and git-ignored files skipped.
mkdir -p "$tmp/tree/a/b" "$tmp/tree/.hidden" "$tmp/tree/ignored"
cp "$tmp/dirty.mlir" "$tmp/tree/a/b/one.mlir"; cp "$tmp/clean.mlir" "$tmp/tree/two.mlir"
cp "$tmp/dirty.mlir" "$tmp/tree/.hidden/h.mlir"; cp "$tmp/dirty.mlir" "$tmp/tree/a/x.txt"
cp "$tmp/dirty.mlir" "$tmp/tree/ignored/i.mlir"
"$SHLO" lint "$tmp/tree" > "$tmp/out"
check "folder: recursed" has "$tmp/out" "one.mlir:2:8"
check "folder: hidden skipped" test "$(grep -c 'h.mlir' "$tmp/out")" -eq 0
check "folder: three files" has "$tmp/out" "in 3 files"
if command -v git > /dev/null; then
  git -C "$tmp/tree" init -q && printf 'ignored/\n' > "$tmp/tree/.gitignore"
  "$SHLO" lint "$tmp/tree" > "$tmp/out"
  check "folder in git: .gitignore honoured" test "$(grep -c 'i.mlir' "$tmp/out")" -eq 0
  check "folder in git: untracked files linted" has "$tmp/out" "one.mlir:2:8"
fi

# Parallel runs print the same as serial ones, in the order given.
"$SHLO" lint -j 1 "$tmp/tree" "$tmp/dirty.mlir" > "$tmp/serial"
"$SHLO" lint -j 4 "$tmp/tree" "$tmp/dirty.mlir" > "$tmp/parallel"
check "--jobs: same output" cmp -s "$tmp/serial" "$tmp/parallel"

echo "lint cli: $passed passed, $failures failed"
[ "$failures" -eq 0 ]

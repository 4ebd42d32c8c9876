#!/usr/bin/env bash
# shlo fmt from the command line: output, --check, -i, stdin, and bad input
# (syntax error, unreadable, read-only, a file-size limit standing in for a
# full disk): the original is intact in every refused case.
set -u
shlo="$1"
dir=$(mktemp -d)
trap 'chmod -R u+w "$dir"; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cat > "$dir/ugly.mlir" <<'MLIR'
// keep me
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.abs"(%a) : (tensor<2xf32>) -> tensor<2xf32>   // and me
  return %0 : tensor<2xf32>
}
MLIR
cat > "$dir/pretty.mlir" <<'MLIR'
// keep me
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %a : tensor<2xf32> // and me
  return %0 : tensor<2xf32>
}
MLIR
printf 'func.func @f() {\n  %%0 = stablehlo.add %%a, : tensor<f32>\n}\n' > "$dir/broken.mlir"

# Output to stdout, the file untouched.
out=$("$shlo" fmt "$dir/ugly.mlir") || fail "fmt exit $?"
[ "$out" == "$(cat "$dir/pretty.mlir")" ] || fail "unexpected output: $out"
# stdin to stdout.
out=$("$shlo" fmt - < "$dir/ugly.mlir") || fail "fmt - exit $?"
[ "$out" == "$(cat "$dir/pretty.mlir")" ] || fail "stdin output differs"
# --check: exit 1 naming the file that would change, 0 when formatted.
out=$("$shlo" fmt --check "$dir/ugly.mlir"); [ $? -eq 1 ] || fail "--check should exit 1"
[[ "$out" == *ugly.mlir* ]] || fail "--check did not name the file"
"$shlo" fmt --check "$dir/pretty.mlir" > /dev/null || fail "--check on a formatted file"
# --pretty is the default; with --generic it is a usage error.
[ "$("$shlo" fmt --pretty "$dir/ugly.mlir")" == "$(cat "$dir/pretty.mlir")" ] || fail "--pretty output differs"
"$shlo" fmt --pretty --generic "$dir/ugly.mlir" >/dev/null 2>&1; [ $? -eq 2 ] || fail "--pretty --generic should exit 2"
# Folders are searched for *.mlir.
out=$("$shlo" fmt --check "$dir" 2>/dev/null); [ $? -eq 1 ] || fail "--check on a folder"
[[ "$out" == *ugly.mlir* && "$out" != *pretty.mlir* ]] || fail "--check on a folder: $out"

# --jobs: the same reports, in the same order.
a=$("$shlo" fmt --check "$dir" 2>&1); b=$("$shlo" fmt --check --jobs 2 "$dir" 2>&1)
[ "$a" == "$b" ] || fail "--jobs 2 reports differ: $b"

# --range: only the lines given change.
printf 'func.func @f(%%a: tensor<f32>) -> tensor<f32> {\n  %%0 = "stablehlo.abs"(%%a) : (tensor<f32>) -> tensor<f32>\n  %%1 = "stablehlo.abs"(%%0) : (tensor<f32>) -> tensor<f32>\n  return %%1 : tensor<f32>\n}\n' > "$dir/two.mlir"
out=$("$shlo" fmt --range 3:3 "$dir/two.mlir") || fail "--range exit $?"
[[ "$(echo "$out" | sed -n 2p)" == *'"stablehlo.abs"(%a)'* ]] || fail "--range changed line 2: $out"
[[ "$(echo "$out" | sed -n 3p)" == '  %1 = stablehlo.abs %0 : tensor<f32>' ]] || fail "--range left line 3: $out"

# --diff (as `ruff format --diff`): a unified diff on stdout, exit 1 when a
# file would change, 0 and no output when none would; nothing written.
cp "$dir/ugly.mlir" "$dir/diff.mlir"
out=$("$shlo" fmt --diff "$dir/diff.mlir" 2>"$dir/diff.err"); [ $? -eq 1 ] || fail "--diff should exit 1"
expected="--- $dir/diff.mlir
+++ $dir/diff.mlir
@@ -1,5 +1,5 @@
 // keep me
 func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
-  %0 = \"stablehlo.abs\"(%a) : (tensor<2xf32>) -> tensor<2xf32>   // and me
+  %0 = stablehlo.abs %a : tensor<2xf32> // and me
   return %0 : tensor<2xf32>
 }"
[ "$out" == "$expected" ] || fail "--diff output: $out"
[[ "$(cat "$dir/diff.err")" == "1 file would be reformatted" ]] || fail "--diff summary: $(cat "$dir/diff.err")"
cmp -s "$dir/diff.mlir" "$dir/ugly.mlir" || fail "--diff changed the file"
out=$("$shlo" fmt --diff "$dir/pretty.mlir" 2>/dev/null) || fail "--diff on a formatted file exit $?"
[ -z "$out" ] || fail "--diff on a formatted file printed: $out"
# The diff applies: patch turns the file into the formatted text.
if command -v patch >/dev/null; then
  "$shlo" fmt --diff "$dir/diff.mlir" 2>/dev/null | patch -s -p0 -d / >/dev/null || fail "--diff does not apply"
  cmp -s "$dir/diff.mlir" "$dir/pretty.mlir" || fail "patched file differs from the formatted one"
fi
# A missing final line break is marked as diff marks it.
printf 'func.func @f() {\n  return\n}' > "$dir/nonl.mlir"
out=$("$shlo" fmt --diff "$dir/nonl.mlir" 2>/dev/null); [ $? -eq 1 ] || fail "--diff without a final line break"
[[ "$out" == *'-}'*'\ No newline at end of file'*'+}' ]] || fail "--diff without a final line break: $out"
# A syntax error: exit 1, reported on stderr, no diff.
out=$("$shlo" fmt --diff "$dir/broken.mlir" 2>/dev/null); [ $? -eq 1 ] || fail "--diff on a syntax error"
[ -z "$out" ] || fail "--diff printed a diff for a syntax error"
"$shlo" fmt --diff -i "$dir/diff.mlir" 2>/dev/null; [ $? -eq 2 ] || fail "--diff with -i should exit 2"

# A syntax error: refused with its first error, exit 1, file intact.
cp "$dir/broken.mlir" "$dir/broken.orig"
err=$("$shlo" fmt -i "$dir/broken.mlir" 2>&1); [ $? -eq 1 ] || fail "syntax error should exit 1"
[[ "$err" == *broken.mlir:2:*error:* ]] || fail "syntax error not located: $err"
cmp -s "$dir/broken.mlir" "$dir/broken.orig" || fail "broken file changed"
# Unreadable input: exit 2.
"$shlo" fmt "$dir/missing.mlir" 2>/dev/null; [ $? -eq 2 ] || fail "missing file should exit 2"

# A read-only file is left alone (exit 2), also for root.
cp "$dir/ugly.mlir" "$dir/ro.mlir"; chmod 0444 "$dir/ro.mlir"
"$shlo" fmt -i "$dir/ro.mlir" 2>/dev/null; [ $? -eq 2 ] || fail "read-only file should exit 2"
cmp -s "$dir/ro.mlir" "$dir/ugly.mlir" || fail "read-only file changed"

# A full disk, simulated by a file-size limit smaller than the output.
cp "$dir/ugly.mlir" "$dir/big.mlir"
(ulimit -f 0; "$shlo" fmt -i "$dir/big.mlir" 2>/dev/null); [ $? -eq 2 ] || fail "full disk should exit 2"
cmp -s "$dir/big.mlir" "$dir/ugly.mlir" || fail "file changed on a full disk"
[ "$(ls -A "$dir" | grep -c shlo-fmt)" -eq 0 ] || fail "temporary file left behind"

# In place: formatted, mode kept, no temporary file left.
chmod 0640 "$dir/ugly.mlir"
"$shlo" fmt -i "$dir/ugly.mlir" || fail "fmt -i exit $?"
cmp -s "$dir/ugly.mlir" "$dir/pretty.mlir" || fail "fmt -i result differs"
[ "$(stat -c %a "$dir/ugly.mlir")" == 640 ] || fail "mode not kept"
[ "$(ls -A "$dir" | grep -c shlo-fmt)" -eq 0 ] || fail "temporary file left behind"
echo "fmt CLI tests passed"

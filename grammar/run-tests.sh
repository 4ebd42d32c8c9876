#!/usr/bin/env bash
# Runs tree-sitter's own tests for the grammar: the corpus (test/corpus) and
# the highlight assertions (test/highlight).
# Usage: grammar/run-tests.sh [path/to/tree-sitter]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
TS="${1:-$(bash "$here/build-generator.sh" | tail -n1)}"
cd "$here"
# tree-sitter test compiles src/parser.c into <cache>/tree-sitter/lib/stablehlo.so
# and reuses it while it is newer than parser.c. The default cache
# (~/.cache) is shared by every checkout on the machine, so one worktree's
# tests could run another's parser; keep the cache inside this checkout.
export XDG_CACHE_HOME="$here/build/tree-sitter-cache"
mkdir -p "$XDG_CACHE_HOME"
out="$("$TS" test 2>&1)"
status=$?
printf '%s\n' "$out" | sed 's/\x1b\[[0-9;]*m//g'
passed=$(printf '%s\n' "$out" | grep -c '✓')
failed=$(printf '%s\n' "$out" | grep -c '✗')
echo "tree-sitter test: $passed passed, $failed failed"
[ $status -eq 0 ] && [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

#!/usr/bin/env bash
# Checks that grammar.js regenerates to exactly the committed src/: the C++
# build and editors use src/ as committed, so it must never drift.
# Usage: grammar/check-generated.sh [path/to/tree-sitter]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
TS="${1:-$(bash "$here/build-generator.sh" | tail -n1)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here/grammar.js" "$here/op-names.js" "$here/package.json" "$work/"
mkdir -p "$work/src"
cp "$here/src/scanner.c" "$work/src/"
(cd "$work" && "$TS" generate >/dev/null)
status=0
for f in parser.c grammar.json node-types.json tree_sitter/parser.h; do
  if ! cmp -s "$work/src/$f" "$here/src/$f"; then
    echo "src/$f differs from what grammar.js generates; run: (cd grammar && $TS generate)"
    status=1
  fi
done
[ $status -eq 0 ] && echo "src/ matches grammar.js"
exit $status

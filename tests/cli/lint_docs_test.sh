#!/usr/bin/env bash
# docs/rules/ is generated from the rules' own documentation
# (`shlo lint --generate-docs`): the checked-in pages must equal what the
# code generates, so they cannot drift. Regenerate with
#   build/bin/shlo lint --generate-docs docs/rules
set -u
SHLO="$1"
DOCS="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$SHLO" lint --generate-docs "$tmp/rules" || exit 1
if ! diff -r "$DOCS" "$tmp/rules"; then
  echo "docs/rules differs from the rules: regenerate with shlo lint --generate-docs docs/rules"
  exit 1
fi
echo "lint docs: $(ls "$tmp/rules" | wc -l) pages match"

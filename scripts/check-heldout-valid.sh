#!/usr/bin/env bash
# False-alarm figure on valid StableHLO files kept outside the repo (issue 11):
# runs `shlo check --split-input-file` on every .mlir file of DIR, prints each
# file that gets an error with its error lines, then "files with errors: N / M".
# Usage: scripts/check-heldout-valid.sh DIR [SHLO_BINARY]
# Exit status 0 whatever the count (it is a figure, not a gate).
set -uo pipefail
dir="${1:?usage: $0 DIR [SHLO_BINARY]}"
root="$(cd "$(dirname "$0")/.." && pwd)"
shlo="${2:-$root/build/bin/shlo}"
total=0
failed=0
for file in "$dir"/*.mlir; do
  [ -e "$file" ] || continue
  total=$((total + 1))
  errors="$("$shlo" check --split-input-file --color never "$file" 2>&1 | grep -E '^[^ ]+:[0-9]+:[0-9]+: error:')"
  if [ -n "$errors" ]; then
    failed=$((failed + 1))
    echo "== $(basename "$file")"
    echo "$errors" | sed 's/^/  /'
  fi
done
echo "files with errors: $failed / $total"

#!/usr/bin/env bash
# semantic/ops/OpTable.inc and grammar/op-names.js must be what
# semantic/ops/gen-ops.py makes of the op definitions (semantic/ops/defs/)
# and the spec today: the grammar's op list cannot drift from the table.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 "$root/semantic/ops/gen-ops.py" "$root/../shared/spec/spec.md" "$tmp" >/dev/null
status=0
for file in semantic/ops/OpTable.inc grammar/op-names.js; do
  if cmp -s "$tmp/$file" "$root/$file"; then
    echo "$file matches the op definitions"
  else
    echo "$file differs from what the op definitions generate; run semantic/ops/gen-ops.py"
    status=1
  fi
done
exit $status

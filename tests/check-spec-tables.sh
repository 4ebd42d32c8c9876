#!/usr/bin/env bash
# semantic/ops/SpecTables.inc must be what semantic/ops/gen-spec-tables.py
# makes of the spec today: a changed spec regenerates it, never a hand edit.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
python3 "$root/semantic/ops/gen-spec-tables.py" "$root/../shared/spec/spec.md" "$tmp" >/dev/null
if cmp -s "$tmp" "$root/semantic/ops/SpecTables.inc"; then
  echo "SpecTables.inc matches spec.md"
else
  echo "SpecTables.inc differs from what spec.md generates; run semantic/ops/gen-spec-tables.py"
  exit 1
fi

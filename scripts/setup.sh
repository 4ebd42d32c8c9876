#!/usr/bin/env bash
# The README's first command: install dependencies, build `shlo`, and run it
# on the bundled example program.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
echo
echo "== shlo parse --summary examples/mlp.mlir"
"$root/build/bin/shlo" parse --summary "$root/examples/mlp.mlir"
echo
echo "== shlo check examples/mlp.mlir (no output: no errors)"
"$root/build/bin/shlo" check "$root/examples/mlp.mlir" && echo "ok: examples/mlp.mlir satisfies the spec's constraints"

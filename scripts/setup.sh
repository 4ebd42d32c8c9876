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

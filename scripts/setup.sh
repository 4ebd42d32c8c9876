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
echo
echo "== shlo run examples/mlp_inputs.mlir --output build/mlp_inputs (writes the inputs as .npy files)"
"$root/build/bin/shlo" run "$root/examples/mlp_inputs.mlir" --output "$root/build/mlp_inputs" > /dev/null
ls "$root/build/mlp_inputs"/*.npy | sed "s|$root/||"
echo
echo "== shlo run examples/mlp.mlir --input %x=build/mlp_inputs/x.0.npy ... (class probabilities of 4 samples)"
in="$root/build/mlp_inputs"
"$root/build/bin/shlo" run "$root/examples/mlp.mlir" --input %x="$in/x.0.npy" --input %w1="$in/w1.0.npy" \
  --input %b1="$in/b1.0.npy" --input %w2="$in/w2.0.npy" --input %b2="$in/b2.0.npy"

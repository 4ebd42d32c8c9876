#!/usr/bin/env bash
# Runs the three exported models of ../shared/models end to end with
# `shlo run --elided=random:0` (their weights are elided constants or @main
# arguments, filled with seeded random values) and prints, per model, the
# output shapes and summaries, wall time and peak RSS (GNU time -v).
#
#   bash bench/run-models.sh [SHLO_BINARY] [--threads N]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shlo="${1:-$root/build/bin/shlo}"
shift || true
models="$root/../shared/models"
if [ ! -x /usr/bin/time ]; then
  echo "run-models: needs GNU time (/usr/bin/time, Debian package \`time\`)" >&2
  exit 2
fi
# CPU time (user + system) is printed too: on a busy machine it is the
# steadier figure.
printf '%-22s %9s %9s %12s  %s\n' model "wall (s)" "cpu (s)" "peak RSS MB" outputs
for model in jax_resnet_50 pt_bert searchless_chess_9m; do
  out=$(mktemp) timing=$(mktemp)
  status=0
  /usr/bin/time -v -o "$timing" "$shlo" run "$models/$model.mlir" --elided=random:0 "$@" > "$out" 2>/dev/null || status=$?
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$timing" | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
  cpu=$(awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {printf "%.2f", u + s}' "$timing")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$timing")
  shapes=$(grep -o 'result #[0-9]*: tensor<[^>]*>' "$out" | sed 's/result #[0-9]*: //' | paste -sd ' ' -)
  if [ "$status" -ne 0 ] || ! grep -q '^PASS @main' "$out"; then shapes="FAILED (exit $status): $(head -c 300 "$out")"; fi
  printf '%-22s %9s %9s %12s  %s\n' "$model" "$wall" "$cpu" "$rss" "$shapes"
  grep -E '^  result #' "$out" | sed "s/^/    /"
  rm -f "$out" "$timing"
done

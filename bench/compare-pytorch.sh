#!/usr/bin/env bash
# `shlo run --elided=random:0` on the three models of ../shared/models beside
# PyTorch on models of the same shapes (bench/pytorch_models.py), at 1 and 2
# threads, in one run. For shlo: the run phase that `--timing` reports
# (evaluation only, after parsing and binding inputs and weights), wall and
# CPU seconds, best of RUNS, and the whole process's wall time. For PyTorch:
# the best of eager and TorchScript-frozen, wall and CPU, best of RUNS.
# Ratios are shlo / PyTorch (below 1: shlo is faster). CPU seconds are the
# steadier figure on a shared machine.
#
#   bash bench/compare-pytorch.sh [--install] [SHLO_BINARY] [RUNS]
#
# PyTorch is Debian's python3-torch (1.13, oneDNN inside, no MKL): its
# matrix products go to the system BLAS, so --install installs it with
# OpenBLAS (libopenblas0-pthread; without it Debian's reference BLAS makes
# PyTorch 10-30x slower on the transformers). Without PyTorch and without
# --install, the PyTorch columns are skipped and counted.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
install=0
if [ "${1:-}" = "--install" ]; then install=1; shift; fi
shlo="${1:-$root/build/bin/shlo}"
runs="${2:-3}"
models="$root/../shared/models"
names=(jax_resnet_50 pt_bert searchless_chess_9m)
# Debian's interpreter: python3-torch installs into its dist-packages (a
# python3 earlier on PATH, e.g. pyenv's, does not see it).
py=/usr/bin/python3
[ -x "$py" ] || py=python3

if ! "$py" -c 'import torch' 2>/dev/null && [ "$install" = 1 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-torch libopenblas0-pthread >/dev/null
fi
have_torch=0
"$py" -c 'import torch' 2>/dev/null && have_torch=1

declare -A torch_wall torch_cpu
if [ "$have_torch" = 1 ]; then
  for threads in 1 2; do
    while read -r model t ew ec fw fc; do
      # The better of eager and frozen, by wall time.
      if awk -v a="$ew" -v b="$fw" 'BEGIN { exit !(a <= b) }'; then
        torch_wall[$model/$t]=$ew torch_cpu[$model/$t]=$ec
      else
        torch_wall[$model/$t]=$fw torch_cpu[$model/$t]=$fc
      fi
    done < <(OMP_NUM_THREADS=$threads OPENBLAS_NUM_THREADS=$threads "$py" "$root/bench/pytorch_models.py" "$threads" "$runs" 2>/dev/null)
  done
fi

declare -A run_wall run_cpu
printf '%-20s %3s %9s %9s %9s | %9s %9s | %8s %8s\n' model thr "run wall" "run cpu" "process" \
  "torch wall" "torch cpu" "wall x" "cpu x"
skipped=0
for model in "${names[@]}"; do
  for threads in 1 2; do
    best_wall="" best_cpu="" process=""
    for ((r = 0; r < runs; r++)); do
      err=$(mktemp)
      start=$(date +%s.%N)
      "$shlo" run "$models/$model.mlir" --elided=random:0 --timing --threads "$threads" > /dev/null 2> "$err" || true
      end=$(date +%s.%N)
      line=$(grep 'evaluate (run phase)' "$err" || true)
      rm -f "$err"
      [ -z "$line" ] && continue
      wall=$(echo "$line" | awk '{print $4}') cpu=$(echo "$line" | awk '{print $7}')
      total=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
      if [ -z "$best_wall" ] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then best_wall=$wall; fi
      if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then best_cpu=$cpu; fi
      if [ -z "$process" ] || awk -v a="$total" -v b="$process" 'BEGIN { exit !(a < b) }'; then process=$total; fi
    done
    if [ -z "$best_wall" ]; then
      printf '%-20s %3s FAILED (no run phase reported)\n' "$model" "$threads"
      continue
    fi
    run_wall[$model/$threads]=$best_wall run_cpu[$model/$threads]=$best_cpu
    tw="${torch_wall[$model/$threads]:-}" tc="${torch_cpu[$model/$threads]:-}"
    if [ -n "$tw" ]; then
      rw=$(awk -v a="$best_wall" -v b="$tw" 'BEGIN { printf "%.2f", a / b }')
      rc=$(awk -v a="$best_cpu" -v b="$tc" 'BEGIN { printf "%.2f", a / b }')
    else
      tw=skipped tc=skipped rw=- rc=-
      skipped=$((skipped + 1))
    fi
    printf '%-20s %3s %9s %9s %9s | %9s %9s | %8s %8s\n' "$model" "$threads" "$best_wall" "$best_cpu" "$process" \
      "$tw" "$tc" "$rw" "$rc"
  done
done
echo
for model in "${names[@]}"; do
  if [ -n "${run_wall[$model/1]:-}" ] && [ -n "${run_wall[$model/2]:-}" ]; then
    awk -v m="$model" -v a="${run_wall[$model/1]}" -v b="${run_wall[$model/2]}" \
      'BEGIN { printf "%-20s 2 threads vs 1 (run phase, wall): %.2fx faster\n", m, a / b }'
  fi
done
if [ "$have_torch" = 0 ]; then
  echo "compare-pytorch: PyTorch is not installed (Debian package python3-torch; rerun with --install):" \
    "$skipped comparison(s) skipped"
fi
echo "shlo $("$shlo" --version | sed -n 2p)"
if [ "$have_torch" = 1 ]; then
  blas=$(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || echo unknown)
  echo "PyTorch $("$py" -c 'import torch; print(torch.__version__)'), BLAS: $blas"
fi

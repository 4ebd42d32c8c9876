#!/usr/bin/env bash
# Runs every .mlir file of DIR through `shlo run` and prints PASS/FAIL per
# file and the share that passed, so a figure on held-out StableHLO files
# (its CHLO math tests, JAX testdata programs; fetched outside the repo) can
# be reproduced on any such directory.
#
#   bash scripts/run-heldout.sh DIR [--reference]
#
# Each file is run as its first `// RUN:` (or `// RUN-DISABLED`) line asks:
# `--split-input-file` and `--args="..."` are passed on; a file passes when
# `shlo run` exits 0 (every function run passed its checks). SHLO overrides
# the binary (default build/bin/shlo); TIMEOUT the seconds per file (120).
# Exit status: 0 when every file passed, 1 otherwise.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shlo="${SHLO:-$root/build/bin/shlo}"
timeout_s="${TIMEOUT:-120}"
dir="${1:?usage: run-heldout.sh DIR [extra shlo run options]}"
shift
[ -x "$shlo" ] || { echo "run-heldout: no $shlo (build it first)" >&2; exit 2; }
[ -d "$dir" ] || { echo "run-heldout: no directory $dir" >&2; exit 2; }

passed=0
total=0
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
while IFS= read -r -d '' file; do
  total=$((total + 1))
  run_line="$(grep -m1 -E '^// RUN(-DISABLED)?' "$file" || true)"
  options=()
  case "$run_line" in *split-input-file*) options+=(--split-input-file) ;; esac
  if [[ "$run_line" =~ --args=\"([^\"]*)\" ]]; then options+=("--args=${BASH_REMATCH[1]}"); fi
  name="$(basename "$file")"
  if timeout "$timeout_s" "$shlo" run "${options[@]}" "$@" "$file" >"$out" 2>&1; then
    passed=$((passed + 1))
    echo "PASS $name"
  else
    status=$?
    # The first diagnostic (it says what went wrong), else the first
    # FAIL/unsupported line, else the last line.
    reason="$(grep -m1 -E 'error:' "$out" || grep -m1 -iE 'fail|unsupported' "$out" || tail -n1 "$out")"
    [ "$status" -eq 124 ] && reason="timed out after ${timeout_s}s"
    echo "FAIL $name: ${reason:0:300}"
  fi
done < <(find "$dir" -maxdepth 1 -name '*.mlir' -print0 | sort -z)

if [ "$total" -eq 0 ]; then
  echo "run-heldout: no .mlir files in $dir" >&2
  exit 2
fi
echo "$passed of $total files passed ($(awk -v p="$passed" -v t="$total" 'BEGIN { printf "%.1f", 100 * p / t }')%)"
[ "$passed" -eq "$total" ]

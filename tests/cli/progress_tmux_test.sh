#!/usr/bin/env bash
# ctest cli_run_progress: `shlo run` ($1) in a real terminal (tmux) draws a
# progress line on stderr for a run longer than a second (ops done of ops
# planned, the op running now with its line) and erases it at the end; in a
# pipe it draws nothing. Exit 77 (skipped) without tmux.
set -uo pipefail
shlo="$1"
command -v tmux >/dev/null 2>&1 || { echo "skipped: tmux is not installed"; exit 77; }
tmp=$(mktemp -d)
socket="shlo-progress-test-$$"
tmux_() { tmux -L "$socket" "$@"; }
cleanup() { tmux_ kill-server >/dev/null 2>&1 || true; rm -rf "$tmp"; }
trap cleanup EXIT
failures=0
# A loop of scalar adds that runs for a few seconds: its length comes from
# --args, so that a slow machine still sees the line within the wait below.
cat > "$tmp/long.mlir" <<'EOF'
func.func @main(%limit: tensor<i64>) -> tensor<i64> {
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.while(%i = %init) : tensor<i64>
    cond {
      %c = stablehlo.compare LT, %i, %limit : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %next = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %next : tensor<i64>
    }
  return %r : tensor<i64>
}
EOF
args='[dense<1500000> : tensor<i64>]'
tmux_ -f /dev/null new-session -d -s run -x 160 -y 20 \
  "$shlo run $tmp/long.mlir --args='$args'; echo EXITED \$?; sleep 30"
screen() { tmux_ capture-pane -p -t run; }
wait_for() {  # wait_for PATTERN SECONDS
  for _ in $(seq $(( $2 * 10 ))); do
    if screen | grep -Eq -- "$1"; then return 0; fi
    sleep 0.1
  done
  return 1
}
line_while=$(grep -n 'stablehlo.while' "$tmp/long.mlir" | cut -d: -f1)
if wait_for "\] 1/3 ops  stablehlo.while \(line $line_while\)" 30; then
  echo "ok: the progress line on a terminal"
else
  echo "FAIL: no progress line:"; screen; failures=$((failures + 1))
fi
if wait_for "EXITED 0" 120; then
  echo "ok: the run ends"
  if screen | grep -q ' ops  '; then
    echo "FAIL: the progress line is left on the screen:"; screen; failures=$((failures + 1))
  else
    echo "ok: the progress line is erased"
  fi
  if screen | grep -q 'PASS @main'; then echo "ok: the results follow"; else echo "FAIL: no PASS line"; failures=$((failures + 1)); fi
else
  echo "FAIL: the run did not end:"; screen; failures=$((failures + 1))
fi
# In a pipe: nothing but the results and the totals.
"$shlo" run "$tmp/long.mlir" --args='[dense<1000> : tensor<i64>]' > "$tmp/out" 2> "$tmp/err"
if [ -s "$tmp/err" ]; then echo "FAIL: stderr in a pipe:"; cat "$tmp/err"; failures=$((failures + 1)); else echo "ok: nothing on stderr in a pipe"; fi
if [ "$failures" -ne 0 ]; then echo "cli_run_progress: $failures failure(s)"; exit 1; fi
echo "cli_run_progress: all passed"

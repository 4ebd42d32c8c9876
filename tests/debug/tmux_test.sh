#!/usr/bin/env bash
# ctest debug_terminal: `shlo debug` ($1) in a real terminal (tmux): keys are
# typed with send-keys and the screen is read with capture-pane. Checks a
# conditional breakpoint, print of a slice, tab completion of a value name,
# next, back (history), finish out of a call and the end of the run.
# Exit 77 (skipped) without tmux.
set -uo pipefail
shlo="$1"
here="$(cd "$(dirname "$0")" && pwd)"
program="$here/../dap/programs/loop.mlir"
command -v tmux >/dev/null 2>&1 || { echo "skipped: tmux is not installed"; exit 77; }
socket="shlo-debug-test-$$"
session="dbg"
failures=0
tmux_() { tmux -L "$socket" "$@"; }
cleanup() { tmux_ kill-server >/dev/null 2>&1 || true; }
trap cleanup EXIT

tmux_ -f /dev/null new-session -d -s "$session" -x 200 -y 50 "$shlo debug $program; echo EXITED \$?; sleep 30"
screen() { tmux_ capture-pane -p -t "$session" -S -200; }
# Waits until the screen shows `pattern` (an extended regex), up to 10 s.
expect() {
  local pattern="$1" what="$2"
  for _ in $(seq 100); do
    if screen | grep -Eq -- "$pattern"; then echo "ok: $what"; return 0; fi
    sleep 0.1
  done
  echo "FAIL: $what: no /$pattern/ on the screen:"; screen | grep -v '^$' | tail -15
  failures=$((failures + 1))
}
type_() { tmux_ send-keys -t "$session" -l "$1"; tmux_ send-keys -t "$session" Enter; }

line_sq=$(grep -n '%sq = stablehlo.multiply' "$program" | cut -d: -f1)
line_call=$(grep -n '%w = func.call' "$program" | cut -d: -f1)
line_two=$(grep -n '%two = stablehlo.constant' "$program" | cut -d: -f1)

expect '^\(shlo\)' "the prompt"
type_ "break $line_sq if %i == 2"
expect "breakpoint 1 at line $line_sq" "a conditional breakpoint"
type_ "break $line_call"
expect "breakpoint 2 at line $line_call" "a line breakpoint"
type_ "run"
expect "^$line_call +%w = func.call" "run stops at the call"
type_ "step"
expect "^$line_two +%two = stablehlo.constant" "step into @scale"
type_ "finish"
expect "stopped \(step\) in stablehlo.while in @main" "finish returns to @main"
type_ "print %w[1:3]"
expect '^dense<\[-5.0, 6.0\]> : tensor<2xf32>$' "print of a slice"
type_ "continue"
expect "iteration 2\)" "the condition holds in iteration 2"
# Tab completion of a value name: `%s` completes to the body's `%s`, `%sq`... ; `%ini` to `%init`.
tmux_ send-keys -t "$session" -l "print %ini"
tmux_ send-keys -t "$session" Tab
tmux_ send-keys -t "$session" Enter
expect '^dense<0> : tensor<i64>$' "tab completes %ini to %init"
type_ "print %i + 40"
expect '^dense<42> : tensor<i64>$' "print of an expression"
type_ "info locals"
expect '^%s = dense<1> : tensor<i64>$' "info locals"
type_ "next"
expect "stopped \(step\) in stablehlo.add" "next"
type_ "back"
expect "stopped \(step back\) in stablehlo.multiply.*\[history\]" "back into the history"
type_ "delete"
type_ "continue"
type_ "continue"
expect "PASS @main \(0 checks\)" "the run ends"
expect "the program ended with exit code 0" "the exit code"
type_ "quit"
expect "EXITED 0" "quit"

if [ "$failures" -ne 0 ]; then echo "debug_terminal: $failures failure(s)"; exit 1; fi
echo "debug_terminal: all passed"

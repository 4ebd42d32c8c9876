#!/usr/bin/env bash
# The VS Code extension's part of the test command (scripts/test.sh calls it
# after ctest): npm ci from package-lock.json, eslint, the TypeScript build,
# the unit tests (vscode stub), the TextMate grammar tests, the integration
# tests against the real `shlo lsp` (and `shlo dap` when the binary has it),
# `npm run package` with the binary bundled, and the .vsix test.
# Usage: ci.sh [SHLO_BINARY]   (default: ../build/bin/shlo)
# Exit status: 0 when every step passed; the first failing step's otherwise.
# The last line is a summary: "vscode-extension: N passed, M failed, K skipped".
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
binary=$(realpath "${1:-../build/bin/shlo}")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
command -v npm >/dev/null 2>&1 || { echo "vscode-extension: npm is missing (scripts/install-deps.sh installs it)"; exit 1; }

failed_step=""
step() {
  local name=$1; shift
  local start=$SECONDS
  echo "== vscode-extension: $name"
  "$@" 2>&1 | grep -v 'Unknown user config "nodedir"' | tee -a "$log"
  local status=${PIPESTATUS[0]}
  echo "== vscode-extension: $name: $([ "$status" -eq 0 ] && echo ok || echo "FAILED ($status)") in $((SECONDS - start)) s"
  [ "$status" -eq 0 ] || failed_step=${failed_step:-$name}
  return "$status"
}

step "npm ci" npm ci --no-audit --no-fund --prefer-offline --loglevel=error || { echo "vscode-extension: 0 passed, 1 failed, 0 skipped (npm ci)"; exit 1; }
# eslint and tsc each build the TypeScript program: run them side by side.
lint_out=$(mktemp)
(step "eslint" npm run --silent lint >"$lint_out" 2>&1; echo $? >"$lint_out.status") &
step "tsc" npm run --silent compile
wait
cat "$lint_out"
[ "$(cat "$lint_out.status")" -eq 0 ] || failed_step=${failed_step:-eslint}
rm -f "$lint_out" "$lint_out.status"
step "unit tests" npm run --silent test:unit
step "grammar tests" npm run --silent test:grammar
SHLO_BIN=$binary step "integration tests (shlo lsp, shlo dap)" npm run --silent test:integration
SHLO_BUNDLE=$binary step "npm run package" npm run --silent package
step ".vsix test" npm run --silent test:vsix

# Mocha's counts, plus one per grammar test file; a failed step without a
# failing test (eslint, tsc, packaging) counts as one failure.
passed=$(grep -E '^ +[0-9]+ passing' "$log" | awk '{s += $1} END {print s + 0}')
failing=$(grep -E '^ +[0-9]+ failing' "$log" | awk '{s += $1} END {print s + 0}')
pending=$(grep -E '^ +[0-9]+ pending' "$log" | awk '{s += $1} END {print s + 0}')
grammar_ok=$(grep -c 'run successfuly' "$log")
passed=$((passed + grammar_ok))
[ -n "$failed_step" ] && [ "$failing" -eq 0 ] && failing=1
echo "vscode-extension: $passed passed, $failing failed, $pending skipped${failed_step:+ (first failure: $failed_step)}"
[ -z "$failed_step" ]

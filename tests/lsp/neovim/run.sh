#!/usr/bin/env bash
# Runs neovim's built-in LSP client (headless, no user config) against
# `shlo lsp` with client_test.lua. Usage: run.sh SHLO_BINARY
# Exit status: 0 when every check passed, 1 otherwise, 77 (skipped) when
# nvim is not installed. A hard timeout ends a hung editor or server.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:?usage: run.sh SHLO_BINARY}
command -v nvim >/dev/null 2>&1 || { echo "nvim not installed: skipped"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Neovim's state, cache and LSP log stay in the scratch folder.
export XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
export SHLO_BINARY=$binary SHLO_NVIM_WORKDIR=$work SHLO_NVIM_RESULT=$work/result.txt

timeout -k 5 60 nvim --headless --clean -c "luafile $here/client_test.lua" </dev/null >"$work/nvim.out" 2>&1
status=$?
cat "$work/result.txt" 2>/dev/null || echo "no result file written"
if [ "$status" -ne 0 ]; then
  [ "$status" -eq 124 ] && echo "nvim timed out"
  echo "nvim exited with status $status; its output:"
  cat "$work/nvim.out"
  [ -f "$work/cache/nvim/lsp.log" ] && { echo "lsp.log:"; tail -n 40 "$work/cache/nvim/lsp.log"; }
  exit 1
fi
exit 0

#!/usr/bin/env bash
# Tests the editor configurations README.md gives (section "Editors"), as
# written there: the Neovim block (after `<!-- editors-test: neovim -->`) runs
# headless against `shlo lsp` and must show the server's diagnostics; the
# Helix block must parse as TOML and name `shlo lsp` and `shlo dap`.
# Usage: run.sh SHLO_BINARY
# Exit status: 0 when every check passed, 1 otherwise, 77 (skipped) when
# neither nvim nor Python's tomllib is there.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
readme=$here/../../README.md
binary=$(realpath "${1:?usage: run.sh SHLO_BINARY}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The fenced block after a marker line, without its fences.
block_after() {
  awk -v marker="<!-- editors-test: $1 -->" '
    $0 == marker { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$readme"
}

failed=0 ran=0
if command -v nvim >/dev/null 2>&1; then
  ran=$((ran + 1))
  block_after neovim >"$work/init.lua"
  [ -s "$work/init.lua" ] || { echo "FAIL no neovim block in README.md"; exit 1; }
  printf 'func.func @main(%%x: tensor<4xf32>) -> tensor<4xf32> {\n  %%0 = stablehlo.add %%x, %%y : tensor<4xf32>\n  return %%0 : tensor<4xf32>\n}\n' >"$work/model.mlir"
  # The README's block calls `shlo`: the binary under test comes first on the PATH.
  mkdir -p "$work/bin" && ln -s "$binary" "$work/bin/shlo"
  (cd "$work" && PATH="$work/bin:$PATH" XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data \
    SHLO_EDITORS_RESULT=$work/result.txt SHLO_EDITORS_FILE=$work/model.mlir \
    timeout -k 5 60 nvim --headless --clean -c "luafile $work/init.lua" -c "luafile $here/neovim_check.lua" \
    </dev/null >"$work/nvim.out" 2>&1)
  status=$?
  cat "$work/result.txt" 2>/dev/null || echo "FAIL neovim wrote no result"
  if [ "$status" -ne 0 ]; then failed=$((failed + 1)); echo "nvim exited with $status:"; cat "$work/nvim.out"; fi
else
  echo "skip neovim (nvim not installed)"
fi

if python3 -c 'import tomllib' 2>/dev/null; then
  ran=$((ran + 1))
  block_after helix >"$work/languages.toml"
  if python3 - "$work/languages.toml" <<'PY'
import sys, tomllib
with open(sys.argv[1], 'rb') as f:
    config = tomllib.load(f)
server = config['language-server']['shlo']
assert [server['command'], *server['args']] == ['shlo', 'lsp'], server
language = config['language'][0]
assert language['language-servers'] == ['shlo'] and 'mlir' in language['file-types'], language
debugger = language['debugger']
assert [debugger['command'], *debugger['args']] == ['shlo', 'dap'] and debugger['transport'] == 'stdio', debugger
assert debugger['templates'][0]['request'] == 'launch', debugger
print('ok   helix languages.toml parses and names shlo lsp and shlo dap')
PY
  then :; else failed=$((failed + 1)); echo "FAIL helix languages.toml"; fi
else
  echo "skip helix (python3 has no tomllib)"
fi

[ "$ran" -gt 0 ] || exit 77
echo "editors: $((ran - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Installs the DAP tests' npm packages (package-lock.json, pinned) into
# tests/dap/node_modules; skipped when they are there already.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ -d "$here/node_modules/@vscode/debugadapter-testsupport" ]; then
  echo "tests/dap: npm packages present"
  exit 0
fi
cd "$here"
npm ci --no-audit --no-fund

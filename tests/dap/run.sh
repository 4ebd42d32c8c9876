#!/usr/bin/env bash
# ctest dap_client: drives `shlo dap` ($1) with @vscode/debugadapter-testsupport's
# DebugClient (dap.test.js). Exit 77 (skipped) when the npm packages are not
# installed: tests/dap/install.sh installs them (scripts/test.sh calls it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ ! -d "$here/node_modules/@vscode/debugadapter-testsupport" ]; then
  echo "skipped: the DebugClient is not installed (bash tests/dap/install.sh)"
  exit 77
fi
SHLO="$1" exec node --test "$here/dap.test.js"

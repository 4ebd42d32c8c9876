#!/usr/bin/env bash
# The README's second command (and .ci/run's): install dependencies and the
# tree-sitter generator, build everything, and run every test through ctest:
# unit and conformance tests, the CLI tests, the grammar's regeneration check,
# tree-sitter's corpus and highlight tests, and bounded fuzz runs (libFuzzer
# with ASan and UBSan).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/install-deps.sh"
TS="$(bash "$root/grammar/build-generator.sh" | tail -n1)"
bash "$root/scripts/build-fuzz.sh"
# The debug adapter's tests drive it with VS Code's DebugClient (npm, pinned).
bash "$root/tests/dap/install.sh"
bash "$root/scripts/build.sh" -DSHLO_TREE_SITTER_CLI="$TS" -DSHLO_FUZZ_BIN_DIR="$root/build-fuzz/bin"
cd "$root/build"
set +e
ctest --output-on-failure -j "$(nproc)" | tee ctest.out
status=${PIPESTATUS[0]}
# The VS Code extension: npm ci, eslint, its tests against the shlo just
# built, and the .vsix (vscode-extension/scripts/ci.sh, ~2-3 minutes).
bash "$root/vscode-extension/scripts/ci.sh" "$root/build/bin/shlo" 2>&1 | tee extension.out
extension_status=${PIPESTATUS[0]}
set -e
# The figures the tests measured (counts of files parsed, examples skipped and
# why, memory), then ctest's verdict again as the closing line.
echo
echo "== figures"
grep -h '\[ figures  \]' Testing/Temporary/LastTest.log | sed 's/^\[ figures  \] //' || true
grep -hE '^[a-z_ -]+: [0-9]+ passed, [0-9]+ failed' Testing/Temporary/LastTest.log || true
grep -E '^vscode-extension: [0-9]+ passed' extension.out || echo "vscode-extension: no summary (see extension.out)"
grep -E '^[0-9]+% tests passed' ctest.out
[ "$status" -ne 0 ] || status=$extension_status
exit "$status"

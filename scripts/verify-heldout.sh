#!/usr/bin/env bash
# Recall and false alarms of `shlo check --verify-diagnostics` over a
# directory of mlir-opt style verifier suites (issue 11; StableHLO's files
# not in ../shared, fetched to a temporary directory, never into the repo).
# Usage: scripts/verify-heldout.sh DIR [--shlo PATH] [--quiet]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec python3 "$root/tests/conformance/verify_heldout.py" "$@"

#!/usr/bin/env bash
# Runs a libFuzzer target for a bounded time, seeded with the shared
# conformance files and models. New inputs go to a temporary corpus, so the
# seeds are never written to. Usage: run-fuzzer.sh FUZZER SECONDS SEED_DIR...
set -uo pipefail
fuzzer="$1"; seconds="$2"; shift 2
corpus="$(mktemp -d)"
artifacts="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
"$fuzzer" "$corpus" "$@" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 2>&1 | tail -n 25
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo "fuzzer failed (exit $status); crashing inputs kept in $artifacts:"
  ls -la "$artifacts"
  exit 1
fi
rm -rf "$artifacts"
echo "$(basename "$fuzzer"): ran ${seconds}s with no crash, hang or leak"

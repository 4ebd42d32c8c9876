#!/usr/bin/env bash
# Runs a libFuzzer target for a bounded time, seeded with the shared
# conformance files and models. New inputs go to a corpus folder of its own,
# so the seeds are never written to. Usage: run-fuzzer.sh FUZZER SECONDS SEED_DIR...
set -uo pipefail
fuzzer="$1"; seconds="$2"; shift 2
# A target that scripts/build-fuzz.sh could not build: skipped (ctest's
# SKIP_RETURN_CODE), so that it is counted as not run, not as passed.
if [ ! -x "$fuzzer" ]; then
  echo "$(basename "$fuzzer"): not built (see scripts/build-fuzz.sh); skipped"
  exit 77
fi
# Each target's dictionary (extreme integers, deep nesting, its format's
# tokens), by the input format the target reads.
dicts="$(cd "$(dirname "$0")" && pwd)/dicts"
case "$(basename "$fuzzer")" in
  npy_fuzzer) dict="$dicts/npy.dict" ;;
  framing_fuzzer) dict="$dicts/framing.dict" ;;
  *) dict="$dicts/mlir.dict" ;;
esac
# SHLO_FUZZ_CORPUS names a folder that keeps the corpus between runs (long
# runs by hand); a temporary one otherwise.
# Such long runs take a random seed; the test command's short runs a fixed
# one (SHLO_FUZZ_SEED, default 1), so that a red run names an input that the
# next run meets again, and a finding is fixed and kept in regressions/
# rather than landing or not by chance.
if [ -n "${SHLO_FUZZ_CORPUS:-}" ]; then
  corpus="$SHLO_FUZZ_CORPUS"; mkdir -p "$corpus"
  seed="${SHLO_FUZZ_SEED:-0}"
else
  corpus="$(mktemp -d)"
  trap 'rm -rf "$corpus"' EXIT
  seed="${SHLO_FUZZ_SEED:-1}"
fi
# Inputs that once failed a target, replayed first on every run.
regressions="$(cd "$(dirname "$0")" && pwd)/regressions/$(basename "$fuzzer" _fuzzer)"
[ -d "$regressions" ] && set -- "$regressions" "$@"
artifacts="$(mktemp -d)"
log="$artifacts/fuzzer.log"
"$fuzzer" "$corpus" "$@" -seed="$seed" -dict="$dict" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 > "$log" 2>&1
status=$?
grep '^stat::' "$log"
if [ "$status" -ne 0 ]; then
  # The sanitizer's report, from its first line: what failed and where.
  grep -m1 -A40 -E '^==[0-9]+==ERROR|runtime error|^==[0-9]+== ERROR' "$log"
  echo "fuzzer failed (exit $status); crashing inputs and the full log kept in $artifacts:"
  ls -la "$artifacts"
  exit 1
fi
rm -rf "$artifacts"
echo "$(basename "$fuzzer"): ran ${seconds}s with no crash, hang or leak; corpus $(find "$corpus" -type f | wc -l) inputs"

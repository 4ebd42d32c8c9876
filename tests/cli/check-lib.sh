# Sourced by the CLI test scripts: a scratch folder ($tmp, removed at exit)
# and `check NAME CONDITION...`, which counts passes and failures.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0; passed=0
check() {  # check NAME CONDITION...
  local name="$1"; shift
  if "$@"; then passed=$((passed + 1)); else echo "FAIL: $name"; failures=$((failures + 1)); fi
}

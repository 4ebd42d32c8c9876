#!/usr/bin/env bash
# Builds the libFuzzer targets into build-fuzz/ with clang, ASan and UBSan.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -g -O1"
CC=clang CXX=clang++ cmake -S "$root" -B "$root/build-fuzz" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSHLO_BUILD_TESTS=OFF -DSHLO_BUILD_BENCHMARKS=OFF -DSHLO_BUILD_FUZZERS=ON \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
cmake --build "$root/build-fuzz" -j "$(nproc)" --target parse_fuzzer check_fuzzer lsp_fuzzer incremental_fuzzer framing_fuzzer npy_fuzzer interpreter_fuzzer dap_fuzzer

#!/usr/bin/env bash
# Installs the Debian packages the project builds and tests with.
# Idempotent: packages already present are skipped, and apt is not touched
# at all when nothing is missing. Later issues append their packages to PACKAGES.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  llvm-14-dev
  nlohmann-json3-dev
  libtree-sitter-dev
  libcli11-dev
  googletest libgtest-dev libgmock-dev
  libbenchmark-dev
  clang libclang-rt-14-dev
  python3
  neovim
  libzip-dev libeigen3-dev
  time
  # shlo lint: configuration files (toml++), SARIF validated in the tests.
  libtomlplusplus-dev python3-jsonschema
  # shlo fmt --diff: unified diffs (dtl, header-only).
  libdtl-dev
  # The kernel library: oneDNN (matrix products, convolutions), Highway (loops).
  # oneDNN's CMake package looks for OpenCL (its GPU runtime) and fails without
  # it; Debian only recommends ocl-icd-opencl-dev, and recommends are skipped.
  libdnnl-dev libhwy-dev ocl-icd-opencl-dev
)
# tree-sitter's generator evaluates grammar.js with Node.js.
command -v node >/dev/null 2>&1 || PACKAGES+=(nodejs)
# The VS Code extension (vscode-extension/scripts/ci.sh) and the debug
# adapter's tests (tests/dap/install.sh) install their npm packages with npm ci.
command -v npm >/dev/null 2>&1 || PACKAGES+=(npm)
# The terminal debugger's line editing (libedit) and its tests (tmux).
PACKAGES+=(libedit-dev tmux)
# The interpreter's fft (interpreter/Fft.cpp): FFTW.
PACKAGES+=(libfftw3-dev)
# The language server's allocator (tcmalloc_minimal): copying a large
# function's ops into each snapshot is malloc/free-bound with glibc's.
PACKAGES+=(libgoogle-perftools-dev)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"

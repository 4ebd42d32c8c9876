#!/usr/bin/env bash
# Builds tree-sitter's CLI (the parser generator and test runner) offline from
# Debian's own source package, version-matched to libtree-sitter-dev (0.20.7).
# npm's tree-sitter-cli downloads a prebuilt binary, which cannot work here.
#
# Prints the path of the built binary on its last line. Idempotent: a binary
# already built is reused. Override the work folder with TS_GENERATOR_DIR.
set -euo pipefail

WORK="${TS_GENERATOR_DIR:-$HOME/.cache/shlo/tree-sitter-cli}"
BIN="$WORK/bin/tree-sitter"
if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
  echo "$BIN"
  exit 0
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

# 1. A deb-src entry derived from the machine's own Debian entry (only Types changes).
SRC_LIST=/etc/apt/sources.list.d/shlo-deb-src.sources
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src ' /etc/apt/sources.list; then
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    # The first stanza is the main archive.
    awk 'BEGIN{RS=""; ORS="\n\n"} NR==1 {sub(/Types:[^\n]*/, "Types: deb-src"); print}' \
      /etc/apt/sources.list.d/debian.sources | $SUDO tee "$SRC_LIST" >/dev/null
  elif [ -f /etc/apt/sources.list ]; then
    grep -m1 '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' | $SUDO tee /etc/apt/sources.list.d/shlo-deb-src.list >/dev/null
  fi
fi

# 2. Debian's Rust crates, the compiler, and the tools to fetch source packages.
CRATES=(anyhow ansi-term atty clap-2 difference dirs glob html-escape indexmap
  lazy-static regex regex-syntax rustc-hash semver serde serde-derive serde-json
  smallbitvec tiny-http walkdir which log toml cc thiserror libloading once-cell getopts)
PKGS=(dpkg-dev)
for c in "${CRATES[@]}"; do PKGS+=("librust-$c-dev"); done
# A rustup toolchain, if the machine has one, else Debian's.
[ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo >/dev/null 2>&1 || PKGS+=(cargo rustc)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
$SUDO apt-get update -qq
[ ${#missing[@]} -eq 0 ] || $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2

# 3. The source package.
mkdir -p "$WORK"
cd "$WORK"
SRC=$(ls -d tree-sitter-0.20.7*/ 2>/dev/null | head -n1 || true)
if [ -z "$SRC" ]; then
  apt-get source -qq tree-sitter >&2
  SRC=$(ls -d tree-sitter-0.20.7*/ | head -n1)
fi
cd "$SRC"

# 4. Manifests adjusted to the crate versions Debian ships.
for m in Cargo.toml */Cargo.toml */*/Cargo.toml; do
  [ -f "$m" ] || continue
  # Drop [dev-dependencies] and [[bench]] sections (up to the next section header).
  awk '
    /^\[/ { skip = ($0 ~ /^\[dev-dependencies/ || $0 ~ /^\[\[bench\]\]/ || $0 ~ /^\[target.*dev-dependencies/) }
    !skip { print }' "$m" > "$m.tmp" && mv "$m.tmp" "$m"
  sed -i -e '/^webbrowser *=/d' \
         -e 's/^dirs *= *"[^"]*"/dirs = "4"/' \
         -e 's/^tiny_http *= *"[^"]*"/tiny_http = "0.12"/' "$m"
done
# The playground opens a browser through webbrowser; print the address instead.
if grep -q 'webbrowser' cli/src/playground.rs 2>/dev/null; then
  sed -i -e '/^use webbrowser;/d' \
         -e 's/^\( *\)if open_in_browser {/\1if false \&\& open_in_browser {/' \
         -e 's/webbrowser::open(&url)/Ok::<(), std::io::Error>(())/' cli/src/playground.rs
fi
rm -f Cargo.lock

# 5. Cargo reads only Debian's crate directory.
mkdir -p .cargo
cat > .cargo/config.toml <<'TOML'
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
TOML

cargo build --release -p tree-sitter-cli >&2
mkdir -p "$WORK/bin"
cp target/release/tree-sitter "$BIN"
echo "$BIN"

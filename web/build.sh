#!/usr/bin/env bash
# Builds the web page into web/dist/: the jungle-print core compiled to
# WebAssembly, its wasm-bindgen glue, and the page's HTML, CSS and JavaScript.
# Needs only the Rust toolchain; installs the wasm32 target and the matching
# wasm-bindgen-cli when they are missing. Serve the result with any static
# file server, e.g.  python3 -m http.server -d web/dist 8000
set -euo pipefail
cd "$(dirname "$0")"

WASM_BINDGEN_VERSION=0.2.129   # = the wasm-bindgen version in web/Cargo.toml
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"

rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  cargo install --locked --quiet wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

cargo build --locked --release --target wasm32-unknown-unknown
rm -rf dist
mkdir -p dist/pkg
wasm-bindgen --target web --no-typescript --out-dir dist/pkg \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/jungle_print_web.wasm"
cp www/index.html www/style.css www/app.js www/worker.js www/i18n.js dist/

# What a visitor downloads, compressed as a server sends it.
total=0
for f in $(find dist -type f); do
  total=$((total + $(gzip -9 -c "$f" | wc -c)))
done
echo "web/dist: $(du -sb dist | cut -f1) bytes, $total bytes gzip-compressed"
BUDGET=4000000   # 4 MB: the whole page, fonts included, as a visitor downloads it
if [ "$total" -gt "$BUDGET" ]; then
  echo "web/build.sh: the page is $total bytes gzip-compressed, over the budget of $BUDGET" >&2
  exit 1
fi

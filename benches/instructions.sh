#!/usr/bin/env bash
# Instructions (callgrind) and PDF size of the whole default set, English and
# Chinese: the figures of the README's Performance section.
#
#   benches/instructions.sh            # en and zh-Hant
#   benches/instructions.sh fr         # other languages
#
# Needs: valgrind (apt-get install -y valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is missing" >&2; exit 2; }
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/jungle-print
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- en zh-Hant
for lang in "$@"; do
  ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bin" set --lang "$lang" -q -o "$tmp/set.pdf" 2>&1 | sed -n 's/.*Collected : //p')
  printf '%-8s %12s instructions %9s bytes\n' "$lang" "$ir" "$(wc -c < "$tmp/set.pdf")"
done

#!/usr/bin/env bash
# The deflate level, chosen by measurement: builds a copy of the project at
# each zlib level and reports, for the English and Chinese sets, the
# instruction count (callgrind) and the PDF size. The README's table comes
# from this; `DEFLATE_LEVEL` in src/render/pdf/mod.rs is its knee.
#
#   benches/levels.sh            # levels 1–9
#   benches/levels.sh 3 4 5      # some levels
#
# Needs: valgrind (apt-get install -y valgrind). Takes a few minutes: one
# incremental release build per level, in a copy (the tree is not touched).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "levels.sh: valgrind is missing" >&2; exit 2; }
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 cp --parents -t "$copy"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}/levels
[ $# -gt 0 ] || set -- 1 2 3 4 5 6 7 8 9
printf '%-6s %14s %10s %14s %10s\n' level "en instr" "en bytes" "zh-Hant instr" "zh bytes"
for level in "$@"; do
  sed -i "s/^pub const DEFLATE_LEVEL: u32 = .*/pub const DEFLATE_LEVEL: u32 = $level;/" \
    "$copy/src/render/pdf/mod.rs"
  (cd "$copy" && cargo build --release --quiet --locked)
  row=$(printf '%-6s' "$level")
  for lang in en zh-Hant; do
    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$CARGO_TARGET_DIR/release/jungle-print" set --lang "$lang" -q -o "$copy/set.pdf" 2>&1 |
      sed -n 's/.*Collected : //p')
    row+=$(printf ' %14s %10s' "$ir" "$(wc -c < "$copy/set.pdf")")
  done
  echo "$row"
done

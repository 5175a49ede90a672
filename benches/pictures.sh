#!/usr/bin/env bash
# Pictures at print resolution (issue 34): the figures of the README's
# "Pictures at print resolution" paragraph.
#
#   1. eight 12-megapixel phone-like photos of drawings (benches/photos.py:
#      paper on a table, a shadow, light falling off, two stored turned with
#      an EXIF orientation, quality 92), `set --pictures DIR`: the PDF's size,
#      CPU time and peak memory;
#   2. the print shop's worst case: four 50-megapixel RGBA PNG pictures (the
#      board, the backs, the lid, the land squares) in `set --for print-shop`.
#
#   benches/pictures.sh [BINARY]      # default target/release/jungle-print
#
# Needs Python 3 with Pillow and NumPy, /usr/bin/time (Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-target/release/jungle-print}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

measure() { # label, then the command
  local label=$1; shift
  /usr/bin/time -v "$@" 2> "$tmp/time" >/dev/null || { cat "$tmp/time" >&2; exit 1; }
  local user sys rss
  user=$(awk -F': ' '/User time/ {print $2}' "$tmp/time")
  sys=$(awk -F': ' '/System time/ {print $2}' "$tmp/time")
  rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$tmp/time")
  printf '%s: CPU %.2f s (user %s, system %s), peak %d MB\n' "$label" \
    "$(echo "$user + $sys" | bc)" "$user" "$sys" $((rss / 1024))
}

python3 benches/photos.py "$tmp/photos" 12
measure "set --pictures (8 photos of 12 MP)" "$bin" set --pictures "$tmp/photos" -o "$tmp/set.pdf" -q
echo "  PDF: $(stat -c %s "$tmp/set.pdf") bytes (photos: $(cat "$tmp"/photos/* | wc -c) bytes)"

python3 - "$tmp" <<'PY'
import sys
import numpy as np
from PIL import Image
out = sys.argv[1]
w, h = 8165, 6123  # 49.99 megapixels
yy, xx = np.mgrid[0:h, 0:w]
for i, name in enumerate(["board", "back", "lid", "land"]):
    r = (xx * 255 // w).astype(np.uint8)
    g = (yy * 255 // h).astype(np.uint8)
    b = np.full((h, w), 40 * i, np.uint8)
    a = np.where((xx // 512 + yy // 512 + i) % 2 == 0, 255, 160).astype(np.uint8)
    Image.fromarray(np.dstack([r, g, b, a]), "RGBA").save(f"{out}/{name}.png", compress_level=6)
PY
cat > "$tmp/big.toml" <<TOML
[pictures]
board = "$tmp/board.png"
back = "$tmp/back.png"
lid = "$tmp/lid.png"
land = "$tmp/land.png"
TOML
measure "print shop, 4 × 50 MP RGBA" "$bin" set --for print-shop --theme "$tmp/big.toml" -o "$tmp/shop.pdf" -q
echo "  PDF: $(stat -c %s "$tmp/shop.pdf") bytes"

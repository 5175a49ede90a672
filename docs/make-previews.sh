#!/usr/bin/env bash
# Draws every picture in docs/ (README and themes/README.md) with the program's
# own PNG renderer, so they always show what the current version prints.
#   bash docs/make-previews.sh            (builds and runs the release binary)
#   JUNGLE_PRINT=path/to/jungle-print bash docs/make-previews.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${JUNGLE_PRINT:-}" ]; then
  cargo build --release --quiet
  JUNGLE_PRINT=target/release/jungle-print
fi
jp() { "$JUNGLE_PRINT" --quiet "$@"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# README: 50 dpi, one page each (the first page of multi-page documents).
jp board --format png --dpi 50 -o docs/board.png
jp board --lang zh-Hant --format png --dpi 50 -o docs/board-zh-Hant.png
jp counters --sides fold --size 22 --paper 210x145 --format png --dpi 50 -o docs/counters-fold.png
jp rules --format png --dpi 50 -o "$tmp/rules.png" && cp "$tmp/rules.png" docs/rules.png
jp rules --poster --format png --dpi 50 -o docs/poster.png
jp rules --poster --lang zh-Hant --format png --dpi 50 -o docs/poster-zh-Hant.png
jp set --format png --dpi 50 -o "$tmp/set.png" && cp "$tmp/set.png" docs/cover.png
jp box --format png --dpi 50 -o "$tmp/box.png" && cp "$tmp/box.png" docs/box-lid.png \
  && cp "$tmp/box-2.png" docs/box-steps.png
jp board --theme picture-book --format png --dpi 50 -o docs/picture-book-board.png
jp counters --theme picture-book --size 30 --paper 240x150 --format png --dpi 50 \
  -o docs/picture-book-counters.png
jp board --square 40 --format png --dpi 50 -o "$tmp/tiled.png" && cp "$tmp/tiled.png" docs/tiled-board-map.png
# The set as a black-and-white office printer prints it (poppler's grey render).
jp board -o "$tmp/board.pdf" && pdftoppm -gray -png -r 50 -singlefile "$tmp/board.pdf" docs/board-grey
jp counters --sides fold --size 22 --paper 210x145 -o "$tmp/counters.pdf" &&
  pdftoppm -gray -png -r 50 -singlefile "$tmp/counters.pdf" docs/counters-grey

# themes/README.md: each theme's board and a strip of its counters.
for theme in classic traditional ink-saver high-contrast kids picture-book; do
  # Kids' 35 mm squares fit one sheet of A3 (on A4 the board is tiled).
  if [ "$theme" = kids ]; then
    jp board --theme kids --paper a3 --format png --dpi 22 -o "docs/themes/kids-board.png"
  else
    jp board --theme "$theme" --format png --dpi 31 -o "docs/themes/$theme-board.png"
  fi
  # Kids' pieces are larger (29 mm, from its 35 mm squares): its own size.
  size=22; paper=240x105
  [ "$theme" = kids ] && size=29 && paper=300x128
  jp counters --theme "$theme" --size $size --paper $paper --format png --dpi 52.5 \
    -o "docs/themes/$theme-counters.png"
done
echo "docs/: pictures redrawn"

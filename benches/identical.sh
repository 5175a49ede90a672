#!/usr/bin/env bash
# Byte-identical outputs across a change: builds jungle-print at two commits
# (or takes two binaries) and compares, with cmp, the files these runs write:
# the default and both Chinese sets, a print-shop set with bleed, laser SVGs of
# counters and board, duplex counters (PDF and SVG), a tiled board, live-text
# SVG, PNG pages, the French rules, the box, the set's preview, a folder
# of raster pictures (PNG and JPEG: grey, RGB, CMYK) in PDF, print-shop PDF,
# SVG and PNG, the picture themes (picture-book, kids) and sets with colour
# SVG pictures (PDF, PNG), the French and Traditional Chinese posters (A4,
# Letter, A3, A2), and
# sets in the other themes.
#
#   benches/identical.sh BASE [HEAD]       # commits; HEAD defaults to the work tree
#   BASE_BIN=old HEAD_BIN=new benches/identical.sh
#
# Commits are built (debug profile) in temporary worktrees with their own
# target directory, IDENTICAL_TARGET (default target/identical). A PDF whose
# bytes differ is compared page by page as poppler, mupdf and Ghostscript
# draw it (see same_pixels). Exit status 0 when every file is the same (or,
# for a PDF, draws the same), 1 otherwise.
set -euo pipefail
# PDFs carry the date SOURCE_DATE_EPOCH gives (else the moment they are
# written): the epoch, as every PDF said before files were dated.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-0}
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; git -C "$root" worktree prune' EXIT
target=${IDENTICAL_TARGET:-$root/target/identical}

# Builds commit $1 (or the work tree when empty) and prints the binary's path.
build() {
  local rev=$1 dir=$root
  if [ -n "$rev" ]; then
    dir=$tmp/src-$(git rev-parse --short "$rev")
    git worktree add --quiet --detach "$dir" "$rev"
  fi
  (cd "$dir" && CARGO_TARGET_DIR=$target cargo build --quiet --bin jungle-print) >&2
  local out=$tmp/bin-${rev:-worktree}
  cp "$target/debug/jungle-print" "$out"
  echo "$out"
}

base_bin=${BASE_BIN:-}
head_bin=${HEAD_BIN:-}
if [ -z "$base_bin" ]; then
  [ $# -ge 1 ] || { echo "usage: $0 BASE [HEAD]  (or BASE_BIN=… HEAD_BIN=…)" >&2; exit 2; }
  base_bin=$(build "$1")
fi
[ -n "$head_bin" ] || head_bin=$(build "${2:-}")

# Each run writes into its own folder, named for the run.
runs=(
  "set|set"
  "set-zh-Hant|set --lang zh-Hant"
  "set-zh-Hans|set --lang zh-Hans"
  "rules-zh-Hans|rules --lang zh-Hans"
  "poster-zh-Hans-a3|rules --poster --paper a3 --lang zh-Hans"
  "print-shop|set --for print-shop --bleed 3"
  "laser-counters|counters --for laser --format svg --paper 600x400"
  "laser-board|board --for laser --format svg"
  "duplex|counters --sides duplex"
  "duplex-svg|counters --sides duplex --format svg"
  "tiled|board --square 40 --tile a4"
  "live-text|board --format svg --live-text"
  "png|set --format png --dpi 50"
  "rules-fr|rules --lang fr"
  "box|box"
  "preview|set --preview"
  "raster-pdf|set --pictures $tmp/art"
  "raster-print-shop|set --pictures $tmp/art --for print-shop"
  "raster-svg|counters --pictures $tmp/art --format svg"
  "raster-png|counters --pictures $tmp/art --format png --dpi 50"
  "picture-book|set --theme picture-book"
  "kids|set --theme kids"
  "svg-pictures|set --pictures $root/pictures/twemoji"
  "svg-pictures-png|set --pictures $root/pictures/twemoji --format png --dpi 50"
  "poster-fr|rules --poster --lang fr"
  "poster-zh-Hant|rules --poster --lang zh-Hant"
  "poster-letter|rules --poster --paper letter"
  "poster-a3|rules --poster --paper a3"
  "poster-a2-picture-book|rules --poster --paper a2 --theme picture-book --lang zh-Hant"
  "poster-tiled|rules --poster --paper a2 --tile a4"
  "poster-tiled-zh-Hant|rules --poster --paper a3 --tile a4 --lang zh-Hant"
  "traditional-fr|set --lang fr --theme traditional"
  "high-contrast-fr|set --lang fr --theme high-contrast"
  "kids-zh-Hans|set --lang zh-Hans --theme kids"
  "class-set|set --copies 3 --sides duplex --no-cover --poster"
  "box-card|box --card 0.6 --copies 2 --sides single"
  "board-crop|board --crop-marks --paper 300x400 --no-coordinates"
  "counters-offset|counters --sides duplex --flip short-edge --back-offset 0.5,-1 --no-back-title --crop-marks"
  "board-print-shop|board --for print-shop --bleed 3"
  "class-set-print-shop|set --for print-shop --bleed 3 --copies 2 --poster"
  "class-set-fold|set --copies 2 --poster"
  "class-set-single-tiled|set --paper a5 --square 40 --copies 3 --sides single"
)
# A picture folder of the test fixtures (PNG, JPEG grey, RGB, CMYK, turned).
mkdir -p "$tmp/art"
fx=$root/tests/fixtures/pictures
for pair in rat:baseline.jpg cat:cmyk-adobe.jpg dog:interlaced.png wolf:grey.jpg \
  leopard:exif-6.jpg tiger:progressive.jpg lion:interlaced.png elephant:cmyk-adobe.jpg; do
  cp "$fx/${pair#*:}" "$tmp/art/${pair%%:*}.${pair##*.}"
done
make() {
  local bin=$1 out=$2
  for run in "${runs[@]}"; do
    local name=${run%%|*} args=${run#*|}
    mkdir -p "$out/$name"
    (cd "$out/$name" && "$bin" -q $args)
  done
}
make "$base_bin" "$tmp/base"
make "$head_bin" "$tmp/head"

# PDFs whose bytes differ are compared as pages: rendered at 100 dpi by
# poppler (pdftoppm), mupdf (mutool) and Ghostscript, every page's PNG the
# same in each ("pixels" in the list; a reader missing is skipped, and with
# none the files count as different). Set PIXELS=0 to ask for bytes only.
same_pixels() {
  local a=$1 b=$2 d=$tmp/px n=0 x
  [ "${PIXELS:-1}" = 1 ] || return 1
  rm -rf "$d" && mkdir -p "$d/a" "$d/b"
  if command -v pdftoppm >/dev/null; then
    pdftoppm -r 100 -png "$a" "$d/a/poppler" && pdftoppm -r 100 -png "$b" "$d/b/poppler" || return 1
    n=$((n + 1))
  fi
  if command -v mutool >/dev/null; then
    mutool draw -q -r 100 -o "$d/a/mupdf-%d.png" "$a" 2>/dev/null &&
      mutool draw -q -r 100 -o "$d/b/mupdf-%d.png" "$b" 2>/dev/null || return 1
    n=$((n + 1))
  fi
  if command -v gs >/dev/null; then
    for x in a b; do
      local src=$a
      [ $x = b ] && src=$b
      gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=png16m -r100 \
        -sOutputFile="$d/$x/gs-%d.png" "$src" >/dev/null 2>&1 || return 1
    done
    n=$((n + 1))
  fi
  [ $n -gt 0 ] && diff -r -q "$d/a" "$d/b" >/dev/null
}

status=0
(cd "$tmp/base" && find . -type f | sort) >"$tmp/base.list"
(cd "$tmp/head" && find . -type f | sort) >"$tmp/head.list"
if ! diff -u "$tmp/base.list" "$tmp/head.list"; then
  echo "identical.sh: the two binaries write different files" >&2
  status=1
fi
while read -r f; do
  [ -f "$tmp/head/$f" ] || continue
  if cmp -s "$tmp/base/$f" "$tmp/head/$f"; then
    echo "same      $f"
  elif [ "${f##*.}" = pdf ] && same_pixels "$tmp/base/$f" "$tmp/head/$f"; then
    echo "pixels    $f"
  else
    echo "DIFFERENT $f"
    status=1
  fi
done <"$tmp/base.list"
exit $status

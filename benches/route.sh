#!/usr/bin/env bash
# The whole set made by jungle-print, against the usual route: the same pages
# drawn as SVG (by jungle-print) and converted to one PDF by rsvg-convert.
# Reports time (hyperfine), peak memory (GNU time) and file size, and ratios.
#
#   benches/route.sh              # English set
#   benches/route.sh zh-Hant      # another language
#
# Needs: hyperfine, GNU time (/usr/bin/time), rsvg-convert (librsvg2-bin).
# Debian/Ubuntu: apt-get install -y hyperfine time librsvg2-bin
set -euo pipefail
cd "$(dirname "$0")/.."
lang=${1:-en}
for tool in hyperfine /usr/bin/time rsvg-convert; do
  command -v "$tool" >/dev/null || { echo "route.sh: $tool is missing" >&2; exit 2; }
done
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/jungle-print
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

direct="$bin set --lang $lang -q -o $tmp/direct.pdf"
# Page 1 is page.svg, then page-2.svg, page-3.svg, …: list them in page order.
route="$bin set --lang $lang -q -o $tmp/svg/page.svg \
  && rsvg-convert -f pdf -o $tmp/route.pdf \$(ls $tmp/svg/*.svg | sort -V)"
mkdir -p "$tmp/svg"

hyperfine --warmup 2 --runs "${RUNS:-10}" --export-json "$tmp/h.json" \
  -n jungle-print "$direct" -n svg+rsvg-convert "$route"

peak() { # peak resident memory in KiB of a shell command (the largest process)
  /usr/bin/time -v bash -c "$1" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2}'
}
# GNU time reports the largest of the command and its waited-for children.
mem_direct=$(peak "$direct")
mem_route=$(peak "$route")
size_direct=$(stat -c %s "$tmp/direct.pdf")
size_route=$(stat -c %s "$tmp/route.pdf")
pages=$(ls "$tmp/svg"/*.svg | wc -l)

python3 - "$tmp/h.json" "$mem_direct" "$mem_route" "$size_direct" "$size_route" "$pages" "$lang" <<'PY'
import json, sys
h = json.load(open(sys.argv[1]))["results"]
md, mr, sd, sr, pages, lang = map(str, sys.argv[2:])
td, tr = h[0]["mean"], h[1]["mean"]
md, mr, sd, sr = int(md), int(mr), int(sd), int(sr)
print(f"\n{lang} set, {pages} pages")
print(f"{'':18}{'time (ms)':>10}{'peak RSS (MB)':>15}{'PDF (KB)':>10}")
print(f"{'jungle-print':18}{td*1000:10.1f}{md/1024:15.1f}{sd/1024:10.0f}")
print(f"{'svg+rsvg-convert':18}{tr*1000:10.1f}{mr/1024:15.1f}{sr/1024:10.0f}")
print(f"{'ratio (route/ours)':18}{tr/td:10.1f}{mr/md:15.1f}{sr/sd:10.1f}")
PY

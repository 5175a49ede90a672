#!/usr/bin/env bash
# Rebuilds profiles/coated-fogra39.icc, the output profile embedded in print-shop
# PDFs (PDF/X-4 output intent "FOGRA39": offset, coated paper, ISO 12647-2).
# Needs Debian's argyll (colprof) and icc-profiles-free (the FOGRA39L data set).
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp /usr/share/color/icc/FOGRA39L.ti3 "$tmp/"
# -ql: small tables (155 KB); -kr, -l300: black generation ramp, 300 % total ink.
colprof -ql -kr -l300 -L98 -A "jungle-print" -M "offset, coated paper" \
  -D "Coated FOGRA39 (jungle-print, ArgyllCMS colprof)" \
  -C "Profile: public domain. Data: FOGRA39L.ti3, Copyright Kai-Uwe Behrmann, Zlib licence" \
  -O "$PWD/coated-fogra39.icc" "$tmp/FOGRA39L" >/dev/null
echo "wrote profiles/coated-fogra39.icc"

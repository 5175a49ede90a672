#!/usr/bin/env bash
# Byte-identical output before and after a restructuring (issue 22): runs a
# fixed list of commands with two builds and compares every file they write
# with `cmp`.
#
#   benches/identical-scene.sh OLD NEW      # OLD, NEW: jungle-print binaries
#   benches/identical-scene.sh DIR NEW      # DIR: the files an earlier run kept
#   KEEP=DIR benches/identical-scene.sh BIN # only write BIN's files into DIR
#
# Each command runs in a folder of its own (default file names), so a command
# that writes several files (one SVG or PNG per page) is compared file by file.
# Exit status 0 when every file is identical and both runs wrote the same files.
set -euo pipefail

CASES=(
  "set"
  "set --lang zh-Hant"
  "set --lang zh-Hans"
  "set --for print-shop --bleed 3"
  "counters --for laser --format svg --paper 600x400"
  "board --for laser --format svg"
  "counters --sides duplex"
  "counters --sides duplex --format svg"
  "board --square 40 --tile a4"
  "board --format svg --live-text"
  "set --format png --dpi 50"
  "rules --lang fr"
  "box"
  "set --preview"
)

# Writes the files of every case with binary $1 into folder $2 (case N in $2/N).
write_all() {
  local bin dir i
  bin=$(realpath "$1")
  dir=$2
  mkdir -p "$dir"
  for i in "${!CASES[@]}"; do
    mkdir -p "$dir/$i"
    # shellcheck disable=SC2086 # the case is a list of words
    (cd "$dir/$i" && "$bin" ${CASES[$i]} >/dev/null 2>"$dir/$i.stderr") || {
      echo "identical-scene.sh: \`${CASES[$i]}\` failed with $bin:" >&2
      cat "$dir/$i.stderr" >&2
      return 1
    }
  done
}

if [[ -n ${KEEP:-} ]]; then
  write_all "$1" "$KEEP"
  exit 0
fi

[[ $# -eq 2 ]] || { sed -n '2,13p' "$0" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ -d $1 ]]; then
  old=$1
else
  write_all "$1" "$tmp/old"
  old=$tmp/old
fi
write_all "$2" "$tmp/new"

status=0
for i in "${!CASES[@]}"; do
  a=$(cd "$old/$i" && find . -type f | sort)
  b=$(cd "$tmp/new/$i" && find . -type f | sort)
  if [[ $a != "$b" ]]; then
    echo "DIFFERENT FILES  ${CASES[$i]}: $(echo $a) vs $(echo $b)"
    status=1
    continue
  fi
  n=0
  for f in $a; do
    if ! cmp -s "$old/$i/$f" "$tmp/new/$i/$f"; then
      echo "DIFFERENT  ${CASES[$i]}: $f"
      status=1
    fi
    n=$((n + 1))
  done
  echo "checked  ${CASES[$i]}: $n file(s)"
done
if [[ $status == 0 ]]; then
  echo "identical: every file of ${#CASES[@]} commands"
fi
exit $status

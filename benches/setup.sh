#!/usr/bin/env bash
# From a fresh clone to a printed set and a passing test suite: the figures of
# the README's "Build time" paragraph, measured on a fresh clone of a commit
# (default HEAD) in a temporary folder with its own target directory:
#
#   1. the clean release build, `cargo build --release --locked --timings`
#      (wall and CPU from /usr/bin/time; the --timings report is kept),
#   2. the README's first command, `cargo run --release --locked -- set`,
#   3. the README's test command after it, `cargo test --release --locked`,
#   4. the web page: `bash web/build.sh`, and what a visitor downloads,
#      gzip-compressed, as build.sh reports it (SKIP_WEB=1 leaves this out).
#
#   benches/setup.sh                  # HEAD
#   benches/setup.sh 5a9c7b3          # another commit
#   TEST_CMD="cargo test --locked" benches/setup.sh OLD   # an older README's test command
#
# Crates are downloaded first (`cargo fetch`), so the network is not timed.
# Needs: git, /usr/bin/time (Debian package `time`); for the web page, what
# web/build.sh needs (it installs the wasm32 target and wasm-bindgen-cli).
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git rev-parse "${1:-HEAD}")
TEST_CMD=${TEST_CMD:-cargo test --release --locked}
command -v /usr/bin/time >/dev/null || { echo "setup.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone --quiet --no-checkout . "$tmp/src"
cd "$tmp/src"
git checkout --quiet "$commit"
export CARGO_TARGET_DIR="$tmp/src/target"
cargo fetch --locked --quiet
echo "setup.sh: commit $(git log -1 --format='%h %s' | cut -c1-72), $(nproc) cores"

# Runs a command under /usr/bin/time; prints wall and CPU (user + system).
measure() {
  local label=$1
  shift
  if ! /usr/bin/time -v -o "$tmp/time" "$@" >"$tmp/log" 2>&1; then
    tail -40 "$tmp/log" >&2
    echo "setup.sh: $label failed" >&2
    exit 1
  fi
  local wall user sys
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time")
  user=$(sed -n 's/.*User time (seconds): //p' "$tmp/time")
  sys=$(sed -n 's/.*System time (seconds): //p' "$tmp/time")
  printf '%-34s wall %8s   CPU %6.0f s\n' "$label" "$wall" "$(awk "BEGIN{print $user + $sys}")"
}

measure "clean release build (--timings)" cargo build --release --locked --timings
cp target/cargo-timings/cargo-timing.html "${TMPDIR:-/tmp}/cargo-timing-${commit:0:7}.html"
echo "  (timings report: ${TMPDIR:-/tmp}/cargo-timing-${commit:0:7}.html)"
measure "cargo run --release -- set" cargo run --release --locked -- set -q -o "$tmp/set.pdf"
measure "then: $TEST_CMD" bash -c "$TEST_CMD"

if [ -z "${SKIP_WEB:-}" ]; then
  measure "web page: bash web/build.sh" bash web/build.sh
  grep 'web/dist:' "$tmp/log" | sed 's/^/  /'
fi

#!/usr/bin/env bash
# The linker of the web build (web/.cargo/config.toml): rustc's own rust-lld,
# with two things of printpdf's left out that the page never uses but cannot
# turn off, together 0.9 MB of its gzip-compressed download. Nothing the page
# writes changes (web/test/ checks its files against the command line's).
#
# 1. printpdf's JavaScript API. printpdf exports its Pdf_*Sync functions (and
#    their wasm-bindgen descriptors) with #[wasm_bindgen] on every wasm build;
#    an export keeps all it reaches: printpdf's PDF reader, its SVG renderer,
#    its JSON document model and its font loader, 0.42 MB. Here the linker is
#    called with every argument rustc gives it but those exports, so it drops
#    all of that, data included; wasm-bindgen skips the exports it cannot
#    find. (rustc passes exports as "--export NAME" pairs; should it pass them
#    in a response file instead, nothing is left out and web/build.sh's budget
#    check fails.)
#
# 2. printpdf's built-in colour profile (Coated FOGRA39, 654,352 bytes, 0.48 MB
#    compressed). printpdf's PDF writer embeds it only for a PDF conformance
#    that requires an ICC profile; jungle-print keeps printpdf's default,
#    which does not (print-shop PDF/X files carry our own profile, see
#    src/render/pdf/pdfx.rs), but the linker cannot know that, so the bytes
#    stay in the data section. After linking they are overwritten with zeros
#    (the memory they load into is never read), found by the profile's header
#    and checked by its SHA-256 first. If printpdf ever embedded it, the page's
#    PDF would differ from the command line's and web/test/e2e.mjs would fail.
set -euo pipefail
args=()
out=
export_next=0
out_next=0
for a in "$@"; do
  if [ "$export_next" = 1 ]; then
    export_next=0
    case $a in
      Pdf_*Sync_* | __wbindgen_describe_Pdf_*Sync_*) ;;
      *) args+=(--export "$a") ;;
    esac
    continue
  fi
  if [ "$out_next" = 1 ]; then
    out_next=0
    out=$a
  fi
  case $a in
    --export) export_next=1 ;;
    --export=Pdf_*Sync_* | --export=__wbindgen_describe_Pdf_*Sync_*) ;;
    -o) out_next=1; args+=("$a") ;;
    *) args+=("$a") ;;
  esac
done
# rustc puts its own tool directory, which holds rust-lld, first on the PATH.
rust-lld "${args[@]}"

# printpdf 0.12.8's src/res/CoatedFOGRA39.icc: its length and SHA-256, and the
# header bytes 12 to 24 (profile class, colour space, connection space).
profile_len=654352
profile_sha256=da2b9b593e27cba2563cbc8596071c5c8f2395d3dbb4434538bac2bc9d58ce77
[ -n "$out" ] && [ -f "$out" ] || exit 0
for hit in $(LC_ALL=C grep -obUa 'prtrCMYKLab ' "$out" | cut -d: -f1); do
  start=$((hit - 12))
  [ "$start" -ge 0 ] || continue
  sum=$(head -c $((start + profile_len)) "$out" | tail -c "$profile_len" | sha256sum | cut -d' ' -f1)
  if [ "$sum" = "$profile_sha256" ]; then
    dd if=/dev/zero of="$out" bs=1 seek="$start" count="$profile_len" conv=notrunc status=none
  fi
done

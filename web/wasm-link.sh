#!/usr/bin/env bash
# The linker of the web build (web/.cargo/config.toml): rustc's own rust-lld,
# called with every argument rustc gives it except the exports of printpdf's
# JavaScript API. printpdf exports its Pdf_*Sync functions (and their
# wasm-bindgen descriptors) with #[wasm_bindgen] on every wasm build, with no
# feature to turn them off; an export keeps all it reaches, and those reach
# printpdf's PDF reader, its SVG renderer, its JSON document model and its font
# loader (with allsorts' WOFF2 Brotli dictionary and legacy CJK encodings):
# 0.42 MB of the gzip-compressed wasm that the page never calls. Without the
# exports, the linker drops all of it, data included; wasm-bindgen skips the
# exports it cannot find. Nothing else changes: the page's output is the same.
# (rustc passes the exports as "--export NAME" pairs; should it pass them in a
# response file instead, nothing is filtered and web/build.sh's budget check
# fails.)
set -euo pipefail
args=()
export_next=0
for a in "$@"; do
  if [ "$export_next" = 1 ]; then
    export_next=0
    case $a in
      Pdf_*Sync_* | __wbindgen_describe_Pdf_*Sync_*) ;;
      *) args+=(--export "$a") ;;
    esac
    continue
  fi
  case $a in
    --export) export_next=1 ;;
    --export=Pdf_*Sync_* | --export=__wbindgen_describe_Pdf_*Sync_*) ;;
    *) args+=("$a") ;;
  esac
done
# rustc puts its own tool directory, which holds rust-lld, first on the PATH.
exec rust-lld "${args[@]}"

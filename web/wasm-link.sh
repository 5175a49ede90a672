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
#
# 3. In the page's first core only (web/Cargo.toml's feature `lite`, which
#    exports `first_core`): tables its fonts never need. The first core reads
#    the built-in fonts alone (TrueType, Unicode cmaps; any other font is
#    refused and the page asks the whole core, see src/lite.rs), so brotli's
#    dictionary (for WOFF2 fonts) and encoding_rs's tables of the Chinese,
#    Japanese and Korean encodings (reached only through a font whose cmap is
#    Big5, and through encoding_rs's dispatch on names, which allsorts calls
#    with UTF-16 and Mac Roman alone) are never read: 166 KB of the first
#    core's compressed download. Each is found by a run of its bytes and
#    checked by its length and SHA-256, as the profile is; a table no longer
#    found (a dependency changed) makes the link fail, so that the tables are
#    looked at again.
#
# With JP_KEEP_NAMES set in cargo's environment, the link keeps the symbols
# (no --strip-all), to see what the wasm holds by function.
set -euo pipefail
args=()
lite=0
out=
export_next=0
out_next=0
for a in "$@"; do
  if [ "$export_next" = 1 ]; then
    export_next=0
    case $a in
      Pdf_*Sync_* | __wbindgen_describe_Pdf_*Sync_*) ;;
      first_core_*) lite=1; args+=(--export "$a") ;;
      *) args+=(--export "$a") ;;
    esac
    continue
  fi
  if [ "$out_next" = 1 ]; then
    out_next=0
    out=$a
  fi
  case $a in
    --strip-all | --strip-debug | -s) [ -n "${JP_KEEP_NAMES:-}" ] || args+=("$a") ;;
    --export) export_next=1 ;;
    --export=Pdf_*Sync_* | --export=__wbindgen_describe_Pdf_*Sync_*) ;;
    --export=first_core_*) lite=1; args+=("$a") ;;
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

# The tables of (3): name, length, SHA-256, and a run of 24 bytes (hex, no
# NUL or newline) found at the given offset in the table: encoding_rs 0.8.44's
# src/data.rs, brotli-decompressor 5.0.3's src/dictionary/mod.rs.
[ "$lite" = 1 ] || exit 0
while read -r name len sum at run; do
  pattern=$(echo "$run" | sed 's/../\\x&/g')
  found=0
  for hit in $(LC_ALL=C grep -obUaP "$pattern" "$out" | cut -d: -f1); do
    start=$((hit - at))
    [ "$start" -ge 0 ] || continue
    got=$(head -c $((start + len)) "$out" | tail -c "$len" | sha256sum | cut -d' ' -f1)
    if [ "$got" = "$sum" ]; then
      dd if=/dev/zero of="$out" bs=1 seek="$start" count="$len" conv=notrunc status=none
      found=1
    fi
  done
  if [ "$found" = 0 ]; then
    echo "web/wasm-link.sh: $name ($len bytes) not found in the first core: a dependency changed; look at the tables again" >&2
    exit 1
  fi
done <<'TABLES'
BIG5_LOW_BITS 37680 9d92640680a19727188704264bfca5ae5919c74d578d10e10e5dd4e3d6a83df1 0 f043324c0346a64578456772774db345b17ce24cc57c953b
JIS0208_LEVEL1_KANJI 5930 9c5e54893c49292ff4e25567fd252508469b5776de9daee4f7c96fb131612818 0 9c4e1655035a3f96c0541b612863f659229075841c83507a
JIS0208_LEVEL2_AND_ADDITIONAL_KANJI 6780 b3a94a9cbf7806e774550b800706cb2d8a451e2477001a2a1cfb1bcda95ad6c6 0 0c5f104e154e2a4e314e364e3c4e3f4e424e564e584e824e
IBM_KANJI 720 6cf58373a7c491d9ba07dd8c867fb116ce770add5231d4ff357815a555af76f9 0 8a7e1c8948938892dc84c94fbb703166c868f992fb66455f
JIS0208_SYMBOLS 480 59e5bd094592ce0e7b7866c1978782e980e215ce9a685b6929052d493f6a93de 1 30013002300cff0efffb301aff1bff1fff01ff9b309c30b4
CP949_TOP_HANGUL_POINTERS 2158 fa9bb0eb99a5d8c7cbda0b6fa24aad5f9ad6146d8254effdca4fcee4d7f1ad11 149 010101060108010b0116011c012e01360138013b01420143
CP949_TOP_HANGUL_OFFSETS 2158 3ab3086768e502bb4cfd88b7076ff26bd515c3861352479aaea7f949a398d5f1 0 02ac05ac0bac18ac1eac21ac25ac2eac32ac3aac3dac41ac
CP949_LEFT_HANGUL_POINTERS 1070 6290030f15d390b2f22c540ceed2c7e231232075559a4d6b4e0bc9cc76714e77 103 010f01120119011a01200123013301550157015a01610162
CP949_LEFT_HANGUL_OFFSETS 1070 48b4345508dc3bd48bf112a7e99ffc8b14c95ee403d156f0b5e6176b743574d6 0 a5c8a9c8bec8c5c8c9c8cdc8d6c8d8c8dac8e2c8e5c8f6c8
KSX1001_HANGUL 4700 776ce8d3b0686291cbcba0b9121c3f59a457ff7400a45bc291ae684c24895a68 13 ac10ac11ac12ac13ac14ac15ac16ac17ac19ac1aac1bac1c
KSX1001_HANJA 9776 b2a3044161498fdeff1dc2b47a24e5ca44c687bae70b45236a124f4efb91283f 0 3d4f734f4750f950a052ef537554e5540956c15ab65b8766
KSX1001_SYMBOLS 330 14169f0329b84d41fd2fe4b42146bdbc51f01b97d870fd32e4ad7b76858db784 18 152025223cff3c22182019201c201d201430153008300930
JIS0212_KANJI 11602 4434f8cf02ce8fc185c0431f17a5e2ef66a69781377258774e3778ae43c11c79 0 024e044e054e0c4e124e1f4e234e244e284e2b4e2e4e2f4e
JIS0212_ACCENTED 510 02da0f98628fc5ae0269f84d8411dfe8b717445f383f4f5efdb7b0adf466efa3 64 8f03ac03ad03ae03af03ca039003cc03c203cd03cb03b003
GBK_TOP_IDEOGRAPH_POINTERS 3832 930fe9f58f845833694de085abed4abbe8a257054105888cdd68dca6eefad4fb 259 010e0119011a011b011f012201250126012b012f01300138
GBK_TOP_IDEOGRAPH_OFFSETS 3832 f23fcd2cabd25f43809840aecead8a7474771d68fd5eae66d981384ebcdd6a26 0 024e044e0f4e124e174e1f4e234e264e294e2e4e314e334e
GBK_LEFT_IDEOGRAPH_POINTERS 3254 60d555fb17941927d2ad79b83ce335e236789fe3bc3902d5a76e38d4da94d541 148 0601070108010901160118011d0123012401250128012b01
GBK_LEFT_IDEOGRAPH_OFFSETS 3254 e456dde3bf9600869b9deaa6eec74a74015291a83867ecf6261f76466ffdcd31 0 dc72df72e272ea72f572f972fd72027304730b730f731473
GB2312_HANZI 13536 4de165f97423e1ba2b46339cad3900d2427e3484836bfcef76ce468a1429a982 0 4a553f96c3572863ce540955c05491764c763c85ee777e82
GB18030_RANGE_POINTERS 412 c93bc03e0c408ab53c1dba609d87e224fd3cba5e89f6627a10fc8f145c7443b1 42 320133013401350136013701380139015501ac01bb012002
GB18030_RANGE_OFFSETS 412 d80406b64874755c1bcc2ee7d57fbafa5fc40e742b3571ff7a89d1b0bd243bb7 26 020114011c012c01450149014e016c01cf01d101d301d501
kBrotliDictionary 122784 20e42eb1b511c21806d4d227d07e5dd06877d8ce7b3a817f378f313653f35c70 0 74696d65646f776e6c6966656c6566746261636b636f6465
TABLES

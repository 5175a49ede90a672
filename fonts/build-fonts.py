#!/usr/bin/env python3
"""Rebuild the bundled font subsets in this folder from the original fonts.

Needs: Debian packages fonts-lxgw-wenkai, fonts-noto-core, unicode-data;
Python package fonttools (pip install fonttools).

    python3 fonts/build-fonts.py [--wenkai PATH] [--noto-regular PATH]
                                 [--noto-bold PATH] [--unihan DIR]

Runs from anywhere; writes into the folder that holds this script.

The Chinese face (LXGW WenKai, renamed "Jungle Kai" because the OFL reserves
the names "LXGW" and "霞鹜" for unmodified versions) keeps the 3,500 level-1
characters of the Table of General Standard Chinese Characters (Unihan kTGH),
their traditional forms (kTraditionalVariant), the Hong Kong school
grade-level characters (kGradeLevel), Latin text, punctuation, and every
character used in the project's language packs, rulesets and themes
(lang/, rules/, themes/ *.toml). The Latin faces (Noto Sans Regular and Bold)
keep Latin-1, Latin Extended-A, general punctuation and a few symbols.

Each output is reopened and checked: every wanted character the source font
has must be in the subset's cmap; wanted characters the source lacks are
listed. The output is deterministic: the same sources give the same bytes.

JungleKai-Core.subset.ttf is cut from JungleKai-Regular.ttf (same glyphs,
advances and metrics) to what the English and French sets draw in it with
every built-in theme: Latin text, punctuation, the game's own words and 中
(which places CJK text on its baseline). The web page bundles it and fetches
the whole face only when another language, a file or a download needs it.
`--core` rebuilds only this file, from the JungleKai-Regular.ttf beside it.

DejaVuSans-Braille.subset.ttf is DejaVu Sans (Debian fonts-dejavu-core) cut
to the 64 six-dot braille cells U+2800–U+283F and the space: the tactile
pages write their braille into the PDF's text layer with it, invisibly (the
dots a finger reads are drawn as circles at the standard size). `--braille`
rebuilds only this file.
"""
import argparse
import bz2
import hashlib
import pathlib
import re
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent


def chars(s):
    return set(map(ord, s))


# (d) Latin text: ASCII, Latin-1 Supplement, Latin Extended-A.
LATIN = set(range(0x20, 0x7F)) | set(range(0xA0, 0x180))
# (e) Western punctuation and symbols (also non-breaking spaces U+00A0, U+202F).
PUNCT = chars("–—‘’“”…«»•·×‹›°№\u00a0\u202f\u2009€™←↑→↓↔÷−")
# (e) CJK punctuation, ideographic space, full-width ASCII forms FF01-FF5E.
CJK_PUNCT = chars("。，、；：？！「」『』《》（）〈〉【】〔〕·～—…\u3000") | set(range(0xFF01, 0xFF5F))
GENERAL_PUNCT = set(range(0x2000, 0x2070))
CIRCLED = set(range(0x2460, 0x2468))  # ① - ⑧
# (g) The game's own words: 鬥獸棋 / 斗兽棋, the eight animals, river, traps, den.
ALWAYS = chars("鬥獸棋斗兽象獅狮虎豹狼狐狗貓猫鼠河陷阱穴") | CIRCLED

# (h) Zhuyin: the Bopomofo letters (U+3105-312F), Bopomofo Extended (U+31A0-31BF)
# and the tone marks ˊ ˇ ˋ ˙ (and ˉ), for the Zhuyin beside Traditional Chinese.
BOPOMOFO = set(range(0x3105, 0x3130)) | set(range(0x31A0, 0x31C0)) | chars("ˊˇˋ˙ˉ")

# The Latin faces: Latin text, general punctuation, « » € № ™, arrows, × ÷ −, ①-⑧.
LATIN_FACE = LATIN | GENERAL_PUNCT | chars("«»€№™←↑→↓↔×÷−") | CIRCLED


def unihan(directory, field_file, field):
    """Yields (codepoint, value) for one Unihan field."""
    with bz2.open(directory / field_file, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("U+"):
                cp, key, value = line.rstrip("\n").split("\t", 2)
                if key == field:
                    yield int(cp[2:], 16), value


def common_han(directory):
    """(a) level-1 kTGH, (b) their kTraditionalVariant forms, (c) kGradeLevel."""
    level1 = {cp for cp, v in unihan(directory, "Unihan_OtherMappings.txt.bz2", "kTGH")
              if any(x.startswith("2013:") and int(x[5:]) <= 3500 for x in v.split())}
    trad = set()
    for cp, v in unihan(directory, "Unihan_Variants.txt.bz2", "kTraditionalVariant"):
        if cp in level1:
            trad |= {int(x[2:].split("<")[0], 16) for x in v.split()}
    grade = {cp for cp, _ in unihan(directory, "Unihan_DictionaryLikeData.txt.bz2", "kGradeLevel")}
    return level1, trad, grade


def project_chars():
    """(f) Every non-ASCII character in lang/, rules/, themes/ (*.toml, any depth)."""
    found = set()
    for folder in ("lang", "rules", "themes"):
        for p in sorted((REPO / folder).rglob("*.toml")):
            text = p.read_text(encoding="utf-8")
            # TOML \uXXXX and \UXXXXXXXX escapes name characters too.
            escapes = re.findall(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})", text)
            text += "".join(chr(int(short or long_, 16)) for short, long_ in escapes)
            found |= {ord(c) for c in text if ord(c) > 0x7F}
    return found


# The OFL reserves the names "LXGW" and "霞鹜" for the unmodified font: our subset
# is a modified version, so it carries its own family name. The copyright,
# trademark, designer and licence records (name IDs 0, 7, 9, 12, 13, 14) and the
# version string are kept as they are.
KAI_NAMES = {1: "Jungle Kai", 16: "Jungle Kai", 4: "Jungle Kai Regular",
             6: "JungleKai-Regular", 3: "JungleKai-Regular;jungle-print subset"}
RESERVED = ("LXGW", "霞鹜")


def rename(font, new):
    name = font["name"]
    for rec in list(name.names):
        if rec.nameID in (17, 18):
            name.removeNames(nameID=rec.nameID)
    for rec in name.names:
        if rec.nameID in new:
            rec.string = new[rec.nameID]
    for rec in name.names:
        if rec.nameID in (1, 3, 4, 6, 16) and any(r in rec.toUnicode() for r in RESERVED):
            raise SystemExit(f"reserved font name left in name record {rec.nameID}")
    if "CFF " in font:
        font["CFF "].cff.fontNames = [new[6]]


def build(src, dst, codepoints, names=None):
    """Subsets src to the codepoints it has; returns (kept, lacking in source)."""
    font = TTFont(src, recalcTimestamp=False)
    created, modified = font["head"].created, font["head"].modified
    cmap = font.getBestCmap()
    wanted = sorted(cp for cp in codepoints if cp in cmap)
    opts = subset.Options()
    opts.layout_features = ["kern", "liga"]  # we do no shaping
    opts.hinting = False
    opts.glyph_names = False
    opts.name_IDs = ["*"]        # keep copyright, trademark and licence records
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    s = subset.Subsetter(opts)
    s.populate(unicodes=wanted)
    s.subset(font)
    if names:
        rename(font, names)
    # Determinism: keep the source font's own timestamps (never "now").
    font["head"].created, font["head"].modified = created, modified
    font.save(dst)
    return wanted, sorted(cp for cp in codepoints if cp not in cmap)


# Chinese text sets curly quotes full-width: one em wide, the opening quotes
# at the right of the em, the closing ones at the left. LXGW WenKai draws them
# proportional (350 units), so a tiny face holds full-width copies; the program
# puts it first in the text stack of Chinese language packs only (Latin text
# keeps the narrow quotes).
QUOTES_NAMES = {1: "Jungle Kai Quotes", 16: "Jungle Kai Quotes", 4: "Jungle Kai Quotes Regular",
                6: "JungleKaiQuotes-Regular", 3: "JungleKaiQuotes-Regular;jungle-print subset"}
OPENING, CLOSING = (0x2018, 0x201C), (0x2019, 0x201D)


def full_width_quotes(dst):
    """Widens the quotes of a subset to one em, mirroring the opening ones' bearings."""
    font = TTFont(dst, recalcTimestamp=False)
    em = font["head"].unitsPerEm
    cmap, glyf, hmtx = font.getBestCmap(), font["glyf"], font["hmtx"]
    for cp in OPENING + CLOSING:
        name = cmap[cp]
        g = glyf[name]
        dx = (em - g.xMin) - g.xMax if cp in OPENING else 0
        if dx:
            g.coordinates.translate((dx, 0))
            g.recalcBounds(glyf)
        hmtx[name] = (em, g.xMin)
    font["hhea"].advanceWidthMax = max(w for w, _ in hmtx.metrics.values())
    font.save(dst)


# Traditional Chinese as set in Taiwan centres ，。、；： in the em square;
# LXGW WenKai draws them at the bottom left (the mainland style) and has no
# Traditional Chinese forms. A tiny face holds centred copies; the program puts
# it first in the text stack of Traditional Chinese packs only.
TC_PUNCT_NAMES = {1: "Jungle Kai TC Punctuation", 16: "Jungle Kai TC Punctuation",
                  4: "Jungle Kai TC Punctuation Regular", 6: "JungleKaiTCPunct-Regular",
                  3: "JungleKaiTCPunct-Regular;jungle-print subset"}
TC_PUNCT = (0xFF0C, 0x3002, 0x3001, 0xFF1B, 0xFF1A)  # ，。、；：
# The middle of the ideographs: 中 spans -114..828 and 一 sits at 319..430.
HAN_MIDDLE = 365


def centre_punctuation(dst):
    """Moves each mark of a subset to the middle of its em square."""
    font = TTFont(dst, recalcTimestamp=False)
    em = font["head"].unitsPerEm
    cmap, glyf, hmtx = font.getBestCmap(), font["glyf"], font["hmtx"]
    for cp in TC_PUNCT:
        name = cmap[cp]
        g = glyf[name]
        dx = round(em / 2 - (g.xMin + g.xMax) / 2)
        dy = round(HAN_MIDDLE - (g.yMin + g.yMax) / 2)
        g.coordinates.translate((dx, dy))
        g.recalcBounds(glyf)
        hmtx[name] = (em, g.xMin)
    font.save(dst)


def show(cps):
    return " ".join(f"U+{cp:04X}" + (f" {chr(cp)}" if chr(cp).isprintable() and cp > 0x20 else "")
                    for cp in sorted(cps))


def verify(dst, kept):
    """Reopens the output: every kept character must be in its cmap."""
    cmap = TTFont(dst, lazy=True).getBestCmap()
    lost = [cp for cp in kept if cp not in cmap]
    if lost:
        raise SystemExit(f"{dst.name}: subset lost characters: {show(lost)}")
    return len(cmap)


def build_core():
    """The web page's first Kai: see the module's documentation."""
    src, dst = HERE / "JungleKai-Regular.ttf", HERE / "JungleKai-Core.subset.ttf"
    core = LATIN | PUNCT | GENERAL_PUNCT | ALWAYS | chars("中") | {
        cp for cp in project_chars() if cp < 0x2E80 and cp not in BOPOMOFO
    }
    kept, _ = build(src, dst, core)
    n = verify(dst, kept)
    digest = hashlib.sha256(dst.read_bytes()).hexdigest()
    print(f"{dst.name}: {len(kept)} characters ({n} in cmap), {dst.stat().st_size:,} bytes, sha256 {digest}")
    return 0


BRAILLE = set(range(0x2800, 0x2840)) | {0x20}


def build_braille(src):
    """The six-dot braille cells of DejaVu Sans (no reserved name: its
    Bitstream Vera licence reserves "Bitstream" and "Vera", which it lacks)."""
    dst = HERE / "DejaVuSans-Braille.subset.ttf"
    kept, lacking = build(src, dst, BRAILLE)
    n = verify(dst, kept)
    digest = hashlib.sha256(dst.read_bytes()).hexdigest()
    print(f"{dst.name}: {len(kept)} characters ({n} in cmap), {dst.stat().st_size:,} bytes, sha256 {digest}")
    return 1 if lacking else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wenkai", default="/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf")
    ap.add_argument("--noto-regular", default="/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
    ap.add_argument("--noto-bold", default="/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf")
    ap.add_argument("--unihan", default="/usr/share/unicode", type=pathlib.Path,
                    help="folder with Unihan_*.txt.bz2 (Debian unicode-data)")
    ap.add_argument("--core", action="store_true",
                    help="rebuild only JungleKai-Core.subset.ttf, from JungleKai-Regular.ttf")
    ap.add_argument("--dejavu", default="/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    ap.add_argument("--braille", action="store_true",
                    help="rebuild only DejaVuSans-Braille.subset.ttf, from --dejavu")
    a = ap.parse_args()
    if a.core:
        return build_core()
    if a.braille:
        return build_braille(a.dejavu)

    level1, trad, grade = common_han(a.unihan)
    project = project_chars()
    parts = {
        "(a) kTGH level 1": level1,
        "(b) traditional forms": trad,
        "(c) kGradeLevel": grade,
        "(d) Latin": LATIN,
        "(e) punctuation": PUNCT | CJK_PUNCT,
        "(f) lang/rules/themes": project,
        "(g) always": ALWAYS,
        "(h) Bopomofo": BOPOMOFO,
    }
    # Plus the whole General Punctuation block where the font has it (not reported).
    han = set().union(*parts.values()) | GENERAL_PUNCT
    # Non-CJK characters of the project's data go into the Latin faces too.
    # (The tone marks ˊ ˇ ˋ ˙ are drawn by the Chinese face only, beside Zhuyin.)
    latin = LATIN_FACE | PUNCT | {cp for cp in project if cp < 0x2E80 and cp not in BOPOMOFO}

    jobs = [
        (a.wenkai, HERE / "JungleKai-Regular.ttf", han, KAI_NAMES),
        (a.noto_regular, HERE / "NotoSans-Regular.subset.ttf", latin, None),
        (a.noto_bold, HERE / "NotoSans-Bold.subset.ttf", latin, None),
        (a.wenkai, HERE / "JungleKaiQuotes-Regular.ttf", set(OPENING + CLOSING), QUOTES_NAMES),
        (a.wenkai, HERE / "JungleKaiTCPunct-Regular.ttf", set(TC_PUNCT), TC_PUNCT_NAMES),
    ]
    status = 0
    for src, dst, cps, names in jobs:
        kept, lacking = build(src, dst, cps, names)
        if names is QUOTES_NAMES:
            full_width_quotes(dst)
        if names is TC_PUNCT_NAMES:
            centre_punctuation(dst)
        n = verify(dst, kept)
        digest = hashlib.sha256(dst.read_bytes()).hexdigest()
        print(f"{dst.name}: {len(kept)} characters ({n} in cmap), {dst.stat().st_size:,} bytes, sha256 {digest}")
        if names is KAI_NAMES:  # the Chinese face
            for label, part in parts.items():
                miss = [cp for cp in lacking if cp in part]
                print(f"  {label}: {len(part)} wanted" + (f", source lacks {show(miss)}" if miss else ""))
            # Chinese characters the project uses must all be there.
            must = [cp for cp in lacking if cp >= 0x2E80 and (cp in project or cp in ALWAYS)]
            if must:
                print(f"  error: missing characters the project uses: {show(must)}", file=sys.stderr)
                status = 1
        else:
            print(f"  source lacks {show(lacking)}" if lacking else "  source has every wanted character")
            left = [cp for cp in lacking if cp in project]
            if left:
                print(f"  (left to the Chinese face: {show(left)})")
    status |= build_core()
    status |= build_braille(a.dejavu)
    print(f"Chinese set: {len(level1)} level-1, {len(trad - level1)} extra traditional, "
          f"{len(grade)} Hong Kong grade-level, {len(project)} non-ASCII from the project's data")
    return status


if __name__ == "__main__":
    sys.exit(main())

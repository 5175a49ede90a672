#!/usr/bin/env python3
"""Rebuild the bundled font subsets in this folder from the original fonts.

Needs: Debian packages fonts-lxgw-wenkai, fonts-noto-core, unicode-data;
Python package fonttools (pip install fonttools).

    python3 fonts/build-fonts.py [--wenkai PATH] [--noto-regular PATH] [--noto-bold PATH]

The Chinese face (LXGW WenKai, renamed "Jungle Kai" as the OFL asks of
modified versions) keeps the 3,500 level-1 characters of the Table of General
Standard Chinese Characters (Unihan kTGH), their traditional forms
(kTraditionalVariant), the Hong Kong school grade-level characters
(kGradeLevel), Latin text, punctuation, and every character used in the
project's language packs, rulesets and themes. The output is deterministic.
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
UNIHAN = pathlib.Path("/usr/share/unicode")

LATIN = set(range(0x20, 0x7F)) | set(range(0xA0, 0x180))
PUNCT = set(map(ord, "–—‘’“”…«»•·×‹›°№\u00a0\u202f\u2009€™←↑→↓↔÷−"))
CJK_PUNCT = set(map(ord, "。，、；：？！「」『』《》（）〈〉【】〔〕·～—…\u3000")) | set(range(0xFF01, 0xFF5F))
ALWAYS = set(map(ord, "鬥獸棋斗兽象獅狮虎豹狼狐狗貓猫鼠河陷阱穴")) | set(range(0x2460, 0x2468))
GENERAL_PUNCT = set(range(0x2000, 0x2070))


def unihan(field_file, field):
    """Yields (codepoint, value) for a Unihan field."""
    path = UNIHAN / field_file
    with bz2.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("U+"):
                cp, key, value = line.rstrip("\n").split("\t", 2)
                if key == field:
                    yield int(cp[2:], 16), value


def common_han():
    level1 = {cp for cp, v in unihan("Unihan_OtherMappings.txt.bz2", "kTGH")
              if any(int(x.split(":")[1]) <= 3500 for x in v.split())}
    trad = set()
    for cp, v in unihan("Unihan_Variants.txt.bz2", "kTraditionalVariant"):
        if cp in level1:
            trad |= {int(x[2:].split("<")[0], 16) for x in v.split()}
    grade = {cp for cp, _ in unihan("Unihan_DictionaryLikeData.txt.bz2", "kGradeLevel")}
    return level1, trad, grade


def project_chars():
    chars = set()
    for folder in ("lang", "rules", "themes"):
        for p in sorted((REPO / folder).glob("*.toml")):
            text = p.read_text(encoding="utf-8")
            # TOML \\uXXXX escapes name characters too.
            text += "".join(chr(int(h, 16)) for h in re.findall(r"\\u([0-9A-Fa-f]{4})", text))
            chars |= {ord(c) for c in text if ord(c) > 0x7E}
    return chars


# The OFL reserves the names "LXGW" and "霞鹜" for the unmodified font: our subset
# is a modified version, so it carries its own family name (the copyright and
# licence records are kept as they are).
RENAMES = {
    "LXGW": {1: "Jungle Kai", 16: "Jungle Kai", 4: "Jungle Kai Regular",
             6: "JungleKai-Regular", 3: "JungleKai-Regular;jungle-print subset"},
}


def rename(font, marker):
    new = RENAMES[marker]
    name = font["name"]
    for rec in list(name.names):
        if rec.nameID in (1, 3, 4, 6, 16, 17, 18) and rec.nameID not in new:
            name.removeNames(nameID=rec.nameID)
    for rec in list(name.names):
        if rec.nameID in new:
            rec.string = new[rec.nameID]
    for rec in name.names:
        if rec.nameID in (1, 3, 4, 6, 16) and ("LXGW" in rec.toUnicode() or "霞鹜" in rec.toUnicode()):
            raise SystemExit(f"reserved name left in name record {rec.nameID}")
    if "CFF " in font:
        font["CFF "].cff.fontNames = [new[6]]


def build(src, dst, codepoints, marker=None):
    font = TTFont(src, recalcTimestamp=False)
    cmap = font.getBestCmap()
    wanted = sorted(cp for cp in codepoints if cp in cmap)
    opts = subset.Options()
    opts.layout_features = ["kern", "liga"]
    opts.hinting = False
    opts.glyph_names = False
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    s = subset.Subsetter(opts)
    s.populate(unicodes=wanted)
    s.subset(font)
    if marker:
        rename(font, marker)
    # Fixed timestamps: the same input gives the same bytes.
    font["head"].created = font["head"].modified = 0x0
    font.save(dst)
    return wanted, [cp for cp in codepoints if cp not in cmap]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wenkai", default="/usr/share/fonts/truetype/lxgw-wenkai/LXGWWenKai-Regular.ttf")
    ap.add_argument("--noto-regular", default="/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
    ap.add_argument("--noto-bold", default="/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf")
    a = ap.parse_args()

    level1, trad, grade = common_han()
    project = project_chars()
    han = level1 | trad | grade | LATIN | PUNCT | CJK_PUNCT | ALWAYS | GENERAL_PUNCT | project
    latin = LATIN | GENERAL_PUNCT | PUNCT | {cp for cp in project if cp < 0x2E80}

    jobs = [
        (a.wenkai, HERE / "JungleKai-Regular.ttf", han, "LXGW"),
        (a.noto_regular, HERE / "NotoSans-Regular.subset.ttf", latin, None),
        (a.noto_bold, HERE / "NotoSans-Bold.subset.ttf", latin, None),
    ]
    for src, dst, cps, marker in jobs:
        kept, missing = build(src, dst, cps, marker)
        digest = hashlib.sha256(dst.read_bytes()).hexdigest()[:16]
        print(f"{dst.name}: {len(kept)} characters, {dst.stat().st_size} bytes, sha256 {digest}")
        # Chinese characters must all be in the Chinese face; Latin ones come from Noto Sans.
        must = [cp for cp in missing if cp >= 0x2E80 and (cp in project or cp in ALWAYS)]
        if dst.name.startswith("Jungle") and must:
            print("  missing characters the project uses: " + " ".join(f"U+{cp:04X}" for cp in must), file=sys.stderr)
            return 1
        if not dst.name.startswith("Jungle"):
            lack = [cp for cp in missing if cp in project]
            if lack:
                print("  (left to the Chinese face: " + " ".join(f"U+{cp:04X}" for cp in lack) + ")")
    print(f"Chinese set: {len(level1)} level-1 simplified, {len(trad - level1)} extra traditional, "
          f"{len(grade)} Hong Kong grade-level, {len(project)} from the project's data")
    return 0


if __name__ == "__main__":
    sys.exit(main())

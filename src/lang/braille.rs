//! Braille: the built-in packs' words as liblouis translates them.
//!
//! The tactile edition prints braille (animals' initials and ranks, the
//! coordinates) and writes the rules as a braille file. Nothing here
//! translates: `tools/braille.py` runs liblouis's `lou_translate` on every
//! word and paragraph the built-in packs and rulesets print in braille and
//! writes one data file per language, `lang/braille/<code>.toml`, embedded
//! here like the packs (so the binary and the web page need no C library).
//! A test runs the tool again and compares. The tables, chosen per language
//! and named in each file's `[meta]`:
//!
//! - `en`: Unified English Braille, grade 1 for labels (`en-ueb-g1.ctb`),
//!   grade 2 for running text (`en-ueb-g2.ctb`), as English books are;
//! - `fr`: French uncontracted braille (`fr-bfu-comp6.utb`), which children
//!   and most readers of French braille read;
//! - `zh-Hant`: Taiwanese braille, built on Zhuyin with tones (`zh-tw.ctb`);
//! - `zh-Hans`: the national common Chinese braille scheme of 2018, the
//!   one taught now (`zhcn-cbs.ctb`).
//!
//! A word is looked up by its exact text in the pack's language (its
//! `meta.code`); a word a file lacks (a pack of one's own, a changed
//! sentence) is refused, naming the tool to run, never guessed.
//!
//! Braille text is Unicode braille (U+2800–U+283F, six dots; the blank cell
//! U+2800 between words).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::game::Animal;
use crate::lang::Lang;

/// The data files: (pack code, TOML source). Not in a `web` build (the web
/// page), which fetches `lang/braille/CODE.toml` when it first makes a
/// tactile or braille file and hands it over with [`set_builtin`].
#[cfg(not(feature = "web"))]
pub const BUILTIN: [(&str, &str); 4] = [
    ("en", include_str!("../../lang/braille/en.toml")),
    ("fr", include_str!("../../lang/braille/fr.toml")),
    ("zh-Hant", include_str!("../../lang/braille/zh-Hant.toml")),
    ("zh-Hans", include_str!("../../lang/braille/zh-Hans.toml")),
];

/// Where a data file's braille came from.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// The pack's code (`en`).
    pub code: String,
    /// The liblouis table of labels (initials, ranks, coordinates).
    pub labels: String,
    /// The liblouis table of running text (the rules).
    pub text: String,
    /// The liblouis version that translated them.
    pub liblouis: String,
}

/// One language's braille: labels and running text, each by its print text.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Braille {
    /// Where it came from.
    pub meta: Meta,
    /// Labels (short words), by their print text.
    pub words: BTreeMap<String, String>,
    /// Paragraphs of the rules, by their print text.
    pub text: BTreeMap<String, String>,
}

/// The packs whose braille is built in, in the order of `lang/braille/`.
pub const CODES: [&str; 4] = ["en", "fr", "zh-Hant", "zh-Hans"];

/// With the `web` feature: each built-in pack's braille once handed over.
/// Not run state: bundled files arriving late, each given once.
#[cfg(feature = "web")]
static LATE: [OnceLock<Braille>; 4] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

/// Makes `text` (the file `lang/braille/CODE.toml`, `code` one of
/// [`CODES`]) that pack's braille (`web` builds only). False, and nothing
/// changed, when it does not read as a braille file of that pack, or the
/// pack's braille was given before.
#[cfg(feature = "web")]
pub fn set_builtin(code: &str, text: &str) -> bool {
    let Some(i) = CODES.iter().position(|c| *c == code) else {
        return false;
    };
    match toml::from_str::<Braille>(text) {
        Ok(b) if b.meta.code == code => LATE[i].set(b).is_ok(),
        _ => false,
    }
}

/// The tool that makes the data files, for messages.
pub const TOOL: &str = "tools/braille.py";

impl Braille {
    /// The built-in braille of the pack coded `code`, if there is one.
    #[cfg(not(feature = "web"))]
    pub fn for_code(code: &str) -> Option<&'static Braille> {
        static ALL: OnceLock<Vec<Braille>> = OnceLock::new();
        ALL.get_or_init(|| {
            BUILTIN
                .iter()
                .filter_map(|(_, src)| toml::from_str::<Braille>(src).ok())
                .collect()
        })
        .iter()
        .find(|b| b.meta.code == code)
    }

    /// The built-in braille of the pack coded `code`, once the page has
    /// handed it over ([`set_builtin`]).
    #[cfg(feature = "web")]
    pub fn for_code(code: &str) -> Option<&'static Braille> {
        LATE.iter()
            .filter_map(OnceLock::get)
            .find(|b| b.meta.code == code)
    }

    /// The braille of the pack `lang`, or why there is none.
    pub fn of(lang: &Lang) -> Result<&'static Braille, String> {
        Braille::for_code(&lang.meta.code).ok_or_else(|| {
            format!(
                "the language pack `{}` has no braille: braille comes from liblouis, for the built-in packs (en, fr, zh-Hant, zh-Hans: lang/braille/); run {TOOL} for a language of your own, or use a built-in pack",
                crate::error::User(&lang.meta.code)
            )
        })
    }

    /// The label `word` in braille, or why it has none.
    pub fn word(&self, word: &str) -> Result<&str, String> {
        self.words
            .get(word)
            .map(String::as_str)
            .ok_or_else(|| self.missing("label", word))
    }

    /// The paragraph `text` in braille, or why it has none.
    pub fn text(&self, text: &str) -> Result<&str, String> {
        self.text
            .get(text)
            .map(String::as_str)
            .ok_or_else(|| self.missing("sentence", text))
    }

    fn missing(&self, what: &str, text: &str) -> String {
        format!(
            "the {what} `{}` has no braille in lang/braille/{}.toml (liblouis's translation of the built-in packs' words): a pack or ruleset of your own changed it; run {TOOL} to translate it, or use the built-in words",
            crate::error::User(text),
            self.meta.code
        )
    }
}

/// The animal's initial as the tactile pieces show it: for a Chinese pack
/// its character; else the fewest first letters of its name, in lower case,
/// that no other animal's name begins with (`e` for Elephant, `li` and `le`
/// for Lion and Leopard). `fox`: the fox stands for the wolf.
pub fn initial(lang: &Lang, animal: Animal, fox: bool) -> String {
    let name = lang.animal(animal, fox);
    if lang.is_cjk() {
        return name.han.clone();
    }
    let lower = |a: Animal| lang.animal(a, fox).name.to_lowercase();
    let own: Vec<char> = lower(animal).chars().collect();
    let others: Vec<String> = Animal::ALL
        .iter()
        .filter(|&&a| a != animal)
        .map(|&a| lower(a))
        .collect();
    for n in 1..=own.len() {
        let prefix: String = own[..n].iter().collect();
        if !others.iter().any(|o| o.starts_with(&prefix)) {
            return prefix;
        }
    }
    own.iter().collect()
}

/// What a counter says in braille: the initial, then the rank (`e8`).
pub fn initial_rank(lang: &Lang, animal: Animal, fox: bool, rank: u8) -> String {
    format!("{}{rank}", initial(lang, animal, fox))
}

/// The page numbers a braille file may carry: 1 to this (the rules come to
/// 4–6 pages).
pub const PAGE_NUMBERS: u32 = 99;

/// Every label the tactile pieces may print in `lang`, for the tool to
/// translate: each animal's initial (wolf and fox), with each rank 1–8, the
/// column letters a–g, the row numbers 1–9, the braille files' page
/// numbers (1 to [`PAGE_NUMBERS`]), and the key page's words: the game's
/// title, the river, trap and den, south and north.
pub fn labels(lang: &Lang) -> Vec<String> {
    let mut out = Vec::new();
    for fox in [false, true] {
        for a in Animal::ALL {
            out.push(initial(lang, a, fox));
            for rank in 1..=8 {
                out.push(initial_rank(lang, a, fox, rank));
            }
        }
    }
    out.extend(('a'..='g').map(String::from));
    // The tactile set's key page: the title and the names of what it shows.
    let b = &lang.board;
    out.push(lang.game.title.clone());
    out.extend([&b.river, &b.trap, &b.den, &b.south, &b.north].map(String::clone));
    out.extend((1..=PAGE_NUMBERS).map(|n| n.to_string()));
    out.sort();
    out.dedup();
    out
}

/// The dots of one braille cell (bit 0 is dot 1 … bit 5 dot 6), for a
/// Unicode braille character; `None` for anything else or a cell with dots
/// 7 or 8.
pub fn dots(c: char) -> Option<u8> {
    let v = (c as u32).checked_sub(0x2800)?;
    (v < 0x40).then_some(v as u8)
}

/// The North American ASCII braille of a six-dot cell (the characters a
/// BRF file holds): the standard 64-character table, blank as space.
pub fn ascii(dots: u8) -> char {
    const TABLE: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";
    TABLE[(dots & 0x3f) as usize] as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_reads_and_names_its_pack() {
        for (code, src) in BUILTIN {
            let b: Braille = toml::from_str(src).unwrap();
            assert_eq!(b.meta.code, code);
            assert!(Braille::for_code(code).is_some());
            for s in b.words.values().chain(b.text.values()) {
                assert!(s.chars().all(|c| dots(c).is_some()), "{code}: {s}");
            }
        }
    }

    #[test]
    fn the_web_fetches_every_built_in_file() {
        let codes: Vec<&str> = BUILTIN.iter().map(|(c, _)| *c).collect();
        assert_eq!(codes, CODES);
    }

    #[test]
    fn initials_are_unique_and_short() {
        for (code, _) in crate::lang::BUILTIN {
            let lang = Lang::builtin(code).unwrap();
            for fox in [false, true] {
                let mut seen: Vec<String> = Animal::ALL
                    .iter()
                    .map(|&a| initial(&lang, a, fox))
                    .collect();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), 8, "{code}: {seen:?}");
            }
        }
        let en = Lang::builtin("en").unwrap();
        assert_eq!(initial(&en, Animal::Elephant, false), "e");
        assert_eq!(initial(&en, Animal::Lion, false), "li");
        assert_eq!(initial(&en, Animal::Leopard, false), "le");
    }

    #[test]
    fn ascii_braille_is_the_standard_table() {
        // a = dot 1, the numeric sign = dots 3456, the blank cell a space.
        assert_eq!(ascii(0b1), 'A');
        assert_eq!(ascii(0b111100), '#');
        assert_eq!(ascii(0), ' ');
        assert_eq!(ascii(0b111111), '=');
    }
}

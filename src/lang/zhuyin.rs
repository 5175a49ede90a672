//! Zhuyin (注音, Bopomofo) syllables as a language pack writes them
//! (`animals.*.zhuyin`): which letters, which tone. How they are set beside
//! the characters is [`crate::compose::typesetting::phonetic`]'s.

/// The 2nd, 3rd and 4th tone marks: ˊ ˇ ˋ.
pub const TONES: [char; 3] = ['\u{02CA}', '\u{02C7}', '\u{02CB}'];
/// The neutral tone's dot: ˙.
pub const NEUTRAL_DOT: char = '\u{02D9}';

/// Bopomofo letters: the Bopomofo block (ㄅ U+3105 to ㄯ U+312F) and
/// Bopomofo Extended (U+31A0 to U+31BF).
pub fn is_bopomofo(c: char) -> bool {
    matches!(c as u32, 0x3105..=0x312F | 0x31A0..=0x31BF)
}

/// One Zhuyin syllable, split into what is drawn where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Syllable {
    /// A neutral-tone syllable: the dot goes on top of the column.
    pub neutral: bool,
    /// The symbols, top to bottom (1 to 3).
    pub letters: Vec<char>,
    /// The tone mark beside the last symbol (2nd to 4th tone); none for the
    /// 1st and neutral tones.
    pub tone: Option<char>,
}

impl Syllable {
    /// Reads a syllable such as `ㄕㄨˇ`, `ㄇㄠ` or `˙ㄗ`; `None` when it is
    /// not 1 to 3 Bopomofo letters with at most one tone mark in its place.
    pub fn parse(s: &str) -> Option<Syllable> {
        let mut chars: Vec<char> = s.chars().collect();
        let neutral = chars.first() == Some(&NEUTRAL_DOT);
        if neutral {
            chars.remove(0);
        }
        let tone = match chars.last() {
            Some(c) if TONES.contains(c) => chars.pop(),
            _ => None,
        };
        let ok = (1..=3).contains(&chars.len())
            && chars.iter().all(|c| is_bopomofo(*c))
            && !(neutral && tone.is_some());
        ok.then_some(Syllable {
            neutral,
            letters: chars,
            tone,
        })
    }
}

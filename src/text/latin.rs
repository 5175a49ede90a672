//! Latin punctuation in a font stack led by a Chinese face.
//!
//! A Chinese face draws curly quotes, dashes, the ellipsis and guillemets for
//! Chinese text: wide, and set in the middle or at the side of their space
//! (Jungle Kai's apostrophe is twice Noto Sans's, "opponent’ s"). When a
//! theme puts such a face first for Latin text too (the traditional theme's
//! brush letters), those marks and the French narrow spaces come from the
//! stack's Latin face instead wherever they stand in Latin text: next to a
//! Latin letter or digit, looking past spaces and other such marks.
//! [`super::FontBook::split`] and [`super::FontBook::advances_mm`] ask here,
//! so measuring and drawing agree.

/// The punctuation and spaces that Latin text takes from a Latin face:
/// single and double curly quotes (U+2018–201F), the hyphens and dashes
/// U+2010–2015, the ellipsis, guillemets « » ‹ ›, and the narrow spaces
/// French sets before them and before ; : ! ? (U+202F narrow no-break,
/// U+2009 thin, U+200A hair).
pub(super) fn is_punctuation(c: char) -> bool {
    matches!(
        c,
        '\u{2018}'..='\u{201F}'
            | '\u{2010}'..='\u{2015}'
            | '\u{2026}'
            | '\u{00AB}'
            | '\u{00BB}'
            | '\u{2039}'
            | '\u{203A}'
            | '\u{202F}'
            | '\u{2009}'
            | '\u{200A}'
    )
}

/// A letter of the Latin script (Basic Latin, Latin-1, Latin Extended-A
/// and B, Latin Extended Additional) or an ASCII digit.
fn is_latin(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c as u32, 0xC0..=0x24F | 0x1E00..=0x1EFF) && c.is_alphabetic()
}

/// For each character of `chars`, true when it is one of the
/// [`is_punctuation`] marks standing in Latin text: the nearest character
/// before or after it that is neither white space nor such a mark is a
/// Latin letter or digit. False for every other character.
pub(super) fn in_latin_text(chars: &[char]) -> Vec<bool> {
    // Most text has none of the marks: nothing to look round for.
    if !chars.iter().any(|&c| is_punctuation(c)) {
        return vec![false; chars.len()];
    }
    let skip = |c: char| c.is_whitespace() || is_punctuation(c);
    // Whether the nearest telling character before each position is Latin.
    let mut before = Vec::with_capacity(chars.len());
    let mut latin = false;
    for &c in chars {
        before.push(latin);
        if !skip(c) {
            latin = is_latin(c);
        }
    }
    let mut out = vec![false; chars.len()];
    let mut latin = false;
    for (i, &c) in chars.iter().enumerate().rev() {
        out[i] = is_punctuation(c) && (before[i] || latin);
        if !skip(c) {
            latin = is_latin(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(s: &str) -> String {
        let chars: Vec<char> = s.chars().collect();
        in_latin_text(&chars)
            .into_iter()
            .map(|l| if l { '^' } else { '.' })
            .collect()
    }

    #[test]
    fn marks_in_latin_text_are_latin() {
        assert_eq!(flags("opponent’s"), "........^.");
        assert_eq!(flags("«\u{202F}allers\u{202F}»"), "^^......^^");
        assert_eq!(flags("« allers »"), "^........^");
        assert_eq!(flags("wait…"), "....^");
        assert_eq!(flags("1–2"), ".^.");
    }

    #[test]
    fn marks_in_chinese_text_or_alone_are_not() {
        assert_eq!(flags("“象”"), "...");
        assert_eq!(flags("象—獅"), "...");
        assert_eq!(flags("…"), ".");
        // Letters themselves are never flagged.
        assert_eq!(flags("ab"), "..");
    }
}

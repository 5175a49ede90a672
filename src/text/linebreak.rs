//! Line breaking: Unicode line-break opportunities (UAX #14), filled greedily
//! to a width measured with the fonts' advances.
//!
//! UAX #14 already forbids a break before closing punctuation and other
//! non-starters (。，、」』）！？：；…) and after opening brackets (「『（),
//! and keeps no-break spaces (U+00A0, U+202F) glued, so French « guillemets »
//! stay with their words.

use unicode_linebreak::{linebreaks, BreakOpportunity};

use super::{FontBook, FontStack};

/// Characters that may not start a line in CJK typesetting (kinsoku), checked
/// in addition to UAX #14 for robustness against unusual input.
pub const NO_LINE_START: &str = "。，、．：；！？）」』】〕〉》’”…—～·%)]}.,:;!?";

/// Characters that may not end a line (opening brackets and quotes).
pub const NO_LINE_END: &str = "「『（【〔〈《‘“([{«";

/// Breaks `text` into lines no wider than `width` mm at em size `size` mm.
/// Explicit newlines are kept. A word wider than the line is split between characters.
pub fn break_lines(
    book: &FontBook,
    stack: &FontStack,
    text: &str,
    size: f64,
    width: f64,
) -> Vec<String> {
    let measure = |s: &str| book.width_mm(stack, s.trim_end(), size);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut start = 0;
    for (end, kind) in linebreaks(text) {
        let segment = &text[start..end];
        start = end;
        let mandatory = kind == BreakOpportunity::Mandatory;
        let segment_text = segment.trim_end_matches(['\n', '\r']);
        let candidate = format!("{line}{segment_text}");
        if measure(&candidate) <= width || line.is_empty() {
            line = candidate;
        } else {
            lines.push(line.trim_end().to_string());
            line = segment_text.to_string();
        }
        // A single segment wider than the line: split it between characters.
        while measure(&line) > width && line.chars().count() > 1 {
            let mut cut = String::new();
            for c in line.chars() {
                let last_opens = cut.chars().last().is_some_and(|l| NO_LINE_END.contains(l));
                if !cut.is_empty()
                    && measure(&format!("{cut}{c}")) > width
                    && !NO_LINE_START.contains(c)
                    && !last_opens
                {
                    break;
                }
                cut.push(c);
            }
            if cut.len() == line.len() {
                break;
            }
            lines.push(cut.trim_end().to_string());
            line = line[cut.len()..].to_string();
        }
        if mandatory && end < text.len() {
            lines.push(line.trim_end().to_string());
            line = String::new();
        }
    }
    if !line.trim().is_empty() || lines.is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::BuiltinFont;

    fn book() -> (FontBook, FontStack) {
        let mut b = FontBook::new();
        let latin = b.add_builtin(BuiltinFont::NotoSans);
        let han = b.add_builtin(BuiltinFont::Kai);
        (b, vec![latin, han])
    }

    #[test]
    fn latin_breaks_between_words_and_fits() {
        let (b, s) = book();
        let text = "The lion and the tiger may leap over the river in a straight line.";
        let lines = break_lines(&b, &s, text, 4.0, 60.0);
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(b.width_mm(&s, l, 4.0) <= 60.0 + 1e-9, "{l}");
            assert!(!l.starts_with(' ') && !l.ends_with(' '));
        }
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn french_guillemets_stay_with_their_word() {
        let (b, s) = book();
        let text = "Choisissez l’option «\u{a0}taille réelle\u{a0}» puis imprimez\u{a0}: la barre doit mesurer 50\u{a0}mm.";
        for width in [20.0, 30.0, 45.0, 60.0, 80.0] {
            for l in break_lines(&b, &s, text, 3.5, width) {
                assert!(!l.starts_with('»') && !l.ends_with('«'), "{width}: `{l}`");
                assert!(
                    !l.starts_with(':') && !l.starts_with("mm"),
                    "{width}: `{l}`"
                );
            }
        }
    }

    #[test]
    fn cjk_breaks_between_characters_but_never_before_closing_punctuation() {
        let (b, s) = book();
        let text = "老鼠是唯一能下河的動物，牠在水裡可以自由游動。獅子和老虎可以跳過河，但河裡有老鼠擋路時就不能跳。「陷阱」裡的敵方動物失去所有力量！";
        for width in 5..40 {
            let lines = break_lines(&b, &s, text, 4.0, width as f64);
            assert_eq!(lines.concat(), text, "no character lost at width {width}");
            for l in &lines {
                let first = l.chars().next().unwrap();
                assert!(
                    !NO_LINE_START.contains(first),
                    "width {width}: line starts with {first}: {lines:?}"
                );
                assert!(
                    !l.ends_with('「'),
                    "width {width}: opening bracket at line end: {lines:?}"
                );
                assert!(
                    b.width_mm(&s, l, 4.0) <= width as f64 + 4.0 * 1.01,
                    "width {width}: {l}"
                );
            }
        }
    }

    #[test]
    fn newlines_are_kept() {
        let (b, s) = book();
        assert_eq!(
            break_lines(&b, &s, "one\ntwo", 4.0, 100.0),
            vec!["one", "two"]
        );
    }
}

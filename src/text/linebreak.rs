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

/// How many characters past the line's end a break may move to honour the
/// kinsoku rules above; beyond that the line is cut where it overflows.
const KINSOKU_REACH: usize = 8;

/// Breaks `text` into lines no wider than `width` mm at em size `size` mm.
/// Explicit newlines are kept. A word wider than the line is split between
/// characters. No paragraph ends in a lonely line (one word; in Chinese fewer
/// than three characters) when a few words pulled down from the line above,
/// or else slightly narrower lines, avoid it. Time is linear in the length of
/// the text: every character is measured once per try (at most
/// [`NARROWER`]` + 1`), and widths of spans come from running sums.
pub fn break_lines(
    book: &FontBook,
    stack: &FontStack,
    text: &str,
    size: f64,
    width: f64,
) -> Vec<String> {
    break_spaced(book, stack, text, size, width, &Spacing::default())
}

/// What [`break_spaced`] adds to the fonts' advances and to UAX #14, character
/// by character (indices in `char`s of the text; missing entries add nothing).
#[derive(Debug, Clone, Default)]
pub struct Spacing {
    /// Room in mm after each character (a phonetic guide beside it).
    pub extra: Vec<f64>,
    /// Whether a line may not break before each character, because it
    /// continues a word (Chinese, whose words UAX #14 does not know).
    pub joined: Vec<bool>,
}

/// [`break_lines`], with room after characters and breaks forbidden inside
/// words as `spacing` says.
pub fn break_spaced(
    book: &FontBook,
    stack: &FontStack,
    text: &str,
    size: f64,
    width: f64,
    spacing: &Spacing,
) -> Vec<String> {
    let broken = break_paragraphs(book, stack, text, size, width, spacing);
    broken.record();
    broken.lines
}

/// A text broken into lines by [`break_paragraphs`]: the lines, and the
/// index after each paragraph's last line.
#[derive(Debug, Clone)]
pub struct Broken {
    /// The lines, as [`break_spaced`] returns them.
    pub lines: Vec<String>,
    ends: Vec<usize>,
}

impl Broken {
    /// Notes the paragraphs' lines as [`break_spaced`] does (see
    /// [`recorded`]): for a breaking made once and used again.
    pub fn record(&self) {
        RECORDED.with(|r| {
            if let Some(record) = r.borrow_mut().as_mut() {
                let lines = &self.lines;
                let mut first = 0;
                for &stop in &self.ends {
                    record.push(lines[first.min(lines.len())..stop.min(lines.len())].to_vec());
                    first = stop;
                }
            }
        });
    }
}

/// [`break_spaced`] without noting the lines: the caller records them
/// ([`Broken::record`]) each time it uses them.
pub fn break_paragraphs(
    book: &FontBook,
    stack: &FontStack,
    text: &str,
    size: f64,
    width: f64,
    spacing: &Spacing,
) -> Broken {
    let (mut lines, mut ends, lonely) = lay(book, stack, text, size, width, spacing);
    if lonely {
        for k in NARROWER {
            let (l, e, still) = lay(book, stack, text, size, width * k, spacing);
            if !still {
                (lines, ends) = (l, e);
                break;
            }
        }
    }
    Broken { lines, ends }
}

/// The narrower measures tried, as fractions of the width, when pulling
/// words down leaves a paragraph's last line lonely.
const NARROWER: [f64; 3] = [0.96, 0.92, 0.88];

/// One breaking of `text` at `width`: the lines, the index after each
/// paragraph's last line, and whether a paragraph still ends lonely.
fn lay(
    book: &FontBook,
    stack: &FontStack,
    text: &str,
    size: f64,
    width: f64,
    spacing: &Spacing,
) -> (Vec<String>, Vec<usize>, bool) {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let n = chars.len();
    // sums[i]: width of the first i characters.
    let mut sums = Vec::with_capacity(n + 1);
    sums.push(0.0);
    for (i, w) in book.advances_mm(stack, text, size).into_iter().enumerate() {
        let extra = spacing.extra.get(i).copied().unwrap_or(0.0);
        sums.push(sums.last().copied().unwrap_or(0.0) + w + extra);
    }
    let byte = |i: usize| chars.get(i).map_or(text.len(), |c| c.0);
    // End of the span [a, b) without its trailing whitespace.
    let trimmed = |a: usize, mut b: usize| {
        while b > a && chars[b - 1].1.is_whitespace() {
            b -= 1;
        }
        b
    };
    let measure = |a: usize, b: usize| sums[trimmed(a, b)] - sums[a];
    // Lines as spans [a, b) of `chars`; a paragraph ends at a mandatory break.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut paragraph_ends: Vec<usize> = Vec::new(); // index in `spans` after each paragraph
                                                     // Where a line may break: the start index of each segment after the first.
    let mut opportunities: Vec<usize> = Vec::new();
    // The line being filled is chars[start..end]; the next segment starts at `next`.
    let (mut start, mut end, mut next) = (0, 0, 0);
    let mut ci = 0;
    // No break inside a hyphenated compound ("back-and-forth", « allers-retours »):
    // a break after a hyphen between letters is dropped.
    let compound = |at: usize| {
        let mut before = text[..at].chars().rev();
        let (hyphen, letter) = (before.next(), before.next());
        matches!(hyphen, Some('-' | '\u{2010}'))
            && letter.is_some_and(char::is_alphabetic)
            && text[at..].chars().next().is_some_and(char::is_alphabetic)
    };
    let breaks =
        linebreaks(text).filter(|&(at, kind)| kind == BreakOpportunity::Mandatory || !compound(at));
    let inside_word = |i: usize| spacing.joined.get(i).copied().unwrap_or(false);
    for (end_byte, kind) in breaks {
        while ci < n && chars[ci].0 < end_byte {
            ci += 1;
        }
        if kind != BreakOpportunity::Mandatory && inside_word(ci) {
            continue;
        }
        let seg_start = next;
        next = ci;
        let mandatory = kind == BreakOpportunity::Mandatory;
        if !mandatory && ci < n {
            opportunities.push(ci);
        }
        let mut seg_end = ci;
        while seg_end > seg_start && matches!(chars[seg_end - 1].1, '\n' | '\r') {
            seg_end -= 1;
        }
        if start == end || measure(start, seg_end) <= width {
            end = seg_end;
        } else {
            spans.push((start, end));
            start = seg_start;
            end = seg_end;
        }
        // A line wider than the width: cut it between characters.
        while measure(start, end) > width && end - start > 1 {
            // The first break the kinsoku rules allow after the overflow, else
            // (when none comes within reach) the overflow itself; when the
            // line ends within reach, the line stays a little too wide.
            let mut cut = None;
            let mut overflow = None;
            for k in start + 1..end {
                if measure(start, k + 1) <= width {
                    continue;
                }
                let first = *overflow.get_or_insert(k);
                let (c, last) = (chars[k].1, chars[k - 1].1);
                if !NO_LINE_START.contains(c) && !NO_LINE_END.contains(last) {
                    cut = Some(k);
                    break;
                }
                if k >= first + KINSOKU_REACH {
                    cut = Some(first);
                    break;
                }
            }
            let Some(k) = cut else { break };
            spans.push((start, k));
            start = k;
        }
        if mandatory && end_byte < text.len() {
            spans.push((start, end));
            paragraph_ends.push(spans.len());
            start = next;
            end = next;
        }
    }
    let rest = &text[byte(start)..byte(end)];
    if !rest.trim().is_empty() || spans.is_empty() {
        spans.push((start, end));
    }
    paragraph_ends.push(spans.len());
    // No paragraph ends in a lonely last line: pull words (characters, in
    // Chinese) down from the line above while the last line is lonely, the
    // pulled part fits, and the line above keeps two words or more.
    let mut first = 0;
    let mut left_lonely = false;
    for &stop in &paragraph_ends {
        let stop = stop.min(spans.len());
        if stop >= first + 2 {
            let (above, last) = (stop - 2, stop - 1);
            let mut still = false;
            for pulled in 0..=MAX_PULLED {
                let (a1, b1) = spans[above];
                let (a2, b2) = spans[last];
                if !lonely(&chars[a2..trimmed(a2, b2)], words(&opportunities, a2, b2)) {
                    break;
                }
                still = true;
                if pulled == MAX_PULLED {
                    break;
                }
                // The last place the line above may break before its end.
                let i = opportunities.partition_point(|&o| o < a2);
                let Some(&p) = opportunities[..i].last() else {
                    break;
                };
                if p <= a1 || words(&opportunities, a1, p) < 2 || measure(p, b2) > width {
                    break;
                }
                spans[above] = (a1, p.min(b1));
                spans[last] = (p, b2);
                still = false;
            }
            left_lonely |= still;
        }
        first = stop;
    }
    let lines: Vec<String> = spans
        .iter()
        .map(|&(a, b)| text[byte(a)..byte(trimmed(a, b))].to_string())
        .collect();
    (lines, paragraph_ends, left_lonely)
}

/// How many words (characters, in Chinese) a line may take from the line above
/// to keep the last line of a paragraph from being lonely.
const MAX_PULLED: usize = 3;

/// The number of unbreakable pieces in the span [a, b): one more than the break
/// opportunities inside it.
fn words(opportunities: &[usize], a: usize, b: usize) -> usize {
    let from = opportunities.partition_point(|&o| o <= a);
    let to = opportunities.partition_point(|&o| o < b);
    1 + to.saturating_sub(from)
}

/// A last line that should not stand alone: one word, or in Chinese fewer
/// than three characters besides punctuation.
fn lonely(line: &[(usize, char)], words: usize) -> bool {
    let han = line.iter().any(|&(_, c)| super::is_han(c));
    if han {
        line.iter()
            .filter(|&&(_, c)| {
                !c.is_whitespace() && !NO_LINE_START.contains(c) && !NO_LINE_END.contains(c)
            })
            .count()
            < 3
    } else {
        words < 2 && !line.is_empty()
    }
}

thread_local! {
    /// The paragraphs broken while [`recorded`] runs, each as its lines.
    static RECORDED: std::cell::RefCell<Option<Vec<Vec<String>>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` without recording its paragraphs (a trial layout that is thrown
/// away), then goes on recording if [`recorded`] was.
pub fn unrecorded<R>(f: impl FnOnce() -> R) -> R {
    let saved = RECORDED.with(|r| r.borrow_mut().take());
    let out = f();
    RECORDED.with(|r| *r.borrow_mut() = saved);
    out
}

/// Runs `f` and returns, with its result, every paragraph `f` broke into
/// lines (each as its lines, in order): how tests walk the laid-out lines
/// of whole documents.
/// Inside another recording, the outer one goes on after it, without
/// these paragraphs (a trial: [`record`] adds those that are kept).
pub fn recorded<R>(f: impl FnOnce() -> R) -> (R, Vec<Vec<String>>) {
    let outer = RECORDED.with(|r| r.borrow_mut().replace(Vec::new()));
    let out = f();
    let paragraphs = RECORDED
        .with(|r| std::mem::replace(&mut *r.borrow_mut(), outer))
        .unwrap_or_default();
    (out, paragraphs)
}

/// Adds paragraphs broken in a trial that is kept to the recording, if
/// [`recorded`] runs.
pub fn record(paragraphs: &[Vec<String>]) {
    RECORDED.with(|r| {
        if let Some(outer) = r.borrow_mut().as_mut() {
            outer.extend(paragraphs.iter().cloned());
        }
    });
}

/// Whether a paragraph of two lines or more (as [`recorded`] gives them)
/// ends in a lonely line: one word, or in Chinese fewer than three
/// characters besides punctuation.
pub fn ends_lonely(paragraph: &[String]) -> bool {
    let [_, .., last] = paragraph else {
        return false;
    };
    let chars: Vec<(usize, char)> = last.char_indices().collect();
    lonely(&chars, last.split_whitespace().count())
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
    fn hyphenated_compounds_are_never_split() {
        let (b, s) = book();
        for text in [
            "Never repeat an earlier position (watch for back-and-forth moves).",
            "Jamais deux fois la même position (gare aux allers-retours).",
        ] {
            for width in [32.0, 40.0, 50.0, 60.0, 80.0] {
                for l in break_lines(&b, &s, text, 3.5, width) {
                    assert!(!l.trim_end().ends_with('-'), "{width}: `{l}`");
                }
            }
        }
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
    fn a_long_word_is_cut_in_linear_time() {
        // 400 KB without a break opportunity: minutes if quadratic.
        let (b, s) = book();
        let word = "x".repeat(400_000);
        let lines = break_lines(&b, &s, &word, 4.0, 50.0);
        assert!(lines.len() > 1000);
        assert_eq!(lines.concat(), word);
        for l in &lines {
            assert!(b.width_mm(&s, l, 4.0) <= 50.0 + 1e-9);
        }
        // Nothing but characters that may not start a line: cut anyway.
        let stops = "。".repeat(100_000);
        assert_eq!(break_lines(&b, &s, &stops, 4.0, 40.0).concat(), stops);
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

//! Running text in Chinese: sentences broken into lines between words,
//! never inside one ([`crate::lang::words`] cuts them), and, when the pack
//! prints Zhuyin, every Han character followed by its column of symbols
//! ([`crate::compose::typesetting::phonetic::Column`]), or, when a Simplified Chinese pack asks
//! for pinyin throughout, its pinyin (tone marks on the vowels) centred
//! over it, the character centred in a cell as wide as the wider of the
//! two; each character read by the word it belongs to. Used for the
//! handout's and the poster's text (sentences, titles, headings, table
//! cells); the readings are text marked decorative, so that a PDF's text
//! layer reads the sentences alone.
//!
//! Lengths in mm, page coordinates (y down).

use crate::compose::typesetting::label::{FitText, Label, VAlign};
use crate::compose::typesetting::phonetic::{Column, NEUTRAL, ROOM};
use crate::lang::words::Lexicon;
use crate::lang::zhuyin::Syllable;
use crate::lang::Phonetic;
use crate::resolve::Resources;
use crate::scene::{pt, Anchor, Color, Item, Pt};
use crate::text::linebreak::{break_spaced, Spacing};
use crate::text::{FontBook, FontStack};

/// Symbol size beside running text, as a fraction of the characters' em,
/// at most: larger than clreq's 3:10, as children's books set it (the
/// Chinese faces draw Bopomofo small in its em), so that the handout's body
/// text of 4.75 mm on A4 carries symbols of 2.1 mm (6 pt).
pub const RUNNING_SYMBOL: f64 = 0.45;
/// The symbols' size that is large enough, mm (6 pt): above it, in larger
/// text (a poster on A3 or A2), the symbols shrink towards clreq's 3:10 of
/// the characters, leaving the characters more room.
pub const SYMBOL_MM: f64 = 2.1;
/// Symbol size as a fraction of the characters' em, at least (clreq's 3:10).
pub const MIN_RUNNING_SYMBOL: f64 = crate::compose::typesetting::phonetic::SYMBOL;
/// How much larger running text is set when it carries Zhuyin, so that its
/// symbols stay legible (the handout's body on A4: 3.65 mm becomes 4.75 mm).
pub const RUNNING_GROWTH: f64 = 1.3;

/// The least distance between lines of running text with Zhuyin, in ems.
pub const LINE_GAP: f64 = 1.65;
/// The least distance between lines of running text with pinyin over it,
/// in ems: the pinyin (tone marks and descenders) stands above the
/// character, so lines lie further apart than with Zhuyin beside it, the
/// pinyin nearer its own character than the line above.
pub const PINYIN_LINE_GAP: f64 = 1.95;
/// The gap between the top of a character's em box and its pinyin's
/// baseline, in the characters' em (descenders reach into it).
const PINYIN_RISE: f64 = 0.14;
/// The least gap between two syllables of pinyin side by side, in the
/// pinyin's em.
const PINYIN_SPACE: f64 = 0.3;
/// The pinyin's em against the Zhuyin symbols' ([`Running::symbol`]): Latin
/// small letters fill less of their em than Bopomofo does, so pinyin is set
/// a fifth larger (2.5 mm on the handout's A4 body text, x-height 1.4 mm).
pub const PINYIN_SCALE: f64 = 1.2;

// A column (up to three symbols and the neutral dot's slot, centred on its
// character) leaves room between two lines LINE_GAP apart.
const _: () = assert!(LINE_GAP >= 3.0 * RUNNING_SYMBOL + NEUTRAL + 0.1);

/// The reading every Han character of running text carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ruby {
    /// None: the words only decide where lines break.
    None,
    /// Zhuyin: a column of symbols at the right of each character.
    Zhuyin,
    /// Pinyin: a syllable centred over each character.
    Pinyin,
}

/// How a pack's running text is set: its words (where lines break) and,
/// when it prints Zhuyin or pinyin throughout, each character's reading.
#[derive(Debug, Clone, Copy)]
pub struct Running {
    /// The pack's word list.
    pub lexicon: &'static Lexicon,
    /// What every Han character carries.
    pub ruby: Ruby,
    /// The symbols' largest size as a fraction of the characters' em (see
    /// [`Running::symbol`]).
    pub symbol: f64,
}

impl Running {
    /// The running text of `res`'s pack: `None` for a language without a
    /// word list (its lines break as UAX #14 says).
    pub fn of(res: &Resources) -> Option<Running> {
        if res.lang.pinyin_throughout() {
            return Some(Running {
                lexicon: Lexicon::pinyin(),
                ruby: Ruby::Pinyin,
                symbol: RUNNING_SYMBOL,
            });
        }
        let lexicon = Lexicon::for_code(&res.lang.meta.code)?;
        Some(Running {
            lexicon,
            ruby: if res.lang.phonetic() == Phonetic::Zhuyin {
                Ruby::Zhuyin
            } else {
                Ruby::None
            },
            symbol: RUNNING_SYMBOL,
        })
    }

    /// Whether every Han character carries a reading.
    pub fn annotated(&self) -> bool {
        self.ruby != Ruby::None
    }

    /// The least distance between lines, in ems: [`LINE_GAP`], or
    /// [`PINYIN_LINE_GAP`] with pinyin over the characters.
    pub fn line_gap(&self) -> f64 {
        match self.ruby {
            Ruby::Pinyin => PINYIN_LINE_GAP,
            _ => LINE_GAP,
        }
    }

    /// The symbols' size as a fraction of characters of em `size` mm:
    /// [`SYMBOL_MM`], within [`MIN_RUNNING_SYMBOL`] and `self.symbol`.
    pub fn symbol(&self, size: f64) -> f64 {
        (SYMBOL_MM / size).clamp(MIN_RUNNING_SYMBOL, self.symbol.max(MIN_RUNNING_SYMBOL))
    }

    /// How far (mm) the readings of a line at em `size` mm reach above the
    /// top of its characters' em: nothing for Zhuyin, whose columns stand
    /// beside the characters; for pinyin its height over them (the
    /// syllables' tone marks at 0.8 of their em).
    pub fn above(&self, size: f64) -> f64 {
        match self.ruby {
            Ruby::Pinyin => PINYIN_RISE * size + 0.8 * self.pinyin_size(size),
            _ => 0.0,
        }
    }

    /// The pinyin's em size (mm) over characters of em `size` mm.
    pub fn pinyin_size(&self, size: f64) -> f64 {
        self.symbol(size) * size * PINYIN_SCALE
    }

    /// The em size (mm) at which text meant for `size` is set: larger when
    /// it carries a reading.
    ///
    /// Lines of such text are [`Running::line_gap`] apart at least, so that
    /// the readings of two lines (Zhuyin's columns of up to 3 symbols and
    /// the neutral dot, pinyin over the characters) do not touch.
    pub fn size(&self, size: f64) -> f64 {
        if self.annotated() {
            size * RUNNING_GROWTH
        } else {
            size
        }
    }

    /// What line breaking adds for `text` set at em `size` mm (in `stack`):
    /// each read character's column or the room its pinyin needs, and no
    /// break inside a word.
    pub fn spacing(&self, book: &FontBook, stack: &FontStack, text: &str, size: f64) -> Spacing {
        self.spacing_of(book, stack, text, &self.lexicon.segment(text), size)
    }

    /// [`Running::spacing`] for `text` cut into `words` (by
    /// [`Lexicon::segment`]), as the same text at another size is.
    pub fn spacing_of(
        &self,
        book: &FontBook,
        stack: &FontStack,
        text: &str,
        words: &[crate::lang::words::Word],
        size: f64,
    ) -> Spacing {
        // One pass over the words gives both the joins and the room.
        let mut spacing = Spacing {
            extra: Vec::new(),
            joined: vec![false; text.chars().count()],
        };
        for w in words {
            for j in &mut spacing.joined[w.start + 1..w.start + w.len] {
                *j = true;
            }
        }
        if self.annotated() {
            spacing.extra = text
                .chars()
                .zip(words.iter().flat_map(|w| w.readings.iter()))
                .map(|(c, r)| self.room(book, stack, c, *r, size))
                .collect();
        }
        spacing
    }

    /// The room (mm) a reading takes besides its character `c` at em
    /// `size`: a Zhuyin column's, or what a pinyin syllable wider than the
    /// character needs (half on each side).
    fn room(
        &self,
        book: &FontBook,
        stack: &FontStack,
        c: char,
        reading: Option<&str>,
        size: f64,
    ) -> f64 {
        match (self.ruby, reading) {
            (Ruby::Zhuyin, Some(r)) if Syllable::parse(r).is_some() => {
                ROOM * self.symbol(size) * size
            }
            (Ruby::Pinyin, Some(r)) => {
                let p = self.pinyin_size(size);
                let w = crate::compose::typesetting::pinyin::width(book, stack, r, p)
                    + PINYIN_SPACE * p;
                let cw = book.width_mm(stack, c.encode_utf8(&mut [0; 4]), size);
                (w - cw).max(0.0)
            }
            _ => 0.0,
        }
    }

    /// One line of running text, its baseline's left end at `at` (mm), in
    /// `stack` at em `size` mm; with Zhuyin, each read character followed by
    /// its column (symbols from `symbols`, decorative text).
    #[allow(clippy::too_many_arguments)]
    pub fn line(
        &self,
        book: &FontBook,
        stack: &FontStack,
        symbols: &FontStack,
        line: &str,
        size: f64,
        at: Pt,
        fill: Color,
    ) -> Vec<Item> {
        let text = |t: &str, x: f64| {
            Label {
                text: t,
                stack,
                size,
                pos: pt(x, at.y),
                anchor: Anchor::Start,
                valign: VAlign::Baseline,
                rotation: 0.0,
                fill,
            }
            .items(book)
        };
        if !self.annotated() {
            return text(line, at.x);
        }
        record(Some(*self), line);
        let readings = self.lexicon.readings(line);
        let mut items = Vec::new();
        let mut x = at.x;
        let mut plain = String::new();
        for (c, reading) in line.chars().zip(readings) {
            let syllable = reading.and_then(Syllable::parse);
            let pinyin = reading.filter(|_| self.ruby == Ruby::Pinyin);
            if syllable.is_none() && pinyin.is_none() {
                plain.push(c);
                continue;
            }
            if !plain.is_empty() {
                items.extend(text(&plain, x));
                x += book.width_mm(stack, &plain, size);
                plain.clear();
            }
            let mut utf8 = [0; 4];
            let ch: &str = c.encode_utf8(&mut utf8);
            if let Some(p) = pinyin {
                // The character centred in its cell, the pinyin over it.
                let room = self.room(book, stack, c, Some(p), size);
                let cw = book.width_mm(stack, ch, size);
                items.extend(text(ch, x + room / 2.0));
                let middle = book
                    .first_font(stack, ch)
                    .map_or(0.38, |f| book.middle_em(f));
                let rise = (middle + 0.5 + PINYIN_RISE) * size;
                items.extend(crate::compose::typesetting::pinyin::syllable(
                    book,
                    stack,
                    p,
                    self.pinyin_size(size),
                    pt(x + (cw + room) / 2.0, at.y - rise),
                    fill,
                ));
                x += cw + room;
                continue;
            }
            let Some(syllable) = syllable else { continue };
            items.extend(text(ch, x));
            x += book.width_mm(stack, ch, size);
            let middle = book
                .first_font(stack, ch)
                .map_or(0.0, |f| book.middle_em(f) * size);
            let column = Column {
                stack: symbols,
                size,
                symbol: self.symbol(size),
                middle: at.y - middle,
                fill,
            }
            .items(book, &syllable, x);
            items.extend(column);
            x += ROOM * self.symbol(size) * size;
        }
        if !plain.is_empty() {
            items.extend(text(&plain, x));
        }
        items
    }
}

impl Running {
    /// The width in mm of `line` set by [`Running::line`].
    pub fn width(&self, book: &FontBook, stack: &FontStack, line: &str, size: f64) -> f64 {
        let room: f64 = if self.annotated() {
            line.chars()
                .zip(self.lexicon.readings(line))
                .map(|(c, r)| self.room(book, stack, c, r, size))
                .sum()
        } else {
            0.0
        };
        book.width_mm(stack, line, size) + room
    }
}

/// The pack's running text when it carries Zhuyin or pinyin throughout.
fn annotated_running(res: &Resources) -> Option<Running> {
    Running::of(res).filter(Running::annotated)
}

/// [`text_fit`](crate::compose::typesetting::label::text_fit) for the handout's and the poster's
/// own lines (titles, headings, table cells): with Zhuyin beside every
/// character when the pack prints it throughout (an unrotated label only).
pub(crate) fn fit(res: &Resources, f: FitText) -> Vec<Item> {
    let Some(r) = annotated_running(res).filter(|_| f.rotation == 0.0) else {
        return crate::compose::typesetting::label::text_fit(res, f);
    };
    let book = &res.fonts;
    let w = r.width(book, f.stack, f.text, f.size);
    let size = crate::compose::typesetting::label::fit_size(res, f.text, w, f.size, f.max_width);
    let w = w * size / f.size;
    let rise = book
        .first_font(f.stack, f.text)
        .map_or(0.0, |font| book.middle_em(font) * size);
    r.line(
        book,
        f.stack,
        &res.han,
        f.text,
        size,
        pt(f.pos.x - w / 2.0, f.pos.y + rise),
        f.fill,
    )
}

/// The width in mm of `text` as [`label`] sets it at em `size` mm: with
/// the Zhuyin's room when the pack prints it throughout.
pub(crate) fn width(res: &Resources, stack: &FontStack, text: &str, size: f64) -> f64 {
    match annotated_running(res) {
        Some(r) => r.width(&res.fonts, stack, text, size),
        None => res.fonts.width_mm(stack, text, size),
    }
}

/// The largest em size (mm), at most `size`, at which `text` is at most
/// `max_width` mm wide as [`label`] sets it. The readings' share of the
/// width grows as the characters shrink (their size has a floor), so the
/// size is found by narrowing, not by a rule of three.
pub(crate) fn fit_width(
    res: &Resources,
    stack: &FontStack,
    text: &str,
    size: f64,
    max_width: f64,
) -> f64 {
    let w = width(res, stack, text, size);
    if w <= max_width {
        return size;
    }
    let mut fit = size * max_width / w;
    if annotated_running(res).is_some() {
        for _ in 0..8 {
            let w = width(res, stack, text, fit);
            if w <= max_width + 1e-9 {
                break;
            }
            fit *= (max_width / w).min(0.999);
        }
    }
    fit
}

/// A one-line, unrotated [`Label`] of the handout's and the poster's own
/// (page footers, the names in the poster's rank list): with Zhuyin beside
/// every character when the pack prints it throughout, placed by `anchor`
/// and `valign` as the label would be. `pos` in mm, page coordinates.
#[allow(clippy::too_many_arguments)]
pub(crate) fn label(
    res: &Resources,
    stack: &FontStack,
    text: &str,
    size: f64,
    pos: Pt,
    anchor: Anchor,
    valign: VAlign,
    fill: Color,
) -> Vec<Item> {
    let Some(r) = annotated_running(res) else {
        return Label {
            text,
            stack,
            size,
            pos,
            anchor,
            valign,
            rotation: 0.0,
            fill,
        }
        .items(&res.fonts);
    };
    let book = &res.fonts;
    let w = r.width(book, stack, text, size);
    let x = match anchor {
        Anchor::Start => pos.x,
        Anchor::Middle => pos.x - w / 2.0,
        Anchor::End => pos.x - w,
    };
    let rise = match valign {
        VAlign::Baseline => 0.0,
        VAlign::Middle => book
            .first_font(stack, text)
            .map_or(0.0, |font| book.middle_em(font) * size),
    };
    r.line(book, stack, &res.han, text, size, pt(x, pos.y + rise), fill)
}

/// [`left_text`](crate::compose::typesetting::label::left_text) for the handout's and the
/// poster's own lines: with Zhuyin when the pack prints it throughout.
pub(crate) fn left(
    res: &Resources,
    stack: &FontStack,
    text: &str,
    size: f64,
    at: Pt,
    fill: Color,
) -> Vec<Item> {
    match annotated_running(res) {
        Some(r) => r.line(&res.fonts, stack, &res.han, text, size, at, fill),
        None => crate::compose::typesetting::label::left_text(res, stack, text, size, at, fill),
    }
}

thread_local! {
    /// The lines set with Zhuyin while [`printed_lines`] runs.
    static PRINTED: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
}

/// Notes `line` among the lines [`printed_lines`] returns, as
/// [`Running::line`] does when it sets it with readings: what a measuring
/// layout, which finds the lines without setting them, calls instead.
pub(crate) fn record(running: Option<Running>, line: &str) {
    if running.is_some_and(|r| r.annotated()) {
        PRINTED.with(|p| {
            if let Some(lines) = p.borrow_mut().as_mut() {
                lines.push(line.to_string());
            }
        });
    }
}

/// Runs `f` and returns, with its result, every line [`Running::line`] set
/// with Zhuyin while it ran (trial layouts included): how tests read every
/// word printed with its reading.
pub fn printed_lines<R>(f: impl FnOnce() -> R) -> (R, Vec<String>) {
    PRINTED.with(|p| *p.borrow_mut() = Some(Vec::new()));
    let out = f();
    let lines = PRINTED.with(|p| p.borrow_mut().take()).unwrap_or_default();
    (out, lines)
}

/// The lines [`paragraph`] breaks `text` into at `width` mm (each as
/// broken, trailing spaces kept: joined, they give `text` back).
pub(crate) fn paragraph_lines(res: &Resources, text: &str, size: f64, width: f64) -> Vec<String> {
    let spacing = match annotated_running(res) {
        Some(r) => r.spacing(&res.fonts, &res.text, text, size),
        None => Spacing {
            extra: Vec::new(),
            joined: Lexicon::for_code(&res.lang.meta.code)
                .map(|lex| lex.joined(text))
                .unwrap_or_default(),
        },
    };
    break_spaced(&res.fonts, &res.text, text, size, width, &spacing)
}

/// [`paragraph`](crate::compose::typesetting::label::paragraph) for the handout's and the
/// poster's sentences: lines 1.4 em apart, [`LINE_GAP`] with Zhuyin. Returns
/// the items and the baseline below the last line (mm).
pub(crate) fn paragraph(
    res: &Resources,
    text: &str,
    size: f64,
    at: Pt,
    width: f64,
    fill: Color,
) -> (Vec<Item>, f64) {
    let Some(r) = annotated_running(res) else {
        return crate::compose::typesetting::label::paragraph(res, text, size, at, width, fill);
    };
    let mut items = Vec::new();
    // Pinyin over the first line takes room above it: the lines move down.
    let mut y = at.y + r.above(size);
    let spacing = r.spacing(&res.fonts, &res.text, text, size);
    for line in break_spaced(&res.fonts, &res.text, text, size, width, &spacing) {
        items.extend(r.line(
            &res.fonts,
            &res.text,
            &res.han,
            line.trim_end(),
            size,
            pt(at.x, y),
            fill,
        ));
        y += size * r.line_gap();
    }
    (items, y)
}

/// How far (mm) the readings over a line of the handout's and the poster's
/// own text at em `size` mm reach above the top of its characters' em:
/// pinyin's height when the pack sets it over every character, else
/// nothing (Zhuyin stands beside the characters).
pub(crate) fn above(res: &Resources, size: f64) -> f64 {
    annotated_running(res).map_or(0.0, |r| r.above(size))
}

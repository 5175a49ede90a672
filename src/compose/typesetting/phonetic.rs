//! Zhuyin (注音, Bopomofo) beside Chinese characters, set the way Taiwan's
//! schoolbooks set it and as the W3C's *Requirements for Chinese Text
//! Layout* (clreq, "Bopomofo") describes:
//!
//! - each character carries its own small vertical column of symbols at its
//!   right, the symbols upright and 3/10 of the character's size, the column
//!   centred on the character's height, the annotation taking half the
//!   character's width beside it;
//! - the 2nd, 3rd and 4th tone marks (ˊ ˇ ˋ) sit outside the upper right
//!   corner of the column's last symbol, half of their room above its top;
//! - the neutral tone's dot (˙) comes before the symbols: on top of the
//!   column, in a slot 1/15 of the character high.
//!
//! Lengths in mm, page coordinates (y down). Used by the animal emblems of
//! boards and counters and by the handout's rank table alike ([`Annotated`]),
//! and by running text ([`crate::compose::typesetting::running`]), whose columns are a [`Column`]
//! each.

use crate::lang::zhuyin::{Syllable, NEUTRAL_DOT};
use crate::scene::{decorative, pt, Anchor, Color, Item, Pt, TextRun};
use crate::text::{FontBook, FontStack};

use crate::compose::typesetting::label::{Label, VAlign};

/// Symbol size as a fraction of the character's em (clreq: 3:10).
pub const SYMBOL: f64 = 0.3;
/// Room beside each character for its column and tone mark, in symbol ems
/// (clreq: half the character, for symbols 3/10 of it).
pub const ROOM: f64 = 5.0 / 3.0;
/// Symbols smaller than this (mm, about 3.4 pt) cannot be read: below it
/// the animal emblems leave the Zhuyin out, as they leave out the name line
/// on small squares.
pub const MIN_SYMBOL: f64 = 1.2;
/// Height of the neutral tone's slot above the column, in the character's em
/// (clreq: 1:15).
pub const NEUTRAL: f64 = 1.0 / 15.0;

/// Characters with their Zhuyin, as one centred block; see the module's
/// documentation. Lengths in mm, page coordinates.
#[derive(Debug, Clone)]
pub struct Annotated<'a> {
    /// The characters (one or more).
    pub han: &'a str,
    /// One syllable per character of `han`; characters past the last
    /// syllable (or with one that does not read) are set without.
    pub readings: &'a [&'a str],
    /// Fonts for the characters and the symbols (the Chinese face).
    pub stack: &'a FontStack,
    /// The characters' em size in mm.
    pub size: f64,
    /// The symbols' size as a fraction of `size`: [`SYMBOL`], or larger
    /// where the characters are small (clreq allows adjusting it).
    pub symbol: f64,
    /// The block's centre: horizontally the middle of characters and
    /// columns together, vertically the characters' optical middle.
    pub center: Pt,
    /// Colour.
    pub fill: Color,
}

impl Annotated<'_> {
    /// Width in mm of the characters and their columns, at em size `size`.
    pub fn width_at(&self, book: &FontBook, size: f64) -> f64 {
        self.han
            .chars()
            .enumerate()
            .map(|(i, c)| {
                let room = if i < self.readings.len() {
                    ROOM * self.symbol
                } else {
                    0.0
                };
                book.width_mm(self.stack, c.encode_utf8(&mut [0; 4]), size) + room * size
            })
            .sum()
    }

    /// The text runs: each character, then its column of symbols, its tone
    /// mark and its neutral dot.
    pub fn items(&self, book: &FontBook) -> Vec<Item> {
        let size = self.size;
        let mut x = self.center.x - self.width_at(book, size) / 2.0;
        let y = self.center.y;
        let mut items = Vec::new();
        for (i, c) in self.han.chars().enumerate() {
            let ch = c.to_string();
            items.extend(
                Label {
                    text: &ch,
                    stack: self.stack,
                    size,
                    pos: pt(x, y),
                    anchor: Anchor::Start,
                    valign: VAlign::Middle,
                    rotation: 0.0,
                    fill: self.fill,
                }
                .items(book),
            );
            x += book.width_mm(self.stack, &ch, size);
            let Some(syllable) = self.readings.get(i) else {
                continue;
            };
            if let Some(s) = Syllable::parse(syllable) {
                items.extend(self.column(book, &s, x));
            }
            x += ROOM * self.symbol * size;
        }
        items
    }

    /// One syllable's column, its left edge at `left` (the character's right edge).
    fn column(&self, book: &FontBook, s: &Syllable, left: f64) -> Vec<Item> {
        Column {
            stack: self.stack,
            size: self.size,
            symbol: self.symbol,
            middle: self.center.y,
            fill: self.fill,
        }
        .items(book, s, left)
    }
}

/// Where and how one character's column of symbols is drawn. Lengths in
/// mm, page coordinates.
pub(crate) struct Column<'a> {
    /// Fonts for the symbols (the Chinese face).
    pub stack: &'a FontStack,
    /// The character's em size.
    pub size: f64,
    /// The symbols' size as a fraction of `size`.
    pub symbol: f64,
    /// The character's optical middle (page y).
    pub middle: f64,
    /// Colour.
    pub fill: Color,
}

impl Column<'_> {
    /// The column of syllable `s`, its left edge at `left` (mm): text runs
    /// marked decorative, so that a PDF's text layer (what a reader copies,
    /// what a screen reader speaks) reads the characters alone, not each
    /// followed by its symbols.
    pub fn items(&self, book: &FontBook, s: &Syllable, left: f64) -> Vec<Item> {
        let z = self.symbol * self.size;
        let cx = left + z / 2.0;
        let dot = if s.neutral { NEUTRAL * self.size } else { 0.0 };
        let height = dot + z * s.letters.len() as f64;
        let top = self.middle - height / 2.0;
        let mut items = Vec::new();
        if s.neutral {
            items.extend(self.mark(book, NEUTRAL_DOT, z, pt(cx, top + dot / 2.0)));
        }
        for (k, l) in s.letters.iter().enumerate() {
            let slot = top + dot + z * k as f64;
            items.extend(
                Label {
                    text: l.encode_utf8(&mut [0; 4]),
                    stack: self.stack,
                    size: z,
                    pos: pt(cx, slot + z / 2.0),
                    anchor: Anchor::Middle,
                    valign: VAlign::Middle,
                    rotation: 0.0,
                    fill: self.fill,
                }
                .items(book),
            );
        }
        if let Some(t) = s.tone {
            // Outside the last symbol's upper right corner, its middle level
            // with the symbol's top: half of it above, as clreq asks.
            let last_top = top + dot + z * (s.letters.len() - 1) as f64;
            items.extend(self.mark(book, t, z, pt(cx + 0.6 * z, last_top)));
        }
        decorative(items)
    }

    /// A tone mark at em size `z`, the middle of its ink at `at`: tone marks
    /// are small glyphs drawn high in their em, so they are placed by their ink.
    fn mark(&self, book: &FontBook, c: char, z: f64, at: Pt) -> Vec<Item> {
        let text = c.to_string();
        let Some(font) = book.first_font(self.stack, &text) else {
            return Vec::new();
        };
        let (mx, my) = ink_middle_em(book, font, c).unwrap_or((0.25, 0.6));
        vec![Item::Text(TextRun::new(
            book,
            font,
            text,
            z,
            pt(at.x - mx * z, at.y + my * z),
            0.0,
            self.fill,
        ))]
    }
}

/// The middle of a glyph's ink (of its outline's points) in em, y up from
/// the baseline; `None` for a character the font lacks or draws blank
/// ([`FontBook::ink_middle_em`], found once per font and character).
pub fn ink_middle_em(book: &FontBook, font: crate::text::FontId, c: char) -> Option<(f64, f64)> {
    book.ink_middle_em(font, c)
}

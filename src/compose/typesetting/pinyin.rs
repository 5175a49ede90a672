//! Pinyin syllables (tone marks on the vowels) set as text, for the
//! readings set over running text ([`crate::compose::typesetting::running`]). The bundled Latin
//! face has most marked vowels (ā á à, ě, ǒ, ǔ …) but not ǎ, ǐ, ǖ, ǘ, ǚ, ǜ,
//! ǹ, ḿ: those are composed from the plain letter (a, dotless ı, ü, n, m)
//! and the accent of a letter the face has (the caron of ě, the macron of
//! ē, the acute of é, the grave of è), centred over the letter and raised
//! as far above it as it stands above the e. A syllable is set in one face:
//! the first of the stack that has the letter a.
//!
//! Lengths in mm, page coordinates (y down); font units y up.

use crate::scene::{pt, shapes, Clip, Color, Item, Pt, TextRun};
use crate::text::{FontBook, FontId, FontStack, OutlineSeg};

/// The letters composed when the face lacks them: the letter and the
/// marked e whose accent goes over it.
const COMPOSED: [(char, char, char); 8] = [
    ('ǎ', 'a', 'ě'),
    ('ǐ', 'ı', 'ě'),
    ('ǖ', 'ü', 'ē'),
    ('ǘ', 'ü', 'é'),
    ('ǚ', 'ü', 'ě'),
    ('ǜ', 'ü', 'è'),
    ('ǹ', 'n', 'è'),
    ('ḿ', 'm', 'é'),
];

/// One glyph of a syllable: its outline (font units, y up, origin at its
/// baseline's left end), its advance, and how it is composed when the face
/// lacks it.
struct Drawn {
    outline: Vec<OutlineSeg>,
    advance: f64,
    accent: Option<Accent>,
}

/// A letter composed of a plain letter and the accent of a marked e: the
/// marked e drawn moved by (`dx`, `dy`) and seen only above `cut` and
/// between `left` and `right`, the accent's own ink (font units, y up, in
/// the moved glyph's own space).
struct Accent {
    base: char,
    donor: char,
    dx: f32,
    dy: f32,
    cut: f32,
    left: f32,
    right: f32,
}

/// The face a syllable is set in: the first of `stack` with the letter a.
fn face(book: &FontBook, stack: &FontStack) -> Option<FontId> {
    stack
        .iter()
        .copied()
        .find(|f| book.glyph(*f, 'a').is_some())
}

/// The ink's extent of an outline: (x0, y0, x1, y1), font units.
fn extent(outline: &[OutlineSeg]) -> Option<(f32, f32, f32, f32)> {
    let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for s in outline {
        let (x, y) = match *s {
            OutlineSeg::Move(x, y) | OutlineSeg::Line(x, y) => (x, y),
            OutlineSeg::Quad(_, _, x, y) => (x, y),
            OutlineSeg::Cubic(_, _, _, _, x, y) => (x, y),
            OutlineSeg::Close => continue,
        };
        b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
    }
    (b.0 <= b.2).then_some(b)
}

/// The contours of an outline, each from its `Move`.
fn contours(outline: &[OutlineSeg]) -> Vec<&[OutlineSeg]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, s) in outline.iter().enumerate() {
        if matches!(s, OutlineSeg::Move(..)) && i > start {
            out.push(&outline[start..i]);
            start = i;
        }
    }
    if start < outline.len() {
        out.push(&outline[start..]);
    }
    out
}

/// Character `c`'s outline and advance in `font`.
fn glyph(book: &FontBook, font: FontId, c: char) -> Option<Drawn> {
    let gid = book.glyph(font, c)?;
    Some(Drawn {
        outline: book.outline(font, gid).unwrap_or_default(),
        advance: book.width_em(font, c.encode_utf8(&mut [0; 4])) * book.units_per_em(font),
        accent: None,
    })
}

/// `c` as the face draws it, or composed from a letter and an accent.
fn letter(book: &FontBook, font: FontId, c: char) -> Option<Drawn> {
    if let Some(d) = glyph(book, font, c) {
        return Some(d);
    }
    let &(_, base, donor) = COMPOSED.iter().find(|(x, ..)| *x == c)?;
    let mut drawn = glyph(book, font, base)?;
    let (Some(e), Some(marked)) = (glyph(book, font, 'e'), glyph(book, font, donor)) else {
        return Some(drawn);
    };
    let (Some(e_ink), Some(base_ink)) = (extent(&e.outline), extent(&drawn.outline)) else {
        return Some(drawn);
    };
    // The accent: the contours of the marked e standing above the e.
    let accent: Vec<OutlineSeg> = contours(&marked.outline)
        .into_iter()
        .filter(|c| extent(c).is_some_and(|b| b.1 > e_ink.3 - 1.0))
        .flat_map(|c| c.iter().copied())
        .collect();
    let Some(a_ink) = extent(&accent) else {
        return Some(drawn);
    };
    let dx = (base_ink.0 + base_ink.2) / 2.0 - (a_ink.0 + a_ink.2) / 2.0;
    let dy = base_ink.3 - e_ink.3;
    drawn.accent = Some(Accent {
        base,
        donor,
        dx,
        dy,
        // Halfway between the e's top and the accent's foot.
        cut: (e_ink.3 + a_ink.1) / 2.0,
        left: a_ink.0,
        right: a_ink.2,
    });
    Some(drawn)
}

/// The width in mm of `syllable` at em `size` mm in `stack`'s face.
pub fn width(book: &FontBook, stack: &FontStack, syllable: &str, size: f64) -> f64 {
    let Some(font) = face(book, stack) else {
        return 0.0;
    };
    let units: f64 = syllable
        .chars()
        .filter_map(|c| letter(book, font, c))
        .map(|d| d.advance)
        .sum();
    units * size / book.units_per_em(font)
}

/// `syllable` at em `size` mm in `stack`'s face, the middle of its advance
/// at `at.x`, its baseline at `at.y` (mm, page coordinates): one decorative
/// text run per letter (a reading stays out of the text a reader copies or
/// hears, which reads the characters alone), a composed letter as its plain
/// letter and the accent of its marked e, that glyph drawn clipped to what
/// stands above the e and moved over the letter.
pub fn syllable(
    book: &FontBook,
    stack: &FontStack,
    syllable: &str,
    size: f64,
    at: Pt,
    fill: Color,
) -> Vec<Item> {
    let Some(font) = face(book, stack) else {
        return Vec::new();
    };
    let k = size / book.units_per_em(font);
    let mut x = at.x - width(book, stack, syllable, size) / 2.0;
    let mut items = Vec::new();
    let run = |c: char, x: f64, y: f64| {
        let mut run = TextRun::new(book, font, c.to_string(), size, pt(x, y), 0.0, fill);
        run.decorative = true;
        Item::Text(run)
    };
    for c in syllable.chars() {
        let Some(d) = letter(book, font, c) else {
            continue;
        };
        match d.accent {
            None => items.push(run(c, x, at.y)),
            Some(a) => {
                items.push(run(a.base, x, at.y));
                // The marked e, moved by (dx, dy), seen only above `cut`,
                // no wider than the accent (a little room round it), so
                // that the clip reaches no further than the ink.
                let (ex, ey) = (x + a.dx as f64 * k, at.y - a.dy as f64 * k);
                let top = ey - 2.0 * size;
                let cut = ey - a.cut as f64 * k;
                let (x0, x1) = (ex + a.left as f64 * k, ex + a.right as f64 * k);
                let pad = 0.05 * size;
                items.push(Item::Clip(Clip {
                    path: shapes::rect(x0 - pad, top, x1 - x0 + 2.0 * pad, cut - top),
                    items: vec![run(a.donor, ex, ey)],
                }));
            }
        }
        x += d.advance * k;
    }
    items
}

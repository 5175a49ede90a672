//! Braille drawn for fingers: each dot a black disc at the standard size
//! (for swell paper, where black rises), with the same braille written over
//! it as invisible text, so that a screen reader, a copy or a test reads it.
//!
//! Sizes follow the usual paper braille (NLS Specification 800, BANA):
//! dots 1.5 mm across, 2.5 mm apart within a cell, 6.2 mm from a cell to
//! the next, 10 mm from a line to the next. Lengths in mm, page coordinates
//! (origin top-left, y down).

use crate::lang::braille::dots;
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Color, Item, Pt, TextRun, Transform};

/// Dot diameter, mm.
pub const DOT: f64 = 1.5;
/// From a dot's centre to the next dot's in the same cell, across and down, mm.
pub const IN_CELL: f64 = 2.5;
/// From a cell to the next on a line (the same dot in each), mm.
pub const CELL: f64 = 6.2;
/// From a line to the next (the same dot in each), mm.
pub const LINE: f64 = 10.0;
/// What rises on swell paper: pure black.
pub const RAISED: Color = Color::Rgb(0, 0, 0);

/// The width of `cells` cells from the outer edge of the first dot column
/// to that of the last, mm (0 for none).
pub fn width(cells: usize) -> f64 {
    match cells {
        0 => 0.0,
        n => (n - 1) as f64 * CELL + IN_CELL + DOT,
    }
}

/// The height of one line of cells, from the top of dot 1 to the bottom of
/// dot 3, mm.
pub const HEIGHT: f64 = 2.0 * IN_CELL + DOT;

/// The centre of every raised dot of `text` (Unicode braille) set with its
/// box's top-left corner at `corner`, turned `rotation` degrees clockwise
/// about `about`, cell by cell, each cell's dots in their order (1 to 6), mm.
/// Characters that are not six-dot braille are left out.
pub fn dot_centers(text: &str, corner: Pt, rotation: f64, about: Pt) -> Vec<Pt> {
    let t = Transform::rotate_about(rotation, about);
    let r = DOT / 2.0;
    let mut out = Vec::new();
    for (i, cell) in text.chars().filter_map(dots).enumerate() {
        let x0 = corner.x + r + i as f64 * CELL;
        for dot in 0..6 {
            if cell & (1 << dot) == 0 {
                continue;
            }
            let (col, row) = (dot / 3, dot % 3);
            let c = pt(
                x0 + col as f64 * IN_CELL,
                corner.y + r + row as f64 * IN_CELL,
            );
            out.push(t.apply(c));
        }
    }
    out
}

/// `text` (Unicode braille) drawn with its box's top-left corner at
/// `corner`, turned `rotation` degrees clockwise about `about` (180 reads it
/// from the other side of the table): a disc per raised dot, and the text
/// itself, invisible, over the cells (when the resources hold the braille
/// face, [`Resources::add_braille`]). Characters that are not six-dot
/// braille are left out (the data holds none).
pub fn braille(res: &Resources, text: &str, corner: Pt, rotation: f64, about: Pt) -> Vec<Item> {
    let t = Transform::rotate_about(rotation, about);
    let r = DOT / 2.0;
    let mut discs = Vec::new();
    for c in dot_centers(text, corner, rotation, about) {
        discs.extend(shapes::circle(c, r));
    }
    let mut items = Vec::new();
    if !discs.is_empty() {
        items.push(shapes::fill(discs, RAISED));
    }
    if let Some(font) = res.braille {
        // One em of the braille face is about a cell and a half wide: the
        // invisible text spans the cells it reads.
        let n = text.chars().count().max(1) as f64;
        let mut run = TextRun::new(
            &res.fonts,
            font,
            text.to_string(),
            1.0,
            pt(0.0, 0.0),
            0.0,
            RAISED,
        );
        let advance: f64 = run.glyphs.iter().map(|g| g.advance).sum::<f64>() / n;
        let size = if advance > 0.0 { CELL / advance } else { CELL };
        run = TextRun::new(
            &res.fonts,
            font,
            text.to_string(),
            size,
            t.apply(pt(corner.x, corner.y + HEIGHT)),
            rotation,
            RAISED,
        );
        run.invisible = true;
        items.push(Item::Text(run));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_the_standard_ones() {
        assert_eq!(width(1), 4.0);
        assert!((width(3) - 16.4).abs() < 1e-9);
        assert_eq!(HEIGHT, 6.5);
    }
}

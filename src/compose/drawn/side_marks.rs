//! How a side shows besides its colour, for black-and-white printing and
//! colour-blind players: the theme's pattern line inside a rim, and its mark.
//! Lengths in mm, page coordinates.

use crate::scene::{pt, shapes, Color, Item, Pt, Seg, Stroke};
use crate::theme::{Mark, Pattern};

/// The side's pattern line drawn `inset` mm inside an outline; `outline(grow)`
/// gives the outline grown by `grow` mm (negative shrinks). `width` in mm.
pub(crate) fn pattern_line(
    outline: impl Fn(f64) -> Vec<Seg>,
    inset: f64,
    pattern: Pattern,
    color: Color,
    width: f64,
) -> Vec<Item> {
    let line = |grow: f64, stroke: Stroke| shapes::stroke(outline(grow), stroke);
    match pattern {
        Pattern::Solid => vec![line(-inset, Stroke::solid(color, width))],
        Pattern::Dashed => vec![line(
            -inset,
            Stroke::dashed(color, width, vec![width * 3.0, width * 2.0]),
        )],
        Pattern::Dotted => {
            let w = width * 1.6;
            vec![line(-inset, Stroke::dashed(color, w, vec![w, w * 1.5]))]
        }
        Pattern::Double => vec![
            line(-inset + width * 1.1, Stroke::solid(color, width * 0.6)),
            line(-inset - width * 1.1, Stroke::solid(color, width * 0.6)),
        ],
        Pattern::None => Vec::new(),
    }
}

/// A side's mark, `size` mm across, centred on `c`; `None` for [`Mark::None`].
/// The triangle points up the page (towards the opponent once the group is turned).
pub(crate) fn mark_item(mark: Mark, c: Pt, size: f64, color: Color) -> Option<Item> {
    let h = size / 2.0;
    let segs = match mark {
        Mark::None => return None,
        Mark::Dot => shapes::circle(c, h),
        Mark::Square => shapes::rect(c.x - h * 0.85, c.y - h * 0.85, h * 1.7, h * 1.7),
        Mark::Diamond => shapes::polygon(&[
            pt(c.x, c.y - h),
            pt(c.x + h, c.y),
            pt(c.x, c.y + h),
            pt(c.x - h, c.y),
        ]),
        Mark::Triangle => shapes::polygon(&[
            pt(c.x, c.y - h),
            pt(c.x + h, c.y + h * 0.8),
            pt(c.x - h, c.y + h * 0.8),
        ]),
    };
    Some(shapes::fill(segs, color))
}

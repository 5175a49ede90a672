//! The scale bar printed on sheets whose size matters (board, counters,
//! tiles, cover), to check that a page was printed at 100 %.

use crate::compose::typesetting::label::{Label, VAlign};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Anchor, Color, Item, Pt, Stroke};

/// A 50 mm scale bar with 10 mm ticks, its left end at `at` (mm), and its caption
/// below. Returns the items and the total height used in mm.
pub(crate) fn scale_bar(
    res: &Resources,
    at: Pt,
    color: Color,
    with_sentence: bool,
    max_width: f64,
) -> Vec<Item> {
    let stroke = Stroke::solid(color, 0.3);
    let mut items = vec![shapes::stroke(
        shapes::line(at, pt(at.x + 50.0, at.y)),
        stroke.clone(),
    )];
    for i in 0..=5 {
        let x = at.x + 10.0 * i as f64;
        let h = if i % 5 == 0 { 2.0 } else { 1.2 };
        items.push(shapes::stroke(
            shapes::line(pt(x, at.y - h), pt(x, at.y)),
            stroke.clone(),
        ));
    }
    let caption = if with_sentence {
        format!(
            "{}  ·  {}",
            res.lang.sheet.scale_bar, res.lang.sheet.print_at_100
        )
    } else {
        res.lang.sheet.scale_bar.clone()
    };
    let size = 2.6;
    let w = res.fonts.width_mm(&res.text, &caption, size);
    let size = if w > max_width {
        size * max_width / w
    } else {
        size
    };
    items.extend(
        Label {
            text: &caption,
            stack: &res.text,
            size,
            pos: pt(at.x, at.y + 3.6),
            anchor: Anchor::Start,
            valign: VAlign::Baseline,
            rotation: 0.0,
            fill: color,
        }
        .items(&res.fonts),
    );
    items
}

//! Composers: game model + sheet geometry + theme + language → pages of the drawing model.
//! One composer per product; each is a plain function.

pub mod board;
pub mod boxnet;
pub mod counters;
pub mod flow;
pub mod handout;
mod label;
pub mod laser;
pub mod print_shop;
pub mod set;
pub mod tiles;

use crate::resolve::Resources;
use crate::scene::{pt, shapes, Anchor, Color, Item, Pt, Seg, Stroke};
pub use label::{Label, VAlign};

use crate::text::FontStack;
use crate::theme::{Mark, Pattern};

/// The largest bleed accepted, mm: print shops ask for 2–3 mm, 5 is plenty.
pub const MAX_BLEED: f64 = 5.0;

/// Refuses a bleed outside 0 to [`MAX_BLEED`] mm (or not a number).
pub fn check_bleed(bleed: f64) -> Result<(), crate::error::Error> {
    if (0.0..=MAX_BLEED).contains(&bleed) {
        Ok(())
    } else {
        Err(crate::error::Error::usage(
            crate::error::Opt::Bleed,
            format!("{} mm is out of range; expected 0 to {MAX_BLEED} mm (print shops usually ask for 3)", crate::input::num(bleed)),
        ))
    }
}

/// Labels shrunk below this fraction of their size to fit are reported as warnings.
pub const MIN_FIT: f64 = 0.7;

/// A centred one-line label to be shrunk, if needed, to at most `max_width` mm
/// wide; see [`text_fit`]. Lengths in mm, page coordinates.
pub(crate) struct FitText<'a> {
    /// The text (one line).
    pub text: &'a str,
    /// Fonts to try, first that has the glyph wins.
    pub stack: &'a FontStack,
    /// Em size in mm before any shrinking.
    pub size: f64,
    /// The widest the label may be, in mm.
    pub max_width: f64,
    /// Centre of the label (middle of the line).
    pub pos: Pt,
    /// Clockwise rotation in degrees about `pos`.
    pub rotation: f64,
    /// Colour.
    pub fill: Color,
}

/// Lays out a [`FitText`], shrunk if needed so it is at most `max_width` mm wide
/// (shrinking below [`MIN_FIT`] is reported through [`Resources::warn`]).
pub(crate) fn text_fit(res: &Resources, fit: FitText) -> Vec<Item> {
    let FitText {
        text,
        stack,
        size,
        max_width,
        pos,
        rotation,
        fill,
    } = fit;
    let w = res.fonts.width_mm(stack, text, size);
    let size = if w > max_width && w > 0.0 {
        let scale = max_width / w;
        if scale < MIN_FIT {
            res.warn(format!(
                "“{text}” is too long for its space ({:.1} mm wide, room for {:.1} mm): it was set at {:.0} % of its size; shorten the label or choose a narrower font",
                w,
                max_width,
                scale * 100.0
            ));
        }
        size * scale
    } else {
        size
    };
    Label {
        text,
        stack,
        size,
        pos,
        anchor: Anchor::Middle,
        valign: VAlign::Middle,
        rotation,
        fill,
    }
    .items(&res.fonts)
}

/// A one-line label in `stack`, `size` mm, its baseline's left end at `at` (mm).
pub(crate) fn left_text(
    res: &Resources,
    stack: &FontStack,
    text: &str,
    size: f64,
    at: Pt,
    fill: Color,
) -> Vec<Item> {
    Label {
        text,
        stack,
        size,
        pos: at,
        anchor: Anchor::Start,
        valign: VAlign::Baseline,
        rotation: 0.0,
        fill,
    }
    .items(&res.fonts)
}

/// A paragraph of body text broken into lines at most `width` mm wide, the first
/// baseline's left end at `at`, lines 1.4 em apart. Returns the items and the
/// baseline below the last line (mm).
pub(crate) fn paragraph(
    res: &Resources,
    text: &str,
    size: f64,
    at: Pt,
    width: f64,
    fill: Color,
) -> (Vec<Item>, f64) {
    let mut items = Vec::new();
    let mut y = at.y;
    for line in crate::text::linebreak::break_lines(&res.fonts, &res.text, text, size, width) {
        items.extend(left_text(
            res,
            &res.text,
            line.trim_end(),
            size,
            pt(at.x, y),
            fill,
        ));
        y += size * 1.4;
    }
    (items, y)
}

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

/// An animal's Chinese character centred on `c` (`size` mm, shrunk to at most
/// `max_width` mm), or, when an icon is given, the icon and a smaller character
/// side by side. `s` is the size in mm of the square or counter they sit on.
#[allow(clippy::too_many_arguments)]
pub(crate) fn animal_emblem(
    res: &Resources,
    han: &str,
    icon: Option<&crate::icons::Icon>,
    c: Pt,
    s: f64,
    size: f64,
    max_width: f64,
    color: Color,
) -> Vec<Item> {
    let Some(icon) = icon else {
        return text_fit(
            res,
            FitText {
                text: han,
                stack: &res.han,
                size,
                max_width,
                pos: c,
                rotation: 0.0,
                fill: color,
            },
        );
    };
    let box_size = s * 0.35;
    let mut items = vec![icon.item(
        pt(c.x - s * 0.02 - box_size, c.y - box_size / 2.0),
        box_size,
        color,
    )];
    items.extend(text_fit(
        res,
        FitText {
            text: han,
            stack: &res.han,
            size: s * 0.3,
            max_width: s * 0.3,
            pos: pt(c.x + s * 0.17, c.y),
            rotation: 0.0,
            fill: color,
        },
    ));
    items
}

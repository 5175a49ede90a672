//! Pages for laser cutters and engravers, made from any composed page.
//!
//! The conventions LightBurn, xTool Creative Space and Glowforge all read:
//! cut lines are pure red (#ff0000) hairlines (0.01 mm), score (fold) lines
//! pure blue (#0000ff) hairlines, and everything to engrave is black: lines
//! stay lines, text becomes glyph outlines filled black, small fills (marks,
//! trap teeth) are filled black, and large fills (backgrounds: faces, river,
//! dens) are left out so the laser does not burn whole areas; guides
//! (instructions, scale bars, marks) are dropped. No raster, no text
//! elements, no fills on the cut and score layers; each kind on its own layer.
//! The theme's pictures (raster or drawn) are left out, with a warning.

use crate::compose::drawn::scenery::PictureFinder;
use crate::resolve::Resources;
use crate::scene::{
    is_large, map_leaves, pt, Color, Item, Layer, Page, Path, Seg, Stroke, TextRun, Transform,
};
use crate::text::OutlineSeg;

/// The warning given when a laser page loses pictures.
pub const LEFT_OUT: &str = "pictures are left out of laser files: a laser cuts, scores and engraves lines, so the theme's pictures are not drawn; engrave a picture with your laser software if you want one";

/// Width of cut and score lines, mm: the hairline laser software expects.
pub const HAIRLINE: f64 = 0.01;
/// Cut lines: pure red.
pub const CUT: Color = Color::Rgb(255, 0, 0);
/// Score (fold) lines: pure blue.
pub const SCORE: Color = Color::Rgb(0, 0, 255);
/// Engraving: black.
pub const ENGRAVE: Color = Color::Rgb(0, 0, 0);

/// The page as a laser job: cut, score and engrave layers in their colours.
/// The theme's pictures are left out (see [`PictureFinder`]), said once in a
/// warning: a cutter gets lines only.
pub fn for_laser(res: &Resources, page: &Page) -> Page {
    let mut out = Page::new(page.width, page.height);
    let pictures = PictureFinder;
    for (layer, items) in page.layers.iter() {
        let (items, left_out) = pictures.without_pictures(items.as_ref().clone());
        if left_out > 0 {
            res.warn(LEFT_OUT.to_string());
        }
        let items: Vec<Item> = match layer {
            Layer::Cut => map_leaves(items, &mut |i| hairline(i, CUT)),
            Layer::Fold => map_leaves(items, &mut |i| hairline(i, SCORE)),
            Layer::Artwork => map_leaves(items, &mut |i| engrave(res, i)),
            Layer::Guides | Layer::Marks => Vec::new(),
        };
        if !items.is_empty() {
            out.add(*layer, items);
        }
    }
    out
}

/// A path as an unfilled hairline in `color`; text is left out.
fn hairline(item: Item, color: Color) -> Option<Item> {
    match item {
        Item::Path(p) => Some(Item::Path(Path {
            segs: p.segs,
            fill: None,
            stroke: Some(Stroke::solid(color, HAIRLINE)),
        })),
        _ => None,
    }
}

/// Artwork as black engraving: small fills and every line black, large fills
/// left out, text turned into filled glyph outlines.
fn engrave(res: &Resources, item: Item) -> Option<Item> {
    match item {
        Item::Path(p) => {
            let fill = p
                .fill
                .filter(|_| !is_large(&p.segs))
                .map(|_| ENGRAVE.into());
            let stroke = p.stroke.map(|s| Stroke {
                color: ENGRAVE,
                ..s
            });
            (fill.is_some() || stroke.is_some()).then_some({
                Item::Path(Path {
                    segs: p.segs,
                    fill,
                    stroke,
                })
            })
        }
        Item::Text(run) => Some(outlined(res, &run)),
        _ => None,
    }
}

/// A text run as one filled path of its glyph outlines, placed as every
/// renderer places text (the run's advances along the rotated baseline).
pub fn outlined(res: &Resources, run: &TextRun) -> Item {
    Item::Path(Path {
        segs: run_outline(&res.fonts, run),
        fill: Some(ENGRAVE.into()),
        stroke: None,
    })
}

/// A text run's glyph outlines as one path's segments (mm, page
/// coordinates), placed as every renderer places the run's glyphs.
pub fn run_outline(book: &crate::text::FontBook, run: &TextRun) -> Vec<Seg> {
    let upem = book.units_per_em(run.font);
    let mut segs = Vec::new();
    for (gid, x) in run.placed() {
        let Some(outline) = book.outline(run.font, gid) else {
            continue;
        };
        let m = run.glyph_transform(Transform::IDENTITY, upem, x);
        let mut last = pt(0.0, 0.0);
        let p = |x: f32, y: f32| pt(x as f64, y as f64);
        for s in outline {
            segs.push(match s {
                OutlineSeg::Move(x, y) => {
                    last = p(x, y);
                    Seg::Move(m.apply(last))
                }
                OutlineSeg::Line(x, y) => {
                    last = p(x, y);
                    Seg::Line(m.apply(last))
                }
                OutlineSeg::Quad(x1, y1, x, y) => {
                    // Raised to a cubic: control points 2/3 of the way to `q`.
                    let (p0, q, p) = (last, p(x1, y1), p(x, y));
                    let c1 = pt(
                        p0.x + 2.0 / 3.0 * (q.x - p0.x),
                        p0.y + 2.0 / 3.0 * (q.y - p0.y),
                    );
                    let c2 = pt(p.x + 2.0 / 3.0 * (q.x - p.x), p.y + 2.0 / 3.0 * (q.y - p.y));
                    last = p;
                    Seg::Cubic(m.apply(c1), m.apply(c2), m.apply(p))
                }
                OutlineSeg::Cubic(x1, y1, x2, y2, x, y) => {
                    last = p(x, y);
                    Seg::Cubic(m.apply(p(x1, y1)), m.apply(p(x2, y2)), m.apply(last))
                }
                OutlineSeg::Close => Seg::Close,
            });
        }
    }
    segs
}

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

use crate::resolve::Resources;
use crate::scene::{pt, Color, Item, Layer, Page, Path, Seg, Stroke, TextRun, Transform};

/// Width of cut and score lines, mm: the hairline laser software expects.
pub const HAIRLINE: f64 = 0.01;
/// Cut lines: pure red.
pub const CUT: Color = Color::Rgb(255, 0, 0);
/// Score (fold) lines: pure blue.
pub const SCORE: Color = Color::Rgb(0, 0, 255);
/// Engraving: black.
pub const ENGRAVE: Color = Color::Rgb(0, 0, 0);

/// Fills larger than this (bounding box, mm²) are backgrounds (a counter's
/// face, the river, a den), not engraving: burning them would char whole areas.
const LARGE: f64 = 100.0;

/// The page as a laser job: cut, score and engrave layers in their colours.
pub fn for_laser(res: &Resources, page: &Page) -> Page {
    let mut out = Page::new(page.width, page.height);
    for (layer, items) in page.layers.iter() {
        let items: Vec<Item> = match layer {
            Layer::Cut => items.iter().filter_map(|i| hairline(i, CUT)).collect(),
            Layer::Fold => items.iter().filter_map(|i| hairline(i, SCORE)).collect(),
            Layer::Artwork => items.iter().filter_map(|i| engrave(res, i)).collect(),
            Layer::Guides | Layer::Marks => Vec::new(),
        };
        if !items.is_empty() {
            out.add(*layer, items);
        }
    }
    out
}

/// A path (or group of paths) as unfilled hairlines in `color`.
fn hairline(item: &Item, color: Color) -> Option<Item> {
    match item {
        Item::Path(p) => Some(Item::Path(Path {
            segs: p.segs.clone(),
            fill: None,
            stroke: Some(Stroke::solid(color, HAIRLINE)),
        })),
        Item::Group(g) => {
            let mut g = g.clone();
            g.items = g.items.iter().filter_map(|i| hairline(i, color)).collect();
            Some(Item::Group(g))
        }
        Item::Clip(c) => {
            let mut c = c.clone();
            c.items = c.items.iter().filter_map(|i| hairline(i, color)).collect();
            Some(Item::Clip(c))
        }
        Item::Page(p) => hairline(&Item::Group(p.flattened()), color),
        Item::Text(_) => None,
    }
}

/// Artwork as black engraving: dark fills and every line black, light fills
/// left out, text turned into filled glyph outlines.
fn engrave(res: &Resources, item: &Item) -> Option<Item> {
    match item {
        Item::Path(p) => {
            let fill = p
                .fill
                .filter(|_| bbox_area(&p.segs) <= LARGE)
                .map(|_| ENGRAVE);
            let stroke = p.stroke.as_ref().map(|s| Stroke {
                color: ENGRAVE,
                ..s.clone()
            });
            (fill.is_some() || stroke.is_some()).then(|| {
                Item::Path(Path {
                    segs: p.segs.clone(),
                    fill,
                    stroke,
                })
            })
        }
        Item::Text(run) => Some(outlined(res, run)),
        Item::Group(g) => {
            let mut g = g.clone();
            g.items = g.items.iter().filter_map(|i| engrave(res, i)).collect();
            Some(Item::Group(g))
        }
        Item::Clip(c) => {
            let mut c = c.clone();
            c.items = c.items.iter().filter_map(|i| engrave(res, i)).collect();
            Some(Item::Clip(c))
        }
        Item::Page(p) => engrave(res, &Item::Group(p.flattened())),
    }
}

/// A text run as one filled path of its glyph outlines, placed as every
/// renderer places text (the font's advances along the rotated baseline).
pub fn outlined(res: &Resources, run: &TextRun) -> Item {
    let book = &res.fonts;
    let frame =
        Transform::translate(run.pos.x, run.pos.y).then_apply(Transform::rotate(run.rotation));
    let k = run.size / book.units_per_em(run.font);
    let mut segs = Vec::new();
    let mut x = 0.0;
    for c in run.text.chars() {
        if let Some(gid) = book.glyph(run.font, c) {
            let m = frame.then_apply(Transform([k, 0.0, 0.0, -k, x, 0.0]));
            let mut b = Segs {
                t: m,
                segs: Vec::new(),
                last: pt(0.0, 0.0),
            };
            if book.outline(run.font, gid, &mut b).is_some() {
                segs.extend(b.segs);
            }
        }
        x += book.advance_em(run.font, c) * run.size;
    }
    Item::Path(Path {
        segs,
        fill: Some(ENGRAVE),
        stroke: None,
    })
}

/// Collects a glyph outline as path segments in mm (quadratics raised to cubics).
struct Segs {
    t: Transform,
    segs: Vec<Seg>,
    last: crate::scene::Pt,
}

impl ttf_parser::OutlineBuilder for Segs {
    fn move_to(&mut self, x: f32, y: f32) {
        self.last = pt(x as f64, y as f64);
        self.segs.push(Seg::Move(self.t.apply(self.last)));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.last = pt(x as f64, y as f64);
        self.segs.push(Seg::Line(self.t.apply(self.last)));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (p0, q, p) = (self.last, pt(x1 as f64, y1 as f64), pt(x as f64, y as f64));
        let c1 = pt(
            p0.x + 2.0 / 3.0 * (q.x - p0.x),
            p0.y + 2.0 / 3.0 * (q.y - p0.y),
        );
        let c2 = pt(p.x + 2.0 / 3.0 * (q.x - p.x), p.y + 2.0 / 3.0 * (q.y - p.y));
        self.segs.push(Seg::Cubic(
            self.t.apply(c1),
            self.t.apply(c2),
            self.t.apply(p),
        ));
        self.last = p;
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (c1, c2, p) = (
            pt(x1 as f64, y1 as f64),
            pt(x2 as f64, y2 as f64),
            pt(x as f64, y as f64),
        );
        self.segs.push(Seg::Cubic(
            self.t.apply(c1),
            self.t.apply(c2),
            self.t.apply(p),
        ));
        self.last = p;
    }
    fn close(&mut self) {
        self.segs.push(Seg::Close);
    }
}

/// The area of the bounding box of a path's points, mm² (in the path's own
/// coordinates: groups here only turn or move, never scale).
fn bbox_area(segs: &[Seg]) -> f64 {
    crate::scene::bounds(segs).map_or(0.0, |(x0, y0, x1, y1)| (x1 - x0) * (y1 - y0))
}

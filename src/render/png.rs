//! PNG renderer: one page of the drawing model to pixels, through tiny-skia.
//!
//! The picture is the sheet as printed (trim plus bleed) on white paper, at
//! `dpi` dots per inch. Scene coordinates (mm, origin at the trim's top-left,
//! y down) map to pixels by one scale and one translation. Text is drawn from
//! the fonts' glyph outlines, placed by the same advances as the PDF and SVG
//! renderers, so the three agree. Output is deterministic (same page, same bytes).

use tiny_skia::{
    FillRule, LineCap, LineJoin, Mask, Paint, PathBuilder, Pixmap, Stroke as SkStroke, StrokeDash,
    Transform as SkTransform,
};

use crate::scene::{Color, Document, Item, Path, Seg, TextRun, Transform};
use crate::text::FontBook;

/// Choices for PNG output.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PngOptions {
    /// Dots per inch (150 by default).
    pub dpi: f64,
}

impl Default for PngOptions {
    fn default() -> Self {
        PngOptions { dpi: 150.0 }
    }
}

/// The lowest and highest resolutions accepted, dpi.
pub const DPI_RANGE: (f64, f64) = (10.0, 1200.0);

/// The largest picture made, in pixels (about 50 megapixels: an A3 sheet at 600 dpi).
pub const MAX_PIXELS: u64 = 50_000_000;

/// A failure to make the picture (a size out of range; never user data otherwise).
#[derive(Debug, thiserror::Error)]
#[error("could not draw the PNG: {0}")]
pub struct PngError(String);

/// The most pixels one run may make over all its pages: 400 million (about
/// eleven A4 sheets at 600 dpi, or 180 at 150 dpi); more would take longer
/// than a few seconds and fill a disk for no print that needs it.
pub const MAX_TOTAL_PIXELS: u64 = 400_000_000;

/// The pixels of every page of `doc` at `dpi`, added up.
pub fn total_pixels(doc: &Document, dpi: f64) -> u64 {
    (0..doc.pages.len())
        .map(|i| {
            let (w, h) = pixel_size(doc, i, dpi);
            u64::from(w) * u64::from(h)
        })
        .sum()
}

/// The size in pixels of page `index` at `dpi`.
pub fn pixel_size(doc: &Document, index: usize, dpi: f64) -> (u32, u32) {
    let (_, _, w, h) = doc.pages[index].media_box();
    let px = |mm: f64| (mm / 25.4 * dpi).round().max(1.0) as u32;
    (px(w), px(h))
}

/// Renders page `index` of `doc` as a PNG file.
pub fn render(doc: &Document, index: usize, opts: &PngOptions) -> Result<Vec<u8>, PngError> {
    let page = &doc.pages[index];
    let (w, h) = pixel_size(doc, index, opts.dpi);
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(PngError(format!(
            "{w} × {h} pixels is more than {MAX_PIXELS}; choose a lower dpi"
        )));
    }
    let mut pixmap = Pixmap::new(w, h).ok_or_else(|| PngError(format!("{w} × {h} pixels")))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let k = opts.dpi / 25.4;
    let b = page.bleed;
    let base = Transform([k, 0.0, 0.0, k, b * k, b * k]);
    let mut ctx = Ctx {
        book: &doc.fonts,
        pixmap: &mut pixmap,
    };
    for (_, items) in page.layers.iter() {
        for item in items {
            ctx.item(item, base, None);
        }
    }
    pixmap.encode_png().map_err(|e| PngError(e.to_string()))
}

struct Ctx<'a> {
    book: &'a FontBook,
    pixmap: &'a mut Pixmap,
}

fn sk(t: Transform) -> SkTransform {
    let [a, b, c, d, e, f] = t.0.map(|v| v as f32);
    SkTransform::from_row(a, b, c, d, e, f)
}

fn paint(c: Color) -> Paint<'static> {
    let (r, g, b) = c.to_rgb();
    let mut p = Paint::default();
    p.set_color_rgba8(r, g, b, 255);
    p.anti_alias = true;
    p
}

/// The path of `segs` in its own coordinates.
fn path_of(segs: &[Seg]) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    for s in segs {
        match *s {
            Seg::Move(a) => pb.move_to(a.x as f32, a.y as f32),
            Seg::Line(a) => pb.line_to(a.x as f32, a.y as f32),
            Seg::Cubic(a, b, c) => pb.cubic_to(
                a.x as f32, a.y as f32, b.x as f32, b.y as f32, c.x as f32, c.y as f32,
            ),
            Seg::Close => pb.close(),
        }
    }
    pb.finish()
}

impl Ctx<'_> {
    fn item(&mut self, item: &Item, t: Transform, clip: Option<&Mask>) {
        match item {
            Item::Path(p) => self.path(p, t, clip),
            Item::Text(run) => self.text(run, t, clip),
            Item::Group(g) => {
                let inner = t.then_apply(g.transform);
                for it in &g.items {
                    self.item(it, inner, clip);
                }
            }
            Item::Clip(c) => {
                let Some(path) = path_of(&c.path) else { return };
                let mask = match clip {
                    Some(outer) => {
                        let mut m = outer.clone();
                        m.intersect_path(&path, FillRule::Winding, true, sk(t));
                        m
                    }
                    None => {
                        let Some(mut m) = Mask::new(self.pixmap.width(), self.pixmap.height())
                        else {
                            return;
                        };
                        m.fill_path(&path, FillRule::Winding, true, sk(t));
                        m
                    }
                };
                for it in &c.items {
                    self.item(it, t, Some(&mask));
                }
            }
            Item::Page(p) => {
                for it in p.items() {
                    self.item(it, t, clip);
                }
            }
        }
    }

    fn path(&mut self, p: &Path, t: Transform, clip: Option<&Mask>) {
        let Some(path) = path_of(&p.segs) else { return };
        if let Some(c) = p.fill {
            self.pixmap
                .fill_path(&path, &paint(c), FillRule::Winding, sk(t), clip);
        }
        if let Some(s) = &p.stroke {
            let mut stroke = SkStroke {
                width: s.width as f32,
                line_join: LineJoin::Round,
                line_cap: LineCap::Butt,
                ..SkStroke::default()
            };
            if !s.dash.is_empty() {
                let mut dash: Vec<f32> = s.dash.iter().map(|v| *v as f32).collect();
                if dash.len() % 2 == 1 {
                    dash.extend_from_within(..);
                }
                stroke.dash = StrokeDash::new(dash, 0.0);
            }
            self.pixmap
                .stroke_path(&path, &paint(s.color), &stroke, sk(t), clip);
        }
    }

    fn text(&mut self, run: &TextRun, t: Transform, clip: Option<&Mask>) {
        // Baseline frame: origin at the run's start, x along the baseline, y down;
        // glyphs in font units, y up, scaled to the em size.
        let frame = t
            .then_apply(Transform::translate(run.pos.x, run.pos.y))
            .then_apply(Transform::rotate(run.rotation));
        let k = run.size / self.book.units_per_em(run.font);
        let colour = paint(run.fill);
        let mut x = 0.0;
        for c in run.text.chars() {
            if let Some(gid) = self.book.glyph(run.font, c) {
                let mut b = Outline(PathBuilder::new());
                if self.book.outline(run.font, gid, &mut b).is_some() {
                    if let Some(path) = b.0.finish() {
                        let m = frame.then_apply(Transform([k, 0.0, 0.0, -k, x, 0.0]));
                        self.pixmap
                            .fill_path(&path, &colour, FillRule::Winding, sk(m), clip);
                    }
                }
            }
            x += self.book.advance_em(run.font, c) * run.size;
        }
    }
}

/// Builds a tiny-skia path from a glyph outline.
struct Outline(PathBuilder);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

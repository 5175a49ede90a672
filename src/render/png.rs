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

use crate::limits::MAX_PNG_PAGE_PIXELS;
use crate::scene::{
    walk, Color, Document, GradientShape, Paint as Fill, Path, Seg, TextRun, Transform, Visitor,
};
use crate::text::{FontBook, OutlineSeg};

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

/// A failure to make the picture (a size out of range; never user data otherwise).
#[derive(Debug, thiserror::Error)]
#[error("could not draw the PNG: {0}")]
pub struct PngError(String);

/// The pixels of every page of `doc` at `dpi`, added up.
pub fn total_pixels(doc: &Document, dpi: f64) -> u64 {
    (0..doc.pages.len())
        .map(|i| {
            let (w, h) = pixel_size(doc, i, dpi);
            u64::from(w) * u64::from(h)
        })
        .sum()
}

/// The drawing work of every page of `doc` at `dpi`, added up, in pixel
/// steps (see [`page_work`]).
pub fn total_work(doc: &Document, dpi: f64) -> u64 {
    (0..doc.pages.len()).map(|i| page_work(doc, i, dpi)).sum()
}

/// Pixel steps one pixel of a page costs (its share of painting, and of
/// compressing the PNG file): 16, about 20 ns where a nested clip's step
/// takes 1.2.
pub const STEPS_PER_PIXEL: u64 = 16;

/// The drawing work of page `index` at `dpi`, in pixel steps, known before
/// anything is drawn: the page's pixels [`STEPS_PER_PIXEL`] times, once more for
/// each clipped area inside another (its mask is the outer one's copied and
/// narrowed, over the whole page: a contact sheet of a set with pictures
/// has hundreds), and each picture's pixels on the page (filtered from its
/// own pixels). Lines, text and the clips of the page itself (a mask
/// filled only where the clip is) add little beside these, and are not
/// counted.
pub fn page_work(doc: &Document, index: usize, dpi: f64) -> u64 {
    /// Counts nested clips and the pixels pictures cover.
    struct Work {
        depth: usize,
        clips: u64,
        picture_px: f64,
    }
    impl<'a> Visitor<'a> for Work {
        fn path(&mut self, _: &'a Path, _: Transform) {}
        fn text(&mut self, _: &'a TextRun, _: Transform) {}
        fn begin_clip(&mut self, _: &'a [Seg], _: Transform) -> bool {
            if self.depth > 0 {
                self.clips += 1;
            }
            self.depth += 1;
            true
        }
        fn end_clip(&mut self) {
            self.depth -= 1;
        }
        fn picture(&mut self, placed: &'a crate::scene::Placed, t: Transform) {
            // The unit square the picture is stored in, as the page places it.
            let [a, b, c, d, ..] = t.then_apply(placed.transform).0;
            self.picture_px += (a * d - b * c).abs();
        }
    }
    let (w, h) = pixel_size(doc, index, dpi);
    let px = u64::from(w) * u64::from(h);
    let k = dpi / 25.4;
    let mut work = Work {
        depth: 0,
        clips: 0,
        picture_px: 0.0,
    };
    for (_, items) in doc.pages[index].layers.iter() {
        walk(items, Transform([k, 0.0, 0.0, k, 0.0, 0.0]), &mut work);
    }
    let pictures = work.picture_px.min(px as f64 * 1e3) as u64;
    px.saturating_mul(STEPS_PER_PIXEL + work.clips)
        .saturating_add(pictures)
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
    if u64::from(w) * u64::from(h) > MAX_PNG_PAGE_PIXELS {
        return Err(PngError(format!(
            "{w} × {h} pixels is more than {MAX_PNG_PAGE_PIXELS}; choose a lower dpi"
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
        masks: Vec::new(),
    };
    for (_, items) in page.layers.iter() {
        walk(items, base, &mut ctx);
    }
    let png = pixmap.encode_png().map_err(|e| PngError(e.to_string()))?;
    Ok(with_resolution(png, opts.dpi))
}

/// The ink of `items` over a transparent `n` × `n` pixel square that shows
/// the square of `side` mm whose top-left corner is `at` (mm on the page):
/// each pixel's coverage, 0 (none) to 255 (full), row by row from the top.
/// For measuring a drawing's ink, not for printing.
pub fn coverage(
    items: &[crate::scene::Item],
    fonts: &FontBook,
    at: crate::scene::Pt,
    side: f64,
    n: u32,
) -> Vec<u8> {
    let Some(mut pixmap) = Pixmap::new(n.max(1), n.max(1)) else {
        return Vec::new();
    };
    let k = f64::from(n.max(1)) / side;
    let base = Transform([k, 0.0, 0.0, k, -at.x * k, -at.y * k]);
    let mut ctx = Ctx {
        book: fonts,
        pixmap: &mut pixmap,
        masks: Vec::new(),
    };
    walk(items, base, &mut ctx);
    pixmap.pixels().iter().map(|p| p.alpha()).collect()
}

/// Adds an `sRGB` chunk (perceptual intent: the samples are sRGB) and a
/// `pHYs` chunk (the resolution in pixels per metre, so that a picture
/// editor prints the page at its size) right after the header of a PNG file.
fn with_resolution(png: Vec<u8>, dpi: f64) -> Vec<u8> {
    // Signature (8 bytes) and IHDR (4 length, 4 type, 13 data, 4 CRC).
    const AFTER_HEADER: usize = 8 + 25;
    if png.len() < AFTER_HEADER || &png[12..16] != b"IHDR" {
        return png;
    }
    let per_metre = (dpi / 0.0254).round() as u32;
    let mut phys = per_metre.to_be_bytes().to_vec();
    phys.extend_from_slice(&per_metre.to_be_bytes());
    phys.push(1); // unit: the metre
    let mut out = Vec::with_capacity(png.len() + 34);
    out.extend_from_slice(&png[..AFTER_HEADER]);
    chunk(&mut out, b"sRGB", &[0]);
    chunk(&mut out, b"pHYs", &phys);
    out.extend_from_slice(&png[AFTER_HEADER..]);
    out
}

/// Appends one PNG chunk: length, type, data and the CRC-32 of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

struct Ctx<'a> {
    book: &'a FontBook,
    pixmap: &'a mut Pixmap,
    /// The clip of each clip entered, the innermost last.
    masks: Vec<Mask>,
}

/// A picture's pixels as tiny-skia draws them: premultiplied alpha, so that
/// transparent edges blend without a dark fringe. Decoded once per raster
/// (kept in its [`crate::scene::Memo`]) and shared by every page.
fn premultiplied(r: &crate::scene::Raster) -> Option<std::sync::Arc<[u8]>> {
    r.memo
        .premultiplied
        .get_or_init(|| {
            let mut rgba = r.rgba().ok()?.pixels;
            for p in rgba.chunks_exact_mut(4) {
                let c = tiny_skia::ColorU8::from_rgba(p[0], p[1], p[2], p[3]).premultiply();
                p.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
            }
            Some(rgba.into())
        })
        .clone()
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

/// A fill as tiny-skia paints it: a colour, or a gradient shader in the
/// path's coordinates (tiny-skia maps it with the path), padded beyond its
/// ends. A gradient tiny-skia refuses (a transform with no inverse) paints
/// its middle colour.
fn paint_of(fill: &Fill) -> Paint<'static> {
    let g = match fill {
        Fill::Solid(c) => return paint(*c),
        Fill::Gradient(g) => g,
    };
    let stops = g
        .stops
        .iter()
        .map(|s| {
            let (r, gr, b) = s.color.to_rgb();
            tiny_skia::GradientStop::new(
                s.offset as f32,
                tiny_skia::Color::from_rgba8(r, gr, b, 255),
            )
        })
        .collect();
    let p = |q: crate::scene::Pt| tiny_skia::Point::from_xy(q.x as f32, q.y as f32);
    let mode = tiny_skia::SpreadMode::Pad;
    let shader = match g.shape {
        GradientShape::Linear { start, end } => {
            tiny_skia::LinearGradient::new(p(start), p(end), stops, mode, sk(g.transform))
        }
        GradientShape::Radial {
            focus,
            center,
            radius,
        } => tiny_skia::RadialGradient::new(
            p(focus),
            p(center),
            radius as f32,
            stops,
            mode,
            sk(g.transform),
        ),
    };
    let Some(shader) = shader else {
        let (r, gr, b) = g.at(0.5);
        return paint(Color::Rgb(r, gr, b));
    };
    Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    }
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

/// A glyph outline (font units) as a tiny-skia path.
fn glyph_path(outline: &[OutlineSeg]) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    for s in outline {
        match *s {
            OutlineSeg::Move(x, y) => pb.move_to(x, y),
            OutlineSeg::Line(x, y) => pb.line_to(x, y),
            OutlineSeg::Quad(x1, y1, x, y) => pb.quad_to(x1, y1, x, y),
            OutlineSeg::Cubic(x1, y1, x2, y2, x, y) => pb.cubic_to(x1, y1, x2, y2, x, y),
            OutlineSeg::Close => pb.close(),
        }
    }
    pb.finish()
}

impl<'a> Visitor<'a> for Ctx<'_> {
    fn picture(&mut self, placed: &'a crate::scene::Placed, t: Transform) {
        let r = &placed.raster;
        let Some(pixels) = premultiplied(r) else {
            return;
        };
        let Some(pixmap) = tiny_skia::PixmapRef::from_bytes(&pixels, r.width, r.height) else {
            return;
        };
        // Pixels to the stored unit square, then as the scene places it.
        let m = t
            .then_apply(placed.transform)
            .then_apply(r.orientation())
            .then_apply(Transform::scale(
                1.0 / f64::from(r.width),
                1.0 / f64::from(r.height),
            ));
        let paint = tiny_skia::PixmapPaint {
            quality: tiny_skia::FilterQuality::Bicubic,
            ..Default::default()
        };
        self.pixmap
            .draw_pixmap(0, 0, pixmap, &paint, sk(m), self.masks.last());
    }
    fn begin_clip(&mut self, outline: &'a [Seg], t: Transform) -> bool {
        let Some(path) = path_of(outline) else {
            return false;
        };
        let mask = match self.masks.last() {
            Some(outer) => {
                let mut m = outer.clone();
                m.intersect_path(&path, FillRule::Winding, true, sk(t));
                m
            }
            None => {
                let Some(mut m) = Mask::new(self.pixmap.width(), self.pixmap.height()) else {
                    return false;
                };
                m.fill_path(&path, FillRule::Winding, true, sk(t));
                m
            }
        };
        self.masks.push(mask);
        true
    }

    fn end_clip(&mut self) {
        self.masks.pop();
    }

    fn path(&mut self, p: &'a Path, t: Transform) {
        let Some(path) = path_of(&p.segs) else { return };
        let clip = self.masks.last();
        if let Some(fill) = &p.fill {
            self.pixmap
                .fill_path(&path, &paint_of(fill), FillRule::Winding, sk(t), clip);
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

    fn text(&mut self, run: &'a TextRun, t: Transform) {
        if run.invisible {
            return;
        }
        let upem = self.book.units_per_em(run.font);
        let colour = paint(run.fill);
        let clip = self.masks.last();
        for (gid, x) in run.placed() {
            let Some(path) = self
                .book
                .outline(run.font, gid)
                .and_then(|o| glyph_path(&o))
            else {
                continue;
            };
            let m = run.glyph_transform(t, upem, x);
            self.pixmap
                .fill_path(&path, &colour, FillRule::Winding, sk(m), clip);
        }
    }
}

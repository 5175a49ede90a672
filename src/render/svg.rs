//! SVG renderer: one page of the drawing model to one SVG document.
//!
//! The SVG's user unit is the millimetre (`viewBox` = page size in mm, `width`
//! and `height` in `mm`), so measurements in an editor are true. Text is drawn
//! as glyph outlines by default (shared through `<defs>`/`<use>`), so the file
//! looks the same on a machine without our fonts; [`SvgOptions::live_text`]
//! keeps editable `<text>` elements instead.

use std::collections::{BTreeMap, BTreeSet};

use svg::node::element::{Definitions, Element, Group, Path as SvgPath, Title, Use};
use svg::Node;

use super::{num, write_num};
use crate::scene::{
    walk, Document, Gradient, GradientShape, Layer, Page, Paint, Path, Seg, TextRun, Transform,
    Visitor,
};
use crate::text::{FontBook, FontId};

/// Choices for SVG output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// Keep text as `<text>` elements (editable, but needs the fonts installed)
    /// instead of glyph outlines.
    pub live_text: bool,
}

/// Renders page `index` of `doc` as an SVG document (a complete XML file).
pub fn render(doc: &Document, index: usize, opts: &SvgOptions) -> String {
    let root = svg_element(doc, index, opts, "", &doc.title);
    format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{root}\n")
}

/// Page `index` of `doc` as an `<svg>` element to place inside a web page:
/// text as outlines, every id it defines starting with `prefix` (so that
/// several drawings share a page), a picture to assistive technology
/// (`role="img"`) whose name is `label`, given as its `aria-label` and its
/// `<title>`. Its size is the page's, in mm.
pub fn render_inline(doc: &Document, index: usize, prefix: &str, label: &str) -> String {
    let root = svg_element(doc, index, &SvgOptions::default(), prefix, label)
        .set("role", "img")
        .set("aria-label", label);
    root.to_string()
}

/// The `<svg>` element of page `index`: its title `title`, its ids prefixed by `prefix`.
fn svg_element(
    doc: &Document,
    index: usize,
    opts: &SvgOptions,
    prefix: &str,
    title: &str,
) -> svg::Document {
    let page = &doc.pages[index];
    let mut ctx = Ctx {
        book: &doc.fonts,
        opts,
        prefix,
        glyphs: BTreeMap::new(),
        live: BTreeMap::new(),
        clips: Vec::new(),
        gradients: Vec::new(),
        images: BTreeMap::new(),
        open: Vec::new(),
    };
    // The printed sheet, bleed included; user units stay mm from the trim's corner.
    let (x, y, w, h) = page.media_box();
    let mut root = svg::Document::new()
        .set("width", format!("{}mm", num(w)))
        .set("height", format!("{}mm", num(h)))
        .set(
            "viewBox",
            format!("{} {} {} {}", num(x), num(y), num(w), num(h)),
        )
        .set("xmlns:xlink", "http://www.w3.org/1999/xlink")
        .set(
            "xmlns:inkscape",
            "http://www.inkscape.org/namespaces/inkscape",
        );
    root.append(Title::new(title.to_string()));
    let layers = render_layers(&mut ctx, page);
    if !ctx.live.is_empty() {
        root.append(font_faces(&doc.fonts, &ctx.live));
    }
    if !ctx.glyphs.is_empty()
        || !ctx.clips.is_empty()
        || !ctx.images.is_empty()
        || !ctx.gradients.is_empty()
    {
        let mut defs = Definitions::new();
        for clip in std::mem::take(&mut ctx.clips) {
            defs.append(clip);
        }
        for gradient in std::mem::take(&mut ctx.gradients) {
            defs.append(gradient);
        }
        let mut images: Vec<_> = std::mem::take(&mut ctx.images).into_values().collect();
        images.sort_by_key(|(n, _)| *n);
        for (_, image) in images {
            defs.append(image);
        }
        for ((font, gid), d) in &ctx.glyphs {
            defs.append(
                SvgPath::new()
                    .set("id", glyph_id(ctx.prefix, *font, *gid))
                    .set("d", d.clone()),
            );
        }
        root.append(defs);
    }
    for g in layers {
        root.append(g);
    }
    root
}

struct Ctx<'a> {
    book: &'a FontBook,
    opts: &'a SvgOptions,
    /// What every id defined starts with ("" for a file of its own).
    prefix: &'a str,
    /// Glyph outlines used so far, by (font, glyph id): SVG path data in font units.
    glyphs: BTreeMap<(FontId, u16), String>,
    /// Live text only: the glyph ids each font draws on this page.
    live: BTreeMap<FontId, BTreeSet<u16>>,
    /// `<clipPath>` elements for the definitions, `clip0`, `clip1`, …
    clips: Vec<Element>,
    /// `<linearGradient>` and `<radialGradient>` elements for the
    /// definitions, `grad0`, `grad1`, … (one per path painted with one).
    gradients: Vec<Element>,
    /// Pictures drawn on this page, by digest: their number (`im0`, `im1`,
    /// … in order of first use) and their `<image>` for the definitions.
    images: BTreeMap<u64, (usize, Element)>,
    /// The groups being filled: the layer's, then one per clip entered.
    open: Vec<Group>,
}

fn render_layers(ctx: &mut Ctx, page: &Page) -> Vec<Group> {
    page.layers
        .iter()
        .map(|(layer, items)| {
            let mut g = Group::new()
                .set("id", format!("{}{}", ctx.prefix, layer.id()))
                .set("inkscape:groupmode", "layer")
                .set("inkscape:label", layer.id());
            if matches!(*layer, Layer::Guides | Layer::Marks) {
                g = g.set("opacity", "1");
            }
            ctx.open.push(g);
            walk(items, Transform::IDENTITY, ctx);
            ctx.open.pop().expect("the layer's group")
        })
        .collect()
}

fn glyph_id(prefix: &str, font: FontId, gid: u16) -> String {
    format!("{prefix}g{}-{}", font.0, gid)
}

fn matrix(t: Transform) -> String {
    let v: Vec<String> = t.0.iter().map(|x| num_fine(*x)).collect();
    format!("matrix({})", v.join(" "))
}

/// Six decimals: matrix entries scale font units (≈1000 per em) down to mm.
fn num_fine(v: f64) -> String {
    let mut s = String::new();
    write_num(&mut s, v, 6);
    s
}

impl Ctx<'_> {
    fn append(&mut self, node: impl Into<Box<dyn Node>>) {
        if let Some(g) = self.open.last_mut() {
            g.append(node);
        }
    }
}

impl<'a> Visitor<'a> for Ctx<'_> {
    /// A picture: its file once in the definitions (a data URL in an
    /// `<image>` spanning one user unit), a `<use>` wherever it is drawn.
    fn picture(&mut self, placed: &'a crate::scene::Placed, t: Transform) {
        let r = &placed.raster;
        let next = self.images.len();
        let n = match self.images.get(&r.digest) {
            Some((n, _)) => *n,
            None => {
                let Some((mime, bytes)) = r
                    .memo
                    .screen_file
                    .get_or_init(|| r.screen_file().ok().map(|(m, b)| (m, b.into())))
                    .clone()
                else {
                    return;
                };
                let mut image = Element::new("image");
                image.assign("id", format!("{}im{next}", self.prefix));
                image.assign("width", 1);
                image.assign("height", 1);
                image.assign("preserveAspectRatio", "none");
                image.assign(
                    "xlink:href",
                    format!("data:{mime};base64,{}", base64(&bytes)),
                );
                self.images.insert(r.digest, (next, image));
                next
            }
        };
        let m = t.then_apply(placed.transform).then_apply(r.orientation());
        self.append(
            Use::new()
                .set("xlink:href", format!("#{}im{n}", self.prefix))
                .set("transform", matrix(m)),
        );
    }
    fn path(&mut self, p: &'a Path, t: Transform) {
        let e = path(self, p, t);
        self.append(e);
    }

    fn text(&mut self, run: &'a TextRun, t: Transform) {
        let e = text(self, run, t);
        self.append(e);
    }

    fn begin_clip(&mut self, outline: &'a [Seg], t: Transform) -> bool {
        let id = format!("{}clip{}", self.prefix, self.clips.len());
        let mut clip = Element::new("clipPath");
        clip.assign("id", id.clone());
        clip.append(SvgPath::new().set("d", path_data(outline, t)));
        self.clips.push(clip);
        self.open
            .push(Group::new().set("clip-path", format!("url(#{id})")));
        true
    }

    fn end_clip(&mut self) {
        if let Some(g) = self.open.pop() {
            self.append(g);
        }
    }

    /// A decorative page (a thumbnail) with live text: drawn in place, in a
    /// group hidden from screen readers. Any other page is drawn in place.
    fn page(&mut self, r: &'a crate::scene::PageRef, t: Transform) -> bool {
        if !(r.decorative && self.opts.live_text) {
            return false;
        }
        self.open.push(Group::new().set("aria-hidden", "true"));
        for (_, items) in r.layers.iter() {
            walk(items, t, self);
        }
        if let Some(g) = self.open.pop() {
            self.append(g);
        }
        true
    }
}

/// Path data with every point mapped through `t`.
pub(crate) fn path_data(segs: &[Seg], t: Transform) -> String {
    let mut d = String::new();
    let p = |p| {
        let q = t.apply(p);
        format!("{} {}", num(q.x), num(q.y))
    };
    for s in segs {
        match *s {
            Seg::Move(a) => d.push_str(&format!("M{}", p(a))),
            Seg::Line(a) => d.push_str(&format!("L{}", p(a))),
            Seg::Cubic(a, b, c) => d.push_str(&format!("C{} {} {}", p(a), p(b), p(c))),
            Seg::Close => d.push('Z'),
        }
    }
    d
}

fn scale_of(t: Transform) -> f64 {
    let [a, b, c, d, ..] = t.0;
    (a * d - b * c).abs().sqrt()
}

fn path(ctx: &mut Ctx, p: &Path, t: Transform) -> SvgPath {
    let mut e = SvgPath::new().set("d", path_data(&p.segs, t));
    e = match &p.fill {
        Some(paint) => e.set("fill", fill(ctx, paint, t)),
        None => e.set("fill", "none"),
    };
    if let Some(s) = &p.stroke {
        e = e
            .set("stroke", s.color.to_hex())
            .set("stroke-width", num(s.width * scale_of(t)))
            .set("stroke-linejoin", "round");
        if !s.dash.is_empty() {
            let v: Vec<String> = s.dash.iter().map(|x| num(x * scale_of(t))).collect();
            e = e.set("stroke-dasharray", v.join(" "));
        }
    }
    e
}

/// The `fill` attribute of a paint, for a path whose points `t` maps: a
/// colour, or a reference to a gradient added to the definitions (in user
/// space: the page's millimetres, through `t` and its own transform).
fn fill(ctx: &mut Ctx, paint: &Paint, t: Transform) -> String {
    match paint {
        Paint::Solid(c) => c.to_hex(),
        Paint::Gradient(g) => {
            let id = format!("{}grad{}", ctx.prefix, ctx.gradients.len());
            ctx.gradients.push(gradient(g, t, &id));
            format!("url(#{id})")
        }
    }
}

/// A gradient element named `id`, its space mapped to the page by `t` and
/// its own transform; beyond its ends it pads (SVG's default spread).
fn gradient(g: &Gradient, t: Transform, id: &str) -> Element {
    let mut e = match g.shape {
        GradientShape::Linear { start, end } => {
            let mut e = Element::new("linearGradient");
            e.assign("x1", num_fine(start.x));
            e.assign("y1", num_fine(start.y));
            e.assign("x2", num_fine(end.x));
            e.assign("y2", num_fine(end.y));
            e
        }
        GradientShape::Radial {
            focus,
            center,
            radius,
        } => {
            let mut e = Element::new("radialGradient");
            e.assign("cx", num_fine(center.x));
            e.assign("cy", num_fine(center.y));
            e.assign("r", num_fine(radius));
            e.assign("fx", num_fine(focus.x));
            e.assign("fy", num_fine(focus.y));
            e
        }
    };
    e.assign("id", id);
    e.assign("gradientUnits", "userSpaceOnUse");
    e.assign("gradientTransform", matrix(t.then_apply(g.transform)));
    for s in &g.stops {
        let mut stop = Element::new("stop");
        stop.assign("offset", num_fine(s.offset));
        stop.assign("stop-color", s.color.to_hex());
        e.append(stop);
    }
    e
}

/// A text run: a `<text>` element with live text, else a group of glyph
/// outlines placed by the run's advances.
fn text(ctx: &mut Ctx, run: &TextRun, t: Transform) -> Box<dyn Node> {
    if ctx.opts.live_text {
        // A plain element: svg's `Text` type puts line breaks around its content,
        // which `xml:space="preserve"` would then draw as spaces.
        let mut e = Element::new("text");
        e.append(svg::node::Text::new(run.text.clone()));
        e.assign("transform", matrix(run.frame(t)));
        let gids = ctx.live.entry(run.font).or_default();
        gids.extend(run.glyphs.iter().map(|g| g.id).filter(|g| *g != 0));
        e.assign("font-family", font_family(ctx.book, run.font));
        e.assign("font-size", num(run.size));
        if ctx.book.is_bold(run.font) {
            e.assign("font-weight", "bold");
        }
        e.assign("fill", run.fill.to_hex());
        e.assign("xml:space", "preserve");
        if run.decorative {
            // Part of a picture: screen readers and copying skip it.
            e.assign("aria-hidden", "true");
        }
        if run.invisible {
            e.assign("fill-opacity", "0");
        }
        return Box::new(e);
    }
    if run.invisible {
        return Box::new(Group::new());
    }
    let upem = ctx.book.units_per_em(run.font);
    let mut g = Group::new().set("fill", run.fill.to_hex());
    for (gid, x) in run.placed() {
        if let Some(d) = ctx.book.outline_svg(run.font, gid) {
            ctx.glyphs.entry((run.font, gid)).or_insert(d);
            g.append(
                Use::new()
                    // `xlink:href`: SVG 1.1 readers (Inkscape 1.2) know only
                    // this form, and SVG 2 readers must still honour it.
                    .set(
                        "xlink:href",
                        format!("#{}", glyph_id(ctx.prefix, run.font, gid)),
                    )
                    .set("transform", matrix(run.glyph_transform(t, upem, x))),
            );
        }
    }
    Box::new(g)
}

/// The `font-family` of a live-text run: the subset embedded in the file first,
/// then the font's own family (if installed), then a generic family.
fn font_family(book: &FontBook, font: FontId) -> String {
    let family = book.family(font).replace(['\'', '"', '\\'], "");
    let generic = if book.has(font, '中') {
        "serif"
    } else {
        "sans-serif"
    };
    format!("'{}', '{family}', {generic}", face_name(font))
}

/// The name the embedded subset of `font` is declared under.
fn face_name(font: FontId) -> String {
    format!("jungle-print-f{}", font.0)
}

/// A `<style>` with one `@font-face` per font used by live text: a subset of the
/// font (its glyphs on this page, with a Unicode cmap so browsers can use it)
/// as a base64 data URL. Fonts whose subset cannot be made are left out; the
/// text then falls back to the installed or generic family.
fn font_faces(book: &FontBook, live: &BTreeMap<FontId, BTreeSet<u16>>) -> Element {
    let mut css = String::new();
    for (font, gids) in live {
        let f = &book.fonts()[font.0];
        let Some(bytes) = web_subset(&f.data, f.index, gids) else {
            continue;
        };
        let weight = if book.is_bold(*font) {
            "bold"
        } else {
            "normal"
        };
        css.push_str(&format!(
            "@font-face{{font-family:'{}';font-weight:{weight};src:url(data:font/ttf;base64,{})}}\n",
            face_name(*font),
            base64(&bytes)
        ));
    }
    css.push_str("text{font-kerning:none;font-variant-ligatures:none}\n");
    let mut style = Element::new("style");
    style.append(svg::node::Text::new(css));
    style
}

/// A subset of a font file with the glyphs `gids` (and `.notdef`), keeping the
/// tables a browser requires (cmap, head, hhea, hmtx, maxp, name, OS/2, post).
fn web_subset(data: &[u8], index: u32, gids: &BTreeSet<u16>) -> Option<Vec<u8>> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{subset, CmapTarget, SubsetProfile};
    let file = ReadScope::new(data).read::<FontData<'_>>().ok()?;
    let provider = file.table_provider(index as usize).ok()?;
    let ids: Vec<u16> = std::iter::once(0)
        .chain(gids.iter().copied().filter(|g| *g != 0))
        .collect();
    subset(
        &provider,
        &ids,
        &SubsetProfile::Minimal,
        CmapTarget::Unicode,
    )
    .ok()
}

/// Standard base64 (RFC 4648, with padding).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_matches_rfc_4648() {
        assert_eq!(super::base64(b""), "");
        assert_eq!(super::base64(b"f"), "Zg==");
        assert_eq!(super::base64(b"fo"), "Zm8=");
        assert_eq!(super::base64(b"foo"), "Zm9v");
        assert_eq!(super::base64(b"foobar"), "Zm9vYmFy");
    }
}

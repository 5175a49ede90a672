//! SVG renderer: one page of the drawing model to one SVG document.
//!
//! The SVG's user unit is the millimetre (`viewBox` = page size in mm, `width`
//! and `height` in `mm`), so measurements in an editor are true. Text is drawn
//! as glyph outlines by default (shared through `<defs>`/`<use>`), so the file
//! looks the same on a machine without our fonts; [`SvgOptions::live_text`]
//! keeps editable `<text>` elements instead.

use std::collections::BTreeMap;

use svg::node::element::{Definitions, Element, Group, Path as SvgPath, Title, Use};
use svg::Node;

use super::num;
use crate::scene::{Document, Item, Layer, Page, Path, Seg, TextRun, Transform};
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
    let page = &doc.pages[index];
    let mut ctx = Ctx {
        book: &doc.fonts,
        opts,
        glyphs: BTreeMap::new(),
    };
    let mut root = svg::Document::new()
        .set("width", format!("{}mm", num(page.width)))
        .set("height", format!("{}mm", num(page.height)))
        .set(
            "viewBox",
            format!("0 0 {} {}", num(page.width), num(page.height)),
        )
        .set(
            "xmlns:inkscape",
            "http://www.inkscape.org/namespaces/inkscape",
        );
    root.append(Title::new(doc.title.clone()));
    let layers = render_layers(&mut ctx, page);
    if !ctx.glyphs.is_empty() {
        let mut defs = Definitions::new();
        for ((font, gid), d) in &ctx.glyphs {
            defs.append(
                SvgPath::new()
                    .set("id", glyph_id(*font, *gid))
                    .set("d", d.clone()),
            );
        }
        root.append(defs);
    }
    for g in layers {
        root.append(g);
    }
    format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{root}\n")
}

struct Ctx<'a> {
    book: &'a FontBook,
    opts: &'a SvgOptions,
    /// Glyph outlines used so far, by (font, glyph id): SVG path data in font units.
    glyphs: BTreeMap<(FontId, u16), String>,
}

fn render_layers(ctx: &mut Ctx, page: &Page) -> Vec<Group> {
    page.layers
        .iter()
        .map(|(layer, items)| {
            let mut g = Group::new()
                .set("id", layer.id())
                .set("inkscape:groupmode", "layer")
                .set("inkscape:label", layer.id());
            if *layer == Layer::Guides {
                g = g.set("opacity", "1");
            }
            for item in items {
                emit(ctx, &mut g, item, Transform::IDENTITY);
            }
            g
        })
        .collect()
}

fn glyph_id(font: FontId, gid: u16) -> String {
    format!("g{}-{}", font.0, gid)
}

fn matrix(t: Transform) -> String {
    let v: Vec<String> = t.0.iter().map(|x| num_fine(*x)).collect();
    format!("matrix({})", v.join(" "))
}

/// Six decimals: matrix entries scale font units (≈1000 per em) down to mm.
fn num_fine(v: f64) -> String {
    let r = (v * 1e6).round() / 1e6;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn emit(ctx: &mut Ctx, parent: &mut Group, item: &Item, t: Transform) {
    match item {
        Item::Path(p) => parent.append(path(p, t)),
        Item::Text(run) => text(ctx, parent, run, t),
        Item::Group(g) => {
            let inner = t.then_apply(g.transform);
            for it in &g.items {
                emit(ctx, parent, it, inner);
            }
        }
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

fn path(p: &Path, t: Transform) -> SvgPath {
    let mut e = SvgPath::new().set("d", path_data(&p.segs, t));
    e = match p.fill {
        Some(c) => e.set("fill", c.to_hex()),
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

fn text(ctx: &mut Ctx, parent: &mut Group, run: &TextRun, t: Transform) {
    // Baseline frame: origin at the run's start, x along the baseline, y down.
    let frame = t
        .then_apply(Transform::translate(run.pos.x, run.pos.y))
        .then_apply(Transform::rotate(run.rotation));
    if ctx.opts.live_text {
        // A plain element: svg's `Text` type puts line breaks around its content,
        // which `xml:space="preserve"` would then draw as spaces.
        let mut e = Element::new("text");
        e.append(svg::node::Text::new(run.text.clone()));
        e.assign("transform", matrix(frame));
        e.assign("font-family", ctx.book.family(run.font));
        e.assign("font-size", num(run.size));
        if ctx.book.is_bold(run.font) {
            e.assign("font-weight", "bold");
        }
        e.assign("fill", run.fill.to_hex());
        e.assign("xml:space", "preserve");
        parent.append(e);
        return;
    }
    let upem = ctx.book.units_per_em(run.font);
    let k = run.size / upem;
    let mut g = Group::new().set("fill", run.fill.to_hex());
    let mut x = 0.0;
    for c in run.text.chars() {
        if let Some(gid) = ctx.book.glyph(run.font, c) {
            if let Some(d) = ctx.book.outline_svg(run.font, gid) {
                ctx.glyphs.entry((run.font, gid)).or_insert(d);
                let m = frame.then_apply(Transform([k, 0.0, 0.0, -k, x, 0.0]));
                g.append(
                    Use::new()
                        .set("href", format!("#{}", glyph_id(run.font, gid)))
                        .set("transform", matrix(m)),
                );
            }
        }
        x += ctx.book.advance_em(run.font, c) * run.size;
    }
    parent.append(g);
}

//! Content streams: one page's drawing as PDF operators, written in the bytes
//! printpdf writes. Scene coordinates (mm, origin top-left, y down) are
//! mapped to PDF space (pt, origin bottom-left, y up) point by point.

use rustc_hash::FxHashMap as HashMap;
use std::io::Write as _;

use printpdf::FontId as PFontId;

use super::document::{layer_res_id, to_pdf};
use super::fonts::Codes;
use super::forms::{Form, LayerName};
use super::pdfx::{color, spot_res, OVERPRINT};
use crate::render::write_num;
use crate::scene::{
    walk, Color, Gradient, PageRef, Paint, Path, Seg, Stroke, TextRun, Transform, Visitor,
};

/// The resource names a content stream uses: each font's, with its glyphs'
/// codes, and the Form XObjects of shared pages.
pub(super) struct Names<'a> {
    pub(super) fonts: &'a [PFontId],
    /// By font: `None` for a font not embedded (it draws no glyph).
    pub(super) codes: &'a [Option<Codes>],
    /// By [`crate::scene::Page::drawing_id`].
    pub(super) forms: &'a HashMap<usize, Form>,
    /// Image XObject names by [`crate::scene::Raster::digest`].
    pub(super) images: &'a HashMap<u64, String>,
    /// Shading names by gradient ([`super::shadings::key`]).
    pub(super) shadings: &'a HashMap<usize, String>,
    /// The Form XObjects of layers several pages share, by the address of
    /// their items (see [`super::forms::shared_layers`]).
    pub(super) layers: &'a HashMap<usize, LayerName>,
}

/// One page's content stream, as printpdf would write it from one operator per
/// PDF operator (operands each followed by a space, then the operator, a newline
/// between operators).
pub(super) fn page_content(page: &crate::scene::Page, names: &Names) -> Vec<u8> {
    let to_pdf = to_pdf(page);
    let mut ops = Ops::default();
    for (layer, items) in page.layers.iter() {
        if items.is_empty() {
            continue;
        }
        let out = ops.start();
        out.extend_from_slice(b"/OC /");
        out.extend_from_slice(layer_res_id(*layer).0.as_bytes());
        out.extend_from_slice(b" BDC");
        match names.layers.get(&(std::sync::Arc::as_ptr(items) as usize)) {
            Some(form) => named_op(&mut ops, &form.name, "Do"),
            None => {
                let mut content = Content {
                    ops: &mut ops,
                    names,
                    artifact: false,
                };
                walk(items, to_pdf, &mut content);
            }
        }
        ops.op("EMC");
    }
    ops.raw
}

/// The content stream of one layer's items that several pages share (a
/// Form XObject of its own, see `forms`), mapped as `page` maps them: the
/// form's space is the page's PDF space, and the page that places it marks
/// the layer.
pub(super) fn layer_content(
    page: &crate::scene::Page,
    items: &[crate::scene::Item],
    names: &Names,
) -> Vec<u8> {
    let mut ops = Ops::default();
    let mut content = Content {
        ops: &mut ops,
        names,
        artifact: false,
    };
    walk(items, to_pdf(page), &mut content);
    ops.raw
}

/// The content stream of a shared drawing that is no page (a Form XObject
/// of its own, see `forms`): its items, every layer's in order, mapped as a
/// page of its size maps them, without the layers' marks (the page that
/// places it marks the layer it is placed in).
pub(super) fn drawing_content(r: &PageRef, names: &Names) -> Vec<u8> {
    let mut ops = Ops::default();
    let mut content = Content {
        ops: &mut ops,
        names,
        artifact: false,
    };
    let t = super::document::to_pdf_of(r.height, r.bleed);
    for (_, items) in r.layers.iter() {
        walk(items, t, &mut content);
    }
    ops.raw
}

/// A page's content stream under construction, written as lopdf writes
/// operators (operands, each followed by a space, then the operator; a newline
/// between operators).
#[derive(Default)]
pub(super) struct Ops {
    raw: Vec<u8>,
    f32s: HashMap<u32, Vec<u8>>,
    /// The graphics state text runs and plain paths have set: what is set
    /// already is not set again.
    known: Known,
    /// What was known at each clip's `q` not yet closed: its `Q` restores
    /// that state (ISO 32000-1, 8.4.2).
    saved: Vec<Known>,
}

/// The parts of the graphics state set outside any `q … Q` of their own:
/// the font of text runs (the text state outlives `ET`; ISO 32000-1, 9.3.1),
/// the fill colour of runs and paths, and the stroke colour, line width and
/// round joins of paths. `None` (or `false`) where unknown, as at a stream's
/// start: a form starts from its placer's state, which this stream does not
/// know.
#[derive(Clone, Default)]
struct Known {
    font: Option<usize>,
    fill: Option<Color>,
    stroke: Option<Color>,
    /// The line width's `f32` bits.
    width: Option<u32>,
    round_join: bool,
}

impl Ops {
    /// Starts a raw operator: the separating newline.
    fn start(&mut self) -> &mut Vec<u8> {
        if !self.raw.is_empty() {
            self.raw.push(b'\n');
        }
        &mut self.raw
    }

    /// Saves the graphics state (`q`), and what is known of it.
    fn save(&mut self) {
        self.op("q");
        self.saved.push(self.known.clone());
    }

    /// Restores the graphics state the matching [`Ops::save`] saved (`Q`),
    /// and what was known of it then, but the font: the next run sets its
    /// font again, for text extractors that follow `Tf` through the stream
    /// without saving it at `q` (lopdf's does; poppler's and mupdf's save
    /// it, as the standard says).
    fn restore(&mut self) {
        self.op("Q");
        self.known = self.saved.pop().unwrap_or_default();
        self.known.font = None;
    }

    /// A raw operator without operands.
    fn op(&mut self, name: &str) {
        self.start().extend_from_slice(name.as_bytes());
    }

    /// A raw operator whose operands are numbers rounded to 1/1000 pt.
    fn op_reals(&mut self, args: &[f64], name: &str) {
        let out = self.start();
        for &v in args {
            real_to(out, v);
            out.push(b' ');
        }
        out.extend_from_slice(name.as_bytes());
    }

    /// A raw operator whose operands are `f32`s written in full (colours,
    /// line widths and text matrices: each distinct value formatted once).
    fn op_f32s(&mut self, args: &[f32], name: &str) {
        if !self.raw.is_empty() {
            self.raw.push(b'\n');
        }
        for &v in args {
            self.put_f32(v);
        }
        self.raw.extend_from_slice(name.as_bytes());
    }

    /// A text matrix (`Tm`): each operand rounded to 1/10000 and written as
    /// the `f32` of that value is (see [`Ops::op_f32s`]). Below 1024 in size
    /// that is the value's shortest decimal (an `f32`'s step there is under
    /// 1/10000, so no other decimal of four places or fewer reads back as
    /// the same `f32`), written directly; any larger operand (posters) goes
    /// through the formatter.
    fn op_tm(&mut self, m: [f64; 6]) {
        if !self.raw.is_empty() {
            self.raw.push(b'\n');
        }
        for v in m {
            let rounded = ((v * 10000.0).round() / 10000.0) as f32;
            if rounded == 0.0 {
                // The formatter writes the sign of -0.
                let zero: &[u8] = if rounded.is_sign_negative() {
                    b"-0 "
                } else {
                    b"0 "
                };
                self.raw.extend_from_slice(zero);
            } else if rounded.abs() < 1024.0 {
                write_num(&mut self.raw, v, 4);
                self.raw.push(b' ');
            } else {
                self.put_f32(rounded);
            }
        }
        self.raw.extend_from_slice(b"Tm");
    }

    /// `v` in full and a space, each distinct value formatted once.
    fn put_f32(&mut self, v: f32) {
        let text = self
            .f32s
            .entry(v.to_bits())
            .or_insert_with(|| format!("{v} ").into_bytes());
        self.raw.extend_from_slice(text);
    }
}

/// Writes `v` rounded to 1/1000 (pt, in content streams): see [`write_num`].
pub(super) fn real_to(out: &mut Vec<u8>, v: f64) {
    write_num(out, v, 3);
}

/// Sets the fill (or stroke) colour. A spot colour selects its Separation
/// colour space at full tint and overprints (it never knocks out the inks
/// below it); [`pdfx`] adds the resources.
pub(super) fn set_color(ops: &mut Ops, c: Color, stroke: bool) {
    use printpdf::{Cmyk, Color as PColor, Rgb};
    match c {
        Color::Rgb(..) | Color::Cmyk(..) => match color(c) {
            PColor::Rgb(Rgb { r, g, b, .. }) => {
                ops.op_f32s(&[r, g, b], if stroke { "RG" } else { "rg" })
            }
            PColor::Cmyk(Cmyk { c, m, y, k, .. }) => {
                ops.op_f32s(&[c, m, y, k], if stroke { "K" } else { "k" })
            }
            _ => {}
        },
        Color::Spot(spot) => {
            let (cs, scn) = if stroke { ("CS", "SCN") } else { ("cs", "scn") };
            let out = ops.start();
            let _ = write!(out, "/{OVERPRINT} gs\n/{} {cs}\n1 {scn}", spot_res(spot));
        }
    }
}

/// Writes the operators of the items walked into a content stream.
pub(super) struct Content<'o, 'n> {
    ops: &'o mut Ops,
    names: &'n Names<'n>,
    /// True inside an artifact already opened (a decorative page drawn in
    /// place): its runs are not marked again.
    artifact: bool,
}

/// Opens a marked-content sequence of decorative content, drawn as any
/// other content but left out of the page's text: an `/Artifact` (ISO
/// 32000-1, 14.8.2.2), which screen readers and accessibility checkers skip,
/// around a `/Span` whose replacement text is empty (14.9.4), which poppler's
/// text extraction (pdftotext, the viewers' copying) honours and the artifact
/// alone does not (nor an empty replacement text on the artifact itself:
/// poppler reads it only from a `/Span`). [`end_artifact`] closes both.
fn begin_artifact(ops: &mut Ops) {
    ops.op("/Artifact BMC");
    ops.op("/Span <</ActualText ()>> BDC");
}

/// Closes what [`begin_artifact`] opened.
fn end_artifact(ops: &mut Ops) {
    ops.op("EMC");
    ops.op("EMC");
}

impl Visitor<'_> for Content<'_, '_> {
    fn picture(&mut self, placed: &crate::scene::Placed, t: Transform) {
        let Some(name) = self.names.images.get(&placed.raster.digest) else {
            return;
        };
        place_form(self.ops, name, super::images::placement(placed, t));
    }
    fn path(&mut self, p: &Path, t: Transform) {
        let fill = match &p.fill {
            Some(Paint::Solid(c)) => Some(*c),
            Some(Paint::Gradient(g)) => {
                let name = self.names.shadings.get(&super::shadings::key(g));
                if let Some(name) = name {
                    shade(self.ops, &p.segs, g, name, t);
                }
                None
            }
            None => None,
        };
        path(self.ops, &p.segs, fill, p.stroke.as_ref(), t);
    }

    fn text(&mut self, run: &TextRun, t: Transform) {
        let artifact = run.decorative && !self.artifact;
        if artifact {
            begin_artifact(self.ops);
        }
        text(self.ops, run, t, self.names);
        if artifact {
            end_artifact(self.ops);
        }
    }

    fn begin_clip(&mut self, outline: &[Seg], t: Transform) -> bool {
        self.ops.save();
        path_segments(self.ops, outline, t);
        self.ops.op("W");
        self.ops.op("n");
        true
    }

    fn end_clip(&mut self) {
        self.ops.restore();
    }

    /// A page drawn as a form is placed; any other is drawn in place. A
    /// decorative page (a thumbnail) is an artifact either way. A placed
    /// form is a bare `/Artifact`: its content has replacement spans of its
    /// own, for its page, and poppler's do not nest (an inner span's end
    /// ends the outer one too), so poppler reads the words of a placed
    /// thumbnail, and skips those drawn in place.
    fn page(&mut self, r: &PageRef, t: Transform) -> bool {
        let artifact = r.decorative && !self.artifact;
        let form = self.names.forms.get(&r.drawing_id());
        if artifact {
            match form {
                Some(_) => self.ops.op("/Artifact BMC"),
                None => begin_artifact(self.ops),
            }
        }
        match form {
            Some(form) => {
                // The form's space is its page's PDF space: back to that page's
                // scene, then through `t`.
                place_form(self.ops, &form.name, t.then_apply(form.from_pdf));
            }
            None if self.shares_layers(r) => {
                // A page drawn in place (a class set's cover thumbnail of a
                // page each set repeats) places the forms of the layers the
                // set's pages share, and draws the others; decorative, it
                // is marked as a placed page form is (see above).
                if artifact {
                    self.ops.op("/Artifact BMC");
                }
                for (_, items) in r.layers.iter() {
                    match self.layer_form(r, items) {
                        Some((name, from_pdf)) => {
                            place_form(self.ops, name, t.then_apply(from_pdf))
                        }
                        None => walk(items, t, self),
                    }
                }
                if artifact {
                    self.ops.op("EMC");
                }
                return true;
            }
            None if artifact => {
                self.artifact = true;
                for (_, items) in r.layers.iter() {
                    walk(items, t, self);
                }
                self.artifact = false;
            }
            None => return false,
        }
        if artifact {
            match form {
                Some(_) => self.ops.op("EMC"),
                None => end_artifact(self.ops),
            }
        }
        true
    }
}

impl<'n> Content<'_, 'n> {
    /// Whether page `r`, drawn in place, has a layer whose form several
    /// pages share, made in a space `r`'s own size maps (see [`LayerName`]).
    fn shares_layers(&self, r: &PageRef) -> bool {
        r.layers
            .iter()
            .any(|(_, items)| self.layer_form(r, items).is_some())
    }

    /// The form of layer `items` of page `r` drawn in place, and the map
    /// from its space to `r`'s scene: see [`Content::shares_layers`].
    fn layer_form(
        &self,
        r: &PageRef,
        items: &std::sync::Arc<Vec<crate::scene::Item>>,
    ) -> Option<(&'n str, Transform)> {
        let size = [r.width, r.height, r.bleed].map(f64::to_bits);
        let l = self
            .names
            .layers
            .get(&(std::sync::Arc::as_ptr(items) as usize))?;
        Some((l.name.as_str(), l.from_pdf.filter(|_| l.size == size)?))
    }
}

/// Places the XObject `name` (a form or an image) through `m` (its space to
/// this stream's).
fn place_form(ops: &mut Ops, name: &str, m: Transform) {
    let m = m.0.map(|v| v as f32);
    ops.op("q");
    ops.op_f32s(&m, "cm");
    named_op(ops, name, "Do");
    ops.op("Q");
}

/// The operator `op` on the resource `name` (`/name op`).
fn named_op(ops: &mut Ops, name: &str, op: &str) {
    let out = ops.start();
    out.push(b'/');
    out.extend_from_slice(name.as_bytes());
    out.push(b' ');
    out.extend_from_slice(op.as_bytes());
}

/// The inside of `segs` (non-zero winding) painted with the shading `name`
/// of `g`: the path as a clip, then the shading through `t` and the
/// gradient's own transform (see [`super::shadings`]).
fn shade(ops: &mut Ops, segs: &[Seg], g: &Gradient, name: &str, t: Transform) {
    ops.op("q");
    path_segments(ops, segs, t);
    ops.op("W");
    ops.op("n");
    let m = t.then_apply(g.transform).0.map(|v| v as f32);
    ops.op_f32s(&m, "cm");
    named_op(ops, name, "sh");
    ops.op("Q");
}

/// A path filled with a colour and/or stroked. A path in process colours
/// and solid lines sets only what differs from the state it finds, and
/// leaves its state for the next (most of a page repeats a few colours and
/// widths); one in a spot colour (which also sets overprint) or with a dash
/// sets everything inside a `q … Q` of its own.
fn path(ops: &mut Ops, segs: &[Seg], fill: Option<Color>, stroke: Option<&Stroke>, t: Transform) {
    if fill.is_none() && stroke.is_none() {
        return;
    }
    let spot = |c: Color| matches!(c, Color::Spot(_));
    let scoped =
        fill.is_some_and(spot) || stroke.is_some_and(|s| spot(s.color) || !s.dash.is_empty());
    if scoped {
        ops.op("q");
    }
    if let Some(c) = fill {
        if scoped || ops.known.fill != Some(c) {
            set_color(ops, c, false);
        }
        if !scoped {
            ops.known.fill = Some(c);
        }
    }
    if let Some(s) = stroke {
        let [a, b, c, d, ..] = t.0;
        let k = (a * d - b * c).abs().sqrt();
        let width = (s.width * k) as f32;
        if scoped || ops.known.stroke != Some(s.color) {
            set_color(ops, s.color, true);
        }
        if scoped || ops.known.width != Some(width.to_bits()) {
            ops.op_f32s(&[width], "w");
        }
        if scoped || !ops.known.round_join {
            ops.op("1 j");
        }
        if !scoped {
            ops.known.stroke = Some(s.color);
            ops.known.width = Some(width.to_bits());
            ops.known.round_join = true;
        }
        if !s.dash.is_empty() {
            let out = ops.start();
            out.push(b'[');
            for (i, v) in s.dash.iter().enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                real_to(out, v * k);
            }
            out.extend_from_slice(b"] 0 d");
        }
    }
    path_segments(ops, segs, t);
    let paint = match (fill.is_some(), stroke.is_some()) {
        (true, true) => "B",
        (true, false) => "f",
        _ => "S",
    };
    ops.op(paint);
    if scoped {
        ops.op("Q");
    }
}

/// The path construction operators for `segs`, mapped through `t`.
pub(super) fn path_segments(ops: &mut Ops, segs: &[Seg], t: Transform) {
    for seg in segs {
        match *seg {
            Seg::Move(a) => {
                let q = t.apply(a);
                ops.op_reals(&[q.x, q.y], "m");
            }
            Seg::Line(a) => {
                let q = t.apply(a);
                ops.op_reals(&[q.x, q.y], "l");
            }
            Seg::Cubic(a, b, c) => {
                let (a, b, c) = (t.apply(a), t.apply(b), t.apply(c));
                ops.op_reals(&[a.x, a.y, b.x, b.y, c.x, c.y], "c");
            }
            Seg::Close => ops.op("h"),
        }
    }
}

/// A text run: its glyphs, by their codes in its font (see [`Codes`]), shown
/// from the run's origin in a font of size 1 scaled by the text matrix. A run
/// in a font that is not embedded draws no glyph and is left out.
pub(super) fn text(ops: &mut Ops, run: &TextRun, t: Transform, names: &Names) {
    let Some(codes) = &names.codes[run.font.0] else {
        return;
    };
    // Text space (1 unit = 1 em, y up) → scene (mm, y down) → PDF (pt, y up).
    let m = t
        .then_apply(Transform::translate(run.pos.x, run.pos.y))
        .then_apply(Transform::rotate(run.rotation))
        .then_apply(Transform::scale(run.size, -run.size));
    let [a, b, c, d, e, f] = m.0;
    ops.op("BT");
    if ops.known.font != Some(run.font.0) {
        let out = ops.start();
        out.push(b'/');
        out.extend_from_slice(names.fonts[run.font.0].0.as_bytes());
        out.extend_from_slice(b" 1 Tf");
        ops.known.font = Some(run.font.0);
    }
    if run.invisible {
        ops.op("3 Tr");
    }
    if ops.known.fill != Some(run.fill) {
        set_color(ops, run.fill, false);
        ops.known.fill = Some(run.fill);
    }
    ops.op_tm([a, b, c, d, e, f]);
    let out = ops.start();
    code_string(out, run.glyphs.iter().map(|g| codes.of(g.id)));
    out.extend_from_slice(b" Tj");
    if run.invisible {
        // The render mode is graphics state: later runs are seen again.
        ops.op("0 Tr");
    }
    ops.op("ET");
}

/// `codes` as a literal string of their bytes, high byte first: two bytes a
/// code where hex takes four. Only the string's delimiters and escape
/// character are escaped, and the line ends, which a reader turns into a
/// single LF (ISO 32000-1, 7.3.4.2); every other byte stands as it is.
fn code_string(out: &mut Vec<u8>, codes: impl Iterator<Item = u16>) {
    out.push(b'(');
    for code in codes {
        for byte in code.to_be_bytes() {
            match byte {
                b'(' | b')' | b'\\' => out.extend_from_slice(&[b'\\', byte]),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\n' => out.extend_from_slice(b"\\n"),
                _ => out.push(byte),
            }
        }
    }
    out.push(b')');
}

#[cfg(test)]
mod tests {
    use super::Ops;

    /// Every code, the escaped bytes among them in both halves, reads back
    /// from the literal string as the same two bytes, in PDF readers' terms
    /// (lopdf's content parser).
    #[test]
    fn code_strings_read_back_as_their_codes() {
        let specials = [b'(', b')', b'\\', b'\r', b'\n', 0, 0xff];
        let mut codes: Vec<u16> = (0..=u16::MAX).collect();
        for a in specials {
            for b in specials {
                codes.push(u16::from_be_bytes([a, b]));
            }
        }
        let mut content = Vec::new();
        for chunk in codes.chunks(257) {
            super::code_string(&mut content, chunk.iter().copied());
            content.extend_from_slice(b" Tj\n");
        }
        let ops = lopdf::content::Content::decode(&content)
            .unwrap()
            .operations;
        let read: Vec<u16> = ops
            .iter()
            .flat_map(|op| {
                assert_eq!(op.operator, "Tj");
                let bytes = op.operands[0].as_str().unwrap();
                assert_eq!(bytes.len() % 2, 0);
                bytes
                    .chunks(2)
                    .map(|p| u16::from_be_bytes([p[0], p[1]]))
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(read, codes);
    }

    /// `Tm`'s operands are written as the formatter writes the `f32` of each
    /// rounded to 1/10000: directly below 1024, through the formatter above.
    #[test]
    fn text_matrices_read_as_the_formatters_f32s() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut values = vec![
            0.0,
            -0.0,
            -0.000_04,
            0.000_05,
            1_023.999_96,
            -1_024.0,
            841.89,
        ];
        for k in (-10_300_000i64..=10_300_000).step_by(97) {
            values.push(k as f64 / 10_000.0);
            values.push(k as f64 / 10_000.0 + (next() - 0.5) / 10_000.0);
        }
        for m in values.chunks(6).filter(|m| m.len() == 6) {
            let mut ops = Ops::default();
            ops.op_tm([m[0], m[1], m[2], m[3], m[4], m[5]]);
            let want: String = m
                .iter()
                .map(|v| format!("{} ", ((v * 10000.0).round() / 10000.0) as f32))
                .collect();
            assert_eq!(String::from_utf8(ops.raw).unwrap(), want + "Tm", "{m:?}");
        }
    }
}

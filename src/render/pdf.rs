//! PDF renderer: the pages of a document to one PDF file, through printpdf.
//!
//! Page boxes are the page size exactly (mm converted to PostScript points,
//! 72 per inch). Scene coordinates (mm, origin top-left, y down) are mapped to
//! PDF space (pt, origin bottom-left, y up) point by point, so the content
//! stream carries no page-wide transform. Text is real text in an Identity-H
//! font with a ToUnicode map, subset per document. Output is deterministic:
//! fixed resource names, epoch dates and a trailer `/ID` derived from the content.

use printpdf::{
    Cmyk, Color as PColor, DictItem, FontId as PFontId, Layer as PLayer, LayerInternalId, Mm, Op,
    ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Pt as PPt, Rgb, TextItem,
    TextMatrix,
};

use crate::scene::{Color, Document, Item, Layer, Path, Seg, TextRun, Transform};

/// PostScript points per millimetre.
pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// Choices for PDF output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PdfOptions {
    /// Leave content streams uncompressed (for debugging and snapshot diffs).
    pub uncompressed: bool,
}

/// A failure inside the PDF writer (never caused by user input, which is
/// validated before rendering).
#[derive(Debug, thiserror::Error)]
#[error("could not write the PDF: {0}")]
pub struct PdfError(String);

/// Renders every page of `doc` into one PDF file.
pub fn render(doc: &Document, opts: &PdfOptions) -> Result<Vec<u8>, PdfError> {
    let mut pdf = PdfDocument::new(&doc.title);
    pdf.metadata.info.producer = format!("jungle-print {}", env!("CARGO_PKG_VERSION"));
    pdf.metadata.info.creator = pdf.metadata.info.producer.clone();

    // Fonts under fixed ids: the first six letters become the subset tag.
    let font_ids: Vec<PFontId> = (0..doc.fonts.fonts().len()).map(font_res_id).collect();
    let mut used = vec![false; font_ids.len()];
    for page in &doc.pages {
        for (_, items) in &page.layers {
            mark_fonts(items, &mut used);
        }
    }
    for (i, f) in doc.fonts.fonts().iter().enumerate() {
        if !used[i] {
            continue;
        }
        let mut warnings = Vec::new();
        let parsed =
            ParsedFont::from_bytes(f.data, f.index as usize, &mut warnings).ok_or_else(|| {
                PdfError(format!(
                    "font `{}` could not be parsed for embedding",
                    f.name
                ))
            })?;
        pdf.resources
            .fonts
            .map
            .insert(font_ids[i].clone(), printpdf::PdfFont::new(parsed));
    }

    // One optional-content group per layer used anywhere in the document.
    for layer in Layer::ALL {
        if doc.pages.iter().any(|p| !p.layer(layer).is_empty()) {
            pdf.resources
                .layers
                .map
                .insert(layer_res_id(layer), PLayer::new(layer.id()));
        }
    }

    let pages = doc
        .pages
        .iter()
        .map(|page| {
            let to_pdf = Transform([
                PT_PER_MM,
                0.0,
                0.0,
                -PT_PER_MM,
                0.0,
                page.height * PT_PER_MM,
            ]);
            let mut ops = Vec::new();
            for (layer, items) in &page.layers {
                if items.is_empty() {
                    continue;
                }
                ops.push(Op::BeginLayer {
                    layer_id: layer_res_id(*layer),
                });
                for item in items {
                    emit(&mut ops, item, to_pdf, &font_ids);
                }
                ops.push(Op::EndLayer);
            }
            PdfPage::new(Mm(page.width as f32), Mm(page.height as f32), ops)
        })
        .collect();
    pdf.with_pages(pages);

    let save = PdfSaveOptions {
        optimize: !opts.uncompressed,
        subset_fonts: true,
        secure: false,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = pdf.to_lopdf_document(&save, &mut warnings);
    if save.optimize {
        lo.compress();
    }
    // printpdf writes a random /ID; replace it by a hash of the content.
    lo.trailer.remove(b"ID");
    let mut bytes = Vec::new();
    lo.save_to(&mut bytes)
        .map_err(|e| PdfError(e.to_string()))?;
    let id = content_hash(&bytes);
    let id_obj = lopdf::Object::String(id.to_vec(), lopdf::StringFormat::Hexadecimal);
    lo.trailer
        .set("ID", lopdf::Object::Array(vec![id_obj.clone(), id_obj]));
    let mut out = Vec::with_capacity(bytes.len() + 64);
    lo.save_to(&mut out).map_err(|e| PdfError(e.to_string()))?;
    Ok(out)
}

/// Resource name of font `i`: six capital letters, also the subset tag.
fn font_res_id(i: usize) -> PFontId {
    let mut tag = String::from("JP");
    let mut n = i;
    for _ in 0..4 {
        tag.push((b'A' + (n % 26) as u8) as char);
        n /= 26;
    }
    PFontId(tag)
}

fn layer_res_id(l: Layer) -> LayerInternalId {
    LayerInternalId(format!("OC-{}", l.id()))
}

/// FNV-1a, 128 bits as two 64-bit lanes: stable across runs and platforms.
fn content_hash(bytes: &[u8]) -> [u8; 16] {
    let mut a: u64 = 0xcbf2_9ce4_8422_2325;
    let mut b: u64 = 0x6c62_272e_07bb_0142;
    for &x in bytes {
        a = (a ^ x as u64).wrapping_mul(0x0000_0100_0000_01b3);
        b = (b ^ x as u64)
            .wrapping_mul(0x0000_0100_0000_01b3)
            .rotate_left(7);
    }
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&a.to_be_bytes());
    out[8..].copy_from_slice(&b.to_be_bytes());
    out
}

fn mark_fonts(items: &[Item], used: &mut [bool]) {
    for item in items {
        match item {
            Item::Text(t) => used[t.font.0] = true,
            Item::Group(g) => mark_fonts(&g.items, used),
            Item::Path(_) => {}
        }
    }
}

fn color(c: Color) -> PColor {
    match c {
        Color::Rgb(r, g, b) => PColor::Rgb(Rgb {
            r: r as f32 / 255.0,
            g: g as f32 / 255.0,
            b: b as f32 / 255.0,
            icc_profile: None,
        }),
        Color::Cmyk(c, m, y, k) => PColor::Cmyk(Cmyk {
            c,
            m,
            y,
            k,
            icc_profile: None,
        }),
    }
}

/// A number for the content stream, rounded to 1/1000 pt.
fn real(v: f64) -> DictItem {
    DictItem::Real(((v * 1000.0).round() / 1000.0) as f32)
}

fn raw(key: &str, args: Vec<DictItem>) -> Op {
    Op::Unknown {
        key: key.to_string(),
        value: args,
    }
}

fn emit(ops: &mut Vec<Op>, item: &Item, t: Transform, fonts: &[PFontId]) {
    match item {
        Item::Path(p) => path(ops, p, t),
        Item::Text(run) => text(ops, run, t, fonts),
        Item::Group(g) => {
            let inner = t.then_apply(g.transform);
            for it in &g.items {
                emit(ops, it, inner, fonts);
            }
        }
    }
}

fn path(ops: &mut Vec<Op>, p: &Path, t: Transform) {
    if p.fill.is_none() && p.stroke.is_none() {
        return;
    }
    ops.push(Op::SaveGraphicsState);
    if let Some(c) = p.fill {
        ops.push(Op::SetFillColor { col: color(c) });
    }
    if let Some(s) = &p.stroke {
        let [a, b, c, d, ..] = t.0;
        let k = (a * d - b * c).abs().sqrt();
        ops.push(Op::SetOutlineColor {
            col: color(s.color),
        });
        ops.push(Op::SetOutlineThickness {
            pt: PPt((s.width * k) as f32),
        });
        ops.push(raw("j", vec![DictItem::Int(1)]));
        if !s.dash.is_empty() {
            let dash = s.dash.iter().map(|v| real(v * k)).collect();
            ops.push(raw("d", vec![DictItem::Array(dash), DictItem::Int(0)]));
        }
    }
    for seg in &p.segs {
        match *seg {
            Seg::Move(a) => {
                let q = t.apply(a);
                ops.push(raw("m", vec![real(q.x), real(q.y)]));
            }
            Seg::Line(a) => {
                let q = t.apply(a);
                ops.push(raw("l", vec![real(q.x), real(q.y)]));
            }
            Seg::Cubic(a, b, c) => {
                let (a, b, c) = (t.apply(a), t.apply(b), t.apply(c));
                ops.push(raw(
                    "c",
                    vec![
                        real(a.x),
                        real(a.y),
                        real(b.x),
                        real(b.y),
                        real(c.x),
                        real(c.y),
                    ],
                ));
            }
            Seg::Close => ops.push(raw("h", vec![])),
        }
    }
    let paint = match (p.fill.is_some(), p.stroke.is_some()) {
        (true, true) => "B",
        (true, false) => "f",
        _ => "S",
    };
    ops.push(raw(paint, vec![]));
    ops.push(Op::RestoreGraphicsState);
}

fn text(ops: &mut Vec<Op>, run: &TextRun, t: Transform, fonts: &[PFontId]) {
    // Text space (1 unit = 1 em, y up) → scene (mm, y down) → PDF (pt, y up).
    let m = t
        .then_apply(Transform::translate(run.pos.x, run.pos.y))
        .then_apply(Transform::rotate(run.rotation))
        .then_apply(Transform::scale(run.size, -run.size));
    let r = |v: f64| ((v * 10000.0).round() / 10000.0) as f32;
    let [a, b, c, d, e, f] = m.0;
    ops.push(Op::StartTextSection);
    ops.push(Op::SetFont {
        font: PdfFontHandle::External(fonts[run.font.0].clone()),
        size: PPt(1.0),
    });
    ops.push(Op::SetFillColor {
        col: color(run.fill),
    });
    ops.push(Op::SetTextMatrix {
        matrix: TextMatrix::Raw([r(a), r(b), r(c), r(d), r(e), r(f)]),
    });
    ops.push(Op::ShowText {
        items: vec![TextItem::Text(run.text.clone())],
    });
    ops.push(Op::EndTextSection);
}

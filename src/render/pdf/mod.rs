//! PDF renderer: the pages of a document to one PDF file, through printpdf,
//! which writes the document's dictionaries; the fonts are subset here and
//! each page's content stream is written here, and every stream deflated once.
//! One file per concern: [`render`] (here) runs the steps in order;
//! `fonts` finds the glyphs each font draws, subsets it and gives each glyph
//! its code; `pages` hands printpdf the pages and fills in their content
//! streams, which `content` writes (text as the runs' glyph ids); `images`
//! writes pictures, `shadings` gradients, `forms` shared pages as Form
//! XObjects, `pdfx` colours and PDF/X; `document` holds stream compression, resources, the content hash
//! and the map from scene to PDF space; `adapter` what printpdf has no API
//! for (version, info, TrimBox and BleedBox, `/ID`).
//!
//! Page boxes come from the scene page (mm converted to PostScript points,
//! 72 per inch): MediaBox, CropBox and BleedBox are the sheet as printed (the
//! trimmed sheet plus its bleed), TrimBox the finished sheet. Scene
//! coordinates (mm, origin top-left, y down) are mapped to PDF space (pt,
//! origin bottom-left, y up) point by point, so the content stream carries no
//! page-wide transform. Text is real text in an Identity-H font with a
//! ToUnicode map, subset per document. A page that another page shows
//! ([`crate::scene::Item::Page`], the cover's thumbnails) is written once, as
//! a Form XObject that both place; so is a shared drawing that is no page but
//! is placed more than once (a tiled board's or poster's, on every tile). Output is deterministic: fixed resource
//! names, epoch dates and a trailer `/ID` hashed from the document before it
//! is saved.

mod adapter;
mod content;
mod document;
mod fonts;
mod forms;
mod images;
mod pages;
mod pdfx;
mod shadings;

use printpdf::{PdfDocument, PdfSaveOptions};

use crate::scene::Document;

/// The deflate level of PDF streams (zlib-rs), chosen by measuring the default
/// sets (`benches/levels.sh` for one level; the README has the tables): 2,
/// zlib-rs's fast matcher, takes 6.3 M instructions (English) and 16.2 M
/// (zh-Hant) off the set for files 8.4 % and 6.2 % larger than 4, the lazy
/// matcher, and brings the zh-Hant set within issue 48's 150 M. Fonts and
/// drawings were also measured at levels of their own: 4 for the fonts and
/// 2 for the drawings saves 0.2–2.6 KB of 90–224 KB for 0.5–4.8 M more
/// instructions, so one level serves both.
pub const DEFLATE_LEVEL: u32 = 2;

/// PostScript points per millimetre.
pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// Choices for PDF output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PdfOptions {
    /// Leave content streams uncompressed (for debugging and snapshot diffs).
    pub uncompressed: bool,
    /// A PDF/X-4 file for a print shop: the output intent (FOGRA39, with its
    /// profile), the PDF/X version in the info and XMP metadata, the cut layer
    /// marked non-printing. The pages should already be in CMYK and spot
    /// colours (`compose::passes::print_shop`).
    pub pdfx: bool,
    /// When the file was made, seconds since 1970-01-01 00:00 UTC: written
    /// as its creation and modification dates (the info dictionary and the
    /// XMP metadata). `None` writes 1970-01-01 (the library stays
    /// deterministic; the command line passes `SOURCE_DATE_EPOCH` or now).
    pub created: Option<i64>,
}

/// The civil date and time (UTC) of `secs` seconds since 1970-01-01 00:00
/// UTC: year, month, day, hour, minute, second (proleptic Gregorian).
pub fn civil(secs: i64) -> (i32, u8, u8, u8, u8, u8) {
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    // Days to a date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
    (
        year,
        month,
        day,
        (rest / 3600) as u8,
        (rest % 3600 / 60) as u8,
        (rest % 60) as u8,
    )
}

/// `secs` as printpdf's date, UTC.
fn pdf_date(secs: i64) -> printpdf::OffsetDateTime {
    let (year, month, day, hour, minute, second) = civil(secs);
    let mut d = printpdf::OffsetDateTime::epoch();
    d.date = printpdf::date::Date { year, month, day };
    d.time = printpdf::date::Time {
        hour,
        minute,
        second,
        millisecond: 0,
    };
    d
}

/// The registered printing condition the output intent names.
pub const OUTPUT_CONDITION: &str = "FOGRA39";

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
    let created = opts.created.unwrap_or(0);
    let date = pdf_date(created);
    pdf.metadata.info.creation_date = date;
    pdf.metadata.info.modification_date = date;
    pdf.metadata.info.metadata_date = date;
    let fonts = fonts::embed(doc, &mut pdf)?;
    pages::add_pages(doc, &mut pdf, &fonts);
    let save = PdfSaveOptions {
        optimize: !opts.uncompressed,
        // The fonts are subset already (see [`fonts::subset_font`]); printpdf
        // subsets only with its `text_layout` feature, which we leave out.
        subset_fonts: false,
        secure: false,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = pdf.to_lopdf_document(&save, &mut warnings);
    pages::write_contents(&mut lo, doc, &fonts)?;
    adapter::tidy(&mut lo, doc);
    if opts.pdfx {
        let profile = crate::picture::profile::output_profile().ok_or_else(|| {
            PdfError("the print shop's colour profile (FOGRA39) is not loaded".into())
        })?;
        pdfx::pdfx(&mut lo, doc, profile, created);
    }
    if save.optimize {
        document::compress(&mut lo);
    }
    adapter::save(&mut lo)
}

#[cfg(test)]
mod tests {
    use super::content::real_to;
    use super::document::to_pdf;
    use super::*;
    use crate::scene::{Color, Item, Layer, Transform};
    use crate::text::FontBook;

    #[test]
    #[cfg(not(feature = "web"))]
    fn the_web_build_checks_the_profile_by_its_true_length() {
        use crate::picture::profile::{OUTPUT_PROFILE, OUTPUT_PROFILE_LEN};
        assert_eq!(OUTPUT_PROFILE.len(), OUTPUT_PROFILE_LEN);
        assert_eq!(&OUTPUT_PROFILE[36..40], b"acsp");
    }

    /// printpdf embeds its own FOGRA39 profile only when the document's
    /// conformance requires an ICC profile. `render` keeps the default
    /// conformance, which does not, and web/wasm-link.sh relies on that: it
    /// blanks printpdf's profile in the page's wasm.
    #[test]
    fn printpdf_never_embeds_its_own_profile() {
        let pdf = PdfDocument::new("t");
        assert!(!pdf.metadata.info.conformance.must_have_icc_profile());
    }

    #[test]
    fn reals_are_the_shortest_decimal_of_the_thousandth() {
        for (v, s) in [
            (0.0, "0"),
            (-0.0004, "0"),
            (12.0, "12"),
            (-0.5, "-0.5"),
            (841.889_76, "841.89"),
            (4_096.000_2, "4096"),
            (123_456.789_4, "123456.789"),
            (-7.0106, "-7.011"),
            (f64::NAN, "0"),
        ] {
            let mut out = Vec::new();
            real_to(&mut out, v);
            assert_eq!(out, s.as_bytes(), "{v}");
        }
    }

    /// The operands of the first `op` operator of a content stream.
    fn operands(content: &str, op: &str) -> Vec<f64> {
        let line = content
            .lines()
            .find(|l| l.strip_suffix(op).is_some_and(|rest| rest.ends_with(' ')))
            .unwrap_or_else(|| panic!("no {op} in {content}"));
        line.split_whitespace()
            .filter(|w| *w != op)
            .map(|v| v.parse().unwrap())
            .collect()
    }

    /// A page placed inside another (a thumbnail) lands where the scene puts
    /// it: the form's points, through the `cm` the placing page writes, are the
    /// scene points through the group's transform and that page's own map,
    /// bleed included.
    #[test]
    fn a_placed_page_lands_where_the_scene_puts_it() {
        use crate::scene::{shapes, Group, Page};
        let mut shown = Page::new(100.0, 150.0).with_bleed(3.0);
        shown.add(
            Layer::Artwork,
            [shapes::fill(
                shapes::rect(10.0, 20.0, 30.0, 40.0),
                Color::BLACK,
            )],
        );
        let place = Transform([0.25, 0.0, 0.0, 0.25, 50.0, 60.0]);
        let mut cover = Page::new(210.0, 297.0).with_bleed(2.0);
        cover.add(
            Layer::Artwork,
            [Item::Group(Group {
                picture: false,
                transform: place,
                items: vec![Item::Page(shown.share())],
            })],
        );
        let doc = Document {
            title: "t".into(),
            pages: vec![cover.clone(), shown],
            fonts: std::sync::Arc::new(FontBook::new()),
        };
        let pdf = render(&doc, &PdfOptions::default()).unwrap();
        let lo = lopdf::Document::load_mem(&pdf).unwrap();
        let pages: Vec<_> = lo.get_pages().into_values().collect();
        let placing = String::from_utf8(lo.get_page_content(pages[0])).unwrap();
        let cm = operands(&placing, "cm");
        assert!(placing.contains("/Pg2 Do"), "{placing}");
        // The form's first point: the rectangle's corner in the shown page's PDF space.
        let form = lo
            .objects
            .values()
            .find_map(|o| match o {
                lopdf::Object::Stream(s) if s.dict.get(b"Subtype").ok() == Some(&"Form".into()) => {
                    Some(s.decompressed_content().unwrap_or(s.content.clone()))
                }
                _ => None,
            })
            .unwrap();
        let form = String::from_utf8(form).unwrap();
        let m = operands(&form, "m");
        let (x, y) = (m[0], m[1]);
        let got = (cm[0] * x + cm[2] * y + cm[4], cm[1] * x + cm[3] * y + cm[5]);
        let want = to_pdf(&cover)
            .then_apply(place)
            .apply(crate::scene::pt(10.0, 20.0));
        assert!(
            (got.0 - want.x).abs() < 0.01 && (got.1 - want.y).abs() < 0.01,
            "{got:?} vs {want:?}"
        );
    }

    /// The bounding box of each glyph `gids` of `face`, and its advance
    /// (font units).
    fn glyph_shapes(
        face: &ttf_parser::Face,
        gids: &[u16],
    ) -> Vec<(Option<ttf_parser::Rect>, Option<u16>)> {
        struct Nothing;
        impl ttf_parser::OutlineBuilder for Nothing {
            fn move_to(&mut self, _: f32, _: f32) {}
            fn line_to(&mut self, _: f32, _: f32) {}
            fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {}
            fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {}
            fn close(&mut self) {}
        }
        gids.iter()
            .map(|&g| {
                let g = ttf_parser::GlyphId(g);
                (
                    face.outline_glyph(g, &mut Nothing),
                    face.glyph_hor_advance(g),
                )
            })
            .collect()
    }

    /// Each run's text is shown as its own glyphs ([`TextRun::glyphs`],
    /// shaped once), not as glyphs looked up again from its characters or
    /// codes read back from another writer: the content's `Tj` strings, read
    /// with lopdf, hold one code per glyph of the run, and the embedded
    /// subset draws at each code the font file's glyph of the run (same
    /// outline box and advance). One run's glyphs are deliberately not its
    /// characters' (swapped), which only glyph-id writing shows.
    #[test]
    fn text_shows_the_runs_own_glyph_ids() {
        use crate::scene::{pt, Page, TextRun};
        use crate::text::BuiltinFont;
        let mut book = FontBook::new();
        let font = book.add_builtin(BuiltinFont::NotoSans);
        let run = |text: &str| {
            TextRun::new(
                &book,
                font,
                text.into(),
                5.0,
                pt(10.0, 20.0),
                0.0,
                Color::BLACK,
            )
        };
        let plain = run("Rat 7");
        let mut swapped = run("ab");
        swapped.glyphs.reverse();
        assert_ne!(swapped.glyphs[0].id, plain.glyphs[0].id);
        let mut page = Page::new(100.0, 100.0);
        page.add(
            Layer::Artwork,
            [Item::Text(plain.clone()), Item::Text(swapped.clone())],
        );
        let doc = Document {
            title: "t".into(),
            pages: vec![page],
            fonts: std::sync::Arc::new(book),
        };
        let pdf = render(&doc, &PdfOptions::default()).unwrap();
        let lo = lopdf::Document::load_mem(&pdf).unwrap();
        let page_id = *lo.get_pages().values().next().unwrap();
        let content = lopdf::content::Content::decode(&lo.get_page_content(page_id)).unwrap();
        let shown: Vec<Vec<u16>> = content
            .operations
            .iter()
            .filter(|op| op.operator == "Tj")
            .map(|op| {
                let bytes = op.operands[0].as_str().unwrap();
                bytes
                    .chunks(2)
                    .map(|p| u16::from_be_bytes([p[0], p[1]]))
                    .collect()
            })
            .collect();
        assert_eq!(shown.len(), 2, "{shown:?}");

        let program = lo
            .objects
            .values()
            .find_map(|o| match o {
                lopdf::Object::Stream(s) if s.dict.has(b"Length1") => {
                    Some(s.decompressed_content().unwrap_or(s.content.clone()))
                }
                _ => None,
            })
            .expect("an embedded TrueType program");
        let subset = ttf_parser::Face::parse(&program, 0).unwrap();
        let original = ttf_parser::Face::parse(&doc.fonts.fonts()[font.0].data, 0).unwrap();
        for (run, codes) in [&plain, &swapped].into_iter().zip(&shown) {
            let gids: Vec<u16> = run.glyphs.iter().map(|g| g.id).collect();
            assert_eq!(codes.len(), gids.len(), "one code per glyph");
            assert_eq!(
                glyph_shapes(&subset, codes),
                glyph_shapes(&original, &gids),
                "{:?}: codes {codes:?} for glyphs {gids:?}",
                run.text
            );
        }
        // The swapped run shows 'b' first: the glyphs, not the characters.
        let b = glyph_shapes(&original, &[doc.fonts.glyph(font, 'b').unwrap()]);
        assert_eq!(glyph_shapes(&subset, &shown[1][..1]), b);
    }

    /// The digit-by-digit writer gives the shortest text of each value
    /// rounded to 1/1000: it reads back as exactly that, with no trailing zero.
    #[test]
    fn reals_are_the_exact_thousandth() {
        let mut values = vec![
            0.0, -0.0, -0.0001, 0.0004, 0.0005, 1.0, -1.5, 8191.9995, 8192.0,
        ];
        values.extend([
            1e-9,
            123.456_789,
            2383.937,
            -841.89,
            1e6,
            16_777_217.0,
            f64::MAX,
        ]);
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let unit = (x >> 11) as f64 / (1u64 << 53) as f64;
            values.push((unit - 0.5) * 20_000.0);
            values.push((unit - 0.5) * 2.0);
        }
        for v in values {
            let mut ours = Vec::new();
            real_to(&mut ours, v);
            let ours = String::from_utf8(ours).unwrap();
            let want = (v * 1000.0).round();
            if !want.is_finite() {
                assert_eq!(ours, "0", "{v}");
                continue;
            }
            let back: f64 = ours.parse().unwrap();
            if want.abs() < 9e15 {
                assert_eq!((back * 1000.0).round(), want, "{v}: {ours}");
            } else {
                assert_eq!(back, want / 1000.0, "{v}: {ours}");
            }
            assert!(!ours.contains('.') || !ours.ends_with('0'), "{v}: {ours}");
            assert!(!ours.ends_with('.') && ours != "-0", "{v}: {ours}");
        }
    }
}

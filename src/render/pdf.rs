//! PDF renderer: the pages of a document to one PDF file, through printpdf,
//! which writes the document's dictionaries; the fonts are subset here (see
//! [`subset_font`]) and each page's content stream is written here (see
//! [`render`]), and every stream deflated once.
//!
//! Page boxes come from the scene page (mm converted to PostScript points,
//! 72 per inch): MediaBox, CropBox and BleedBox are the sheet as printed (the
//! trimmed sheet plus its bleed), TrimBox the finished sheet. Scene coordinates (mm, origin top-left, y down) are mapped to
//! PDF space (pt, origin bottom-left, y up) point by point, so the content
//! stream carries no page-wide transform. Text is real text in an Identity-H
//! font with a ToUnicode map, subset per document. A page that another page
//! shows ([`Item::Page`], the cover's thumbnails) is written once, as a Form
//! XObject that both place. Output is deterministic:
//! fixed resource names, epoch dates and a trailer `/ID` derived from the content.

use printpdf::{
    Cmyk, Color as PColor, FontId as PFontId, Layer as PLayer, LayerInternalId, Mm, Op, ParsedFont,
    PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Pt as PPt, Rgb, TextItem,
};

use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::scene::{Color, Document, Item, Layer, Path, Seg, Spot, TextRun, Transform};
use crate::text::FontId;

/// The deflate level of PDF streams (zlib-rs), chosen by measuring the default
/// sets at every level (`benches/levels.sh`; the table is in the README): 4 is
/// the knee. Levels 5–8 make files 1–3 % smaller for 4–10 % more work; 3 and
/// below save little more work and grow the files faster.
pub const DEFLATE_LEVEL: u32 = 4;

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
    /// colours (`compose::print_shop`).
    pub pdfx: bool,
}

/// The output profile of the PDF/X output intent: coated FOGRA39 (see
/// `profiles/README.md`). Not in the web page's build (feature `web`), which
/// writes no PDF/X.
#[cfg(not(feature = "web"))]
pub const OUTPUT_PROFILE: &[u8] = include_bytes!("../../profiles/coated-fogra39.icc");

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

    // Each font under a fixed id, which is also its subset tag
    // (`ABCDEF+Name`): derived from the glyphs the document uses, so two different
    // subsets never share a tag (merging tools tell them apart by it), while the
    // same input always gives the same tag.
    let chars = font_chars(doc);
    let glyph_sets = glyph_sets(doc, &chars);
    let font_ids = subset_tags(doc, &glyph_sets);
    // Each used font, subset here (see [`subset_font`]): its characters, each with
    // the glyph it has in the subset.
    let empty = BTreeSet::new();
    let mut char_glyphs: Vec<HashMap<char, Option<u16>>> =
        vec![HashMap::default(); doc.fonts.fonts().len()];
    for (i, f) in doc.fonts.fonts().iter().enumerate() {
        let Some(gids) = &glyph_sets[i] else {
            continue;
        };
        let chars = chars[i].as_ref().map_or(&empty, |c| c);
        let (parsed, glyphs) = subset_font(
            (f.data, f.index),
            gids,
            &font_ids[i],
            |c| doc.fonts.glyph(FontId(i), c),
            chars,
        )
        .ok_or_else(|| {
            PdfError(format!(
                "font `{}` could not be subset for embedding",
                f.name
            ))
        })?;
        char_glyphs[i] = glyphs;
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

    // printpdf gets each page's layers, for its resources, and on the first page
    // one text run per font: the glyphs of the whole document, each under the
    // character its ToUnicode map should give (see [`glyph_samples`]). From these it
    // writes the fonts' widths and ToUnicode maps exactly as for the
    // pages' own text; the codes it gives each glyph are read back from that
    // run, and every page's content stream is then written here, in the bytes
    // printpdf writes, without building an operator list for it.
    let samples = glyph_samples(&chars, &char_glyphs);
    let pages = doc
        .pages
        .iter()
        .enumerate()
        .map(|(n, page)| {
            let mut ops = Vec::new();
            for (layer, items) in page.layers.iter() {
                if !items.is_empty() {
                    ops.push(Op::BeginLayer {
                        layer_id: layer_res_id(*layer),
                    });
                    ops.push(Op::EndLayer);
                }
            }
            if n == 0 {
                for (i, sample) in samples.iter().enumerate() {
                    let Some(sample) = sample else { continue };
                    ops.push(Op::StartTextSection);
                    ops.push(Op::SetFont {
                        font: PdfFontHandle::External(font_ids[i].clone()),
                        size: PPt(1.0),
                    });
                    ops.push(Op::ShowText {
                        items: vec![TextItem::Text(sample.iter().map(|(_, c)| c).collect())],
                    });
                    ops.push(Op::EndTextSection);
                }
            }
            let (_, _, w, h) = page.media_box();
            PdfPage::new(Mm(w as f32), Mm(h as f32), ops)
        })
        .collect();
    pdf.with_pages(pages);

    let save = PdfSaveOptions {
        optimize: !opts.uncompressed,
        // The fonts are subset already (see [`subset_font`]); printpdf subsets
        // only with its `text_layout` feature, which we leave out.
        subset_fonts: false,
        secure: false,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = pdf.to_lopdf_document(&save, &mut warnings);
    let page_ids: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    let contents: Vec<lopdf::ObjectId> = page_ids
        .iter()
        .map(|&id| {
            lo.get_dictionary(id)
                .and_then(|d| d.get(b"Contents"))
                .and_then(lopdf::Object::as_reference)
                .map_err(|e| PdfError(e.to_string()))
        })
        .collect::<Result<_, _>>()?;
    if contents.len() != doc.pages.len() {
        return Err(PdfError(
            "printpdf wrote a different number of pages".into(),
        ));
    }
    let codes = match contents.first() {
        Some(&id) => glyph_codes(&lo, id, &samples, &char_glyphs)?,
        None => Vec::new(),
    };
    // A page whose drawing recurs inside another (a cover thumbnail) is drawn
    // once, as a Form XObject that the page and each thumbnail place.
    let forms = shared_pages(doc);
    let names = Names {
        fonts: &font_ids,
        codes: &codes,
        forms: &forms,
    };
    let mut form_ids = Vec::new();
    for (n, (page, &id)) in doc.pages.iter().zip(&contents).enumerate() {
        let bytes = page_content(page, &names);
        let bytes = match forms.values().find(|f| f.page == n) {
            Some(form) => {
                let form_id = add_form(&mut lo, page_ids[n], page, bytes);
                form_ids.push((form.name.clone(), form_id));
                format!("/{} Do", form.name).into_bytes()
            }
            None => bytes,
        };
        if let Ok(lopdf::Object::Stream(stream)) = lo.get_object_mut(id) {
            stream.set_content(bytes);
        }
    }
    for &id in &page_ids {
        name_forms(&mut lo, id, &form_ids);
    }
    tidy(&mut lo, doc);
    #[cfg(feature = "web")]
    if opts.pdfx {
        return Err(PdfError("PDF/X is not part of the web build".into()));
    }
    #[cfg(not(feature = "web"))]
    if opts.pdfx {
        pdfx(&mut lo, doc);
    }
    if save.optimize {
        compress(&mut lo);
    }
    // printpdf writes a random /ID; replace it by a hash of the content.
    lo.trailer.remove(b"ID");
    let mut bytes = Vec::new();
    lo.save_to(&mut bytes)
        .map_err(|e| PdfError(e.to_string()))?;
    let id = content_hash(&bytes);
    // The trailer comes last, after the cross-reference table: adding `/ID` as
    // its last entry moves no object, so the file is the one just written with
    // `/ID[<id><id>]` before the trailer's closing `>>`, as lopdf writes it.
    if let Some(at) = trailer_end(&bytes) {
        let hex: String = id.iter().map(|b| format!("{b:02X}")).collect();
        let entry = format!("/ID[<{hex}><{hex}>]");
        bytes.splice(at..at, entry.bytes());
        return Ok(bytes);
    }
    let id_obj = lopdf::Object::String(id.to_vec(), lopdf::StringFormat::Hexadecimal);
    lo.trailer
        .set("ID", lopdf::Object::Array(vec![id_obj.clone(), id_obj]));
    let mut out = Vec::with_capacity(bytes.len() + 64);
    lo.save_to(&mut out).map_err(|e| PdfError(e.to_string()))?;
    Ok(out)
}

/// Where the trailer dictionary's closing `>>` starts, in a file lopdf wrote
/// with a cross-reference table: `trailer\n<<…>>\nstartxref\n…`.
fn trailer_end(bytes: &[u8]) -> Option<usize> {
    let tail_start = bytes.len().saturating_sub(64);
    let at = tail_start + rfind(&bytes[tail_start..], b">>\nstartxref\n")?;
    let dict_start = bytes[..at].windows(10).rposition(|w| w == b"trailer\n<<")?;
    (at - dict_start < 4096).then_some(at)
}

fn rfind(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

/// The characters of `doc` set in each font of the book; `None` for fonts it
/// never uses. Collected as one bit per code point of the Basic Multilingual
/// Plane (a set beyond it), each font's bits made on its first run.
fn font_chars(doc: &Document) -> Vec<Option<BTreeSet<char>>> {
    let n = doc.fonts.fonts().len();
    let mut bmp: Vec<Option<Vec<u64>>> = vec![None; n];
    let mut beyond: Vec<BTreeSet<char>> = vec![BTreeSet::new(); n];
    for page in &doc.pages {
        for (_, items) in page.layers.iter() {
            for t in crate::scene::text_runs(items) {
                let bits = bmp[t.font.0].get_or_insert_with(|| vec![0; 0x10000 / 64]);
                for c in t.text.chars() {
                    match bits.get_mut(c as usize / 64) {
                        Some(word) => *word |= 1 << (c as u32 % 64),
                        None => {
                            beyond[t.font.0].insert(c);
                        }
                    }
                }
            }
        }
    }
    bmp.into_iter()
        .zip(beyond)
        .map(|(bits, beyond)| {
            bits.map(|bits| {
                let mut set = BTreeSet::new();
                for (w, &word) in bits.iter().enumerate() {
                    let mut rest = word;
                    while rest != 0 {
                        let k = rest.trailing_zeros();
                        rest &= rest - 1;
                        set.extend(char::from_u32(w as u32 * 64 + k));
                    }
                }
                set.extend(beyond);
                set
            })
        })
        .collect()
}

/// The glyph ids each font of the book draws in `doc`, from [`font_chars`]; `None` for
/// fonts it never uses.
fn glyph_sets(doc: &Document, chars: &[Option<BTreeSet<char>>]) -> Vec<Option<BTreeSet<u16>>> {
    chars
        .iter()
        .enumerate()
        .map(|(i, set)| {
            set.as_ref().map(|set| {
                set.iter()
                    .filter_map(|&c| doc.fonts.glyph(FontId(i), c))
                    .collect()
            })
        })
        .collect()
}

/// For each used font, its glyphs in id order, each with the character the
/// ToUnicode map gives it: of the characters drawn with that glyph, the one
/// with the smallest code point (a space rather than a no-break space, a
/// hyphen-minus rather than a hyphen), which searches and copies best.
fn glyph_samples(
    chars: &[Option<BTreeSet<char>>],
    char_glyphs: &[HashMap<char, Option<u16>>],
) -> Vec<Option<Vec<(u16, char)>>> {
    chars
        .iter()
        .zip(char_glyphs)
        .map(|(set, glyphs)| {
            let mut first = std::collections::BTreeMap::new();
            for &c in set.as_ref()? {
                if let Some(Some(g)) = glyphs.get(&c) {
                    first.entry(*g).or_insert(c);
                }
            }
            (!first.is_empty()).then(|| first.into_iter().collect())
        })
        .collect()
}

/// Per font, the code printpdf writes for each character: read back from the
/// sample runs it wrote into the first page's content stream (`<…> Tj`, one per
/// font with glyphs, in font order). A character without a glyph gets the code
/// of glyph 0, as printpdf gives it.
fn glyph_codes(
    lo: &lopdf::Document,
    first_page: lopdf::ObjectId,
    samples: &[Option<Vec<(u16, char)>>],
    char_glyphs: &[HashMap<char, Option<u16>>],
) -> Result<Vec<HashMap<char, [u8; 2]>>, PdfError> {
    let err = || PdfError("printpdf wrote the glyph samples unexpectedly".into());
    let stream = lo
        .get_object(first_page)
        .and_then(lopdf::Object::as_stream)
        .map_err(|e| PdfError(e.to_string()))?;
    let mut rest = stream.content.as_slice();
    let mut codes = Vec::with_capacity(samples.len());
    for (i, sample) in samples.iter().enumerate() {
        let mut map = HashMap::default();
        if let Some(sample) = sample {
            let end = find(rest, b"> Tj").ok_or_else(err)?;
            let start = rest[..end]
                .iter()
                .rposition(|&b| b == b'<')
                .ok_or_else(err)?;
            let hex = &rest[start + 1..end];
            rest = &rest[end + 4..];
            if hex.len() != 4 * sample.len() {
                return Err(err());
            }
            let nibble = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
            let mut by_glyph = HashMap::default();
            for (k, (g, _)) in sample.iter().enumerate() {
                let mut pair = [0u8; 2];
                for (j, byte) in pair.iter_mut().enumerate() {
                    let hi = nibble(hex[4 * k + 2 * j]).ok_or_else(err)?;
                    let lo = nibble(hex[4 * k + 2 * j + 1]).ok_or_else(err)?;
                    *byte = hi << 4 | lo;
                }
                by_glyph.insert(*g, pair);
            }
            for (&c, g) in &char_glyphs[i] {
                // printpdf: a glyph missing from the subset, or a character
                // without a glyph, is written as code 0.
                let code = g.and_then(|g| by_glyph.get(&g).copied()).unwrap_or([0, 0]);
                map.insert(c, code);
            }
        }
        codes.push(map);
    }
    Ok(codes)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The resource names a content stream uses: each font's, with its character
/// codes, and the Form XObjects of shared pages.
struct Names<'a> {
    fonts: &'a [PFontId],
    codes: &'a [HashMap<char, [u8; 2]>],
    /// By [`crate::scene::Page::drawing_id`].
    forms: &'a HashMap<usize, Form>,
}

/// A page drawn as a Form XObject: its index, the form's resource name, and the
/// map from the form's space (the page's PDF space, pt) to the page's scene
/// space (mm).
struct Form {
    page: usize,
    name: String,
    from_pdf: Transform,
}

/// The pages that some [`Item::Page`] in `doc` refers to, by their drawing id. A reference to a drawing that is no page of `doc` is drawn in
/// place instead.
fn shared_pages(doc: &Document) -> HashMap<usize, Form> {
    fn walk(items: &[Item], out: &mut rustc_hash::FxHashSet<usize>) {
        for item in items {
            match item {
                Item::Page(r) => {
                    out.insert(r.drawing_id());
                }
                Item::Group(g) => walk(&g.items, out),
                Item::Clip(c) => walk(&c.items, out),
                Item::Path(_) | Item::Text(_) => {}
            }
        }
    }
    let mut used = rustc_hash::FxHashSet::default();
    for page in &doc.pages {
        for (_, items) in page.layers.iter() {
            walk(items, &mut used);
        }
    }
    let mut forms = HashMap::default();
    for (n, page) in doc.pages.iter().enumerate() {
        let key = page.drawing_id();
        if !used.contains(&key) || forms.contains_key(&key) {
            continue;
        }
        let Some(from_pdf) = to_pdf(page).inverse() else {
            continue;
        };
        let name = format!("Pg{}", n + 1);
        forms.insert(
            key,
            Form {
                page: n,
                name,
                from_pdf,
            },
        );
    }
    forms
}

/// A new Form XObject holding `content`, the content stream of `page` (object
/// `page_id`): its bounding box is the page's media box, its resources the page's own.
fn add_form(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    page: &crate::scene::Page,
    content: Vec<u8>,
) -> lopdf::ObjectId {
    use lopdf::{dictionary, Object};
    let (_, _, w, h) = page.media_box();
    let resources = lo
        .get_dictionary(page_id)
        .and_then(|d| d.get(b"Resources"))
        .cloned()
        .unwrap_or_else(|_| Object::Dictionary(lopdf::Dictionary::new()));
    let dict = dictionary! {
        "Type" => "XObject",
        "Subtype" => "Form",
        "BBox" => vec![0.into(), 0.into(), mm_to_pt(w), mm_to_pt(h)],
        "Resources" => resources,
    };
    lo.add_object(lopdf::Stream::new(dict, content))
}

/// Names every form in the XObject resources of the page `page_id`.
fn name_forms(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    forms: &[(String, lopdf::ObjectId)],
) {
    if forms.is_empty() {
        return;
    }
    let entries: Vec<(Vec<u8>, lopdf::Object)> = forms
        .iter()
        .map(|(name, id)| (name.as_bytes().to_vec(), lopdf::Object::Reference(*id)))
        .collect();
    add_resources(lo, page_id, b"XObject", &entries);
}

/// The map from a page's scene space (mm, origin at the trimmed sheet's
/// top-left, y down) to its PDF space (pt, origin at the printed sheet's
/// bottom-left, y up).
fn to_pdf(page: &crate::scene::Page) -> Transform {
    let b = page.bleed;
    Transform([
        PT_PER_MM,
        0.0,
        0.0,
        -PT_PER_MM,
        b * PT_PER_MM,
        (page.height + b) * PT_PER_MM,
    ])
}

/// A length in mm as PDF points rounded to 1/1000 (page boxes).
fn mm_to_pt(v: f64) -> lopdf::Object {
    lopdf::Object::Real(((v * PT_PER_MM * 1000.0).round() / 1000.0) as f32)
}

/// One page's content stream, as printpdf would write it from one operator per
/// PDF operator (operands each followed by a space, then the operator, a newline
/// between operators).
fn page_content(page: &crate::scene::Page, names: &Names) -> Vec<u8> {
    let to_pdf = to_pdf(page);
    let mut ops = Ops::default();
    for (layer, items) in page.layers.iter() {
        if items.is_empty() {
            continue;
        }
        let out = ops.start();
        out.push_str("/OC /");
        out.push_str(&layer_res_id(*layer).0);
        out.push_str(" BDC");
        for item in items {
            emit(&mut ops, item, to_pdf, names);
        }
        ops.op("EMC");
    }
    ops.raw.into_bytes()
}

/// The font program printpdf embeds for one font of the document: the face cut
/// to `gids` (the glyphs the document draws) by allsorts, exactly as printpdf's
/// own subsetting (its `text_layout` feature) cut it, glyph 0 first and each
/// glyph renumbered to its place in that list. printpdf embeds the program as
/// given, so it gets the subset with a character map of the document's
/// characters, in the new glyph ids, the advances and vertical metrics of the
/// subset, the bounding box, caret slope and weight of the whole face (which the
/// font descriptor states), and its name with the subset tag (`ABCDEF+Name`).
/// A face allsorts cannot cut (a damaged file) is embedded whole, untagged and
/// in its own glyph ids, as printpdf then did. Also returns each character's
/// glyph in the embedded program.
fn subset_font(
    (data, index): (&[u8], u32),
    gids: &BTreeSet<u16>,
    tag: &PFontId,
    glyph: impl Fn(char) -> Option<u16>,
    chars: &BTreeSet<char>,
) -> Option<(ParsedFont, HashMap<char, Option<u16>>)> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font::read_cmap_subtable;
    use allsorts::font_data::FontData;
    use allsorts::subset::{subset, CmapTarget, SubsetProfile};
    use allsorts::tables::cmap::Cmap;
    use allsorts::tables::os2::Os2;
    use allsorts::tables::{
        FontTableProvider, HeadTable, HheaTable, HmtxTable, MaxpTable, NameTable,
    };
    use allsorts::tag as t;

    let file = ReadScope::new(data).read::<FontData<'_>>().ok()?;
    let provider = file.table_provider(index as usize).ok()?;
    let ids: Vec<u16> = std::iter::once(0)
        .chain(gids.iter().copied().filter(|g| *g != 0))
        .collect();
    // A face without a Unicode character map or horizontal metrics cannot set
    // text (printpdf's font parser refused it).
    let cmap_data = provider.read_table_data(t::CMAP).ok()?;
    let cmap = ReadScope::new(&cmap_data).read::<Cmap<'_>>().ok()?;
    read_cmap_subtable(&cmap).ok()??;
    let program = subset(&provider, &ids, &SubsetProfile::Pdf, CmapTarget::Unicode).ok();

    let table = |tag: u32| provider.read_table_data(tag).ok();
    let head_data = table(t::HEAD)?;
    let head = ReadScope::new(&head_data).read::<HeadTable>().ok()?;
    let hhea_data = table(t::HHEA)?;
    let hhea = ReadScope::new(&hhea_data).read::<HheaTable>().ok()?;
    let maxp_data = table(t::MAXP)?;
    let maxp = ReadScope::new(&maxp_data).read::<MaxpTable>().ok()?;
    let hmtx_data = table(t::HMTX)?;
    let hmtx = ReadScope::new(&hmtx_data)
        .read_dep::<HmtxTable<'_>>((
            usize::from(maxp.num_glyphs),
            usize::from(hhea.num_h_metrics),
        ))
        .ok()?;
    if hhea.num_h_metrics == 0 {
        return None;
    }
    let weight = table(t::OS_2)
        .and_then(|d| {
            ReadScope::new(&d)
                .read_dep::<Os2>(d.len())
                .ok()
                .map(|os2| os2.us_weight_class)
        })
        .unwrap_or(0);
    let name = table(t::NAME).and_then(|d| {
        ReadScope::new(&d)
            .read::<NameTable<'_>>()
            .ok()
            .and_then(|n| n.string_for_id(NameTable::POSTSCRIPT_NAME))
    });

    let new_id: HashMap<u16, u16> = ids
        .iter()
        .enumerate()
        .map(|(k, &g)| (g, if program.is_some() { k as u16 } else { g }))
        .collect();
    let glyphs: HashMap<char, Option<u16>> = chars
        .iter()
        .map(|&c| (c, glyph(c).and_then(|g| new_id.get(&g).copied())))
        .collect();
    let codepoint_to_glyph = glyphs
        .iter()
        .filter_map(|(&c, g)| Some((c as u32, (*g)?)))
        .collect();
    let glyph_widths = ids
        .iter()
        .filter_map(|g| Some((new_id[g], hmtx.horizontal_advance(*g).ok()?)))
        .collect();
    let tag = tag.0.get(0..6).unwrap_or(&tag.0);
    let (program, font_index, font_name) = match program {
        Some(p) => (
            p,
            0,
            Some(format!("{tag}+{}", name.as_deref().unwrap_or(tag))),
        ),
        None => (data.to_vec(), index, name),
    };
    let parsed = ParsedFont {
        font_type: if program.starts_with(b"OTTO") {
            printpdf::FontType::OpenTypeCFF(())
        } else {
            printpdf::FontType::TrueType
        },
        original_bytes: program,
        font_index,
        font_name,
        codepoint_to_glyph,
        glyph_widths,
        units_per_em: head.units_per_em,
        font_metrics: printpdf::FontMetrics {
            ascent: hhea.ascender,
            descent: hhea.descender,
        },
        pdf_font_metrics: printpdf::PdfFontMetricsStub {
            units_per_em: head.units_per_em,
            x_min: head.x_min,
            y_min: head.y_min,
            x_max: head.x_max,
            y_max: head.y_max,
            caret_slope_rise: hhea.caret_slope_rise,
            caret_slope_run: hhea.caret_slope_run,
            us_weight_class: weight,
        },
    };
    Some((parsed, glyphs))
}

/// Deflates every stream not yet filtered, as `lopdf::Document::compress`
/// does, at level [`DEFLATE_LEVEL`], with one compressor reset between
/// streams (setting one up clears a few hundred kilobytes).
fn compress(lo: &mut lopdf::Document) {
    use flate2::{Compress, Compression, FlushCompress, Status};
    let mut z = Compress::new(Compression::new(DEFLATE_LEVEL), true);
    for object in lo.objects.values_mut() {
        let lopdf::Object::Stream(stream) = object else {
            continue;
        };
        // Deflate adds at least 9 bytes and the dictionary 19
        // (`/Filter/FlateDecode`): a stream of 28 bytes or fewer never gains,
        // and setting the compressor up for it costs more than writing a page.
        if !stream.allows_compression
            || stream.dict.get(b"Filter").is_ok()
            || stream.content.len() <= 28
        {
            continue;
        }
        z.reset();
        let input = &stream.content;
        let mut packed = Vec::with_capacity(input.len() / 2 + 64);
        let done = loop {
            let read = z.total_in() as usize;
            match z.compress_vec(&input[read..], &mut packed, FlushCompress::Finish) {
                Ok(Status::StreamEnd) => break true,
                Ok(_) => packed.reserve(packed.capacity().max(64)),
                Err(_) => break false,
            }
        };
        if done && packed.len() + 19 < input.len() {
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(packed);
        }
    }
}

/// One subset tag per font: six capital letters hashed from the font (its name,
/// face index and bytes' length) and the glyph ids of its subset. Distinct within
/// the document (a collision is rehashed).
fn subset_tags(doc: &Document, sets: &[Option<BTreeSet<u16>>]) -> Vec<PFontId> {
    let mut taken = BTreeSet::new();
    doc.fonts
        .fonts()
        .iter()
        .zip(sets)
        .map(|(f, set)| {
            let mut key = Vec::new();
            key.extend_from_slice(f.name.as_bytes());
            key.extend_from_slice(&f.index.to_be_bytes());
            key.extend_from_slice(&(f.data.len() as u64).to_be_bytes());
            for g in set.iter().flatten() {
                key.extend_from_slice(&g.to_be_bytes());
            }
            let mut salt = 0u8;
            loop {
                let h = content_hash(&key);
                let mut n = u64::from_be_bytes(h[..8].try_into().unwrap_or_default());
                let tag: String = (0..6)
                    .map(|_| {
                        let c = (b'A' + (n % 26) as u8) as char;
                        n /= 26;
                        c
                    })
                    .collect();
                if taken.insert(tag.clone()) {
                    return PFontId(tag);
                }
                salt = salt.wrapping_add(1);
                key.push(salt);
            }
        })
        .collect()
}

/// The document's info dictionary, if it has one.
fn info_mut(lo: &mut lopdf::Document) -> Option<&mut lopdf::Dictionary> {
    let id = lo.trailer.get(b"Info").ok()?.as_reference().ok()?;
    lo.get_object_mut(id).ok()?.as_dict_mut().ok()
}

/// Makes the file say what it is: PDF 1.7 (optional content needs 1.5, OpenType
/// font streams 1.6), our own producer and nothing else in the info dictionary
/// (no empty PDF/X claim), layers without another program's creator info, and
/// page boxes from the scene: MediaBox = CropBox = BleedBox = the printed sheet,
/// TrimBox = the finished sheet.
fn tidy(lo: &mut lopdf::Document, doc: &Document) {
    use lopdf::{Dictionary, Object};
    lo.version = "1.7".into();
    if let Some(info) = info_mut(lo) {
        let empty: Vec<Vec<u8>> = info
            .iter()
            .filter(|(_, v)| matches!(v, Object::String(s, _) if s.is_empty()))
            .map(|(k, _)| k.clone())
            .collect();
        for k in empty {
            info.remove(&k);
        }
        info.remove(b"GTS_PDFXVersion");
    }
    for (_, obj) in lo.objects.iter_mut() {
        if let Ok(d) = obj.as_dict_mut() {
            if d.has(b"Name") && matches!(d.get(b"Type"), Ok(Object::Name(n)) if n == b"OCG") {
                d.remove(b"Usage");
            }
        }
    }
    let boxes = |x: f64, y: f64, w: f64, h: f64| {
        Object::Array(vec![
            mm_to_pt(x),
            mm_to_pt(y),
            mm_to_pt(x + w),
            mm_to_pt(y + h),
        ])
    };
    let page_ids: Vec<_> = lo.get_pages().into_values().collect();
    for (id, page) in page_ids.into_iter().zip(&doc.pages) {
        if let Ok(d) = lo.get_object_mut(id).and_then(Object::as_dict_mut) {
            let (_, _, w, h) = page.media_box();
            let b = page.bleed;
            let media = boxes(0.0, 0.0, w, h);
            let set = |d: &mut Dictionary, k: &str, v: Object| d.set(k, v);
            set(d, "MediaBox", media.clone());
            set(d, "CropBox", media.clone());
            set(d, "BleedBox", media);
            set(d, "TrimBox", boxes(b, b, page.width, page.height));
        }
    }
    lo.prune_objects();
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
        Color::Spot(s) => {
            let [c, m, y, k] = s.alternate();
            color(Color::Cmyk(c, m, y, k))
        }
    }
}

/// A page's content stream under construction, written as lopdf writes
/// operators (operands, each followed by a space, then the operator; a newline
/// between operators).
#[derive(Default)]
struct Ops {
    raw: String,
    f32s: HashMap<u32, String>,
}

impl Ops {
    /// Starts a raw operator: the separating newline.
    fn start(&mut self) -> &mut String {
        if !self.raw.is_empty() {
            self.raw.push('\n');
        }
        &mut self.raw
    }

    /// A raw operator without operands.
    fn op(&mut self, name: &str) {
        self.start().push_str(name);
    }

    /// A raw operator whose operands are numbers rounded to 1/1000 pt.
    fn op_reals(&mut self, args: &[f64], name: &str) {
        let out = self.start();
        for &v in args {
            real_to(out, v);
            out.push(' ');
        }
        out.push_str(name);
    }

    /// A raw operator whose operands are `f32`s written in full (colours,
    /// line widths and text matrices: each distinct value formatted once).
    fn op_f32s(&mut self, args: &[f32], name: &str) {
        if !self.raw.is_empty() {
            self.raw.push('\n');
        }
        for v in args {
            let text = self
                .f32s
                .entry(v.to_bits())
                .or_insert_with(|| format!("{v} "));
            self.raw.push_str(text);
        }
        self.raw.push_str(name);
    }
}

/// Writes `v` rounded to 1/1000 (pt, in content streams) as the shortest
/// decimal of that value: `12`, `-0.5`, `841.89`; `0` for anything that
/// rounds to zero (and for a non-finite `v`, which validated input never gives).
fn real_to(out: &mut String, v: f64) {
    let n = (v * 1000.0).round();
    if !n.is_finite() || n == 0.0 {
        out.push('0');
        return;
    }
    if n.abs() >= 9e15 {
        // Beyond exact integers (no page comes near): the formatter's digits.
        let _ = write!(out, "{}", n / 1000.0);
        return;
    }
    // Written backwards into a buffer, then appended at once: the integer part
    // ends at byte 24, the fraction (up to ".ddd") follows.
    let negative = n < 0.0;
    let n = n.abs() as u64;
    let (mut int, frac) = (n / 1000, n % 1000);
    let mut buf = [0u8; 32];
    let mut i = 24;
    loop {
        i -= 1;
        buf[i] = b'0' + (int % 10) as u8;
        int /= 10;
        if int == 0 {
            break;
        }
    }
    if negative {
        i -= 1;
        buf[i] = b'-';
    }
    let mut end = 24;
    if frac != 0 {
        let digits = [frac / 100, frac / 10 % 10, frac % 10];
        let len = if frac % 10 != 0 {
            3
        } else if frac % 100 != 0 {
            2
        } else {
            1
        };
        buf[24] = b'.';
        for (k, d) in digits[..len].iter().enumerate() {
            buf[25 + k] = b'0' + *d as u8;
        }
        end = 25 + len;
    }
    out.extend(buf[i..end].iter().map(|&b| b as char));
}

/// Sets the fill (or stroke) colour. A spot colour selects its Separation
/// colour space at full tint and overprints (it never knocks out the inks
/// below it); [`pdfx`] adds the resources.
fn set_color(ops: &mut Ops, c: Color, stroke: bool) {
    match c {
        Color::Rgb(..) => ops.op_f32s(&color(c).into_vec(), if stroke { "RG" } else { "rg" }),
        Color::Cmyk(..) => ops.op_f32s(&color(c).into_vec(), if stroke { "K" } else { "k" }),
        Color::Spot(spot) => {
            let (cs, scn) = if stroke { ("CS", "SCN") } else { ("cs", "scn") };
            let out = ops.start();
            let _ = write!(out, "/{OVERPRINT} gs\n/{} {cs}\n1 {scn}", spot_res(spot));
        }
    }
}

/// The resource name of a spot colour's colour space.
fn spot_res(spot: Spot) -> String {
    format!("CS-{}", spot.name())
}

/// The resource name of the overprinting graphics state.
const OVERPRINT: &str = "GS-overprint";

/// Makes the file a PDF/X-4 (ISO 15930-7) for a print shop: the output intent
/// with its profile, the version in the info dictionary and in XMP metadata,
/// the Separation colour spaces and the overprinting state on every page, a
/// named default layer configuration, and the cut layer marked non-printing
/// (its die line is for the cutter). The dates stay those printpdf writes
/// (the epoch), so the file is reproducible.
#[cfg(not(feature = "web"))]
fn pdfx(lo: &mut lopdf::Document, doc: &Document) {
    use lopdf::{dictionary, Object, Stream};
    let version = "PDF/X-4";
    let profile = lo.add_object(Stream::new(
        dictionary! { "N" => 4 },
        OUTPUT_PROFILE.to_vec(),
    ));
    let intent = dictionary! {
        "Type" => "OutputIntent",
        "S" => "GTS_PDFX",
        "OutputConditionIdentifier" => Object::string_literal(OUTPUT_CONDITION),
        "OutputCondition" => Object::string_literal("Offset printing, coated paper (ISO 12647-2:2004/Amd 1)"),
        "RegistryName" => Object::string_literal("http://www.color.org"),
        "Info" => Object::string_literal("Coated FOGRA39 (ISO 12647-2:2004)"),
        "DestOutputProfile" => profile,
    };
    let mut meta = Stream::new(
        dictionary! { "Type" => "Metadata", "Subtype" => "XML" },
        xmp_metadata(&doc.title, version).into_bytes(),
    );
    meta.allows_compression = false;
    let meta = lo.add_object(meta);

    if let Some(info) = info_mut(lo) {
        info.set("GTS_PDFXVersion", Object::string_literal(version));
        info.set("Trapped", "False");
    }

    for obj in lo.objects.values_mut() {
        let Ok(d) = obj.as_dict_mut() else { continue };
        let is_ocg = matches!(d.get(b"Type"), Ok(Object::Name(n)) if n == b"OCG");
        let is_cut =
            matches!(d.get(b"Name"), Ok(Object::String(s, _)) if s == Layer::Cut.id().as_bytes());
        if is_ocg && is_cut {
            d.set(
                "Usage",
                dictionary! {
                    "Print" => dictionary! { "PrintState" => "OFF" },
                    "View" => dictionary! { "ViewState" => "ON" },
                },
            );
        }
    }

    if let Ok(catalog) = lo.catalog_mut() {
        catalog.set("OutputIntents", vec![Object::Dictionary(intent)]);
        catalog.set("Metadata", meta);
        if let Ok(Object::Dictionary(oc)) = catalog.get_mut(b"OCProperties") {
            if let Ok(Object::Dictionary(d)) = oc.get_mut(b"D") {
                d.set("Name", Object::string_literal("Layers"));
            }
        }
    }

    // Every page can paint the spot colours and overprint.
    let separation = |spot: Spot| {
        let [c, m, y, k] = spot.alternate();
        Object::Array(vec![
            "Separation".into(),
            Object::Name(spot.name().as_bytes().to_vec()),
            "DeviceCMYK".into(),
            Object::Dictionary(dictionary! {
                "FunctionType" => 2,
                "Domain" => vec![0.into(), 1.into()],
                "C0" => vec![0.into(), 0.into(), 0.into(), 0.into()],
                "C1" => vec![c.into(), m.into(), y.into(), k.into()],
                "N" => 1,
            }),
        ])
    };
    let spaces: Vec<(Vec<u8>, Object)> = [Spot::CutContour, Spot::All]
        .into_iter()
        .map(|spot| (spot_res(spot).into_bytes(), separation(spot)))
        .collect();
    let overprint = dictionary! { "Type" => "ExtGState", "OP" => true, "op" => true, "OPM" => 1 };
    let states = [(OVERPRINT.as_bytes().to_vec(), Object::Dictionary(overprint))];
    let page_ids: Vec<_> = lo.get_pages().into_values().collect();
    for id in page_ids {
        add_resources(lo, id, b"ExtGState", &states);
        add_resources(lo, id, b"ColorSpace", &spaces);
    }
}

/// Adds `entries` to one category (`XObject`, `ExtGState`, …) of the
/// resources of page `page_id`, wherever they are written: a category
/// dictionary shared by reference is changed in place (every page that uses
/// it sees the entries), one written in the page's resources is extended, a
/// missing one is made. Resources written in the page itself are first moved
/// to an object of their own.
fn add_resources(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    category: &[u8],
    entries: &[(Vec<u8>, lopdf::Object)],
) {
    use lopdf::{Dictionary, Object};
    let res = match lo.get_dictionary(page_id).and_then(|d| d.get(b"Resources")) {
        Ok(Object::Reference(r)) => *r,
        found => {
            let own = match found {
                Ok(Object::Dictionary(d)) => d.clone(),
                _ => Dictionary::new(),
            };
            let r = lo.add_object(own);
            if let Ok(page) = lo.get_dictionary_mut(page_id) {
                page.set("Resources", r);
            }
            r
        }
    };
    let set = |d: &mut Dictionary| {
        for (name, value) in entries {
            d.set(name.clone(), value.clone());
        }
    };
    let shared = match lo.get_dictionary(res).and_then(|d| d.get(category)) {
        Ok(Object::Reference(r)) => Some(*r),
        _ => None,
    };
    if let Some(d) = shared.and_then(|r| lo.get_dictionary_mut(r).ok()) {
        set(d);
    } else if let Ok(d) = lo.get_dictionary_mut(res) {
        let mut own = match d.get(category) {
            Ok(Object::Dictionary(own)) => own.clone(),
            _ => Dictionary::new(),
        };
        set(&mut own);
        d.set(category.to_vec(), own);
    }
}

/// The XMP packet PDF/X-4 asks for: title, producer, the (epoch) dates of the
/// info dictionary, trapping, the PDF/X version and the document's ids.
#[cfg(not(feature = "web"))]
fn xmp_metadata(title: &str, version: &str) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let producer = format!("jungle-print {}", env!("CARGO_PKG_VERSION"));
    let h: String = content_hash(title.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let uuid = format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    );
    let date = "1970-01-01T00:00:00Z";
    let title = esc(title);
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>
<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">
<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">
<rdf:Description rdf:about=\"\"
 xmlns:dc=\"http://purl.org/dc/elements/1.1/\"
 xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"
 xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\"
 xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\"
 xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{title}</rdf:li></rdf:Alt></dc:title>
<xmp:CreatorTool>{producer}</xmp:CreatorTool>
<xmp:CreateDate>{date}</xmp:CreateDate>
<xmp:ModifyDate>{date}</xmp:ModifyDate>
<xmp:MetadataDate>{date}</xmp:MetadataDate>
<pdf:Producer>{producer}</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:{uuid}</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end=\"w\"?>"
    )
}

fn emit(ops: &mut Ops, item: &Item, t: Transform, names: &Names) {
    match item {
        Item::Path(p) => path(ops, p, t),
        Item::Text(run) => text(ops, run, t, names),
        Item::Group(g) => {
            let inner = t.then_apply(g.transform);
            for it in &g.items {
                emit(ops, it, inner, names);
            }
        }
        Item::Clip(c) => {
            ops.op("q");
            path_segments(ops, &c.path, t);
            ops.op("W");
            ops.op("n");
            for it in &c.items {
                emit(ops, it, t, names);
            }
            ops.op("Q");
        }
        Item::Page(r) => match names.forms.get(&r.drawing_id()) {
            // The form's space is its page's PDF space: back to that page's
            // scene, then through `t`.
            Some(form) => {
                let m = t.then_apply(form.from_pdf).0.map(|v| v as f32);
                ops.op("q");
                ops.op_f32s(&m, "cm");
                let out = ops.start();
                out.push('/');
                out.push_str(&form.name);
                out.push_str(" Do");
                ops.op("Q");
            }
            None => {
                for it in r.items() {
                    emit(ops, it, t, names);
                }
            }
        },
    }
}

fn path(ops: &mut Ops, p: &Path, t: Transform) {
    if p.fill.is_none() && p.stroke.is_none() {
        return;
    }
    ops.op("q");
    if let Some(c) = p.fill {
        set_color(ops, c, false);
    }
    if let Some(s) = &p.stroke {
        let [a, b, c, d, ..] = t.0;
        let k = (a * d - b * c).abs().sqrt();
        set_color(ops, s.color, true);
        ops.op_f32s(&[(s.width * k) as f32], "w");
        ops.op("1 j");
        if !s.dash.is_empty() {
            let out = ops.start();
            out.push('[');
            for (i, v) in s.dash.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                real_to(out, v * k);
            }
            out.push_str("] 0 d");
        }
    }
    path_segments(ops, &p.segs, t);
    let paint = match (p.fill.is_some(), p.stroke.is_some()) {
        (true, true) => "B",
        (true, false) => "f",
        _ => "S",
    };
    ops.op(paint);
    ops.op("Q");
}

/// The path construction operators for `segs`, mapped through `t`.
fn path_segments(ops: &mut Ops, segs: &[Seg], t: Transform) {
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

fn text(ops: &mut Ops, run: &TextRun, t: Transform, names: &Names) {
    // Text space (1 unit = 1 em, y up) → scene (mm, y down) → PDF (pt, y up).
    let m = t
        .then_apply(Transform::translate(run.pos.x, run.pos.y))
        .then_apply(Transform::rotate(run.rotation))
        .then_apply(Transform::scale(run.size, -run.size));
    let r = |v: f64| ((v * 10000.0).round() / 10000.0) as f32;
    let [a, b, c, d, e, f] = m.0;
    ops.op("BT");
    let out = ops.start();
    out.push('/');
    out.push_str(&names.fonts[run.font.0].0);
    out.push_str(" 1 Tf");
    set_color(ops, run.fill, false);
    ops.op_f32s(&[r(a), r(b), r(c), r(d), r(e), r(f)], "Tm");
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let codes = &names.codes[run.font.0];
    if codes.is_empty() {
        // A font none of whose characters has a glyph (only empty runs get
        // here: resolve finds a font for every character): printpdf writes
        // such text single-byte, as for its built-in fonts.
        let bytes: Vec<u8> = run
            .text
            .chars()
            .map(|c| match c as u32 {
                v @ (0x20..=0x7E | 0xA0..=0xFF) => v as u8,
                _ => b'?',
            })
            .collect();
        let hex = bytes
            .iter()
            .any(|&b| !(32..=126).contains(&b) || b"()\\%".contains(&b));
        let format = if hex {
            lopdf::StringFormat::Hexadecimal
        } else {
            lopdf::StringFormat::Literal
        };
        let op = lopdf::content::Operation::new("Tj", vec![lopdf::Object::String(bytes, format)]);
        let encoded = lopdf::content::Content {
            operations: vec![op],
        }
        .encode()
        .unwrap_or_default();
        ops.start().push_str(&String::from_utf8_lossy(&encoded));
        ops.op("ET");
        return;
    }
    let out = ops.start();
    out.push('<');
    for ch in run.text.chars() {
        let code = codes.get(&ch).copied().unwrap_or([0, 0]);
        for byte in code {
            out.push(HEX[(byte >> 4) as usize] as char);
            out.push(HEX[(byte & 15) as usize] as char);
        }
    }
    out.push_str("> Tj");
    ops.op("ET");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::FontBook;

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
            let mut out = String::new();
            real_to(&mut out, v);
            assert_eq!(out, s, "{v}");
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
            let mut ours = String::new();
            real_to(&mut ours, v);
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

//! Fonts: which glyphs each font of the document draws (read from the text
//! runs' glyph ids, shaped once in `crate::text`), the subset embedded (cut
//! here with allsorts), its tag, and the two-byte code each glyph has in the
//! content streams.
//!
//! printpdf writes each font's dictionaries (descendant font, widths,
//! ToUnicode map, descriptor, program) from the glyphs its pages show. It is
//! told them through its glyph-id text operation: one `Op::ShowText` of
//! `TextItem::GlyphIds` per font ([`Embedded::declarations`]), each glyph
//! carrying the text its ToUnicode entry gives. The content streams, written
//! in `content`, show the same glyphs by the codes in [`Codes`].

use printpdf::{
    Codepoint, FontId as PFontId, Op, ParsedFont, PdfDocument, PdfFontHandle, TextItem,
};
use rustc_hash::FxHashMap as HashMap;
use std::collections::{BTreeMap, BTreeSet};

use super::document::content_hash;
use super::PdfError;
use crate::scene::Document;
use crate::text::sets_text;

/// What the document draws in each font of its book, by font: each glyph
/// (glyph id of the font file) in id order, with the character its ToUnicode
/// entry gives. `None` for a font no text run uses. Glyph 0, which a run
/// draws for a character its font lacks, is left out: it stands for no text
/// and is always in the subset.
///
/// Each glyph stands for the character it is drawn for (a run has one glyph
/// per character); a glyph drawn for several characters stands for the one
/// with the smallest code point (a space rather than a no-break space, a
/// hyphen-minus rather than a hyphen), which searches and copies best.
pub(super) fn usage(doc: &Document) -> Vec<Option<Vec<(u16, char)>>> {
    // Per font, the character of each glyph id (`NONE` where unused): a table
    // indexed by glyph id, grown on demand, so a glyph costs no hashing.
    const NONE: u32 = u32::MAX;
    let mut seen: Vec<Option<Vec<u32>>> = vec![None; doc.fonts.fonts().len()];
    for page in &doc.pages {
        for (_, items) in page.layers.iter() {
            for run in crate::scene::text_runs(items) {
                let table = seen[run.font.0].get_or_insert_with(Vec::new);
                for (c, g) in run.text.chars().zip(&run.glyphs) {
                    let (g, c) = (g.id as usize, c as u32);
                    if g == 0 {
                        continue;
                    }
                    if table.len() <= g {
                        table.resize(g + 1, NONE);
                    }
                    table[g] = table[g].min(c);
                }
            }
        }
    }
    seen.into_iter()
        .map(|table| {
            table.map(|t| {
                t.iter()
                    .enumerate()
                    .filter_map(|(g, &c)| Some((g as u16, char::from_u32(c)?)))
                    .collect()
            })
        })
        .collect()
}

/// The two-byte code (Identity-H) of each glyph a font draws, by its glyph id
/// in the font file: the glyph's id in the embedded program (the subset
/// renumbers them), or for a CID-keyed CFF program the CID its charset gives
/// that glyph, the code printpdf keys the font's widths and ToUnicode map by
/// (`printpdf::cff_charset_gid_to_cid_map`). Glyphs the font does not embed
/// have code 0 (its `.notdef`), as in printpdf.
#[derive(Debug, Default)]
pub(super) struct Codes(Vec<u16>);

impl Codes {
    /// The code of glyph `gid` (glyph id of the font file).
    pub(super) fn of(&self, gid: u16) -> u16 {
        self.0.get(gid as usize).copied().unwrap_or(0)
    }
}

/// The document's fonts as printpdf embeds them.
pub(super) struct Embedded {
    /// Each font's resource name, which is also its subset tag; for every
    /// font of the book.
    pub(super) ids: Vec<PFontId>,
    /// The codes of each font's glyphs; `None` for a font that draws no
    /// glyph, which is not embedded (its runs show nothing).
    pub(super) codes: Vec<Option<Codes>>,
    /// For printpdf: per embedded font, the operations that show each of its
    /// glyphs once, with their text (see the module's documentation).
    pub(super) declarations: Vec<Op>,
}

/// Subsets every font `doc` draws (see [`subset_font`]) and registers it in
/// `pdf` under a fixed id, which is also its subset tag (`ABCDEF+Name`):
/// derived from the glyphs the document uses, so two different subsets never
/// share a tag (merging tools tell them apart by it), while the same input
/// always gives the same tag.
pub(super) fn embed(doc: &Document, pdf: &mut PdfDocument) -> Result<Embedded, PdfError> {
    let usage = usage(doc);
    let ids = subset_tags(doc, &usage);
    let mut codes = Vec::with_capacity(ids.len());
    let mut declarations = Vec::new();
    for (i, ((f, used), id)) in doc.fonts.fonts().iter().zip(&usage).zip(&ids).enumerate() {
        let Some(used) = used.as_ref().filter(|u| !u.is_empty()) else {
            codes.push(None);
            continue;
        };
        let gids: Vec<u16> = used.iter().map(|&(g, _)| g).collect();
        let core = core_cut(&doc.fonts, crate::text::FontId(i), used);
        let (parsed, new_id, font_codes) = subset_font((&f.data, f.index), &gids, core, id)
            .ok_or_else(|| {
                PdfError(format!(
                    "font `{}` could not be subset for embedding",
                    f.name
                ))
            })?;
        let glyphs = used
            .iter()
            .map(|&(g, c)| Codepoint::with_cid(new_id[&g], 0.0, c.to_string()))
            .collect();
        declarations.extend([
            Op::SetFont {
                font: PdfFontHandle::External(id.clone()),
                size: printpdf::Pt(1.0),
            },
            Op::ShowText {
                items: vec![TextItem::GlyphIds(glyphs)],
            },
        ]);
        pdf.resources
            .fonts
            .map
            .insert(id.clone(), printpdf::PdfFont::new(parsed));
        codes.push(Some(font_codes));
    }
    if !declarations.is_empty() {
        declarations.insert(0, Op::StartTextSection);
        declarations.push(Op::EndTextSection);
    }
    Ok(Embedded {
        ids,
        codes,
        declarations,
    })
}

/// The codes of glyphs `ids` (glyph ids of the font file, glyph 0 first),
/// which the embedded `program` (face `index`) numbers `new_id`: see [`Codes`].
fn glyph_codes(program: &[u8], index: u32, ids: &[u16], new_id: &HashMap<u16, u16>) -> Codes {
    // As printpdf reads the program it embeds: one face of a collection on
    // its own, the charset of a CID-keyed CFF font.
    let face = printpdf::extract_collection_face(program, index as usize);
    let cids = printpdf::cff_charset_gid_to_cid_map(face.as_deref().unwrap_or(program), 0);
    let mut table = vec![0; ids.iter().max().map_or(0, |&g| g as usize + 1)];
    for g in ids {
        let new = new_id[g];
        table[*g as usize] = match &cids {
            Some(cids) => cids.get(&new).copied().unwrap_or(0),
            None => new,
        };
    }
    Codes(table)
}

/// Where the glyphs `used` of font `font` can be cut from a smaller file with
/// the same glyphs ([`crate::text::bundled_core`], the core of the bundled
/// Jungle Kai): that file and each glyph's id in it, in the order of `used`.
/// `None` when the font has no such file, or the file lacks a glyph, or a
/// glyph is not the one the font gives its character (each glyph is found
/// again in the core by its character).
fn core_cut(
    book: &crate::text::FontBook,
    font: crate::text::FontId,
    used: &[(u16, char)],
) -> Option<(&'static [u8], Vec<u16>)> {
    let core = crate::text::bundled_core(&book.get(font).data)?;
    let face = ttf_parser::Face::parse(core, 0).ok()?;
    let ids = used
        .iter()
        .map(|&(g, c)| match book.glyph(font, c) == Some(g) {
            true => face.glyph_index(c).map(|id| id.0).filter(|&id| id != 0),
            false => None,
        })
        .collect::<Option<Vec<u16>>>()?;
    Some((core, ids))
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
/// in its own glyph ids, as printpdf then did. `gids` are the glyph ids of the
/// font file, ascending, without glyph 0. printpdf's character map of the font
/// is left empty: the document's text reaches it as glyph ids only. Also
/// returns each glyph's id in the embedded program and its code (see [`Codes`]).
/// With `core` (a smaller file with the same glyphs and each glyph's id in it,
/// see [`core_cut`]), the program is cut from that file instead, glyph for
/// glyph in the same order, so it is the same program, found in far
/// smaller tables; the rest is still read from the face.
pub(super) fn subset_font(
    (data, index): (&[u8], u32),
    gids: &[u16],
    core: Option<(&[u8], Vec<u16>)>,
    tag: &PFontId,
) -> Option<(ParsedFont, HashMap<u16, u16>, Codes)> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{subset, CmapTarget, SubsetProfile};
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
    if !sets_text(&provider) {
        return None;
    }
    let cut = |provider: &_, ids: &[u16]| {
        subset(provider, ids, &SubsetProfile::Pdf, CmapTarget::Unicode).ok()
    };
    let from_core = core.and_then(|(core, core_gids)| {
        let file = ReadScope::new(core).read::<FontData<'_>>().ok()?;
        let ids: Vec<u16> = std::iter::once(0).chain(core_gids).collect();
        cut(&file.table_provider(0).ok()?, &ids)
    });
    let program = from_core.or_else(|| cut(&provider, &ids));

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
    let codes = glyph_codes(&program, font_index, &ids, &new_id);
    let parsed = ParsedFont {
        font_type: if program.starts_with(b"OTTO") {
            printpdf::FontType::OpenTypeCFF(())
        } else {
            printpdf::FontType::TrueType
        },
        original_bytes: program,
        font_index,
        font_name,
        codepoint_to_glyph: BTreeMap::new(),
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
    Some((parsed, new_id, codes))
}

/// One subset tag per font: six capital letters hashed from the font (its
/// file's name without the folder, so that a theme's folder gives the same
/// PDF wherever it is, and in the web page's in-memory folder; its face index
/// and bytes' length) and the glyph ids of its subset. Distinct within
/// the document (a collision is rehashed).
fn subset_tags(doc: &Document, usage: &[Option<Vec<(u16, char)>>]) -> Vec<PFontId> {
    let mut taken = BTreeSet::new();
    doc.fonts
        .fonts()
        .iter()
        .zip(usage)
        .map(|(f, used)| {
            let mut key = Vec::new();
            let name = f.name.rsplit(['/', '\\']).next().unwrap_or(&f.name);
            key.extend_from_slice(name.as_bytes());
            key.extend_from_slice(&f.index.to_be_bytes());
            key.extend_from_slice(&(f.data.len() as u64).to_be_bytes());
            for (g, _) in used.iter().flatten() {
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

#[cfg(test)]
mod tests {
    use super::{core_cut, subset_font};
    use crate::text::{BuiltinFont, FontBook};

    /// Each glyph's outline, as the points of its drawing commands, and its
    /// advance (font units).
    fn shapes(program: &[u8], ids: &[u16]) -> Vec<(Vec<f32>, Option<u16>)> {
        struct Points(Vec<f32>);
        impl ttf_parser::OutlineBuilder for Points {
            fn move_to(&mut self, x: f32, y: f32) {
                self.0.extend([-1.0, x, y]);
            }
            fn line_to(&mut self, x: f32, y: f32) {
                self.0.extend([x, y]);
            }
            fn quad_to(&mut self, a: f32, b: f32, x: f32, y: f32) {
                self.0.extend([-2.0, a, b, x, y]);
            }
            fn curve_to(&mut self, a: f32, b: f32, c: f32, d: f32, x: f32, y: f32) {
                self.0.extend([-3.0, a, b, c, d, x, y]);
            }
            fn close(&mut self) {
                self.0.push(-4.0);
            }
        }
        let face = ttf_parser::Face::parse(program, 0).unwrap();
        ids.iter()
            .map(|&g| {
                let mut p = Points(Vec::new());
                face.outline_glyph(ttf_parser::GlyphId(g), &mut p);
                (p.0, face.glyph_hor_advance(ttf_parser::GlyphId(g)))
            })
            .collect()
    }

    /// A subset of the bundled Jungle Kai cut from its core is the subset cut
    /// from the whole face, glyph for glyph: the same new ids and codes, the
    /// same outlines and advances at each. A glyph the core lacks, or a glyph
    /// that is not its character's, sends the cut back to the whole face.
    #[test]
    fn a_subset_cut_from_the_core_is_the_whole_faces() {
        let mut book = FontBook::new();
        let kai = book.add_builtin(BuiltinFont::Kai);
        let mut used: Vec<(u16, char)> = "鬥獸棋 象獅虎豹狼狗貓鼠 Jungle, 河陷阱穴 ①⑧"
            .chars()
            .filter_map(|c| Some((book.glyph(kai, c)?, c)))
            .collect();
        used.sort();
        used.dedup();
        let gids: Vec<u16> = used.iter().map(|&(g, _)| g).collect();
        let f = book.get(kai);
        let tag = printpdf::FontId("ABCDEF".into());
        let core = core_cut(&book, kai, &used).expect("the core has every glyph");
        assert_eq!(core.1.len(), used.len());
        let (cut, cut_ids, cut_codes) =
            subset_font((&f.data, f.index), &gids, Some(core), &tag).unwrap();
        let (whole, whole_ids, whole_codes) =
            subset_font((&f.data, f.index), &gids, None, &tag).unwrap();
        assert_eq!(cut_ids, whole_ids);
        for g in &gids {
            assert_eq!(cut_codes.of(*g), whole_codes.of(*g));
        }
        assert_ne!(
            cut.original_bytes, whole.original_bytes,
            "cut from another file"
        );
        let new: Vec<u16> = (0..=gids.len() as u16).collect();
        assert_eq!(
            shapes(&cut.original_bytes, &new),
            shapes(&whole.original_bytes, &new)
        );
        assert!(shapes(&cut.original_bytes, &new)[1..]
            .iter()
            .any(|(points, _)| points.len() > 100));

        // 龍 is in the whole face, not in the core.
        let dragon = book.glyph(kai, '龍').expect("the whole face has 龍");
        assert!(core_cut(&book, kai, &[(dragon, '龍')]).is_none());
        // A glyph drawn for a character that is not its own.
        assert!(core_cut(&book, kai, &[(used[1].0, used[2].1)]).is_none());
        // Another font has no core.
        let noto = book.add_builtin(BuiltinFont::NotoSans);
        let a = book.glyph(noto, 'a').unwrap();
        assert!(core_cut(&book, noto, &[(a, 'a')]).is_none());
    }
}

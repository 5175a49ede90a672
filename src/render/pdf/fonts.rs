//! Fonts and subsets: which characters and glyphs each font draws, the
//! subset embedded (cut here with allsorts), its tag, and the character codes
//! printpdf gives the glyphs.

use printpdf::{FontId as PFontId, ParsedFont};
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;

use super::document::content_hash;
use super::PdfError;
use crate::scene::Document;
use crate::text::{sets_text, FontId};

/// The characters of `doc` set in each font of the book; `None` for fonts it
/// never uses. Collected as one bit per code point of the Basic Multilingual
/// Plane (a set beyond it), each font's bits made on its first run.
pub(super) fn font_chars(doc: &Document) -> Vec<Option<BTreeSet<char>>> {
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
pub(super) fn glyph_sets(
    doc: &Document,
    chars: &[Option<BTreeSet<char>>],
) -> Vec<Option<BTreeSet<u16>>> {
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
pub(super) fn glyph_samples(
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
pub(super) fn glyph_codes(
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

pub(super) fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
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
pub(super) fn subset_font(
    (data, index): (&[u8], u32),
    gids: &BTreeSet<u16>,
    tag: &PFontId,
    glyph: impl Fn(char) -> Option<u16>,
    chars: &BTreeSet<char>,
) -> Option<(ParsedFont, HashMap<char, Option<u16>>)> {
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

/// One subset tag per font: six capital letters hashed from the font (its
/// file's name without the folder, so that a theme's folder gives the same
/// PDF wherever it is, and in the web page's in-memory folder; its face index
/// and bytes' length) and the glyph ids of its subset. Distinct within
/// the document (a collision is rehashed).
pub(super) fn subset_tags(doc: &Document, sets: &[Option<BTreeSet<u16>>]) -> Vec<PFontId> {
    let mut taken = BTreeSet::new();
    doc.fonts
        .fonts()
        .iter()
        .zip(sets)
        .map(|(f, set)| {
            let mut key = Vec::new();
            let name = f.name.rsplit(['/', '\\']).next().unwrap_or(&f.name);
            key.extend_from_slice(name.as_bytes());
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

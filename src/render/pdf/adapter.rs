//! What the file must say and printpdf 0.12.8 cannot: each function here
//! fills one gap in its API, on the lopdf document it builds
//! (`PdfDocument::to_lopdf_document`), and says which.
//!
//! - The header's version: printpdf writes 1.3; optional content needs 1.5,
//!   OpenType font programs 1.6.
//! - The info dictionary: printpdf writes every field, empty ones and an
//!   empty PDF/X version included; layers carry another program's creator.
//! - Page boxes: printpdf has no BleedBox, and writes a rectangle as
//!   `[x y width height]` where PDF reads `[x0 y0 x1 y1]`, right only for a
//!   box at the origin; the TrimBox (inset by the bleed) is written here.
//! - The trailer `/ID`: printpdf writes a random one and has no option for
//!   it; here it is a hash of the file, added to the trailer of the one save.

use lopdf::Object;

use super::document::{content_hash, info_mut, mm_to_pt};
use super::PdfError;
use crate::scene::Document;

/// Makes the file say what it is: PDF 1.7, our own producer and nothing else
/// in the info dictionary (no empty PDF/X claim), layers without another
/// program's creator info, and each page's TrimBox and BleedBox (see
/// [`page_boxes`]); then drops the objects nothing refers to.
pub(super) fn tidy(lo: &mut lopdf::Document, doc: &Document) {
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
    page_boxes(lo, doc);
    lo.prune_objects();
}

/// The page boxes printpdf cannot write (its MediaBox and CropBox, the
/// printed sheet at the origin, stand): the TrimBox, the finished sheet
/// inside the bleed, as corners; the BleedBox, the printed sheet (pt, origin
/// at its bottom-left).
fn page_boxes(lo: &mut lopdf::Document, doc: &Document) {
    let corners = |x: f64, y: f64, w: f64, h: f64| {
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
            d.set("BleedBox", corners(0.0, 0.0, w, h));
            d.set("TrimBox", corners(b, b, page.width, page.height));
        }
    }
}

/// The file, saved once, with a trailer `/ID` (both halves the same) that
/// is the hash ([`super::document::content_hash`]) of the file as written
/// without one. printpdf's documents have a cross-reference table, so lopdf
/// writes the trailer last (`trailer <<…>> startxref N %%EOF`, the offset
/// that of the table before it): the entry goes at the trailer's end, where
/// setting it before the save would have put it, and nothing else moves.
pub(super) fn save(lo: &mut lopdf::Document) -> Result<Vec<u8>, PdfError> {
    lo.trailer.remove(b"ID");
    let mut out = Vec::new();
    lo.save_to(&mut out).map_err(|e| PdfError(e.to_string()))?;
    let hex: String = content_hash(&out)
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect();
    let tail = b">>\nstartxref\n";
    let end = out
        .windows(tail.len())
        .rposition(|w| w == tail)
        .ok_or_else(|| PdfError("the saved file has no trailer dictionary".into()))?;
    out.splice(end..end, format!("/ID[<{hex}><{hex}>]").into_bytes());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `/ID` is the hash of the file as written without it, and adding it
    /// moves nothing: taking the entry out of the trailer gives back exactly
    /// the bytes it was hashed from.
    #[test]
    fn the_id_is_the_hash_of_the_file_without_it() {
        // As printpdf makes its documents: a cross-reference table, then the
        // trailer.
        let mut lo = lopdf::Document::with_version("1.7");
        lo.reference_table.cross_reference_type = lopdf::xref::XrefType::CrossReferenceTable;
        let page = lo.add_object(lopdf::dictionary! { "Type" => "Page" });
        lo.trailer.set("Root", page);
        lo.trailer.set("ID", Object::string_literal("random"));
        let file = save(&mut lo).unwrap();
        let find = |from: usize, needle: &[u8]| {
            file[from..]
                .windows(needle.len())
                .rposition(|w| w == needle)
                .map(|k| from + k)
        };
        let at = find(0, b"/ID[<").expect("an /ID in the trailer");
        let end = find(at, b"]").unwrap() + 1;
        let hex: String =
            super::super::document::content_hash(&[&file[..at], &file[end..]].concat())
                .iter()
                .map(|b| format!("{b:02X}"))
                .collect();
        assert_eq!(file[at..end], *format!("/ID[<{hex}><{hex}>]").as_bytes());
    }
}

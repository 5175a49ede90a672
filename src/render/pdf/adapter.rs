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
//!   it; here it is a hash of the document in memory, set in the trailer
//!   before the one save (the saved bytes are never edited).

use lopdf::Object;

use super::document::{info_mut, mm_to_pt, Hash};
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

/// The file, saved once, with a trailer `/ID` (both halves the same) set
/// before the save: the hash of the document as it stands in memory
/// ([`document_hash`]: its version, every object and the trailer without
/// `/ID`). printpdf sets a random `/ID` and has no option for it; lopdf adds
/// `/Size` to the trailer when it writes it, so `/Size` is set first here
/// and `/ID` after it, the order the trailer has always had.
pub(super) fn save(lo: &mut lopdf::Document) -> Result<Vec<u8>, PdfError> {
    lo.trailer.remove(b"ID");
    lo.trailer.set("Size", i64::from(lo.max_id) + 1);
    let id = Object::String(document_hash(lo).to_vec(), lopdf::StringFormat::Hexadecimal);
    lo.trailer.set("ID", Object::Array(vec![id.clone(), id]));
    let mut out = Vec::new();
    lo.save_to(&mut out).map_err(|e| PdfError(e.to_string()))?;
    Ok(out)
}

/// The hash ([`Hash`], the same as [`super::document::content_hash`]) of a
/// document in memory: its version, every object in the order of their
/// numbers (each with its number and generation) and the trailer, each value
/// with its kind and length, so that no two documents that write differently
/// feed it the same bytes. Stable across runs and platforms (a real's bits,
/// an integer's big-endian bytes).
fn document_hash(lo: &lopdf::Document) -> [u8; 16] {
    let mut h = Hash::new();
    h.bytes(lo.version.as_bytes());
    h.len(lo.objects.len());
    for (&(num, generation), object) in &lo.objects {
        h.feed(&num.to_be_bytes());
        h.feed(&generation.to_be_bytes());
        hash_object(&mut h, object);
    }
    let trailer = lo.trailer.iter().filter(|(k, _)| k.as_slice() != b"ID");
    h.len(trailer.clone().count());
    for (key, value) in trailer {
        h.bytes(key);
        hash_object(&mut h, value);
    }
    h.finish()
}

/// Feeds one object, kind first, to `h`.
fn hash_object(h: &mut Hash, object: &Object) {
    let dict = |h: &mut Hash, d: &lopdf::Dictionary| {
        h.len(d.len());
        for (key, value) in d.iter() {
            h.bytes(key);
            hash_object(h, value);
        }
    };
    match object {
        Object::Null => h.feed(b"n"),
        Object::Boolean(b) => h.feed(&[b'b', u8::from(*b)]),
        Object::Integer(i) => {
            h.feed(b"i");
            h.feed(&i.to_be_bytes());
        }
        Object::Real(r) => {
            h.feed(b"r");
            h.feed(&r.to_bits().to_be_bytes());
        }
        Object::Name(n) => {
            h.feed(b"/");
            h.bytes(n);
        }
        Object::String(s, format) => {
            h.feed(match format {
                lopdf::StringFormat::Literal => b"(",
                lopdf::StringFormat::Hexadecimal => b"<",
            });
            h.bytes(s);
        }
        Object::Array(items) => {
            h.feed(b"[");
            h.len(items.len());
            for item in items {
                hash_object(h, item);
            }
        }
        Object::Dictionary(d) => {
            h.feed(b"d");
            dict(h, d);
        }
        Object::Stream(s) => {
            h.feed(b"s");
            dict(h, &s.dict);
            h.bytes(&s.content);
        }
        Object::Reference((num, generation)) => {
            h.feed(b"R");
            h.feed(&num.to_be_bytes());
            h.feed(&generation.to_be_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A document as printpdf makes them: a cross-reference table, a random
    /// `/ID` in the trailer, one page with a content stream of `text`.
    fn made(text: &str, random_id: &str) -> lopdf::Document {
        let mut lo = lopdf::Document::with_version("1.7");
        lo.reference_table.cross_reference_type = lopdf::xref::XrefType::CrossReferenceTable;
        let content = lo.add_object(lopdf::Stream::new(
            lopdf::dictionary! {},
            text.as_bytes().to_vec(),
        ));
        let page = lo.add_object(lopdf::dictionary! { "Type" => "Page", "Contents" => content });
        lo.trailer.set("Root", page);
        lo.trailer.set("ID", Object::string_literal(random_id));
        lo
    }

    /// The `/ID` is the hash of the document before the save, set in its
    /// trailer after `/Size`: the file is exactly what lopdf writes of that
    /// trailer (saving again gives the same bytes, nothing was spliced), the
    /// random `/ID` printpdf set counts for nothing, and any change to the
    /// content changes it.
    #[test]
    fn the_id_is_the_hash_of_the_document_before_the_save() {
        let mut lo = made("0 0 m 1 1 l S", "random");
        let file = save(&mut lo).unwrap();
        let mut again = Vec::new();
        lo.save_to(&mut again).unwrap();
        assert_eq!(file, again, "the saved bytes are lopdf's own");
        let hex: String = document_hash(&lo)
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let tail = format!("/Size 3/ID[<{hex}><{hex}>]>>\nstartxref");
        let text = String::from_utf8_lossy(&file);
        assert!(text.contains(&tail), "{text}");

        assert_eq!(save(&mut made("0 0 m 1 1 l S", "other")).unwrap(), file);
        let changed = save(&mut made("0 0 m 1 2 l S", "random")).unwrap();
        assert_ne!(changed, file);
        assert!(!String::from_utf8_lossy(&changed).contains(&hex));
    }
}

//! Document assembly after printpdf: page boxes and version ([`tidy`]),
//! resources added to pages, stream compression and the content-derived
//! trailer `/ID`; the map from a page's scene space to PDF space ([`to_pdf`]).

use printpdf::LayerInternalId;

use super::DEFLATE_LEVEL;
use super::PT_PER_MM;
use crate::scene::{Document, Layer, Transform};

/// Where the trailer dictionary's closing `>>` starts, in a file lopdf wrote
/// with a cross-reference table: `trailer\n<<…>>\nstartxref\n…`.
pub(super) fn trailer_end(bytes: &[u8]) -> Option<usize> {
    let tail_start = bytes.len().saturating_sub(64);
    let at = tail_start + rfind(&bytes[tail_start..], b">>\nstartxref\n")?;
    let dict_start = bytes[..at].windows(10).rposition(|w| w == b"trailer\n<<")?;
    (at - dict_start < 4096).then_some(at)
}

pub(super) fn rfind(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

/// A length in mm as PDF points rounded to 1/1000 (page boxes).
pub(super) fn mm_to_pt(v: f64) -> lopdf::Object {
    lopdf::Object::Real(((v * PT_PER_MM * 1000.0).round() / 1000.0) as f32)
}

/// Deflates every stream not yet filtered, as `lopdf::Document::compress`
/// does, at level [`DEFLATE_LEVEL`], with one compressor reset between
/// streams (setting one up clears a few hundred kilobytes).
pub(super) fn compress(lo: &mut lopdf::Document) {
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

/// The document's info dictionary, if it has one.
pub(super) fn info_mut(lo: &mut lopdf::Document) -> Option<&mut lopdf::Dictionary> {
    let id = lo.trailer.get(b"Info").ok()?.as_reference().ok()?;
    lo.get_object_mut(id).ok()?.as_dict_mut().ok()
}

/// Makes the file say what it is: PDF 1.7 (optional content needs 1.5, OpenType
/// font streams 1.6), our own producer and nothing else in the info dictionary
/// (no empty PDF/X claim), layers without another program's creator info, and
/// page boxes from the scene: MediaBox = CropBox = BleedBox = the printed sheet,
/// TrimBox = the finished sheet.
pub(super) fn tidy(lo: &mut lopdf::Document, doc: &Document) {
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

pub(super) fn layer_res_id(l: Layer) -> LayerInternalId {
    LayerInternalId(format!("OC-{}", l.id()))
}

/// FNV-1a, 128 bits as two 64-bit lanes: stable across runs and platforms.
pub(super) fn content_hash(bytes: &[u8]) -> [u8; 16] {
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

/// Adds `entries` to one category (`XObject`, `ExtGState`, …) of the
/// resources of page `page_id`, wherever they are written: a category
/// dictionary shared by reference is changed in place (every page that uses
/// it sees the entries), one written in the page's resources is extended, a
/// missing one is made. Resources written in the page itself are first moved
/// to an object of their own.
pub(super) fn add_resources(
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

/// The map from a page's scene space (mm, origin at the trimmed sheet's
/// top-left, y down) to its PDF space (pt, origin at the printed sheet's
/// bottom-left, y up).
pub(super) fn to_pdf(page: &crate::scene::Page) -> Transform {
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

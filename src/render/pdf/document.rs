//! Document assembly after printpdf: resources added to pages, stream
//! compression, the content hash (subset tags, `/ID`, XMP ids), the layers'
//! resource names, and the map from a page's scene space to PDF space
//! ([`to_pdf`]).

use printpdf::LayerInternalId;

use super::DEFLATE_LEVEL;
use super::PT_PER_MM;
use crate::scene::{Layer, Transform};

/// A length in mm as PDF points rounded to 1/1000 (page boxes).
pub(super) fn mm_to_pt(v: f64) -> lopdf::Object {
    lopdf::Object::Real(pt(v).0)
}

/// A length in mm as PDF points rounded to 1/1000, for printpdf.
pub(super) fn pt(v: f64) -> printpdf::Pt {
    printpdf::Pt(((v * PT_PER_MM * 1000.0).round() / 1000.0) as f32)
}

/// Deflates every stream not yet filtered, as `lopdf::Document::compress`
/// does, at level [`DEFLATE_LEVEL`], with one compressor reset between
/// streams (setting one up, or resetting it, clears a few hundred kilobytes:
/// a fresh one is not reset).
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
        if z.total_in() > 0 {
            z.reset();
        }
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

pub(super) fn layer_res_id(l: Layer) -> LayerInternalId {
    LayerInternalId(format!("OC-{}", l.id()))
}

/// FNV-1a, 128 bits as two 64-bit lanes: stable across runs and platforms.
pub(super) fn content_hash(bytes: &[u8]) -> [u8; 16] {
    let mut h = Hash::new();
    h.feed(bytes);
    h.finish()
}

/// The hash of [`content_hash`], fed in parts.
pub(super) struct Hash(u64, u64);

impl Hash {
    pub(super) fn new() -> Hash {
        Hash(0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142)
    }

    /// Feeds `bytes` as they are.
    pub(super) fn feed(&mut self, bytes: &[u8]) {
        let (mut a, mut b) = (self.0, self.1);
        for &x in bytes {
            a = (a ^ x as u64).wrapping_mul(0x0000_0100_0000_01b3);
            b = (b ^ x as u64)
                .wrapping_mul(0x0000_0100_0000_01b3)
                .rotate_left(7);
        }
        (self.0, self.1) = (a, b);
    }

    /// Feeds a length (as 8 big-endian bytes).
    pub(super) fn len(&mut self, n: usize) {
        self.feed(&(n as u64).to_be_bytes());
    }

    /// Feeds `bytes` after their length, so that where one value ends is
    /// part of what is hashed.
    pub(super) fn bytes(&mut self, bytes: &[u8]) {
        self.len(bytes.len());
        self.feed(bytes);
    }

    pub(super) fn finish(&self) -> [u8; 16] {
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&self.0.to_be_bytes());
        out[8..].copy_from_slice(&self.1.to_be_bytes());
        out
    }
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
    to_pdf_of(page.height, page.bleed)
}

/// [`to_pdf`] for a page (or a shared drawing, [`crate::scene::PageRef`]) of
/// trimmed height `height` and bleed `bleed`, mm.
pub(super) fn to_pdf_of(height: f64, bleed: f64) -> Transform {
    Transform([
        PT_PER_MM,
        0.0,
        0.0,
        -PT_PER_MM,
        bleed * PT_PER_MM,
        (height + bleed) * PT_PER_MM,
    ])
}

//! Pictures: each raster picture of a document written once, as an image
//! XObject (with a soft mask for its alpha), and placed wherever it is drawn.
//!
//! A JPEG goes in as it is (`/DCTDecode`; Adobe's inverted CMYK gets a
//! `/Decode` array); decoded pixels are deflated with the other streams.
//! The placement maps the image's own space (unit square, y up) to the page
//! through the picture's EXIF orientation, so no picture is re-encoded to be
//! turned.

use rustc_hash::FxHashMap as HashMap;

use crate::scene::{
    walk, Document, JpegColor, Path, Placed, Raster, RasterData, Samples, TextRun, Transform,
    Visitor,
};

/// The document's pictures: resource name by digest, in order of first use.
#[derive(Default)]
pub(super) struct Images {
    /// `(digest, name, raster)` in order of first use.
    pub(super) list: Vec<(u64, String, std::sync::Arc<Raster>)>,
    /// Name by digest.
    pub(super) names: HashMap<u64, String>,
}

/// Every raster picture `doc` draws, each once.
pub(super) fn collect(doc: &Document) -> Images {
    struct Found<'i>(&'i mut Images);
    impl<'a> Visitor<'a> for Found<'_> {
        fn path(&mut self, _: &'a Path, _: Transform) {}
        fn text(&mut self, _: &'a TextRun, _: Transform) {}
        fn picture(&mut self, p: &'a Placed, _: Transform) {
            let images = &mut *self.0;
            let d = p.raster.digest;
            if !images.names.contains_key(&d) {
                let name = format!("Im{}", images.list.len() + 1);
                images.names.insert(d, name.clone());
                images.list.push((d, name, p.raster.clone()));
            }
        }
    }
    let mut images = Images::default();
    for page in &doc.pages {
        for (_, items) in page.layers.iter() {
            walk(items, Transform::IDENTITY, &mut Found(&mut images));
        }
    }
    images
}

/// Adds every picture as an image XObject; returns the resource entries to
/// add to each page (`/ImN` → object).
pub(super) fn add_images(
    lo: &mut lopdf::Document,
    images: &Images,
) -> Result<Vec<(Vec<u8>, lopdf::Object)>, String> {
    let mut entries = Vec::new();
    for (_, name, raster) in &images.list {
        let id = add_image(lo, raster)?;
        entries.push((name.as_bytes().to_vec(), lopdf::Object::Reference(id)));
    }
    Ok(entries)
}

fn add_image(lo: &mut lopdf::Document, r: &Raster) -> Result<lopdf::ObjectId, String> {
    use lopdf::{dictionary, Object, Stream};
    let mut dict = dictionary! {
        "Type" => "XObject",
        "Subtype" => "Image",
        "Width" => r.width as i64,
        "Height" => r.height as i64,
        "BitsPerComponent" => 8,
    };
    let content = match &r.data {
        RasterData::Jpeg { bytes, color } => {
            let space = match color {
                JpegColor::Gray => "DeviceGray",
                JpegColor::Rgb => "DeviceRGB",
                JpegColor::Cmyk { .. } => "DeviceCMYK",
            };
            dict.set("ColorSpace", Object::Name(space.into()));
            dict.set("Filter", Object::Name(b"DCTDecode".to_vec()));
            if let JpegColor::Cmyk { inverted: true } = color {
                let decode: Vec<Object> = [1, 0, 1, 0, 1, 0, 1, 0].map(Object::from).to_vec();
                dict.set("Decode", decode);
            }
            bytes.to_vec()
        }
        RasterData::Pixels { color, alpha } => {
            let (space, samples) = match color {
                Samples::Gray(s) => ("DeviceGray", s),
                Samples::Rgb(s) => ("DeviceRGB", s),
                Samples::Cmyk(s) => ("DeviceCMYK", s),
            };
            dict.set("ColorSpace", Object::Name(space.into()));
            if let Some(alpha) = alpha {
                let mask = dictionary! {
                    "Type" => "XObject",
                    "Subtype" => "Image",
                    "Width" => r.width as i64,
                    "Height" => r.height as i64,
                    "BitsPerComponent" => 8,
                    "ColorSpace" => "DeviceGray",
                };
                let mask = lo.add_object(Stream::new(mask, alpha.to_vec()));
                dict.set("SMask", Object::Reference(mask));
            }
            samples.to_vec()
        }
    };
    Ok(lo.add_object(Stream::new(dict, content)))
}

/// The matrix that draws `placed` through `t` (scene space to PDF space):
/// the image's space (unit square, origin bottom-left, y up, the first stored
/// row at the top) to the stored picture's unit square (y down), then its
/// orientation, its placement and `t`.
pub(super) fn placement(placed: &Placed, t: Transform) -> Transform {
    let flip = Transform([1.0, 0.0, 0.0, -1.0, 0.0, 1.0]);
    t.then_apply(placed.transform)
        .then_apply(placed.raster.orientation())
        .then_apply(flip)
}

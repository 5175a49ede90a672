//! Pictures brought to the resolution they print at, once per document,
//! after the pages are laid out: [`for_print`].
//!
//! Each different raster picture is measured at every place it is drawn (its
//! printed width and height in mm, through every enclosing transform); at its
//! largest it needs `dpi` pixels per inch. A picture with more pixels than
//! that is scaled down by area averaging ([`super::resample`]), turned
//! upright, and saved again: a photo as JPEG at [`JPEG_QUALITY`], a drawing
//! (transparency, or few colours) as its samples, which PDF pages deflate
//! losslessly. A picture that needs no scaling is kept: a JPEG read whole goes
//! in byte for byte; a framed photo is saved as JPEG at its own resolution.
//! Every page and format then shares the one result (the PDF embeds it once,
//! SVG pages carry its bytes, PNG pages decode it once).

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::cache::{self, Step};
use super::framed::{derived_digest, is_photo, source};
use super::resample::{scale_down, upright, Region};
use super::Pictures;
use crate::scene::{
    walk, Clip, Group, Item, JpegColor, Layers, Page, PageRef, Path, Placed, Raster, RasterData,
    Samples, TextRun, Transform, Visitor,
};

/// JPEG quality photos are saved at once scaled down, 1–100: 85, chosen by
/// measurement (README, "Pictures at print resolution"): on the benchmark's
/// eight drawings scaled to their counters, 92 weighs a third more for an
/// error of 3.8 levels of 255 instead of 4.8; 75 shows blocks in flat crayon.
pub const JPEG_QUALITY: u8 = 85;

/// The largest printed size of each picture, by digest: how many of its
/// shown pixels each printed inch needs at `dpi` (the larger of width and
/// height), and the picture.
fn needs(pages: &[Page], dpi: f64) -> FxHashMap<u64, (f64, Arc<Raster>)> {
    struct Sizes {
        dpi: f64,
        found: FxHashMap<u64, (f64, Arc<Raster>)>,
    }
    impl<'a> Visitor<'a> for Sizes {
        fn path(&mut self, _: &'a Path, _: Transform) {}
        fn text(&mut self, _: &'a TextRun, _: Transform) {}
        fn picture(&mut self, p: &'a Placed, t: Transform) {
            let [a, b, c, d, ..] = t.then_apply(p.transform).0;
            let (w_mm, h_mm) = (a.hypot(b), c.hypot(d));
            let (w, h) = p.raster.shown_size();
            let scale = (w_mm / 25.4 * self.dpi / f64::from(w.max(1)))
                .max(h_mm / 25.4 * self.dpi / f64::from(h.max(1)));
            let scale = if scale.is_finite() { scale } else { 0.0 };
            let e = self
                .found
                .entry(p.raster.digest)
                .or_insert_with(|| (0.0, p.raster.clone()));
            e.0 = e.0.max(scale);
        }
    }
    let mut sizes = Sizes {
        dpi,
        found: FxHashMap::default(),
    };
    for page in pages {
        for (_, items) in page.layers.iter() {
            walk(items, Transform::IDENTITY, &mut sizes);
        }
    }
    sizes.found
}

/// `pages` with every raster picture brought to `dpi` at its largest printed
/// size (see the [module](self)); `pictures` holds the decoded pixels of
/// pictures decoded when they were framed. A picture that cannot be scaled
/// (not enough memory, a CMYK JPEG) is kept as it is.
pub fn for_print(pages: Vec<Page>, pictures: &Pictures, dpi: f64) -> Vec<Page> {
    #[cfg(feature = "web-lite")]
    return pages;
    let mut done: FxHashMap<u64, Arc<Raster>> = FxHashMap::default();
    for (digest, (scale, raster)) in needs(&pages, dpi) {
        let decoded = pictures.decoded(digest);
        // The same picture at the same size as in an earlier document: its result then.
        let new = cache::get_or(Step::Printable, digest, &[cache::bits(scale)], || {
            printable(&raster, decoded, scale).map(Arc::new)
        });
        if let Some(new) = new {
            done.insert(digest, new);
        }
    }
    if done.is_empty() {
        return pages;
    }
    let mut shared: FxHashMap<usize, Arc<Layers>> = FxHashMap::default();
    pages
        .into_iter()
        .map(|mut page| {
            page.layers = swap_layers(&page.layers, &done, &mut shared);
            page
        })
        .collect()
}

/// The picture to print in place of `r`, when it differs: scaled by `scale`
/// (below 1) from `decoded` (its pixels, when already decoded) or from `r`.
fn printable(r: &Raster, decoded: Option<&Arc<Raster>>, scale: f64) -> Option<Raster> {
    let cmyk_jpeg = matches!(
        r.data,
        RasterData::Jpeg {
            color: JpegColor::Cmyk { .. },
            ..
        }
    );
    if cmyk_jpeg {
        return None;
    }
    let photo = is_photo(decoded.map_or(r, |d| d));
    let (w, h) = (r.width, r.height);
    // Scaled sizes, stored orientation; at least 8 pixels each way.
    let size = |n: u32| ((f64::from(n) * scale).ceil() as u32).clamp(8.min(n), n);
    let (ow, oh) = (size(w), size(h));
    let smaller = ow < w || oh < h;
    if !smaller && (!photo || matches!(r.data, RasterData::Jpeg { .. })) {
        // Sharp enough as it is: a JPEG byte for byte, a drawing's samples.
        return None;
    }
    let holder;
    let base = match (decoded, &r.data) {
        (Some(d), _) => &**d,
        (None, RasterData::Pixels { .. }) => r,
        (None, RasterData::Jpeg { bytes, color }) => {
            let color = super::decode::jpeg_samples(bytes, *color, w, h).ok()??;
            holder = Raster {
                data: RasterData::Pixels { color, alpha: None },
                memo: Default::default(),
                ..r.clone()
            };
            &holder
        }
    };
    let RasterData::Pixels { color, alpha } = &base.data else {
        return None;
    };
    let src = source(base, color, alpha.as_ref());
    let channels = src.channels;
    let scaled = scale_down(&src, Region::whole(w, h), ow, oh)?;
    let scaled = upright(scaled, channels, r.orientation);
    let digest = derived_digest(r.digest, &[2, u64::from(ow), u64::from(oh)]);
    let (width, height) = (scaled.width, scaled.height);
    let data = if photo && scaled.alpha.is_none() && channels != 4 {
        RasterData::Jpeg {
            bytes: encode_jpeg(&scaled.color, width, height, channels)?.into(),
            color: if channels == 1 {
                JpegColor::Gray
            } else {
                JpegColor::Rgb
            },
        }
    } else {
        let samples: Arc<[u8]> = scaled.color.into();
        RasterData::Pixels {
            color: match color {
                Samples::Gray(_) => Samples::Gray(samples),
                Samples::Rgb(_) => Samples::Rgb(samples),
                Samples::Cmyk(_) => Samples::Cmyk(samples),
            },
            alpha: scaled.alpha.map(Arc::from),
        }
    };
    Some(Raster {
        width,
        height,
        orientation: 1,
        data,
        digest,
        memo: Default::default(),
    })
}

/// Grey or RGB samples as a baseline JPEG at [`JPEG_QUALITY`].
pub fn encode_jpeg(samples: &[u8], width: u32, height: u32, channels: usize) -> Option<Vec<u8>> {
    #[cfg(feature = "web-lite")]
    return None;
    let w = u16::try_from(width).ok()?;
    let h = u16::try_from(height).ok()?;
    let kind = match channels {
        1 => jpeg_encoder::ColorType::Luma,
        3 => jpeg_encoder::ColorType::Rgb,
        _ => return None,
    };
    let mut out = Vec::new();
    let encoder = jpeg_encoder::Encoder::new(&mut out, JPEG_QUALITY);
    encoder.encode(samples, w, h, kind).ok()?;
    Some(out)
}

/// `layers` with the pictures of `done` swapped in, pages drawn inside them
/// too; each shared drawing is changed once and stays shared (`shared`: the
/// new layers by the old ones' address).
fn swap_layers(
    layers: &Arc<Layers>,
    done: &FxHashMap<u64, Arc<Raster>>,
    shared: &mut FxHashMap<usize, Arc<Layers>>,
) -> Arc<Layers> {
    let key = Arc::as_ptr(layers) as usize;
    if let Some(new) = shared.get(&key) {
        return new.clone();
    }
    let new: Arc<Layers> = Arc::new(
        layers
            .iter()
            .map(|(layer, items)| (*layer, Arc::new(swap_items(items, done, shared))))
            .collect(),
    );
    shared.insert(key, new.clone());
    new
}

fn swap_items(
    items: &[Item],
    done: &FxHashMap<u64, Arc<Raster>>,
    shared: &mut FxHashMap<usize, Arc<Layers>>,
) -> Vec<Item> {
    items
        .iter()
        .map(|item| match item {
            Item::Picture(p) => match done.get(&p.raster.digest) {
                Some(r) => Item::Picture(Placed {
                    raster: r.clone(),
                    // The new picture is upright: its unit square is the shown one.
                    transform: p.transform,
                }),
                None => item.clone(),
            },
            Item::Group(g) => Item::Group(Group {
                picture: g.picture,
                transform: g.transform,
                items: swap_items(&g.items, done, shared),
            }),
            Item::Clip(c) => Item::Clip(Clip {
                path: c.path.clone(),
                items: swap_items(&c.items, done, shared),
            }),
            Item::Page(p) => Item::Page(PageRef {
                layers: swap_layers(&p.layers, done, shared),
                ..p.clone()
            }),
            other => other.clone(),
        })
        .collect()
}

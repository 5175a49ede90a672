//! Pictures: PNG and JPEG files a theme places on counters, squares, backs
//! and the box (full-colour SVG drawings are [`crate::icons::Icon`]s).
//!
//! A [`Raster`] (the drawing model's type, in [`crate::scene`]) keeps what
//! the renderers need and nothing more: a JPEG's own bytes (the PDF embeds
//! them unchanged), or decoded 8-bit samples with a separate straight
//! (unpremultiplied) alpha plane. [`decode`] reads files within [`Limits`]
//! and gives a raster its pixels ([`Raster::rgba`]), this module turns it
//! into a file a browser shows ([`Raster::screen_file`]). An [`Art`] is either kind of picture, ready to be placed
//! in a box on a page. The bundled CMYK colour profile, through which CMYK
//! is shown in sRGB, is [`profile`].

pub mod cache;
pub mod decode;
pub mod filters;
pub mod frame;
pub mod framed;
pub mod load;
pub mod print;
pub mod profile;
pub mod resample;
pub mod sheet;

use std::sync::Arc;

use crate::icons::Icon;
use crate::scene::{
    shapes, Clip, Color, Group, Item, JpegColor, Placed, Raster, RasterData, Seg, Transform,
};

pub use decode::{decode, Limits};
pub use load::Pictures;

/// Straight (unpremultiplied) RGBA pixels, 8 bits per sample, stored order
/// (orientation not applied), rows top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgba {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width × height × 4` bytes.
    pub pixels: Vec<u8>,
}

/// Encoding for screens is this module's: the raster type itself is the
/// drawing model's.
impl Raster {
    /// The picture as a file a browser or an SVG reader shows: the JPEG
    /// itself when it is grey or RGB, else a PNG of its pixels. Returns the
    /// media type and the bytes.
    pub fn screen_file(&self) -> Result<(&'static str, Vec<u8>), String> {
        #[cfg(feature = "web-lite")]
        return Err(crate::lite::REFUSAL.to_string());
        if let RasterData::Jpeg {
            bytes,
            color: JpegColor::Gray | JpegColor::Rgb,
        } = &self.data
        {
            return Ok(("image/jpeg", bytes.to_vec()));
        }
        let rgba = self.rgba()?;
        let opaque = rgba.pixels.chunks_exact(4).all(|p| p[3] == 255);
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, rgba.width, rgba.height);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_compression(png::Compression::Default);
            let data = if opaque {
                enc.set_color(png::ColorType::Rgb);
                rgba.pixels
                    .chunks_exact(4)
                    .flat_map(|p| [p[0], p[1], p[2]])
                    .collect()
            } else {
                enc.set_color(png::ColorType::Rgba);
                rgba.pixels
            };
            let mut w = enc.write_header().map_err(|e| e.to_string())?;
            w.write_image_data(&data).map_err(|e| e.to_string())?;
        }
        Ok(("image/png", out))
    }
}

/// How a picture fills a box whose proportions differ from its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Whole picture inside the box, centred (bands left empty).
    Contain,
    /// The box covered, centred, the overflow clipped.
    Cover,
}

/// A picture of either kind, ready to place.
#[derive(Debug, Clone, PartialEq)]
pub enum Art {
    /// A PNG or JPEG.
    Raster(Arc<Raster>),
    /// An SVG drawing, in its own colours (or one colour when a theme asks).
    Vector(Arc<Icon>),
}

impl Art {
    /// Width ÷ height as shown (an icon's unit box is square).
    pub fn aspect(&self) -> f64 {
        match self {
            Art::Raster(r) => {
                let (w, h) = r.shown_size();
                w as f64 / h.max(1) as f64
            }
            Art::Vector(_) => 1.0,
        }
    }

    /// Pixels as shown, for print-resolution checks (`None` for drawings).
    pub fn pixels(&self) -> Option<(u32, u32)> {
        match self {
            Art::Raster(r) => Some(r.shown_size()),
            Art::Vector(_) => None,
        }
    }

    /// The picture fitted into the box `(x, y, w, h)` (mm, y down): with
    /// [`Fit::Cover`] inside a clip to `clip` (the box itself when `None`),
    /// with [`Fit::Contain`] clipped to `clip` only when one is given.
    pub fn place(&self, rect: (f64, f64, f64, f64), fit: Fit, clip: Option<Vec<Seg>>) -> Item {
        let (x, y, w, h) = rect;
        let aspect = self.aspect();
        let (pw, ph) = match fit {
            Fit::Contain if w / h > aspect => (h * aspect, h),
            Fit::Contain => (w, w / aspect),
            Fit::Cover if w / h > aspect => (w, w / aspect),
            Fit::Cover => (h * aspect, h),
        };
        let t = Transform::translate(x + (w - pw) / 2.0, y + (h - ph) / 2.0)
            .then_apply(Transform::scale(pw, ph));
        let item = match self {
            Art::Raster(raster) => Item::Picture(Placed {
                raster: raster.clone(),
                transform: t,
            }),
            Art::Vector(icon) => Item::Group(Group {
                picture: true,
                transform: t,
                items: icon.items(None),
            }),
        };
        let clip = match (fit, clip) {
            (_, Some(path)) => Some(path),
            (Fit::Cover, None) => Some(shapes::rect(x, y, w, h)),
            (Fit::Contain, None) => None,
        };
        match clip {
            Some(path) => Item::Clip(Clip {
                path,
                items: vec![item],
            }),
            None => item,
        }
    }

    /// True for a drawing painted in one colour with no outlines (a
    /// silhouette, like the built-in icons); false for coloured drawings and
    /// raster pictures.
    pub fn is_silhouette(&self) -> bool {
        let Art::Vector(icon) = self else {
            return false;
        };
        let mut fills = icon.items(None).into_iter().map(|item| match item {
            Item::Path(p) if p.stroke.is_none() => p.fill.and_then(|f| f.solid()),
            _ => None,
        });
        match fills.next() {
            Some(Some(first)) => fills.all(|f| f == Some(first)),
            _ => false,
        }
    }

    /// The picture in one colour (a silhouette), for themes that ask for it;
    /// a raster picture is left as it is.
    pub fn tinted(&self, color: Option<Color>) -> Art {
        match (self, color) {
            (Art::Vector(icon), Some(c)) => Art::Vector(Arc::new(icon.tinted(c))),
            _ => self.clone(),
        }
    }
}

/// The print resolution of `pixels` shown over `mm` millimetres, in dots per inch.
pub fn dpi(pixels: u32, mm: f64) -> f64 {
    pixels as f64 / (mm / 25.4)
}

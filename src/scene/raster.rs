//! Raster pictures as the drawing model holds them: the stored pixels or
//! JPEG stream of a [`Raster`], and a [`Placed`] raster on a page. Reading
//! files into rasters, and decoding a raster's pixels, is the work of
//! [`crate::picture`] (`Raster::rgba`, `Raster::screen_file`).

use std::sync::Arc;

use super::Transform;

/// How a JPEG's samples are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JpegColor {
    /// One component.
    Gray,
    /// Three components (YCbCr in the file, RGB once decoded).
    Rgb,
    /// Four components. `inverted` is Adobe's APP14 convention (most CMYK
    /// JPEGs, from Photoshop): 0 means full ink, so a PDF needs
    /// `/Decode [1 0 1 0 1 0 1 0]`.
    Cmyk {
        /// Stored inverted (Adobe APP14 present).
        inverted: bool,
    },
}

/// Decoded samples, 8 bits each, rows top to bottom, no padding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Samples {
    /// One sample per pixel.
    Gray(Arc<[u8]>),
    /// Three samples per pixel (sRGB).
    Rgb(Arc<[u8]>),
    /// Four samples per pixel, 0 = no ink (a picture separated for a print
    /// shop, `compose::passes::print_shop`).
    Cmyk(Arc<[u8]>),
}

/// A raster picture's data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RasterData {
    /// A JPEG file's bytes, EXIF and other metadata segments removed (the
    /// orientation is kept in [`Raster::orientation`]), so every reader sees
    /// the same stored pixels. Decoded only where pixels are needed.
    Jpeg {
        /// The JPEG stream (SOI … EOI).
        bytes: Arc<[u8]>,
        /// Its colour model.
        color: JpegColor,
    },
    /// Decoded pixels (a PNG, any bit depth, palette or interlace).
    Pixels {
        /// Colour samples.
        color: Samples,
        /// Straight (not premultiplied) alpha, one byte per pixel; `None`
        /// when every pixel is opaque.
        alpha: Option<Arc<[u8]>>,
    },
}

/// A decoded raster picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Raster {
    /// Stored width in pixels (before [`Raster::orientation`] is applied).
    pub width: u32,
    /// Stored height in pixels.
    pub height: u32,
    /// EXIF orientation, 1–8 (1: as stored).
    pub orientation: u8,
    /// The pixels or the JPEG stream.
    pub data: RasterData,
    /// A digest of the file's bytes (and of the framing and scaling that
    /// made the picture from it): equal pictures share one embedded copy.
    pub digest: u64,
    /// Work on the picture that renderers do once and share between every
    /// page and format that draws it.
    pub memo: Memo,
}

/// A picture as a file for screens: its media type and bytes.
pub type ScreenFile = (&'static str, Arc<[u8]>);

/// What renderers work out from a [`Raster`] once, shared by every page that
/// draws it (the raster is shared through an `Arc`): each computed on first
/// use. A clone starts empty; two memos always compare equal (a memo is not
/// part of the picture).
#[derive(Default)]
pub struct Memo {
    /// Premultiplied RGBA pixels, 8 bits each, in stored orientation, for
    /// raster renderers (`None`: the picture could not be decoded).
    pub premultiplied: std::sync::OnceLock<Option<Arc<[u8]>>>,
    /// The picture as a file a browser shows: media type and bytes (`None`:
    /// it could not be made).
    pub screen_file: std::sync::OnceLock<Option<ScreenFile>>,
}

impl Clone for Memo {
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

impl PartialEq for Memo {
    fn eq(&self, _: &Memo) -> bool {
        true
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

impl Raster {
    /// Width and height in pixels as the picture is shown (orientations 5–8
    /// swap them).
    pub fn shown_size(&self) -> (u32, u32) {
        if self.orientation >= 5 {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }

    /// Maps the stored picture's unit square (x right, y down, 0–1: the
    /// stored pixels, row 0 at the top) onto the shown picture's unit square:
    /// a renderer that draws the stored pixels into the unit square under
    /// `t.then_apply(raster.orientation())` shows them upright under `t`.
    pub fn orientation(&self) -> Transform {
        // EXIF orientation n says how the stored rows are turned to be shown.
        let t = |a, b, c, d, e, f| Transform([a, b, c, d, e, f]);
        // Transform([a, b, c, d, e, f]) maps (x, y) to (a x + c y + e, b x + d y + f).
        match self.orientation {
            2 => t(-1.0, 0.0, 0.0, 1.0, 1.0, 0.0),
            3 => t(-1.0, 0.0, 0.0, -1.0, 1.0, 1.0),
            4 => t(1.0, 0.0, 0.0, -1.0, 0.0, 1.0),
            5 => t(0.0, 1.0, 1.0, 0.0, 0.0, 0.0),
            6 => t(0.0, 1.0, -1.0, 0.0, 1.0, 0.0),
            7 => t(0.0, -1.0, -1.0, 0.0, 1.0, 1.0),
            8 => t(0.0, -1.0, 1.0, 0.0, 0.0, 1.0),
            _ => Transform::IDENTITY,
        }
    }
}

/// A raster picture placed on a page: its shown unit square (x right, y
/// down) mapped by `transform` into the enclosing space (mm).
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The picture, shared by every placement.
    pub raster: Arc<Raster>,
    /// From the shown picture's unit square to the enclosing space.
    pub transform: Transform,
}

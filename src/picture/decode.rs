//! Reading PNG and JPEG files into [`Raster`]s, within [`Limits`].

use super::Raster;

/// Bounds on what one picture may cost to decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most pixels in one picture (width × height as declared by the file).
    pub max_pixels: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_pixels: 40_000_000,
        }
    }
}

/// Reads a PNG or JPEG file's bytes; `origin` names it in messages.
pub fn decode(bytes: &[u8], origin: &str, limits: Limits) -> Result<Raster, String> {
    let _ = (bytes, limits);
    Err(format!("{origin}: pictures are not read yet"))
}

//! Picture files (PNG, JPEG, anything else): read within limits; an accepted
//! picture decodes to RGBA of its declared size, its orientation is 1–8, and
//! a JPEG's kept stream (metadata stripped) reads back as the same picture.
#![no_main]

use jungle_print::picture::{decode, Limits};
use jungle_print::scene::RasterData;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Smaller than the default, so that each run stays fast.
    let limits = Limits {
        max_pixels: 4_000_000,
        ..Limits::default()
    };
    let Ok(raster) = decode(data, "fuzz.png", limits) else {
        return;
    };
    assert!((1..=8).contains(&raster.orientation));
    assert!(raster.pixel_count() <= limits.max_pixels);
    if let RasterData::Jpeg { bytes, color } = &raster.data {
        assert!(bytes.starts_with(&[0xFF, 0xD8]) && bytes.ends_with(&[0xFF, 0xD9]));
        let again = decode(bytes, "kept.jpg", limits).expect("the kept stream reads back");
        assert_eq!((again.width, again.height), (raster.width, raster.height));
        assert!(matches!(&again.data, RasterData::Jpeg { color: c, .. } if c == color));
    }
    // A JPEG's entropy data may still be damaged: the decoder may refuse it.
    if let Ok(rgba) = raster.rgba() {
        assert_eq!((rgba.width, rgba.height), (raster.width, raster.height));
        assert_eq!(rgba.pixels.len() as u64, raster.pixel_count() * 4);
    }
});

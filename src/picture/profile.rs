//! The bundled colour profile, coated FOGRA39 (`profiles/coated-fogra39.icc`,
//! see `profiles/README.md`): the output intent of a print shop's PDF/X file
//! ([`output_profile`]), and the profile through which a CMYK JPEG is shown
//! in sRGB on SVG and PNG pages and previews ([`cmyk_to_rgba`]), as
//! colour-managed PDF viewers show the same picture.
//!
//! The conversion is moxcms's (pure Rust, builds for wasm32), from the
//! profile's device-to-PCS tables to sRGB, relative colorimetric (PDF's
//! default rendering intent): within two levels of LittleCMS's for the same
//! profile and intent (the test below holds its numbers).
//!
//! The web page's build (feature `web`) does not bundle the profile: it
//! fetches it for a print shop's file and hands it over with
//! [`set_output_profile`]; until then its CMYK pictures are shown by the
//! naive formula of [`crate::scene::Color::to_rgb`].

use std::sync::{Arc, OnceLock};

use moxcms::{ColorProfile, Layout, RenderingIntent, Transform8BitExecutor, TransformOptions};

/// The profile's bytes. Not in the web page's build (feature `web`), which
/// fetches it only for a print shop's file and hands it over with
/// [`set_output_profile`].
#[cfg(not(feature = "web"))]
pub const OUTPUT_PROFILE: &[u8] = include_bytes!("../../profiles/coated-fogra39.icc");

/// The profile's length in bytes, which the web build checks the fetched
/// file against, so that its print shop's PDF is the command line's byte
/// for byte.
pub const OUTPUT_PROFILE_LEN: usize = 155_408;

/// The profile's bytes, when this build has them.
#[cfg(not(feature = "web"))]
pub fn output_profile() -> Option<&'static [u8]> {
    Some(OUTPUT_PROFILE)
}

/// The profile once the page has handed it over: the bundled file arriving
/// late, given once and never changed (not run state).
#[cfg(feature = "web")]
static PROFILE: OnceLock<&'static [u8]> = OnceLock::new();

/// The profile's bytes, once the page has handed them over.
#[cfg(feature = "web")]
pub fn output_profile() -> Option<&'static [u8]> {
    PROFILE.get().copied()
}

/// Makes `bytes` (the file `profiles/coated-fogra39.icc`) the profile of
/// print shops' PDF/X files and of CMYK pictures (`web` builds only). False,
/// and nothing changed, when they are not that profile (an ICC profile,
/// `acsp` at byte 36, of the bundled length).
#[cfg(feature = "web")]
pub fn set_output_profile(bytes: &'static [u8]) -> bool {
    if bytes.len() != OUTPUT_PROFILE_LEN || bytes.get(36..40) != Some(b"acsp") {
        return false;
    }
    PROFILE.set(bytes).is_ok() || PROFILE.get() == Some(&bytes)
}

/// The transform from the profile's CMYK to sRGB, made once; `None` while
/// the build has no profile (or, never for the bundled one, moxcms cannot
/// read it).
fn to_srgb() -> Option<&'static Arc<Transform8BitExecutor>> {
    static TRANSFORM: OnceLock<Option<Arc<Transform8BitExecutor>>> = OnceLock::new();
    if let Some(t) = TRANSFORM.get() {
        return t.as_ref();
    }
    let bytes = output_profile()?;
    let made = ColorProfile::new_from_slice(bytes).ok().and_then(|cmyk| {
        let options = TransformOptions {
            rendering_intent: RenderingIntent::RelativeColorimetric,
            ..TransformOptions::default()
        };
        let srgb = ColorProfile::new_srgb();
        cmyk.create_transform_8bit(Layout::Rgba, &srgb, Layout::Rgb, options)
            .ok()
    });
    TRANSFORM.get_or_init(|| made).as_ref()
}

/// Pixels converted at once: 4,096 (12 KB of sRGB on the stack).
const CHUNK: usize = 4_096;

/// Appends to `out` the sRGB of each pixel of `inks` (C, M, Y, K per pixel,
/// 0 no ink to 255 full ink) as R, G, B and an opaque alpha, through the
/// FOGRA39 profile (the naive formula when the build has no profile).
pub fn cmyk_to_rgba(inks: &[u8], out: &mut Vec<u8>) {
    #[cfg(feature = "web-lite")]
    return;
    let inks = &inks[..inks.len() / 4 * 4];
    let Some(t) = to_srgb() else {
        for px in inks.chunks_exact(4) {
            let ink = |j: usize| f32::from(px[j]) / 255.0;
            let (r, g, b) = crate::scene::Color::Cmyk(ink(0), ink(1), ink(2), ink(3)).to_rgb();
            out.extend_from_slice(&[r, g, b, 255]);
        }
        return;
    };
    let mut rgb = [0u8; CHUNK * 3];
    for chunk in inks.chunks(CHUNK * 4) {
        let rgb = &mut rgb[..chunk.len() / 4 * 3];
        if t.transform(chunk, rgb).is_err() {
            // Never for whole pixels: moxcms refuses only mismatched lengths.
            rgb.fill(0);
        }
        for px in rgb.chunks_exact(3) {
            out.extend_from_slice(&[px[0], px[1], px[2], 255]);
        }
    }
}

#[cfg(all(test, not(feature = "web")))]
mod tests {
    use super::*;

    /// Inks (C, M, Y, K) and their sRGB through the bundled profile,
    /// relative colorimetric, as LittleCMS 2.19 gives them (Python's
    /// `PIL.ImageCms.buildTransform(profile, sRGB, "CMYK", "RGB",
    /// renderingIntent=RELATIVE_COLORIMETRIC)`).
    const LCMS: [([u8; 4], [u8; 3]); 7] = [
        ([0, 0, 0, 0], [255, 255, 255]),
        ([255, 0, 0, 0], [0, 161, 228]),
        ([0, 255, 0, 0], [230, 10, 128]),
        ([0, 0, 255, 0], [255, 237, 0]),
        ([0, 0, 0, 255], [44, 44, 43]),
        ([128, 64, 32, 16], [135, 167, 196]),
        ([255, 255, 255, 255], [28, 27, 24]),
    ];

    #[test]
    fn cmyk_is_shown_as_littlecms_shows_it_within_three_levels() {
        let inks: Vec<u8> = LCMS.iter().flat_map(|(c, _)| *c).collect();
        let mut out = Vec::new();
        cmyk_to_rgba(&inks, &mut out);
        for ((cmyk, want), got) in LCMS.iter().zip(out.chunks_exact(4)) {
            let near = want
                .iter()
                .zip(got)
                .all(|(w, g)| (i16::from(*w) - i16::from(*g)).abs() <= 3);
            assert!(near && got[3] == 255, "{cmyk:?}: {got:?}, want {want:?}");
        }
        // Not the naive formula: full cyan is no pure (0, 255, 255).
        assert_ne!(&out[4..7], &[0, 255, 255]);
    }

    #[test]
    fn long_runs_are_converted_in_chunks() {
        let inks: Vec<u8> = [255, 0, 0, 0].repeat(CHUNK * 2 + 3);
        let mut out = Vec::new();
        cmyk_to_rgba(&inks, &mut out);
        assert_eq!(out.len(), (CHUNK * 2 + 3) * 4);
        let first = &out[..4];
        assert!(out.chunks_exact(4).all(|p| p == first));
    }
}

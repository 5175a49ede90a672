//! A raster picture framed as it is loaded: cropped to the drawing found in
//! a photo or to the theme's frame ([`super::frame`]), so that the layout
//! places it with its framed proportions. The picture is decoded here at
//! most once; its decoded pixels are kept for [`super::print`] when the
//! frame is the whole picture, so that it is not decoded again there.

use std::sync::Arc;

use super::cache::{self, Step};
use super::decode::jpeg_samples;
use super::frame::{find_drawing, frame_box, remove_paper, stored_region, Found};
use super::resample::{crop, Region, Source};
use crate::scene::{JpegColor, Raster, RasterData, Samples};
use crate::theme::{Background, Frame, FrameStart};

/// A picture as framed.
#[derive(Debug, Clone)]
pub struct Framed {
    /// What the layout places: the picture as read when the frame is the
    /// whole of it, else the framed part (decoded pixels, stored orientation).
    pub raster: Arc<Raster>,
    /// The same picture decoded, when it was decoded to be framed and the
    /// frame is the whole of it (a JPEG): scaled down from these, it is not
    /// decoded twice.
    pub decoded: Option<Arc<Raster>>,
    /// One line saying the automatic framing gave up (the whole picture is
    /// used), without the file's name.
    pub gave_up: Option<String>,
}

/// True for a photo: a grey or RGB JPEG, or a PNG without transparency
/// holding more than 256 colours (a few hundred thousand pixels sampled).
pub fn is_photo(r: &Raster) -> bool {
    match &r.data {
        RasterData::Jpeg { color, .. } => matches!(color, JpegColor::Gray | JpegColor::Rgb),
        RasterData::Pixels { alpha: Some(_), .. } => false,
        RasterData::Pixels { color, .. } => {
            let (samples, c) = match color {
                Samples::Gray(s) => (s, 1),
                Samples::Rgb(s) => (s, 3),
                Samples::Cmyk(_) => return false,
            };
            let n = samples.len() / c;
            let step = (n / 400_000).max(1);
            let mut seen = rustc_hash::FxHashSet::default();
            for i in (0..n).step_by(step) {
                let px = &samples[i * c..(i + 1) * c];
                let key = px.iter().fold(0u32, |k, &v| (k << 8) | u32::from(v));
                if seen.insert(key) && seen.len() > 256 {
                    return true;
                }
            }
            false
        }
    }
}

/// A mix of a digest and a few numbers, for the digest of a picture made
/// from another (framed, scaled): FNV-1a over their bytes.
pub(crate) fn derived_digest(digest: u64, numbers: &[u64]) -> u64 {
    let mut h = digest ^ 0xcbf2_9ce4_8422_2325;
    for n in numbers {
        for b in n.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// An alpha plane, when a picture has one.
type Alpha = Option<Arc<[u8]>>;

/// The picture's samples and alpha, decoding a JPEG (CMYK through
/// [`Raster::rgba`], as RGB). Errors name no file.
fn samples(r: &Raster) -> Result<(Samples, Alpha), String> {
    match &r.data {
        RasterData::Pixels { color, alpha } => Ok((color.clone(), alpha.clone())),
        RasterData::Jpeg { bytes, color } => {
            if let Some(s) = jpeg_samples(bytes, *color, r.width, r.height)? {
                return Ok((s, None));
            }
            let rgba = r.rgba()?;
            let rgb: Arc<[u8]> = rgba
                .pixels
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            Ok((Samples::Rgb(rgb), None))
        }
    }
}

/// A view of samples for the resampler.
pub(crate) fn source<'a>(
    r: &Raster,
    color: &'a Samples,
    alpha: Option<&'a Arc<[u8]>>,
) -> Source<'a> {
    let (channels, s) = match color {
        Samples::Gray(s) => (1, s),
        Samples::Rgb(s) => (3, s),
        Samples::Cmyk(s) => (4, s),
    };
    Source {
        width: r.width,
        height: r.height,
        channels,
        color: s,
        alpha: alpha.map(|a| &a[..]),
    }
}

/// The automatic frame of a picture: where the drawing is in a photo (see
/// [`super::frame`]); [`Found::Whole`] for pictures that are not photos.
/// Decodes a JPEG, unless the same picture was looked at before (see
/// [`super::cache`]); errors name no file.
pub fn drawing_box(raster: &Raster) -> Result<Found, String> {
    if !is_photo(raster) {
        return Ok(Found::Whole);
    }
    found(raster, || {
        let (color, alpha) = samples(raster)?;
        Ok(find_drawing(
            &source(raster, &color, alpha.as_ref()),
            raster.orientation,
        ))
    })
}

/// The drawing found in `raster` by `look`, or as found before.
fn found(raster: &Raster, look: impl FnOnce() -> Result<Found, String>) -> Result<Found, String> {
    cache::get_or(Step::Found, raster.digest, &[], look)
}

/// The numbers that make a frame and a background, for [`cache`]'s keys.
pub fn frame_numbers(frame: &Frame, background: Background) -> Vec<u64> {
    let mut n = vec![
        u64::from(frame.start == FrameStart::Whole),
        u64::from(background == Background::Remove),
    ];
    let mut put = |v: Option<&[f64]>| match v {
        Some(v) => {
            n.push(1);
            n.extend(v.iter().map(|x| cache::bits(*x)));
        }
        None => n.push(0),
    };
    put(frame.crop.as_ref().map(|c| &c[..]));
    put(frame.zoom.as_ref().map(std::slice::from_ref));
    put(frame.focus.as_ref().map(|c| &c[..]));
    n
}

/// Frames `raster` by `frame`: the automatic frame for a photo unless the
/// frame is `whole` or gives a crop, then zoom and focus; with `background`
/// [`Background::Remove`], a photo's paper is made transparent. Errors (a JPEG that
/// cannot be decoded) name no file.
pub fn frame_raster(
    raster: Raster,
    frame: &Frame,
    background: Background,
) -> Result<Framed, String> {
    let photo = is_photo(&raster);
    let manual = frame.crop.is_some() || frame.zoom.is_some() || frame.focus.is_some();
    let auto = frame.start == FrameStart::Auto && frame.crop.is_none() && photo;
    let remove = background == Background::Remove && photo;
    if !auto && !manual && !remove {
        return Ok(Framed {
            raster: Arc::new(raster),
            decoded: None,
            gave_up: None,
        });
    }
    let (color, alpha) = samples(&raster)?;
    let src = source(&raster, &color, alpha.as_ref());
    let mut gave_up = None;
    let found = match auto {
        true => match found(&raster, || Ok(find_drawing(&src, raster.orientation)))? {
            Found::Drawing(b) => Some(b),
            Found::Whole => None,
            Found::GaveUp(why) => {
                gave_up = Some(format!(
                    "the automatic framing kept the whole picture: {why} (crop it by hand with `crop = [x, y, w, h]`, or write `frame = \"whole\"` to say so)"
                ));
                None
            }
        },
        false => None,
    };
    let (sw, sh) = raster.shown_size();
    let b = frame_box(frame, found, sw, sh);
    let region = stored_region(b, raster.orientation, raster.width, raster.height);
    if region == Region::whole(raster.width, raster.height) && !remove {
        let decoded = matches!(raster.data, RasterData::Jpeg { .. }).then(|| {
            Arc::new(Raster {
                data: RasterData::Pixels { color, alpha },
                memo: Default::default(),
                ..raster.clone()
            })
        });
        return Ok(Framed {
            raster: Arc::new(raster),
            decoded,
            gave_up,
        });
    }
    let mut part = crop(&src, region).ok_or("not enough memory to crop the picture")?;
    if remove {
        let channels = src.channels;
        part.alpha = Some(remove_paper(
            &mut part.color,
            channels,
            part.width,
            part.height,
        ));
    }
    let color = match color {
        Samples::Gray(_) => Samples::Gray(part.color.into()),
        Samples::Rgb(_) => Samples::Rgb(part.color.into()),
        Samples::Cmyk(_) => Samples::Cmyk(part.color.into()),
    };
    let digest = derived_digest(
        raster.digest,
        &[1, region.x, region.y, region.w, region.h, u32::from(remove)].map(u64::from),
    );
    Ok(Framed {
        raster: Arc::new(Raster {
            width: region.w,
            height: region.h,
            orientation: raster.orientation,
            data: RasterData::Pixels {
                color,
                alpha: part.alpha.map(Arc::from),
            },
            digest,
            memo: Default::default(),
        }),
        decoded: None,
        gave_up,
    })
}

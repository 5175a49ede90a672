//! A raster picture framed as it is loaded: cropped to the drawing found in
//! a photo or to the theme's frame ([`super::frame`]), so that the layout
//! places it with its framed proportions. The picture is decoded here at
//! most once; its decoded pixels are kept for [`super::print`] when the
//! frame is the whole picture, so that it is not decoded again there.

use std::sync::Arc;

use super::cache::{self, Step};
use super::decode::jpeg_samples;
use super::frame::{
    clean_paper, find_drawing, frame_box, stored_region, Found, Look, StrokeMap, UprightBox,
    ANALYSIS_SIZE,
};
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
    /// What the automatic framing did, for a photo it looked into.
    pub auto: Option<AutoFrame>,
}

/// What the automatic framing of a photo chose, in fractions of the upright
/// photo (`[x, y, w, h]`, as a theme's `crop` is written).
#[derive(Debug, Clone, PartialEq)]
pub struct AutoFrame {
    /// The frame used.
    pub crop: [f64; 4],
    /// The frames of other drawings on the same sheet, largest first.
    pub others: Vec<[f64; 4]>,
}

/// Above this share of the photo's area, an automatic frame is "nearly the
/// whole photo" and is warned about: the drawing will be small on the counter.
pub const NEARLY_WHOLE: f64 = 0.8;

impl AutoFrame {
    /// True when the frame holds nearly all of the photo.
    pub fn nearly_whole(&self) -> bool {
        self.crop[2] * self.crop[3] > NEARLY_WHOLE
    }
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
    look_at(raster).map(|l| l.found)
}

/// What [`find_drawing`] sees in photo `raster`, or saw before (see
/// [`super::cache`]); decodes a JPEG only the first time.
fn look_at(raster: &Raster) -> Result<Look, String> {
    looked(raster, || {
        let (color, alpha) = samples(raster)?;
        Ok(find_drawing(
            &source(raster, &color, alpha.as_ref()),
            raster.orientation,
        ))
    })
}

/// What [`find_drawing`] saw in `raster` by `look`, or as seen before.
fn looked(raster: &Raster, look: impl FnOnce() -> Result<Look, String>) -> Result<Look, String> {
    cache::get_or(Step::Found, raster.digest, &[], look)
}

/// What [`find_drawing`] saw in `raster` (looked at now, or as seen
/// before) as bytes another process can hand to [`take_look`]: the web
/// page looks at photos in two workers at once and gives the one that makes
/// the pages what the other saw. `None` for a picture that is not a photo or
/// where the look gave up (the taker looks again then). Errors name no file.
pub fn look_bytes(raster: &Raster) -> Result<Option<Vec<u8>>, String> {
    if !is_photo(raster) {
        return Ok(None);
    }
    let l = look_at(raster)?;
    let mut out = vec![1u8];
    let boxes = |out: &mut Vec<u8>, b: &UprightBox| {
        for v in b {
            out.extend(v.to_le_bytes());
        }
    };
    match &l.found {
        Found::Whole => out.push(0),
        Found::Drawing(b) => {
            out.push(1);
            boxes(&mut out, b);
        }
        Found::GaveUp(_) => return Ok(None),
    }
    out.extend((l.others.len() as u32).to_le_bytes());
    for b in &l.others {
        boxes(&mut out, b);
    }
    out.push(u8::from(l.sheet));
    out.extend(l.angle.to_le_bytes());
    match &l.strokes {
        None => out.push(0),
        Some(m) => {
            out.push(1);
            for v in [m.size.0 as u32, m.size.1 as u32, m.scale] {
                out.extend(v.to_le_bytes());
            }
            out.extend(m.near.iter().map(|&b| u8::from(b)));
        }
    }
    Ok(Some(out))
}

/// Keeps what [`look_bytes`] gave for the same picture as this process's
/// own look at `raster` (see [`cache`]), unless it has one; false when the
/// bytes are not a look.
pub fn take_look(raster: &Raster, bytes: &[u8]) -> bool {
    let Some(look) = read_look(bytes) else {
        return false;
    };
    looked(raster, || Ok(look)).is_ok()
}

/// A look from [`look_bytes`]'s bytes.
fn read_look(b: &[u8]) -> Option<Look> {
    let mut r = Reader { b, at: 0 };
    if r.take(1)? != [1] {
        return None;
    }
    let found = match r.take(1)?[0] {
        0 => Found::Whole,
        1 => Found::Drawing(r.upright()?),
        _ => return None,
    };
    let n = r.u32()? as usize;
    let mut others = Vec::with_capacity(n.min(64));
    for _ in 0..n {
        others.push(r.upright()?);
    }
    let sheet = r.take(1)?[0] == 1;
    let angle = f32::from_le_bytes(r.take(4)?.try_into().ok()?);
    let strokes = match r.take(1)?[0] {
        0 => None,
        1 => {
            let (w, h, scale) = (r.u32()? as usize, r.u32()? as usize, r.u32()?);
            let near = r.take(w.checked_mul(h)?)?.iter().map(|&v| v == 1).collect();
            Some(StrokeMap {
                size: (w, h),
                scale,
                near,
            })
        }
        _ => return None,
    };
    (r.at == b.len()).then_some(Look {
        found,
        others,
        sheet,
        angle,
        strokes,
    })
}

/// Reads [`look_bytes`]'s bytes in order.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn upright(&mut self) -> Option<UprightBox> {
        let mut v = [0.0; 4];
        for x in &mut v {
            *x = f64::from_le_bytes(self.take(8)?.try_into().ok()?);
        }
        Some(v)
    }
}

/// `b` (upright pixels) in fractions of a picture shown `w` × `h`, rounded
/// to 3 decimals (a tenth of a per cent: what a theme line shows).
fn fractions(b: [f64; 4], (w, h): (u32, u32)) -> [f64; 4] {
    let (w, h) = (f64::from(w.max(1)), f64::from(h.max(1)));
    let r = |v: f64| (v * 1000.0).round() / 1000.0;
    let (x, y) = (r(b[0] / w), r(b[1] / h));
    [x, y, r(b[2] / w).min(1.0 - x), r(b[3] / h).min(1.0 - y)]
}

/// The numbers that make a frame and a background, for [`cache`]'s keys.
pub fn frame_numbers(frame: &Frame, background: Background) -> Vec<u64> {
    let mut n = vec![
        u64::from(frame.start == FrameStart::Whole),
        match background {
            Background::Keep => 0,
            Background::Remove => 1,
            Background::White => 2,
        },
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
/// frame is `whole` or gives a crop, then zoom and focus; a photo's paper
/// is cleaned as `background` says ([`clean_paper`]: to white when a sheet
/// was seen, transparent with [`Background::Remove`]). Errors (a JPEG that
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
    // To clean the paper to white, the photo must be seen to be of a sheet.
    let white = background == Background::White && photo && frame.start == FrameStart::Auto;
    if !auto && !manual && !remove && !white {
        return Ok(Framed {
            raster: Arc::new(raster),
            decoded: None,
            gave_up: None,
            auto: None,
        });
    }
    let (color, alpha) = samples(&raster)?;
    let src = source(&raster, &color, alpha.as_ref());
    let look = match auto || white {
        true => Some(looked(&raster, || {
            Ok(find_drawing(&src, raster.orientation))
        })?),
        false => None,
    };
    let shown = raster.shown_size();
    let mut gave_up = None;
    let mut auto_frame = None;
    let found = match look.as_ref().filter(|_| auto) {
        Some(l) => match &l.found {
            Found::Drawing(b) => {
                auto_frame = Some(AutoFrame {
                    crop: fractions(*b, shown),
                    others: l.others.iter().map(|o| fractions(*o, shown)).collect(),
                });
                Some(*b)
            }
            Found::Whole => {
                auto_frame = Some(AutoFrame {
                    crop: [0.0, 0.0, 1.0, 1.0],
                    others: Vec::new(),
                });
                None
            }
            Found::GaveUp(why) => {
                gave_up = Some(format!(
                    "the automatic framing kept the whole picture: {why} (crop it by hand with `crop = [x, y, w, h]`, or write `frame = \"whole\"` to say so)"
                ));
                None
            }
        },
        None => None,
    };
    let clean = remove || (white && look.as_ref().is_some_and(|l| l.sheet));
    let (sw, sh) = shown;
    let b = frame_box(frame, found, sw, sh);
    let region = stored_region(b, raster.orientation, raster.width, raster.height);
    if region == Region::whole(raster.width, raster.height) && !clean {
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
            auto: auto_frame,
        });
    }
    let mut part = crop(&src, region).ok_or("not enough memory to crop the picture")?;
    if clean && src.channels != 4 {
        // The ruling's direction in the stored pixels: a mirror turns it
        // the other way (both directions are cleaned, so a quarter turn
        // changes nothing).
        let angle = look.as_ref().map_or(0.0, |l| match raster.orientation {
            2 | 4 | 5 | 7 => -l.angle,
            _ => l.angle,
        });
        // Ruling a pixel wide on the reduced copy the drawing was found in.
        let k = raster
            .width
            .max(raster.height)
            .div_ceil(ANALYSIS_SIZE)
            .max(1) as usize;
        let strokes = look.as_ref().and_then(|l| l.strokes.as_ref());
        let stored = (raster.width, raster.height);
        let near = |x: u32, y: u32| {
            strokes.is_none_or(|m| {
                m.near_stored(x + region.x, y + region.y, stored, raster.orientation)
            })
        };
        let alpha = clean_paper(
            &mut part.color,
            src.channels,
            (part.width, part.height),
            angle,
            2 * k + 3,
            remove,
            Some(&near),
        );
        if alpha.is_some() {
            part.alpha = alpha;
        }
    }
    let color = match color {
        Samples::Gray(_) => Samples::Gray(part.color.into()),
        Samples::Rgb(_) => Samples::Rgb(part.color.into()),
        Samples::Cmyk(_) => Samples::Cmyk(part.color.into()),
    };
    let digest = derived_digest(
        raster.digest,
        &[
            1,
            region.x,
            region.y,
            region.w,
            region.h,
            u32::from(remove) + 2 * u32::from(clean),
        ]
        .map(u64::from),
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
        auto: auto_frame,
    })
}

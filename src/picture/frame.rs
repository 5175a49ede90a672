//! Framing a picture before it is placed: finding the drawing on the paper
//! in a photo ([`find_drawing`], the steps in [`super::sheet`]), cleaning the
//! paper around it ([`clean_paper`]: its tint, uneven light and ruling, to
//! white or transparent), and the theme's frame by hand ([`frame_box`]:
//! crop, zoom and focus).
//!
//! The photo is reduced to at most [`ANALYSIS_SIZE`] pixels on its long
//! side, upright, and looked into there: time and memory are bounded by that
//! size, whatever the photo's. The frame is the drawing's box widened by a
//! small margin, inside the sheet. It gives up, keeping the whole picture,
//! when no ink is found, or when no sheet stands out and the ink covers
//! nearly all of the photo.
//!
//! Coordinates: boxes are in pixels of the upright picture unless they are
//! said to be stored ([`Region`], the stored pixels, orientation not applied).

use super::filters::{blur, max_filter, ruling_lines};
use super::resample::{upright, Region, Scaled, Source};
use super::sheet::{analyse, around_strokes, Small, SmallBox};
use crate::theme::{Frame, FrameStart};

/// Longest side of the reduced photo the drawing is looked for in, pixels.
pub const ANALYSIS_SIZE: u32 = 640;

/// A box in the upright picture: left, top, width, height, in pixels
/// (fractions allowed).
pub type UprightBox = [f64; 4];

/// What [`find_drawing`] found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// The drawing's box with its margin, in upright pixels.
    Drawing(UprightBox),
    /// Nothing to crop: the drawing fills the picture.
    Whole,
    /// It could not tell; says why, for a message.
    GaveUp(&'static str),
}

/// What [`find_drawing`] saw in a photo.
#[derive(Debug, Clone, PartialEq)]
pub struct Look {
    /// The frame it would use.
    pub found: Found,
    /// Other drawings on the same sheet, each framed as `found` would be,
    /// largest first (upright pixels).
    pub others: Vec<UprightBox>,
    /// True when a sheet of paper stood out from what is around it.
    pub sheet: bool,
    /// The direction of the paper's ruling in the upright picture, radians
    /// (x right, y down; the other direction is at right angles).
    pub angle: f32,
    /// Where the drawings' strokes are, with a margin of two pixels and
    /// what they enclose (a coloured body), on the reduced upright copy (`w` × `h`, row by row), and how many upright
    /// pixels of the picture each of its pixels stands for, each way.
    pub strokes: Option<StrokeMap>,
}

/// Where strokes are, on the reduced upright copy of a photo.
#[derive(Debug, Clone, PartialEq)]
pub struct StrokeMap {
    /// Width and height, pixels of the reduced copy.
    pub size: (usize, usize),
    /// Upright pixels of the picture per pixel of the copy.
    pub scale: u32,
    /// True near a stroke, row by row.
    pub near: std::sync::Arc<[bool]>,
}

impl StrokeMap {
    /// True when the stored pixel (`x`, `y`) of a picture stored `width` ×
    /// `height` with EXIF `orientation` is near a stroke.
    pub fn near_stored(
        &self,
        x: u32,
        y: u32,
        (width, height): (u32, u32),
        orientation: u8,
    ) -> bool {
        let (sw, sh) = (width, height);
        let (u, v) = match orientation {
            2 => (sw - 1 - x, y),
            3 => (sw - 1 - x, sh - 1 - y),
            4 => (x, sh - 1 - y),
            5 => (y, x),
            6 => (sh - 1 - y, x),
            7 => (sh - 1 - y, sw - 1 - x),
            8 => (y, sw - 1 - x),
            _ => (x, y),
        };
        let (i, j) = ((u / self.scale) as usize, (v / self.scale) as usize);
        let (w, h) = self.size;
        // Past the copy's last whole block: the nearest pixel of the copy.
        self.near[j.min(h - 1) * w + i.min(w - 1)]
    }
}

/// The reduced upright copy of a photo (1 or 3 channels) and the number of
/// stored pixels each of its pixels stands for, each way.
fn small(src: &Source, orientation: u8) -> Option<(Small, u32)> {
    let long = src.width.max(src.height);
    let k = long.div_ceil(ANALYSIS_SIZE).max(1);
    let reduced = block_average(src, k)?;
    let up = upright(reduced, src.channels, orientation);
    let c = src.channels;
    let n = (up.width * up.height) as usize;
    let mut rgb = [
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    ];
    for px in up.color.chunks_exact(c) {
        for (ch, plane) in rgb.iter_mut().enumerate() {
            plane.push(f32::from(px[ch.min(c - 1)]));
        }
    }
    Some((
        Small {
            w: up.width as usize,
            h: up.height as usize,
            rgb,
        },
        k,
    ))
}

/// The means of `k` × `k` blocks of the stored pixels (a remainder at the
/// right and bottom edges left out): integer sums, one pass over the rows.
fn block_average(src: &Source, k: u32) -> Option<Scaled> {
    let c = src.channels;
    let (w, h) = (src.width as usize, src.height as usize);
    let k = k as usize;
    let (ow, oh) = (w / k, h / k);
    if ow == 0 || oh == 0 || src.color.len() < w * h * c {
        return None;
    }
    let mut color = Vec::with_capacity(ow * oh * c);
    let mut sums = vec![0u32; ow * c];
    let n = (k * k) as u32;
    for by in 0..oh {
        sums.fill(0);
        for y in by * k..(by + 1) * k {
            let row = &src.color[y * w * c..(y * w + ow * k) * c];
            if c == 3 {
                // The usual case, a channel to a register.
                for (block, out) in row.chunks_exact(k * 3).zip(sums.chunks_exact_mut(3)) {
                    let mut rgb = [0u32; 3];
                    for px in block.chunks_exact(3) {
                        rgb[0] += u32::from(px[0]);
                        rgb[1] += u32::from(px[1]);
                        rgb[2] += u32::from(px[2]);
                    }
                    for (s, v) in out.iter_mut().zip(rgb) {
                        *s += v;
                    }
                }
                continue;
            }
            for (bx, block) in row.chunks_exact(k * c).enumerate() {
                let out = &mut sums[bx * c..(bx + 1) * c];
                for px in block.chunks_exact(c) {
                    for (s, &v) in out.iter_mut().zip(px) {
                        *s += u32::from(v);
                    }
                }
            }
        }
        color.extend(sums.iter().map(|&s| ((s + n / 2) / n) as u8));
    }
    Some(Scaled {
        width: ow as u32,
        height: oh as u32,
        color,
        alpha: None,
    })
}

/// Looks for a drawing on paper in a photo given by its stored pixels (1 or
/// 3 channels) and EXIF orientation.
pub fn find_drawing(src: &Source, orientation: u8) -> Look {
    let mut look = Look {
        found: Found::Whole,
        others: Vec::new(),
        sheet: false,
        angle: 0.0,
        strokes: None,
    };
    if src.channels != 1 && src.channels != 3 {
        return look;
    }
    let Some((s, k)) = small(src, orientation) else {
        look.found = Found::GaveUp("the picture could not be read");
        return look;
    };
    let a = analyse(&s);
    look.sheet = a.sheet.is_some();
    look.angle = a.angle;
    if look.sheet && !a.strokes.is_empty() {
        look.strokes = Some(StrokeMap {
            size: (s.w, s.h),
            scale: k,
            near: around_strokes(&a.strokes, s.w, s.h).into(),
        });
    }
    if let Some(why) = a.gave_up {
        look.found = match why {
            "the picture is too small to look into" => Found::Whole,
            why => Found::GaveUp(why),
        };
        return look;
    }
    let Some(drawing) = a.drawing else {
        return look;
    };
    let limit = a.sheet.unwrap_or(a.content);
    let k = f64::from(k);
    // A small margin, inside the sheet (or the content).
    let framed = |b: SmallBox| -> UprightBox {
        let (bw, bh) = ((b[2] - b[0]) as f64, (b[3] - b[1]) as f64);
        let m = (bw.max(bh) * 0.05).max(2.0);
        let l = (b[0] as f64 - m).max(limit[0] as f64);
        let t = (b[1] as f64 - m).max(limit[1] as f64);
        let r = (b[2] as f64 + m).min(limit[2] as f64);
        let bt = (b[3] as f64 + m).min(limit[3] as f64);
        [l * k, t * k, (r - l) * k, (bt - t) * k]
    };
    let f = framed(drawing);
    look.found = if f[2] * f[3] > 0.97 * (s.w * s.h) as f64 * k * k {
        Found::Whole
    } else {
        Found::Drawing(f)
    };
    look.others = a.others.into_iter().map(framed).collect();
    look
}

/// Longest side of the plane the ruling is looked for in when cleaning a
/// framed photo, pixels (a larger crop is reduced for that step only).
const RULING_SIZE: usize = 2048;

/// Cleans the paper of a photographed drawing: stored pixels (1 or 3
/// channels, `width` × `height`) are compared with the paper's colour nearby
/// (each channel's brightest value over about a tenth of the picture,
/// smoothed, estimated on a reduced copy), the ruling is taken out (thin
/// long lines along `angle` radians in the stored pixels and at right
/// angles, under `thin` pixels wide: [`ruling_lines`]), then a pixel's
/// opacity grows with how much darker it is than the paper (fully clear
/// within 10 %, fully opaque from 40 % darker) and its colour is unmixed
/// from the paper's, as ink on white; a pixel for which `near` (given the
/// pixel's place) is false is paper whatever its colour. With `transparent`, changes `color`
/// to the ink's colours and returns the alpha plane; else lays the ink on
/// white (the paper's tint, its uneven light and its ruling become white)
/// and returns `None`.
pub fn clean_paper(
    color: &mut [u8],
    channels: usize,
    (width, height): (u32, u32),
    angle: f32,
    thin: usize,
    transparent: bool,
    near: Option<&dyn Fn(u32, u32) -> bool>,
) -> Option<Vec<u8>> {
    let (w, h) = (width as usize, height as usize);
    let c = channels;
    let k = width.max(height).div_ceil(ANALYSIS_SIZE).max(1);
    let src = Source {
        width,
        height,
        channels,
        color,
        alpha: None,
    };
    let Some(small) = block_average(&src, k) else {
        return transparent.then(|| vec![255; w * h]);
    };
    let (sw, sh) = (small.width as usize, small.height as usize);
    let r = (sw.max(sh) / 10).max(2);
    // The strokes and what they enclose are not paper: left out of the
    // paper's level, which is taken from farther when none is near.
    let kk = k;
    let stroke = |i: usize| {
        let (x, y) = ((i % sw) as u32 * kk + kk / 2, (i / sw) as u32 * kk + kk / 2);
        near.is_some_and(|n| n(x, y))
    };
    let paper = paper_levels(&small.color, c, (sw, sh), r, &stroke);
    let k = k as f32;
    // Bilinear position in the reduced copy (its pixel centres): each
    // column's two neighbours and weight, each row's the same way.
    let place = |i: usize, n: usize| {
        let f = ((i as f32 + 0.5) / k - 0.5).clamp(0.0, (n - 1) as f32);
        let (i0, t) = (f.floor() as usize, f.fract());
        (i0, (i0 + 1).min(n - 1), t)
    };
    let columns: Vec<(usize, usize, f32)> = (0..w).map(|x| place(x, sw)).collect();
    // The paper's level along a row of the reduced copy, at every column
    // (channels interleaved), interpolated across.
    let across = |j: usize, out: &mut Vec<f32>| {
        out.clear();
        for &(x0, x1, tx) in &columns {
            for p in &paper {
                out.push(p[j * sw + x0] * (1.0 - tx) + p[j * sw + x1] * tx);
            }
        }
    };
    // The paper's level at every pixel of row `y`, then interpolated down
    // (the rows of the reduced copy above and below it kept from the last).
    let mut rows_at: Option<(usize, usize)> = None;
    let (mut top, mut bottom, mut level) = (Vec::new(), Vec::new(), Vec::new());
    let mut level_row = |y: usize, level: &mut Vec<f32>| {
        let (y0, y1, ty) = place(y, sh);
        if rows_at != Some((y0, y1)) {
            across(y0, &mut top);
            across(y1, &mut bottom);
            rows_at = Some((y0, y1));
        }
        level.clear();
        level.extend(
            top.iter()
                .zip(&bottom)
                .map(|(&t, &b)| (t * (1.0 - ty) + b * ty).max(1.0)),
        );
    };
    // Each channel as a fraction of the paper's: 1 is paper.
    let shade = |px: &[u8], level: &[f32]| -> [f32; 3] {
        let mut s = [1f32; 3];
        for ch in 0..c {
            s[ch] = (f32::from(px[ch]) / level[ch]).min(1.0);
        }
        s
    };
    // The ruling, on a plane at most RULING_SIZE a side (each pixel the
    // darkest of those it stands for).
    let f = w.max(h).div_ceil(RULING_SIZE).max(1);
    let (rw, rh) = (w.div_ceil(f), h.div_ceil(f));
    let mut dark = vec![0f32; rw * rh];
    for y in 0..h {
        level_row(y, &mut level);
        let row = &color[y * w * c..(y + 1) * w * c];
        let cells = &mut dark[(y / f) * rw..(y / f + 1) * rw];
        for x in 0..w {
            let s = shade(&row[x * c..(x + 1) * c], &level[x * c..(x + 1) * c]);
            let d = 1.0 - s[..c].iter().copied().fold(1.0, f32::min);
            let cell = &mut cells[x / f];
            *cell = cell.max(d);
        }
    }
    let len = ((rw.max(rh) as f32 * 0.15) as usize).max(24);
    let lines = ruling_lines(&dark, rw, rh, angle, len, thin.div_ceil(f) + 1);
    drop(dark);
    let mut alpha = Vec::with_capacity(if transparent { w * h } else { 0 });
    for y in 0..h {
        level_row(y, &mut level);
        let lines_row = &lines[(y / f) * rw..(y / f + 1) * rw];
        let row = &mut color[y * w * c..(y + 1) * w * c];
        for x in 0..w {
            let px = &mut row[x * c..(x + 1) * c];
            if near.is_some_and(|n| !n(x as u32, y as u32)) {
                // Away from every stroke: a shadow, a thumb, a name. Clear
                // paper: white, or no ink and transparent.
                px.fill(255);
                if transparent {
                    alpha.push(0);
                }
                continue;
            }
            let keep = 1.0 - lines_row[x / f];
            let mut s = shade(px, &level[x * c..(x + 1) * c]);
            for v in s[..c].iter_mut() {
                *v = (*v / keep.max(0.05)).min(1.0);
            }
            let darkest = s[..c].iter().copied().fold(1.0, f32::min);
            let a = ((1.0 - darkest - 0.1) / (0.4 - 0.1)).clamp(0.0, 1.0);
            for ch in 0..c {
                // Ink on white: shade = 1 - a (1 - ink).
                let ink = if a > 0.0 {
                    1.0 - (1.0 - s[ch]) / a
                } else {
                    1.0
                };
                let v = match transparent {
                    true => ink.clamp(0.0, 1.0),
                    false => 1.0 - a * (1.0 - ink.clamp(0.0, 1.0)),
                };
                px[ch] = byte(v * 255.0);
            }
            if transparent {
                alpha.push(byte(a * 255.0));
            }
        }
    }
    transparent.then_some(alpha)
}

/// The paper's level in each of `c` channels over a reduced copy (`small`,
/// interleaved, `sw` × `sh` pixels): each channel's brightest value within
/// `r` pixels, smoothed; where `stroke` (a pixel's index) is true the pixel
/// is left out, and the level comes from farther when none is near.
fn paper_levels(
    small: &[u8],
    c: usize,
    (sw, sh): (usize, usize),
    r: usize,
    stroke: &dyn Fn(usize) -> bool,
) -> Vec<Vec<f32>> {
    (0..c)
        .map(|ch| {
            let plane: Vec<f32> = small
                .iter()
                .skip(ch)
                .step_by(c)
                .map(|&v| f32::from(v))
                .collect();
            // Smoothed first, so that the brightest is the paper's, not its grain's.
            let calm = blur(&plane, sw, sh, 2);
            let bare: Vec<f32> = (0..sw * sh)
                .map(|i| if stroke(i) { 0.0 } else { calm[i] })
                .collect();
            let near_level = max_filter(&bare, sw, sh, r);
            let far_level = max_filter(&bare, sw, sh, sw.max(sh));
            let level: Vec<f32> = near_level
                .iter()
                .zip(&far_level)
                .map(|(&a, &b)| {
                    if a > 0.0 {
                        a
                    } else if b > 0.0 {
                        b
                    } else {
                        255.0
                    }
                })
                .collect();
            blur(&level, sw, sh, r)
        })
        .collect()
}

/// `x.round() as u8` without the library call `roundf` (halves away from
/// zero) for 0 ≤ `x` ≤ 255, where the fraction `x - ⌊x⌋` is exact.
fn byte(x: f32) -> u8 {
    if !(0.0..=255.0).contains(&x) {
        return x.round() as u8;
    }
    let t = x as u32;
    (if x - t as f32 >= 0.5 { t + 1 } else { t }) as u8
}

/// The frame of a picture shown `width` × `height` pixels upright, from the
/// theme's `frame` and the automatic box `auto` (used when the frame starts
/// automatically and gives no crop): an upright box in pixels, inside the
/// picture, at least one pixel each way.
pub fn frame_box(frame: &Frame, auto: Option<UprightBox>, width: u32, height: u32) -> UprightBox {
    let (pw, ph) = (f64::from(width), f64::from(height));
    let mut b = match (frame.crop, frame.start, auto) {
        (Some([x, y, w, h]), ..) => [x * pw, y * ph, w * pw, h * ph],
        (None, FrameStart::Auto, Some(a)) => a,
        _ => [0.0, 0.0, pw, ph],
    };
    let zoom = frame.zoom.unwrap_or(1.0);
    if zoom != 1.0 || frame.focus.is_some() {
        let (cx, cy) = match frame.focus {
            Some([fx, fy]) => (fx * pw, fy * ph),
            None => (b[0] + b[2] / 2.0, b[1] + b[3] / 2.0),
        };
        let (w, h) = ((b[2] / zoom).min(pw), (b[3] / zoom).min(ph));
        b = [
            (cx - w / 2.0).clamp(0.0, pw - w),
            (cy - h / 2.0).clamp(0.0, ph - h),
            w,
            h,
        ];
    }
    b
}

/// An upright box (pixels) as the stored pixels it covers, for a picture
/// stored `width` × `height` with EXIF `orientation`; rounded outwards,
/// inside the picture, at least one pixel each way.
pub fn stored_region(b: UprightBox, orientation: u8, width: u32, height: u32) -> Region {
    let (sw, sh) = (f64::from(width), f64::from(height));
    let to_stored = |u: f64, v: f64| match orientation {
        2 => (sw - u, v),
        3 => (sw - u, sh - v),
        4 => (u, sh - v),
        5 => (v, u),
        6 => (v, sh - u),
        7 => (sw - v, sh - u),
        8 => (sw - v, u),
        _ => (u, v),
    };
    let (ax, ay) = to_stored(b[0], b[1]);
    let (bx, by) = to_stored(b[0] + b[2], b[1] + b[3]);
    let x0 = (ax.min(bx) + 1e-6).floor().clamp(0.0, sw - 1.0) as u32;
    let y0 = (ay.min(by) + 1e-6).floor().clamp(0.0, sh - 1.0) as u32;
    let x1 = (ax.max(bx) - 1e-6).ceil().clamp(f64::from(x0 + 1), sw) as u32;
    let y1 = (ay.max(by) - 1e-6).ceil().clamp(f64::from(y0 + 1), sh) as u32;
    Region {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_and_focus_stay_inside_the_picture() {
        let f = Frame {
            zoom: Some(2.0),
            focus: Some([0.95, 0.5]),
            ..Frame::default()
        };
        let b = frame_box(&f, None, 400, 300);
        assert_eq!(b, [200.0, 75.0, 200.0, 150.0]);
        let out = Frame {
            zoom: Some(0.5),
            ..Frame::default()
        };
        assert_eq!(
            frame_box(&out, Some([100.0, 100.0, 100.0, 50.0]), 400, 300),
            [50.0, 75.0, 200.0, 100.0]
        );
        let crop = Frame {
            crop: Some([0.25, 0.0, 0.5, 1.0]),
            ..Frame::default()
        };
        assert_eq!(
            frame_box(&crop, Some([0.0, 0.0, 1.0, 1.0]), 400, 300),
            [100.0, 0.0, 200.0, 300.0]
        );
    }

    #[test]
    fn upright_boxes_map_to_stored_pixels() {
        // Stored 40 × 30, orientation 6: shown 30 × 40, the stored top row on the right.
        let r = stored_region([0.0, 0.0, 10.0, 20.0], 6, 40, 30);
        assert_eq!(
            r,
            Region {
                x: 0,
                y: 20,
                w: 20,
                h: 10
            }
        );
        let r = stored_region([0.0, 0.0, 10.0, 20.0], 8, 40, 30);
        assert_eq!(
            r,
            Region {
                x: 20,
                y: 0,
                w: 20,
                h: 10
            }
        );
        assert_eq!(
            stored_region([5.0, 5.0, 10.0, 10.0], 1, 40, 30),
            Region {
                x: 5,
                y: 5,
                w: 10,
                h: 10
            }
        );
    }
}

//! Scaling pictures down by area averaging, cropping them, and turning them
//! upright.
//!
//! Every output pixel is the average of the source pixels its area covers,
//! each weighted by how much of it lies inside (a box filter of exactly the
//! scale's width): no aliasing, no ringing, no sharpening. Colour is averaged
//! with alpha as weight (premultiplied), so transparent pixels lend no colour
//! to the edge of a drawing. Memory: the output and two rows of sums; the
//! source is read row by row once.
//!
//! Pixels are 8-bit samples, `channels` per pixel interleaved, rows top to
//! bottom without padding; an alpha plane is separate, one byte per pixel.

/// A rectangle of pixels: left column, top row, width and height.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    /// Left column.
    pub x: u32,
    /// Top row.
    pub y: u32,
    /// Width in pixels.
    pub w: u32,
    /// Height in pixels.
    pub h: u32,
}

impl Region {
    /// The whole of a `width` × `height` picture.
    pub fn whole(width: u32, height: u32) -> Region {
        Region {
            x: 0,
            y: 0,
            w: width,
            h: height,
        }
    }
}

/// A picture's pixels to read from.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Colour samples per pixel (1 grey, 3 RGB, 4 CMYK).
    pub channels: usize,
    /// `width × height × channels` samples.
    pub color: &'a [u8],
    /// `width × height` alpha values, when the picture has transparency.
    pub alpha: Option<&'a [u8]>,
}

/// Pixels made by [`scale_down`] or [`upright`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scaled {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Colour samples, as many channels as the source's.
    pub color: Vec<u8>,
    /// Alpha, when the source had it.
    pub alpha: Option<Vec<u8>>,
}

/// The source columns (or rows) each output one covers: for output `o`,
/// `(first source index, weights)`, the weights summing to 1. `src` source
/// pixels from `start` map onto `out` output pixels (`out ≤ src`).
fn spans(start: u32, src: u32, out: u32) -> Vec<(usize, Vec<f32>)> {
    let scale = f64::from(src) / f64::from(out);
    (0..out)
        .map(|o| {
            let a = f64::from(o) * scale;
            let b = (f64::from(o + 1) * scale).min(f64::from(src));
            let first = a.floor() as u32;
            let last = (b.ceil() as u32).clamp(first + 1, src);
            let weights = (first..last)
                .map(|i| {
                    let lo = a.max(f64::from(i));
                    let hi = b.min(f64::from(i + 1));
                    ((hi - lo).max(0.0) / scale) as f32
                })
                .collect();
            ((start + first) as usize, weights)
        })
        .collect()
}

/// The part `region` of `src` scaled to `out_w` × `out_h` pixels (each at
/// most the region's own size) by area averaging. `None` when the region
/// lies outside the picture, a size is 0, or the samples are short.
pub fn scale_down(src: &Source, region: Region, out_w: u32, out_h: u32) -> Option<Scaled> {
    let c = src.channels;
    let (w, h) = (src.width as usize, src.height as usize);
    if out_w == 0
        || out_h == 0
        || out_w > region.w
        || out_h > region.h
        || region.x.checked_add(region.w)? > src.width
        || region.y.checked_add(region.h)? > src.height
        || src.color.len() < w * h * c
        || src.alpha.is_some_and(|a| a.len() < w * h)
    {
        return None;
    }
    let xs = spans(region.x, region.w, out_w);
    let (ow, oh) = (out_w as usize, out_h as usize);
    // Sums per output pixel: the colour channels (weighted by alpha), then
    // the alpha (or the plain weight when there is none).
    let k = c + 1;
    let mut row = vec![0f32; ow * k];
    let mut sums = [vec![0f32; ow * k], vec![0f32; ow * k]];
    let mut color = Vec::new();
    color.try_reserve_exact(ow * oh * c).ok()?;
    let mut alpha = match src.alpha {
        Some(_) => {
            let mut a = Vec::new();
            a.try_reserve_exact(ow * oh).ok()?;
            Some(a)
        }
        None => None,
    };
    let scale = f64::from(region.h) / f64::from(out_h);
    let mut done = 0usize; // output rows written
    let flush = |sums: &mut [f32], color: &mut Vec<u8>, alpha: &mut Option<Vec<u8>>| {
        for px in sums.chunks_exact_mut(k) {
            let weight = px[c];
            for v in &px[..c] {
                let v = if weight > 0.0 { v / weight } else { 0.0 };
                color.push(v.round().clamp(0.0, 255.0) as u8);
            }
            if let Some(a) = alpha {
                // The weights sum to 1: the alpha sum is the mean alpha.
                a.push((weight * 255.0).round().clamp(0.0, 255.0) as u8);
            }
            px.fill(0.0);
        }
    };
    for sy in 0..region.h {
        // This source row's share of output rows `o` and `o + 1`.
        let o = (f64::from(sy) / scale).floor() as usize;
        let top = f64::from(sy);
        let edge = (o + 1) as f64 * scale;
        let (here, next) = if f64::from(sy + 1) <= edge || o + 1 >= oh {
            (1.0, 0.0)
        } else {
            ((edge - top) as f32, (f64::from(sy + 1) - edge) as f32)
        };
        let here = here / scale as f32;
        let next = next / scale as f32;
        // The row, averaged across.
        let y = (region.y + sy) as usize;
        let line = &src.color[y * w * c..(y + 1) * w * c];
        let alpha_line = src.alpha.map(|a| &a[y * w..(y + 1) * w]);
        for (out, (first, weights)) in row.chunks_exact_mut(k).zip(&xs) {
            out.fill(0.0);
            for (j, &wt) in weights.iter().enumerate() {
                let i = first + j;
                let a = alpha_line.map_or(1.0, |a| f32::from(a[i]) / 255.0);
                let wa = wt * a;
                for ch in 0..c {
                    out[ch] += wa * f32::from(line[i * c + ch]);
                }
                out[c] += wa;
            }
        }
        for (s, v) in sums[0].iter_mut().zip(&row) {
            *s += here * v;
        }
        if next > 0.0 {
            for (s, v) in sums[1].iter_mut().zip(&row) {
                *s += next * v;
            }
        }
        // Output row `o` is complete once the next source row starts past it.
        let finished = sy + 1 == region.h || f64::from(sy + 1) >= edge - 1e-9;
        if finished && done == o && done < oh {
            flush(&mut sums[0], &mut color, &mut alpha);
            sums.swap(0, 1);
            done += 1;
        }
    }
    while done < oh {
        flush(&mut sums[0], &mut color, &mut alpha);
        sums.swap(0, 1);
        done += 1;
    }
    Some(Scaled {
        width: out_w,
        height: out_h,
        color,
        alpha,
    })
}

/// Stored pixels turned upright by EXIF orientation `orientation` (1–8):
/// width and height swap for 5–8.
pub fn upright(p: Scaled, channels: usize, orientation: u8) -> Scaled {
    if !(2..=8).contains(&orientation) {
        return p;
    }
    let (w, h) = (p.width as usize, p.height as usize);
    let (ow, oh) = if orientation >= 5 { (h, w) } else { (w, h) };
    // For each output pixel, the stored pixel shown there.
    let from = |x: usize, y: usize| -> usize {
        let (sx, sy) = match orientation {
            2 => (w - 1 - x, y),
            3 => (w - 1 - x, h - 1 - y),
            4 => (x, h - 1 - y),
            5 => (y, x),
            6 => (y, h - 1 - x),
            7 => (w - 1 - y, h - 1 - x),
            _ => (w - 1 - y, x),
        };
        sy * w + sx
    };
    let mut color = Vec::with_capacity(p.color.len());
    let mut alpha = p.alpha.as_ref().map(|a| Vec::with_capacity(a.len()));
    for y in 0..oh {
        for x in 0..ow {
            let i = from(x, y);
            color.extend_from_slice(&p.color[i * channels..(i + 1) * channels]);
            if let (Some(out), Some(a)) = (alpha.as_mut(), p.alpha.as_ref()) {
                out.push(a[i]);
            }
        }
    }
    Scaled {
        width: ow as u32,
        height: oh as u32,
        color,
        alpha,
    }
}

/// The part `region` (stored pixels) of a picture, copied as it is.
pub fn crop(src: &Source, region: Region) -> Option<Scaled> {
    let c = src.channels;
    let w = src.width as usize;
    if region.x.checked_add(region.w)? > src.width
        || region.y.checked_add(region.h)? > src.height
        || src.color.len() < w * src.height as usize * c
    {
        return None;
    }
    let (x, rw) = (region.x as usize, region.w as usize);
    let rows = region.y as usize..(region.y + region.h) as usize;
    let mut color = Vec::new();
    color.try_reserve_exact(rw * region.h as usize * c).ok()?;
    for y in rows.clone() {
        color.extend_from_slice(&src.color[(y * w + x) * c..(y * w + x + rw) * c]);
    }
    let alpha = src.alpha.map(|a| {
        rows.flat_map(|y| a[y * w + x..y * w + x + rw].iter().copied())
            .collect()
    });
    Some(Scaled {
        width: region.w,
        height: region.h,
        color,
        alpha,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grey(width: u32, height: u32, f: impl Fn(u32, u32) -> u8) -> Vec<u8> {
        (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| f(x, y))
            .collect()
    }

    #[test]
    fn halving_averages_each_two_by_two_block() {
        let px = grey(4, 2, |x, y| (x * 10 + y * 100) as u8);
        let src = Source {
            width: 4,
            height: 2,
            channels: 1,
            color: &px,
            alpha: None,
        };
        let out = scale_down(&src, Region::whole(4, 2), 2, 1).unwrap();
        // (0 + 10 + 100 + 110) / 4 = 55; (20 + 30 + 120 + 130) / 4 = 75.
        assert_eq!(out.color, vec![55, 75]);
    }

    #[test]
    fn fractional_scales_keep_a_flat_picture_flat_and_weights_whole() {
        let px = grey(7, 5, |_, _| 200);
        let src = Source {
            width: 7,
            height: 5,
            channels: 1,
            color: &px,
            alpha: None,
        };
        for (w, h) in [(3, 2), (5, 4), (7, 5), (1, 1), (6, 3)] {
            let out = scale_down(&src, Region::whole(7, 5), w, h).unwrap();
            assert_eq!(out.color.len(), (w * h) as usize);
            assert!(
                out.color.iter().all(|&v| v == 200),
                "{w}×{h}: {:?}",
                out.color
            );
        }
    }

    #[test]
    fn transparent_pixels_lend_no_colour() {
        // Red opaque beside green transparent: the average stays red, half opaque.
        let px = vec![255, 0, 0, 0, 255, 0];
        let a = vec![255, 0];
        let src = Source {
            width: 2,
            height: 1,
            channels: 3,
            color: &px,
            alpha: Some(&a),
        };
        let out = scale_down(&src, Region::whole(2, 1), 1, 1).unwrap();
        assert_eq!(out.color, vec![255, 0, 0]);
        assert_eq!(out.alpha, Some(vec![128]));
    }

    #[test]
    fn a_region_is_read_alone() {
        let px = grey(6, 6, |x, y| {
            if (2..4).contains(&x) && (1..5).contains(&y) {
                90
            } else {
                0
            }
        });
        let src = Source {
            width: 6,
            height: 6,
            channels: 1,
            color: &px,
            alpha: None,
        };
        let r = Region {
            x: 2,
            y: 1,
            w: 2,
            h: 4,
        };
        assert_eq!(scale_down(&src, r, 1, 2).unwrap().color, vec![90, 90]);
        assert_eq!(crop(&src, r).unwrap().color, vec![90; 8]);
        assert!(scale_down(
            &src,
            Region {
                x: 5,
                y: 0,
                w: 2,
                h: 1
            },
            1,
            1
        )
        .is_none());
    }

    #[test]
    fn orientations_turn_the_stored_pixels_upright() {
        // Stored 2 × 1: [a, b]. Orientation 6 shows it turned clockwise: a above b.
        let p = Scaled {
            width: 2,
            height: 1,
            color: vec![1, 2],
            alpha: None,
        };
        let six = upright(p.clone(), 1, 6);
        assert_eq!((six.width, six.height, six.color), (1, 2, vec![1, 2]));
        let eight = upright(p.clone(), 1, 8);
        assert_eq!((eight.width, eight.height, eight.color), (1, 2, vec![2, 1]));
        assert_eq!(upright(p.clone(), 1, 2).color, vec![2, 1]);
        assert_eq!(upright(p, 1, 3).color, vec![2, 1]);
    }
}

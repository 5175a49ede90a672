//! Framing a picture before it is placed: finding the drawing on the paper
//! in a photo ([`find_drawing`]), and the theme's frame by hand
//! ([`frame_box`]: crop, zoom and focus).
//!
//! **How the drawing is found.** The photo is reduced to at most
//! [`ANALYSIS_SIZE`] pixels on its long side, upright. Dark uniform bars
//! along its edges (a screenshot's) are set aside. The sheet of paper is the
//! largest bright, colourless region (brightness minus colourfulness above
//! Otsu's threshold), with the holes the drawing makes in it filled; a thin
//! band along its edge is left out (the paper's edge and the shadow on it).
//! On the paper, the light is estimated at every point from the brightest
//! paper nearby (a maximum over a large neighbourhood, then smoothed), so that
//! a sheet lit unevenly, brighter on one side, still reads as paper
//! everywhere; ink is what is clearly darker than that estimate or clearly
//! more colourful than the paper around it. The drawing is the bounding box of
//! the ink's connected parts, without specks and without parts that touch
//! the photo's edge or the bars, widened by a small margin.
//!
//! It gives up, keeping the whole picture, when no ink is found, or when no
//! sheet stands out and the ink covers nearly all of the photo.
//!
//! Coordinates: boxes are in pixels of the upright picture unless they are
//! said to be stored ([`Region`], the stored pixels, orientation not applied).

use super::resample::{upright, Region, Scaled, Source};
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

/// A reduced, upright copy of a picture for the analysis: brightness and
/// colourfulness, 0–255, row by row.
struct Small {
    w: usize,
    h: usize,
    lum: Vec<f32>,
    chroma: Vec<f32>,
    /// Upright pixels of the picture per pixel of this copy (x, y).
    scale: (f64, f64),
}

fn small(src: &Source, orientation: u8) -> Option<Small> {
    let long = src.width.max(src.height);
    let k = long.div_ceil(ANALYSIS_SIZE).max(1);
    let reduced = block_average(src, k)?;
    let up = upright(reduced, src.channels, orientation);
    let c = src.channels;
    let (mut lum, mut chroma) = (Vec::new(), Vec::new());
    for px in up.color.chunks_exact(c) {
        let (l, ch) = match c {
            1 => (f32::from(px[0]), 0.0),
            _ => {
                let [r, g, b] = [px[0], px[1], px[2]].map(f32::from);
                (
                    0.299 * r + 0.587 * g + 0.114 * b,
                    r.max(g).max(b) - r.min(g).min(b),
                )
            }
        };
        lum.push(l);
        chroma.push(ch);
    }
    Some(Small {
        w: up.width as usize,
        h: up.height as usize,
        lum,
        chroma,
        scale: (f64::from(k), f64::from(k)),
    })
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
pub fn find_drawing(src: &Source, orientation: u8) -> Found {
    if src.channels != 1 && src.channels != 3 {
        return Found::Whole;
    }
    let Some(s) = small(src, orientation) else {
        return Found::GaveUp("the picture could not be read");
    };
    let (w, h) = (s.w, s.h);
    if w < 16 || h < 16 {
        return Found::Whole;
    }
    // Dark bars along the edges (a screenshot): rows and columns that are
    // nearly black throughout.
    let dark_row = |y: usize| (0..w).all(|x| s.lum[y * w + x] < 40.0);
    let dark_col = |x: usize| (0..h).all(|y| s.lum[y * w + x] < 40.0);
    let mut top = 0;
    while top < h / 2 && dark_row(top) {
        top += 1;
    }
    let mut bottom = h;
    while bottom > top + h / 4 && dark_row(bottom - 1) {
        bottom -= 1;
    }
    let mut left = 0;
    while left < w / 2 && dark_col(left) {
        left += 1;
    }
    let mut right = w;
    while right > left + w / 4 && dark_col(right - 1) {
        right -= 1;
    }
    if bottom <= top + 8 || right <= left + 8 {
        return Found::GaveUp("the picture is nearly all dark");
    }
    let content = (left, top, right, bottom);
    let inside = |x: usize, y: usize| x >= left && x < right && y >= top && y < bottom;
    let content_area = ((right - left) * (bottom - top)) as f64;

    // The sheet: the largest bright, colourless region, holes filled.
    let score: Vec<f32> = s
        .lum
        .iter()
        .zip(&s.chroma)
        .map(|(l, c)| (l - c).clamp(0.0, 255.0))
        .collect();
    let mut hist = [0u32; 256];
    for y in top..bottom {
        for x in left..right {
            hist[score[y * w + x] as usize] += 1;
        }
    }
    let t = otsu(&hist) as f32;
    let bright: Vec<bool> = (0..w * h)
        .map(|i| inside(i % w, i / w) && score[i] > t)
        .collect();
    let paper = largest_with_holes(&bright, w, h, content);
    let paper_area = paper.iter().filter(|&&p| p).count() as f64;
    let fraction = paper_area / content_area;
    let long = w.max(h) as f64;
    let sheet = (0.04..0.97).contains(&fraction);
    let region: Vec<bool> = if sheet {
        erode(&paper, w, h, (long * 0.012).ceil().max(2.0) as usize)
    } else {
        (0..w * h).map(|i| inside(i % w, i / w)).collect()
    };

    // The light on the paper, and the paper's own colourfulness, nearby.
    let r = (long / 24.0).ceil().max(3.0) as usize;
    let light = blur(&max_filter(&s.lum, w, h, r), w, h, r);
    let tint = blur(&min_filter(&s.chroma, w, h, r), w, h, r);
    let ink: Vec<bool> = (0..w * h)
        .map(|i| region[i] && (s.lum[i] < light[i] * 0.8 || s.chroma[i] - tint[i] > 45.0))
        .collect();

    // The ink's parts, without specks and parts on the photo's edge.
    let region_area = region.iter().filter(|&&p| p).count().max(1) as f64;
    let min_area = (region_area * 0.0003).max(3.0) as usize;
    let mut bbox: Option<(usize, usize, usize, usize)> = None;
    let mut inked = 0usize;
    for part in components(&ink, w, h) {
        let touches =
            part.x0 <= left || part.y0 <= top || part.x1 >= right - 1 || part.y1 >= bottom - 1;
        if part.area < min_area || touches {
            continue;
        }
        inked += part.area;
        bbox = Some(match bbox {
            None => (part.x0, part.y0, part.x1, part.y1),
            Some((a, b, c, d)) => (
                a.min(part.x0),
                b.min(part.y0),
                c.max(part.x1),
                d.max(part.y1),
            ),
        });
    }
    let Some((x0, y0, x1, y1)) = bbox else {
        return Found::GaveUp("no drawing was found on it");
    };
    let (bw, bh) = ((x1 + 1 - x0) as f64, (y1 + 1 - y0) as f64);
    if !sheet && bw * bh > 0.9 * content_area {
        return Found::GaveUp("no sheet of paper stands out from what is around the drawing");
    }
    let _ = inked;
    // A small margin, inside the content (and the sheet's box when found).
    let m = (bw.max(bh) * 0.06).max(2.0);
    let (mut l, mut t, mut rr, mut b) = (
        x0 as f64 - m,
        y0 as f64 - m,
        x1 as f64 + 1.0 + m,
        y1 as f64 + 1.0 + m,
    );
    let (cl, ct, cr, cb) = if sheet {
        bounds(&paper, w, h).map_or(
            (left as f64, top as f64, right as f64, bottom as f64),
            |(a, b, c, d)| (a as f64, b as f64, (c + 1) as f64, (d + 1) as f64),
        )
    } else {
        (left as f64, top as f64, right as f64, bottom as f64)
    };
    l = l.max(cl);
    t = t.max(ct);
    rr = rr.min(cr);
    b = b.min(cb);
    if (rr - l) * (b - t) > 0.97 * (w * h) as f64 {
        return Found::Whole;
    }
    Found::Drawing([
        l * s.scale.0,
        t * s.scale.1,
        (rr - l) * s.scale.0,
        (b - t) * s.scale.1,
    ])
}

/// Makes the paper of a photographed drawing transparent: stored pixels
/// (1 or 3 channels, `width` × `height`) are compared with the paper's
/// colour nearby (each channel's brightest value over about a fifth of the
/// picture, smoothed, estimated on a reduced copy), a pixel's opacity grows
/// with how much darker it is than the paper (fully clear within 10 %, fully
/// opaque from 40 % darker), and its colour is unmixed from the paper's,
/// as ink on white. Changes `color` in place; returns the alpha plane.
pub fn remove_paper(color: &mut [u8], channels: usize, width: u32, height: u32) -> Vec<u8> {
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
        return vec![255; w * h];
    };
    let (sw, sh) = (small.width as usize, small.height as usize);
    let r = (sw.max(sh) / 5).max(2);
    // Each channel's paper level on the reduced copy.
    let paper: Vec<Vec<f32>> = (0..c)
        .map(|ch| {
            let plane: Vec<f32> = small
                .color
                .iter()
                .skip(ch)
                .step_by(c)
                .map(|&v| f32::from(v))
                .collect();
            // Smoothed first, so that the brightest is the paper's, not its grain's.
            let calm = blur(&plane, sw, sh, 2);
            blur(&max_filter(&calm, sw, sh, r), sw, sh, r)
        })
        .collect();
    let k = k as f32;
    let mut alpha = Vec::with_capacity(w * h);
    for y in 0..h {
        // Bilinear position in the reduced copy (its pixel centres).
        let fy = ((y as f32 + 0.5) / k - 0.5).clamp(0.0, (sh - 1) as f32);
        let (y0, ty) = (fy.floor() as usize, fy.fract());
        let y1 = (y0 + 1).min(sh - 1);
        for x in 0..w {
            let fx = ((x as f32 + 0.5) / k - 0.5).clamp(0.0, (sw - 1) as f32);
            let (x0, tx) = (fx.floor() as usize, fx.fract());
            let x1 = (x0 + 1).min(sw - 1);
            let at = |p: &[f32]| {
                let top = p[y0 * sw + x0] * (1.0 - tx) + p[y0 * sw + x1] * tx;
                let bottom = p[y1 * sw + x0] * (1.0 - tx) + p[y1 * sw + x1] * tx;
                (top * (1.0 - ty) + bottom * ty).max(1.0)
            };
            let px = &mut color[(y * w + x) * c..(y * w + x + 1) * c];
            // Each channel as a fraction of the paper's: 1 is paper.
            let mut shade = [1f32; 3];
            for ch in 0..c {
                shade[ch] = (f32::from(px[ch]) / at(&paper[ch])).min(1.0);
            }
            let darkest = shade[..c].iter().copied().fold(1.0, f32::min);
            let a = ((1.0 - darkest - 0.1) / (0.4 - 0.1)).clamp(0.0, 1.0);
            for ch in 0..c {
                // Ink on white: shade = 1 - a (1 - ink).
                let ink = if a > 0.0 {
                    1.0 - (1.0 - shade[ch]) / a
                } else {
                    1.0
                };
                px[ch] = (ink.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
            alpha.push((a * 255.0).round() as u8);
        }
    }
    alpha
}

/// Otsu's threshold of a histogram: the level that best splits it in two.
fn otsu(hist: &[u32; 256]) -> usize {
    let total: f64 = hist.iter().map(|&n| f64::from(n)).sum();
    let sum: f64 = hist
        .iter()
        .enumerate()
        .map(|(i, &n)| i as f64 * f64::from(n))
        .sum();
    let (mut below, mut below_sum, mut best, mut level) = (0.0, 0.0, -1.0, 127);
    for (i, &n) in hist.iter().enumerate() {
        below += f64::from(n);
        below_sum += i as f64 * f64::from(n);
        let above = total - below;
        if below == 0.0 || above == 0.0 {
            continue;
        }
        let (m0, m1) = (below_sum / below, (sum - below_sum) / above);
        let between = below * above * (m0 - m1) * (m0 - m1);
        if between > best {
            best = between;
            level = i;
        }
    }
    level
}

/// A connected part of a mask: its pixel count and bounding box (inclusive).
struct Part {
    area: usize,
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

/// The 8-connected parts of `mask`.
fn components(mask: &[bool], w: usize, h: usize) -> Vec<Part> {
    let mut seen = vec![false; w * h];
    let mut parts = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !mask[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut p = Part {
            area: 0,
            x0: usize::MAX,
            y0: usize::MAX,
            x1: 0,
            y1: 0,
        };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            p.area += 1;
            p.x0 = p.x0.min(x);
            p.y0 = p.y0.min(y);
            p.x1 = p.x1.max(x);
            p.y1 = p.y1.max(y);
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                        continue;
                    }
                    let j = ny as usize * w + nx as usize;
                    if mask[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        parts.push(p);
    }
    parts
}

/// The largest 4-connected part of `mask` with its holes filled (what cannot
/// be reached from the edge of `content` without crossing it).
fn largest_with_holes(
    mask: &[bool],
    w: usize,
    h: usize,
    content: (usize, usize, usize, usize),
) -> Vec<bool> {
    // Label the parts, 4-connected.
    let mut label = vec![0u32; w * h];
    let mut sizes = vec![0usize];
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !mask[start] || label[start] != 0 {
            continue;
        }
        let id = sizes.len() as u32;
        sizes.push(0);
        label[start] = id;
        stack.push(start);
        while let Some(i) = stack.pop() {
            sizes[id as usize] += 1;
            let (x, y) = (i % w, i / w);
            let mut go = |j: usize| {
                if mask[j] && label[j] == 0 {
                    label[j] = id;
                    stack.push(j);
                }
            };
            if x > 0 {
                go(i - 1);
            }
            if x + 1 < w {
                go(i + 1);
            }
            if y > 0 {
                go(i - w);
            }
            if y + 1 < h {
                go(i + w);
            }
        }
    }
    let Some(best) = (1..sizes.len()).max_by_key(|&i| sizes[i]) else {
        return vec![false; w * h];
    };
    let part: Vec<bool> = label.iter().map(|&l| l == best as u32).collect();
    // Flood the outside from the content's edge, through pixels not in the part.
    let (left, top, right, bottom) = content;
    let mut outside = vec![false; w * h];
    for y in top..bottom {
        for x in left..right {
            let edge = x == left || y == top || x + 1 == right || y + 1 == bottom;
            let i = y * w + x;
            if edge && !part[i] && !outside[i] {
                outside[i] = true;
                stack.push(i);
            }
        }
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let mut go = |j: usize, ok: bool| {
            if ok && !part[j] && !outside[j] {
                outside[j] = true;
                stack.push(j);
            }
        };
        go(i.wrapping_sub(1), x > left);
        go(i + 1, x + 1 < right);
        go(i.wrapping_sub(w), y > top);
        go(i + w, y + 1 < bottom);
    }
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            x >= left && x < right && y >= top && y < bottom && !outside[i]
        })
        .collect()
}

/// `mask` shrunk by `r` pixels (a square neighbourhood).
fn erode(mask: &[bool], w: usize, h: usize, r: usize) -> Vec<bool> {
    let as_f: Vec<f32> = mask.iter().map(|&m| if m { 1.0 } else { 0.0 }).collect();
    min_filter(&as_f, w, h, r)
        .into_iter()
        .map(|v| v > 0.5)
        .collect()
}

/// The bounding box of a mask, inclusive.
fn bounds(mask: &[bool], w: usize, h: usize) -> Option<(usize, usize, usize, usize)> {
    let mut b: Option<(usize, usize, usize, usize)> = None;
    for y in 0..h {
        for x in 0..w {
            if mask[y * w + x] {
                b = Some(match b {
                    None => (x, y, x, y),
                    Some((a, c, d, e)) => (a.min(x), c.min(y), d.max(x), e.max(y)),
                });
            }
        }
    }
    b
}

/// The largest value within `r` pixels (a square), separably.
fn max_filter(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    separable(v, w, h, |line| running(line, r, f32::max))
}

/// The smallest value within `r` pixels (a square), separably.
fn min_filter(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    separable(v, w, h, |line| running(line, r, f32::min))
}

/// The mean within `r` pixels (a square, cut at the edges), separably.
fn blur(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    separable(v, w, h, |line| {
        let n = line.len();
        let mut prefix = vec![0f64; n + 1];
        for (i, x) in line.iter().enumerate() {
            prefix[i + 1] = prefix[i] + f64::from(*x);
        }
        (0..n)
            .map(|i| {
                let (a, b) = (i.saturating_sub(r), (i + r + 1).min(n));
                ((prefix[b] - prefix[a]) / (b - a) as f64) as f32
            })
            .collect()
    })
}

/// The extreme of each window of `r` each side (cut at the ends), by `f`
/// (`f32::max` or `f32::min`): a monotonic queue, O(n).
fn running(line: &[f32], r: usize, f: fn(f32, f32) -> f32) -> Vec<f32> {
    let n = line.len();
    let mut queue = std::collections::VecDeque::new();
    let mut out = Vec::with_capacity(n);
    let mut next = 0;
    for i in 0..n {
        // Take in everything up to i + r; drop what is now beaten.
        while next < n && next <= i + r {
            let v = line[next];
            while queue.back().is_some_and(|&j: &usize| f(line[j], v) == v) {
                queue.pop_back();
            }
            queue.push_back(next);
            next += 1;
        }
        while queue.front().is_some_and(|&j| j + r < i) {
            queue.pop_front();
        }
        out.push(line[*queue.front().expect("the window holds i")]);
    }
    out
}

/// Applies a 1-D `f` to every row, then every column.
fn separable(v: &[f32], w: usize, h: usize, f: impl Fn(&[f32]) -> Vec<f32>) -> Vec<f32> {
    let mut rows = Vec::with_capacity(w * h);
    for y in 0..h {
        rows.extend(f(&v[y * w..(y + 1) * w]));
    }
    let mut out = vec![0f32; w * h];
    let mut col = vec![0f32; h];
    for x in 0..w {
        for y in 0..h {
            col[y] = rows[y * w + x];
        }
        for (y, value) in f(&col).into_iter().enumerate() {
            out[y * w + x] = value;
        }
    }
    out
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
    fn running_extremes_match_a_plain_scan() {
        let line: Vec<f32> = (0..50).map(|i| ((i * 37) % 23) as f32).collect();
        for r in [1, 2, 3, 7, 30, 60] {
            let got = running(&line, r, f32::max);
            for (i, g) in got.iter().enumerate() {
                let (a, b) = (i.saturating_sub(r), (i + r).min(49));
                let want = line[a..=b].iter().copied().fold(f32::MIN, f32::max);
                assert_eq!(*g, want, "r {r} at {i}");
            }
        }
    }

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

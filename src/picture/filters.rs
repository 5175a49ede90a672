//! Filters on planes of numbers (one value a pixel, row by row, `w` × `h`)
//! for finding a drawing in a photo: running extremes and means over square
//! neighbourhoods, Otsu's threshold. Pixels of whatever image they are
//! given; nothing here knows of pictures or pages.

/// Otsu's threshold of a histogram: the level that best splits it in two.
pub fn otsu(hist: &[u32; 256]) -> usize {
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

/// The largest value within `r` pixels (a square), separably.
pub fn max_filter(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    separable(v, w, h, |line| running(line, r, f32::max))
}

/// The smallest value within `r` pixels (a square), separably.
pub fn min_filter(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    separable(v, w, h, |line| running(line, r, f32::min))
}

/// The mean within `r` pixels (a square, cut at the edges), separably.
pub fn blur(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
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
pub fn running(line: &[f32], r: usize, f: fn(f32, f32) -> f32) -> Vec<f32> {
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
pub fn separable(v: &[f32], w: usize, h: usize, f: impl Fn(&[f32]) -> Vec<f32>) -> Vec<f32> {
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

/// The morphological opening of `v` by a segment `len` pixels long at
/// `angle` radians (x right, y down): at each pixel, the largest of the
/// smallest values along the segments through it; what is left of thin
/// long lines in that direction (school paper's ruling), strokes shorter
/// than `len` removed. The plane is turned so that the direction runs along
/// rows, sampled conservatively (the largest of the four nearest values, so
/// a line a pixel wide keeps its value at any angle), filtered along the
/// rows, and turned back the same way; the result is at most `v`.
pub fn line_opening(v: &[f32], w: usize, h: usize, angle: f32, len: usize) -> Vec<f32> {
    let (s, c) = angle.sin_cos();
    // The turned grid: u along the direction, t across it.
    let corners = [
        (0.0, 0.0),
        (w as f32, 0.0),
        (0.0, h as f32),
        (w as f32, h as f32),
    ];
    let us = corners.map(|(x, y)| x * c + y * s);
    let ts = corners.map(|(x, y)| -x * s + y * c);
    let (u0, u1) = (
        us.iter().copied().fold(f32::MAX, f32::min),
        us.iter().copied().fold(f32::MIN, f32::max),
    );
    let (t0, t1) = (
        ts.iter().copied().fold(f32::MAX, f32::min),
        ts.iter().copied().fold(f32::MIN, f32::max),
    );
    let (gw, gh) = ((u1 - u0).ceil() as usize + 2, (t1 - t0).ceil() as usize + 2);
    // Largest of the four values around a point (outside: `outside`), in
    // whole pixels: the same samples as with floats, without a float floor
    // (a library call on the baseline target) and float bounds per sample.
    let around = |p: &[f32], pw: usize, ph: usize, x: f32, y: f32, outside: f32| -> f32 {
        let (fx, fy) = (floor(x), floor(y));
        let (pw_i, ph_i) = (pw as i64, ph as i64);
        let mut m = f32::MIN;
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let (xx, yy) = (fx + dx, fy + dy);
            let value = if xx < 0 || yy < 0 || xx >= pw_i || yy >= ph_i {
                outside
            } else {
                p[yy as usize * pw + xx as usize]
            };
            m = m.max(value);
        }
        m
    };
    let mut grid = vec![0f32; gw * gh];
    for ti in 0..gh {
        for ui in 0..gw {
            let (u, t) = (u0 + ui as f32, t0 + ti as f32);
            let (x, y) = (u * c - t * s, u * s + t * c);
            // Outside the picture: high, so that lines run to its edge.
            grid[ti * gw + ui] = around(v, w, h, x - 0.5, y - 0.5, f32::MAX);
        }
    }
    let r = (len / 2).max(1);
    let mut opened = Vec::with_capacity(gw * gh);
    for row in grid.chunks_exact(gw) {
        let low = running(row, r, f32::min);
        opened.extend(running(&low, r, f32::max));
    }
    (0..w * h)
        .map(|i| {
            let (x, y) = ((i % w) as f32 + 0.5, (i / w) as f32 + 0.5);
            let (u, t) = (x * c + y * s - u0, -x * s + y * c - t0);
            around(&opened, gw, gh, u, t, 0.0).min(v[i])
        })
        .collect()
}

/// `x.floor()` as a whole number, for the pixel coordinates of a picture
/// (well within ±2^23, where an `f32` holds every whole number exactly).
fn floor(x: f32) -> i64 {
    let t = x as i64;
    if (t as f32) > x {
        t - 1
    } else {
        t
    }
}

/// The ruling in a plane of darkness (0 paper, 1 black): thin long lines
/// along `angle` and at right angles to it, at least `len` pixels long and
/// less than `thin` pixels wide (a long line opening, less what an opening
/// across it `thin` pixels wide keeps: wide patches of colour are not
/// ruling). At most `dark`, pixel by pixel.
pub fn ruling_lines(
    dark: &[f32],
    w: usize,
    h: usize,
    angle: f32,
    len: usize,
    thin: usize,
) -> Vec<f32> {
    let mut out = vec![0f32; w * h];
    for a in [angle, angle + std::f32::consts::FRAC_PI_2] {
        let long = line_opening(dark, w, h, a, len);
        let wide = line_opening(&long, w, h, a + std::f32::consts::FRAC_PI_2, thin);
        for i in 0..w * h {
            out[i] = out[i].max(long[i] - wide[i]);
        }
    }
    out
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
    fn a_line_opening_keeps_long_lines_and_drops_short_strokes() {
        let (w, h) = (60, 60);
        let mut v = vec![0f32; w * h];
        // A line along 10° across the plane, and a short stroke across it.
        for x in 0..w {
            let y = (30.0 + (x as f32) * 10f32.to_radians().tan()).round() as usize;
            v[y * w + x] = 0.5;
        }
        for y in 10..16 {
            v[y * w + 20] = 0.9;
        }
        let o = line_opening(&v, w, h, 10f32.to_radians(), 20);
        let on_line = (5..55).filter(|&x| {
            let y = (30.0 + (x as f32) * 10f32.to_radians().tan()).round() as usize;
            o[y * w + x] >= 0.49
        });
        assert!(on_line.count() >= 48);
        assert!((10..16).all(|y| o[y * w + 20] == 0.0));
        assert!(o.iter().zip(&v).all(|(a, b)| a <= b));
    }
}

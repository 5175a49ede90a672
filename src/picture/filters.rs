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
    let mut room = Vec::new();
    separable(v, w, h, |line, out| {
        running_into(line, r, f32::max, &mut room, out)
    })
}

/// The smallest value within `r` pixels (a square), separably.
pub fn min_filter(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    let mut room = Vec::new();
    separable(v, w, h, |line, out| {
        running_into(line, r, f32::min, &mut room, out)
    })
}

/// The mean within `r` pixels (a square, cut at the edges), separably.
pub fn blur(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    let mut prefix = Vec::new();
    separable(v, w, h, |line, out| {
        let n = line.len();
        prefix.clear();
        prefix.push(0f64);
        let mut sum = 0f64;
        for x in line {
            sum += f64::from(*x);
            prefix.push(sum);
        }
        out.extend((0..n).map(|i| {
            let (a, b) = (i.saturating_sub(r), (i + r + 1).min(n));
            ((prefix[b] - prefix[a]) / (b - a) as f64) as f32
        }));
    })
}

/// The extreme of each window of `r` each side (cut at the ends), by `f`
/// (`f32::max` or `f32::min`), O(n) whatever `r`.
pub fn running(line: &[f32], r: usize, f: fn(f32, f32) -> f32) -> Vec<f32> {
    let mut out = Vec::with_capacity(line.len());
    running_into(line, r, f, &mut Vec::new(), &mut out);
    out
}

/// [`running`], appended to `out`, with `room` as working space (kept
/// between calls, so that no line allocates). Blocks of a window's length
/// (van Herk, Gil and Werman): each block's extremes from its start and from
/// its end, so that a window, which spans at most two blocks, is the extreme
/// of two numbers; three comparisons a value whatever `r`. The extreme of the
/// same values as a monotonic queue takes, so the same number (in a plane
/// without NaN or -0, where extremes are unique values).
#[inline]
fn running_into(
    line: &[f32],
    r: usize,
    f: impl Fn(f32, f32) -> f32 + Copy,
    room: &mut Vec<f32>,
    out: &mut Vec<f32>,
) {
    let n = line.len();
    out.reserve(n);
    if n == 0 {
        return;
    }
    // A window spans at most two blocks (one when the line is shorter).
    let width = 2 * r + 1;
    // room: from each block's start (pushed), then from each block's end.
    room.clear();
    room.reserve(2 * n);
    for l in line.chunks(width) {
        let mut m = l[0];
        for &v in l {
            m = f(m, v);
            room.push(m);
        }
    }
    room.resize(2 * n, 0.0);
    let (prefix, suffix) = room.split_at_mut(n);
    for (s, l) in suffix.chunks_mut(width).zip(line.chunks(width)) {
        let mut m = l[l.len() - 1];
        for (s, &v) in s.iter_mut().zip(l).rev() {
            m = f(v, m);
            *s = m;
        }
    }
    // Windows cut at the start lie in the first block.
    let first = r.min(n);
    out.extend((0..first).map(|i| prefix[(i + r).min(n - 1)]));
    // Whole windows: the end of one block and the start of the next (or
    // one whole block, its extreme both ways).
    if n > 2 * r {
        out.extend(
            suffix[..n - 2 * r]
                .iter()
                .zip(&prefix[2 * r..])
                .map(|(&s, &p)| f(s, p)),
        );
    }
    // Windows cut at the end: to the last value, which ends its block.
    for i in first.max(n.saturating_sub(r))..n {
        let a = i - r;
        out.push(if a / width == (n - 1) / width {
            suffix[a]
        } else {
            f(suffix[a], prefix[n - 1])
        });
    }
}

/// Applies a 1-D `f` (which appends its result for a line to the vector it
/// is given) to every row, then every column.
pub fn separable(
    v: &[f32],
    w: usize,
    h: usize,
    mut f: impl FnMut(&[f32], &mut Vec<f32>),
) -> Vec<f32> {
    let mut rows = Vec::with_capacity(w * h);
    for row in v[..w * h].chunks_exact(w.max(1)) {
        f(row, &mut rows);
    }
    let mut out = vec![0f32; w * h];
    let mut col = vec![0f32; h];
    let mut done = Vec::with_capacity(h);
    for x in 0..w {
        for y in 0..h {
            col[y] = rows[y * w + x];
        }
        done.clear();
        f(&col, &mut done);
        for (y, value) in done.iter().enumerate() {
            out[y * w + x] = *value;
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
    let mut grid = vec![0f32; gw * gh];
    for (ti, row) in grid.chunks_exact_mut(gw).enumerate() {
        let t = t0 + ti as f32;
        let (ts, tc) = (t * s, t * c);
        for (ui, cell) in row.iter_mut().enumerate() {
            let u = u0 + ui as f32;
            let (x, y) = (u * c - ts, u * s + tc);
            // Outside the picture: high, so that lines run to its edge.
            *cell = around(v, w, h, x - 0.5, y - 0.5, f32::MAX);
        }
    }
    let r = (len / 2).max(1);
    let mut opened = Vec::with_capacity(gw * gh);
    let (mut room, mut low) = (Vec::new(), Vec::with_capacity(gw));
    for row in grid.chunks_exact(gw) {
        low.clear();
        running_into(row, r, f32::min, &mut room, &mut low);
        running_into(&low, r, f32::max, &mut room, &mut opened);
    }
    drop(grid);
    // With no value below +0 (nor -0, nor NaN), everything sampled is at
    // least +0, so a pixel at +0 stays +0 whatever is around it.
    let plain = v.iter().all(|x| x.to_bits() >> 31 == 0 && !x.is_nan());
    let mut out = Vec::with_capacity(w * h);
    for (yi, line) in v[..w * h].chunks_exact(w.max(1)).enumerate() {
        let y = yi as f32 + 0.5;
        let (ys, yc) = (y * s, y * c);
        for (xi, &here) in line.iter().enumerate() {
            if plain && here.to_bits() == 0 {
                out.push(here);
                continue;
            }
            let x = xi as f32 + 0.5;
            let (u, t) = (x * c + ys - u0, -x * s + yc - t0);
            out.push(around(&opened, gw, gh, u, t, 0.0).min(here));
        }
    }
    out
}

/// The largest of the four values around the point (`x`, `y`) of the plane
/// `p` (`pw` × `ph`), `outside` for those past its edges: in whole pixels
/// (an integer floor, not a float one, which is a library call on the
/// baseline target), the four read at once when all are inside.
#[inline(always)]
fn around(p: &[f32], pw: usize, ph: usize, x: f32, y: f32, outside: f32) -> f32 {
    let (fx, fy) = (floor(x), floor(y));
    let (pw_i, ph_i) = (pw as i64, ph as i64);
    if fx >= 0 && fy >= 0 && fx + 1 < pw_i && fy + 1 < ph_i {
        let i = fy as usize * pw + fx as usize;
        let (top, bottom) = (&p[i..i + 2], &p[i + pw..i + pw + 2]);
        // In the order of the general case: (0, 0), (1, 0), (0, 1), (1, 1).
        return f32::MIN
            .max(top[0])
            .max(top[1])
            .max(bottom[0])
            .max(bottom[1]);
    }
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
        let all: Vec<f32> = (0..50).map(|i| ((i * 37) % 23) as f32).collect();
        for n in [1, 2, 5, 13, 14, 15, 50] {
            let line = &all[..n];
            for r in [0, 1, 2, 3, 6, 7, 30, 60] {
                let got = running(line, r, f32::max);
                let low = running(line, r, f32::min);
                assert_eq!((got.len(), low.len()), (n, n));
                for i in 0..n {
                    let (a, b) = (i.saturating_sub(r), (i + r).min(n - 1));
                    let want = line[a..=b].iter().copied().fold(f32::MIN, f32::max);
                    assert_eq!(got[i], want, "max, n {n}, r {r} at {i}");
                    let want = line[a..=b].iter().copied().fold(f32::MAX, f32::min);
                    assert_eq!(low[i], want, "min, n {n}, r {r} at {i}");
                }
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

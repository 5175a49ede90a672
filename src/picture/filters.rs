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
    if let Some(bits) = ordered_bits(v) {
        return running_bits(&bits, w, h, r, u32::max);
    }
    let mut room = Vec::new();
    separable(v, w, h, |line, out| {
        running_into(line, r, f32::max, &mut room, out)
    })
}

/// The smallest value within `r` pixels (a square), separably.
pub fn min_filter(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    if let Some(bits) = ordered_bits(v) {
        return running_bits(&bits, w, h, r, u32::min);
    }
    let mut room = Vec::new();
    separable(v, w, h, |line, out| {
        running_into(line, r, f32::min, &mut room, out)
    })
}

/// The bits of a plane's values when they order them as the values are
/// ordered: none below +0 (nor -0), none NaN.
fn ordered_bits(v: &[f32]) -> Option<Vec<u32>> {
    v.iter()
        .all(|x| x.to_bits() >> 31 == 0 && !x.is_nan())
        .then(|| v.iter().map(|x| x.to_bits()).collect())
}

/// [`max_filter`] or [`min_filter`] (by `f`) on the [`ordered_bits`] of a
/// plane: the same values, compared as whole numbers, along the rows, then
/// down the columns all at once ([`down`]).
fn running_bits(
    bits: &[u32],
    w: usize,
    h: usize,
    r: usize,
    f: impl Fn(u32, u32) -> u32 + Copy,
) -> Vec<f32> {
    let mut room = Vec::new();
    let mut rows = Vec::with_capacity(w * h);
    for line in bits[..w * h].chunks_exact(w.max(1)) {
        running_into(line, r, f, &mut room, &mut rows);
    }
    down(&rows, w, h, r, f)
        .into_iter()
        .map(f32::from_bits)
        .collect()
}

/// [`running_into`] down every column of a `w` × `h` plane, a row at a
/// time: blocks of a window's height, each one's extremes from its first
/// row and from its last, each window's the extreme of two rows of them.
fn down(v: &[u32], w: usize, h: usize, r: usize, f: impl Fn(u32, u32) -> u32 + Copy) -> Vec<u32> {
    let (mut prefix, mut suffix) = (v[..w * h].to_vec(), v[..w * h].to_vec());
    if w == 0 || h == 0 {
        return prefix;
    }
    let width = 2 * r + 1;
    for start in (0..h).step_by(width) {
        let end = (start + width).min(h);
        for y in start + 1..end {
            let (done, rest) = prefix.split_at_mut(y * w);
            for (p, &q) in rest[..w].iter_mut().zip(&done[(y - 1) * w..]) {
                *p = f(q, *p);
            }
        }
        for y in (start..end - 1).rev() {
            let (rest, done) = suffix.split_at_mut((y + 1) * w);
            for (s, &q) in rest[y * w..].iter_mut().zip(&done[..w]) {
                *s = f(*s, q);
            }
        }
    }
    let row = |y: usize| y * w..(y + 1) * w;
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        if y < r {
            // Cut at the top: within the first block.
            out.extend_from_slice(&prefix[row((y + r).min(h - 1))]);
        } else if y + r < h {
            let (s, p) = (&suffix[row(y - r)], &prefix[row(y + r)]);
            out.extend(s.iter().zip(p).map(|(&s, &p)| f(s, p)));
        } else if (y - r) / width == (h - 1) / width {
            // Cut at the bottom, within the last block.
            out.extend_from_slice(&suffix[row(y - r)]);
        } else {
            let (s, p) = (&suffix[row(y - r)], &prefix[row(h - 1)]);
            out.extend(s.iter().zip(p).map(|(&s, &p)| f(s, p)));
        }
    }
    out
}

/// Where every value of `mask` within `r` pixels (a square, cut at the
/// edges) is `want`: a mask shrunk (`want` true) or, negated, the negation
/// grown. A count of the others in a running window, along each row, then
/// down the columns, all of a row at once.
pub fn all_within(mask: &[bool], w: usize, h: usize, r: usize, want: bool) -> Vec<bool> {
    let mut rows = Vec::with_capacity(w * h);
    for line in mask[..w * h].chunks_exact(w.max(1)) {
        let n = line.len();
        let other = |i: usize| usize::from(line[i] != want);
        let mut count: usize = (0..(r + 1).min(n)).map(other).sum();
        for i in 0..n {
            rows.push(count == 0);
            if i + r + 1 < n {
                count += other(i + r + 1);
            }
            if i >= r {
                count -= other(i - r);
            }
        }
    }
    let row = |y: usize| &rows[y * w..(y + 1) * w];
    let mut counts = vec![0u32; w];
    for y in 0..(r + 1).min(h) {
        for (c, &v) in counts.iter_mut().zip(row(y)) {
            *c += u32::from(!v);
        }
    }
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        out.extend(counts.iter().map(|&c| c == 0));
        if y + r + 1 < h {
            for (c, &v) in counts.iter_mut().zip(row(y + r + 1)) {
                *c += u32::from(!v);
            }
        }
        if y >= r {
            for (c, &v) in counts.iter_mut().zip(row(y - r)) {
                *c -= u32::from(!v);
            }
        }
    }
    out
}

/// The mean within `r` pixels (a square, cut at the edges), separably.
pub fn blur(v: &[f32], w: usize, h: usize, r: usize) -> Vec<f32> {
    let mut prefix = Vec::new();
    let mut rows = Vec::with_capacity(w * h);
    for line in v[..w * h].chunks_exact(w.max(1)) {
        let n = line.len();
        prefix.clear();
        prefix.push(0f64);
        let mut sum = 0f64;
        for x in line {
            sum += f64::from(*x);
            prefix.push(sum);
        }
        rows.extend((0..n).map(|i| {
            let (a, b) = (i.saturating_sub(r), (i + r + 1).min(n));
            ((prefix[b] - prefix[a]) / (b - a) as f64) as f32
        }));
    }
    // Down the columns, a row at a time: each column's sums from the top
    // (the same additions in the same order as one column's alone).
    let mut sums = vec![0f64; (h + 1) * w];
    for y in 0..h {
        let (above, below) = sums.split_at_mut((y + 1) * w);
        for ((s, &t), &x) in below[..w]
            .iter_mut()
            .zip(&above[y * w..])
            .zip(&rows[y * w..])
        {
            *s = t + f64::from(x);
        }
    }
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        let (a, b) = (y.saturating_sub(r), (y + r + 1).min(h));
        let n = (b - a) as f64;
        out.extend(
            sums[b * w..(b + 1) * w]
                .iter()
                .zip(&sums[a * w..])
                .map(|(&hi, &lo)| ((hi - lo) / n) as f32),
        );
    }
    out
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
fn running_into<T: Copy + Default>(
    line: &[T],
    r: usize,
    f: impl Fn(T, T) -> T + Copy,
    room: &mut Vec<T>,
    out: &mut Vec<T>,
) {
    let n = line.len();
    out.reserve(n);
    if n == 0 {
        return;
    }
    // A window spans at most two blocks (one when the line is shorter).
    let width = 2 * r + 1;
    // room: from each block's start, then from each block's end (every
    // value written before it is read, so the room is only grown).
    if room.len() < 2 * n {
        room.resize(2 * n, T::default());
    }
    let (prefix, suffix) = room[..2 * n].split_at_mut(n);
    for ((p, s), l) in prefix
        .chunks_mut(width)
        .zip(suffix.chunks_mut(width))
        .zip(line.chunks(width))
    {
        let mut m = l[0];
        for (p, &v) in p.iter_mut().zip(l) {
            m = f(m, v);
            *p = m;
        }
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

/// The reach up to which [`running_short`] is cheaper than [`running_into`].
const SHORT: usize = 2;

/// [`running_into`] for a short reach `r`, written to `out` (as long as
/// `line`): the line with `pad` (which `f` of anything leaves as it is)
/// `r` times at each end, in `room`, then the extreme of each window of it,
/// a row of `f` at a time.
#[inline]
fn running_short(
    line: &[u32],
    r: usize,
    pad: u32,
    f: impl Fn(u32, u32) -> u32 + Copy,
    room: &mut Vec<u32>,
    out: &mut [u32],
) {
    let n = line.len();
    room.clear();
    room.resize(r, pad);
    room.extend_from_slice(line);
    room.resize(n + 2 * r, pad);
    out.copy_from_slice(&room[..n]);
    for k in 1..=2 * r {
        for (o, &v) in out.iter_mut().zip(&room[k..k + n]) {
            *o = f(*o, v);
        }
    }
}

/// Applies a 1-D `f` (which appends its result for a line to the vector it
/// is given) to every row, then every column.
pub fn separable<T: Copy + Default>(
    v: &[T],
    w: usize,
    h: usize,
    mut f: impl FnMut(&[T], &mut Vec<T>),
) -> Vec<T> {
    let mut rows = Vec::with_capacity(w * h);
    for row in v[..w * h].chunks_exact(w.max(1)) {
        f(row, &mut rows);
    }
    let mut out = vec![T::default(); w * h];
    let mut col = vec![T::default(); h];
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
    Turn::new(w, h, angle).open(v, len)
}

/// No index: the four values around a point are not all inside.
const NONE: u32 = u32::MAX;

/// The turned grid of [`line_opening`] for a `w` × `h` plane at an angle,
/// worked out once for every plane of that size opened at that angle: the
/// grid (u along the direction, t across it), where each of its cells
/// samples the plane, and where each pixel of the plane reads the grid back.
struct Turn {
    w: usize,
    h: usize,
    s: f32,
    c: f32,
    u0: f32,
    t0: f32,
    gw: usize,
    gh: usize,
    /// Each grid row's cells whose four nearest values are all inside the
    /// plane lie in `span` (first, last + 1); `cells` holds, for each row's
    /// span in turn, each cell's top-left value's index ([`NONE`] for a
    /// cell that is not all inside), `row_at` where each row's span starts
    /// in it.
    spans: Vec<(usize, usize)>,
    row_at: Vec<usize>,
    cells: Vec<u32>,
    /// For each pixel, the index of the top-left of the four grid cells it
    /// reads back ([`NONE`] when they are not all inside the grid).
    back: Vec<u32>,
}

impl Turn {
    fn new(w: usize, h: usize, angle: f32) -> Turn {
        let (s, c) = angle.sin_cos();
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
        let mut turn = Turn {
            w,
            h,
            s,
            c,
            u0,
            t0,
            gw,
            gh,
            spans: Vec::with_capacity(gh),
            row_at: Vec::with_capacity(gh),
            cells: Vec::new(),
            back: Vec::with_capacity(w * h),
        };
        let mut row = Vec::with_capacity(gw);
        for ti in 0..gh {
            row.clear();
            row.extend((0..gw).map(|ui| {
                let (x, y) = turn.sampled(ui, ti);
                inside(w, h, x - 0.5, y - 0.5)
            }));
            let first = row.iter().position(|&i| i != NONE);
            let (a, b) = first.map_or((0, 0), |a| {
                (
                    a,
                    gw - row.iter().rev().position(|&i| i != NONE).unwrap_or(0),
                )
            });
            turn.spans.push((a, b));
            turn.row_at.push(turn.cells.len());
            turn.cells.extend_from_slice(&row[a..b]);
        }
        for yi in 0..h {
            for xi in 0..w {
                let (u, t) = turn.read_at(xi, yi);
                turn.back.push(inside(gw, gh, u, t));
            }
        }
        turn
    }

    /// The point of the plane the grid's cell (`ui`, `ti`) samples.
    #[inline(always)]
    fn sampled(&self, ui: usize, ti: usize) -> (f32, f32) {
        let t = self.t0 + ti as f32;
        let (ts, tc) = (t * self.s, t * self.c);
        let u = self.u0 + ui as f32;
        (u * self.c - ts, u * self.s + tc)
    }

    /// The point of the grid the pixel (`xi`, `yi`) reads back.
    #[inline(always)]
    fn read_at(&self, xi: usize, yi: usize) -> (f32, f32) {
        let y = yi as f32 + 0.5;
        let (ys, yc) = (y * self.s, y * self.c);
        let x = xi as f32 + 0.5;
        (x * self.c + ys - self.u0, -x * self.s + yc - self.t0)
    }

    /// [`line_opening`] of `v` (a `w` × `h` plane) along this grid.
    fn open(&self, v: &[f32], len: usize) -> Vec<f32> {
        let (w, h) = (self.w, self.h);
        let v = &v[..w * h];
        // With no value below +0 (nor -0, nor NaN), everything sampled is at
        // least +0, so a pixel at +0 stays +0 whatever is around it.
        let plain = v.iter().all(|x| x.to_bits() >> 31 == 0 && !x.is_nan());
        if !(plain && v.iter().all(|x| x.is_finite())) {
            return self.open_any(v, len, plain);
        }
        self.open_plain(v, len)
    }

    /// [`Turn::open`] of a plane of finite values none below +0 (nor -0):
    /// their bits order them as their values do, so the opening runs on
    /// whole numbers, and a cell of the grid with a value outside the plane
    /// is the largest `f32` (the largest of the four), as are the ends of a
    /// row past its span, which only the cells within twice the segment's
    /// reach of the span need to be filtered for.
    fn open_plain(&self, v: &[f32], len: usize) -> Vec<f32> {
        let (w, gw) = (self.w, self.gw);
        let top = f32::MAX.to_bits();
        let r = (len / 2).max(1);
        // The largest of each value and those right of it, below it and
        // below right: what a cell all inside reads, once per pixel.
        let mut four = Vec::with_capacity(w * self.h);
        for (upper, lower) in v
            .chunks_exact(w.max(1))
            .zip(v[w.min(v.len())..].chunks_exact(w.max(1)))
        {
            let pair = |(&a, &b): (&f32, &f32)| a.to_bits().max(b.to_bits());
            let (high, low) = (
                upper.iter().zip(lower).map(pair),
                upper[1..].iter().zip(&lower[1..]).map(pair),
            );
            let start = four.len();
            four.extend(high);
            for (f, l) in four[start..].iter_mut().zip(low) {
                *f = (*f).max(l);
            }
        }
        let mut opened = vec![top; gw * self.gh];
        let (mut row, mut low, mut room, mut done) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (ti, &(a, b)) in self.spans.iter().enumerate() {
            if a == b {
                continue;
            }
            let (e0, e1) = (a.saturating_sub(2 * r), (b + 2 * r).min(gw));
            let cells = &self.cells[self.row_at[ti]..self.row_at[ti] + (b - a)];
            row.clear();
            row.resize(a - e0, top);
            row.extend(cells.iter().map(|&i| {
                if i == NONE {
                    return top;
                }
                four[i as usize]
            }));
            row.resize(e1 - e0, top);
            let dst = &mut opened[ti * gw + e0..ti * gw + e1];
            if r <= SHORT {
                // The opening's two passes over a short window, each a few
                // comparisons of whole rows.
                low.clear();
                low.resize(row.len(), 0);
                running_short(&row, r, u32::MAX, u32::min, &mut room, &mut low);
                running_short(&low, r, 0, u32::max, &mut room, dst);
            } else {
                low.clear();
                running_into(&row, r, u32::min, &mut room, &mut low);
                done.clear();
                running_into(&low, r, u32::max, &mut room, &mut done);
                dst.copy_from_slice(&done);
            }
        }
        let mut out = Vec::with_capacity(w * self.h);
        for (i, (&here, &g)) in v.iter().zip(&self.back).enumerate() {
            let here = here.to_bits();
            if here == 0 {
                out.push(0.0);
                continue;
            }
            let m = if g != NONE {
                let g = g as usize;
                opened[g]
                    .max(opened[g + 1])
                    .max(opened[g + gw])
                    .max(opened[g + gw + 1])
            } else {
                let (u, t) = self.read_at(i % w, i / w);
                around_bits(&opened, gw, self.gh, u, t)
            };
            out.push(f32::from_bits(m.min(here)));
        }
        out
    }

    /// [`Turn::open`] of any plane, in `f32` throughout; `plain` as there.
    fn open_any(&self, v: &[f32], len: usize, plain: bool) -> Vec<f32> {
        let (w, h, gw, gh) = (self.w, self.h, self.gw, self.gh);
        let mut grid = vec![0f32; gw * gh];
        for (ti, row) in grid.chunks_exact_mut(gw).enumerate() {
            for (ui, cell) in row.iter_mut().enumerate() {
                let (x, y) = self.sampled(ui, ti);
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
        let mut out = Vec::with_capacity(w * h);
        for (i, &here) in v.iter().enumerate() {
            if plain && here.to_bits() == 0 {
                out.push(here);
                continue;
            }
            let (u, t) = self.read_at(i % w, i / w);
            out.push(around(&opened, gw, gh, u, t, 0.0).min(here));
        }
        out
    }
}

/// The index of the top-left of the four values around the point (`x`,
/// `y`) of a `pw` × `ph` plane, when all four are inside it, else [`NONE`]
/// (as [`around`] finds them).
#[inline(always)]
fn inside(pw: usize, ph: usize, x: f32, y: f32) -> u32 {
    let (fx, fy) = (floor(x), floor(y));
    if fx >= 0 && fy >= 0 && fx + 1 < pw as i64 && fy + 1 < ph as i64 {
        (fy as usize * pw + fx as usize) as u32
    } else {
        NONE
    }
}

/// [`around`] in a plane of bits of values none below +0, 0 outside.
fn around_bits(p: &[u32], pw: usize, ph: usize, x: f32, y: f32) -> u32 {
    let (fx, fy) = (floor(x), floor(y));
    let mut m = 0;
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let (xx, yy) = (fx + dx, fy + dy);
        if xx >= 0 && yy >= 0 && xx < pw as i64 && yy < ph as i64 {
            m = m.max(p[yy as usize * pw + xx as usize]);
        }
    }
    m
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
    let mut lines = ruling_lines_each(&[dark], w, h, angle, len, thin);
    lines.pop().unwrap_or_default()
}

/// [`ruling_lines`] of each of several `w` × `h` planes (a photo's
/// channels): each turned grid is worked out once for all of them.
pub fn ruling_lines_each(
    planes: &[&[f32]],
    w: usize,
    h: usize,
    angle: f32,
    len: usize,
    thin: usize,
) -> Vec<Vec<f32>> {
    let mut out = vec![vec![0f32; w * h]; planes.len()];
    // One turned grid held at a time: long lines along the ruling, wide
    // patches across it, then long lines across it, wide patches along it.
    let mut turn = Turn::new(w, h, angle);
    let mut long: Vec<Vec<f32>> = planes.iter().map(|p| turn.open(p, len)).collect();
    let mut a = angle;
    for k in 0..2 {
        a += std::f32::consts::FRAC_PI_2;
        drop(turn);
        turn = Turn::new(w, h, a);
        for (out, long) in out.iter_mut().zip(&long) {
            let wide = turn.open(long, thin);
            for i in 0..w * h {
                out[i] = out[i].max(long[i] - wide[i]);
            }
        }
        if k == 0 {
            long = planes.iter().map(|p| turn.open(p, len)).collect();
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
    fn blur_matches_each_line_s_means_rows_then_columns() {
        // Each line's means from its sums from the start, in f64, as one
        // line alone: the rows, then each column taken out.
        let line_means = |line: &[f32], r: usize, out: &mut Vec<f32>| {
            let n = line.len();
            let mut prefix = vec![0f64];
            let mut sum = 0f64;
            for x in line {
                sum += f64::from(*x);
                prefix.push(sum);
            }
            out.extend((0..n).map(|i| {
                let (a, b) = (i.saturating_sub(r), (i + r + 1).min(n));
                ((prefix[b] - prefix[a]) / (b - a) as f64) as f32
            }));
        };
        for (w, h) in [(1, 1), (1, 9), (9, 1), (17, 12), (40, 33)] {
            let v: Vec<f32> = (0..w * h)
                .map(|i| ((i * 7919) % 1013) as f32 / 37.0)
                .collect();
            for r in [0, 1, 2, 5, 20, 50] {
                let want = separable(&v, w, h, |line, out| line_means(line, r, out));
                let got = blur(&v, w, h, r);
                let bits = |p: &[f32]| p.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&got), bits(&want), "{w} x {h}, r {r}");
            }
        }
    }

    #[test]
    fn all_within_matches_a_plain_scan() {
        for (w, h) in [(1, 1), (1, 6), (7, 1), (9, 5), (13, 17)] {
            let mask: Vec<bool> = (0..w * h).map(|i| (i * 37) % 11 > 2).collect();
            for r in [0, 1, 2, 4, 9, 30] {
                for want in [true, false] {
                    let got = all_within(&mask, w, h, r, want);
                    for (i, &got) in got.iter().enumerate() {
                        let (x, y) = (i % w, i / w);
                        let xs = x.saturating_sub(r)..(x + r + 1).min(w);
                        let every = (y.saturating_sub(r)..(y + r + 1).min(h))
                            .all(|yy| xs.clone().all(|xx| mask[yy * w + xx] == want));
                        assert_eq!(got, every, "{w} x {h}, r {r}, {want} at {i}");
                    }
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

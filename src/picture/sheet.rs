//! Finding a child's drawing on a sheet of paper in a photo, on a reduced
//! upright copy ([`Small`], a few hundred pixels a side): the sheet, the
//! light on it, the ruling of school paper, and the strokes, grouped into
//! drawings. Pixels of the reduced copy throughout, origin top-left, y down.
//!
//! The steps, each bounded by the copy's size (every filter is linear in
//! the number of pixels; the ruling's direction is sought over 180 angles):
//!
//! 1. **The sheet** is the largest region brighter and less colourful than
//!    what is around it (brightness minus colourfulness above Otsu's
//!    threshold, or grey and not dark: paper in a shadow), opened (shrunk then grown) so that a bright cloth or a
//!    thumb touching it does not join it, its holes (the drawing) filled.
//!    A band along its edge is left out: the edge itself, the shadow on it,
//!    a thumb's rim.
//! 2. **The light** on the paper is each channel's brightest paper nearby
//!    (a running maximum over about 5 % of the copy, then a running minimum
//!    over as much, smoothed: a closing), so uneven
//!    light and a shadow larger than a stroke read as paper; a pixel's
//!    *shade* is each channel over the paper's, 1 on paper.
//! 3. **Ruling**: faint marks (a little darker than the paper) are
//!    projected across every direction; the direction whose projection has
//!    the sharpest peaks is the ruling's, and a line is a position whose
//!    faint marks cover at least 40 % of the sheet across (squared and Seyès
//!    paper have two directions, at right angles; the margin line is one
//!    more). Each line's colour is measured; a pixel on a line no darker
//!    than the line's colour in any channel is ruling, not ink.
//! 4. **Strokes** are pixels clearly darker than the paper in some channel
//!    (a yellow crayon darkens blue), less the ruling. Their connected parts
//!    that touch the band along the sheet's edge (a thumb, the shadow's
//!    edge, the table) and skin-coloured blobs are left out; the rest are
//!    grouped by nearness into clusters.
//! 5. **Drawings**: the cluster with the most ink is the drawing; others
//!    near it join it; a small cluster far from it (a name in a corner) is
//!    left out; one nearly as large as it, apart, is a second drawing
//!    (reported, so that the user can choose).

// Planes are indexed by pixel, several at once: plain index loops read best.
#![allow(clippy::needless_range_loop)]

use super::filters::{all_within, blur, max_filter, min_filter, otsu, ruling_lines_each};

/// A reduced upright copy of a photo: `w` × `h` pixels, each channel 0–255.
pub struct Small {
    /// Width in pixels.
    pub w: usize,
    /// Height in pixels.
    pub h: usize,
    /// Red, green, blue (the same three for a grey photo), row by row.
    pub rgb: [Vec<f32>; 3],
}

/// A box in the reduced copy: left, top, right, bottom (exclusive), pixels.
pub type SmallBox = [usize; 4];

/// What [`analyse`] found.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Analysis {
    /// The content of the photo, without dark bars along its edges.
    pub content: SmallBox,
    /// The sheet's bounding box, when a sheet stands out.
    pub sheet: Option<SmallBox>,
    /// The drawing's box (ink only, no margin), if any ink was found.
    pub drawing: Option<SmallBox>,
    /// Other drawings on the sheet, as large as the drawing or nearly, apart
    /// from it: their boxes, largest first.
    pub others: Vec<SmallBox>,
    /// The direction of the paper's ruling (or of its edges), radians from
    /// the x axis (y down); the ruling's other direction is at right angles.
    pub angle: f32,
    /// The strokes kept, pixel by pixel (row by row, `w` × `h`).
    pub strokes: Vec<bool>,
    /// Why nothing was found, when so.
    pub gave_up: Option<&'static str>,
}

impl Small {
    fn lum(&self, i: usize) -> f32 {
        0.299 * self.rgb[0][i] + 0.587 * self.rgb[1][i] + 0.114 * self.rgb[2][i]
    }
    fn chroma(&self, i: usize) -> f32 {
        let [r, g, b] = [self.rgb[0][i], self.rgb[1][i], self.rgb[2][i]];
        r.max(g).max(b) - r.min(g).min(b)
    }
}

/// Dark bars along the edges (a screenshot's): the content's box.
fn content_box(s: &Small) -> Option<SmallBox> {
    let (w, h) = (s.w, s.h);
    let dark_row = |y: usize| (0..w).all(|x| s.lum(y * w + x) < 40.0);
    let dark_col = |x: usize| (0..h).all(|y| s.lum(y * w + x) < 40.0);
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
    (bottom > top + 8 && right > left + 8).then_some([left, top, right, bottom])
}

/// Looks for the drawing (see the module's doc).
pub fn analyse(s: &Small) -> Analysis {
    let (w, h) = (s.w, s.h);
    let mut out = Analysis {
        content: [0, 0, w, h],
        ..Analysis::default()
    };
    if w < 16 || h < 16 {
        out.gave_up = Some("the picture is too small to look into");
        return out;
    }
    let Some(content) = content_box(s) else {
        out.gave_up = Some("the picture is nearly all dark");
        return out;
    };
    out.content = content;
    let [left, top, right, bottom] = content;
    let inside = |i: usize| {
        let (x, y) = (i % w, i / w);
        x >= left && x < right && y >= top && y < bottom
    };
    let long = w.max(h) as f64;

    // 1. The sheet.
    let score: Vec<f32> = (0..w * h)
        .map(|i| (s.lum(i) - 1.5 * s.chroma(i)).clamp(0.0, 255.0))
        .collect();
    let mut hist = [0u32; 256];
    for (i, v) in score.iter().enumerate() {
        if inside(i) {
            hist[*v as usize] += 1;
        }
    }
    let t = otsu(&hist) as f32;
    // Paper in a shadow is greyer than the lit paper, but still colourless.
    let bright: Vec<bool> = (0..w * h)
        .map(|i| inside(i) && (score[i] > t || (s.chroma(i) < 20.0 && s.lum(i) > 110.0)))
        .collect();
    let open_r = (long * 0.008).ceil().max(1.0) as usize;
    let core = erode(&bright, w, h, open_r);
    let biggest = largest(&core, w, h);
    let opened: Vec<bool> = dilate(&biggest, w, h, open_r)
        .iter()
        .zip(&bright)
        .map(|(a, b)| *a && *b)
        .collect();
    let paper = fill_holes(&largest(&opened, w, h), w, h, content);
    let content_area = ((right - left) * (bottom - top)) as f64;
    let fraction = paper.iter().filter(|&&p| p).count() as f64 / content_area;
    let sheet = (0.04..0.97).contains(&fraction);
    let band = (long * 0.012).ceil().max(2.0) as usize;
    let region: Vec<bool> = if sheet {
        out.sheet = bounds(&paper, w);
        erode(&paper, w, h, band)
    } else {
        (0..w * h).map(inside).collect()
    };
    // Within reach of the region's edge: what touches it is not drawn.
    let rim: Vec<bool> = {
        let inner = erode(&region, w, h, 2);
        region.iter().zip(&inner).map(|(r, i)| *r && !*i).collect()
    };

    // 2. The light: each channel's brightest paper nearby, then the least
    // of that nearby (a closing: strokes narrower than the reach are filled,
    // but the edge of a shadow stays where it is instead of spreading the
    // lit paper's level into the shade, which would read as ink).
    // The reach is wide (5 % of the copy): a crayon-filled body wider than
    // twice the reach would read as paper.
    let r = (long * 0.05).ceil().max(3.0) as usize;
    let paper_level: Vec<Vec<f32>> = s
        .rgb
        .iter()
        .map(|plane| {
            let on: Vec<f32> = plane
                .iter()
                .zip(&region)
                .map(|(v, &p)| if p { *v } else { 0.0 })
                .collect();
            let most = max_filter(&on, w, h, r);
            // Outside the sheet nothing lowers the level.
            let lifted: Vec<f32> = most
                .iter()
                .zip(&region)
                .map(|(v, &p)| if p { *v } else { 255.0 })
                .collect();
            let closed: Vec<f32> = min_filter(&lifted, w, h, r)
                .iter()
                .zip(&most)
                .zip(&region)
                .map(|((c, m), &p)| if p { *c } else { *m })
                .collect();
            blur(&closed, w, h, (r / 8).max(2))
        })
        .collect();
    let shade = |i: usize| -> [f32; 3] {
        [0, 1, 2].map(|c| (s.rgb[c][i] / paper_level[c][i].max(8.0)).min(1.0))
    };
    let darkness: Vec<f32> = (0..w * h)
        .map(|i| {
            if region[i] {
                1.0 - shade(i).into_iter().fold(1.0, f32::min)
            } else {
                0.0
            }
        })
        .collect();

    // 3. Ruling: the direction of the sharpest lines, then what is left of
    // each channel's darkness after an opening along it and across it.
    // Thin marks: darker than their surroundings (a shadow's soft edge is not).
    let near = blur(&darkness, w, h, 2);
    let faint: Vec<bool> = (0..w * h)
        .map(|i| darkness[i] > 0.04 && darkness[i] - near[i] > 0.02)
        .collect();
    let angle = ruling_angle(&faint, &region, w, h);
    let len = ((long * 0.1).ceil() as usize).max(8);
    let thin = ((long * 0.006).ceil() as usize).max(5);
    let dark: Vec<Vec<f32>> = (0..3)
        .map(|c| {
            (0..w * h)
                .map(|i| if region[i] { 1.0 - shade(i)[c] } else { 0.0 })
                .collect()
        })
        .collect();
    let planes: Vec<&[f32]> = dark.iter().map(|d| &d[..]).collect();
    let lines = ruling_lines_each(&planes, w, h, angle, len, thin);
    drop(dark);
    let mut kept = vec![[1f32; 3]; w * h];
    for (c, lines) in lines.iter().enumerate() {
        for i in 0..w * h {
            kept[i][c] = 1.0 - lines[i];
        }
    }
    out.angle = angle;

    // 4. Strokes: darker than the paper and its ruling in some channel.
    let ink: Vec<bool> = (0..w * h)
        .map(|i| {
            let sh = shade(i);
            region[i] && (0..3).any(|c| sh[c] / kept[i][c].max(0.05) < 0.8)
        })
        .collect();
    let strokes = kept_strokes(s, &ink, &rim, &region);
    out.strokes = strokes.clone();
    // 5. Drawings: the strokes grouped by nearness.
    let sheet_box = out.sheet.unwrap_or(content);
    group(&mut out, &strokes, (w, h), sheet_box, content_area);
    out
}

/// The parts of the `ink` that are strokes (step 4 of the module's doc):
/// not touching the `rim` of the `region`, not specks, not skin-coloured
/// blobs.
fn kept_strokes(s: &Small, ink: &[bool], rim: &[bool], region: &[bool]) -> Vec<bool> {
    let (w, h) = (s.w, s.h);
    let labels = label(ink, w, h);
    let mut keep = vec![true; labels.count];
    let mut area = vec![0usize; labels.count];
    let mut skin = vec![0usize; labels.count];
    let mut bbox = vec![[usize::MAX, usize::MAX, 0, 0]; labels.count];
    for i in 0..w * h {
        let Some(l) = labels.of(i) else { continue };
        area[l] += 1;
        if rim[i] {
            keep[l] = false;
        }
        if is_skin(s, i) {
            skin[l] += 1;
        }
        grow(&mut bbox[l], i % w, i / w);
    }
    let region_area = region.iter().filter(|&&p| p).count().max(1) as f64;
    let speck = (region_area * 0.00005).max(2.0) as usize;
    for l in 0..labels.count {
        let [x0, y0, x1, y1] = bbox[l];
        let box_area = ((x1 + 1 - x0) * (y1 + 1 - y0)) as f64;
        // A blob of skin: mostly skin-coloured and solid.
        let blob = skin[l] * 2 > area[l] && area[l] as f64 > 0.3 * box_area;
        if area[l] < speck || blob {
            keep[l] = false;
        }
    }
    (0..w * h)
        .map(|i| labels.of(i).is_some_and(|l| keep[l]))
        .collect()
}

/// Groups the `strokes` (a mask of the `size` copy) by nearness into
/// drawings on `sheet_box` (step 5 of the module's doc), filling in `out`'s
/// drawing and others, or why none was found.
fn group(
    out: &mut Analysis,
    strokes: &[bool],
    (w, h): (usize, usize),
    sheet_box: SmallBox,
    content_area: f64,
) {
    let sheet = out.sheet.is_some();
    let diag = (((sheet_box[2] - sheet_box[0]).pow(2) + (sheet_box[3] - sheet_box[1]).pow(2))
        as f64)
        .sqrt();
    let reach = (diag * 0.02).ceil().max(2.0) as usize;
    let near = dilate(strokes, w, h, reach);
    let groups = label(&near, w, h);
    let mut mass = vec![0usize; groups.count];
    let mut gbox = vec![[usize::MAX, usize::MAX, 0, 0]; groups.count];
    for i in 0..w * h {
        if strokes[i] {
            let g = groups.of(i).expect("a stroke is in its own reach");
            mass[g] += 1;
            grow(&mut gbox[g], i % w, i / w);
        }
    }
    let mut order: Vec<usize> = (0..groups.count).filter(|&g| mass[g] > 0).collect();
    order.sort_by_key(|&g| std::cmp::Reverse(mass[g]));
    let Some(&main) = order.first() else {
        out.gave_up = Some("no drawing was found on it");
        return;
    };
    let mut drawing = gbox[main];
    let mut others = Vec::new();
    for &g in &order[1..] {
        let b = gbox[g];
        let gap = box_gap(drawing, b);
        if mass[g] * 100 >= mass[main] * 35 && box_area(b) * 4 >= box_area(gbox[main]) {
            others.push(b);
        } else if gap <= diag * 0.06 && mass[g] * 100 >= mass[main] * 3 {
            // A part of the same drawing, a little apart (an eye, a tail).
            drawing = union(drawing, b);
        }
    }
    if !sheet {
        let [x0, y0, x1, y1] = drawing;
        if ((x1 + 1 - x0) * (y1 + 1 - y0)) as f64 > 0.9 * content_area {
            out.gave_up = Some("no sheet of paper stands out from what is around the drawing");
            return;
        }
    }
    out.drawing = Some(exclusive(drawing));
    out.others = others.into_iter().map(exclusive).collect();
}

/// An inclusive box made exclusive.
fn exclusive(b: [usize; 4]) -> SmallBox {
    [b[0], b[1], b[2] + 1, b[3] + 1]
}

fn union(a: [usize; 4], b: [usize; 4]) -> [usize; 4] {
    [
        a[0].min(b[0]),
        a[1].min(b[1]),
        a[2].max(b[2]),
        a[3].max(b[3]),
    ]
}

fn box_area(b: [usize; 4]) -> usize {
    (b[2] + 1 - b[0]) * (b[3] + 1 - b[1])
}

/// The gap between two inclusive boxes, pixels (0 when they overlap).
fn box_gap(a: [usize; 4], b: [usize; 4]) -> f64 {
    let dx = (b[0] as f64 - a[2] as f64)
        .max(a[0] as f64 - b[2] as f64)
        .max(0.0);
    let dy = (b[1] as f64 - a[3] as f64)
        .max(a[1] as f64 - b[3] as f64)
        .max(0.0);
    dx.hypot(dy)
}

fn grow(b: &mut [usize; 4], x: usize, y: usize) {
    b[0] = b[0].min(x);
    b[1] = b[1].min(y);
    b[2] = b[2].max(x);
    b[3] = b[3].max(y);
}

/// Skin: warm, moderately colourful, neither dark nor white.
fn is_skin(s: &Small, i: usize) -> bool {
    let [r, g, b] = [s.rgb[0][i], s.rgb[1][i], s.rgb[2][i]];
    let l = s.lum(i);
    r > g
        && g > b
        && (15.0..=120.0).contains(&(r - b))
        && (r - g) < 0.8 * (r - b)
        && (70.0..=240.0).contains(&l)
        && (g - b) > 0.15 * (r - b)
}

/// The direction (radians, 0 to π/2: the other is at right angles) along
/// which the `faint` marks on `region` line up best: the sharpest projection
/// across it (the sum of squared counts), 2° steps, then 0.2° around the best.
fn ruling_angle(faint: &[bool], region: &[bool], w: usize, h: usize) -> f32 {
    let marks: Vec<(f32, f32)> = (0..w * h)
        .filter(|&i| faint[i] && region[i])
        .map(|i| ((i % w) as f32, (i / w) as f32))
        .collect();
    if marks.len() < 50 {
        return 0.0;
    }
    let span = (w + h) as f32;
    let bins = 2 * (w + h) + 2;
    let mut hist = vec![0u32; bins];
    let mut sharpness = |a: f32| -> f64 {
        let (sin, cos) = a.sin_cos();
        hist.fill(0);
        for &(x, y) in &marks {
            let d = (-x * sin + y * cos + span).round().max(0.0) as usize;
            hist[d.min(bins - 1)] += 1;
        }
        hist.iter().map(|&n| f64::from(n) * f64::from(n)).sum()
    };
    // Both directions of a grid count: 0 to 90°, then around the best.
    let mut best = (0.0f32, f64::MIN);
    for k in 0..45 {
        let a = (k as f32 * 2.0).to_radians();
        let v = sharpness(a).max(sharpness(a + std::f32::consts::FRAC_PI_2));
        if v > best.1 {
            best = (a, v);
        }
    }
    let coarse = best.0;
    for k in -10..=10 {
        let a = coarse + (k as f32 * 0.2).to_radians();
        let v = sharpness(a).max(sharpness(a + std::f32::consts::FRAC_PI_2));
        if v > best.1 {
            best = (a, v);
        }
    }
    best.0
}

/// Where the `strokes` of a `w` × `h` copy are, grown by two pixels, with
/// what they enclose (the colour inside an outline, however wide).
pub fn around_strokes(strokes: &[bool], w: usize, h: usize) -> Vec<bool> {
    fill_holes(&dilate(strokes, w, h, 2), w, h, [0, 0, w, h])
}

/// Connected parts of a mask (8-connected): a label per pixel.
struct Labels {
    ids: Vec<u32>,
    count: usize,
}

impl Labels {
    fn of(&self, i: usize) -> Option<usize> {
        match self.ids[i] {
            0 => None,
            l => Some(l as usize - 1),
        }
    }
}

fn label(mask: &[bool], w: usize, h: usize) -> Labels {
    let mut ids = vec![0u32; w * h];
    let mut count = 0usize;
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !mask[start] || ids[start] != 0 {
            continue;
        }
        count += 1;
        ids[start] = count as u32;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    let j = ny * w + nx;
                    if mask[j] && ids[j] == 0 {
                        ids[j] = count as u32;
                        stack.push(j);
                    }
                }
            }
        }
    }
    Labels { ids, count }
}

/// The largest 8-connected part of a mask.
fn largest(mask: &[bool], w: usize, h: usize) -> Vec<bool> {
    let l = label(mask, w, h);
    let mut sizes = vec![0usize; l.count];
    for i in 0..w * h {
        if let Some(k) = l.of(i) {
            sizes[k] += 1;
        }
    }
    let Some(best) = (0..l.count).max_by_key(|&k| sizes[k]) else {
        return vec![false; w * h];
    };
    (0..w * h).map(|i| l.of(i) == Some(best)).collect()
}

/// `mask` with its holes filled: what cannot be reached from the edge of
/// `content` without crossing it.
fn fill_holes(mask: &[bool], w: usize, h: usize, content: SmallBox) -> Vec<bool> {
    let [left, top, right, bottom] = content;
    let mut outside = vec![false; w * h];
    let mut stack = Vec::new();
    for y in top..bottom {
        for x in left..right {
            let edge = x == left || y == top || x + 1 == right || y + 1 == bottom;
            let i = y * w + x;
            if edge && !mask[i] && !outside[i] {
                outside[i] = true;
                stack.push(i);
            }
        }
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let mut go = |j: usize, ok: bool| {
            if ok && !mask[j] && !outside[j] {
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
    all_within(mask, w, h, r, true)
}

/// `mask` grown by `r` pixels (a square neighbourhood).
fn dilate(mask: &[bool], w: usize, h: usize, r: usize) -> Vec<bool> {
    let mut grown = all_within(mask, w, h, r, false);
    for g in &mut grown {
        *g = !*g;
    }
    grown
}

/// The bounding box of a mask (exclusive).
fn bounds(mask: &[bool], w: usize) -> Option<SmallBox> {
    let mut b: Option<[usize; 4]> = None;
    for (i, _) in mask.iter().enumerate().filter(|(_, &m)| m) {
        let (x, y) = (i % w, i / w);
        match &mut b {
            None => b = Some([x, y, x, y]),
            Some(b) => grow(b, x, y),
        }
    }
    b.map(exclusive)
}

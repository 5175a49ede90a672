//! Phone photos of children's drawings, made up for the framing tests: a
//! sheet of school paper (plain, squared, lined or Seyès) tilted on a table
//! (wood, gingham, a flowery cloth), one or two drawings in felt pen or
//! crayon, a thumb holding the sheet, a shadow, light falling off, a name
//! written in a corner. Each photo comes with where its strokes really are.
//!
//! Only the standard library: sheet coordinates are millimetres on an A4
//! sheet (origin top-left, y down); photo coordinates are pixels of the
//! upright photo.

#![allow(dead_code)]

/// What the sheet lies on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Table {
    Wood,
    Gingham,
    Flowers,
}

/// The sheet's ruling.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ruling {
    Plain,
    /// 5 mm squares, grey-blue.
    Squared,
    /// Lines 8 mm apart and a red margin.
    Lined,
    /// French school paper: lines every 2 mm, a stronger one every 8 mm,
    /// verticals every 8 mm, a red margin.
    Seyes,
}

/// How a drawing is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pen {
    /// Felt pen: solid, dark.
    Felt([f64; 3]),
    /// Crayon: waxy, lighter, with gaps.
    Crayon([f64; 3]),
}

/// One drawing: an animal doodle centred at `at` (mm on the sheet), `size`
/// mm wide.
#[derive(Clone, Copy, Debug)]
pub struct Drawing {
    pub at: (f64, f64),
    pub size: f64,
    pub pen: Pen,
    /// A crayon colour filling the body, if any.
    pub fill: Option<[f64; 3]>,
}

/// A photo to make.
#[derive(Clone, Debug)]
pub struct Shot {
    pub width: usize,
    pub height: usize,
    pub table: Table,
    pub ruling: Ruling,
    /// The sheet's turn, degrees (clockwise).
    pub tilt: f64,
    /// The sheet's centre, fractions of the photo.
    pub centre: (f64, f64),
    /// Photo pixels per millimetre of the sheet.
    pub scale: f64,
    pub drawings: Vec<Drawing>,
    /// A thumb holding the sheet, on its bottom edge at this fraction of
    /// its width (0–1).
    pub thumb: Option<f64>,
    /// A soft shadow over the sheet's top-right part.
    pub shadow: bool,
    /// How much darker the far corner is (0–1).
    pub falloff: f64,
    /// A name written small in the sheet's bottom-right corner.
    pub name: bool,
    /// The paper's tint (cream, recycled grey): its colour.
    pub paper: [f64; 3],
    pub seed: u32,
}

impl Default for Shot {
    fn default() -> Shot {
        Shot {
            width: 1200,
            height: 900,
            table: Table::Wood,
            ruling: Ruling::Plain,
            tilt: 8.0,
            centre: (0.5, 0.5),
            scale: 2.4,
            drawings: vec![Drawing {
                at: (105.0, 140.0),
                size: 110.0,
                pen: Pen::Felt([40.0, 40.0, 45.0]),
                fill: Some([230.0, 150.0, 40.0]),
            }],
            thumb: None,
            shadow: false,
            falloff: 0.0,
            name: false,
            paper: [246.0, 244.0, 236.0],
            seed: 7,
        }
    }
}

/// A made-up photo: upright RGB samples and where things are.
pub struct Photo {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<u8>,
    /// Each drawing's strokes' bounding box, `[x, y, w, h]` upright pixels.
    pub drawings: Vec<[f64; 4]>,
    /// The sheet's corners, upright pixels.
    pub corners: [(f64, f64); 4],
}

const SHEET: (f64, f64) = (210.0, 297.0);
/// Resolution of the strokes' sheet raster, cells per mm.
const CELLS: f64 = 4.0;

struct Rng(u32);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        f64::from(self.0 >> 8) / f64::from(1u32 << 24)
    }
}

/// The strokes on the sheet: a raster of colours (None: paper), CELLS a mm.
struct Ink {
    w: usize,
    h: usize,
    cells: Vec<Option<([f64; 3], u8)>>,
}

impl Ink {
    fn new() -> Ink {
        let (w, h) = ((SHEET.0 * CELLS) as usize, (SHEET.1 * CELLS) as usize);
        Ink {
            w,
            h,
            cells: vec![None; w * h],
        }
    }

    /// A disc of `r` mm at (x, y) mm; `id` says which drawing.
    fn dot(&mut self, x: f64, y: f64, r: f64, c: [f64; 3], id: u8) {
        let (cx, cy, cr) = (x * CELLS, y * CELLS, (r * CELLS).max(0.7));
        let (x0, x1) = (
            (cx - cr).floor().max(0.0) as usize,
            (cx + cr).ceil().max(0.0) as usize,
        );
        let (y0, y1) = (
            (cy - cr).floor().max(0.0) as usize,
            (cy + cr).ceil().max(0.0) as usize,
        );
        for y in y0..y1.min(self.h) {
            for x in x0..x1.min(self.w) {
                let (dx, dy) = (x as f64 + 0.5 - cx, y as f64 + 0.5 - cy);
                if dx * dx + dy * dy <= cr * cr {
                    self.cells[y * self.w + x] = Some((c, id));
                }
            }
        }
    }

    /// A stroke along `pts` (mm), `width` mm; crayon leaves gaps.
    fn line(&mut self, pts: &[(f64, f64)], width: f64, pen: Pen, id: u8, rng: &mut Rng) {
        let (c, crayon) = match pen {
            Pen::Felt(c) => (c, false),
            Pen::Crayon(c) => (c, true),
        };
        for w in pts.windows(2) {
            let ((ax, ay), (bx, by)) = (w[0], w[1]);
            let n = ((bx - ax).hypot(by - ay) * CELLS).ceil().max(1.0) as usize;
            for k in 0..=n {
                let t = k as f64 / n as f64;
                if crayon && rng.next() < 0.25 {
                    continue;
                }
                self.dot(ax + (bx - ax) * t, ay + (by - ay) * t, width / 2.0, c, id);
            }
        }
    }
}

/// An ellipse's outline, mm.
fn ellipse(c: (f64, f64), a: f64, b: f64, from: f64, to: f64) -> Vec<(f64, f64)> {
    (0..=48)
        .map(|k| {
            let t = (from + (to - from) * k as f64 / 48.0).to_radians();
            (c.0 + a * t.cos(), c.1 + b * t.sin())
        })
        .collect()
}

/// An animal doodle: body, head, ear, eye, legs, tail, whiskers; a crayon
/// fill of the body by hatching.
fn doodle(ink: &mut Ink, d: &Drawing, id: u8, rng: &mut Rng) {
    let s = d.size;
    let (x, y) = d.at;
    let pen_w = (s * 0.018).clamp(0.8, 2.5);
    if let Some(f) = d.fill {
        let mut k = -0.4;
        while k < 0.4 {
            // Hatching inside the body ellipse.
            let half = (1.0 - (k / 0.42f64).powi(2)).max(0.0).sqrt() * 0.2 * s;
            let xx = x + k * s;
            ink.line(
                &[(xx - half * 0.3, y - half), (xx + half * 0.3, y + half)],
                1.6,
                Pen::Crayon(f),
                id,
                rng,
            );
            k += 0.025;
        }
    }
    let body = ellipse((x, y), 0.42 * s, 0.22 * s, 0.0, 360.0);
    ink.line(&body, pen_w, d.pen, id, rng);
    let head = (x + 0.42 * s, y - 0.16 * s);
    ink.line(
        &ellipse(head, 0.13 * s, 0.11 * s, 0.0, 360.0),
        pen_w,
        d.pen,
        id,
        rng,
    );
    ink.line(
        &ellipse(
            (head.0 - 0.02 * s, head.1 - 0.13 * s),
            0.05 * s,
            0.05 * s,
            0.0,
            360.0,
        ),
        pen_w,
        d.pen,
        id,
        rng,
    );
    ink.dot(
        head.0 + 0.04 * s,
        head.1 - 0.02 * s,
        pen_w * 1.2,
        [10.0, 10.0, 10.0],
        id,
    );
    for k in [-0.25, -0.1, 0.12, 0.27] {
        let lx = x + k * s;
        ink.line(
            &[
                (lx, y + 0.19 * s),
                (lx + 0.02 * s, y + 0.36 * s),
                (lx + 0.06 * s, y + 0.36 * s),
            ],
            pen_w,
            d.pen,
            id,
            rng,
        );
    }
    let tail: Vec<(f64, f64)> = (0..=20)
        .map(|k| {
            let t = k as f64 / 20.0;
            (
                x - 0.42 * s - t * 0.3 * s,
                y - (t * 7.0).sin() * 0.06 * s - t * 0.1 * s,
            )
        })
        .collect();
    ink.line(&tail, pen_w, d.pen, id, rng);
    for k in [-1.0, 0.0, 1.0] {
        ink.line(
            &[
                (head.0 + 0.1 * s, head.1 + 0.02 * s),
                (head.0 + 0.22 * s, head.1 + k * 0.05 * s),
            ],
            pen_w * 0.6,
            d.pen,
            id,
            rng,
        );
    }
}

/// A name: a few small pencil letters (loops and strokes) at (x, y) mm.
fn name(ink: &mut Ink, x: f64, y: f64, rng: &mut Rng) {
    let pen = Pen::Felt([70.0, 70.0, 80.0]);
    for k in 0..5 {
        let lx = x + k as f64 * 4.5;
        match k % 3 {
            0 => ink.line(
                &[(lx, y + 5.0), (lx, y), (lx + 3.0, y + 2.5), (lx, y + 2.5)],
                0.5,
                pen,
                0,
                rng,
            ),
            1 => ink.line(
                &ellipse((lx + 1.5, y + 3.0), 1.6, 2.0, 0.0, 360.0),
                0.5,
                pen,
                0,
                rng,
            ),
            _ => ink.line(
                &[(lx, y + 5.0), (lx + 1.5, y), (lx + 3.0, y + 5.0)],
                0.5,
                pen,
                0,
                rng,
            ),
        }
    }
}

/// The ruling at (u, v) mm: its colour and how much of the pixel it covers
/// (lines thinner than a pixel show faint), `px` the pixel's size in mm.
fn ruling(r: Ruling, u: f64, v: f64, px: f64) -> Option<([f64; 3], f64)> {
    let cover = |d: f64, width: f64| {
        ((width.max(0.0) / 2.0 + px / 2.0 - d) / px).clamp(0.0, 1.0) * (width / px).min(1.0)
    };
    let near = |x: f64, step: f64| {
        let m = x.rem_euclid(step);
        m.min(step - m)
    };
    let top = 28.0;
    let margin = match r {
        Ruling::Lined | Ruling::Seyes => cover((u - 32.0).abs(), 0.3),
        _ => 0.0,
    };
    if margin > 0.0 {
        return Some(([225.0, 70.0, 90.0], margin));
    }
    let (blue, a) = match r {
        Ruling::Plain => return None,
        Ruling::Squared => (
            [120.0, 140.0, 190.0],
            cover(near(u, 5.0), 0.15).max(cover(near(v, 5.0), 0.15)),
        ),
        Ruling::Lined => (
            [110.0, 150.0, 210.0],
            if v > top {
                cover(near(v - top, 8.0), 0.25)
            } else {
                0.0
            },
        ),
        Ruling::Seyes => {
            let thick = cover(near(v - top, 8.0), 0.25).max(cover(near(u - 32.0, 8.0), 0.2));
            let thin = cover(near(v - top, 2.0), 0.12) * 0.8;
            (
                [150.0, 120.0, 200.0],
                if v > top { thick.max(thin) } else { 0.0 },
            )
        }
    };
    (a > 0.0).then_some((blue, a))
}

/// The table's colour at photo pixel (x, y).
fn table(t: Table, x: f64, y: f64, rng: &mut Rng) -> [f64; 3] {
    match t {
        Table::Wood => {
            let g =
                ((x * 0.05 + (y * 0.013).sin() * 4.0).sin() * 0.5 + 0.5) * 30.0 + rng.next() * 8.0;
            [150.0 + g, 100.0 + g * 0.7, 60.0 + g * 0.4]
        }
        Table::Gingham => {
            let (a, b) = (
                ((x / 22.0).floor() as i64) & 1,
                ((y / 22.0).floor() as i64) & 1,
            );
            match a + b {
                0 => [245.0, 242.0, 240.0],
                1 => [225.0, 130.0, 135.0],
                _ => [200.0, 40.0, 50.0],
            }
        }
        Table::Flowers => {
            let (cx, cy) = ((x / 60.0).round() * 60.0, (y / 60.0).round() * 60.0);
            let (dx, dy) = (x - cx, y - cy);
            let r = dx.hypot(dy);
            let petal = 14.0 + 6.0 * (5.0 * dy.atan2(dx)).cos();
            if r < 5.0 {
                [250.0, 210.0, 40.0]
            } else if r < petal {
                [240.0, 120.0, 170.0]
            } else if (x + y).rem_euclid(37.0) < 3.0 {
                [90.0, 160.0, 90.0]
            } else {
                [150.0, 190.0, 225.0]
            }
        }
    }
}

/// Makes the photo.
pub fn shoot(s: &Shot) -> Photo {
    let mut rng = Rng(s.seed.wrapping_mul(2_654_435_761).wrapping_add(1));
    let mut ink = Ink::new();
    for (k, d) in s.drawings.iter().enumerate() {
        doodle(&mut ink, d, k as u8 + 1, &mut rng);
    }
    if s.name {
        name(&mut ink, 170.0, 282.0, &mut rng);
    }
    let (w, h) = (s.width, s.height);
    let (sin, cos) = s.tilt.to_radians().sin_cos();
    let centre = (s.centre.0 * w as f64, s.centre.1 * h as f64);
    // Photo pixel → sheet mm, and back.
    let to_sheet = |x: f64, y: f64| {
        let (dx, dy) = ((x - centre.0) / s.scale, (y - centre.1) / s.scale);
        (
            dx * cos + dy * sin + SHEET.0 / 2.0,
            -dx * sin + dy * cos + SHEET.1 / 2.0,
        )
    };
    let to_photo = |u: f64, v: f64| {
        let (du, dv) = ((u - SHEET.0 / 2.0) * s.scale, (v - SHEET.1 / 2.0) * s.scale);
        (
            du * cos - dv * sin + centre.0,
            du * sin + dv * cos + centre.1,
        )
    };
    let thumb = s.thumb.map(|f| to_photo(f * SHEET.0, SHEET.1 - 4.0));
    let px_mm = 1.0 / s.scale;
    // Pixels of this photo per pixel of the default one (2.4 pixels a mm).
    let zoom = s.scale / 2.4;
    let mut boxes = vec![[f64::MAX, f64::MAX, f64::MIN, f64::MIN]; s.drawings.len()];
    let mut rgb = Vec::with_capacity(w * h * 3);
    for y in 0..h {
        for x in 0..w {
            let (fx, fy) = (x as f64 + 0.5, y as f64 + 0.5);
            let (u, v) = to_sheet(fx, fy);
            let on_sheet = (0.0..SHEET.0).contains(&u) && (0.0..SHEET.1).contains(&v);
            let mut c = if on_sheet {
                let mut c = s.paper;
                if let Some((lc, a)) = ruling(s.ruling, u, v, px_mm) {
                    c = [0, 1, 2].map(|k| c[k] * (1.0 - a) + lc[k] * a);
                }
                let (cu, cv) = ((u * CELLS) as usize, (v * CELLS) as usize);
                if let Some((ic, id)) = ink.cells.get(cv * ink.w + cu).copied().flatten() {
                    c = ic;
                    if id > 0 {
                        let b = &mut boxes[id as usize - 1];
                        b[0] = b[0].min(fx - 0.5);
                        b[1] = b[1].min(fy - 0.5);
                        b[2] = b[2].max(fx + 0.5);
                        b[3] = b[3].max(fy + 0.5);
                    }
                }
                c
            } else {
                // The cloth's pattern and the shadows are as large, against
                // the sheet, whatever the phone's resolution.
                let mut c = table(s.table, fx / zoom, fy / zoom, &mut rng);
                // The sheet's own shadow on the table, below and right.
                let (su, sv) = to_sheet(fx - 6.0 * zoom, fy - 8.0 * zoom);
                if (0.0..SHEET.0).contains(&su) && (0.0..SHEET.1).contains(&sv) {
                    c = c.map(|v| v * 0.6);
                }
                c
            };
            if let Some((tx, ty)) = thumb {
                // A thumb: an ellipse across the sheet's edge, pointing in.
                let (dx, dy) = (fx - tx, fy - ty);
                let (a, b) = (-dx * sin + dy * cos, dx * cos + dy * sin);
                let r = (a / (16.0 * s.scale)).powi(2) + (b / (8.0 * s.scale)).powi(2);
                if r < 1.0 {
                    let nail = a < -8.0 * s.scale && (b / (5.0 * s.scale)).abs() < 1.0;
                    c = if nail {
                        [235.0, 200.0, 190.0]
                    } else {
                        [215.0, 160.0, 130.0]
                    };
                    c = c.map(|v| v * (1.0 - 0.25 * r));
                }
            }
            let mut light = 1.0 - s.falloff * (0.7 * fx / w as f64 + 0.3 * fy / h as f64);
            if s.shadow {
                // A soft shadow from the top-right (the phone's or a hand's).
                let d = (fx - 0.55 * w as f64) - (fy - 0.3 * h as f64) * 0.8;
                light *= 1.0 - 0.35 * ((d / (30.0 * zoom)).tanh() * 0.5 + 0.5);
            }
            for v in c {
                let n = (rng.next() - 0.5) * 6.0;
                rgb.push((v * light + n).round().clamp(0.0, 255.0) as u8);
            }
        }
    }
    let corners = [
        (0.0, 0.0),
        (SHEET.0, 0.0),
        (SHEET.0, SHEET.1),
        (0.0, SHEET.1),
    ]
    .map(|(u, v)| to_photo(u, v));
    Photo {
        width: w,
        height: h,
        rgb,
        drawings: boxes
            .into_iter()
            .map(|b| [b[0], b[1], b[2] - b[0], b[3] - b[1]])
            .collect(),
        corners,
    }
}

/// The eight photos of the issue: plain, squared, lined and Seyès paper, a
/// wooden table, a gingham and a flowery cloth, tilts of 5–15°, a thumb on
/// four, a shadow, uneven light, a name, one drawing small in the frame, one
/// sheet holding two drawings (the rat, and the cat chasing it): (animal,
/// shot, EXIF orientation it is stored with).
pub fn the_eight() -> Vec<(&'static str, Shot, u8)> {
    let crayon = |c| Pen::Crayon(c);
    let felt = |c| Pen::Felt(c);
    vec![
        (
            "elephant",
            Shot {
                ruling: Ruling::Seyes,
                tilt: 7.0,
                thumb: Some(0.3),
                ..Shot::default()
            },
            1,
        ),
        (
            "lion",
            Shot {
                ruling: Ruling::Squared,
                table: Table::Gingham,
                tilt: -11.0,
                falloff: 0.35,
                drawings: vec![Drawing {
                    at: (100.0, 150.0),
                    size: 120.0,
                    pen: crayon([200.0, 120.0, 20.0]),
                    fill: Some([240.0, 200.0, 60.0]),
                }],
                ..Shot::default()
            },
            6,
        ),
        (
            "tiger",
            Shot {
                ruling: Ruling::Plain,
                table: Table::Flowers,
                tilt: 13.0,
                shadow: true,
                thumb: Some(0.7),
                ..Shot::default()
            },
            1,
        ),
        (
            "leopard",
            Shot {
                ruling: Ruling::Lined,
                tilt: -6.0,
                name: true,
                drawings: vec![Drawing {
                    at: (110.0, 130.0),
                    size: 100.0,
                    pen: felt([30.0, 90.0, 40.0]),
                    fill: Some([250.0, 220.0, 80.0]),
                }],
                ..Shot::default()
            },
            8,
        ),
        (
            "wolf",
            Shot {
                ruling: Ruling::Seyes,
                table: Table::Gingham,
                tilt: 15.0,
                falloff: 0.4,
                thumb: Some(0.5),
                drawings: vec![Drawing {
                    at: (95.0, 160.0),
                    size: 115.0,
                    pen: felt([60.0, 60.0, 160.0]),
                    fill: None,
                }],
                ..Shot::default()
            },
            3,
        ),
        (
            "dog",
            Shot {
                ruling: Ruling::Plain,
                tilt: -9.0,
                scale: 1.6,
                name: true,
                drawings: vec![Drawing {
                    at: (120.0, 110.0),
                    size: 60.0,
                    pen: felt([120.0, 60.0, 30.0]),
                    fill: None,
                }],
                ..Shot::default()
            },
            1,
        ),
        (
            "cat",
            Shot {
                ruling: Ruling::Squared,
                table: Table::Flowers,
                tilt: 5.0,
                thumb: Some(0.25),
                shadow: true,
                drawings: vec![Drawing {
                    at: (105.0, 140.0),
                    size: 100.0,
                    pen: crayon([90.0, 90.0, 90.0]),
                    fill: Some([160.0, 160.0, 170.0]),
                }],
                ..Shot::default()
            },
            6,
        ),
        (
            "rat",
            Shot {
                ruling: Ruling::Seyes,
                tilt: -8.0,
                falloff: 0.25,
                drawings: vec![
                    Drawing {
                        at: (70.0, 90.0),
                        size: 80.0,
                        pen: felt([60.0, 60.0, 60.0]),
                        fill: Some([170.0, 170.0, 175.0]),
                    },
                    Drawing {
                        at: (125.0, 215.0),
                        size: 100.0,
                        pen: felt([200.0, 80.0, 20.0]),
                        fill: Some([245.0, 170.0, 60.0]),
                    },
                ],
                ..Shot::default()
            },
            1,
        ),
    ]
}

/// Intersection over union of two `[x, y, w, h]` boxes.
pub fn iou(a: [f64; 4], b: [f64; 4]) -> f64 {
    let ix = (a[0] + a[2]).min(b[0] + b[2]) - a[0].max(b[0]);
    let iy = (a[1] + a[3]).min(b[1] + b[3]) - a[1].max(b[1]);
    let inter = ix.max(0.0) * iy.max(0.0);
    inter / (a[2] * a[3] + b[2] * b[3] - inter)
}

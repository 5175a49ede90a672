//! The solid model: what a 3-D printer makes, as named objects built of
//! simple solids (flat shapes raised between two heights, and domes), which
//! [`crate::render::threemf`] turns into closed triangle meshes.
//!
//! Lengths in mm, in the printer's frame: x to the right, y away from the
//! viewer (up in a plan seen from above), z up from the print bed. A
//! composer that works in page coordinates (y down) turns them over first.

/// A point of a plan, mm (x right, y up).
pub type P2 = (f64, f64);

/// A solid: a flat region raised from `z0` to `z1`, or a dome.
#[derive(Debug, Clone, PartialEq)]
pub enum Solid {
    /// The region the contours enclose (non-zero winding: a contour turning
    /// the other way from the largest is a hole in the smallest contour
    /// around it; contours turning the same way may overlap, as a glyph's
    /// strokes do), raised from `z0` to `z1` mm. Each contour is a closed
    /// polygon, its last point not repeating its first.
    Prism {
        /// The contours, each a closed polygon.
        contours: Vec<Vec<P2>>,
        /// Bottom, mm.
        z0: f64,
        /// Top, mm.
        z1: f64,
    },
    /// A dot: a cylinder of `radius` mm from `z0` to `base`, capped by a
    /// spherical dome `height` mm high over the circle at `base`.
    Dome {
        /// Centre, mm.
        center: P2,
        /// Radius of the cylinder and of the dome's foot, mm.
        radius: f64,
        /// Bottom, mm.
        z0: f64,
        /// The dome's foot, mm.
        base: f64,
        /// The dome's height above its foot, mm.
        height: f64,
    },
}

/// One printed piece: its name (shown by a slicer) and its solids, which
/// may overlap (their union is the piece).
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    /// The piece's name ("South 8 Elephant").
    pub name: String,
    /// Its solids.
    pub solids: Vec<Solid>,
}

/// A 3-D model: its title and its objects, each placed where it prints.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Model {
    /// The model's title.
    pub title: String,
    /// The pieces, in order.
    pub objects: Vec<Object>,
}

/// A rectangle `x0..x1` × `y0..y1` as a contour turning anticlockwise (seen
/// from above).
pub fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<P2> {
    vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
}

/// A circle of radius `r` about `c` as an anticlockwise polygon of `n` sides.
pub fn circle(c: P2, r: f64, n: usize) -> Vec<P2> {
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            (c.0 + r * a.cos(), c.1 + r * a.sin())
        })
        .collect()
}

/// The outline of a line of `width` mm along the open polyline `points`
/// (mitred at its bends, square at its ends), anticlockwise; for gentle
/// bends (the miters grow without bound near a U-turn).
pub fn stroke(points: &[P2], width: f64) -> Vec<P2> {
    let h = width / 2.0;
    let n = points.len();
    let normal = |a: P2, b: P2| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let l = (dx * dx + dy * dy).sqrt().max(1e-12);
        (-dy / l, dx / l)
    };
    let mut left = Vec::with_capacity(n);
    let mut right = Vec::with_capacity(n);
    for i in 0..n {
        let (nx, ny) = if i == 0 {
            normal(points[0], points[1])
        } else if i == n - 1 {
            normal(points[n - 2], points[n - 1])
        } else {
            let a = normal(points[i - 1], points[i]);
            let b = normal(points[i], points[i + 1]);
            let (mx, my) = (a.0 + b.0, a.1 + b.1);
            let dot = (mx * a.0 + my * a.1).max(0.2);
            (mx / dot, my / dot)
        };
        let p = points[i];
        left.push((p.0 + nx * h, p.1 + ny * h));
        right.push((p.0 - nx * h, p.1 - ny * h));
    }
    right.extend(left.into_iter().rev());
    right
}

/// Twice the signed area of `contour`: positive when it turns anticlockwise.
pub fn area2(contour: &[P2]) -> f64 {
    let n = contour.len();
    (0..n)
        .map(|i| {
            let (a, b) = (contour[i], contour[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum()
}

/// True when `p` lies inside `contour` (even-odd).
pub fn inside(p: P2, contour: &[P2]) -> bool {
    let n = contour.len();
    let mut inside = false;
    let mut j = n.wrapping_sub(1);
    for i in 0..n {
        let (a, b) = (contour[i], contour[j]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            inside = !inside;
        }
        j = i;
    }
    inside
}

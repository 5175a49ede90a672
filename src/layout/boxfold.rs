//! A box net folded up in space, and seen in an axonometric view: the
//! geometry of the box's assembly steps, made from the very net the sheets
//! print, so the drawing shows the box the reader cut.
//!
//! Lengths in mm. Space coordinates extend the net's ([`super::boxnet`]):
//! x to the right and y down the net as it lies on the table, its inside
//! (unprinted) face up, and z up off the table. Every fold turns the panel
//! beyond it up off its parent (a mountain fold seen from the print), by an
//! angle in degrees: 0 flat, 90 square. The view
//! ([`View::project`]) maps space to a picture's plane: mm, x to the right,
//! y down.

use super::boxnet::{Net, PanelKind};
use super::sheet::Rect;
use crate::scene::{pt, Pt};

/// A point in space, mm: `[x, y, z]`.
pub type P3 = [f64; 3];

/// How far each fold is turned, degrees (0 flat, 90 square). The far end is
/// the net's top (small y), the near end its foot.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Folding {
    /// The side walls, up off the base.
    pub side_walls: f64,
    /// The corner flaps, in off their side walls.
    pub flaps: f64,
    /// Each end wall (far, near), up off the base.
    pub end_walls: [f64; 2],
    /// Each rim (far, near), over off its end wall.
    pub rims: [f64; 2],
    /// Each inner panel with its tabs (far, near), down off its rim.
    pub panels: [f64; 2],
}

impl Folding {
    /// Every fold square: the finished box.
    pub const CLOSED: Folding = Folding {
        side_walls: 90.0,
        flaps: 90.0,
        end_walls: [90.0; 2],
        rims: [90.0; 2],
        panels: [90.0; 2],
    };

    /// Every fold turned by the same angle.
    pub fn all(angle: f64) -> Folding {
        Folding {
            side_walls: angle,
            flaps: angle,
            end_walls: [angle; 2],
            rims: [angle; 2],
            panels: [angle; 2],
        }
    }
}

/// An affine map of space: a 3 × 3 matrix, then a shift.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion {
    m: [[f64; 3]; 3],
    t: P3,
}

impl Motion {
    /// Nothing moved.
    pub const IDENTITY: Motion = Motion {
        m: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        t: [0.0; 3],
    };

    /// Where `p` goes.
    pub fn apply(&self, p: P3) -> P3 {
        let m = &self.m;
        [0, 1, 2].map(|i| m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2] + self.t[i])
    }

    /// Where the direction `v` turns (the shift left out).
    pub fn linear(&self, v: P3) -> P3 {
        let m = &self.m;
        [0, 1, 2].map(|i| m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2])
    }

    /// A map by the matrix `m`, then the shift `t`.
    pub fn new(m: [[f64; 3]; 3], t: P3) -> Motion {
        Motion { m, t }
    }

    /// `self` after `inner`: `inner` moves a point first.
    pub fn then(&self, inner: &Motion) -> Motion {
        let (a, b) = (&self.m, &inner.m);
        let m = [0, 1, 2].map(|i| [0, 1, 2].map(|j| (0..3).map(|k| a[i][k] * b[k][j]).sum()));
        let t0 = self.apply(inner.t);
        Motion { m, t: t0 }
    }

    /// A shift by `d`.
    pub fn shift(d: P3) -> Motion {
        Motion {
            t: d,
            ..Motion::IDENTITY
        }
    }

    /// The turn that folds the net's part beyond a hinge up off the table:
    /// the hinge passes through `at` (on the table), `out` points from the
    /// hinge to that part (a unit vector in the table's plane), `deg` degrees.
    pub fn hinge(at: Pt, out: (f64, f64), deg: f64) -> Motion {
        // Turning `out` towards +z: the axis is out × z.
        let u = [out.1, -out.0, 0.0];
        let (s, c) = deg.to_radians().sin_cos();
        let cross = [[0.0, -u[2], u[1]], [u[2], 0.0, -u[0]], [-u[1], u[0], 0.0]];
        let m = [0, 1, 2].map(|i| {
            [0, 1, 2].map(|j| {
                let id = if i == j { 1.0 } else { 0.0 };
                c * id + s * cross[i][j] + (1.0 - c) * u[i] * u[j]
            })
        });
        let r = Motion { m, t: [0.0; 3] };
        let p = [at.x, at.y, 0.0];
        let back = r.apply(p);
        Motion::shift([p[0] - back[0], p[1] - back[1], -back[2]]).then(&r)
    }
}

/// A panel of a folded net: its kind, its outline in space, and the motion
/// that took it there from the flat net.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel3 {
    /// Which panel.
    pub kind: PanelKind,
    /// Its outline, in space.
    pub outline: Vec<P3>,
    /// Net coordinates (z = 0) to space.
    pub motion: Motion,
}

fn span(p: &[Pt], f: impl Fn(&Pt) -> f64) -> (f64, f64) {
    p.iter()
        .map(f)
        .fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)))
}

/// The motion of a panel of `net` whose outline is `p` under `f`: each
/// panel hangs off its parent by its fold (side wall off the base, flap off
/// its side wall, end wall off the base, rim off its end wall, inner panel
/// and tabs off the rim). The flaps lie half a rim inside the end walls, as
/// the card's thickness puts them (see [`super::boxnet`]).
pub fn motion(net: &Net, kind: PanelKind, p: &[Pt], f: &Folding) -> Motion {
    let b = net.base;
    let (x0, x1) = span(p, |q| q.x);
    let (y0, y1) = span(p, |q| q.y);
    let cx = (x0 + x1) / 2.0;
    let far = (y0 + y1) / 2.0 < b.center().y;
    let end = if far { 0 } else { 1 };
    // Towards the end, and the fold's line at an end: the base's edge.
    let dir = if far { -1.0 } else { 1.0 };
    let edge = if far { b.y } else { b.bottom() };
    let side_wall = |left: bool| {
        let (x, o) = if left { (b.x, -1.0) } else { (b.right(), 1.0) };
        Motion::hinge(pt(x, b.y), (o, 0.0), f.side_walls)
    };
    let rim_span = net
        .of(PanelKind::Rim)
        .map(|r| span(r, |q| q.y))
        .find(|(a, c)| ((a + c) / 2.0 < b.center().y) == far)
        .unwrap_or((edge, edge));
    // The rim's fold off the end wall, and the inner panel's off the rim.
    let (rim_fold, panel_fold) = if far {
        (rim_span.1, rim_span.0)
    } else {
        (rim_span.0, rim_span.1)
    };
    let end_wall = Motion::hinge(pt(b.x, edge), (0.0, dir), f.end_walls[end]);
    let rim = || end_wall.then(&Motion::hinge(pt(b.x, rim_fold), (0.0, dir), f.rims[end]));
    match kind {
        PanelKind::Base => Motion::IDENTITY,
        PanelKind::SideWall => side_wall(cx < b.x),
        PanelKind::Flap => {
            // Half a rim inward, once turned in.
            let inset = (rim_fold - edge).abs() / 2.0 * f.flaps.to_radians().sin();
            Motion::shift([0.0, -dir * inset, 0.0])
                .then(&side_wall(cx < b.x))
                .then(&Motion::hinge(pt(b.x, edge), (0.0, dir), f.flaps))
        }
        PanelKind::EndWall => end_wall,
        PanelKind::Rim => rim(),
        PanelKind::InnerPanel | PanelKind::Tab => rim().then(&Motion::hinge(
            pt(b.x, panel_fold),
            (0.0, dir),
            f.panels[end],
        )),
    }
}

/// The panels of `net` folded as `f` says, in the net's order.
pub fn fold(net: &Net, f: &Folding) -> Vec<Panel3> {
    net.panels
        .iter()
        .map(|(kind, p)| {
            let motion = motion(net, *kind, p, f);
            Panel3 {
                kind: *kind,
                outline: p.iter().map(|q| motion.apply([q.x, q.y, 0.0])).collect(),
                motion,
            }
        })
        .collect()
}

/// The slots of `net`'s base, in space (on the base, which never moves).
pub fn slots(net: &Net) -> Vec<Vec<P3>> {
    net.slots.iter().map(|s| rect3(*s, 0.0)).collect()
}

/// A rectangle of the table's plane lifted to height `z`.
pub fn rect3(r: Rect, z: f64) -> Vec<P3> {
    vec![
        [r.x, r.y, z],
        [r.right(), r.y, z],
        [r.right(), r.bottom(), z],
        [r.x, r.bottom(), z],
    ]
}

/// An axonometric view: space turned `azimuth` degrees about the vertical
/// (the viewer moves to the right of the net's foot), then seen from
/// `elevation` degrees above the table (90: straight down, the flat net as
/// printed). Parallel lines stay parallel; lengths along each axis keep
/// their ratios.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Degrees about the vertical.
    pub azimuth: f64,
    /// Degrees above the table.
    pub elevation: f64,
}

impl View {
    /// The steps' view: from the front right, a little above.
    pub const STEPS: View = View {
        azimuth: 28.0,
        elevation: 38.0,
    };

    fn turned(&self, p: P3) -> (f64, f64) {
        let (s, c) = self.azimuth.to_radians().sin_cos();
        (p[0] * c - p[1] * s, p[0] * s + p[1] * c)
    }

    /// Where `p` lands in the picture, mm (x right, y down).
    pub fn project(&self, p: P3) -> Pt {
        let (x, y) = self.turned(p);
        let (s, c) = self.elevation.to_radians().sin_cos();
        pt(x, y * s - p[2] * c)
    }

    /// How near `p` is to the viewer, mm (larger is nearer).
    pub fn nearness(&self, p: P3) -> f64 {
        let (_, y) = self.turned(p);
        let (s, c) = self.elevation.to_radians().sin_cos();
        y * c + p[2] * s
    }

    /// The direction towards the viewer, in space (a unit vector).
    pub fn towards(&self) -> P3 {
        let (sa, ca) = self.azimuth.to_radians().sin_cos();
        let (s, c) = self.elevation.to_radians().sin_cos();
        // The turned y axis, back in space: (sin a, cos a, 0).
        [sa * c, ca * c, s]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::boxnet::{net, BoxSize};

    fn dist(a: P3, b: P3) -> f64 {
        (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
    }

    #[test]
    fn the_folded_net_is_the_box() {
        let size = BoxSize {
            w: 100.0,
            d: 140.0,
            h: 12.0,
        };
        let n = net(size, 0.4);
        let panels = fold(&n, &Folding::CLOSED);
        let b = n.base;
        let wall = size.h + 0.4;
        for p in &panels {
            let zs: Vec<f64> = p.outline.iter().map(|q| q[2]).collect();
            let top = zs.iter().cloned().fold(f64::MIN, f64::max);
            let low = zs.iter().cloned().fold(f64::MAX, f64::min);
            // Nothing below the table or above the walls; folding keeps lengths.
            assert!(low > -1e-9 && top < wall + 1e-9, "{:?} {low} {top}", p.kind);
            let flat = n.panels.iter().find(|(k, q)| {
                *k == p.kind
                    && p.outline
                        .iter()
                        .zip(q)
                        .all(|(a, c)| p.motion.apply([c.x, c.y, 0.0]) == *a)
            });
            let (_, q) = flat.unwrap();
            for i in 1..q.len() {
                let flat_len =
                    ((q[i].x - q[i - 1].x).powi(2) + (q[i].y - q[i - 1].y).powi(2)).sqrt();
                assert!((dist(p.outline[i], p.outline[i - 1]) - flat_len).abs() < 1e-9);
            }
            match p.kind {
                PanelKind::SideWall | PanelKind::EndWall => {
                    assert!((top - wall).abs() < 1e-9 && low.abs() < 1e-9)
                }
                PanelKind::Rim => assert!(zs.iter().all(|z| (z - wall).abs() < 1e-9)),
                // The tabs' tips reach the base's plane, inside the box.
                PanelKind::Tab => {
                    assert!(low.abs() < 1e-9);
                    for q in &p.outline {
                        assert!(q[1] > b.y && q[1] < b.bottom() && q[0] > b.x && q[0] < b.right());
                    }
                }
                _ => {}
            }
        }
        // The tabs' tips stand in the slots.
        let slots = slots(&n);
        for p in panels.iter().filter(|p| p.kind == PanelKind::Tab) {
            let tip = p.outline.iter().filter(|q| q[2].abs() < 1e-9);
            for q in tip {
                assert!(
                    slots.iter().any(|s| q[0] >= s[0][0]
                        && q[0] <= s[1][0]
                        && q[1] >= s[0][1]
                        && q[1] <= s[2][1]),
                    "{q:?}"
                );
            }
        }
    }

    #[test]
    fn the_view_keeps_proportions_and_tilts_edges() {
        let v = View::STEPS;
        let o = v.project([0.0; 3]);
        let along = |p: P3| {
            let q = v.project(p);
            ((q.x - o.x).powi(2) + (q.y - o.y).powi(2)).sqrt()
        };
        // Lengths along one axis keep their ratio; no axis lies flat or upright
        // but the vertical.
        assert!((along([30.0, 0.0, 0.0]) / along([10.0, 0.0, 0.0]) - 3.0).abs() < 1e-9);
        for p in [[10.0, 0.0, 0.0], [0.0, 10.0, 0.0]] {
            let q = v.project(p);
            assert!((q.x - o.x).abs() > 1.0 && (q.y - o.y).abs() > 1.0, "{q:?}");
        }
        // Straight down, the net as printed.
        let top = View {
            azimuth: 0.0,
            elevation: 90.0,
        };
        let q = top.project([3.0, 4.0, 5.0]);
        assert!((q.x - 3.0).abs() < 1e-9 && (q.y - 4.0).abs() < 1e-9);
    }
}

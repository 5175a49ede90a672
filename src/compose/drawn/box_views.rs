//! Drawings of things in space, for the box's assembly steps: flat faces
//! ([`Facet`]) seen in an axonometric [`View`], painted far to near, with
//! motion arrows, fitted into a frame on the page.
//!
//! Lengths in mm: space as [`crate::layout::boxfold`] has it (z up off the
//! table); the drawing on the page, origin top-left, y down. Line widths
//! are the page's, whatever the drawing's scale.

use crate::layout::boxfold::{fold, motion, rect3, slots, Folding, Motion, Panel3, View, P3};
use crate::layout::boxnet::{Contents, Net, PanelKind, Stacks};
use crate::layout::Rect;
use crate::scene::{pt, shapes, Clip, Color, Item, Pt, Seg, Stroke};

/// A flat face in space.
#[derive(Debug, Clone, PartialEq)]
pub struct Facet {
    /// Its outline, a plane polygon.
    pub outline: Vec<P3>,
    /// The normal of its front (a unit vector).
    pub front: P3,
    /// Its colour seen from the front, and from the back.
    pub colours: (Color, Color),
    /// Its outline's line.
    pub line: Stroke,
    /// A face of a closed solid: left out when it faces away.
    pub solid: bool,
}

/// What one drawing shows: faces, lines over them (a net's cut lines), and
/// motion arrows (paths in space, the head at the end).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scene3 {
    /// The faces.
    pub facets: Vec<Facet>,
    /// Lines drawn over every face.
    pub lines: Vec<(Vec<P3>, Stroke)>,
    /// Motion arrows.
    pub arrows: Vec<Vec<P3>>,
}

fn sub(a: P3, b: P3) -> P3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: P3, b: P3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The faces of folded panels, their front the net's inside (unprinted)
/// face: `colours` and `line` per panel.
pub fn panel_facets(
    panels: &[Panel3],
    colours: impl Fn(&Panel3) -> (Color, Color),
    line: impl Fn(&Panel3) -> Stroke,
) -> Vec<Facet> {
    panels
        .iter()
        .map(|p| Facet {
            outline: p.outline.clone(),
            front: p.motion.linear([0.0, 0.0, 1.0]),
            colours: colours(p),
            line: line(p),
            solid: false,
        })
        .collect()
}

/// A closed upright prism: the polygon `base` (on the table's plane, mm)
/// from height `z0` to `z1`, its top `top` and its sides `sides`.
pub fn prism(
    base: &[Pt],
    (z0, z1): (f64, f64),
    (top, sides): (Color, Color),
    line: &Stroke,
) -> Vec<Facet> {
    let face = |outline: Vec<P3>, front: P3, colour: Color| Facet {
        outline,
        front,
        colours: (colour, colour),
        line: line.clone(),
        solid: true,
    };
    let n = base.len();
    // Counter-clockwise seen from above (y down): the signed area's sign.
    let area: f64 = (0..n)
        .map(|i| {
            let (a, b) = (base[i], base[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    let turn = if area > 0.0 { 1.0 } else { -1.0 };
    let mut out = vec![
        face(
            base.iter().map(|p| [p.x, p.y, z1]).collect(),
            [0.0, 0.0, 1.0],
            top,
        ),
        face(
            base.iter().map(|p| [p.x, p.y, z0]).collect(),
            [0.0, 0.0, -1.0],
            sides,
        ),
    ];
    for i in 0..n {
        let (a, b) = (base[i], base[(i + 1) % n]);
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        out.push(face(
            vec![
                [a.x, a.y, z0],
                [b.x, b.y, z0],
                [b.x, b.y, z1],
                [a.x, a.y, z1],
            ],
            [turn * dy / len, -turn * dx / len, 0.0],
            sides,
        ));
    }
    out
}

/// [`View::project`] and [`View::nearness`] with the view's sines and
/// cosines worked out once: the same operations on the same values, so
/// the same results, bit for bit.
#[derive(Debug, Clone, Copy)]
struct Lens {
    /// The azimuth's sine and cosine.
    sa: f64,
    ca: f64,
    /// The elevation's sine and cosine.
    se: f64,
    ce: f64,
}

impl Lens {
    /// `view`'s, worked out as [`View`] does (the test below holds them to
    /// the same bits).
    fn of(view: &View) -> Lens {
        let (sa, ca) = view.azimuth.to_radians().sin_cos();
        let (se, ce) = view.elevation.to_radians().sin_cos();
        Lens { sa, ca, se, ce }
    }

    fn turned(&self, p: P3) -> (f64, f64) {
        (
            p[0] * self.ca - p[1] * self.sa,
            p[0] * self.sa + p[1] * self.ca,
        )
    }

    /// As [`View::project`].
    fn project(&self, p: P3) -> Pt {
        let (x, y) = self.turned(p);
        pt(x, y * self.se - p[2] * self.ce)
    }

    /// As [`View::nearness`].
    fn nearness(&self, p: P3) -> f64 {
        let (_, y) = self.turned(p);
        y * self.ce + p[2] * self.se
    }
}

/// `x`'s place in [`f64::total_cmp`]'s order, as an integer.
fn total_key(x: f64) -> u64 {
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

/// A box on the page: (left, top, right, bottom).
type Box2 = (f64, f64, f64, f64);

/// Calls `pair(i, j)`, i < j, for the pairs of `boxes` that overlap (more
/// than along an edge): swept along x, the boxes by their left edges, each
/// tried against those starting before it ends; every pair tried when a
/// box has a NaN.
fn overlapping(boxes: &[Box2], mut pair: impl FnMut(usize, usize)) {
    let apart = |a: Box2, b: Box2| a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1;
    let nan = |b: &Box2| b.0.is_nan() || b.1.is_nan() || b.2.is_nan() || b.3.is_nan();
    if boxes.iter().any(nan) {
        for (i, &a) in boxes.iter().enumerate() {
            for (j, &b) in boxes.iter().enumerate().skip(i + 1) {
                if !apart(a, b) {
                    pair(i, j);
                }
            }
        }
        return;
    }
    let mut by_left: Vec<(u64, usize)> = boxes
        .iter()
        .enumerate()
        .map(|(i, b)| (total_key(b.0), i))
        .collect();
    by_left.sort_unstable();
    for (k, &(_, i)) in by_left.iter().enumerate() {
        let a = boxes[i];
        for &(_, j) in &by_left[k + 1..] {
            let b = boxes[j];
            // This one, and every one after, starts where `a` ends or later.
            if a.2 <= b.0 {
                break;
            }
            if !apart(a, b) {
                pair(i.min(j), i.max(j));
            }
        }
    }
}

/// The order to paint `facets` in, far to near: a face goes after every
/// face whose plane it lies wholly in front of (seen from `towards`), the
/// nearest-centred first where no plane decides. `projected[starts[i]..
/// starts[i + 1]]` is face `i`'s outline on the page.
fn paint_order(
    facets: &[&Facet],
    (projected, starts): (&[Pt], &[usize]),
    lens: &Lens,
    towards: P3,
) -> Vec<usize> {
    let n = facets.len();
    let bbox = |ps: &[Pt]| {
        ps.iter()
            .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
                (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y))
            })
    };
    let boxes: Vec<_> = (0..n)
        .map(|i| bbox(&projected[starts[i]..starts[i + 1]]))
        .collect();
    // Each face's plane: how it faces the viewer (None edge on), and a
    // point of it.
    let planes: Vec<(Option<f64>, P3)> = facets
        .iter()
        .map(|f| {
            let toward = dot(f.front, towards);
            let sign = if toward.abs() < 1e-9 {
                None
            } else {
                Some(toward.signum())
            };
            (sign, f.outline[0])
        })
        .collect();
    // True when every point of `b` lies on the viewer's side of `a`'s plane
    // (or on it); false when every one lies behind it; None otherwise.
    let in_front = |a: usize, b: usize| -> Option<bool> {
        let (sign, o) = planes[a];
        let sign = sign?;
        let front_of = facets[a].front;
        let (mut front, mut behind) = (true, true);
        for p in &facets[b].outline {
            let side = dot(front_of, sub(*p, o)) * sign;
            front &= side >= -1e-6;
            behind &= side <= 1e-6;
            if !front && !behind {
                return None;
            }
        }
        if front {
            Some(true)
        } else {
            Some(false)
        }
    };
    // Which face goes before which: (before, after).
    let mut edges = Vec::new();
    let mut waiting = vec![0usize; n];
    overlapping(&boxes, |i, j| {
        // `j` after `i` when it lies in front of `i`'s plane or `i` behind
        // `j`'s, else before when the other way round: the second test
        // only when the first does not decide.
        let ij = in_front(i, j);
        let first = match ij {
            Some(true) => Some((i, j)),
            _ => match (ij, in_front(j, i)) {
                (_, Some(false)) => Some((i, j)),
                (Some(false), _) | (_, Some(true)) => Some((j, i)),
                _ => None,
            },
        };
        if let Some((a, b)) = first {
            edges.push((a, b));
            waiting[b] += 1;
        }
    });
    // The faces after each, `after[from[i]..from[i + 1]]`.
    let mut from = vec![0usize; n + 1];
    for &(a, _) in &edges {
        from[a + 1] += 1;
    }
    for i in 0..n {
        from[i + 1] += from[i];
    }
    let mut after = vec![0usize; edges.len()];
    let mut fill = from.clone();
    for &(a, b) in &edges {
        after[fill[a]] = b;
        fill[a] += 1;
    }
    let centre = |f: &Facet| {
        let k = f.outline.len() as f64;
        let c = f
            .outline
            .iter()
            .fold([0.0; 3], |s, p| [s[0] + p[0], s[1] + p[1], s[2] + p[2]]);
        lens.nearness([c[0] / k, c[1] / k, c[2] / k])
    };
    // The farthest-centred first, the first of equals first: (key, index).
    let near: Vec<u64> = facets.iter().map(|f| total_key(centre(f))).collect();
    let mut free: std::collections::BinaryHeap<std::cmp::Reverse<(u64, usize)>> = (0..n)
        .filter(|i| waiting[*i] == 0)
        .map(|i| std::cmp::Reverse((near[i], i)))
        .collect();
    // Every face, farthest first: in a cycle, the first not yet painted.
    let mut by_near: Vec<(u64, usize)> = near.iter().copied().zip(0..n).collect();
    by_near.sort_unstable();
    let mut farthest = 0;
    let mut done = vec![false; n];
    let mut order = Vec::with_capacity(n);
    while order.len() < n {
        // The farthest face free to go, or, in a cycle, the farthest left.
        let pick = match free.pop() {
            Some(std::cmp::Reverse((_, i))) => i,
            None => {
                while done[by_near[farthest].1] {
                    farthest += 1;
                }
                by_near[farthest].1
            }
        };
        done[pick] = true;
        order.push(pick);
        for &b in &after[from[pick]..from[pick + 1]] {
            waiting[b] = waiting[b].saturating_sub(1);
            if waiting[b] == 0 && !done[b] {
                free.push(std::cmp::Reverse((near[b], b)));
            }
        }
    }
    order
}

/// An arrow along `path` (page mm) in `colour`, its head at the end.
pub fn arrow_along(path: &[Pt], colour: Color, width: f64) -> Vec<Item> {
    let mut items = Vec::new();
    if path.len() < 2 {
        return items;
    }
    let (tip, before) = (path[path.len() - 1], path[path.len() - 2]);
    let (dx, dy) = (tip.x - before.x, tip.y - before.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let head = width * 4.5;
    let base = pt(tip.x - ux * head, tip.y - uy * head);
    let mut line = path[..path.len() - 1].to_vec();
    line.push(base);
    items.push(shapes::stroke(
        shapes::polyline(&line),
        Stroke::solid(colour, width),
    ));
    let wing = |s: f64| pt(base.x - uy * head * 0.55 * s, base.y + ux * head * 0.55 * s);
    items.push(shapes::fill(
        shapes::polygon(&[tip, wing(1.0), wing(-1.0)]),
        colour,
    ));
    items
}

/// Draws `scene` seen in `view`, fitted into `frame` (page mm): the whole
/// scene, or, for a close-up, the points `focus`, the drawing cut off at
/// the frame. Arrows in `arrow` colour, lines over every face.
pub fn draw_scene(
    scene: &Scene3,
    view: &View,
    frame: Rect,
    focus: Option<&[P3]>,
    arrow: Color,
) -> Vec<Item> {
    let towards = view.towards();
    let shown: Vec<&Facet> = scene
        .facets
        .iter()
        .filter(|f| !f.solid || dot(f.front, towards) > 1e-9)
        .collect();
    let lens = Lens::of(view);
    // The shown faces' outlines in the picture's plane, one after another:
    // face `i`'s from `starts[i]` to `starts[i + 1]`.
    let mut starts = Vec::with_capacity(shown.len() + 1);
    starts.push(0);
    let mut projected: Vec<Pt> = Vec::new();
    for f in &shown {
        projected.extend(f.outline.iter().map(|p| lens.project(*p)));
        starts.push(projected.len());
    }
    let arrows: Vec<Vec<Pt>> = scene
        .arrows
        .iter()
        .map(|path| path.iter().map(|p| lens.project(*p)).collect())
        .collect();
    let bounds =
        |b: (f64, f64, f64, f64), p: &Pt| (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
    let none = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    let (x0, y0, x1, y1) = match focus {
        Some(points) => points
            .iter()
            .map(|p| lens.project(*p))
            .fold(none, |b, p| bounds(b, &p)),
        None => projected
            .iter()
            .chain(arrows.iter().flatten())
            .fold(none, bounds),
    };
    let room = if focus.is_some() { 1.0 } else { 0.92 };
    let k = ((frame.w * room) / (x1 - x0).max(1e-9)).min((frame.h * room) / (y1 - y0).max(1e-9));
    let c = frame.center();
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let fit = |q: Pt| pt(c.x + (q.x - cx) * k, c.y + (q.y - cy) * k);
    let place = |p: &P3| fit(lens.project(*p));
    for q in &mut projected {
        *q = fit(*q);
    }
    let mut items = Vec::with_capacity(shown.len() + scene.lines.len() + 2 * arrows.len());
    for i in paint_order(&shown, (&projected, &starts), &lens, towards) {
        let f = shown[i];
        let colour = match dot(f.front, towards) >= 0.0 {
            true => f.colours.0,
            false => f.colours.1,
        };
        items.push(shapes::fill_stroke(
            shapes::polygon(&projected[starts[i]..starts[i + 1]]),
            colour,
            f.line.clone(),
        ));
    }
    for (line, stroke) in &scene.lines {
        let segs: Vec<Seg> = shapes::polyline(&line.iter().map(place).collect::<Vec<_>>());
        items.push(shapes::stroke(segs, stroke.clone()));
    }
    for path in arrows {
        let path: Vec<Pt> = path.into_iter().map(fit).collect();
        items.extend(arrow_along(&path, arrow, 0.45));
    }
    match focus {
        // A close-up: cut off at its frame, which shows.
        Some(_) => vec![
            Item::Clip(Clip {
                path: shapes::rounded_rect(frame.x, frame.y, frame.w, frame.h, 2.0),
                items,
            }),
            shapes::stroke(
                shapes::rounded_rect(frame.x, frame.y, frame.w, frame.h, 2.0),
                Stroke::solid(crate::theme::mix(arrow, Color::WHITE, 0.5), 0.3),
            ),
        ],
        None => items,
    }
}

/// What the box's steps draw: both nets, how the counters stack and what
/// the box holds, and the colours.
pub struct BoxModel<'a> {
    /// The tray's net.
    pub tray: &'a Net,
    /// The lid's net.
    pub lid: &'a Net,
    /// The counters' stacks.
    pub stacks: Stacks,
    /// What the tray holds.
    pub contents: Contents,
    /// Lines and words.
    pub ink: Color,
    /// Arrows, cut lines and the panels a step moves.
    pub accent: Color,
    /// The tray's printed face.
    pub printed: Color,
    /// The lid's printed face, per panel.
    pub lid_colour: &'a dyn Fn(PanelKind) -> Color,
    /// The two sides' colours, for the counters.
    pub sides: (Color, Color),
}

/// How many drawings [`step_drawing`] makes: one per step.
pub const STEPS: usize = 5;

/// The panel of `net` of `kind` nearest `at` (net mm), and its outline.
fn panel_near(net: &Net, kind: PanelKind, at: Pt) -> &[Pt] {
    net.of(kind)
        .min_by(|a, b| {
            let d = |p: &Vec<Pt>| {
                let (n, s) = (
                    p.len() as f64,
                    p.iter().fold((0.0, 0.0), |s, q| (s.0 + q.x, s.1 + q.y)),
                );
                (s.0 / n - at.x).powi(2) + (s.1 / n - at.y).powi(2)
            };
            d(a).total_cmp(&d(b))
        })
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// The path of the net point `at` on its panel (`kind`, the one nearest
/// `at`) as the folding `f(t)` goes from t = 0 to 1, then moved by `place`.
fn track(
    net: &Net,
    kind: PanelKind,
    at: Pt,
    f: impl Fn(f64) -> Folding,
    place: &Motion,
) -> Vec<P3> {
    let p = panel_near(net, kind, at);
    (0..=12)
        .map(|i| {
            let m = motion(net, kind, p, &f(i as f64 / 12.0));
            place.apply(m.apply([at.x, at.y, 0.0]))
        })
        .collect()
}

/// Where the net point `at` on its panel (`kind`, the one nearest `at`)
/// is under the folding `f`, moved by `place`: [`track`]'s first point
/// when `f` is its folding at t = 0.
fn track_start(net: &Net, kind: PanelKind, at: Pt, f: &Folding, place: &Motion) -> P3 {
    let p = panel_near(net, kind, at);
    place.apply(motion(net, kind, p, f).apply([at.x, at.y, 0.0]))
}

/// `facets` moved by `m`.
fn moved(mut facets: Vec<Facet>, m: &Motion) -> Vec<Facet> {
    for f in &mut facets {
        for p in &mut f.outline {
            *p = m.apply(*p);
        }
        f.front = m.linear(f.front);
    }
    facets
}

/// The net turned over, printed side up (the net is symmetric: it looks
/// the same), lifted by `lift` mm.
fn turned_over(net: &Net, lift: f64) -> Motion {
    Motion::new(
        [[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]],
        [net.width, 0.0, lift],
    )
}

/// The lid upside down over the tray, its top `top` mm up and `back` mm
/// towards the tray's far end.
fn lid_over(m: &BoxModel, top: f64, back: f64) -> Motion {
    let (t, l) = (m.tray.base.center(), m.lid.base.center());
    Motion::new(
        [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]],
        [t.x - l.x, t.y + l.y - back, top],
    )
}

/// The tray's panels `folded` (by [`fold`]), moved by `place`: `moving`
/// panels lighter in the accent inside, the slots dark (in the accent when
/// `lit`).
fn tray_facets(
    m: &BoxModel,
    folded: &[Panel3],
    place: &Motion,
    moving: impl Fn(&Panel3) -> bool,
    lit: bool,
) -> Vec<Facet> {
    let hi = crate::theme::mix(m.accent, Color::WHITE, 0.72);
    let mut facets = panel_facets(
        folded,
        |p| (if moving(p) { hi } else { Color::WHITE }, m.printed),
        |p| Stroke::solid(m.ink, if moving(p) { 0.3 } else { 0.18 }),
    );
    for s in slots(m.tray) {
        let lifted: Vec<P3> = s.iter().map(|p| [p[0], p[1], 0.02]).collect();
        let c = if lit { m.accent } else { m.ink };
        facets.push(Facet {
            outline: lifted,
            front: [0.0, 0.0, 1.0],
            colours: (c, c),
            line: Stroke::solid(c, 0.1),
            solid: false,
        });
    }
    moved(facets, place)
}

/// The folded papers and the counters' stacks on them, in the closed tray.
fn contents_facets(m: &BoxModel) -> Vec<Facet> {
    let (c, b) = (&m.contents, m.tray.base.center());
    let line = Stroke::solid(m.ink, 0.15);
    let (pw, pd) = c.papers;
    let paper = [
        pt(b.x - pw / 2.0, b.y - pd / 2.0),
        pt(b.x + pw / 2.0, b.y - pd / 2.0),
        pt(b.x + pw / 2.0, b.y + pd / 2.0),
        pt(b.x - pw / 2.0, b.y + pd / 2.0),
    ];
    let z = c.papers_thickness.max(0.3);
    let mut facets = prism(&paper, (0.0, z), (Color::WHITE, Color::WHITE), &line);
    let s = m.stacks;
    let cell = c.counter + 1.0;
    let (x0, y0) = (
        b.x - (s.cols as f64 - 1.0) * cell / 2.0,
        b.y - (s.rows as f64 - 1.0) * cell / 2.0,
    );
    let stacks = (s.cols * s.rows).min(c.count.max(1));
    for i in 0..stacks {
        let centre = pt(
            x0 + (i % s.cols) as f64 * cell,
            y0 + (i / s.cols) as f64 * cell,
        );
        let ring: Vec<Pt> = (0..8)
            .map(|k| {
                let a = (k as f64 + 0.5) * std::f64::consts::PI / 4.0;
                pt(
                    centre.x + a.cos() * c.counter / 2.0,
                    centre.y + a.sin() * c.counter / 2.0,
                )
            })
            .collect();
        let colour = if i < stacks / 2 { m.sides.1 } else { m.sides.0 };
        let top = z + s.per_stack as f64 * c.counter_thickness;
        let dark = crate::theme::mix(colour, m.ink, 0.3);
        facets.extend(prism(&ring, (z, top), (colour, dark), &line));
    }
    facets
}

fn span(p: &[Pt], f: impl Fn(&Pt) -> f64) -> (f64, f64) {
    p.iter()
        .map(f)
        .fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)))
}

/// The corners of the box `x` × `y` × `z` (each a range, mm), moved by `place`:
/// what a close-up shows.
fn corners(
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
    (z0, z1): (f64, f64),
    place: &Motion,
) -> Vec<P3> {
    let mut out = Vec::new();
    for x in [x0, x1] {
        for y in [y0, y1] {
            for z in [z0, z1] {
                out.push(place.apply([x, y, z]));
            }
        }
    }
    out
}

/// The drawing of step `i` (from 0) of making the box, fitted into `frame`
/// (page mm), in [`View::STEPS`]: 0 the tray's net flat, printed side up,
/// its cut lines in the accent; 1 the net creased, every panel bent away
/// from its print; 2 the side walls up and their flaps turning in; 3 a
/// close-up of the far end: the end wall up, its rim over the flaps and
/// its inner panel coming down, a tab entering its slot; 4 the lid coming
/// down over the tray filled with the folded papers and the counters, and
/// beside it the closed box.
pub fn step_drawing(m: &BoxModel, i: usize, frame: Rect) -> Vec<Item> {
    let mut view = View::STEPS;
    let (tray, b) = (m.tray, m.tray.base);
    let wall = tray.inside().h + tray.card;
    let still = Motion::IDENTITY;
    let mut scene = Scene3::default();
    let mut focus = None;
    match i {
        0 => {
            let over = turned_over(tray, 0.0);
            let flat = fold(tray, &Folding::default());
            scene.facets = tray_facets(m, &flat, &over, |_| false, false);
            let lift =
                |(a, b): &(Pt, Pt)| vec![over.apply([a.x, a.y, 0.0]), over.apply([b.x, b.y, 0.0])];
            let cut = Stroke::solid(m.accent, 0.5);
            scene
                .lines
                .extend(tray.cuts.iter().map(|s| (lift(s), cut.clone())));
            for s in &tray.slots {
                let r = rect3(*s, 0.0);
                let mut ring: Vec<P3> = r.iter().map(|p| over.apply(*p)).collect();
                ring.push(ring[0]);
                scene.lines.push((ring, cut.clone()));
            }
            let fold = Stroke::dashed(m.ink, 0.2, vec![1.2, 0.5, 0.25, 0.5]);
            scene
                .lines
                .extend(tray.folds.iter().map(|s| (lift(s), fold.clone())));
        }
        1 => {
            // Printed side up, each panel bent down, away from the print.
            let angle = 40.0;
            let flat = fold(tray, &Folding::all(angle));
            let low = flat
                .iter()
                .flat_map(|p| p.outline.iter())
                .map(|q| q[2])
                .fold(0.0, f64::max);
            let over = turned_over(tray, low);
            scene.facets = tray_facets(m, &flat, &over, |p| p.kind != PanelKind::Base, false);
            let bend = |t: f64| Folding::all(angle * 0.15 + angle * 1.3 * t);
            scene.arrows.push(track(
                tray,
                PanelKind::SideWall,
                pt(0.0, b.bottom() - wall * 2.0),
                bend,
                &over,
            ));
            scene.arrows.push(track(
                tray,
                PanelKind::EndWall,
                pt(b.x + wall * 2.0, b.bottom() + wall),
                bend,
                &over,
            ));
            // The corner nearest the viewer (turned over, the net's left).
            focus = Some(corners(
                (b.x - wall, b.x + wall * 3.5),
                (b.bottom() - wall * 3.0, tray.height),
                (0.0, low),
                &over,
            ));
        }
        2 => {
            let f = Folding {
                side_walls: 90.0,
                flaps: 90.0,
                ..Folding::default()
            };
            let moving = |p: &Panel3| matches!(p.kind, PanelKind::SideWall | PanelKind::Flap);
            scene.facets = tray_facets(m, &fold(tray, &f), &still, moving, false);
            let up = |t: f64| Folding {
                side_walls: 90.0 * t,
                ..Folding::default()
            };
            scene.arrows.push(track(
                tray,
                PanelKind::SideWall,
                pt(tray.width, b.center().y - b.h * 0.2),
                up,
                &still,
            ));
            let flap = panel_near(tray, PanelKind::Flap, pt(tray.width, tray.height));
            let tip = pt((flap[1].x + flap[2].x) / 2.0, (flap[1].y + flap[2].y) / 2.0);
            let turn_in = |t: f64| Folding {
                side_walls: 90.0,
                flaps: 10.0 + 80.0 * t,
                ..Folding::default()
            };
            scene
                .arrows
                .push(track(tray, PanelKind::Flap, tip, turn_in, &still));
            focus = Some(corners(
                (b.right() - wall * 3.5, tray.width),
                (b.bottom() - wall * 3.0, b.bottom() + wall * 1.5),
                (0.0, wall),
                &still,
            ));
        }
        3 => {
            let at = |p: f64| Folding {
                side_walls: 90.0,
                flaps: 90.0,
                end_walls: [90.0, 0.0],
                rims: [90.0, 0.0],
                panels: [p, 0.0],
            };
            let far = |p: &Panel3| {
                !matches!(
                    p.kind,
                    PanelKind::Base | PanelKind::SideWall | PanelKind::Flap
                ) && p.outline.iter().all(|q| q[1] < b.center().y)
            };
            // Seen from higher up, the slot in front of the panel's tab.
            view = View {
                azimuth: 20.0,
                elevation: 60.0,
            };
            scene.facets = tray_facets(m, &fold(tray, &at(72.0)), &still, far, true);
            let tab = panel_near(tray, PanelKind::Tab, pt(b.x, 0.0));
            let tip = pt((tab[1].x + tab[2].x) / 2.0, tab[1].y);
            // Straight down into the slot under it.
            let now = track_start(tray, PanelKind::Tab, tip, &at(72.0), &still);
            let home = track_start(tray, PanelKind::Tab, tip, &at(90.0), &still);
            let from = [0, 1, 2].map(|k| now[k] + (now[k] - home[k]) * 2.5);
            scene.arrows.push(vec![from, home]);
            let (t0, t1) = span(tab, |q| q.x);
            focus = Some(corners(
                (t0 - wall * 0.8, t1 + wall * 0.3),
                (b.y - 1.0, b.y + wall * 1.5),
                (0.0, wall * 1.1),
                &still,
            ));
        }
        _ => return lid_drawing(m, frame),
    }
    draw_scene(&scene, &view, frame, focus.as_deref(), m.accent)
}

/// The last step's drawing in `frame` (page mm): the lid coming down over
/// the tray filled with the folded papers and the counters, and beside it
/// the box closed.
fn lid_drawing(m: &BoxModel, frame: Rect) -> Vec<Item> {
    let view = View::STEPS;
    let b = m.tray.base;
    let wall = m.tray.inside().h + m.tray.card;
    let still = Motion::IDENTITY;
    let mut scene = Scene3::default();
    let split = Rect {
        w: frame.w * 0.64,
        ..frame
    };
    // The closed tray and lid, both drawn twice: folded once.
    let lid_folded = fold(m.lid, &Folding::CLOSED);
    let lid = |place: &Motion| {
        let colour = m.lid_colour;
        moved(
            panel_facets(
                &lid_folded,
                |p| (Color::WHITE, colour(p.kind)),
                |_| Stroke::solid(m.ink, 0.25),
            ),
            place,
        )
    };
    let tray = tray_facets(m, &fold(m.tray, &Folding::CLOSED), &still, |_| false, false);
    scene.facets = tray.clone();
    scene.facets.extend(contents_facets(m));
    let top = wall * 7.0;
    let back = b.h * 0.55;
    scene.facets.extend(lid(&lid_over(m, top, back)));
    // Down beside the lid's near right corner.
    let (c, l) = (b.center(), m.lid.base);
    let (x, y) = (c.x + l.w / 2.0 + 3.0, c.y + l.h / 2.0 - back);
    scene
        .arrows
        .push(vec![[x, y, top - wall], [x, y, wall * 1.5]]);
    let mut items = draw_scene(&scene, &view, split, None, m.accent);
    let closed = Scene3 {
        facets: [tray, lid(&lid_over(m, wall, 0.0))].concat(),
        ..Scene3::default()
    };
    let rest = Rect {
        x: frame.x + split.w,
        w: frame.w - split.w,
        ..frame
    };
    let shown = Rect {
        x: rest.x + rest.w * 0.2,
        w: rest.w * 0.8,
        ..rest
    };
    let c = rest.center();
    items.extend(arrow_along(
        &[pt(rest.x, c.y), pt(shown.x + 0.5, c.y)],
        m.accent,
        0.45,
    ));
    items.extend(draw_scene(&closed, &view, shown, None, m.accent));
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lens_projects_as_the_view_bit_for_bit() {
        let views = [
            View::STEPS,
            View {
                azimuth: 20.0,
                elevation: 60.0,
            },
            View {
                azimuth: -35.0,
                elevation: 12.5,
            },
            View {
                azimuth: 0.0,
                elevation: 90.0,
            },
        ];
        for view in views {
            let lens = Lens::of(&view);
            for i in 0..200 {
                let t = i as f64;
                let p = match i {
                    // Zeros of either sign.
                    0..=3 => [[0.0, -0.0, 0.0], [-0.0, 0.0, -0.0], [-0.0; 3], [0.0; 3]][i],
                    _ => [t * 0.37 - 20.0, 55.0 - t * 0.91, (t * 0.13).sin() * 17.0],
                };
                let (a, b) = (lens.project(p), view.project(p));
                assert_eq!(a.x.to_bits(), b.x.to_bits(), "{view:?} {p:?}");
                assert_eq!(a.y.to_bits(), b.y.to_bits(), "{view:?} {p:?}");
                let near = (lens.nearness(p), view.nearness(p));
                assert_eq!(near.0.to_bits(), near.1.to_bits(), "{view:?} {p:?}");
            }
        }
    }

    #[test]
    fn total_keys_order_as_total_cmp() {
        let xs = [
            f64::NEG_INFINITY,
            -3.5,
            -1e-300,
            -0.0,
            0.0,
            1e-300,
            2.0,
            f64::INFINITY,
            f64::NAN,
            -f64::NAN,
        ];
        for a in xs {
            for b in xs {
                assert_eq!(total_key(a).cmp(&total_key(b)), a.total_cmp(&b), "{a} {b}");
            }
        }
    }

    #[test]
    fn the_sweep_finds_every_overlapping_pair() {
        // Boxes of a small grid, touching, nested, crossing, empty.
        let mut boxes: Vec<Box2> = Vec::new();
        for i in 0..60 {
            let t = i as f64;
            let (x, y) = ((t * 7.3) % 23.0 - 4.0, (t * 3.1) % 17.0);
            let (w, h) = ((t * 1.7) % 6.0, (t * 2.9) % 5.0);
            boxes.push((x, y, x + w, y + h));
        }
        boxes.push((-0.0, 0.0, 5.0, 5.0));
        boxes.push((0.0, 0.0, 5.0, 5.0));
        boxes.push((5.0, 0.0, 9.0, 5.0));
        boxes.push((f64::MAX, f64::MAX, f64::MIN, f64::MIN));
        let every = |boxes: &[Box2]| {
            let mut pairs = Vec::new();
            for i in 0..boxes.len() {
                for j in i + 1..boxes.len() {
                    let (a, b) = (boxes[i], boxes[j]);
                    if !(a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1) {
                        pairs.push((i, j));
                    }
                }
            }
            pairs
        };
        let swept = |boxes: &[Box2]| {
            let mut pairs = Vec::new();
            overlapping(boxes, |i, j| pairs.push((i, j)));
            pairs.sort_unstable();
            pairs
        };
        assert_eq!(swept(&boxes), every(&boxes));
        assert!(swept(&boxes).len() > 20);
        boxes.push((f64::NAN, 1.0, 2.0, 3.0));
        assert_eq!(swept(&boxes), every(&boxes));
    }

    #[test]
    fn faces_paint_far_to_near() {
        let square = |z: f64| Facet {
            outline: vec![
                [0.0, 0.0, z],
                [10.0, 0.0, z],
                [10.0, 10.0, z],
                [0.0, 10.0, z],
            ],
            front: [0.0, 0.0, 1.0],
            colours: (Color::WHITE, Color::WHITE),
            line: Stroke::solid(Color::WHITE, 0.1),
            solid: false,
        };
        let faces = [square(2.0), square(0.0), square(1.0)];
        let shown: Vec<&Facet> = faces.iter().collect();
        let view = View::STEPS;
        let lens = Lens::of(&view);
        let mut starts = vec![0];
        let mut projected = Vec::new();
        for f in &shown {
            projected.extend(f.outline.iter().map(|p| lens.project(*p)));
            starts.push(projected.len());
        }
        let order = paint_order(&shown, (&projected, &starts), &lens, view.towards());
        assert_eq!(order, vec![1, 2, 0]);
    }
}

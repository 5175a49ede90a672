//! The tactile edition for a 3-D printer, as solid models
//! ([`crate::scene::solid`], written as 3MF by [`crate::render::threemf`]):
//! the counters (the swell-paper counter's size, braille and rim, raised)
//! and the board in tiles that fit a [`BED`] mm print bed and lock together
//! by dovetails ([`crate::layout::tactile::bed_tiles`]).
//!
//! Lengths in mm, in the printer's frame: x right, y away from the south
//! player (north), z up. Page coordinates (y down) of the swell-paper
//! drawing are turned over where they are reused.

use super::{
    coordinate_places, counter_side, default_square, pack_braille, rank_and_character, word,
    COUNTER_EDGE,
};
use crate::compose::drawn::braille::{self as cells, dot_centers, DOT, HEIGHT};
use crate::compose::products::board::BoardOptions;
use crate::error::{Error, Opt};
use crate::game::{Board, Piece, Side, Square, SquareKind, COLS, ROWS};
use crate::layout::tactile::*;
use crate::resolve::Resources;
use crate::scene::solid::{circle, rect, stroke, Model, Object, Solid, P2};
use crate::scene::{pt, Item, Pt};
use crate::text::OutlineSeg;

/// Sinks a part this far into what it stands on, mm, so that the shells
/// overlap (a union with no faces merely touching).
const SINK: f64 = 0.2;
/// From one counter to the next on the print bed, mm.
const SPACING: f64 = 5.0;

/// A rounded rectangle `x0..x1` × `y0..y1` with corners of radius `r`,
/// anticlockwise.
fn rounded(x0: f64, y0: f64, x1: f64, y1: f64, r: f64) -> Vec<P2> {
    let mut out = Vec::new();
    let corners = [
        (x1 - r, y0 + r, -90.0),
        (x1 - r, y1 - r, 0.0),
        (x0 + r, y1 - r, 90.0),
        (x0 + r, y0 + r, 180.0),
    ];
    for (cx, cy, a0) in corners {
        for k in 0..=6 {
            let a = (a0 + 15.0 * k as f64).to_radians();
            out.push((cx + r * a.cos(), cy + r * a.sin()));
        }
    }
    out
}

/// A dot of braille (or texture) of diameter `d` standing on `z`.
fn dot(c: P2, d: f64, z: f64, height: f64) -> Solid {
    Solid::Dome {
        center: c,
        radius: d / 2.0,
        z0: z - SINK,
        base: z,
        height,
    }
}

/// A flat shape standing on `z`, `height` high.
fn raised(contours: Vec<Vec<P2>>, z: f64, height: f64) -> Solid {
    Solid::Prism {
        contours,
        z0: z - SINK,
        z1: z + height,
    }
}

/// The glyph outlines of `items` (text runs in page coordinates), each
/// point turned into the printer's frame by `to`.
fn glyph_contours(res: &Resources, items: &[Item], to: &dyn Fn(Pt) -> P2) -> Vec<Vec<P2>> {
    let mut out = Vec::new();
    for item in items {
        let Item::Text(run) = item else { continue };
        let scale = run.size / res.fonts.units_per_em(run.font);
        let turn = crate::scene::Transform::rotate_about(run.rotation, run.pos);
        let mut x = run.pos.x;
        for g in &run.glyphs {
            let Some(segs) = res.fonts.outline(run.font, g.id) else {
                x += g.advance;
                continue;
            };
            let at = |fx: f32, fy: f32| {
                to(turn.apply(pt(x + fx as f64 * scale, run.pos.y - fy as f64 * scale)))
            };
            let mut c: Vec<P2> = Vec::new();
            let mut last = (0.0f32, 0.0f32);
            for s in segs {
                match s {
                    OutlineSeg::Move(px, py) => {
                        if c.len() > 2 {
                            out.push(std::mem::take(&mut c));
                        }
                        c.clear();
                        c.push(at(px, py));
                        last = (px, py);
                    }
                    OutlineSeg::Line(px, py) => {
                        c.push(at(px, py));
                        last = (px, py);
                    }
                    OutlineSeg::Quad(ax, ay, px, py) => {
                        for k in 1..=6 {
                            let t = k as f32 / 6.0;
                            let u = 1.0 - t;
                            c.push(at(
                                u * u * last.0 + 2.0 * u * t * ax + t * t * px,
                                u * u * last.1 + 2.0 * u * t * ay + t * t * py,
                            ));
                        }
                        last = (px, py);
                    }
                    OutlineSeg::Cubic(ax, ay, bx, by, px, py) => {
                        for k in 1..=8 {
                            let t = k as f32 / 8.0;
                            let u = 1.0 - t;
                            let (w0, w1, w2, w3) =
                                (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                            c.push(at(
                                w0 * last.0 + w1 * ax + w2 * bx + w3 * px,
                                w0 * last.1 + w1 * ay + w2 * by + w3 * py,
                            ));
                        }
                        last = (px, py);
                    }
                    OutlineSeg::Close => {}
                }
            }
            if c.len() > 2 {
                out.push(c);
            }
            x += g.advance;
        }
    }
    out
}

/// The 3-D counters: each side's pieces (`copies` sets), each the
/// swell-paper counter's [`counter_side`] square with rounded corners,
/// [`COUNTER_THICK`] thick; on top, raised: its braille twice (upright
/// for its owner, turned for the other player), the rank and the animal's
/// character between them, and a rim, smooth for south and notched for
/// north. Named by side, rank and animal in the pack's words, laid out in
/// rows on the bed.
pub fn counters_model(res: &Resources, copies: usize) -> Result<Model, Error> {
    let b = pack_braille(res)?;
    let s = counter_side(res)?;
    let per_row = (((BED + SPACING) / (s + SPACING)).floor() as usize).max(1);
    let mut objects = Vec::new();
    for _ in 0..copies.max(1) {
        for side in [Side::South, Side::North] {
            for animal in res.rules.animals_by_rank() {
                let i = objects.len();
                let at = (
                    (i % per_row) as f64 * (s + SPACING),
                    (i / per_row) as f64 * (s + SPACING),
                );
                objects.push(counter(res, b, Piece { side, animal }, s, at)?);
            }
        }
    }
    Ok(Model {
        title: res.game_title(),
        objects,
    })
}

/// One 3-D counter of side `s` with its south-west corner at `at`.
fn counter(
    res: &Resources,
    b: &crate::lang::braille::Braille,
    piece: Piece,
    s: f64,
    at: P2,
) -> Result<Object, Error> {
    let rank = res.rules.rank(piece.animal);
    let label =
        crate::lang::braille::initial_rank(&res.lang, piece.animal, res.rules.play.fox, rank);
    let text = word(b, &label)?;
    // The swell-paper counter's own drawing, in a page of its size (y down).
    let to = |p: Pt| (at.0 + p.x, at.1 + s - p.y);
    let top = COUNTER_THICK;
    let (x0, y0) = at;
    let mut solids = vec![Solid::Prism {
        contours: vec![rounded(x0, y0, x0 + s, y0 + s, COUNTER_CORNER)],
        z0: 0.0,
        z1: top,
    }];
    // The rim's centre line, as on paper.
    let inset = RIM_INSET;
    let line = rounded(
        x0 + inset,
        y0 + inset,
        x0 + s - inset,
        y0 + s - inset,
        RIM_CORNER,
    );
    match piece.side {
        Side::South => {
            let h = RIM / 2.0;
            let outer = rounded(
                x0 + inset - h,
                y0 + inset - h,
                x0 + s - inset + h,
                y0 + s - inset + h,
                RIM_CORNER + h,
            );
            let mut inner = rounded(
                x0 + inset + h,
                y0 + inset + h,
                x0 + s - inset - h,
                y0 + s - inset - h,
                RIM_CORNER - h,
            );
            inner.reverse();
            solids.push(raised(vec![outer, inner], top, RIM_HEIGHT));
        }
        Side::North => {
            for dash in dashes(&line, NOTCH_PITCH - NOTCH, NOTCH) {
                solids.push(raised(vec![stroke(&dash, RIM)], top, RIM_HEIGHT));
            }
        }
    }
    // Braille for each player, where the paper counter has it.
    let c = pt(s / 2.0, s / 2.0);
    let w = cells::width(text.chars().count());
    let corner = pt(c.x - w / 2.0, s - COUNTER_EDGE - HEIGHT);
    for turn in [0.0, 180.0] {
        for p in dot_centers(text, corner, turn, c) {
            solids.push(dot(to(p), DOT, top, DOT_HEIGHT));
        }
    }
    // The rank and the animal's character, raised, where the paper has them.
    let items = rank_and_character(res, piece, rank, c, (cells::RAISED, cells::RAISED));
    let glyphs = glyph_contours(res, &items, &to);
    if !glyphs.is_empty() {
        solids.push(raised(glyphs, top, GLYPH_HEIGHT));
    }
    let words = &res.lang.board;
    let side = match piece.side {
        Side::South => &words.south,
        Side::North => &words.north,
    };
    Ok(Object {
        name: format!("{side} {rank} {}", res.animal(piece.animal).name),
        solids,
    })
}

/// The closed polyline `ring` cut into dashes `on` mm long with gaps `off`
/// mm long, each dash an open polyline.
fn dashes(ring: &[P2], on: f64, off: f64) -> Vec<Vec<P2>> {
    let mut pts: Vec<P2> = ring.to_vec();
    pts.push(ring[0]);
    let mut out = Vec::new();
    let mut cur: Vec<P2> = Vec::new();
    let (mut drawing, mut left) = (true, on);
    cur.push(pts[0]);
    for w in pts.windows(2) {
        let (mut a, b) = (w[0], w[1]);
        let mut len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        while len > left {
            let t = left / len;
            let m = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            if drawing {
                cur.push(m);
                out.push(std::mem::take(&mut cur));
            } else {
                cur = vec![m];
            }
            drawing = !drawing;
            len -= left;
            left = if drawing { on } else { off };
            a = m;
        }
        left -= len;
        if drawing {
            cur.push(b);
        }
    }
    if drawing && cur.len() > 1 {
        out.push(cur);
    }
    out
}

/// Where a dovetail leaves an edge: its centre's distance along the edge,
/// and whether it reaches out (a tail) or in (its socket).
type Joint = (f64, bool);

/// The kind of every square as the tactile board shows it (all land in the
/// four-animal variant).
fn kinds(res: &Resources) -> impl Fn(usize, usize) -> SquareKind + '_ {
    let board = Board::standard();
    let four = res.rules.variants.four_animals;
    move |col, row| match board.kind(Square::new(col as u8, row as u8)) {
        SquareKind::River | SquareKind::Trap(_) if four => SquareKind::Land,
        k => k,
    }
}

/// The edge from `a` to `b` with its dovetails (`joints`, along the edge
/// from `a`), outward to the right of the way it runs (the outline turns
/// anticlockwise): the points after `a`, up to `b`.
fn edge(a: P2, b: P2, joints: &[Joint]) -> Vec<P2> {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let u = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let n = (u.1, -u.0);
    let at = |t: f64, d: f64| (a.0 + u.0 * t + n.0 * d, a.1 + u.1 * t + n.1 * d);
    let mut out = Vec::new();
    let mut joints = joints.to_vec();
    joints.sort_by(|x, y| x.0.total_cmp(&y.0));
    for (t, tail) in joints {
        let (neck, head, depth) = if tail {
            (DOVETAIL_NECK, DOVETAIL_HEAD, DOVETAIL_DEPTH)
        } else {
            let c = DOVETAIL_CLEARANCE;
            (DOVETAIL_NECK + c, DOVETAIL_HEAD + c, -(DOVETAIL_DEPTH + c))
        };
        out.extend([
            at(t - neck, 0.0),
            at(t - head, depth),
            at(t + head, depth),
            at(t + neck, 0.0),
        ]);
    }
    out.push(b);
    out
}

/// The 3-D board: tiles of [`BED`] mm or less each way, cut along square
/// edges (never across the river when another cut fits), locked by
/// dovetails at the middle of land squares' edges; each tile a base plate
/// (the river's floor) and the land over it with a hole for each river
/// square, the square borders raised [`BORDER_TOP`] with their corner
/// gaps, the river's waves on its sunk floor, the traps' dots, the dens'
/// rings, the owners' chevrons and the braille coordinates in the frame.
/// Named as the paper tiles are (row from north, column from west).
pub fn board_model(res: &Resources, opts: &BoardOptions) -> Result<Model, Error> {
    let q = match opts.square {
        Some(q) => q,
        None => default_square(res)?,
    };
    let kind = kinds(res);
    let (nc, nr) = (COLS as usize, ROWS as usize);
    let river_row = |r: usize| (0..nc).any(|c| kind(c, r) == SquareKind::River);
    let plan = bed_tiles(nc, nr, q, BED, |k| !(river_row(k - 1) && river_row(k))).ok_or_else(|| {
        Error::usage(
            Opt::Square,
            format!(
                "a 3-D tile must fit a {} mm print bed with a square, the frame and a dovetail: give a smaller {{square}}",
                crate::error::num(BED)
            ),
        )
    })?;
    let (w, h) = (nc as f64 * q + 2.0 * FRAME, nr as f64 * q + 2.0 * FRAME);
    let line = |k: usize, n: usize, total: f64| match k {
        0 => 0.0,
        k if k == n => total,
        k => FRAME + k as f64 * q,
    };
    let land = |c: usize, r: usize| kind(c, r) == SquareKind::Land;
    let mut objects = Vec::new();
    let (tr, tc) = (plan.rows.len(), plan.cols.len());
    for (ri, rows) in plan.rows.iter().enumerate().rev() {
        for (ci, cols) in plan.cols.iter().enumerate() {
            let (x0, x1) = (line(cols.start, nc, w), line(cols.end, nc, w));
            let (y0, y1) = (line(rows.start, nr, h), line(rows.end, nr, h));
            let mid = |k: usize| FRAME + (k as f64 + 0.5) * q;
            // Dovetails: tails east and north, sockets west and south.
            let east: Vec<Joint> = if cols.end < nc {
                rows.clone()
                    .filter(|&r| land(cols.end - 1, r) && land(cols.end, r))
                    .map(|r| (mid(r) - y0, true))
                    .collect()
            } else {
                Vec::new()
            };
            let north: Vec<Joint> = if rows.end < nr {
                cols.clone()
                    .filter(|&c| land(c, rows.end - 1) && land(c, rows.end))
                    .map(|c| (x1 - mid(c), true))
                    .collect()
            } else {
                Vec::new()
            };
            let west: Vec<Joint> = if cols.start > 0 {
                rows.clone()
                    .filter(|&r| land(cols.start - 1, r) && land(cols.start, r))
                    .map(|r| (y1 - mid(r), false))
                    .collect()
            } else {
                Vec::new()
            };
            let south: Vec<Joint> = if rows.start > 0 {
                cols.clone()
                    .filter(|&c| land(c, rows.start - 1) && land(c, rows.start))
                    .map(|c| (mid(c) - x0, false))
                    .collect()
            } else {
                Vec::new()
            };
            let mut outline = vec![(x0, y0)];
            outline.extend(edge((x0, y0), (x1, y0), &south));
            outline.extend(edge((x1, y0), (x1, y1), &east));
            outline.extend(edge((x1, y1), (x0, y1), &north));
            outline.extend(edge((x0, y1), (x0, y0), &west));
            outline.pop();
            let tile = Tile {
                x0,
                x1,
                y0,
                y1,
                q,
                south: &south,
                west: &west,
                east: &east,
                north: &north,
            };
            let mut solids = vec![Solid::Prism {
                contours: vec![outline.clone()],
                z0: 0.0,
                z1: RIVER_FLOOR,
            }];
            let mut deck = vec![outline];
            for r in rows.clone() {
                for c in cols.clone() {
                    let (sx, sy) = (FRAME + c as f64 * q, FRAME + r as f64 * q);
                    let k = kind(c, r);
                    if k == SquareKind::River {
                        let i = BORDER / 2.0;
                        let mut hole = rect(sx + i, sy + i, sx + q - i, sy + q - i);
                        hole.reverse();
                        deck.push(hole);
                    }
                    solids.extend(texture(k, sx, sy, q));
                }
            }
            solids.push(Solid::Prism {
                contours: deck,
                z0: RIVER_FLOOR - SINK,
                z1: LAND,
            });
            solids.extend(borders(&tile));
            solids.extend(coordinates(res, q, h, &tile)?);
            let name = res
                .lang
                .tiles
                .label
                .replace("{rows}", &tr.to_string())
                .replace("{cols}", &tc.to_string())
                .replace("{row}", &(tr - ri).to_string())
                .replace("{col}", &(ci + 1).to_string());
            objects.push(Object { name, solids });
        }
    }
    Ok(Model {
        title: res.game_title(),
        objects,
    })
}

/// One tile of the 3-D board: its rectangle (without dovetails), the
/// board's square, and the dovetails on each edge (as [`edge`] takes them).
struct Tile<'a> {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    q: f64,
    south: &'a [Joint],
    west: &'a [Joint],
    east: &'a [Joint],
    north: &'a [Joint],
}

/// The texture of a square of kind `k` with its south-west corner at
/// `(x, y)`: the river's waves on its floor, a trap's staggered dots, a
/// den's double ring, and each trap's and den's chevron pointing at its
/// owner (the swell-paper board's, in the printer's frame).
fn texture(k: SquareKind, x: f64, y: f64, q: f64) -> Vec<Solid> {
    let c = (x + q / 2.0, y + q / 2.0);
    let mut out = Vec::new();
    // The chevron near the owner's edge, pointing at it.
    let chevron = |side: Side| {
        let f = if side == Side::South { 1.0 } else { -1.0 };
        let p = |dx: f64, dy: f64| (c.0 + f * dx, c.1 + f * dy);
        let e = q / 2.0;
        raised(
            vec![stroke(
                &[p(-4.0, -e + 6.5), p(0.0, -e + 3.5), p(4.0, -e + 6.5)],
                TEXTURE * 1.25,
            )],
            LAND,
            RELIEF,
        )
    };
    match k {
        SquareKind::Land => {}
        SquareKind::River => {
            let inset = 4.0;
            let mut v = y + inset + 1.0;
            while v <= y + q - inset - 1.0 + 1e-9 {
                let points: Vec<P2> = (0..=24)
                    .map(|i| {
                        let u = x + inset + (q - 2.0 * inset) * i as f64 / 24.0;
                        (u, v + 0.9 * ((u - x) / 6.0 * std::f64::consts::TAU).sin())
                    })
                    .collect();
                out.push(raised(vec![stroke(&points, TEXTURE)], RIVER_FLOOR, RELIEF));
                v += PITCH;
            }
        }
        SquareKind::Trap(side) => {
            let (inset, band) = (5.0, 8.0);
            let (lo, hi) = match side {
                Side::South => (y + band, y + q - inset),
                Side::North => (y + inset, y + q - band),
            };
            let n = ((q - 2.0 * inset) / TRAP_PITCH).floor() as usize;
            let rows = ((hi - lo) / TRAP_PITCH).floor() as usize;
            let x0 = c.0 - n as f64 * TRAP_PITCH / 2.0;
            let y0 = (lo + hi) / 2.0 - rows as f64 * TRAP_PITCH / 2.0;
            for j in 0..=rows {
                for i in 0..=n {
                    let shift = if j % 2 == 1 { TRAP_PITCH / 2.0 } else { 0.0 };
                    if j % 2 == 1 && i == n {
                        continue;
                    }
                    let p = (
                        x0 + i as f64 * TRAP_PITCH + shift,
                        y0 + j as f64 * TRAP_PITCH,
                    );
                    out.push(dot(p, TRAP_DOT, LAND, RELIEF));
                }
            }
            out.push(chevron(side));
        }
        SquareKind::Den(side) => {
            let outer = (q * 0.30).min(q / 2.0 - 9.0);
            let half = TEXTURE * 1.25 / 2.0;
            for r in [outer, outer - 3.4] {
                let mut inner = circle(c, r - half, 48);
                inner.reverse();
                out.push(raised(vec![circle(c, r + half, 48), inner], LAND, RELIEF));
            }
            out.push(chevron(side));
        }
    }
    out
}

/// The intervals of `from..to` less every `cut` (each `start..end`).
fn less(from: f64, to: f64, cuts: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out = vec![(from, to)];
    for &(a, b) in cuts {
        out = out
            .into_iter()
            .flat_map(|(s, e)| [(s, e.min(a)), (s.max(b), e)])
            .filter(|(s, e)| e - s > 1e-6)
            .collect();
    }
    out
}

/// The raised borders on `t`: every square edge, stopping [`CORNER_GAP`]
/// short of each corner, cut to the tile; on an edge with sockets, stopped
/// over each socket's mouth, whose border the dovetail carries.
fn borders(t: &Tile) -> Vec<Solid> {
    let (q, g, hw) = (t.q, CORNER_GAP, BORDER / 2.0);
    let c = DOVETAIL_CLEARANCE;
    let mut bars: Vec<[f64; 4]> = Vec::new();
    let lines = |lo: f64, n: usize| (0..=n).map(move |k| lo + k as f64 * q);
    // Lines across x (borders running west to east).
    for y in lines(FRAME, ROWS as usize) {
        let (b0, b1) = ((y - hw).max(t.y0), (y + hw).min(t.y1));
        if b1 - b0 < 1e-6 {
            continue;
        }
        let mut cuts = Vec::new();
        if (y - t.y0).abs() < 1e-6 {
            cuts.extend(
                t.south
                    .iter()
                    .map(|&(s, _)| (t.x0 + s - DOVETAIL_NECK - c, t.x0 + s + DOVETAIL_NECK + c)),
            );
        }
        for col in 0..COLS as usize {
            let x = FRAME + col as f64 * q;
            for (s, e) in less((x + g).max(t.x0), (x + q - g).min(t.x1), &cuts) {
                bars.push([s, b0, e, b1]);
            }
        }
        if (y - t.y1).abs() < 1e-6 {
            bars.extend(t.north.iter().map(|&(s, _)| {
                [
                    t.x1 - s - DOVETAIL_NECK,
                    y,
                    t.x1 - s + DOVETAIL_NECK,
                    y + hw,
                ]
            }));
        }
    }
    // Lines across y (borders running south to north).
    for x in lines(FRAME, COLS as usize) {
        let (b0, b1) = ((x - hw).max(t.x0), (x + hw).min(t.x1));
        if b1 - b0 < 1e-6 {
            continue;
        }
        let mut cuts = Vec::new();
        if (x - t.x0).abs() < 1e-6 {
            cuts.extend(
                t.west
                    .iter()
                    .map(|&(s, _)| (t.y1 - s - DOVETAIL_NECK - c, t.y1 - s + DOVETAIL_NECK + c)),
            );
        }
        for row in 0..ROWS as usize {
            let y = FRAME + row as f64 * q;
            for (s, e) in less((y + g).max(t.y0), (y + q - g).min(t.y1), &cuts) {
                bars.push([b0, s, b1, e]);
            }
        }
        if (x - t.x1).abs() < 1e-6 {
            bars.extend(t.east.iter().map(|&(s, _)| {
                [
                    x,
                    t.y0 + s - DOVETAIL_NECK,
                    x + hw,
                    t.y0 + s + DOVETAIL_NECK,
                ]
            }));
        }
    }
    bars.into_iter()
        .filter(|b| b[2] - b[0] > 1e-6 && b[3] - b[1] > 1e-6)
        .map(|b| Solid::Prism {
            contours: vec![rect(b[0], b[1], b[2], b[3])],
            z0: LAND - SINK,
            z1: BORDER_TOP,
        })
        .collect()
}

/// The braille coordinates in the frame that fall on tile `t`, as on the
/// swell-paper board (whose drawing is `h` mm high, y down).
fn coordinates(res: &Resources, q: f64, h: f64, t: &Tile) -> Result<Vec<Solid>, Error> {
    let b = pack_braille(res)?;
    let mut out = Vec::new();
    for (text, corner, turn, about) in coordinate_places(b, q)? {
        for p in dot_centers(text, corner, turn, about) {
            let p = (p.x, h - p.y);
            if p.0 > t.x0 && p.0 < t.x1 && p.1 > t.y0 && p.1 < t.y1 {
                out.push(dot(p, DOT, LAND, DOT_HEIGHT));
            }
        }
    }
    Ok(out)
}

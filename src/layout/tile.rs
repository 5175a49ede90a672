//! Poster tiling: a board larger than the paper, split over several sheets.
//!
//! Lengths in mm. Board coordinates have their origin at the board's top-left
//! (north-west) corner, x to the right, y down; sheet coordinates are page
//! coordinates (origin top-left of the paper, y down).
//!
//! Each tile shows one region of the board. A tile with a neighbour to its
//! right (or below) also shows, faintly, the first [`TilePlan::glue`] mm of that
//! neighbour's region: the glue strip, which the neighbour's sheet, cut along its
//! region edge, is laid over. Cuts fall on square edges whenever a square fits
//! on a sheet.

use super::sheet::Rect;
use crate::layout::paper::Paper;
use crate::scene::{pt, Pt};

/// One sheet of a tiled board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tile {
    /// Row of tiles, 0 at the top (north).
    pub row: usize,
    /// Column of tiles, 0 at the left (west).
    pub col: usize,
    /// The part of the board this tile owns, in board coordinates.
    pub region: Rect,
    /// Everything the tile prints, region plus glue strips, in board coordinates.
    pub shown: Rect,
    /// Where the board's origin lies on this sheet (page coordinates): a board
    /// point `p` is printed at `origin + p`.
    pub origin: Pt,
}

/// How a board is split over sheets.
#[derive(Debug, Clone, PartialEq)]
pub struct TilePlan {
    /// The sheet every tile is printed on (turned to landscape when that needs fewer sheets).
    pub sheet: Paper,
    /// Rows and columns of tiles.
    pub rows: usize,
    /// Columns of tiles.
    pub cols: usize,
    /// Width of the glue strips in mm.
    pub glue: f64,
    /// The tiles, row by row.
    pub tiles: Vec<Tile>,
}

impl TilePlan {
    /// Splits a `board_w × board_h` mm board of `square` mm squares over sheets
    /// of `paper` (either way round), inside `area` of each sheet: the printable
    /// area of a portrait sheet less room for labels. `area` is given for the
    /// portrait sheet and turned with it. Returns `None` when not even a glue
    /// strip and 1 mm of board fit.
    pub fn new(
        board_w: f64,
        board_h: f64,
        square: f64,
        paper: Paper,
        area: Rect,
        glue: f64,
    ) -> Option<TilePlan> {
        TilePlan::framed(board_w, board_h, square, 0.0, paper, area, glue)
    }

    /// [`TilePlan::new`] for a board drawn inside a frame `frame` mm wide
    /// (the tactile board's braille coordinates): the squares start `frame`
    /// mm in from each edge, and cuts fall on their edges.
    pub fn framed(
        board_w: f64,
        board_h: f64,
        square: f64,
        frame: f64,
        paper: Paper,
        area: Rect,
        glue: f64,
    ) -> Option<TilePlan> {
        let portrait = Paper {
            width: paper.width.min(paper.height),
            height: paper.width.max(paper.height),
        };
        let landscape = Paper {
            width: portrait.height,
            height: portrait.width,
        };
        // The same margins on every side: the area turns with the sheet.
        let turn = |a: Rect| Rect {
            x: a.y,
            y: portrait.width - a.x - a.w,
            w: a.h,
            h: a.w,
        };
        let options = [(portrait, area), (landscape, turn(area))];
        options
            .into_iter()
            .filter_map(|(sheet, a)| {
                let xs = split_framed(board_w, square, frame, a.w, glue)?;
                let ys = split_framed(board_h, square, frame, a.h, glue)?;
                Some((sheet, a, xs, ys))
            })
            .min_by_key(|(_, _, xs, ys)| xs.len() * ys.len())
            .map(|(sheet, a, xs, ys)| {
                let mut tiles = Vec::new();
                for (row, &(y0, y1)) in ys.iter().enumerate() {
                    for (col, &(x0, x1)) in xs.iter().enumerate() {
                        let right = if col + 1 < xs.len() { glue } else { 0.0 };
                        let below = if row + 1 < ys.len() { glue } else { 0.0 };
                        let region = Rect {
                            x: x0,
                            y: y0,
                            w: x1 - x0,
                            h: y1 - y0,
                        };
                        let shown = Rect {
                            w: region.w + right,
                            h: region.h + below,
                            ..region
                        };
                        // Centred in the area.
                        let origin = pt(
                            a.x + (a.w - shown.w) / 2.0 - shown.x,
                            a.y + (a.h - shown.h) / 2.0 - shown.y,
                        );
                        tiles.push(Tile {
                            row,
                            col,
                            region,
                            shown,
                            origin,
                        });
                    }
                }
                TilePlan {
                    sheet,
                    rows: ys.len(),
                    cols: xs.len(),
                    glue,
                    tiles,
                }
            })
    }

    /// True when the board fits one sheet.
    pub fn is_single(&self) -> bool {
        self.tiles.len() == 1
    }
}

/// [`split`] of a length whose units start `frame` mm in and end `frame`
/// mm before its end: with no frame, [`split`]; else cut at unit edges,
/// each piece as long as it may be (the frame stays with the first and last
/// pieces). `None` when a piece cannot hold a unit beside its glue strip.
fn split_framed(
    total: f64,
    unit: f64,
    frame: f64,
    room: f64,
    glue: f64,
) -> Option<Vec<(f64, f64)>> {
    const EPS: f64 = 1e-6;
    if frame <= 0.0 || total <= room + EPS {
        return split(total, unit, room, glue);
    }
    let units = ((total - 2.0 * frame) / unit).round() as usize;
    let edges: Vec<f64> = (1..units).map(|k| frame + k as f64 * unit).collect();
    let mut pieces = Vec::new();
    let mut at = 0.0;
    while total - at > room + EPS {
        let next = edges
            .iter()
            .copied()
            .rev()
            .find(|&e| e > at + EPS && e - at <= room - glue + EPS)?;
        pieces.push((at, next));
        at = next;
    }
    pieces.push((at, total));
    Some(pieces)
}

/// Splits `[0, total]` into as few pieces as possible, each at most `room - glue`
/// long (the last at most `room`), cutting at multiples of `unit` when a unit
/// fits a piece. Pieces are as even as the units allow. `None` when not even
/// 1 mm fits beside a glue strip.
fn split(total: f64, unit: f64, room: f64, glue: f64) -> Option<Vec<(f64, f64)>> {
    const EPS: f64 = 1e-6;
    if total <= room + EPS {
        return Some(vec![(0.0, total)]);
    }
    let mid = room - glue;
    if mid < 1.0 {
        return None;
    }
    let units = (total / unit).round() as usize;
    let whole = (units as f64 * unit - total).abs() < EPS;
    let per_mid = ((mid + EPS) / unit).floor() as usize;
    let per_last = ((room + EPS) / unit).floor() as usize;
    if whole && per_mid >= 1 {
        // Pieces of whole units: n − 1 pieces of at most per_mid, the last of at most per_last.
        let n = 1 + (units.saturating_sub(per_last)).div_ceil(per_mid);
        // Spread the units evenly, giving the extra units to the last pieces
        // (the last may be larger: it needs no glue strip).
        let mut counts = vec![units / n; n];
        for c in counts.iter_mut().rev().take(units % n) {
            *c += 1;
        }
        if counts[..n - 1].iter().any(|&c| c > per_mid) || counts[n - 1] > per_last {
            counts = vec![per_mid; n - 1];
            counts.push(units - per_mid * (n - 1));
        }
        let mut at = 0usize;
        return Some(
            counts
                .into_iter()
                .map(|c| {
                    let piece = (at as f64 * unit, (at + c) as f64 * unit);
                    at += c;
                    piece
                })
                .collect(),
        );
    }
    // A square larger than a sheet: cut anywhere, in equal pieces.
    let n = 1 + ((total - room) / mid - EPS).ceil().max(0.0) as usize;
    let len = total / n as f64;
    let len = if len <= mid + EPS { len } else { mid };
    Some(
        (0..n)
            .map(|i| {
                (
                    i as f64 * len,
                    if i + 1 == n {
                        total
                    } else {
                        (i + 1) as f64 * len
                    },
                )
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::printable_area;
    use proptest::prelude::*;

    fn check(plan: &TilePlan, bw: f64, bh: f64, square: f64, area: Rect) {
        let glue = plan.glue;
        // The regions cover the board exactly once.
        let total: f64 = plan.tiles.iter().map(|t| t.region.w * t.region.h).sum();
        assert!(
            (total - bw * bh).abs() < 1e-6 * bw * bh,
            "regions cover {total} of {}",
            bw * bh
        );
        for (i, a) in plan.tiles.iter().enumerate() {
            for b in &plan.tiles[i + 1..] {
                assert!(!a.region.overlaps(&b.region), "{a:?} overlaps {b:?}");
            }
            let r = a.region;
            assert!(
                r.x >= -1e-9 && r.y >= -1e-9 && r.right() <= bw + 1e-6 && r.bottom() <= bh + 1e-6
            );
            // Cuts on square edges whenever a square fits beside a glue strip.
            if square <= area.w.min(area.h) - glue {
                let on_edge = |v: f64| ((v / square).round() * square - v).abs() < 1e-6;
                assert!(
                    on_edge(r.x) && on_edge(r.right()),
                    "cut through a square: {r:?}"
                );
                assert!(
                    on_edge(r.y) && on_edge(r.bottom()),
                    "cut through a square: {r:?}"
                );
            }
            // Glue strips only towards a neighbour, and what is shown fits the sheet.
            let has_right = r.right() < bw - 1e-6;
            let has_below = r.bottom() < bh - 1e-6;
            assert!((a.shown.w - r.w - if has_right { glue } else { 0.0 }).abs() < 1e-9);
            assert!((a.shown.h - r.h - if has_below { glue } else { 0.0 }).abs() < 1e-9);
            let printed = Rect {
                x: a.origin.x + a.shown.x,
                y: a.origin.y + a.shown.y,
                ..a.shown
            };
            let sheet = Rect {
                x: 0.0,
                y: 0.0,
                w: plan.sheet.width,
                h: plan.sheet.height,
            };
            assert!(
                sheet.contains(&printed),
                "{printed:?} leaves the sheet {sheet:?}"
            );
        }
        assert_eq!(plan.tiles.len(), plan.rows * plan.cols);
    }

    #[test]
    fn a_40mm_board_takes_four_a4_sheets() {
        let area = printable_area(Paper::A4, 10.0);
        let plan = TilePlan::new(280.0, 360.0, 40.0, Paper::A4, area, 10.0).unwrap();
        assert_eq!(plan.tiles.len(), 4);
        check(&plan, 280.0, 360.0, 40.0, area);
        // A 39 mm (A3) board on A4: three landscape sheets of three rows each;
        // two would need a cut through a row of squares.
        let plan = TilePlan::new(273.0, 351.0, 39.0, Paper::A4, area, 10.0).unwrap();
        assert_eq!((plan.tiles.len(), plan.sheet.width), (3, 297.0));
        check(&plan, 273.0, 351.0, 39.0, area);
    }

    #[test]
    fn a_fitting_board_is_one_tile() {
        let area = printable_area(Paper::A4, 10.0);
        let plan = TilePlan::new(189.0, 243.0, 27.0, Paper::A4, area, 10.0).unwrap();
        assert!(plan.is_single());
    }

    #[test]
    fn the_count_is_minimal() {
        // 100 mm squares on A3: each sheet holds 2 × 3 squares at best.
        let area = printable_area(
            Paper {
                width: 297.0,
                height: 420.0,
            },
            10.0,
        );
        let plan = TilePlan::new(
            700.0,
            900.0,
            100.0,
            Paper {
                width: 297.0,
                height: 420.0,
            },
            area,
            10.0,
        )
        .unwrap();
        check(&plan, 700.0, 900.0, 100.0, area);
        // Landscape: 3 columns of squares per sheet (390 mm across with glue) → ⌈7/3⌉… versus portrait.
        let brute = |w: f64, h: f64| {
            let per = |total_units: usize, room: f64| {
                let mid = ((room - 10.0) / 100.0).floor() as usize;
                let last = (room / 100.0).floor() as usize;
                if total_units <= last {
                    1
                } else {
                    1 + (total_units - last).div_ceil(mid)
                }
            };
            per(7, w) * per(9, h)
        };
        let best = brute(area.w, area.h).min(brute(area.h, area.w));
        assert_eq!(plan.tiles.len(), best);
    }

    proptest! {
        #[test]
        fn tiles_cover_the_board_once(square in 8.0f64..150.0, pw in 120.0f64..450.0, ph in 120.0f64..450.0) {
            let paper = Paper { width: pw, height: ph };
            let portrait = Paper { width: pw.min(ph), height: pw.max(ph) };
            let area = printable_area(portrait, 10.0);
            if let Some(plan) = TilePlan::new(7.0 * square, 9.0 * square, square, paper, area, 10.0) {
                check(&plan, 7.0 * square, 9.0 * square, square, area);
            }
        }
    }
}

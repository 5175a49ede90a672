//! Sheet imposition: packing equal cells (counters, or front–back pairs) in a
//! grid on as many pages as needed, and mirroring positions for duplex backs.
//!
//! Lengths in mm, page coordinates (origin top-left, y down).

use super::sheet::Rect;
use crate::scene::{pt, Pt};

/// How the sheet is turned over for printing the backs: about which of its
/// real edges, whatever the page's orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flip {
    /// Turned about a long edge (the usual printer default). On portrait paper
    /// the long edges are vertical (left ↔ right); on landscape paper they are
    /// horizontal (top ↔ bottom).
    LongEdge,
    /// Turned about a short edge: top ↔ bottom on portrait paper, left ↔ right
    /// on landscape paper.
    ShortEdge,
}

/// How a sheet's content maps from its front to its back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mirror {
    /// About the vertical centre line: x ↦ width − x.
    LeftRight,
    /// About the horizontal centre line: y ↦ height − y.
    TopBottom,
}

impl Flip {
    /// The mirror this flip makes on a `page_w × page_h` mm sheet. A square
    /// sheet counts as portrait.
    pub fn mirror_on(self, page_w: f64, page_h: f64) -> Mirror {
        let portrait = page_h >= page_w;
        match (self, portrait) {
            (Flip::LongEdge, true) | (Flip::ShortEdge, false) => Mirror::LeftRight,
            _ => Mirror::TopBottom,
        }
    }
}

/// A grid of equal cells inside an area, centred, with a gap between cells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// Cells per row.
    pub cols: usize,
    /// Rows per page.
    pub rows: usize,
    /// Cell width in mm.
    pub cell_w: f64,
    /// Cell height in mm.
    pub cell_h: f64,
    /// Gap between neighbouring cells in mm.
    pub gap: f64,
    /// Top-left corner of the first cell.
    pub x0: f64,
    /// Top-left corner of the first cell.
    pub y0: f64,
}

impl Grid {
    /// The largest centred grid of `cell_w × cell_h` cells that fits `area`, or
    /// `None` when not even one cell fits.
    pub fn fit(area: Rect, cell_w: f64, cell_h: f64, gap: f64) -> Option<Grid> {
        if !(cell_w > 0.0 && cell_h > 0.0 && gap >= 0.0) {
            return None;
        }
        let n =
            |avail: f64, cell: f64| ((avail + gap + 1e-9) / (cell + gap)).floor().max(0.0) as usize;
        let (cols, rows) = (n(area.w, cell_w), n(area.h, cell_h));
        if cols == 0 || rows == 0 {
            return None;
        }
        let used_w = cols as f64 * cell_w + (cols - 1) as f64 * gap;
        let used_h = rows as f64 * cell_h + (rows - 1) as f64 * gap;
        Some(Grid {
            cols,
            rows,
            cell_w,
            cell_h,
            gap,
            x0: area.x + (area.w - used_w) / 2.0,
            y0: area.y + (area.h - used_h) / 2.0,
        })
    }

    /// Cells per page.
    pub fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// The `i`-th cell of a page, row by row.
    pub fn cell(&self, i: usize) -> Rect {
        let (c, r) = (i % self.cols, i / self.cols);
        Rect {
            x: self.x0 + c as f64 * (self.cell_w + self.gap),
            y: self.y0 + r as f64 * (self.cell_h + self.gap),
            w: self.cell_w,
            h: self.cell_h,
        }
    }

    /// Places `count` cells: one list of rectangles per page, filled in order.
    pub fn pages(&self, count: usize) -> Vec<Vec<Rect>> {
        let per = self.per_page();
        (0..count.div_ceil(per))
            .map(|p| {
                (p * per..count.min((p + 1) * per))
                    .map(|i| self.cell(i - p * per))
                    .collect()
            })
            .collect()
    }
}

/// Where a rectangle printed on the front of a `page_w × page_h` sheet lands on
/// the back after the sheet is turned over, in the back page's coordinates.
pub fn mirror(r: Rect, page_w: f64, page_h: f64, flip: Flip) -> Rect {
    match flip.mirror_on(page_w, page_h) {
        Mirror::LeftRight => Rect {
            x: page_w - r.x - r.w,
            ..r
        },
        Mirror::TopBottom => Rect {
            y: page_h - r.y - r.h,
            ..r
        },
    }
}

/// Crop marks for pieces cut along `faces` (their trim rectangles, mm): at each
/// corner, a line of `len` mm continuing each edge outwards, starting `off` mm
/// past the corner. Every part of a mark that would come within `clear` mm of
/// any face (its bleed included in `clear`) is cut away, so marks never touch
/// artwork; pieces shorter than 0.8 mm are dropped, and shared marks of
/// neighbouring faces appear once. Returns line segments as point pairs.
pub fn crop_marks(faces: &[Rect], off: f64, len: f64, clear: f64) -> Vec<(Pt, Pt)> {
    let holes: Vec<Rect> = faces
        .iter()
        .map(|f| Rect {
            x: f.x - clear,
            y: f.y - clear,
            w: f.w + 2.0 * clear,
            h: f.h + 2.0 * clear,
        })
        .collect();
    corner_marks(faces, &holes, off, len)
}

/// Crop marks at the corners of `faces` (as [`crop_marks`]), with every part
/// inside one of `holes` cut away.
pub fn corner_marks(faces: &[Rect], holes: &[Rect], off: f64, len: f64) -> Vec<(Pt, Pt)> {
    let mut out: Vec<(Pt, Pt)> = Vec::new();
    for f in faces {
        for (x, dx) in [(f.x, -1.0), (f.right(), 1.0)] {
            for (y, dy) in [(f.y, -1.0), (f.bottom(), 1.0)] {
                let horizontal = (pt(x + dx * off, y), pt(x + dx * (off + len), y));
                let vertical = (pt(x, y + dy * off), pt(x, y + dy * (off + len)));
                for seg in [horizontal, vertical] {
                    for piece in clip_outside(seg, holes) {
                        let same = |a: &(Pt, Pt)| {
                            let d = |p: Pt, q: Pt| (p.x - q.x).abs() + (p.y - q.y).abs();
                            d(a.0, piece.0) + d(a.1, piece.1) < 1e-6
                                || d(a.0, piece.1) + d(a.1, piece.0) < 1e-6
                        };
                        if !out.iter().any(same) {
                            out.push(piece);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The parts of an axis-parallel segment outside every rectangle of `holes`,
/// each at least 0.8 mm long.
fn clip_outside(seg: (Pt, Pt), holes: &[Rect]) -> Vec<(Pt, Pt)> {
    let (a, b) = seg;
    let horizontal = (a.y - b.y).abs() < 1e-12;
    // Work on the segment as an interval [lo, hi] along its own axis.
    let (fixed, lo, hi) = if horizontal {
        (a.y, a.x.min(b.x), a.x.max(b.x))
    } else {
        (a.x, a.y.min(b.y), a.y.max(b.y))
    };
    let mut parts = vec![(lo, hi)];
    for h in holes {
        let (cross_lo, cross_hi, along_lo, along_hi) = if horizontal {
            (h.y, h.bottom(), h.x, h.right())
        } else {
            (h.x, h.right(), h.y, h.bottom())
        };
        if fixed < cross_lo || fixed > cross_hi {
            continue;
        }
        parts = parts
            .into_iter()
            .flat_map(|(p, q)| {
                let mut keep = Vec::new();
                if along_lo > p {
                    keep.push((p, q.min(along_lo)));
                }
                if along_hi < q {
                    keep.push((p.max(along_hi), q));
                }
                keep
            })
            .collect();
    }
    parts
        .into_iter()
        .filter(|(p, q)| q - p >= 0.8)
        .map(|(p, q)| {
            if horizontal {
                (pt(p, fixed), pt(q, fixed))
            } else {
                (pt(fixed, p), pt(fixed, q))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::paper::Paper;
    use crate::layout::printable_area;
    use proptest::prelude::*;

    fn check(area: Rect, w: f64, h: f64, gap: f64, count: usize) {
        let Some(g) = Grid::fit(area, w, h, gap) else {
            assert!(
                w > area.w || h > area.h,
                "a {w}×{h} cell fits {area:?} but no grid was made"
            );
            return;
        };
        let pages = g.pages(count);
        assert_eq!(pages.iter().map(Vec::len).sum::<usize>(), count);
        assert!(pages
            .iter()
            .all(|p| !p.is_empty() && p.len() <= g.per_page()));
        for page in &pages {
            for (i, a) in page.iter().enumerate() {
                assert!(area.contains(a), "{a:?} leaves {area:?}");
                for b in &page[i + 1..] {
                    assert!(!a.overlaps(b), "{a:?} overlaps {b:?}");
                    let apart = (b.x - a.right())
                        .max(a.x - b.right())
                        .max(b.y - a.bottom())
                        .max(a.y - b.bottom());
                    assert!(apart >= gap - 1e-6, "cells {a:?} {b:?} closer than the gap");
                }
            }
        }
        // Maximal: one more column or row would not fit.
        assert!((g.cols + 1) as f64 * w + g.cols as f64 * gap > area.w + 1e-6);
        assert!((g.rows + 1) as f64 * h + g.rows as f64 * gap > area.h + 1e-6);
    }

    #[test]
    fn sixteen_22mm_counters_fit_one_a4_page() {
        let area = printable_area(Paper::A4, 10.0);
        let g = Grid::fit(area, 22.0, 22.0, 3.0).unwrap();
        assert_eq!((g.cols, g.rows), (7, 11));
        assert_eq!(g.pages(16).len(), 1);
        check(area, 22.0, 22.0, 3.0, 16);
    }

    #[test]
    fn too_large_cells_do_not_fit() {
        let area = printable_area(Paper::A4, 10.0);
        assert!(Grid::fit(area, 300.0, 300.0, 3.0).is_none());
        assert!(Grid::fit(area, 0.0, 10.0, 3.0).is_none());
    }

    #[test]
    fn mirrors_are_involutions() {
        let r = Rect {
            x: 12.0,
            y: 30.0,
            w: 22.0,
            h: 22.0,
        };
        for flip in [Flip::LongEdge, Flip::ShortEdge] {
            assert_eq!(mirror(mirror(r, 210.0, 297.0, flip), 210.0, 297.0, flip), r);
        }
        assert_eq!(mirror(r, 210.0, 297.0, Flip::LongEdge).x, 210.0 - 34.0);
        assert_eq!(mirror(r, 210.0, 297.0, Flip::ShortEdge).y, 297.0 - 52.0);
    }

    #[test]
    fn landscape_sheets_turn_about_their_real_edges() {
        let r = Rect {
            x: 12.0,
            y: 30.0,
            w: 22.0,
            h: 22.0,
        };
        // 297 × 210: the long edges are the top and bottom ones.
        assert_eq!(mirror(r, 297.0, 210.0, Flip::LongEdge).y, 210.0 - 52.0);
        assert_eq!(mirror(r, 297.0, 210.0, Flip::LongEdge).x, 12.0);
        assert_eq!(mirror(r, 297.0, 210.0, Flip::ShortEdge).x, 297.0 - 34.0);
        assert_eq!(mirror(r, 297.0, 210.0, Flip::ShortEdge).y, 30.0);
        assert_eq!(Flip::LongEdge.mirror_on(200.0, 200.0), Mirror::LeftRight);
    }

    #[test]
    fn crop_marks_keep_clear_of_touching_faces() {
        // A fold pair: two 20 mm faces side by side, 2 mm bleed each.
        let a = Rect {
            x: 10.0,
            y: 10.0,
            w: 20.0,
            h: 20.0,
        };
        let b = Rect { x: 34.0, ..a };
        let marks = crop_marks(&[a, b], 3.0, 2.5, 2.5);
        assert!(!marks.is_empty());
        for (p, q) in &marks {
            for f in [a, b] {
                let r = Rect {
                    x: f.x - 2.0,
                    y: f.y - 2.0,
                    w: f.w + 4.0,
                    h: f.h + 4.0,
                };
                let seg = Rect {
                    x: p.x.min(q.x),
                    y: p.y.min(q.y),
                    w: (p.x - q.x).abs(),
                    h: (p.y - q.y).abs(),
                };
                let touches = seg.x <= r.right()
                    && r.x <= seg.right()
                    && seg.y <= r.bottom()
                    && r.y <= seg.bottom();
                assert!(!touches, "mark {p:?}–{q:?} touches {r:?}");
            }
        }
        // Between the faces there is no room: the horizontal marks there are gone,
        // the vertical ones above and below the gap stay.
        assert!(!marks
            .iter()
            .any(|(p, q)| p.y == q.y && p.x > 30.0 && q.x < 34.0));
        assert!(marks
            .iter()
            .any(|(p, q)| p.x == q.x && p.x == 30.0 && q.y < 10.0));
    }

    proptest! {
        #[test]
        fn packing_stays_inside_and_never_overlaps(
            pw in 100.0f64..500.0, ph in 100.0f64..500.0, margin in 0.0f64..20.0,
            w in 5.0f64..120.0, h in 5.0f64..120.0, gap in 0.0f64..8.0, count in 1usize..80,
        ) {
            let area = printable_area(Paper { width: pw, height: ph }, margin);
            check(area, w, h, gap, count);
        }
    }
}

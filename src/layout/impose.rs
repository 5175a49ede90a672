//! Sheet imposition: packing equal cells (counters, or front–back pairs) in a
//! grid on as many pages as needed, and mirroring positions for duplex backs.
//!
//! Lengths in mm, page coordinates (origin top-left, y down).

use super::sheet::Rect;

/// How the sheet is turned over for printing the backs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flip {
    /// Turned about the long (vertical, on portrait paper) edge: left ↔ right.
    LongEdge,
    /// Turned about the short (horizontal) edge: top ↔ bottom.
    ShortEdge,
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
    match flip {
        Flip::LongEdge => Rect {
            x: page_w - r.x - r.w,
            ..r
        },
        Flip::ShortEdge => Rect {
            y: page_h - r.y - r.h,
            ..r
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::printable_area;
    use crate::paper::Paper;
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

//! Where things go on a sheet of paper (mm, origin top-left, y down).

use crate::game::{Square, COLS, ROWS};
use crate::layout::paper::Paper;
use crate::scene::{pt, Pt};

/// An axis-aligned rectangle in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// Right edge.
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    /// Bottom edge.
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    /// Centre point.
    pub fn center(&self) -> Pt {
        pt(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
    /// True when `other` lies inside `self` (with 1 µm tolerance).
    pub fn contains(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-3;
        other.x >= self.x - EPS
            && other.y >= self.y - EPS
            && other.right() <= self.right() + EPS
            && other.bottom() <= self.bottom() + EPS
    }
    /// True when the interiors of the two rectangles overlap.
    pub fn overlaps(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-6;
        self.x < other.right() - EPS
            && other.x < self.right() - EPS
            && self.y < other.bottom() - EPS
            && other.y < self.bottom() - EPS
    }
}

/// The part of the paper inside the margins.
pub fn printable_area(paper: Paper, margin: f64) -> Rect {
    Rect {
        x: margin,
        y: margin,
        w: paper.width - 2.0 * margin,
        h: paper.height - 2.0 * margin,
    }
}

/// The largest whole-millimetre square size at which the 7×9 board fits `area`.
pub fn max_square(area: Rect) -> u32 {
    let s = (area.w / COLS as f64).min(area.h / ROWS as f64);
    // Guard against 26.999999 from decimal paper sizes.
    (s + 1e-9).floor().max(0.0) as u32
}

/// Columns west of the board's upright fold: it falls between columns c and
/// d, beside the dens and the middle traps, never through them.
pub const FOLD_WEST_COLUMNS: u8 = 3;
/// Rows south of the board's crosswise fold: it falls between rows 4 and 5,
/// along the river squares' edges, never through a square.
pub const FOLD_SOUTH_ROWS: u8 = 4;

/// The footprint of a board of `square` mm squares cut out along its
/// border and folded in four on [`BoardPlacement::folds`]: its largest
/// quarter, (width, height) in mm, 4 columns by 5 rows.
pub fn folded_board(square: f64) -> (f64, f64) {
    let cols = FOLD_WEST_COLUMNS.max(COLS - FOLD_WEST_COLUMNS);
    let rows = FOLD_SOUTH_ROWS.max(ROWS - FOLD_SOUTH_ROWS);
    (square * cols as f64, square * rows as f64)
}

/// The board placed on a page: square size and top-left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardPlacement {
    /// Side of one square in mm.
    pub square: f64,
    /// Top-left corner of the board (north-west corner of a9) in mm.
    pub origin: Pt,
}

impl BoardPlacement {
    /// The board centred on `paper`.
    pub fn centered(paper: Paper, square: f64) -> BoardPlacement {
        let (w, h) = (square * COLS as f64, square * ROWS as f64);
        BoardPlacement {
            square,
            origin: pt((paper.width - w) / 2.0, (paper.height - h) / 2.0),
        }
    }

    /// The whole board's outline.
    pub fn outline(&self) -> Rect {
        Rect {
            x: self.origin.x,
            y: self.origin.y,
            w: self.square * COLS as f64,
            h: self.square * ROWS as f64,
        }
    }

    /// A square's outline; south (row 1) at the bottom of the page.
    pub fn square_rect(&self, sq: Square) -> Rect {
        Rect {
            x: self.origin.x + sq.col as f64 * self.square,
            y: self.origin.y + (ROWS - 1 - sq.row) as f64 * self.square,
            w: self.square,
            h: self.square,
        }
    }

    /// Where the board is folded to go into a box, on square edges (see
    /// [`FOLD_WEST_COLUMNS`], [`FOLD_SOUTH_ROWS`]): the upright fold's x and
    /// the crosswise fold's y, mm on the page (origin top-left, y down).
    pub fn folds(&self) -> (f64, f64) {
        (
            self.origin.x + FOLD_WEST_COLUMNS as f64 * self.square,
            self.origin.y + (ROWS - FOLD_SOUTH_ROWS) as f64 * self.square,
        )
    }

    /// True when the board fits inside `area`.
    pub fn fits(&self, area: Rect) -> bool {
        area.contains(&self.outline())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a4_and_letter_take_27mm_squares() {
        assert_eq!(max_square(printable_area(Paper::A4, 10.0)), 27);
        assert_eq!(
            max_square(printable_area(Paper::parse("letter").unwrap(), 10.0)),
            27
        );
        assert_eq!(
            max_square(printable_area(Paper::parse("a3").unwrap(), 10.0)),
            39
        );
    }

    #[test]
    fn the_folds_fall_on_square_edges_clear_of_dens_traps_and_river() {
        use crate::game::{Board, SquareKind};
        let p = BoardPlacement::centered(Paper::A4, 27.0);
        let (x, y) = p.folds();
        let board = Board::standard();
        let mut crossed = 0;
        for sq in board.squares() {
            let r = p.square_rect(sq);
            // No square is cut by a fold: each lies wholly on one side.
            assert!(r.right() <= x + 1e-9 || r.x >= x - 1e-9, "{sq:?}");
            assert!(r.bottom() <= y + 1e-9 || r.y >= y - 1e-9, "{sq:?}");
            if board.kind(sq) != SquareKind::Land && (r.right() - x).abs() < 1e-9 {
                crossed += 1;
            }
        }
        // The upright fold runs beside the den and the traps of each side.
        assert!(crossed >= 2);
        assert_eq!(folded_board(27.0), (108.0, 135.0));
    }

    #[test]
    fn board_is_centred_and_south_is_at_the_bottom() {
        let p = BoardPlacement::centered(Paper::A4, 27.0);
        let o = p.outline();
        assert!((o.x - (210.0 - o.right())).abs() < 1e-9);
        assert!((o.y - (297.0 - o.bottom())).abs() < 1e-9);
        let a1 = p.square_rect(Square::parse("a1").unwrap());
        assert_eq!(a1.bottom(), o.bottom());
        assert_eq!(a1.x, o.x);
        let g9 = p.square_rect(Square::parse("g9").unwrap());
        assert_eq!((g9.right(), g9.y), (o.right(), o.y));
    }
}

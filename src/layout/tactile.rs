//! The tactile edition's geometry, for swell paper and for a 3-D printer:
//! the board's frame, borders and textures, the counters' rim and notches
//! (the sizes both editions share), and how the 3-D board splits into
//! tiles that fit a print bed and lock together by dovetails.
//!
//! Lengths in mm. The 3-D plan ([`bed_tiles`]) counts columns from the west
//! and rows from the south (row 0 is the south player's first row), as the
//! game does ([`crate::game::Square`]).

/// The frame round the squares that holds the braille coordinates, mm.
pub const FRAME: f64 = 14.0;
/// Width of the raised square borders, mm.
pub const BORDER: f64 = 1.2;
/// Each border stops this far short of a corner, mm: a gap a finger finds.
pub const CORNER_GAP: f64 = 3.0;
/// Width of the texture lines (waves, rings, owner marks), mm.
pub const TEXTURE: f64 = 0.8;
/// From a texture line to the next (waves; the dots of traps), mm: 3 mm or
/// more tells textures apart by touch.
pub const PITCH: f64 = 4.0;
/// The traps' raised dots: diameter, mm (larger than braille's 1.5 mm and
/// further apart, so that they read as a texture, never as braille).
pub const TRAP_DOT: f64 = 2.2;
/// From a trap dot to the next, mm.
pub const TRAP_PITCH: f64 = 5.0;
/// The smallest tactile counter, mm.
pub const MIN_COUNTER: f64 = 28.0;
/// Width of a counter's raised rim, mm.
pub const RIM: f64 = 1.2;
/// From a counter's edge to the outside of its rim, mm.
pub const RIM_INSET: f64 = 1.5;
/// A counter's corner radius (its cut line on paper, its edge in 3-D), mm.
pub const COUNTER_CORNER: f64 = 3.0;
/// The corner radius of a counter's rim (its centre line), mm.
pub const RIM_CORNER: f64 = 2.0;
/// North's rim is notched: a gap this long, mm, every [`NOTCH_PITCH`] mm.
pub const NOTCH: f64 = 2.0;
/// From one notch of north's rim to the next, mm.
pub const NOTCH_PITCH: f64 = 5.0;

/// The print bed the 3-D tiles must fit, each way, mm.
pub const BED: f64 = 220.0;
/// Top of the 3-D board's base plate, which is the river's floor, mm.
pub const RIVER_FLOOR: f64 = 1.8;
/// Top of the 3-D board's land (every square but the river's, and the
/// frame), mm: the river is sunk 1.2 mm below it.
pub const LAND: f64 = 3.0;
/// Top of the 3-D board's square borders, mm: 1.6 mm above the land, which
/// holds a counter in its square.
pub const BORDER_TOP: f64 = LAND + 1.6;
/// Height of the 3-D textures (waves, trap dots, den rings, owner marks)
/// above the surface they stand on, mm.
pub const RELIEF: f64 = 0.8;
/// Height of a 3-D braille dot, mm (the usual 0.6 mm of 3-D braille).
pub const DOT_HEIGHT: f64 = 0.6;
/// Thickness of a 3-D counter, mm.
pub const COUNTER_THICK: f64 = 3.0;
/// Height of a 3-D counter's rim above its top, mm.
pub const RIM_HEIGHT: f64 = 1.0;
/// Height of a 3-D counter's printed rank and character above its top, mm.
pub const GLYPH_HEIGHT: f64 = 0.8;
/// A dovetail's half width where it leaves its tile, mm.
pub const DOVETAIL_NECK: f64 = 3.5;
/// A dovetail's half width at its head, mm (wider than the neck: it locks).
pub const DOVETAIL_HEAD: f64 = 5.5;
/// How far a dovetail reaches into the next tile, mm.
pub const DOVETAIL_DEPTH: f64 = 6.0;
/// The socket's clearance round a dovetail, each side, mm.
pub const DOVETAIL_CLEARANCE: f64 = 0.15;

/// How the 3-D board splits into tiles: the columns (west to east) and the
/// rows (south to north) of squares each column or row of tiles holds, as
/// `start..end` ranges; the first and last also hold the frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BedTiles {
    /// The squares' columns of each column of tiles, west first.
    pub cols: Vec<std::ops::Range<usize>>,
    /// The squares' rows of each row of tiles, south first.
    pub rows: Vec<std::ops::Range<usize>>,
}

/// The extent of tiles holding `n` squares of `q` mm out of `total`,
/// starting at square `start`: the squares, the frame at either end of the
/// board, and a dovetail's reach on a side with a neighbour, mm.
fn extent(start: usize, end: usize, total: usize, q: f64) -> f64 {
    let mut w = (end - start) as f64 * q;
    if start == 0 {
        w += FRAME;
    }
    if end == total {
        w += FRAME;
    }
    if end < total {
        w += DOVETAIL_DEPTH;
    }
    w
}

/// Splits `total` squares of `q` mm into the fewest runs that fit `bed`,
/// cutting only at the square edges `allowed` says yes to (the edge before
/// square `k`), as even as they can be; `None` when one square does not fit.
fn split(total: usize, q: f64, bed: f64, allowed: impl Fn(usize) -> bool) -> Option<Vec<usize>> {
    for n in 1..=total {
        // The cuts nearest the even ones that keep every run on the bed.
        let mut cuts = vec![0];
        let mut ok = true;
        for k in 1..n {
            let ideal = (total as f64 * k as f64 / n as f64).round() as usize;
            let from = *cuts.last().unwrap_or(&0) + 1;
            let best = (from..total)
                .filter(|&c| allowed(c) && extent(cuts[k - 1], c, total, q) <= bed + 1e-9)
                .min_by_key(|&c| (c as isize - ideal as isize).abs());
            match best {
                Some(c) => cuts.push(c),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        cuts.push(total);
        if ok
            && cuts
                .windows(2)
                .all(|w| w[0] < w[1] && extent(w[0], w[1], total, q) <= bed + 1e-9)
        {
            return Some(cuts);
        }
    }
    None
}

/// The tiles of a board of `cols` × `rows` squares of `q` mm in its
/// [`FRAME`], each within `bed` mm both ways with its dovetails; rows are
/// never cut at an edge `keep_rows` says no to (the river's inside, so that
/// its sunk floor stays whole). `None` when a single square with its frame
/// and dovetail does not fit.
pub fn bed_tiles(
    cols: usize,
    rows: usize,
    q: f64,
    bed: f64,
    keep_rows: impl Fn(usize) -> bool,
) -> Option<BedTiles> {
    let runs = |cuts: Vec<usize>| cuts.windows(2).map(|w| w[0]..w[1]).collect();
    let c = split(cols, q, bed, |_| true)?;
    let r = split(rows, q, bed, keep_rows).or_else(|| split(rows, q, bed, |_| true))?;
    Some(BedTiles {
        cols: runs(c),
        rows: runs(r),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_33_mm_board_is_four_tiles_and_keeps_the_river_whole() {
        let t = bed_tiles(7, 9, 33.0, BED, |k| !(4..=5).contains(&k)).unwrap();
        assert_eq!(t.cols, vec![0..4, 4..7]);
        assert_eq!(t.rows.len(), 2);
        assert!(t
            .rows
            .iter()
            .all(|r| !(4..=5).contains(&r.end) || r.end == 9));
        assert!(bed_tiles(7, 9, 250.0, BED, |_| true).is_none());
    }
}

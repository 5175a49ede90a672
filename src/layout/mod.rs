//! Sheet geometry: paper sizes ([`paper`]), board placement, tiles,
//! imposition and box nets; pure data, no colours, fonts or formats. The
//! game itself (squares, pieces) is [`crate::game`].
//!
//! All lengths are millimetres on the page: origin at the paper's top-left
//! corner, x to the right, y down.

pub mod boxfold;
pub mod boxnet;
mod impose;
pub mod paper;
mod sheet;
pub mod tactile;
mod tile;

pub use impose::{corner_marks, crop_marks, mirror, Flip, Grid, Mirror};
pub use sheet::{folded_board, max_square, printable_area, BoardPlacement, Rect};
pub use tile::{Tile, TilePlan};

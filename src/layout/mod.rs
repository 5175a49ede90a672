//! Game geometry and sheet geometry: pure data, no colours, fonts or formats.
//!
//! All lengths are millimetres on the page: origin at the paper's top-left
//! corner, x to the right, y down.

mod board;
pub mod boxnet;
mod impose;
mod sheet;
mod tile;

pub use board::{Animal, Board, Piece, Side, Square, SquareKind, COLS, ROWS};
pub use impose::{corner_marks, crop_marks, mirror, Flip, Grid, Mirror};
pub use sheet::{max_square, printable_area, BoardPlacement, Rect};
pub use tile::{Tile, TilePlan};

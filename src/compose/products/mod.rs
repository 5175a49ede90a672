//! The products: one composer per thing to print, each a plain function from
//! the resources and its options to pages ([`board`], [`counters`],
//! [`handout`], [`poster`], [`puzzles`], [`boxnet`], [`tiles`]), and the
//! whole set ([`set`]), which calls the others, with the set split into one
//! file per piece ([`set_files`]).

pub mod board;
pub mod boxnet;
pub mod brf;
pub mod counters;
pub mod handout;
pub mod poster;
pub mod puzzles;
pub mod set;
pub mod set_files;
pub mod tactile;
pub mod tiles;

use crate::layout::paper::Paper;

/// What every product is printed on, one value for every composer: the
/// job's paper and bleed, and what its purpose asks of the pages (a laser's
/// kerf and tight packing, a print shop's die lines). A composer takes it
/// beside its own options, which are the job's own value ([`set::SetOptions`],
/// [`counters::CounterOptions`], [`boxnet::BoxOptions`], …), by value: no
/// option is copied from one struct into another on the way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sheet {
    /// The paper.
    pub paper: Paper,
    /// Bleed, mm: colours run this far past every cut line, and the printed
    /// sheet grows by as much on every side (see [`crate::scene::Page::bleed`]).
    pub bleed: f64,
    /// A laser's kerf, mm: cut paths lie `kerf / 2` outside the pieces, so
    /// the beam's width leaves them at their size (0 for print and cut).
    pub kerf: f64,
    /// For a laser cutter: pieces packed tight (1 mm apart plus the kerf),
    /// with no instructions, scale bar or marks on the sheet.
    pub laser: bool,
    /// For a print shop: a board on one sheet gets its die line and crop
    /// marks, like the other pieces to cut.
    pub print_shop: bool,
}

impl Sheet {
    /// `paper`, no bleed, for a home printer.
    pub const fn new(paper: Paper) -> Sheet {
        Sheet {
            paper,
            bleed: 0.0,
            kerf: 0.0,
            laser: false,
            print_shop: false,
        }
    }

    /// The same sheet with `bleed` mm of bleed.
    pub fn with_bleed(self, bleed: f64) -> Sheet {
        Sheet { bleed, ..self }
    }
}

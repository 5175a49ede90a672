//! Passes: any composed page turned into another, for a laser cutter
//! ([`laser`]: cut, score and engrave colours) or a print shop
//! ([`print_shop`]: CMYK, the die line as a spot colour).

pub mod laser;
pub mod print_shop;

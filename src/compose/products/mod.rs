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

//! Drawn parts the products share: an animal's face ([`faces`]), pictures
//! placed in boxes ([`art`]) and the theme's scenery ([`scenery`]), how a
//! side shows besides its colour ([`side_marks`]), the scale bar
//! ([`scale_bar`]) and the rules' diagrams as positions and moves the engine
//! checks ([`diagrams`]).

pub mod art;
pub mod box_views;
pub mod braille;
pub mod diagrams;
pub mod faces;
pub(crate) mod scale_bar;
pub mod scenery;
pub(crate) mod side_marks;

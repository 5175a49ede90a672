//! Composers: game model + sheet geometry + theme + language → pages of the
//! drawing model ([`crate::scene`]). One composer per product, each a plain
//! function (board, counters, handout, poster, box, set, tiles), and the set
//! split into one file per piece ([`set_files`]); the helpers
//! they share are grouped by what they are for: text ([`label`], Chinese
//! running text with Zhuyin in [`running`]), pictures
//! ([`art`], [`scenery`]), animals' faces ([`faces`]), side marks
//! ([`side_marks`]), the scale bar ([`scale_bar`]) and the rules'
//! diagrams as positions and moves the engine checks ([`diagrams`]). Options are checked
//! by the job before composing ([`crate::options`] holds their ranges).

pub mod art;
pub mod board;
pub mod boxnet;
pub mod counters;
pub mod cutting;
pub mod design_check;
pub mod diagrams;
pub mod faces;
pub mod flow;
pub mod handout;
pub mod label;
pub mod laser;
pub mod phonetic;
pub mod pinyin;
pub mod poster;
pub mod print_shop;
pub mod puzzles;
pub mod running;
pub(crate) mod scale_bar;
pub mod scenery;
pub mod set;
pub mod set_files;
pub(crate) mod side_marks;
pub mod tiles;

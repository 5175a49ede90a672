//! Composers: game model + sheet geometry + theme + language → pages of the
//! drawing model ([`crate::scene`]), in five rooms:
//!
//! - [`products`]: one composer per thing to print (board, counters, rules
//!   handout, poster, puzzles, box, tiles) and the whole set, with the set
//!   split into one file per piece;
//! - [`typesetting`]: text on a page (labels, paragraphs, the flowed
//!   handout) and the Chinese readings set with it (Zhuyin, pinyin, running
//!   Chinese text broken between words);
//! - [`drawn`]: the parts the products share (animals' faces, pictures,
//!   scenery, side marks, the scale bar, the rules' diagrams);
//! - [`passes`]: pages turned into other pages (laser, print shop);
//! - [`checks`]: what is measured on a theme or on composed pages (the
//!   designer's rules, the cutting a set asks for).
//!
//! Options are checked by the job before composing ([`crate::options`] holds
//! their ranges).

pub mod checks;
pub mod drawn;
pub mod passes;
pub mod products;
pub mod typesetting;

//! Composing: the pages of each product as scenes (board tiles, counters, the
//! rules handout, the box, the whole set) and the laser pass over them.

mod blank;
mod board_marks;
mod boxnet;
mod counter_size;
mod counters;
mod design;
mod diagrams;
mod faces;
mod handout;
mod holes;
mod laser;
mod lines;
mod phonetic;
mod pictures;
mod poster;
mod poster_tiles;
mod puzzles;
mod readings;
mod scene;
mod scenery;
mod set;
mod shop_words;
mod tactile;
mod tiles;
mod words;

//! The game's rules and the game played: rulesets, the data that vary the
//! game ([`rules`]: ranks, variants), positions and their text form
//! ([`position`]), the moves a ruleset allows and how a game ends
//! ([`moves`]), forced wins found by search ([`search`]) and puzzles made
//! from them ([`puzzles`]), and what a move does or why it is refused
//! ([`explain`]).
//!
//! No geometry here: squares are [`crate::game::Square`]s (columns a–g from
//! South's left, rows 1–9 from South's edge).

pub mod explain;
pub mod moves;
pub mod position;
pub mod puzzles;
pub mod rules;
pub mod search;

pub use moves::{Game, Move, Outcome, Rules, WinBy};
pub use position::Position;

//! The integration tests, one test crate (one link, one binary) with a module
//! per subject. Shared helpers are in `tests/common/`, insta snapshots in
//! `tests/snapshots/`.

#[path = "../common/mod.rs"]
mod common;

mod board_pdf;
mod board_svg;
mod boxnet;
mod cli;
mod conventions;
mod counters;
mod data_files;
mod fidelity;
mod glyphs;
mod handout;
mod hostile;
mod laser;
mod new_options;
mod png;
mod print_shop;
mod set;
mod themes;
mod tiles;
mod web_core;

//! The integration tests, one test crate (one link, one binary) with a module
//! per pipeline stage: `data` (themes, language packs, rulesets, glyphs),
//! `compose` (the pages as scenes), `render` (PDF, SVG, PNG bytes), `job`
//! (the façade's option checks, as typed errors), `cli` (conventions and exit
//! codes), `hostile` (hostile input, Unix only), `house` (no import
//! circles or upward imports in `src/`, the README's limits table) and
//! `readable` (function lengths, and links in ARCHITECTURE.md and
//! README.md). Shared helpers are in `tests/common/`, insta snapshots in
//! `tests/snapshots/`.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod command_line;
mod compose;
mod data;
#[cfg(unix)]
mod hostile;
mod house;
mod job;
mod play;
mod readable;
mod render;

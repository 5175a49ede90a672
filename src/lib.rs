//! jungle-print: printable sets for Dou Shou Qi (鬥獸棋, the Jungle game).
//!
//! The game model is [`game`] (sides, animals, squares, the standard board).
//! The pipeline: [`resolve`] (theme, language, rules, fonts) → [`layout`]
//! (sheet geometry) → [`compose`] (pages of the [`scene`] drawing
//! model) → [`render`] (SVG, PDF) → [`output`] (atomic write).
//!
//! The command line and the web page go through one façade, [`job`]: a
//! [`job::Job`] checks its options once, composes, runs every check printing
//! needs and returns the document with its warnings.
//!
//! ```no_run
//! use jungle_print::input::Source;
//! use jungle_print::job::{BoardJob, Job, Kind};
//! let mut job = Job::new(Kind::Board(BoardJob::default()));
//! job.inputs.lang = Source::builtin("fr");
//! let made = job.run()?;
//! let pdf = jungle_print::render::pdf::render(&made.doc, &made.pdf_options()).unwrap();
//! # Ok::<(), jungle_print::error::Error>(())
//! ```

pub mod compose;
pub mod error;
pub mod game;
pub mod icons;
pub mod input;
pub mod job;
pub mod lang;
pub mod layout;
pub mod limits;
pub mod output;
pub mod paper;
pub mod picture;
pub mod render;
pub mod resolve;
pub mod rules;
pub mod scene;
pub mod text;
pub mod theme;

/// Wraps pages and the resources' fonts into a document ready to render
/// (defined in [`resolve`], with the resources).
pub use resolve::document;

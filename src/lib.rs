//! jungle-print: printable sets for Dou Shou Qi (鬥獸棋, the Jungle game).
//!
//! The game model is [`game`] (sides, animals, squares, the standard board).
//! The pipeline: [`resolve`] (theme, language, rules, fonts) → [`layout`]
//! (sheet geometry) → [`compose`] (pages of the [`scene`] drawing
//! model) → [`render`] (SVG, PDF) → [`output`] (atomic write).
//!
//! The command line and the web page go through one façade, [`export`]: a
//! [`job::Job`] (what to print, and where and how: its [`job::Output`])
//! checks its options once, composes, runs every check printing needs, and
//! [`export::export`] renders it into the files to write, with the lines
//! that say what they hold.
//!
//! ```no_run
//! use jungle_print::input::Source;
//! use jungle_print::job::{BoardOptions, Job, Kind};
//! let mut job = Job::new(Kind::Board(BoardOptions::default()));
//! job.inputs.lang = Source::builtin("fr");
//! let export = jungle_print::export::export(&job)?;
//! for f in &export.files {
//!     jungle_print::output::write_atomic(&f.path, &f.bytes, Default::default())?;
//! }
//! # Ok::<(), jungle_print::error::Error>(())
//! ```
//!
//! # Layers
//!
//! The modules in layers, bottom first. A module imports only from its own
//! layer's files and from the layers below it, and no files import each
//! other in a circle; `tests/it/house.rs` reads this list and checks both.
//!
//! - `limits`: every limit on input, with its unit and why
//! - `error`: the typed errors, their one wording (options spelled by each
//!   front end) and how numbers are written in messages
//! - `lite`: the web page's first core (feature `web-lite`): what it refuses
//!   and leaves to the whole core
//! - `game`: sides, animals, squares, the standard board
//! - `input`: reading files within their caps; where inputs come from (`Source`)
//! - `text`: fonts, shaping, line breaking, installed fonts by family name
//! - `lang`: language packs, their phrases, Zhuyin syllables and Chinese word lists
//! - `play`: the game's rules and the game played: rulesets, positions as text,
//!   legal moves under a ruleset, search, puzzles
//! - `output`: atomic writing, file names
//! - `scene`: the drawing model (pages, items, placed rasters)
//! - `layout`: sheet geometry: paper sizes, placements, tiles, box nets, imposition
//! - `icons`: SVG drawings
//! - `theme`: themes, their schema and colours
//! - `picture`: PNG and JPEG pictures, a theme's pictures loaded, the bundled
//!   FOGRA39 colour profile (CMYK shown in sRGB through it)
//! - `render`: the scene as PDF, SVG, PNG
//! - `resolve`: a theme, a language, rules and fonts made ready to compose
//! - `compose`: pages for each product, in rooms: products, typesetting (with
//!   the Chinese readings), drawn parts, passes, checks
//! - `options`: every option of the document commands, defined once (their
//!   values, defaults, ranges and help, read by the command line and the web page)
//! - `job`: a document asked for: its options checked once, composed, checked for printing
//! - `export`: the façade the command line and the web page call: a job's files in
//!   every format, with the limits writing has and the lines that say what they hold
//! - `cli`: the command line (the binary: `src/main.rs`, `src/cli/`)

// The web page's first core (src/lite.rs) cuts paths short where it refuses
// what it leaves out: the code after them, and what only they use, is left
// unreached on purpose.
#![cfg_attr(
    feature = "web-lite",
    allow(dead_code, unused_imports, unused_variables, unreachable_code)
)]

pub mod compose;
pub mod error;
pub mod export;
pub mod game;
pub mod icons;
pub mod input;
pub mod job;
pub mod lang;
pub mod layout;
pub mod limits;
#[cfg(feature = "web-lite")]
pub mod lite;
pub mod options;
pub mod output;
pub mod picture;
pub mod play;
pub mod render;
pub mod resolve;
pub mod scene;
pub mod text;
pub mod theme;

/// Wraps pages and the resources' fonts into a document ready to render
/// (defined in [`resolve`], with the resources).
pub use resolve::document;

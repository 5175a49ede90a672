//! The web page's first core (feature `web-lite`): the library less what
//! the first visit of an English or French set never asks for, so that the
//! page's first download is small. It makes the previews (SVG pages with
//! live text) of the built-in themes' sets, boards, counters, rules and box,
//! and the theme maker's answers; everything else (PDF, PNG, 3MF and BRF
//! files, raster pictures and scenery, the tactile edition, puzzle sheets)
//! it refuses with [`refused`], and the page asks the whole core, which it
//! fetches the first time (web/www/worker.js). A file the first core makes
//! is the whole core's, byte for byte (web/test/api.mjs compares them).

use crate::error::Error;

/// Starts every refusal's message: the page retries with the whole core.
pub const REFUSAL: &str = "not in the page's first core";

/// The refusal of something the first core leaves out (`what`: `PDF`,
/// `PNG`, `3MF`, `BRF`, `tactile`, `puzzles`, `picture`), which the page
/// then asks the whole core for.
pub fn refused(what: &'static str) -> Error {
    Error::Render {
        format: what,
        message: format!("{REFUSAL}: the page makes it with the whole core"),
    }
}

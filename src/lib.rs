//! jungle-print: printable sets for Dou Shou Qi (鬥獸棋, the Jungle game).
//!
//! The pipeline: [`resolve`] (theme, language, rules, fonts) → [`layout`]
//! (board and sheet geometry) → [`compose`] (pages of the [`scene`] drawing
//! model) → [`render`] (SVG, PDF) → [`output`] (atomic write).
//!
//! ```no_run
//! use jungle_print::{compose::board::{board_page, BoardOptions}, paper::Paper, resolve::Resources};
//! let res = Resources::new(Default::default(), jungle_print::lang::Lang::builtin("en")?, Default::default())?;
//! let page = board_page(&res, &BoardOptions::new(Paper::A4))?;
//! let doc = jungle_print::document("Jungle board", vec![page], &res);
//! let pdf = jungle_print::render::pdf::render(&doc, &Default::default()).unwrap();
//! # Ok::<(), jungle_print::error::Error>(())
//! ```

pub mod compose;
pub mod error;
pub mod icons;
pub mod input;
pub mod job;
pub mod lang;
pub mod layout;
pub mod output;
pub mod paper;
pub mod render;
pub mod resolve;
pub mod rules;
pub mod scene;
pub mod text;
pub mod theme;

use scene::{Document, Page};

/// Wraps pages and the resources' fonts into a document ready to render.
pub fn document(title: &str, pages: Vec<Page>, res: &resolve::Resources) -> Document {
    Document {
        title: title.to_string(),
        pages,
        fonts: res.fonts.clone(),
    }
}

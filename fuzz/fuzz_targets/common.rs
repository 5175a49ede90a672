//! Checks shared by the fuzz targets: whatever the input, the program either
//! refuses it with an error or produces output that parses.
#![allow(dead_code)]

use jungle_print::compose::products::board::{board_page, BoardOptions};
use jungle_print::compose::products::handout::{handout_pages, HandoutOptions};
use jungle_print::layout::paper::Paper;
use jungle_print::render::{pdf, svg};
use jungle_print::resolve::Resources;
use jungle_print::scene::{Document, Page};

/// Every page as SVG, with outlined and with live text, parses as XML.
pub fn svg_parses(doc: &Document) {
    for live_text in [false, true] {
        for i in 0..doc.pages.len() {
            let s = svg::render(doc, i, &svg::SvgOptions { live_text });
            if let Err(e) = roxmltree::Document::parse(&s) {
                panic!("page {i} is not well-formed SVG: {e}");
            }
        }
    }
}

/// The document as PDF parses with lopdf.
pub fn pdf_parses(doc: &Document) {
    let bytes = pdf::render(doc, &Default::default()).expect("the PDF renders");
    lopdf::Document::load_mem(&bytes).expect("the PDF parses");
}

/// Composes what printing composes (a board, the rules), as the CLI would
/// refuse: board errors are fine, output must parse.
pub fn print_all(res: &Resources, with_rules: bool) {
    let mut pages: Vec<Page> = Vec::new();
    if let Ok(p) = board_page(res, &BoardOptions::new(Paper::A4)) {
        pages.push(p);
    }
    if with_rules {
        pages.extend(handout_pages(res, &HandoutOptions { paper: Paper::A4 }));
    }
    if res.check_pages(&pages).is_err() {
        return;
    }
    let doc = jungle_print::document("fuzz", pages, res);
    svg_parses(&doc);
}

/// A sheet of puzzles of every difficulty under the resources' ruleset: made
/// within the search's budget, and either refused with a reason or pages
/// that hold something (never an empty document), whose SVG parses.
pub fn puzzles(res: &Resources) {
    use jungle_print::compose::products::puzzles::{puzzle_pages, PuzzleOptions};
    use jungle_print::play::puzzles::Difficulty;
    for difficulty in Difficulty::ALL {
        let opts = PuzzleOptions {
            paper: Paper::A4,
            count: 4,
            difficulty,
            seed: 1,
        };
        match puzzle_pages(res, &opts) {
            Err(e) => assert!(!e.to_string().is_empty()),
            Ok(pages) => {
                assert!(!pages.is_empty(), "an empty puzzle sheet");
                let doc = jungle_print::document("fuzz", pages, res);
                svg_parses(&doc);
            }
        }
    }
}

/// The rules poster and the set's contact sheet at a low resolution: either
/// refused or drawn, within the PNG renderer's budget of work.
pub fn poster_and_preview(res: &Resources) {
    use jungle_print::compose::products::poster::{poster_page, PosterOptions};
    use jungle_print::render::png;
    let Ok(page) = poster_page(res, &PosterOptions { paper: Paper::A4 }) else {
        return;
    };
    let doc = jungle_print::document("fuzz", vec![page], res);
    let work = png::total_work(&doc, 30.0);
    assert!(work >= png::total_pixels(&doc, 30.0));
    if work <= jungle_print::limits::MAX_PNG_RUN_WORK {
        png::render(&doc, 0, &png::PngOptions { dpi: 30.0 }).expect("the poster draws");
    }
}


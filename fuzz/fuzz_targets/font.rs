//! Font files: load as a theme font would be loaded; an accepted font draws
//! text into a PDF that lopdf parses and SVG that parses.
#![no_main]

use jungle_print::scene::{pt, Color, Document, Item, Layer, Page, TextRun};
use jungle_print::text::FontBook;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    // The book holds its own copy, as a theme's font file is held.
    let mut book = FontBook::new();
    let Ok(id) = book.add("fuzz.ttf", data.to_vec(), 0) else {
        return;
    };
    if !jungle_print::resolve::font_embeds(&book, id) {
        return;
    }
    let text: String = "Aa0 鬥獸棋象鼠é"
        .chars()
        .filter(|c| book.glyph(id, *c).is_some() && book.outline_readable(id, *c))
        .collect();
    if text.trim().is_empty() {
        return;
    }
    let _ = (book.family(id), book.middle_em(id), book.width_em(id, &text));
    let mut page = Page::new(50.0, 50.0);
    page.add(
        Layer::Artwork,
        vec![Item::Text(TextRun::new(
            &book,
            id,
            text,
            5.0,
            pt(5.0, 25.0),
            0.0,
            Color::BLACK,
        ))],
    );
    let doc = Document {
        title: "fuzz".into(),
        pages: vec![page],
        fonts: std::sync::Arc::new(book),
    };
    common::svg_parses(&doc);
    common::pdf_parses(&doc);
});

//! Structural checks of the board PDF: size, fonts, text, determinism.

mod common;

use common::*;
use jungle_print::paper::Paper;
use jungle_print::render::pdf::{render, PdfOptions};

#[test]
fn extracted_text_probe() {
    let bytes = render(&board_doc("zh-Hant", Paper::A4, None), &PdfOptions::default()).unwrap();
    let t = pdf_text(&bytes);
    println!("{t}");
}

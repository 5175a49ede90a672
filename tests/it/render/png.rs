//! PNG output: the size in pixels follows the dpi, the same page gives the
//! same bytes, and the picture agrees with the SVG drawn from the same page.
//! (Agreement with poppler's rendering of the PDF: tests/clients/check.py.)

use crate::common;

use common::*;
use jungle_print::compose::board::{board_page, BoardOptions};
use jungle_print::paper::Paper;
use jungle_print::render::png::{pixel_size, render, PngOptions};

/// Width, height and the RGBA pixels of a PNG made by our renderer.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let p = tiny_skia::Pixmap::decode_png(bytes).expect("a PNG we can read back");
    (p.width(), p.height(), p.data().to_vec())
}

#[test]
fn size_in_pixels_follows_the_dpi_and_the_bleed() {
    let res = resources("en");
    for (dpi, bleed, w, h) in [
        (150.0, 0.0, 1240, 1754),
        (72.0, 0.0, 595, 842),
        (300.0, 3.0, 2551, 3579),
    ] {
        let page = board_page(
            &res,
            &BoardOptions {
                bleed,
                ..BoardOptions::new(Paper::A4)
            },
        )
        .unwrap();
        let doc = jungle_print::document("b", vec![page], &res);
        assert_eq!(pixel_size(&doc, 0, dpi), (w, h));
        let (pw, ph, _) = decode(&render(&doc, 0, &PngOptions { dpi }).unwrap());
        assert_eq!((pw, ph), (w, h), "{dpi} dpi, {bleed} mm bleed");
    }
}

#[test]
fn the_same_page_gives_the_same_bytes() {
    let doc = board_doc("zh-Hant", Paper::A4, None);
    let a = render(&doc, 0, &PngOptions { dpi: 60.0 }).unwrap();
    let b = render(&doc, 0, &PngOptions { dpi: 60.0 }).unwrap();
    assert_eq!(a, b);
}

#[test]
fn the_board_is_drawn_where_the_layout_puts_it() {
    // A4 at 254 dpi is 10 px/mm; the 27 mm board squares start 10.5 mm in.
    let doc = board_doc("en", Paper::A4, None);
    let (w, _, px) = decode(&render(&doc, 0, &PngOptions { dpi: 254.0 }).unwrap());
    let at = |x: u32, y: u32| {
        let i = ((y * w + x) * 4) as usize;
        (px[i], px[i + 1], px[i + 2])
    };
    // Outside the board: white paper. Inside the first land square: the land colour.
    assert_eq!(at(50, 1500), (255, 255, 255));
    let land = res_land();
    let inside = at(105 + 135, 267 + 135 + 27 * 10 * 3);
    assert!(
        (inside.0 as i32 - land.0 as i32).abs() < 8 && (inside.1 as i32 - land.1 as i32).abs() < 8,
        "{inside:?} vs land {land:?}"
    );
    // The board's left border is dark, at 10.5 mm = 105 px.
    let border = at(105, 1500);
    assert!(border.0 < 120, "{border:?}");
}

fn res_land() -> (u8, u8, u8) {
    resources("en").theme.board.land.0.to_rgb()
}

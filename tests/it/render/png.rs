//! PNG output: the size in pixels follows the dpi, the same page gives the
//! same bytes, and the picture agrees with the SVG drawn from the same page.
//! (Agreement with poppler's rendering of the PDF: tests/clients/check.py.)

use crate::common;

use common::*;
use jungle_print::compose::products::board::{board_page, BoardSheet};
use jungle_print::layout::paper::Paper;
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
            &BoardSheet {
                bleed,
                ..BoardSheet::new(Paper::A4)
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

/// The chunks of a PNG file before its pixel data: (type, data).
fn chunks_before_pixels(png: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    let mut out = Vec::new();
    let mut i = 8;
    while i + 8 <= png.len() {
        let len = u32::from_be_bytes(png[i..i + 4].try_into().unwrap()) as usize;
        let kind: [u8; 4] = png[i + 4..i + 8].try_into().unwrap();
        if &kind == b"IDAT" {
            break;
        }
        let data = &png[i + 8..i + 8 + len];
        let crc = crc32fast::hash(&png[i + 4..i + 8 + len]);
        assert_eq!(png[i + 8 + len..i + 12 + len], crc.to_be_bytes(), "CRC");
        out.push((kind, data.to_vec()));
        i += 12 + len;
    }
    out
}

#[test]
fn a_page_carries_its_resolution_and_colour_space() {
    let res = resources("en");
    let page = board_page(&res, &BoardSheet::new(Paper::A4)).unwrap();
    let doc = jungle_print::document("b", vec![page], &res);
    for (dpi, per_metre) in [(300.0, 11_811u32), (150.0, 5_906), (72.0, 2_835)] {
        let png = render(&doc, 0, &PngOptions { dpi }).unwrap();
        let chunks = chunks_before_pixels(&png);
        let names: Vec<&[u8]> = chunks.iter().map(|(k, _)| &k[..]).collect();
        assert_eq!(names, [&b"IHDR"[..], b"sRGB", b"pHYs"], "{dpi} dpi");
        assert_eq!(chunks[1].1, [0], "perceptual intent");
        let phys = &chunks[2].1;
        let x = u32::from_be_bytes(phys[0..4].try_into().unwrap());
        let y = u32::from_be_bytes(phys[4..8].try_into().unwrap());
        assert_eq!((x, y, phys[8]), (per_metre, per_metre, 1), "{dpi} dpi");
        // Printed at that resolution, the page is A4 again.
        let (w, _, _) = decode(&png);
        let mm = f64::from(w) / f64::from(x) * 1000.0;
        assert!((mm - 210.0).abs() < 0.2, "{dpi} dpi: {mm} mm");
    }
}

//! The whole set: a cover page that lists the real pages, tiling, duplex parity.

mod common;

use common::*;
use jungle_print::compose::counters::Sides;
use jungle_print::compose::set::{page_words, set_pages, SetOptions};
use jungle_print::layout::Flip;
use jungle_print::paper::Paper;
use jungle_print::render::pdf::{render, PdfOptions};

#[test]
fn the_cover_lists_the_pages_the_set_really_has() {
    for lang in LANGS {
        let res = resources(lang);
        for (square, sides) in [
            (None, Sides::Fold),
            (Some(40.0), Sides::Duplex(Flip::LongEdge)),
            (None, Sides::Duplex(Flip::ShortEdge)),
        ] {
            let opts = SetOptions {
                square,
                sides,
                ..SetOptions::new(Paper::A4)
            };
            let (pages, parts) = set_pages(&res, &opts).unwrap();
            let boxed = parts.boxnet.expect("a box by default");
            assert_eq!(
                boxed.0,
                parts.rules.1 + 1,
                "{lang}: the box follows the rules"
            );
            assert_eq!(boxed.1, pages.len(), "{lang}: the box ends the set");
            assert_eq!(parts.board.0, 2, "the board follows the cover");
            assert_eq!(parts.tiled, square.is_some());
            if let Sides::Duplex(_) = sides {
                assert_eq!(parts.counters.0 % 2, 1, "counter fronts on odd pages");
                assert_eq!((parts.counters.1 - parts.counters.0 + 1) % 2, 0);
            }
            // The cover's own words name those pages.
            let cover = jungle_print::document("c", vec![pages[0].clone()], &res);
            let text = pdf_text(&render(&cover, &PdfOptions::default()).unwrap());
            let flat: String = text.split_whitespace().collect();
            let w = &res.lang.cover;
            for r in [parts.counters, parts.rules, boxed] {
                let want: String = page_words(&res, r).split_whitespace().collect();
                assert!(
                    flat.contains(&want),
                    "{lang}: {want} not on the cover: {text}"
                );
            }
            // One numbered thumbnail per other page.
            for n in 2..=pages.len() {
                let label: String = w
                    .page_label
                    .replace("{n}", &n.to_string())
                    .split_whitespace()
                    .collect();
                assert!(flat.contains(&label), "{lang}: no thumbnail label {label}");
            }
            assert!(!text.contains('{'), "{lang}: placeholder left: {text}");
        }
    }
}

#[test]
fn without_a_cover_the_board_comes_first() {
    let res = resources("en");
    let with = set_pages(&res, &SetOptions::new(Paper::A4)).unwrap().0;
    let (pages, parts) = set_pages(
        &res,
        &SetOptions {
            cover: false,
            ..SetOptions::new(Paper::A4)
        },
    )
    .unwrap();
    assert_eq!(parts.board, (1, 1));
    let (no_box, parts_nb) = set_pages(
        &res,
        &SetOptions {
            boxed: false,
            ..SetOptions::new(Paper::A4)
        },
    )
    .unwrap();
    assert_eq!(parts_nb.boxnet, None);
    assert_eq!(no_box.len() + 3, with.len(), "tray, lid and steps left out");
    assert_eq!(with.len(), pages.len() + 1);
    assert_eq!(&with[1..], &pages[..]);
}

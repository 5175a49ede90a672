//! Laser cutting: hairline cuts in pure red, scores in blue, engraving in
//! black, no text, no fills on the cut layer, the kerf measured on a counter.

mod common;

use common::*;
use jungle_print::compose::board::{board_page, BoardOptions};
use jungle_print::compose::counters::{counter_pages, CounterOptions};
use jungle_print::compose::laser::{for_laser, CUT, ENGRAVE, HAIRLINE, SCORE};
use jungle_print::paper::Paper;
use jungle_print::scene::{Item, Layer, Page, Seg};

fn walk<'a>(items: &'a [Item], out: &mut Vec<&'a Item>) {
    for i in items {
        match i {
            Item::Group(g) => walk(&g.items, out),
            Item::Clip(c) => walk(&c.items, out),
            other => out.push(other),
        }
    }
}

fn leaves(page: &Page, layer: Layer) -> Vec<&Item> {
    let mut out = Vec::new();
    walk(page.layer(layer), &mut out);
    out
}

fn laser_counters(kerf: f64) -> Page {
    let res = resources("en");
    let pages = counter_pages(
        &res,
        &CounterOptions {
            size: Some(22.0),
            kerf,
            tight: true,
            ..CounterOptions::new(Paper::parse("300x200").unwrap())
        },
    )
    .unwrap();
    assert_eq!(
        pages.len(),
        1,
        "16 counters fit a 300 × 200 mm sheet packed tight"
    );
    for_laser(&res, &pages[0])
}

#[test]
fn only_the_laser_colours_and_no_text_or_cut_fills() {
    let res = resources("zh-Hant");
    let board = for_laser(
        &res,
        &board_page(&res, &BoardOptions::new(Paper::A4)).unwrap(),
    );
    for page in [laser_counters(0.2), board] {
        assert!(
            page.layer(Layer::Guides).is_empty() && page.layer(Layer::Marks).is_empty(),
            "no guides or marks for a cutter"
        );
        for item in leaves(&page, Layer::Cut) {
            let Item::Path(p) = item else {
                panic!("only paths on the cut layer")
            };
            assert!(p.fill.is_none(), "a fill on the cut layer");
            let s = p.stroke.as_ref().unwrap();
            assert_eq!((s.color, s.width), (CUT, HAIRLINE));
        }
        for item in leaves(&page, Layer::Fold) {
            let Item::Path(p) = item else {
                panic!("only paths on the score layer")
            };
            assert!(p.fill.is_none());
            assert_eq!(p.stroke.as_ref().unwrap().color, SCORE);
        }
        for item in leaves(&page, Layer::Artwork) {
            let Item::Path(p) = item else {
                panic!("text must be outlines: {item:?}")
            };
            assert!(p.fill.is_none_or(|c| c == ENGRAVE));
            assert!(p.stroke.as_ref().is_none_or(|s| s.color == ENGRAVE));
        }
    }
}

#[test]
fn the_kerf_moves_the_cut_out_by_half_its_width() {
    let width = |page: &Page| {
        let Item::Path(p) = leaves(page, Layer::Cut)[0] else {
            unreachable!()
        };
        let xs: Vec<f64> = p
            .segs
            .iter()
            .flat_map(|s| match *s {
                Seg::Move(a) | Seg::Line(a) => vec![a.x],
                Seg::Cubic(a, b, c) => vec![a.x, b.x, c.x],
                Seg::Close => vec![],
            })
            .collect();
        xs.iter().cloned().fold(f64::MIN, f64::max) - xs.iter().cloned().fold(f64::MAX, f64::min)
    };
    assert!((width(&laser_counters(0.0)) - 22.0).abs() < 1e-9);
    // 22 mm counter, 0.2 mm kerf: the beam's centre runs on a 22.2 mm circle.
    assert!((width(&laser_counters(0.2)) - 22.2).abs() < 1e-9);
}

#[test]
fn the_engraving_keeps_the_labels() {
    let res = resources("en");
    let page = laser_counters(0.1);
    let engraved = leaves(&page, Layer::Artwork).len();
    // 16 faces, each with a rank, a character and a name as outlines, and marks.
    assert!(engraved >= 16 * 3, "{engraved} engraved items");
    let svg = jungle_print::render::svg::render(
        &jungle_print::document("l", vec![page], &res),
        0,
        &jungle_print::render::svg::SvgOptions { live_text: true },
    );
    assert!(
        !svg.contains("<text"),
        "even live text becomes outlines for a laser"
    );
}

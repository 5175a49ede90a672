//! Laser cutting: hairline cuts in pure red, scores in blue, engraving in
//! black, no text, no fills on the cut layer, the kerf measured on a counter.

use crate::common;

use common::*;
use jungle_print::compose::passes::laser::{for_laser, CUT, ENGRAVE, HAIRLINE, SCORE};
use jungle_print::compose::products::board::{board_page, BoardSheet};
use jungle_print::compose::products::counters::{counter_pages, CounterOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::layout::paper::Paper;
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
    let sheet = Sheet {
        kerf,
        laser: true,
        ..Sheet::new(Paper::parse("300x200").unwrap())
    };
    let pages = counter_pages(
        &res,
        &sheet,
        &CounterOptions {
            size: Some(22.0),
            ..CounterOptions::default()
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
        &board_page(&res, &BoardSheet::new(Paper::A4)).unwrap(),
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
            assert!(p.fill.as_ref().is_none_or(|c| *c == ENGRAVE.into()));
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

/// `--shared-cuts`: square counters edge to edge, one cut line between two
/// neighbours in the middle of the kerf, so each piece is still 22 mm.
#[test]
fn shared_cuts_cut_each_edge_once_at_the_size() {
    use jungle_print::compose::products::counters::Shape;
    let res = resources("en");
    let sheet = Sheet {
        kerf: 0.2,
        laser: true,
        ..Sheet::new(Paper::parse("300x200").unwrap())
    };
    let opts = |shared| CounterOptions {
        size: Some(22.0),
        shape: Shape::Square,
        shared_cuts: shared,
        ..CounterOptions::default()
    };
    let lines = |shared| -> Vec<(f64, f64, f64, f64)> {
        let page = for_laser(
            &res,
            &counter_pages(&res, &sheet, &opts(shared)).unwrap()[0],
        );
        let mut out = Vec::new();
        for item in leaves(&page, Layer::Cut) {
            let Item::Path(p) = item else { panic!() };
            assert_eq!(p.stroke.as_ref().unwrap().color, CUT);
            let (mut from, mut start) = (None, None);
            for s in &p.segs {
                match *s {
                    Seg::Move(a) => (from, start) = (Some(a), Some(a)),
                    Seg::Line(b) => {
                        let a = from.unwrap();
                        out.push((a.x, a.y, b.x, b.y));
                        from = Some(b);
                    }
                    Seg::Close => {
                        let (a, b) = (from.unwrap(), start.unwrap());
                        out.push((a.x, a.y, b.x, b.y));
                        from = start;
                    }
                    Seg::Cubic(..) => panic!("square counters have straight cuts"),
                }
            }
        }
        out
    };
    let shared = lines(true);
    let length = |ls: &[(f64, f64, f64, f64)]| -> f64 {
        ls.iter()
            .map(|(x0, y0, x1, y1)| ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt())
            .sum()
    };
    // Vertical lines, left to right: one pitch (22 mm + the kerf) apart, and
    // never two on one place.
    let mut xs: Vec<f64> = shared.iter().filter(|l| l.0 == l.2).map(|l| l.0).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    let steps: Vec<f64> = xs.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(!steps.is_empty());
    for s in &steps {
        assert!((s - 22.2).abs() < 1e-9, "pitch {s}");
        // The piece between two cuts, each 0.2 mm wide: 22.2 − 0.1 − 0.1 = 22 mm.
        assert!((s - 0.2 - 22.0).abs() < 1e-9);
    }
    let separate = lines(false);
    assert!(
        length(&shared) < 0.8 * length(&separate),
        "shared cuts ({:.0} mm) are much shorter than 16 separate squares ({:.0} mm)",
        length(&shared),
        length(&separate)
    );
    // No unit edge is cut twice: the lines on one row or column never overlap.
    for (i, a) in shared.iter().enumerate() {
        for b in &shared[i + 1..] {
            let same_line = (a.0 == a.2 && b.0 == b.2 && a.0 == b.0)
                || (a.1 == a.3 && b.1 == b.3 && a.1 == b.1);
            if same_line {
                let (a0, a1, b0, b1) = if a.0 == a.2 {
                    (a.1.min(a.3), a.1.max(a.3), b.1.min(b.3), b.1.max(b.3))
                } else {
                    (a.0.min(a.2), a.0.max(a.2), b.0.min(b.2), b.0.max(b.2))
                };
                assert!(a1 <= b0 + 1e-9 || b1 <= a0 + 1e-9, "{a:?} overlaps {b:?}");
            }
        }
    }
}

/// Round counters cannot share a straight cut: refused, nothing written.
#[test]
fn shared_cuts_need_square_laser_counters() {
    for args in [
        &[
            "counters",
            "--for",
            "laser",
            "--shared-cuts",
            "-o",
            "out.pdf",
        ][..],
        &[
            "counters",
            "--shape",
            "square",
            "--shared-cuts",
            "-o",
            "out.pdf",
        ],
    ] {
        let (code, _, err, wrote) = run_cli(args);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("--shared-cuts") && err.contains("--shape square"),
            "{err}"
        );
        assert!(!wrote);
    }
    let (code, _, err, wrote) = run_cli(&[
        "counters",
        "--for",
        "laser",
        "--shape",
        "square",
        "--shared-cuts",
        "-o",
        "out.pdf",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(wrote);
}

//! Counter sheets: page counts, text, duplex mirroring, fold alignment, snapshots.

mod common;

use common::*;
use jungle_print::compose::counters::{
    counter_pages, counter_preview, CounterOptions, Shape, Sides,
};
use jungle_print::layout::{Animal, Flip, Piece, Side};
use jungle_print::paper::Paper;
use jungle_print::render::{pdf, svg};
use jungle_print::resolve::Resources;
use jungle_print::rules::Ruleset;
use jungle_print::scene::{Item, Layer, Page, Seg};

fn opts(sides: Sides) -> CounterOptions {
    CounterOptions {
        sides,
        ..CounterOptions::new(Paper::A4)
    }
}

/// Bounding box (x0, y0, x1, y1) of a path's points, after the group transform.
fn bbox(item: &Item) -> (f64, f64, f64, f64) {
    let (segs, t) = match item {
        Item::Path(p) => (&p.segs, jungle_print::scene::Transform::IDENTITY),
        Item::Group(g) => match &g.items[0] {
            Item::Path(p) => (&p.segs, g.transform),
            _ => panic!("a group should start with the background"),
        },
        Item::Text(_) => panic!("text has no outline"),
    };
    let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for s in segs {
        let pts = match *s {
            Seg::Move(a) | Seg::Line(a) => vec![a],
            Seg::Cubic(a, c, d) => vec![a, c, d],
            Seg::Close => vec![],
        };
        for p in pts {
            let p = t.apply(p);
            b = (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
        }
    }
    b
}

fn centre(item: &Item) -> (f64, f64) {
    let b = bbox(item);
    ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0)
}

fn cut_centres(page: &Page) -> Vec<(f64, f64)> {
    page.layer(Layer::Cut).iter().map(centre).collect()
}

#[test]
fn page_counts_per_mode() {
    let res = resources("en");
    assert_eq!(counter_pages(&res, &opts(Sides::Single)).unwrap().len(), 1);
    assert_eq!(counter_pages(&res, &opts(Sides::Fold)).unwrap().len(), 1);
    assert_eq!(
        counter_pages(&res, &opts(Sides::Duplex(Flip::LongEdge)))
            .unwrap()
            .len(),
        2
    );
    let big = CounterOptions {
        size: Some(40.0),
        copies: 2,
        ..opts(Sides::Duplex(Flip::ShortEdge))
    };
    let pages = counter_pages(&res, &big).unwrap();
    assert_eq!(pages.len() % 2, 0, "fronts and backs alternate");
    let fronts: usize = pages.iter().step_by(2).map(|p| cut_centres(p).len()).sum();
    assert_eq!(fronts, 32);
}

#[test]
fn default_counter_fits_the_board_square() {
    let res = resources("en");
    let size = jungle_print::compose::counters::default_size(&res, Paper::A4).unwrap();
    assert_eq!(size, 22.0, "85 % of the 27 mm A4 square");
    let page = &counter_pages(&res, &opts(Sides::Single)).unwrap()[0];
    for item in page.layer(Layer::Cut) {
        let b = bbox(item);
        assert!(
            (b.2 - b.0 - 22.0).abs() < 0.01 && (b.3 - b.1 - 22.0).abs() < 0.01,
            "{b:?}"
        );
    }
}

#[test]
fn pdf_has_sixteen_names_and_ranks() {
    for (lang, ruleset) in [
        ("en", "standard"),
        ("fr", "bell"),
        ("zh-Hant", "standard"),
        ("zh-Hans", "bell"),
    ] {
        let res = Resources::new(
            Default::default(),
            jungle_print::lang::Lang::builtin(lang).unwrap(),
            Ruleset::builtin(ruleset).unwrap(),
        )
        .unwrap();
        let pages = counter_pages(&res, &opts(Sides::Single)).unwrap();
        let doc = jungle_print::document("counters", pages, &res);
        let text = pdf_text(&pdf::render(&doc, &Default::default()).unwrap());
        let words: Vec<&str> = text.split_whitespace().collect();
        for a in Animal::ALL {
            let names = res.lang.animal(a, false);
            let rank = res.rules.rank(a).to_string();
            assert_eq!(
                words.iter().filter(|w| **w == names.han).count(),
                2,
                "{lang}: {} twice",
                names.han
            );
            if !names.label().is_empty() {
                assert!(words.contains(&names.label()), "{lang}: {}", names.label());
            }
            assert_eq!(
                words.iter().filter(|w| **w == rank).count(),
                2,
                "{lang}: rank {rank} twice\n{text}"
            );
        }
    }
}

#[test]
fn ranks_follow_the_ruleset() {
    let bell = Resources::new(
        Default::default(),
        jungle_print::lang::Lang::builtin("en").unwrap(),
        Ruleset::builtin("bell").unwrap(),
    )
    .unwrap();
    let std = resources("en");
    let text_of = |res: &Resources, a: Animal| {
        let page = counter_preview(
            res,
            Piece {
                side: Side::South,
                animal: a,
            },
            22.0,
            Shape::Circle,
            false,
        );
        let doc = jungle_print::document("c", vec![page], res);
        pdf_text(&pdf::render(&doc, &Default::default()).unwrap())
    };
    assert!(text_of(&std, Animal::Dog).contains('3') && text_of(&std, Animal::Wolf).contains('4'));
    assert!(
        text_of(&bell, Animal::Dog).contains('4') && text_of(&bell, Animal::Wolf).contains('3')
    );
}

#[test]
fn duplex_backs_land_behind_their_fronts() {
    let res = resources("en");
    for (flip, offset) in [
        (Flip::LongEdge, (0.0, 0.0)),
        (Flip::ShortEdge, (0.0, 0.0)),
        (Flip::LongEdge, (0.7, -1.2)),
    ] {
        let o = CounterOptions {
            back_offset: offset,
            ..opts(Sides::Duplex(flip))
        };
        let pages = counter_pages(&res, &o).unwrap();
        let fronts = cut_centres(&pages[0]);
        let backs: Vec<(f64, f64)> = pages[1].layer(Layer::Artwork).iter().map(centre).collect();
        assert_eq!(fronts.len(), 16);
        assert_eq!(backs.len(), 16);
        assert!(
            pages[1].layer(Layer::Cut).is_empty(),
            "no cut lines on backs"
        );
        for (i, (f, b)) in fronts.iter().zip(&backs).enumerate() {
            let landed = match flip {
                Flip::LongEdge => (210.0 - f.0, f.1),
                Flip::ShortEdge => (f.0, 297.0 - f.1),
            };
            let want = (landed.0 + offset.0, landed.1 + offset.1);
            assert!(
                (b.0 - want.0).abs() < 0.1 && (b.1 - want.1).abs() < 0.1,
                "{flip:?} counter {i}: back at {b:?}, front lands at {want:?}"
            );
        }
    }
}

#[test]
fn registration_marks_only_on_fronts() {
    let res = resources("en");
    let pages = counter_pages(&res, &opts(Sides::Duplex(Flip::LongEdge))).unwrap();
    let marks = |p: &Page| {
        p.layer(Layer::Guides)
            .iter()
            .filter(|i| matches!(i, Item::Path(_)))
            .count()
    };
    assert!(
        marks(&pages[0]) >= 4,
        "fronts page carries registration marks"
    );
    assert_eq!(marks(&pages[1]), 0, "backs page carries none");
}

#[test]
fn fold_backs_mirror_their_fronts_across_the_fold() {
    let res = resources("zh-Hans");
    for shape in [Shape::Circle, Shape::Octagon] {
        let o = CounterOptions {
            shape,
            bleed: 1.5,
            ..opts(Sides::Fold)
        };
        let page = &counter_pages(&res, &o).unwrap()[0];
        let cuts = cut_centres(page);
        let folds: Vec<f64> = page.layer(Layer::Fold).iter().map(|i| bbox(i).0).collect();
        assert_eq!(cuts.len(), 32);
        assert_eq!(folds.len(), 16);
        for (pair, x) in cuts.chunks(2).zip(&folds) {
            let (front, back) = (pair[0], pair[1]);
            assert!(
                (2.0 * x - front.0 - back.0).abs() < 0.1,
                "front {front:?} back {back:?} fold {x}"
            );
            assert!((front.1 - back.1).abs() < 0.1);
        }
    }
}

#[test]
fn one_counter_svg_snapshot() {
    let res = resources("en");
    let page = counter_preview(
        &res,
        Piece {
            side: Side::North,
            animal: Animal::Elephant,
        },
        22.0,
        Shape::Circle,
        false,
    );
    let doc = jungle_print::document("counter", vec![page], &res);
    insta::assert_snapshot!(
        "counter_north_elephant_live",
        svg::render(&doc, 0, &svg::SvgOptions { live_text: true })
    );
    insta::assert_snapshot!(
        "counter_north_elephant_outlines",
        svg::render(&doc, 0, &svg::SvgOptions::default())
    );
}

#[test]
fn bleed_extends_the_face_past_the_cut_line() {
    let res = resources("en");
    let page = &counter_pages(
        &res,
        &CounterOptions {
            bleed: 2.0,
            ..opts(Sides::Single)
        },
    )
    .unwrap()[0];
    let art = page.layer(Layer::Artwork);
    let background = art
        .iter()
        .find(|i| matches!(i, Item::Path(p) if p.fill.is_some()))
        .unwrap();
    let b = bbox(background);
    assert!(
        (b.2 - b.0 - 26.0).abs() < 0.01,
        "22 mm counter + 2 × 2 mm bleed, got {b:?}"
    );
}

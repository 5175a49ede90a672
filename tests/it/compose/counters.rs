//! Counter sheets: page counts, text, duplex mirroring, fold alignment, snapshots.

use crate::common;

use common::*;
use jungle_print::compose::products::counters::{
    counter_pages, counter_preview, CounterOptions, Shape, Sides,
};
use jungle_print::compose::products::Sheet;
use jungle_print::game::{Animal, Piece, Side};
use jungle_print::layout::paper::Paper;
use jungle_print::layout::Flip;
use jungle_print::play::rules::Ruleset;
use jungle_print::render::{pdf, svg};
use jungle_print::resolve::Resources;
use jungle_print::scene::{Item, Layer, Page, Seg};

/// A4, no bleed, for a home printer.
const A4: Sheet = Sheet::new(Paper::A4);

fn opts(sides: Sides) -> CounterOptions {
    CounterOptions {
        sides,
        ..CounterOptions::default()
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
        Item::Text(_) | Item::Clip(_) | Item::Page(_) | Item::Picture(_) => {
            panic!("no outline of its own")
        }
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
    assert_eq!(
        counter_pages(&res, &A4, &opts(Sides::Single))
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        counter_pages(&res, &A4, &opts(Sides::Fold)).unwrap().len(),
        1
    );
    assert_eq!(
        counter_pages(&res, &A4, &opts(Sides::Duplex(Flip::LongEdge)))
            .unwrap()
            .len(),
        2
    );
    let big = CounterOptions {
        size: Some(40.0),
        copies: 2,
        ..opts(Sides::Duplex(Flip::ShortEdge))
    };
    let pages = counter_pages(&res, &A4, &big).unwrap();
    assert_eq!(pages.len() % 2, 0, "fronts and backs alternate");
    let fronts: usize = pages.iter().step_by(2).map(|p| cut_centres(p).len()).sum();
    assert_eq!(fronts, 32);
}

#[test]
fn default_counter_fits_the_board_square() {
    let res = resources("en");
    let size = jungle_print::compose::products::counters::default_size(&res, Paper::A4).unwrap();
    assert_eq!(size, 22.0, "85 % of the 27 mm A4 square");
    let page = &counter_pages(&res, &A4, &opts(Sides::Single)).unwrap()[0];
    for item in page.layer(Layer::Cut) {
        let b = bbox(item);
        assert!(
            (b.2 - b.0 - 22.0).abs() < 0.01 && (b.3 - b.1 - 22.0).abs() < 0.01,
            "{b:?}"
        );
    }
}

/// Fold-over counters, as the default set prints them: every rank twice on
/// its face (once turned for the opponent), every name on its back.
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
        let pages = counter_pages(&res, &A4, &opts(Sides::Fold)).unwrap();
        let doc = jungle_print::document("counters", pages, &res);
        let text = pdf_text(&pdf::render(&doc, &Default::default()).unwrap());
        let words: Vec<&str> = text.split_whitespace().collect();
        for a in Animal::ALL {
            let names = res.lang.animal(a, false);
            let rank = res.rules.rank(a).to_string();
            // A name that is the character itself is on the back too.
            let on_back = names.label().is_empty() && names.name == names.han;
            assert_eq!(
                words.iter().filter(|w| **w == names.han).count(),
                if on_back { 4 } else { 2 },
                "{lang}: {} on both sides' faces",
                names.han
            );
            if !names.label().is_empty() {
                assert!(words.contains(&names.label()), "{lang}: {}", names.label());
            }
            assert_eq!(
                words.iter().filter(|w| **w == rank).count(),
                4,
                "{lang}: rank {rank} twice on each side's face\n{text}"
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

/// Where a point of the back page shows through to the front of a `w × h` sheet
/// turned over its `flip` edge: long edges are the vertical ones on portrait
/// paper, the horizontal ones on landscape paper.
fn seen_from_front(p: (f64, f64), w: f64, h: f64, flip: Flip) -> (f64, f64) {
    let left_right = (flip == Flip::LongEdge) == (h >= w);
    if left_right {
        (w - p.0, p.1)
    } else {
        (p.0, h - p.1)
    }
}

#[test]
fn duplex_backs_land_behind_their_fronts_on_any_paper() {
    let res = resources("en");
    for paper in ["a4", "297x210", "250x180", "200x260"] {
        let paper = Paper::parse(paper).unwrap();
        for flip in [Flip::LongEdge, Flip::ShortEdge] {
            for offset in [(0.0, 0.0), (0.7, -1.2)] {
                let o = CounterOptions {
                    back_offset: offset,
                    ..opts(Sides::Duplex(flip))
                };
                let pages = counter_pages(&res, &Sheet::new(paper), &o).unwrap();
                let fronts = cut_centres(&pages[0]);
                let backs: Vec<(f64, f64)> =
                    pages[1].layer(Layer::Artwork).iter().map(centre).collect();
                assert!(!fronts.is_empty());
                assert_eq!(fronts.len(), backs.len());
                assert!(
                    pages[1].layer(Layer::Cut).is_empty(),
                    "no cut lines on backs"
                );
                for (i, (f, b)) in fronts.iter().zip(&backs).enumerate() {
                    let seen = seen_from_front(*b, paper.width, paper.height, flip);
                    // The offset moves the backs as seen from the front.
                    let want = (f.0 + offset.0, f.1 + offset.1);
                    assert!(
                        (seen.0 - want.0).abs() < 0.01 && (seen.1 - want.1).abs() < 0.01,
                        "{paper:?} {flip:?} {offset:?} counter {i}: back shows at {seen:?}, front at {f:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn registration_marks_on_both_sides_meet_through_the_sheet() {
    let res = resources("en");
    for (paper, flip) in [
        ("a4", Flip::LongEdge),
        ("297x210", Flip::LongEdge),
        ("297x210", Flip::ShortEdge),
    ] {
        let paper = Paper::parse(paper).unwrap();
        let o = CounterOptions {
            back_offset: (0.5, 0.25),
            ..opts(Sides::Duplex(flip))
        };
        let pages = counter_pages(&res, &Sheet::new(paper), &o).unwrap();
        let marks = |p: &Page| -> Vec<(f64, f64)> {
            p.layer(Layer::Marks)
                .iter()
                .filter(|i| matches!(i, Item::Path(p) if p.segs.len() > 8))
                .map(centre)
                .collect()
        };
        let (front, back) = (marks(&pages[0]), marks(&pages[1]));
        assert_eq!(front.len(), 4, "four marks on the fronts");
        assert_eq!(back.len(), 4, "four marks on the backs");
        for b in back {
            let seen = seen_from_front(b, paper.width, paper.height, flip);
            assert!(
                front.iter().any(
                    |f| (f.0 + 0.5 - seen.0).abs() < 0.01 && (f.1 + 0.25 - seen.1).abs() < 0.01
                ),
                "{flip:?}: back mark shows at {seen:?}, fronts {front:?}"
            );
        }
    }
}

#[test]
fn fold_backs_mirror_their_fronts_across_the_fold() {
    let res = resources("zh-Hans");
    for shape in [Shape::Circle, Shape::Octagon] {
        let o = CounterOptions {
            shape,
            ..opts(Sides::Fold)
        };
        let page = &counter_pages(&res, &A4.with_bleed(1.5), &o).unwrap()[0];
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
    let _snapshots = common::snapshots().bind_to_scope();
    insta::assert_snapshot!(
        "counter_north_elephant_live",
        without_base64(&svg::render(&doc, 0, &svg::SvgOptions { live_text: true }))
    );
    insta::assert_snapshot!(
        "counter_north_elephant_outlines",
        svg::render(&doc, 0, &svg::SvgOptions::default())
    );
}

#[test]
fn bleed_extends_the_face_past_the_cut_line() {
    let res = resources("en");
    let page = &counter_pages(&res, &A4.with_bleed(2.0), &opts(Sides::Single)).unwrap()[0];
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

#[test]
fn crop_marks_never_touch_a_face_or_its_bleed() {
    let res = resources("en");
    for shape in [Shape::Circle, Shape::Square, Shape::Rounded, Shape::Octagon] {
        for sides in [Sides::Single, Sides::Fold, Sides::Duplex(Flip::LongEdge)] {
            for bleed in [0.0, 2.0, 5.0] {
                let o = CounterOptions {
                    shape,
                    crop_marks: true,
                    ..opts(sides)
                };
                let pages = counter_pages(&res, &A4.with_bleed(bleed), &o).unwrap();
                let page = &pages[0];
                let faces: Vec<(f64, f64, f64, f64)> = page
                    .layer(Layer::Cut)
                    .iter()
                    .map(bbox)
                    .map(|b| (b.0 - bleed, b.1 - bleed, b.2 + bleed, b.3 + bleed))
                    .collect();
                let mut marks = 0;
                for item in page.layer(Layer::Marks) {
                    let Item::Path(p) = item else { continue };
                    let mut last = None;
                    for seg in &p.segs {
                        match *seg {
                            Seg::Move(a) => last = Some(a),
                            Seg::Line(b) => {
                                let a = last.unwrap();
                                marks += 1;
                                let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
                                let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
                                for f in &faces {
                                    let touches = x0 <= f.2 && f.0 <= x1 && y0 <= f.3 && f.1 <= y1;
                                    assert!(
                                        !touches,
                                        "{shape:?} {sides:?} bleed {bleed}: mark {a:?}–{b:?} touches face {f:?}"
                                    );
                                }
                                last = Some(b);
                            }
                            _ => last = None,
                        }
                    }
                }
                assert!(marks > 32, "{shape:?} {sides:?}: only {marks} marks");
            }
        }
    }
}

#[test]
fn duplex_backs_run_their_colour_past_the_cut() {
    use jungle_print::compose::products::counters::{default_size, BACK_OVERRUN};
    let res = resources("en");
    let size = default_size(&res, Paper::A4).unwrap();
    for flip in [Flip::LongEdge, Flip::ShortEdge] {
        let pages = counter_pages(&res, &A4, &opts(Sides::Duplex(flip))).unwrap();
        // The fronts are cut at the counter's size...
        for item in pages[0].layer(Layer::Cut) {
            let (x0, _, x1, _) = bbox(item);
            assert!((x1 - x0 - size).abs() < 0.05, "cut {} for {size}", x1 - x0);
        }
        // ...and every back's colour reaches past that cut all round.
        let backs: Vec<_> = pages[1]
            .layer(Layer::Artwork)
            .iter()
            .filter(|i| matches!(i, Item::Group(_)))
            .collect();
        assert_eq!(backs.len(), 16);
        for item in backs {
            let (x0, y0, x1, y1) = bbox(item);
            for extent in [x1 - x0, y1 - y0] {
                assert!(
                    extent >= size + 2.0 * BACK_OVERRUN - 0.05,
                    "{flip:?}: a back {extent} mm across for a {size} mm cut"
                );
            }
        }
    }
}

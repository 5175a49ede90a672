//! The box: nets on the paper, sized for the set, explained, refused when too big.

use crate::common;

use common::*;
use jungle_print::compose::boxnet::{box_pages, box_sizes, BoxOptions};
use jungle_print::compose::counters::Sides;
use jungle_print::layout::printable_area;
use jungle_print::paper::Paper;
use jungle_print::render::pdf::{render, PdfOptions};
use jungle_print::scene::{Item, Layer, Page, Seg, Transform};

fn points(items: &[Item], t: Transform, out: &mut Vec<(f64, f64)>) {
    for item in items {
        match item {
            Item::Path(p) => {
                for s in &p.segs {
                    match *s {
                        Seg::Move(a) | Seg::Line(a) => {
                            let q = t.apply(a);
                            out.push((q.x, q.y));
                        }
                        _ => {}
                    }
                }
            }
            Item::Group(g) => points(&g.items, t.then_apply(g.transform), out),
            Item::Clip(c) => points(&c.items, t, out),
            Item::Page(p) => points(&p.flattened().items, t, out),
            Item::Text(_) | Item::Picture(_) => {}
        }
    }
}

fn cut_points(page: &Page) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    points(page.layer(Layer::Cut), Transform::IDENTITY, &mut out);
    out
}

#[test]
fn the_nets_lie_inside_the_printable_area() {
    let res = resources("en");
    for paper in ["a4", "letter", "a3"] {
        let paper = Paper::parse(paper).unwrap();
        let pages = box_pages(&res, &BoxOptions::new(paper)).unwrap();
        let area = printable_area(paper, res.theme.page.margin);
        let nets: Vec<_> = pages
            .iter()
            .filter(|p| !p.layer(Layer::Cut).is_empty())
            .collect();
        assert!(!nets.is_empty());
        for page in nets {
            for (x, y) in cut_points(page) {
                assert!(
                    x >= area.x - 1e-6
                        && x <= area.right() + 1e-6
                        && y >= area.y - 1e-6
                        && y <= area.bottom() + 1e-6,
                    "{paper:?}: cut at ({x}, {y}) outside {area:?}"
                );
            }
            assert!(
                !page.layer(Layer::Fold).is_empty(),
                "folds on their own layer"
            );
        }
        // The last page explains, with no cut lines of its own.
        assert!(pages.last().unwrap().layer(Layer::Cut).is_empty());
    }
}

#[test]
fn the_box_grows_with_what_it_holds() {
    let res = resources("en");
    let (one, _, _) = box_sizes(&res, &BoxOptions::new(Paper::A4)).unwrap();
    let (many, _, stacks) = box_sizes(
        &res,
        &BoxOptions {
            copies: 16,
            card: 1.0,
            ..BoxOptions::new(Paper::A4)
        },
    )
    .unwrap();
    assert!(many.h > one.h, "{many:?} vs {one:?}");
    assert!(stacks.cols * stacks.rows * stacks.per_stack >= 256);
    let (big, _, _) = box_sizes(
        &res,
        &BoxOptions {
            counter_size: Some(60.0),
            sides: Sides::Single,
            ..BoxOptions::new(Paper::A4)
        },
    )
    .unwrap();
    assert!(big.w >= 60.0 && big.d >= 120.0);
}

#[test]
fn too_small_a_paper_is_refused_naming_it() {
    let res = resources("en");
    let e = box_pages(
        &res,
        &BoxOptions {
            counter_size: Some(150.0),
            ..BoxOptions::new(Paper::parse("a5").unwrap())
        },
    )
    .expect_err("an A5 sheet cannot hold a box for 150 mm counters");
    assert!(
        matches!(e, jungle_print::error::Error::BoxTooLarge { .. }),
        "{e}"
    );
    assert_eq!(e.opt(), Some(jungle_print::error::Opt::Paper));
}

#[test]
fn every_language_explains_the_box() {
    for lang in LANGS {
        let res = resources(lang);
        let pages = box_pages(&res, &BoxOptions::new(Paper::A4)).unwrap();
        let text = pdf_text(
            &render(
                &jungle_print::document("b", pages, &res),
                &PdfOptions::default(),
            )
            .unwrap(),
        );
        assert!(
            text.contains(&res.lang.boxnet.instructions_heading),
            "{lang}"
        );
        assert!(!text.contains('{'), "{lang}: placeholder left");
        assert_eq!(res.lang.boxnet.steps.len(), 5, "{lang}: five steps");
    }
}

//! The board for a print shop: crop marks on request, the scale bar clear of the bleed.

use crate::common;

use common::*;
use jungle_print::compose::products::board::{
    board_page_for_cutting, board_page_marked, BoardSheet,
};
use jungle_print::layout::paper::Paper;
use jungle_print::layout::BoardPlacement;
use jungle_print::scene::{Item, Layer, Page, Pt, Seg};

/// Every point of a layer's paths and text baselines (less the text's size,
/// for its top), in page mm.
fn points(items: &[Item], out: &mut Vec<Pt>) {
    for item in items {
        match item {
            Item::Path(p) => out.extend(p.segs.iter().filter_map(|s| match *s {
                Seg::Move(a) | Seg::Line(a) => Some(a),
                _ => None,
            })),
            Item::Text(t) => out.push(Pt {
                x: t.pos.x,
                y: t.pos.y - t.size,
            }),
            Item::Group(g) => {
                let mut inner = Vec::new();
                points(&g.items, &mut inner);
                out.extend(inner.into_iter().map(|p| g.transform.apply(p)));
            }
            Item::Clip(c) => points(&c.items, out),
            _ => {}
        }
    }
}

fn page(paper: Paper, bleed: f64, crop_marks: bool) -> Page {
    let res = resources("en");
    board_page_marked(
        &res,
        &BoardSheet {
            bleed,
            ..BoardSheet::new(paper)
        },
        crop_marks,
    )
    .unwrap()
}

#[test]
fn the_scale_bar_stays_out_of_the_bleed() {
    for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
        for bleed in [0.0, 3.0, 5.0] {
            for marks in [false, true] {
                let p = page(paper, bleed, marks);
                let outline = BoardPlacement::centered(paper, 27.0).outline();
                let mut pts = Vec::new();
                points(p.layer(Layer::Guides), &mut pts);
                assert!(!pts.is_empty(), "{paper:?} bleed {bleed}: a scale bar");
                for q in pts {
                    assert!(
                        q.y >= outline.bottom() + bleed + 0.5,
                        "{paper:?} bleed {bleed}: scale bar at {q:?} in the bleed below {}",
                        outline.bottom()
                    );
                    assert!(q.y <= paper.height, "on the sheet");
                    // Clear of the crop marks on the board's edge lines.
                    if marks {
                        assert!(q.x > outline.x + 1.0 && q.x < outline.right() - 1.0);
                    }
                }
            }
        }
    }
}

#[test]
fn crop_marks_on_request_outside_the_bleed() {
    for bleed in [0.0, 3.0] {
        assert!(page(Paper::A4, bleed, false).layer(Layer::Marks).is_empty());
        let p = page(Paper::A4, bleed, true);
        let outline = BoardPlacement::centered(Paper::A4, 27.0).outline();
        let mut pts = Vec::new();
        points(p.layer(Layer::Marks), &mut pts);
        // Two short lines at each corner, each on an edge's line, past the bleed.
        assert_eq!(pts.len(), 16, "{bleed}");
        for q in pts {
            let on_x = (q.x - outline.x).abs() < 1e-9 || (q.x - outline.right()).abs() < 1e-9;
            let on_y = (q.y - outline.y).abs() < 1e-9 || (q.y - outline.bottom()).abs() < 1e-9;
            assert!(on_x || on_y, "{q:?} off the board's edge lines");
            let out_x = (outline.x - q.x).max(q.x - outline.right());
            let out_y = (outline.y - q.y).max(q.y - outline.bottom());
            assert!(
                out_x.max(out_y) >= bleed + 1.0 - 1e-9,
                "{bleed}: mark point {q:?} inside the bleed"
            );
        }
    }
}

#[test]
fn crop_marks_are_refused_for_a_tiled_board() {
    let (code, _, err, _) = run_cli(&["board", "--square", "40", "--crop-marks", "-o", "-"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--square") && err.contains("--crop-marks"),
        "{err}"
    );
}

/// For a print shop the board is cut like every other piece: the page with
/// crop marks gains a die line on the cut layer, exactly the board's outline;
/// the rest of the page is the marked board's.
#[test]
fn the_board_to_cut_has_its_outline_as_die_line() {
    let res = resources("en");
    for bleed in [0.0, 3.0] {
        let opts = BoardSheet {
            bleed,
            ..BoardSheet::new(Paper::A4)
        };
        let cut = board_page_for_cutting(&res, &opts).unwrap();
        let marked = page(Paper::A4, bleed, true);
        for layer in [Layer::Artwork, Layer::Marks, Layer::Guides] {
            assert_eq!(cut.layer(layer), marked.layer(layer), "{layer:?}");
        }
        let outline = BoardPlacement::centered(Paper::A4, 27.0).outline();
        let mut pts = Vec::new();
        points(cut.layer(Layer::Cut), &mut pts);
        assert!(!pts.is_empty());
        for q in pts {
            let on_x = (q.x - outline.x).abs() < 1e-9 || (q.x - outline.right()).abs() < 1e-9;
            let on_y = (q.y - outline.y).abs() < 1e-9 || (q.y - outline.bottom()).abs() < 1e-9;
            assert!(on_x && on_y, "{q:?}: a corner of the board");
        }
        assert!(marked.layer(Layer::Cut).is_empty());
    }
}

/// The board a set folds into its box is marked outside the grid where it
/// folds, on square edges: in line with the upright fold above and below the
/// board, and with the crosswise fold beside it where the margin leaves
/// room; the marks stay outside the bleed and inside the margin, and the
/// title and the scale bar keep their places beside them.
#[test]
fn a_folded_boards_marks_lie_in_line_with_its_folds_outside_the_grid() {
    let res = resources("en");
    let margin = res.theme.page.margin;
    for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
        for bleed in [0.0, 3.0] {
            let sheet = BoardSheet {
                bleed,
                fold_marks: true,
                ..BoardSheet::new(paper)
            };
            let p = board_page_marked(&res, &sheet, false).unwrap();
            let place = BoardPlacement::centered(paper, 27.0);
            let (o, (fx, fy)) = (place.outline(), place.folds());
            let mut marks = 0;
            for item in p.layer(Layer::Guides) {
                let Item::Path(path) = item else { continue };
                // Each stroke of the path on its own, as its points.
                let mut strokes: Vec<Vec<Pt>> = Vec::new();
                for s in &path.segs {
                    match *s {
                        Seg::Move(a) => strokes.push(vec![a]),
                        Seg::Line(a) => strokes.last_mut().unwrap().push(a),
                        _ => strokes.push(Vec::new()),
                    }
                }
                for pts in strokes {
                    let upright = pts.iter().all(|q| (q.x - fx).abs() < 1e-9);
                    let across = pts.iter().all(|q| (q.y - fy).abs() < 1e-9);
                    if pts.len() != 2 || !(upright || across) {
                        continue;
                    }
                    marks += 1;
                    for q in pts {
                        let outside = q.y <= o.y - bleed - 0.9
                            || q.y >= o.bottom() + bleed + 0.9
                            || q.x <= o.x - bleed - 0.9
                            || q.x >= o.right() + bleed + 0.9;
                        assert!(
                            outside,
                            "{paper:?} bleed {bleed}: a mark at {q:?} on the grid"
                        );
                        // A print shop (bleed) prints up to 3 mm from the trim.
                        let edge = if bleed > 0.0 { margin.min(3.0) } else { margin };
                        let inside = q.x >= edge - 1e-9
                            && q.x <= paper.width - edge + 1e-9
                            && q.y >= edge - 1e-9
                            && q.y <= paper.height - edge + 1e-9;
                        assert!(
                            inside,
                            "{paper:?} bleed {bleed}: a mark at {q:?} in the margin"
                        );
                    }
                }
            }
            assert!(marks >= 2, "{paper:?} bleed {bleed}: {marks} fold marks");
            // The title and the scale bar are still there.
            let unmarked = board_page_marked(
                &res,
                &BoardSheet {
                    bleed,
                    ..BoardSheet::new(paper)
                },
                false,
            )
            .unwrap();
            let texts = |p: &Page| {
                p.layer(Layer::Artwork)
                    .iter()
                    .chain(p.layer(Layer::Guides))
                    .filter(|i| matches!(i, Item::Text(_)))
                    .count()
            };
            assert_eq!(texts(&p), texts(&unmarked), "{paper:?} bleed {bleed}");
        }
    }
}

/// A set with its box marks its board's folds and says on the cover where to
/// fold; a set without a box does neither.
#[test]
fn a_set_with_a_box_marks_the_boards_folds() {
    use jungle_print::job::{Job, Kind};
    for boxed in [true, false] {
        let mut job = Job::new(Kind::set());
        if let Kind::Set(o) = &mut job.kind {
            o.boxed = boxed;
        }
        let made = job.run().unwrap();
        let (fx, _) = BoardPlacement::centered(Paper::A4, 27.0).folds();
        let mut pts = Vec::new();
        points(made.doc.pages[1].layer(Layer::Guides), &mut pts);
        let on_fold = pts.iter().filter(|q| (q.x - fx).abs() < 1e-9).count();
        assert_eq!(
            on_fold > 0,
            boxed,
            "boxed {boxed}: {on_fold} points on the fold"
        );
    }
}

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

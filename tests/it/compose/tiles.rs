//! Boards larger than the paper: tiled over several sheets at true size.

use crate::common;

use common::*;
use jungle_print::compose::products::board::BoardSheet;
use jungle_print::compose::products::tiles::board_sheets;
use jungle_print::compose::products::tiles::GLUE;
use jungle_print::layout::paper::Paper;
use jungle_print::render::pdf::{render, PdfOptions};
use jungle_print::scene::{Item, Layer, Page, Seg};

/// x, y, width, height in mm.
type Bounds = (f64, f64, f64, f64);

fn rect_of(segs: &[Seg]) -> Bounds {
    let pts: Vec<_> = segs
        .iter()
        .filter_map(|s| match s {
            Seg::Move(p) | Seg::Line(p) => Some(*p),
            _ => None,
        })
        .collect();
    let x0 = pts.iter().map(|p| p.x).fold(f64::MAX, f64::min);
    let y0 = pts.iter().map(|p| p.y).fold(f64::MAX, f64::min);
    let x1 = pts.iter().map(|p| p.x).fold(f64::MIN, f64::max);
    let y1 = pts.iter().map(|p| p.y).fold(f64::MIN, f64::max);
    (x0, y0, x1 - x0, y1 - y0)
}

/// The region a tile page owns (its first clip) and the board it draws in it
/// (the land rectangle), both in page mm. The board is drawn once, in its
/// own coordinates, and placed on each tile by reference.
fn tile_geometry(page: &Page) -> (Bounds, Bounds) {
    let Item::Clip(c) = &page.layer(Layer::Artwork)[0] else {
        panic!("a tile starts with its region")
    };
    let [Item::Group(g)] = c.items.as_slice() else {
        panic!("the region places the board, as one group")
    };
    let [Item::Page(board)] = g.items.as_slice() else {
        panic!("the board is shared, not copied")
    };
    let Some(Item::Path(land)) = board.items().next() else {
        panic!("the board starts with its land")
    };
    let [a, b, cc, d, e, f] = g.transform.0;
    assert_eq!((a, b, cc, d), (1.0, 0.0, 0.0, 1.0), "only moved");
    let land = rect_of(&land.segs);
    (rect_of(&c.path), (land.0 + e, land.1 + f, land.2, land.3))
}

#[test]
fn a_large_board_is_tiled_at_true_size_and_covered_once() {
    let res = resources("en");
    for (paper, square, sheets) in [
        ("a4", 40.0, 4),
        ("a4", 60.0, 10),
        ("letter", 45.0, 4),
        ("a3", 100.0, 12),
    ] {
        let paper = Paper::parse(paper).unwrap();
        let pages = board_sheets(
            &res,
            &BoardSheet {
                square: Some(square),
                ..BoardSheet::new(paper)
            },
            None,
        )
        .unwrap();
        assert_eq!(
            pages.len(),
            sheets + 1,
            "{paper:?} {square}: map + {sheets} tiles"
        );
        let mut area = 0.0;
        for page in &pages[1..] {
            let (region, board) = tile_geometry(page);
            // The whole board is drawn at true size: 7 × 9 squares of `square` mm.
            assert!((board.2 - 7.0 * square).abs() < 0.01 && (board.3 - 9.0 * square).abs() < 0.01);
            // The region starts and ends on square edges, measured from the board's corner.
            for v in [region.0 - board.0, region.1 - board.1, region.2, region.3] {
                let k = v / square;
                assert!(
                    (k - k.round()).abs() < 1e-6,
                    "{square} mm: region edge at {v} mm"
                );
            }
            // The region and its glue strips stay on the sheet.
            assert!(region.0 >= 0.0 && region.1 >= 0.0);
            assert!(region.0 + region.2 + GLUE <= page.width + 1e-6);
            assert!(region.1 + region.3 + GLUE <= page.height + 1e-6);
            area += region.2 * region.3;
        }
        assert!((area - 63.0 * square * square).abs() < 1e-6, "covered once");
    }
}

#[test]
fn tile_forces_a_board_sized_for_one_paper_onto_smaller_sheets() {
    let res = resources("fr");
    let pages = board_sheets(
        &res,
        &BoardSheet::new(Paper::parse("a3").unwrap()),
        Some(Paper::A4),
    )
    .unwrap();
    assert_eq!(pages.len(), 5, "map + four A4 sheets");
    assert!(pages[1..]
        .iter()
        .all(|p| p.width == 210.0 && p.height == 297.0));
    let text = pdf_text(
        &render(
            &jungle_print::document("t", pages, &res),
            &PdfOptions::default(),
        )
        .unwrap(),
    );
    assert!(text.contains("Rangée 2, colonne 1 sur 2 × 2"), "{text}");
    assert!(text.contains("Assembler le plateau"));
}

#[test]
fn a_fitting_board_stays_on_one_sheet() {
    let res = resources("en");
    let pages = board_sheets(&res, &BoardSheet::new(Paper::A4), None).unwrap();
    assert_eq!(pages.len(), 1);
}

#[test]
fn every_language_labels_its_tiles() {
    for lang in LANGS {
        let res = resources(lang);
        let pages = board_sheets(
            &res,
            &BoardSheet {
                square: Some(40.0),
                ..BoardSheet::new(Paper::A4)
            },
            None,
        )
        .unwrap();
        let doc = jungle_print::document("t", pages, &res);
        let text = pdf_text(&render(&doc, &PdfOptions::default()).unwrap());
        assert!(text.contains(&res.lang.tiles.map_heading), "{lang}");
        assert!(text.contains("2·2"), "{lang}: tile names");
        assert!(!text.contains('{'), "{lang}: a placeholder left in {text}");
    }
}

/// The 50 mm bars of a page's guides: horizontal lines 50 mm long.
fn scale_bars(page: &Page) -> usize {
    fn count(items: &[Item]) -> usize {
        items
            .iter()
            .map(|i| match i {
                Item::Path(p) => match p.segs.as_slice() {
                    [Seg::Move(a), Seg::Line(b)] => usize::from(
                        (a.y - b.y).abs() < 1e-9 && ((b.x - a.x).abs() - 50.0).abs() < 1e-9,
                    ),
                    _ => 0,
                },
                Item::Group(g) => count(&g.items),
                Item::Clip(c) => count(&c.items),
                _ => 0,
            })
            .sum()
    }
    count(page.layer(Layer::Guides))
}

#[test]
fn every_tiled_sheet_carries_a_scale_bar() {
    let res = resources("en");
    for (paper, square) in [("a4", 40.0), ("letter", 45.0), ("a5", 30.0), ("a3", 100.0)] {
        let paper = Paper::parse(paper).unwrap();
        let pages = board_sheets(
            &res,
            &BoardSheet {
                square: Some(square),
                ..BoardSheet::new(paper)
            },
            None,
        )
        .unwrap();
        assert!(pages.len() > 2, "{paper:?} {square}: tiled");
        for (i, page) in pages.iter().enumerate() {
            assert_eq!(scale_bars(page), 1, "{paper:?} {square}: sheet {}", i + 1);
        }
        // Below each tile's board and glue strips, inside the printable area.
        for page in &pages[1..] {
            let (region, _) = tile_geometry(page);
            let bottom = page.height - res.theme.page.margin;
            let mut ok = false;
            for item in page.layer(Layer::Guides) {
                if let Item::Path(p) = item {
                    if let [Seg::Move(a), Seg::Line(b)] = p.segs.as_slice() {
                        if ((b.x - a.x).abs() - 50.0).abs() < 1e-9 {
                            ok = a.y < bottom && a.x >= region.0 && b.x <= region.0 + region.2;
                        }
                    }
                }
            }
            assert!(ok, "{paper:?} {square}: the bar lies under the board");
        }
    }
}

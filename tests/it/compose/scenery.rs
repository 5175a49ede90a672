//! Scenery and animal pictures in the scene: where each lands, what it is
//! clipped to, what is drawn over it; and the passes that leave pictures
//! out (laser files, a tiled board's glue strips).
//!
//! Each theme key names a different built-in drawing, so a placed picture
//! says which key it came from.

use std::sync::Arc;

use crate::common;

use common::*;
use jungle_print::compose::drawn::scenery::PictureFinder;
use jungle_print::compose::passes::laser::{for_laser, LEFT_OUT};
use jungle_print::compose::products::board::{board_page, square_size, BoardSheet};
use jungle_print::compose::products::boxnet::{box_pages, BoxOptions};
use jungle_print::compose::products::counters::{counter_pages, CounterOptions, Sides};
use jungle_print::compose::products::handout::{handout_pages, HandoutOptions};
use jungle_print::compose::products::set::{set_pages, SetOptions};
use jungle_print::compose::products::tiles::board_sheets;
use jungle_print::compose::products::Sheet;
use jungle_print::game::{Board, SquareKind};
use jungle_print::icons::{builtin, Icon};
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::layout::{BoardPlacement, Flip};
use jungle_print::picture::{Art, Fit};
use jungle_print::play::rules::Ruleset;
use jungle_print::resolve::Resources;
use jungle_print::scene::{bounds, Color, Item, Layer, Page, Raster, RasterData, Samples, Seg};
use jungle_print::theme::Theme;

/// Which built-in drawing stands for each scenery key.
const SCENERY: [(&str, &str); 7] = [
    ("board", "elephant"),
    ("land", "lion"),
    ("river", "rat"),
    ("trap", "tiger"),
    ("den", "leopard"),
    ("back", "cat"),
    ("lid", "dog"),
];

/// Resources for English with the classic theme plus `extra` TOML lines.
fn themed(extra: &str) -> Resources {
    let theme = Theme::parse(&format!("extends = \"classic\"\n{extra}"), "t.toml").unwrap();
    Resources::new(theme, Lang::builtin("en").unwrap(), Ruleset::default()).unwrap()
}

/// A box `(x0, y0, x1, y1)`, mm.
type Box4 = (f64, f64, f64, f64);

/// Every scenery key, each a different drawing.
fn scenery_theme() -> String {
    let mut t = String::from("[pictures]\n");
    for (key, icon) in SCENERY {
        t.push_str(&format!("{key} = \"builtin:{icon}\"\n"));
    }
    t
}

/// The outlines of a built-in drawing's paths, as `Art::place` puts them in
/// its group.
fn drawing(name: &str) -> Vec<Vec<Seg>> {
    let icon = Icon::parse(builtin(name).unwrap(), name).unwrap();
    outlines(&icon.items(None))
}

fn outlines(items: &[Item]) -> Vec<Vec<Seg>> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Path(p) => out.push(p.segs.clone()),
            Item::Group(g) => out.extend(outlines(&g.items)),
            Item::Clip(c) => {
                out.push(c.path.clone());
                out.extend(outlines(&c.items));
            }
            // A drawing holds no text: a row of a table is not a picture.
            Item::Text(_) => out.push(Vec::new()),
            _ => {}
        }
    }
    out
}

/// The scenery key whose drawing `item` is (a group of the drawing itself).
fn key_of(item: &Item) -> Option<&'static str> {
    let Item::Group(g) = item else { return None };
    let segs = outlines(&g.items);
    SCENERY
        .iter()
        .find(|(_, icon)| drawing(icon) == segs)
        .map(|(key, _)| *key)
}

/// A clipped picture: the clip's bounds `(x0, y0, x1, y1)` and its key.
fn clipped_picture(item: &Item) -> Option<(Box4, &'static str)> {
    let Item::Clip(c) = item else { return None };
    let [inner] = c.items.as_slice() else {
        return None;
    };
    Some((bounds(&c.path)?, key_of(inner)?))
}

fn close(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    (a.0 - b.0).abs() < 1e-6
        && (a.1 - b.1).abs() < 1e-6
        && (a.2 - b.2).abs() < 1e-6
        && (a.3 - b.3).abs() < 1e-6
}

/// Every item of `items` and of the groups and clips in them, in painting
/// order, with the item itself before what it holds.
fn flat(items: &[Item]) -> Vec<&Item> {
    let mut out = Vec::new();
    for i in items {
        out.push(i);
        match i {
            Item::Group(g) => out.extend(flat(&g.items)),
            Item::Clip(c) => out.extend(flat(&c.items)),
            _ => {}
        }
    }
    out
}

/// [`flat`], into shared drawings too (a tiled board's, which every tile
/// places by reference).
fn flat_shared(items: &[Item]) -> Vec<&Item> {
    let mut out = Vec::new();
    for i in items {
        out.push(i);
        match i {
            Item::Group(g) => out.extend(flat_shared(&g.items)),
            Item::Clip(c) => out.extend(flat_shared(&c.items)),
            Item::Page(p) => {
                for i in p.items() {
                    out.extend(flat_shared(std::slice::from_ref(i)));
                }
            }
            _ => {}
        }
    }
    out
}

fn path_bounds(item: &Item) -> Option<(f64, f64, f64, f64)> {
    match item {
        Item::Path(p) => bounds(&p.segs),
        _ => None,
    }
}

fn inside(inner: (f64, f64, f64, f64), outer: (f64, f64, f64, f64)) -> bool {
    inner.0 >= outer.0 - 1e-6
        && inner.1 >= outer.1 - 1e-6
        && inner.2 <= outer.2 + 1e-6
        && inner.3 <= outer.3 + 1e-6
}

#[test]
fn board_pictures_lie_under_the_marks_each_clipped_to_its_square() {
    let res = themed(&scenery_theme());
    let page = board_page(&res, &BoardSheet::new(Paper::A4)).unwrap();
    let art = page.layer(Layer::Artwork);
    let th = &res.theme.board;
    let s = square_size(&res, Paper::A4, None).unwrap();
    let place = BoardPlacement::centered(Paper::A4, s);
    let o = place.outline();

    // The board picture first, covering the board and clipped to it; no land paint.
    let (clip, key) = clipped_picture(&art[0]).expect("the board picture comes first");
    assert_eq!(key, "board");
    assert!(close(clip, (o.x, o.y, o.right(), o.bottom())), "{clip:?}");
    assert!(
        !art.iter()
            .any(|i| matches!(i, Item::Path(p) if p.fill == Some(th.land.0.into()))),
        "land squares are not painted over the board picture"
    );

    let grid = art
        .iter()
        .position(|i| matches!(i, Item::Path(p) if p.stroke.as_ref().is_some_and(|s| s.color == th.grid.0)))
        .expect("the grid");
    let board = Board::standard();
    for sq in board.squares() {
        let r = place.square_rect(sq);
        let rect = (r.x, r.y, r.right(), r.bottom());
        let kind = board.kind(sq);
        let want = match kind {
            SquareKind::Land => "land",
            SquareKind::River => "river",
            SquareKind::Trap(_) => "trap",
            SquareKind::Den(_) => "den",
        };
        let found: Vec<usize> = art
            .iter()
            .enumerate()
            .filter(|(_, i)| clipped_picture(i).is_some_and(|(c, _)| close(c, rect)))
            .map(|(n, _)| n)
            .collect();
        let [at] = found.as_slice() else {
            panic!("{sq:?}: one picture clipped to the square, found {found:?}")
        };
        assert_eq!(clipped_picture(&art[*at]).unwrap().1, want, "{sq:?}");
        assert!(
            *at < grid,
            "{sq:?}: the grid lines are drawn over the picture"
        );
        // The square's colour below, its marks above.
        let (fill, mark) = match kind {
            // Each side's traps and den are tinted with its colour.
            SquareKind::Trap(side) => (Some(res.theme.trap(side)), Some(th.trap_mark.0)),
            SquareKind::Den(side) => (Some(res.theme.den(side)), Some(th.den_mark.0)),
            SquareKind::River => (Some(th.river.0), Some(th.river_wave.0)),
            SquareKind::Land => (None, None),
        };
        if let Some(fill) = fill {
            let under = art[..*at].iter().any(|i| {
                matches!(i, Item::Path(p) if p.fill == Some(fill.into()))
                    && path_bounds(i).is_some_and(|b| inside(rect, b))
            });
            assert!(
                under,
                "{sq:?}: the square's colour is painted under its picture"
            );
        }
        if let Some(mark) = mark {
            let over = art[*at + 1..].iter().any(|i| {
                matches!(i, Item::Path(p) if p.fill == Some(mark.into()) || p.stroke.as_ref().is_some_and(|s| s.color == mark))
                    && path_bounds(i).is_some_and(|b| inside(b, rect))
            });
            assert!(over, "{sq:?}: its marks are drawn over its picture");
        }
    }
}

#[test]
fn board_pictures_reach_into_the_bleed() {
    let res = themed(&scenery_theme());
    let bleed = 3.0;
    let page = board_page(
        &res,
        &BoardSheet {
            bleed,
            ..BoardSheet::new(Paper::A4)
        },
    )
    .unwrap();
    let o =
        BoardPlacement::centered(Paper::A4, square_size(&res, Paper::A4, None).unwrap()).outline();
    let (clip, _) = clipped_picture(&page.layer(Layer::Artwork)[0]).unwrap();
    assert!(close(
        clip,
        (
            o.x - bleed,
            o.y - bleed,
            o.right() + bleed,
            o.bottom() + bleed
        )
    ));
}

#[test]
fn a_land_picture_alone_keeps_the_land_colour_under_it() {
    let res = themed("[pictures]\nland = \"builtin:lion\"\n");
    let page = board_page(&res, &BoardSheet::new(Paper::A4)).unwrap();
    let art = page.layer(Layer::Artwork);
    assert!(
        matches!(&art[0], Item::Path(p) if p.fill == Some(res.theme.board.land.0.into())),
        "without a board picture the land is painted first"
    );
    let board = Board::standard();
    let land = board
        .squares()
        .filter(|sq| board.kind(*sq) == SquareKind::Land)
        .count();
    let lands = art.iter().filter(|i| clipped_picture(i).is_some()).count();
    assert_eq!(lands, land, "every land square has the picture, no other");
}

#[test]
fn tiled_boards_show_the_pictures_but_not_on_glue_strips() {
    let res = themed(&scenery_theme());
    let pages = board_sheets(
        &res,
        &BoardSheet {
            square: Some(40.0),
            ..BoardSheet::new(Paper::A4)
        },
        Some(Paper::A4),
    )
    .unwrap();
    assert!(pages.len() > 2, "an assembly map and several tiles");
    let mut glue = 0;
    for (n, page) in pages.iter().enumerate().skip(1) {
        let art = page.layer(Layer::Artwork);
        let Item::Clip(region) = &art[0] else {
            panic!("a tile starts with its region")
        };
        let shown = flat_shared(&region.items)
            .into_iter()
            .filter(|i| key_of(i).is_some())
            .count();
        assert_eq!(
            shown,
            1 + 63,
            "tile {n}: the board picture and one per square"
        );
        let strips: Vec<&Item> = art[1..]
            .iter()
            .filter(|i| matches!(i, Item::Clip(_)))
            .collect();
        glue += strips.len();
        for strip in strips {
            assert!(
                flat_shared(std::slice::from_ref(strip))
                    .iter()
                    .all(|i| key_of(i).is_none()),
                "tile {n}: a glue strip is a faint copy without pictures"
            );
        }
    }
    assert!(glue > 0, "the tiles have glue strips");
}

/// The back pictures of a page: each with its clip's bounds and the
/// painting order around it in its group.
fn backs(page: &Page) -> Vec<(Box4, usize, usize)> {
    let mut out = Vec::new();
    for item in page.layer(Layer::Artwork) {
        let Item::Group(g) = item else { continue };
        for (i, inner) in g.items.iter().enumerate() {
            if let Some((clip, "back")) = clipped_picture(inner) {
                out.push((clip, i, g.items.len()));
                // Fills only below it; the title (and any pattern line) above.
                assert!(g.items[..i]
                    .iter()
                    .all(|b| matches!(b, Item::Path(p) if p.stroke.is_none())));
                assert!(g.items[i + 1..].iter().any(|b| matches!(b, Item::Text(_))));
            }
        }
    }
    out
}

#[test]
fn back_pictures_fill_the_back_inside_the_rim() {
    let res = themed(&scenery_theme());
    let rim = res.theme.counters.ring_width;
    for sides in [Sides::Fold, Sides::Duplex(Flip::LongEdge)] {
        let opts = CounterOptions {
            sides,
            size: Some(24.0),
            ..CounterOptions::default()
        };
        let pages = counter_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
        let back_page = match sides {
            Sides::Duplex(_) => &pages[1],
            _ => &pages[0],
        };
        let found = backs(back_page);
        assert_eq!(found.len(), 16, "{sides:?}: every back has the picture");
        for (clip, ..) in found {
            let w = clip.2 - clip.0;
            assert!(
                (w - 24.0 * (1.0 - 2.0 * rim)).abs() < 1e-6,
                "{sides:?}: clipped inside the rim: {w} mm"
            );
        }
        if let Sides::Duplex(_) = sides {
            assert!(backs(&pages[0]).is_empty(), "no back picture on the fronts");
        }
    }
}

#[test]
fn the_lid_picture_lies_under_a_light_band_behind_the_title() {
    let res = themed(&scenery_theme());
    let pages = box_pages(&res, Paper::A4, &BoxOptions::default()).unwrap();
    let mut lids = 0;
    for page in &pages {
        for item in page.layer(Layer::Artwork) {
            let Item::Group(net) = item else { continue };
            let Some(at) = net
                .items
                .iter()
                .position(|i| clipped_picture(i).is_some_and(|(_, k)| k == "lid"))
            else {
                continue;
            };
            lids += 1;
            let (clip, _) = clipped_picture(&net.items[at]).unwrap();
            let panels: Vec<_> = net.items[..at].iter().filter_map(path_bounds).collect();
            assert!(
                panels.iter().any(|p| close(*p, clip)),
                "the picture is clipped to the lid's top panel"
            );
            let Item::Path(band) = &net.items[at + 1] else {
                panic!("a band follows the picture")
            };
            assert_eq!(band.fill, Some(res.theme.counters.face.0.into()));
            let band = bounds(&band.segs).unwrap();
            assert!(inside(band, clip));
            // The name and the title (the walls and the players line are
            // elsewhere).
            let g = &res.lang.game;
            let runs: Vec<_> = jungle_print::scene::text_runs(&net.items[at + 2..])
                .into_iter()
                .filter(|r| r.text == g.han || r.text == g.title)
                .filter(|r| {
                    r.pos.x >= clip.0 && r.pos.x <= clip.2 && r.pos.y >= clip.1 && r.pos.y <= clip.3
                })
                .collect();
            assert!(runs.len() >= 2, "the name and the title over the band");
            for r in runs {
                assert!(
                    r.pos.x >= band.0 && r.pos.y > band.1 && r.pos.y < band.3,
                    "{:?} sits on the band",
                    r.text
                );
            }
        }
    }
    assert_eq!(lids, 1, "one lid picture, on the lid only");
}

/// `[counters] back_title = false` leaves the backs' picture uncovered (the
/// game's name off every back, fold-over and duplex, in a set too); `[box]
/// lid_title = false` leaves the lid's top to its picture: no name, title or
/// players line, and so no light plate over the picture. Both default to
/// `true` (the name on 16 backs, the plate on the lid).
#[test]
fn label_keys_hide_the_backs_and_the_lids_labels() {
    let han = |res: &Resources, pages: &[Page]| {
        pages
            .iter()
            .flat_map(|p| jungle_print::scene::text_runs(p.layer(Layer::Artwork)))
            .filter(|r| r.text == res.lang.game.han)
            .count()
    };
    for (extra, titled) in [("", true), ("[counters]\nback_title = false\n", false)] {
        let res = themed(&format!("{}{extra}", scenery_theme()));
        for sides in [Sides::Fold, Sides::Duplex(Flip::LongEdge)] {
            let opts = CounterOptions {
                sides,
                back_title: res.theme.counters.back_title,
                ..CounterOptions::default()
            };
            let pages = counter_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
            assert_eq!(han(&res, &pages), if titled { 16 } else { 0 }, "{sides:?}");
            // The back picture stays.
            let back_page = &pages[pages.len() - 1];
            assert_eq!(backs(back_page).len(), 16);
        }
        // The set's counters follow the theme.
        let (pages, parts) =
            set_pages(&res, &Sheet::new(Paper::A4), &SetOptions::default()).unwrap();
        let counters = &pages[parts.counters.0 - 1..parts.counters.1];
        assert_eq!(han(&res, counters), if titled { 16 } else { 0 });
    }
    for (extra, titled) in [("", true), ("[box]\nlid_title = false\n", false)] {
        let res = themed(&format!("{}{extra}", scenery_theme()));
        let pages = box_pages(&res, Paper::A4, &BoxOptions::default()).unwrap();
        let g = &res.lang.game;
        let mut tops = 0;
        for item in pages.iter().flat_map(|p| p.layer(Layer::Artwork)) {
            let Item::Group(net) = item else { continue };
            let Some(at) = net
                .items
                .iter()
                .position(|i| clipped_picture(i).is_some_and(|(_, k)| k == "lid"))
            else {
                continue;
            };
            tops += 1;
            let (clip, _) = clipped_picture(&net.items[at]).unwrap();
            let on_top = jungle_print::scene::text_runs(&net.items)
                .into_iter()
                .filter(|r| {
                    r.pos.x >= clip.0 && r.pos.x <= clip.2 && r.pos.y >= clip.1 && r.pos.y <= clip.3
                })
                .filter(|r| [&g.han, &g.title, &res.lang.boxnet.players].contains(&&r.text))
                .count();
            let plate = matches!(&net.items[at + 1], Item::Path(p)
                if p.fill == Some(res.theme.counters.face.0.into()));
            assert_eq!((on_top > 0, plate), (titled, titled), "{extra}");
            // The end walls keep the name either way.
            assert!(jungle_print::scene::text_runs(&net.items)
                .iter()
                .any(|r| r.text.contains(g.title.as_str()) || r.text.contains(g.han.as_str())));
        }
        assert_eq!(tops, 1);
    }
}

/// The animals' drawings placed (fitted, unclipped groups) among `items`.
fn animal_pictures(items: &[Item]) -> usize {
    let names = [
        "elephant", "lion", "tiger", "leopard", "wolf", "dog", "cat", "rat",
    ];
    let drawings: Vec<_> = names.iter().map(|n| drawing(n)).collect();
    flat(items)
        .into_iter()
        .filter(|i| matches!(i, Item::Group(g) if drawings.contains(&outlines(&g.items))))
        .count()
}

fn animals_theme() -> String {
    let mut t = String::from("[pictures]\n");
    for a in [
        "elephant", "lion", "tiger", "leopard", "wolf", "dog", "cat", "rat",
    ] {
        t.push_str(&format!("{a} = \"builtin:{a}\"\n"));
    }
    t
}

#[test]
fn the_ranks_table_shows_the_pictures_only_when_the_theme_has_them() {
    let opts = HandoutOptions { paper: Paper::A4 };
    let plain = handout_pages(&resources("en"), &opts);
    let pictured = handout_pages(&themed(&animals_theme()), &opts);
    let count = |pages: &[Page]| -> usize {
        pages
            .iter()
            .map(|p| animal_pictures(p.layer(Layer::Artwork)))
            .sum()
    };
    assert_eq!(count(&plain), 0);
    assert_eq!(
        count(&pictured),
        8,
        "one picture per row of the ranks table"
    );
    // Scenery pictures alone leave the rules (but for the board diagram) as they were.
    let lid_only = handout_pages(&themed("[pictures]\nlid = \"builtin:dog\"\n"), &opts);
    assert_eq!(lid_only, plain);
}

#[test]
fn the_cover_shows_a_row_of_the_animals() {
    let opts = SetOptions::default();
    let (plain, _) = set_pages(&resources("en"), &Sheet::new(Paper::A4), &opts).unwrap();
    let res = themed(&animals_theme());
    let (pictured, _) = set_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
    let cover = |pages: &[Page]| animal_pictures(pages[0].layer(Layer::Artwork));
    assert_eq!(cover(&plain), 0);
    // The cover's own row (thumbnails are page references, not counted).
    assert_eq!(cover(&pictured), 8);
    let row: Vec<f64> = flat(pictured[0].layer(Layer::Artwork))
        .into_iter()
        .filter_map(|i| match i {
            Item::Group(g) if g.transform.0[0] > 1.0 => Some(g.transform.0[5]),
            _ => None,
        })
        .collect();
    assert!(
        row.windows(2).all(|w| (w[0] - w[1]).abs() < 1e-9),
        "one row"
    );
}

#[test]
fn laser_files_leave_the_pictures_out_and_say_so() {
    let pictured = themed(&scenery_theme());
    let classic = themed("");
    let board = |res: &Resources| board_page(res, &BoardSheet::new(Paper::A4)).unwrap();
    let lasered = for_laser(&pictured, &board(&pictured));
    assert!(pictured.take_warnings().iter().any(|w| w == LEFT_OUT));
    // Exactly the lines of the same board without pictures.
    assert_eq!(lasered, for_laser(&classic, &board(&classic)));
    assert!(
        classic.take_warnings().is_empty(),
        "no pictures, no warning"
    );
    let boxes = |res: &Resources| -> Vec<Page> {
        box_pages(res, Paper::A4, &BoxOptions::default())
            .unwrap()
            .iter()
            .map(|p| for_laser(res, p))
            .collect()
    };
    assert_eq!(
        boxes(&pictured),
        boxes(&classic),
        "the lid's picture and band are left out"
    );
}

#[test]
fn laser_files_leave_out_the_animals_pictures_of_a_picture_layout() {
    let res = themed(&format!(
        "{}[counters]\nlayout = \"picture\"\n",
        animals_theme()
    ));
    let page = board_page(&res, &BoardSheet::new(Paper::A4)).unwrap();
    assert_eq!(
        animal_pictures(page.layer(Layer::Artwork)),
        16,
        "on the start squares"
    );
    let lasered = for_laser(&res, &page);
    for (layer, items) in lasered.layers.iter() {
        assert_eq!(animal_pictures(items), 0, "{layer:?}");
    }
    assert!(res.take_warnings().iter().any(|w| w == LEFT_OUT));
}

#[test]
fn laser_files_drop_raster_pictures_on_any_layer() {
    let res = resources("en");
    let raster = Raster {
        width: 2,
        height: 2,
        orientation: 1,
        data: RasterData::Pixels {
            color: Samples::Gray(Arc::from(vec![0u8, 255, 255, 0])),
            alpha: None,
        },
        digest: 1,
        memo: Default::default(),
    };
    let art = Art::Raster(Arc::new(raster));
    let mut page = Page::new(100.0, 100.0);
    for layer in [Layer::Artwork, Layer::Cut, Layer::Fold] {
        page.add(
            layer,
            [
                art.place((10.0, 10.0, 20.0, 20.0), Fit::Cover, None),
                art.place((40.0, 10.0, 20.0, 10.0), Fit::Contain, None),
                jungle_print::scene::shapes::fill(
                    jungle_print::scene::shapes::rect(0.0, 0.0, 5.0, 5.0),
                    Color::BLACK,
                ),
            ],
        );
    }
    let out = for_laser(&res, &page);
    for (layer, items) in out.layers.iter() {
        let all = flat(items);
        assert!(
            all.iter().all(|i| matches!(i, Item::Path(_))),
            "{layer:?}: only lines and small fills are left: {all:?}"
        );
    }
    assert!(res.take_warnings().iter().any(|w| w == LEFT_OUT));
}

#[test]
fn the_picture_finder_takes_out_pictures_and_nothing_else() {
    let res = themed(&animals_theme());
    let pages = handout_pages(&res, &HandoutOptions { paper: Paper::A4 });
    let finder = PictureFinder;
    let items = pages[0].layer(Layer::Artwork).to_vec();
    let texts = jungle_print::scene::text_runs(&items).len();
    let (left, n) = finder.without_pictures(items);
    assert_eq!(n, 8, "the ranks table's pictures");
    assert_eq!(animal_pictures(&left), 0);
    assert_eq!(
        jungle_print::scene::text_runs(&left).len(),
        texts,
        "every row keeps its text"
    );
}

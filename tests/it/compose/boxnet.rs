//! The box: nets on the paper, sized for the set, explained, refused when too big.

use crate::common;

use common::*;
use jungle_print::compose::products::boxnet::{box_pages, box_sizes, inside_words, BoxOptions};
use jungle_print::compose::products::counters::default_size;
use jungle_print::compose::products::counters::Sides;
use jungle_print::compose::products::Sheet;
use jungle_print::layout::boxnet::{net, PanelKind, PANEL_PLAY, SLOT_CLEAR};
use jungle_print::layout::paper::Paper;
use jungle_print::layout::printable_area;
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
        let pages = box_pages(&res, paper, &BoxOptions::default()).unwrap();
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
    let (one, _, _) = box_sizes(&res, Paper::A4, &BoxOptions::default()).unwrap();
    let (many, _, stacks) = box_sizes(
        &res,
        Paper::A4,
        &BoxOptions {
            copies: 16,
            card: 1.0,
            ..BoxOptions::default()
        },
    )
    .unwrap();
    assert!(many.h > one.h, "{many:?} vs {one:?}");
    assert!(stacks.cols * stacks.rows * stacks.per_stack >= 256);
    let (big, _, _) = box_sizes(
        &res,
        Paper::A4,
        &BoxOptions {
            counter_size: Some(60.0),
            sides: Sides::Single,
            ..BoxOptions::default()
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
        Paper::parse("a5").unwrap(),
        &BoxOptions {
            counter_size: Some(150.0),
            ..BoxOptions::default()
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
        let pages = box_pages(&res, Paper::A4, &BoxOptions::default()).unwrap();
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

/// The cards the box is tested with, mm.
const CARDS: [f64; 6] = [0.2, 0.35, 0.4, 0.6, 0.8, 1.0];

#[test]
fn the_tray_holds_its_contents_with_a_millimetre_to_spare() {
    let res = resources("en");
    for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
        let counter = default_size(&res, paper).unwrap();
        // The board and rules folded in four.
        let papers = (
            paper.width.min(paper.height) / 2.0,
            paper.width.max(paper.height) / 2.0,
        );
        for card in CARDS {
            for sides in [Sides::Fold, Sides::Single] {
                let opts = BoxOptions {
                    card,
                    sides,
                    ..BoxOptions::default()
                };
                let (tray, _, stacks) = box_sizes(&res, paper, &opts).unwrap();
                // Measured from the folded net, not from the size asked for.
                let inside = net(tray, card).inside();
                let counter_t = card * if sides == Sides::Fold { 2.0 } else { 1.0 };
                // Sixteen sheets of folded paper at 0.1 mm under the stacks.
                let height = 1.6 + stacks.per_stack as f64 * counter_t;
                let need = [
                    (inside.w, papers.0.max(stacks.cols as f64 * counter)),
                    (inside.d, papers.1.max(stacks.rows as f64 * counter)),
                    (inside.h, height),
                ];
                for (have, want) in need {
                    assert!(
                        have >= want + 1.0 - 1e-9,
                        "{paper:?} card {card}: {inside:?} for {want} mm"
                    );
                }
            }
        }
    }
}

#[test]
fn slots_keep_clear_of_the_folds_and_the_panels_fit() {
    let res = resources("en");
    for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
        for card in CARDS {
            let opts = BoxOptions {
                card,
                ..BoxOptions::default()
            };
            let (tray, lid, _) = box_sizes(&res, paper, &opts).unwrap();
            for size in [tray, lid] {
                let n = net(size, card);
                // Each slot at least SLOT_CLEAR from every fold line.
                for s in &n.slots {
                    for (a, b) in &n.folds {
                        let dx = (s.x - a.x.max(b.x)).max(a.x.min(b.x) - s.right()).max(0.0);
                        let dy = (s.y - a.y.max(b.y)).max(a.y.min(b.y) - s.bottom()).max(0.0);
                        let gap = dx.hypot(dy);
                        assert!(
                            gap >= SLOT_CLEAR - 1e-9,
                            "card {card}: slot {s:?} {gap} mm from fold {a:?}–{b:?}"
                        );
                    }
                }
                // Hanging down inside, panel and tab reach no lower than the
                // base's mid-plane: no taller than the end wall.
                let tall = |p: &Vec<_>| {
                    let ys: Vec<f64> = p.iter().map(|q: &jungle_print::scene::Pt| q.y).collect();
                    ys.iter().cloned().fold(f64::MIN, f64::max)
                        - ys.iter().cloned().fold(f64::MAX, f64::min)
                };
                let wide = |p: &Vec<jungle_print::scene::Pt>| {
                    let xs: Vec<f64> = p.iter().map(|q| q.x).collect();
                    xs.iter().cloned().fold(f64::MIN, f64::max)
                        - xs.iter().cloned().fold(f64::MAX, f64::min)
                };
                let wall = n.of(PanelKind::EndWall).map(tall).fold(0.0, f64::max);
                let tab = n.of(PanelKind::Tab).map(tall).fold(0.0, f64::max);
                // The gap between the side walls' inner faces.
                let gap = n.base.w - card;
                for p in n.of(PanelKind::InnerPanel) {
                    assert!(
                        tall(p) + tab <= wall + 1e-9,
                        "card {card}: {} + {tab} > {wall}",
                        tall(p)
                    );
                    assert!(
                        wide(p) <= gap - 2.0 * PANEL_PLAY + 1e-9,
                        "card {card}: {} > {gap}",
                        wide(p)
                    );
                }
                for p in n.of(PanelKind::Rim) {
                    assert!(wide(p) <= gap + 1e-9);
                }
            }
        }
    }
}

/// Every text run's characters on a page, run after run (a line may be set
/// in several runs, one per font).
fn page_text(items: &[Item], out: &mut String) {
    for item in items {
        match item {
            Item::Text(t) => {
                out.push_str(&t.text);
            }
            Item::Group(g) => page_text(&g.items, out),
            Item::Clip(c) => page_text(&c.items, out),
            _ => {}
        }
    }
}

#[test]
fn the_printed_inside_is_the_folded_inside() {
    for lang in LANGS {
        let res = resources(lang);
        for card in [0.35, 1.0] {
            let opts = BoxOptions {
                card,
                ..BoxOptions::default()
            };
            let (tray, _, _) = box_sizes(&res, Paper::parse("letter").unwrap(), &opts).unwrap();
            let want = inside_words(&res.lang.boxnet, net(tray, card).inside());
            let pages = box_pages(&res, Paper::parse("letter").unwrap(), &opts).unwrap();
            let mut text = String::new();
            page_text(pages[0].layer(Layer::Artwork), &mut text);
            assert!(
                text.contains(&want),
                "{lang} {card}: {want:?} not in {text:?}"
            );
        }
    }
}

#[test]
fn the_box_page_says_where_the_board_goes() {
    use jungle_print::compose::products::set::{set_pages, SetOptions};
    for lang in LANGS {
        let res = resources(lang);
        let words = &res.lang.boxnet;
        // Lines break at spaces, which the runs leave out: compare without any.
        let squeeze = |t: &str| t.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        let last_text = |square: Option<f64>| {
            // Without a cover, the steps have the set's last page.
            let opts = SetOptions {
                square,
                cover: false,
                ..SetOptions::default()
            };
            let (pages, _) = set_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
            let mut text = String::new();
            page_text(pages.last().unwrap().layer(Layer::Artwork), &mut text);
            squeeze(&text)
        };
        // One sheet: folded in four, or flat under the box once on card.
        let one = last_text(None);
        assert!(one.contains(&squeeze(&words.papers_all)), "{lang}: {one}");
        assert!(
            one.contains(&squeeze(&words.board_on_card)),
            "{lang}: {one}"
        );
        // Tiled onto card: 280 × 360 mm, under the box, only the rules inside.
        let tiled = last_text(Some(40.0));
        let apart = squeeze(
            &words
                .board_apart
                .replace("{w}", "280")
                .replace("{h}", "360"),
        );
        assert!(
            tiled.contains(&squeeze(&words.papers_rules)),
            "{lang}: {tiled}"
        );
        assert!(
            !tiled.contains(&squeeze(&words.papers_all)),
            "{lang}: {tiled}"
        );
        assert!(tiled.contains(&apart), "{lang}: {apart:?} not in {tiled}");
    }
}

/// How much ink a page takes: the mean darkness (0 white to 1 black) of its
/// pixels at 50 dpi.
fn coverage(res: &jungle_print::resolve::Resources, page: &Page) -> f64 {
    use jungle_print::render::png::{render, PngOptions};
    let doc = jungle_print::document("lid", vec![page.clone()], res);
    let png = render(&doc, 0, &PngOptions { dpi: 50.0 }).unwrap();
    let p = tiny_skia::Pixmap::decode_png(&png).unwrap();
    let px = p.data().chunks(4);
    let n = px.len() as f64;
    px.map(|c| {
        let a = c[3] as f64 / 255.0;
        // Premultiplied over white.
        let lum =
            (0.299 * c[0] as f64 + 0.587 * c[1] as f64 + 0.114 * c[2] as f64) / 255.0 + (1.0 - a);
        1.0 - lum.min(1.0)
    })
    .sum::<f64>()
        / n
}

#[test]
fn the_ink_saver_lid_is_outlined() {
    // Measured at 50 dpi: the solid lid took 11.1 %, the outlined one 1.8 %.
    let mut res = jungle_print::resolve::Resources::new(
        jungle_print::theme::Theme::builtin("ink-saver").unwrap(),
        jungle_print::lang::Lang::builtin("zh-Hant").unwrap(),
        jungle_print::play::rules::Ruleset::default(),
    )
    .unwrap();
    // Both nets share a sheet; the lid's animals are drawn smaller there.
    let pages = box_pages(&res, Paper::A4, &BoxOptions::default()).unwrap();
    let lid = &pages[0];
    let c = coverage(&res, lid);
    eprintln!("ink-saver nets: {:.1} %", c * 100.0);
    assert!(c < 0.05, "ink-saver lid coverage {:.1} %", c * 100.0);
    // The name is still text on the lid (searchable), drawn over by its outline.
    let runs: String = jungle_print::scene::text_runs(lid.layer(Layer::Artwork))
        .iter()
        .map(|r| r.text.clone())
        .collect();
    assert!(runs.contains(&res.lang.game.han), "{runs}");
    // A theme with filled faces keeps its solid lid.
    res.theme = jungle_print::theme::Theme::default();
    let solid = &box_pages(&res, Paper::A4, &BoxOptions::default()).unwrap()[0];
    eprintln!("classic nets: {:.1} %", coverage(&res, solid) * 100.0);
    assert!(coverage(&res, solid) > 0.08);
}

/// The default set's box: papers (3 sheets folded in four) and 16
/// fold-over counters, 1.9 mm in all, in a tray 6 mm deep; deeper trays
/// follow the same formula.
#[test]
fn the_tray_is_as_deep_as_its_contents() {
    use jungle_print::layout::boxnet::{MIN_HEIGHT, PLAY, SPRING};
    let res = resources("en");
    for copies in [1, 2, 4, 8] {
        for sides in [Sides::Fold, Sides::Single] {
            let opts = BoxOptions {
                copies,
                sides,
                ..BoxOptions::default()
            };
            let (tray, lid, stacks) = box_sizes(&res, Paper::A4, &opts).unwrap();
            let counter = opts.card * if sides == Sides::Fold { 2.0 } else { 1.0 };
            let contents = 3.0 * 0.4 + stacks.per_stack as f64 * counter;
            let want = ((contents + PLAY + SPRING) - 1e-9).ceil().max(MIN_HEIGHT);
            assert_eq!(tray.h, want, "{copies} {sides:?}: {contents} mm");
            assert_eq!(lid.h, tray.h);
            if copies == 1 {
                assert!(tray.h <= 8.0, "the default tray is {} mm deep", tray.h);
            }
        }
    }
}

/// The bounding box (x0, y0, x1, y1) of a path's points.
fn bbox(segs: &[Seg]) -> (f64, f64, f64, f64) {
    let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for s in segs {
        if let Seg::Move(p) | Seg::Line(p) = *s {
            b = (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
        }
    }
    b
}

/// The lid's walls are coloured 1.5–2 mm past each fold onto the top (and
/// from the rims onto the inner panels); the lid names the game on both end
/// walls, says the players and time on its top and side walls, and shows
/// the animals, in every language.
#[test]
fn the_lid_has_art_and_its_colours_run_past_the_folds() {
    use jungle_print::compose::products::boxnet::OVERRUN;
    use jungle_print::game::Side;
    assert!((1.5..=2.0).contains(&OVERRUN));
    for lang in LANGS {
        let res = resources(lang);
        let opts = BoxOptions::default();
        let (_, lid_size, _) = box_sizes(&res, Paper::A4, &opts).unwrap();
        let n = net(lid_size, opts.card);
        let pages = box_pages(&res, Paper::A4, &opts).unwrap();
        assert_eq!(
            pages.len(),
            2,
            "{lang}: both nets on one sheet, then the steps"
        );
        let groups: Vec<&jungle_print::scene::Group> = pages[0]
            .layer(Layer::Artwork)
            .iter()
            .filter_map(|i| match i {
                Item::Group(g) => Some(g),
                _ => None,
            })
            .collect();
        let lid = groups[1];
        let fills: Vec<_> = lid
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Path(p) => match &p.fill {
                    Some(jungle_print::scene::Paint::Solid(c)) => Some((*c, bbox(&p.segs))),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let (south, north) = (res.theme.side(Side::South), res.theme.side(Side::North));
        let b = n.base;
        let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
        let band = |colour, want: (f64, f64, f64, f64)| {
            assert!(
                fills.iter().any(|(c, r)| *c == colour
                    && near(r.0, want.0)
                    && near(r.1, want.1)
                    && near(r.2, want.2)
                    && near(r.3, want.3)),
                "{lang}: no band {want:?}"
            );
        };
        band(north, (b.x, b.y, b.x + OVERRUN, b.bottom()));
        band(north, (b.right() - OVERRUN, b.y, b.right(), b.bottom()));
        band(south, (b.x, b.y, b.right(), b.y + OVERRUN));
        band(south, (b.x, b.bottom() - OVERRUN, b.right(), b.bottom()));
        // A label may be set in several runs (one per font): join them.
        let all: String = jungle_print::scene::text_runs(&lid.items)
            .iter()
            .map(|r| r.text.as_str())
            .collect::<String>()
            .split_whitespace()
            .collect();
        let count = |t: &str| {
            all.matches(&t.split_whitespace().collect::<String>())
                .count()
        };
        // The name on the top and on both ends.
        assert_eq!(count(&res.lang.game.han), 3, "{lang}: {all}");
        assert_eq!(count(&res.lang.boxnet.players), 3, "{lang}: top and sides");
        assert!(res.lang.boxnet.players.contains("15"), "{lang}");
        // The animals: one silhouette each, in a side's colour, on the top.
        let drawings = fills
            .iter()
            .filter(|(c, r)| {
                (*c == north || *c == south)
                    && r.0 > b.x + 3.0
                    && r.2 < b.right() - 3.0
                    && r.1 > b.y + 3.0
                    && r.3 < b.bottom() - 3.0
            })
            .count();
        assert!(drawings >= 8, "{lang}: {drawings} animals on the lid");
    }
}

/// The board goes into the box cut out and folded in four on square edges
/// (4 columns by 5 rows), a little wider than an A4 sheet folded in four:
/// the box's inside holds it as well as the folded rules.
#[test]
fn the_box_holds_the_board_folded_on_square_edges() {
    let res = resources("en");
    for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
        let (tray, _, _) = box_sizes(&res, paper, &BoxOptions::default()).unwrap();
        let (w, h) = jungle_print::layout::folded_board(27.0);
        let (short, long) = (tray.w.min(tray.d), tray.w.max(tray.d));
        assert!(
            short >= w && long >= h,
            "{paper:?}: {tray:?} for a {w} × {h} mm board"
        );
        assert!(short >= paper.width.min(paper.height) / 2.0);
        assert!(long >= paper.width.max(paper.height) / 2.0);
    }
}

/// The box's steps on their page: the numbers' texts (top to bottom) and
/// the drawings (each a top-level group).
fn steps_of(lang: &str, opts: &BoxOptions) -> (Vec<String>, Vec<Item>) {
    let res = resources(lang);
    let area = printable_area(Paper::A4, res.theme.page.margin);
    let (items, _) =
        jungle_print::compose::products::boxnet::box_steps(&res, Paper::A4, opts, area, false)
            .unwrap();
    let mut numbers: Vec<(f64, String)> = items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) if t.text.ends_with('.') && t.text.len() <= 3 => {
                Some((t.pos.y, t.text.clone()))
            }
            _ => None,
        })
        .collect();
    numbers.sort_by(|a, b| a.0.total_cmp(&b.0));
    let drawings = items
        .into_iter()
        .filter(|i| matches!(i, Item::Group(_)))
        .collect();
    (numbers.into_iter().map(|(_, t)| t).collect(), drawings)
}

/// Every fill colour in `items`, recursively.
fn fills(items: &[Item], out: &mut Vec<jungle_print::scene::Color>) {
    for item in items {
        match item {
            Item::Path(p) => out.extend(p.fill.iter().filter_map(|f| f.solid())),
            Item::Group(g) => fills(&g.items, out),
            Item::Clip(c) => fills(&c.items, out),
            _ => {}
        }
    }
}

#[test]
fn the_steps_are_numbered_and_each_drawn_once_in_perspective() {
    for lang in LANGS {
        for die_cut in [false, true] {
            let opts = BoxOptions {
                die_cut,
                ..BoxOptions::default()
            };
            let (numbers, drawings) = steps_of(lang, &opts);
            let steps = resources(lang).lang.boxnet.steps.len();
            let want: Vec<String> = (1..=steps).map(|i| format!("{i}.")).collect();
            assert_eq!(numbers, want, "{lang}: numbered 1 to {steps} in order");
            assert_eq!(drawings.len(), steps, "{lang}: one drawing per step");
            for (i, a) in drawings.iter().enumerate() {
                for b in &drawings[i + 1..] {
                    assert_ne!(a, b, "{lang}: a drawing repeated");
                }
                // In perspective: most edges run neither across nor down the page.
                let mut pts = Vec::new();
                points(std::slice::from_ref(a), Transform::IDENTITY, &mut pts);
                let slanted = pts
                    .windows(2)
                    .filter(|w| {
                        let (dx, dy) = ((w[1].0 - w[0].0).abs(), (w[1].1 - w[0].1).abs());
                        dx.min(dy) > 0.1 * dx.max(dy)
                    })
                    .count();
                assert!(
                    slanted * 3 > pts.len(),
                    "{lang} step {}: {slanted} of {} edges slanted",
                    i + 1,
                    pts.len()
                );
            }
        }
    }
}

#[test]
fn the_flat_net_is_drawn_in_its_own_proportions() {
    use jungle_print::layout::boxfold::View;
    let res = resources("en");
    let opts = BoxOptions::default();
    let (tray, _, _) = box_sizes(&res, Paper::A4, &opts).unwrap();
    let n = net(tray, opts.card);
    let bbox = |pts: &[(f64, f64)]| {
        pts.iter()
            .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
                (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
            })
    };
    let projected: Vec<(f64, f64)> = n
        .panels
        .iter()
        .flat_map(|(_, p)| p.iter())
        .map(|q| {
            let r = View::STEPS.project([q.x, q.y, 0.0]);
            (r.x, r.y)
        })
        .collect();
    let want = bbox(&projected);
    let (_, drawings) = steps_of("en", &opts);
    let mut pts = Vec::new();
    points(&drawings[..1], Transform::IDENTITY, &mut pts);
    let got = bbox(&pts);
    let ratio = |b: (f64, f64, f64, f64)| (b.2 - b.0) / (b.3 - b.1);
    assert!(
        (ratio(got) / ratio(want) - 1.0).abs() < 0.02,
        "drawn {:.3}, the net seen in the view {:.3}",
        ratio(got),
        ratio(want)
    );
    // Neither the net's width nor its length lies along the page.
    assert!((ratio(want) - n.width / n.height).abs() > 0.1);
}

#[test]
fn the_tab_and_the_lid_have_their_steps() {
    let res = resources("en");
    let (_, drawings) = steps_of("en", &BoxOptions::default());
    let accent = res.theme.side(jungle_print::game::Side::South);
    let north = res.theme.side(jungle_print::game::Side::North);
    let colours = |d: &Item| {
        let mut out = Vec::new();
        fills(std::slice::from_ref(d), &mut out);
        out
    };
    // Step 4: a close-up (cut off at its frame) with the slots in the accent.
    let tab = &drawings[3];
    let Item::Group(g) = tab else { panic!() };
    assert!(
        g.items.iter().any(|i| matches!(i, Item::Clip(_))),
        "a close-up"
    );
    assert!(colours(tab).contains(&accent), "the slot shows");
    // Step 5: the lid (its side walls in north's colour) over the counters of both sides.
    let lid = colours(&drawings[4]);
    assert!(lid.contains(&north) && lid.contains(&accent), "{lid:?}");
    for d in &drawings[..4] {
        assert!(!colours(d).contains(&north), "the lid before step 5");
    }
}

//! The rules poster tiled over smaller sheets (`rules --poster --paper a2
//! --tile a4`): as few sheets as the board's tiling makes, each at true size
//! with glue strips towards its neighbours, pieces that put back together
//! make the untiled poster exactly, a 50 mm scale bar on every sheet, and an
//! assembly map in every language.

use crate::common;

use common::*;
use jungle_print::compose::products::poster::{poster_sheets, PosterOptions};
use jungle_print::compose::products::tiles::GLUE;
use jungle_print::compose::products::Sheet;
use jungle_print::error::Opt;
use jungle_print::layout::paper::Paper;
use jungle_print::render::pdf::{render, PdfOptions};
use jungle_print::scene::{bounds, Item, Layer, Page, Seg};

/// x, y, width, height in mm.
type Bounds = (f64, f64, f64, f64);

fn rect(segs: &[Seg]) -> Bounds {
    let (x0, y0, x1, y1) = bounds(segs).unwrap();
    (x0, y0, x1 - x0, y1 - y0)
}

/// A tile page's region (page mm), the poster's scale and where its corner
/// lies on the page, and the glue strips' rectangles (page mm).
struct TileGeometry {
    region: Bounds,
    scale: (f64, f64),
    origin: (f64, f64),
    strips: Vec<Bounds>,
}

fn geometry(page: &Page) -> TileGeometry {
    let art = page.layer(Layer::Artwork);
    let Item::Clip(c) = &art[0] else {
        panic!("a tile starts with its region")
    };
    let [Item::Group(g)] = c.items.as_slice() else {
        panic!("the region holds the poster, as one group")
    };
    let [a, b, cc, d, e, f] = g.transform.0;
    assert!(b == 0.0 && cc == 0.0, "the poster is not turned");
    let strips = art[1..]
        .iter()
        .filter_map(|i| match i {
            Item::Clip(c) => Some(rect(&c.path)),
            _ => None,
        })
        .collect();
    TileGeometry {
        region: rect(&c.path),
        scale: (a, d),
        origin: (e, f),
        strips,
    }
}

/// 50 mm scale bars on a page's guides.
fn scale_bars(page: &Page) -> usize {
    page.layer(Layer::Guides)
        .iter()
        .filter(|i| match i {
            Item::Path(p) => match p.segs.as_slice() {
                [Seg::Move(a), Seg::Line(b)] => {
                    (a.y - b.y).abs() < 1e-9 && ((b.x - a.x).abs() - 50.0).abs() < 1e-9
                }
                _ => false,
            },
            _ => false,
        })
        .count()
}

#[test]
fn a_tiled_poster_reassembles_to_the_untiled_poster() {
    let res = resources("en");
    for (paper, sheet, count) in [
        ("a2", "a4", 8),
        ("a3", "a4", 4),
        ("a2", "a3", 4),
        ("a4", "a5", 4),
    ] {
        let (paper, sheet) = (Paper::parse(paper).unwrap(), Paper::parse(sheet).unwrap());
        let opts = PosterOptions { paper };
        let pages = poster_sheets(&res, &opts, Some(sheet), 0.0).unwrap();
        assert_eq!(
            pages.len(),
            count + 1,
            "{paper:?} on {sheet:?}: map + {count}"
        );
        assert_reassembles(&pages, paper, sheet);
    }
}

/// `pages`, an assembly map then tiles, are `paper`'s poster tiled over
/// `sheet`: every sheet that paper, with one scale bar; each tile at true
/// size, with a glue strip towards each later neighbour; the pieces cover
/// the poster exactly once.
fn assert_reassembles(pages: &[Page], paper: Paper, sheet: Paper) {
    let mut pieces = Vec::new();
    for page in pages {
        // Every sheet is the tile paper, either way round, with a scale bar.
        let (w, h) = (page.width.min(page.height), page.width.max(page.height));
        assert_eq!((w, h), (sheet.width, sheet.height));
        assert_eq!(scale_bars(page), 1, "{paper:?}: one 50 mm bar a sheet");
    }
    for page in &pages[1..] {
        let t = geometry(page);
        // True size: the poster is only moved, never scaled.
        assert_eq!(t.scale, (1.0, 1.0));
        let r = t.region;
        // The region in the poster's own coordinates.
        let piece = (r.0 - t.origin.0, r.1 - t.origin.1, r.2, r.3);
        // Each glue strip is GLUE mm wide, along the region's right or
        // lower edge, and stays on the sheet.
        for s in &t.strips {
            let right = (s.0 - (r.0 + r.2)).abs() < 1e-9 && (s.2 - GLUE).abs() < 1e-9;
            let below = (s.1 - (r.1 + r.3)).abs() < 1e-9 && (s.3 - GLUE).abs() < 1e-9;
            assert!(right || below, "{paper:?}: strip {s:?} beside {r:?}");
            assert!(s.0 + s.2 <= page.width + 1e-9 && s.1 + s.3 <= page.height + 1e-9);
        }
        let right_neighbour = piece.0 + piece.2 < paper.width - 1e-6;
        let below_neighbour = piece.1 + piece.3 < paper.height - 1e-6;
        assert_eq!(
            t.strips.len(),
            usize::from(right_neighbour) + usize::from(below_neighbour),
            "{paper:?}: a strip towards each later neighbour, none at the edges"
        );
        pieces.push(piece);
    }
    // The pieces cover the poster exactly once: inside it, no two
    // overlapping, their areas adding up to the paper's.
    let area: f64 = pieces.iter().map(|p| p.2 * p.3).sum();
    assert!(
        (area - paper.width * paper.height).abs() < 1e-6,
        "{paper:?}: {area}"
    );
    for (i, a) in pieces.iter().enumerate() {
        assert!(a.0 >= -1e-9 && a.1 >= -1e-9);
        assert!(a.0 + a.2 <= paper.width + 1e-6 && a.1 + a.3 <= paper.height + 1e-6);
        for b in &pieces[i + 1..] {
            let apart = a.0 + a.2 <= b.0 + 1e-6
                || b.0 + b.2 <= a.0 + 1e-6
                || a.1 + a.3 <= b.1 + 1e-6
                || b.1 + b.3 <= a.1 + 1e-6;
            assert!(apart, "{paper:?}: {a:?} overlaps {b:?}");
        }
    }
}

#[test]
fn every_language_says_how_to_put_the_poster_together() {
    for lang in LANGS {
        let res = resources(lang);
        let opts = PosterOptions {
            paper: Paper::parse("a3").unwrap(),
        };
        let pages = poster_sheets(&res, &opts, Some(Paper::A4), 0.0).unwrap();
        let doc = jungle_print::document("t", pages, &res);
        let text = pdf_text(&render(&doc, &PdfOptions::default()).unwrap());
        let words = &res.lang.tiles;
        assert!(text.contains(&words.poster_heading), "{lang}: heading");
        assert!(
            !text.contains(&words.map_heading),
            "{lang}: not the board's"
        );
        assert!(text.contains(&words.glue), "{lang}: glue strips");
        assert!(text.contains("2·2"), "{lang}: tile names");
        assert!(!text.contains('{'), "{lang}: a placeholder left in {text}");
    }
}

#[test]
fn sheets_that_hold_the_poster_or_a_pack_without_the_words_are_refused() {
    let res = resources("en");
    let a3 = PosterOptions {
        paper: Paper::parse("a3").unwrap(),
    };
    for sheet in ["a3", "a2", "420x297", "50x50"] {
        let sheet = Paper::parse(sheet).unwrap();
        let e = poster_sheets(&res, &a3, Some(sheet), 0.0).unwrap_err();
        assert_eq!(e.opt(), Some(Opt::Tile), "{sheet:?}: {e}");
    }
    // Without a tile size: one page, with its bleed.
    let pages = poster_sheets(&res, &a3, None, 3.0).unwrap();
    assert_eq!((pages.len(), pages[0].bleed), (1, 3.0));
    // A pack written before the poster could be tiled still prints the
    // untiled poster; tiling it names the missing key.
    let src = jungle_print::lang::BUILTIN[0]
        .1
        .replace("poster_heading = ", "# poster_heading = ");
    let lang = jungle_print::lang::Lang::parse(&src, "old.toml").unwrap();
    let res = jungle_print::resolve::Resources::new(
        Default::default(),
        lang,
        jungle_print::play::rules::Ruleset::builtin("standard").unwrap(),
    )
    .unwrap();
    assert!(poster_sheets(&res, &a3, None, 0.0).is_ok());
    let e = poster_sheets(&res, &a3, Some(Paper::A4), 0.0).unwrap_err();
    assert!(e.to_string().contains("tiles.poster_heading"), "{e}");
}

/// `set --poster-paper a2` on A4: the A2 poster tiled over the set's A4
/// sheets as `rules --poster --tile` tiles it, after the rules; once in a
/// class set, unmarked, said on the cover, and counted as paper.
#[test]
fn a_sets_poster_paper_tiles_its_poster_once_over_the_sets_paper() {
    use jungle_print::compose::products::set::{set_pages, SetOptions};
    use jungle_print::scene::text_runs;
    let res = resources("en");
    let a2 = Paper::parse("a2").unwrap();
    for copies in [1, 3] {
        let opts = SetOptions {
            poster_paper: Some(a2),
            copies,
            ..SetOptions::default()
        };
        let (pages, parts) = set_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
        assert_eq!(pages.len(), parts.total(true), "{copies}");
        let (first, last) = parts.poster.expect("a poster");
        assert_eq!(
            (first, last - first + 1),
            (parts.rules.1 + 1, 9),
            "{copies}"
        );
        assert_reassembles(&pages[first - 1..last], a2, Paper::A4);
        // One poster: its map heading on one page, the cover's thumbnails aside.
        let heading = &res.lang.tiles.poster_heading;
        let maps = pages[1..]
            .iter()
            .filter(|p| {
                p.layers
                    .iter()
                    .any(|(_, items)| text_runs(items).iter().any(|r| &r.text == heading))
            })
            .count();
        assert_eq!(maps, 1, "{copies}: one poster");
        // Paper: the cover, each set's rules on one sheet (two pages,
        // double-sided), the poster's nine sheets, the box's steps' page.
        assert_eq!(
            parts.paper_sheets,
            1 + copies + 9 + usize::from(parts.box_steps.is_some()),
            "{copies}"
        );
        let summary = jungle_print::compose::products::set::summary_line(&res, &parts);
        assert!(
            summary.contains(&format!("{} sheets of paper", parts.paper_sheets)),
            "{summary}"
        );
        // The cover says the class's poster is printed once.
        let cover: Vec<String> = pages[0]
            .layers
            .iter()
            .flat_map(|(_, items)| text_runs(items).into_iter().map(|r| r.text.clone()))
            .collect();
        let cover = cover.join(" ");
        assert_eq!(
            cover.contains("for the whole class"),
            copies > 1,
            "{copies}: {cover}"
        );
    }
    // A poster paper a sheet holds: one page of that size, with the bleed.
    let opts = SetOptions {
        poster_paper: Some(Paper::parse("a4").unwrap()),
        ..SetOptions::default()
    };
    let (pages, parts) = set_pages(
        &res,
        &Sheet::new(Paper::parse("a3").unwrap()).with_bleed(2.0),
        &opts,
    )
    .unwrap();
    let (first, last) = parts.poster.unwrap();
    assert_eq!(first, last);
    let p = &pages[first - 1];
    assert_eq!((p.width, p.height, p.bleed), (210.0, 297.0, 2.0));
    // Too small for the poster, or too large to tile: the poster paper's fault.
    for (poster, paper) in [("60x80", "a4"), ("2000x2000", "a5")] {
        let opts = SetOptions {
            poster_paper: Some(Paper::parse(poster).unwrap()),
            ..SetOptions::default()
        };
        let e = set_pages(&res, &Sheet::new(Paper::parse(paper).unwrap()), &opts).unwrap_err();
        assert_eq!(e.opt(), Some(Opt::PosterPaper), "{poster}: {e}");
    }
}

/// A tiled poster's or board's drawing is in the PDF once: every tile's
/// region and glue strips place one of two Form XObjects (the drawing and
/// its faint copy) instead of drawing it again, so the A2 poster on A4
/// sheets is a fraction of the size it was (640 KB when drawn per tile).
#[test]
fn every_tile_places_the_drawing_written_once() {
    use jungle_print::compose::products::tiles::board_tiles;
    let res = resources("en");
    let a2 = PosterOptions {
        paper: Paper::parse("a2").unwrap(),
    };
    let poster = poster_sheets(&res, &a2, Some(Paper::A4), 0.0).unwrap();
    let board = board_tiles(&res, Paper::A4, 40.0, Opt::Square).unwrap();
    for (what, pages) in [("poster", poster), ("board", board)] {
        let tiles = pages.len() - 1;
        let doc = jungle_print::document("t", pages, &res);
        let pdf = render(&doc, &PdfOptions::default()).unwrap();
        let lo = lopdf::Document::load_mem(&pdf).unwrap();
        let forms: Vec<lopdf::ObjectId> = lo
            .objects
            .iter()
            .filter(|(_, o)| match o {
                lopdf::Object::Stream(s) => {
                    s.dict.get(b"Subtype").and_then(|t| t.as_name()).ok() == Some(&b"Form"[..])
                }
                _ => false,
            })
            .map(|(id, _)| *id)
            .collect();
        assert_eq!(forms.len(), 2, "{what}: the drawing and its faint copy");
        let ids: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
        let mut placed = std::collections::BTreeMap::<lopdf::ObjectId, usize>::new();
        for &page in &ids {
            let content = lopdf::content::Content::decode(&lo.get_page_content(page)).unwrap();
            // Resources, and their XObject dictionary, each written inline
            // or as an object of its own.
            let deref = |o: &lopdf::Object| match o {
                lopdf::Object::Reference(r) => lo.get_dictionary(*r).unwrap().clone(),
                lopdf::Object::Dictionary(d) => d.clone(),
                o => panic!("{o:?}"),
            };
            let resources = deref(lo.get_dictionary(page).unwrap().get(b"Resources").unwrap());
            let xobjects = deref(resources.get(b"XObject").unwrap());
            for op in content.operations.iter().filter(|o| o.operator == "Do") {
                let name = op.operands[0].as_name().unwrap();
                let id = xobjects.get(name).unwrap().as_reference().unwrap();
                assert!(forms.contains(&id), "{what}: a form");
                *placed.entry(id).or_default() += 1;
            }
        }
        // The drawing once a tile, its faint copy once a glue strip (at
        // least once), the assembly map drawing its own small copy.
        let uses: Vec<usize> = placed.values().copied().collect();
        assert_eq!(uses.len(), 2, "{what}: {uses:?}");
        assert!(uses.contains(&tiles), "{what}: {uses:?} for {tiles} tiles");
        if what == "poster" {
            assert!(pdf.len() < 200_000, "{what}: {} bytes", pdf.len());
        }
    }
}

//! The whole set: a cover page that lists the real pages, tiling, duplex parity.

use crate::common;

use common::*;
use jungle_print::compose::products::counters::Sides;
use jungle_print::compose::products::set::{page_words, set_pages, SetOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::layout::paper::Paper;
use jungle_print::layout::Flip;
use jungle_print::render::pdf::{render, PdfOptions};

#[test]
fn the_cover_lists_the_pages_the_set_really_has() {
    for lang in LANGS {
        let res = resources(lang);
        for (square, sides) in [
            (None, Sides::Fold),
            (Some(40.0), Sides::Duplex(Flip::LongEdge)),
            (None, Sides::Duplex(Flip::ShortEdge)),
        ] {
            let opts = SetOptions {
                square,
                sides,
                ..SetOptions::default()
            };
            let (pages, parts) = set_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
            let boxed = parts.boxnet.expect("a box by default");
            // Card together (board, counters, nets), then the rules on paper.
            assert_eq!(parts.card, (parts.board.0, boxed.1), "{lang}");
            assert_eq!(boxed.0, parts.counters.1 + 1, "{lang}: nets after counters");
            assert_eq!(
                parts.rules.0,
                boxed.1 + 1,
                "{lang}: the rules after the card"
            );
            let last = parts.box_steps.unwrap_or(parts.rules.1);
            assert_eq!(
                last,
                pages.len(),
                "{lang}: nothing after the rules but the steps"
            );
            assert_eq!(parts.board.0, 2, "the board follows the cover");
            assert_eq!(parts.tiled, square.is_some());
            if let Sides::Duplex(_) = sides {
                assert_eq!(parts.counters.0 % 2, 1, "counter fronts on odd pages");
                assert_eq!((parts.counters.1 - parts.counters.0 + 1) % 2, 0);
            }
            // The cover's own words name those pages.
            let cover = jungle_print::document("c", vec![pages[0].clone()], &res);
            let text = pdf_text(&render(&cover, &PdfOptions::default()).unwrap());
            let flat: String = text.split_whitespace().collect();
            let w = &res.lang.cover;
            for r in [parts.counters, parts.rules, boxed, parts.card] {
                let want: String = page_words(&res, r).split_whitespace().collect();
                assert!(
                    flat.contains(&want),
                    "{lang}: {want} not on the cover: {text}"
                );
            }
            // One numbered thumbnail per other page.
            for n in 2..=pages.len() {
                let label: String = w
                    .page_label
                    .replace("{n}", &n.to_string())
                    .split_whitespace()
                    .collect();
                assert!(flat.contains(&label), "{lang}: no thumbnail label {label}");
            }
            assert!(!text.contains('{'), "{lang}: placeholder left: {text}");
        }
    }
}

#[test]
fn without_a_cover_the_board_comes_first() {
    let res = resources("en");
    let with = set_pages(&res, &Sheet::new(Paper::A4), &SetOptions::default())
        .unwrap()
        .0;
    let (pages, parts) = set_pages(
        &res,
        &Sheet::new(Paper::A4),
        &SetOptions {
            cover: false,
            ..SetOptions::default()
        },
    )
    .unwrap();
    assert_eq!(parts.board, (1, 1));
    let (no_box, parts_nb) = set_pages(
        &res,
        &Sheet::new(Paper::A4),
        &SetOptions {
            boxed: false,
            ..SetOptions::default()
        },
    )
    .unwrap();
    assert_eq!(parts_nb.boxnet, None);
    assert_eq!(no_box.len() + 1, with.len(), "the nets' sheet left out");
    // Without a cover the steps take a page of their own, the last.
    assert_eq!(parts.box_steps, Some(pages.len()));
    assert_eq!(with.len(), pages.len());
    assert_eq!(&with[1..], &pages[..pages.len() - 1]);
}

/// The Form XObjects of a PDF: their resource names (as the XObject
/// dictionaries give them) and decoded content.
fn forms(doc: &lopdf::Document) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut out = Vec::new();
    for (_, obj) in doc.objects.iter() {
        let Ok(d) = obj.as_dict() else { continue };
        for (name, v) in d.iter() {
            let Ok(id) = v.as_reference() else { continue };
            let Ok(lopdf::Object::Stream(s)) = doc.get_object(id) else {
                continue;
            };
            if s.dict.get(b"Subtype").and_then(|o| o.as_name()).ok() == Some(&b"Form"[..]) {
                out.push((
                    name.clone(),
                    s.decompressed_content().unwrap_or(s.content.clone()),
                ));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Each page the cover shows is drawn once in the file: a Form XObject that
/// the page itself and its thumbnail on the cover both place.
#[test]
fn cover_thumbnails_place_the_pages_drawings() {
    let bytes = cli_pdf(&["set"]);
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let pages: Vec<lopdf::ObjectId> = doc.get_pages().into_values().collect();
    let forms = forms(&doc);
    assert_eq!(
        forms.len(),
        pages.len() - 1,
        "one form per page but the cover"
    );
    let cover = String::from_utf8(doc.get_page_content(pages[0])).unwrap();
    for (n, &id) in pages.iter().enumerate().skip(1) {
        let name = format!("Pg{}", n + 1);
        let own = doc.get_page_content(id);
        assert_eq!(
            own.trim_ascii(),
            format!("/{name} Do").as_bytes(),
            "page {}",
            n + 1
        );
        let (_, body) = forms
            .iter()
            .find(|(k, _)| k == name.as_bytes())
            .unwrap_or_else(|| panic!("no form {name}"));
        assert!(body.len() > 1000, "{name} holds the page's drawing");
        // On the cover: once, scaled down inside the thumbnail's clip.
        assert_eq!(cover.matches(&format!("/{name} Do")).count(), 1, "{name}");
    }
    // No drawing is written twice: the cover's own content is small.
    // (The box's step diagrams in perspective are the cover's own: about 65 KB.)
    assert!(cover.len() < 90_000, "{} bytes", cover.len());
    // And each page's words are still there, through the form.
    let text = std::process::Command::new("pdftotext")
        .args(["-f", "5", "-l", "5", "-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = text else {
        crate::common::missing(
            "pdftotext is not installed (apt-get install poppler-utils); page 5's text was not extracted",
        );
        return;
    };
    {
        use std::io::Write as _;
        child.stdin.take().unwrap().write_all(&bytes).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "pdftotext failed on the set");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Elephant"), "rules text on page 5: {text}");
}

/// A print shop's set has no shared drawings: the thumbnails take the cover's
/// colours, so no die line (CutContour) is drawn on the cover.
#[test]
fn print_shop_cover_thumbnails_are_flattened() {
    let bytes = cli_pdf(&["set", "--for", "print-shop"]);
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    assert!(forms(&doc).is_empty());
    let pages: Vec<lopdf::ObjectId> = doc.get_pages().into_values().collect();
    let cover = String::from_utf8(doc.get_page_content(pages[0])).unwrap();
    assert!(!cover.contains("CutContour"), "no die line on the cover");
    assert!(cover.len() > 100_000, "the thumbnails are drawn in place");
}

/// The text of a page's guides layer, its runs joined, without spaces.
fn guides_text(page: &jungle_print::scene::Page) -> String {
    jungle_print::scene::text_runs(page.layer(jungle_print::scene::Layer::Guides))
        .iter()
        .map(|r| r.text.as_str())
        .collect::<String>()
        .split_whitespace()
        .collect()
}

#[test]
fn a_class_set_is_grouped_by_material_each_page_marked_with_its_set() {
    let len = |r: (usize, usize)| r.1 + 1 - r.0;
    for lang in LANGS {
        let res = resources(lang);
        for sides in [Sides::Fold, Sides::Duplex(Flip::LongEdge)] {
            let one = SetOptions {
                sides,
                ..SetOptions::default()
            };
            let (single, p1) = set_pages(&res, &Sheet::new(Paper::A4), &one).unwrap();
            assert_eq!((p1.sets, single.len()), (1, p1.total(true)));
            let (pages, parts) = set_pages(
                &res,
                &Sheet::new(Paper::A4),
                &SetOptions { copies: 3, ..one },
            )
            .unwrap();
            assert_eq!(pages.len(), parts.total(true), "{lang}");
            let (board, nets) = (len(p1.board), len(p1.boxnet.unwrap()));
            let rules = len(p1.rules) + usize::from(parts.rules_blank);
            // Card first: every set's board, the shared counter sheets, every
            // set's box; then paper: every set's rules.
            assert_eq!(parts.board, (2, 1 + 3 * board));
            let boxes = parts.boxnet.unwrap();
            assert_eq!(len(boxes), 3 * nets);
            assert_eq!(boxes.0, parts.counters.1 + 1);
            assert_eq!(parts.card, (parts.board.0, boxes.1));
            assert_eq!(parts.rules, (boxes.1 + 1, boxes.1 + 3 * rules));
            assert_eq!(parts.box_steps.unwrap_or(pages.len()), pages.len());
            // The counters of the three sets on the fewest sheets.
            let per_page = match sides {
                Sides::Duplex(_) => 2,
                _ => 1,
            };
            let sheets = (3 * parts.counters_per_set).div_ceil(parts.counters_per_sheet);
            assert_eq!(len(parts.counters), sheets * per_page, "{lang}");
            assert!(sheets < 3 * len(p1.counters) / per_page);
            if let Sides::Duplex(_) = sides {
                assert_eq!(
                    parts.counters.0 % 2,
                    1,
                    "{lang}: counter fronts on odd pages"
                );
            }
            let words = |s: &str| -> String { s.split_whitespace().collect() };
            let mark = |k: usize| {
                words(
                    &res.lang
                        .cover
                        .set_mark
                        .replace("{k}", &k.to_string())
                        .replace("{n}", "3"),
                )
            };
            assert!(!guides_text(&pages[0]).contains(&mark(1)));
            // Each set's own pages: marked with its set, otherwise set 1's.
            for (range, each, first) in [
                (parts.board, board, p1.board.0),
                (boxes, nets, p1.boxnet.unwrap().0),
                (parts.rules, rules, p1.rules.0),
            ] {
                for n in range.0..=range.1 {
                    let (k, i) = ((n - range.0) / each + 1, (n - range.0) % each);
                    if parts.rules_blank && range == parts.rules && i + 1 == each {
                        assert!(guides_text(&pages[n - 1]).is_empty(), "a blank page");
                        continue;
                    }
                    let text = guides_text(&pages[n - 1]);
                    assert!(
                        text.contains(&mark(k)),
                        "{lang}: page {n} lacks {}: {text}",
                        mark(k)
                    );
                    for other in (1..=3).filter(|&o| o != k) {
                        assert!(!text.contains(&mark(other)), "{lang}: page {n}: {text}");
                    }
                    assert_eq!(
                        pages[n - 1].layer(jungle_print::scene::Layer::Artwork),
                        single[first + i - 1].layer(jungle_print::scene::Layer::Artwork),
                        "{lang}: page {n}"
                    );
                }
            }
            // Each counter sheet names the sets whose counters it holds.
            for n in parts.counters.0..=parts.counters.1 {
                let sheet = (n - parts.counters.0) / per_page;
                let from = sheet * parts.counters_per_sheet / parts.counters_per_set + 1;
                let last =
                    ((sheet + 1) * parts.counters_per_sheet).min(3 * parts.counters_per_set) - 1;
                let to = last / parts.counters_per_set + 1;
                let w = &res.lang.cover;
                let want = match from == to {
                    true => mark(from),
                    false => words(
                        &w.sets_mark
                            .replace("{from}", &from.to_string())
                            .replace("{to}", &to.to_string())
                            .replace("{n}", "3"),
                    ),
                };
                let text = guides_text(&pages[n - 1]);
                assert!(
                    text.contains(&want),
                    "{lang}: counter page {n}: {text}, not {want}"
                );
            }
            // The cover says how the file is grouped, and the summary.
            let cover = jungle_print::document("c", vec![pages[0].clone()], &res);
            let text = pdf_text(&render(&cover, &PdfOptions::default()).unwrap());
            let flat = words(&text);
            let sets = &res.lang.cover.sets;
            let opening = words(&sets[..sets.find("{card}").unwrap()].replace("{n}", "3"));
            assert!(
                flat.contains(&opening),
                "{lang}: {opening} not on the cover: {text}"
            );
            let summary = words(&jungle_print::compose::products::set::summary_line(
                &res, &parts,
            ));
            assert!(
                flat.contains(&summary),
                "{lang}: {summary} not on the cover: {text}"
            );
            assert!(!text.contains('{'), "{lang}: placeholder left: {text}");
        }
    }
}

/// The printing summary's figures are the pages': sheets of card are the
/// card pages that print (a duplex sheet's two sides once, blank pages
/// not), sheets of paper the cover, the rules' sheets and the box's steps;
/// the cuts are one per counter (a fold-over pair cut once), the box nets'
/// outlines and slots, and the board's four edges, their length the
/// counters' outlines' and the rest measured on the same pages.
#[test]
fn the_printing_summary_counts_the_pages_composed() {
    use jungle_print::compose::checks::cutting::Cutting;
    use jungle_print::scene::Layer;
    let res = resources("en");
    for (sides, copies) in [
        (Sides::Fold, 1),
        (Sides::Fold, 15),
        (Sides::Duplex(Flip::LongEdge), 4),
        (Sides::Single, 7),
    ] {
        let opts = SetOptions {
            sides,
            copies,
            ..SetOptions::default()
        };
        let (pages, parts) = set_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
        let printed =
            |p: &jungle_print::scene::Page| p.layers.iter().any(|(_, items)| !items.is_empty());
        let card = &pages[parts.card.0 - 1..parts.card.1];
        let backs = match sides {
            Sides::Duplex(_) => (parts.counters.1 + 1 - parts.counters.0) / 2,
            _ => 0,
        };
        assert_eq!(
            parts.card_sheets,
            card.iter().filter(|p| printed(p)).count() - backs,
            "{sides:?} × {copies}"
        );
        let rules = parts.rules.1 + 1 - parts.rules.0;
        assert_eq!(
            parts.paper_sheets,
            1 + rules.div_ceil(2) + usize::from(parts.box_steps.is_some()),
            "{sides:?} × {copies}: the cover, the rules on both sides, the steps"
        );
        assert_eq!(
            pages.len(),
            parts.card.1 + rules + usize::from(parts.box_steps.is_some())
        );
        // Cuts measured independently: the counters' outlines are circles.
        let counters = &pages[parts.counters.0 - 1..parts.counters.1];
        let mut cut = Cutting::of(counters);
        if sides == Sides::Fold {
            cut = cut.halved();
        }
        let n = 16 * copies;
        assert_eq!(cut.cuts, n, "{sides:?} × {copies}: one cut a counter");
        // The default counters on A4: 22 mm circles.
        let circle = std::f64::consts::PI * 22.0;
        assert!(
            (cut.length - n as f64 * circle).abs() < n as f64 * circle * 0.01,
            "{sides:?} × {copies}: {} mm for {n} circles of {circle} mm",
            cut.length
        );
        let boxes = &pages[parts.boxnet.unwrap().0 - 1..parts.boxnet.unwrap().1];
        let nets = Cutting::of(boxes);
        assert!(nets.cuts >= 2 * copies, "two nets a set at least");
        let board = 27.0 * 2.0 * (7.0 + 9.0);
        let whole = parts.cutting;
        assert_eq!(whole.cuts, cut.cuts + nets.cuts + 4 * copies);
        assert!((whole.length - (cut.length + nets.length + board * copies as f64)).abs() < 1e-6);
        assert!(
            pages[parts.board.0 - 1].layer(Layer::Cut).is_empty(),
            "a home board has no die line"
        );
        // The times follow the stated model.
        assert!(whole.scissors() > whole.plotter(parts.card_sheets));
    }
}

/// The counters of all the sets are packed: every counter sheet but the
/// last is full, the sheets are the fewest that hold them all (6 A4 sheets
/// of 40 fold-over pairs for 15 sets, not 15), each marked with the sets it
/// holds, and the card sheets count them once.
#[test]
fn the_counters_of_all_copies_are_packed() {
    use jungle_print::compose::checks::cutting::Cutting;
    let res = resources("en");
    for (sides, copies) in [(Sides::Fold, 15), (Sides::Single, 15), (Sides::Fold, 4)] {
        let opts = SetOptions {
            sides,
            copies,
            ..SetOptions::default()
        };
        let (pages, parts) = set_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
        let all = 16 * copies;
        let per_sheet = parts.counters_per_sheet;
        let sheets = all.div_ceil(per_sheet);
        let counters = &pages[parts.counters.0 - 1..parts.counters.1];
        assert_eq!(counters.len(), sheets, "{sides:?} × {copies}");
        if (sides, copies) == (Sides::Fold, 15) {
            assert_eq!((per_sheet, sheets), (40, 6), "40 pairs a sheet, 6 sheets");
        }
        for (i, page) in counters.iter().enumerate() {
            let mut cut = Cutting::of(std::slice::from_ref(page));
            if sides == Sides::Fold {
                cut = cut.halved();
            }
            let held = per_sheet.min(all - i * per_sheet);
            assert_eq!(cut.cuts, held, "{sides:?} × {copies}: sheet {}", i + 1);
            let (first, last) = (i * per_sheet / 16 + 1, (i * per_sheet + held - 1) / 16 + 1);
            let mark = match first == last {
                true => format!("Set{first}of{copies}"),
                false => format!("Sets{first}–{last}of{copies}"),
            };
            assert!(
                guides_text(page).contains(&mark),
                "{sides:?} × {copies}: sheet {} says {:?}, not {mark}",
                i + 1,
                guides_text(page)
            );
        }
        // Each set's board and box on card, the counter sheets once.
        let nets = parts.boxnet.map_or(0, |(a, b)| b + 1 - a) / copies;
        let board = (parts.board.1 + 1 - parts.board.0) / copies;
        assert_eq!(parts.card_sheets, copies * (board + nets) + sheets);
    }
}

/// The teacher's class set: 15 sets, ink-saver, A4, in at most 84 pages
/// (76 before the counters were packed), on 36 sheets of card: 15 boards,
/// 15 boxes and the 240 counters on 6 sheets.
#[test]
fn a_class_set_of_15_fits_84_pages() {
    use jungle_print::job::{Job, Kind, Summary};
    let mut job = Job::new(Kind::Set(SetOptions {
        copies: 15,
        ..SetOptions::default()
    }));
    job.inputs.theme = Some(jungle_print::input::Source::builtin("ink-saver"));
    let made = job.run().unwrap();
    let Summary::Set { parts, .. } = made.summary else {
        panic!("a set")
    };
    assert!(made.doc.pages.len() <= 84, "{} pages", made.doc.pages.len());
    assert_eq!(made.doc.pages.len(), parts.total(true));
    assert_eq!(
        parts.counters.1 + 1 - parts.counters.0,
        6,
        "240 counters on 6 sheets"
    );
    assert_eq!(parts.card_sheets, 15 + 6 + 15);
}

/// The cover counts the counters the ruleset plays with: 16, or 8 for
/// Animal Checkers, in every language.
#[test]
fn the_cover_counts_the_counters_in_play() {
    for (ruleset, n) in [("standard", "16"), ("checkers", "8")] {
        for lang in common::LANGS {
            let mut job = jungle_print::job::Job::new(jungle_print::job::Kind::set());
            job.inputs.ruleset = jungle_print::input::Source::builtin(ruleset);
            job.inputs.lang = jungle_print::input::Source::builtin(lang);
            let made = job.run().unwrap();
            let cover: String = jungle_print::scene::text_runs(
                made.doc.pages[0].layer(jungle_print::scene::Layer::Artwork),
            )
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
            let flat: String = cover.chars().filter(|c| !c.is_whitespace()).collect();
            let said = ["counters", "pions", "枚棋子"]
                .iter()
                .any(|what| flat.contains(&format!("{n}{what}")));
            assert!(said && !cover.contains("{n}"), "{ruleset} {lang}: {cover}");
        }
    }
}

#[test]
fn the_cover_names_the_poster_on_a_line_of_its_own() {
    for lang in LANGS {
        let res = resources(lang);
        let opts = SetOptions {
            poster: true,
            ..SetOptions::default()
        };
        let (pages, parts) = set_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
        let (poster, last) = parts.poster.expect("a poster page");
        assert_eq!(poster, last, "{lang}: one poster in one set");
        assert_eq!(
            poster,
            parts.rules.1 + 1,
            "{lang}: the poster follows the handout"
        );
        assert_eq!(
            parts.boxnet.unwrap().1 + 1,
            parts.rules.0,
            "{lang}: the box's card before the rules' paper"
        );
        let cover = jungle_print::document("c", vec![pages[0].clone()], &res);
        let flat: String = pdf_text(&render(&cover, &PdfOptions::default()).unwrap())
            .split_whitespace()
            .collect();
        let line = |template: &str, r| -> String {
            template
                .replace("{pages}", &page_words(&res, r))
                .split_whitespace()
                .collect()
        };
        let w = &res.lang.cover;
        assert!(
            flat.contains(&line(&w.rules, parts.rules)),
            "{lang}: {flat}"
        );
        assert!(
            flat.contains(&line(&w.poster, (poster, poster))),
            "{lang}: {flat}"
        );
        // Without a poster there is no poster line.
        let (pages, parts) =
            set_pages(&res, &Sheet::new(Paper::A4), &SetOptions::default()).unwrap();
        assert_eq!(parts.poster, None);
        let cover = jungle_print::document("c", vec![pages[0].clone()], &res);
        let flat: String = pdf_text(&render(&cover, &PdfOptions::default()).unwrap())
            .split_whitespace()
            .collect();
        let stem: String = w
            .poster
            .split('{')
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        assert!(!flat.contains(&stem), "{lang}: {flat}");
    }
}

/// The default set takes 6 pages in every theme and language, on A4 and
/// Letter, with its card pages together and named on the cover; double-sided
/// counters add their backs' page. Kids' board of 35 mm squares (for its
/// 29 mm counters) is tiled: an assembly map and two sheets, two pages more.
#[test]
fn the_default_set_takes_six_pages_card_together() {
    use jungle_print::job::{Job, Kind};
    for theme in ["classic", "ink-saver", "kids", "picture-book"] {
        for lang in LANGS {
            for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
                let mut job = Job::new(Kind::set());
                job.inputs.theme = Some(jungle_print::input::Source::builtin(theme));
                job.inputs.lang = jungle_print::input::Source::builtin(lang);
                job.paper = paper;
                let made = job.run().unwrap();
                let pages = made.doc.pages.len();
                // Zhuyin beside every character of the rules adds their third page.
                let zhuyin = usize::from(lang == "zh-Hant");
                let tiled = 2 * usize::from(theme == "kids");
                let jungle_print::job::Summary::Set { parts, .. } = made.summary else {
                    panic!("a set")
                };
                // A tiled board's longer cover may send the box's steps to a page of their own.
                let steps = usize::from(parts.box_steps.is_some());
                assert!(
                    steps == 0 || tiled > 0,
                    "{theme} {lang}: steps on the cover"
                );
                assert!(
                    pages <= 6 + zhuyin + tiled + steps,
                    "{theme} {lang} {paper:?}: {pages} pages"
                );
                assert_eq!(
                    parts.card,
                    (2, 4 + tiled),
                    "{theme} {lang}: board, counters, nets"
                );
                assert_eq!(parts.rules.0, 5 + tiled, "{theme} {lang}");
            }
        }
    }
    // The cover says which pages go on card.
    for lang in LANGS {
        let res = resources(lang);
        let (pages, parts) =
            set_pages(&res, &Sheet::new(Paper::A4), &SetOptions::default()).unwrap();
        let cover = jungle_print::document("c", vec![pages[0].clone()], &res);
        let flat: String = pdf_text(&render(&cover, &PdfOptions::default()).unwrap())
            .split_whitespace()
            .collect();
        let card: String = res
            .lang
            .cover
            .card
            .replace("{pages}", &page_words(&res, parts.card))
            .split_whitespace()
            .collect();
        let head: String = card.chars().take(24).collect();
        assert!(flat.contains(&head), "{lang}: {head} not in {flat}");
    }
}

/// A class set's rules are printed double-sided whatever the counters'
/// sides (the cover says so in every mode), all the sets' rules in one
/// range: rules of an odd number of pages end with a blank page in single
/// and fold class sets too, or the next set's first page would fall on the
/// back of this set's last and two sets would share a sheet. With it each
/// set's rules start on a sheet's front, and the paper sheets the summary
/// counts are the rules' pages printed two to a sheet. One set needs none.
#[test]
fn every_set_s_rules_have_sheets_of_their_own_in_every_mode() {
    let res = resources("en");
    for sides in [Sides::Single, Sides::Fold, Sides::Duplex(Flip::LongEdge)] {
        let one = SetOptions {
            sides,
            square: Some(40.0),
            ..SetOptions::default()
        };
        let (single, p1) = set_pages(&res, &Sheet::new(Paper::parse("a5").unwrap()), &one).unwrap();
        let own = p1.rules.1 + 1 - p1.rules.0;
        assert_eq!(own % 2, 1, "{sides:?}: this case has rules of odd length");
        assert!(!p1.rules_blank);
        assert_eq!(single.len(), p1.total(true));
        let (pages, parts) = set_pages(
            &res,
            &Sheet::new(Paper::parse("a5").unwrap()),
            &SetOptions { copies: 3, ..one },
        )
        .unwrap();
        assert!(parts.rules_blank, "{sides:?}");
        let each = own + 1;
        assert_eq!(parts.rules.1 + 1 - parts.rules.0, 3 * each, "{sides:?}");
        assert_eq!(pages.len(), parts.total(true), "{sides:?}");
        for k in 0..3 {
            // Each set's first rules page on a sheet's front.
            assert_eq!((k * each) % 2, 0);
            let blank = &pages[parts.rules.0 + k * each + own - 1];
            assert!(
                blank.layers.iter().all(|(_, items)| items.is_empty()),
                "{sides:?}: set {}'s rules end on a blank page",
                k + 1
            );
        }
        let steps = usize::from(parts.box_steps.is_some());
        assert_eq!(parts.paper_sheets, 1 + 3 * each / 2 + steps, "{sides:?}");
    }
}

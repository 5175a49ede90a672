//! The whole set: a cover page that lists the real pages, tiling, duplex parity.

use crate::common;

use common::*;
use jungle_print::compose::counters::Sides;
use jungle_print::compose::set::{page_words, set_pages, SetOptions};
use jungle_print::layout::Flip;
use jungle_print::paper::Paper;
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
            let (pages, parts) = set_pages(&res, Paper::A4, 0.0, &opts).unwrap();
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
    let with = set_pages(&res, Paper::A4, 0.0, &SetOptions::default())
        .unwrap()
        .0;
    let (pages, parts) = set_pages(
        &res,
        Paper::A4,
        0.0,
        &SetOptions {
            cover: false,
            ..SetOptions::default()
        },
    )
    .unwrap();
    assert_eq!(parts.board, (1, 1));
    let (no_box, parts_nb) = set_pages(
        &res,
        Paper::A4,
        0.0,
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
    // (The box's step diagrams are the cover's own: about 30 KB.)
    assert!(cover.len() < 60_000, "{} bytes", cover.len());
    // And each page's words are still there, through the form.
    let text = std::process::Command::new("pdftotext")
        .args(["-f", "5", "-l", "5", "-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = text else {
        eprintln!("skipped: pdftotext is not installed; page 5's text was not extracted");
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
fn a_class_set_repeats_every_page_but_the_cover_each_marked_with_its_set() {
    for lang in LANGS {
        let res = resources(lang);
        for sides in [Sides::Fold, Sides::Duplex(Flip::LongEdge)] {
            let one = SetOptions {
                sides,
                ..SetOptions::default()
            };
            let (single, parts1) = set_pages(&res, Paper::A4, 0.0, &one).unwrap();
            // The box's steps, when not on the cover, are printed once, last.
            let steps1 = usize::from(parts1.box_steps.is_some());
            assert_eq!(
                (parts1.sets, parts1.set_len),
                (1, single.len() - 1 - steps1)
            );
            let (pages, parts) =
                set_pages(&res, Paper::A4, 0.0, &SetOptions { copies: 3, ..one }).unwrap();
            let len = parts.set_len;
            // Duplex sets keep an even length so that every set's counter
            // fronts fall on odd pages, as the first set's do.
            let pad = usize::from(matches!(sides, Sides::Duplex(_)) && parts1.set_len % 2 == 1);
            assert_eq!(len, parts1.set_len + pad, "{lang}");
            let steps = usize::from(parts.box_steps.is_some());
            assert_eq!(parts.box_steps.unwrap_or(pages.len()), pages.len());
            assert_eq!(parts.sets, 3);
            assert_eq!(
                pages.len(),
                1 + 3 * len + steps,
                "{lang}: the cover once, then 3 sets"
            );
            assert_eq!(
                parts.counters, parts1.counters,
                "{lang}: ranges are the first set's"
            );
            let mark = |k: usize| -> String {
                res.lang
                    .cover
                    .set_mark
                    .replace("{k}", &k.to_string())
                    .replace("{n}", "3")
                    .split_whitespace()
                    .collect()
            };
            assert!(
                !guides_text(&pages[0]).contains(&mark(1)),
                "{lang}: the cover has no set"
            );
            for (i, page) in pages.iter().enumerate().skip(1).take(3 * len) {
                let k = (i - 1) / len + 1;
                let text = guides_text(page);
                assert!(
                    text.contains(&mark(k)),
                    "{lang}: page {} lacks {}: {text}",
                    i + 1,
                    mark(k)
                );
                for other in (1..=3).filter(|&o| o != k) {
                    assert!(
                        !text.contains(&mark(other)),
                        "{lang}: page {} also says {}",
                        i + 1,
                        mark(other)
                    );
                }
                // Apart from the mark, the page is the first set's.
                let first = &pages[1 + (i - 1) % len];
                assert_eq!(
                    page.layer(jungle_print::scene::Layer::Artwork),
                    first.layer(jungle_print::scene::Layer::Artwork),
                    "{lang}: page {}",
                    i + 1
                );
                if (i - 1) % len + 1 == parts.counters.0 - 1 && matches!(sides, Sides::Duplex(_)) {
                    assert_eq!(
                        (i + 1) % 2,
                        1,
                        "{lang}: set {k}'s counter fronts on an odd page"
                    );
                }
            }
            // The cover says how many sets the file holds.
            let cover = jungle_print::document("c", vec![pages[0].clone()], &res);
            let text = pdf_text(&render(&cover, &PdfOptions::default()).unwrap());
            let flat: String = text.split_whitespace().collect();
            let first_words: String = res.lang.cover.sets
                [..res.lang.cover.sets.find("{len}").unwrap()]
                .replace("{n}", "3")
                .split_whitespace()
                .collect();
            assert!(
                flat.contains(&first_words),
                "{lang}: {first_words} not on the cover: {text}"
            );
            assert!(!text.contains('{'), "{lang}: placeholder left: {text}");
        }
    }
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
        let (pages, parts) = set_pages(&res, Paper::A4, 0.0, &opts).unwrap();
        let poster = parts.poster.expect("a poster page");
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
        let (pages, parts) = set_pages(&res, Paper::A4, 0.0, &SetOptions::default()).unwrap();
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
/// counters add their backs' page.
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
                assert!(
                    pages <= 6 + zhuyin,
                    "{theme} {lang} {paper:?}: {pages} pages"
                );
                let jungle_print::job::Summary::Set { parts, .. } = made.summary else {
                    panic!("a set")
                };
                assert_eq!(parts.box_steps, None, "{theme} {lang}: steps on the cover");
                assert_eq!(parts.card, (2, 4), "{theme} {lang}: board, counters, nets");
                assert_eq!(parts.rules, (5, 6 + zhuyin), "{theme} {lang}");
            }
        }
    }
    // The cover says which pages go on card.
    for lang in LANGS {
        let res = resources(lang);
        let (pages, parts) = set_pages(&res, Paper::A4, 0.0, &SetOptions::default()).unwrap();
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

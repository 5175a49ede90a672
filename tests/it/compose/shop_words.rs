//! A print shop's set speaks to a buyer whose pieces come die-cut: the cover
//! and the box's steps say to press the pieces out, the making time counts
//! no cutting, and the tools leave out scissors and knife. A set for a home
//! printer keeps its words; a pack written before the print shop's words
//! prints the home printer's, with one warning per key.

use crate::common;

use common::*;
use jungle_print::compose::products::boxnet::{box_pages, BoxOptions};
use jungle_print::compose::products::set::{page_words, set_pages, SetOptions, SetParts};
use jungle_print::compose::products::Sheet;
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::Ruleset;
use jungle_print::resolve::Resources;
use jungle_print::scene::{walk, Page, PageRef, Path, Placed, TextRun, Transform, Visitor};
use jungle_print::theme::Theme;

/// A print shop's A4 sheet, with bleed.
fn shop() -> Sheet {
    Sheet {
        print_shop: true,
        ..Sheet::new(Paper::A4).with_bleed(3.0)
    }
}

/// The set on `sheet` as the job makes it (for a print shop, duplex counters).
fn set_on(res: &Resources, sheet: &Sheet, opts: SetOptions) -> (Vec<Page>, SetParts) {
    set_pages(res, sheet, &opts.as_made(res, sheet)).unwrap()
}

/// The words a page prints itself, run into one string without spaces:
/// every text run but the readings beside Chinese characters, and none of
/// the pages a thumbnail shows.
fn words(page: &Page) -> String {
    struct Runs(String);
    impl<'a> Visitor<'a> for Runs {
        fn path(&mut self, _: &'a Path, _: Transform) {}
        fn text(&mut self, run: &'a TextRun, _: Transform) {
            if !is_reading(run) {
                self.0.push_str(&run.text);
            }
        }
        fn picture(&mut self, _: &'a Placed, _: Transform) {}
        fn page(&mut self, _: &'a PageRef, _: Transform) -> bool {
            true
        }
    }
    let mut runs = Runs(String::new());
    for (_, items) in page.layers.iter() {
        walk(items, Transform::IDENTITY, &mut runs);
    }
    flat(&runs.0)
}

/// `text` without whitespace (lines break at spaces).
fn flat(text: &str) -> String {
    text.split_whitespace().collect()
}

/// A sentence with a placeholder: the part before it, which a page that
/// printed the sentence holds.
fn head(sentence: &str) -> String {
    flat(sentence.split('{').next().unwrap_or(""))
}

#[test]
fn a_print_shop_set_says_to_press_the_pieces_out() {
    for lang in LANGS {
        let res = resources(lang);
        let (pages, parts) = set_on(&res, &shop(), SetOptions::default());
        assert!(parts.die_cut, "{lang}");
        assert_eq!(parts.box_steps, None, "{lang}: the steps are on the cover");
        let cover = words(&pages[0]);
        let (w, b, s) = (&res.lang.cover, &res.lang.boxnet, &res.lang.sheet);
        let counters = w
            .shop_counters
            .replace("{pages}", &page_words(&res, parts.counters));
        let making = head(&w.shop_making);
        for said in [
            flat(&w.shop_board),
            flat(&counters),
            making,
            flat(&b.shop_legend_cut),
            flat(&b.shop_step_cut),
            // The box's other steps are the same.
            flat(&b.steps[1]),
        ] {
            assert!(
                cover.contains(&said),
                "{lang}: “{said}” not on the cover: {cover}"
            );
        }
        // Nothing asks the buyer to cut what the shop has cut.
        let home_counters = w
            .assemble_counters
            .replace("{pages}", &page_words(&res, parts.counters));
        for unsaid in [
            &w.assemble_board,
            &home_counters,
            &s.cut_single,
            &s.cut_fold,
            &b.legend_cut,
            &b.steps[0],
            &w.tool_scissors,
            &w.tool_knife,
        ] {
            let unsaid = head(unsaid);
            assert!(!cover.contains(&unsaid), "{lang}: “{unsaid}” on the cover");
        }
        assert!(
            !cover.contains(&head(&w.making_cut)),
            "{lang}: cutting timed"
        );
        if lang == "en" {
            for cut in ["cutout", "Cutout", "scissors", "knife"] {
                assert!(!cover.contains(cut), "en: “{cut}” on the cover: {cover}");
            }
        }
        assert!(!cover.contains('{'), "{lang}: placeholder left: {cover}");
        assert!(res.take_warnings().iter().all(|w| !w.contains("shop_")));
    }
}

#[test]
fn a_print_shop_set_takes_no_cutting_to_make_but_the_shop_cuts_as_much() {
    let res = resources("en");
    let home = SetOptions {
        sides: jungle_print::compose::products::counters::Sides::Duplex(
            jungle_print::layout::Flip::LongEdge,
        ),
        ..SetOptions::default()
    };
    let (_, at_home) = set_on(&res, &Sheet::new(Paper::A4).with_bleed(3.0), home);
    let (_, shop_set) = set_on(&res, &shop(), SetOptions::default());
    assert!(!at_home.die_cut);
    assert!(at_home.making.cutting > 0.0);
    let m = shop_set.making;
    assert_eq!(m.cutting, 0.0, "the shop has cut every piece");
    assert_eq!(m.gluing, 0.0, "duplex counters need no glue");
    assert_eq!(m.boxing, at_home.making.boxing, "the box is folded by hand");
    assert_eq!(m.total(), m.boxing);
    // The die cuts what the scissors would: the printing summary still counts it.
    assert!(shop_set.cutting.cuts > 0);
    assert!((shop_set.cutting.length - at_home.cutting.length).abs() < 1.0);
    // Without a box nothing is left to make: no making line, no tools.
    let (pages, parts) = set_on(
        &res,
        &shop(),
        SetOptions {
            boxed: false,
            ..SetOptions::default()
        },
    );
    assert_eq!(parts.making.total(), 0.0);
    let cover = words(&pages[0]);
    let w = &res.lang.cover;
    for unsaid in [&w.making, &w.shop_making, &w.tools] {
        assert!(
            !cover.contains(&head(unsaid)),
            "“{unsaid}” on the cover: {cover}"
        );
    }
}

#[test]
fn the_box_steps_of_a_print_shop_say_press_out_on_their_own_page_too() {
    for lang in LANGS {
        let res = resources(lang);
        let b = &res.lang.boxnet;
        // A set without a cover: the steps on a page of their own.
        let (pages, parts) = set_on(
            &res,
            &shop(),
            SetOptions {
                cover: false,
                ..SetOptions::default()
            },
        );
        let steps = words(&pages[parts.box_steps.expect("a steps page") - 1]);
        // The box alone, for a print shop.
        let alone = box_pages(
            &res,
            Paper::A4,
            &BoxOptions {
                die_cut: true,
                ..BoxOptions::default()
            },
        )
        .unwrap();
        for text in [steps, words(alone.last().unwrap())] {
            for said in [&b.shop_legend_cut, &b.shop_step_cut, &b.steps[4]] {
                assert!(text.contains(&flat(said)), "{lang}: no “{said}”: {text}");
            }
            for unsaid in [&b.legend_cut, &b.steps[0]] {
                assert!(!text.contains(&flat(unsaid)), "{lang}: “{unsaid}”");
            }
        }
    }
    // Through the command line: `box --for print-shop` is die-cut too.
    let text = flat(&pdf_text(&cli_pdf(&["box", "--for", "print-shop"])));
    let b = &resources("en").lang.boxnet;
    assert!(text.contains(&flat(&b.shop_step_cut)), "{text}");
    assert!(!text.contains(&flat(&b.steps[0])));
}

#[test]
fn a_set_for_a_home_printer_keeps_its_words() {
    for lang in LANGS {
        let res = resources(lang);
        let (pages, parts) = set_on(&res, &Sheet::new(Paper::A4), SetOptions::default());
        assert!(!parts.die_cut);
        assert!(parts.making.cutting > 0.0);
        let cover = words(&pages[0]);
        let (w, b, s) = (&res.lang.cover, &res.lang.boxnet, &res.lang.sheet);
        for said in [
            // With its box, the board is cut out and folded on square edges.
            &w.assemble_board_fold,
            &s.cut_fold,
            &b.legend_cut,
            &b.steps[0],
            &w.tool_scissors,
            &w.tool_knife,
        ] {
            assert!(cover.contains(&flat(said)), "{lang}: no “{said}”: {cover}");
        }
        assert!(
            cover.contains(&head(&w.making_cut)),
            "{lang}: cutting timed"
        );
        for unsaid in [
            &w.shop_board,
            &w.shop_making,
            &b.shop_legend_cut,
            &b.shop_step_cut,
        ] {
            assert!(!cover.contains(&head(unsaid)), "{lang}: “{unsaid}”");
        }
        let counters = head(&w.shop_counters);
        assert!(!cover.contains(&counters), "{lang}: {counters}");
    }
}

/// The English pack as written before the print shop's words: without
/// `cover.shop_*`, `box.shop_*`.
fn pack_without_shop_words() -> String {
    let en = jungle_print::lang::BUILTIN[0].1;
    let old: String = en
        .lines()
        .filter(|l| !l.starts_with("shop_"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(old.len(), en.len(), "the pack has shop words to leave out");
    old
}

#[test]
fn an_older_pack_prints_the_home_words_and_warns_once_per_key() {
    let lang = Lang::parse(&pack_without_shop_words(), "old.toml").unwrap();
    let res = Resources::new(Theme::default(), lang, Ruleset::default()).unwrap();
    let (pages, _) = set_on(&res, &shop(), SetOptions::default());
    let cover = words(&pages[0]);
    let (w, b) = (&res.lang.cover, &res.lang.boxnet);
    for said in [&w.assemble_board, &b.legend_cut, &b.steps[0]] {
        assert!(cover.contains(&flat(said)), "no “{said}”: {cover}");
    }
    let home_counters = w
        .assemble_counters
        .replace("{pages}", &page_words(&res, (3, 4)));
    assert!(cover.contains(&flat(&home_counters)), "{cover}");
    assert!(cover.contains(&head(&w.making)));
    let warnings = res.take_warnings();
    for key in [
        "cover.shop_board",
        "cover.shop_counters",
        "cover.shop_making",
        "box.shop_legend_cut",
        "box.shop_step_cut",
    ] {
        let about: Vec<&String> = warnings
            .iter()
            .filter(|w| w.contains(&format!("`{key}`")))
            .collect();
        assert_eq!(about.len(), 1, "one warning about {key}: {warnings:#?}");
        assert!(about[0].contains("old.toml"), "{}", about[0]);
    }
    // A tiled board, cut by the shop along its solid lines.
    let (_, parts) = set_on(
        &res,
        &shop(),
        SetOptions {
            square: Some(40.0),
            ..SetOptions::default()
        },
    );
    assert!(parts.tiled);
    let warnings = res.take_warnings();
    assert!(
        warnings.iter().any(|w| w.contains("`cover.shop_tiled`")),
        "{warnings:#?}"
    );
}

#[test]
fn an_older_pack_makes_a_print_shop_set_on_the_command_line() {
    let dir = common::tempdir("old-pack");
    let pack = dir.join("old.toml");
    std::fs::write(&pack, pack_without_shop_words()).unwrap();
    let pack = pack.to_str().unwrap();
    let (code, _, err, _) = run_cli(&["set", "--for", "print-shop", "--lang-file", pack]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.matches("`cover.shop_board`").count(), 1, "{err}");
    assert_eq!(err.matches("`box.shop_step_cut`").count(), 1, "{err}");
    // A home printer's set never asks for them.
    let (code, _, err, _) = run_cli(&["set", "--lang-file", pack]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("shop_"), "{err}");
}

//! The rules handout: every preset × language renders, ranks and variant
//! sentences follow the ruleset, and no text leaves the margins.

mod common;

use common::*;
use jungle_print::compose::handout::{handout_pages, variant_sentences, HandoutOptions};
use jungle_print::lang::Lang;
use jungle_print::paper::Paper;
use jungle_print::render::pdf;
use jungle_print::resolve::Resources;
use jungle_print::rules::{Ruleset, BUILTIN as PRESETS};
use jungle_print::scene::{Item, Page, Transform};

fn res(lang: &str, rules: Ruleset) -> Resources {
    Resources::new(Default::default(), Lang::builtin(lang).unwrap(), rules).unwrap()
}

fn text_of(r: &Resources, paper: Paper) -> (usize, String) {
    let pages = handout_pages(r, &HandoutOptions { paper });
    let n = pages.len();
    let doc = jungle_print::document("rules", pages, r);
    (
        n,
        pdf_text(&pdf::render(&doc, &Default::default()).unwrap()),
    )
}

/// Text with all whitespace removed, so line breaks do not matter.
fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn every_preset_and_language_renders_on_two_pages_with_its_ranks() {
    for (preset, _) in PRESETS {
        for lang in LANGS {
            let r = res(lang, Ruleset::builtin(preset).unwrap());
            let (pages, text) = text_of(&r, Paper::A4);
            assert!((1..=2).contains(&pages), "{preset} × {lang}: {pages} pages");
            let flat = squash(&text);
            for a in r.rules.animals() {
                let n = r.animal(a);
                // The rank table row: character, name, rank, in reading order.
                let row = squash(&format!("{}{}{}", n.han, n.name, r.rules.rank(a)));
                assert!(
                    flat.contains(&row),
                    "{preset} × {lang}: no table row `{row}`"
                );
            }
            assert!(
                flat.contains(&squash(&r.lang.game.han)),
                "{preset} × {lang}: title"
            );
        }
    }
}

#[test]
fn variant_sentences_appear_exactly_when_enabled() {
    for lang in LANGS {
        let mut rules = Ruleset::default();
        let base = squash(&text_of(&res(lang, rules.clone()), Paper::A4).1);
        let l = Lang::builtin(lang).unwrap();
        let h = &l.handout;
        assert!(
            !base.contains(&squash(&h.river_dog)),
            "{lang}: dog sentence without swimming dogs"
        );
        assert!(!base.contains(&squash(&h.variant_no_repetition)));
        assert!(base.contains(&squash(&h.variants_none)));
        assert!(base.contains(&squash(&h.elephant_no_rat)));

        rules.variants.dog_swims = true;
        rules.variants.no_repetition = true;
        rules.variants.elephant_captures_rat = true;
        rules.variants.trap_max_rank = 4;
        let with = squash(&text_of(&res(lang, rules.clone()), Paper::A4).1);
        assert!(
            with.contains(&squash(&h.river_dog)),
            "{lang}: dog sentence missing"
        );
        assert!(with.contains(&squash(&h.variant_dog)));
        assert!(with.contains(&squash(&h.variant_no_repetition)));
        assert!(
            with.contains(&squash(&h.elephant_rat)) && !with.contains(&squash(&h.elephant_no_rat))
        );
        assert!(with.contains(&squash(&h.traps_rank.replace("{n}", "4"))));
        assert!(!with.contains(&squash(&h.variants_none)));
    }
}

#[test]
fn the_variant_list_names_every_difference() {
    let r = res("en", Ruleset::builtin("fox").unwrap());
    let v = variant_sentences(&r);
    let h = &r.lang.handout;
    assert!(
        v.contains(&h.variant_fox) && v.contains(&h.variant_dog) && v.contains(&h.variant_jumps),
        "{v:?}"
    );
    assert!(variant_sentences(&res("en", Ruleset::default())).is_empty());
    let bell = variant_sentences(&res("en", Ruleset::builtin("bell").unwrap()));
    assert!(
        bell.contains(&h.variant_first_north) && bell.contains(&h.variant_elephant_rat),
        "{bell:?}"
    );
}

#[test]
fn fox_replaces_the_wolf_everywhere() {
    let r = res("fr", Ruleset::builtin("fox").unwrap());
    let text = text_of(&r, Paper::A4).1;
    assert!(text.contains("Renard") && !text.contains("Loup"), "{text}");
}

#[test]
fn four_animal_game_drops_river_and_traps() {
    let mut rules = Ruleset::default();
    rules.variants.four_animals = true;
    let r = res("en", rules);
    let text = text_of(&r, Paper::A4).1;
    assert!(
        !text.contains(&r.lang.handout.river_heading)
            && !text.contains(&r.lang.handout.traps_heading)
    );
    assert!(!text.contains("Leopard"), "only four animals in the table");
    assert!(text.contains("Elephant") && text.contains("Rat"));
}

/// Every text run's box (advance width × ascent/descent) on the page, in mm.
fn text_boxes(page: &Page, r: &Resources) -> Vec<(String, f64, f64, f64, f64)> {
    fn walk(
        items: &[Item],
        t: Transform,
        r: &Resources,
        out: &mut Vec<(String, f64, f64, f64, f64)>,
    ) {
        for item in items {
            match item {
                Item::Group(g) => walk(&g.items, t.then_apply(g.transform), r, out),
                Item::Clip(c) => walk(&c.items, t, r, out),
                Item::Text(run) => {
                    let w = r.fonts.width_em(run.font, &run.text) * run.size;
                    let (asc, desc) = r.fonts.ascent_descent_em(run.font);
                    let p = t.apply(run.pos);
                    // Handout text is never rotated: the box is axis-aligned.
                    out.push((
                        run.text.clone(),
                        p.x,
                        p.y - asc * run.size,
                        p.x + w,
                        p.y - desc * run.size,
                    ));
                }
                Item::Path(_) => {}
            }
        }
    }
    let mut out = Vec::new();
    for (_, items) in &page.layers {
        walk(items, Transform::IDENTITY, r, &mut out);
    }
    out
}

#[test]
fn no_text_outside_the_margins() {
    for paper in ["a4", "letter", "a5"] {
        for lang in LANGS {
            for (preset, _) in PRESETS {
                let r = res(lang, Ruleset::builtin(preset).unwrap());
                let p = Paper::parse(paper).unwrap();
                let m = r.theme.page.margin.max(8.0);
                for page in handout_pages(&r, &HandoutOptions { paper: p }) {
                    for (text, x0, y0, x1, y1) in text_boxes(&page, &r) {
                        let inside = x0 >= m - 0.01
                            && x1 <= p.width - m + 0.01
                            && y0 >= m - 1.5
                            && y1 <= p.height - m + 0.01;
                        assert!(inside, "{paper} {lang} {preset}: `{text}` at ({x0:.1}, {y0:.1})–({x1:.1}, {y1:.1})");
                    }
                }
            }
        }
    }
}

#[test]
fn a5_takes_a_few_pages() {
    let r = res("zh-Hant", Ruleset::default());
    let n = handout_pages(
        &r,
        &HandoutOptions {
            paper: Paper::parse("a5").unwrap(),
        },
    )
    .len();
    assert!((2..=4).contains(&n), "{n} A5 pages");
}

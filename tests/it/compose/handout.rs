//! The rules handout: every preset × language renders, every sentence printed
//! follows from the ruleset's settings, no internal name is printed, page
//! breaks leave no widow or orphan line, and no text leaves the margins.

use crate::common;

use common::*;
use jungle_print::compose::products::handout::{
    handout_line_pages, handout_pages, ruleset_line, variant_sentences, HandoutOptions,
};
use jungle_print::game::{Animal, Side};
use jungle_print::lang::{Handout, Lang};
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::{
    Jumps, Ruleset, ThirdRepetition, Traps, WaterCapture, BUILTIN as PRESETS,
};
use jungle_print::render::pdf;
use jungle_print::resolve::Resources;
use jungle_print::scene::{Item, Page, Transform};

fn res(lang: &str, rules: Ruleset) -> Resources {
    Resources::new(Default::default(), Lang::builtin(lang).unwrap(), rules).unwrap()
}

fn preset(name: &str) -> Ruleset {
    Ruleset::builtin(name).unwrap()
}

/// Text with all whitespace removed, so line breaks do not matter.
fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The text runs of the pages in the order they are drawn (reading order for
/// the flowed text), squashed.
fn drawn_text(pages: &[Page]) -> String {
    fn walk(items: &[Item], out: &mut String) {
        for item in items {
            match item {
                Item::Group(g) => walk(&g.items, out),
                Item::Clip(c) => walk(&c.items, out),
                Item::Page(p) => walk(&p.flattened().items, out),
                Item::Text(t) if common::is_reading(t) => {}
                Item::Text(t) => out.push_str(&t.text),
                Item::Path(_) | Item::Picture(_) => {}
            }
        }
    }
    let mut out = String::new();
    for p in pages {
        for (_, items) in p.layers.iter() {
            walk(items, &mut out);
        }
    }
    squash(&out)
}

/// The handout's text on A4, without its page footers.
fn handout_text(r: &Resources) -> String {
    let pages = handout_pages(r, &HandoutOptions { paper: Paper::A4 });
    let n = pages.len();
    let mut text = drawn_text(&pages);
    let footer = squash(&format!("{}·{}", r.lang.game.han, ruleset_line(r)));
    for i in 1..=n {
        text = text.replace(&format!("{footer}·{i}/{n}"), "");
    }
    text.replace(&footer, "")
}

/// The sentences a handout must print and must not print, worked out from the
/// ruleset's settings independently of the composer.
fn expected(h: &Handout, r: &Ruleset) -> (Vec<String>, Vec<String>) {
    let v = &r.variants;
    let water = !v.four_animals;
    let mut yes: Vec<String> = Vec::new();
    let mut no: Vec<String> = Vec::new();
    let mut iff = |cond: bool, s: &str| {
        if cond {
            yes.push(s.to_string())
        } else {
            no.push(s.to_string())
        }
    };
    iff(true, &h.goal);
    iff(r.win.capture_all, &h.goal_capture_all);
    iff(r.win.no_moves, &h.goal_no_moves);
    iff(!r.win.capture_all && !r.win.no_moves, &h.variant_den_only);
    iff(!r.win.no_moves, &h.no_moves_agree);
    iff(
        !r.win.capture_all && r.win.no_moves,
        &h.variant_no_capture_all,
    );
    iff(r.play.first == Side::South, &h.first_south);
    iff(r.play.first == Side::North, &h.first_north);
    iff(r.play.first == Side::North, &h.variant_first_north);
    iff(v.no_repetition, &h.move_no_repetition);
    // Every game ends: under the ban, a player whose every move would repeat
    // cannot move; without it, the third repetition ends the game.
    iff(v.no_repetition, &h.move_no_repetition_stuck);
    let third = r.win.third_repetition;
    iff(
        !v.no_repetition && third == ThirdRepetition::Draw,
        &h.goal_repeat_draw,
    );
    iff(
        !v.no_repetition && third == ThirdRepetition::Loss,
        &h.goal_repeat_loss,
    );
    iff(!v.no_repetition, &h.variant_repetition_allowed);
    let trap_open = water && v.trap_max_rank >= r.rank(Animal::Elephant);
    let no_rat = !v.elephant_captures_rat;
    iff(v.elephant_captures_rat, &h.elephant_rat);
    iff(no_rat && !trap_open, &h.elephant_no_rat);
    iff(
        no_rat && trap_open && v.traps == Traps::Enemy,
        &h.elephant_no_rat_trap,
    );
    iff(
        no_rat && trap_open && v.traps == Traps::Any,
        &h.elephant_no_rat_any_trap,
    );
    iff(water && !v.dog_swims, &h.river_rat);
    iff(water && v.dog_swims, &h.river_rat_dog);
    iff(water, &h.river_safe);
    iff(water && v.dog_swims, &h.variant_dog);
    for (value, s) in [
        (WaterCapture::None, &h.water_capture_none),
        (WaterCapture::NoElephant, &h.water_capture_no_elephant),
        (WaterCapture::Any, &h.water_capture_any),
    ] {
        iff(water && v.capture_from_water == value, s);
    }
    let jumps = [
        (
            v.lion_jumps,
            [&h.lion_sideways, &h.lion_lengthwise, &h.lion_both],
        ),
        (
            v.tiger_jumps,
            [&h.tiger_sideways, &h.tiger_lengthwise, &h.tiger_both],
        ),
        (
            v.leopard_jumps,
            [&h.leopard_sideways, &h.leopard_lengthwise, &h.leopard_both],
        ),
    ];
    let standard = Ruleset::default();
    let was = [
        standard.variants.lion_jumps,
        standard.variants.tiger_jumps,
        standard.variants.leopard_jumps,
    ];
    let none = [&h.lion_none, &h.tiger_none, &h.leopard_none];
    // The lion and the tiger leaping alike share one sentence.
    let alike = v.lion_jumps == v.tiger_jumps;
    for (j, s) in [
        (Jumps::Sideways, &h.lion_tiger_sideways),
        (Jumps::Lengthwise, &h.lion_tiger_lengthwise),
        (Jumps::Both, &h.lion_tiger_both),
    ] {
        iff(water && alike && v.lion_jumps == j, s);
    }
    for (i, (j, [side, length, both])) in jumps.into_iter().enumerate() {
        let own = water && !(alike && i < 2);
        iff(water && j == Jumps::None && was[i] != Jumps::None, none[i]);
        iff(own && j == Jumps::Sideways, side);
        iff(own && j == Jumps::Lengthwise, length);
        iff(own && j == Jumps::Both, both);
    }
    let any_jump = [v.lion_jumps, v.tiger_jumps, v.leopard_jumps]
        .iter()
        .any(|j| *j != Jumps::None);
    iff(water && any_jump, &h.jump);
    iff(water && any_jump, &h.jump_blocked);
    iff(water && v.traps == Traps::Enemy, &h.traps_enemy);
    iff(water && v.traps == Traps::Any, &h.traps_any);
    let trap_rank = h.traps_rank.replace("{n}", &v.trap_max_rank.to_string());
    iff(water && v.trap_max_rank < 8, &trap_rank);
    iff(r.play.fox, &h.variant_fox);
    iff(v.four_animals, &h.variant_four);
    iff(
        !v.four_animals && r.rank(Animal::Lion) == r.rank(Animal::Tiger),
        &h.variant_equal,
    );
    let same = r.ranks == standard.ranks
        && r.play == standard.play
        && r.win == standard.win
        && r.variants == standard.variants;
    // The standard rules print no differences section at all.
    iff(!same, &h.variants_heading);
    (yes, no)
}

fn check_sentences(lang: &str, rules: &Ruleset, what: &str) -> String {
    let r = res(lang, rules.clone());
    let text = handout_text(&r);
    let (yes, no) = expected(&r.lang.handout, rules);
    for s in yes {
        assert!(text.contains(&squash(&s)), "{what} × {lang}: missing «{s}»");
    }
    for s in no {
        assert!(
            !text.contains(&squash(&s)),
            "{what} × {lang}: should not print «{s}»"
        );
    }
    text
}

#[test]
fn every_preset_and_language_prints_what_its_settings_say() {
    for (name, _) in PRESETS {
        for lang in LANGS {
            check_sentences(lang, &preset(name), name);
        }
    }
}

/// Each setting flipped away from the standard preset: the sentences that say
/// it change, and nothing else printed contradicts it.
#[test]
fn flipping_each_setting_changes_the_sentence_that_states_it() {
    type Flip = (&'static str, fn(&mut Ruleset));
    let flips: &[Flip] = &[
        ("dog_swims", |r| r.variants.dog_swims = true),
        ("elephant_captures_rat", |r| {
            r.variants.elephant_captures_rat = true
        }),
        ("capture_from_water no-elephant", |r| {
            r.variants.capture_from_water = WaterCapture::NoElephant
        }),
        ("capture_from_water any", |r| {
            r.variants.capture_from_water = WaterCapture::Any
        }),
        ("lion_jumps lengthwise", |r| {
            r.variants.lion_jumps = Jumps::Lengthwise
        }),
        ("tiger_jumps sideways", |r| {
            r.variants.tiger_jumps = Jumps::Sideways
        }),
        ("leopard_jumps both", |r| {
            r.variants.leopard_jumps = Jumps::Both
        }),
        ("no jumps", |r| {
            r.variants.lion_jumps = Jumps::None;
            r.variants.tiger_jumps = Jumps::None;
        }),
        ("trap_max_rank", |r| r.variants.trap_max_rank = 4),
        ("traps any", |r| r.variants.traps = Traps::Any),
        ("no_repetition", |r| r.variants.no_repetition = false),
        ("third_repetition loss", |r| {
            r.variants.no_repetition = false;
            r.win.third_repetition = ThirdRepetition::Loss;
        }),
        ("capture_all", |r| r.win.capture_all = false),
        ("no_moves", |r| r.win.no_moves = false),
        ("first", |r| r.play.first = Side::North),
        ("fox", |r| r.play.fox = true),
        ("four_animals", |r| {
            r.variants.four_animals = true;
            r.variants.lion_jumps = Jumps::None;
            r.variants.tiger_jumps = Jumps::None;
        }),
        ("equal ranks", |r| r.ranks.tiger = 7),
        ("ranks", |r| {
            r.ranks.dog = 4;
            r.ranks.wolf = 3;
        }),
    ];
    for lang in LANGS {
        let base = check_sentences(lang, &Ruleset::default(), "standard");
        for (what, flip) in flips {
            let mut rules = Ruleset::default();
            flip(&mut rules);
            let text = check_sentences(lang, &rules, what);
            assert_ne!(text, base, "{what} × {lang}: the handout did not change");
        }
    }
}

#[test]
fn the_variant_list_names_every_difference_ranks_included() {
    let bell = res("en", preset("bell"));
    let v = variant_sentences(&bell);
    let h = &bell.lang.handout;
    assert!(
        v.contains(&"Ranks: dog 4, wolf 3 (standard rules: wolf 4, dog 3).".to_string()),
        "{v:?}"
    );
    for s in [
        &h.variant_first_north,
        &h.elephant_rat,
        &h.water_capture_no_elephant,
        &h.variant_no_capture_all,
    ] {
        assert!(v.contains(s), "bell lacks «{s}»: {v:?}");
    }
    assert!(v.contains(&h.variant_repetition_allowed), "{v:?}");
    assert_eq!(v.len(), 6, "{v:?}");
    let fox = variant_sentences(&res("en", preset("fox")));
    assert!(fox.contains(&h.variant_fox) && fox.contains(&h.variant_dog));
    assert!(fox.contains(&h.lion_lengthwise) && fox.contains(&h.leopard_sideways));
    assert!(
        !fox.iter().any(|s| s.contains("tiger")),
        "the fox tiger leaps as usual: {fox:?}"
    );
    assert!(variant_sentences(&res("en", Ruleset::default())).is_empty());
}

#[test]
fn checkers_speaks_only_of_what_is_on_its_board() {
    for lang in LANGS {
        let r = res(lang, preset("checkers"));
        let h = &r.lang.handout;
        let text = handout_text(&r);
        for s in [
            &h.river_heading,
            &h.traps_heading,
            &h.jump,
            &h.river_safe,
            &h.jump_caption,
        ] {
            if lang.starts_with("zh") && s.chars().count() < 3 {
                continue; // 河 and 陷阱 also name the board's squares in other sentences.
            }
            assert!(!text.contains(&squash(s)), "{lang}: «{s}»");
        }
        for a in [Animal::Lion, Animal::Leopard, Animal::Wolf, Animal::Cat] {
            let name = &r.animal(a).name;
            if !lang.starts_with("zh") {
                assert!(!text.contains(&squash(name)), "{lang}: {name}");
            }
        }
        for a in r.rules.animals() {
            assert!(text.contains(&r.animal(a).han), "{lang}: {a:?}");
        }
    }
}

#[test]
fn no_internal_key_or_preset_id_is_printed() {
    for (name, _) in PRESETS {
        for lang in LANGS {
            let r = res(lang, preset(name));
            let title = ruleset_line(&r);
            assert_ne!(title, name, "{name} × {lang}: no display name");
            assert_eq!(title, r.rules.title(lang), "{name} × {lang}");
            let pages = handout_pages(&r, &HandoutOptions { paper: Paper::A4 });
            let text = drawn_text(&pages);
            assert!(
                text.contains(&squash(&format!("{}·{}", r.lang.game.han, title))),
                "{name} × {lang}: footer"
            );
            assert!(
                !text.contains('{') && !text.contains('}'),
                "{name} × {lang}: placeholder"
            );
            // snake_case keys such as `river_rat` or `capture_from_water`.
            let words: Vec<&str> = text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| w.contains('_'))
                .collect();
            assert!(words.is_empty(), "{name} × {lang}: {words:?}");
        }
    }
    // The English title must not leak into another language either.
    for (name, _) in PRESETS {
        let r = preset(name);
        for lang in ["fr", "zh-Hant", "zh-Hans"] {
            assert_ne!(r.title(lang), r.title("en"), "{name} × {lang}");
        }
    }
}

#[test]
fn no_widow_or_orphan_line_on_any_paper() {
    for paper in ["a4", "letter", "a5"] {
        for lang in LANGS {
            for (name, _) in PRESETS {
                let r = res(lang, preset(name));
                let p = Paper::parse(paper).unwrap();
                let rows = handout_line_pages(&r, &HandoutOptions { paper: p });
                for w in rows.windows(2) {
                    let (a, b) = (w[0], w[1]);
                    if a.page == b.page {
                        continue;
                    }
                    if let Some((0, n)) = a.line {
                        assert!(
                            n < 2,
                            "{paper} {lang} {name}: orphan at the foot of page {}",
                            a.page + 1
                        );
                    }
                    if let Some((i, n)) = b.line {
                        assert!(
                            n < 2 || i + 1 < n,
                            "{paper} {lang} {name}: widow at the head of page {}",
                            b.page + 1
                        );
                    }
                    assert!(
                        a.ends_word,
                        "{paper} {lang} {name}: page {} ends inside a word",
                        a.page + 1
                    );
                }
            }
        }
    }
}

#[test]
fn a_chinese_line_ends_a_word_only_after_punctuation() {
    use jungle_print::compose::typesetting::flow::ends_word;
    assert!(!ends_word("只要有一隻動物走進對方的獸穴，就不"));
    assert!(ends_word("只要有一隻動物走進對方的獸穴，"));
    assert!(ends_word("就立刻獲勝。"));
    assert!(ends_word("of the board. The player sitting at the"));
}

#[test]
fn every_preset_and_language_renders_on_two_pages_with_its_ranks() {
    use jungle_print::lang::zhuyin::{is_bopomofo, NEUTRAL_DOT, TONES};
    for (name, _) in PRESETS {
        for lang in LANGS {
            let r = res(lang, preset(name));
            let pages = handout_pages(&r, &HandoutOptions { paper: Paper::A4 });
            let n = pages.len();
            // Zhuyin beside every character takes one page more.
            let most = if lang == "zh-Hant" { 3 } else { 2 };
            assert!((1..=most).contains(&n), "{name} × {lang}: {n} pages");
            let doc = jungle_print::document("rules", pages, &r);
            // The readings (artifacts, which lopdf reads too) left out.
            let flat: String = squash(&pdf_text(&pdf::render(&doc, &Default::default()).unwrap()))
                .chars()
                .filter(|&c| !is_bopomofo(c) && !TONES.contains(&c) && c != NEUTRAL_DOT)
                .collect();
            let mut last = 9;
            for a in r.rules.animals_by_rank() {
                let n = r.animal(a);
                let label = if !n.readings().is_empty() {
                    // Zhuyin: the symbols beside the character (left out
                    // above), then the animal's name in a column of its own.
                    assert!(!r.lang.handout.col_animal.is_empty(), "{lang}: col_animal");
                    n.name.clone()
                } else if n.label().is_empty() {
                    n.name.clone()
                } else if !r.lang.handout.col_animal.is_empty() {
                    // Pinyin, then the name in a column of its own.
                    format!("{}{}", n.label(), n.name)
                } else {
                    n.label().to_string()
                };
                // The rank table row: character, name (or pinyin, or Zhuyin), rank, strongest first.
                let row = squash(&format!("{}{}{}", n.han, label, r.rules.rank(a)));
                assert!(flat.contains(&row), "{name} × {lang}: no table row `{row}`");
                assert!(r.rules.rank(a) <= last);
                last = r.rules.rank(a);
            }
            assert!(
                flat.contains(&squash(&r.lang.game.han)),
                "{name} × {lang}: title"
            );
        }
    }
}

#[test]
fn fox_replaces_the_wolf_everywhere() {
    let r = res("fr", preset("fox"));
    let text = handout_text(&r);
    // The wolf is named only where the fox is compared with it: the sentence
    // saying the fox replaces it, and the standard ranks (lower case in running
    // text); never in the rank table or on the board.
    assert!(
        text.contains("Renard") && !text.contains("Loup") && text.matches("loup").count() == 2,
        "{text}"
    );
    assert!(
        text.contains("(règlesstandard\u{202F}:loup4,chien3)")
            || text.contains("(règlesstandard:loup4,chien3)"),
        "{text}"
    );
    assert!(!text.contains('狼'), "{text}");
}

#[test]
fn chinese_sub_labels_are_pinyin_for_every_animal() {
    for lang in ["zh-Hant", "zh-Hans"] {
        let l = Lang::builtin(lang).unwrap();
        for a in Animal::ALL {
            for fox in [false, true] {
                let n = l.animal(a, fox);
                // zh-Hant prints Zhuyin (tests in `phonetic`), its pinyin
                // stays in `sub` for packs that ask for it.
                let label = match lang {
                    "zh-Hant" => n.sub.as_deref().unwrap_or_default(),
                    _ => n.label(),
                };
                assert!(
                    !label.is_empty()
                        && label
                            .chars()
                            .all(|c| c.is_alphabetic() && !('\u{2E80}'..).contains(&c)),
                    "{lang} {a:?}: `{label}`"
                );
            }
        }
    }
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
                // A clip shows its items only inside it (a diagram's squares
                // cut from the whole board): what lies outside is not printed.
                Item::Clip(_) => {}
                Item::Page(p) => walk(&p.flattened().items, t, r, out),
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
                Item::Path(_) | Item::Picture(_) => {}
            }
        }
    }
    let mut out = Vec::new();
    for (_, items) in page.layers.iter() {
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

#[test]
fn chinese_punctuation_is_set_the_chinese_way() {
    // (language, mark, family that must draw it, advance in em)
    let cases = [
        ("zh-Hans", "“", "Jungle Kai Quotes", 1.0),
        ("zh-Hans", "”", "Jungle Kai Quotes", 1.0),
        ("zh-Hant", "「", "Jungle Kai", 1.0),
        ("zh-Hant", "，", "Jungle Kai TC Punctuation", 1.0),
        ("zh-Hant", "。", "Jungle Kai TC Punctuation", 1.0),
        ("zh-Hans", "，", "Jungle Kai", 1.0),
        ("en", "“", "Noto Sans", 0.359),
        ("fr", "’", "Noto Sans", 0.184),
    ];
    for (lang, mark, family, advance) in cases {
        let r = res(lang, Ruleset::default());
        let runs = r.fonts.split(&r.text, mark);
        let (id, _) = &runs[0];
        assert_eq!(r.fonts.family(*id), family, "{lang} {mark}");
        let w = r.fonts.width_em(*id, mark);
        assert!((w - advance).abs() < 0.01, "{lang} {mark}: {w} em");
    }
    // The centred marks sit in the middle of the em square, not at the bottom left.
    let r = res("zh-Hant", Ruleset::default());
    let (id, _) = r.fonts.split(&r.text, "，")[0].clone();
    let gid = r.fonts.glyph(id, '，').unwrap();
    let path = r.fonts.outline_svg(id, gid).unwrap();
    let first_x: f64 = path[1..]
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((300.0..700.0).contains(&first_x), "{path}");
}

/// The body size of a handout: the size most of its text runs are set in, mm.
fn body_size(pages: &[Page]) -> f64 {
    fn walk(items: &[Item], out: &mut Vec<i64>) {
        for item in items {
            match item {
                Item::Group(g) => walk(&g.items, out),
                Item::Clip(c) => walk(&c.items, out),
                Item::Text(t) if common::is_reading(t) => {}
                Item::Text(t) => out.push((t.size * 1000.0).round() as i64),
                _ => {}
            }
        }
    }
    let mut sizes = Vec::new();
    for p in pages {
        for (_, items) in p.layers.iter() {
            walk(items, &mut sizes);
        }
    }
    let mut counts = std::collections::BTreeMap::new();
    for s in sizes {
        *counts.entry(s).or_insert(0) += 1;
    }
    let (size, _) = counts.into_iter().max_by_key(|&(_, n)| n).unwrap();
    size as f64 / 1000.0
}

#[test]
fn a_nearly_empty_last_page_is_saved_by_slightly_smaller_type() {
    for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
        let full = ((paper.width - 2.0 * 10.0) / 52.0).clamp(2.9, 3.7);
        for lang in LANGS {
            // Animal Checkers' rules overflowed one page by two short lines.
            let r = res(lang, preset("checkers"));
            let pages = handout_pages(&r, &HandoutOptions { paper });
            // Zhuyin beside every character takes one page more.
            let more = usize::from(lang == "zh-Hant");
            // … set larger, so that the symbols stay legible.
            let full = if more == 1 {
                full * jungle_print::compose::typesetting::running::RUNNING_GROWTH
            } else {
                full
            };
            // On Letter, shorter than A4, the rule that ends a chase (the
            // third repetition) may take them onto one more page: then at
            // full size.
            let letter = paper.height < Paper::A4.height;
            let spilled = letter && pages.len() == 2 + more;
            // With a diagram beside each section, the rules fill one page
            // and part of another in some languages.
            if !spilled {
                assert!(
                    pages.len() <= 2 + more,
                    "checkers × {lang} × {}: {} pages",
                    paper.width,
                    pages.len()
                );
            }
            let body = body_size(&pages);
            if spilled {
                assert!(
                    (body - full).abs() < 0.02,
                    "checkers × {lang} × letter: body {body} mm, full {full}"
                );
            } else {
                assert!(body >= full * 0.86, "checkers × {lang}: body {body} mm");
            }
            // The standard rules fill half of their second page on A4: they
            // keep full-size type rather than shrink for nothing. (On Letter
            // the zh-Hant Zhuyin handout's last page holds a few lines: saved.)
            let r = res(lang, preset("standard"));
            let pages = handout_pages(&r, &HandoutOptions { paper });
            // The zh-Hant Zhuyin handout keeps to two pages too, its type
            // a little smaller.
            assert_eq!(pages.len(), 2, "standard × {lang}");
            let body = body_size(&pages);
            // With a diagram beside each section, the zh-Hant Zhuyin handout
            // shrinks its type a little on A4 too, to keep a fourth page away.
            let shrinks = letter || more == 1;
            // Text with Zhuyin throughout may shrink further (to 0.99^26 of
            // its size) to keep to two pages.
            let floor = if more == 1 { 0.765 } else { 0.86 };
            if shrinks {
                assert!(
                    body >= full * floor && body <= full + 0.02,
                    "standard × {lang}: {body}"
                );
            } else {
                assert!(
                    (body - full).abs() < 0.02,
                    "standard × {lang}: body {body} mm, full {full}"
                );
            }
        }
    }
}

#[test]
fn packs_without_the_newer_sentences_still_work_and_old_keys_are_accepted() {
    let en = jungle_print::lang::BUILTIN[0].1;
    // A pack written before `need_four` and the lion-and-tiger sentences,
    // still holding `variants_none`, which nothing prints any more.
    let old: String = en
        .lines()
        .filter(|l| !l.starts_with("need_four") && !l.starts_with("lion_tiger_"))
        .map(|l| {
            if l.starts_with("variants_heading") {
                format!("{l}\nvariants_none = \"None: these are the standard rules.\"")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let lang = Lang::parse(&old, "old.toml").unwrap();
    let r = Resources::new(Default::default(), lang, preset("standard")).unwrap();
    let text = handout_text(&r);
    let h = &r.lang.handout;
    assert!(h.lion_tiger_both.is_empty());
    for s in [&h.lion_both, &h.tiger_both] {
        assert!(text.contains(&squash(s)), "«{s}»");
    }
    let r = Resources::new(
        Default::default(),
        Lang::parse(&old, "old.toml").unwrap(),
        preset("checkers"),
    )
    .unwrap();
    assert!(handout_text(&r).contains(&squash(&r.lang.handout.need)));
    // The built-in pack: one sentence for both leapers, four animals named.
    let r = res("en", preset("checkers"));
    let text = handout_text(&r);
    assert!(
        text.contains(&squash(
            "four counters for each player (the rat, the dog, the tiger and the elephant"
        )),
        "{text}"
    );
    let r = res("en", preset("standard"));
    let text = handout_text(&r);
    assert!(
        text.contains(&squash("The lion and the tiger may leap")),
        "{text}"
    );
}

#[test]
fn the_handout_says_who_plays_which_counters_by_what_tells_them_apart() {
    use jungle_print::theme::Theme;
    let said = |theme: &str, lang: &str| {
        let r = Resources::new(
            Theme::builtin(theme).unwrap(),
            Lang::builtin(lang).unwrap(),
            preset("standard"),
        )
        .unwrap();
        handout_text(&r)
    };
    // Colours where the sides' colours have different names…
    for (theme, want) in [
        (
            "classic",
            "South plays the red counters, North the blue ones.",
        ),
        (
            "traditional",
            "South plays the red counters, North the black ones.",
        ),
        (
            "high-contrast",
            "South plays the brown counters, North the blue ones.",
        ),
        // …and the rims' lines where both sides are black or grey.
        (
            "ink-saver",
            "South’s counters have solid rims, North’s dotted rims.",
        ),
    ] {
        assert!(said(theme, "en").contains(&squash(want)), "{theme}: {want}");
    }
    assert!(said("classic", "fr").contains(&squash(
        "Le Sud joue les pions rouges, le Nord les pions bleus."
    )));
    assert!(said("ink-saver", "zh-Hant").contains("南方棋子是實線框，北方是點線框。"));
    // A pack without the words prints no such sentence.
    let en = jungle_print::lang::BUILTIN[0].1;
    let bare: String = en
        .lines()
        .filter(|l| !l.starts_with("sides_colour") && !l.starts_with("sides_pattern"))
        .collect::<Vec<_>>()
        .join("\n");
    let r = Resources::new(
        Default::default(),
        Lang::parse(&bare, "bare.toml").unwrap(),
        preset("standard"),
    )
    .unwrap();
    assert!(!handout_text(&r).contains(&squash("South plays")));
}

/// The traditional theme sets Latin text in its Chinese brush face, whose
/// curly apostrophe is wide (“opponent’ s”): in English and French text the
/// apostrophe, quotes, guillemets and narrow spaces come from the theme's
/// Latin face, as wide as that face sets them; the letters stay in the
/// brush face.
#[test]
fn traditional_latin_text_takes_its_punctuation_from_the_latin_face() {
    use jungle_print::input::Source;
    use jungle_print::job::{Job, Kind};
    for (lang, word, marks) in [
        ("en", "opponent’s", "’"),
        ("fr", "l’éléphant", "’«»\u{202F}"),
    ] {
        let before = word.split('’').next().unwrap();
        let mut job = Job::new(Kind::Rules);
        job.inputs.lang = Source::builtin(lang);
        job.inputs.theme = Some(Source::builtin("traditional"));
        let made = job.run().unwrap();
        let book = &made.doc.fonts;
        let runs: Vec<_> = made
            .doc
            .pages
            .iter()
            .flat_map(|p| p.layers.iter().flat_map(|(_, items)| items.iter()))
            .flat_map(|i| jungle_print::scene::text_runs(std::slice::from_ref(i)))
            .collect();
        let text: String = runs.iter().map(|r| r.text.as_str()).collect();
        assert!(text.contains(word), "{lang}: “{word}” is printed");
        let (mut seen, mut letters) = (0, 0);
        for run in &runs {
            for (c, g) in run.text.chars().zip(&run.glyphs) {
                if !marks.contains(c) {
                    continue;
                }
                seen += 1;
                assert!(
                    book.is_latin_face(run.font),
                    "{lang}: {c:?} in “{}” is set in {}",
                    run.text,
                    book.family(run.font)
                );
                let want = book.advance_em(run.font, c) * run.size;
                assert!((g.advance - want).abs() < 1e-9, "{lang}: {c:?} advance");
            }
            // The letters keep the brush face.
            if run.text.ends_with(before) {
                letters += 1;
                assert!(!book.is_latin_face(run.font), "{}", run.text);
            }
        }
        assert!(seen > 0 && letters > 0, "{lang}: no {marks:?} found");
    }
}

#[test]
fn a_sentence_longer_than_a_page_breaks_where_the_page_ends() {
    // 2,000 characters with no punctuation: no line may end a page (a
    // Chinese line ends a word only after punctuation), so the sentence
    // once went one line to a page (61 pages with Zhuyin).
    let (_, src) = jungle_print::lang::BUILTIN
        .iter()
        .find(|(c, _)| *c == "zh-Hant")
        .unwrap();
    let start = src.find("\ngoal = \"").unwrap() + "\ngoal = \"".len();
    let end = start + src[start..].find('"').unwrap();
    let long = "獅子可以跳過河".repeat(285);
    let text = format!("{}{long}{}", &src[..start], &src[end..]);
    let lang = Lang::parse(&text, "long.toml").unwrap();
    let r = Resources::new(Default::default(), lang, preset("standard")).unwrap();
    let rows = handout_line_pages(&r, &HandoutOptions { paper: Paper::A4 });
    let pages = rows.last().unwrap().page + 1;
    assert!(pages <= 8, "{pages} pages");
    // Every page but the last holds many lines of it.
    let mut per_page = std::collections::BTreeMap::new();
    for p in &rows {
        *per_page.entry(p.page).or_insert(0) += 1;
    }
    for (page, n) in per_page.iter().take(per_page.len() - 1) {
        assert!(*n >= 10, "page {}: {n} rows", page + 1);
    }
}

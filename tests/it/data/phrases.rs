//! Rules text that follows the pack and the theme: animals named through the
//! pack's names with each language's articles, placeholders checked when the
//! pack is read, no colour word for the river, the leap diagram drawn with the
//! theme's waves, and the variant's name under the title and on the cover.

use crate::common;

use common::*;
use jungle_print::compose::products::handout::{handout_pages, ruleset_line, HandoutOptions};
use jungle_print::compose::products::set::{set_pages, SetOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::lang::{Lang, BUILTIN as PACKS};
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::{Ruleset, BUILTIN as PRESETS};
use jungle_print::resolve::Resources;
use jungle_print::scene::{Color, Item, Page};
use jungle_print::theme::Theme;

/// Every text run of the pages, in drawing order.
fn runs(pages: &[Page]) -> Vec<String> {
    fn walk(items: &[Item], out: &mut Vec<String>) {
        for item in items {
            match item {
                Item::Group(g) => walk(&g.items, out),
                Item::Clip(c) => walk(&c.items, out),
                Item::Page(p) => walk(&p.flattened().items, out),
                Item::Text(t) if crate::common::is_reading(t) => {}
                Item::Text(t) => out.push(t.text.clone()),
                Item::Path(_) | Item::Picture(_) => {}
            }
        }
    }
    let mut out = Vec::new();
    for p in pages {
        for (_, items) in p.layers.iter() {
            walk(items, &mut out);
        }
    }
    out
}

/// How many paths are stroked in `color` on the pages.
fn strokes_in(pages: &[Page], color: Color) -> usize {
    fn walk(items: &[Item], color: Color) -> usize {
        items
            .iter()
            .map(|item| match item {
                Item::Group(g) => walk(&g.items, color),
                Item::Clip(c) => walk(&c.items, color),
                Item::Path(p) => p.stroke.as_ref().is_some_and(|s| s.color == color) as usize,
                _ => 0,
            })
            .sum()
    }
    pages
        .iter()
        .flat_map(|p| p.layers.iter())
        .map(|(_, items)| walk(items, color))
        .sum()
}

fn handout(res: &Resources) -> Vec<Page> {
    handout_pages(res, &HandoutOptions { paper: Paper::A4 })
}

fn res_with(theme: &str, lang: Lang, rules: &str) -> Resources {
    Resources::new(
        Theme::builtin(theme).unwrap(),
        lang,
        Ruleset::builtin(rules).unwrap(),
    )
    .unwrap()
}

/// Replaces the `[animals]` table of a built-in pack.
fn with_animals(code: &str, animals: &str) -> String {
    let src = PACKS.iter().find(|(c, _)| *c == code).unwrap().1;
    let a = src.find("[animals]").unwrap();
    let b = a + src[a..].find("\n[").unwrap() + 1;
    format!("{}[animals]\n{animals}\n{}", &src[..a], &src[b..])
}

/// English dinosaurs, plurals given.
const DINOSAURS_EN: &str = r#"rat = { name = "Velociraptor", han = "鼠", plural = "velociraptors" }
cat = { name = "Compsognathus", han = "貓", plural = "compsognathi" }
dog = { name = "Dilophosaurus", han = "狗", plural = "dilophosauri" }
wolf = { name = "Allosaurus", han = "狼", plural = "allosauri" }
fox = { name = "Oviraptor", han = "狐", plural = "oviraptors" }
leopard = { name = "Spinosaurus", han = "豹", plural = "spinosauri" }
tiger = { name = "Triceratops", han = "虎", plural = "triceratopses" }
lion = { name = "Tyrannosaurus", han = "獅", plural = "tyrannosauri" }
elephant = { name = "Brachiosaurus", han = "象", plural = "brachiosauri" }
"#;

/// French animals of both genders, an elided vowel, an aspirate h and a mute h.
const ANIMAUX_FR: &str = r#"rat = { name = "Souris", han = "鼠", gender = "f", plural = "souris" }
cat = { name = "Belette", han = "貓", gender = "f", plural = "belettes" }
dog = { name = "Autruche", han = "狗", gender = "f", plural = "autruches" }
wolf = { name = "Hyène", han = "狼", gender = "f", plural = "hyènes" }
fox = { name = "Blaireau", han = "狐", gender = "m", plural = "blaireaux" }
leopard = { name = "Jaguar", han = "豹", gender = "m", plural = "jaguars" }
tiger = { name = "Ours", han = "虎", gender = "m", plural = "ours" }
lion = { name = "Gorille", han = "獅", gender = "m", plural = "gorilles" }
elephant = { name = "Hippopotame", han = "象", gender = "m", plural = "hippopotames", elide = true }
"#;

/// The built-in names of one pack, as words in lower case (with plurals).
fn original_words(code: &str) -> Vec<String> {
    let l = Lang::builtin(code).unwrap();
    let a = &l.animals;
    let mut w = Vec::new();
    for n in [
        &a.rat,
        &a.cat,
        &a.dog,
        &a.wolf,
        &a.fox,
        &a.leopard,
        &a.tiger,
        &a.lion,
        &a.elephant,
    ] {
        w.push(n.noun().to_lowercase());
        w.extend(n.plural.clone());
    }
    w
}

#[test]
fn renamed_animals_replace_every_original_name_with_articles_that_agree() {
    let en = Lang::parse(&with_animals("en", DINOSAURS_EN), "dinosaurs.toml").unwrap();
    let h = &en.handout;
    assert_eq!(
        h.rat_elephant,
        "The velociraptor, the weakest animal, may capture the brachiosaurus, the strongest."
    );
    assert_eq!(
        h.variant_fox,
        "The oviraptor plays in the allosaurus’s place, on the same start squares."
    );
    assert_eq!(h.variant_dog, "The dilophosaurus can swim.");

    let fr = Lang::parse(&with_animals("fr", ANIMAUX_FR), "animaux.toml").unwrap();
    let h = &fr.handout;
    assert_eq!(
        h.rat_elephant,
        "La souris, l’animal le plus faible, peut capturer l’hippopotame, l’animal le plus fort."
    );
    assert_eq!(
        h.variant_fox,
        "Le blaireau remplace la hyène, sur les mêmes cases de départ."
    );
    assert_eq!(h.variant_dog, "L’autruche sait nager.");
    assert_eq!(
        h.leopard_none,
        "Le jaguar ne peut pas sauter par-dessus la rivière."
    );

    // Every preset's handout, as printed: no word of the original names.
    for (lang, code) in [(en, "en"), (fr, "fr")] {
        let originals = original_words(code);
        for (preset, _) in PRESETS {
            let r = res_with("classic", lang.clone(), preset);
            // The ruleset's own title ("Fox variant") is the ruleset's words, not the pack's.
            let text = runs(&handout(&r))
                .join(" ")
                .replace(&ruleset_line(&r), "")
                .to_lowercase();
            let words: Vec<&str> = text
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| !w.is_empty())
                .collect();
            for o in &originals {
                assert!(
                    !words.contains(&o.as_str()),
                    "{code} {preset}: `{o}` is still printed: {text}"
                );
            }
        }
    }
}

#[test]
fn a_placeholder_the_pack_cannot_fill_is_refused_with_file_line_and_key() {
    let dir = tempdir("phrases");
    let src = PACKS[0]
        .1
        .replace("{The rat}, the weakest", "{The mouse}, the weakest");
    let path = dir.join("bad.toml");
    std::fs::write(&path, &src).unwrap();
    let line = src
        .lines()
        .position(|l| l.starts_with("rat_elephant"))
        .unwrap()
        + 1;
    let (code, _, err, wrote) = run_cli(&["rules", "--lang-file", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(!wrote);
    assert!(
        err.contains(&format!("bad.toml:{line}:"))
            && err.contains("handout.rat_elephant")
            && err.contains("{The mouse}"),
        "{err}"
    );

    // A French pack whose animals lack a gender cannot choose le or la.
    let fr = with_animals("fr", DINOSAURS_EN);
    let e = Lang::parse(&fr, "sans-genre.toml").unwrap_err().to_string();
    assert!(
        e.starts_with("sans-genre.toml:") && e.contains("animals.rat") && e.contains("gender"),
        "{e}"
    );

    // A plural placeholder in a pack with articles needs the animal's plural.
    let en = with_animals(
        "en",
        &DINOSAURS_EN.replace("plural = \"velociraptors\"", "noun = \"velociraptor\""),
    )
    .replace("{The dog} can swim.", "{The dogs} can swim.");
    let ok = Lang::parse(&en, "plural.toml").unwrap();
    assert_eq!(ok.handout.variant_dog, "The dilophosauri can swim.");
    let missing = en.replace("{The dogs} can swim.", "{The rats} can swim.");
    let e = Lang::parse(&missing, "plural.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("animals.rat") && e.contains("plural"), "{e}");
}

#[test]
fn every_pack_and_preset_prints_no_placeholder() {
    for (code, _) in PACKS {
        for (preset, _) in PRESETS {
            let r = res_with("classic", Lang::builtin(code).unwrap(), preset);
            let (pages, _) = set_pages(&r, &Sheet::new(Paper::A4), &SetOptions::default()).unwrap();
            for run in runs(&pages) {
                assert!(
                    !run.contains('{') && !run.contains('}'),
                    "{code} {preset}: `{run}`"
                );
            }
        }
    }
}

#[test]
fn ink_saver_rules_name_no_river_colour_and_the_leap_diagram_draws_waves() {
    // Colour words a river might be called by, per language.
    let colours: [(&str, &[&str]); 4] = [
        ("en", &["blue", "green", "white"]),
        (
            "fr",
            &[
                "bleu", "bleue", "bleues", "vert", "vertes", "blanc", "blanches",
            ],
        ),
        ("zh-Hant", &["藍", "綠", "白色"]),
        ("zh-Hans", &["蓝", "绿", "白色"]),
    ];
    for (code, words) in colours {
        for (preset, _) in PRESETS {
            let r = res_with("ink-saver", Lang::builtin(code).unwrap(), preset);
            let pages = handout(&r);
            let text = runs(&pages).join(" ").to_lowercase();
            for w in words {
                let hit = if code.starts_with("zh") {
                    text.contains(w)
                } else {
                    text.split(|c: char| !c.is_alphabetic()).any(|x| x == *w)
                };
                assert!(!hit, "{code} {preset}: `{w}` in {text}");
            }
            // The set-up board draws one wave path per river square (12); the
            // leap diagram's two strips add their own.
            let waves = strokes_in(&pages, r.theme.board.river_wave.0);
            if preset == "checkers" {
                assert_eq!(waves, 0, "{code} {preset}");
            } else {
                assert!(waves > 12, "{code} {preset}: {waves} wave paths");
            }
        }
    }
}

#[test]
fn a_variant_is_named_under_the_title_and_on_the_cover() {
    for (code, _) in PACKS {
        for (preset, _) in PRESETS {
            let r = res_with("classic", Lang::builtin(code).unwrap(), preset);
            let name = ruleset_line(&r);
            let sub = &r.lang.game.subtitle;
            let with_name = format!("{sub}  ·  {name}");
            let first = runs(&handout(&r)[..1]).concat();
            let (set, _) = set_pages(&r, &Sheet::new(Paper::A4), &SetOptions::default()).unwrap();
            let cover = runs(&set[..1]).concat();
            for (what, text) in [("handout", &first), ("cover", &cover)] {
                assert!(text.contains(sub.as_str()), "{code} {preset} {what}");
                assert_eq!(
                    text.contains(&with_name),
                    preset != "standard",
                    "{code} {preset} {what}: {text}"
                );
            }
        }
    }
    let r = res_with("classic", Lang::builtin("en").unwrap(), "checkers");
    assert!(
        r.lang
            .handout
            .variant_four
            .contains("treat the river and trap squares as ordinary land"),
        "{}",
        r.lang.handout.variant_four
    );
}

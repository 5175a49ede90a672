//! Themes: the reference page, round trips, inheritance, every error kind,
//! contrast, and every built-in theme × language rendering cleanly.

use crate::common;

use std::path::{Path, PathBuf};

use jungle_print::compose::products::board::{board_page, BoardSheet};
use jungle_print::compose::products::counters::{counter_pages, CounterOptions, Sides};
use jungle_print::compose::products::Sheet;
use jungle_print::error::Error;
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::Ruleset;
use jungle_print::render::{pdf, svg};
use jungle_print::resolve::Resources;
use jungle_print::scene::Color;
use jungle_print::theme::{contrast, schema, Theme, BUILTIN};

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jungle-themes-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p
}

fn err(text: &str) -> String {
    Theme::parse(text, "my.toml").unwrap_err().to_string()
}

#[test]
fn the_reference_page_lists_exactly_the_keys_of_the_program() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/themes/README.md")).unwrap();
    let inside = page
        .split("<!-- keys:begin -->\n")
        .nth(1)
        .and_then(|r| r.split("<!-- keys:end -->").next())
        .expect("themes/README.md has the keys markers");
    assert_eq!(
        inside,
        schema::reference(),
        "themes/README.md is out of date: paste the output of `jungle-print themes keys` between the markers"
    );
}

#[test]
fn the_schema_and_the_theme_structure_have_the_same_keys() {
    let table: toml::Table = toml::from_str(&Theme::default().to_toml()).unwrap();
    let mut from_struct: Vec<String> = jungle_print::theme::edit::leaves(&table)
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    from_struct.push("extends".into());
    from_struct.sort();
    let mut from_schema: Vec<String> = schema::KEYS.iter().map(|k| k.path.to_string()).collect();
    from_schema.sort();
    assert_eq!(from_struct, from_schema);
}

#[test]
fn themes_show_parses_back_to_the_same_theme() {
    for (name, _) in BUILTIN {
        let t = Theme::builtin(name).unwrap();
        let again = Theme::parse(&t.to_toml(), "shown.toml").unwrap();
        assert_eq!(again, t, "{name}");
    }
}

#[test]
fn a_child_changes_one_colour_and_inherits_the_rest() {
    let child = Theme::parse("extends = \"kids\"\n[board]\nriver = \"navy\"\n", "mine").unwrap();
    let mut expected = Theme::builtin("kids").unwrap();
    expected.board.river.0 = Color::Rgb(0, 0, 128);
    expected.name = "mine".into();
    expected.description = "Based on kids".into();
    assert_eq!(child, expected);
    // Without `extends`, a theme builds on classic.
    let plain = Theme::parse("name = \"p\"\n[sides]\nsouth = \"#000\"\n", "p").unwrap();
    assert_eq!(plain.board, Theme::default().board);
    assert_eq!(plain.sides.south.0, Color::BLACK);
}

#[test]
fn relative_paths_are_read_from_each_theme_files_folder() {
    let dir = scratch("paths");
    let font = Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/NotoSans-Bold.subset.ttf");
    std::fs::copy(
        &font,
        dir.join("base/Bold.ttf")
            .parent()
            .map(|p| {
                std::fs::create_dir_all(p).unwrap();
                p.join("Bold.ttf")
            })
            .unwrap(),
    )
    .unwrap();
    write(
        &dir,
        "base/icons/rat.svg",
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>"#,
    );
    write(
        &dir,
        "base/base.toml",
        "extends = \"kids\"\n[fonts]\nbold = \"Bold.ttf\"\n[icons]\nrat = \"icons/rat.svg\"\n",
    );
    let child = write(
        &dir,
        "mine/child.toml",
        "extends = \"../base/base.toml\"\n[sides]\nnorth = \"teal\"\n",
    );
    let t = Theme::load(&child).unwrap();
    assert_eq!(t.name, "child");
    assert_eq!(
        t.fonts.bold.0,
        vec![dir.join("base/Bold.ttf").display().to_string()]
    );
    assert_eq!(
        t.icons.rat,
        dir.join("base/icons/rat.svg").display().to_string()
    );
    // And they load: the user's font and icon are really used.
    let res = Resources::new(t, Lang::builtin("en").unwrap(), Ruleset::default()).unwrap();
    assert_eq!(
        res.fonts.fonts()[res.bold[0].0].name,
        dir.join("base/Bold.ttf").display().to_string()
    );
    assert!(res
        .pictures
        .animal(jungle_print::game::Animal::Rat)
        .is_some());
}

#[test]
fn a_font_list_and_a_collection_face_index_are_accepted() {
    let t = Theme::parse(
        "[fonts]\ntext = [\"builtin:kai\", \"builtin:noto-sans\"]\n",
        "mine",
    )
    .unwrap();
    let res = Resources::new(t, Lang::builtin("fr").unwrap(), Ruleset::default()).unwrap();
    // Kai first, Noto Sans for the narrow no-break space Kai lacks, then the han face.
    assert_eq!(res.text.len(), 2);
    let e = err("[fonts]\nhan = \"fonts/x.ttc#one\"\n");
    assert!(e.contains("not a face index"), "{e}");
}

#[test]
fn extends_loops_are_caught() {
    let dir = scratch("loop");
    let a = write(&dir, "a.toml", "extends = \"b.toml\"\n");
    write(&dir, "b.toml", "extends = \"a.toml\"\n");
    let e = Theme::load(&a).unwrap_err().to_string();
    assert!(e.contains("key `extends`") && e.contains("loop"), "{e}");
    let e = err("extends = \"clasic\"\n");
    assert!(
        e.contains("unknown theme `clasic`") && e.contains("classic"),
        "{e}"
    );
}

// One test per kind of mistake: each names the file, line, column and key.

#[test]
fn error_syntax() {
    let e = err("[board]\nriver = \"#00f\n");
    assert!(
        e.starts_with("my.toml:2:") && e.contains("not valid TOML"),
        "{e}"
    );
}

#[test]
fn error_unknown_key_suggests_the_nearest() {
    let e = err("name = \"x\"\n\n[board]\nriverr = \"#00f\"\n");
    assert_eq!(
        e,
        "my.toml:4:1: key `board.riverr`: unknown key `riverr`; did you mean `river`?"
    );
    let e = err("[bord]\nriver = \"#00f\"\n");
    assert!(
        e.contains("key `bord`") && e.contains("did you mean `board`?"),
        "{e}"
    );
}

#[test]
fn error_wrong_type() {
    let e = err("[board]\nshow_coordinates = \"yes\"\n");
    assert!(
        e.starts_with(
            "my.toml:2:20: key `board.show_coordinates`: expected true or false, found string"
        ),
        "{e}"
    );
}

#[test]
fn error_out_of_range() {
    let e = err("[counters]\nring_width = 0.5\n");
    assert!(
        e.starts_with(
            "my.toml:2:14: key `counters.ring_width`: 0.5 is out of range; expected 0.02 to 0.2"
        ),
        "{e}"
    );
}

#[test]
fn error_bad_colour() {
    let e = err("[sides]\nsouth = \"gren\"\n");
    assert!(
        e.starts_with("my.toml:2:9: key `sides.south`: `gren` is not a colour; write"),
        "{e}"
    );
    assert!(e.contains("CSS colour name"), "{e}");
}

#[test]
fn error_missing_font_file_names_the_path_tried() {
    let e = err("[fonts]\nhan = \"no/such/Font.otf\"\n");
    assert!(
        e.starts_with("my.toml:2:7: key `fonts.han`: font file not found: tried `"),
        "{e}"
    );
    assert!(e.contains("no/such/Font.otf"), "{e}");
}

#[test]
fn error_font_without_the_glyphs_lists_characters_and_labels() {
    // A Latin face for the Chinese characters: the bundled Jungle Kai draws them.
    let t = Theme::parse("[fonts]\nhan = \"builtin:noto-sans\"\n", "latin-only.toml").unwrap();
    let res = Resources::new(t, Lang::builtin("zh-Hant").unwrap(), Ruleset::default()).unwrap();
    assert_eq!(res.fonts.get(*res.han.last().unwrap()).name, "builtin:kai");
    // Characters no font has are refused, each string's key named.
    let t = Theme::parse("[fonts]\nhan = \"builtin:noto-sans\"\n", "latin-only.toml").unwrap();
    let src = jungle_print::lang::BUILTIN
        .iter()
        .find(|(code, _)| *code == "zh-Hant")
        .unwrap()
        .1
        .replace("name = \"老鼠\"", "name = \"老鼠\u{E000}\"")
        .replace("name = \"大象\"", "name = \"大象\u{E001}\"");
    let lang = Lang::parse(&src, "zh.toml").unwrap();
    let e = Resources::new(t, lang, Ruleset::default()).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    let msg = e.to_string();
    assert!(
        msg.starts_with("zh.toml:")
            && msg.contains("key `animals.")
            && msg.contains("more strings")
            && msg.contains("(U+E00"),
        "{msg}"
    );
}

#[test]
fn error_bad_icon_file() {
    let dir = scratch("icon");
    let theme = write(
        &dir,
        "t.toml",
        "extends = \"kids\"\n[icons]\ncat = \"cat.svg\"\n",
    );
    write(
        &dir,
        "cat.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>cat</text></svg>",
    );
    let t = Theme::load(&theme).unwrap();
    let e = Resources::new(t, Lang::builtin("en").unwrap(), Ruleset::default()).unwrap_err();
    // The error points at the theme file and line that named the icon.
    assert!(matches!(e, Error::Input { line: 3, .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("icons.cat") && msg.contains("cat.svg") && msg.contains("<text>"),
        "{msg}"
    );
}

#[test]
fn text_that_does_not_fit_is_reported() {
    let src = jungle_print::lang::BUILTIN[0].1.replace(
        "name = \"Elephant\"",
        "name = \"Elephant of the great southern forests\"",
    );
    let lang = Lang::parse(&src, "long.toml").unwrap();
    let res = Resources::new(Theme::default(), lang, Ruleset::default()).unwrap();
    // Names are printed on the counters' backs.
    let fold = CounterOptions {
        sides: Sides::Fold,
        ..CounterOptions::default()
    };
    counter_pages(&res, &Sheet::new(Paper::A4), &fold).unwrap();
    let w = res.take_warnings();
    assert!(
        w.iter().any(|m| m.contains("Elephant of the great southern forests") && m.contains("too long")),
        "{w:?}"
    );
}

#[test]
fn high_contrast_text_reaches_4_5_to_1_everywhere() {
    let t = Theme::builtin("high-contrast").unwrap();
    for (what, ink, ground) in t.text_pairs() {
        let c = contrast(ink, ground);
        assert!(
            c >= 4.5,
            "{what}: {} on {} is {c:.2}:1",
            ink.to_hex(),
            ground.to_hex()
        );
    }
    // And the sides differ by more than colour: one light, one dark, and
    // pattern and mark tell them apart too.
    assert_ne!(t.sides.south_style, t.sides.north_style);
    assert_ne!(t.sides.south_pattern, t.sides.north_pattern);
    assert_ne!(t.sides.south_mark, t.sides.north_mark);
}

#[test]
fn every_builtin_theme_renders_board_and_counters_in_every_language_without_warnings() {
    for (name, _) in BUILTIN {
        for code in common::LANGS {
            let res = Resources::new(
                Theme::builtin(name).unwrap(),
                Lang::builtin(code).unwrap(),
                Ruleset::default(),
            )
            .unwrap_or_else(|e| panic!("{name} × {code}: {e}"));
            let mut pages = vec![board_page(&res, &BoardSheet::new(Paper::A4)).unwrap()];
            pages.extend(
                counter_pages(&res, &Sheet::new(Paper::A4), &CounterOptions::default()).unwrap(),
            );
            let doc = jungle_print::document(name, pages, &res);
            let bytes = pdf::render(&doc, &Default::default()).unwrap();
            let text = common::pdf_text(&bytes);
            // Picture faces print no character: the board's labels then stand for the text.
            let word = match res.theme.counters.layout {
                jungle_print::theme::FaceLayout::Character => &res.lang.animals.rat.han,
                _ => &res.lang.board.river,
            };
            assert!(
                text.contains(word.as_str()),
                "{name} × {code}: {word} missing from the PDF text"
            );
            assert!(!svg::render(&doc, 1, &Default::default()).is_empty());
            assert_eq!(res.take_warnings(), Vec::<String>::new(), "{name} × {code}");
        }
    }
}

#[test]
fn icons_are_drawn_only_when_the_theme_asks() {
    let count_paths = |theme: &str| {
        let res = Resources::new(
            Theme::builtin(theme).unwrap(),
            Lang::builtin("en").unwrap(),
            Ruleset::default(),
        )
        .unwrap();
        let page = board_page(&res, &BoardSheet::new(Paper::A4)).unwrap();
        let doc = jungle_print::document("b", vec![page], &res);
        svg::render(&doc, 0, &Default::default())
            .matches("<path")
            .count()
    };
    // Kids draws one icon on each of the 16 start squares.
    assert!(count_paths("kids") >= count_paths("classic") + 16);
}

//! No tofu, ever: every character of every built-in label has a glyph in the
//! font that will draw it, for every built-in theme.

use jungle_print::error::Error;
use jungle_print::lang::{Lang, BUILTIN as LANGS};
use jungle_print::play::rules::Ruleset;
use jungle_print::resolve::Resources;
use jungle_print::theme::{Theme, BUILTIN as THEMES};

#[test]
fn every_builtin_label_is_covered_by_its_font() {
    for (theme, _) in THEMES {
        for (code, _) in LANGS {
            let res = Resources::new(
                Theme::builtin(theme).unwrap(),
                Lang::builtin(code).unwrap(),
                Ruleset::default(),
            );
            assert!(res.is_ok(), "{theme} × {code}: {}", res.unwrap_err());
            let res = res.unwrap();
            for (key, s) in res.lang.strings() {
                let stack = res.stack_for_key(&key);
                for c in s.chars().filter(|c| !c.is_whitespace()) {
                    let font = stack.iter().find(|f| res.fonts.glyph(**f, c).is_some());
                    assert!(
                        font.is_some(),
                        "{theme} × {code}: `{key}` needs {c} (U+{:04X})",
                        c as u32
                    );
                }
            }
        }
    }
}

#[test]
fn the_han_face_draws_every_animal_in_both_scripts() {
    let res = Resources::new(
        Theme::default(),
        Lang::builtin("en").unwrap(),
        Ruleset::default(),
    )
    .unwrap();
    for c in "鬥獸棋斗兽象獅狮虎豹狼狐狗貓猫鼠河陷阱穴".chars() {
        assert!(res.fonts.glyph(res.han[0], c).is_some(), "{c}");
    }
}

#[test]
fn a_label_the_fonts_cannot_draw_is_reported_with_its_key() {
    let src = LANGS[0]
        .1
        .replace("trap = \"Trap\"", "trap = \"Trap \u{E123}\"");
    let lang = Lang::parse(&src, "mine.toml").unwrap();
    let err = Resources::new(Theme::default(), lang, Ruleset::default()).unwrap_err();
    // Blamed on the pack's file, line and key.
    assert!(matches!(err, Error::Input { .. }));
    let msg = err.to_string();
    let line = src.lines().position(|l| l.contains('\u{E123}')).unwrap() + 1;
    assert!(
        msg.starts_with(&format!("mine.toml:{line}:"))
            && msg.contains("board.trap")
            && msg.contains("U+E123"),
        "{msg}"
    );
    assert_eq!(err.exit_code(), 2);
}

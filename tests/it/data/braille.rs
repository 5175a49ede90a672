//! Braille by liblouis: the embedded files `lang/braille/<code>.toml` must be
//! what `tools/braille.py` (liblouis's `lou_translate`) makes today from the
//! built-in packs' labels and the rules' paragraphs (every built-in ruleset
//! and theme). Run with `JUNGLE_PRINT_BRAILLE_WRITE=1` to rewrite them.
//!
//! liblouis is a system package (`liblouis-bin`, `liblouis-data`); without
//! it this test says so and passes, except in CI, where it fails.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use jungle_print::compose::products::handout::plain_text;
use jungle_print::input::Source;
use jungle_print::job::{Inputs, Purpose};
use jungle_print::lang::braille::{self, Braille};
use jungle_print::lang::Lang;

const TOOL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/braille.py");

/// A JSON string.
fn json(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Every paragraph of the rules in `code`, over the built-in rulesets and themes.
pub fn rules_text(code: &str) -> Vec<String> {
    let mut text = Vec::new();
    for (ruleset, _) in jungle_print::play::rules::BUILTIN {
        for (theme, _) in jungle_print::theme::BUILTIN {
            let inputs = Inputs {
                theme: Some(Source::builtin(theme)),
                lang: Source::builtin(code),
                ruleset: Source::builtin(ruleset),
                ..Inputs::default()
            };
            let res = inputs.resources(Purpose::Home).unwrap();
            text.extend(plain_text(&res));
        }
    }
    text.sort();
    text.dedup();
    text
}

fn sources(code: &str) -> String {
    let lang = Lang::builtin(code).unwrap();
    let list = |v: Vec<String>| v.iter().map(|s| json(s)).collect::<Vec<_>>().join(",");
    format!(
        "{{\"code\":{},\"labels\":[{}],\"text\":[{}]}}",
        json(code),
        list(braille::labels(&lang)),
        list(rules_text(code))
    )
}

fn liblouis() -> bool {
    let ok = Command::new("python3")
        .args([TOOL, "available"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        crate::common::missing(
            "liblouis is not installed (apt-get install liblouis-bin liblouis-data)",
        );
    }
    ok
}

#[test]
fn the_embedded_braille_is_liblouis_translation_of_the_packs_words() {
    if !liblouis() {
        return;
    }
    let write = std::env::var_os("JUNGLE_PRINT_BRAILLE_WRITE").is_some();
    for (code, committed) in braille::BUILTIN {
        let mut child = Command::new("python3")
            .arg(TOOL)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(sources(code).as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{code}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let made = String::from_utf8(out.stdout).unwrap();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("lang/braille/{code}.toml"));
        if write {
            std::fs::write(&path, &made).unwrap();
            continue;
        }
        assert!(
            made == committed,
            "lang/braille/{code}.toml is not what liblouis makes of the pack's words today: rerun this test with JUNGLE_PRINT_BRAILLE_WRITE=1 (it runs tools/braille.py)"
        );
    }
}

#[test]
fn every_label_and_paragraph_of_the_built_in_packs_has_braille() {
    for (code, _) in braille::BUILTIN {
        let lang = Lang::builtin(code).unwrap();
        let b = Braille::of(&lang).unwrap();
        for w in braille::labels(&lang) {
            assert!(b.word(&w).is_ok(), "{code}: {w}");
        }
        for t in rules_text(code) {
            assert!(b.text(&t).is_ok(), "{code}: {t}");
        }
    }
}

#[test]
fn a_few_translations_as_braille_readers_know_them() {
    let en = Braille::for_code("en").unwrap();
    // UEB: the numeric indicator before a digit; e then 8 for the elephant.
    assert_eq!(en.word("8").unwrap(), "⠼⠓");
    assert_eq!(en.word("e8").unwrap(), "⠑⠼⠓");
    assert_eq!(en.word("a").unwrap(), "⠁");
    let fr = Braille::for_code("fr").unwrap();
    // French braille writes digits with dot 6 before the digit cell (Antoine).
    assert_eq!(fr.word("8").unwrap(), "⠠⠳");
    // Taiwanese braille: 象 is ㄒㄧㄤˋ.
    let tw = Braille::for_code("zh-Hant").unwrap();
    assert_eq!(tw.word("象").unwrap(), "⠑⠨⠐");
    let cn = Braille::for_code("zh-Hans").unwrap();
    assert_eq!(cn.word("象").unwrap(), "⠓⠭");
}

//! Rulesets and language packs as users write them: every mistake is an input
//! error naming the file, line and key (exit 2 and no file on the command
//! line: `cli::errors`); `check` reads them the way printing does; the help
//! lists every preset; counters follow the ranks.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;
use jungle_print::compose::products::counters::{counter_pages, CounterOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::error::Error;
use jungle_print::input::Source;
use jungle_print::lang::{Lang, BUILTIN as PACKS};
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::{Ruleset, BUILTIN as PRESETS};
use jungle_print::resolve::Resources;
use jungle_print::scene::Item;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Writes `bytes` to a scratch file named after the test and returns its path.
fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jungle-print-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn standard_src() -> &'static str {
    PRESETS[0].1
}

fn english_src() -> &'static str {
    PACKS[0].1
}

/// Which kind of data file a test writes.
#[derive(Clone, Copy)]
enum Data {
    Ruleset,
    Lang,
}

/// Loads a ruleset or language file through the library and expects an input
/// error (`Error::Input`) naming the file, with every needle in its one-line message.
fn refused(what: Data, path: &Path, needles: &[&str]) -> String {
    let source = Source::File(path.to_path_buf());
    let err = match what {
        Data::Ruleset => source.load::<Ruleset>().err(),
        Data::Lang => source.load::<Lang>().err(),
    }
    .unwrap_or_else(|| panic!("{} was accepted", path.display()));
    assert!(matches!(err, Error::Input { .. }), "{err:?}");
    let p = path.to_str().unwrap();
    assert_eq!(err.origin(), Some(p), "names the file: {err}");
    let msg = err.to_string();
    for n in needles {
        assert!(msg.contains(n), "`{n}` not in: {msg}");
    }
    assert_eq!(msg.trim().lines().count(), 1, "one line: {msg}");
    msg
}

#[test]
fn a_bad_rank_names_the_rank_key_and_its_range() {
    for value in ["9", "300", "-1", "\"six\"", "6.5"] {
        let src = standard_src().replace("tiger = 6", &format!("tiger = {value}"));
        let p = scratch(&format!("rank{}.toml", value.len()), src.as_bytes());
        let err = refused(Data::Ruleset, &p, &["ranks.tiger", "from 1 to 8"]);
        assert!(!err.contains("meta.") && !err.contains("u8"), "{err}");
    }
}

#[test]
fn a_missing_or_extra_language_key_names_itself() {
    let missing = english_src().replace("den = \"Den\"\n", "");
    let p = scratch("missing.toml", missing.as_bytes());
    refused(Data::Lang, &p, &["board.den", "missing"]);

    let src = english_src();
    let (a, b) = (src.find("[sheet]").unwrap(), src.find("[handout]").unwrap());
    let no_section = format!("{}{}", &src[..a], &src[b..]);
    let p = scratch("nosection.toml", no_section.as_bytes());
    refused(Data::Lang, &p, &["[sheet]", "missing"]);

    let extra = src.replace("[board]\n", "[board]\ncastle = \"Castle\"\n");
    let p = scratch("extra.toml", extra.as_bytes());
    refused(Data::Lang, &p, &["board.castle", "unknown field"]);
}

#[test]
fn a_language_pack_of_empty_strings_is_refused() {
    let mut out = String::new();
    for line in english_src().lines() {
        // Every `key = "…"` becomes `key = ""`, inline tables included.
        let mut l = String::new();
        let mut inside = false;
        for c in line.chars() {
            if c == '"' {
                if !inside {
                    l.push('"');
                }
                inside = !inside;
                if !inside {
                    l.push('"');
                }
            } else if !inside {
                l.push(c);
            }
        }
        out.push_str(&l);
        out.push('\n');
    }
    let p = scratch("empty.toml", out.as_bytes());
    refused(Data::Lang, &p, &["empty text", "animals.cat.name", "more"]);
}

#[test]
fn self_contradicting_rulesets_are_refused_with_the_keys() {
    let four = standard_src().replace("four_animals = false", "four_animals = true");
    let fox = four
        .replace("fox = false ", "fox = true  ")
        .replace("lion_jumps = \"both\"", "lion_jumps = \"none\"")
        .replace("tiger_jumps = \"both\"", "tiger_jumps = \"none\"");
    let p = scratch("foxfour.toml", fox.as_bytes());
    refused(Data::Ruleset, &p, &["play.fox", "variants.four_animals"]);
    let dog = four
        .replace("dog_swims = false", "dog_swims = true")
        .replace("lion_jumps = \"both\"", "lion_jumps = \"none\"")
        .replace("tiger_jumps = \"both\"", "tiger_jumps = \"none\"");
    let p = scratch("dogfour.toml", dog.as_bytes());
    refused(
        Data::Ruleset,
        &p,
        &["variants.dog_swims", "variants.four_animals"],
    );
    assert!(!dog.contains("play.fox"));
    // The built-in checkers preset is the consistent way to ask for it.
    Ruleset::builtin("checkers").unwrap();
}

#[test]
fn files_that_are_not_utf8_give_file_line_and_column() {
    let bad = standard_src().replacen("tiger = 6", "tiger = \u{FFFD}6", 1);
    let bytes = bad.replace('\u{FFFD}', "\u{1}").into_bytes();
    let bytes: Vec<u8> = bytes
        .into_iter()
        .map(|b| if b == 1 { 0xFF } else { b })
        .collect();
    let line = standard_src()
        .lines()
        .position(|l| l.starts_with("tiger"))
        .unwrap()
        + 1;
    let p = scratch("latin1.toml", &bytes);
    refused(Data::Ruleset, &p, &[&format!(":{line}:9:"), "UTF-8"]);

    let mut pack = english_src().as_bytes().to_vec();
    let at = english_src().find("Elephant").unwrap();
    pack[at] = 0xC9; // É in Latin-1
    let line = english_src()[..at].lines().count();
    let p = scratch("latin1-pack.toml", &pack);
    refused(Data::Lang, &p, &[&format!(":{line}:"), "UTF-8"]);
}

#[test]
fn check_reads_language_packs_and_rulesets() {
    let pack = scratch("pack.toml", english_src().as_bytes());
    let rules = scratch("house.toml", standard_src().as_bytes());
    let pack_s = pack.to_str().unwrap();
    let rules_s = rules.to_str().unwrap();
    for (args, says) in [
        (
            vec!["check", "--lang-file", pack_s],
            "language pack `en` is valid",
        ),
        (vec!["check", pack_s], "language pack `en` is valid"),
        (
            vec!["check", "--ruleset", rules_s],
            "ruleset `standard` is valid",
        ),
        (vec!["check", rules_s], "ruleset `standard` is valid"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains(says), "{args:?}: {out}");
    }
    // And they fail as printing would.
    let missing = scratch(
        "check-missing.toml",
        english_src().replace("den = \"Den\"\n", "").as_bytes(),
    );
    let (code, _, err) = run(&["check", missing.to_str().unwrap()]);
    assert!(code == 2 && err.contains("board.den"), "{err}");
    let bad = scratch(
        "check-rank.toml",
        standard_src().replace("tiger = 6", "tiger = 0").as_bytes(),
    );
    let (code, _, err) = run(&["check", "--ruleset", bad.to_str().unwrap()]);
    assert!(code == 2 && err.contains("ranks.tiger"), "{err}");
}

#[test]
fn the_ruleset_help_lists_every_preset() {
    for cmd in ["rules", "board", "counters", "set", "check"] {
        let (code, out, _) = run(&[cmd, "--help"]);
        assert_eq!(code, 0);
        let line = out
            .lines()
            .skip_while(|l| !l.contains("--ruleset"))
            .take(3)
            .collect::<String>();
        for (name, _) in PRESETS {
            assert!(line.contains(name), "{cmd} --help lacks `{name}`: {line}");
        }
    }
}

#[test]
fn counters_are_printed_strongest_first_for_every_preset() {
    for (name, _) in PRESETS {
        let r = Resources::new(
            Default::default(),
            Lang::builtin("en").unwrap(),
            Ruleset::builtin(name).unwrap(),
        )
        .unwrap();
        let pages = counter_pages(&r, &Sheet::new(Paper::A4), &CounterOptions::default()).unwrap();
        fn walk(items: &[Item], out: &mut Vec<u8>) {
            for i in items {
                match i {
                    Item::Group(g) => walk(&g.items, out),
                    Item::Clip(c) => walk(&c.items, out),
                    Item::Page(p) => walk(&p.flattened().items, out),
                    Item::Text(t) => out.extend(t.text.parse::<u8>().ok()),
                    Item::Path(_) | Item::Picture(_) => {}
                }
            }
        }
        let mut ranks = Vec::new();
        for p in &pages {
            for (_, items) in p.layers.iter() {
                walk(items, &mut ranks);
            }
        }
        let mut one_side: Vec<u8> = r.rules.animals().iter().map(|a| r.rules.rank(*a)).collect();
        one_side.sort_by(|a, b| b.cmp(a));
        // Each face prints its rank twice (once turned for the opponent).
        let twice: Vec<u8> = one_side.iter().flat_map(|&r| [r, r]).collect();
        let both: Vec<u8> = twice.iter().chain(&twice).copied().collect();
        assert_eq!(ranks, both, "{name}");
    }
}

#[test]
fn every_built_in_pack_has_a_title_for_every_preset() {
    for (name, _) in PRESETS {
        let r = Ruleset::builtin(name).unwrap();
        for lang in LANGS {
            assert!(r.meta.title.contains_key(lang), "{name} × {lang}");
        }
    }
}

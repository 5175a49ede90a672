//! Language packs written for earlier versions: their retired keys and
//! placeholders load with one warning each (file, line, key, what replaced
//! it, how to update), the run succeeds and its pages are made; `check`
//! reports the same warnings.

use std::path::Path;
use std::process::Command;

use crate::common::{pdf_text, tempdir};

/// The built-in English pack with `edit` applied, written to `dir/old.toml`.
fn old_pack(dir: &Path, edit: impl Fn(String) -> String) -> String {
    let en = jungle_print::lang::BUILTIN[0].1.to_string();
    let pack = edit(en.clone());
    assert_ne!(pack, en, "the edit changed nothing");
    std::fs::write(dir.join("old.toml"), pack).unwrap();
    "old.toml".into()
}

/// Runs the command line in `dir`: exit code, standard error.
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The line of `pack` (from 1) that starts with `start`.
fn line_of(dir: &Path, start: &str) -> usize {
    let text = std::fs::read_to_string(dir.join("old.toml")).unwrap();
    text.lines().position(|l| l.starts_with(start)).unwrap() + 1
}

/// A class set of two with the pack: exit 0, the document made, and
/// exactly one warning, which names the file, line and key and `says`;
/// the same warning from `check`. Returns the document's text.
fn loads_with_one_warning(dir: &Path, key: &str, line: usize, says: &[&str]) -> String {
    let (code, err) = run(
        dir,
        &[
            "set",
            "--copies",
            "2",
            "--lang-file",
            "old.toml",
            "-o",
            "out.pdf",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let warnings: Vec<&str> = err.lines().filter(|l| l.contains("warning:")).collect();
    assert_eq!(warnings.len(), 1, "{err}");
    let w = warnings[0];
    assert!(
        w.starts_with(&format!("jungle-print: warning: old.toml:{line}:")),
        "{w}"
    );
    assert!(w.contains(&format!("key `{key}`: ")), "{w}");
    for s in says {
        assert!(w.contains(s), "{s:?} not in {w}");
    }
    assert!(err.contains("wrote out.pdf"), "{err}");
    let (code, out) = {
        let o = Command::new(env!("CARGO_BIN_EXE_jungle-print"))
            .args(["check", "--lang-file", "old.toml"])
            .current_dir(dir)
            .output()
            .unwrap();
        (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr),
        )
    };
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("old.toml:{line}:")) && out.contains(&format!("key `{key}`")),
        "check: {out}"
    );
    assert!(out.contains("(1 warning)"), "check: {out}");
    let text = pdf_text(&std::fs::read(dir.join("out.pdf")).unwrap());
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn print_duplex_sets_is_ignored_with_a_warning() {
    let dir = tempdir("old-duplex-sets");
    old_pack(&dir, |en| {
        en.replace(
            "long_edge = ",
            "print_duplex_sets = \"Print the counter pages of every set double-sided ({pages} in set 1, the same places in the others), flipping on the {edge}; print all the other pages single-sided.\"\nlong_edge = ",
        )
    });
    let line = line_of(&dir, "print_duplex_sets");
    let text = loads_with_one_warning(
        &dir,
        "cover.print_duplex_sets",
        line,
        &["`cover.print_duplex`", "ignored", "delete it"],
    );
    assert!(!text.contains("the same places in the others"), "{text}");
}

#[test]
fn cover_paper_stands_for_cover_card_with_a_warning() {
    let old = "Board and counters last longer on thin card (160 to 250 g/m²) or glued onto card; plain paper is fine for the rules.";
    let dir = tempdir("old-paper");
    old_pack(&dir, |en| {
        let card = en.lines().find(|l| l.starts_with("card = ")).unwrap();
        en.replace(card, &format!("paper = \"{old}\""))
    });
    let line = line_of(&dir, "paper = ");
    let text = loads_with_one_warning(
        &dir,
        "cover.paper",
        line,
        &[
            "replaced by `cover.card`",
            "rename the key `card`",
            "{pages}",
        ],
    );
    // The old sentence, in the new one's place on the cover.
    assert!(text.contains("last longer on thin card"), "{text}");

    // Beside `card`, it is ignored.
    let dir = tempdir("old-paper-card");
    old_pack(&dir, |en| {
        en.replace("\ncard = ", &format!("\npaper = \"{old}\"\ncard = "))
    });
    let line = line_of(&dir, "paper = ");
    let text = loads_with_one_warning(
        &dir,
        "cover.paper",
        line,
        &["the pack has `cover.card`", "ignored", "delete it"],
    );
    assert!(!text.contains("last longer on thin card"), "{text}");
    assert!(text.contains("Load thin card"), "{text}");
}

#[test]
fn a_pack_with_neither_card_nor_paper_is_missing_card() {
    let dir = tempdir("old-no-card");
    old_pack(&dir, |en| {
        let card = en.lines().find(|l| l.starts_with("card = ")).unwrap();
        en.replace(&format!("{card}\n"), "")
    });
    let (code, err) = run(&dir, &["set", "--lang-file", "old.toml", "-o", "out.pdf"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("old.toml:") && err.contains("key `cover.card`: missing"),
        "{err}"
    );
    assert!(!dir.join("out.pdf").exists());
}

#[test]
fn old_placeholders_in_sets_leave_the_sentence_off_with_a_warning() {
    let dir = tempdir("old-sets");
    old_pack(&dir, |en| {
        let sets = en.lines().find(|l| l.starts_with("sets = ")).unwrap();
        en.replace(sets, "sets = \"{n} complete sets, one after another, {len} pages each: set 1 is {pages}, and each further set repeats those pages in the same order.\"")
    });
    let line = line_of(&dir, "sets = ");
    let text = loads_with_one_warning(
        &dir,
        "cover.sets",
        line,
        &[
            "`{len}` and `{pages}`",
            "`{card}`",
            "`{paper}`",
            "left off the cover",
        ],
    );
    assert!(!text.contains("one after another"), "{text}");
    assert!(
        !text.contains("{len}") && !text.contains("{pages}"),
        "{text}"
    );
    // The rest of the cover still says where everything is.
    assert!(text.contains("Set 2 of 2"), "{text}");
}

/// A pack of the version just before `print_duplex_sets` was retired,
/// whole: it loads with that one warning and the old `sets` sentence's.
#[test]
fn the_built_in_packs_as_they_were_still_load() {
    let dir = tempdir("old-builtin");
    old_pack(&dir, |en| {
        let sets = en.lines().find(|l| l.starts_with("sets = ")).unwrap();
        en.replace(sets, "sets = \"{n} complete sets, one after another, {len} pages each: set 1 is {pages}, and each further set repeats those pages in the same order. The top corner of every page names its set, so the stack can be sorted after printing.\"")
            .replace(
                "long_edge = ",
                "print_duplex_sets = \"Print the counter pages of every set double-sided ({pages} in set 1, the same places in the others), flipping on the {edge}; print all the other pages single-sided.\"\nlong_edge = ",
            )
            .lines()
            .filter(|l| !["sets_mark = ", "summary = ", "minutes = ", "hours = "].iter().any(|k| l.starts_with(k)))
            .map(|l| format!("{l}\n"))
            .collect()
    });
    let (code, err) = run(
        &dir,
        &[
            "set",
            "--copies",
            "3",
            "--lang-file",
            "old.toml",
            "-o",
            "out.pdf",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let warnings: Vec<&str> = err.lines().filter(|l| l.contains("warning:")).collect();
    assert_eq!(warnings.len(), 2, "{err}");
    assert!(
        warnings[0].contains("key `cover.print_duplex_sets`"),
        "{err}"
    );
    assert!(warnings[1].contains("key `cover.sets`"), "{err}");
    assert!(dir.join("out.pdf").exists());
}

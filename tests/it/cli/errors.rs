//! The command line: bad input gives one clear line, exit code 2 and no file.

use std::path::Path;
use std::process::Command;

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    // Dated alike, so that two runs a second apart make the same bytes.
    let out = Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        .args(args)
        .current_dir(dir)
        .env("SOURCE_DATE_EPOCH", "0")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

use crate::common::tempdir;

fn files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// Bad values of the board's and the counters' options: exit 2, one line
/// naming the option (or the value), and no file left.
#[test]
fn bad_input_is_one_line_exit_2_and_no_file() {
    let cases: [(&[&str], &str); 13] = [
        (&["board", "--square", "0"], "--square"),
        (&["board", "--square", "500"], "--square"),
        (&["board", "--square", "-3"], "--square"),
        (&["board", "--square", "abc"], "--square"),
        (&["board", "--paper", "banana"], "banana"),
        (&["board", "--lang", "tlh"], "tlh"),
        (&["board", "--theme", "nope"], "nope"),
        (&["counters", "--size", "0"], "--size"),
        (&["counters", "--size", "300"], "--size"),
        (&["counters", "--shape", "blob"], "blob"),
        (&["counters", "--copies", "0"], "--copies"),
        (&["counters", "--sides", "triple"], "triple"),
        (
            &["counters", "--sides", "duplex", "--back-offset", "a,b"],
            "--back-offset",
        ),
    ];
    for (args, needle) in cases {
        let dir = tempdir("bad");
        let (code, _, err) = run(&dir, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{args:?}: not one line: {err}"
        );
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(
            files(&dir).is_empty(),
            "{args:?} left files: {:?}",
            files(&dir)
        );
    }
}

#[test]
fn default_board_writes_board_pdf() {
    let dir = tempdir("ok");
    let (code, _, err) = run(&dir, &["board"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(files(&dir), vec!["board.pdf".to_string()]);
    assert!(std::fs::read(dir.join("board.pdf"))
        .unwrap()
        .starts_with(b"%PDF-"));
    assert!(err.contains("27 mm squares"), "{err}");
}

#[test]
fn svg_format_from_flag_or_extension() {
    let dir = tempdir("svg");
    let (code, _, err) = run(
        &dir,
        &[
            "board", "--lang", "zh-Hant", "--format", "svg", "-o", "b.svg",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&dir, &["board", "-o", "c.svg"]);
    assert_eq!(code, 0, "{err}");
    let mut f = files(&dir);
    f.sort();
    assert_eq!(f, vec!["b.svg", "c.svg"]);
}

#[test]
fn help_has_examples() {
    let dir = tempdir("help");
    for args in [&["--help"][..], &["board", "--help"][..]] {
        let (code, out, _) = run(&dir, args);
        assert_eq!(code, 0);
        assert!(
            out.contains("Examples:") && out.contains("--lang zh-Hant"),
            "{out}"
        );
    }
}

#[test]
fn errors_the_library_types_are_worded_with_the_flags_to_change() {
    let cases: [(&[&str], &str); 2] = [
        (
            &["set", "--paper", "a5", "--square", "40", "--copies", "16"],
            "error: --copies: 16 sets would make 338 pages (17 for each set, 64 counter pages shared by all the sets, 1 for the cover, 1 for the box's steps), more than the limit of 200; give --copies 9 or fewer, or a smaller --square so that each board fits one sheet",
        ),
        (
            &["board", "--square", "60", "--crop-marks"],
            "error: --square: --crop-marks marks a board printed on one sheet",
        ),
    ];
    for (args, needle) in cases {
        let dir = tempdir("typed");
        let (code, _, err) = run(&dir, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// The class set's page cap message adds up: each set's own pages times
/// the sets, the counter sheets they share and the pages printed once make
/// the total it gives (the shared counter sheets were left out once).
#[test]
fn the_class_set_page_cap_message_adds_up() {
    let number = |s: &str| -> usize { s.trim().parse().unwrap() };
    let cases: [(&[&str], usize); 3] = [
        (&[], 9),
        (&["--no-cover"], 9),
        (&["--no-box", "--sides", "duplex"], 11),
    ];
    for (extra, fit) in cases {
        let dir = tempdir("cap");
        let mut args = vec!["set", "--paper", "a5", "--square", "40", "--copies", "16"];
        args.extend(extra);
        let (code, _, err) = run(&dir, &args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(files(&dir).is_empty(), "{args:?}");
        let (head, rest) = err.split_once(" pages (").unwrap();
        let (total_sets, pages) = head.rsplit_once(" would make ").unwrap();
        let sets = number(
            total_sets
                .rsplit_once(' ')
                .unwrap()
                .0
                .rsplit_once(' ')
                .unwrap()
                .1,
        );
        let (inside, _) = rest.split_once(')').unwrap();
        let mut sum = 0;
        for part in inside.split(", ") {
            let n = number(part.split(' ').next().unwrap());
            sum += if part.ends_with("for each set") {
                n * sets
            } else {
                n
            };
        }
        assert_eq!(sets, 16, "{err}");
        assert_eq!(sum, number(pages), "{err}");
        assert!(
            inside.contains("counter pages shared by all the sets")
                && err.contains(&format!("--copies {fit} or fewer")),
            "{err}"
        );
    }
}

/// Tiles that hold the whole board are refused: tiling would only add an
/// assembly map to the one sheet. The message names --tile and says to
/// leave it out (or, when the sheets are not the paper, to print on them).
#[test]
fn board_tiles_that_hold_the_whole_board_are_refused() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["board", "--tile", "a4"],
            "error: --tile: the whole board (189 × 243 mm) fits on one sheet of a4, so there is nothing to tile; leave out --tile\n",
        ),
        (
            &["board", "--square", "20", "--paper", "a3", "--tile", "a4"],
            "error: --tile: the whole board (140 × 180 mm) fits on one sheet of a4, so there is nothing to tile; leave out --tile, or give --paper a4 instead of --tile\n",
        ),
        (
            &["board", "--tile", "a3"],
            "leave out --tile, or give --paper a3 instead of --tile",
        ),
    ];
    for (args, needle) in cases {
        let dir = tempdir("tile1");
        let (code, _, err) = run(&dir, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(files(&dir).is_empty(), "{args:?}");
    }
    // Sheets smaller than the board still tile it.
    let dir = tempdir("tile2");
    let (code, _, err) = run(&dir, &["board", "--tile", "a5"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(files(&dir), ["board.pdf"]);
}

#[test]
fn counters_every_mode_writes_its_file() {
    let dir = tempdir("cok");
    for args in [
        &["counters"][..],
        &[
            "counters", "--sides", "fold", "--lang", "zh-Hans", "-o", "fold.pdf",
        ][..],
        &[
            "counters",
            "--sides",
            "duplex",
            "--flip",
            "short-edge",
            "--back-offset",
            "0.5,-1",
            "-o",
            "duplex.pdf",
        ][..],
        &[
            "counters", "--shape", "octagon", "--size", "22", "--copies", "2", "--format", "svg",
            "-o", "oct.svg",
        ][..],
    ] {
        let (code, _, err) = run(&dir, args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    let mut f = files(&dir);
    f.sort();
    assert_eq!(f, vec!["counters.pdf", "duplex.pdf", "fold.pdf", "oct.svg"]);
}

#[test]
fn set_makes_the_whole_set_in_one_pdf() {
    let dir = tempdir("set");
    let (code, _, err) = run(&dir, &["set"]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(dir.join("jungle-set.pdf")).unwrap();
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    assert_eq!(
        doc.get_pages().len(),
        6,
        "cover (with the box's steps), board, fold-over counters, both box nets, two pages of rules"
    );
    let (code, _, err) = run(&dir, &["set", "--sides", "duplex", "-o", "d.pdf"]);
    assert_eq!(code, 0, "{err}");
    let doc = lopdf::Document::load_mem(&std::fs::read(dir.join("d.pdf")).unwrap()).unwrap();
    assert_eq!(
        doc.get_pages().len(),
        7,
        "cover (with the box's steps), board, fronts, backs, both box nets, two pages of rules"
    );
}

#[test]
fn themes_list_show_and_check() {
    let dir = tempdir("themes");
    let (code, out, _) = run(&dir, &["themes", "list"]);
    assert_eq!(code, 0);
    for name in [
        "classic",
        "traditional",
        "ink-saver",
        "high-contrast",
        "kids",
    ] {
        assert!(out.contains(name), "{out}");
    }
    // `themes show` makes a file that checks and prints exactly like the original.
    let (code, shown, _) = run(&dir, &["themes", "show", "ink-saver"]);
    assert_eq!(code, 0);
    std::fs::write(dir.join("my.toml"), &shown).unwrap();
    let (code, out, err) = run(&dir, &["check", "my.toml"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("is valid"), "{out}");
    let (_, a, _) = run(&dir, &["board", "--theme", "my.toml", "-o", "-"]);
    let (_, b, _) = run(&dir, &["board", "--theme", "ink-saver", "-o", "-"]);
    assert_eq!(a, b, "a shown theme prints the same board as the built-in");
}

#[test]
fn check_quotes_the_checked_file_escaped_and_cut() {
    // A valid theme at a long path, in a file whose name carries an escape
    // character: the "is valid" line shows the path escaped and cut.
    let dir = tempdir("checkname");
    let (_, shown, _) = run(&dir, &["themes", "show", "classic"]);
    let deep = dir.join("a".repeat(150)).join("c".repeat(150));
    std::fs::create_dir_all(&deep).unwrap();
    let file = deep.join("my\u{1b}[2J.toml");
    std::fs::write(&file, &shown).unwrap();
    let (code, out, err) = run(&dir, &["check", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let line = out
        .lines()
        .find(|l| l.contains("is valid"))
        .expect("a valid line");
    assert!(!line.contains('\u{1b}'), "raw escape in {line:?}");
    assert!(line.contains('…') && line.chars().count() < 300, "{line}");
}

#[test]
fn a_bad_theme_is_one_line_exit_2_and_no_file() {
    let dir = tempdir("badtheme");
    std::fs::write(
        dir.join("bad.toml"),
        "extends = \"classic\"\n[board]\nriverr = \"blue\"\n",
    )
    .unwrap();
    for args in [
        &["check", "bad.toml"][..],
        &["board", "--theme", "bad.toml"][..],
    ] {
        let (code, _, err) = run(&dir, args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("bad.toml:3:1: key `board.riverr`")
                && err.contains("did you mean `river`?"),
            "{err}"
        );
    }
    assert_eq!(files(&dir), vec!["bad.toml".to_string()]);
}

#[test]
fn a_bad_ruleset_or_language_file_is_one_line_exit_2_and_no_file() {
    let dir = tempdir("baddata");
    std::fs::write(dir.join("rules.toml"), "[ranks]\ntiger = 9\n").unwrap();
    std::fs::write(dir.join("pack.toml"), "[board]\ncastle = \"Castle\"\n").unwrap();
    for (flag, file) in [("--ruleset", "rules.toml"), ("--lang-file", "pack.toml")] {
        let (code, _, err) = run(&dir, &["rules", flag, file, "-o", "out.pdf"]);
        assert_eq!(code, 2, "{flag}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{flag}: {err}");
        assert!(err.contains(file), "{flag} names the file: {err}");
    }
    let mut left = files(&dir);
    left.sort();
    assert_eq!(
        left,
        vec!["pack.toml".to_string(), "rules.toml".to_string()]
    );
}

#[test]
fn a_pack_is_checked_against_the_theme_named_and_its_tag_falls_back() {
    let d = tempdir("check-theme");
    let zh = jungle_print::lang::BUILTIN
        .iter()
        .find(|(c, _)| *c == "zh-Hant")
        .unwrap()
        .1
        .replacen("code = \"zh-Hant\"", "code = \"zh-Hant-TW\"", 1);
    std::fs::write(d.join("tw.toml"), zh).unwrap();
    let (code, out, err) = run(&d, &["check", "tw.toml", "--theme", "ink-saver"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("`zh-Hant-TW` is valid with theme `ink-saver`"),
        "{out}"
    );
    // zh-Hant-TW takes the ruleset's zh-Hant title, with no warning.
    assert!(!err.contains("no title"), "{err}");
    let (code, _, err) = run(&d, &["rules", "--lang-file", "tw.toml", "-o", "r.pdf"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("warning"), "{err}");
}

#[test]
fn set_takes_copies_for_a_class_set() {
    let dir = tempdir("class-set");
    let (code, _, err) = run(&dir, &["set", "--copies", "2", "-o", "class.pdf"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("2 sets grouped by material"), "{err}");
    let (code, _, err) = run(&dir, &["set", "--copies", "17", "-o", "class.pdf"]);
    assert_eq!(code, 2);
    assert!(err.contains("--copies"), "{err}");
}

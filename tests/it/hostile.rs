//! Hostile input (issue 10): every case ends quickly with exit 2, a message
//! naming the file, option or key, and the old output files unchanged.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_jungle-print");

/// Exit code, stdout, stderr of the program run in `dir`, under limits of
/// 4 GB of memory and 60 s of CPU so that a regression fails instead of
/// hanging the machine.
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    run_with(dir, 4000, args)
}

/// Runs the program under a virtual-memory limit of `mb` MB (`ulimit -v`)
/// and a CPU-time limit of 60 s; returns exit code, stdout, stderr.
fn run_with(dir: &Path, mb: u64, args: &[&str]) -> (i32, String, String) {
    let quoted: Vec<String> = args
        .iter()
        .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
        .collect();
    let script = format!(
        "ulimit -v {}; ulimit -t 60; exec '{BIN}' {}",
        mb * 1024,
        quoted.join(" ")
    );
    let out = Command::new("sh")
        .args(["-c", &script])
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// As [`run_with`], without stdout.
fn run_limited(dir: &Path, mb: u64, args: &[&str]) -> (i32, String) {
    let (code, _, err) = run_with(dir, mb, args);
    (code, err)
}

use crate::common::{font_without, tempdir};

/// Every file in `dir` with its contents, sorted: to show nothing changed.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let data = if e.file_type().unwrap().is_file() {
                std::fs::read(e.path()).unwrap()
            } else {
                Vec::new()
            };
            (e.file_name().to_string_lossy().into_owned(), data)
        })
        .collect();
    v.sort();
    v
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo");
}

/// Runs `args` in a folder holding an old `out.pdf`; asserts exit 2, one error
/// containing every `needle`, and the folder unchanged.
fn refused(dir: &Path, args: &[&str], needles: &[&str]) -> String {
    std::fs::write(dir.join("out.pdf"), "old output").unwrap();
    let before = snapshot(dir);
    let (code, _, err) = run(dir, args);
    assert_eq!(code, 2, "{args:?}: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{n}` not in {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(snapshot(dir), before, "{args:?} changed files");
    err
}

// ---- 1. Limits ----------------------------------------------------------

#[test]
fn special_files_as_inputs_are_refused_naming_the_option() {
    let d = tempdir("special");
    mkfifo(&d.join("fifo.toml"));
    let fifo = d.join("fifo.toml").display().to_string();
    let cases: [(&[&str], &[&str]); 8] = [
        (
            &["rules", "--ruleset", "/dev/zero", "-o", "out.pdf"],
            &["--ruleset", "/dev/zero", "device"],
        ),
        (
            &["rules", "--ruleset", &fifo, "-o", "out.pdf"],
            &["--ruleset", "FIFO"],
        ),
        (
            &["rules", "--lang-file", "/dev/urandom", "-o", "out.pdf"],
            &["--lang-file", "/dev/urandom"],
        ),
        (
            &["rules", "--lang-file", &fifo, "-o", "out.pdf"],
            &["--lang-file", "FIFO"],
        ),
        (
            &["board", "--theme", &fifo, "-o", "out.pdf"],
            &["--theme", "FIFO"],
        ),
        (
            &["rules", "--ruleset", "nothere.toml", "-o", "out.pdf"],
            &["--ruleset", "nothere.toml", "not found"],
        ),
        (
            &["rules", "--lang-file", "/tmp", "-o", "out.pdf"],
            &["--lang-file", "folder"],
        ),
        (
            &["rules", "--lang-file", "nope.toml", "-o", "out.pdf"],
            &["--lang-file", "nope.toml"],
        ),
    ];
    for (args, needles) in cases {
        refused(&d, args, needles);
    }
}

#[test]
fn oversized_and_non_utf8_inputs_are_refused() {
    let d = tempdir("size");
    std::fs::write(d.join("big.toml"), vec![b'#'; 2 << 20]).unwrap();
    refused(
        &d,
        &["rules", "--ruleset", "big.toml", "-o", "out.pdf"],
        &["--ruleset", "big.toml", "limit"],
    );
    refused(
        &d,
        &["board", "--theme", "big.toml", "-o", "out.pdf"],
        &["--theme", "limit"],
    );
    std::fs::write(d.join("latin1.toml"), b"# ok\nname = \"caf\xe9\"\n").unwrap();
    for opt in ["--ruleset", "--lang-file", "--theme"] {
        refused(
            &d,
            &["rules", opt, "latin1.toml", "-o", "out.pdf"],
            &["latin1.toml:2:12", "UTF-8"],
        );
    }
}

fn icon_theme(dir: &Path, svg: &str) {
    std::fs::write(dir.join("icon.svg"), svg).unwrap();
    std::fs::write(
        dir.join("icons.toml"),
        "[board]\nicons = true\n[icons]\nrat = \"icon.svg\"\n",
    )
    .unwrap();
}

#[test]
fn hostile_icons_are_refused_in_bounded_memory() {
    let d = tempdir("icons");
    let deep = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">{}<rect width=\"5\" height=\"5\"/>{}</svg>",
        "<g>".repeat(20_000),
        "</g>".repeat(20_000)
    );
    let nest = |n: usize| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">{}<rect width=\"5\" height=\"5\"/>{}</svg>",
            "<g>".repeat(n),
            "</g>".repeat(n)
        )
    };
    let long_path = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M0 0{}\"/></svg>",
        " L1 1".repeat(150_000)
    );
    let many_rects = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">{}</svg>",
        "<rect width=\"1\" height=\"1\"/>".repeat(30_000)
    );
    let svg = |body: &str, view: &str| {
        format!("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{view}\">{body}</svg>")
    };
    let cases: Vec<(String, &str)> = vec![
        (deep, "more than 10000 elements"),
        (nest(100), "nested more than 32"),
        (nest(9_000), "nested more than 32"),
        (long_path, "more than 1500 path segments"),
        (many_rects, "more than 10000 elements"),
        (
            svg("<rect width=\"inf\" height=\"5\"/>", "0 0 10 10"),
            "finite",
        ),
        (
            svg("<rect width=\"NaN\" height=\"5\"/>", "0 0 10 10"),
            "finite",
        ),
        (
            svg("<path d=\"M0 0 L1e39 5 L5 5z\"/>", "0 0 10 10"),
            "finite",
        ),
        (
            svg(
                "<g transform=\"scale(0)\"><rect width=\"5\" height=\"5\"/></g>",
                "0 0 10 10",
            ),
            "zero scale",
        ),
        (
            svg(
                "<g transform=\"scale(0.0001)\"><rect width=\"5\" height=\"5\"/></g>",
                "0 0 10 10",
            ),
            "too small",
        ),
        (
            svg(
                "<g transform=\"scale(1e5)\"><rect width=\"5\" height=\"5\"/></g>",
                "0 0 10 10",
            ),
            "outside its viewBox",
        ),
        (
            svg("<rect width=\"5\" height=\"5\"/>", "0 0 1e-9 1e-9"),
            "outside its viewBox",
        ),
        // Found by fuzzing: an arc of radius 1e69 was cut into billions of curves.
        (
            svg("<path d=\"M1 1a1e69 135 0 0 0-3 6z\"/>", "0 0 10 10"),
            "finite",
        ),
    ];
    for (icon, needle) in cases {
        icon_theme(&d, &icon);
        std::fs::write(d.join("out.pdf"), "old output").unwrap();
        let before = snapshot(&d);
        let (code, err) = run_limited(
            &d,
            1000,
            &["board", "--theme", "icons.toml", "-o", "out.pdf"],
        );
        assert_eq!(code, 2, "{needle}: {err}");
        assert!(
            err.contains(needle) && err.contains("icons.rat") && err.contains("icon.svg"),
            "{needle}: {err}"
        );
        assert_eq!(snapshot(&d), before);
    }
}

/// An SVG picture's style and gradient budgets (stop elements, and stops
/// painted: each shape filled with a gradient counts its stops), at each boundary: just
/// within it the board is drawn, one step over it is refused, both within
/// 1 GB and a minute of CPU (`benches/hostile.rs` times them: each well
/// under 5 s). The issue-32 shapes (a rule of 1,999 selectors × 100,000
/// declarations took 3.8 GiB; 8,000 gradient stops with 2,000 rules ran past
/// 30 s) are refused at once.
#[test]
fn svg_style_and_gradient_budgets_hold_at_their_boundaries() {
    use jungle_print::limits::{
        MAX_CSS_DECLARATIONS, MAX_CSS_PARSE_WORK, MAX_CSS_RULES, MAX_CSS_SELECTOR_WORK,
        MAX_CSS_WORK, MAX_GRADIENT_STOPS, MAX_PAINTED_STOPS, MAX_STYLE_BYTES,
    };
    let d = tempdir("svgbudgets");
    let svg = |style: &str, body: &str| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><style>{style}</style>{body}<rect width=\"5\" height=\"5\"/></svg>"
        )
    };
    // `n` empty groups: elements the style sheet applies to.
    let groups = |n: usize| "<g/>".repeat(n);
    let rules = |n: usize, decls: usize| {
        let block: Vec<String> = (0..decls).map(|i| format!("stroke-width:{i}")).collect();
        format!("g{{{}}}", block.join(";")).repeat(n)
    };
    // One rule for a list of `n` selectors.
    let listed = |n: usize, decls: usize| {
        let block: Vec<String> = (0..decls).map(|i| format!("stroke-width:{i}")).collect();
        format!("{}{{{}}}", vec!["g"; n].join(","), block.join(";"))
    };
    // `g{a:1;a:1;…}` with the most declarations whose bytes × declarations fit.
    let parsed = (1..)
        .take_while(|n| (4 * n + 3) * n <= MAX_CSS_PARSE_WORK)
        .last()
        .unwrap();
    let stops = |n: usize| {
        format!(
            "<defs><linearGradient id=\"s\">{}</linearGradient></defs><rect width=\"1\" height=\"1\" fill=\"url(#s)\"/>",
            "<stop offset=\"0.5\" stop-color=\"red\"/>".repeat(n)
        )
    };
    // `shapes` squares filled with one gradient of 40 stops.
    let painted = |shapes: usize| {
        format!(
            "<defs><linearGradient id=\"p\">{}</linearGradient></defs>{}",
            (0..40)
                .map(|i| format!("<stop offset=\"{}\" stop-color=\"red\"/>", i as f64 / 40.0))
                .collect::<String>(),
            "<rect width=\"1\" height=\"1\" fill=\"url(#p)\"/>".repeat(shapes)
        )
    };
    // Two descendant combinators: 32 × 32 steps each.
    let nested = |selectors: usize| "g g rect{fill:red}".repeat(selectors);
    let fits = MAX_CSS_SELECTOR_WORK / (32 * 32);
    // 9,000 groups and the svg, style and rect elements, each given every
    // declaration of the sheet.
    let visits = 9_003;
    let work = MAX_CSS_WORK / visits;
    let issue32: String = (0..1_999)
        .map(|i| format!(".a{i}"))
        .collect::<Vec<_>>()
        .join(",");
    let cases: Vec<(&str, String, Option<&str>)> = vec![
        ("rules", svg(&rules(MAX_CSS_RULES, 1), ""), None),
        (
            "rules",
            svg(&rules(MAX_CSS_RULES + 1, 1), ""),
            Some("more than 2000 rules"),
        ),
        (
            "declarations",
            svg(&listed(MAX_CSS_DECLARATIONS / 10, 10), ""),
            None,
        ),
        (
            "declarations",
            svg(
                &(listed(MAX_CSS_DECLARATIONS / 10 - 1, 10) + &rules(1, 11)),
                "",
            ),
            Some("more than 20000"),
        ),
        (
            "parsing",
            svg(&format!("g{{{}}}", "a:1;".repeat(parsed)), ""),
            None,
        ),
        (
            "parsing",
            svg(&format!("g{{{}}}", "a:1;".repeat(parsed + 1)), ""),
            Some("bytes × declarations"),
        ),
        ("work", svg(&rules(1, work), &groups(visits - 3)), None),
        (
            "work",
            svg(&rules(1, work + 1), &groups(visits - 3)),
            Some("declarations × elements"),
        ),
        ("selectors", svg(&nested(fits), &groups(30)), None),
        (
            "selectors",
            svg(&nested(fits + 1), &groups(30)),
            Some("too costly to match"),
        ),
        ("stops", svg("", &stops(MAX_GRADIENT_STOPS)), None),
        (
            "stops",
            svg("", &stops(MAX_GRADIENT_STOPS + 1)),
            Some("more than 1000 stops"),
        ),
        (
            "painted stops",
            svg("", &painted(MAX_PAINTED_STOPS / 40)),
            None,
        ),
        (
            "painted stops",
            svg("", &painted(MAX_PAINTED_STOPS / 40 + 1)),
            Some("paints more than 4000 gradient stops"),
        ),
        (
            "style bytes",
            svg(
                "",
                &format!(
                    "<defs><g id=\"u\" style=\"{}\"/></defs>{}",
                    "x".repeat(MAX_STYLE_BYTES / 8),
                    "<use href=\"#u\"/>".repeat(7)
                ),
            ),
            None,
        ),
        (
            "style bytes",
            svg(
                "",
                &format!(
                    "<defs><g id=\"u\" style=\"{}\"/></defs>{}",
                    "x".repeat(MAX_STYLE_BYTES / 8),
                    "<use href=\"#u\"/>".repeat(8)
                ),
            ),
            Some("bytes of style text"),
        ),
        (
            "issue 32: 1,999 selectors × 100,000 declarations",
            svg(&format!("{issue32}{{{}}}", "fill:red;".repeat(100_000)), ""),
            Some("declarations"),
        ),
        (
            "issue 32: 8,000 stops and 2,000 rules",
            svg(&rules(2_000, 1), &stops(8_000)),
            Some("stops"),
        ),
    ];
    for (what, icon, refused) in cases {
        icon_theme(&d, &icon);
        // Bounded by `ulimit` (memory, CPU time); benches/hostile.rs times it.
        let (code, err) = run_limited(
            &d,
            1000,
            &["board", "--theme", "icons.toml", "-o", "out.pdf"],
        );
        match refused {
            None => assert_eq!(code, 0, "{what} at its limit: {err}"),
            Some(needle) => {
                assert_eq!(code, 2, "{what} over its limit: {err}");
                assert!(
                    err.contains(needle) && err.contains("icons.rat"),
                    "{what}: {err}"
                );
            }
        }
    }
}

// ---- 2. No lost or corrupt file ------------------------------------------

#[test]
fn output_through_a_symlink_writes_its_target() {
    let d = tempdir("symlink");
    std::fs::write(d.join("real.pdf"), "old").unwrap();
    std::os::unix::fs::symlink("real.pdf", d.join("link.pdf")).unwrap();
    let (code, _, err) = run(&d, &["board", "-o", "link.pdf"]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(d.join("link.pdf"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read(d.join("real.pdf"))
        .unwrap()
        .starts_with(b"%PDF"));
}

#[test]
fn output_to_devices_fifos_and_folders_is_refused() {
    let d = tempdir("devices");
    mkfifo(&d.join("pipe.pdf"));
    std::fs::create_dir(d.join("folder.pdf")).unwrap();
    // Through a link, so that even a faulty build could only replace the link.
    std::os::unix::fs::symlink("/dev/null", d.join("null.pdf")).unwrap();
    refused(
        &d,
        &["board", "-o", "null.pdf"],
        &["--output", "null.pdf", "device"],
    );
    refused(&d, &["board", "-o", "pipe.pdf"], &["--output", "FIFO"]);
    refused(&d, &["board", "-o", "folder.pdf"], &["--output", "folder"]);
    refused(&d, &["board", "-o", "."], &["--output", "folder"]);
    refused(
        &d,
        &["board", "-o", "nowhere/x.pdf"],
        &["--output", "nowhere"],
    );
    use std::os::unix::fs::FileTypeExt;
    let null = std::fs::symlink_metadata("/dev/null").unwrap();
    assert!(
        null.file_type().is_char_device(),
        "/dev/null is still a device"
    );
}

#[test]
fn an_svg_set_that_cannot_be_written_leaves_every_old_page() {
    let d = tempdir("svgset");
    std::fs::write(d.join("c.svg"), "old page 1").unwrap();
    std::fs::write(d.join("c-2.svg"), "old page 2").unwrap();
    let mut perm = std::fs::metadata(d.join("c-2.svg")).unwrap().permissions();
    perm.set_readonly(true);
    std::fs::set_permissions(d.join("c-2.svg"), perm).unwrap();
    let before = snapshot(&d);
    // Fold counters: two pages.
    let (code, _, err) = run(&d, &["counters", "--sides", "duplex", "-o", "c.svg"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("c-2.svg") && err.contains("read-only"),
        "{err}"
    );
    assert_eq!(
        snapshot(&d),
        before,
        "no page replaced, no temporary file left"
    );
}

#[test]
fn pages_left_from_a_longer_run_are_reported() {
    let d = tempdir("stale");
    for i in 2..=5 {
        std::fs::write(d.join(format!("c-{i}.svg")), "old").unwrap();
    }
    let (code, _, err) = run(&d, &["counters", "--sides", "duplex", "-o", "c.svg"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("c-3.svg, ") && err.contains("c-5.svg") && err.contains("earlier run"),
        "{err}"
    );
    let warning = err.lines().find(|l| l.contains("earlier run")).unwrap();
    assert!(
        !warning.contains("c-2.svg"),
        "page 2 is part of the set: {err}"
    );
}

#[test]
fn multi_page_svg_to_standard_output_is_refused() {
    let d = tempdir("stdout");
    let (code, out, err) = run(
        &d,
        &[
            "counters", "--sides", "duplex", "--format", "svg", "-o", "-",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--output") && err.contains("one page"),
        "{err}"
    );
    assert!(out.is_empty());
    let (code, out, _) = run(&d, &["board", "--format", "svg", "-o", "-"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("<?xml") && out.contains("<svg"));
}

#[test]
fn a_format_contradicting_the_file_name_is_refused() {
    let d = tempdir("mismatch");
    refused(
        &d,
        &["board", "--format", "svg", "-o", "out.pdf"],
        &["--format", "out.pdf"],
    );
    refused(
        &d,
        &["board", "--format", "pdf", "-o", "x.svg"],
        &["--format", "x.svg"],
    );
}

#[test]
fn a_249_character_file_name_works() {
    let d = tempdir("longname");
    let name = format!("{}.pdf", "b".repeat(245));
    assert_eq!(name.len(), 249);
    let (code, _, err) = run(&d, &["board", "-o", &name]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read(d.join(&name)).unwrap().starts_with(b"%PDF"));
    let svg = format!("{}.svg", "s".repeat(245));
    let (code, _, err) = run(&d, &["counters", "--sides", "duplex", "-o", &svg]);
    assert_eq!(code, 0, "{err}");
}

// ---- Fonts ---------------------------------------------------------------

const KAI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fonts/JungleKai-Regular.ttf");
const SANS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fonts/NotoSans-Regular.subset.ttf"
);

/// A copy of a bundled font with table `tag` changed by `f` (offset, length).
fn damaged(font: &str, tag: &[u8; 4], f: impl Fn(&mut [u8])) -> Vec<u8> {
    let mut b = std::fs::read(font).unwrap();
    let n = u16::from_be_bytes([b[4], b[5]]) as usize;
    for i in 0..n {
        let rec = 12 + 16 * i;
        if &b[rec..rec + 4] == tag {
            let off = u32::from_be_bytes(b[rec + 8..rec + 12].try_into().unwrap()) as usize;
            let len = u32::from_be_bytes(b[rec + 12..rec + 16].try_into().unwrap()) as usize;
            f(&mut b[off..off + len]);
            return b;
        }
    }
    panic!("no table {tag:?}");
}

#[test]
fn a_truncated_font_is_refused_naming_font_key_and_characters() {
    let d = tempdir("truncated");
    let kai = std::fs::read(KAI).unwrap();
    std::fs::write(d.join("kai.ttf"), &kai[..kai.len() * 2 / 5]).unwrap();
    std::fs::write(d.join("t.toml"), "[fonts]\nhan = \"kai.ttf\"\n").unwrap();
    for args in [
        &["board", "--theme", "t.toml", "-o", "out.pdf"][..],
        &["check", "t.toml"][..],
        &[
            "counters", "--theme", "t.toml", "--lang", "zh-Hant", "-o", "out.pdf",
        ][..],
    ] {
        refused(
            &d,
            args,
            &["fonts.han", "kai.ttf", "no readable outline", "U+"],
        );
    }
}

#[test]
fn a_font_that_loads_but_cannot_be_embedded_is_found_by_check() {
    let d = tempdir("embed");
    // An empty character map, and a cut-short horizontal header (which once
    // made the PDF subsetter panic).
    let no_cmap = damaged(SANS, b"cmap", |t| t.fill(0));
    let short_hhea = damaged(SANS, b"hhea", |t| t[8..].fill(0));
    for (name, bytes) in [("nocmap.ttf", no_cmap), ("hhea.ttf", short_hhea)] {
        std::fs::write(d.join(name), bytes).unwrap();
        std::fs::write(d.join("t.toml"), format!("[fonts]\ntext = \"{name}\"\n")).unwrap();
        refused(
            &d,
            &["check", "t.toml"],
            &["fonts.text", name, "cannot be embedded"],
        );
        refused(
            &d,
            &["board", "--theme", "t.toml", "-o", "out.pdf"],
            &["fonts.text", name],
        );
    }
}

#[test]
fn one_font_file_is_loaded_once_however_spelled_and_lists_are_capped() {
    use jungle_print::{lang::Lang, play::rules::Ruleset, resolve::Resources, theme::Theme};
    let d = tempdir("spellings");
    std::fs::create_dir(d.join("sub")).unwrap();
    std::fs::copy(KAI, d.join("kai.ttf")).unwrap();
    std::os::unix::fs::symlink("kai.ttf", d.join("alias.ttf")).unwrap();
    std::fs::write(
        d.join("t.toml"),
        "[fonts]\nhan = [\"kai.ttf\", \"./kai.ttf\", \"sub/../kai.ttf\", \"alias.ttf\"]\ntext = \"sub/../alias.ttf\"\n",
    )
    .unwrap();
    let theme = Theme::load(&d.join("t.toml")).unwrap();
    let res = Resources::new(theme, Lang::builtin("en").unwrap(), Ruleset::default()).unwrap();
    let files: std::collections::BTreeSet<&str> =
        res.fonts.fonts().iter().map(|f| f.name.as_str()).collect();
    // kai.ttf once, plus the bundled faces (the bold face, the fallback).
    let own = files.iter().filter(|f| !f.starts_with("builtin:")).count();
    assert_eq!(own, 1, "{files:?}");
    let list: Vec<String> = (0..200)
        .map(|i| format!("\"{}kai.ttf\"", "./".repeat(i)))
        .collect();
    std::fs::write(
        d.join("t.toml"),
        format!("[fonts]\nhan = [{}]\n", list.join(", ")),
    )
    .unwrap();
    refused(
        &d,
        &["board", "--theme", "t.toml", "-o", "out.pdf"],
        &["t.toml:2:7", "fonts.han", "at most 8"],
    );
}

// ---- Options, caps and page counts ----------------------------------------

#[test]
fn bad_numbers_name_the_option_and_its_range() {
    let d = tempdir("numbers");
    let cases: [(&[&str], &[&str]); 10] = [
        (
            &["counters", "--bleed", "-1", "-o", "out.pdf"],
            &["--bleed", "0 to 5"],
        ),
        (
            &["counters", "--bleed", "inf", "-o", "out.pdf"],
            &["--bleed", "0 to 5"],
        ),
        (
            &["board", "--square", "-inf", "-o", "out.pdf"],
            &["--square", "at least 8"],
        ),
        (
            &["board", "--square", "NaN", "-o", "out.pdf"],
            &["--square", "at least 8"],
        ),
        (
            &["board", "--square", "0", "-o", "out.pdf"],
            &["--square", "at least 8"],
        ),
        (
            &["board", "--paper", "-10x20", "-o", "out.pdf"],
            &["--paper", "50 and 2000"],
        ),
        (
            &["counters", "--size", "-inf", "-o", "out.pdf"],
            &["--size", "at least 8"],
        ),
        (
            &["counters", "--copies", "-1", "-o", "out.pdf"],
            &["--copies", "1 to 16"],
        ),
        (
            &["counters", "--copies", "1000000", "-o", "out.pdf"],
            &["--copies", "1 to 16"],
        ),
        (
            &["counters", "--back-offset", "nan,1", "-o", "out.pdf"],
            &["--back-offset", "10 mm"],
        ),
    ];
    for (args, needles) in cases {
        refused(&d, args, needles);
    }
}

#[test]
fn the_largest_allowed_counter_sheet_stays_in_bounded_memory() {
    // 16 copies of 8 mm counters with 1,499-segment icons on both sides.
    let d = tempdir("bigicons");
    let pts: Vec<String> = (0..1_498)
        .map(|i| format!("L{} {}", i % 97, (i * 37) % 89))
        .collect();
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\"><path d=\"M0 0 {} Z\"/></svg>",
        pts.join(" ")
    );
    icon_theme(&d, &svg);
    let theme = std::fs::read_to_string(d.join("icons.toml")).unwrap();
    std::fs::write(
        d.join("icons.toml"),
        theme.replace("[icons]", "[counters]\nicons = true\n[icons]"),
    )
    .unwrap();
    let args = [
        "counters",
        "--theme",
        "icons.toml",
        "--copies",
        "16",
        "--size",
        "8",
        "--sides",
        "duplex",
        "-o",
        "c.pdf",
    ];
    let (code, err) = run_limited(&d, 1000, &args);
    assert_eq!(code, 0, "{err}");
    let (code, err) = run_limited(
        &d,
        1000,
        &["counters", "--copies", "1000000", "-o", "c.pdf"],
    );
    assert_eq!(code, 2, "{err}");
}

#[test]
fn rules_on_paper_too_small_for_the_margins_are_refused() {
    let d = tempdir("smallpaper");
    std::fs::write(d.join("wide.toml"), "[page]\nmargin = 50\n").unwrap();
    refused(
        &d,
        &[
            "rules",
            "--paper",
            "50x50",
            "--theme",
            "wide.toml",
            "-o",
            "out.pdf",
        ],
        &["--paper", "50 mm margins"],
    );
    refused(
        &d,
        &["rules", "--paper", "50x50", "-o", "out.pdf"],
        &["--paper", "80 × 100"],
    );
    refused(
        &d,
        &[
            "set",
            "--paper",
            "150x150",
            "--theme",
            "wide.toml",
            "-o",
            "out.pdf",
        ],
        &["--paper"],
    );
}

#[test]
fn long_words_and_strings_are_refused_or_set_quickly() {
    let d = tempdir("longword");
    let en = String::from_utf8(
        Command::new(BIN)
            .args(["lang", "show", "en"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    // A 400 KB word in the game's title.
    let line = en
        .lines()
        .find(|l| l.starts_with("title = "))
        .unwrap()
        .to_string();
    let long = en.replacen(&line, &format!("title = \"{}\"", "w".repeat(400_000)), 1);
    std::fs::write(d.join("long.toml"), long).unwrap();
    refused(
        &d,
        &["rules", "--lang-file", "long.toml", "-o", "out.pdf"],
        &["long.toml", "title", "limit of 2000"],
    );
    // The longest allowed word prints.
    let ok = en.replacen(&line, &format!("title = \"{}\"", "w".repeat(1_999)), 1);
    std::fs::write(d.join("ok.toml"), ok).unwrap();
    let (code, err) = run_limited(
        &d,
        1000,
        &["rules", "--lang-file", "ok.toml", "-o", "ok.pdf"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.lines().all(|l| l.chars().count() < 400),
        "warnings quote a short prefix: {err}"
    );
}

// ---- Control characters and names -----------------------------------------

#[test]
fn control_characters_are_refused_at_load_with_file_line_and_key() {
    let d = tempdir("control");
    std::fs::write(d.join("t.toml"), "# a theme\nname = \"evil\\u001b[2J\"\n").unwrap();
    refused(
        &d,
        &["board", "--theme", "t.toml", "-o", "out.pdf"],
        &["t.toml:2:8", "key `name`", "U+001B"],
    );
    let en = String::from_utf8(
        Command::new(BIN)
            .args(["lang", "show", "en"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let line = en
        .lines()
        .find(|l| l.starts_with("title = "))
        .unwrap()
        .to_string();
    std::fs::write(
        d.join("l.toml"),
        en.replacen(&line, "title = \"a\\u0000b\"", 1),
    )
    .unwrap();
    refused(
        &d,
        &["board", "--lang-file", "l.toml", "-o", "out.pdf"],
        &["l.toml:", "title", "U+0000"],
    );
    // A file name with control characters is shown escaped.
    let (_, _, err) = run(
        &d,
        &["board", "--theme", "x\u{1b}[31m.toml", "-o", "out.pdf"],
    );
    assert!(
        !err.contains('\u{1b}') && err.contains("\\u{1b}"),
        "{err:?}"
    );
}

#[test]
fn theme_extends_chains_deep_and_looping_are_told_apart() {
    let d = tempdir("extends");
    for i in 0..20 {
        std::fs::write(
            d.join(format!("t{i}.toml")),
            format!("# extends is set below\nextends = \"t{}.toml\"\n", i + 1),
        )
        .unwrap();
    }
    std::fs::write(d.join("t20.toml"), "name = \"end\"\n").unwrap();
    let err = refused(
        &d,
        &["board", "--theme", "t0.toml", "-o", "out.pdf"],
        &["too deep", ":2:1"],
    );
    assert!(!err.contains("loop"), "{err}");
    std::fs::write(d.join("a.toml"), "# extends\nextends = \"b.toml\"\n").unwrap();
    std::fs::write(d.join("b.toml"), "extends = \"a.toml\"\n").unwrap();
    refused(
        &d,
        &["board", "--theme", "a.toml", "-o", "out.pdf"],
        &["loop", "b.toml:1:1"],
    );
}

#[test]
fn font_and_icon_errors_name_the_theme_file_and_line() {
    let d = tempdir("fontplace");
    let kai = std::fs::read(KAI).unwrap();
    std::fs::write(d.join("cut.ttf"), &kai[..kai.len() / 3]).unwrap();
    std::fs::write(
        d.join("base.toml"),
        "# fonts\n\n[fonts]\nhan = \"cut.ttf\"\n",
    )
    .unwrap();
    std::fs::write(d.join("top.toml"), "extends = \"base.toml\"\n").unwrap();
    refused(
        &d,
        &["board", "--theme", "top.toml", "-o", "out.pdf"],
        &["base.toml:4", "fonts.han", "cut.ttf"],
    );
    std::fs::write(
        d.join("i.toml"),
        "[board]\nicons = true\n[icons]\n\ncat = \"none.svg\"\n",
    )
    .unwrap();
    refused(
        &d,
        &["board", "--theme", "i.toml", "-o", "out.pdf"],
        &["i.toml:5:", "icons.cat", "none.svg"],
    );
}

#[test]
fn errors_never_quote_a_file_that_is_not_toml() {
    let d = tempdir("secret");
    std::fs::write(
        d.join("shadow"),
        "root:$6$s3cr3t:19000:0:99999:7:::\nx = 1\n",
    )
    .unwrap();
    for opt in ["--theme", "--ruleset", "--lang-file"] {
        let err = refused(
            &d,
            &["rules", opt, "./shadow", "-o", "out.pdf"],
            &["shadow:1:"],
        );
        assert!(!err.contains("s3cr3t"), "{err}");
    }
}

#[test]
fn a_font_family_name_with_control_characters_still_makes_valid_svg() {
    let d = tempdir("family");
    let mut font = std::fs::read(SANS).unwrap();
    // "Noto" in the UTF-16 name records becomes "N\u{7}to".
    let needle = [0u8, b'N', 0, b'o', 0, b't', 0, b'o'];
    let mut hits = 0;
    for i in 0..font.len() - needle.len() {
        if font[i..i + needle.len()] == needle {
            font[i + 3] = 7;
            hits += 1;
        }
    }
    assert!(hits > 0);
    std::fs::write(d.join("odd.ttf"), font).unwrap();
    std::fs::write(d.join("t.toml"), "[fonts]\ntext = \"odd.ttf\"\n").unwrap();
    let (code, _, err) = run(
        &d,
        &["board", "--theme", "t.toml", "--live-text", "-o", "b.svg"],
    );
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(d.join("b.svg")).unwrap();
    assert!(svg.contains("font-family") && !svg.contains('\u{7}'));
    roxmltree::Document::parse(&svg).expect("valid XML");
}

// ---- Round two (issue 21) -------------------------------------------------

/// Runs a shell command line with `$B` set to the program, in `dir`;
/// returns exit code, stdout, stderr.
fn sh(dir: &Path, script: &str) -> (i32, String, String) {
    let out = Command::new("bash")
        .args(["-c", &format!("ulimit -t 60; B='{BIN}'; {script}")])
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_ruleset_title_no_font_has_is_refused_by_check_and_printing_alike() {
    let d = tempdir("title");
    let standard = jungle_print::play::rules::BUILTIN[0].1;
    let src = standard.replace("en = \"Standard rules\"", "en = \"Standard 🐘 rules\"");
    assert_ne!(src, standard, "the preset's English title moved");
    std::fs::write(d.join("r.toml"), src).unwrap();
    for args in [
        &["rules", "--ruleset", "r.toml"][..],
        &["set", "--ruleset", "r.toml"],
        &["check", "r.toml"],
        &["check", "--ruleset", "r.toml", "--lang", "en"],
    ] {
        let err = refused(&d, args, &["r.toml:", "meta.title.en", "U+1F418"]);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // A combining mark that the fonts lack, in the French title.
    let src = standard.replace("fr = \"Règles standard\"", "fr = \"Re\u{20DD}gles\"");
    std::fs::write(d.join("f.toml"), src).unwrap();
    refused(
        &d,
        &["rules", "--lang", "fr", "--ruleset", "f.toml"],
        &["f.toml:", "meta.title.fr", "U+20DD"],
    );
    // Another language's title is not printed in English: no error.
    let (code, _, err) = run(&d, &["rules", "--ruleset", "f.toml", "-o", "en.pdf"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn fonts_without_digits_print_them_from_the_bundled_fonts() {
    let d = tempdir("digits");
    let sans = font_without(SANS, |c| c.is_ascii_digit());
    let kai = font_without(KAI, |c| c.is_ascii_digit() || ('０'..='９').contains(&c));
    std::fs::write(d.join("sans.ttf"), sans).unwrap();
    std::fs::write(d.join("kai.ttf"), kai).unwrap();
    std::fs::write(
        d.join("t.toml"),
        "[fonts]\nhan = \"kai.ttf\"\ntext = \"sans.ttf\"\nbold = \"sans.ttf\"\n",
    )
    .unwrap();
    // A pack with no digits at all: only the program's own numbers need them.
    let en = jungle_print::lang::BUILTIN[0].1;
    let mut pack = String::new();
    let mut in_string = false;
    let mut escape = 0;
    for c in en.chars() {
        match c {
            _ if escape > 0 => escape -= 1,
            '\\' if in_string => escape = 5,
            '"' => in_string = !in_string,
            '0'..='9' if in_string => continue,
            _ => {}
        }
        pack.push(c);
    }
    std::fs::write(d.join("nodigits.toml"), pack).unwrap();
    for cmd in ["board", "counters", "rules", "box", "set"] {
        let args = [cmd, "--theme", "t.toml", "--lang-file", "nodigits.toml"];
        let (code, _, err) = run(&d, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let warned: Vec<&str> = err.lines().filter(|l| l.contains("drawn with")).collect();
        assert_eq!(warned.len(), 1, "{args:?}: {err}");
        assert!(
            warned[0].contains(" (`Noto Sans`) lacks 1–")
                && warned[0].contains("drawn with Noto Sans"),
            "{err}"
        );
    }
    let (code, _, err) = run(&d, &["check", "t.toml"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("(U+0030–U+0039)"), "{err}");
}

#[test]
fn a_string_from_a_language_file_is_blamed_on_that_file() {
    let d = tempdir("langfile");
    let src = jungle_print::lang::BUILTIN[0]
        .1
        .replace("den = \"Den\"", "den = \"Den ☃\"");
    std::fs::write(d.join("mylang.toml"), &src).unwrap();
    let line = src.lines().position(|l| l.contains('☃')).unwrap() + 1;
    let err = refused(
        &d,
        &["board", "--lang-file", "mylang.toml"],
        &["U+2603", "board.den"],
    );
    assert!(
        err.contains(&format!("mylang.toml:{line}:")),
        "line {line}: {err}"
    );
    assert!(!err.contains("language `en`"), "{err}");
}

#[test]
fn noncharacters_never_reach_a_file() {
    let d = tempdir("nonchar");
    // In a text: refused at load with file, line and key.
    let src = jungle_print::lang::BUILTIN[0]
        .1
        .replace("den = \"Den\"", "den = \"D\\uFFFEen\"");
    std::fs::write(d.join("l.toml"), src).unwrap();
    refused(
        &d,
        &["board", "--lang-file", "l.toml"],
        &["l.toml:", "board.den", "noncharacter U+FFFE"],
    );
    // In a font's family name: dropped, and the SVG stays well-formed XML.
    let mut font = std::fs::read(SANS).unwrap();
    let needle = [0u8, b'N', 0, b'o', 0, b't', 0, b'o'];
    let mut hits = 0;
    for i in 0..font.len() - needle.len() {
        if font[i..i + needle.len()] == needle {
            (font[i + 2], font[i + 3]) = (0xFF, 0xFE);
            (font[i + 4], font[i + 5]) = (0xFD, 0xD0);
            hits += 1;
        }
    }
    assert!(hits > 0);
    std::fs::write(d.join("odd.ttf"), font).unwrap();
    std::fs::write(d.join("t.toml"), "[fonts]\ntext = \"odd.ttf\"\n").unwrap();
    let (code, _, err) = run(
        &d,
        &["board", "--theme", "t.toml", "--live-text", "-o", "b.svg"],
    );
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(d.join("b.svg")).unwrap();
    assert!(!svg.contains('\u{FFFE}') && !svg.contains('\u{FDD0}'));
    roxmltree::Document::parse(&svg).expect("well-formed XML");
}

#[test]
fn standard_streams_that_fail_give_exit_1_and_never_a_panic() {
    let d = tempdir("streams");
    let printing = [
        "lang list",
        "lang show en",
        "themes list",
        "themes show classic",
        "themes keys",
        "ruleset list",
        "ruleset show standard",
        "check",
        "man",
        "completions bash",
        "board -o -",
        "set -o -",
        "rules -o -",
    ];
    for cmd in printing {
        // A full disk behind standard output.
        let (code, _, err) = sh(&d, &format!("$B {cmd} >/dev/full"));
        assert_eq!(code, 1, "{cmd} >/dev/full: {err}");
        assert!(!err.contains("panicked"), "{cmd}: {err}");
        assert!(err.contains("standard output"), "{cmd}: {err}");
        // A reader that stops early: exit 1, quietly, as `cat` ends.
        let (_, out, err) = sh(
            &d,
            &format!("$B {cmd} | head -c 1 >/dev/null; echo ${{PIPESTATUS[0]}}"),
        );
        assert!(!err.contains("panicked"), "{cmd}: {err}");
        assert!(
            ["0", "1"].contains(&out.trim()),
            "{cmd} | head: {out} {err}"
        );
        // Standard output closed.
        let (code, _, err) = sh(&d, &format!("$B {cmd} >&-"));
        assert_eq!(code, 1, "{cmd} >&-: {err}");
        assert!(!err.contains("panicked") && !err.contains("wrote"), "{err}");
    }
    // Standard error full or closed: the file is written all the same, exit 0.
    for redirect in ["2>/dev/full", "2>&-"] {
        let (code, _, _) = sh(&d, &format!("$B board -o b.pdf {redirect}"));
        assert_eq!(code, 0, "{redirect}");
        assert!(std::fs::read(d.join("b.pdf")).unwrap().starts_with(b"%PDF"));
        std::fs::remove_file(d.join("b.pdf")).unwrap();
        // An error still gives its exit status.
        let (code, _, _) = sh(&d, &format!("$B board --square x {redirect}"));
        assert_eq!(code, 2, "{redirect}");
    }
}

#[test]
#[cfg(unix)]
fn temporary_files_cannot_be_planted_and_nothing_is_left() {
    let d = tempdir("plant");
    std::fs::write(d.join("victim"), "precious").unwrap();
    // Links at every name the old scheme would use for the next pids.
    let next = std::process::id();
    for pid in next..next + 200 {
        for i in 0..3 {
            let _ =
                std::os::unix::fs::symlink(d.join("victim"), d.join(format!(".jp-{pid}-{i}.tmp")));
        }
    }
    let (code, _, err) = run(&d, &["counters", "--sides", "duplex", "-o", "c.svg"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(d.join("victim")).unwrap(), b"precious");
    for page in ["c.svg", "c-2.svg"] {
        let m = std::fs::symlink_metadata(d.join(page)).unwrap();
        assert!(m.file_type().is_file(), "{page} is a plain file");
    }
    let stray = std::fs::read_dir(&*d)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".jp-") && !n.ends_with(".tmp"))
        .count();
    assert_eq!(stray, 0, "no temporary file of this run is left");
}

/// `chattr +i` on `path`: false where the file system or the user cannot.
fn make_immutable(path: &Path, on: bool) -> bool {
    Command::new("chattr")
        .args([if on { "+i" } else { "-i" }])
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn a_page_set_is_replaced_all_or_nothing() {
    let d = tempdir("allornothing");
    for (p, t) in [("c.svg", "old 1"), ("c-2.svg", "old 2")] {
        std::fs::write(d.join(p), t).unwrap();
    }
    if !make_immutable(&d.join("c-2.svg"), true) {
        eprintln!("skipped: chattr +i is not available here");
        return;
    }
    let before = snapshot(&d);
    let (code, _, err) = run(&d, &["counters", "--sides", "duplex", "-o", "c.svg"]);
    make_immutable(&d.join("c-2.svg"), false);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("c-2.svg"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(snapshot(&d), before, "page 1 put back, nothing left");
}

#[test]
fn parallel_runs_leave_a_page_set_from_one_run() {
    let d = tempdir("parallel");
    // Each run writes the two pages of the rules in its own language; the
    // footer of each page names the ruleset in that language.
    let langs = ["en", "fr", "zh-Hans", "zh-Hant"];
    let marks = ["Standard", "Règles", "标准", "標準"];
    for round in 0..3 {
        let children: Vec<_> = (0..8)
            .map(|i| {
                Command::new(BIN)
                    .args(["rules", "--live-text", "-q", "-o", "r.svg", "--lang"])
                    .arg(langs[i % 4])
                    .current_dir(&*d)
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut c in children {
            assert!(c.wait().unwrap().success());
        }
        let pages: Vec<String> = ["r.svg", "r-2.svg"]
            .iter()
            .map(|p| std::fs::read_to_string(d.join(p)).unwrap())
            .collect();
        let owner = |page: &str| marks.iter().position(|m| page.contains(m));
        assert!(owner(&pages[0]).is_some(), "round {round}");
        assert_eq!(
            owner(&pages[0]),
            owner(&pages[1]),
            "round {round}: mixed set"
        );
    }
}

#[test]
fn the_output_may_not_be_one_of_the_inputs() {
    let d = tempdir("selfwrite");
    std::fs::write(d.join("t.toml"), "[page]\nmargin = 12\n").unwrap();
    std::fs::write(d.join("l.toml"), jungle_print::lang::BUILTIN[0].1).unwrap();
    std::fs::write(d.join("r.toml"), jungle_print::play::rules::BUILTIN[0].1).unwrap();
    std::fs::copy(SANS, d.join("s.ttf")).unwrap();
    std::fs::write(d.join("f.toml"), "[fonts]\ntext = \"s.ttf\"\n").unwrap();
    std::fs::write(d.join("base.toml"), "[page]\nmargin = 11\n").unwrap();
    std::fs::write(d.join("child.toml"), "extends = \"base.toml\"\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("t.toml", d.join("link.pdf")).unwrap();
    // Inputs reached under names the output check lets through: no
    // extension, or a link named `.pdf` or `.svg`.
    std::fs::copy(d.join("l.toml"), d.join("lang")).unwrap();
    std::fs::copy(d.join("r.toml"), d.join("rules")).unwrap();
    #[cfg(unix)]
    for (link, to) in [
        ("font.pdf", "s.ttf"),
        ("base.pdf", "base.toml"),
        ("r.svg", "rules"),
    ] {
        std::os::unix::fs::symlink(to, d.join(link)).unwrap();
    }
    let cases: &[&[&str]] = &[
        &["board", "--theme", "t.toml", "-o", "link.pdf"],
        &["board", "--lang-file", "lang", "-o", "lang"],
        &["board", "--lang-file", "lang", "-o", "./lang"],
        &["rules", "--ruleset", "./rules", "-o", "rules"],
        &["rules", "--ruleset", "./rules", "-o", "r.svg"],
        &["board", "--theme", "f.toml", "-o", "font.pdf"],
        &["board", "--theme", "child.toml", "-o", "base.pdf"],
    ];
    for args in cases {
        refused(&d, args, &["--output", "inputs"]);
    }
}

#[test]
fn a_refused_output_extension_is_named() {
    let d = tempdir("ext");
    for name in ["out.jpg", "out.svgz", "out.PDF.bak"] {
        refused(
            &d,
            &["board", "-o", name],
            &["--output", "PDF, SVG, PNG, BRF, HTML or 3MF"],
        );
    }
    let (code, _, err) = run(&d, &["board", "-o", "Board.PDF"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn special_files_named_inside_data_files_are_called_what_they_are() {
    let d = tempdir("fifo2");
    mkfifo(&d.join("pipe.toml"));
    std::fs::write(d.join("e.toml"), "extends = \"pipe.toml\"\n").unwrap();
    std::fs::write(
        d.join("i.toml"),
        "[board]\nicons = true\n[icons]\nrat = \"pipe.toml\"\n",
    )
    .unwrap();
    std::fs::write(d.join("f.toml"), "[fonts]\ntext = \"pipe.toml\"\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("pipe.toml", d.join("via-link")).unwrap();
    std::fs::write(d.join("l.toml"), "[fonts]\ntext = \"via-link\"\n").unwrap();
    for t in ["e.toml", "i.toml", "f.toml", "l.toml"] {
        refused(&d, &["board", "--theme", t], &[t, "FIFO", "not a"]);
    }
    refused(
        &d,
        &["board", "--ruleset", "/proc/self/pagemap"],
        &["--ruleset", "/proc/self/pagemap"],
    );
}

#[test]
fn messages_escape_reordering_characters_and_stay_short() {
    let d = tempdir("bidi");
    let (code, _, err) = run(&d, &["board", "--theme", "x\u{202E}lmot.toml"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("\\u{202e}") && !err.contains('\u{202E}'),
        "{err}"
    );
    let (code, _, err) = run(&d, &["board", "--square", "1e308"]);
    assert_eq!(code, 2);
    assert!(err.contains("1e308") && err.len() < 300, "{err}");
    let (code, _, err) = run(&d, &["board", "--square", "8.0000007", "-o", "b.pdf"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("8 mm squares, board 56 × 72 mm"), "{err}");
    // A board that cannot be tiled blames the square that was given.
    let (code, _, err) = run(&d, &["board", "--tile", "a4", "--square", "1000"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("jungle-print: error: --square:"), "{err}");
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let out = Command::new(BIN)
            .args(["board", "--theme"])
            .arg(std::ffi::OsStr::from_bytes(b"\xff.toml"))
            .current_dir(&*d)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2));
        assert!(err.contains("--theme") && err.contains("UTF-8"), "{err}");
    }
}

#[test]
fn an_icon_view_box_out_of_range_is_refused_with_its_key() {
    let d = tempdir("viewbox");
    icon_theme(
        &d,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e7 1e7"><path d="M0 0h9v9z"/></svg>"#,
    );
    refused(
        &d,
        &["board", "--theme", "icons.toml"],
        &["icons.rat", "viewBox", "range"],
    );
}

#[test]
fn legal_but_huge_work_is_refused_up_front() {
    let d = tempdir("huge");
    let (code, _, err) = run(
        &d,
        &[
            "board", "--square", "200", "--format", "png", "--dpi", "600", "-o", "b.png",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--dpi") && err.contains("million pixels"),
        "{err}"
    );
    let steps: Vec<String> = (0..13).map(|i| format!("\"Step {i}.\"")).collect();
    let src = jungle_print::lang::BUILTIN[0].1.to_string();
    let start = src.find("[box]").unwrap();
    let at = start + src[start..].find("steps = [").unwrap();
    let end = at + src[at..].find(']').unwrap() + 1;
    let src = format!(
        "{}steps = [{}]{}",
        &src[..at],
        steps.join(", "),
        &src[end..]
    );
    std::fs::write(d.join("l.toml"), src).unwrap();
    refused(
        &d,
        &["box", "--lang-file", "l.toml"],
        &["l.toml:", "box.steps", "limit of 12"],
    );
}

#[test]
fn interrupted_runs_leave_the_old_pages_and_no_temporary_file() {
    let d = tempdir("signals");
    let args = [
        "board", "--square", "200", "--format", "png", "--dpi", "40", "-q", "-o", "b.png",
    ];
    let (code, _, err) = run(&d, &args);
    assert_eq!(code, 0, "{err}");
    let first = snapshot(&d);
    for (signal, delay_ms) in [
        ("INT", 50),
        ("TERM", 120),
        ("INT", 200),
        ("TERM", 300),
        ("HUP", 400),
    ] {
        let child = Command::new(BIN)
            .args(args)
            .current_dir(&*d)
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status();
        let _ = child.wait_with_output();
        let now = snapshot(&d);
        let names: Vec<&String> = now.iter().map(|(n, _)| n).collect();
        assert!(
            names.iter().all(|n| !n.starts_with(".jp-")),
            "{signal} after {delay_ms} ms left {names:?}"
        );
        // The same options make the same bytes: old or new, the set is whole.
        assert_eq!(now, first, "{signal} after {delay_ms} ms");
    }
}

/// Every command over a corpus of hostile inputs: whatever happens, never a
/// panic (exit 101), and never a message saying "panicked".
#[test]
fn no_command_panics_on_a_hostile_corpus() {
    let d = tempdir("sweep");
    let w = |name: &str, text: &[u8]| std::fs::write(d.join(name), text).unwrap();
    let en = jungle_print::lang::BUILTIN[0].1;
    let standard = jungle_print::play::rules::BUILTIN[0].1;
    w(
        "emoji-lang.toml",
        en.replace("= \"Den\"", "= \"🦁\"").as_bytes(),
    );
    w(
        "nonchar-lang.toml",
        en.replace("= \"Den\"", "= \"\\uFDD0\"").as_bytes(),
    );
    w(
        "bidi-lang.toml",
        en.replace("= \"Den\"", "= \"\u{202E}neD\"").as_bytes(),
    );
    w(
        "emoji-rules.toml",
        standard.replace("Standard rules", "🐘").as_bytes(),
    );
    w("not-utf8.toml", b"name = \"\xff\xfe\"\n");
    w("empty.toml", b"");
    w(
        "deep.toml",
        format!("a = {}1{}", "[".repeat(5000), "]".repeat(5000)).as_bytes(),
    );
    w(
        "nan.toml",
        b"[page]\nmargin = nan\n[board]\nline_width = inf\n",
    );
    w("huge-number.toml", b"[page]\nmargin = 1e308\n");
    w(
        "secret.toml",
        b"AKIAIOSFODNN7EXAMPLE=wJalrXUtnFEMI/K7MDENG\n",
    );
    w("digitless.ttf", &font_without(SANS, |c| c.is_ascii_digit()));
    w(
        "digitless.toml",
        b"[fonts]\ntext = \"digitless.ttf\"\nbold = \"digitless.ttf\"\n",
    );
    w("half-font.ttf", &std::fs::read(SANS).unwrap()[..20_000]);
    w("half.toml", b"[fonts]\ntext = \"half-font.ttf\"\n");
    w("loop.toml", b"extends = \"loop.toml\"\n");
    w("icon.svg", br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 NaN 1"><path d="M0 0h1v1z"/></svg>"#);
    w(
        "icon.toml",
        b"[board]\nicons = true\n[icons]\nrat = \"icon.svg\"\n",
    );
    mkfifo(&d.join("fifo.toml"));
    std::fs::create_dir(d.join("folder.toml")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("fifo.toml", d.join("link-to-fifo.toml")).unwrap();
    let themes = [
        "digitless.toml",
        "half.toml",
        "loop.toml",
        "icon.toml",
        "nan.toml",
        "huge-number.toml",
        "deep.toml",
        "secret.toml",
        "not-utf8.toml",
        "empty.toml",
        "fifo.toml",
        "folder.toml",
        "link-to-fifo.toml",
        "emoji-lang.toml",
    ];
    let langs = [
        "emoji-lang.toml",
        "nonchar-lang.toml",
        "bidi-lang.toml",
        "not-utf8.toml",
        "fifo.toml",
        "deep.toml",
    ];
    let rulesets = [
        "emoji-rules.toml",
        "secret.toml",
        "/proc/self/pagemap",
        "folder.toml",
        "empty.toml",
    ];
    let mut runs: Vec<Vec<String>> = Vec::new();
    let s = |v: &[&str]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    for cmd in ["set", "board", "counters", "rules", "box"] {
        for t in themes {
            runs.push(s(&[cmd, "--theme", t, "-o", "out.pdf"]));
        }
        for l in langs {
            runs.push(s(&[cmd, "--lang-file", l, "-o", "out.svg"]));
        }
        for r in rulesets {
            runs.push(s(&[cmd, "--ruleset", r, "-o", "out.png", "--dpi", "20"]));
        }
    }
    for t in themes {
        runs.push(s(&["check", t]));
        runs.push(s(&["themes", "show", t]));
    }
    for l in langs {
        runs.push(s(&["check", "--lang-file", l]));
    }
    for r in rulesets {
        runs.push(s(&["check", "--ruleset", r]));
    }
    for args in &runs {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = run_with(&d, 4000, &a);
        assert_ne!(code, 101, "{args:?} panicked: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(code == 0 || code == 2, "{args:?}: exit {code}: {err}");
    }
}

/// A 2 × 2 palette PNG whose `PLTE` chunk holds `palette` bytes (each chunk
/// with its right CRC): the shapes that panicked inside the png crate.
fn png_with_palette(palette: usize) -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = out.len();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        let crc = crc32fast::hash(&out[start..]);
        out.extend_from_slice(&crc.to_be_bytes());
    }
    let mut rows = Vec::new();
    {
        let mut z = flate2::write::ZlibEncoder::new(&mut rows, flate2::Compression::default());
        std::io::Write::write_all(&mut z, &[0, 0, 1, 0, 1, 0]).unwrap();
        z.finish().unwrap();
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut out, b"IHDR", &[0, 0, 0, 2, 0, 0, 0, 2, 8, 3, 0, 0, 0]);
    chunk(&mut out, b"PLTE", &vec![0x80; palette]);
    chunk(&mut out, b"IDAT", &rows);
    chunk(&mut out, b"IEND", &[]);
    out
}

#[test]
fn palettes_too_long_or_of_broken_entries_are_refused_not_panicked_on() {
    let d = tempdir("palettes");
    // 257 entries, lengths that are not whole entries, and an empty palette;
    // a normal one of 2 entries for comparison.
    for (n, ok) in [(771, false), (10, false), (1, false), (0, false), (6, true)] {
        std::fs::write(d.join("p.png"), png_with_palette(n)).unwrap();
        std::fs::write(d.join("t.toml"), "[pictures]\nelephant = \"p.png\"\n").unwrap();
        let (code, _, err) = run(&d, &["check", "--theme", "t.toml"]);
        if ok {
            assert_eq!(code, 0, "{n}: {err}");
            continue;
        }
        assert_eq!(code, 2, "palette of {n} bytes: {err}");
        assert!(!err.contains("panicked"), "{err}");
        for needle in ["t.toml:2", "pictures.elephant", "p.png", "palette"] {
            assert!(err.contains(needle), "{n}: `{needle}` not in {err}");
        }
        let (code, _, err) = run(&d, &["board", "--theme", "t.toml", "-o", "b.png"]);
        assert_eq!(code, 2, "{err}");
    }
}

/// True when `err` holds a character that could move the cursor, reorder
/// the line or hide text on a terminal (a line break is allowed).
fn raw_terminal_characters(err: &str) -> Option<char> {
    err.chars()
        .find(|&c| (c.is_control() && c != '\n') || jungle_print::error::is_invisible(c))
}

/// Asserts that stderr is safe: no raw control or reordering characters, one
/// `jungle-print:` line at most beginning a line, and short.
fn assert_safe(what: &str, err: &str) {
    if let Some(c) = raw_terminal_characters(err) {
        panic!("{what}: raw U+{:04X} on standard error: {err:?}", c as u32);
    }
    let own = err
        .lines()
        .filter(|l| l.starts_with("jungle-print: error"))
        .count();
    assert!(own <= 1, "{what}: a forged line: {err}");
    assert!(err.len() < 1500, "{what}: {} bytes: {err}", err.len());
}

#[test]
fn every_option_and_key_kind_shows_hostile_text_escaped_and_short() {
    let d = tempdir("escapes");
    let long = "x".repeat(1990);
    let hostile = [
        "a\u{1b}[2J\u{202e}b".to_string(),
        "\njungle-print: error: forged".to_string(),
        format!("{long}\u{2066}"),
    ];
    for h in &hostile {
        for (opt, cmd) in [
            ("--paper", "board"),
            ("--tile", "board"),
            ("--shape", "counters"),
            ("--sides", "counters"),
            ("--lang", "board"),
            ("--theme", "board"),
            ("--ruleset", "rules"),
            ("--pictures", "set"),
            ("--lang-file", "board"),
        ] {
            let (code, _, err) = run(&d, &[cmd, opt, h, "-o", "x.pdf"]);
            assert_eq!(code, 2, "{opt}: {err}");
            assert_safe(opt, &err);
        }
        // Values from a theme: an unknown key, a choice, a colour, a font
        // family and style, a picture.
        let q = h
            .replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace('\n', "\\n");
        let q = q.replace('\u{1b}', "\\u001b");
        for body in [
            format!("[board]\n\"{q}\" = 1\n"),
            format!("[counters]\nlayout = \"{q}\"\n"),
            format!("[board]\nland = \"{q}\"\n"),
            format!("[fonts]\ntext = \"Family{q}\"\n"),
            format!("[fonts]\ntext = \"Noto Sans:{q}\"\n"),
            format!("[pictures]\nrat = \"{q}.png\"\n"),
        ] {
            std::fs::write(d.join("t.toml"), &body).unwrap();
            let (code, _, err) = run(&d, &["check", "t.toml"]);
            assert_eq!(code, 2, "{body}: {err}");
            assert_safe(&body, &err);
        }
    }
    // Names read from a font: a family whose name is 1,990 characters with
    // a forged line is echoed escaped and cut.
    let fonts = d.join("fonts");
    std::fs::create_dir_all(&fonts).unwrap();
    let name = format!("{long}\njungle-print: error: forged\u{202e}");
    std::fs::write(
        fonts.join("a.ttf"),
        names_only_font(&[(1, &name), (2, "Regular")], 1),
    )
    .unwrap();
    std::fs::write(d.join("t.toml"), "[fonts]\ntext = \"xxxx\"\n").unwrap();
    let err = run_env(&d, &["check", "t.toml"], &fonts);
    assert_safe("a font's family name", &err);
}

/// Runs with the font folders set to `fonts`; returns stderr (asserting exit
/// 2).
fn run_env(dir: &Path, args: &[&str], fonts: &Path) -> String {
    let out = Command::new(BIN)
        .args(args)
        .env("JUNGLE_PRINT_FONT_DIRS", fonts)
        .current_dir(dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    err
}

/// A font file holding only a `name` table (what the scan of the font
/// folders reads): `count` records cycling over `names` (name id, text),
/// each in UTF-16 for Windows, English.
fn names_only_font(names: &[(u16, &str)], count: usize) -> Vec<u8> {
    let be16 = |v: &mut Vec<u8>, x: u16| v.extend_from_slice(&x.to_be_bytes());
    let mut strings = Vec::new();
    let mut spans = Vec::new();
    for (_, text) in names {
        let start = strings.len() as u16;
        for u in text.encode_utf16() {
            be16(&mut strings, u);
        }
        spans.push((start, strings.len() as u16 - start));
    }
    let count = count.max(names.len());
    let mut table = Vec::new();
    be16(&mut table, 0);
    be16(&mut table, count as u16);
    be16(&mut table, (6 + 12 * count) as u16);
    for i in 0..count {
        let (id, _) = names[i % names.len()];
        let (start, len) = spans[i % names.len()];
        for x in [3, 1, 0x409, id, len, start] {
            be16(&mut table, x);
        }
    }
    table.extend_from_slice(&strings);
    let mut font = Vec::new();
    font.extend_from_slice(&[0, 1, 0, 0]);
    be16(&mut font, 1);
    font.extend_from_slice(&[0; 6]);
    font.extend_from_slice(b"name");
    font.extend_from_slice(&[0; 4]);
    font.extend_from_slice(&28u32.to_be_bytes());
    font.extend_from_slice(&(table.len() as u32).to_be_bytes());
    font.extend_from_slice(&table);
    font
}

#[test]
fn font_scans_are_bounded_by_names_and_files() {
    let d = tempdir("font-scan");
    std::fs::write(d.join("t.toml"), "[fonts]\ntext = \"No Such Family\"\n").unwrap();
    // One face whose name table holds 65,535 records of a 500-character
    // name (as large as a name table may be), one more family beside it.
    let fonts = d.join("many-names");
    std::fs::create_dir_all(&fonts).unwrap();
    let long = "N".repeat(250);
    let font = names_only_font(&[(1, &long), (2, "Bold"), (4, &long)], 65_535);
    std::fs::write(fonts.join("a.ttf"), font).unwrap();
    std::fs::write(
        fonts.join("b.ttf"),
        names_only_font(&[(1, "No Such Famile"), (2, "Regular")], 2),
    )
    .unwrap();
    let err = run_env(&d, &["check", "t.toml"], &fonts);
    assert!(
        err.contains("close family names: `No Such Famile`"),
        "{err}"
    );
    // 20,000 links (the most files a scan reads) to one collection of 64
    // faces: the file is read once.
    let links = d.join("links");
    std::fs::create_dir_all(&links).unwrap();
    let face = names_only_font(&[(1, "Linked Family"), (2, "Regular")], 2);
    let mut ttc = b"ttcf\0\x01\0\0".to_vec();
    ttc.extend_from_slice(&64u32.to_be_bytes());
    let first = 12 + 64 * 4;
    for _ in 0..64 {
        ttc.extend_from_slice(&(first as u32).to_be_bytes());
    }
    // The face's table offsets are from the file's start.
    let mut face = face;
    let at = (first + 28) as u32;
    face[16 + 8..16 + 12].copy_from_slice(&at.to_be_bytes());
    ttc.extend_from_slice(&face);
    std::fs::write(d.join("c.ttc"), &ttc).unwrap();
    for i in 0..20_000 {
        std::os::unix::fs::symlink(d.join("c.ttc"), links.join(format!("{i}.ttc"))).unwrap();
    }
    let err = run_env(&d, &["check", "t.toml"], &links);
    assert!(err.contains("searched 1 font file"), "{err}");
}

#[test]
fn placeholders_are_bounded_by_what_they_print() {
    let d = tempdir("placeholders");
    let en = jungle_print::lang::BUILTIN[0].1;
    let pack = |name: &str, sentence: &str| {
        en.replace(
            "rat = { name = \"Rat\"",
            &format!("rat = {{ name = \"{name}\""),
        )
        .replace(
            "rat_elephant = \"{The rat}, the weakest animal, may capture {the elephant}, the strongest.\"",
            &format!("rat_elephant = \"{sentence}\""),
        )
    };
    // Four 1,000-character names fill exactly 4,000 characters: within the
    // limit; one character more is not.
    let name = "R".repeat(1000);
    std::fs::write(d.join("ok.toml"), pack(&name, &"{rat}".repeat(4))).unwrap();
    let (code, _, err) = run(&d, &["check", "--lang-file", "ok.toml"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(
        d.join("over.toml"),
        pack(&name, &format!("{}.", "{rat}".repeat(4))),
    )
    .unwrap();
    let (code, _, err) = run(&d, &["check", "--lang-file", "over.toml"]);
    assert_eq!(code, 2, "{err}");
    // The sentence's line in the pack (packs grow: counted, not written).
    let line = en
        .lines()
        .position(|l| l.starts_with("rat_elephant = "))
        .unwrap()
        + 1;
    let at = format!("over.toml:{line}:");
    for needle in [at.as_str(), "handout.rat_elephant", "4000 characters"] {
        assert!(err.contains(needle), "`{needle}` not in {err}");
    }
    // The campaign's pack: a 1,999-character name 399 times in a sentence.
    let name = "R".repeat(1999);
    std::fs::write(d.join("bomb.toml"), pack(&name, &"{rat}".repeat(399))).unwrap();
    let (code, _, err) = run(&d, &["rules", "--lang-file", "bomb.toml", "-o", "r.pdf"]);
    assert_eq!(code, 2, "{err}");
    for needle in ["bomb.toml:", "key `handout.", "4000 characters"] {
        assert!(err.contains(needle), "`{needle}` not in {err}");
    }
}

#[test]
fn picture_folders_with_odd_names_are_read_as_folders() {
    let d = tempdir("picture-folders");
    let art = d.join("builtin:art");
    std::fs::create_dir_all(&art).unwrap();
    let png = png_with_palette(6);
    for a in [
        "rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant",
    ] {
        std::fs::write(art.join(format!("{a}.png")), &png).unwrap();
    }
    let (code, _, err) = run(
        &d,
        &["counters", "--pictures", "builtin:art", "-o", "c.pdf"],
    );
    assert_eq!(code, 0, "{err}");
    // A folder whose name is not UTF-8: told so, not "not found".
    use std::os::unix::ffi::OsStrExt;
    let odd = d.join(std::ffi::OsStr::from_bytes(b"art\xff"));
    std::fs::rename(&art, &odd).unwrap();
    let out = Command::new(BIN)
        .args(["counters", "--pictures"])
        .arg(&odd)
        .args(["-o", "c.pdf"])
        .current_dir(&*d)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--pictures") && err.contains("UTF-8"), "{err}");
}

// ---- Fuzz shapes, mutated --------------------------------------------------

/// The fuzz targets' seeds (fuzz/corpus: PNG palettes and lengths, JPEGs,
/// SVG style sheets and gradients), each mutated a few hundred times in all
/// with a fixed seed (byte flips, cut tails, repeated and dropped runs,
/// inserted bytes), read as a picture or a drawing and, when accepted,
/// decoded and drawn in every format: each case is accepted or refused with
/// a message, never a panic (cargo-fuzz needs a nightly toolchain and runs
/// unbounded; this runs in seconds on every `cargo test`).
#[test]
fn mutated_fuzz_seeds_are_read_or_refused_never_panicked_on() {
    use jungle_print::icons::Icon;
    use jungle_print::picture::{decode, Limits};
    use jungle_print::render::{pdf, png, svg};
    use jungle_print::scene::{Document, Group, Layer, Page, Transform};

    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let seeds = |dir: &str| -> Vec<(String, Vec<u8>)> {
        let mut v: Vec<_> = std::fs::read_dir(corpus.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
            .collect();
        v.sort();
        v
    };
    let (pictures, icons) = (seeds("picture"), seeds("icon"));
    assert!(pictures.iter().any(|(n, _)| n.contains("palette")));
    assert!(icons.iter().any(|(n, _)| n.contains("gradient")));
    assert!(icons.iter().any(|(n, _)| n.contains("css")));

    // xorshift64: the same cases on every run.
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below.max(1) as u64) as usize
    };
    let mut mutate = |seed: &[u8]| -> Vec<u8> {
        let mut b = seed.to_vec();
        for _ in 0..1 + next(4) {
            let at = next(b.len() + 1);
            let last = b.len().saturating_sub(1);
            match next(6) {
                0 if !b.is_empty() => b[at.min(last)] ^= 1 << next(8),
                1 if !b.is_empty() => b[at.min(last)] = [0, 0xFF, b'"', b'<'][next(4)],
                2 => b.truncate(at),
                3 => {
                    let len = next(64).min(b.len() - at);
                    let run = b[at..at + len].to_vec();
                    b.splice(at..at, run.repeat(1 + next(8)));
                }
                4 => {
                    let len = next(64).min(b.len() - at);
                    b.drain(at..at + len);
                }
                _ => b.insert(at, next(256) as u8),
            }
        }
        b
    };
    let draw = |items: Vec<jungle_print::scene::Item>| {
        let mut page = Page::new(30.0, 30.0);
        page.add(Layer::Artwork, items);
        let doc = Document {
            title: "fuzz".into(),
            pages: vec![page],
            fonts: Default::default(),
        };
        pdf::render(&doc, &pdf::PdfOptions::default()).expect("a PDF");
        svg::render(&doc, 0, &svg::SvgOptions::default());
        png::render(&doc, 0, &png::PngOptions { dpi: 30.0 }).expect("a PNG");
    };
    let limits = Limits {
        max_pixels: 4_000_000,
        ..Limits::default()
    };
    let (mut cases, mut accepted) = (0, 0);
    for round in 0..12 {
        for (name, seed) in &pictures {
            let data = if round == 0 {
                seed.clone()
            } else {
                mutate(seed)
            };
            let ok = std::panic::catch_unwind(|| {
                if let Ok(r) = decode(&data, "fuzz.png", limits) {
                    let _ = r.rgba();
                    return true;
                }
                false
            });
            assert!(ok.is_ok(), "{name}, round {round}: panicked on {data:?}");
            accepted += usize::from(ok.unwrap_or(false));
            cases += 1;
        }
        for (name, seed) in &icons {
            let data = if round == 0 {
                seed.clone()
            } else {
                mutate(seed)
            };
            let text = String::from_utf8_lossy(&data).into_owned();
            let ok = std::panic::catch_unwind(|| {
                let Ok(icon) = Icon::parse(&text, "fuzz.svg") else {
                    return false;
                };
                draw(vec![jungle_print::scene::Item::Group(Group {
                    picture: true,
                    transform: Transform::scale(20.0, 20.0),
                    items: icon.items(None),
                })]);
                true
            });
            assert!(ok.is_ok(), "{name}, round {round}: panicked on {text:?}");
            accepted += usize::from(ok.unwrap_or(false));
            cases += 1;
        }
    }
    assert!(
        cases >= 250 && accepted > 0,
        "{cases} cases, {accepted} accepted"
    );
}

/// Issue 32: a 658-byte JPEG (the 16 × 8 fixture) whose frame header
/// declares 7071 × 7071 pixels, just under the 50-megapixel limit of one
/// picture, as every animal's picture in the largest class set (16 sets)
/// of PNG pages: 73 pages, most showing the pictures. The picture is
/// decoded once and shared by every page and set, so the run ends (exit 0,
/// every page written) within 2 GiB of address space and 10 s of CPU.
/// Measured on the 2-core machine: 3.0 to 3.4 s of CPU alone and 230 MB
/// resident (one set as a PDF: 0.6 s); 5 s proved too tight while the other
/// tests ran beside it (killed in CI). A return to decoding per page (past
/// 30 s) fails.
#[test]
fn a_tiny_jpeg_declaring_50_megapixels_in_a_class_set_of_png_pages() {
    let d = tempdir("declared-7071");
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/pictures/baseline.jpg"
    );
    let mut jpeg = std::fs::read(fixture).unwrap();
    let sof = jpeg.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    jpeg[sof + 5..sof + 9].copy_from_slice(&[0x1B, 0x9F, 0x1B, 0x9F]);
    assert!(jpeg.len() < 700, "{} bytes", jpeg.len());
    let art = d.join("art");
    std::fs::create_dir(&art).unwrap();
    for a in [
        "rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant",
    ] {
        std::fs::write(art.join(format!("{a}.jpg")), &jpeg).unwrap();
    }
    let script = format!(
        "ulimit -v {}; ulimit -t 10; exec '{BIN}' -q set --pictures art --format png --copies 16 -o s.png",
        2048 * 1024
    );
    let out = Command::new("sh")
        .args(["-c", &script])
        .current_dir(&*d)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(d.join("s-73.png").is_file() && !d.join("s-74.png").exists());
}

// ---- Round four (issue 44) ------------------------------------------------

/// The standard ruleset with `edits` (old text, new text) made to it.
fn standard_with(edits: &[(&str, &str)]) -> String {
    let (code, src, err) = run(Path::new("."), &["ruleset", "show", "standard"]);
    assert_eq!(code, 0, "{err}");
    edits.iter().fold(src, |s, (a, b)| {
        assert!(s.contains(a), "`{a}` not in the standard ruleset");
        s.replacen(a, b, 1)
    })
}

/// Under a ruleset where no animal can reach a den (the rat ranked 2, only
/// rank 1 let into traps), a sheet of hard puzzles has nothing to show: it
/// is refused in every format, saying why at the ruleset's line and key,
/// never a panic or an empty file. A longer sheet keeps what it found, and
/// says how many.
#[test]
fn a_puzzle_sheet_with_nothing_to_show_is_refused() {
    let d = tempdir("no-den");
    let src = standard_with(&[
        ("rat = 1", "rat = 2"),
        ("trap_max_rank = 8 ", "trap_max_rank = 1 "),
    ]);
    let line = src
        .lines()
        .position(|l| l.starts_with("trap_max_rank"))
        .unwrap()
        + 1;
    std::fs::write(d.join("r.toml"), &src).unwrap();
    for out in ["p.pdf", "p.svg", "p.png", "out.pdf"] {
        let args = [
            "puzzles",
            "--ruleset",
            "r.toml",
            "--difficulty",
            "hard",
            "--count",
            "1",
            "-o",
            out,
        ];
        let err = refused(
            &d,
            &args,
            &[
                &format!("r.toml:{line}:"),
                "variants.trap_max_rank",
                "no animal can reach a den",
            ],
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (code, _, err) = run(
        &d,
        &[
            "puzzles",
            "--ruleset",
            "r.toml",
            "--difficulty",
            "hard",
            "--count",
            "48",
            "-o",
            "s.pdf",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: 24 of the 48 hard puzzles")
            && err.contains("no animal can reach a den"),
        "{err}"
    );
}

/// A ruleset's error points at the key's own line, not at a description
/// that happens to hold the same words first.
#[test]
fn a_ruleset_error_points_at_the_keys_own_line() {
    let d = tempdir("rat-line");
    let src = standard_with(&[
        (
            "description = \"",
            "description = \"rat = 9, trap_max_rank = 0, four_animals = true: ",
        ),
        ("rat = 1", "rat = 9"),
    ]);
    let line = src.lines().position(|l| l.starts_with("rat = 9")).unwrap() + 1;
    std::fs::write(d.join("r.toml"), &src).unwrap();
    refused(
        &d,
        &["rules", "--ruleset", "r.toml"],
        &[&format!("r.toml:{line}:7: key `ranks.rat`")],
    );
    let src = standard_with(&[
        ("description = \"", "description = \"trap_max_rank = 0: "),
        ("trap_max_rank = 8 ", "trap_max_rank = 0 "),
    ]);
    let line = src
        .lines()
        .position(|l| l.starts_with("trap_max_rank"))
        .unwrap()
        + 1;
    std::fs::write(d.join("r.toml"), &src).unwrap();
    refused(
        &d,
        &["rules", "--ruleset", "r.toml"],
        &[&format!("r.toml:{line}:"), "variants.trap_max_rank"],
    );
}

/// A run waiting for another run's lock on the output folder ends at once
/// on SIGINT, SIGTERM or SIGHUP, having written nothing.
#[test]
fn a_run_waiting_for_the_folder_lock_ends_on_a_signal() {
    use std::os::fd::AsRawFd;
    let d = tempdir("lock-wait");
    let held = std::fs::File::open(&*d).unwrap();
    // SAFETY: flock on a descriptor this test owns.
    assert_eq!(unsafe { libc::flock(held.as_raw_fd(), libc::LOCK_EX) }, 0);
    for signal in ["INT", "TERM", "HUP"] {
        let mut child = Command::new(BIN)
            .args(["board", "-q", "-o", "b.pdf"])
            .current_dir(&*d)
            .spawn()
            .unwrap();
        // Time to reach the lock (the board takes well under this); a
        // signal before it would end the run too.
        std::thread::sleep(std::time::Duration::from_millis(1500));
        assert!(child.try_wait().unwrap().is_none(), "ran past the lock");
        let _ = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status();
        // It ends without the lock being let go.
        let status = child.wait().unwrap();
        assert!(!status.success(), "{signal}: {status:?}");
        let names: Vec<String> = snapshot(&d).into_iter().map(|(n, _)| n).collect();
        assert!(names.is_empty(), "{signal} left {names:?}");
    }
    drop(held);
}

/// Every Default_Ignorable code point and other invisible character is
/// escaped in messages, and a long value is cut by bytes: a message stays
/// within 400 bytes whatever it quotes.
#[test]
fn invisible_characters_are_escaped_and_messages_stay_within_400_bytes() {
    let d = tempdir("invisible");
    for c in [
        '\u{3164}',
        '\u{34F}',
        '\u{FE0F}',
        '\u{115F}',
        '\u{1160}',
        '\u{17B4}',
        '\u{180B}',
        '\u{FE00}',
        '\u{FFA0}',
        '\u{E0100}',
        '\u{2064}',
        '\u{1D173}',
    ] {
        let (code, _, err) = run(&d, &["board", "--theme", &format!("a{c}b.toml")]);
        assert_eq!(code, 2, "{err}");
        let escaped: String = c.escape_default().collect();
        assert!(err.contains(&escaped) && !err.contains(c), "{c:?}: {err}");
    }
    let wide = "象".repeat(300);
    for args in [
        vec!["board", "--theme", wide.as_str()],
        vec!["board", "--lang", wide.as_str()],
        vec!["board", "--ruleset", wide.as_str()],
        vec!["board", "--paper", wide.as_str()],
    ] {
        let (code, _, err) = run(&d, &args);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.len() <= 400 + 1 && err.contains('…'),
            "{}: {err}",
            err.len()
        );
    }
}

/// `--preview` writes one PNG: another format is refused, not ignored.
#[test]
fn a_preview_in_a_format_it_cannot_write_is_refused() {
    let d = tempdir("preview-format");
    refused(
        &d,
        &["set", "--preview", "--format", "svg"],
        &["--format", "preview is a PNG"],
    );
    refused(
        &d,
        &["set", "--preview", "--format", "pdf"],
        &["--format", "preview is a PNG"],
    );
}

/// Drawing work is counted before anything is drawn: a contact sheet whose
/// thumbnails nest hundreds of clips, and tiled posters at a high
/// resolution, are refused at once naming `--dpi`; the same at a low one is
/// drawn.
#[test]
fn png_work_is_bounded_before_drawing() {
    let d = tempdir("png-work");
    for args in [
        &[
            "set",
            "--preview",
            "--dpi",
            "700",
            "--theme",
            "picture-book",
            "--poster-paper",
            "a2",
        ][..],
        &[
            "rules", "--poster", "--paper", "a2", "--tile", "a4", "--dpi", "600", "-o", "out.png",
        ],
    ] {
        let err = refused(&d, args, &["--dpi", "million"]);
        assert!(err.len() <= 400, "{err}");
    }
    let (code, _, err) = run(
        &d,
        &[
            "set",
            "--preview",
            "--dpi",
            "30",
            "-q",
            "--theme",
            "picture-book",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(d.join("jungle-set-preview.png").is_file());
}

/// Issue 44: the typesetting work of a pack's text is bounded before any
/// layout ([`jungle_print::limits::MAX_TEXT_WORK`]): twelve handout
/// sentences of 2,000 characters print as they are, and are refused with
/// pinyin over every character, which triples their weight.
#[test]
fn a_pack_with_long_texts_and_readings_is_refused_before_layout() {
    let d = tempdir("textwork");
    let zh = String::from_utf8(
        Command::new(BIN)
            .args(["lang", "show", "zh-Hans"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let mut section = String::new();
    let mut long = 0;
    let lines: Vec<String> = zh
        .lines()
        .map(|l| {
            if l.starts_with('[') {
                section = l.to_string();
            }
            let plain = l.contains(" = \"") && !l.contains('{');
            if section == "[handout]" && plain && long < 12 && !l.contains("_heading") {
                long += 1;
                let key = l.split(" = ").next().unwrap();
                return format!("{key} = \"{}\"", "象走一格。".repeat(400));
            }
            l.to_string()
        })
        .collect();
    assert_eq!(long, 12, "twelve handout sentences made long");
    std::fs::write(d.join("long.toml"), lines.join("\n")).unwrap();
    let (code, err) = run_limited(
        &d,
        2000,
        &["rules", "--lang-file", "long.toml", "-o", "plain.pdf"],
    );
    assert_eq!(code, 0, "{err}");
    let err = refused(
        &d,
        &[
            "rules",
            "--lang-file",
            "long.toml",
            "--phonetic",
            "pinyin",
            "-o",
            "out.pdf",
        ],
        &[
            "long.toml",
            "handout.",
            "limit of 60,000",
            "--phonetic none",
        ],
    );
    assert!(err.len() < 400, "{err}");
}

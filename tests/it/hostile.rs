//! Hostile input (issue 10): every case ends quickly with exit 2, a message
//! naming the file, option or key, and the old output files unchanged.

use std::path::{Path, PathBuf};
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

/// A scratch folder, removed when dropped.
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tempdir(name: &str) -> TempDir {
    let d = std::env::temp_dir().join(format!(
        "jungle-print-hostile-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    TempDir(d)
}

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
    use jungle_print::{lang::Lang, resolve::Resources, rules::Ruleset, theme::Theme};
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
    // kai.ttf once, plus the built-in bold face.
    assert_eq!(files.len(), 2, "{files:?}");
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

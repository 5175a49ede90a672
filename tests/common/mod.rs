//! Helpers shared by the integration tests.
#![allow(dead_code)]

use jungle_print::compose::products::board::{board_page, BoardSheet};
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::Ruleset;
use jungle_print::resolve::Resources;
use jungle_print::scene::Document;
use jungle_print::theme::Theme;

/// The four built-in languages.
pub const LANGS: [&str; 4] = ["en", "fr", "zh-Hant", "zh-Hans"];

/// Resources for a built-in language with the default theme and rules.
pub fn resources(lang: &str) -> Resources {
    Resources::new(
        Theme::default(),
        Lang::builtin(lang).unwrap(),
        Ruleset::default(),
    )
    .unwrap()
}

/// The default board document for a language on some paper.
pub fn board_doc(lang: &str, paper: Paper, square: Option<f64>) -> Document {
    let res = resources(lang);
    let page = board_page(
        &res,
        &BoardSheet {
            paper,
            square,
            bleed: 0.0,
            fold_marks: false,
        },
    )
    .unwrap();
    jungle_print::document("board", vec![page], &res)
}

/// All text of every page, extracted with lopdf (through the fonts' ToUnicode maps).
pub fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a readable PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("text extracts")
}

/// Page sizes in points from the MediaBox of every page.
pub fn page_sizes(bytes: &[u8]) -> Vec<(f64, f64)> {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    doc.get_pages()
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).unwrap();
            let mb = page.get(b"MediaBox").unwrap().as_array().unwrap();
            let n = |o: &lopdf::Object| {
                o.as_float()
                    .map(|v| v as f64)
                    .or_else(|_| o.as_i64().map(|v| v as f64))
                    .unwrap()
            };
            (n(&mb[2]) - n(&mb[0]), n(&mb[3]) - n(&mb[1]))
        })
        .collect()
}

/// An SVG with every base64 payload (embedded font subsets) replaced by its
/// length, for snapshots that stay readable.
pub fn without_base64(svg: &str) -> String {
    let mut shown = String::new();
    let mut rest = svg;
    while let Some(i) = rest.find("base64,") {
        let end = rest[i + 7..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || "+/=".contains(c)))
            .map_or(rest.len(), |e| i + 7 + e);
        shown.push_str(&rest[..i + 7]);
        shown.push_str(&format!("[{} characters]", end - i - 7));
        rest = &rest[end..];
    }
    shown.push_str(rest);
    shown
}

/// A fresh empty folder of this test process's own.
fn fresh_dir(kind: &str) -> std::path::PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("jp-{kind}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A scratch folder, removed when dropped.
pub struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty scratch folder for one test, named after `name`.
pub fn tempdir(name: &str) -> TempDir {
    TempDir(fresh_dir(name))
}

/// Runs the command line in a fresh empty folder of its own: exit code,
/// standard output, standard error, and whether `out.pdf` was left there.
pub fn run_cli(args: &[&str]) -> (i32, String, String, bool) {
    let dir = fresh_dir("cli");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        // The PDFs dated 1970-01-01, as the library dates them by itself,
        // so that runs compare byte for byte with files made in-process.
        .env("SOURCE_DATE_EPOCH", "0")
        .args(args)
        .current_dir(&dir)
        .output()
        .unwrap();
    let wrote = dir.join("out.pdf").exists();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        wrote,
    )
}

/// Runs the command line, which must succeed, writing `-o out.pdf` in a fresh
/// folder; returns the PDF's bytes.
/// Runs the binary with `args` in `dir` and checks that it succeeded.
pub fn run_in<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(dir: &std::path::Path, args: &[S]) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        // The PDFs dated 1970-01-01, as the library dates them by itself,
        // so that runs compare byte for byte with files made in-process.
        .env("SOURCE_DATE_EPOCH", "0")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

pub fn cli_pdf(args: &[&str]) -> Vec<u8> {
    let dir = fresh_dir("pdf");
    run_in(&dir, &[args, &["-o", "out.pdf", "-q"]].concat());
    let bytes = std::fs::read(dir.join("out.pdf")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    bytes
}

/// The insta settings of the integration tests: snapshots in `tests/snapshots/`
/// (named `it__MODULE__NAME.snap`), beside `tests/common/`, rather than in the
/// test crate's folder. Bind them in each test that takes a snapshot:
/// `let _snapshots = common::snapshots().bind_to_scope();`.
pub fn snapshots() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots"));
    settings
}

/// Every `.rs` file under `dir` (sorted, depth first), as (its path relative
/// to `base`, with `/` between folders; its text).
pub fn rust_sources(
    dir: &std::path::Path,
    base: &std::path::Path,
    out: &mut Vec<(String, String)>,
) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_sources(&p, base, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p
                .strip_prefix(base)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&p).unwrap()));
        }
    }
}

/// A bundled font file, by its name in `fonts/`.
pub fn bundled_font(file: &str) -> String {
    format!("{}/fonts/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// A copy of a font file without the characters `drop` (a subset made with
/// allsorts, the subsetter the program itself uses; its glyphs, advances and
/// names are the font's). A character that shares its glyph with a kept one
/// stays (U+00A0 with the space).
pub fn font_without(font: &str, drop: impl Fn(char) -> bool) -> Vec<u8> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{subset, CmapTarget, SubsetProfile};
    let data = std::fs::read(font).unwrap();
    let face = ttf_parser::Face::parse(&data, 0).unwrap();
    let mut gids = vec![0u16];
    for t in face.tables().cmap.unwrap().subtables {
        t.codepoints(|cp| {
            if let Some(c) = char::from_u32(cp) {
                if !drop(c) {
                    if let Some(g) = face.glyph_index(c) {
                        gids.push(g.0);
                    }
                }
            }
        });
    }
    gids.sort();
    gids.dedup();
    let file = ReadScope::new(&data).read::<FontData<'_>>().unwrap();
    let provider = file.table_provider(0).unwrap();
    subset(
        &provider,
        &gids,
        &SubsetProfile::Minimal,
        CmapTarget::Unicode,
    )
    .unwrap()
}

/// What a test does when a tool or dictionary it needs is missing: it says
/// so on standard error and passes, except in CI (`JUNGLE_PRINT_CI` set, as
/// `.ci/run` sets it), where it fails, so that CI never passes on a check it
/// did not make. `what` names what is missing and how to install it.
pub fn missing(what: &str) {
    assert!(
        std::env::var_os("JUNGLE_PRINT_CI").is_none(),
        "{what}, and CI (JUNGLE_PRINT_CI) must run every check"
    );
    eprintln!("skipped: {what}");
}

/// True for a run that is a reading set with the characters (a Zhuyin
/// symbol or tone mark, a pinyin letter): decorative text, left out of
/// the words the tests read, as it is of a PDF's text layer.
#[allow(dead_code)]
pub fn is_reading(run: &jungle_print::scene::TextRun) -> bool {
    use jungle_print::lang::zhuyin::{is_bopomofo, NEUTRAL_DOT, TONES};
    run.decorative
        && run
            .text
            .chars()
            .all(|c| is_bopomofo(c) || TONES.contains(&c) || c == NEUTRAL_DOT || c.is_lowercase())
}

//! Font fallback: a theme whose fonts lack characters (the narrow no-break
//! space U+202F, the apostrophe U+2019, the digits, every Chinese character)
//! prints them from the bundled fonts, never as a missing glyph, and says so.

use std::path::{Path, PathBuf};

use jungle_print::compose::products::set::SetOptions;
use jungle_print::input::Source;
use jungle_print::job::{Job, Kind, Made};
use jungle_print::render::pdf::render;
use jungle_print::scene::{text_runs, TextRun};

use crate::common::{bundled_font, font_without, pdf_text, run_cli, tempdir, LANGS};

/// What the test fonts lack.
fn lacking(c: char) -> bool {
    c == '\u{202F}' || c == '\u{2019}' || c.is_ascii_digit()
}

/// Writes Noto Sans Regular and Bold without [`lacking`] characters into
/// `dir`, and a theme setting every text in them (the Chinese characters too,
/// which they never had). Returns the theme's path.
fn theme(dir: &Path) -> PathBuf {
    for (file, name) in [
        ("NotoSans-Regular.subset.ttf", "sans.ttf"),
        ("NotoSans-Bold.subset.ttf", "bold.ttf"),
    ] {
        std::fs::write(dir.join(name), font_without(&bundled_font(file), lacking)).unwrap();
    }
    let path = |f: &str| dir.join(f).to_str().unwrap().to_string();
    let toml = format!(
        "[fonts]\nhan = '{0}'\ntext = '{0}'\nbold = '{1}'\n",
        path("sans.ttf"),
        path("bold.ttf")
    );
    std::fs::write(dir.join("t.toml"), toml).unwrap();
    dir.join("t.toml")
}

/// The set (with the poster) and the rules handout of language `code`, with
/// `theme` (the default theme when `None`).
fn made(theme: Option<&Path>, code: &str) -> Vec<Made> {
    [
        Kind::Set(SetOptions {
            poster: true,
            ..SetOptions::default()
        }),
        Kind::Rules,
        Kind::poster(),
    ]
    .into_iter()
    .map(|kind| {
        let mut job = Job::new(kind);
        job.inputs.theme = theme.map(|t| Source::File(t.to_path_buf()));
        job.inputs.lang = Source::builtin(code);
        job.run().unwrap_or_else(|e| panic!("{code} {kind:?}: {e}"))
    })
    .collect()
}

fn runs(made: &Made) -> Vec<&TextRun> {
    made.doc
        .pages
        .iter()
        .flat_map(|p| p.layers.iter())
        .flat_map(|(_, items)| text_runs(items))
        .collect()
}

/// The text of a PDF without its spaces and line breaks (where runs are cut
/// differs from one font to another).
fn letters(pdf: &[u8]) -> String {
    pdf_text(pdf)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

#[test]
fn characters_the_theme_fonts_lack_are_drawn_by_the_bundled_ones() {
    let dir = tempdir("fallback");
    let theme = theme(&dir);
    for code in LANGS {
        let with_fallback = made(Some(&theme), code);
        let builtin = made(None, code);
        for (m, b) in with_fallback.iter().zip(&builtin) {
            let book = &m.doc.fonts;
            let what = format!("{code} {:?}", m.summary);
            let runs = runs(m);
            assert!(!runs.is_empty(), "{what}");
            for run in &runs {
                assert_eq!(run.text.chars().count(), run.glyphs.len(), "{what}");
                assert!(
                    run.glyphs.iter().all(|g| g.id != 0),
                    "{what}: .notdef in `{}` ({})",
                    run.text,
                    book.get(run.font).name
                );
                // What the test fonts lack comes from a bundled font.
                if run.text.chars().any(lacking) {
                    assert!(
                        book.get(run.font).name.starts_with("builtin:"),
                        "{what}: `{}` in {}",
                        run.text,
                        book.get(run.font).name
                    );
                }
                // A narrow no-break space stays narrow: a sixth of an em.
                for (c, g) in run.text.chars().zip(&run.glyphs) {
                    if c == '\u{202F}' {
                        assert!(g.advance < 0.2 * run.size, "{what}: {g:?}");
                    }
                }
            }
            let digits = runs
                .iter()
                .any(|r| r.text.chars().any(|c| c.is_ascii_digit()));
            assert!(digits, "{what}: no digits printed");
            // One line says which characters fell back, and to which font.
            let said: Vec<&String> = m
                .warnings
                .iter()
                .filter(|w| w.contains("drawn with"))
                .collect();
            assert_eq!(said.len(), 1, "{what}: {:?}", m.warnings);
            assert!(
                said[0].contains("(U+0031–U+003") && said[0].contains("drawn with Noto Sans"),
                "{what}: {}",
                said[0]
            );
            if code == "fr" {
                assert!(said[0].contains("U+202F"), "{}", said[0]);
            }
            if code.starts_with("zh") {
                assert!(said[0].contains("drawn with Jungle Kai"), "{}", said[0]);
            }
            // The PDF's text reads as with the built-in fonts.
            let pdf = render(&m.doc, &m.pdf_options()).unwrap();
            let pdf_builtin = render(&b.doc, &b.pdf_options()).unwrap();
            assert_eq!(letters(&pdf), letters(&pdf_builtin), "{what}");
        }
    }
}

#[test]
fn built_in_themes_fall_back_to_nothing_and_print_no_notdef() {
    for code in LANGS {
        for m in made(None, code) {
            for run in runs(&m) {
                assert!(
                    run.glyphs.iter().all(|g| g.id != 0),
                    "{code}: `{}`",
                    run.text
                );
            }
            assert!(
                m.warnings.iter().all(|w| !w.contains("drawn with")),
                "{code}: {:?}",
                m.warnings
            );
        }
    }
}

#[test]
fn check_and_printing_say_it_in_one_line_and_quiet_hushes_it() {
    let dir = tempdir("fallback-cli");
    let theme = theme(&dir);
    let theme = theme.to_str().unwrap();
    let out = dir.join("out.pdf");
    let out = out.to_str().unwrap();
    let (code, _, err, _) = run_cli(&["rules", "--lang", "fr", "--theme", theme, "-o", out]);
    assert_eq!(code, 0, "{err}");
    let warned: Vec<&str> = err.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warned.len(), 1, "{err}");
    assert!(
        warned[0].starts_with(&format!("jungle-print: warning: {theme}:"))
            && warned[0].contains("`fonts.text` (`Noto Sans`) lacks")
            && warned[0].contains("U+202F")
            && warned[0].contains("’ (U+2019)"),
        "{err}"
    );
    let (code, _, err, _) = run_cli(&["check", theme]);
    assert_eq!(code, 0, "{err}");
    // One line per language checked.
    assert_eq!(
        err.lines().filter(|l| l.contains("drawn with")).count(),
        LANGS.len(),
        "{err}"
    );
    let (code, _, err, _) = run_cli(&["check", "-q", theme]);
    assert_eq!((code, err.as_str()), (0, ""));
}

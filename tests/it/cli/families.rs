//! Theme fonts given by family name: found among installed fonts (here a
//! scratch folder named by `JUNGLE_PRINT_FONT_DIRS`, holding copies of the
//! bundled Noto Sans, so that the machine's own fonts do not matter).

use std::path::Path;
use std::process::Command;

use crate::common::tempdir;

const REGULAR: &str = "NotoSans-Regular.subset.ttf";
const BOLD: &str = "NotoSans-Bold.subset.ttf";

/// A scratch folder with `fonts/` (the two Noto Sans faces, in a subfolder,
/// beside a link back up that would loop a careless walk) and a theme
/// whose `fonts.text` is `value`; `check` of it with the fonts folder as the
/// only one searched: exit code, standard output, standard error.
fn check_with(value: &str) -> (i32, String, String, std::path::PathBuf) {
    let dir = tempdir("families");
    let fonts = dir.join("fonts");
    std::fs::create_dir_all(fonts.join("noto")).unwrap();
    for f in [REGULAR, BOLD] {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts").join(f);
        std::fs::copy(src, fonts.join("noto").join(f)).unwrap();
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink(&fonts, fonts.join("noto").join("loop")).unwrap();
    std::fs::write(
        dir.join("t.toml"),
        format!("extends = \"classic\"\n[fonts]\ntext = [\"{value}\", \"builtin:noto-sans\"]\n"),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        .args(["check", "t.toml"])
        .env("JUNGLE_PRINT_FONT_DIRS", &fonts)
        .current_dir(&*dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        fonts.join("noto"),
    )
}

#[test]
fn a_family_name_finds_the_regular_face_and_check_names_the_file() {
    let (code, out, err, noto) = check_with("Noto Sans");
    assert_eq!(code, 0, "{err}");
    let file = noto.join(REGULAR);
    assert!(
        out.contains(&format!(
            "fonts.text: `Noto Sans` is {} (face 0, Noto Sans Regular)",
            file.display()
        )),
        "{out}"
    );
    assert!(out.contains("theme `t` is valid"), "{out}");
}

#[test]
fn a_style_or_a_full_name_picks_the_bold_face() {
    for value in [
        "Noto Sans:bold",
        "noto-sans:Bold",
        "Noto Sans:700",
        "Noto Sans Bold",
    ] {
        let (code, out, err, noto) = check_with(value);
        assert_eq!(code, 0, "{value}: {err}");
        let file = noto.join(BOLD);
        assert!(
            out.contains(&format!("`{value}` is {} (face 0", file.display())),
            "{value}: {out}"
        );
    }
}

#[test]
fn an_unknown_family_says_where_with_close_names() {
    let (code, out, err, _) = check_with("Noto Sanz");
    assert_eq!(code, 2, "{out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("t.toml:3:9: key `fonts.text`"), "{err}");
    assert!(
        err.contains("no installed font has the family `Noto Sanz`"),
        "{err}"
    );
    assert!(err.contains("close family names: `Noto Sans`"), "{err}");
    assert!(err.contains("searched 2 font files"), "{err}");
    assert!(err.contains("fc-list : family"), "{err}");
}

#[test]
fn an_unknown_style_lists_the_family_styles() {
    let (code, _, err, _) = check_with("Noto Sans:Condensed");
    assert_eq!(code, 2);
    assert!(err.contains("t.toml:3:9: key `fonts.text`"), "{err}");
    assert!(
        err.contains("`Noto Sans:Bold`, `Noto Sans:Regular`"),
        "{err}"
    );
}

#[test]
fn paths_still_work_and_name_no_family() {
    let (code, out, err, _) = check_with(&format!("fonts/noto/{BOLD}"));
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("fonts.text:"), "{out}");
    let (code, _, err, _) = check_with("fonts/Missing.ttf");
    assert_eq!(code, 2);
    assert!(err.contains("font file not found"), "{err}");
    // A font extension makes a path even without a folder.
    let (code, _, err, _) = check_with("Missing.OTF");
    assert_eq!(code, 2);
    assert!(err.contains("font file not found"), "{err}");
}

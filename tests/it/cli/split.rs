//! `set --split`: one file per piece, named after the output, holding the
//! pages of the one file (the cover left out); every refusal exits 2 and
//! leaves the folder as it was.

use std::path::Path;
use std::process::Command;

use crate::common::{page_sizes, tempdir};

const BIN: &str = env!("CARGO_BIN_EXE_jungle-print");

/// Runs the program in `dir`: exit code and standard error.
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    // A fixed date: two runs a second apart would otherwise date their
    // PDFs differently.
    let out = Command::new(BIN)
        .env("SOURCE_DATE_EPOCH", "0")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every entry of `dir` (links as links, not followed) with its contents, sorted.
fn listing(dir: &Path) -> Vec<(String, String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let kind = e.file_type().unwrap();
            let (what, data) = if kind.is_symlink() {
                let to = std::fs::read_link(e.path()).unwrap();
                ("link".to_string(), to.to_string_lossy().as_bytes().to_vec())
            } else if kind.is_file() {
                ("file".to_string(), std::fs::read(e.path()).unwrap())
            } else {
                ("other".to_string(), Vec::new())
            };
            (e.file_name().to_string_lossy().into_owned(), what, data)
        })
        .collect();
    v.sort();
    v
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    listing(dir).into_iter().map(|(n, _, _)| n).collect()
}

/// The number of pages of a PDF file, checking that lopdf reads it.
fn pages(path: &Path) -> usize {
    let doc = lopdf::Document::load(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    doc.get_pages().len()
}

/// The default set splits into its four pieces, each a valid PDF with the
/// pages of the one file made without a cover, in order and of the same
/// sizes; the rules file has no cover and ends with the box's steps.
#[test]
fn the_set_splits_into_four_files_with_the_pages_of_the_one_file() {
    let dir = tempdir("split-four");
    let (code, err) = run(&dir, &["set", "--split"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        names(&dir),
        [
            "jungle-set-board.pdf",
            "jungle-set-box.pdf",
            "jungle-set-counters.pdf",
            "jungle-set-rules.pdf"
        ]
    );
    let count = |piece: &str| pages(&dir.join(format!("jungle-set-{piece}.pdf")));
    assert_eq!(
        ["board", "counters", "box", "rules"].map(count),
        [1, 1, 1, 3],
        "the rules' two pages and the box's steps"
    );
    // Each line names its file, its pages and the sheets; then the whole set.
    for line in [
        "wrote jungle-set-board.pdf (board: 1 page, 1 sheet of card,",
        "wrote jungle-set-counters.pdf (counters: 1 page, 1 sheet of card,",
        "wrote jungle-set-box.pdf (box: 1 page, 1 sheet of card,",
        "wrote jungle-set-rules.pdf (rules, box steps: 3 pages, 2 sheets of paper,",
        "the set in 4 files of 6 pages in all; to print: 3 sheets of card, 2 of paper; cutting:",
    ] {
        assert!(err.contains(line), "{line}\n{err}");
    }

    let (code, err) = run(&dir, &["set", "--no-cover", "-o", "one.pdf"]);
    assert_eq!(code, 0, "{err}");
    let one = std::fs::read(dir.join("one.pdf")).unwrap();
    let split: Vec<(f64, f64)> = ["board", "counters", "box", "rules"]
        .iter()
        .flat_map(|p| page_sizes(&std::fs::read(dir.join(format!("jungle-set-{p}.pdf"))).unwrap()))
        .collect();
    assert_eq!(split, page_sizes(&one));
    let rules = crate::common::pdf_text(&std::fs::read(dir.join("jungle-set-rules.pdf")).unwrap());
    assert!(!rules.contains("In this set"), "no cover: {rules:.300}");
}

/// The pages of the split files are the one file's pages, byte for byte
/// (SVG, one file per page): a duplex class set with its poster, whose
/// counter sheets of all the sets go in the counters file and whose blank
/// page (keeping the duplex counters on odd pages of the one file) goes in
/// none; every page numbered within its piece.
#[test]
fn a_split_class_set_holds_the_one_files_pages_byte_for_byte() {
    let dir = tempdir("split-class");
    let common = [
        "set", "--copies", "3", "--sides", "duplex", "--poster", "--format", "svg",
    ];
    let (code, err) = run(&dir, &[&common[..], &["--split", "-o", "s.svg"]].concat());
    assert_eq!(code, 0, "{err}");
    let (code, err) = run(
        &dir,
        &[&common[..], &["--no-cover", "-o", "one.svg"]].concat(),
    );
    assert_eq!(code, 0, "{err}");
    let read = |name: String| std::fs::read(dir.join(name)).unwrap();
    let piece_pages = |piece: &str| -> Vec<Vec<u8>> {
        (1..)
            .map(|i| match i {
                1 => format!("s-{piece}.svg"),
                i => format!("s-{piece}-{i}.svg"),
            })
            .take_while(|n| dir.join(n).exists())
            .map(read)
            .collect()
    };
    let split: Vec<Vec<u8>> = ["board", "counters", "box", "rules"]
        .iter()
        .flat_map(|p| piece_pages(p))
        .collect();
    let one: Vec<Vec<u8>> = (1..)
        .map(|i| match i {
            1 => "one.svg".to_string(),
            i => format!("one-{i}.svg"),
        })
        .take_while(|n| dir.join(n).exists())
        .map(read)
        .collect();
    // One set's board is one page: the blank page after the three boards.
    let blank = 3;
    assert_eq!(split.len() + 1, one.len());
    assert_eq!(split[..blank], one[..blank]);
    assert_eq!(split[blank..], one[blank + 1..]);
    assert_eq!(
        ["board", "counters", "box", "rules"].map(|p| piece_pages(p).len()),
        [3, 2, 3, 8],
        "three boards, a duplex counter sheet, three boxes, three sets' rules, the poster (once) and the box's steps"
    );
}

/// Print-shop files, the home set and PNG pages come out the same twice;
/// `--no-box` writes no box file.
#[test]
fn split_files_are_deterministic_and_no_box_means_no_box_file() {
    let dir = tempdir("split-twice");
    let args = [
        "set",
        "--split",
        "--for",
        "print-shop",
        "--bleed",
        "3",
        "-o",
        "a.pdf",
    ];
    assert_eq!(run(&dir, &args).0, 0);
    let first = listing(&dir);
    assert_eq!(first.len(), 4);
    assert_eq!(run(&dir, &args).0, 0);
    assert_eq!(listing(&dir), first);

    let dir = tempdir("split-no-box");
    let (code, err) = run(
        &dir,
        &[
            "set", "--split", "--no-box", "--format", "png", "--dpi", "20",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        names(&dir),
        [
            "jungle-set-board.png",
            "jungle-set-counters.png",
            "jungle-set-rules-2.png",
            "jungle-set-rules.png"
        ]
    );
}

/// Each refusal exits 2 with a message naming the option, before anything
/// is written: standard output, a folder as the output, a link planted at
/// one of the names (its target untouched), a folder, a read-only file or
/// an input at one of them, a name too long, the preview; the folder is as
/// it was, old pieces included.
#[test]
#[cfg(unix)]
fn every_refusal_exits_2_and_writes_nothing() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = tempdir("split-refused");
    let d: &Path = &dir;
    std::fs::write(d.join("victim"), "precious").unwrap();
    std::fs::write(d.join("jungle-set-board.pdf"), "old board").unwrap();
    std::fs::create_dir(d.join("folder")).unwrap();
    // An input (a language pack) at one of the names; a name too long once
    // the piece's is added.
    std::fs::write(d.join("t-rules.pdf"), jungle_print::lang::BUILTIN[1].1).unwrap();
    let long = format!("{}.pdf", "n".repeat(250));
    // Arguments, words of the message, what to plant first, how to clear it.
    type Step = Box<dyn Fn(&Path)>;
    let cases: Vec<(Vec<&str>, &str, Step, Step)> = vec![
        (
            vec!["-o", "-"],
            "--split",
            Box::new(|_| {}),
            Box::new(|_| {}),
        ),
        (
            vec!["-o", "folder"],
            "is a folder",
            Box::new(|_| {}),
            Box::new(|_| {}),
        ),
        (
            vec![],
            "symbolic link",
            Box::new(|d| symlink(d.join("victim"), d.join("jungle-set-counters.pdf")).unwrap()),
            Box::new(|d| std::fs::remove_file(d.join("jungle-set-counters.pdf")).unwrap()),
        ),
        (
            vec!["--format", "svg"],
            "symbolic link",
            Box::new(|d| symlink("victim", d.join("jungle-set-rules-2.svg")).unwrap()),
            Box::new(|d| std::fs::remove_file(d.join("jungle-set-rules-2.svg")).unwrap()),
        ),
        (
            vec![],
            "is a folder",
            Box::new(|d| std::fs::create_dir(d.join("jungle-set-rules.pdf")).unwrap()),
            Box::new(|d| std::fs::remove_dir(d.join("jungle-set-rules.pdf")).unwrap()),
        ),
        (
            vec![],
            "read-only",
            Box::new(|d| {
                let p = d.join("jungle-set-box.pdf");
                std::fs::write(&p, "old box").unwrap();
                std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).unwrap();
            }),
            Box::new(|d| std::fs::remove_file(d.join("jungle-set-box.pdf")).unwrap()),
        ),
        (
            vec!["-o", "t.pdf", "--lang-file", "t-rules.pdf"],
            "one of this run's inputs",
            Box::new(|_| {}),
            Box::new(|_| {}),
        ),
        (
            vec!["-o", &long],
            "too long",
            Box::new(|_| {}),
            Box::new(|_| {}),
        ),
        (
            vec!["--preview"],
            "preview",
            Box::new(|_| {}),
            Box::new(|_| {}),
        ),
    ];
    for (args, says, plant, clear) in cases {
        plant(d);
        let before = listing(d);
        let all = [&["set", "--split"][..], &args].concat();
        let (code, err) = run(d, &all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(err.contains(says), "{all:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
        assert_eq!(listing(d), before, "{all:?} touched the folder");
        clear(d);
    }
    assert_eq!(std::fs::read(d.join("victim")).unwrap(), b"precious");
}

/// Two made-up names that are the same (as a file system that ignores case
/// sees them) are refused before anything is written.
#[test]
fn two_pieces_of_one_name_are_refused() {
    let dir = tempdir("split-clash");
    let names = [dir.join("a-board.pdf"), dir.join("A-Board.pdf")];
    let e = jungle_print::output::check_made_up_targets(&names).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    assert!(e.to_string().contains("both be named"), "{e}");
    assert!(jungle_print::output::check_made_up_targets(&names[..1]).is_ok());
    assert!(std::fs::read_dir(&*dir).unwrap().next().is_none());
}

/// The files carry the date `SOURCE_DATE_EPOCH` gives (the same epoch, the
/// same bytes), in the info dictionary and, for a print shop, in the XMP
/// metadata; a value that is not a date is refused (issue 46).
#[test]
fn pdfs_are_dated_by_source_date_epoch() {
    let dir = crate::common::tempdir("source-date");
    let run = |epoch: &str, out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_jungle-print"))
            .env("SOURCE_DATE_EPOCH", epoch)
            .args(["set", "--for", "print-shop", "--bleed", "3", "-o", out])
            .current_dir(dir.to_path_buf())
            .output()
            .unwrap()
    };
    let a = run("1700000000", "a.pdf");
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = run("1700000000", "b.pdf");
    assert!(b.status.success());
    let (a, b) = (
        std::fs::read(dir.join("a.pdf")).unwrap(),
        std::fs::read(dir.join("b.pdf")).unwrap(),
    );
    assert_eq!(a, b, "the same epoch gives the same bytes");
    let doc = lopdf::Document::load_mem(&a).unwrap();
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(|r| r.as_reference())
        .unwrap();
    let info = doc.get_dictionary(info).unwrap();
    for key in [&b"CreationDate"[..], b"ModDate"] {
        let lopdf::Object::String(date, _) = info.get(key).unwrap() else {
            panic!("a date string")
        };
        assert!(
            date.starts_with(b"D:20231114221320"),
            "{}",
            String::from_utf8_lossy(date)
        );
    }
    let text = String::from_utf8_lossy(&a).into_owned();
    assert!(
        text.contains("<xmp:CreateDate>2023-11-14T22:13:20Z</xmp:CreateDate>") || {
            // The metadata stream may be compressed: look in the decoded streams.
            doc.objects.values().any(|o| {
                o.as_stream()
                    .ok()
                    .and_then(|s| s.decompressed_content().ok().or(Some(s.content.clone())))
                    .is_some_and(|c| {
                        String::from_utf8_lossy(&c)
                            .contains("<xmp:CreateDate>2023-11-14T22:13:20Z</xmp:CreateDate>")
                    })
            })
        },
        "the XMP date"
    );
    // Another epoch, another date.
    let c = run("0", "c.pdf");
    assert!(c.status.success());
    assert_ne!(std::fs::read(dir.join("c.pdf")).unwrap(), a);
    // Not a date: refused, nothing written.
    for bad in ["soon", "-5", "1e9", ""] {
        let out = run(bad, "bad.pdf");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("SOURCE_DATE_EPOCH"), "{bad}: {err}");
        assert!(!dir.join("bad.pdf").exists());
    }
}

/// A print shop's die cuts every face whole: the set's counters are duplex,
/// each face with one die line of its own and its back on the next page,
/// and the run says so (issue 46).
#[test]
fn a_print_shop_set_has_duplex_counters_and_says_so() {
    use jungle_print::job::{Job, Kind, Purpose};
    use jungle_print::scene::Layer;
    let mut job = Job::new(Kind::set());
    job.purpose = Purpose::PrintShop;
    job.bleed = 3.0;
    let made = job.run().unwrap();
    assert!(
        made.warnings
            .iter()
            .any(|w| w.contains("printed duplex") && w.contains("die")),
        "{:?}",
        made.warnings
    );
    let jungle_print::job::Summary::Set { parts, .. } = &made.summary else {
        panic!("a set")
    };
    let (c0, c1) = parts.counters;
    let pages = &made.doc.pages[c0 - 1..c1];
    assert_eq!(pages.len(), 2, "fronts, then backs");
    let cuts = |p: &jungle_print::scene::Page| p.layer(Layer::Cut).len();
    let folds = |p: &jungle_print::scene::Page| p.layer(Layer::Fold).len();
    // Sixteen faces cut whole on the fronts, no fold lines anywhere.
    assert_eq!(cuts(&pages[0]), 16);
    assert_eq!(folds(&pages[0]) + folds(&pages[1]), 0);
}

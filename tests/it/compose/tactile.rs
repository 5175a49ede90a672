//! The tactile edition (`--for tactile`): braille dots at the standard size
//! and spacing, measured on the composed pages; only pure black where the
//! swell paper is to rise, everything else a light tint; the braille in the
//! PDF's text layer; refusals of packs without braille and of squares too
//! small for touch.

use std::process::Command;

use jungle_print::compose::drawn::braille::{braille, CELL, DOT, IN_CELL};
use jungle_print::compose::products::tactile::{board_art, counter_pages, TINT};
use jungle_print::input::Source;
use jungle_print::job::{BoardOptions, Inputs, Job, Kind, Purpose};
use jungle_print::layout::paper::Paper;
use jungle_print::resolve::Resources;
use jungle_print::scene::{map_leaves, pt, Item, Page, Seg};

const BIN: &str = env!("CARGO_BIN_EXE_jungle-print");

fn res(lang: &str) -> Resources {
    let inputs = Inputs {
        lang: Source::builtin(lang),
        ..Inputs::default()
    };
    inputs.resources(Purpose::Tactile).unwrap()
}

/// Each subpath's bounding box of a filled path: (centre x, centre y, width, height).
fn discs(items: Vec<Item>) -> Vec<(f64, f64, f64, f64)> {
    let mut out = Vec::new();
    map_leaves(items, &mut |item| {
        if let Item::Path(p) = &item {
            if p.fill.is_some() {
                let mut pts = Vec::new();
                let mut flush = |pts: &mut Vec<jungle_print::scene::Pt>| {
                    if pts.is_empty() {
                        return;
                    }
                    let (x0, x1) = pts
                        .iter()
                        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
                    let (y0, y1) = pts
                        .iter()
                        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
                    out.push(((x0 + x1) / 2.0, (y0 + y1) / 2.0, x1 - x0, y1 - y0));
                    pts.clear();
                };
                for s in &p.segs {
                    match s {
                        Seg::Move(a) => {
                            flush(&mut pts);
                            pts.push(*a);
                        }
                        Seg::Line(a) => pts.push(*a),
                        Seg::Cubic(a, b, c) => pts.extend([*a, *b, *c]),
                        Seg::Close => {}
                    }
                }
                flush(&mut pts);
            }
        }
        Some(item)
    });
    out
}

#[test]
fn braille_dots_are_standard_size_and_spacing() {
    let r = res("en");
    // Two full cells: six dots each.
    let d = discs(braille(&r, "⠿⠿", pt(10.0, 10.0), 0.0, pt(0.0, 0.0)));
    assert_eq!(d.len(), 12);
    for &(_, _, w, h) in &d {
        assert!(
            (w - 1.5).abs() < 1e-6 && (h - 1.5).abs() < 1e-6,
            "dot {w} × {h} mm"
        );
    }
    assert_eq!((DOT, IN_CELL, CELL), (1.5, 2.5, 6.2));
    let mut xs: Vec<f64> = d.iter().map(|p| (p.0 * 1000.0).round() / 1000.0).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    // Columns: 2.5 mm within a cell, 6.2 mm from a cell to the next.
    let steps: Vec<f64> = xs
        .windows(2)
        .map(|w| ((w[1] - w[0]) * 1000.0).round() / 1000.0)
        .collect();
    assert_eq!(steps, [2.5, 3.7, 2.5]);
    assert!((xs[2] - xs[0] - 6.2).abs() < 1e-9);
    let mut ys: Vec<f64> = d.iter().map(|p| (p.1 * 1000.0).round() / 1000.0).collect();
    ys.sort_by(f64::total_cmp);
    ys.dedup();
    assert_eq!(ys.len(), 3);
    assert!((ys[1] - ys[0] - 2.5).abs() < 1e-9 && (ys[2] - ys[1] - 2.5).abs() < 1e-9);
}

/// Every colour of `pages`: pure black, or a tint no darker than 20 % grey.
fn only_black_rises(pages: &[Page]) -> (usize, usize) {
    let (mut black, mut tint) = (0, 0);
    for page in pages {
        let items: Vec<Item> = page
            .layers
            .iter()
            .flat_map(|(_, i)| i.iter().cloned())
            .collect();
        map_leaves(items, &mut |item| {
            let mut colours = Vec::new();
            match &item {
                Item::Path(p) => {
                    if let Some(jungle_print::scene::Paint::Solid(c)) = &p.fill {
                        colours.push(*c);
                    }
                    if let Some(s) = &p.stroke {
                        colours.push(s.color);
                    }
                }
                Item::Text(t) if !t.invisible => colours.push(t.fill),
                Item::Picture(_) => panic!("a picture on a tactile page"),
                _ => {}
            }
            for c in colours {
                let (r, g, b) = c.to_rgb();
                if (r, g, b) == (0, 0, 0) {
                    black += 1;
                } else {
                    // At most 20 % grey: every channel 204 or lighter.
                    assert!(r.min(g).min(b) >= 204, "{c:?} would rise on swell paper");
                    tint += 1;
                }
            }
            Some(item)
        });
    }
    (black, tint)
}

#[test]
fn only_what_rises_is_black_on_the_board_tiles_and_counters() {
    for lang in ["en", "zh-Hant"] {
        let r = res(lang);
        for paper in ["a4", "a3"] {
            let mut job = Job::new(Kind::Board(BoardOptions::default()));
            job.inputs.lang = Source::builtin(lang);
            job.purpose = Purpose::Tactile;
            job.paper = Paper::parse(paper).unwrap();
            let made = job.run().unwrap();
            let (black, tint) = only_black_rises(&made.doc.pages);
            assert!(
                black > 40 && tint > 10,
                "{lang} {paper}: {black} black, {tint} tinted"
            );
        }
        let counters = counter_pages(&r, Paper::A4, 1).unwrap();
        only_black_rises(&counters);
        assert_eq!(TINT.to_rgb(), (0xD6, 0xD6, 0xD6));
    }
}

#[test]
fn the_board_has_its_textures_and_braille() {
    let r = res("en");
    let art = board_art(&r, 34.0, true).unwrap();
    let items: Vec<Item> = art
        .layers
        .iter()
        .flat_map(|(_, i)| i.iter().cloned())
        .collect();
    let d = discs(items);
    let braille_dots = d.iter().filter(|p| (p.2 - 1.5).abs() < 1e-6).count();
    let trap_dots = d.iter().filter(|p| (p.2 - 2.2).abs() < 1e-6).count();
    // 6 traps of staggered dots; the start squares' initials and the
    // coordinates twice.
    assert!(trap_dots >= 6 * 15, "{trap_dots} trap dots");
    assert!(braille_dots > 100, "{braille_dots} braille dots");
    assert_eq!(art.width, 7.0 * 34.0 + 28.0);
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(BIN).args(args).output().unwrap()
}

#[test]
fn braille_is_in_the_text_layer() {
    if Command::new("pdftotext").arg("-v").output().is_err() {
        crate::common::missing("pdftotext is not installed (poppler-utils)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("jp-tactile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdf = dir.join("c.pdf");
    let out = run(&["counters", "--for", "tactile", "-o", pdf.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    // The elephant: e, then the numeric indicator and 8 (UEB).
    assert!(text.contains("⠑⠼⠓"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn packs_without_braille_and_small_squares_are_refused() {
    let dir = std::env::temp_dir().join(format!("jp-tactile-r-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pack = dir.join("xx.toml");
    let en = include_str!("../../../lang/en.toml").replace("code = \"en\"", "code = \"xx\"");
    std::fs::write(&pack, en).unwrap();
    let out_pdf = dir.join("b.pdf");
    let out = run(&[
        "board",
        "--for",
        "tactile",
        "--lang-file",
        pack.to_str().unwrap(),
        "-o",
        out_pdf.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tools/braille.py") && err.contains("no braille"),
        "{err}"
    );
    assert!(!out_pdf.exists());
    let out = run(&[
        "board",
        "--for",
        "tactile",
        "--square",
        "20",
        "-o",
        out_pdf.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("28"));
    for junk in ["", "tactil", "TACTILE ", "\u{2800}"] {
        let out = run(&["board", "--for", junk, "-o", out_pdf.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{junk:?}");
    }
    let out = run(&["box", "--for", "tactile", "-o", out_pdf.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out_pdf.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_brf_rules_are_the_handouts_words_in_pages_of_40_by_25() {
    use jungle_print::compose::products::handout::plain_text;
    use jungle_print::job::Output;
    use jungle_print::lang::braille::{ascii, dots, Braille};
    use jungle_print::options::Format;
    for lang in ["en", "fr", "zh-Hant", "zh-Hans"] {
        let mut job = Job::new(Kind::Rules);
        job.inputs.lang = Source::builtin(lang);
        job.inputs.ruleset = Source::builtin("fox");
        job.output = Some(Output::new("r.brf", Format::Brf));
        let made = job.run().unwrap();
        let (bytes, _) = made.brf.unwrap();
        let text = String::from_utf8(bytes).unwrap();
        let pages: Vec<&str> = text.split('\u{c}').collect();
        assert!(pages.len() > 1, "{lang}");
        let table: Vec<char> = (0..64u8).map(ascii).collect();
        let raised = |line: &str| -> Vec<u8> {
            line.chars()
                .map(|c| {
                    table
                        .iter()
                        .position(|&t| t == c)
                        .unwrap_or_else(|| panic!("{c:?}")) as u8
                })
                .filter(|&d| d != 0)
                .collect()
        };
        let b = Braille::for_code(lang).unwrap();
        let braille =
            |s: &str| -> Vec<u8> { s.chars().filter_map(dots).filter(|&d| d != 0).collect() };
        let mut cells = Vec::new();
        let mut heads = Vec::new();
        for (i, page) in pages.iter().enumerate() {
            let lines: Vec<&str> = page.split_terminator("\r\n").collect();
            // Every page is 25 lines: its number right-aligned on the last,
            // alone, in the pack's braille for numbers.
            assert_eq!(lines.len(), 25, "{lang}: page {}", i + 1);
            assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lang}");
            let last = lines[24];
            assert_eq!(
                last.chars().count(),
                40,
                "{lang}: page number at the right margin: {last:?}"
            );
            assert_eq!(
                raised(last),
                braille(b.word(&(i + 1).to_string()).unwrap()),
                "{lang}: page {}",
                i + 1
            );
            assert!(last.trim_start().chars().count() <= 4, "{lang}: {last:?}");
            let body = if i == 0 {
                &lines[..24]
            } else {
                heads.push(lines[0]);
                &lines[1..24]
            };
            for line in body {
                cells.extend(raised(line));
            }
        }
        // Every later page's first line is the title as a running head,
        // centred, the same on each.
        assert!(heads.windows(2).all(|w| w[0] == w[1]), "{lang}: {heads:?}");
        let first = pages[0].split_terminator("\r\n").next().unwrap();
        let lead = |l: &str| l.chars().take_while(|&c| c == ' ').count();
        let tail = |l: &str| 40 - l.chars().count();
        for l in heads.iter().chain([&first]) {
            assert!(lead(l).abs_diff(tail(l)) <= 1, "{lang}: not centred: {l:?}");
        }
        assert!(raised(first).starts_with(&raised(heads[0])), "{lang}");
        // Every raised cell of liblouis's translation of every paragraph, in order.
        let inputs = Inputs {
            lang: Source::builtin(lang),
            ruleset: Source::builtin("fox"),
            ..Inputs::default()
        };
        let res = inputs.resources(Purpose::Home).unwrap();
        let want: Vec<u8> = plain_text(&res)
            .iter()
            .flat_map(|p| {
                b.text(p)
                    .unwrap()
                    .chars()
                    .filter_map(dots)
                    .filter(|&d| d != 0)
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(cells, want, "{lang}");
    }
}

/// A tactile set opens with its key: a sample of each textured square and a
/// counter of each side, each named in braille (raised, standard dots) and
/// in print; the title in braille; the note for sighted helpers names the
/// rules' braille file and web page; only black rises, in four languages.
#[test]
fn the_tactile_set_opens_with_its_key_to_the_textures() {
    use jungle_print::compose::products::set::SetOptions;
    use jungle_print::compose::products::tactile::key_page;
    use jungle_print::lang::braille::Braille;
    for lang in ["en", "fr", "zh-Hant", "zh-Hans"] {
        let mut job = Job::new(Kind::Set(SetOptions::default()));
        job.inputs.lang = Source::builtin(lang);
        job.purpose = Purpose::Tactile;
        let made = job.run().unwrap();
        let r = res(lang);
        let key = key_page(&r, Paper::A4).unwrap();
        let first = &made.doc.pages[0];
        assert_eq!(
            format!("{:?}", first.layers),
            format!("{:?}", key.layers),
            "{lang}"
        );
        let (black, tint) = only_black_rises(std::slice::from_ref(first));
        assert!(
            black >= 5 && tint >= 5,
            "{lang}: {black} black, {tint} tinted"
        );
        let items: Vec<Item> = key
            .layers
            .iter()
            .flat_map(|(_, i)| i.iter().cloned())
            .collect();
        // The words in braille: title, three squares, two sides.
        let b = Braille::for_code(lang).unwrap();
        let board = &r.lang.board;
        let mut want = 0;
        for w in [
            &r.lang.game.title,
            &board.river,
            &board.trap,
            &board.den,
            &board.south,
            &board.north,
        ] {
            let cells = b.word(w).unwrap();
            want += cells
                .chars()
                .map(|c| (c as u32 - 0x2800).count_ones() as usize)
                .sum::<usize>();
        }
        let d = discs(items.clone());
        let braille_dots = d.iter().filter(|p| (p.2 - DOT).abs() < 1e-6).count();
        // The two sample counters carry their own braille too.
        assert!(
            braille_dots >= want,
            "{lang}: {braille_dots} dots, the words need {want}"
        );
        let trap_dots = d.iter().filter(|p| (p.2 - 2.2).abs() < 1e-6).count();
        assert!(trap_dots >= 15, "{lang}: {trap_dots} trap dots");
        // The helpers' note names both files of the rules.
        let note = &r.lang.tactile.as_ref().unwrap().key_help;
        assert!(
            note.contains("--format brf") && note.contains("--format html"),
            "{lang}"
        );
    }
    // The longest note a pack may hold (2,000 characters) is set smaller to
    // stay above the bottom margin.
    let mut r = res("en");
    r.lang.tactile.as_mut().unwrap().key_help = vec!["longword"; 222].join(" ");
    let key = key_page(&r, Paper::A4).unwrap();
    let margin = r.theme.page.margin;
    let lowest = key
        .layers
        .iter()
        .flat_map(|(_, i)| i.iter())
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.pos.y),
            _ => None,
        })
        .fold(0.0, f64::max);
    assert!(
        lowest > 200.0 && lowest <= Paper::A4.height - margin,
        "{lowest}"
    );
    // A pack without the words is refused, not given a half key.
    let mut r = res("en");
    r.lang.tactile = None;
    assert!(key_page(&r, Paper::A4).is_err());
}

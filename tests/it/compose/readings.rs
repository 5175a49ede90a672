//! Where the readings land: on the zh-Hans posters and handouts with pinyin
//! over the characters, and the zh-Hant ones with Zhuyin beside them (every
//! preset; posters on A4, Letter, A3 and A2), each character's reading is
//! drawn once (never twice in one place, never again as text beside its
//! character), and its ink stays clear of the ink of the line above.
//!
//! Measured on the composed pages' scene: every text run's ink (its glyphs'
//! outline boxes, cut by the clip around it), in page millimetres.

use jungle_print::input::Source;
use jungle_print::job::{Job, Kind};
use jungle_print::lang::Phonetic;
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::BUILTIN as PRESETS;
use jungle_print::scene::{bounds, pt, Item, Page, Transform};
use jungle_print::text::{is_han, FontBook};

/// The least gap, mm, between a reading's ink and the ink above it.
const CLEAR: f64 = 0.3;

/// One text run as drawn: its text, whether it is decorative, and its
/// ink's box (x0, y0, x1, y1), mm, page coordinates (y down).
#[derive(Debug, Clone)]
struct Ink {
    text: String,
    decorative: bool,
    b: [f64; 4],
}

/// The box of `b` under `t`.
fn corners(t: Transform, b: [f64; 4]) -> [f64; 4] {
    let ps = [
        t.apply(pt(b[0], b[1])),
        t.apply(pt(b[2], b[1])),
        t.apply(pt(b[0], b[3])),
        t.apply(pt(b[2], b[3])),
    ];
    [
        ps.iter().map(|p| p.x).fold(f64::MAX, f64::min),
        ps.iter().map(|p| p.y).fold(f64::MAX, f64::min),
        ps.iter().map(|p| p.x).fold(f64::MIN, f64::max),
        ps.iter().map(|p| p.y).fold(f64::MIN, f64::max),
    ]
}

/// The inked text runs of `items` in drawing order, under `t` and inside
/// `clip` (a box, page coordinates).
fn inks(items: &[Item], t: Transform, clip: Option<[f64; 4]>, book: &FontBook, out: &mut Vec<Ink>) {
    for item in items {
        match item {
            Item::Group(g) => inks(&g.items, t.then_apply(g.transform), clip, book, out),
            Item::Clip(c) => {
                let (x0, y0, x1, y1) = bounds(&c.path).unwrap();
                let b = corners(t, [x0, y0, x1, y1]);
                let b = match clip {
                    Some(o) => [
                        b[0].max(o[0]),
                        b[1].max(o[1]),
                        b[2].min(o[2]),
                        b[3].min(o[3]),
                    ],
                    None => b,
                };
                inks(&c.items, t, Some(b), book, out);
            }
            Item::Page(p) => inks(&p.flattened().items, t, clip, book, out),
            Item::Text(run) if !run.invisible => {
                let turn = t.then_apply(Transform::rotate_about(run.rotation, run.pos));
                let mut x = run.pos.x;
                let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
                for g in &run.glyphs {
                    if let Some((x0, y0, x1, y1)) = book.ink_box_em(run.font, g.id) {
                        let s = run.size;
                        let g = corners(
                            turn,
                            [
                                x + x0 * s,
                                run.pos.y - y1 * s,
                                x + x1 * s,
                                run.pos.y - y0 * s,
                            ],
                        );
                        b = [
                            b[0].min(g[0]),
                            b[1].min(g[1]),
                            b[2].max(g[2]),
                            b[3].max(g[3]),
                        ];
                    }
                    x += g.advance;
                }
                if let Some(c) = clip {
                    b = [
                        b[0].max(c[0]),
                        b[1].max(c[1]),
                        b[2].min(c[2]),
                        b[3].min(c[3]),
                    ];
                }
                if b[0] < b[2] && b[1] < b[3] {
                    out.push(Ink {
                        text: run.text.clone(),
                        decorative: run.decorative,
                        b,
                    });
                }
            }
            _ => {}
        }
    }
}

/// The letters a face lacks, composed of a letter and the accent of a
/// marked e (as `typesetting::pinyin` draws them), read back.
const COMPOSED: [(&str, char); 8] = [
    ("aě", 'ǎ'),
    ("ıě", 'ǐ'),
    ("üē", 'ǖ'),
    ("üé", 'ǘ'),
    ("üě", 'ǚ'),
    ("üè", 'ǜ'),
    ("nè", 'ǹ'),
    ("mé", 'ḿ'),
];

/// A reading's runs read back as the syllable they draw.
fn syllable(text: &str) -> String {
    let mut t = text.to_string();
    for (drawn, letter) in COMPOSED {
        t = t.replace(drawn, &letter.to_string());
    }
    t
}

/// Text that reads as a reading: pinyin's letters (a composed letter's
/// dotless i included) or Zhuyin's symbols, tones and dot.
fn reading_text(t: &str) -> bool {
    use jungle_print::lang::zhuyin::{is_bopomofo, NEUTRAL_DOT, TONES};
    !t.is_empty()
        && t.chars().all(|c| {
            (c.is_alphabetic() && !is_han(c) && !c.is_uppercase())
                || is_bopomofo(c)
                || TONES.contains(&c)
                || c == NEUTRAL_DOT
        })
}

/// A character and the reading drawn with it.
#[derive(Debug)]
struct Read {
    han: Ink,
    reading: String,
    b: [f64; 4],
    /// Where its runs are in the page's list.
    runs: std::ops::Range<usize>,
}

/// Each character drawn with a reading: a run of one Han character that
/// is not decorative, followed by the decorative runs of its reading.
fn readings(inks: &[Ink]) -> Vec<Read> {
    let mut out = Vec::new();
    for (i, ink) in inks.iter().enumerate() {
        if ink.decorative || ink.text.chars().count() != 1 || !ink.text.chars().all(is_han) {
            continue;
        }
        let end = (i + 1..inks.len())
            .find(|&j| !(inks[j].decorative && reading_text(&inks[j].text)))
            .unwrap_or(inks.len());
        if end == i + 1 {
            continue;
        }
        let runs = &inks[i + 1..end];
        let b = runs
            .iter()
            .fold([f64::MAX, f64::MAX, f64::MIN, f64::MIN], |b, r| {
                [
                    b[0].min(r.b[0]),
                    b[1].min(r.b[1]),
                    b[2].max(r.b[2]),
                    b[3].max(r.b[3]),
                ]
            });
        out.push(Read {
            han: ink.clone(),
            reading: syllable(&runs.iter().map(|r| r.text.as_str()).collect::<String>()),
            b,
            runs: i + 1..end,
        });
    }
    out
}

/// The pages of `lang`'s handout (A4) and posters (A4, Letter, A3, A2) of
/// every preset, each with its name: zh-Hans with pinyin asked for.
fn documents(lang: &str) -> Vec<(String, Vec<Page>, std::sync::Arc<FontBook>)> {
    let mut out = Vec::new();
    for (preset, _) in PRESETS {
        let mut kinds = vec![(Kind::Rules, "a4")];
        for paper in ["a4", "letter", "a3", "a2"] {
            kinds.push((Kind::poster(), paper));
        }
        for (kind, paper) in kinds {
            let what = format!(
                "{lang} {preset} {} {paper}",
                if kind == Kind::Rules {
                    "rules"
                } else {
                    "poster"
                }
            );
            let mut job = Job::new(kind);
            job.inputs.lang = Source::builtin(lang);
            if lang == "zh-Hans" {
                job.inputs.phonetic = Some(Phonetic::Pinyin);
            }
            job.inputs.ruleset = Source::builtin(preset);
            job.paper = Paper::parse(paper).unwrap();
            let made = job.run().unwrap_or_else(|e| panic!("{what}: {e}"));
            out.push((what, made.doc.pages, made.doc.fonts));
        }
    }
    out
}

/// The inked text runs of a page.
fn page_inks(page: &Page, book: &FontBook) -> Vec<Ink> {
    let mut out = Vec::new();
    for (_, layer) in page.layers.iter() {
        inks(layer, Transform::IDENTITY, None, book, &mut out);
    }
    out
}

/// The places where a character's reading is drawn more than once, on
/// `lang`'s handouts and posters: twice at one place, or again as text
/// on its line after it, no other character between them (a name's
/// pinyin beside its character, a table's column of readings); and how
/// many readings there are.
fn repeated(lang: &str) -> (Vec<String>, usize) {
    let mut bad = Vec::new();
    let mut count = 0;
    for (what, pages, book) in documents(lang) {
        for (p, page) in pages.iter().enumerate() {
            let inks = page_inks(page, &book);
            let reads = readings(&inks);
            count += reads.len();
            let mut seen = std::collections::BTreeMap::new();
            for r in &reads {
                let at = (
                    r.han.text.clone(),
                    r.reading.clone(),
                    (r.b[0] * 100.0).round() as i64,
                    (r.b[1] * 100.0).round() as i64,
                );
                *seen.entry(at).or_insert(0) += 1;
                // Text on the character's line, after it with no other
                // character between them (a table's next cell, a name).
                let on_line = |o: &Ink| o.b[1] < r.han.b[3] && o.b[3] > r.han.b[1];
                let again = inks.iter().find(|o| {
                    !o.decorative
                        && syllable(o.text.trim()) == r.reading
                        && on_line(o)
                        && o.b[0] >= r.han.b[2] - 1e-6
                        && !inks.iter().any(|h| {
                            h.text.chars().any(is_han)
                                && on_line(h)
                                && h.b[0] >= r.han.b[2] - 1e-6
                                && h.b[2] <= o.b[0] + 1e-6
                        })
                });
                if again.is_some() {
                    bad.push(format!(
                        "{what}, page {}: {} {} printed over it and again beside it",
                        p + 1,
                        r.han.text,
                        r.reading
                    ));
                }
            }
            for ((han, reading, x, y), n) in seen {
                if n > 1 {
                    bad.push(format!(
                        "{what}, page {}: {han} {reading} drawn {n} times at ({:.2}, {:.2})",
                        p + 1,
                        x as f64 / 100.0,
                        y as f64 / 100.0
                    ));
                }
            }
        }
    }
    (bad, count)
}

#[test]
fn each_pinyin_reading_is_drawn_once() {
    let (bad, count) = repeated("zh-Hans");
    assert!(
        bad.is_empty(),
        "{} repeated:\n{}",
        bad.len(),
        bad.join("\n")
    );
    assert!(count > 1000, "{count} readings");
}

#[test]
fn each_zhuyin_reading_is_drawn_once() {
    let (bad, count) = repeated("zh-Hant");
    assert!(
        bad.is_empty(),
        "{} repeated:\n{}",
        bad.len(),
        bad.join("\n")
    );
    assert!(count > 1000, "{count} readings");
}

/// The readings on `lang`'s handouts and posters whose ink comes nearer
/// than [`CLEAR`] to ink above it (another line's characters or readings,
/// not its own character), with the least gap measured, mm.
fn crowded(lang: &str) -> (Vec<String>, f64) {
    let mut bad = Vec::new();
    let mut least = f64::MAX;
    for (what, pages, book) in documents(lang) {
        for (p, page) in pages.iter().enumerate() {
            let inks = page_inks(page, &book);
            for r in readings(&inks) {
                let mid = (r.b[1] + r.b[3]) / 2.0;
                for (j, o) in inks.iter().enumerate() {
                    let own = r.runs.contains(&j) || r.runs.start == j + 1;
                    let above = (o.b[1] + o.b[3]) / 2.0 < mid && o.b[1] < r.b[1];
                    let over = o.b[0] < r.b[2] - 1e-6 && o.b[2] > r.b[0] + 1e-6;
                    if own || !above || !over {
                        continue;
                    }
                    let gap = r.b[1] - o.b[3];
                    least = least.min(gap);
                    if gap < CLEAR {
                        bad.push(format!(
                            "{what}, page {}: {} {} at ({:.1}, {:.1}) is {gap:.2} mm under `{}`",
                            p + 1,
                            r.han.text,
                            r.reading,
                            r.b[0],
                            r.b[1],
                            o.text
                        ));
                    }
                }
            }
        }
    }
    (bad, least)
}

#[test]
fn pinyin_stands_clear_of_the_line_above() {
    let (bad, least) = crowded("zh-Hans");
    assert!(bad.is_empty(), "{} crowded:\n{}", bad.len(), bad.join("\n"));
    eprintln!("zh-Hans: the least gap above a reading is {least:.2} mm");
}

#[test]
fn zhuyin_stands_clear_of_the_line_above() {
    let (bad, least) = crowded("zh-Hant");
    assert!(bad.is_empty(), "{} crowded:\n{}", bad.len(), bad.join("\n"));
    eprintln!("zh-Hant: the least gap above a reading is {least:.2} mm");
}

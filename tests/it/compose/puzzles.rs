//! Puzzle sheets: the pages of puzzles, then their solutions on sheets of
//! their own, in every language; squares of 7 mm or more, the key under
//! the title, each solution with its reasons; the same seed gives the same
//! file.

use jungle_print::compose::products::puzzles::{
    answer, per_page, puzzle_pages, puzzles, question, reasons, square_size, PuzzleOptions,
    MIN_SQUARE,
};
use jungle_print::job::{Job, Kind};
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::play::puzzles::Difficulty;
use jungle_print::play::rules::Ruleset;
use jungle_print::render::pdf;
use jungle_print::resolve::Resources;
use jungle_print::scene::{text_runs, Page};

fn res(lang: &str, preset: &str) -> Resources {
    Resources::new(
        Default::default(),
        Lang::builtin(lang).unwrap(),
        Ruleset::builtin(preset).unwrap(),
    )
    .unwrap()
}

/// A page's text, runs joined without spaces, its readings (decorative
/// runs) left out.
fn text(page: &Page) -> String {
    page.layers
        .iter()
        .flat_map(|(_, items)| text_runs(items))
        .filter(|r| !r.decorative)
        .map(|r| r.text.as_str())
        .collect()
}

#[test]
fn the_puzzles_come_first_and_their_solutions_on_sheets_of_their_own() {
    for lang in ["en", "fr", "zh-Hant", "zh-Hans"] {
        let r = res(lang, "standard");
        let w = r.lang.puzzles.clone().unwrap();
        let squash = |s: &str| s.replace(' ', "");
        // Six to an A4 page: an odd number of pages of puzzles gets a back
        // page saying where the solutions are.
        assert_eq!(
            per_page(&r, Paper::A4, &PuzzleOptions::default()).unwrap(),
            6
        );
        for (count, puzzle_pages_n, back) in [(6, 1, true), (12, 2, false), (13, 3, true)] {
            for d in Difficulty::ALL {
                let opts = PuzzleOptions {
                    count,
                    difficulty: d,
                    ..PuzzleOptions::default()
                };
                let made = puzzles(&r, &opts).unwrap();
                assert_eq!(made.len(), count, "{lang} {d:?}");
                let sheet = puzzle_pages(&r, Paper::A4, &opts).unwrap();
                let extra = usize::from(back);
                assert_eq!(
                    sheet.len(),
                    2 * puzzle_pages_n + extra,
                    "{lang} {count} {d:?}"
                );
                let solutions_from = puzzle_pages_n + extra;
                if back {
                    let t = text(&sheet[puzzle_pages_n]);
                    assert!(squash(&t).contains(&squash(&w.back)), "{lang}: {t}");
                }
                for (i, page) in sheet.iter().enumerate() {
                    if back && i == puzzle_pages_n {
                        continue;
                    }
                    let t = text(page);
                    let solved = i >= solutions_from;
                    assert!(squash(&t).contains(&squash(&w.title)), "{lang} page {i}");
                    assert_eq!(t.contains(&w.solutions), solved, "{lang} page {i}: {t}");
                    let first = if solved { i - solutions_from } else { i };
                    for p in made.iter().skip(first * 6).take(6) {
                        let mut said = vec![if solved {
                            answer(&r, &w, p)
                        } else {
                            question(&r, &w, p.kind)
                        }];
                        if solved {
                            said.extend(reasons(&r, &w, p));
                        }
                        for words in said {
                            // The words may be broken over lines.
                            let first = words.split_whitespace().next().unwrap();
                            assert!(
                                squash(&t).contains(&squash(first)),
                                "{lang} page {i}: `{words}` in {t}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn boards_are_large_and_the_key_explains_them() {
    for lang in ["en", "fr", "zh-Hant", "zh-Hans"] {
        let r = res(lang, "standard");
        let w = r.lang.puzzles.clone().unwrap();
        for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
            let q = square_size(&r, paper, &PuzzleOptions::default()).unwrap();
            assert!(q >= MIN_SQUARE, "{lang}: {q} mm squares");
        }
        let t = text(&puzzle_pages(&r, Paper::A4, &PuzzleOptions::default()).unwrap()[0]);
        // The coordinates explained and every rank in the key.
        let coords: String = w.coordinates.chars().take(6).collect();
        assert!(t.contains(&coords), "{lang}: {t}");
        for a in r.rules.animals() {
            let han = &r.animal(a).han;
            let rank = r.rules.rank(a).to_string();
            assert!(
                t.contains(han.as_str()) && t.contains(&rank),
                "{lang}: {a:?}"
            );
        }
    }
}

#[test]
fn a_pack_without_puzzle_words_is_refused_by_name() {
    let mut r = res("en", "standard");
    r.lang.puzzles = None;
    let e = puzzle_pages(&r, Paper::A4, &PuzzleOptions::default()).unwrap_err();
    assert!(e.to_string().contains("[puzzles]"), "{e}");
}

#[test]
fn the_same_seed_writes_the_same_file() {
    let pdf_of = |seed| {
        let job = Job::new(Kind::Puzzles(PuzzleOptions {
            seed,
            difficulty: Difficulty::Medium,
            ..PuzzleOptions::default()
        }));
        let made = job.run().unwrap();
        pdf::render(&made.doc, &pdf::PdfOptions::default()).unwrap()
    };
    assert_eq!(pdf_of(5), pdf_of(5));
    assert_ne!(pdf_of(5), pdf_of(6));
}

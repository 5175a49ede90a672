//! Puzzle sheets: each page of puzzles followed by the page of their
//! solutions, in every language; the same seed gives the same file.

use jungle_print::compose::products::puzzles::{
    answer, puzzle_pages, puzzles, question, PuzzleOptions,
};
use jungle_print::job::{Job, Kind, PuzzleJob};
use jungle_print::lang::Lang;
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

/// A page's text, runs joined without spaces.
fn text(page: &Page) -> String {
    page.layers
        .iter()
        .flat_map(|(_, items)| text_runs(items))
        .map(|r| r.text.as_str())
        .collect()
}

#[test]
fn each_page_of_puzzles_is_followed_by_its_solutions() {
    for lang in ["en", "fr", "zh-Hant", "zh-Hans"] {
        let r = res(lang, "standard");
        let w = r.lang.puzzles.clone().unwrap();
        for (count, pages) in [(12, 2), (13, 4), (24, 4)] {
            for d in Difficulty::ALL {
                let opts = PuzzleOptions {
                    count,
                    difficulty: d,
                    ..PuzzleOptions::default()
                };
                let made = puzzles(&r, &opts).unwrap();
                assert_eq!(made.len(), count, "{lang} {d:?}");
                let sheet = puzzle_pages(&r, &opts).unwrap();
                assert_eq!(sheet.len(), pages, "{lang} {count} {d:?}");
                for (i, page) in sheet.iter().enumerate() {
                    let t = text(page);
                    let squash = |s: &str| s.replace(' ', "");
                    assert!(squash(&t).contains(&squash(&w.title)), "{lang} page {i}");
                    assert_eq!(t.contains(&w.solutions), i % 2 == 1, "{lang} page {i}: {t}");
                    // Puzzles 12 to a page; the solutions page answers them.
                    for p in made.iter().skip(i / 2 * 12).take(12) {
                        let words = if i % 2 == 0 {
                            question(&r, &w, p.kind)
                        } else {
                            answer(&r, &w, p)
                        };
                        // The words may be broken over two lines.
                        let first = words.split_whitespace().next().unwrap();
                        assert!(t.contains(first), "{lang} page {i}: `{words}` in {t}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_pack_without_puzzle_words_is_refused_by_name() {
    let mut r = res("en", "standard");
    r.lang.puzzles = None;
    let e = puzzle_pages(&r, &PuzzleOptions::default()).unwrap_err();
    assert!(e.to_string().contains("[puzzles]"), "{e}");
}

#[test]
fn the_same_seed_writes_the_same_file() {
    let pdf_of = |seed| {
        let job = Job::new(Kind::Puzzles(PuzzleJob {
            seed,
            difficulty: Difficulty::Medium,
            ..PuzzleJob::default()
        }));
        let made = job.run().unwrap();
        pdf::render(&made.doc, &pdf::PdfOptions::default()).unwrap()
    };
    assert_eq!(pdf_of(5), pdf_of(5));
    assert_ne!(pdf_of(5), pdf_of(6));
}

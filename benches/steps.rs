//! The library's steps, timed: resolve, compose, render PDF, render SVG, for
//! the whole default set (A4, classic theme, fold-over counters, cover, box) in
//! English and in Traditional Chinese.
//!
//! ```sh
//! cargo bench --bench steps            # 15 runs per step
//! cargo bench --bench steps -- 50      # 50 runs per step
//! ```
//!
//! A plain `harness = false` program: each step runs once to warm up, then N
//! times; the table gives the median and the fastest run. (criterion or divan
//! would add a dozen crates to every test build for a table this simple.)

use std::hint::black_box;
use std::time::{Duration, Instant};

use jungle_print::compose::products::set::{set_pages, SetOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::Ruleset;
use jungle_print::render::{pdf, svg};
use jungle_print::resolve::Resources;
use jungle_print::theme::Theme;

/// Runs `f` once to warm up, then `n` times; the median and the fastest run.
fn time<T>(n: usize, mut f: impl FnMut() -> T) -> (Duration, Duration) {
    black_box(f());
    let mut runs: Vec<Duration> = (0..n)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .collect();
    runs.sort();
    (runs[n / 2], runs[0])
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

fn main() {
    // `cargo bench` passes `--bench`; a bare number sets the runs per step.
    let n = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .unwrap_or(15)
        .max(1);
    let paper = Paper::parse("a4").expect("a4 is a paper");
    println!("{n} runs per step, times in ms\n");
    println!(
        "{:<8} {:<12} {:>10} {:>10} {:>6}",
        "lang", "step", "median", "fastest", "pages"
    );
    for code in ["en", "zh-Hant"] {
        let resources = || {
            let lang = Lang::builtin(code).expect("a bundled language");
            Resources::new(Theme::default(), lang, Ruleset::default()).expect("the default set")
        };
        let res = resources();
        let opts = SetOptions::default();
        let (pages, _) =
            set_pages(&res, &Sheet::new(paper), &opts).expect("the default set composes");
        let doc = jungle_print::document("Jungle", pages, &res);
        let count = doc.pages.len();
        let svg_opts = svg::SvgOptions { live_text: false };
        let rows = [
            ("resolve", time(n, resources)),
            (
                "compose",
                time(n, || set_pages(&res, &Sheet::new(paper), &opts)),
            ),
            (
                "render PDF",
                time(n, || pdf::render(&doc, &pdf::PdfOptions::default())),
            ),
            (
                "render SVG",
                time(n, || {
                    (0..count)
                        .map(|i| svg::render(&doc, i, &svg_opts).len())
                        .sum::<usize>()
                }),
            ),
        ];
        for (step, (median, fastest)) in rows {
            println!(
                "{code:<8} {step:<12} {:>10} {:>10} {count:>6}",
                ms(median),
                ms(fastest)
            );
        }
    }
}

//! Hostile inputs, timed: the slowest files the hostile tests feed the
//! command line (tests/it/hostile.rs), each run as a user would run it, with
//! the time it took against its budget of 5 s. The tests check what each
//! run does (refused, exit 2, the message) and bound it by CPU time
//! (`ulimit -t`); how long it takes on the wall clock is measured here, not
//! asserted there. Exit status 1 when a run is over its budget.
//!
//! ```sh
//! cargo bench --bench hostile
//! ```

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use jungle_print::limits::MAX_GRADIENT_STOPS;

const BIN: &str = env!("CARGO_BIN_EXE_jungle-print");
/// Each run's budget, in seconds.
const BUDGET: f64 = 5.0;

/// A theme drawing the rat with `svg`, written into `dir` as `icons.toml`.
fn icon_theme(dir: &Path, svg: &str) {
    std::fs::write(dir.join("icon.svg"), svg).unwrap();
    std::fs::write(
        dir.join("icons.toml"),
        "[board]\nicons = true\n[icons]\nrat = \"icon.svg\"\n",
    )
    .unwrap();
}

/// An SVG drawing with style sheet `style` and elements `body`.
fn svg(style: &str, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><style>{style}</style>{body}<rect width=\"5\" height=\"5\"/></svg>"
    )
}

/// Runs the program with `args` in `dir`: its exit code and seconds taken.
fn timed(dir: &Path, args: &[&str]) -> (i32, f64) {
    let start = Instant::now();
    let out = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the program runs");
    (
        out.status.code().unwrap_or(-1),
        start.elapsed().as_secs_f64(),
    )
}

fn main() {
    let dir = std::env::temp_dir().join(format!("jungle-hostile-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let selectors: String = (0..1_999)
        .map(|i| format!(".a{i}"))
        .collect::<Vec<_>>()
        .join(",");
    let rules: String = "g{stroke-width:0}".repeat(2_000);
    let stops = |n: usize| {
        format!(
            "<defs><linearGradient id=\"s\">{}</linearGradient></defs><rect width=\"1\" height=\"1\" fill=\"url(#s)\"/>",
            "<stop offset=\"0.5\" stop-color=\"red\"/>".repeat(n)
        )
    };
    let board = ["board", "--theme", "icons.toml", "-o", "out.pdf"];
    let mut runs: Vec<(String, i32, f64)> = Vec::new();
    for (what, icon) in [
        (
            "icon: 1,999 selectors × 100,000 declarations",
            svg(
                &format!("{selectors}{{{}}}", "fill:red;".repeat(100_000)),
                "",
            ),
        ),
        (
            "icon: 8,000 stops and 2,000 rules",
            svg(&rules, &stops(8_000)),
        ),
        (
            "icon: gradient stops at their limit",
            svg("", &stops(MAX_GRADIENT_STOPS)),
        ),
    ] {
        icon_theme(&dir, &icon);
        let (code, took) = timed(&dir, &board);
        runs.push((what.to_string(), code, took));
    }
    // A language pack whose sentence repeats a 1,999-character name 399 times.
    let en = jungle_print::lang::BUILTIN[0].1;
    let pack = en
        .replace(
            "rat = { name = \"Rat\"",
            &format!("rat = {{ name = \"{}\"", "R".repeat(1999)),
        )
        .replace(
            "rat_elephant = \"{The rat}, the weakest animal, may capture {the elephant}, the strongest.\"",
            &format!("rat_elephant = \"{}\"", "{rat}".repeat(399)),
        );
    std::fs::write(dir.join("bomb.toml"), pack).unwrap();
    let (code, took) = timed(&dir, &["rules", "--lang-file", "bomb.toml", "-o", "r.pdf"]);
    runs.push(("language pack: a long name 399 times".into(), code, took));
    let _ = std::fs::remove_dir_all(&dir);

    println!("{:<48} {:>5} {:>8}", "hostile input", "exit", "seconds");
    let mut over = 0;
    for (what, code, took) in &runs {
        let mark = if *took > BUDGET {
            "  over the budget"
        } else {
            ""
        };
        over += usize::from(*took > BUDGET);
        println!("{what:<48} {code:>5} {took:>8.2}{mark}");
    }
    println!("budget: {BUDGET} s a run");
    if over > 0 {
        std::process::exit(1);
    }
}

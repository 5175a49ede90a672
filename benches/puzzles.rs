//! Puzzle sheets, timed: for every preset and difficulty, the time to make
//! a sheet of twelve puzzles (search included) over several seeds, how many
//! were found, and whether each is proven (its answer right and the only one).
//!
//! Then the worst sheets allowed: 48 hard puzzles under user rulesets where
//! puzzles are rare or some kind impossible, with the positions searched
//! (the budget is `MAX_PUZZLE_NODES`) and the CPU time taken.
//!
//! ```sh
//! cargo bench --bench puzzles            # seeds 1 to 10
//! cargo bench --bench puzzles -- 50      # seeds 1 to 50
//! ```

use std::time::Instant;

use jungle_print::limits::MAX_PUZZLE_NODES;
use jungle_print::play::puzzles::{make, make_sheet, Difficulty};
use jungle_print::play::rules::{Ruleset, BUILTIN};
use jungle_print::play::Rules;

fn main() {
    let seeds = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<u64>().ok())
        .unwrap_or(10)
        .max(1);
    println!("12 puzzles a sheet, seeds 1 to {seeds}; times in ms\n");
    println!(
        "{:<10} {:<8} {:>8} {:>8} {:>8} {:>8}",
        "preset", "level", "median", "slowest", "fewest", "proven"
    );
    for (preset, _) in BUILTIN {
        let rules = Rules::new(&Ruleset::builtin(preset).expect("a built-in preset"));
        for d in Difficulty::ALL {
            let mut times = Vec::new();
            let (mut fewest, mut proven) = (usize::MAX, true);
            for seed in 1..=seeds {
                let t = Instant::now();
                let sheet = make(&rules, d, 12, seed);
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                fewest = fewest.min(sheet.len());
                proven &= sheet.iter().all(|p| p.proven(&rules));
            }
            times.sort_by(f64::total_cmp);
            println!(
                "{:<10} {:<8} {:>8.1} {:>8.1} {:>8} {:>8}",
                preset,
                d.name(),
                times[times.len() / 2],
                times[times.len() - 1],
                fewest,
                if proven { "yes" } else { "NO" }
            );
        }
    }
    println!("\nworst sheets allowed: 48 puzzles under user rulesets (budget {MAX_PUZZLE_NODES} positions)\n");
    println!(
        "{:<44} {:<7} {:>6} {:>12} {:>8}",
        "ruleset (standard, but)", "level", "made", "positions", "CPU ms"
    );
    let standard = BUILTIN
        .iter()
        .find(|(n, _)| *n == "standard")
        .expect("standard")
        .1;
    let edits: [(&str, &[(&str, &str)]); 4] = [
        (
            "rat 2, trap_max_rank 1",
            &[
                ("rat = 1", "rat = 2"),
                ("trap_max_rank = 8 ", "trap_max_rank = 1 "),
            ],
        ),
        (
            "trap_max_rank 1",
            &[("trap_max_rank = 8 ", "trap_max_rank = 1 ")],
        ),
        (
            "rat 2, trap_max_rank 1, den only",
            &[
                ("rat = 1", "rat = 2"),
                ("trap_max_rank = 8 ", "trap_max_rank = 1 "),
                ("capture_all = true", "capture_all = false"),
                ("no_moves = true", "no_moves = false"),
            ],
        ),
        (
            "trap_max_rank 1, den only, no repetition",
            &[
                ("trap_max_rank = 8 ", "trap_max_rank = 1 "),
                ("capture_all = true", "capture_all = false"),
                ("no_moves = true", "no_moves = false"),
            ],
        ),
    ];
    for (name, edit) in edits {
        let src = edit
            .iter()
            .fold(standard.to_string(), |s, (a, b)| s.replacen(a, b, 1));
        let rules = Rules::new(&Ruleset::parse(&src, name).expect("a valid ruleset"));
        for d in Difficulty::ALL {
            let (n0, t) = (rules.searched(), cpu_seconds());
            let sheet = make_sheet(&rules, d, 48, 1);
            println!(
                "{:<44} {:<7} {:>6} {:>12} {:>8.0}",
                name,
                d.name(),
                sheet.puzzles.len(),
                rules.searched() - n0,
                (cpu_seconds() - t) * 1000.0
            );
        }
    }
}

/// CPU time this process has used, in seconds: what the budgets are about
/// (the wall clock of a shared machine is not).
fn cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

//! Puzzle sheets, timed: for every preset and difficulty, the time to make
//! a sheet of twelve puzzles (search included) over several seeds, how many
//! were found, and whether each is proven (its answer right and the only one).
//!
//! ```sh
//! cargo bench --bench puzzles            # seeds 1 to 10
//! cargo bench --bench puzzles -- 50      # seeds 1 to 50
//! ```

use std::time::Instant;

use jungle_print::play::puzzles::{make, Difficulty};
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
}

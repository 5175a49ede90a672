//! The command line's side of the option checks (the checks themselves are
//! the library's: `job`): values the command line parses itself, and one
//! typed error per kind mapped to its flag. Each exits 2, names the flag in a
//! short message and writes nothing.

use crate::common;

use common::run_cli;

fn run(args: &[&str]) -> (i32, String, bool) {
    let mut all = args.to_vec();
    all.extend(["-o", "out.pdf"]);
    let (code, _, err, wrote) = run_cli(&all);
    (code, err, wrote)
}

#[test]
fn bad_values_name_their_flag_and_write_nothing() {
    for (args, option) in [
        // Parsed by the command line.
        (&["board", "--tile", "10x10"][..], "--tile"),
        (&["board", "--tile", "nan"], "--tile"),
        (&["box", "--copies", "99999999999"], "--copies"),
        // Typed library errors, mapped to their flags.
        (&["board", "--tile", "a4", "--square", "1e9"], "--square"),
        (&["box", "--card", "NaN"], "--card"),
        (&["box", "--size", "1e9"], "--size"),
        (&["box", "--bleed", "9"], "--bleed"),
        // The page margin: not a number, negative, past its range, on every command.
        (&["board", "--margin", "nan"], "--margin"),
        (&["set", "--margin", "inf"], "--margin"),
        (&["rules", "--margin", "-1"], "--margin"),
        (&["counters", "--margin", "1e9"], "--margin"),
        (&["box", "--margin", "50.5"], "--margin"),
        (&["puzzles", "--margin", "-0.5"], "--margin"),
        (&["board", "--margin", "ten"], "--margin"),
        (&["box", "--size", "150", "--paper", "a5"], "--paper"),
        // A tiled poster: sheets that hold it whole, that are no paper, or
        // too small for it; tiles without the poster.
        (
            &["rules", "--poster", "--paper", "a3", "--tile", "a2"],
            "--tile",
        ),
        (
            &["rules", "--poster", "--paper", "a3", "--tile", "a3"],
            "--tile",
        ),
        (
            &["rules", "--poster", "--paper", "a3", "--tile", "420x297"],
            "--tile",
        ),
        (
            &["rules", "--poster", "--paper", "a2", "--tile", "nan"],
            "--tile",
        ),
        (
            &["rules", "--poster", "--paper", "a2", "--tile", "infxinf"],
            "--tile",
        ),
        (
            &["rules", "--poster", "--paper", "a2", "--tile=-1x5"],
            "--tile",
        ),
        (
            &["rules", "--poster", "--paper", "a2", "--tile", "10x10"],
            "--tile",
        ),
        (
            &["rules", "--poster", "--paper", "a2", "--tile", "50x50"],
            "--tile",
        ),
        (&["rules", "--paper", "a2", "--tile", "a4"], "--tile"),
        // The set's poster paper: no paper, too small for the poster, too
        // large to tile over the set's paper; a laser makes no set.
        (&["set", "--poster-paper", "a7"], "--poster-paper"),
        (&["set", "--poster-paper", "nan"], "--poster-paper"),
        (&["set", "--poster-paper=-1x5"], "--poster-paper"),
        (&["set", "--poster-paper", "60x80"], "--poster-paper"),
        (
            &["set", "--paper", "a5", "--poster-paper", "2000x2000"],
            "--poster-paper",
        ),
        (&["set", "--poster-paper", "a2", "--for", "laser"], "--for"),
    ] {
        let (code, err, wrote) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(option), "{args:?} should name {option}: {err}");
        assert!(err.len() < 400, "{args:?}: a short message, not {err}");
        assert!(!wrote, "{args:?} wrote a file");
    }
}

//! The options added for tiling, the set and the box, attacked: each bad value
//! exits 2, names the option and writes nothing.

use crate::common;

use common::run_cli;

fn run(args: &[&str]) -> (i32, String, bool) {
    let mut all = args.to_vec();
    all.extend(["-o", "out.pdf"]);
    let (code, _, err, wrote) = run_cli(&all);
    (code, err, wrote)
}

#[test]
fn bad_values_name_their_option_and_write_nothing() {
    for (args, option) in [
        (&["board", "--tile", "10x10"][..], "--tile"),
        (&["board", "--tile", "nan"], "--tile"),
        (&["board", "--tile", "a4", "--square", "1e9"], "--square"),
        (&["board", "--square", "500"], "--square"),
        (&["set", "--square", "1e300"], "--square"),
        (&["set", "--square", "-3"], "--square"),
        (&["box", "--card", "0"], "--card"),
        (&["box", "--card", "NaN"], "--card"),
        (&["box", "--size", "1e9"], "--size"),
        (&["box", "--copies", "0"], "--copies"),
        (&["box", "--copies", "99999999999"], "--copies"),
        (&["box", "--bleed", "9"], "--bleed"),
        (&["box", "--size", "150", "--paper", "a5"], "--paper"),
        (&["board", "--bleed", "-1"], "--bleed"),
    ] {
        let (code, err, wrote) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(option), "{args:?} should name {option}: {err}");
        assert!(err.len() < 400, "{args:?}: a short message, not {err}");
        assert!(!wrote, "{args:?} wrote a file");
    }
}

#[test]
fn a_floor_board_set_gets_the_largest_counters_that_fit() {
    let (code, err, wrote) = run(&["set", "--square", "200"]);
    assert_eq!(code, 0, "{err}");
    assert!(wrote);
}

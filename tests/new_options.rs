//! The options added for tiling, the set and the box, attacked: each bad value
//! exits 2, names the option and writes nothing.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, bool) {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "jp-newopts-{}-{n}-{}",
        std::process::id(),
        args.join("_").replace(['/', ' '], "")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        .args(args)
        .args(["-o", "out.pdf"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let wrote = dir.join("out.pdf").exists();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        wrote,
    )
}

#[test]
fn bad_values_name_their_option_and_write_nothing() {
    for (args, option) in [
        (&["board", "--tile", "10x10"][..], "--tile"),
        (&["board", "--tile", "nan"], "--tile"),
        (&["board", "--tile", "a4", "--square", "1e9"], "--tile"),
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

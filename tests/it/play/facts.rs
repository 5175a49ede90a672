//! The facts the rule sentences of the handouts and posters state (and the
//! choices `jungle_print::play::moves` makes where the sources are silent),
//! each checked on a small position under the presets that print it.

use jungle_print::game::Side;
use jungle_print::play::rules::Ruleset;
use jungle_print::play::{Game, Move, Outcome, Position, Rules, WinBy};

use super::rules;

/// Whether `mv` is legal in `fen` under preset `name`.
fn legal(name: &str, fen: &str, mv: &str) -> bool {
    let game = Game::new(rules(name), Position::parse(fen).unwrap());
    game.legal_moves().contains(&Move::parse(mv).unwrap())
}

/// Asserts `mv` is legal (or not) under each preset listed.
fn check(fen: &str, mv: &str, cases: &[(&str, bool)]) {
    for (name, want) in cases {
        assert_eq!(legal(name, fen, mv), *want, "{name}: {mv} in {fen}");
    }
}

const ALL: [&str; 4] = ["standard", "bell", "fox", "checkers"];

fn every(want: bool) -> Vec<(&'static str, bool)> {
    ALL.iter().map(|n| (*n, want)).collect()
}

#[test]
fn moving_one_square_never_diagonally_never_onto_a_friend() {
    let fen = "7/7/7/7/7/7/1W5/1D5/7 s";
    check(fen, "b2-c2", &every(true));
    check(fen, "b2-c3", &every(false));
    check(fen, "b2-b3", &every(false));
    check(fen, "b2-b4", &every(false));
}

#[test]
fn capture_the_same_or_a_lower_rank() {
    // South's dog (3 standard, 4 in Bell's and the fox rules) and North's wolf or fox.
    let fen = "7/7/7/7/7/7/w6/D6/7 s";
    check(
        fen,
        "a2-a3",
        &[("standard", false), ("bell", true), ("fox", true)],
    );
    check("7/7/7/7/7/7/d6/D6/7 s", "a2-a3", &every(true));
}

#[test]
fn the_rat_and_the_elephant() {
    // The rat takes the elephant on land in every preset.
    check("7/7/7/7/7/7/e6/R6/7 s", "a2-a3", &every(true));
    // The elephant takes the rat only in Bell's rules ...
    check(
        "7/7/7/7/7/7/r6/E6/7 s",
        "a2-a3",
        &[
            ("standard", false),
            ("bell", true),
            ("fox", false),
            ("checkers", false),
        ],
    );
    // ... or where the rat stands in one of the elephant's traps (c1).
    check(
        "7/7/7/7/7/7/7/2E4/2r4 s",
        "c2-c1",
        &[
            ("standard", true),
            ("bell", true),
            ("fox", true),
            ("checkers", false),
        ],
    );
}

#[test]
fn the_river_swimmers_and_the_water() {
    // Only swimmers enter the water (the dog in the fox rules too); in
    // Animal Checkers there is no water.
    check("7/7/7/7/7/7/1R5/7/7 s", "b3-b4", &every(true));
    check(
        "7/7/7/7/7/7/1D5/7/7 s",
        "b3-b4",
        &[
            ("standard", false),
            ("bell", false),
            ("fox", true),
            ("checkers", true),
        ],
    );
    // An animal in the water is captured only from the water.
    let safe = "7/7/7/7/7/1r5/1R5/7/7 s";
    check(
        safe,
        "b3-b4",
        &[("standard", false), ("bell", false), ("fox", false)],
    );
    check("7/7/7/7/1r5/1R5/7/7/7 s", "b4-b5", &every(true));
    // Climbing out of the water: no capture (standard, fox); in Bell's
    // rules the rat may capture the rat but not the elephant.
    check(
        "7/7/7/7/7/1r5/1R5/7/7 n",
        "b4-b3",
        &[
            ("standard", false),
            ("bell", true),
            ("fox", false),
            ("checkers", true),
        ],
    );
    check(
        "7/7/7/7/7/1r5/1E5/7/7 n",
        "b4-b3",
        &[
            ("standard", false),
            ("bell", false),
            ("fox", false),
            ("checkers", true),
        ],
    );
}

#[test]
fn leaps_land_and_capture_and_are_blocked_by_swimmers() {
    // The lion on a5 leaps sideways to d5 and captures the wolf there.
    let fen = "7/7/7/7/L2w3/7/7/7/7 s";
    check(
        fen,
        "a5-d5",
        &[
            ("standard", true),
            ("bell", true),
            ("fox", false),
            ("checkers", false),
        ],
    );
    // ... but not the elephant, stronger than the lion.
    check("7/7/7/7/L2e3/7/7/7/7 s", "a5-d5", &every(false));
    // Lengthwise: the lion on b3 over b4–b6 to b7, capturing the cat.
    check(
        "7/7/1c5/7/7/7/1L5/7/7 s",
        "b3-b7",
        &[
            ("standard", true),
            ("bell", true),
            ("fox", true),
            ("checkers", false),
        ],
    );
    // A swimmer in the way blocks it: a rat of either side, and the fox
    // rules' swimming dog.
    check("7/7/7/7/Lr1w3/7/7/7/7 s", "a5-d5", &every(false));
    check("7/7/7/7/L1R1w2/7/7/7/7 s", "a5-d5", &every(false));
    check("7/7/1c5/1d5/7/7/1L5/7/7 s", "b3-b7", &[("fox", false)]);
    // The tiger leaps both ways in every preset with a river; the leopard
    // only sideways, and only in the fox rules.
    check(
        "7/7/7/7/T6/7/7/7/7 s",
        "a5-d5",
        &[("standard", true), ("bell", true), ("fox", true)],
    );
    check(
        "7/7/7/7/7/7/1T5/7/7 s",
        "b3-b7",
        &[("standard", true), ("bell", true), ("fox", true)],
    );
    check(
        "7/7/7/7/P6/7/7/7/7 s",
        "a5-d5",
        &[("standard", false), ("bell", false), ("fox", true)],
    );
    check("7/7/7/7/7/7/1P5/7/7 s", "b3-b7", &[("fox", false)]);
}

#[test]
fn traps_weaken_enemies_only() {
    // North's lion in South's trap d2: South's rat on c2 captures it.
    check(
        "7/7/7/7/7/7/7/2Rl3/7 s",
        "c2-d2",
        &[("standard", true), ("bell", true), ("fox", true)],
    );
    // In Animal Checkers the trap is land: no capture.
    check("7/7/7/7/7/7/7/2Rl3/7 s", "c2-d2", &[("checkers", false)]);
    // South's lion in its own trap keeps its strength.
    check("7/7/7/7/7/7/7/2rL3/7 n", "c2-d2", &every(false));
}

#[test]
fn dens() {
    // Never into your own den.
    check("7/7/7/7/7/7/7/7/2R4 s", "c1-d1", &every(false));
    // Into the enemy den: the game is won.
    for name in ALL {
        let mut g = Game::new(
            rules(name),
            Position::parse("2R4/7/7/7/7/7/7/7/6r s").unwrap(),
        );
        g.play(Move::parse("c9-d9").unwrap()).unwrap();
        assert_eq!(g.outcome(), Outcome::Won(Side::South, WinBy::Den), "{name}");
        assert!(g.legal_moves().is_empty());
    }
}

#[test]
fn a_repeated_position_is_banned_where_the_rules_say_so() {
    for (name, banned) in [
        ("standard", true),
        ("bell", false),
        ("fox", true),
        ("checkers", false),
    ] {
        let mut g = Game::new(
            rules(name),
            Position::parse("6r/7/7/7/7/7/7/7/R6 s").unwrap(),
        );
        for m in ["a1-a2", "g9-g8", "a2-a1"] {
            g.play(Move::parse(m).unwrap()).unwrap();
        }
        let back = Move::parse("g8-g9").unwrap();
        assert_eq!(!g.legal_moves().contains(&back), banned, "{name}");
    }
}

#[test]
fn every_chase_ends() {
    // Two animals chasing each other round the board: rat a1 and rat g9 step
    // out and back. Where repeats are allowed, the position's third coming
    // ends the game in a draw (both such presets say so); under the ban the
    // mover runs out of moves sooner or later and loses.
    let shuttle = ["a1-a2", "g9-g8", "a2-a1", "g8-g9"];
    for (name, ends) in [("bell", Outcome::Draw), ("checkers", Outcome::Draw)] {
        let mut g = Game::new(
            rules(name),
            Position::parse("6r/7/7/7/7/7/7/7/R6 s").unwrap(),
        );
        for m in shuttle.iter().chain(&shuttle) {
            assert_eq!(g.outcome(), Outcome::Playing, "{name} before {m}");
            g.play(Move::parse(m).unwrap()).unwrap();
        }
        // The start position, a third time.
        assert_eq!(g.times_seen(), 3, "{name}");
        assert_eq!(g.outcome(), ends, "{name}");
        assert!(g.legal_moves().is_empty(), "{name}");
        assert!(g.play(Move::parse("a1-a2").unwrap()).is_err());
    }
    // The other reading, the repeater loses: the third coming is brought by
    // North's g8-g9, so South wins.
    let mut loss = Ruleset::builtin("bell").unwrap();
    loss.win.third_repetition = jungle_print::play::rules::ThirdRepetition::Loss;
    let mut g = Game::new(
        Rules::new(&loss),
        Position::parse("6r/7/7/7/7/7/7/7/R6 s").unwrap(),
    );
    for m in shuttle.iter().chain(&shuttle) {
        g.play(Move::parse(m).unwrap()).unwrap();
    }
    assert_eq!(g.outcome(), Outcome::Won(Side::South, WinBy::Repetition));
    // Under the ban a move that would bring back a position is no move. South's
    // cat walks a1-b1-c1 while North's rat steps g9-g8-g9; on c1 (the lion
    // on a3, the tiger on b3 and the leopard on c2 hem it in, its own den
    // d1 is closed to it) its one step, back to b1, would bring back the
    // position after its first move: it cannot move, and loses.
    for name in ["standard", "fox"] {
        let mut g = Game::new(
            rules(name),
            Position::parse("6r/7/7/7/7/7/lt5/2p4/C6 s").unwrap(),
        );
        for m in ["a1-b1", "g9-g8", "b1-c1", "g8-g9"] {
            g.play(Move::parse(m).unwrap()).unwrap();
        }
        let back = Move::parse("c1-b1").unwrap();
        assert_eq!(g.rules().moves(g.position()), vec![back], "{name}");
        assert!(g.legal_moves().is_empty(), "{name}");
        assert_eq!(
            g.outcome(),
            Outcome::Won(Side::North, WinBy::NoMoves),
            "{name}"
        );
    }
}

#[test]
fn winning_by_capture_or_when_the_other_side_cannot_move() {
    // South's rat takes North's last animal.
    for (name, by) in [
        ("standard", WinBy::CaptureAll),
        ("bell", WinBy::NoMoves),
        ("fox", WinBy::CaptureAll),
        ("checkers", WinBy::CaptureAll),
    ] {
        let mut g = Game::new(
            rules(name),
            Position::parse("7/7/7/7/7/7/e6/R6/7 s").unwrap(),
        );
        g.play(Move::parse("a2-a3").unwrap()).unwrap();
        assert_eq!(g.outcome(), Outcome::Won(Side::South, by), "{name}");
    }
    // North's rat, cornered on a9 by South's dog (b9) and cat (a8), cannot move: it loses.
    for name in ALL {
        let g = Game::new(
            rules(name),
            Position::parse("rD5/C6/7/7/7/7/7/7/7 n").unwrap(),
        );
        assert_eq!(
            g.outcome(),
            Outcome::Won(Side::South, WinBy::NoMoves),
            "{name}"
        );
    }
}

#[test]
fn animal_checkers_plays_on_plain_land() {
    check("7/7/7/7/7/7/E6/7/7 s", "a3-b3", &every(true));
    check(
        "7/7/7/7/7/7/1E5/7/7 s",
        "b3-b4",
        &[("checkers", true), ("standard", false)],
    );
}

//! Every diagram of the handout and the poster, checked by the engine under
//! the preset it illustrates: each move drawn as allowed is legal, each
//! crossed out is not, the side shown is South (the player the sentences
//! speak to, at the bottom), and the set-up diagram is the start position.

use jungle_print::compose::drawn::diagrams::{self, Diagram};
use jungle_print::game::{Board, Side, SquareKind};
use jungle_print::lang::Lang;
use jungle_print::play::rules::{Ruleset, BUILTIN as PRESETS};
use jungle_print::play::{Game, Rules};
use jungle_print::resolve::Resources;

fn res(preset: &str) -> Resources {
    Resources::new(
        Default::default(),
        Lang::builtin("en").unwrap(),
        Ruleset::builtin(preset).unwrap(),
    )
    .unwrap()
}

fn find<'a>(all: &'a [Diagram], name: &str) -> Option<&'a Diagram> {
    all.iter().find(|d| d.name == name)
}

#[test]
fn every_move_drawn_is_legal_or_crossed_out_as_the_engine_says() {
    for (preset, _) in PRESETS {
        let r = res(preset);
        let rules = Rules::new(&r.rules);
        let all = diagrams::all(&r);
        for d in all.iter().filter(|d| !d.moves.is_empty()) {
            assert_eq!(d.position.to_move, Side::South, "{preset} {}", d.name);
            let game = Game::new(rules.clone(), d.position.clone());
            let legal = game.legal_moves();
            for s in &d.moves {
                assert_eq!(
                    legal.contains(&s.mv),
                    s.legal,
                    "{preset} {}: {} drawn as {}",
                    d.name,
                    s.mv,
                    if s.legal { "legal" } else { "illegal" }
                );
                let mover = d.position.at(s.mv.from).expect("a piece moves");
                assert_eq!(mover.side, Side::South, "{preset} {}", d.name);
                for sq in [s.mv.from, s.mv.to] {
                    assert!(
                        (d.cols.0..=d.cols.1).contains(&sq.col)
                            && (d.rows.0..=d.rows.1).contains(&sq.row),
                        "{preset} {}: {sq} is not shown",
                        d.name
                    );
                }
            }
        }
    }
}

#[test]
fn the_set_up_diagram_is_the_start_position() {
    for (preset, _) in PRESETS {
        let r = res(preset);
        let all = diagrams::all(&r);
        let setup = find(&all, "setup").unwrap();
        let rules = Rules::new(&r.rules);
        let start = rules.start();
        assert_eq!(setup.position, start, "{preset}");
        assert_eq!(diagrams::start(&r).to_move, r.rules.play.first, "{preset}");
        // Every animal in play on its start square, and nothing else.
        let board = Board::standard();
        for (piece, sq) in board.starts() {
            let in_play = r.rules.animals().contains(&piece.animal);
            let want = in_play.then_some(*piece);
            assert_eq!(start.at(*sq), want, "{preset} {sq}");
        }
        assert_eq!(
            start.pieces().count(),
            r.rules.animals().len() * 2,
            "{preset}"
        );
    }
}

#[test]
fn each_picture_shows_what_its_sentence_says() {
    for (preset, _) in PRESETS {
        let r = res(preset);
        let rules = Rules::new(&r.rules);
        let all = diagrams::all(&r);
        // "Walk into the enemy den": South enters North's den, and wins.
        let den = find(&all, "den").unwrap();
        let m = den.moves[0].mv;
        assert_eq!(rules.kind(m.to), SquareKind::Den(Side::North), "{preset}");
        let after = rules.after(&den.position, m);
        assert!(rules.won(&after).is_some(), "{preset}");
        if r.rules.variants.four_animals {
            assert!(find(&all, "trap").is_none() && find(&all, "leap").is_none());
            continue;
        }
        // "An enemy in your trap": North's animal in one of South's traps,
        // weakened there, taken by the weakest animal.
        let trap = find(&all, "trap").unwrap();
        let m = trap.moves[0].mv;
        let enemy = trap.position.at(m.to).unwrap();
        assert_eq!(enemy.side, Side::North);
        assert_eq!(rules.kind(m.to), SquareKind::Trap(Side::South), "{preset}");
        assert!(rules.trapped(enemy, m.to), "{preset}");
        // The leap is legal; the same leap with a swimmer in the way is not.
        if let Some(blocked) = find(&all, "leap blocked") {
            let m = blocked.moves[0].mv;
            let swimmer = blocked
                .position
                .pieces()
                .find(|(s, _)| rules.kind(*s) == SquareKind::River)
                .expect("a swimmer in the way");
            let (a, b) = (m.from, m.to);
            assert!(
                (a.row == b.row && swimmer.0.row == a.row)
                    || (a.col == b.col && swimmer.0.col == a.col),
                "{preset}: the swimmer is not in the way"
            );
            assert!(find(&all, "leap").unwrap().moves[0].legal);
        }
        // The capture panel: a stronger animal takes a weaker one, the rat the elephant.
        let capture = find(&all, "capture").unwrap();
        assert!(capture.moves.iter().all(|s| s.legal
            && capture
                .position
                .at(s.mv.to)
                .is_some_and(|p| p.side == Side::North)));
    }
}

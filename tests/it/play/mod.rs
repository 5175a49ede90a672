//! The move generator (`jungle_print::play`): move counts from fixed
//! positions (perft) under every preset, the cross-check against
//! netcan/AnimalChess, and the facts the rule sentences state.

mod facts;
mod netcan;
mod puzzles;

use std::collections::BTreeSet;

use jungle_print::game::{Animal, Piece, Side, Square, SquareKind};
use jungle_print::play::rules::Ruleset;
use jungle_print::play::{Move, Position, Rules};

pub fn rules(name: &str) -> Rules {
    Rules::new(&Ruleset::builtin(name).unwrap())
}

#[test]
fn perft_from_the_start_of_every_preset() {
    // Leaf counts 1, 2, 3 and 4 moves ahead (no history: repetition is not
    // checked, and no game ends this early).
    const START: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L";
    let expect = [
        ("standard", START, 's', [24, 576, 12240, 260099]),
        ("bell", START, 'n', [24, 576, 12240, 260100]),
        ("fox", START, 's', [24, 576, 12264, 261120]),
        (
            "checkers",
            "6t/1d5/r5e/7/7/7/E5R/5D1/T6",
            's',
            [12, 144, 1608, 17955],
        ),
    ];
    for (name, board, side, counts) in expect {
        let fen = format!("{board} {side}");
        let r = rules(name);
        let start = r.start();
        assert_eq!(start.to_string(), fen, "{name}");
        let got: Vec<u64> = (1..=4).map(|d| r.perft(&start, d)).collect();
        assert_eq!(got, counts, "{name}");
    }
}

#[test]
fn perft_from_fixed_middle_game_positions() {
    // Leaps, swimmers, traps and dens in reach (the first move's list is
    // checked against the netcan port below for the standard rules).
    let cases = [
        ("standard", "2l4/7/3E3/1R5/3T3/7/2d4/7/7 s", [12, 60, 655]),
        (
            "standard",
            "7/2C4/3e3/L6/3t3/6r/1R5/3W3/7 n",
            [11, 151, 1430],
        ),
        ("fox", "2l4/7/3E3/1D5/3T3/7/2d4/7/7 s", [12, 72, 785]),
        ("bell", "7/2C4/3e3/L6/3t3/6r/1R5/3W3/7 n", [11, 151, 1430]),
    ];
    for (name, fen, counts) in cases {
        let r = rules(name);
        let pos = Position::parse(fen).unwrap();
        let got: Vec<u64> = (1..=3).map(|d| r.perft(&pos, d)).collect();
        assert_eq!(got, counts, "{name} {fen}");
    }
}

/// A small deterministic generator (SplitMix64) for test positions.
pub struct Mix(pub u64);

impl Mix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn kind_index(a: Animal) -> u8 {
    // netcan's order: elephant 0, lion 1, tiger 2, panther 3, wolf 4, dog 5, cat 6, rat 7.
    7 - Animal::ALL.iter().position(|x| *x == a).unwrap() as u8
}

fn to_netcan(pos: &Position) -> netcan::Board {
    let mut chesses = [[None; 7]; 9];
    for (sq, p) in pos.pieces() {
        chesses[8 - sq.row as usize][sq.col as usize] =
            Some((p.side == Side::South, kind_index(p.animal)));
    }
    netcan::Board {
        chesses,
        red: pos.to_move == Side::South,
    }
}

fn netcan_moves(pos: &Position) -> BTreeSet<Move> {
    netcan::all_steps(&to_netcan(pos))
        .into_iter()
        .map(|(a, b)| Move {
            from: Square::new(a.1 as u8, 8 - a.0 as u8),
            to: Square::new(b.1 as u8, 8 - b.0 as u8),
        })
        .collect()
}

/// Moves on which the two engines' rules differ (see `docs/engine.md`):
/// a rat capturing a rat between the water and the bank (netcan allows it
/// both ways; the standard rules allow neither), and the elephant capturing
/// a rat weakened in one of the elephant's traps (netcan never allows it).
fn disputed(r: &Rules, pos: &Position, m: Move) -> bool {
    let (Some(a), Some(d)) = (pos.at(m.from), pos.at(m.to)) else {
        return false;
    };
    let water = |s| r.kind(s) == SquareKind::River;
    let rats = a.animal == Animal::Rat && d.animal == Animal::Rat;
    (rats && water(m.from) != water(m.to))
        || (a.animal == Animal::Elephant && d.animal == Animal::Rat && r.trapped(d, m.to))
}

/// A random position: some animals of each side on squares they may stand
/// on (swimmers alone in the water, no animal in its own den).
fn scattered(r: &Rules, mix: &mut Mix) -> Position {
    let mut pos = Position::empty(if mix.below(2) == 0 {
        Side::South
    } else {
        Side::North
    });
    for side in Side::ALL {
        for animal in Animal::ALL {
            if mix.below(3) == 0 {
                continue;
            }
            for _ in 0..20 {
                let sq = Square::new(mix.below(7) as u8, mix.below(9) as u8);
                let ok = pos.at(sq).is_none()
                    && r.kind(sq) != SquareKind::Den(side)
                    && (r.kind(sq) != SquareKind::River || r.swims(animal));
                if ok {
                    pos.put(sq, Some(Piece { side, animal }));
                    break;
                }
            }
        }
    }
    pos
}

#[test]
fn moves_agree_with_netcan_animal_chess_where_the_rules_agree() {
    let r = rules("standard");
    let mut mix = Mix(37);
    let mut positions = Vec::new();
    // Positions from random games from the start, and scattered ones.
    for _ in 0..40 {
        let mut pos = r.start();
        for _ in 0..mix.below(80) {
            if r.won(&pos).is_some() {
                break;
            }
            let moves = r.moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = r.after(&pos, moves[mix.below(moves.len())]);
            positions.push(pos.clone());
        }
    }
    for _ in 0..600 {
        positions.push(scattered(&r, &mut mix));
    }
    let (mut compared, mut skipped, mut moves) = (0, 0, 0);
    for pos in positions {
        if r.won(&pos).is_some() {
            continue;
        }
        let ours: BTreeSet<Move> = r.moves(&pos).into_iter().collect();
        let theirs = netcan_moves(&pos);
        if ours.union(&theirs).any(|m| disputed(&r, &pos, *m)) {
            skipped += 1;
            continue;
        }
        assert_eq!(ours, theirs, "{pos}");
        compared += 1;
        moves += ours.len();
    }
    eprintln!(
        "netcan cross-check: {compared} positions, {moves} moves compared, {skipped} skipped"
    );
    assert!(compared >= 300, "{compared} positions compared");
}

#[test]
fn perft_agrees_with_netcan_from_the_start() {
    fn theirs(pos: &Position, depth: u32) -> u64 {
        let moves = netcan_moves(pos);
        if depth == 1 {
            return moves.len() as u64;
        }
        let r = rules("standard");
        moves
            .into_iter()
            .map(|m| theirs(&r.after(pos, m), depth - 1))
            .sum()
    }
    let r = rules("standard");
    assert_eq!(theirs(&r.start(), 3), r.perft(&r.start(), 3));
}

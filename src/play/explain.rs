//! What a move does, or why the rules refuse it, as the engine sees it:
//! the words-free reason behind a diagram's text alternative ("South's lion
//! on c3 leaps over the river to c7") and a puzzle's solution ("the cat may
//! not capture the dog, which ranks higher"). [`explain`] agrees with
//! [`Rules::piece_moves`]: a move is [`Note::is_legal`] exactly when the
//! piece's moves hold it (repeated positions aside, which no single move
//! shows); the tests check it over many positions.
//!
//! No geometry: squares are [`crate::game::Square`]s.

use crate::game::{Animal, Piece, Square, SquareKind};
use crate::play::rules::{Jumps, WaterCapture};

use super::moves::{Move, Rules};
use super::position::Position;

/// What a move does (the first five) or why it may not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// A step to an empty square.
    Step,
    /// A leap over the river to an empty square.
    Leap,
    /// Into the enemy's den: the move wins.
    Den,
    /// A capture of `prey` (standing on the move's target): by a leap, and
    /// whether a trap weakened the prey (it was not weaker by rank alone).
    Capture {
        /// The animal captured.
        prey: Piece,
        /// Made by a leap over the river.
        leap: bool,
        /// Allowed only because the prey stands in a trap.
        trapped: bool,
    },
    /// Not one square forwards, backwards, left or right, nor a leap.
    NotAStep,
    /// A leap over water where an animal swims in the way, on `by`.
    Blocked {
        /// The first square of water holding an animal.
        by: Square,
    },
    /// A leap this animal may not make (in this direction, or at all).
    NoLeap,
    /// Into the water, for an animal that does not swim.
    NoSwim,
    /// Into its own den.
    OwnDen,
    /// Onto a square its own side holds.
    OwnPiece,
    /// Into a trap, for an animal ranked above the traps' limit.
    TrapRank,
    /// A capture of a higher-ranked `prey`.
    Stronger {
        /// The animal that may not be captured.
        prey: Piece,
    },
    /// The elephant onto the rat, where the rules forbid it.
    ElephantRat {
        /// The rat.
        prey: Piece,
    },
    /// From land onto an animal in the water.
    IntoWater {
        /// The swimmer.
        prey: Piece,
    },
    /// A capture on the move out of the water, where the rules forbid it.
    FromWater {
        /// The animal that may not be captured.
        prey: Piece,
    },
    /// No piece on the move's first square.
    Empty,
}

impl Note {
    /// True when the move is allowed.
    pub fn is_legal(self) -> bool {
        matches!(
            self,
            Note::Step | Note::Leap | Note::Den | Note::Capture { .. }
        )
    }
}

/// What `mv` does in `pos`, or why it may not be made (whoever is to move:
/// the piece on `mv.from` moves; repeated positions are not checked).
pub fn explain(rules: &Rules, pos: &Position, mv: Move) -> Note {
    let Some(piece) = pos.at(mv.from) else {
        return Note::Empty;
    };
    let water = |sq: Square| rules.kind(sq) == SquareKind::River;
    let (dc, dr) = (
        mv.to.col as i8 - mv.from.col as i8,
        mv.to.row as i8 - mv.from.row as i8,
    );
    let adjacent = dc.abs() + dr.abs() == 1;
    let mut leap = false;
    if !adjacent {
        if (dc != 0 && dr != 0) || (dc == 0 && dr == 0) {
            return Note::NotAStep;
        }
        let (uc, ur) = (dc.signum(), dr.signum());
        let between: Vec<Square> = (1..dc.abs().max(dr.abs()))
            .map(|k| {
                Square::new(
                    (mv.from.col as i8 + uc * k) as u8,
                    (mv.from.row as i8 + ur * k) as u8,
                )
            })
            .collect();
        // A leap crosses water only, from land to land.
        if water(mv.from) || water(mv.to) || !between.iter().all(|s| water(*s)) {
            return Note::NotAStep;
        }
        let allowed = match rules.leaps(piece.animal) {
            Jumps::None => false,
            Jumps::Both => true,
            Jumps::Sideways => dr == 0,
            Jumps::Lengthwise => dc == 0,
        };
        if !allowed {
            return Note::NoLeap;
        }
        if let Some(by) = between.iter().find(|s| pos.at(**s).is_some()) {
            return Note::Blocked { by: *by };
        }
        leap = true;
    }
    let r = rules.ruleset();
    match rules.kind(mv.to) {
        SquareKind::Den(owner) if owner == piece.side => return Note::OwnDen,
        SquareKind::River if !rules.swims(piece.animal) => return Note::NoSwim,
        SquareKind::Trap(_) if r.rank(piece.animal) > r.variants.trap_max_rank => {
            return Note::TrapRank
        }
        _ => {}
    }
    let Some(prey) = pos.at(mv.to) else {
        return match rules.kind(mv.to) {
            SquareKind::Den(_) => Note::Den,
            _ if leap => Note::Leap,
            _ => Note::Step,
        };
    };
    if prey.side == piece.side {
        return Note::OwnPiece;
    }
    if rules.may_capture(piece, mv.from, prey, mv.to) {
        let by_rank = match (piece.animal, prey.animal) {
            (Animal::Rat, Animal::Elephant) => true,
            (Animal::Elephant, Animal::Rat) => r.variants.elephant_captures_rat,
            (a, d) => r.rank(a) >= r.rank(d),
        };
        return Note::Capture {
            prey,
            leap,
            trapped: !by_rank,
        };
    }
    // Why not, in the order `may_capture` asks.
    let (from_water, to_water) = (water(mv.from), water(mv.to));
    if to_water && !from_water {
        return Note::IntoWater { prey };
    }
    if from_water
        && !to_water
        && (r.variants.capture_from_water == WaterCapture::None
            || (r.variants.capture_from_water == WaterCapture::NoElephant
                && prey.animal == Animal::Elephant))
    {
        return Note::FromWater { prey };
    }
    if piece.animal == Animal::Elephant && prey.animal == Animal::Rat {
        return Note::ElephantRat { prey };
    }
    Note::Stronger { prey }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Side, COLS, ROWS};
    use crate::play::rules::Ruleset;

    /// Every move a piece could be asked to make (any square of the board)
    /// is legal by `explain` exactly when `piece_moves` holds it.
    fn agrees(rules: &Rules, pos: &Position) {
        for (from, _) in pos.pieces() {
            let legal = rules.piece_moves(pos, from);
            for col in 0..COLS {
                for row in 0..ROWS {
                    let to = Square::new(col, row);
                    if to == from {
                        continue;
                    }
                    let mv = Move { from, to };
                    let note = explain(rules, pos, mv);
                    assert_eq!(
                        note.is_legal(),
                        legal.contains(&mv),
                        "{mv} in\n{pos}: {note:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn explain_agrees_with_the_moves_of_every_preset() {
        for name in ["standard", "bell", "fox", "checkers"] {
            let ruleset = Ruleset::builtin(name).expect("a preset");
            let rules = Rules::new(&ruleset);
            agrees(&rules, &rules.start());
            // Positions along a few games (the first legal move, each turn).
            let mut pos = rules.start();
            for k in 0..40 {
                let moves = rules.moves(&pos);
                if moves.is_empty() || rules.won(&pos).is_some() {
                    break;
                }
                pos = rules.after(&pos, moves[(k * 7) % moves.len()]);
                agrees(&rules, &pos);
            }
        }
    }

    #[test]
    fn a_leap_over_a_swimmer_is_blocked_and_a_trap_weakens() {
        let rules = Rules::new(&Ruleset::default());
        let mut pos = Position::empty(Side::South);
        let lion = Piece {
            side: Side::South,
            animal: Animal::Lion,
        };
        let rat = Piece {
            side: Side::North,
            animal: Animal::Rat,
        };
        let sq = |s: &str| Square::parse(s).expect("a square");
        pos.put(sq("b3"), Some(lion));
        assert_eq!(
            explain(
                &rules,
                &pos,
                Move {
                    from: sq("b3"),
                    to: sq("b7")
                }
            ),
            Note::Leap
        );
        pos.put(sq("b5"), Some(rat));
        assert_eq!(
            explain(
                &rules,
                &pos,
                Move {
                    from: sq("b3"),
                    to: sq("b7")
                }
            ),
            Note::Blocked { by: sq("b5") }
        );
        assert_eq!(
            explain(
                &rules,
                &pos,
                Move {
                    from: sq("b3"),
                    to: sq("c4")
                }
            ),
            Note::NotAStep
        );
        // A tiger in South's trap d2, taken by South's rat.
        let tiger = Piece {
            side: Side::North,
            animal: Animal::Tiger,
        };
        let mouse = Piece {
            side: Side::South,
            animal: Animal::Rat,
        };
        pos.put(sq("d2"), Some(tiger));
        pos.put(sq("c2"), Some(mouse));
        assert_eq!(
            explain(
                &rules,
                &pos,
                Move {
                    from: sq("c2"),
                    to: sq("d2")
                }
            ),
            Note::Capture {
                prey: tiger,
                leap: false,
                trapped: true
            }
        );
        // The rat may not take the tiger out of a trap.
        pos.put(sq("d2"), None);
        pos.put(sq("c3"), Some(tiger));
        assert_eq!(
            explain(
                &rules,
                &pos,
                Move {
                    from: sq("c2"),
                    to: sq("c3")
                }
            ),
            Note::Stronger { prey: tiger }
        );
    }
}

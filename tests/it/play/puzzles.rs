//! Puzzle sheets (`jungle_print::play::puzzles`): at least twelve puzzles of
//! every difficulty under every preset, each proven by search (its answer
//! right and the only one, checked here again from first principles), the
//! same seed giving the same puzzles.

use jungle_print::game::Side;
use jungle_print::play::puzzles::{make, Difficulty, Kind, Puzzle};
use jungle_print::play::rules::BUILTIN;
use jungle_print::play::search::{legal_moves, winning_moves};
use jungle_print::play::Rules;

use super::rules;

fn sheets() -> Vec<(&'static str, Rules, Difficulty, Vec<Puzzle>)> {
    let mut out = Vec::new();
    for (preset, _) in BUILTIN {
        let r = rules(preset);
        for d in Difficulty::ALL {
            let sheet = make(&r, d, 12, 7);
            out.push((preset, r.clone(), d, sheet));
        }
    }
    out
}

#[test]
fn twelve_proven_puzzles_of_every_difficulty_under_every_preset() {
    for (preset, r, d, sheet) in sheets() {
        assert_eq!(sheet.len(), 12, "{preset} {d:?}");
        for (i, p) in sheet.iter().enumerate() {
            assert!(
                p.proven(&r),
                "{preset} {d:?} #{i}: {} {:?}",
                p.position,
                p.kind
            );
            assert_eq!(p.position.to_move, Side::South);
            // The answer is a legal move, and the position is not over.
            assert!(r.won(&p.position).is_none());
            assert!(legal_moves(&r, &p.position).contains(&p.answer));
        }
        // No position twice on a sheet.
        for (i, p) in sheet.iter().enumerate() {
            assert!(sheet[..i].iter().all(|q| q.position != p.position));
        }
    }
}

#[test]
fn each_answer_is_the_only_one() {
    for (preset, r, d, sheet) in sheets() {
        for p in &sheet {
            let pos = &p.position;
            let legal = legal_moves(&r, pos);
            match p.kind {
                Kind::WinIn1 => assert_eq!(winning_moves(&r, pos, 1), [p.answer]),
                Kind::WinIn2 => {
                    assert!(winning_moves(&r, pos, 1).is_empty(), "{preset} {d:?} {pos}");
                    assert_eq!(
                        winning_moves(&r, pos, 2),
                        [p.answer],
                        "{preset} {d:?} {pos}"
                    );
                    // Every North reply loses at once to some South move.
                    let next = r.after(pos, p.answer);
                    let replies = legal_moves(&r, &next);
                    assert!(!replies.is_empty());
                    for reply in replies {
                        let then = r.after(&next, reply);
                        assert!(
                            !winning_moves(&r, &then, 1).is_empty() || r.won(&then).is_some(),
                            "{preset} {d:?} {pos}: {} {reply}",
                            p.answer
                        );
                    }
                }
                Kind::SaveElephant => {
                    // Every other legal move loses the elephant (or the game).
                    for m in legal.iter().filter(|m| **m != p.answer) {
                        let next = r.after(pos, *m);
                        let elephant = next.pieces().find(|(_, q)| {
                            q.side == Side::South
                                && q.animal == jungle_print::game::Animal::Elephant
                        });
                        let lost = match elephant {
                            None => true,
                            Some((at, _)) => legal_moves(&r, &next).iter().any(|n| n.to == at),
                        } || !winning_moves(&r, &next, 1).is_empty();
                        assert!(lost, "{preset} {d:?} {pos}: {m} saves it too");
                    }
                }
                Kind::WhichCapture => {
                    assert_eq!(p.choices.len(), 3);
                    let allowed: Vec<_> = p.choices.iter().filter(|m| legal.contains(m)).collect();
                    assert_eq!(allowed, [&p.answer], "{preset} {d:?} {pos}");
                    for m in &p.choices {
                        assert_eq!(pos.at(m.from).unwrap().side, Side::South);
                        assert_eq!(pos.at(m.to).unwrap().side, Side::North);
                    }
                }
            }
        }
    }
}

#[test]
fn the_same_seed_makes_the_same_sheet_and_another_seed_another() {
    let r = rules("standard");
    for d in Difficulty::ALL {
        let a = make(&r, d, 12, 42);
        assert_eq!(a, make(&r, d, 12, 42), "{d:?}");
        assert_ne!(a, make(&r, d, 12, 43), "{d:?}");
        // A shorter sheet from the same seed is the longer one's start.
        assert_eq!(make(&r, d, 5, 42), a[..5], "{d:?}");
    }
}

#[test]
fn each_difficulty_asks_its_own_kinds() {
    let r = rules("standard");
    let kinds = |d| {
        let mut k: Vec<Kind> = make(&r, d, 12, 3).iter().map(|p| p.kind).collect();
        k.dedup();
        k
    };
    assert!(kinds(Difficulty::Easy)
        .iter()
        .all(|k| matches!(k, Kind::WinIn1 | Kind::WhichCapture)));
    assert!(kinds(Difficulty::Hard)
        .iter()
        .all(|k| matches!(k, Kind::WinIn2 | Kind::SaveElephant)));
}

//! The rules' diagrams as data: each is a position, the squares shown and
//! the moves drawn, legal or not, so that the engine ([`crate::play`]) can
//! check every one under the ruleset it illustrates (the tests do). The
//! handout draws them ([`crate::compose::products::handout::draw_diagram`]), and the poster
//! through it; every diagram is seen from South's side (north at the top),
//! South to move, as the sentences beside them speak to the player sitting
//! at the bottom.
//!
//! Lengths in mm, origin at the top-left of the squares shown, y down.

use crate::game::{Animal, Piece, Side, Square};
use crate::play::rules::Jumps;
use crate::play::{Move, Position};
use crate::resolve::Resources;
use crate::scene::{pt, Pt};

/// A move drawn in a diagram.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shown {
    /// The move.
    pub mv: Move,
    /// Whether the picture says it is allowed (an arrow) or not (a cross on
    /// its target, over a dashed arrow or alone).
    pub legal: bool,
}

/// A diagram: a position, the rectangle of squares shown and the moves drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagram {
    /// What it shows, for tests and messages (`leap`, `den`, …).
    pub name: &'static str,
    /// The pieces, South to move.
    pub position: Position,
    /// The squares shown: west and east columns, south and north rows
    /// (zero-based, inclusive).
    pub cols: (u8, u8),
    /// See `cols`.
    pub rows: (u8, u8),
    /// The moves drawn.
    pub moves: Vec<Shown>,
}

impl Diagram {
    fn new(name: &'static str, cols: (u8, u8), rows: (u8, u8)) -> Diagram {
        Diagram {
            name,
            position: Position::empty(Side::South),
            cols,
            rows,
            moves: Vec::new(),
        }
    }

    fn put(mut self, side: Side, animal: Animal, sq: Square) -> Diagram {
        self.position.put(sq, Some(Piece { side, animal }));
        self
    }

    fn shows(mut self, from: Square, to: Square, legal: bool) -> Diagram {
        self.moves.push(Shown {
            mv: Move { from, to },
            legal,
        });
        self
    }

    /// Columns and rows shown.
    pub fn size(&self) -> (u8, u8) {
        (self.cols.1 - self.cols.0 + 1, self.rows.1 - self.rows.0 + 1)
    }

    /// The centre of a square, mm from the top-left of the squares shown
    /// (north at the top), for squares `q` mm wide.
    pub fn centre(&self, sq: Square, q: f64) -> Pt {
        pt(
            (sq.col as f64 - self.cols.0 as f64 + 0.5) * q,
            (self.rows.1 as f64 - sq.row as f64 + 0.5) * q,
        )
    }

    /// Whether a piece stands in the way of a drawn move (on its line,
    /// strictly between its ends).
    pub fn in_the_way(&self, sq: Square) -> bool {
        self.moves.iter().any(|s| {
            let (a, b) = (s.mv.from, s.mv.to);
            let between = |x: u8, y: u8, z: u8| x.min(y) < z && z < x.max(y);
            (a.row == b.row && sq.row == a.row && between(a.col, b.col, sq.col))
                || (a.col == b.col && sq.col == a.col && between(a.row, b.row, sq.row))
        })
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square of the diagrams")
}

/// The start position of the ruleset: what the board and the set-up
/// diagrams show on the start squares.
pub fn start(res: &Resources) -> Position {
    Position::start(&res.rules.animals(), res.rules.play.first)
}

/// The first animal that may leap (lion, tiger, leopard) and how.
pub fn leaper(res: &Resources) -> Option<(Animal, Jumps)> {
    let v = &res.rules.variants;
    [
        (Animal::Lion, v.lion_jumps),
        (Animal::Tiger, v.tiger_jumps),
        (Animal::Leopard, v.leopard_jumps),
    ]
    .into_iter()
    .find(|(_, j)| *j != Jumps::None && !v.four_animals)
}

/// Two strips of rows 3–7: a leap over the river, and the same leap blocked
/// by a North rat swimming in the way; sideways when the leaper may leap
/// sideways, else lengthwise. `None` when no animal leaps.
pub fn leaps(res: &Resources) -> Option<(Diagram, Diagram)> {
    let (jumper, j) = leaper(res)?;
    let sideways = matches!(j, Jumps::Sideways | Jumps::Both);
    let strip = |name| Diagram::new(name, (0, 6), (2, 6));
    let (from, to, bfrom, bto, rat) = if sideways {
        ("a5", "d5", "g5", "d5", "f5")
    } else {
        ("b3", "b7", "e3", "e7", "e5")
    };
    let legal = strip("leap")
        .put(Side::South, jumper, sq(from))
        .shows(sq(from), sq(to), true);
    let blocked = strip("leap blocked")
        .put(Side::South, jumper, sq(bfrom))
        .put(Side::North, Animal::Rat, sq(rat))
        .shows(sq(bfrom), sq(bto), false);
    Some((legal, blocked))
}

/// Moving: South's dog on b2 steps to each of its four neighbours, and not
/// diagonally to c3 (drawn on plain land, columns a–c, rows 1–3).
pub fn stepping() -> Diagram {
    let dog = sq("b2");
    let mut d = Diagram::new("move", (0, 2), (0, 2)).put(Side::South, Animal::Dog, dog);
    for to in ["b3", "c2", "b1", "a2"] {
        d = d.shows(dog, sq(to), true);
    }
    d.shows(dog, sq("c3"), false)
}

/// Capturing, on a1–b2: a stronger South animal takes a weaker North one
/// (the middle pair of the ranks), and South's rat takes North's elephant.
pub fn capturing(res: &Resources) -> Diagram {
    let by_rank = res.rules.animals_by_rank();
    let strong = by_rank[by_rank.len() / 2 - 1];
    let weak = by_rank[by_rank.len() / 2];
    Diagram::new("capture", (0, 1), (0, 1))
        .put(Side::South, strong, sq("a2"))
        .put(Side::North, weak, sq("b2"))
        .put(Side::South, Animal::Rat, sq("a1"))
        .put(Side::North, Animal::Elephant, sq("b1"))
        .shows(sq("a2"), sq("b2"), true)
        .shows(sq("a1"), sq("b1"), true)
}

/// Traps, around South's den (c–e, rows 1–2): a strong North animal in the
/// trap d2, and South's rat on c2 taking it.
pub fn trap(res: &Resources) -> Diagram {
    let v = &res.rules.variants;
    // The strongest enemy that may enter a trap, not the elephant (which the
    // rat may take anywhere): only the trap lets the rat take it.
    let strong = res
        .rules
        .animals_by_rank()
        .into_iter()
        .find(|a| {
            *a != Animal::Elephant && *a != Animal::Rat && res.rules.rank(*a) <= v.trap_max_rank
        })
        .unwrap_or(Animal::Elephant);
    Diagram::new("trap", (2, 4), (0, 1))
        .put(Side::North, strong, sq("d2"))
        .put(Side::South, Animal::Rat, sq("c2"))
        .shows(sq("c2"), sq("d2"), true)
}

/// How to win, around North's den (c–e, rows 8–9): South's weakest animal
/// walks from d8 into the den.
pub fn den(res: &Resources) -> Diagram {
    let weakest = *res.rules.animals_by_rank().last().unwrap_or(&Animal::Rat);
    Diagram::new("den", (2, 4), (7, 8))
        .put(Side::South, weakest, sq("d8"))
        .shows(sq("d8"), sq("d9"), true)
}

/// Every diagram of the handout and the poster for the ruleset in force,
/// the set-up (the start position, no move) first.
pub fn all(res: &Resources) -> Vec<Diagram> {
    let mut setup = Diagram::new("setup", (0, 6), (0, 8));
    setup.position = start(res);
    let mut out = vec![setup, stepping(), capturing(res)];
    if !res.rules.variants.four_animals {
        if let Some((a, b)) = leaps(res) {
            out.extend([a, b]);
        }
        out.push(trap(res));
    }
    out.push(den(res));
    out
}

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
use crate::lang::PuzzleWords;
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

/// The set-up: the start position on the whole board, no move.
pub fn setup(res: &Resources) -> Diagram {
    let mut d = Diagram::new("setup", (0, 6), (0, 8));
    d.position = start(res);
    d
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
    let mut out = vec![setup(res), stepping(), capturing(res)];
    if !res.rules.variants.four_animals {
        if let Some((a, b)) = leaps(res) {
            out.extend([a, b]);
        }
        out.push(trap(res));
    }
    out.push(den(res));
    out
}

/// The pack's words for telling moves ([`PuzzleWords`]: its `piece`,
/// `note_*` and `not_*` keys), or an error naming the pack.
pub fn move_words(res: &Resources) -> Result<&PuzzleWords, crate::error::Error> {
    res.lang.puzzles.as_ref().ok_or_else(|| {
        res.lang.source.error(
            "puzzles",
            "the language pack has no [puzzles] table, whose words tell the moves of the puzzles and of the rules' diagrams; copy the [puzzles] table from the English pack (lang/en.toml) and translate it".to_string(),
        )
    })
}

/// A sentence with its first letter in capitals (`le lion du Sud…` at the
/// start of a sentence).
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// An animal where it stands, in the pack's words (`South’s lion on c3`).
pub fn piece_words(res: &Resources, w: &PuzzleWords, p: Piece, at: Square) -> String {
    let side = match p.side {
        Side::South => &res.lang.board.south,
        Side::North => &res.lang.board.north,
    };
    let key = if p.animal == Animal::Wolf && res.rules.play.fox {
        "fox"
    } else {
        p.animal.key()
    };
    let t = w
        .piece
        .replace("{the animal}", &format!("{{the {key}}}"))
        .replace("{The animal}", &format!("{{The {key}}}"));
    res.lang
        .puzzle_line(&t)
        .replace("{side}", side)
        .replace("{animal}", &res.animal(p.animal).noun())
        .replace("{square}", &at.to_string())
}

/// What move `mv` does in `pos`, or why it may not be made, as one
/// sentence in the pack's words, from the engine's
/// [`explain`](crate::play::explain::explain).
pub fn move_sentence(res: &Resources, w: &PuzzleWords, pos: &Position, mv: Move) -> String {
    use crate::play::explain::{explain, Note};
    let rules = crate::play::Rules::new(&res.rules);
    let Some(piece) = pos.at(mv.from) else {
        return String::new();
    };
    let note = explain(&rules, pos, mv);
    let prey = |p: Piece, at: Square| piece_words(res, w, p, at);
    let (t, prey) = match note {
        Note::Step => (&w.note_step, String::new()),
        Note::Leap => (&w.note_leap, String::new()),
        Note::Den => (&w.note_den, String::new()),
        Note::Capture {
            prey: p,
            leap,
            trapped,
        } => (
            if leap {
                &w.note_leap_capture
            } else if trapped {
                &w.note_capture_trap
            } else {
                &w.note_capture
            },
            prey(p, mv.to),
        ),
        Note::NotAStep | Note::Empty => (&w.not_step, String::new()),
        Note::Blocked { by } => (
            &w.not_blocked,
            pos.at(by).map(|p| prey(p, by)).unwrap_or_default(),
        ),
        Note::NoLeap => (&w.not_leap, String::new()),
        Note::NoSwim => (&w.not_swim, String::new()),
        Note::OwnDen => (&w.not_own_den, String::new()),
        Note::OwnPiece => (&w.not_own, String::new()),
        Note::TrapRank => (&w.not_trap_rank, String::new()),
        Note::Stronger { prey: p } => (&w.not_stronger, prey(p, mv.to)),
        Note::ElephantRat { prey: p } => (&w.not_elephant_rat, prey(p, mv.to)),
        Note::IntoWater { prey: p } => (&w.not_into_water, prey(p, mv.to)),
        Note::FromWater { prey: p } => (&w.not_from_water, prey(p, mv.to)),
    };
    capitalised(
        &res.lang
            .puzzle_line(t)
            .replace("{piece}", &piece_words(res, w, piece, mv.from))
            .replace("{prey}", &prey)
            .replace("{to}", &mv.to.to_string()),
    )
}

/// A diagram told in words, for a reader who cannot see it (the rules
/// page's text alternative): the squares it shows (unless the whole board),
/// each side's animals where they stand (those a move is told of are named
/// there), then each move drawn, what it does or why it is refused, from
/// the engine.
pub fn describe(res: &Resources, w: &PuzzleWords, d: &Diagram) -> String {
    describe_after(res, w, d, None)
}

/// [`describe`], saying which squares it shows only when the diagram told
/// before it (`before`) showed others.
pub fn describe_after(
    res: &Resources,
    w: &PuzzleWords,
    d: &Diagram,
    before: Option<&Diagram>,
) -> String {
    let mut parts = Vec::new();
    let whole = d.cols == (0, crate::game::COLS - 1) && d.rows == (0, crate::game::ROWS - 1);
    let same = before.is_some_and(|b| b.cols == d.cols && b.rows == d.rows);
    if !whole && !same {
        parts.push(
            w.note_view
                .replace("{first}", &Square::new(d.cols.0, d.rows.0).to_string())
                .replace("{last}", &Square::new(d.cols.1, d.rows.1).to_string()),
        );
    }
    let sep = if res.lang.is_cjk() { "、" } else { ", " };
    let moving: Vec<Square> = d.moves.iter().map(|s| s.mv.from).collect();
    for side in [Side::South, Side::North] {
        // The animals a move is told of are named there.
        let list: Vec<String> = d
            .position
            .pieces()
            .filter(|(sq, p)| p.side == side && !moving.contains(sq))
            .filter(|(sq, _)| d.moves.iter().all(|s| s.mv.to != *sq) && !d.in_the_way(*sq))
            .map(|(sq, p)| {
                w.note_on
                    .replace("{animal}", &res.animal(p.animal).noun())
                    .replace("{square}", &sq.to_string())
            })
            .collect();
        if list.is_empty() {
            continue;
        }
        let name = match side {
            Side::South => &res.lang.board.south,
            Side::North => &res.lang.board.north,
        };
        parts.push(capitalised(
            &w.note_pieces
                .replace("{side}", name)
                .replace("{list}", &list.join(sep)),
        ));
    }
    for s in &d.moves {
        parts.push(move_sentence(res, w, &d.position, s.mv));
    }
    let gap = if res.lang.is_cjk() { "" } else { " " };
    parts.join(gap)
}

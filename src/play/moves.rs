//! The moves a ruleset allows: steps, swims, leaps and captures, and how a
//! game ends.
//!
//! Every variant switch of [`Ruleset`] is read here and nowhere else: the
//! ranks, who swims (`dog_swims`), who leaps and which way (`*_jumps`), the
//! traps (`traps`, `trap_max_rank`), the elephant and the rat
//! (`elephant_captures_rat`), captures out of the water
//! (`capture_from_water`), the four-animal game (`four_animals`: river and
//! trap squares are plain land), the ways to win (`win`) and repeated
//! positions (`no_repetition`).
//!
//! Where the sources leave a case open, the choice made here:
//! - an animal in a trap that weakens it may be captured by any enemy that
//!   may step there; its own captures are unchanged (the rules card: "may be
//!   captured by any kind of animal as if its number were zero");
//! - the rat may always capture the elephant (on land); the elephant may
//!   capture the rat only where `elephant_captures_rat` says so, or where the
//!   rat stands weakened in a trap;
//! - an animal in the water may be captured only by an enemy moving from the
//!   water (so never by a leap, and never from the bank);
//! - a leap is blocked by any animal, of either side, on a water square it
//!   crosses;
//! - a repeated position is one with the same pieces on the same squares and
//!   the same side to move;
//! - under the ban on repeated positions, a move that would bring one back is
//!   no move: a player all of whose moves would do so cannot move, and
//!   `win.no_moves` says what follows;
//! - where repeated positions are allowed, the third time a position comes
//!   up ends the game (`win.third_repetition`: a draw, or a loss for the
//!   player whose move brought it back), so that no chase goes on for ever.

use std::collections::HashMap;
use std::fmt;

use crate::game::{Animal, Board, Piece, Side, Square, SquareKind, COLS, ROWS};
use crate::play::rules::{Jumps, Ruleset, ThirdRepetition, Traps, WaterCapture};

use super::position::Position;

/// A move: the piece on `from` goes to `to` (one square, or a leap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
}

impl Move {
    /// Parses `a3-a4` (or `a3xa4`).
    pub fn parse(s: &str) -> Option<Move> {
        let (a, b) = s.split_once(['-', 'x'])?;
        Some(Move {
            from: Square::parse(a)?,
            to: Square::parse(b)?,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// How a finished game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// An animal entered the enemy den.
    Den,
    /// The loser has no animal left (`win.capture_all`).
    CaptureAll,
    /// The loser, to move, had no legal move (`win.no_moves`).
    NoMoves,
    /// The loser's move brought a position back for the third time
    /// (`win.third_repetition = "loss"`).
    Repetition,
}

/// The state of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The game goes on.
    Playing,
    /// `0` has won.
    Won(Side, WinBy),
    /// A position came up for the third time (`win.third_repetition =
    /// "draw"`): nobody wins.
    Draw,
    /// The side to move has no legal move, and the ruleset does not say who
    /// wins then (`win.no_moves = false`): the players must agree.
    Stuck,
}

/// A ruleset made ready to generate moves.
#[derive(Debug, Clone)]
pub struct Rules {
    ruleset: Ruleset,
    kinds: [[SquareKind; COLS as usize]; ROWS as usize],
    /// Positions the searches with these rules have visited (see
    /// [`Rules::searched`]).
    pub(crate) searched: std::cell::Cell<u64>,
}

/// The four steps: north, east, south, west, as (columns, rows).
const STEPS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn step(sq: Square, (dc, dr): (i8, i8)) -> Option<Square> {
    let c = sq.col as i8 + dc;
    let r = sq.row as i8 + dr;
    ((0..COLS as i8).contains(&c) && (0..ROWS as i8).contains(&r))
        .then(|| Square::new(c as u8, r as u8))
}

impl Rules {
    /// The rules of `ruleset` on the standard board.
    pub fn new(ruleset: &Ruleset) -> Rules {
        let board = Board::standard();
        let mut kinds = [[SquareKind::Land; COLS as usize]; ROWS as usize];
        for sq in board.squares() {
            let k = board.kind(sq);
            // The four-animal game has no river and no traps.
            let k = match k {
                SquareKind::River | SquareKind::Trap(_) if ruleset.variants.four_animals => {
                    SquareKind::Land
                }
                k => k,
            };
            kinds[sq.row as usize][sq.col as usize] = k;
        }
        Rules {
            ruleset: ruleset.clone(),
            kinds,
            searched: Default::default(),
        }
    }

    /// How many positions the searches with these rules have visited so far
    /// (each move played in a line of play counts one, and each position
    /// whose moves are listed one more for it and each of its moves): a
    /// measure of work that is the same on every machine, for the puzzle
    /// maker's budget ([`crate::limits::MAX_PUZZLE_NODES`]).
    pub fn searched(&self) -> u64 {
        self.searched.get()
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The start position, the first player to move.
    pub fn start(&self) -> Position {
        Position::start(&self.ruleset.animals(), self.ruleset.play.first)
    }

    /// A square's kind as these rules play it (land for the river and the
    /// traps of the four-animal game).
    pub fn kind(&self, sq: Square) -> SquareKind {
        self.kinds[sq.row as usize][sq.col as usize]
    }

    fn water(&self, sq: Square) -> bool {
        self.kind(sq) == SquareKind::River
    }

    /// Whether `piece` standing on `sq` is weakened by a trap (any enemy may
    /// capture it there).
    pub fn trapped(&self, piece: Piece, sq: Square) -> bool {
        match self.kind(sq) {
            SquareKind::Trap(owner) => {
                self.ruleset.variants.traps == Traps::Any || owner != piece.side
            }
            _ => false,
        }
    }

    /// Whether `animal` may enter the water.
    pub fn swims(&self, animal: Animal) -> bool {
        animal == Animal::Rat || (animal == Animal::Dog && self.ruleset.variants.dog_swims)
    }

    /// How `animal` may leap over the river.
    pub fn leaps(&self, animal: Animal) -> Jumps {
        let v = &self.ruleset.variants;
        match animal {
            Animal::Lion => v.lion_jumps,
            Animal::Tiger => v.tiger_jumps,
            Animal::Leopard => v.leopard_jumps,
            _ => Jumps::None,
        }
    }

    /// Whether `attacker`, moving from `from`, may capture `defender` on `to`
    /// (the squares' kinds and the traps counted; not whether it may reach `to`).
    pub fn may_capture(&self, attacker: Piece, from: Square, defender: Piece, to: Square) -> bool {
        let v = &self.ruleset.variants;
        if attacker.side == defender.side {
            return false;
        }
        let (from_water, to_water) = (self.water(from), self.water(to));
        if to_water && !from_water {
            return false;
        }
        if from_water && !to_water {
            match v.capture_from_water {
                WaterCapture::None => return false,
                WaterCapture::NoElephant if defender.animal == Animal::Elephant => return false,
                _ => {}
            }
        }
        if self.trapped(defender, to) {
            return true;
        }
        let r = &self.ruleset;
        match (attacker.animal, defender.animal) {
            (Animal::Rat, Animal::Elephant) => true,
            (Animal::Elephant, Animal::Rat) => v.elephant_captures_rat,
            (a, d) => r.rank(a) >= r.rank(d),
        }
    }

    /// Whether the piece on `from` may end its move on `to` in `pos`, `to`
    /// being a square it can reach (a step or an unblocked leap).
    fn may_land(&self, pos: &Position, piece: Piece, from: Square, to: Square) -> bool {
        match self.kind(to) {
            SquareKind::Den(owner) if owner == piece.side => return false,
            SquareKind::River if !self.swims(piece.animal) => return false,
            SquareKind::Trap(_)
                if self.ruleset.rank(piece.animal) > self.ruleset.variants.trap_max_rank =>
            {
                return false
            }
            _ => {}
        }
        match pos.at(to) {
            None => true,
            Some(other) => self.may_capture(piece, from, other, to),
        }
    }

    /// Where a leap from `from` in direction `d` lands, if the squares crossed
    /// are water, at least one, and none holds an animal.
    fn leap(&self, pos: &Position, from: Square, d: (i8, i8)) -> Option<Square> {
        let mut sq = step(from, d)?;
        if !self.water(sq) {
            return None;
        }
        while self.water(sq) {
            if pos.at(sq).is_some() {
                return None;
            }
            sq = step(sq, d)?;
        }
        Some(sq)
    }

    /// The moves of the piece on `from` (none when the square is empty),
    /// whoever is to move; repeated positions are not checked here.
    pub fn piece_moves(&self, pos: &Position, from: Square) -> Vec<Move> {
        let Some(piece) = pos.at(from) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let jumps = self.leaps(piece.animal);
        for d in STEPS {
            let Some(to) = step(from, d) else { continue };
            if self.may_land(pos, piece, from, to) {
                out.push(Move { from, to });
            }
            let sideways = d.1 == 0;
            let allowed = match jumps {
                Jumps::None => false,
                Jumps::Both => true,
                Jumps::Sideways => sideways,
                Jumps::Lengthwise => !sideways,
            };
            if allowed && !self.water(from) {
                if let Some(to) = self.leap(pos, from, d) {
                    if self.may_land(pos, piece, from, to) {
                        out.push(Move { from, to });
                    }
                }
            }
        }
        out
    }

    /// Every move of the side to move, ignoring repeated positions and
    /// whether the game is over.
    pub fn moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        for (sq, p) in pos.pieces() {
            if p.side == pos.to_move {
                out.extend(self.piece_moves(pos, sq));
            }
        }
        out
    }

    /// The position after `mv` (the other side to move).
    pub fn after(&self, pos: &Position, mv: Move) -> Position {
        let mut next = pos.clone();
        next.put(mv.to, pos.at(mv.from));
        next.put(mv.from, None);
        next.to_move = pos.to_move.opponent();
        next
    }

    /// Whether the last move, by the side not to move in `pos`, won the game
    /// outright: an animal in the enemy den, or (when that wins) no enemy
    /// animal left.
    pub fn won(&self, pos: &Position) -> Option<(Side, WinBy)> {
        let mover = pos.to_move.opponent();
        let den = match mover {
            Side::South => Square::new(3, ROWS - 1),
            Side::North => Square::new(3, 0),
        };
        if pos.at(den).is_some_and(|p| p.side == mover) {
            return Some((mover, WinBy::Den));
        }
        if self.ruleset.win.capture_all && pos.count(pos.to_move) == 0 {
            return Some((mover, WinBy::CaptureAll));
        }
        None
    }

    /// The state of `pos` given the moves the side to move may make (its
    /// legal moves, repetition counted).
    pub fn outcome(&self, pos: &Position, legal: usize) -> Outcome {
        if let Some((side, by)) = self.won(pos) {
            return Outcome::Won(side, by);
        }
        if legal == 0 {
            return if self.ruleset.win.no_moves {
                Outcome::Won(pos.to_move.opponent(), WinBy::NoMoves)
            } else {
                Outcome::Stuck
            };
        }
        Outcome::Playing
    }

    /// How the game ends when position `pos` has now come up `times` times
    /// (counting this one): `None` while it goes on. Only where repeated
    /// positions are allowed, from the third time (under the ban no position
    /// ever comes back). Checked after [`Rules::won`]: entering the den
    /// wins even on a repeated position.
    pub fn repeated(&self, pos: &Position, times: usize) -> Option<Outcome> {
        if self.ruleset.variants.no_repetition || times < 3 || self.won(pos).is_some() {
            return None;
        }
        Some(match self.ruleset.win.third_repetition {
            ThirdRepetition::Draw => Outcome::Draw,
            ThirdRepetition::Loss => Outcome::Won(pos.to_move, WinBy::Repetition),
        })
    }

    /// Counts the leaf positions `depth` moves ahead (perft), stopping at
    /// finished games; repeated positions are not checked (no history).
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.won(pos).is_some() {
            return 0;
        }
        let moves = self.moves(pos);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.perft(&self.after(pos, m), depth - 1))
            .sum()
    }
}

/// A game: the rules, the position and every position seen before, with how
/// many times (for the ban on repeated positions, or the third repetition).
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    position: Position,
    seen: HashMap<Position, usize>,
    /// The moves played, in order.
    pub moves: Vec<Move>,
}

/// A move the game does not allow, with why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal(pub String);

impl Game {
    /// A game from `position` (the start, or any other) under `rules`.
    pub fn new(rules: Rules, position: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(position.clone(), 1);
        Game {
            rules,
            position,
            seen,
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How many times the current position has come up in this game.
    pub fn times_seen(&self) -> usize {
        self.seen.get(&self.position).copied().unwrap_or(0)
    }

    /// The legal moves of the side to move: none once the game is over (won,
    /// or ended by a third repetition); without a move that brings back an
    /// earlier position when the ruleset forbids that.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.rules.won(&self.position).is_some()
            || self
                .rules
                .repeated(&self.position, self.times_seen())
                .is_some()
        {
            return Vec::new();
        }
        let mut moves = self.rules.moves(&self.position);
        if self.rules.ruleset.variants.no_repetition {
            moves.retain(|m| {
                !self
                    .seen
                    .contains_key(&self.rules.after(&self.position, *m))
            });
        }
        moves
    }

    /// Where the game stands.
    pub fn outcome(&self) -> Outcome {
        if let Some(end) = self.rules.repeated(&self.position, self.times_seen()) {
            return end;
        }
        self.rules.outcome(&self.position, self.legal_moves().len())
    }

    /// Plays a move, or says why it is not legal.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        if !self.legal_moves().contains(&mv) {
            return Err(Illegal(self.why_not(mv)));
        }
        self.position = self.rules.after(&self.position, mv);
        *self.seen.entry(self.position.clone()).or_insert(0) += 1;
        self.moves.push(mv);
        Ok(())
    }

    /// Why `mv` is not among the legal moves (for messages and tests).
    fn why_not(&self, mv: Move) -> String {
        let pos = &self.position;
        match pos.at(mv.from) {
            None => format!("no animal on {}", mv.from),
            Some(p) if p.side != pos.to_move => {
                format!("the animal on {} is not the mover's", mv.from)
            }
            Some(_)
                if self.rules.won(pos).is_some()
                    || self.rules.repeated(pos, self.times_seen()).is_some() =>
            {
                "the game is over".into()
            }
            Some(_) if self.rules.moves(pos).contains(&mv) => {
                format!("{mv} brings back an earlier position")
            }
            Some(p) => format!(
                "the {} on {} may not go to {}",
                p.animal.key(),
                mv.from,
                mv.to
            ),
        }
    }
}

//! Puzzles for a class, made from a seed and proven by search: "win in 1",
//! "win in 2", "save your elephant" and "which capture is legal?". Every
//! puzzle is South to move, and its answer is the only one: the only move
//! that wins at once, the only first move that wins by the next turn
//! whatever North replies, the only move after which North can neither take
//! the elephant nor win, the only legal capture among those drawn.
//!
//! A sheet varies: no answer twice among twelve puzzles in a row while the
//! search finds others (never more than twice), and the "which capture"
//! puzzles take turns to be answered by each capture rule the ruleset has
//! (a trap, the water, the rat and the elephant, a leap) and by rank alone.
//!
//! The same rules, difficulty, count and seed always give the same puzzles:
//! positions come from a small generator of pseudo-random numbers
//! (SplitMix64) seeded by the seed, and nothing else.

use crate::game::{Animal, Piece, Side, Square, SquareKind, COLS, ROWS};

use super::moves::{Move, Rules};
use super::position::Position;
use super::search::{legal_moves, safe_moves, winning_moves};
use crate::limits::MAX_PUZZLE_NODES;

/// What a puzzle asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// South wins with one move.
    WinIn1,
    /// South wins on its second move, whatever North replies.
    WinIn2,
    /// North threatens South's elephant: one move saves it.
    SaveElephant,
    /// Of the captures drawn (lettered), one only is legal.
    WhichCapture,
}

/// How hard the puzzles are: which kinds, and how many animals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Win in 1 and which capture, with few animals.
    Easy,
    /// Win in 1, save your elephant and which capture, more animals.
    Medium,
    /// Win in 2 and save your elephant, more animals still.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The names the options take: `easy`, `medium`, `hard`.
    pub const NAMES: [&'static str; 3] = ["easy", "medium", "hard"];

    /// The difficulty called `name`.
    pub fn parse(name: &str) -> Option<Difficulty> {
        match name {
            "easy" => Some(Difficulty::Easy),
            "medium" => Some(Difficulty::Medium),
            "hard" => Some(Difficulty::Hard),
            _ => None,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The kinds of puzzle, in turn.
    fn kinds(self) -> &'static [Kind] {
        match self {
            Difficulty::Easy => &[Kind::WinIn1, Kind::WhichCapture],
            Difficulty::Medium => &[Kind::WinIn1, Kind::SaveElephant, Kind::WhichCapture],
            Difficulty::Hard => &[Kind::WinIn2, Kind::SaveElephant],
        }
    }

    /// How many animals a side has: at least, and at most.
    fn animals(self) -> (usize, usize) {
        match self {
            Difficulty::Easy => (2, 3),
            Difficulty::Medium => (3, 5),
            Difficulty::Hard => (3, 5),
        }
    }
}

/// A puzzle: the position (South to move), what it asks and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// What it asks.
    pub kind: Kind,
    /// The position, South to move.
    pub position: Position,
    /// The one right move.
    pub answer: Move,
    /// For [`Kind::WhichCapture`], the captures drawn, lettered A, B, C in
    /// this order (the answer among them); empty for the other kinds.
    pub choices: Vec<Move>,
}

impl Puzzle {
    /// Checks the puzzle by search: its answer is right and the only one.
    pub fn proven(&self, rules: &Rules) -> bool {
        let pos = &self.position;
        if pos.to_move != Side::South || rules.won(pos).is_some() {
            return false;
        }
        match self.kind {
            Kind::WinIn1 => winning_moves(rules, pos, 1) == [self.answer],
            Kind::WinIn2 => {
                winning_moves(rules, pos, 1).is_empty()
                    && winning_moves(rules, pos, 2) == [self.answer]
                    && !legal_moves(rules, &rules.after(pos, self.answer)).is_empty()
            }
            Kind::SaveElephant => {
                threatened(rules, pos)
                    && winning_moves(rules, pos, 1).is_empty()
                    && saving_moves(rules, pos) == [self.answer]
            }
            Kind::WhichCapture => {
                let legal = legal_moves(rules, pos);
                let ok: Vec<&Move> = self.choices.iter().filter(|m| legal.contains(m)).collect();
                ok == [&self.answer]
                    && self.choices.len() >= 3
                    && self.choices.iter().all(|m| {
                        pos.at(m.from).is_some_and(|p| p.side == Side::South)
                            && pos.at(m.to).is_some_and(|p| p.side == Side::North)
                    })
            }
        }
    }
}

/// Whether North, were it to move, could capture South's elephant.
fn threatened(rules: &Rules, pos: &Position) -> bool {
    let elephant = Piece {
        side: Side::South,
        animal: Animal::Elephant,
    };
    let Some(at) = pos.find(elephant) else {
        return false;
    };
    let mut north = pos.clone();
    north.to_move = Side::North;
    rules.moves(&north).iter().any(|m| m.to == at)
}

/// The South moves after which North can neither capture South's elephant
/// nor win at once.
fn saving_moves(rules: &Rules, pos: &Position) -> Vec<Move> {
    safe_moves(rules, pos)
        .into_iter()
        .filter(|m| {
            let next = rules.after(pos, *m);
            let elephant = Piece {
                side: Side::South,
                animal: Animal::Elephant,
            };
            match next.find(elephant) {
                Some(at) => !legal_moves(rules, &next).iter().any(|r| r.to == at),
                None => false,
            }
        })
        .collect()
}

/// SplitMix64: small, fast and the same on every machine.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// How many positions are tried for one puzzle before giving up on it.
const TRIES: usize = 4000;

/// Makes `count` puzzles of `difficulty` under `rules` from `seed`, kinds
/// in turn; fewer when positions for some kind cannot be found (never for
/// the built-in presets: the tests make every difficulty under each) or the
/// search's budget runs out (see [`make_sheet`]).
pub fn make(rules: &Rules, difficulty: Difficulty, count: usize, seed: u64) -> Vec<Puzzle> {
    make_sheet(rules, difficulty, count, seed).puzzles
}

/// The puzzles of a sheet, and why there are fewer than asked for, if so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// The puzzles found, in order.
    pub puzzles: Vec<Puzzle>,
    /// Why fewer than asked for were found (none when all were).
    pub short: Option<Short>,
}

/// Why a sheet holds fewer puzzles than asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Short {
    /// The search visited [`MAX_PUZZLE_NODES`] positions before finding them all.
    Budget,
    /// No position was found for some kinds within the tries given to each.
    NotFound,
}

/// Makes the puzzles of a sheet as [`make`] does, within a budget of work
/// checked before each position is tried: the search stops once it has
/// visited [`MAX_PUZZLE_NODES`] positions, keeping the puzzles found so
/// far. A kind for which no position was found in [`TRIES`] tries is not
/// tried again (under rules where it cannot happen, such as no animal able
/// to reach a den, it would only spend the budget); the built-in presets
/// never lose a kind, so their sheets are those of the plain search.
pub fn make_sheet(rules: &Rules, difficulty: Difficulty, count: usize, seed: u64) -> Sheet {
    make_within(rules, difficulty, count, seed, MAX_PUZZLE_NODES)
}

/// [`make_sheet`] with a budget of `budget` positions.
fn make_within(
    rules: &Rules,
    difficulty: Difficulty,
    count: usize,
    seed: u64,
    budget: u64,
) -> Sheet {
    let mut mix = Mix(seed ^ 0x4A75_6E67_6C65); // "Jungle"
    let kinds = difficulty.kinds();
    let mut out: Vec<Puzzle> = Vec::with_capacity(count);
    let mut lost: Vec<Kind> = Vec::new();
    let start = rules.searched();
    // The capture rules the "which capture" puzzles take turns to answer with.
    let rules_here = CaptureRule::ALL
        .into_iter()
        .filter(|r| r.possible(rules))
        .collect::<Vec<_>>();
    let mut captures = 0;
    for i in 0..count {
        let kind = kinds[i % kinds.len()];
        if lost.contains(&kind) {
            continue;
        }
        // In turn each rule the ruleset has, then a capture by rank alone.
        let want = (kind == Kind::WhichCapture)
            .then(|| rules_here.get(captures % (rules_here.len() + 1)).copied())
            .flatten();
        let mut found = false;
        for t in 0..TRIES {
            if rules.searched() - start > budget {
                return Sheet {
                    puzzles: out,
                    short: Some(Short::Budget),
                };
            }
            // The first half of the tries insist on the wanted capture rule
            // and on an answer not given among the last eleven puzzles; the
            // rest only on an answer given at most once among them.
            let strict = t < TRIES / 2;
            let mut pos = scatter(rules, difficulty, kind, &mut mix);
            let planted = match want.filter(|_| strict) {
                Some(r) => match r.plant(rules, &mut pos, &mut mix) {
                    Some(m) => Some(m),
                    None => continue,
                },
                None => None,
            };
            let Some(p) = pose(rules, kind, pos, planted, &mut mix) else {
                continue;
            };
            let recent = &out[out.len().saturating_sub(SHEET_WINDOW - 1)..];
            let same = recent.iter().filter(|q| same_answer(q, &p)).count();
            if same > usize::from(!strict) || out.iter().any(|q| q.position == p.position) {
                continue;
            }
            if kind == Kind::WhichCapture {
                captures += 1;
            }
            out.push(p);
            found = true;
            break;
        }
        if !found {
            lost.push(kind);
        }
    }
    let short = (out.len() < count).then_some(Short::NotFound);
    Sheet {
        puzzles: out,
        short,
    }
}

/// Whether some animal of the ruleset may step into a trap, and so reach
/// the enemy den (which the traps surround); always, in the four-animal
/// game, which has no traps.
pub fn den_reachable(rules: &Rules) -> bool {
    let r = rules.ruleset();
    r.variants.four_animals
        || r.animals()
            .iter()
            .any(|a| r.rank(*a) <= r.variants.trap_max_rank)
}

/// How many puzzles a sheet's variety is counted over: no answer twice
/// among any twelve puzzles in a row while the search finds others, never
/// more than twice.
pub const SHEET_WINDOW: usize = 12;

/// Whether two puzzles have the same answer as a child reads it: the same
/// animal moving between the same squares.
fn same_answer(a: &Puzzle, b: &Puzzle) -> bool {
    a.answer == b.answer && a.position.at(a.answer.from) == b.position.at(b.answer.from)
}

/// The rules that make a capture allowed or not, which the "which capture"
/// puzzles take turns to make the right answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureRule {
    /// A weaker animal takes an enemy standing in its side's trap.
    Trap,
    /// A swimmer takes a swimmer, in the water.
    Water,
    /// The rat takes the elephant.
    RatElephant,
    /// A leap over the river lands on an enemy.
    Leap,
}

impl CaptureRule {
    /// Every rule, in the turn the puzzles take.
    pub const ALL: [CaptureRule; 4] = [
        CaptureRule::Trap,
        CaptureRule::Water,
        CaptureRule::RatElephant,
        CaptureRule::Leap,
    ];

    /// The rule a legal capture `mv` in `pos` shows, if any (a plain capture
    /// by rank shows none).
    pub fn of(rules: &Rules, pos: &Position, mv: Move) -> Option<CaptureRule> {
        use super::explain::{explain, Note};
        match explain(rules, pos, mv) {
            Note::Capture { leap: true, .. } => Some(CaptureRule::Leap),
            Note::Capture { trapped: true, .. } => Some(CaptureRule::Trap),
            Note::Capture { prey, .. } => {
                let mover = pos.at(mv.from)?;
                if rules.kind(mv.to) == SquareKind::River {
                    Some(CaptureRule::Water)
                } else if mover.animal == Animal::Rat && prey.animal == Animal::Elephant {
                    Some(CaptureRule::RatElephant)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Whether the ruleset has this rule at all (no river nor traps in the
    /// four-animal game, no leap where no animal leaps).
    fn possible(self, rules: &Rules) -> bool {
        let r = rules.ruleset();
        let water = !r.variants.four_animals;
        match self {
            CaptureRule::Trap => {
                water
                    && r.animals()
                        .iter()
                        .any(|a| r.rank(*a) <= r.variants.trap_max_rank && *a != Animal::Rat)
            }
            CaptureRule::Water => water,
            CaptureRule::RatElephant => true,
            CaptureRule::Leap => {
                water
                    && r.animals()
                        .iter()
                        .any(|a| rules.leaps(*a) != crate::play::rules::Jumps::None)
            }
        }
    }

    /// Puts into `pos` two pieces whose capture shows this rule, South's
    /// animal and North's (each taken from where it stood, the squares
    /// between a leap's ends emptied), and returns that capture; `None`
    /// when the ruleset's ranks or leaps give no such pair here.
    fn plant(self, rules: &Rules, pos: &mut Position, mix: &mut Mix) -> Option<Move> {
        let r = rules.ruleset();
        let animals = r.animals();
        let sq = |c: u8, row: u8| Square::new(c, row);
        let (mover, prey, from, to, between): (Animal, Animal, Square, Square, Vec<Square>) =
            match self {
                CaptureRule::Trap => {
                    let traps = [sq(2, 0), sq(4, 0), sq(3, 1)];
                    let to = traps[mix.below(3)];
                    let preys: Vec<Animal> = animals
                        .iter()
                        .copied()
                        .filter(|a| r.rank(*a) <= r.variants.trap_max_rank && *a != Animal::Rat)
                        .collect();
                    let prey = *preys.get(mix.below(preys.len()))?;
                    let movers: Vec<Animal> = animals
                        .iter()
                        .copied()
                        .filter(|a| {
                            r.rank(*a) < r.rank(prey)
                                && !(*a == Animal::Rat && prey == Animal::Elephant)
                                && r.rank(*a) <= r.variants.trap_max_rank
                        })
                        .collect();
                    let mover = *movers.get(mix.below(movers.len()))?;
                    let near: Vec<Square> = [(0i8, 1i8), (1, 0), (-1, 0), (0, -1)]
                        .iter()
                        .filter_map(|(dc, dr)| {
                            let (c, row) = (to.col as i8 + dc, to.row as i8 + dr);
                            ((0..COLS as i8).contains(&c) && (0..ROWS as i8).contains(&row))
                                .then(|| sq(c as u8, row as u8))
                        })
                        .filter(|s| rules.kind(*s) == SquareKind::Land)
                        .collect();
                    (
                        mover,
                        prey,
                        *near.get(mix.below(near.len()))?,
                        to,
                        Vec::new(),
                    )
                }
                CaptureRule::Water => {
                    let swimmer = if rules.swims(Animal::Dog) && mix.below(3) == 0 {
                        Animal::Dog
                    } else {
                        Animal::Rat
                    };
                    let col = [1u8, 2, 4, 5][mix.below(4)];
                    let row = 3 + mix.below(2) as u8;
                    (
                        swimmer,
                        Animal::Rat.min(swimmer),
                        sq(col, row),
                        sq(col, row + 1),
                        Vec::new(),
                    )
                }
                CaptureRule::RatElephant => {
                    let col = mix.below(COLS as usize) as u8;
                    let row = [1u8, 2, 6, 7][mix.below(4)];
                    let (from, to) = (sq(col, row), sq(col, row - 1));
                    if rules.kind(from) != SquareKind::Land || rules.kind(to) != SquareKind::Land {
                        return None;
                    }
                    (Animal::Rat, Animal::Elephant, from, to, Vec::new())
                }
                CaptureRule::Leap => {
                    use crate::play::rules::Jumps;
                    let leapers: Vec<Animal> = animals
                        .iter()
                        .copied()
                        .filter(|a| rules.leaps(*a) != Jumps::None)
                        .collect();
                    let mover = *leapers.get(mix.below(leapers.len()))?;
                    let preys: Vec<Animal> = animals
                        .iter()
                        .copied()
                        .filter(|a| r.rank(*a) <= r.rank(mover) && *a != mover)
                        .collect();
                    let prey = *preys.get(mix.below(preys.len()))?;
                    let sideways = match rules.leaps(mover) {
                        Jumps::Sideways => true,
                        Jumps::Lengthwise => false,
                        _ => mix.below(2) == 0,
                    };
                    if sideways {
                        let row = 3 + mix.below(3) as u8;
                        let (a, b) = [(0u8, 3u8), (3, 0), (3, 6), (6, 3)][mix.below(4)];
                        let (lo, hi) = (a.min(b), a.max(b));
                        let between = (lo + 1..hi).map(|c| sq(c, row)).collect();
                        (mover, prey, sq(a, row), sq(b, row), between)
                    } else {
                        let col = [1u8, 2, 4, 5][mix.below(4)];
                        let between = (3..6).map(|row| sq(col, row)).collect();
                        (mover, prey, sq(col, 2), sq(col, 6), between)
                    }
                }
            };
        let south = Piece {
            side: Side::South,
            animal: mover,
        };
        let north = Piece {
            side: Side::North,
            animal: prey,
        };
        for p in [south, north] {
            if let Some(at) = pos.find(p) {
                pos.put(at, None);
            }
        }
        for s in between {
            pos.put(s, None);
        }
        pos.put(from, Some(south));
        pos.put(to, Some(north));
        let mv = Move { from, to };
        (CaptureRule::of(rules, pos, mv) == Some(self)).then_some(mv)
    }
}

/// The puzzle of `kind` in `pos`, if the position has one with a unique
/// answer; for "which capture", `planted` (when given) must be the answer.
fn pose(
    rules: &Rules,
    kind: Kind,
    pos: Position,
    planted: Option<Move>,
    mix: &mut Mix,
) -> Option<Puzzle> {
    if rules.won(&pos).is_some() {
        return None;
    }
    let puzzle = |answer, choices| Puzzle {
        kind,
        position: pos.clone(),
        answer,
        choices,
    };
    match kind {
        Kind::WinIn1 => match winning_moves(rules, &pos, 1).as_slice() {
            [m] => Some(puzzle(*m, Vec::new())),
            _ => None,
        },
        Kind::WinIn2 => {
            if !winning_moves(rules, &pos, 1).is_empty() {
                return None;
            }
            match winning_moves(rules, &pos, 2).as_slice() {
                [m] if !legal_moves(rules, &rules.after(&pos, *m)).is_empty() => {
                    Some(puzzle(*m, Vec::new()))
                }
                _ => None,
            }
        }
        Kind::SaveElephant => {
            if !threatened(rules, &pos) || !winning_moves(rules, &pos, 1).is_empty() {
                return None;
            }
            match saving_moves(rules, &pos).as_slice() {
                [m] => Some(puzzle(*m, Vec::new())),
                _ => None,
            }
        }
        Kind::WhichCapture => {
            let legal = legal_moves(rules, &pos);
            let tries = attempted_captures(rules, &pos);
            let (good, bad): (Vec<Move>, Vec<Move>) =
                tries.into_iter().partition(|m| legal.contains(m));
            if good.is_empty() || bad.len() < 2 {
                return None;
            }
            let answer = match planted {
                Some(m) if good.contains(&m) => m,
                Some(_) => return None,
                None => good[mix.below(good.len())],
            };
            let mut bad = bad;
            let mut choices = vec![answer];
            for _ in 0..2 {
                choices.push(bad.remove(mix.below(bad.len())));
            }
            // The answer's letter from the seed too.
            let k = mix.below(3);
            choices.swap(0, k);
            // Winning at once would be another answer to look for: avoided.
            if !winning_moves(rules, &pos, 1).is_empty() {
                return None;
            }
            Some(puzzle(answer, choices))
        }
    }
}

/// Every move by which a South animal would land on a North one, by a step
/// or by a straight line over water (a leap's path), legal or not.
fn attempted_captures(rules: &Rules, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    for (from, p) in pos.pieces().filter(|(_, p)| p.side == Side::South) {
        for (dc, dr) in [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)] {
            let mut c = from.col as i8 + dc;
            let mut r = from.row as i8 + dr;
            let mut over_water = false;
            while (0..COLS as i8).contains(&c) && (0..ROWS as i8).contains(&r) {
                let sq = Square::new(c as u8, r as u8);
                if let Some(q) = pos.at(sq) {
                    if q.side == Side::North && (!over_water || rules.kind(sq) != SquareKind::River)
                    {
                        out.push(Move { from, to: sq });
                    }
                    break;
                }
                // A leaper's line goes on over the water; a step stops.
                let leaper = rules.leaps(p.animal) != crate::play::rules::Jumps::None;
                if rules.kind(sq) != SquareKind::River || !leaper {
                    break;
                }
                over_water = true;
                c += dc;
                r += dr;
            }
        }
    }
    out
}

/// A random position for a puzzle of `kind`: a few animals of each side on
/// squares they may stand on, South's leaning north for the wins, South's
/// elephant under threat for the rescues.
fn scatter(rules: &Rules, difficulty: Difficulty, kind: Kind, mix: &mut Mix) -> Position {
    let mut pos = Position::empty(Side::South);
    let animals = rules.ruleset().animals();
    let (lo, hi) = difficulty.animals();
    let place = |pos: &mut Position, piece: Piece, rows: (u8, u8), mix: &mut Mix| {
        for _ in 0..30 {
            let row = rows.0 + mix.below((rows.1 - rows.0 + 1) as usize) as u8;
            let sq = Square::new(mix.below(COLS as usize) as u8, row);
            let kind = rules.kind(sq);
            let ok = pos.at(sq).is_none()
                && kind != SquareKind::Den(piece.side)
                && kind != SquareKind::Den(piece.side.opponent())
                && (kind != SquareKind::River || rules.swims(piece.animal))
                && (!matches!(kind, SquareKind::Trap(_))
                    || rules.ruleset().rank(piece.animal)
                        <= rules.ruleset().variants.trap_max_rank);
            if ok {
                pos.put(sq, Some(piece));
                return true;
            }
        }
        false
    };
    let south_rows = match kind {
        Kind::WinIn1 => (5, 8),
        Kind::WinIn2 => (4, 8),
        _ => (2, 7),
    };
    let pick = |n: usize, mix: &mut Mix, skip: &[Animal]| {
        let mut pool: Vec<Animal> = animals
            .iter()
            .copied()
            .filter(|a| !skip.contains(a))
            .collect();
        let mut chosen = Vec::new();
        for _ in 0..n.min(pool.len()) {
            chosen.push(pool.remove(mix.below(pool.len())));
        }
        chosen
    };
    let ns = lo + mix.below(hi - lo + 1);
    let nn = lo + mix.below(hi - lo + 1);
    if kind == Kind::SaveElephant {
        // South's elephant, and a North animal beside it that may take it.
        let e = Piece {
            side: Side::South,
            animal: Animal::Elephant,
        };
        place(&mut pos, e, (2, 6), mix);
        if let Some(at) = pos.find(e) {
            let attacker = if mix.below(2) == 0 {
                Animal::Rat
            } else {
                Animal::Elephant
            };
            let (dc, dr) = [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)][mix.below(4)];
            let (c, r) = (at.col as i8 + dc, at.row as i8 + dr);
            if (0..COLS as i8).contains(&c) && (0..ROWS as i8).contains(&r) {
                let sq = Square::new(c as u8, r as u8);
                if rules.kind(sq) != SquareKind::River || rules.swims(attacker) {
                    pos.put(
                        sq,
                        Some(Piece {
                            side: Side::North,
                            animal: attacker,
                        }),
                    );
                }
            }
        }
    }
    let taken = |pos: &Position, side| -> Vec<Animal> {
        pos.pieces()
            .filter(|(_, p)| p.side == side)
            .map(|(_, p)| p.animal)
            .collect()
    };
    let skip = taken(&pos, Side::South);
    for a in pick(ns.saturating_sub(skip.len()), mix, &skip) {
        let piece = Piece {
            side: Side::South,
            animal: a,
        };
        place(&mut pos, piece, south_rows, mix);
    }
    let skip = taken(&pos, Side::North);
    for a in pick(nn.saturating_sub(skip.len()), mix, &skip) {
        let piece = Piece {
            side: Side::North,
            animal: a,
        };
        place(&mut pos, piece, (2, 8), mix);
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::rules::Ruleset;

    fn rules(edits: &[(&str, &str)]) -> Rules {
        let src = crate::play::rules::BUILTIN
            .iter()
            .find(|(n, _)| *n == "standard")
            .map(|(_, s)| s.to_string())
            .unwrap_or_default();
        let src = edits.iter().fold(src, |s, (a, b)| s.replacen(a, b, 1));
        Rules::new(&Ruleset::parse(&src, "test").expect("valid"))
    }

    /// Over 48 puzzles of each preset and difficulty: at least 10 different
    /// answers in every sheet of 12, none more than twice, and every capture
    /// rule the preset has a right answer at least once.
    #[test]
    fn sheets_vary_their_answers_and_capture_rules() {
        for name in ["standard", "bell", "fox", "checkers"] {
            let r = Rules::new(&Ruleset::builtin(name).expect("a preset"));
            for d in Difficulty::ALL {
                let all = make(&r, d, 48, 1);
                assert_eq!(all.len(), 48, "{name} {d:?}");
                for sheet in all.chunks(SHEET_WINDOW) {
                    let mut kinds: Vec<usize> = Vec::new();
                    for p in sheet {
                        let same = sheet.iter().filter(|q| same_answer(p, q)).count();
                        assert!(same <= 2, "{name} {d:?}: {} given {same} times", p.answer);
                        kinds.push(same);
                    }
                    let distinct: f64 = kinds.iter().map(|k| 1.0 / *k as f64).sum();
                    assert!(distinct.round() as usize >= 10, "{name} {d:?}: {distinct}");
                }
                if !d.kinds().contains(&Kind::WhichCapture) {
                    continue;
                }
                let shown: Vec<CaptureRule> = all
                    .iter()
                    .filter(|p| p.kind == Kind::WhichCapture)
                    .filter_map(|p| CaptureRule::of(&r, &p.position, p.answer))
                    .collect();
                for rule in CaptureRule::ALL.into_iter().filter(|c| c.possible(&r)) {
                    assert!(shown.contains(&rule), "{name} {d:?}: no {rule:?} answer");
                }
                assert!(all.iter().all(|p| p.proven(&r)));
            }
        }
    }

    #[test]
    fn the_budget_ends_the_search_with_the_puzzles_found_so_far() {
        let r = rules(&[]);
        let full = make_sheet(&r, Difficulty::Hard, 12, 5);
        assert_eq!(full.puzzles.len(), 12);
        assert_eq!(full.short, None);
        let cut = make_within(&r, Difficulty::Hard, 12, 5, 20_000);
        assert_eq!(cut.short, Some(Short::Budget));
        assert!(cut.puzzles.len() < 12);
        assert_eq!(cut.puzzles[..], full.puzzles[..cut.puzzles.len()]);
    }

    #[test]
    fn a_kind_that_cannot_happen_is_given_up_and_said() {
        let r = rules(&[
            ("rat = 1", "rat = 2"),
            ("trap_max_rank = 8 ", "trap_max_rank = 1 "),
        ]);
        assert!(!den_reachable(&r));
        assert!(den_reachable(&rules(&[(
            "trap_max_rank = 8 ",
            "trap_max_rank = 1 "
        )])));
        let start = r.searched();
        let sheet = make_sheet(&r, Difficulty::Hard, 48, 1);
        assert!(r.searched() - start < MAX_PUZZLE_NODES);
        assert_eq!(sheet.short, Some(Short::NotFound));
        assert!(sheet.puzzles.iter().all(|p| p.kind == Kind::SaveElephant));
        assert!(sheet.puzzles.iter().all(|p| p.proven(&r)));
    }
}

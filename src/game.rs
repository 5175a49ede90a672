//! The game model: sides, animals, pieces, squares and the standard 7×9 board
//! (square kinds, owners and start squares), as pure data with no geometry.
//!
//! Coordinates follow the usual notation: columns `a`–`g` from the south player's
//! left, rows `1`–`9` counted from the south. Internally a [`Square`] holds a
//! zero-based column (0 = a) and a zero-based row (0 = row 1).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Number of columns (files a–g).
pub const COLS: u8 = 7;
/// Number of rows (ranks 1–9).
pub const ROWS: u8 = 9;

/// One of the two players. South sits at row 1, north at row 9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player at rows 1–3, who reads the board the right way up.
    South,
    /// The player at rows 7–9, who reads the board turned 180°.
    North,
}

impl Side {
    /// Both sides, south first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// Lower-case name used in data files (`south`, `north`).
    pub fn key(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

/// The eight animals, in a fixed order (weakest first in the usual ranking).
///
/// Ranks are not stored here: they come from the ruleset in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Animal {
    Rat,
    Cat,
    Dog,
    Wolf,
    Leopard,
    Tiger,
    Lion,
    Elephant,
}

impl Animal {
    /// All eight animals, rat first.
    pub const ALL: [Animal; 8] = [
        Animal::Rat,
        Animal::Cat,
        Animal::Dog,
        Animal::Wolf,
        Animal::Leopard,
        Animal::Tiger,
        Animal::Lion,
        Animal::Elephant,
    ];

    /// Lower-case key used in data files (`rat`, `elephant`, …).
    pub fn key(self) -> &'static str {
        match self {
            Animal::Rat => "rat",
            Animal::Cat => "cat",
            Animal::Dog => "dog",
            Animal::Wolf => "wolf",
            Animal::Leopard => "leopard",
            Animal::Tiger => "tiger",
            Animal::Lion => "lion",
            Animal::Elephant => "elephant",
        }
    }
}

/// A board square. `col` 0–6 is a–g, `row` 0–8 is 1–9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// Zero-based column: 0 = a (the south player's left).
    pub col: u8,
    /// Zero-based row: 0 = row 1 (the south edge).
    pub row: u8,
}

impl Square {
    /// The square at `col`, `row` (zero-based). Panics if off the board: only
    /// used with constants and loop indices inside this module and its tests.
    pub const fn new(col: u8, row: u8) -> Square {
        assert!(col < COLS && row < ROWS);
        Square { col, row }
    }

    /// Parses algebraic notation such as `d9`.
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let c = chars.next()?;
        let rest: String = chars.collect();
        let col = (c as u32).checked_sub('a' as u32)?;
        let row: u32 = rest.parse().ok()?;
        if col < COLS as u32 && (1..=ROWS as u32).contains(&row) {
            Some(Square::new(col as u8, (row - 1) as u8))
        } else {
            None
        }
    }

    /// The square seen from the other side of the board (turned 180°).
    pub fn rotated(self) -> Square {
        Square::new(COLS - 1 - self.col, ROWS - 1 - self.row)
    }

    /// Column letter, `a`–`g`.
    pub fn file(self) -> char {
        (b'a' + self.col) as char
    }

    /// Row number, 1–9.
    pub fn rank(self) -> u8 {
        self.row + 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// What a square is. Traps and dens belong to a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "owner")]
pub enum SquareKind {
    /// Ordinary ground.
    Land,
    /// Water: only the rat (and, in some rules, the dog) may enter.
    River,
    /// A trap owned by a side: an enemy animal standing in it loses its rank.
    Trap(Side),
    /// A side's den: the goal of the opponent.
    Den(Side),
}

/// A piece: an animal belonging to a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Piece {
    /// The owner.
    pub side: Side,
    /// The animal.
    pub animal: Animal,
}

/// South's start squares; north's are the same turned 180°.
const SOUTH_START: [(Animal, &str); 8] = [
    (Animal::Tiger, "a1"),
    (Animal::Lion, "g1"),
    (Animal::Cat, "b2"),
    (Animal::Dog, "f2"),
    (Animal::Elephant, "a3"),
    (Animal::Wolf, "c3"),
    (Animal::Leopard, "e3"),
    (Animal::Rat, "g3"),
];

/// The standard board: square kinds and the 16 start squares.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Board {
    /// `kinds[row][col]`, row 0 = row 1 (south).
    kinds: [[SquareKind; COLS as usize]; ROWS as usize],
    /// The 16 pieces and their start squares, south's first, in [`Animal::ALL`] order.
    starts: Vec<(Piece, Square)>,
}

impl Board {
    /// The standard Dou Shou Qi board.
    pub fn standard() -> Board {
        let mut kinds = [[SquareKind::Land; COLS as usize]; ROWS as usize];
        // Two lakes: columns b–c and e–f, rows 4–6.
        for row in kinds.iter_mut().take(6).skip(3) {
            for col in [1, 2, 4, 5] {
                row[col] = SquareKind::River;
            }
        }
        for side in Side::ALL {
            let place = |sq: Square| match side {
                Side::South => sq,
                Side::North => sq.rotated(),
            };
            let den = place(Square::new(3, 0));
            kinds[den.row as usize][den.col as usize] = SquareKind::Den(side);
            for trap in [Square::new(2, 0), Square::new(4, 0), Square::new(3, 1)] {
                let t = place(trap);
                kinds[t.row as usize][t.col as usize] = SquareKind::Trap(side);
            }
        }
        let mut starts = Vec::with_capacity(16);
        for side in Side::ALL {
            for animal in Animal::ALL {
                let (_, name) = SOUTH_START
                    .iter()
                    .find(|(a, _)| *a == animal)
                    .expect("every animal has a start square");
                let sq = Square::parse(name).expect("valid constant");
                let sq = match side {
                    Side::South => sq,
                    Side::North => sq.rotated(),
                };
                starts.push((Piece { side, animal }, sq));
            }
        }
        Board { kinds, starts }
    }

    /// The kind of a square.
    pub fn kind(&self, sq: Square) -> SquareKind {
        self.kinds[sq.row as usize][sq.col as usize]
    }

    /// Every square, row 1 first, a to g within a row.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        (0..ROWS).flat_map(|row| (0..COLS).map(move |col| Square::new(col, row)))
    }

    /// The 16 pieces with their start squares.
    pub fn starts(&self) -> &[(Piece, Square)] {
        &self.starts
    }

    /// The piece that starts on `sq`, if any.
    pub fn start_piece(&self, sq: Square) -> Option<Piece> {
        self.starts.iter().find(|(_, s)| *s == sq).map(|(p, _)| *p)
    }

    /// The start square of a piece.
    pub fn start_of(&self, piece: Piece) -> Square {
        self.starts
            .iter()
            .find(|(p, _)| *p == piece)
            .map(|(_, s)| *s)
            .expect("all 16 pieces have a start square")
    }

    /// The two lakes as rectangles of squares `(min, max)` (inclusive), west first.
    pub fn lakes(&self) -> [(Square, Square); 2] {
        [
            (Square::new(1, 3), Square::new(2, 5)),
            (Square::new(4, 3), Square::new(5, 5)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(board: &Board, kind: SquareKind) -> usize {
        board.squares().filter(|&s| board.kind(s) == kind).count()
    }

    #[test]
    fn board_has_63_squares() {
        assert_eq!(Board::standard().squares().count(), 63);
    }

    #[test]
    fn twelve_river_squares_in_two_lakes() {
        let b = Board::standard();
        assert_eq!(count(&b, SquareKind::River), 12);
        for name in ["b4", "c4", "b6", "c6", "e4", "f5", "f6"] {
            assert_eq!(
                b.kind(Square::parse(name).unwrap()),
                SquareKind::River,
                "{name}"
            );
        }
        for name in ["a4", "d5", "g6", "b3", "c7"] {
            assert_ne!(
                b.kind(Square::parse(name).unwrap()),
                SquareKind::River,
                "{name}"
            );
        }
        for (lo, hi) in b.lakes() {
            for s in b.squares() {
                let inside =
                    (lo.col..=hi.col).contains(&s.col) && (lo.row..=hi.row).contains(&s.row);
                if inside {
                    assert_eq!(b.kind(s), SquareKind::River);
                }
            }
        }
    }

    #[test]
    fn three_traps_and_one_den_per_side() {
        let b = Board::standard();
        for side in Side::ALL {
            assert_eq!(count(&b, SquareKind::Trap(side)), 3);
            assert_eq!(count(&b, SquareKind::Den(side)), 1);
        }
        let k = |n: &str| b.kind(Square::parse(n).unwrap());
        assert_eq!(k("d1"), SquareKind::Den(Side::South));
        assert_eq!(k("d9"), SquareKind::Den(Side::North));
        for t in ["c1", "e1", "d2"] {
            assert_eq!(k(t), SquareKind::Trap(Side::South));
        }
        for t in ["c9", "e9", "d8"] {
            assert_eq!(k(t), SquareKind::Trap(Side::North));
        }
        assert_eq!(count(&b, SquareKind::Land), 63 - 12 - 8);
    }

    #[test]
    fn start_squares_match_the_sources() {
        let b = Board::standard();
        let at = |a, side| b.start_of(Piece { side, animal: a }).to_string();
        let south = [
            (Animal::Tiger, "a1"),
            (Animal::Lion, "g1"),
            (Animal::Cat, "b2"),
            (Animal::Dog, "f2"),
            (Animal::Elephant, "a3"),
            (Animal::Wolf, "c3"),
            (Animal::Leopard, "e3"),
            (Animal::Rat, "g3"),
        ];
        let north = [
            (Animal::Lion, "a9"),
            (Animal::Tiger, "g9"),
            (Animal::Dog, "b8"),
            (Animal::Cat, "f8"),
            (Animal::Rat, "a7"),
            (Animal::Leopard, "c7"),
            (Animal::Wolf, "e7"),
            (Animal::Elephant, "g7"),
        ];
        for (a, s) in south {
            assert_eq!(at(a, Side::South), s);
        }
        for (a, s) in north {
            assert_eq!(at(a, Side::North), s);
        }
    }

    #[test]
    fn start_squares_are_symmetric_under_half_turn() {
        let b = Board::standard();
        assert_eq!(b.starts().len(), 16);
        for &(piece, sq) in b.starts() {
            let twin = Piece {
                side: piece.side.opponent(),
                animal: piece.animal,
            };
            assert_eq!(b.start_of(twin), sq.rotated(), "{piece:?}");
            assert_eq!(b.kind(sq), SquareKind::Land, "pieces start on land");
        }
        let mut squares: Vec<_> = b.starts().iter().map(|(_, s)| *s).collect();
        squares.sort();
        squares.dedup();
        assert_eq!(squares.len(), 16, "no two pieces share a start square");
    }

    #[test]
    fn board_kinds_are_symmetric_under_half_turn() {
        let b = Board::standard();
        for s in b.squares() {
            let mirrored = match b.kind(s) {
                SquareKind::Trap(side) => SquareKind::Trap(side.opponent()),
                SquareKind::Den(side) => SquareKind::Den(side.opponent()),
                k => k,
            };
            assert_eq!(b.kind(s.rotated()), mirrored, "{s}");
        }
    }

    #[test]
    fn notation_round_trips() {
        for s in Board::standard().squares() {
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        assert_eq!(Square::parse("h1"), None);
        assert_eq!(Square::parse("a0"), None);
        assert_eq!(Square::parse("a10"), None);
        assert_eq!(Square::parse(""), None);
    }

    #[test]
    fn snapshot_of_the_board_model() {
        let b = Board::standard();
        // A text picture, north at the top, as the south player sees it.
        let mut pic = String::new();
        for row in (0..ROWS).rev() {
            pic.push_str(&format!("{} ", row + 1));
            for col in 0..COLS {
                let sq = Square::new(col, row);
                let c = match (b.start_piece(sq), b.kind(sq)) {
                    (Some(p), _) => {
                        let ch = p.animal.key().chars().next().unwrap();
                        let ch = if p.animal == Animal::Leopard { 'p' } else { ch };
                        match p.side {
                            Side::South => ch.to_ascii_uppercase(),
                            Side::North => ch,
                        }
                    }
                    (None, SquareKind::Land) => '.',
                    (None, SquareKind::River) => '~',
                    (None, SquareKind::Trap(_)) => '#',
                    (None, SquareKind::Den(_)) => '@',
                };
                pic.push(c);
            }
            pic.push('\n');
        }
        pic.push_str("  abcdefg\n");
        insta::assert_snapshot!("board_picture", pic);
        insta::assert_yaml_snapshot!("board_model", b);
    }
}

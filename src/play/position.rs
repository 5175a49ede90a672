//! A position: which piece stands on each of the 63 squares, and whose turn
//! it is; written and read as one line of text.
//!
//! # The text form
//!
//! Like chess's FEN: the nine rows from the north edge (row 9) down to the
//! south edge (row 1), separated by `/`; within a row, columns `a` to `g`
//! (the south player's left to right). A piece is a letter, upper case for
//! South and lower case for North:
//!
//! | letter | animal |
//! |--------|--------|
//! | `e` | elephant |
//! | `l` | lion |
//! | `t` | tiger |
//! | `p` | leopard (panther) |
//! | `w` | wolf (the fox, where the fox takes its place) |
//! | `d` | dog |
//! | `c` | cat |
//! | `r` | rat |
//!
//! A digit 1–7 stands for that many empty squares. After the rows, a space
//! and the side to move: `s` (South) or `n` (North). The start position of
//! the full game, South to move:
//!
//! ```text
//! l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s
//! ```
//!
//! The letters and the order of the rows are those of netcan/AnimalChess,
//! whose start position reads the same (it writes `w` for the side to move
//! where this form writes `s`).

use std::fmt;

use crate::error::Error;
use crate::game::{Animal, Board, Piece, Side, Square, SquareKind, COLS, ROWS};

/// Which piece stands on each square, and who moves next.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// `cells[row * 7 + col]`, row 0 = row 1 (south), col 0 = a.
    cells: [Option<Piece>; (COLS * ROWS) as usize],
    /// The side whose turn it is.
    pub to_move: Side,
}

/// The letter of an animal in the text form (lower case).
pub fn letter(a: Animal) -> char {
    match a {
        Animal::Elephant => 'e',
        Animal::Lion => 'l',
        Animal::Tiger => 't',
        Animal::Leopard => 'p',
        Animal::Wolf => 'w',
        Animal::Dog => 'd',
        Animal::Cat => 'c',
        Animal::Rat => 'r',
    }
}

fn animal_of(c: char) -> Option<Animal> {
    Animal::ALL
        .into_iter()
        .find(|a| letter(*a) == c.to_ascii_lowercase())
}

fn index(sq: Square) -> usize {
    sq.row as usize * COLS as usize + sq.col as usize
}

impl Position {
    /// An empty board with `to_move` to play.
    pub fn empty(to_move: Side) -> Position {
        Position {
            cells: [None; (COLS * ROWS) as usize],
            to_move,
        }
    }

    /// The start position of a game with these animals (all eight, or the
    /// four of Animal Checkers), `first` to move.
    pub fn start(animals: &[Animal], first: Side) -> Position {
        let mut p = Position::empty(first);
        for (piece, sq) in Board::standard().starts() {
            if animals.contains(&piece.animal) {
                p.put(*sq, Some(*piece));
            }
        }
        p
    }

    /// The piece on a square.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.cells[index(sq)]
    }

    /// Puts a piece on a square (or empties it with `None`).
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) {
        self.cells[index(sq)] = piece;
    }

    /// Every piece with its square, row 1 first, a to g within a row.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.cells.iter().enumerate().filter_map(|(i, p)| {
            p.map(|p| {
                let sq = Square::new(i as u8 % COLS, i as u8 / COLS);
                (sq, p)
            })
        })
    }

    /// Where a side's animal stands, if it is on the board.
    pub fn find(&self, piece: Piece) -> Option<Square> {
        self.pieces().find(|(_, p)| *p == piece).map(|(s, _)| s)
    }

    /// How many animals a side has on the board.
    pub fn count(&self, side: Side) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|p| p.side == side)
            .count()
    }

    /// The same position seen from the other side: every square turned 180°,
    /// every piece given to the other player, the other side to move.
    pub fn flipped(&self) -> Position {
        let mut p = Position::empty(self.to_move.opponent());
        for (sq, piece) in self.pieces() {
            p.put(
                sq.rotated(),
                Some(Piece {
                    side: piece.side.opponent(),
                    animal: piece.animal,
                }),
            );
        }
        p
    }

    /// Reads the text form (see the module's documentation). Errors name the
    /// column (1-based, in characters) of the first thing that is wrong.
    pub fn parse(text: &str) -> Result<Position, Error> {
        let err = |column: usize, message: String| Error::Input {
            origin: "position".into(),
            line: 1,
            column,
            key: String::new(),
            message,
        };
        let chars: Vec<char> = text.chars().collect();
        let mut p = Position::empty(Side::South);
        let (mut row, mut col) = (ROWS as usize - 1, 0usize);
        let mut i = 0;
        let board = Board::standard();
        while i < chars.len() && chars[i] != ' ' {
            let c = chars[i];
            let column = i + 1;
            match c {
                '/' => {
                    if col != COLS as usize {
                        return Err(err(column, format!(
                            "row {} has {col} squares before `/`; every row has 7 (a digit counts that many empty squares)",
                            row + 1
                        )));
                    }
                    if row == 0 {
                        return Err(err(
                            column,
                            "a tenth row: the board has 9 rows, so 8 `/`".into(),
                        ));
                    }
                    row -= 1;
                    col = 0;
                }
                '1'..='7' => {
                    col += c as usize - '0' as usize;
                    if col > COLS as usize {
                        return Err(err(
                            column,
                            format!("row {} has more than 7 squares", row + 1),
                        ));
                    }
                }
                _ => {
                    let Some(animal) = animal_of(c) else {
                        return Err(err(column, format!(
                            "`{c}` is not a piece: expected one of e l t p w d c r (upper case for South, lower case for North), a digit 1–7 for empty squares, or `/`"
                        )));
                    };
                    if col >= COLS as usize {
                        return Err(err(
                            column,
                            format!("row {} has more than 7 squares", row + 1),
                        ));
                    }
                    let side = if c.is_ascii_uppercase() {
                        Side::South
                    } else {
                        Side::North
                    };
                    let piece = Piece { side, animal };
                    let sq = Square::new(col as u8, row as u8);
                    if let Some(at) = p.find(piece) {
                        return Err(err(
                            column,
                            format!(
                                "a second {} {} (the first is on {at})",
                                side.key(),
                                animal.key()
                            ),
                        ));
                    }
                    if board.kind(sq) == SquareKind::Den(side) {
                        return Err(err(
                            column,
                            format!(
                                "a {} animal on {sq}, its own den, where it may never stand",
                                side.key()
                            ),
                        ));
                    }
                    p.put(sq, Some(piece));
                    col += 1;
                }
            }
            i += 1;
        }
        if row != 0 || col != COLS as usize {
            return Err(err(i + 1, format!(
                "the board ends early: 9 rows of 7 squares are needed, and this one stops in row {} after {col} squares",
                row + 1
            )));
        }
        let rest: String = chars[i..].iter().collect();
        p.to_move = match rest.as_str() {
            " s" => Side::South,
            " n" => Side::North,
            _ => {
                return Err(err(i + 1, format!(
                    "after the rows comes a space and the side to move, `s` (South) or `n` (North); found `{rest}`"
                )))
            }
        };
        Ok(p)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ROWS).rev() {
            let mut empty = 0;
            for col in 0..COLS {
                match self.at(Square::new(col, row)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let c = letter(p.animal);
                        let c = match p.side {
                            Side::South => c.to_ascii_uppercase(),
                            Side::North => c,
                        };
                        write!(f, "{c}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                write!(f, "/")?;
            }
        }
        let side = match self.to_move {
            Side::South => 's',
            Side::North => 'n',
        };
        write!(f, " {side}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s";

    #[test]
    fn the_start_position_reads_and_writes() {
        let p = Position::start(&Animal::ALL, Side::South);
        assert_eq!(p.to_string(), START);
        assert_eq!(Position::parse(START).unwrap(), p);
        assert_eq!(p.count(Side::South), 8);
        assert_eq!(p.flipped().flipped(), p);
        // The start is symmetric under a half turn, up to the side to move.
        let mut f = p.flipped();
        f.to_move = Side::South;
        assert_eq!(f, p);
    }

    #[test]
    fn errors_name_the_column() {
        let cases = [
            (
                "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x",
                42,
                "side to move",
            ),
            (
                "l5t/1d3c1/r1q1w1e/7/7/7/E1W1P1R/1C3D1/T5L s",
                13,
                "`q` is not a piece",
            ),
            (
                "l5t/1d3c/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s",
                9,
                "row 8 has 6 squares",
            ),
            (
                "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5 s",
                41,
                "ends early",
            ),
            ("l6t/7/7/7/7/7/7/7/7 s", 3, "more than 7"),
            (
                "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T2E2L s",
                41,
                "a second south elephant",
            ),
            ("3l3/7/7/7/7/7/7/7/7 s", 2, "own den"),
        ];
        for (text, column, words) in cases {
            let e = Position::parse(text).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("position:1:{column}: ")) && e.contains(words),
                "{text}: {e}"
            );
        }
    }
}

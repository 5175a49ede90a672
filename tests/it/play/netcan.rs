//! A port, for testing only, of the move generator of netcan/AnimalChess
//! (<https://github.com/netcan/AnimalChess>, `core/src/board.rs`,
//! commit 3db39ce), used to cross-check `jungle_print::play`.
//!
//! Copyright (c) 2020 Netcan. Released under the MIT License:
//!
//! > Permission is hereby granted, free of charge, to any person obtaining a
//! > copy of this software and associated documentation files (the
//! > "Software"), to deal in the Software without restriction, including
//! > without limitation the rights to use, copy, modify, merge, publish,
//! > distribute, sublicense, and/or sell copies of the Software, and to
//! > permit persons to whom the Software is furnished to do so, subject to
//! > the following conditions: The above copyright notice and this
//! > permission notice shall be included in all copies or substantial
//! > portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT
//! > WARRANTY OF ANY KIND.
//!
//! Only the rules are kept (its search, Zobrist keys and repetition counter
//! are left out), rewritten with plain coordinates: `(row, col)`, row 0 the
//! north edge (row 9 of this project's notation), col 0 column a. Its kinds
//! are indexed strongest first (elephant 0 … rat 7), so "stronger or equal"
//! is a smaller or equal index. Its `check_at_bank` bit mask is written out
//! as the squares it holds, and its `RED` is South, `BLACK` North.

/// A piece: (South?, kind index 0 = elephant … 7 = rat).
pub type Chess = Option<(bool, u8)>;

pub const ELEPHANT: u8 = 0;
pub const LION: u8 = 1;
pub const TIGER: u8 = 2;
pub const RAT: u8 = 7;

/// The board, `[row][col]`, row 0 north.
pub struct Board {
    pub chesses: [[Chess; 7]; 9],
    /// South (its RED) to move.
    pub red: bool,
}

const RED_DEN: (usize, usize) = (8, 3);
const BLACK_DEN: (usize, usize) = (0, 3);
const DXY: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

fn in_water((r, c): (usize, usize)) -> bool {
    (3..=5).contains(&r) && c % 3 != 0
}

/// Its `BANK` mask: the land squares beside the lakes a leaper starts from.
fn at_bank((r, c): (usize, usize)) -> bool {
    ((r == 2 || r == 6) && c % 3 != 0) || ((3..=5).contains(&r) && c % 3 == 0)
}

/// Its `TRAP` mask and `check_in_traps`: a red piece is trapped in the
/// north's traps (rows 0–1), a black one in the south's (rows 7–8).
fn in_enemy_trap(b: &Board, (r, c): (usize, usize)) -> bool {
    let trap = matches!((r, c), (0, 2) | (0, 4) | (1, 3) | (8, 2) | (8, 4) | (7, 3));
    match b.chesses[r][c] {
        Some((true, _)) if trap => r <= 1,
        Some((false, _)) if trap => r >= 7,
        _ => false,
    }
}

fn check_rat(b: &Board, src: (usize, usize), dst: (usize, usize)) -> bool {
    if src.0 == dst.0 {
        (src.1.min(dst.1)..=src.1.max(dst.1))
            .any(|j| matches!(b.chesses[src.0][j], Some((_, RAT))) && in_water((src.0, j)))
    } else {
        (src.0.min(dst.0)..=src.0.max(dst.0))
            .any(|i| matches!(b.chesses[i][src.1], Some((_, RAT))) && in_water((i, src.1)))
    }
}

fn check_movable(b: &Board, src: (usize, usize), dst: (usize, usize)) -> bool {
    let (s, d) = (b.chesses[src.0][src.1], b.chesses[dst.0][dst.1]);
    let Some((s_red, s_kind)) = s else {
        return false;
    };
    if (s_red && dst == RED_DEN) || (!s_red && dst == BLACK_DEN) {
        return false;
    }
    let Some((d_red, d_kind)) = d else {
        return true;
    };
    if s_red == d_red {
        return false;
    }
    match (s_kind, d_kind) {
        (RAT, ELEPHANT) => !in_water(src),
        (ELEPHANT, RAT) => false,
        (s, d) => s <= d || in_enemy_trap(b, dst),
    }
}

fn basic_steps(
    b: &Board,
    src: (usize, usize),
    to_water: bool,
) -> Vec<((usize, usize), (usize, usize))> {
    DXY.iter()
        .filter_map(|(dr, dc)| {
            let r = src.0 as i8 + dr;
            let c = src.1 as i8 + dc;
            ((0..9).contains(&r) && (0..7).contains(&c)).then_some((r as usize, c as usize))
        })
        .filter(|&dst| check_movable(b, src, dst) && (!in_water(dst) || to_water))
        .map(|dst| (src, dst))
        .collect()
}

fn tl_steps(b: &Board, src: (usize, usize)) -> Vec<((usize, usize), (usize, usize))> {
    let mut steps = basic_steps(b, src, false);
    if at_bank(src) {
        if (src.0 + 2).is_multiple_of(4) {
            steps.push((src, ((src.0 + 4) % 8, src.1)));
        } else if src.1.is_multiple_of(6) {
            steps.push((src, (src.0, 3)));
        } else {
            steps.push((src, (src.0, 0)));
            steps.push((src, (src.0, 6)));
        }
        steps.retain(|&(s, d)| check_movable(b, s, d) && !check_rat(b, s, d));
    }
    steps
}

/// Its `generate_all_steps` without the game-over check: every move of the
/// side to move, as (from, to) in its coordinates.
pub fn all_steps(b: &Board) -> Vec<((usize, usize), (usize, usize))> {
    let mut moves = Vec::new();
    for i in 0..9 {
        for j in 0..7 {
            match b.chesses[i][j] {
                Some((red, kind)) if red == b.red => moves.extend(match kind {
                    RAT => basic_steps(b, (i, j), true),
                    TIGER | LION => tl_steps(b, (i, j)),
                    _ => basic_steps(b, (i, j), false),
                }),
                _ => {}
            }
        }
    }
    moves
}

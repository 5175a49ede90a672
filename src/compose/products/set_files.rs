//! The set as one file per piece (`set --split`), for print shops that price
//! each piece apart: which of the whole set's pages each file holds, and the
//! sheets it takes.
//!
//! The pieces are the board, the counters and the box, each printed on card,
//! and the rules, which hold everything printed on plain paper: the rules
//! handouts, the posters, the box's steps page and the cover, if any (first;
//! the job splits a set made without one, since the cover's page numbers and
//! printing advice are the one file's). Each file keeps the pages of the
//! whole set as they are (a class set's "Set k of n" marks, its packed
//! counter sheets), in order; the one page no file holds is the blank page
//! that keeps a duplex set's counter fronts on odd pages of the whole
//! document, since the counters' own file starts on page 1.

use crate::compose::products::set::SetParts;

/// A file of the split set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// Every set's board (a tiled board's assembly map and sheets), on card.
    Board,
    /// The counter sheets of all the sets, on card.
    Counters,
    /// Every set's box nets, on card.
    Box,
    /// What is printed on plain paper: the cover (if any), the rules, the
    /// posters and the box's steps page.
    Rules,
}

impl Piece {
    /// The piece's name, the end of its file's name: `board`, `counters`,
    /// `box`, `rules`.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Board => "board",
            Piece::Counters => "counters",
            Piece::Box => "box",
            Piece::Rules => "rules",
        }
    }

    /// True for a piece printed on card (all but the rules).
    pub fn card(self) -> bool {
        self != Piece::Rules
    }
}

/// One file of the split set: its piece, the pages it holds and the sheets
/// they take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetFile {
    /// Which piece.
    pub piece: Piece,
    /// The pages of the whole document it holds, from 0, in order.
    pub pages: Vec<usize>,
    /// Sheets to load: of card for the board, the counters and the box (a
    /// duplex counter sheet's two pages counting once), of paper for the
    /// rules (printed double-sided when longer than a page), as the set's
    /// printing summary counts them ([`SetParts::card_sheets`],
    /// [`SetParts::paper_sheets`]).
    pub sheets: usize,
}

/// The files of the set whose pages `parts` describes (with a cover page
/// first when `cover`): the board, the counters, the box (when the set has
/// one) and the rules, in that order. Every page of the document is in one
/// file but the blank page before duplex counters (see the [module](self)).
pub fn set_files(parts: &SetParts, cover: bool) -> Vec<SetFile> {
    // 1-based inclusive page ranges to 0-based page indices.
    let pages = |r: Option<(usize, usize)>| -> Vec<usize> {
        r.map_or_else(Vec::new, |(a, b)| (a - 1..b).collect())
    };
    let count = |r: Option<(usize, usize)>| r.map_or(0, |(a, b)| b + 1 - a);
    let board = count(Some(parts.board));
    let nets = count(parts.boxnet);
    let mut rules = match cover {
        true => vec![0],
        false => Vec::new(),
    };
    rules.extend(pages(Some(parts.rules)));
    rules.extend(pages(parts.poster));
    rules.extend(pages(parts.box_steps.map(|p| (p, p))));
    let mut files = vec![
        SetFile {
            piece: Piece::Board,
            pages: pages(Some(parts.board)),
            sheets: board,
        },
        SetFile {
            piece: Piece::Counters,
            pages: pages(Some(parts.counters)),
            sheets: parts.card_sheets.saturating_sub(board + nets),
        },
    ];
    if parts.boxnet.is_some() {
        files.push(SetFile {
            piece: Piece::Box,
            pages: pages(parts.boxnet),
            sheets: nets,
        });
    }
    files.push(SetFile {
        piece: Piece::Rules,
        pages: rules,
        sheets: parts.paper_sheets,
    });
    files
}

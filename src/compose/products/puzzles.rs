//! Puzzle sheets for a class: puzzles made and proven by the engine
//! ([`crate::play::puzzles`]), drawn as the rules handout draws its diagrams
//! (the board's squares, the counters and arrows of
//! [`crate::compose::products::handout::draw_diagram`]), in the theme, language and ruleset of
//! the resources.
//!
//! Each page of puzzles (a grid of cells, six on A4 or Letter, each with a
//! board of squares of at least [`MIN_SQUARE`] mm whose counters show their
//! ranks, and beside it its question and a line for the answer) sits under
//! a key: who moves, which colour is South, how squares are named, the
//! ranks. The pages of solutions follow all the puzzles, on sheets of their
//! own, each answer with its reasons from the engine.
//!
//! Lengths in mm; page coordinates (origin top-left, y down).

use crate::error::Error;
use crate::game::{Side, COLS, ROWS};
use crate::lang::PuzzleWords;
use crate::layout::paper::Paper;
use crate::layout::{printable_area, BoardPlacement, Rect};
use crate::play::puzzles::{Difficulty, Kind, Puzzle};
use crate::play::{Move, Rules};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Color, Item, Layer, Page, Pt, Stroke};

use crate::compose::drawn::diagrams::{Diagram, Shown};
use crate::compose::products::handout::{draw_diagram, ruleset_line, Look};
use crate::compose::typesetting::label::{left_text, text_fit, FitText};
use crate::compose::typesetting::running;
use crate::play::Position;

/// A puzzle sheet's options, as the job holds them (`puzzles`: `count`,
/// `difficulty`, `seed`): the composer takes them by value, beside the job's
/// paper (portrait).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleOptions {
    /// How many puzzles.
    pub count: usize,
    /// How hard they are.
    pub difficulty: Difficulty,
    /// The seed they are made from: the same seed (with the same ruleset)
    /// gives the same sheet.
    pub seed: usize,
}

impl Default for PuzzleOptions {
    fn default() -> PuzzleOptions {
        PuzzleOptions {
            count: 12,
            difficulty: Difficulty::Easy,
            seed: 1,
        }
    }
}

/// The pack's puzzle words, or an error naming the pack.
fn words(res: &Resources) -> Result<&PuzzleWords, Error> {
    res.lang.puzzles.as_ref().ok_or_else(|| {
        res.lang.source.error(
            "puzzles",
            "the language pack has no [puzzles] table, so puzzle sheets cannot be printed; copy the [puzzles] table from the English pack (lang/en.toml) and translate it".to_string(),
        )
    })
}

/// The puzzles of a sheet: made from the options' seed under the
/// resources' ruleset, within the search's budget. None found is refused,
/// saying why (no animal can reach a den under the ruleset, or none of
/// these kinds exists under it); fewer than asked for are kept, with a
/// warning saying how many.
pub fn puzzles(res: &Resources, opts: &PuzzleOptions) -> Result<Vec<Puzzle>, Error> {
    use crate::play::puzzles::{den_reachable, make_sheet, Short};
    let rules = Rules::new(&res.rules);
    let sheet = make_sheet(&rules, opts.difficulty, opts.count, opts.seed as u64);
    let difficulty = opts.difficulty.name();
    let why = |short| {
        match short {
        _ if !den_reachable(&rules) => format!(
            "no animal can reach a den under this ruleset (every rank is above `variants.trap_max_rank` = {}, and traps surround the dens)",
            res.rules.variants.trap_max_rank
        ),
        Some(Short::Budget) => format!(
            "the search for them visited its limit of {} million positions",
            crate::limits::MAX_PUZZLE_NODES / 1_000_000
        ),
        _ => "no position with one right answer was found for some kinds".to_string(),
    }
    };
    if sheet.puzzles.is_empty() {
        let message = format!("no {difficulty} puzzle can be made: {}", why(sheet.short));
        return Err(if den_reachable(&rules) {
            crate::error::Error::usage(
                crate::error::Opt::Difficulty,
                format!("{message}; try another difficulty or seed, or another ruleset"),
            )
        } else {
            res.rules.source.error(
                "variants.trap_max_rank",
                format!("{message}; raise `trap_max_rank` to let some animal into the traps"),
            )
        });
    }
    if sheet.short.is_some() {
        res.warn(format!(
            "{} of the {} {difficulty} puzzles asked for were made: {}",
            sheet.puzzles.len(),
            opts.count,
            why(sheet.short)
        ));
    }
    Ok(sheet.puzzles)
}

/// The least side of a board square on a puzzle sheet, mm: a counter
/// large enough for its character and its rank, read by a child.
pub const MIN_SQUARE: f64 = 7.0;

/// The sheet's pages: every page of puzzles, then, on a sheet of their own
/// (a page with a line saying where they are fills the back of an odd last
/// page of puzzles, so that printed double-sided no answer is on the back of
/// a puzzle), the pages of their solutions, laid out the same way.
pub fn puzzle_pages(
    res: &Resources,
    paper: Paper,
    opts: &PuzzleOptions,
) -> Result<Vec<Page>, Error> {
    let w = words(res)?;
    let all = puzzles(res, opts)?;
    let (_, header_h) = header(res, w, paper, opts, false);
    let grid = Grid::new(res, paper, header_h);
    let mut pages = Vec::new();
    for solved in [false, true] {
        for (i, chunk) in all.chunks(grid.per_page()).enumerate() {
            let first = i * grid.per_page();
            let mut page = Page::new(paper.width, paper.height);
            let (mut items, _) = header(res, w, paper, opts, solved);
            for (k, p) in chunk.iter().enumerate() {
                items.extend(cell(res, w, &grid, k, first + k + 1, p, solved));
            }
            page.add(Layer::Artwork, items);
            pages.push(page);
        }
        if !solved && pages.len() % 2 == 1 {
            let mut page = Page::new(paper.width, paper.height);
            let (items, _) = running::paragraph(
                res,
                &w.back,
                grid.s,
                pt(grid.area.x, grid.area.center().y),
                grid.area.w,
                res.theme.board.text.0,
            );
            page.add(Layer::Artwork, items);
            pages.push(page);
        }
    }
    Ok(pages)
}

/// The side of a board's square on the puzzle sheets of `opts` on `paper`, mm (at
/// least [`MIN_SQUARE`] on A4 and Letter).
pub fn square_size(res: &Resources, paper: Paper, opts: &PuzzleOptions) -> Result<f64, Error> {
    let w = words(res)?;
    let (_, header_h) = header(res, w, paper, opts, false);
    Ok(Grid::new(res, paper, header_h).q)
}

/// How many puzzles a page of `opts` on `paper` holds.
pub fn per_page(res: &Resources, paper: Paper, opts: &PuzzleOptions) -> Result<usize, Error> {
    let w = words(res)?;
    let (_, header_h) = header(res, w, paper, opts, false);
    Ok(Grid::new(res, paper, header_h).per_page())
}

/// Where the puzzles go on a page: the printable area, the body text's em,
/// the grid's columns and rows, each cell's size and each board's square.
/// A cell holds its board at the left (row numbers at its left, column
/// letters under it) and its text at the right.
#[derive(Debug, Clone, Copy)]
struct Grid {
    area: Rect,
    /// Body text em, mm.
    s: f64,
    /// Top of the first row of cells, mm.
    top: f64,
    cols: usize,
    rows: usize,
    /// A cell's width and height, mm.
    cell: (f64, f64),
    /// A board square, mm.
    q: f64,
}

impl Grid {
    /// The grid under a header `header_h` mm tall: as many rows as keep the
    /// squares at least [`MIN_SQUARE`] (one at least), two columns on paper
    /// at least 150 mm wide.
    fn new(res: &Resources, paper: Paper, header_h: f64) -> Grid {
        let area = printable_area(paper, res.theme.page.margin.max(8.0));
        let s = body_size(area);
        let top = area.y + header_h;
        let gap = s * 1.6;
        let cols = if area.w >= 150.0 { 2 } else { 1 };
        let cw = (area.w - gap * (cols - 1) as f64) / cols as f64;
        let room = area.bottom() - top;
        // The board takes a little more than half the cell's width (its row
        // numbers beside it), the text the rest.
        let q_w = ((cw - s) * 0.58 / COLS as f64).min(10.0);
        // Column letters under the board.
        let under = s * 1.2;
        let q_at = |rows: usize| ((room + gap) / rows as f64 - gap - under) / ROWS as f64;
        let mut rows = 1;
        while q_at(rows + 1) >= MIN_SQUARE.min(q_w) {
            rows += 1;
        }
        let ch = (room + gap) / rows as f64 - gap;
        let q = q_w.min(q_at(rows));
        Grid {
            area,
            s,
            top,
            cols,
            rows,
            cell: (cw, ch),
            q,
        }
    }

    fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// The top-left corner of cell `k` of a page (row by row).
    fn corner(&self, k: usize) -> Pt {
        let gap = (self.area.w - self.cell.0 * self.cols as f64) / (self.cols - 1).max(1) as f64;
        let (c, r) = (k % self.cols, k / self.cols);
        pt(
            self.area.x + c as f64 * (self.cell.0 + gap),
            self.top + r as f64 * (self.cell.1 + self.s * 1.6),
        )
    }
}

/// The body text's em on a sheet of printable area `area`, mm.
fn body_size(area: Rect) -> f64 {
    (area.w / 56.0).clamp(3.0, 4.2)
}

/// The title, the ruleset and difficulty, and what a child needs to read
/// the boards: who moves, which counters are South's, how squares are named
/// and the ranks; "Solutions" on a page of answers. Returns the items and
/// the header's height, mm from the printable area's top.
fn header(
    res: &Resources,
    w: &PuzzleWords,
    paper: Paper,
    opts: &PuzzleOptions,
    solved: bool,
) -> (Vec<Item>, f64) {
    let area = printable_area(paper, res.theme.page.margin.max(8.0));
    let s = body_size(area);
    let accent = res.theme.side(Side::South);
    let ink = res.theme.board.text.0;
    let title = if solved {
        format!("{} · {}", w.title, w.solutions)
    } else {
        w.title.clone()
    };
    let mut items = running::fit(
        res,
        FitText {
            text: &title,
            stack: &res.bold,
            size: s * 1.8,
            max_width: area.w,
            pos: pt(area.center().x, area.y + s * 1.3),
            rotation: 0.0,
            fill: accent,
        },
    );
    let sub = format!(
        "{} · {}",
        ruleset_line(res),
        difficulty_word(w, opts.difficulty)
    );
    items.extend(running::fit(
        res,
        FitText {
            text: &sub,
            stack: &res.text,
            size: s,
            max_width: area.w,
            pos: pt(area.center().x, area.y + s * 3.1),
            rotation: 0.0,
            fill: ink,
        },
    ));
    let h = &res.lang.handout;
    let sides =
        crate::compose::products::handout::sides_sentence(res, &h.sides_colour, &h.sides_pattern)
            .unwrap_or_default();
    let key = [
        res.lang
            .sentences(&res.lang.puzzle_line(&w.south_to_move), &sides),
        res.lang.puzzle_line(&w.coordinates),
        rank_key(res, w),
    ];
    let mut y = area.y + s * 4.9;
    for line in key.iter().filter(|l| !l.trim().is_empty()) {
        let (more, below) = running::paragraph(res, line, s * 0.9, pt(area.x, y), area.w, ink);
        items.extend(more);
        y = below;
    }
    (items, y - area.y + s * 0.4)
}

/// The rank key: every animal of the ruleset, strongest first, with its
/// rank, character and name.
fn rank_key(res: &Resources, w: &PuzzleWords) -> String {
    let cjk = res.lang.is_cjk();
    let list: Vec<String> = res
        .rules
        .animals_by_rank()
        .into_iter()
        .map(|a| {
            let n = res.animal(a);
            let rank = res.rules.rank(a);
            if cjk {
                format!("{}{rank}", n.han)
            } else {
                format!("{rank} {} {}", n.han, n.name)
            }
        })
        .collect();
    let sep = if cjk { "、" } else { ", " };
    res.lang
        .puzzle_line(&w.rank_key)
        .replace("{list}", &list.join(sep))
}

/// The word for a difficulty.
fn difficulty_word(w: &PuzzleWords, d: Difficulty) -> &str {
    match d {
        Difficulty::Easy => &w.easy,
        Difficulty::Medium => &w.medium,
        Difficulty::Hard => &w.hard,
    }
}

/// What a puzzle asks, in the pack's words.
pub fn question(res: &Resources, w: &PuzzleWords, kind: Kind) -> String {
    let t = match kind {
        Kind::WinIn1 => &w.win_in_1,
        Kind::WinIn2 => &w.win_in_2,
        Kind::SaveElephant => &w.save_elephant,
        Kind::WhichCapture => &w.which_capture,
    };
    res.lang.puzzle_line(t)
}

/// A move in the pack's words: the animal's name (of the piece on
/// `m.from` in `pos`) and the two squares.
fn move_words(res: &Resources, w: &PuzzleWords, pos: &Position, m: Move) -> String {
    let animal = pos
        .at(m.from)
        .map(|piece| res.animal(piece.animal).name.clone())
        .unwrap_or_default();
    w.move_
        .replace("{animal}", &animal)
        .replace("{from}", &m.from.to_string())
        .replace("{to}", &m.to.to_string())
}

/// The answer to a puzzle, in the pack's words.
pub fn answer(res: &Resources, w: &PuzzleWords, p: &Puzzle) -> String {
    let mv = move_words(res, w, &p.position, p.answer);
    let t = match p.kind {
        Kind::WinIn1 => &w.solved_win_in_1,
        Kind::WinIn2 => &w.solved_win_in_2,
        Kind::SaveElephant => &w.solved_save,
        Kind::WhichCapture => &w.solved_capture,
    };
    let letter = p
        .choices
        .iter()
        .position(|m| *m == p.answer)
        .map(letter)
        .unwrap_or_default();
    res.lang
        .puzzle_line(t)
        .replace("{move}", &mv)
        .replace("{letter}", &letter)
}

/// Why the answer is right, in the pack's words, each sentence made from
/// what the engine finds: for a capture, what the right one does and why
/// each other one is refused; for a win in two, North's best reply (the one
/// that leaves South the fewest winning moves) and the move that wins after
/// it; for a rescue, what threatened the elephant. Nothing more for a win in
/// one, whose answer says it all.
pub fn reasons(res: &Resources, w: &PuzzleWords, p: &Puzzle) -> Vec<String> {
    use crate::compose::drawn::diagrams::{move_sentence, piece_words};
    use crate::play::search::{legal_moves, winning_moves};
    let rules = Rules::new(&res.rules);
    let pos = &p.position;
    match p.kind {
        Kind::WinIn1 => Vec::new(),
        Kind::WhichCapture => {
            let mut out = vec![move_sentence(res, w, pos, p.answer)];
            for (i, m) in p
                .choices
                .iter()
                .enumerate()
                .filter(|(_, m)| **m != p.answer)
            {
                out.push(
                    res.lang
                        .puzzle_line(&w.why_not)
                        .replace("{letter}", &letter(i))
                        .replace("{why}", &move_sentence(res, w, pos, *m)),
                );
            }
            out
        }
        Kind::WinIn2 => {
            let after = rules.after(pos, p.answer);
            let best = legal_moves(&rules, &after)
                .into_iter()
                .map(|r| {
                    let next = rules.after(&after, r);
                    (r, winning_moves(&rules, &next, 1))
                })
                .filter(|(_, wins)| !wins.is_empty())
                .min_by_key(|(_, wins)| wins.len());
            match best {
                Some((reply, wins)) => vec![res
                    .lang
                    .puzzle_line(&w.why_defence)
                    .replace("{reply}", &move_words(res, w, &after, reply))
                    .replace(
                        "{win}",
                        &move_words(res, w, &rules.after(&after, reply), wins[0]),
                    )],
                None => Vec::new(),
            }
        }
        Kind::SaveElephant => {
            let elephant = crate::game::Piece {
                side: Side::South,
                animal: crate::game::Animal::Elephant,
            };
            let Some(at) = pos.find(elephant) else {
                return Vec::new();
            };
            let mut north = pos.clone();
            north.to_move = Side::North;
            rules
                .moves(&north)
                .into_iter()
                .filter(|m| m.to == at)
                .filter_map(|m| pos.at(m.from).map(|piece| (m.from, piece)))
                .map(|(from, piece)| {
                    res.lang
                        .puzzle_line(&w.why_threat)
                        .replace("{piece}", &piece_words(res, w, piece, from))
                })
                .collect()
        }
    }
}

/// The letter of choice `i`: A, B, C.
fn letter(i: usize) -> String {
    char::from(b'A' + i as u8).to_string()
}

/// The diagram of a puzzle: the whole board, its position, and the moves
/// drawn (the choices of a "which capture" puzzle, all alike; on the page
/// of solutions, the answer, and the other choices crossed out).
pub fn diagram(p: &Puzzle, solved: bool) -> Diagram {
    let moves = match (p.kind, solved) {
        (Kind::WhichCapture, _) => p
            .choices
            .iter()
            .map(|m| Shown {
                mv: *m,
                legal: !solved || *m == p.answer,
            })
            .collect(),
        (_, true) => vec![Shown {
            mv: p.answer,
            legal: true,
        }],
        (_, false) => Vec::new(),
    };
    Diagram {
        name: "puzzle",
        position: p.position.clone(),
        cols: (0, COLS - 1),
        rows: (0, ROWS - 1),
        moves,
    }
}

/// Cell `k` of a page: puzzle number `n`, its board at the left with
/// the squares' names along it, and at its right the question, then a line
/// for the answer (on the page of solutions, the answer and its reasons).
fn cell(
    res: &Resources,
    w: &PuzzleWords,
    g: &Grid,
    k: usize,
    n: usize,
    p: &Puzzle,
    solved: bool,
) -> Vec<Item> {
    let s = g.s;
    let at = g.corner(k);
    let ink = res.theme.board.text.0;
    let accent = res.theme.side(Side::South);
    let q = g.q;
    let mut items = Vec::new();
    // The board, its row numbers at its left and column letters under it.
    let origin = pt(at.x + s * 1.0, at.y);
    let place = BoardPlacement { square: q, origin };
    items.extend(crate::compose::products::board::plain_board_items(
        res, place, false,
    ));
    items.extend(coordinates(res, origin, q, s * 0.8));
    let d = diagram(p, solved);
    let look = Look {
        counter: 0.9,
        dashed: true,
        cross: (0.3, 0.09, res.theme.sides.south.0),
        ranked: true,
    };
    items.extend(draw_diagram(res, &d, q, origin, &look));
    if p.kind == Kind::WhichCapture {
        for (i, m) in p.choices.iter().enumerate() {
            items.extend(choice_letter(res, &d, q, origin, *m, &letter(i)));
        }
    }
    // The text at the board's right: the number, then the question.
    let x = origin.x + COLS as f64 * q + s * 0.9;
    let width = at.x + g.cell.0 - x;
    let bottom = origin.y + ROWS as f64 * q;
    let num = format!("{n}");
    items.extend(left_text(
        res,
        &res.bold,
        &num,
        s * 1.3,
        pt(x, at.y + s * 1.1),
        accent,
    ));
    let body: Vec<String> = if solved {
        std::iter::once(answer(res, w, p))
            .chain(reasons(res, w, p))
            .collect()
    } else {
        vec![question(res, w, p.kind)]
    };
    // The text's size: the body's, or smaller until it fits beside the board.
    let room = if solved { bottom } else { bottom - s * 2.6 };
    let mut size = s;
    let mut set = text_block(res, &body, size, pt(x, at.y + s * 2.6), width, ink);
    while set.1 > room && size > s * 0.55 {
        size *= 0.93;
        set = text_block(res, &body, size, pt(x, at.y + s * 2.6), width, ink);
    }
    items.extend(set.0);
    if !solved {
        // "Answer:" and a line to write it on, at the foot of the board.
        let y = bottom - s * 1.6;
        items.extend(left_text(res, &res.text, &w.answer, s, pt(x, y), ink));
        items.push(shapes::stroke(
            shapes::line(pt(x, bottom), pt(at.x + g.cell.0, bottom)),
            Stroke::solid(res.theme.board.coordinates.0, s * 0.06),
        ));
    }
    items
}

/// Paragraphs one under the other, the first baseline at `at`, `width` mm
/// wide, at em `size`, with the pack's readings when it prints them
/// throughout. Returns the items and the baseline below the last line.
fn text_block(
    res: &Resources,
    paras: &[String],
    size: f64,
    at: Pt,
    width: f64,
    ink: Color,
) -> (Vec<Item>, f64) {
    let mut items = Vec::new();
    let mut y = at.y;
    for p in paras {
        let (more, below) = running::paragraph(res, p, size, pt(at.x, y), width, ink);
        items.extend(more);
        y = below + size * 0.3;
    }
    (items, y - size * 0.3)
}

/// The squares' names along a puzzle's board (squares `q` mm from
/// `origin`): the rows' numbers at its left, the columns' letters under it,
/// at em `size`.
fn coordinates(res: &Resources, origin: Pt, q: f64, size: f64) -> Vec<Item> {
    use crate::compose::typesetting::label::{Label, VAlign};
    let color = res.theme.board.text.0;
    let mut items = Vec::new();
    let label = |text: String, pos: Pt| {
        Label {
            text: &text,
            stack: &res.text,
            size,
            pos,
            anchor: crate::scene::Anchor::Middle,
            valign: VAlign::Middle,
            rotation: 0.0,
            fill: color,
        }
        .items(&res.fonts)
    };
    for col in 0..COLS {
        let x = origin.x + (col as f64 + 0.5) * q;
        let y = origin.y + ROWS as f64 * q + size * 0.8;
        items.extend(label(((b'a' + col) as char).to_string(), pt(x, y)));
    }
    for row in 0..ROWS {
        let y = origin.y + (ROWS - 1 - row) as f64 * q + q * 0.5;
        items.extend(label((row + 1).to_string(), pt(origin.x - size * 0.75, y)));
    }
    items
}

/// A choice's letter in a small disc beside its arrow, half way from the
/// mover to its target, moved off the arrow's line (up for an arrow across
/// the board, left for one along it, inside the board): it never hides the
/// arrow, and only grazes the counters' rims.
fn choice_letter(
    res: &Resources,
    d: &Diagram,
    q: f64,
    origin: Pt,
    m: Move,
    text: &str,
) -> Vec<Item> {
    let (a, b) = (d.centre(m.from, q), d.centre(m.to, q));
    let across = m.from.row == m.to.row;
    let (px, py) = match across {
        true if m.from.row == ROWS - 1 => (0.0, 1.0),
        true => (0.0, -1.0),
        false if m.from.col == 0 => (1.0, 0.0),
        false => (-1.0, 0.0),
    };
    let c = pt(
        origin.x + a.x + (b.x - a.x) * 0.5 + px * q * 0.42,
        origin.y + a.y + (b.y - a.y) * 0.5 + py * q * 0.42,
    );
    let r = q * 0.2;
    let mut items = vec![
        shapes::fill(shapes::circle(c, r), res.theme.board.land.0),
        shapes::stroke(
            shapes::circle(c, r),
            Stroke::solid(res.theme.side(Side::South), q * 0.035),
        ),
    ];
    items.extend(text_fit(
        res,
        FitText {
            text,
            stack: &res.bold,
            size: q * 0.3,
            max_width: r * 1.6,
            pos: c,
            rotation: 0.0,
            fill: res.theme.board.text.0,
        },
    ));
    items
}

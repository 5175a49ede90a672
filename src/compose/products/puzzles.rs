//! Puzzle sheets for a class: puzzles made and proven by the engine
//! ([`crate::play::puzzles`]), drawn as the rules handout draws its diagrams
//! (the board's squares, the counters and arrows of
//! [`crate::compose::products::handout::draw_diagram`]), in the theme, language and ruleset of
//! the resources.
//!
//! Each page of puzzles (a grid of boards, twelve on A4 or Letter, each with
//! its question and a line for the answer) is followed by the page of their
//! solutions, laid out the same way: printed double-sided, the solutions
//! are on the back; printed single-sided, they are the next sheet.
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

/// Choices for a puzzle sheet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleOptions {
    /// Paper size (portrait).
    pub paper: Paper,
    /// How many puzzles.
    pub count: usize,
    /// How hard they are.
    pub difficulty: Difficulty,
    /// The seed they are made from: the same seed gives the same sheet.
    pub seed: u64,
}

impl Default for PuzzleOptions {
    fn default() -> PuzzleOptions {
        PuzzleOptions {
            paper: Paper::A4,
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
    let sheet = make_sheet(&rules, opts.difficulty, opts.count, opts.seed);
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

/// The sheet's pages: each page of puzzles followed by its solutions.
pub fn puzzle_pages(res: &Resources, opts: &PuzzleOptions) -> Result<Vec<Page>, Error> {
    let w = words(res)?;
    let all = puzzles(res, opts)?;
    let grid = Grid::new(res, opts.paper);
    let mut pages = Vec::new();
    for (i, chunk) in all.chunks(grid.per_page()).enumerate() {
        let first = i * grid.per_page();
        for solved in [false, true] {
            let mut page = Page::new(opts.paper.width, opts.paper.height);
            let mut items = header(res, w, opts, &grid, solved);
            for (k, p) in chunk.iter().enumerate() {
                items.extend(cell(res, w, &grid, k, first + k + 1, p, solved));
            }
            page.add(Layer::Artwork, items);
            pages.push(page);
        }
    }
    Ok(pages)
}

/// Where the puzzles go on a page: the printable area, the body text's em,
/// the grid's columns and rows, and each board's square.
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
    fn new(res: &Resources, paper: Paper) -> Grid {
        let area = printable_area(paper, res.theme.page.margin.max(8.0));
        let s = (area.w / 56.0).clamp(3.0, 5.0);
        let top = area.y + s * 6.2;
        let gap = s * 1.6;
        let cols = if area.w >= 150.0 { 3 } else { 2 };
        let cw = (area.w - gap * (cols - 1) as f64) / cols as f64;
        // Two lines of question above the board, one of answer below.
        let text = s * 4.6;
        let room = area.bottom() - top;
        let q_w = (cw / COLS as f64).min(9.0);
        let fits = |q: f64| ((room + gap) / (ROWS as f64 * q + text + gap)).floor() as usize;
        // Twelve to a page where the boards keep squares of 4.5 mm or more.
        let mut rows = fits(q_w).max(1);
        let want = 12usize.div_ceil(cols);
        let q_at = |rows: usize| ((room + gap) / rows as f64 - gap - text) / ROWS as f64;
        while rows < want && q_at(rows + 1) >= 4.5 {
            rows += 1;
        }
        let ch = (room + gap) / rows as f64 - gap;
        let q = q_w.min((ch - text) / ROWS as f64);
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

/// The title, the ruleset and difficulty, and what every puzzle has in
/// common (South to move); "Solutions" on a page of answers.
fn header(
    res: &Resources,
    w: &PuzzleWords,
    opts: &PuzzleOptions,
    g: &Grid,
    solved: bool,
) -> Vec<Item> {
    let s = g.s;
    let accent = res.theme.side(Side::South);
    let ink = res.theme.board.text.0;
    let title = if solved {
        format!("{} · {}", w.title, w.solutions)
    } else {
        w.title.clone()
    };
    let mut items = text_fit(
        res,
        FitText {
            text: &title,
            stack: &res.bold,
            size: s * 1.8,
            max_width: g.area.w,
            pos: pt(g.area.center().x, g.area.y + s * 1.3),
            rotation: 0.0,
            fill: accent,
        },
    );
    let sub = format!(
        "{} · {}",
        ruleset_line(res),
        difficulty_word(w, opts.difficulty)
    );
    items.extend(text_fit(
        res,
        FitText {
            text: &sub,
            stack: &res.text,
            size: s,
            max_width: g.area.w,
            pos: pt(g.area.center().x, g.area.y + s * 3.0),
            rotation: 0.0,
            fill: ink,
        },
    ));
    items.extend(text_fit(
        res,
        FitText {
            text: &w.south_to_move,
            stack: &res.text,
            size: s,
            max_width: g.area.w,
            pos: pt(g.area.center().x, g.area.y + s * 4.4),
            rotation: 0.0,
            fill: ink,
        },
    ));
    items
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

/// A move in the pack's words: the animal's name and the two squares.
fn move_words(res: &Resources, w: &PuzzleWords, p: &Puzzle, m: Move) -> String {
    let animal = p
        .position
        .at(m.from)
        .map(|piece| {
            res.lang
                .animal(piece.animal, res.rules.play.fox)
                .name
                .clone()
        })
        .unwrap_or_default();
    w.move_
        .replace("{animal}", &animal)
        .replace("{from}", &m.from.to_string())
        .replace("{to}", &m.to.to_string())
}

/// The answer to a puzzle, in the pack's words.
pub fn answer(res: &Resources, w: &PuzzleWords, p: &Puzzle) -> String {
    let mv = move_words(res, w, p, p.answer);
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

/// Cell `k` of a page: puzzle number `n`, its question, its board and a
/// line for the answer (or the answer, on the page of solutions).
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
    let mut items = Vec::new();
    // The number, bold, then the question over up to two lines.
    let num = format!("{n}");
    items.extend(left_text(
        res,
        &res.bold,
        &num,
        s * 1.15,
        pt(at.x, at.y + s),
        accent,
    ));
    let indent = res.fonts.width_mm(&res.bold, &num, s * 1.15) + s * 0.6;
    let q_text = question(res, w, p.kind);
    items.extend(lines(
        res,
        &q_text,
        s,
        pt(at.x + indent, at.y + s),
        g.cell.0 - indent,
        ink,
        2,
    ));
    // The board, centred in the cell.
    let q = g.q;
    let bw = COLS as f64 * q;
    let origin = pt(at.x + (g.cell.0 - bw) / 2.0, at.y + s * 2.9);
    let place = BoardPlacement { square: q, origin };
    items.extend(crate::compose::products::board::plain_board_items(
        res, place, true,
    ));
    let d = diagram(p, solved);
    let look = Look {
        counter: 0.86,
        dashed: true,
        cross: (0.3, 0.09, res.theme.sides.south.0),
    };
    items.extend(draw_diagram(res, &d, q, origin, &look));
    if p.kind == Kind::WhichCapture {
        for (i, m) in p.choices.iter().enumerate() {
            items.extend(choice_letter(res, &d, q, origin, *m, &letter(i)));
        }
    }
    // The answer line under the board.
    let y = origin.y + ROWS as f64 * q + s * 1.2;
    if solved {
        let text = answer(res, w, p);
        items.extend(lines(res, &text, s, pt(at.x, y), g.cell.0, ink, 2));
    } else {
        let label = &w.answer;
        items.extend(left_text(res, &res.text, label, s, pt(at.x, y), ink));
        let x = at.x + res.fonts.width_mm(&res.text, label, s) + s * 0.5;
        if x < at.x + g.cell.0 {
            items.push(shapes::stroke(
                shapes::line(pt(x, y + s * 0.15), pt(at.x + g.cell.0, y + s * 0.15)),
                Stroke::solid(res.theme.board.coordinates.0, s * 0.06),
            ));
        }
    }
    items
}

/// Text broken into at most `max` lines `width` mm wide, the first baseline
/// at `at`, lines 1.2 em apart (the rest of a longer text on the last line,
/// shrunk to fit).
fn lines(
    res: &Resources,
    text: &str,
    s: f64,
    at: Pt,
    width: f64,
    ink: Color,
    max: usize,
) -> Vec<Item> {
    let broken = crate::text::linebreak::break_lines(&res.fonts, &res.text, text, s, width);
    let mut items = Vec::new();
    let keep = broken.len().min(max);
    for (i, line) in broken.iter().take(keep).enumerate() {
        let line = if i + 1 == keep && broken.len() > keep {
            broken[i..].concat()
        } else {
            line.clone()
        };
        let line = line.trim_end();
        let lw = res.fonts.width_mm(&res.text, line, s);
        let size = if lw > width { s * width / lw } else { s };
        items.extend(left_text(
            res,
            &res.text,
            line,
            size,
            pt(at.x, at.y + i as f64 * s * 1.2),
            ink,
        ));
    }
    items
}

/// A choice's letter in a small disc on its arrow, half way from the mover
/// to its target (between the two counters of a step).
fn choice_letter(
    res: &Resources,
    d: &Diagram,
    q: f64,
    origin: Pt,
    m: Move,
    text: &str,
) -> Vec<Item> {
    let (a, b) = (d.centre(m.from, q), d.centre(m.to, q));
    let c = pt(
        origin.x + a.x + (b.x - a.x) * 0.5,
        origin.y + a.y + (b.y - a.y) * 0.5,
    );
    let r = q * 0.27;
    let mut items = vec![
        shapes::fill(shapes::circle(c, r), res.theme.board.land.0),
        shapes::stroke(
            shapes::circle(c, r),
            Stroke::solid(res.theme.side(Side::South), q * 0.04),
        ),
    ];
    items.extend(text_fit(
        res,
        FitText {
            text,
            stack: &res.bold,
            size: q * 0.36,
            max_width: r * 1.6,
            pos: c,
            rotation: 0.0,
            fill: res.theme.board.text.0,
        },
    ));
    items
}

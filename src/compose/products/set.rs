//! The whole set in one document: a cover page that explains it (and, when
//! they fit, how to make the box), then the pages to print on card, all
//! together so the printer is loaded with card once (the board, tiled when it
//! is larger than the paper; the counters; the box's nets, both on one sheet
//! when they fit), then those on plain paper (the rules, printed on both
//! sides of their sheets, and the poster). The default A4 set takes 6 pages.
//!
//! A class set (`copies` above 1) repeats everything but the cover and the
//! box's steps: each set gets its own board, counters, rules and box, so
//! each table receives a complete game, and every repeated page carries "Set
//! k of n" at the top right of its printable area so the printed stack can
//! be sorted. The cover appears once: it is the teacher's instructions, not
//! part of any set.

use crate::compose::checks::cutting::{Cutting, Making};
use crate::compose::products::board::{board_page_for_cutting, square_size, BoardSheet};
use crate::compose::products::boxnet::{
    box_nets, box_steps, box_steps_page, die_cut_words, BoxOptions,
};
use crate::compose::products::counters::{
    counter_pages, counters_per_sheet, largest_fitting_size, CounterOptions, Shape, Sides,
};
use crate::compose::products::handout::{handout_pages, HandoutOptions};
use crate::compose::products::poster::{poster_over, poster_page, PosterOptions};
use crate::compose::products::tiles::board_sheets;
use crate::compose::products::Sheet;
use crate::compose::typesetting::label::{left_text, paragraph, text_fit, FitText, Label, VAlign};
use crate::error::{Error, Opt};
use crate::game::{COLS, ROWS};
use crate::layout::paper::Paper;
use crate::layout::{printable_area, Flip, Rect};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Anchor, Clip, Color, Group, Item, Layer, Page, Stroke, Transform};

/// The whole set's options, as the job holds them ([`crate::job::Kind::Set`]):
/// the composer takes them by value, beside the job's [`Sheet`] (paper,
/// bleed, purpose), so the set's options are written once. Lengths in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SetOptions {
    /// Board square; `None` for the largest that fits one sheet. A larger one tiles the board.
    pub square: Option<f64>,
    /// How the counters are printed.
    pub sides: Sides,
    /// Counter outline.
    pub shape: Shape,
    /// Counter size (diameter, or width across flats), mm, for every part
    /// of the set (the counter sheets and the box that holds them; the board
    /// keeps its squares); `None` for the size that suits the board's squares.
    pub counter_size: Option<f64>,
    /// Start with a cover page that explains the set.
    pub cover: bool,
    /// End with a box that holds the set.
    pub boxed: bool,
    /// Add the one-page rules poster after the handout.
    pub poster: bool,
    /// The paper the poster is sized for, when not the set's (implies
    /// `poster`): one page when a sheet of the set's paper holds it, else
    /// tiled over the set's paper.
    pub poster_paper: Option<Paper>,
    /// Whole sets in the file, 1 to [`crate::limits::MAX_COPIES`]; above 1 each
    /// set's pages are marked with its number.
    pub copies: usize,
    /// Written one file per piece (board, counters, box, rules: see
    /// [`crate::compose::products::set_files`]); the job then composes the set without its
    /// cover, the rest page for page as in one file.
    pub split: bool,
}

impl Default for SetOptions {
    /// The default set: largest board, fold-over circles, with a cover and a box.
    fn default() -> SetOptions {
        SetOptions {
            square: None,
            sides: Sides::Fold,
            shape: Shape::Circle,
            counter_size: None,
            cover: true,
            boxed: true,
            poster: false,
            poster_paper: None,
            copies: 1,
            split: false,
        }
    }
}

impl SetOptions {
    /// The set as it is made on `sheet`: split into files, it has no cover
    /// (it would speak of the one file's pages; the box's steps get a page
    /// of their own); for a print shop, fold-over counters are printed
    /// duplex (see [`print_shop_sides`]).
    pub fn as_made(self, res: &Resources, sheet: &Sheet) -> SetOptions {
        SetOptions {
            cover: self.cover && !self.split,
            sides: print_shop_sides(res, sheet.print_shop, self.sides),
            ..self
        }
    }
}

/// A print shop die-cuts each counter whole and prints the card on both sides,
/// so fold-over pairs, whose faces would come apart, are printed duplex
/// instead (fronts on one side of the sheet, backs on the other, as a shop
/// prints them), and a line says so.
fn print_shop_sides(res: &Resources, print_shop: bool, sides: Sides) -> Sides {
    if !(print_shop && sides == Sides::Fold) {
        return sides;
    }
    res.warn(
        "for a print shop the counters are printed duplex, fronts on one side of the card and backs on the other, and die-cut whole: fold-over pairs cut on a die would come apart"
            .into(),
    );
    Sides::Duplex(Flip::LongEdge)
}

/// Which pages (1-based, inclusive) hold each part of the document, and
/// what printing and cutting it takes. With a class set each range spans
/// every set's pages of that part: the pages are grouped by material, all
/// the card first (every set's board, the counters of all sets packed
/// together, every set's box), then the paper (every set's rules, then
/// the poster, once for all the sets).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SetParts {
    /// The boards' pages (each an assembly map first when tiled).
    pub board: (usize, usize),
    /// True when the board is tiled over several sheets.
    pub tiled: bool,
    /// The counter sheets, shared by all sets.
    pub counters: (usize, usize),
    /// The rules handouts.
    pub rules: (usize, usize),
    /// The rules poster's pages (one, or an assembly map and its tiles),
    /// after the handouts, when asked for: once, however many sets.
    pub poster: Option<(usize, usize)>,
    /// The sheets of the boxes' nets, if any.
    pub boxnet: Option<(usize, usize)>,
    /// The page of the box's assembly steps, when they have a page of their
    /// own (without a cover, or when the cover has no room for them), once,
    /// at the end; `None` when they are on the cover or there is no box.
    pub box_steps: Option<usize>,
    /// The pages to print on card, all together: the boards, the counters
    /// and the boxes' nets (and a blank page keeping duplex counters in step).
    pub card: (usize, usize),
    /// Whole sets in the file.
    pub sets: usize,
    /// Pages each set has of its own: its board, box and rules (and,
    /// in a class set, a blank page after rules of an odd number of pages, so
    /// that each set's rules have sheets of their own printed double-sided).
    pub set_len: usize,
    /// Pages all the sets share: the counter sheets (and a blank page
    /// keeping duplex counters in step).
    pub shared: usize,
    /// Each set's rules end with a blank page (see `set_len`).
    pub rules_blank: bool,
    /// Counters in one set (16, or 8 for Animal Checkers).
    pub counters_per_set: usize,
    /// Counters on one counter sheet.
    pub counters_per_sheet: usize,
    /// Sheets of card to load: the card pages, a duplex counter sheet's two
    /// pages counting once, blank pages not at all.
    pub card_sheets: usize,
    /// Sheets of plain paper: the cover, the rules (double-sided when longer
    /// than a page), the poster's sheets and the box's steps page.
    pub paper_sheets: usize,
    /// The cutting the card pages ask for (see [`crate::compose::checks::cutting`]).
    pub cutting: Cutting,
    /// How long making the sets takes by hand (see [`crate::compose::checks::cutting`]).
    pub making: Making,
    /// The card pieces come die-cut (a print shop's set): the cover and the
    /// box's steps say to press them out, and making them takes no cutting.
    pub die_cut: bool,
}

impl SetParts {
    /// The pages of the document with `sets` sets instead, the rest alike:
    /// the counter sheets grow with the counters they hold.
    pub fn total_with(&self, sets: usize, cover: bool) -> usize {
        let per_sheet = self.counters_per_sheet.max(1);
        let sheets = |n: usize| (n * self.counters_per_set).div_ceil(per_sheet).max(1);
        let counter_pages = self.counters.1 + 1 - self.counters.0;
        let per_counter_sheet = counter_pages.div_ceil(sheets(self.sets));
        // At most one blank page keeps duplex counter sheets in step.
        let blank = self.shared.saturating_sub(counter_pages).min(1);
        let shared = match sets == self.sets {
            true => self.shared,
            false => sheets(sets) * per_counter_sheet + blank,
        };
        usize::from(cover)
            + sets * self.set_len
            + shared
            + self.poster_len()
            + usize::from(self.box_steps.is_some())
    }

    /// The poster's pages (printed once, whatever the sets).
    pub fn poster_len(&self) -> usize {
        self.poster.map_or(0, |(a, b)| b + 1 - a)
    }

    /// The most sets that fit in `max` pages (0 when not even one does).
    pub fn fit(&self, cover: bool, max: usize) -> usize {
        (1..=max)
            .take_while(|&n| self.total_with(n, cover) <= max)
            .last()
            .unwrap_or(0)
    }

    /// The pages of the whole document: the cover, if any, then every set's
    /// pages and the shared ones, then the box's steps when they have a page
    /// of their own.
    pub fn total(&self, cover: bool) -> usize {
        usize::from(cover)
            + self.sets * self.set_len
            + self.shared
            + self.poster_len()
            + usize::from(self.box_steps.is_some())
    }
}

/// The pages of one set, by material: card first (the board, the counters,
/// the box's nets), then plain paper (the rules, the poster); and the box's
/// steps when they are not on the cover, printed once after every set.
struct Pieces {
    board: Vec<Page>,
    /// The counter sheets of all the sets.
    counters: Vec<Page>,
    /// Counters on one sheet.
    per_sheet: usize,
    /// Counters in one set.
    counters_per_set: usize,
    /// The board's outline (w, h), mm, when it is on one sheet.
    board_trim: Option<(f64, f64)>,
    nets: Vec<Page>,
    rules: Vec<Page>,
    /// The poster's sheets (empty without one), once for all the sets.
    poster: Vec<Page>,
    steps: Option<Page>,
    /// Die-cut by a print shop: every line of the cut layer.
    die_cut: bool,
}

/// The box's options for the set: its counters, and the sheets folded into
/// it (the board unless tiled, the rules' sheets, the poster on one sheet,
/// the cover).
fn box_options(
    opts: &SetOptions,
    counter_size: Option<f64>,
    board: &[Page],
    (rules, poster): (usize, usize),
) -> BoxOptions {
    let tiled = board.len() > 1;
    // The rules are printed double-sided: two pages a sheet.
    let papers = usize::from(!tiled)
        + rules.div_ceil(2)
        + usize::from(poster == 1)
        + usize::from(opts.cover);
    BoxOptions {
        counter_size,
        sides: opts.sides,
        // A tiled board, glued onto card, stays out of the box.
        flat_board: opts
            .square
            .filter(|_| tiled)
            .map(|s| (s * COLS as f64, s * ROWS as f64)),
        board_square: opts.square.filter(|s| s.is_finite()),
        papers,
        ..BoxOptions::default()
    }
}

/// Refuses counters of `counter` mm wider than the board's squares (the
/// `square` asked for, else the largest that fits `paper`): a counter must
/// stand on one square without covering its neighbours. The board is not
/// grown to fit them; the message says so and which option to change.
fn check_counter_fits_square(
    res: &Resources,
    paper: Paper,
    counter: f64,
    square: Option<f64>,
) -> Result<(), Error> {
    let s = match square {
        Some(s) => s,
        None => square_size(res, paper, None)?,
    };
    if counter <= s + 1e-9 {
        return Ok(());
    }
    let larger = counter.ceil();
    Err(Error::CounterWiderThanSquare {
        counter,
        square: s,
        larger,
        tiled: square_size(res, paper, Some(larger)).is_err(),
    })
}

/// Composes every page of the set on `sheet`'s paper, every sheet but a
/// tiled board's with its bleed, and says where each part is: the
/// [`first_set`], then the [`whole_set`] made from it.
pub fn set_pages(
    res: &Resources,
    sheet: &Sheet,
    opts: &SetOptions,
) -> Result<(Vec<Page>, SetParts), Error> {
    let (first, parts) = first_set(res, sheet, opts)?;
    Ok((whole_set(res, sheet, opts, first, &parts), parts))
}

/// Composes one set and says where each part is and how many pages the
/// whole document will have ([`SetParts::total`]), before any copy is made:
/// a front end can refuse a class set too long to print here, at the cost
/// of one set. The pages are the set's `parts.set_len` pages and the shared
/// counter sheets (no set marks), then the poster's pages (`parts.poster`,
/// printed once), then the box's steps page when it has one
/// (`parts.box_steps`), then the
/// cover when `opts.cover`: the cover is made here, since whether the box's
/// steps fit on it decides the page count.
pub fn first_set(
    res: &Resources,
    sheet: &Sheet,
    opts: &SetOptions,
) -> Result<(Vec<Page>, SetParts), Error> {
    let (paper, bleed) = (sheet.paper, sheet.bleed);
    // The theme's square (`board.square`) when the job gives none: the
    // board, the counters and the box follow it.
    let opts = &SetOptions {
        square: res.theme.board.asked_square(opts.square),
        ..*opts
    };
    let board_opts = BoardSheet {
        paper,
        square: opts.square,
        bleed,
        // A board on one sheet goes into the box folded on square edges.
        fold_marks: opts.boxed,
    };
    // The board's outline on one sheet, for the cutting it asks for.
    let board_trim = match opts.square {
        Some(s) if !s.is_finite() => None,
        s => square_size(res, paper, s)
            .ok()
            .map(|s| (s * COLS as f64, s * ROWS as f64)),
    };
    let board = match board_sheets(res, &board_opts, None)? {
        // One sheet, for a print shop: cut out like every other piece.
        one if one.len() == 1 && sheet.print_shop => {
            vec![board_page_for_cutting(res, &board_opts)?]
        }
        sheets => sheets,
    };
    // The counters are never cut by a laser in a set: paper and bleed only.
    let counter_sheet = Sheet::new(paper).with_bleed(bleed);
    let mut counter_opts = CounterOptions {
        shape: opts.shape,
        sides: opts.sides,
        ..CounterOptions::default()
    };
    // Counters that suit the board's squares, tiled or not, as large as the
    // paper allows (a floor board's counters are the largest that fit a sheet).
    counter_opts.size = match (opts.counter_size, opts.square) {
        (Some(c), _) => Some(c),
        // Squares too small for the smallest counter are the squares' fault,
        // not the paper's.
        (None, Some(s)) if (s * 0.85).floor() < crate::limits::MIN_COUNTER_SIZE => {
            let least = (crate::limits::MIN_COUNTER_SIZE / 0.85 * 10.0).ceil() / 10.0;
            return Err(Error::usage(
                crate::error::Opt::Square,
                format!(
                    "{} mm squares hold counters of at most {} mm, smaller than the smallest counter ({} mm); give squares of {} mm or more, or a counter size of its own",
                    crate::error::num(s),
                    crate::error::num((s * 0.85).floor().max(0.0)),
                    crate::error::num(crate::limits::MIN_COUNTER_SIZE),
                    crate::error::num(least)
                ),
            ));
        }
        (None, Some(s)) => Some(
            largest_fitting_size(res, &counter_sheet, &counter_opts, (s * 0.85).floor()).ok_or(
                Error::PaperTooSmallForCounters {
                    min: crate::limits::MIN_COUNTER_SIZE,
                },
            )?,
        ),
        (None, None) => None,
    };
    // The counters of every set packed together onto the fewest sheets.
    counter_opts.copies = opts.copies.max(1);
    let counters = counter_pages(res, &counter_sheet, &counter_opts).map_err(|e| match e {
        // Asked for by size: that option is to change.
        Error::CounterTooLarge {
            size, pair, area, ..
        } if opts.counter_size.is_some() => Error::CounterTooLarge {
            opt: Opt::CounterSize,
            size,
            pair,
            area,
        },
        e => e,
    })?;
    // Counters that fit the paper, but not the board's squares.
    if let Some(c) = opts.counter_size {
        check_counter_fits_square(res, paper, c, opts.square)?;
    }
    let with_bleed = |pages: Vec<Page>| -> Vec<Page> {
        pages.into_iter().map(|p| p.with_bleed(bleed)).collect()
    };
    let rules = with_bleed(handout_pages(res, &HandoutOptions { paper }));
    let poster = match (opts.poster, opts.poster_paper) {
        // Sized for its own paper, tiled over the set's when larger.
        (_, Some(sized)) => poster_over(
            res,
            &PosterOptions { paper: sized },
            paper,
            bleed,
            Opt::PosterPaper,
        )?,
        (true, None) => vec![poster_page(res, &PosterOptions { paper })?.with_bleed(bleed)],
        (false, None) => Vec::new(),
    };
    let box_opts = BoxOptions {
        die_cut: sheet.print_shop,
        ..box_options(opts, counter_opts.size, &board, (rules.len(), poster.len()))
    };
    let nets = match opts.boxed {
        true => with_bleed(box_nets(res, paper, &box_opts)?),
        false => Vec::new(),
    };
    let per_sheet = counters_per_sheet(res, &counter_sheet, &counter_opts)?;
    let mut pieces = Pieces {
        board,
        counters,
        per_sheet,
        counters_per_set: 2 * res.rules.animals_by_rank().len(),
        board_trim,
        nets,
        rules,
        poster,
        steps: None,
        die_cut: sheet.print_shop,
    };
    // The steps on the cover when they fit there, else on a page of their own.
    if opts.boxed && opts.cover {
        let (mut first, parts) = arrange(paper, bleed, opts, &pieces);
        let shown = shown_pages(&first, &parts, opts);
        if let Some(cover) = cover_page(res, paper, opts, &parts, &shown, Some(&box_opts))? {
            first.push(cover.with_bleed(bleed));
            return Ok((first, parts));
        }
    }
    if opts.boxed {
        pieces.steps = Some(box_steps_page(res, paper, &box_opts)?.with_bleed(bleed));
    }
    let (mut first, parts) = arrange(paper, bleed, opts, &pieces);
    first.extend(pieces.steps.iter().cloned());
    if opts.cover {
        let shown = shown_pages(&first, &parts, opts);
        if let Some(cover) = cover_page(res, paper, opts, &parts, &shown, None)? {
            first.push(cover.with_bleed(bleed));
        }
    }
    Ok((first, parts))
}

/// The pages the cover shows, each with its page number: every page of a
/// single set (its box's steps too); of a class set, the first set's pages
/// and the first counter sheet (the other sets' pages are the same).
fn shown_pages(first: &[Page], parts: &SetParts, opts: &SetOptions) -> Vec<(Page, usize)> {
    let start = parts.board.0;
    if parts.sets <= 1 {
        return first.iter().cloned().zip(start..).collect();
    }
    let len = |r: (usize, usize)| (r.1 + 1 - r.0) / parts.sets;
    let board = len(parts.board);
    let blank = parts.counters.0 - parts.board.1 - 1;
    let sheet = match opts.sides {
        Sides::Duplex(_) => 2,
        _ => 1,
    };
    let nets = parts.boxnet.map_or(0, len);
    let rules = len(parts.rules);
    let poster = parts.poster_len();
    // `first`: the board, the shared pages, the box, the rules, the poster.
    let (nets_at, rules_at) = (board + parts.shared, board + parts.shared + nets);
    let at =
        |from: usize, n: usize, number: usize| first[from..from + n].iter().cloned().zip(number..);
    at(0, board, start)
        .chain(at(board + blank, sheet, parts.counters.0))
        .chain(at(nets_at, nets, parts.boxnet.map_or(0, |r| r.0)))
        .chain(at(
            rules_at,
            rules - usize::from(parts.rules_blank),
            parts.rules.0,
        ))
        .chain(at(
            rules_at + rules,
            poster,
            parts.poster.map_or(0, |r| r.0),
        ))
        .collect()
}

/// The whole document from the [`first_set`]'s pages and parts: the cover
/// (when `opts.cover`), then the pages by material: every set's board, the
/// shared counter sheets, every set's box, every set's rules, each page
/// marked with its set's number (a counter sheet with the sets it holds)
/// when there are several; then the poster, once, and the box's steps when
/// they have a page of their own.
pub fn whole_set(
    res: &Resources,
    sheet: &Sheet,
    opts: &SetOptions,
    mut first: Vec<Page>,
    parts: &SetParts,
) -> Vec<Page> {
    let paper = sheet.paper;
    let sets = parts.sets;
    let cover = match opts.cover {
        true => first.pop(),
        false => None,
    };
    let extra = first.split_off(parts.set_len.min(first.len()) + parts.shared);
    if sets <= 1 {
        first.extend(extra);
        first.extend(cover);
        first.rotate_right(usize::from(opts.cover));
        return first;
    }
    // `first`: one set's board, the shared pages, its box and rules; `extra`
    // the poster and the box's steps.
    let span = |r: Option<(usize, usize)>| r.map_or(0, |(a, b)| b + 1 - a) / sets;
    let board = span(Some(parts.board));
    let nets = span(parts.boxnet);
    let rules = span(Some(parts.rules));
    let mut rest = first.split_off(board);
    let shared = rest.drain(..parts.shared).collect::<Vec<_>>();
    let (box_pages, rest) = rest.split_at(nets);
    let rules_pages = &rest[..rules];
    // Each set's copy of `pages`, marked; `blank_last`: the last is a blank
    // page (after a set's rules), left blank.
    let each = |pages: &[Page], blank_last: bool, out: &mut Vec<Page>| {
        for k in 1..=sets {
            for (i, p) in pages.iter().enumerate() {
                out.push(match blank_last && i + 1 == pages.len() {
                    true => p.clone(),
                    false => mark_set(res, paper, p.clone(), (k, k), sets),
                });
            }
        }
    };
    let mut pages: Vec<Page> = cover.into_iter().collect();
    each(&first, false, &mut pages);
    let blank = parts.shared - (parts.counters.1 + 1 - parts.counters.0);
    let per_page = match opts.sides {
        Sides::Duplex(_) => 2,
        _ => 1,
    };
    for (i, p) in shared.into_iter().enumerate() {
        match i.checked_sub(blank) {
            None => pages.push(p),
            Some(j) => {
                let held = counter_sets(parts, j / per_page);
                pages.push(mark_set(res, paper, p, held, sets));
            }
        }
    }
    each(box_pages, false, &mut pages);
    each(rules_pages, parts.rules_blank, &mut pages);
    pages.extend(extra);
    pages
}

/// The sets (first, last, from 1) whose counters counter sheet `sheet`
/// (from 0) holds: the counters of all sets are packed in order.
fn counter_sets(parts: &SetParts, sheet: usize) -> (usize, usize) {
    let (per_set, per_sheet) = (
        parts.counters_per_set.max(1),
        parts.counters_per_sheet.max(1),
    );
    let first = sheet * per_sheet;
    let last = ((sheet + 1) * per_sheet).min(parts.sets * per_set) - 1;
    (first / per_set + 1, last.max(first) / per_set + 1)
}

/// The document's pages in order (card, then paper) for one set, with the
/// counter sheets of all the sets, and where each part of the whole
/// document is: see [`whole_set`].
fn arrange(paper: Paper, bleed: f64, opts: &SetOptions, p: &Pieces) -> (Vec<Page>, SetParts) {
    let blank_page = || Page::new(paper.width, paper.height).with_bleed(bleed);
    let sets = opts.copies.max(1);
    let duplex = matches!(opts.sides, Sides::Duplex(_));
    let range = |from: usize, len: usize| (from, from + len - 1);
    let first = usize::from(opts.cover) + 1;
    let board = range(first, sets * p.board.len());
    // Printed double-sided, counter fronts must fall on odd pages with their
    // backs behind them: a blank page after the boards when needed.
    let blank = duplex && board.1 % 2 == 1;
    let counters = range(board.1 + 1 + usize::from(blank), p.counters.len());
    let nets = range(counters.1 + 1, sets * p.nets.len());
    // In a class set, rules of an odd number of pages (more than one) end
    // with a blank page: each set's rules on sheets of their own.
    let rules_blank = sets > 1 && p.rules.len() > 1 && p.rules.len() % 2 == 1;
    let rules_len = p.rules.len() + usize::from(rules_blank);
    let rules = range(nets.1 + 1, sets * rules_len);
    let poster = (!p.poster.is_empty()).then(|| range(rules.1 + 1, p.poster.len()));
    let end = poster.map_or(rules.1, |r| r.1);
    let mut pages = p.board.clone();
    if blank {
        pages.push(blank_page());
    }
    pages.extend(p.counters.iter().cloned());
    pages.extend(p.nets.iter().cloned());
    pages.extend(p.rules.iter().cloned());
    if rules_blank {
        pages.push(blank_page());
    }
    let shared = usize::from(blank) + p.counters.len();
    let set_len = pages.len() - shared;
    pages.extend(p.poster.iter().cloned());
    let rules_sheets = match p.rules.len() {
        1 => 1,
        n => n.div_ceil(2),
    };
    let parts = SetParts {
        board,
        tiled: p.board.len() > 1,
        counters,
        rules,
        poster,
        boxnet: (!p.nets.is_empty()).then_some(nets),
        // Once, at the end.
        box_steps: p.steps.as_ref().map(|_| end + 1),
        card: (board.0, nets.1),
        sets,
        set_len,
        shared,
        rules_blank,
        counters_per_set: p.counters_per_set,
        counters_per_sheet: p.per_sheet,
        card_sheets: sets * (p.board.len() + p.nets.len())
            + p.counters.len() / if duplex { 2 } else { 1 },
        paper_sheets: usize::from(opts.cover)
            + sets * rules_sheets
            + p.poster.len()
            + usize::from(p.steps.is_some()),
        cutting: cutting(opts, p),
        making: making(opts, p),
        die_cut: p.die_cut,
    };
    (pages, parts)
}

/// The cutting of the whole document's card pages: every set's board (its
/// outline when it is on one sheet without a die line) and box, and the
/// counters of all sets (a fold-over pair cut once, through both faces).
fn cutting(opts: &SetOptions, p: &Pieces) -> Cutting {
    let sets = opts.copies.max(1);
    let board = match (Cutting::of(&p.board), p.board_trim) {
        (c, Some((w, h))) if c.cuts == 0 => Cutting::rectangle(w, h),
        (c, _) => c,
    };
    let counters = match opts.sides {
        Sides::Fold => Cutting::of(&p.counters).halved(),
        _ => Cutting::of(&p.counters),
    };
    let each = board.plus(Cutting::of(&p.nets));
    (0..sets).fold(counters, |all, _| all.plus(each))
}

/// How long making every set takes by hand: cutting out (none when a print
/// shop die-cut the pieces), gluing fold-over counters, scoring and folding
/// every set's box (a tray and a lid).
fn making(opts: &SetOptions, p: &Pieces) -> Making {
    let sets = opts.copies.max(1);
    let glued = match opts.sides {
        Sides::Fold => sets * p.counters_per_set,
        _ => 0,
    };
    let folds = Cutting::of_layer(&p.nets, Layer::Fold).cuts * sets;
    let parts = if p.nets.is_empty() { 0 } else { 2 * sets };
    let by_hand = match p.die_cut {
        true => Cutting::default(),
        false => cutting(opts, p),
    };
    Making::new(by_hand, glued, folds, parts)
}

/// `page` of set `k` of `sets`, marked "Set k of n" (in the pack's words;
/// a counter sheet holding sets `k` to `last`, "Sets k–last of n"),
/// right-aligned, 2.6 mm type in the guides layer. With a margin of at least
/// 6 mm the mark sits in the top margin, its baseline 1.5 mm above the
/// printable area, where no page of the set draws (counter sheets put their
/// instructions and duplex registration marks at the very top of the area);
/// with a narrower margin it sits just inside the area's top right corner.
fn mark_set(
    res: &Resources,
    paper: Paper,
    mut page: Page,
    (k, last): (usize, usize),
    sets: usize,
) -> Page {
    let margin = res.theme.page.margin;
    let area = printable_area(paper, margin);
    let baseline = if margin >= 6.0 {
        area.y - 1.5
    } else {
        area.y + 2.2
    };
    let w = &res.lang.cover;
    let text = match (k == last, w.sets_mark.is_empty()) {
        (true, _) | (_, true) => w.set_mark.replace("{k}", &k.to_string()),
        _ => w
            .sets_mark
            .replace("{from}", &k.to_string())
            .replace("{to}", &last.to_string()),
    }
    .replace("{n}", &sets.to_string());
    let label = Label {
        text: &text,
        stack: &res.text,
        size: 2.6,
        pos: pt(area.right(), baseline),
        anchor: Anchor::End,
        valign: VAlign::Baseline,
        rotation: 0.0,
        fill: res.theme.board.text.0,
    };
    page.add(Layer::Guides, label.items(&res.fonts));
    page
}

/// "page 3", "pages 3 and 4" or "pages 3–5", in the pack's words.
pub fn page_words(res: &Resources, r: (usize, usize)) -> String {
    let w = &res.lang.cover;
    if r.0 == r.1 {
        w.one_page.replace("{n}", &r.0.to_string())
    } else if r.1 == r.0 + 1 {
        w.two_pages
            .replace("{from}", &r.0.to_string())
            .replace("{to}", &r.1.to_string())
    } else {
        w.many_pages
            .replace("{from}", &r.0.to_string())
            .replace("{to}", &r.1.to_string())
    }
}

/// The ranges of the document's pages (the cover's included) outside
/// `two_sided`, from 1.
fn one_sided(parts: &SetParts, two_sided: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let total = parts.total_with(parts.sets, true);
    let mut out: Vec<(usize, usize)> = Vec::new();
    for n in 1..=total {
        if two_sided.iter().any(|r| (r.0..=r.1).contains(&n)) {
            continue;
        }
        match out.last_mut() {
            Some(r) if r.1 + 1 == n => r.1 = n,
            _ => out.push((n, n)),
        }
    }
    out
}

/// Ranges of pages in the pack's words: "pages 1–4 and page 7".
fn page_list(res: &Resources, ranges: &[(usize, usize)]) -> String {
    let words: Vec<String> = ranges.iter().map(|r| page_words(res, *r)).collect();
    list(res, &words)
}

/// Words run into a list: "a, b and c" (with the pack's "and"; in Chinese
/// with 、).
fn list(res: &Resources, words: &[String]) -> String {
    let sep = if res.lang.is_cjk() { "、" } else { ", " };
    let and = res.lang.grammar.and.as_deref().unwrap_or(sep);
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}{and}{last}", rest.join(sep)),
        _ => words.join(sep),
    }
}

/// The least height of the cover's thumbnails, beside its contents, mm.
const THUMBNAILS_MIN: f64 = 36.0;

/// The cover: title, what is in the set and on which pages, how to print it,
/// how to put it together, the box's steps when `steps` gives the box (or
/// `None` when they do not fit, leaving them for a page of their own), and a
/// small picture of every other page.
fn cover_page(
    res: &Resources,
    paper: Paper,
    opts: &SetOptions,
    parts: &SetParts,
    pages: &[(Page, usize)],
    steps: Option<&BoxOptions>,
) -> Result<Option<Page>, Error> {
    // The sections' type is set a little smaller when the steps would not
    // fit under them (Letter, shorter than A4); the animals' row goes only
    // when even that leaves the steps no room (the lid shows them too).
    for (pictures, size) in [
        (true, COVER_TEXT),
        (true, COVER_TEXT_DENSE),
        (false, COVER_TEXT),
        (false, COVER_TEXT_DENSE),
    ] {
        if let Some(page) = cover_with(res, (paper, opts), (parts, pages), steps, (pictures, size))?
        {
            return Ok(Some(page));
        }
    }
    Ok(None)
}

/// The cover's sections' text size, mm.
const COVER_TEXT: f64 = 3.5;
/// … when the box's steps would not fit under them otherwise, mm.
const COVER_TEXT_DENSE: f64 = 3.2;

/// [`cover_page`], with or without the row of the animals' pictures under
/// the title (when the theme has them), the sections' text `size` mm.
fn cover_with(
    res: &Resources,
    (paper, opts): (Paper, &SetOptions),
    (parts, pages): (&SetParts, &[(Page, usize)]),
    steps: Option<&BoxOptions>,
    (pictures, size): (bool, f64),
) -> Result<Option<Page>, Error> {
    let w = &res.lang.cover;
    let mut page = Page::new(paper.width, paper.height);
    let area = printable_area(paper, res.theme.page.margin);
    let ink = res.theme.board.text.0;
    let accent = res.theme.side(crate::game::Side::South);
    let mut items = text_fit(
        res,
        FitText {
            text: &res.lang.game.title_line(),
            stack: &res.bold,
            size: 10.0,
            max_width: area.w,
            pos: pt(area.center().x, area.y + 6.0),
            rotation: 0.0,
            fill: accent,
        },
    );
    items.extend(text_fit(
        res,
        FitText {
            text: &crate::compose::products::handout::subtitle_line(res),
            stack: &res.text,
            size: 4.0,
            max_width: area.w,
            pos: pt(area.center().x, area.y + 14.0),
            rotation: 0.0,
            fill: ink,
        },
    ));

    let mut y = area.y + 25.0;
    // The game as a box states it: players, ages, a game's length, in the
    // room above the sections (pictures under it move down).
    let facts_gap = if w.facts.is_empty() { 0.0 } else { 4.0 };
    y += facts_gap / 2.0;
    if !w.facts.is_empty() {
        items.extend(text_fit(
            res,
            FitText {
                text: &w.facts,
                stack: &res.bold,
                size: 3.6,
                max_width: area.w,
                pos: pt(area.center().x, area.y + 19.6),
                rotation: 0.0,
                fill: accent,
            },
        ));
    }
    // The animals' pictures in a row under the title, when the theme draws them.
    let row = match pictures {
        true => cover_pictures(res, area, area.y + 19.0 + facts_gap, ink),
        false => Vec::new(),
    };
    if !row.is_empty() {
        y += COVER_PICTURE + 5.0 + facts_gap / 2.0;
        items.extend(row);
    }
    // What is in the set on the left, beside thumbnails of its pages; how
    // long making it takes and the tools it needs there too when they stay
    // beside the thumbnails, else at the head of the assembly.
    let left = area.w * 0.42;
    let mut extra: Vec<String> = [making_line(res, opts, parts), tools_line(res, opts, parts)]
        .into_iter()
        .flatten()
        .collect();
    let mut beside = extra.len();
    let (listed, listing) = loop {
        let mut contents = contents_lines(res, parts);
        contents.extend(extra[..beside].iter().cloned());
        let mut listing = Vec::new();
        let listed = section(
            res,
            (&w.contents_heading, &contents),
            Rect { w: left, ..area },
            (y, size),
            &mut listing,
        );
        if beside == 0 || listed <= y + 4.0 + THUMBNAILS_MIN + 2.0 {
            break (listed, listing);
        }
        beside -= 1;
    };
    items.extend(listing);
    let after: Vec<String> = extra.split_off(beside);
    let thumbs_x = area.x + left + 4.0;
    items.extend(heading_items(
        res,
        &w.pages_heading,
        pt(thumbs_x, y),
        accent,
    ));
    let room = Rect {
        x: thumbs_x,
        y: y + 4.0,
        w: area.right() - thumbs_x,
        h: (listed - y - 4.0).max(THUMBNAILS_MIN),
    };
    items.extend(thumbnails(res, pages, room, ink));
    y = listed.max(room.bottom()) + 2.0;
    for (heading, lines) in [
        (&w.print_heading, printing_lines(res, opts, parts)),
        (
            &w.assemble_heading,
            [after.clone(), assembly_lines(res, opts, parts)].concat(),
        ),
    ] {
        y = section(res, (heading, &lines), area, (y, size), &mut items);
    }
    // The box's steps, with their small diagrams, down to the scale bar.
    if let Some(box_opts) = steps {
        items.extend(heading_items(
            res,
            &res.lang.boxnet.instructions_heading,
            pt(area.x, y),
            accent,
        ));
        y += 6.5;
        let room = Rect {
            x: area.x,
            y,
            w: area.w,
            h: area.bottom() - 9.0 - y,
        };
        let (drawn, bottom) = box_steps(res, paper, box_opts, room, true)?;
        if bottom > room.bottom() + 1e-6 {
            return Ok(None);
        }
        items.extend(drawn);
    }
    page.add(Layer::Artwork, items);
    page.add(
        Layer::Guides,
        crate::compose::drawn::scale_bar::scale_bar(
            res,
            pt(area.x, area.bottom() - 4.0),
            ink,
            false,
            area.w,
        ),
    );
    Ok(Some(page))
}

/// A cover section inside `area` from `y` down, its text `size` mm: its heading, then its lines
/// as a bulleted list. Returns where the next section starts.
fn section(
    res: &Resources,
    (heading, lines): (&str, &[String]),
    area: Rect,
    (mut y, size): (f64, f64),
    items: &mut Vec<Item>,
) -> f64 {
    let ink = res.theme.board.text.0;
    let accent = res.theme.side(crate::game::Side::South);
    items.extend(heading_items(res, heading, pt(area.x, y), accent));
    y += 6.5;
    for line in lines {
        items.push(shapes::fill(
            shapes::circle(pt(area.x + 1.4, y - size * 0.33), 0.7),
            ink,
        ));
        let (lines, next) = paragraph(res, line, size, pt(area.x + 4.0, y), area.w - 5.0, ink);
        items.extend(lines);
        y = next + 1.0;
    }
    y + 3.0
}

/// `template` with `{pages}` filled with the pages `r` in the pack's words.
fn fill_pages(res: &Resources, template: &str, r: (usize, usize)) -> String {
    template.replace("{pages}", &page_words(res, r))
}

/// The cover's contents: the sets (when more than one), the board, the
/// counters, the rules, the poster and the box, each with its pages.
fn contents_lines(res: &Resources, parts: &SetParts) -> Vec<String> {
    let w = &res.lang.cover;
    let fill = |t: &str, r: (usize, usize)| fill_pages(res, t, r);
    let board_line = if parts.tiled {
        fill(&w.board_tiled, parts.board).replace("{page}", &parts.board.0.to_string())
    } else {
        fill(&w.board, parts.board)
    };
    [
        // Without the sentence (a pack's retired one, see `lang::RETIRED`)
        // the ranges below still say where everything is.
        (parts.sets > 1 && !w.sets.is_empty()).then(|| {
            let paper = (parts.rules.0, parts.poster.map_or(parts.rules.1, |p| p.1));
            let sets = w
                .sets
                .replace("{n}", &parts.sets.to_string())
                .replace("{card}", &page_words(res, parts.card))
                .replace("{paper}", &page_words(res, paper));
            // The poster, printed once for the whole class, after every set's rules.
            match parts.poster {
                Some(p) if !w.poster_once.is_empty() => {
                    // A space after a Latin full stop, none after a Chinese one.
                    let gap = if sets.ends_with(|c: char| c.is_ascii()) {
                        " "
                    } else {
                        ""
                    };
                    format!("{sets}{gap}{}", fill(&w.poster_once, p))
                }
                _ => sets,
            }
        }),
        Some(board_line),
        // `{n}`: the counters of one set (16, or 8 for Animal Checkers), of
        // every set in a class set.
        Some(
            fill(&w.counters, parts.counters)
                .replace("{n}", &(parts.sets * parts.counters_per_set).to_string()),
        ),
        // The poster on a line of its own, or among the rules'
        // pages for a pack without that line.
        Some(match parts.poster {
            Some(p) if w.poster.is_empty() => fill(&w.rules, (parts.rules.0, p.1)),
            _ => fill(&w.rules, parts.rules),
        }),
        parts
            .poster
            .filter(|_| !w.poster.is_empty())
            .map(|p| fill(&w.poster, p)),
        parts.boxnet.map(|b| fill(&w.box_pages, b)),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The cover's printing advice: at 100 %; the card pages, loaded once; the
/// rules double-sided (when they take more than a page); the counters on
/// one side or on both (and which edge to flip on); the rest single-sided.
fn printing_lines(res: &Resources, opts: &SetOptions, parts: &SetParts) -> Vec<String> {
    let w = &res.lang.cover;
    let mut lines = vec![
        res.lang.sheet.print_at_100.clone(),
        fill_pages(res, &w.card, parts.card),
    ];
    let rules_duplex = parts.rules.1 > parts.rules.0;
    if rules_duplex {
        lines.push(fill_pages(res, &w.print_rules_duplex, parts.rules));
    }
    // The pages printed on one side, named: a printer's menu knows pages
    // and "one-sided", not "every other page".
    let mut two_sided = vec![];
    if rules_duplex {
        two_sided.push(parts.rules);
    }
    if let Sides::Duplex(_) = opts.sides {
        two_sided.push(parts.counters);
    }
    let others = page_list(res, &one_sided(parts, &two_sided));
    lines.push(match opts.sides {
        Sides::Duplex(flip) => {
            let edge = match flip {
                Flip::LongEdge => &w.long_edge,
                Flip::ShortEdge => &w.short_edge,
            };
            // A class set's counter sheets are together too.
            fill_pages(res, &w.print_duplex, parts.counters)
                .replace("{edge}", edge)
                .replace("{others}", &others)
        }
        _ if rules_duplex => w.print_others_single.replace("{pages}", &others),
        _ => w.print_single.clone(),
    });
    // A class set's sheets and cutting, to plan the printing.
    if parts.sets > 1 && !w.summary.is_empty() {
        lines.push(summary_line(res, parts));
    }
    lines
}

/// The printing summary in the pack's words: sheets of card and of paper,
/// the cuts, and the time they take with scissors and on a cutting plotter.
pub fn summary_line(res: &Resources, parts: &SetParts) -> String {
    let w = &res.lang.cover;
    printing_summary(parts, &w.summary, &w.minutes, &w.hours)
}

/// A set's printing summary, the one way it is made (the cover's, in the
/// pack's words; the command line's and the web page's, in theirs):
/// `summary` with `{card}` and `{paper}` (sheets to load), `{cuts}`,
/// `{length}` (m of cut line), `{scissors}` and `{plotter}` (the time
/// cutting takes, as `minutes` with `{n}` or as `hours` with `{h}` and
/// `{m}`, rounded as [`crate::compose::checks::cutting::rounded_minutes`] does).
pub fn printing_summary(parts: &SetParts, summary: &str, minutes: &str, hours: &str) -> String {
    let c = parts.cutting;
    let time = |seconds: f64| time_words(seconds, minutes, hours);
    summary
        .replace("{card}", &parts.card_sheets.to_string())
        .replace("{paper}", &parts.paper_sheets.to_string())
        .replace("{cuts}", &c.cuts.to_string())
        .replace("{length}", &format!("{:.0}", c.length / 1000.0))
        .replace("{scissors}", &time(c.scissors()))
        .replace("{plotter}", &time(c.plotter(parts.card_sheets)))
}

/// The cover's assembly steps: the board, the counters, the rules and the box
/// (for a print shop's set, the die-cut pieces pressed out, in the pack's
/// `shop_*` words, or the home printer's with a warning when it has none).
fn assembly_lines<'a>(res: &'a Resources, opts: &SetOptions, parts: &SetParts) -> Vec<String> {
    let w = &res.lang.cover;
    // A print shop's pieces come die-cut: pressed out, not cut.
    let shop = |key: &str, text: &'a str, instead: &str, home: &'a str| {
        die_cut_words(res, parts.die_cut, (key, text), (instead, home))
    };
    let assemble_board = if parts.tiled {
        shop(
            "cover.shop_tiled",
            &w.shop_tiled,
            "cover.assemble_tiled",
            &w.assemble_tiled,
        )
        .replace("{page}", &parts.board.0.to_string())
    } else if opts.boxed && !parts.die_cut && !w.assemble_board_fold.is_empty() {
        // Cut out and folded on square edges to go into the box.
        w.assemble_board_fold.clone()
    } else {
        shop(
            "cover.shop_board",
            &w.shop_board,
            "cover.assemble_board",
            &w.assemble_board,
        )
        .to_string()
    };
    // How to make the counters; printing double-sided is said under Printing.
    let (instead, home) = match opts.sides {
        Sides::Single => ("sheet.cut_single", &res.lang.sheet.cut_single),
        Sides::Fold => ("sheet.cut_fold", &res.lang.sheet.cut_fold),
        Sides::Duplex(_) => ("cover.assemble_counters", &w.assemble_counters),
    };
    let counters_how = fill_pages(
        res,
        shop("cover.shop_counters", &w.shop_counters, instead, home),
        parts.counters,
    );
    [
        Some(assemble_board),
        Some(counters_how),
        Some(w.assemble_rules.clone()),
        parts
            .box_steps
            .map(|p| w.assemble_box.replace("{page}", &p.to_string())),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// How long making the set takes, in all and part by part (from the
/// cutting model, [`crate::compose::checks::cutting::Making`]); `None` without the pack's words.
fn making_line(res: &Resources, opts: &SetOptions, parts: &SetParts) -> Option<String> {
    let w = &res.lang.cover;
    if w.making.is_empty() {
        return None;
    }
    let m = parts.making;
    // Nothing left to make by hand (a print shop's set without a box).
    if m.total() <= 0.0 {
        return None;
    }
    // A print shop's set: only the box is made by hand, and the line says so.
    let making = die_cut_words(
        res,
        parts.die_cut,
        ("cover.shop_making", &w.shop_making),
        ("cover.making", &w.making),
    );
    let glued = matches!(opts.sides, Sides::Fold);
    let each: Vec<String> = [
        (&w.making_cut, m.cutting, true),
        (&w.making_glue, m.gluing, glued),
        (&w.making_box, m.boxing, parts.boxnet.is_some()),
    ]
    .into_iter()
    .filter(|(t, s, keep)| *keep && *s > 0.0 && !t.is_empty())
    .map(|(t, s, _)| t.replace("{t}", &duration(res, s)))
    .collect();
    Some(
        making
            .replace("{total}", &duration(res, m.total()))
            .replace("{parts}", &list(res, &each)),
    )
}

/// The tools making the set needs: scissors, a ruler, glue for fold-over
/// counters, a pen to score and a knife for the box's slots (pieces a print
/// shop die-cut need neither scissors nor knife, only the ruler and pen that
/// score the box); `None` when it needs none.
fn tools_line(res: &Resources, opts: &SetOptions, parts: &SetParts) -> Option<String> {
    let w = &res.lang.cover;
    if w.tools.is_empty() {
        return None;
    }
    let boxed = parts.boxnet.is_some();
    let cut = !parts.die_cut;
    let tools: Vec<String> = [
        (&w.tool_scissors, cut),
        (&w.tool_ruler, cut || boxed),
        (&w.tool_glue, matches!(opts.sides, Sides::Fold)),
        (&w.tool_pen, boxed),
        (&w.tool_knife, boxed && cut),
    ]
    .into_iter()
    .filter(|(t, keep)| *keep && !t.is_empty())
    .map(|(t, _)| t.clone())
    .collect();
    (!tools.is_empty()).then(|| w.tools.replace("{list}", &list(res, &tools)))
}

/// A time in s in the pack's words ([`crate::compose::checks::cutting::rounded_minutes`]).
fn duration(res: &Resources, seconds: f64) -> String {
    let w = &res.lang.cover;
    time_words(seconds, &w.minutes, &w.hours)
}

/// A time in s as `minutes` (with `{n}`) or as `hours` (with `{h}` and
/// `{m}`), rounded as [`crate::compose::checks::cutting::rounded_minutes`] does.
fn time_words(seconds: f64, minutes: &str, hours: &str) -> String {
    let m = crate::compose::checks::cutting::rounded_minutes(seconds);
    match (m / 60, m % 60) {
        (0, m) => minutes.replace("{n}", &m.to_string()),
        (h, m) => hours
            .replace("{h}", &h.to_string())
            .replace("{m}", &m.to_string()),
    }
}

/// A contact sheet: every page of `pages` small, numbered from 1, on one
/// `paper`-sized page (for a quick look before printing).
pub fn contact_sheet(res: &Resources, pages: &[Page], paper: Paper) -> Page {
    let mut page = Page::new(paper.width, paper.height);
    let area = printable_area(paper, res.theme.page.margin);
    let ink = res.theme.board.text.0;
    let numbered: Vec<(Page, usize)> = pages.iter().cloned().zip(1..).collect();
    page.add(Layer::Artwork, thumbnails(res, &numbered, area, ink));
    page
}

/// Small pictures of `pages` in a grid inside `room`, each with its number.
fn thumbnails(res: &Resources, pages: &[(Page, usize)], room: Rect, ink: Color) -> Vec<Item> {
    let n = pages.len().max(1);
    let (pw, ph) = pages.iter().fold((1.0f64, 1.0f64), |(w, h), (p, _)| {
        (w.max(p.width), h.max(p.height))
    });
    let label = 4.5;
    // The largest scale at which a grid of n thumbnails fits.
    let mut best = (0.0, 1);
    for cols in 1..=n {
        let rows = n.div_ceil(cols);
        let k = ((room.w - (cols as f64 - 1.0) * 3.0) / cols as f64 / pw)
            .min((room.h - rows as f64 * (label + 3.0)) / rows as f64 / ph);
        if k > best.0 {
            best = (k, cols);
        }
    }
    let (k, cols) = best;
    if k <= 0.0 {
        return Vec::new();
    }
    let rows = n.div_ceil(cols);
    let cell_w = pw * k + 3.0;
    let x0 = room.x + (room.w - (cols as f64 * cell_w - 3.0)) / 2.0;
    let mut items = Vec::new();
    for (i, (p, number)) in pages.iter().enumerate() {
        let (c, r) = (i % cols, i / cols);
        let at = pt(
            x0 + c as f64 * cell_w,
            room.y + r as f64 * (ph * k + label + 3.0),
        );
        let (w, h) = (p.width * k, p.height * k);
        items.push(shapes::fill_stroke(
            shapes::rect(at.x, at.y, w, h),
            Color::WHITE,
            Stroke::solid(ink, 0.2),
        ));
        items.push(Item::Group(Group {
            picture: false,
            transform: Transform([k, 0.0, 0.0, k, at.x, at.y]),
            items: vec![Item::Clip(Clip {
                path: shapes::rect(0.0, 0.0, p.width, p.height),
                // A picture of the page: its words are read on the page itself.
                items: crate::scene::decorative(vec![Item::Page(p.share())]),
            })],
        }));
        let number = res
            .lang
            .cover
            .page_label
            .replace("{n}", &number.to_string());
        items.extend(text_fit(
            res,
            FitText {
                text: &number,
                stack: &res.text,
                size: 3.0,
                max_width: w,
                pos: pt(at.x + w / 2.0, at.y + h + 3.0),
                rotation: 0.0,
                fill: ink,
            },
        ));
    }
    debug_assert!(rows as f64 * (ph * k + label + 3.0) <= room.h + 1e-6);
    items
}

/// A section heading, its baseline's left end at `at`.
fn heading_items(res: &Resources, text: &str, at: crate::scene::Pt, color: Color) -> Vec<Item> {
    left_text(res, &res.bold, text, 4.6, at, color)
}

/// The side of each animal's picture on the cover, mm.
const COVER_PICTURE: f64 = 16.0;

/// The pictures of the animals in play, highest rank first, in a centred row
/// of squares (at most [`COVER_PICTURE`] mm) across `area`, their tops at
/// `top` (mm); one-colour drawings in `ink`. Empty without pictures.
fn cover_pictures(res: &Resources, area: Rect, top: f64, ink: Color) -> Vec<Item> {
    let pictures = crate::compose::drawn::scenery::animal_pictures(res, ink);
    let n = pictures.len() as f64;
    if pictures.is_empty() {
        return Vec::new();
    }
    let gap = 4.0;
    let side = ((area.w - (n - 1.0) * gap) / n).min(COVER_PICTURE);
    let x0 = area.center().x - (n * side + (n - 1.0) * gap) / 2.0;
    let y = top + (COVER_PICTURE - side) / 2.0;
    pictures
        .iter()
        .enumerate()
        .map(|(i, (_, art, key))| {
            let x = x0 + i as f64 * (side + gap);
            crate::compose::drawn::art::place_art(
                res,
                art,
                key,
                (x, y, side, side),
                crate::picture::Fit::Contain,
                None,
            )
        })
        .collect()
}

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

use super::board::{board_page_for_cutting, BoardOptions};
use super::boxnet::{box_nets, box_steps, box_steps_page, BoxOptions};
use super::counters::{
    counter_pages, largest_fitting_size, CounterOptions, Shape, Sides, MIN_SIZE,
};
use super::handout::{handout_pages, HandoutOptions};
use super::label::{left_text, paragraph, text_fit, FitText, Label, VAlign};
use super::poster::{poster_page, PosterOptions};
use super::tiles::board_sheets;
use crate::error::{Error, Opt};
use crate::game::{COLS, ROWS};
use crate::layout::{printable_area, Flip, Rect};
use crate::paper::Paper;
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Anchor, Clip, Color, Group, Item, Layer, Page, Stroke, Transform};

/// Choices for the whole set (its paper and bleed are the job's, given to
/// [`set_pages`] beside them). Lengths in mm. The job holds this type as it
/// is ([`crate::job::Kind::Set`]), so the set's options are written once.
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
    /// Whole sets in the file, 1 to [`crate::limits::MAX_COPIES`]; above 1 each
    /// set's pages are marked with its number.
    pub copies: usize,
    /// Made for a print shop: the board (on one sheet) gets its die line and
    /// crop marks, like the other pieces to cut. Not an option: the job sets
    /// it from its purpose.
    pub print_shop: bool,
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
            copies: 1,
            print_shop: false,
        }
    }
}

/// Which pages (1-based, inclusive) hold each part of a set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetParts {
    /// The board's pages (an assembly map first when tiled).
    pub board: (usize, usize),
    /// True when the board is tiled over several sheets.
    pub tiled: bool,
    /// The counter sheets.
    pub counters: (usize, usize),
    /// The rules handout.
    pub rules: (usize, usize),
    /// The rules poster's page, after the handout, when asked for.
    pub poster: Option<usize>,
    /// The sheets of the box's nets, if any.
    pub boxnet: Option<(usize, usize)>,
    /// The page of the box's assembly steps, when they have a page of their
    /// own (without a cover, or when the cover has no room for them), once,
    /// after every set; `None` when they are on the cover or there is no box.
    pub box_steps: Option<usize>,
    /// The pages to print on card, all together: the board, the counters
    /// and the box's nets (and a blank page keeping duplex counters in step).
    pub card: (usize, usize),
    /// Whole sets in the file; the ranges above are the first set's.
    pub sets: usize,
    /// Pages in each set (with a blank page to keep duplex sets in step).
    pub set_len: usize,
}

impl SetParts {
    /// The pages of the whole document: the cover, if any, then every set,
    /// then the box's steps when they have a page of their own.
    pub fn total(&self, cover: bool) -> usize {
        usize::from(cover) + self.sets * self.set_len + usize::from(self.box_steps.is_some())
    }
}

/// The pages of one set, by material: card first (the board, the counters,
/// the box's nets), then plain paper (the rules, the poster); and the box's
/// steps when they are not on the cover, printed once after every set.
struct Pieces {
    board: Vec<Page>,
    counters: Vec<Page>,
    nets: Vec<Page>,
    rules: Vec<Page>,
    poster: Option<Page>,
    steps: Option<Page>,
}

/// The box's options for the set: its counters, and the sheets folded into
/// it (the board unless tiled, the rules' sheets, the poster, the cover).
fn box_options(
    paper: Paper,
    opts: &SetOptions,
    counter_size: Option<f64>,
    board: &[Page],
    rules: usize,
) -> BoxOptions {
    let tiled = board.len() > 1;
    // The rules are printed double-sided: two pages a sheet.
    let papers = usize::from(!tiled)
        + rules.div_ceil(2)
        + usize::from(opts.poster)
        + usize::from(opts.cover);
    BoxOptions {
        counter_size,
        sides: opts.sides,
        // A tiled board, glued onto card, stays out of the box.
        flat_board: opts
            .square
            .filter(|_| tiled)
            .map(|s| (s * COLS as f64, s * ROWS as f64)),
        papers,
        ..BoxOptions::new(paper)
    }
}

/// Composes every page of the set on `paper`, every sheet but a tiled
/// board's with `bleed` mm of bleed, and says where each part is: the
/// [`first_set`], then the [`whole_set`] made from it.
pub fn set_pages(
    res: &Resources,
    paper: Paper,
    bleed: f64,
    opts: &SetOptions,
) -> Result<(Vec<Page>, SetParts), Error> {
    let (first, parts) = first_set(res, paper, bleed, opts)?;
    Ok((whole_set(res, paper, bleed, opts, first, &parts), parts))
}

/// Composes one set and says where each part is and how many pages the
/// whole document will have ([`SetParts::total`]), before any copy is made:
/// a front end can refuse a class set too long to print here, at the cost
/// of one set. The pages are the set's `parts.set_len` pages (no set marks),
/// then the box's steps page when it has one (`parts.box_steps`), then the
/// cover when `opts.cover`: the cover is made here, since whether the box's
/// steps fit on it decides the page count.
pub fn first_set(
    res: &Resources,
    paper: Paper,
    bleed: f64,
    opts: &SetOptions,
) -> Result<(Vec<Page>, SetParts), Error> {
    let board_opts = BoardOptions {
        paper,
        square: opts.square,
        bleed,
    };
    let board = match board_sheets(res, &board_opts, None)? {
        // One sheet, for a print shop: cut out like every other piece.
        one if one.len() == 1 && opts.print_shop => {
            vec![board_page_for_cutting(res, &board_opts)?]
        }
        sheets => sheets,
    };
    let mut counter_opts = CounterOptions {
        shape: opts.shape,
        sides: opts.sides,
        bleed,
        back_title: res.theme.counters.back_title,
        ..CounterOptions::new(paper)
    };
    // Counters that suit the board's squares, tiled or not, as large as the
    // paper allows (a floor board's counters are the largest that fit a sheet).
    counter_opts.size = match (opts.counter_size, opts.square) {
        (Some(c), _) => Some(c),
        (None, Some(s)) => Some(
            largest_fitting_size(res, &counter_opts, (s * 0.85).floor())
                .ok_or(Error::PaperTooSmallForCounters { min: MIN_SIZE })?,
        ),
        (None, None) => None,
    };
    let counters = counter_pages(res, &counter_opts).map_err(|e| match e {
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
    let with_bleed = |pages: Vec<Page>| -> Vec<Page> {
        pages.into_iter().map(|p| p.with_bleed(bleed)).collect()
    };
    let rules = with_bleed(handout_pages(res, &HandoutOptions { paper }));
    let poster = match opts.poster {
        true => Some(poster_page(res, &PosterOptions { paper })?.with_bleed(bleed)),
        false => None,
    };
    let box_opts = box_options(paper, opts, counter_opts.size, &board, rules.len());
    let nets = match opts.boxed {
        true => with_bleed(box_nets(res, &box_opts)?),
        false => Vec::new(),
    };
    let mut pieces = Pieces {
        board,
        counters,
        nets,
        rules,
        poster,
        steps: None,
    };
    // The steps on the cover when they fit there, else on a page of their own.
    if opts.boxed && opts.cover {
        let (mut first, parts) = arrange(paper, bleed, opts, &pieces);
        if let Some(cover) = cover_page(res, paper, opts, &parts, &first, Some(&box_opts))? {
            first.push(cover.with_bleed(bleed));
            return Ok((first, parts));
        }
    }
    if opts.boxed {
        pieces.steps = Some(box_steps_page(res, &box_opts)?.with_bleed(bleed));
    }
    let (mut first, parts) = arrange(paper, bleed, opts, &pieces);
    first.extend(pieces.steps.iter().cloned());
    if opts.cover {
        // The cover shows the steps' page too when it follows the only set.
        let shown = match parts.sets {
            1 => &first[..],
            _ => &first[..parts.set_len],
        };
        if let Some(cover) = cover_page(res, paper, opts, &parts, shown, None)? {
            first.push(cover.with_bleed(bleed));
        }
    }
    Ok((first, parts))
}

/// The whole document from the [`first_set`]'s pages and parts: the cover
/// (when `opts.cover`), then `parts.sets` copies of the set, each page
/// marked with its set's number when there are several, then the box's
/// steps when they have a page of their own.
pub fn whole_set(
    res: &Resources,
    paper: Paper,
    _bleed: f64,
    opts: &SetOptions,
    mut first: Vec<Page>,
    parts: &SetParts,
) -> Vec<Page> {
    let sets = parts.sets;
    let cover = match opts.cover {
        true => first.pop(),
        false => None,
    };
    let extra = first.split_off(parts.set_len.min(first.len()));
    let mut pages = match sets > 1 {
        true => (1..=sets)
            .flat_map(|k| first.iter().map(move |p| (k, p)))
            .map(|(k, p)| mark_set(res, paper, p.clone(), k, sets))
            .collect(),
        false => first,
    };
    pages.extend(extra);
    if let Some(cover) = cover {
        pages.insert(0, cover);
    }
    pages
}

/// One set's pages in order (card, then paper), and where each part is.
fn arrange(paper: Paper, bleed: f64, opts: &SetOptions, p: &Pieces) -> (Vec<Page>, SetParts) {
    let blank_page = || Page::new(paper.width, paper.height).with_bleed(bleed);
    let first = usize::from(opts.cover) + 1;
    let board = (first, first + p.board.len() - 1);
    // Printed double-sided, counter fronts must fall on odd pages with their
    // backs behind them: a blank page after the board when needed.
    let blank = matches!(opts.sides, Sides::Duplex(_)) && board.1 % 2 == 1;
    let c0 = board.1 + 1 + usize::from(blank);
    let counters = (c0, c0 + p.counters.len() - 1);
    let nets = (counters.1 + 1, counters.1 + p.nets.len());
    let r0 = nets.1 + 1;
    let rules = (r0, r0 + p.rules.len() - 1);
    let poster = p.poster.as_ref().map(|_| rules.1 + 1);
    let mut pages = p.board.clone();
    if blank {
        pages.push(blank_page());
    }
    pages.extend(p.counters.iter().cloned());
    pages.extend(p.nets.iter().cloned());
    pages.extend(p.rules.iter().cloned());
    pages.extend(p.poster.iter().cloned());
    let sets = opts.copies.max(1);
    // Double-sided, every set must start on a page of the same parity as the
    // first, so that its counter backs fall behind their fronts too.
    if sets > 1 && matches!(opts.sides, Sides::Duplex(_)) && pages.len() % 2 == 1 {
        pages.push(blank_page());
    }
    let parts = SetParts {
        board,
        tiled: p.board.len() > 1,
        counters,
        rules,
        poster,
        boxnet: (!p.nets.is_empty()).then_some(nets),
        // Once, after every set.
        box_steps: p
            .steps
            .as_ref()
            .map(|_| usize::from(opts.cover) + sets * pages.len() + 1),
        card: (board.0, nets.1),
        sets,
        set_len: pages.len(),
    };
    (pages, parts)
}

/// `page` of set `k` of `sets`, marked "Set k of n" (in the pack's words),
/// right-aligned, 2.6 mm type in the guides layer. With a margin of at least
/// 6 mm the mark sits in the top margin, its baseline 1.5 mm above the
/// printable area, where no page of the set draws (counter sheets put their
/// instructions and duplex registration marks at the very top of the area);
/// with a narrower margin it sits just inside the area's top right corner.
fn mark_set(res: &Resources, paper: Paper, mut page: Page, k: usize, sets: usize) -> Page {
    let margin = res.theme.page.margin;
    let area = printable_area(paper, margin);
    let baseline = if margin >= 6.0 {
        area.y - 1.5
    } else {
        area.y + 2.2
    };
    let text = res
        .lang
        .cover
        .set_mark
        .replace("{k}", &k.to_string())
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
    pages: &[Page],
    steps: Option<&BoxOptions>,
) -> Result<Option<Page>, Error> {
    // The animals' row goes when it leaves the steps no room (the lid
    // shows them too).
    match cover_with(res, (paper, opts), (parts, pages), steps, true)? {
        None => cover_with(res, (paper, opts), (parts, pages), steps, false),
        done => Ok(done),
    }
}

/// [`cover_page`], with or without the row of the animals' pictures under
/// the title (when the theme has them).
fn cover_with(
    res: &Resources,
    (paper, opts): (Paper, &SetOptions),
    (parts, pages): (&SetParts, &[Page]),
    steps: Option<&BoxOptions>,
    pictures: bool,
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
            text: &super::handout::subtitle_line(res),
            stack: &res.text,
            size: 4.0,
            max_width: area.w,
            pos: pt(area.center().x, area.y + 14.0),
            rotation: 0.0,
            fill: ink,
        },
    ));

    let mut y = area.y + 25.0;
    // The animals' pictures in a row under the title, when the theme draws them.
    let row = match pictures {
        true => cover_pictures(res, area, area.y + 19.0, ink),
        false => Vec::new(),
    };
    if !row.is_empty() {
        y += COVER_PICTURE + 5.0;
        items.extend(row);
    }
    // What is in the set on the left, beside thumbnails of its pages.
    let left = area.w * 0.42;
    let listed = section(
        res,
        (&w.contents_heading, &contents_lines(res, opts, parts)),
        Rect { w: left, ..area },
        y,
        &mut items,
    );
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
    items.extend(thumbnails(
        res,
        pages,
        room,
        usize::from(opts.cover) + 1,
        ink,
    ));
    y = listed.max(room.bottom()) + 2.0;
    for (heading, lines) in [
        (&w.print_heading, printing_lines(res, opts, parts)),
        (&w.assemble_heading, assembly_lines(res, opts, parts)),
    ] {
        y = section(res, (heading, &lines), area, y, &mut items);
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
        let (drawn, bottom) = box_steps(res, box_opts, room, true)?;
        if bottom > room.bottom() + 1e-6 {
            return Ok(None);
        }
        items.extend(drawn);
    }
    page.add(Layer::Artwork, items);
    page.add(
        Layer::Guides,
        super::scale_bar::scale_bar(res, pt(area.x, area.bottom() - 4.0), ink, false, area.w),
    );
    Ok(Some(page))
}

/// A cover section inside `area` from `y` down: its heading, then its lines
/// as a bulleted list. Returns where the next section starts.
fn section(
    res: &Resources,
    (heading, lines): (&str, &[String]),
    area: Rect,
    mut y: f64,
    items: &mut Vec<Item>,
) -> f64 {
    let ink = res.theme.board.text.0;
    let accent = res.theme.side(crate::game::Side::South);
    let size = 3.5;
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
fn contents_lines(res: &Resources, opts: &SetOptions, parts: &SetParts) -> Vec<String> {
    let w = &res.lang.cover;
    let fill = |t: &str, r: (usize, usize)| fill_pages(res, t, r);
    let board_line = if parts.tiled {
        fill(&w.board_tiled, parts.board).replace("{page}", &parts.board.0.to_string())
    } else {
        fill(&w.board, parts.board)
    };
    [
        (parts.sets > 1).then(|| {
            let last = usize::from(opts.cover) + parts.set_len;
            w.sets
                .replace("{n}", &parts.sets.to_string())
                .replace("{len}", &parts.set_len.to_string())
                .replace(
                    "{pages}",
                    &page_words(res, (last + 1 - parts.set_len, last)),
                )
        }),
        Some(board_line),
        // `{n}`: the counters of one set (16, or 8 for Animal Checkers).
        Some(
            fill(&w.counters, parts.counters)
                .replace("{n}", &(2 * res.rules.animals_by_rank().len()).to_string()),
        ),
        // The poster on a line of its own, or among the rules'
        // pages for a pack without that line.
        Some(match parts.poster {
            Some(p) if w.poster.is_empty() => fill(&w.rules, (parts.rules.0, p)),
            _ => fill(&w.rules, parts.rules),
        }),
        parts
            .poster
            .filter(|_| !w.poster.is_empty())
            .map(|p| fill(&w.poster, (p, p))),
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
    lines.push(match opts.sides {
        Sides::Duplex(flip) => {
            let edge = match flip {
                Flip::LongEdge => &w.long_edge,
                Flip::ShortEdge => &w.short_edge,
            };
            let line = match parts.sets {
                1 => &w.print_duplex,
                _ => &w.print_duplex_sets,
            };
            fill_pages(res, line, parts.counters).replace("{edge}", edge)
        }
        _ if rules_duplex => w.print_others_single.clone(),
        _ => w.print_single.clone(),
    });
    lines
}

/// The cover's assembly steps: the board, the counters, the rules and the box.
fn assembly_lines(res: &Resources, opts: &SetOptions, parts: &SetParts) -> Vec<String> {
    let w = &res.lang.cover;
    let assemble_board = if parts.tiled {
        w.assemble_tiled
            .replace("{page}", &parts.board.0.to_string())
    } else {
        w.assemble_board.clone()
    };
    // How to make the counters; printing double-sided is said under Printing.
    let counters_how = match opts.sides {
        Sides::Single => res.lang.sheet.cut_single.clone(),
        Sides::Fold => res.lang.sheet.cut_fold.clone(),
        Sides::Duplex(_) => fill_pages(res, &w.assemble_counters, parts.counters),
    };
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

/// A contact sheet: every page of `pages` small, numbered from 1, on one
/// `paper`-sized page (for a quick look before printing).
pub fn contact_sheet(res: &Resources, pages: &[Page], paper: Paper) -> Page {
    let mut page = Page::new(paper.width, paper.height);
    let area = printable_area(paper, res.theme.page.margin);
    let ink = res.theme.board.text.0;
    page.add(Layer::Artwork, thumbnails(res, pages, area, 1, ink));
    page
}

/// Small pictures of `pages` in a grid inside `room`, numbered from `first`.
fn thumbnails(res: &Resources, pages: &[Page], room: Rect, first: usize, ink: Color) -> Vec<Item> {
    let n = pages.len().max(1);
    let (pw, ph) = pages.iter().fold((1.0f64, 1.0f64), |(w, h), p| {
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
    for (i, p) in pages.iter().enumerate() {
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
                items: vec![Item::Page(p.share())],
            })],
        }));
        let number = res
            .lang
            .cover
            .page_label
            .replace("{n}", &(first + i).to_string());
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
    let pictures = super::scenery::animal_pictures(res, ink);
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
            super::art::place_art(
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

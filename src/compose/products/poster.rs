//! The rules poster: the whole game on one sheet for a classroom wall or a
//! table. A title, the starting board beside the ranks (each animal with its
//! picture or icon), then the rules in short lines, each beside a small
//! diagram: moving, capturing, the river and the leaps, the traps, the den.
//!
//! Every line comes from the language pack's `[poster]` table, chosen and
//! filled in from the ruleset (ranks, swimmers, leapers, traps, goals), as
//! the handout's sentences are. Panels for the river and the traps are left
//! out when the ruleset plays without them (Animal Checkers).
//!
//! Type grows with the paper: the body text's em is 1/40 of the printable
//! width, so its capital letters stand about 3.4 mm tall on A4 and 7 mm on
//! A2. Seven millimetres seen from two metres subtend 12 minutes of arc,
//! a little more than the 10 of the 20/40 line of an eye chart, so a reader
//! with ordinary sight reads an A2 poster from across a table or a small
//! room. When the content needs more room than the paper has, everything
//! shrinks together (in 1 % steps) down to [`MIN_POSTER_BODY`]; below that the
//! poster is refused. The built-in packs shrink to 85–100 %: capitals of 6 mm
//! or more on A2 (10.3 minutes of arc from two metres).
//!
//! Lengths in mm; page coordinates (origin top-left, y down).

use crate::error::{Error, Opt};
use crate::game::{Animal, Side};
use crate::lang::PosterWords;
use crate::layout::paper::Paper;
use crate::layout::{printable_area, BoardPlacement, Rect};
use crate::limits::MIN_POSTER_BODY;
use crate::picture::Art;
use crate::play::rules::{Jumps, Traps, WaterCapture};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Color, Item, Layer, Page, Pt, Stroke};

use crate::compose::drawn::art::place_art;
use crate::compose::products::handout::{
    look, river_diagram, ruleset_line, sides_sentence, MIN_SQUARE,
};
use crate::compose::products::tiles::{tile_plan, tiled_pages, Tiled};
use crate::compose::typesetting::label::FitText;
use crate::compose::typesetting::running::{above, fit, left, paragraph};

/// Choices for the poster.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PosterOptions {
    /// Paper size (portrait).
    pub paper: Paper,
}

/// The body text's em at full size, as a fraction of the printable width.
pub const BODY_PER_WIDTH: f64 = 1.0 / 40.0;

/// Where the poster's parts landed, for tests and for checking a layout.
#[derive(Debug, Clone, PartialEq)]
pub struct PosterLayout {
    /// The body text's em, mm.
    pub body: f64,
    /// Each panel's name (`title`, `board`, `ranks`, `move`, `capture`,
    /// `river`, `traps`, `den`) and its rectangle, mm, page coordinates.
    pub panels: Vec<(&'static str, Rect)>,
    /// The animals of the ranks panel, top to bottom.
    pub ranks: Vec<Animal>,
}

/// The poster's page.
pub fn poster_page(res: &Resources, opts: &PosterOptions) -> Result<Page, Error> {
    let (items, _) = compose(res, opts)?;
    let mut page = Page::new(opts.paper.width, opts.paper.height);
    page.add(Layer::Artwork, items);
    Ok(page)
}

/// The poster's sheets: its page with `bleed`, or, with `tile` (a sheet
/// smaller than the poster's paper), an assembly map and one sheet of
/// `tile` per piece, cut and glued as a tiled board is (overlapping glue
/// strips, corner marks, arrows, scale bars; no bleed). A `tile` that holds
/// the whole poster, or that would take too many sheets, is refused naming
/// [`Opt::Tile`].
pub fn poster_sheets(
    res: &Resources,
    opts: &PosterOptions,
    tile: Option<Paper>,
    bleed: f64,
) -> Result<Vec<Page>, Error> {
    let page = poster_page(res, opts)?;
    let Some(sheet) = tile else {
        return Ok(vec![page.with_bleed(bleed)]);
    };
    let p = opts.paper;
    if holds(sheet, p) {
        return Err(Error::PosterTileHoldsAll {
            sheet: (sheet.width, sheet.height),
            poster: (p.width, p.height),
        });
    }
    tiled_poster(res, &page, sheet, Opt::Tile)
}

/// True when `sheet`, either way round, holds a whole `poster` paper.
fn holds(sheet: Paper, poster: Paper) -> bool {
    let fits = |w: f64, h: f64| w >= poster.width - 1e-9 && h >= poster.height - 1e-9;
    fits(sheet.width, sheet.height) || fits(sheet.height, sheet.width)
}

/// The poster sized for `opts.paper` on sheets of `sheet` (a set's paper):
/// its page with `bleed` when a sheet holds it, else tiled over sheets of
/// `sheet` (see [`poster_sheets`]). Errors name `blame`, the option that
/// gave the poster's paper.
pub fn poster_over(
    res: &Resources,
    opts: &PosterOptions,
    sheet: Paper,
    bleed: f64,
    blame: Opt,
) -> Result<Vec<Page>, Error> {
    let page = poster_page(res, opts).map_err(|e| match e {
        Error::PosterTooSmall {
            paper,
            needed,
            room,
            ..
        } => Error::PosterTooSmall {
            paper,
            needed,
            room,
            blame,
        },
        e => e,
    })?;
    if holds(sheet, opts.paper) {
        return Ok(vec![page.with_bleed(bleed)]);
    }
    tiled_poster(res, &page, sheet, blame)
}

/// The poster's `page` tiled over sheets of `sheet`: an assembly map and
/// one sheet per piece; a plan it cannot make is refused naming `blame`.
fn tiled_poster(
    res: &Resources,
    page: &Page,
    sheet: Paper,
    blame: Opt,
) -> Result<Vec<Page>, Error> {
    let words = &res.lang.tiles;
    for (key, missing) in [
        ("tiles.poster_heading", words.poster_heading.is_empty()),
        ("tiles.poster_steps", words.poster_steps.is_empty()),
    ] {
        if missing {
            return Err(res.lang.source.error(
                key,
                format!("the language pack has no `{key}`, so a tiled poster cannot say how to put it together; copy it from the English pack (lang/en.toml) and translate it"),
            ));
        }
    }
    let what = Tiled::Poster(page);
    let plan = tile_plan(res, sheet, what, blame)?;
    Ok(tiled_pages(res, &plan, what))
}

/// The poster's layout, without drawing it.
pub fn poster_layout(res: &Resources, opts: &PosterOptions) -> Result<PosterLayout, Error> {
    Ok(compose(res, opts)?.1)
}

/// The pack's poster lines, or an error naming the pack.
fn words(res: &Resources) -> Result<&PosterWords, Error> {
    res.lang.poster.as_ref().ok_or_else(|| {
        res.lang.source.error(
            "poster",
            "the language pack has no [poster] table, so the poster cannot be printed; copy the [poster] table from the English pack (lang/en.toml) and translate it".to_string(),
        )
    })
}

/// How many 1 % steps above `BODY_PER_WIDTH` the text may grow to fill the
/// sheet: 41, about 50 % (a short ruleset, Animal Checkers, needs it).
const GROWTH_STEPS: i32 = 41;

/// Lays the poster out at the largest body size that fits, from 50 % above full size
/// down to [`MIN_POSTER_BODY`].
fn compose(res: &Resources, opts: &PosterOptions) -> Result<(Vec<Item>, PosterLayout), Error> {
    let w = words(res)?;
    let area = printable_area(opts.paper, poster_margin(res, opts.paper));
    let sheet = Sheet {
        area,
        paper_width: opts.paper.width,
        wall: opts.paper.width >= WALL_FROM,
    };
    // Trial layouts may shrink labels the kept one does not: their warnings
    // are dropped, and those noted before are kept.
    let before = res.take_keyed_warnings();
    let restore = |res: &Resources| {
        res.take_warnings();
        for (k, m) in &before {
            res.warn_key(k, m.clone());
        }
    };
    // From a size larger than the paper's usual one, so that a short ruleset
    // (Animal Checkers) fills the sheet instead of leaving its foot empty.
    // The sizes tried are 1 % steps down from there; the largest that fits
    // is found by halving (a taller body never makes the poster shorter).
    let start = (area.w * BODY_PER_WIDTH / 0.99f64.powi(GROWTH_STEPS)).max(MIN_POSTER_BODY);
    let body = |k: i32| start * 0.99f64.powi(k);
    let mut last = 0;
    while body(last + 1) >= MIN_POSTER_BODY - 1e-9 {
        last += 1;
    }
    // Trial layouts are not the poster: their lines are not recorded.
    let bottom = |k: i32| crate::text::linebreak::unrecorded(|| draw(res, w, &sheet, body(k))).2;
    let fits = |b: f64| b <= area.bottom() + 1e-6;
    let lowest = bottom(last);
    if fits(lowest) {
        // `fit` fits, `over` (if any) does not.
        let (mut over, mut fit) = (-1, last);
        while fit - over > 1 {
            let mid = over + (fit - over) / 2;
            if fits(bottom(mid)) {
                fit = mid;
            } else {
                over = mid;
            }
        }
        restore(res);
        let (items, layout, _) = draw(res, w, &sheet, body(fit));
        return Ok((items, layout));
    }
    let needed = lowest - area.y;
    restore(res);
    Err(Error::PosterTooSmall {
        paper: (opts.paper.width, opts.paper.height),
        needed,
        room: area.h,
        blame: Opt::Paper,
    })
}

/// Papers at least this wide (mm, portrait) get the wall layout: B4, A3,
/// tabloid and larger. Narrower ones (A4, Letter, Legal, A5) keep the
/// table layout.
pub const WALL_FROM: f64 = 250.0;

/// The board's share of the paper's width in the wall layout (at least).
pub const WALL_BOARD_SHARE: f64 = 0.455;

/// The poster's margin on `paper`, mm: the theme's (at least 8 mm) on
/// papers narrower than [`WALL_FROM`]; on wall papers it grows with the
/// paper's long side, in proportion to A4's 297 mm: 14 mm on A3 and 20 mm
/// on A2 with the built-in themes' 10 mm, so that the frame of white looks
/// the same from the distance each paper is read from.
pub fn poster_margin(res: &Resources, paper: Paper) -> f64 {
    let base = res.theme.page.margin.max(8.0);
    if paper.width < WALL_FROM {
        return base;
    }
    base * (paper.width.max(paper.height) / 297.0).max(1.0)
}

/// The sheet a drawing pass fills: the printable area, the paper's width
/// and which layout it takes.
struct Sheet {
    area: Rect,
    paper_width: f64,
    /// The wall layout (board and ranks side by side, filling the sheet,
    /// the rules flowing in two columns under and beside them).
    wall: bool,
}

/// Text and colours of one drawing pass.
struct Ink {
    text: Color,
    accent: Color,
}

/// A heading's size, in body ems.
const HEAD: f64 = 1.35;

/// What a drawing pass has drawn so far: the items, and each panel's name
/// and rectangle (mm, page coordinates).
#[derive(Default)]
struct Drawn {
    items: Vec<Item>,
    panels: Vec<(&'static str, Rect)>,
}

/// Draws the whole poster with body em `s`; returns the items, the layout and
/// the lowest point drawn.
fn draw(res: &Resources, w: &PosterWords, sheet: &Sheet, s: f64) -> (Vec<Item>, PosterLayout, f64) {
    let area = sheet.area;
    let ink = Ink {
        text: res.theme.board.text.0,
        accent: res.theme.side(Side::South),
    };
    let mut out = Drawn::default();
    let y = title_block(res, area, s, &ink, &mut out);
    // On a wall the board takes a share of the paper; on a table it is as
    // large as the type asks, at most half the sheet, and the rules' panels
    // fill the columns under it and under the ranks alike.
    let q = if sheet.wall {
        (s * 2.1).max(sheet.paper_width * WALL_BOARD_SHARE / 7.0)
    } else {
        (s * 2.1).min((area.w * 0.5) / 7.0)
    };
    let (ranks, bottom) = columns(res, w, sheet, (y, q), s, &ink, &mut out);
    (
        out.items,
        PosterLayout {
            body: s,
            panels: out.panels,
            ranks,
        },
        bottom,
    )
}

/// The title block at the top of `area`: the game's names, then the
/// ruleset's, and a rule under them. Returns where the next row starts.
fn title_block(res: &Resources, area: Rect, s: f64, ink: &Ink, out: &mut Drawn) -> f64 {
    let gap = s;
    let ts = s * 2.1;
    // Pinyin over the title stands in room of its own, inside the margin.
    let top = area.y + above(res, ts);
    out.items.extend(fit(
        res,
        FitText {
            text: &res.lang.game.title_line(),
            stack: &res.bold,
            size: ts,
            max_width: area.w,
            pos: pt(area.center().x, top + ts * 0.75),
            rotation: 0.0,
            fill: ink.accent,
        },
    ));
    let sub = ruleset_line(res);
    let ss = s * 1.1;
    // Pinyin over the ruleset's line stands between it and the title.
    let sub_y = top + ts * 1.4 + ss * 0.6 + above(res, ss);
    out.items.extend(fit(
        res,
        FitText {
            text: &sub,
            stack: &res.text,
            size: ss,
            max_width: area.w,
            pos: pt(area.center().x, sub_y),
            rotation: 0.0,
            fill: ink.text,
        },
    ));
    let y = sub_y + ss * 0.7 + s * 0.5;
    out.items.push(rule(area.x, area.right(), y, s, ink.accent));
    out.panels.push((
        "title",
        Rect {
            x: area.x,
            y: area.y,
            w: area.w,
            h: y - area.y,
        },
    ));
    y + gap
}

/// The starting board of `q` mm squares with its heading above and who
/// plays first below, its top-left corner at `at`; records the `board`
/// panel and returns its bottom.
fn board_block(
    res: &Resources,
    w: &PosterWords,
    at: Pt,
    q: f64,
    s: f64,
    ink: &Ink,
    out: &mut Drawn,
) -> f64 {
    let head = s * HEAD;
    out.items.extend(heading(
        res,
        &w.setup_heading,
        pt(at.x, at.y),
        head,
        ink.accent,
    ));
    let board_y = at.y + head * 1.3;
    // The border is stroked on the board's edge: half of it lies outside.
    let border = res.theme.board.border_width.min(q * 0.04) / 2.0;
    let place = BoardPlacement {
        square: q,
        origin: pt(at.x + border, board_y),
    };
    out.items
        .extend(crate::compose::products::board::board_items(
            res, place, false,
        ));
    let first = match res.rules.play.first {
        Side::South => &w.first_south,
        Side::North => &w.first_north,
    };
    let first = match sides_sentence(res, &w.sides_colour, &w.sides_pattern) {
        Some(sides) => res.lang.sentences(&sides, first),
        None => first.clone(),
    };
    let (lines, below) = paragraph(
        res,
        &first,
        s,
        pt(at.x, board_y + 9.0 * q + s * 1.2),
        7.0 * q,
        ink.text,
    );
    out.items.extend(lines);
    let left_bottom = below - s * 0.9;
    out.panels.push((
        "board",
        Rect {
            x: at.x,
            y: at.y,
            w: 7.0 * q,
            h: left_bottom - at.y,
        },
    ));
    left_bottom
}

/// A panel's items and its height, mm.
type Drawing = (Vec<Item>, f64);

/// A way to draw a panel: the drawing, whether it is acceptable (squares big
/// enough, no paragraph ending in a lonely word), and its paragraphs' lines.
type Candidate = (Drawing, bool, Vec<Vec<String>>);

/// `panel` drawn at `at`, `width` mm wide, as a [`Candidate`]: a way whose
/// paragraphs end in a lonely word (lines too narrow beside a diagram) is
/// kept only as a last resort, as small squares are.
fn candidate(
    res: &Resources,
    panel: Panel,
    at: Pt,
    width: f64,
    (s, head): (f64, f64),
    ink: &Ink,
) -> Candidate {
    let big = panel.big_enough();
    let (d, paragraphs) =
        crate::text::linebreak::recorded(|| panel.draw(res, at, width, s, head, ink));
    let lonely = paragraphs
        .iter()
        .any(|p| crate::text::linebreak::ends_lonely(p));
    (d, big && !lonely, paragraphs)
}

/// The wall layout from `y` down: the board (at least
/// [`WALL_BOARD_SHARE`] of the paper's width) on the left, the ranks on the
/// right (in two columns when their names fit), then the rules' panels, each
/// the width of the column it goes to, in the column that ends higher, so
/// that both columns end about level. Returns the ranks and the bottom.
fn columns(
    res: &Resources,
    w: &PosterWords,
    sheet: &Sheet,
    (y, q): (f64, f64),
    s: f64,
    ink: &Ink,
    out: &mut Drawn,
) -> (Vec<Animal>, f64) {
    let area = sheet.area;
    let gap = s;
    let head = s * HEAD;
    let left_bottom = board_block(res, w, pt(area.x, y), q, s, ink, out);
    let rx = area.x + 7.0 * q + gap * 1.5;
    let rw = area.right() - rx;
    // Two columns of ranks unless a name has to shrink below 75 % to fit.
    let mut ranks = ranks_panel(res, w, pt(rx, y), (rw, 2, 1.0), s, head, ink);
    if ranks.3 < 0.75 {
        // In one column, rows as large as the column's width allows (no
        // name shrunk) and no taller than the board beside them, up to
        // half as large again: a short list (Animal Checkers' four) fills
        // its column instead of leaving a hole beside it.
        ranks = ranks_panel(res, w, pt(rx, y), (rw, 1, 1.0), s, head, ink);
        for step in 1..=10 {
            let grown = ranks_panel(
                res,
                w,
                pt(rx, y),
                (rw, 1, 1.0 + 0.05 * step as f64),
                s,
                head,
                ink,
            );
            if grown.3 < 1.0 - 1e-9 || grown.2 > left_bottom + 1e-9 {
                break;
            }
            ranks = grown;
        }
    }
    let (rank_items, animals, right_bottom, _) = ranks;
    out.items.extend(rank_items);
    out.panels.push((
        "ranks",
        Rect {
            x: rx,
            y,
            w: rw,
            h: right_bottom - y,
        },
    ));
    // (x, width, where the next panel starts) of each column.
    let cols = [
        (area.x, 7.0 * q, left_bottom + gap),
        (rx, rw, right_bottom + gap),
    ];
    // Each panel drawn in each column twice: with its diagram beside its
    // lines (the river's strips at most half the column), and above them
    // (the strips as wide as the column, less the diagram's padding); the
    // shorter is kept.
    // A drawing whose diagram squares are under [`MIN_SQUARE`] is kept
    // only when no other way fits (`false` beside it).
    let mut drawn: Vec<[Candidate; 2]> = Vec::new();
    let mut names: Vec<&'static str> = Vec::new();
    let per_col: [Vec<[Candidate; 2]>; 2] = [0, 1].map(|c| {
        let (x, cw, _) = cols[c];
        let above = rule_list(res, w, s, 2.0 * (cw - 0.2 * s));
        rule_list(res, w, s, cw)
            .into_iter()
            .zip(above)
            .map(|((_, p), (_, mut stacked))| {
                stacked.stacked = true;
                // Drawn at the column's top: moved down when placed.
                let at = pt(x, 0.0);
                let fine = |panel: Panel| candidate(res, panel, at, cw, (s, head), ink);
                [fine(p), fine(stacked)]
            })
            .collect()
    });
    for (name, _) in rule_list(res, w, s, rw) {
        names.push(name);
    }
    let [mut first, mut second] = per_col;
    for (a, b) in first.drain(..).zip(second.drain(..)) {
        let pick = |[beside, above]: [Candidate; 2]| {
            // Big enough first, then the shorter.
            let key = |d: &Candidate| (!d.1, d.0 .1);
            if key(&above) < key(&beside) {
                above
            } else {
                beside
            }
        };
        drawn.push([pick(a), pick(b)]);
    }
    // Which column each panel goes to (bit i of the mask for panel i, in
    // reading order within each column): the choice whose taller column
    // ends highest, so that the text can be as large as the sheet allows,
    // among those whose diagrams all keep their squares big enough.
    let n = drawn.len();
    let mut best = (f64::MAX, 0u32);
    for mask in 0..(1u32 << n) {
        let mut ends = [cols[0].2, cols[1].2];
        let mut small = 0.0;
        for (i, d) in drawn.iter().enumerate() {
            let c = (mask >> i & 1) as usize;
            ends[c] += d[c].0 .1 + gap;
            if !d[c].1 {
                small = 1e6;
            }
        }
        let bottom = ends[0].max(ends[1]) + small;
        if bottom < best.0 - 1e-9 {
            best = (bottom, mask);
        }
    }
    let heights: Vec<[f64; 2]> = drawn.iter().map(|d| [d[0].0 .1, d[1].0 .1]).collect();
    let extra = slack_shares([cols[0].2, cols[1].2], &heights, best.1, (gap, s));
    let mut tops = [cols[0].2, cols[1].2];
    for (i, (mut d, name)) in drawn.into_iter().zip(names).enumerate() {
        let c = (best.1 >> i & 1) as usize;
        let (x, cw, _) = cols[c];
        tops[c] += extra[c];
        let (its, h) = std::mem::take(&mut d[c].0);
        crate::text::linebreak::record(&d[c].2);
        out.items.push(Item::Group(crate::scene::Group {
            picture: false,
            transform: crate::scene::Transform::translate(0.0, tops[c]),
            items: its,
        }));
        out.panels.push((
            name,
            Rect {
                x,
                y: tops[c],
                w: cw,
                h,
            },
        ));
        tops[c] += h + gap;
    }
    (animals, tops[0].max(tops[1]) - gap)
}

/// The space added before each panel of either column (whose panels start at
/// `tops`, panel i of `heights` in column bit i of `mask`, `gap` apart): the
/// shorter column's slack shared out before each of its panels, so that both
/// columns end level instead of one leaving a hole at its foot. A share
/// taller than three body sizes `s` would itself be a hole: then a share is
/// left at the column's foot too. mm.
fn slack_shares(tops: [f64; 2], heights: &[[f64; 2]], mask: u32, (gap, s): (f64, f64)) -> [f64; 2] {
    let mut ends = tops;
    let mut count = [0usize; 2];
    for (i, h) in heights.iter().enumerate() {
        let c = (mask >> i & 1) as usize;
        ends[c] += h[c] + gap;
        count[c] += 1;
    }
    let level = ends[0].max(ends[1]);
    [0, 1].map(|c| match count[c] {
        0 => 0.0,
        n if (level - ends[c]) / n as f64 > 3.0 * s => (level - ends[c]) / (n + 1) as f64,
        n => (level - ends[c]) / n as f64,
    })
}

/// The rules' panels in reading order, each with its name; the river's
/// strips are at most half of `width`. The river and the traps are left out
/// when the ruleset plays without them (Animal Checkers).
fn rule_list(res: &Resources, w: &PosterWords, s: f64, width: f64) -> Vec<(&'static str, Panel)> {
    let four = res.rules.variants.four_animals;
    let mut list = vec![
        ("move", move_panel(res, w, s)),
        ("capture", capture_panel(res, w, s)),
    ];
    if !four {
        list.push(("river", river_panel(res, w, s, width)));
        list.push(("traps", trap_panel(res, w, s)));
    }
    list.push(("den", den_panel(res, w, s)));
    list
}

/// A thin rule across the page at `y`.
fn rule(x0: f64, x1: f64, y: f64, s: f64, color: Color) -> Item {
    // Inset by half its width, so no cap reaches past the margins.
    let w = (s * 0.06).max(0.25);
    shapes::stroke(
        shapes::line(pt(x0 + w / 2.0, y), pt(x1 - w / 2.0, y)),
        Stroke::solid(color, w),
    )
}

/// A heading whose top is at `at.y`, `size` mm, bold, in `color`.
fn heading(res: &Resources, text: &str, at: Pt, size: f64, color: Color) -> Vec<Item> {
    left(
        res,
        &res.bold,
        text,
        size,
        pt(at.x, at.y + size * 0.85),
        color,
    )
}

/// The ranks: a heading, the order, then one row per animal in play,
/// strongest first: its rank, its picture or icon, its character and name,
/// in `columns` columns (filled top to bottom, then left to right) across
/// `width`, the rows `grow` times the body's size. Returns the items, the
/// animals listed, the bottom and how much the most shrunk name was shrunk
/// to fit (1 for none).
fn ranks_panel(
    res: &Resources,
    w: &PosterWords,
    at: Pt,
    (width, columns, grow): (f64, usize, f64),
    s: f64,
    head: f64,
    ink: &Ink,
) -> (Vec<Item>, Vec<Animal>, f64, f64) {
    let mut items = heading(res, &w.ranks_heading, at, head, ink.accent);
    let note = s * 0.85;
    // Pinyin over the note stands between it and the heading.
    let mut y = at.y + head * 1.3 + above(res, note);
    items.extend(left(
        res,
        &res.text,
        &w.ranks_note,
        note,
        pt(at.x, y + note * 0.85),
        ink.text,
    ));
    y += note * 1.6;
    let s = s * grow;
    let animals = res.rules.animals_by_rank();
    let per = animals.len().div_ceil(columns.max(1));
    let col_gap = s * 1.5;
    let col_w = (width - col_gap * (columns.max(1) - 1) as f64) / columns.max(1) as f64;
    let (top, mut bottom, mut shrunk) = (y, y, 1.0f64);
    let rh = s * 2.05;
    let pic = rh * 0.86;
    let hs = s * 1.5;
    // Pinyin over the character (and the name) stands above it: a row is
    // tall enough for the character and its pinyin, and the row's line (the
    // middle of its number, picture and characters, at `c_y`) is lowered so
    // that the character and its pinyin stand in the middle of the row.
    let lift = above(res, hs);
    let row = rh.max(if lift > 0.0 { hs + lift + s * 0.1 } else { 0.0 });
    let num_w = res.fonts.width_mm(&res.bold, "8", s * 1.4) * 1.2;
    let dotted = res.theme.counters.layout == crate::theme::FaceLayout::Picture;
    for (i, a) in animals.iter().enumerate() {
        if i > 0 && i % per == 0 {
            y = top;
        }
        let x0 = at.x + (i / per) as f64 * (col_w + col_gap);
        let c_y = y + (row + lift) / 2.0;
        let rank = res.rules.rank(*a).to_string();
        items.extend(fit(
            res,
            FitText {
                text: &rank,
                stack: &res.bold,
                size: s * 1.4,
                max_width: num_w,
                pos: pt(x0 + num_w / 2.0, c_y),
                rotation: 0.0,
                fill: ink.accent,
            },
        ));
        let mut px = x0 + num_w + s * 0.5;
        if dotted {
            // Picture counters show the rank as dots: the same dice beside
            // the number, so that a child matches them.
            let w = rh * 1.5;
            let (dots, _) = crate::compose::drawn::faces::dice_in_box(
                res.rules.rank(*a),
                pt(px + w / 2.0, c_y),
                w,
                rh * 0.8,
                rh * 0.3,
                ink.accent,
            );
            items.extend(dots);
            px += w + s * 0.5;
        }
        items.push(animal_picture(
            res,
            *a,
            (px, c_y - pic / 2.0, pic, pic),
            ink.text,
        ));
        let names = res.animal(*a);
        let hx = px + pic + s * 0.5;
        // The character with its Zhuyin beside it when the pack prints
        // Zhuyin; then the name follows alone, without pinyin.
        let zhuyin = crate::compose::drawn::faces::zhuyin_block(
            res,
            names,
            pt(hx + hs * 0.8, c_y),
            hs,
            hs * 1.6,
            0.0,
            ink.text,
        );
        let han_w = if zhuyin.is_some() { hs * 1.6 } else { hs * 1.1 };
        match zhuyin {
            Some(block) => items.extend(block),
            None => items.extend(fit(
                res,
                FitText {
                    text: &names.han,
                    stack: &res.han,
                    size: hs,
                    max_width: hs * 1.1,
                    pos: pt(hx + hs * 0.55, c_y),
                    rotation: 0.0,
                    fill: ink.text,
                },
            )),
        }
        let nx = hx + han_w + s * 0.6;
        let room = (x0 + col_w - nx).max(s);
        // The reading belongs to the character: in a pack whose names are
        // Chinese (大象 beside 象), it comes first, so that it does not read
        // as the name's ("象 xiàng 大象", not "象 大象 xiàng"). With pinyin
        // over every character, the character's reading is over it: it is
        // not printed again beside it.
        let mut label = names.name.clone();
        let sub = Some(names.label()).filter(|t| !t.is_empty() && *t != names.name);
        if let Some(sub) = sub.filter(|_| lift == 0.0) {
            label = if res.lang.is_cjk() {
                format!("{sub}  {label}")
            } else {
                format!("{label}  {sub}")
            };
        }
        // With Zhuyin when the pack prints it throughout (running text's).
        let size = crate::compose::typesetting::running::fit_width(res, &res.text, &label, s, room);
        shrunk = shrunk.min(size / s);
        items.extend(crate::compose::typesetting::running::label(
            res,
            &res.text,
            &label,
            size,
            pt(nx, c_y),
            crate::scene::Anchor::Start,
            crate::compose::typesetting::label::VAlign::Middle,
            ink.text,
        ));
        y += row;
        // The picture may reach a little below a row made for pinyin.
        bottom = bottom.max(y).max(c_y + pic / 2.0);
    }
    (items, animals, bottom, shrunk)
}

/// The animal's picture when the theme has one, else its built-in icon, in
/// the rectangle (x, y, w, h) mm.
pub(crate) fn animal_picture(
    res: &Resources,
    a: Animal,
    rect: (f64, f64, f64, f64),
    ink: Color,
) -> Item {
    if let Some(art) = res.animal_art(a, ink) {
        let key = res
            .pictures
            .animal(a)
            .map_or(String::new(), |(_, k)| k.to_string());
        return match &art {
            Art::Vector(i) if art.is_silhouette() => i.item(pt(rect.0, rect.1), rect.2, ink),
            _ => place_art(res, &art, &key, rect, crate::picture::Fit::Contain, None),
        };
    }
    let name = if a == Animal::Wolf && res.rules.play.fox {
        "fox"
    } else {
        a.key()
    };
    let icon = crate::icons::Icon::builtin(name).expect("every built-in icon parses");
    icon.item(pt(rect.0, rect.1), rect.2, ink)
}

/// A panel of rules: a heading, a diagram (width, height, items drawn with
/// their origin at the top-left) and short lines beside it.
struct Panel {
    heading: String,
    diagram: Option<(f64, f64, Vec<Item>)>,
    lines: Vec<String>,
    /// The diagram above the lines rather than beside them.
    stacked: bool,
    /// The side of the diagram's squares, mm.
    square: f64,
}

impl Panel {
    /// Whether the diagram's squares are at least [`MIN_SQUARE`].
    fn big_enough(&self) -> bool {
        self.diagram.is_none() || self.square >= MIN_SQUARE - 1e-9
    }

    /// Draws the panel with its top-left at `at`, `width` mm wide; returns
    /// the items and the height used.
    fn draw(
        self,
        res: &Resources,
        at: Pt,
        width: f64,
        s: f64,
        head: f64,
        ink: &Ink,
    ) -> (Vec<Item>, f64) {
        let mut items = heading(res, &self.heading, at, head, ink.accent);
        let top = at.y + head * 1.35;
        // Room around the diagram for the strokes on its edges.
        let pad = s * 0.1;
        let (dw, dh) = self
            .diagram
            .as_ref()
            .map_or((0.0, 0.0), |d| (d.0 + 2.0 * pad, d.1 + 2.0 * pad));
        if let Some((_, _, d)) = self.diagram {
            // Above the lines, a diagram narrower than the panel stands in
            // its middle: no hole beside it.
            let dx = if self.stacked {
                ((width - dw) / 2.0).max(0.0)
            } else {
                0.0
            };
            items.push(Item::Group(crate::scene::Group {
                picture: false,
                transform: crate::scene::Transform::translate(at.x + dx + pad, top + pad),
                items: d,
            }));
        }
        let (tx, ty, tw) = if self.stacked {
            (at.x, top + dh + s * 0.8, width)
        } else if dw > 0.0 {
            (at.x + dw + s * 1.0, top, width - dw - s * 1.0)
        } else {
            (at.x, top, width)
        };
        let mut y = ty + s * 0.85;
        for line in &self.lines {
            // A paragraph that starts below a diagram beside the lines
            // takes the panel's whole width, as text runs round a figure.
            let clear = top + dh + s * 0.3;
            let beside = !self.stacked && dw > 0.0;
            let under = beside && y - s * 0.85 >= clear;
            let (tx, tw) = if under { (at.x, width) } else { (tx, tw) };
            let (its, mut next) = paragraph(res, line, s, pt(tx, y), tw, ink.text);
            // One that runs on below the diagram: its lines beside it
            // narrow, the rest across the whole width.
            let split = match beside && !under && next - s * 0.85 > clear {
                true => beside_then_under(res, line, s, tw, (y, clear)),
                false => None,
            };
            match split {
                Some((head, tail)) => {
                    // The head's last line is cut by the diagram's foot, not
                    // the paragraph's end: only the tail ends the paragraph.
                    let (its, at_tail) = crate::text::linebreak::unrecorded(|| {
                        paragraph(res, &head, s, pt(tx, y), tw, ink.text)
                    });
                    items.extend(its);
                    let (its, end) = paragraph(res, &tail, s, pt(at.x, at_tail), width, ink.text);
                    items.extend(its);
                    next = end;
                }
                None => items.extend(its),
            }
            y = next + s * 0.35;
        }
        // The last line's descenders, below its baseline.
        let text_bottom = y - s * 0.35 - s * 1.1;
        let bottom = if self.stacked {
            text_bottom
        } else {
            text_bottom.max(top + dh)
        };
        (items, bottom - at.y)
    }
}

/// `text` split where its lines, set `width` mm wide from the baseline `y`,
/// pass `clear` (the foot of a diagram beside them): the lines beside it and
/// the rest, or `None` when every line is beside it or none is.
fn beside_then_under(
    res: &Resources,
    text: &str,
    s: f64,
    width: f64,
    (y, clear): (f64, f64),
) -> Option<(String, String)> {
    // Trial settings: not the poster's lines.
    crate::text::linebreak::unrecorded(|| {
        let lines = crate::compose::typesetting::running::paragraph_lines(res, text, s, width);
        // Where each line ends in `text` (the spaces a break drops are not in
        // the lines); a line not found as written splits nothing.
        let mut ends = Vec::with_capacity(lines.len());
        let mut at = 0;
        for line in &lines {
            let line = line.trim();
            at += text[at..].find(line)? + line.len();
            ends.push(at);
        }
        (1..lines.len()).find_map(|k| {
            let head = text[..ends[k - 1]].trim_end();
            let (_, next) = paragraph(res, head, s, pt(0.0, y), width, Color::BLACK);
            (next - s * 0.85 >= clear).then(|| {
                (
                    head.to_string(),
                    text[ends[k - 1]..].trim_start().to_string(),
                )
            })
        })
    })
}

/// Fills in the animals a line names (`{the rat}`, `{elephant}`, …, from the
/// pack's names and grammar) and `{animal}`.
fn names(res: &Resources, text: &str, animal: Option<Animal>) -> String {
    let mut t = res.lang.poster_line(text);
    if let Some(a) = animal {
        t = t.replace("{animal}", &res.animal(a).name);
    }
    t
}

/// Moving: a counter in the middle of 3 × 3 squares with an arrow to each
/// neighbour, and a cross on a diagonal.
fn move_panel(res: &Resources, w: &PosterWords, s: f64) -> Panel {
    let q = (s * 1.7).max(MIN_SQUARE);
    // Drawn on plain land: the moves, not the squares, are the point.
    let diagram = crate::compose::drawn::diagrams::stepping();
    let d = crate::compose::products::handout::on_land(res, &diagram, q, &look(res, 1.0));
    // Never into your own den: a rule of moving, as the handout has it
    // (the den's panel has the ways to win).
    let mut lines = vec![w.move_.clone(), w.den_own.clone()];
    if res.rules.variants.no_repetition {
        lines.push(w.no_repetition.clone());
    }
    if res.rules.variants.four_animals && !w.four_land.is_empty() {
        lines.push(w.four_land.clone());
    }
    Panel {
        heading: w.move_heading.clone(),
        diagram: Some((3.0 * q, 3.0 * q, d)),
        lines,
        stacked: false,
        square: q,
    }
}

/// Capturing: the rat takes the elephant (or the stronger of two animals the
/// weaker, when the rat may not), drawn on two squares with an arrow.
fn capture_panel(res: &Resources, w: &PosterWords, s: f64) -> Panel {
    let r = &res.rules;
    let v = &r.variants;
    let q = (s * 1.7).max(MIN_SQUARE);
    // Top row: a stronger animal takes a weaker one; bottom row: the rat
    // takes the elephant.
    let diagram = crate::compose::drawn::diagrams::capturing(res);
    let d = crate::compose::products::handout::on_land(res, &diagram, q, &look(res, 1.0));
    let trap_open = !v.four_animals && v.trap_max_rank >= r.rank(Animal::Elephant);
    let elephant = match (v.elephant_captures_rat, trap_open, v.traps) {
        (true, ..) => &w.elephant_rat,
        (false, false, _) => &w.elephant_no_rat,
        (false, true, Traps::Enemy) => &w.elephant_no_rat_trap,
        (false, true, Traps::Any) => &w.elephant_no_rat_any_trap,
    };
    Panel {
        heading: w.capture_heading.clone(),
        diagram: Some((2.0 * q, 2.0 * q, d)),
        lines: vec![
            w.capture.clone(),
            names(res, &w.rat_elephant, None),
            names(res, elephant, None),
        ],
        stacked: false,
        square: q,
    }
}

/// The river and the leaps: the handout's two strips (a leap, and the same
/// leap blocked by a swimmer) when any animal may leap, and who swims, who
/// leaps and how, and what a swimmer may capture.
fn river_panel(res: &Resources, w: &PosterWords, s: f64, width: f64) -> Panel {
    let r = &res.rules;
    let v = &r.variants;
    let sep = if res.lang.is_cjk() { "、" } else { ", " };
    // Named as in a sentence ("the rat", « le rat »), not as a title.
    let mut swimmers = vec![res.lang.poster_line("{the rat}")];
    if v.dog_swims {
        swimmers.push(res.lang.poster_line("{the dog}"));
    }
    let list = match (swimmers.split_last(), &res.lang.grammar.and) {
        (Some((last, rest)), Some(and)) if !rest.is_empty() => {
            format!("{}{and}{last}", rest.join(sep))
        }
        _ => swimmers.join(sep),
    };
    // Who swims and who may take a swimmer, in one paragraph.
    let mut lines = vec![
        res.lang
            .sentences(&w.swimmers.replace("{list}", &list), &w.water_safe),
        names(
            res,
            match v.capture_from_water {
                WaterCapture::None => &w.water_capture_none,
                WaterCapture::NoElephant => &w.water_capture_no_elephant,
                WaterCapture::Any => &w.water_capture_any,
            },
            None,
        ),
    ];
    let leapers = [
        (Animal::Lion, v.lion_jumps),
        (Animal::Tiger, v.tiger_jumps),
        (Animal::Leopard, v.leopard_jumps),
    ];
    let mut any = false;
    // The lion and the tiger in one line when they leap alike.
    let pair = match v.lion_jumps {
        _ if v.lion_jumps != v.tiger_jumps => "",
        Jumps::None => "",
        Jumps::Both => &w.leap_pair_both,
        Jumps::Sideways => &w.leap_pair_sideways,
        Jumps::Lengthwise => &w.leap_pair_lengthwise,
    };
    let mut leaps = Vec::new();
    if !pair.is_empty() {
        any = true;
        leaps.push(names(res, pair, None));
    }
    for (a, j) in leapers {
        if !pair.is_empty() && a != Animal::Leopard {
            continue;
        }
        let t = match j {
            Jumps::None => continue,
            Jumps::Both => &w.leap_both,
            Jumps::Sideways => &w.leap_sideways,
            Jumps::Lengthwise => &w.leap_lengthwise,
        };
        any = true;
        leaps.push(names(res, t, Some(a)));
    }
    // Each animal's leap in one paragraph: short lines of their own would
    // leave a ragged hole beside them.
    if let Some(first) = leaps.first() {
        lines.push(
            leaps[1..]
                .iter()
                .fold(first.clone(), |all, l| res.lang.sentences(&all, l)),
        );
    }
    if any {
        // What a leap may do and what stops it, in one paragraph.
        lines.push(match w.leap_capture.as_str() {
            "" => w.leap_blocked.clone(),
            capture => res.lang.sentences(capture, &w.leap_blocked),
        });
    }
    // The handout's strips, scaled to about 1.15 body ems a square (at
    // least [`MIN_SQUARE`]), at most half the width.
    let mut square = 0.0;
    let diagram = river_diagram(res, 120.0, 3.0, 8.0).map(|(dw, dh, items)| {
        let want = (s * 1.15).max(MIN_SQUARE);
        let k = (want * 14.0 + s * 3.0).min(width * 0.5) / dw;
        // The strips' squares before scaling: 14 of them and a gap of 9 mm.
        square = (dw - 9.0) / 14.0 * k;
        let group = Item::Group(crate::scene::Group {
            picture: false,
            transform: crate::scene::Transform::scale(k, k),
            items,
        });
        (dw * k, dh * k, vec![group])
    });
    Panel {
        heading: w.river_heading.clone(),
        diagram,
        lines,
        stacked: false,
        square,
    }
}

/// Traps: an enemy on a trap beside the den, a weak defender taking it.
fn trap_panel(res: &Resources, w: &PosterWords, s: f64) -> Panel {
    let v = &res.rules.variants;
    let q = (s * 1.9).max(MIN_SQUARE);
    // A strong North animal in the trap in front of South's den, and
    // South's rat beside it taking it; counters a little smaller than the
    // squares, so that the trap's teeth show round the one standing in it.
    let diagram = crate::compose::drawn::diagrams::trap(res);
    let (dw, dh, d) =
        crate::compose::products::handout::on_board(res, &diagram, q, &look(res, 0.72), true);
    let mut lines = vec![match v.traps {
        Traps::Enemy => w.traps_enemy.clone(),
        Traps::Any => w.traps_any.clone(),
    }];
    if v.trap_max_rank < 8 {
        lines.push(w.traps_rank.replace("{n}", &v.trap_max_rank.to_string()));
    }
    Panel {
        heading: w.traps_heading.clone(),
        diagram: Some((dw, dh, d)),
        lines,
        stacked: false,
        square: q,
    }
}

/// The den: seen from South's side as the traps are, a South counter walks
/// into North's den and wins.
fn den_panel(res: &Resources, w: &PosterWords, s: f64) -> Panel {
    let r = &res.rules;
    let q = (s * 1.9).max(MIN_SQUARE);
    let diagram = crate::compose::drawn::diagrams::den(res);
    // Without traps (Animal Checkers) the board draws them as land.
    let (dw, dh, d) =
        crate::compose::products::handout::on_board(res, &diagram, q, &look(res, 1.0), true);
    let mut lines = vec![w.den.clone()];
    // The other ways a game ends, in one paragraph.
    let mut ends = if r.win.capture_all {
        w.capture_all.clone()
    } else {
        String::new()
    };
    let no_moves = match (r.win.no_moves, r.variants.no_repetition) {
        (true, true) => &w.no_moves_ban,
        (true, false) => &w.no_moves,
        (false, _) => &w.no_moves_agree,
    };
    // Where positions may repeat, what ends a chase.
    let repeat = match (r.variants.no_repetition, r.win.third_repetition) {
        (true, _) => "",
        (false, crate::play::rules::ThirdRepetition::Draw) => w.repeat_draw.as_str(),
        (false, crate::play::rules::ThirdRepetition::Loss) => w.repeat_loss.as_str(),
    };
    for line in [no_moves.as_str(), repeat] {
        if !line.is_empty() {
            ends = if ends.is_empty() {
                line.to_string()
            } else {
                res.lang.sentences(&ends, line)
            };
        }
    }
    if !ends.is_empty() {
        lines.push(ends);
    }
    Panel {
        heading: w.den_heading.clone(),
        diagram: Some((dw, dh, d)),
        lines,
        stacked: false,
        square: q,
    }
}

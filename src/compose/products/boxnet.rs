//! The box sheets: a tray and a lid to cut, fold and lock together without
//! glue, sized for this set's counters, board and rules; then a page of
//! numbered assembly steps with small diagrams.

use crate::compose::drawn::box_views::{step_drawing, BoxModel, STEPS};
use crate::compose::products::board::square_size;
use crate::compose::products::counters::{default_size, Sides};
use crate::compose::typesetting::label::{left_text, paragraph, text_fit, FitText};
use crate::error::Error;
use crate::game::Side;
use crate::lang::BoxWords;
use crate::layout::boxnet::{box_for, lid_for, net, BoxSize, Contents, Net, PanelKind, Stacks};
use crate::layout::paper::Paper;
use crate::layout::{printable_area, Rect};
use crate::resolve::Resources;
use crate::scene::{
    decorative, pt, shapes, Color, Group, Item, Layer, Page, Pt, Seg, Stroke, Transform,
};
use crate::theme::FaceStyle;

/// The box's options, as the job holds them (`box`: [`crate::error::Opt::Size`],
/// `copies`, `sides`, `card`), and what a set adds (its flat board, its
/// folded sheets): the composer takes them by value, beside the job's
/// paper. Lengths in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxOptions {
    /// Counter size, 8 to 200; `None` for the counters' default on this paper.
    pub counter_size: Option<f64>,
    /// Sets of counters it must hold: 1 to [`crate::limits::MAX_COPIES`].
    pub copies: usize,
    /// How the counters were made: fold-over counters are two layers of card.
    pub sides: Sides,
    /// Thickness of the card, mm.
    pub card: f64,
    /// The board's size (width, height), mm, when it is too large to fold
    /// into the box (a board tiled over several sheets and glued onto card);
    /// `None` when it is printed on one sheet. Not an option: the set gives it.
    pub flat_board: Option<(f64, f64)>,
    /// The square of the board folded into the box (cut out and folded in
    /// four on square edges, [`crate::layout::folded_board`]), mm; `None` for
    /// the largest that fits the paper. Not an option: the set gives it.
    pub board_square: Option<f64>,
    /// Sheets of the set that go in folded in four (board, rules, cover).
    /// Not an option: the set counts them.
    pub papers: usize,
    /// Die-cut by a print shop, slots and all: the steps say to press the
    /// pieces out instead of cutting them. Not an option: the job's purpose.
    pub die_cut: bool,
}

impl Default for BoxOptions {
    /// A box for one set of default counters, fold-over, on 0.35 mm card,
    /// over three folded sheets (the board, the rules printed on both sides
    /// of one sheet, and the cover).
    fn default() -> BoxOptions {
        BoxOptions {
            counter_size: None,
            copies: 1,
            sides: Sides::Fold,
            card: 0.35,
            flat_board: None,
            board_square: None,
            papers: 3,
            die_cut: false,
        }
    }
}

/// One sheet of paper or thin card folded in four: four layers of 0.1 mm.
pub const FOLDED_SHEET: f64 = 4.0 * 0.1;

/// Room above a net for the sheet's heading, mm.
const HEADING: f64 = 10.0;

/// The gap between the two nets on one sheet, mm.
const NET_GAP: f64 = 6.0;

/// The size of the counters the box holds, mm: as asked, or the counters' default.
fn counter_size(res: &Resources, paper: Paper, opts: &BoxOptions) -> Result<f64, Error> {
    match opts.counter_size {
        Some(s) => Ok(s),
        None => default_size(res, paper),
    }
}

/// What the box holds: the counters' stacks on the folded papers. The
/// papers' footprint is the paper folded in four, or the board cut out and
/// folded on square edges when that is larger; their thickness is
/// [`FOLDED_SHEET`] per sheet; a fold-over counter is two layers of card.
pub fn box_contents(res: &Resources, paper: Paper, opts: &BoxOptions) -> Result<Contents, Error> {
    let p = paper;
    let quarter = (p.width.min(p.height) / 2.0, p.width.max(p.height) / 2.0);
    let papers = match opts.flat_board {
        Some(_) => quarter,
        None => {
            let square = match opts.board_square {
                Some(s) => s,
                // No board fits this paper: only paper goes in.
                None => square_size(res, paper, None).unwrap_or(0.0),
            };
            let (w, h) = crate::layout::folded_board(square);
            (quarter.0.max(w.min(h)), quarter.1.max(w.max(h)))
        }
    };
    Ok(Contents {
        counter: counter_size(res, paper, opts)?,
        count: res.rules.animals().len() * 2 * opts.copies,
        counter_thickness: opts.card * if opts.sides == Sides::Fold { 2.0 } else { 1.0 },
        papers,
        papers_thickness: opts.papers as f64 * FOLDED_SHEET,
    })
}

/// The inside sizes of the tray and the lid, and how the counters stack.
pub fn box_sizes(
    res: &Resources,
    paper: Paper,
    opts: &BoxOptions,
) -> Result<(BoxSize, BoxSize, Stacks), Error> {
    let (tray, stacks) = box_for(&box_contents(res, paper, opts)?);
    Ok((tray, lid_for(tray, opts.card), stacks))
}

/// Composes the box: the tray and the lid (on one sheet when both fit), then
/// the assembly steps.
pub fn box_pages(res: &Resources, paper: Paper, opts: &BoxOptions) -> Result<Vec<Page>, Error> {
    let mut pages = box_nets(res, paper, opts)?;
    pages.push(box_steps_page(res, paper, opts)?);
    Ok(pages)
}

/// Where each net goes on its sheet: its top-left corner and whether it is
/// turned a quarter.
type Placed = (Pt, bool);

/// Both nets on one sheet inside `room`, when they fit: upright or both
/// turned a quarter, side by side or one above the other, the first that
/// fits in that order; centred in `room`.
fn together(tray: &Net, lid: &Net, room: Rect) -> Option<(Placed, Placed)> {
    let fits = |w: f64, h: f64| w <= room.w + 1e-9 && h <= room.h + 1e-9;
    for turn in [false, true] {
        let dims = |n: &Net| {
            if turn {
                (n.height, n.width)
            } else {
                (n.width, n.height)
            }
        };
        let ((tw, th), (lw, lh)) = (dims(tray), dims(lid));
        if fits(tw + NET_GAP + lw, th.max(lh)) {
            let x0 = room.x + (room.w - (tw + NET_GAP + lw)) / 2.0;
            let y0 = room.y + (room.h - th.max(lh)) / 2.0;
            return Some(((pt(x0, y0), turn), (pt(x0 + tw + NET_GAP, y0), turn)));
        }
        if fits(tw.max(lw), th + NET_GAP + lh) {
            let y0 = room.y + (room.h - (th + NET_GAP + lh)) / 2.0;
            return Some((
                (pt(room.x + (room.w - tw) / 2.0, y0), turn),
                (pt(room.x + (room.w - lw) / 2.0, y0 + th + NET_GAP), turn),
            ));
        }
    }
    None
}

/// The sheets of the nets: the tray and the lid on one sheet when both fit
/// (see [`together`]), else one sheet each, each net upright or turned a
/// quarter to fit.
pub fn box_nets(res: &Resources, paper: Paper, opts: &BoxOptions) -> Result<Vec<Page>, Error> {
    let (tray_size, lid_size, _) = box_sizes(res, paper, opts)?;
    let tray = net(tray_size, opts.card);
    let lid = net(lid_size, opts.card);
    let area = printable_area(paper, res.theme.page.margin);
    let room = Rect {
        y: area.y + HEADING,
        h: area.h - HEADING,
        ..area
    };
    let fits = |w: f64, h: f64| w <= room.w + 1e-9 && h <= room.h + 1e-9;
    let turned = |n: &Net| !fits(n.width, n.height) && fits(n.height, n.width);
    for (n, name) in [(&tray, "tray"), (&lid, "lid")] {
        if !fits(n.width, n.height) && !fits(n.height, n.width) {
            // A box that would fit over the usual three folded sheets is too
            // deep for the rules' many sheets: the rules' length is the cause.
            let usual = BoxOptions { papers: 3, ..*opts };
            if opts.papers > usual.papers && box_nets(res, paper, &usual).is_ok() {
                return Err(res.lang.source.error(
                    "handout",
                    format!(
                        "the set's {} sheets folded into the box make its {name} open out to {:.0} × {:.0} mm, larger than the paper's printable area ({:.0} × {:.0} mm): the rules are too long; shorten the pack's sentences, or print the set without its box",
                        opts.papers, n.width, n.height, room.w, room.h
                    ),
                ));
            }
            return Err(Error::BoxTooLarge {
                part: name,
                size: (n.width, n.height),
                room: (room.w, room.h),
            });
        }
    }
    let words = &res.lang.boxnet;
    let mut pages = Vec::new();
    // Together under the heading, or on the whole area without it (the
    // lid and the tray's base name them) when only that leaves room.
    let both = together(&tray, &lid, room)
        .map(|at| (at, true))
        .or_else(|| together(&tray, &lid, area).map(|at| (at, false)));
    if let Some((((tray_at, tray_turn), (lid_at, lid_turn)), headed)) = both {
        let mut page = match headed {
            true => sheet(res, paper, &words.title),
            false => Page::new(paper.width, paper.height),
        };
        draw_net(res, &mut page, &tray, tray_at, tray_turn, false);
        draw_net(res, &mut page, &lid, lid_at, lid_turn, true);
        pages.push(page);
    } else {
        for (n, is_lid, name) in [(&tray, false, &words.tray), (&lid, true, &words.lid)] {
            let (w, h) = if turned(n) {
                (n.height, n.width)
            } else {
                (n.width, n.height)
            };
            let mut page = sheet(res, paper, &format!("{} — {name}", words.title));
            let at = pt(room.x + (room.w - w) / 2.0, room.y + (room.h - h) / 2.0);
            draw_net(res, &mut page, n, at, turned(n), is_lid);
            pages.push(page);
        }
    }
    Ok(pages)
}

/// The page of assembly steps, on its own.
pub fn box_steps_page(res: &Resources, paper: Paper, opts: &BoxOptions) -> Result<Page, Error> {
    let mut page = sheet(res, paper, &res.lang.boxnet.instructions_heading);
    let area = printable_area(paper, res.theme.page.margin);
    let (items, _) = box_steps(
        res,
        paper,
        opts,
        Rect {
            y: area.y + 14.0,
            h: area.h - 14.0,
            ..area
        },
        false,
    )?;
    page.add(Layer::Artwork, items);
    Ok(page)
}

/// A sheet with its heading.
fn sheet(res: &Resources, paper: Paper, heading: &str) -> Page {
    let mut page = Page::new(paper.width, paper.height);
    let area = printable_area(paper, res.theme.page.margin);
    page.add(
        Layer::Guides,
        text_fit(
            res,
            FitText {
                text: heading,
                stack: &res.bold,
                size: 4.5,
                max_width: area.w,
                pos: pt(area.center().x, area.y + 4.0),
                rotation: 0.0,
                fill: res.theme.board.text.0,
            },
        ),
    );
    page
}

/// The cut lines and slots of a net, as path segments in net coordinates.
fn cut_segs(n: &Net) -> Vec<Seg> {
    let mut segs: Vec<Seg> = n
        .cuts
        .iter()
        .flat_map(|(a, b)| shapes::line(*a, *b))
        .collect();
    for s in &n.slots {
        segs.extend(shapes::rect(s.x, s.y, s.w, s.h));
    }
    segs
}

/// The fold lines of a net, as path segments in net coordinates.
fn fold_segs(n: &Net) -> Vec<Seg> {
    n.folds
        .iter()
        .flat_map(|(a, b)| shapes::line(*a, *b))
        .collect()
}

/// The fold line's look: a mountain fold, dash-dot.
fn fold_stroke(res: &Resources) -> Stroke {
    Stroke::dashed(res.theme.counters.fold.0, 0.3, vec![3.0, 1.0, 0.6, 1.0])
}

fn poly(points: &[Pt]) -> Vec<Seg> {
    shapes::polygon(points)
}

/// True when the lid is drawn in outline, for themes that fill no counter
/// faces (neither side `filled`, as in ink-saver): white walls instead of
/// the sides' colour bands, and the game's name as outlined letters. The
/// solid lid is the most ink-hungry page of a set otherwise.
fn outlined_lid(res: &Resources) -> bool {
    let s = &res.theme.sides;
    s.south_style != FaceStyle::Filled && s.north_style != FaceStyle::Filled
}

/// Draws a net with its top-left corner at `at` (turned a quarter when `turn`):
/// coloured panels, the lid's title, cut lines, slots and folds on their layers.
fn draw_net(res: &Resources, page: &mut Page, n: &Net, at: Pt, turn: bool, lid: bool) {
    let place = if turn {
        // A quarter turn clockwise, then back into the box at `at`.
        Transform::translate(at.x + n.height, at.y).then_apply(Transform::rotate(90.0))
    } else {
        Transform::translate(at.x, at.y)
    };
    let th = &res.theme;
    let ink = th.board.text.0;
    let outlined = lid && outlined_lid(res);
    let mut art = Vec::new();
    for (kind, pts) in &n.panels {
        let colour = if lid && !outlined {
            lid_colour(res, *kind)
        } else {
            // No coloured bands on an outlined lid: its cut and fold lines
            // already show each wall.
            th.board.land.0
        };
        art.push(shapes::fill(poly(pts), colour));
    }
    let words = &res.lang.boxnet;
    let b = n.base;
    let c = b.center();
    if lid {
        // The lid's printing is its picture: its words are not the page's.
        art.extend(decorative(lid_top(res, n, outlined)));
        // Over the top's edges, a lid picture's too.
        if !outlined {
            art.extend(overruns(res, n));
        }
        art.extend(decorative(lid_walls(res, n, outlined)));
    } else {
        let inside = inside_words(words, n.inside());
        art.extend(text_fit(
            res,
            FitText {
                text: &words.tray,
                stack: &res.bold,
                size: 4.0,
                max_width: b.w * 0.8,
                pos: pt(c.x, c.y - 3.0),
                rotation: 0.0,
                fill: ink,
            },
        ));
        art.extend(text_fit(
            res,
            FitText {
                text: &inside,
                stack: &res.text,
                size: 3.0,
                max_width: b.w * 0.9,
                pos: pt(c.x, c.y + 3.0),
                rotation: 0.0,
                fill: ink,
            },
        ));
    }
    let cut = Stroke::solid(th.counters.cut.0, th.counters.cut_width);
    let (cuts, folds) = (cut_segs(n), fold_segs(n));
    let group = |items| {
        Item::Group(Group {
            picture: false,
            transform: place,
            items,
        })
    };
    page.add(Layer::Artwork, [group(art)]);
    page.add(
        Layer::Fold,
        [group(vec![shapes::stroke(folds, fold_stroke(res))])],
    );
    page.add(Layer::Cut, [group(vec![shapes::stroke(cuts, cut)])]);
}

/// How far a wall's colour runs past each of its folds onto the next panel,
/// mm: a fold a little off its line still shows no light edge.
pub const OVERRUN: f64 = 1.75;

/// The colour of a lid's panel: the side walls and their flaps in north's
/// colour, the end walls and the rims over them in south's, the rest (the
/// top, the inner panels and tabs, hidden or framed) in the board's land.
fn lid_colour(res: &Resources, kind: PanelKind) -> Color {
    let th = &res.theme;
    match kind {
        PanelKind::SideWall | PanelKind::Flap => th.side(Side::North),
        PanelKind::EndWall | PanelKind::Rim => th.side(Side::South),
        PanelKind::Base | PanelKind::InnerPanel | PanelKind::Tab => th.board.land.0,
    }
}

/// The lid's wall colours run [`OVERRUN`] mm past their folds: onto the top
/// along every wall, and from each rim onto its inner panel. Net coordinates.
fn overruns(res: &Resources, n: &Net) -> Vec<Item> {
    let b = n.base;
    let mut items = Vec::new();
    let band = |x: f64, y: f64, w: f64, h: f64, kind| {
        shapes::fill(shapes::rect(x, y, w, h), lid_colour(res, kind))
    };
    // End walls onto the top, then the side walls over the corners.
    items.push(band(b.x, b.y, b.w, OVERRUN, PanelKind::EndWall));
    items.push(band(
        b.x,
        b.bottom() - OVERRUN,
        b.w,
        OVERRUN,
        PanelKind::EndWall,
    ));
    items.push(band(b.x, b.y, OVERRUN, b.h, PanelKind::SideWall));
    items.push(band(
        b.right() - OVERRUN,
        b.y,
        OVERRUN,
        b.h,
        PanelKind::SideWall,
    ));
    // Each rim onto its inner panel, on the side away from the end wall.
    for rim in n.of(PanelKind::Rim) {
        let (x0, x1) = span(rim, |p| p.x);
        let (y0, y1) = span(rim, |p| p.y);
        let y = if y1 <= b.y { y0 - OVERRUN } else { y1 };
        items.push(band(x0, y, x1 - x0, OVERRUN, PanelKind::Rim));
    }
    items
}

/// The least and greatest of `f` over a panel's corners.
fn span(pts: &[Pt], f: impl Fn(&Pt) -> f64) -> (f64, f64) {
    pts.iter()
        .map(f)
        .fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

/// The lid's top (net coordinates): the game's name large with its title
/// below; art, either the theme's lid picture or the animals in play (their
/// pictures, or icons) in two rows, the stronger half above in north's
/// colour, the weaker below in south's; the players and time line; a frame.
fn lid_top(res: &Resources, n: &Net, outlined: bool) -> Vec<Item> {
    let th = &res.theme;
    let ink = th.board.text.0;
    let b = n.base;
    let c = b.center();
    let g = &res.lang.game;
    let mut art = Vec::new();
    // `box.lid_title = false` leaves the top to its picture or animals.
    let titled = th.boxes.lid_title;
    art.extend(
        titled
            .then(|| {
                text_fit(
                    res,
                    FitText {
                        text: &g.han,
                        stack: &res.han,
                        size: (b.h * 0.22).min(b.w * 0.25),
                        max_width: b.w * 0.85,
                        pos: pt(c.x, c.y - b.h * 0.08),
                        rotation: 0.0,
                        fill: if outlined {
                            th.counters.face.0
                        } else {
                            th.side(Side::South)
                        },
                    },
                )
            })
            .into_iter()
            .flatten(),
    );
    // The outlined lid draws the name's letters as outlines over their
    // light fill (the text stays text, for searching and copying).
    let hollow: Vec<Item> = if outlined {
        crate::scene::text_runs(&art)
            .into_iter()
            .map(
                |run| match crate::compose::passes::laser::outlined(res, run) {
                    Item::Path(p) => {
                        shapes::stroke(p.segs, Stroke::solid(th.side(Side::South), 0.3))
                    }
                    other => other,
                },
            )
            .collect()
    } else {
        Vec::new()
    };
    if titled && g.title != g.han {
        art.extend(text_fit(
            res,
            FitText {
                text: &g.title,
                stack: &res.bold,
                size: (b.h * 0.08).min(9.0),
                max_width: b.w * 0.8,
                pos: pt(c.x, c.y + b.h * 0.14),
                rotation: 0.0,
                fill: ink,
            },
        ));
    }
    // The theme's lid picture under the title, which keeps a light band;
    // without one, the animals.
    let face = th.counters.face.0;
    let before = art.len();
    crate::compose::drawn::scenery::lid_picture(res, &mut art, 0, (b.x, b.y, b.w, b.h), face);
    if art.len() == before {
        art.extend(lid_animals(res, b, outlined));
    }
    art.extend(hollow);
    art.extend(
        titled
            .then(|| {
                text_fit(
                    res,
                    FitText {
                        text: &res.lang.boxnet.players,
                        stack: &res.bold,
                        size: 4.0,
                        max_width: b.w - 12.0,
                        pos: pt(c.x, b.bottom() - 10.0),
                        rotation: 0.0,
                        fill: ink,
                    },
                )
            })
            .into_iter()
            .flatten(),
    );
    art.push(shapes::stroke(
        shapes::rounded_rect(b.x + 4.0, b.y + 4.0, b.w - 8.0, b.h - 8.0, 3.0),
        Stroke::solid(th.side(Side::North), 0.8),
    ));
    art
}

/// The animals in play on the lid's top `b`: two rows, the stronger half
/// near the top in north's colour, the weaker half above the foot in
/// south's (pictures keep their own colours). Smaller on an outlined lid.
fn lid_animals(res: &Resources, b: Rect, outlined: bool) -> Vec<Item> {
    let animals = res.rules.animals_by_rank();
    let per_row = animals.len().div_ceil(2).max(1);
    let gap = 3.0;
    let full = ((b.w - 16.0 - (per_row as f64 - 1.0) * gap) / per_row as f64).min(b.h * 0.13);
    let side = if outlined { full * 0.7 } else { full };
    let mut items = Vec::new();
    for (row, (chunk, colour, top)) in [
        (
            &animals[..per_row.min(animals.len())],
            Side::North,
            b.y + 9.0,
        ),
        (
            &animals[per_row.min(animals.len())..],
            Side::South,
            b.y + b.h * 0.71,
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let n = chunk.len() as f64;
        let x0 = b.center().x - (n * side + (n - 1.0) * gap) / 2.0;
        let y = top + (full - side) / if row == 0 { 2.0 } else { 1.0 };
        for (i, a) in chunk.iter().enumerate() {
            let x = x0 + i as f64 * (side + gap);
            items.push(crate::compose::products::poster::animal_picture(
                res,
                *a,
                (x, y, side, side),
                res.theme.side(colour),
            ));
        }
    }
    items
}

/// The lid's walls (net coordinates): the game's names on both end walls
/// and the players and time on both side walls, each reading upright once
/// the wall is folded down (its fold at the top), in the light face colour
/// (the side's colour on an outlined lid).
fn lid_walls(res: &Resources, n: &Net, outlined: bool) -> Vec<Item> {
    let th = &res.theme;
    let b = n.base;
    let fill = |side| {
        if outlined {
            th.side(side)
        } else {
            th.counters.face.0
        }
    };
    let title = res.lang.game.title_line();
    // Each kind of wall: its words, their colour, the type size (a share of
    // the wall's depth, at most a cap, mm), the share of its length they may
    // take, and their rotation on a wall before the top (above it or left of
    // it) and after it. An end wall lies across the net (its length along x);
    // above the top its fold is its lower edge: turned half a turn. A side
    // wall lies along it: left of the top its fold is its right edge, turned
    // a quarter clockwise; right of it, a quarter the other way.
    let walls = [
        (
            PanelKind::EndWall,
            title.as_str(),
            Side::South,
            (0.5, 5.0),
            0.9,
            (180.0, 0.0),
        ),
        (
            PanelKind::SideWall,
            res.lang.boxnet.players.as_str(),
            Side::North,
            (0.45, 4.0),
            0.8,
            (90.0, 270.0),
        ),
    ];
    let mut items = Vec::new();
    for (kind, text, side, (depth_share, cap), length_share, (before, after)) in walls {
        for wall in n.of(kind) {
            let (x0, x1) = span(wall, |p| p.x);
            let (y0, y1) = span(wall, |p| p.y);
            let across = kind == PanelKind::EndWall;
            let (depth, length, before_top) = match across {
                true => (y1 - y0, x1 - x0, y1 <= b.y + 1e-9),
                false => (x1 - x0, y1 - y0, x1 <= b.x + 1e-9),
            };
            items.extend(text_fit(
                res,
                FitText {
                    text,
                    stack: &res.bold,
                    size: (depth * depth_share).min(cap),
                    max_width: length * length_share,
                    pos: pt((x0 + x1) / 2.0, (y0 + y1) / 2.0),
                    rotation: if before_top { before } else { after },
                    fill: fill(side),
                },
            ));
        }
    }
    items
}

/// The assembly steps inside `room` (page coordinates, mm): what the box
/// holds, a legend of the lines, then each step beside a small picture of
/// the tray's net with the panels it moves, the pictures as tall as
/// `room` allows (12 to 40 mm). `compact` (for a cover) leaves out what the
/// box holds unless the board stays out of it (the tray's base says its
/// inside), lets the diagrams shrink to
/// 10 mm and sets the steps closer. Returns the items and the lowest point drawn.
pub fn box_steps(
    res: &Resources,
    paper: Paper,
    opts: &BoxOptions,
    room: Rect,
    compact: bool,
) -> Result<(Vec<Item>, f64), Error> {
    let (tray_size, lid_size, stacks) = box_sizes(res, paper, opts)?;
    let tray = &net(tray_size, opts.card);
    let lid = &net(lid_size, opts.card);
    let lid_colour = |kind| lid_colour(res, kind);
    let model = BoxModel {
        tray,
        lid,
        stacks,
        contents: box_contents(res, paper, opts)?,
        ink: res.theme.board.text.0,
        accent: res.theme.side(Side::South),
        printed: res.theme.board.land.0,
        lid_colour: &lid_colour,
        sides: (res.theme.side(Side::South), res.theme.side(Side::North)),
    };
    let counter = counter_size(res, paper, opts)?;
    let count = res.rules.animals().len() * 2 * opts.copies;
    let flat_board = opts.flat_board;
    let words = &res.lang.boxnet;
    let area = room;
    let ink = res.theme.board.text.0;
    let mut items = Vec::new();
    let size_text = 3.4;
    let para = |text: &str, x: f64, y: f64, width: f64, items: &mut Vec<Item>| -> f64 {
        let (lines, next) = paragraph(res, text, size_text, pt(x, y), width, ink);
        items.extend(lines);
        next
    };
    let inside = inside_words(words, tray.inside());
    let template = if stacks.per_stack <= 1 {
        &words.holds_single
    } else {
        &words.holds
    };
    let holds = template
        .replace("{n}", &count.to_string())
        .replace("{size}", &format!("{counter:.0}"))
        .replace("{stacks}", &(stacks.cols * stacks.rows).to_string())
        .replace("{per_stack}", &stacks.per_stack.to_string())
        .replace("{inside}", &inside);
    // The board goes in folded in four, unless it is on card.
    let (papers, board) = match flat_board {
        Some((w, h)) => (
            &words.papers_rules,
            words
                .board_apart
                .replace("{w}", &mm(w))
                .replace("{h}", &mm(h)),
        ),
        None => (&words.papers_all, words.board_on_card.clone()),
    };
    let holds = res
        .lang
        .sentences(&holds.replace("{papers}", papers), &board);
    // Compact (on a cover) the tray's base says its inside, and the
    // diagrams may shrink to 10 mm; where a flat board goes is still said.
    let mut y = match compact && flat_board.is_none() {
        true => area.y,
        false => para(&holds, area.x, area.y, area.w, &mut items) + 2.0,
    };
    let least = if compact { 10.0 } else { 12.0 };
    let gap = if compact { 2.5 } else { 4.0 };
    // Legend: the cut lines, already cut when a print shop die-cut the box.
    let legend_cut = die_cut_words(
        res,
        opts.die_cut,
        ("box.shop_legend_cut", &words.shop_legend_cut),
        ("box.legend_cut", &words.legend_cut),
    );
    let cut = Stroke::solid(res.theme.counters.cut.0, 0.35);
    for (stroke, text) in [(cut, legend_cut), (fold_stroke(res), &words.legend_fold)] {
        items.push(shapes::stroke(
            shapes::line(pt(area.x, y - 1.2), pt(area.x + 14.0, y - 1.2)),
            stroke,
        ));
        y = para(text, area.x + 18.0, y, area.w - 18.0, &mut items) + 1.5;
    }
    y += 3.0;
    // The steps, their diagrams as tall as the room allows, smaller (down
    // to 12 mm) when the steps' text makes them run over. A die-cut box's
    // first step presses its pieces out.
    let mut steps: Vec<&str> = words.steps.iter().map(String::as_str).collect();
    if let Some(first) = steps.first_mut() {
        *first = die_cut_words(
            res,
            opts.die_cut,
            ("box.shop_step_cut", &words.shop_step_cut),
            ("box.steps[0]", first),
        );
    }
    // On a cover, drawings as wide as on the box's own page where the words
    // still fit beside them, else narrower ones leaving the words more room.
    let aspects: &[f64] = if compact {
        &[STEP_ASPECT, STEP_ASPECT_COMPACT]
    } else {
        &[STEP_ASPECT]
    };
    let first = ((area.bottom() - y) / steps.len().max(1) as f64 - gap).clamp(least, 40.0);
    // Only the rows kept get their drawings (see [`step_rows`]).
    let mut smallest = (Vec::new(), Vec::new(), 0.0);
    for &aspect in aspects {
        let mut pic_h = first;
        loop {
            let (rows, frames, bottom) = step_rows(res, &steps, area, (y, gap), (pic_h, aspect));
            if bottom <= area.bottom() + 1e-6 {
                items.extend(with_drawings(&model, rows, &frames));
                return Ok((items, bottom));
            }
            if pic_h <= least {
                smallest = (rows, frames, bottom);
                break;
            }
            pic_h = (pic_h - 1.0).max(least);
        }
    }
    // Even the smallest runs over: the caller sees where it ends.
    items.extend(with_drawings(&model, smallest.0, &smallest.1));
    Ok((items, smallest.2))
}

/// `rows` from [`step_rows`] with each step's drawing ([`step_drawing`]) in
/// its empty group: `frames` says which item, which step and where.
fn with_drawings(
    model: &BoxModel,
    mut rows: Vec<Item>,
    frames: &[(usize, usize, Rect)],
) -> Vec<Item> {
    for &(at, step, frame) in frames {
        if let Item::Group(g) = &mut rows[at] {
            g.items = step_drawing(model, step, frame);
        }
    }
    rows
}

/// The width of a step's drawing, as a share of its height.
pub const STEP_ASPECT: f64 = 1.6;

/// The narrower drawings on a cover where [`STEP_ASPECT`]'s leave the
/// steps' words too little room.
pub const STEP_ASPECT_COMPACT: f64 = 0.9;

/// The numbered steps `texts` from `y` down inside `area`, `gap` mm apart,
/// each beside its drawing in perspective, `pic_h` mm tall and `aspect`
/// times as wide, each drawing one group, left empty: the drawings cost
/// more than the words, and only the rows kept want them. Returns the
/// items, each empty group's index with its step and frame (for
/// [`with_drawings`]), and the lowest point drawn.
fn step_rows(
    res: &Resources,
    texts: &[&str],
    area: Rect,
    (mut y, gap): (f64, f64),
    (pic_h, aspect): (f64, f64),
) -> (Vec<Item>, Vec<(usize, usize, Rect)>, f64) {
    let ink = res.theme.board.text.0;
    let accent = res.theme.side(Side::South);
    let mut items = Vec::new();
    let mut frames = Vec::with_capacity(texts.len());
    let pic_w = pic_h * aspect;
    for (i, text) in texts.iter().enumerate() {
        let frame = Rect {
            x: area.x,
            y,
            w: pic_w,
            h: pic_h,
        };
        frames.push((items.len(), i.min(STEPS - 1), frame));
        items.push(Item::Group(Group {
            picture: false,
            transform: Transform::IDENTITY,
            items: Vec::new(),
        }));
        let number = format!("{}.", i + 1);
        let tx = area.x + pic_w + 4.0;
        items.extend(left_text(
            res,
            &res.bold,
            &number,
            4.0,
            pt(tx, y + 4.0),
            accent,
        ));
        let (lines, end) = paragraph(
            res,
            text,
            3.4,
            pt(tx + 7.0, y + 4.0),
            area.right() - tx - 7.0,
            ink,
        );
        items.extend(lines);
        y = (y + pic_h).max(end) + gap;
    }
    (items, frames, y - gap)
}

/// Why a print shop's words are wanted, for the warning when a pack lacks them.
const DIE_CUT: &str = "it asks the buyer to cut what the print shop has die-cut";

/// The sentence a buyer reads: the print shop's `shop` words (key, text)
/// when the pieces come `die_cut`, else the `home` ones (key, text); a pack
/// without the shop's words prints the home ones and warns once (see
/// [`Resources::words_or`]).
pub fn die_cut_words<'a>(
    res: &Resources,
    die_cut: bool,
    shop: (&str, &'a str),
    home: (&str, &'a str),
) -> &'a str {
    match die_cut {
        true => res.words_or(shop, home, DIE_CUT),
        false => home.1,
    }
}

/// A length in mm as printed: whole millimetres without decimals, else to a
/// tenth.
fn mm(v: f64) -> String {
    if (v - v.round()).abs() < 0.05 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// The pack's `inside` sentence filled in with `size`, mm.
pub fn inside_words(words: &BoxWords, size: BoxSize) -> String {
    words
        .inside
        .replace("{w}", &mm(size.w))
        .replace("{d}", &mm(size.d))
        .replace("{h}", &mm(size.h))
}

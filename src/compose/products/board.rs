//! The board sheet: the 7×9 board centred on one page, with its title and a
//! scale bar; a board too large for its paper goes to [`crate::compose::products::tiles`].

use crate::compose::typesetting::label::{Label, VAlign};
use crate::error::{Error, Opt};
use crate::game::{Board, Side, Square, SquareKind, COLS, ROWS};
use crate::layout::paper::Paper;
use crate::layout::{max_square, printable_area, BoardPlacement, Rect};
use crate::limits::MIN_SQUARE;
use crate::picture::Fit;
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Anchor, Color, Group, Item, Layer, Page, Seg, Stroke, Transform};

use crate::compose::drawn::faces::animal_emblem;
use crate::compose::drawn::scale_bar::scale_bar;
use crate::compose::drawn::side_marks::{mark_item, pattern_line};
use crate::compose::typesetting::label::{text_fit, FitText};

/// The board's options, as the job holds them (`board`: `square`, `tile`,
/// `no-coordinates`, `crop-marks`): [`crate::compose::products::tiles::board_pages`]
/// takes them by value, beside the job's [`crate::compose::products::Sheet`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct BoardOptions {
    /// Square size in mm; `None` for the largest that fits.
    pub square: Option<f64>,
    /// Sheets to tile the board over, if any.
    pub tile: Option<Paper>,
    /// Without the coordinates along the edges.
    pub no_coordinates: bool,
    /// Crop marks at the board's corners (a board on one sheet only).
    pub crop_marks: bool,
}

/// One board on one sheet, as drawn: the paper, the square and the bleed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardSheet {
    /// Paper size.
    pub paper: Paper,
    /// Square size in mm; `None` for the largest whole millimetre that fits.
    pub square: Option<f64>,
    /// Bleed in mm: the board's colours run this far past its edge (so a board
    /// cut out along its border shows no white), and the printed sheet grows by
    /// as much on every side (see [`Page::bleed`]).
    pub bleed: f64,
    /// Marks outside the grid where the board is folded to go into a box
    /// ([`BoardPlacement::folds`]), when a set folds it.
    pub fold_marks: bool,
}

impl BoardSheet {
    /// The largest board that fits `paper`, no bleed, no fold marks.
    pub fn new(paper: Paper) -> BoardSheet {
        BoardSheet {
            paper,
            square: None,
            bleed: 0.0,
            fold_marks: false,
        }
    }
}

/// A fold mark's length, mm: a short solid line in line with the fold.
const FOLD_MARK: f64 = 3.0;
/// Between the board's trim (its edge, or its bleed's) and a fold mark, mm.
const FOLD_MARK_GAP: f64 = 1.0;
/// The least room beside the board, inside the margin, for a side fold
/// mark, mm.
const FOLD_MARK_LEAST: f64 = 1.5;

/// The length of a fold mark in `room` mm between the board and the margin,
/// mm, 0 for none: a title or a scale bar that fits there (7 mm) keeps its
/// room, and a mark shorter than [`FOLD_MARK_LEAST`] is left out.
fn fold_mark_length(room: f64, bleed: f64) -> f64 {
    let keep = if room >= 7.0 { 7.0 } else { 0.0 };
    let len = (room - keep - bleed - FOLD_MARK_GAP - 0.5).min(FOLD_MARK);
    if len >= FOLD_MARK_LEAST {
        len
    } else {
        0.0
    }
}

/// The band a fold mark of `len` mm takes beside a board with `bleed`, mm.
fn fold_band(len: f64, bleed: f64) -> f64 {
    match len > 0.0 {
        true => bleed + FOLD_MARK_GAP + len + 0.5,
        false => 0.0,
    }
}

/// The fold marks of a board at `place` with `bleed` mm, in line with its
/// folds ([`BoardPlacement::folds`]): `(top, bottom)` mm long above and
/// below it for the upright fold, and left and right of it for the
/// crosswise fold where the page's `edge` (its margin, or a print shop's)
/// leaves room (a board as wide as the paper allows has none beside it).
fn fold_marks(
    res: &Resources,
    place: BoardPlacement,
    bleed: f64,
    edge: f64,
    (top, bottom): (f64, f64),
) -> Vec<Item> {
    let o = place.outline();
    let (x, y) = place.folds();
    let off = bleed + FOLD_MARK_GAP;
    let mut segs = Vec::new();
    if top > 0.0 {
        segs.extend(shapes::line(pt(x, o.y - off - top), pt(x, o.y - off)));
    }
    if bottom > 0.0 {
        segs.extend(shapes::line(
            pt(x, o.bottom() + off),
            pt(x, o.bottom() + off + bottom),
        ));
    }
    // The board is centred: as much room on its right as on its left.
    let side = (o.x - edge - off - 0.5).min(FOLD_MARK);
    if side >= FOLD_MARK_LEAST {
        segs.extend(shapes::line(pt(o.x - off - side, y), pt(o.x - off, y)));
        segs.extend(shapes::line(
            pt(o.right() + off, y),
            pt(o.right() + off + side, y),
        ));
    }
    vec![shapes::stroke(
        segs,
        Stroke::solid(res.theme.counters.fold.0, 0.3),
    )]
}

/// The square size that will be used: the requested one if it fits the
/// printable area, else an error; by default the largest whole millimetre.
pub fn square_size(res: &Resources, paper: Paper, square: Option<f64>) -> Result<f64, Error> {
    let area = printable_area(paper, res.theme.page.margin);
    let largest = max_square(area);
    let Some(s) = square else {
        if (largest as f64) < MIN_SQUARE {
            return Err(Error::usage(
                Opt::Paper,
                format!(
                    "this paper leaves room for {largest} mm squares inside the {} mm margins; the board needs at least {MIN_SQUARE} mm",
                    res.theme.page.margin
                ),
            ));
        }
        return Ok(largest as f64);
    };
    if !BoardPlacement::centered(paper, s).fits(area) {
        return Err(Error::BoardTooLarge {
            value: s,
            largest,
            board: (s * COLS as f64, s * ROWS as f64),
            area: (area.w, area.h),
        });
    }
    Ok(s)
}

/// Composes the board page.
pub fn board_page(res: &Resources, opts: &BoardSheet) -> Result<Page, Error> {
    board_page_marked(res, opts, false)
}

/// Composes the board page, with crop marks at the board's corners when
/// `crop_marks` (outside the bleed, like the counters'). The scale bar stays
/// below the bleed and clear of the marks.
pub fn board_page_marked(
    res: &Resources,
    opts: &BoardSheet,
    crop_marks: bool,
) -> Result<Page, Error> {
    let s = square_size(res, opts.paper, opts.square)?;
    let place = BoardPlacement::centered(opts.paper, s);
    let outline = place.outline();
    let mut page = Page::new(opts.paper.width, opts.paper.height).with_bleed(opts.bleed);
    let mut art = board_art(res, place, res.theme.board.show_coordinates, opts.bleed);
    let margin = res.theme.page.margin;
    // A sheet with bleed goes to a print shop, which prints up to 3 mm from
    // the trim: the scale bar may use the rest of a home printer's margin.
    let edge = if opts.bleed > 0.0 {
        margin.min(3.0)
    } else {
        margin
    };
    let below = opts.paper.height - edge - outline.bottom() - opts.bleed;
    // Fold marks take a band above and below the board, leaving the title
    // and the scale bar their room.
    let marks = match opts.fold_marks {
        true => (
            fold_mark_length(outline.y - margin, opts.bleed),
            fold_mark_length(below, opts.bleed),
        ),
        false => (0.0, 0.0),
    };
    let (band_top, band_bottom) = (
        fold_band(marks.0, opts.bleed),
        fold_band(marks.1, opts.bleed),
    );
    art.extend(title(res, opts.paper, outline, band_top));
    page.add(Layer::Artwork, art);

    if opts.fold_marks {
        page.add(
            Layer::Guides,
            fold_marks(res, place, opts.bleed, edge, marks),
        );
    }
    // The scale bar: below the bleed and the fold marks; beside the crop
    // marks (on the board's edge lines), if any.
    if below - band_bottom >= 7.0 {
        let inset = if crop_marks { 1.5 } else { 0.0 };
        let at = pt(
            outline.x + inset,
            outline.bottom() + opts.bleed + band_bottom + 2.8,
        );
        page.add(
            Layer::Guides,
            scale_bar(
                res,
                at,
                res.theme.board.text.0,
                true,
                outline.w - 2.0 * inset,
            ),
        );
    }
    if crop_marks {
        let segs: Vec<Seg> =
            crate::layout::crop_marks(&[outline], opts.bleed + 1.0, 2.5, opts.bleed + 0.5)
                .into_iter()
                .flat_map(|(a, b)| shapes::line(a, b))
                .collect();
        page.add(
            Layer::Marks,
            [shapes::stroke(
                segs,
                Stroke::solid(res.theme.counters.guides.0, 0.15),
            )],
        );
    }
    Ok(page)
}

/// The board page to be cut out by a print shop: crop marks at its corners
/// (as [`board_page_marked`] draws them) and its die line, the board's
/// outline (its trim, mm on the page) on the cut layer, stroked as the
/// counters' and the box's cut lines are; the print shop's pass puts it in
/// the `CutContour` separation.
pub fn board_page_for_cutting(res: &Resources, opts: &BoardSheet) -> Result<Page, Error> {
    let mut page = board_page_marked(res, opts, true)?;
    let s = square_size(res, opts.paper, opts.square)?;
    let o = BoardPlacement::centered(opts.paper, s).outline();
    let cs = &res.theme.counters;
    page.add(
        Layer::Cut,
        [shapes::stroke(
            shapes::rect(o.x, o.y, o.w, o.h),
            Stroke::solid(cs.cut.0, cs.cut_width),
        )],
    );
    Ok(page)
}

/// The kind a square plays as under the ruleset: the four-animal game has no river and no traps.
fn effective_kind(res: &Resources, board: &Board, sq: Square) -> SquareKind {
    match board.kind(sq) {
        SquareKind::River | SquareKind::Trap(_) if res.rules.variants.four_animals => {
            SquareKind::Land
        }
        k => k,
    }
}

/// The board drawn at `place`: squares, labels, start squares of the animals in play, border.
/// A theme's board picture replaces the land's colour; its square pictures
/// cover their squares (each clipped to its square) over the squares'
/// colours and under every mark, label and line.
pub fn board_items(res: &Resources, place: BoardPlacement, show_coordinates: bool) -> Vec<Item> {
    board_art(res, place, show_coordinates, 0.0)
}

/// [`board_items`] with `bleed` mm of colour past the board's edge: the land
/// and the fills of the squares on the edge grow outwards under the border.
pub(super) fn board_art(
    res: &Resources,
    place: BoardPlacement,
    show_coordinates: bool,
    bleed: f64,
) -> Vec<Item> {
    drawn(res, place, show_coordinates, bleed, true)
}

/// The board drawn at `place` without its start squares (a puzzle's board,
/// where the pieces stand elsewhere).
pub fn plain_board_items(
    res: &Resources,
    place: BoardPlacement,
    show_coordinates: bool,
) -> Vec<Item> {
    drawn(res, place, show_coordinates, 0.0, false)
}

/// [`board_art`], the start squares marked when `starts`.
fn drawn(
    res: &Resources,
    place: BoardPlacement,
    show_coordinates: bool,
    bleed: f64,
    starts: bool,
) -> Vec<Item> {
    let board = Board::standard();
    let s = place.square;
    let mut art = Vec::new();
    let th = &res.theme.board;
    let outline = place.outline();
    // The start squares are the start position's (the one the engine plays
    // from): the set-up diagrams are this board.
    let start = crate::compose::drawn::diagrams::start(res);

    // A box (x, y, w, h) grown by the bleed on the sides on the board's edge.
    let bled_box = |r: Rect| {
        let grow = |edge: bool| if edge { bleed } else { 0.0 };
        let (l, t) = (grow(r.x <= outline.x + 1e-9), grow(r.y <= outline.y + 1e-9));
        let (rt, b) = (
            grow(r.right() >= outline.right() - 1e-9),
            grow(r.bottom() >= outline.bottom() - 1e-9),
        );
        (r.x - l, r.y - t, r.w + l + rt, r.h + t + b)
    };
    let bled = |r: Rect| {
        let (x, y, w, h) = bled_box(r);
        shapes::rect(x, y, w, h)
    };
    // A board picture takes the land's place: the land squares show it.
    match crate::compose::drawn::scenery::scenery(res, "board") {
        Some((picture, key)) => art.push(crate::compose::drawn::art::place_art(
            res,
            picture,
            &key,
            bled_box(outline),
            Fit::Cover,
            None,
        )),
        None => art.push(shapes::fill(bled(outline), th.land.0)),
    }
    if !res.rules.variants.four_animals {
        for (lo, hi) in board.lakes() {
            let a = place.square_rect(Square::new(lo.col, hi.row));
            let b = place.square_rect(Square::new(hi.col, lo.row));
            art.push(shapes::fill(
                shapes::rect(a.x, a.y, b.right() - a.x, b.bottom() - a.y),
                th.river.0,
            ));
        }
    }
    for sq in board.squares() {
        let r = place.square_rect(sq);
        let kind = effective_kind(res, &board, sq);
        // The square's picture goes over its colour, under its marks.
        let picture = crate::compose::drawn::scenery::square_picture(res, kind, bled_box(r));
        match kind {
            SquareKind::River => {
                art.extend(picture);
                art.push(waves(r, sq.row == 4, th.river_wave.0));
            }
            SquareKind::Trap(side) => {
                art.push(shapes::fill(bled(r), res.theme.trap(side)));
                art.extend(picture);
                art.push(shapes::fill(trap_teeth(r), th.trap_mark.0));
                let mut label = place_label(res, r, &res.lang.board.trap_han, &res.lang.board.trap);
                label.extend(owner_marks(res, r, side));
                art.push(facing(side, r, label));
            }
            SquareKind::Den(side) => {
                art.push(shapes::fill(bled(r), res.theme.den(side)));
                art.extend(picture);
                let stroke = Stroke::solid(th.den_mark.0, (s * 0.022).max(0.2));
                for inset in [0.10, 0.155] {
                    let i = s * inset;
                    art.push(shapes::stroke(
                        shapes::rounded_rect(
                            r.x + i,
                            r.y + i,
                            r.w - 2.0 * i,
                            r.h - 2.0 * i,
                            s * 0.08,
                        ),
                        stroke.clone(),
                    ));
                }
                let mut label = place_label(res, r, &res.lang.board.den_han, &res.lang.board.den);
                label.extend(owner_marks(res, r, side));
                art.push(facing(side, r, label));
            }
            SquareKind::Land => art.extend(picture),
        }
        if let Some(piece) = start.at(sq).filter(|_| starts) {
            art.push(facing(piece.side, r, start_mark(res, r, piece)));
        }
    }
    // River labels in the middle row: in each lake one faces south, one north.
    if !res.rules.variants.four_animals {
        for (lo, hi) in board.lakes() {
            for (col, side) in [(lo.col, Side::South), (hi.col, Side::North)] {
                let r = place.square_rect(Square::new(col, 4));
                art.push(facing(
                    side,
                    r,
                    place_label(res, r, &res.lang.board.river_han, &res.lang.board.river),
                ));
            }
        }
    }
    art.push(grid(place, th.grid.0, th.grid_width.min(s * 0.02)));
    if show_coordinates {
        art.extend(coordinates(res, place));
    }
    art.push(shapes::stroke(
        shapes::rect(outline.x, outline.y, outline.w, outline.h),
        Stroke::solid(th.border.0, th.border_width.min(s * 0.04)),
    ));
    // Its labels and coordinates are the picture's, not the page's words.
    crate::scene::decorative(art)
}

/// The owner's mark, in its colour, in two opposite corners of one of its
/// traps or its den (clear of the teeth and the frame), as on its start
/// squares: whose square it is, without colour. Nothing for a side with no mark.
fn owner_marks(res: &Resources, r: Rect, side: Side) -> Vec<Item> {
    let (s, c) = (r.w, r.center());
    [(1.0, -1.0), (-1.0, 1.0)]
        .into_iter()
        .filter_map(|(dx, dy)| {
            mark_item(
                res.theme.mark(side),
                pt(c.x + dx * s * 0.43, c.y + dy * s * 0.43),
                s * 0.08,
                res.theme.side(side),
            )
        })
        .collect()
}

/// Wraps items drawn for south so that they face `side` (turned 180° about the square's centre for north).
fn facing(side: Side, r: Rect, items: Vec<Item>) -> Item {
    let transform = match side {
        Side::South => Transform::IDENTITY,
        Side::North => Transform::rotate_about(180.0, r.center()),
    };
    Item::Group(Group {
        picture: false,
        transform,
        items,
    })
}

/// A square's label: the Chinese word large, the local word below (omitted when identical).
fn place_label(res: &Resources, r: Rect, han: &str, word: &str) -> Vec<Item> {
    let s = r.w;
    let c = r.center();
    let color = res.theme.board.text.0;
    let mut items = Vec::new();
    if han == word || s < 12.0 {
        items.extend(text_fit(
            res,
            FitText {
                text: han,
                stack: &res.han,
                size: s * 0.3,
                max_width: s * 0.6,
                pos: c,
                rotation: 0.0,
                fill: color,
            },
        ));
    } else {
        items.extend(text_fit(
            res,
            FitText {
                text: han,
                stack: &res.han,
                size: s * 0.26,
                max_width: s * 0.56,
                pos: pt(c.x, c.y - s * 0.07),
                rotation: 0.0,
                fill: color,
            },
        ));
        items.extend(text_fit(
            res,
            FitText {
                text: word,
                stack: &res.text,
                size: s * 0.12,
                max_width: s * 0.6,
                pos: pt(c.x, c.y + s * 0.17),
                rotation: 0.0,
                fill: color,
            },
        ));
    }
    items
}

/// How much of a dark side's colour shades its start squares (0 to 1): a
/// light disc, so that a grey board still shows whose squares are whose, as
/// the counters do (one side light, one dark), yet far lighter than a piece.
pub const START_SHADE: f64 = 0.16;

/// A start square's character, as a fraction of the square: about 0.7 of
/// the character on the counter that stands there, so that an empty square
/// never reads as a piece.
pub const START_CHARACTER: f64 = 0.125;

/// A start square's picture face (the picture layouts), as a fraction of
/// the counter's: smaller than the piece, and drawn [`START_FADE`] lighter.
pub const START_PICTURE: f64 = 0.7;

/// How far a start square's picture is washed towards the land (0 to 1).
pub const START_FADE: f64 = 0.55;

/// A start square, quieter than the piece that stands on it: a thin ring in
/// the side's pattern and colour, over a light disc of its colour for the
/// dark side (`filled` or `banded` counters); the side's marks in two
/// corners; the animal's character, small (beside its icon when the theme
/// shows icons), and name, or in the picture layouts the counter's picture,
/// smaller and washed light.
fn start_mark(res: &Resources, r: Rect, piece: crate::game::Piece) -> Vec<Item> {
    let s = r.w;
    let c = r.center();
    let color = res.theme.side(piece.side);
    let land = res.theme.board.land.0;
    let names = res.animal(piece.animal);
    // Below 12 mm a name would be too small to read: the character alone says it.
    let named = !names.label().is_empty() && s >= 12.0;
    let han_y = if named { c.y - s * 0.04 } else { c.y };
    let radius = s * 0.43;
    let mut items = Vec::new();
    if res.theme.face_style(piece.side).is_dark() {
        items.push(shapes::fill(
            shapes::circle(c, radius),
            crate::theme::mix(land, color, START_SHADE),
        ));
    }
    items.extend(pattern_line(
        |g| shapes::circle(c, radius + g),
        0.0,
        res.theme.pattern(piece.side),
        color,
        (s * 0.012).max(0.2),
    ));
    // Top-right and bottom-left: a pair that a half turn maps onto itself,
    // clear of the coordinates (top-left and bottom-right).
    for (dx, dy) in [(1.0, -1.0), (-1.0, 1.0)] {
        let at = pt(c.x + dx * s * 0.4, c.y + dy * s * 0.4);
        items.extend(mark_item(res.theme.mark(piece.side), at, s * 0.08, color));
    }
    // The picture layouts show the counter's picture, so that a child sets up
    // by matching pictures: smaller than the counter's and washed light.
    if res.theme.counters.layout != crate::theme::FaceLayout::Character {
        let small = s * START_PICTURE;
        let clip = shapes::circle(c, small * 0.5);
        let face = crate::compose::drawn::faces::picture_face(
            res,
            piece,
            c,
            small,
            color,
            land,
            Some(clip),
            res.theme
                .counters
                .show_rank
                .then(|| crate::compose::drawn::faces::RankMark::start_square(res, small)),
            true,
        );
        items.extend(crate::compose::drawn::faces::washed(face, land, START_FADE));
        return items;
    }
    let icon = res
        .pictures
        .animal(piece.animal)
        .filter(|_| res.theme.board.icons);
    let size = s * START_CHARACTER;
    items.extend(animal_emblem(
        res,
        names,
        icon,
        pt(c.x, han_y),
        // The emblem's parts are sized for a square `size / 0.42` wide.
        size / 0.42,
        size,
        s * 0.6,
        color,
    ));
    if named {
        let name_pos = pt(c.x, c.y + s * 0.16);
        items.extend(text_fit(
            res,
            FitText {
                text: names.label(),
                stack: &res.text,
                size: s * 0.09,
                max_width: s * 0.6,
                pos: name_pos,
                rotation: 0.0,
                fill: color,
            },
        ));
    }
    items
}

/// Wavy strokes across a river square. Label squares keep their middle clear.
pub(super) fn waves(r: Rect, labelled: bool, color: Color) -> Item {
    let s = r.w;
    let rows: &[f64] = if labelled {
        &[0.14, 0.88]
    } else {
        &[0.25, 0.5, 0.75]
    };
    let (x0, x1) = (r.x + s * 0.14, r.x + s * 0.86);
    let amp = s * 0.035;
    let mut segs = Vec::new();
    for fy in rows {
        let y = r.y + s * fy;
        let n = 3;
        let step = (x1 - x0) / n as f64;
        segs.push(Seg::Move(pt(x0, y)));
        for i in 0..n {
            let a = x0 + step * i as f64;
            segs.push(Seg::Cubic(
                pt(a + step / 3.0, y - amp * 2.0),
                pt(a + 2.0 * step / 3.0, y + amp * 2.0),
                pt(a + step, y),
            ));
        }
    }
    shapes::stroke(segs, Stroke::solid(color, (s * 0.014).max(0.25)))
}

/// Three teeth pointing inwards from each side of a trap, leaving the corners clear.
fn trap_teeth(r: Rect) -> Vec<Seg> {
    let s = r.w;
    let c = r.center();
    let (inset, depth, n) = (s * 0.05, s * 0.11, 3);
    let (from, to) = (s * 0.2, s * 0.8);
    let base = (to - from) / n as f64;
    let mut segs = Vec::new();
    // Build the teeth of the top side, then turn them to the other three sides.
    for quarter in 0..4 {
        let t = Transform::rotate_about(90.0 * quarter as f64, c);
        for i in 0..n {
            let a = r.x + from + base * i as f64;
            let tooth = [
                pt(a, r.y + inset),
                pt(a + base, r.y + inset),
                pt(a + base / 2.0, r.y + inset + depth),
            ];
            segs.extend(shapes::polygon(&tooth.map(|p| t.apply(p))));
        }
    }
    segs
}

/// The lines between squares.
fn grid(place: BoardPlacement, color: Color, width: f64) -> Item {
    let o = place.outline();
    let mut segs = Vec::new();
    for c in 1..COLS {
        let x = o.x + c as f64 * place.square;
        segs.extend(shapes::line(pt(x, o.y), pt(x, o.bottom())));
    }
    for r in 1..ROWS {
        let y = o.y + r as f64 * place.square;
        segs.extend(shapes::line(pt(o.x, y), pt(o.right(), y)));
    }
    shapes::stroke(segs, Stroke::solid(color, width))
}

/// Small a–g and 1–9 in the corners of the edge squares, read from south.
fn coordinates(res: &Resources, place: BoardPlacement) -> Vec<Item> {
    let s = place.square;
    let size = (s * 0.11).max(1.8);
    let pad = s * 0.04;
    let color = res.theme.board.coordinates.0;
    let mut items = Vec::new();
    let label = |text: &str, pos, anchor| {
        Label {
            text,
            stack: &res.text,
            size,
            pos,
            anchor,
            valign: VAlign::Baseline,
            rotation: 0.0,
            fill: color,
        }
        .items(&res.fonts)
    };
    for col in 0..COLS {
        let r = place.square_rect(Square::new(col, 0));
        let file = ((b'a' + col) as char).to_string();
        items.extend(label(
            &file,
            pt(r.right() - pad, r.bottom() - pad),
            Anchor::End,
        ));
    }
    for row in 0..ROWS {
        let r = place.square_rect(Square::new(0, row));
        let rank = (row + 1).to_string();
        items.extend(label(
            &rank,
            pt(r.x + pad, r.y + pad + size * 0.72),
            Anchor::Start,
        ));
    }
    items
}

/// The game's name centred above the `board`, when the top margin leaves
/// room, clear of a `band` mm above the board (for fold marks).
fn title(res: &Resources, paper: Paper, board: Rect, band: f64) -> Vec<Item> {
    let room = board.y - res.theme.page.margin - band;
    if room < 7.0 {
        return Vec::new();
    }
    let text = res.lang.game.title_line();
    let size = (room * 0.5).min(9.0);
    let pos = pt(paper.width / 2.0, board.y - band - room / 2.0);
    text_fit(
        res,
        FitText {
            text: &text,
            stack: &res.bold,
            size,
            max_width: board.w,
            pos,
            rotation: 0.0,
            fill: res.theme.board.text.0,
        },
    )
}

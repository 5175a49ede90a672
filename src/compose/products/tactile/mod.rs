//! The tactile edition, for swell paper (microcapsule paper: what is
//! printed pure black rises in the heater): the board, with a texture per
//! kind of square, borders a finger follows, owner marks and braille
//! coordinates; and the counters, with braille rank and initial for both
//! players and a rim that tells the sides apart.
//!
//! Only what must rise is pure black ([`RAISED`]); what sighted helpers
//! read (names, the title, tile labels, cut lines) is a light grey
//! ([`TINT`], 16 % grey) that stays flat. Braille comes from
//! [`crate::lang::braille`] (liblouis's translation of the pack's words),
//! drawn by [`crate::compose::drawn::braille`].
//!
//! Lengths in mm, page coordinates (origin top-left, y down); the board's
//! own drawing has its origin at the top-left of its frame.

use crate::compose::drawn::braille::{self, braille, HEIGHT, RAISED};
use crate::compose::drawn::diagrams::start;
use crate::compose::products::board::BoardOptions;
use crate::compose::products::tiles::{tile_plan, tiled_pages, Tiled};
use crate::compose::typesetting::label::{text_fit, FitText};
use crate::error::{Error, Opt};
use crate::game::{Board, Piece, Side, Square, SquareKind, COLS, ROWS};
use crate::lang::braille::{initial, Braille};
use crate::layout::paper::Paper;

pub mod printed;
pub use crate::layout::tactile::{
    BORDER, CORNER_GAP, FRAME, MIN_COUNTER, NOTCH, NOTCH_PITCH, PITCH, RIM, TEXTURE, TRAP_DOT,
    TRAP_PITCH,
};
use crate::layout::tactile::{COUNTER_CORNER, RIM_CORNER, RIM_INSET};
use crate::layout::{printable_area, Rect};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Color, Item, Layer, Page, Pt, Seg, Stroke, Transform};

/// What sighted helpers read: 16 % grey, which swell paper leaves flat
/// (tints up to about 20 % do not rise).
pub const TINT: Color = Color::Rgb(0xD6, 0xD6, 0xD6);
/// The resources with everything the tiles and sheets print for helpers
/// (their words, arrows, scale bar, cut lines and marks) in [`TINT`].
fn tinted(res: &Resources) -> Resources {
    let mut res = res.clone();
    res.theme.board.text.0 = TINT;
    res.theme.counters.cut.0 = TINT;
    res.theme.counters.guides.0 = TINT;
    res
}

/// The pack's braille, or the refusal that names the tool.
pub fn pack_braille(res: &Resources) -> Result<&'static Braille, Error> {
    Braille::of(&res.lang).map_err(|m| Error::usage(Opt::Lang, m))
}

/// The label `word` in the pack's braille, or the refusal.
fn word<'b>(b: &'b Braille, w: &str) -> Result<&'b str, Error> {
    b.word(w).map_err(|m| Error::usage(Opt::Lang, m))
}

/// The tactile board the job asks for (`opts`, the board's options: its
/// square, at least [`crate::limits::MIN_TACTILE_SQUARE`], else
/// [`default_square`]; its tiles; braille coordinates in the frame unless
/// `no_coordinates`), and its square, mm: one sheet when the board and its
/// frame fit `paper` (or `opts.tile`), else an assembly map and its tiles.
pub fn board_pages(
    res: &Resources,
    paper: Paper,
    opts: &BoardOptions,
) -> Result<(f64, Vec<Page>), Error> {
    let square = match opts.square {
        Some(s) => s,
        None => default_square(res)?,
    };
    let art = board_art(res, square, !opts.no_coordinates)?;
    let res = tinted(res);
    let sheet = opts.tile.unwrap_or(paper);
    let area = printable_area(sheet, res.theme.page.margin);
    if opts.tile.is_none() && art.width <= area.w + 1e-9 && art.height <= area.h + 1e-9 {
        let mut page = Page::new(sheet.width, sheet.height);
        let at = pt(
            (sheet.width - art.width) / 2.0,
            (sheet.height - art.height) / 2.0,
        );
        page.add(
            Layer::Artwork,
            [Item::Group(crate::scene::Group {
                picture: false,
                transform: Transform::translate(at.x, at.y),
                items: art
                    .layers
                    .iter()
                    .flat_map(|(_, i)| i.iter())
                    .cloned()
                    .collect(),
            })],
        );
        let room = at.y - res.theme.page.margin;
        if room >= 6.0 {
            page.add(
                Layer::Guides,
                text_fit(
                    &res,
                    FitText {
                        text: &res.lang.game.title_line(),
                        stack: &res.bold,
                        size: (room * 0.5).min(8.0),
                        max_width: art.width,
                        pos: pt(sheet.width / 2.0, at.y - room / 2.0),
                        rotation: 0.0,
                        fill: TINT,
                    },
                ),
            );
        }
        return Ok((square, vec![page]));
    }
    let what = Tiled::Framed {
        page: &art,
        square,
        frame: FRAME,
    };
    let blame = if opts.tile.is_some() {
        Opt::Tile
    } else {
        Opt::Square
    };
    let plan = tile_plan(&res, sheet, what, blame)?;
    Ok((square, tiled_pages(&res, &plan, what)))
}

/// The board of `q` mm squares in its frame, on a page of its own size
/// (origin at the frame's top-left corner).
pub fn board_art(res: &Resources, q: f64, coordinates: bool) -> Result<Page, Error> {
    let b = pack_braille(res)?;
    let board = Board::standard();
    let (w, h) = (COLS as f64 * q + 2.0 * FRAME, ROWS as f64 * q + 2.0 * FRAME);
    let square = |sq: Square| Rect {
        x: FRAME + sq.col as f64 * q,
        y: FRAME + (ROWS - 1 - sq.row) as f64 * q,
        w: q,
        h: q,
    };
    let mut raised: Vec<Item> = Vec::new();
    let mut helpers: Vec<Item> = Vec::new();
    let four = res.rules.variants.four_animals;
    let starts = start(res);
    for sq in board.squares() {
        let r = square(sq);
        let kind = match board.kind(sq) {
            SquareKind::River | SquareKind::Trap(_) if four => SquareKind::Land,
            k => k,
        };
        let words = &res.lang.board;
        let (texture, name) = match kind {
            SquareKind::Land => (Vec::new(), None),
            SquareKind::River => (waves(r), Some(&words.river)),
            SquareKind::Trap(side) => (trap(r, side), Some(&words.trap)),
            SquareKind::Den(side) => (den(r, side), Some(&words.den)),
        };
        raised.extend(texture);
        let facing = match kind {
            SquareKind::Trap(s) | SquareKind::Den(s) => s,
            _ => Side::South,
        };
        let turn = if facing == Side::North { 180.0 } else { 0.0 };
        if let Some(name) = name {
            helpers.extend(tint_label(res, name, r, turn));
        }
        if let Some(piece) = starts.at(sq) {
            let turn = if piece.side == Side::North {
                180.0
            } else {
                0.0
            };
            let text = word(b, &initial(&res.lang, piece.animal, res.rules.play.fox))?;
            let n = text.chars().count();
            let corner = pt(r.center().x - braille::width(n) / 2.0, r.center().y + 2.0);
            raised.extend(braille(res, text, corner, turn, r.center()));
            let animal = res.animal(piece.animal);
            helpers.extend(tint_label(res, &animal.han, r, turn));
        }
    }
    raised.push(borders(q));
    if coordinates {
        raised.extend(coordinate_cells(res, b, q)?);
    }
    let mut page = Page::new(w, h);
    // Helpers' words first: the raised lines go over them.
    page.add(Layer::Artwork, helpers);
    page.add(Layer::Artwork, raised);
    Ok(page)
}

/// A helper's word in the top third of square `r` (turned `turn` degrees
/// about its centre), in [`TINT`].
fn tint_label(res: &Resources, text: &str, r: Rect, turn: f64) -> Vec<Item> {
    let at = Transform::rotate_about(turn, r.center()).apply(pt(r.center().x, r.y + r.h * 0.2));
    text_fit(
        res,
        FitText {
            text,
            stack: &res.text,
            size: r.h * 0.16,
            max_width: r.w * 0.8,
            pos: at,
            rotation: turn,
            fill: TINT,
        },
    )
}

/// Every square's border, raised, each side stopping [`CORNER_GAP`] short
/// of the corners: the lines of the grid, broken at every crossing.
fn borders(q: f64) -> Item {
    let mut segs = Vec::new();
    let g = CORNER_GAP;
    for row in 0..=ROWS {
        let y = FRAME + row as f64 * q;
        for col in 0..COLS {
            let x = FRAME + col as f64 * q;
            segs.extend(shapes::line(pt(x + g, y), pt(x + q - g, y)));
        }
    }
    for col in 0..=COLS {
        let x = FRAME + col as f64 * q;
        for row in 0..ROWS {
            let y = FRAME + row as f64 * q;
            segs.extend(shapes::line(pt(x, y + g), pt(x, y + q - g)));
        }
    }
    shapes::stroke(segs, Stroke::solid(RAISED, BORDER))
}

/// The river's texture: wave lines across the square, [`PITCH`] apart.
fn waves(r: Rect) -> Vec<Item> {
    let inset = 4.0;
    let (x0, x1) = (r.x + inset, r.right() - inset);
    let mut segs = Vec::new();
    let mut y = r.y + inset + 1.0;
    while y <= r.bottom() - inset - 1.0 + 1e-9 {
        let steps = 24;
        let points: Vec<Pt> = (0..=steps)
            .map(|i| {
                let x = x0 + (x1 - x0) * i as f64 / steps as f64;
                let phase = (x - r.x) / 6.0 * std::f64::consts::TAU;
                pt(x, y + 0.9 * phase.sin())
            })
            .collect();
        segs.extend(shapes::polyline(&points));
        y += PITCH;
    }
    vec![shapes::stroke(segs, Stroke::solid(RAISED, TEXTURE))]
}

/// A trap's texture: raised dots [`TRAP_PITCH`] apart, clear of the band
/// along its owner's edge, where the owner's mark is.
fn trap(r: Rect, side: Side) -> Vec<Item> {
    let inset = 5.0;
    let band = 8.0;
    let (top, bottom) = match side {
        Side::South => (r.y + inset, r.bottom() - band),
        Side::North => (r.y + band, r.bottom() - inset),
    };
    let mut segs = Vec::new();
    let n = ((r.w - 2.0 * inset) / TRAP_PITCH).floor() as usize;
    let x0 = r.center().x - n as f64 * TRAP_PITCH / 2.0;
    let rows = ((bottom - top) / TRAP_PITCH).floor() as usize;
    let y0 = (top + bottom) / 2.0 - rows as f64 * TRAP_PITCH / 2.0;
    for j in 0..=rows {
        for i in 0..=n {
            // Every other row shifted half a pitch: a staggered field.
            let shift = if j % 2 == 1 { TRAP_PITCH / 2.0 } else { 0.0 };
            if j % 2 == 1 && i == n {
                continue;
            }
            let c = pt(
                x0 + i as f64 * TRAP_PITCH + shift,
                y0 + j as f64 * TRAP_PITCH,
            );
            segs.extend(shapes::circle(c, TRAP_DOT / 2.0));
        }
    }
    let mut items = vec![shapes::fill(segs, RAISED)];
    items.push(owner_mark(r, side));
    items
}

/// A den's texture: a raised double ring, and its owner's mark.
fn den(r: Rect, side: Side) -> Vec<Item> {
    let c = r.center();
    // Clear of the owner's mark (6.5 mm in from the edge) by 2.5 mm.
    let outer = (r.w * 0.30).min(r.w / 2.0 - 9.0);
    let inner = outer - 3.4;
    let mut segs = shapes::circle(c, outer);
    segs.extend(shapes::circle(c, inner));
    vec![
        shapes::stroke(segs, Stroke::solid(RAISED, TEXTURE * 1.25)),
        owner_mark(r, side),
    ]
}

/// The owner's mark on a trap or den: a raised chevron near the owner's
/// edge of the square, pointing at the owner (the same shape on both
/// sides: which way it points says whose square it is).
fn owner_mark(r: Rect, side: Side) -> Item {
    let c = r.center();
    let y = r.bottom() - 6.5;
    let points = [pt(c.x - 4.0, y), pt(c.x, y + 3.0), pt(c.x + 4.0, y)];
    let t = match side {
        Side::South => Transform::IDENTITY,
        Side::North => Transform::rotate_about(180.0, c),
    };
    let points: Vec<Pt> = points.iter().map(|&p| t.apply(p)).collect();
    let segs: Vec<Seg> = shapes::polyline(&points);
    shapes::stroke(segs, Stroke::solid(RAISED, TEXTURE * 1.25))
}

/// The coordinates in braille in the frame: the columns' letters under the
/// squares and the rows' numbers at their left, read from south; the same
/// above and at the right turned for north.
fn coordinate_cells(res: &Resources, b: &Braille, q: f64) -> Result<Vec<Item>, Error> {
    let mut items = Vec::new();
    for (text, corner, turn, about) in coordinate_places(b, q)? {
        items.extend(braille(res, text, corner, turn, about));
    }
    Ok(items)
}

/// Where [`coordinate_cells`] sets each coordinate in the board's drawing
/// (origin at the frame's top-left corner, y down): its braille, its box's
/// top-left corner, its turn in degrees and the point it turns about.
pub fn coordinate_places<'b>(b: &'b Braille, q: f64) -> Result<Vec<(&'b str, Pt, f64, Pt)>, Error> {
    let mut out = Vec::new();
    let (gw, gh) = (COLS as f64 * q, ROWS as f64 * q);
    let mut place = |text: &'b str, south: Pt, north: Pt| {
        let w = braille::width(text.chars().count());
        for (c, turn) in [(south, 0.0), (north, 180.0)] {
            let corner = pt(c.x - w / 2.0, c.y - HEIGHT / 2.0);
            out.push((text, corner, turn, c));
        }
    };
    let mid = FRAME / 2.0;
    for col in 0..COLS {
        let text = word(b, &((b'a' + col) as char).to_string())?;
        let x = FRAME + (col as f64 + 0.5) * q;
        // Each column's letter under it for south, over it (turned) for north.
        place(text, pt(x, FRAME + gh + mid), pt(x, mid));
    }
    for row in 0..ROWS {
        let text = word(b, &(row + 1).to_string())?;
        let y = FRAME + (ROWS - 1 - row) as f64 * q + q / 2.0;
        place(text, pt(mid, y), pt(FRAME + gw + mid, y));
    }
    Ok(out)
}

/// From a counter's cut edge to the outer edge of its braille dots, mm:
/// the rim's inset, the rim, and a clear millimetre inside it.
pub const COUNTER_EDGE: f64 = RIM_INSET + RIM + 1.0;

/// The tactile counters' side for this pack and ruleset, mm: at least
/// [`MIN_COUNTER`], and wide enough for the longest braille a counter
/// carries (`cha4`, five cells in French: 28.8 mm) inside its rim.
pub fn counter_side(res: &Resources) -> Result<f64, Error> {
    let b = pack_braille(res)?;
    let mut cells = 0;
    for a in res.rules.animals() {
        let label =
            crate::lang::braille::initial_rank(&res.lang, a, res.rules.play.fox, res.rules.rank(a));
        cells = cells.max(word(b, &label)?.chars().count());
    }
    Ok((braille::width(cells) + 2.0 * COUNTER_EDGE)
        .ceil()
        .max(MIN_COUNTER))
}

/// The tactile board's square when none is given, mm: a counter
/// ([`counter_side`]) and 4 mm to spare.
pub fn default_square(res: &Resources) -> Result<f64, Error> {
    Ok(counter_side(res)? + 4.0)
}

/// The tactile counters on sheets of `paper`: each side's eight (`copies`
/// sets), each counter a [`COUNTER`] mm square with rounded corners to cut
/// out along its light grey line and glue to card. On each, read by touch:
/// the animal's initial and rank in braille twice, upright for the player
/// facing it and turned for the other, and a raised rim, smooth for south
/// and notched for north; in print, the rank large and black (which rises
/// too) with the animal's character, for low-vision players.
pub fn counter_pages(res: &Resources, paper: Paper, copies: usize) -> Result<Vec<Page>, Error> {
    let b = pack_braille(res)?;
    let size = counter_side(res)?;
    let res = &tinted(res);
    let area = printable_area(paper, res.theme.page.margin);
    let gap = 4.0;
    let cols = ((area.w + gap) / (size + gap)).floor() as usize;
    let rows = ((area.h + gap) / (size + gap)).floor() as usize;
    if cols == 0 || rows == 0 {
        return Err(Error::usage(
            Opt::Paper,
            format!(
                "a tactile counter is {} mm square and this paper holds none inside its margins; choose larger paper",
                crate::error::num(size)
            ),
        ));
    }
    let mut pieces = Vec::new();
    for _ in 0..copies.max(1) {
        for owner in [Side::South, Side::North] {
            for a in res.rules.animals_by_rank() {
                pieces.push(crate::game::Piece {
                    side: owner,
                    animal: a,
                });
            }
        }
    }
    let per = cols * rows;
    let x0 = area.x + (area.w - (cols as f64 * (size + gap) - gap)) / 2.0;
    let y0 = area.y + (area.h - (rows as f64 * (size + gap) - gap)) / 2.0;
    let mut pages = Vec::new();
    for chunk in pieces.chunks(per) {
        let mut page = Page::new(paper.width, paper.height);
        let mut cuts = Vec::new();
        for (i, piece) in chunk.iter().enumerate() {
            let r = Rect {
                x: x0 + (i % cols) as f64 * (size + gap),
                y: y0 + (i / cols) as f64 * (size + gap),
                w: size,
                h: size,
            };
            page.add(Layer::Artwork, counter(res, b, *piece, r)?);
            cuts.extend(shapes::rounded_rect(r.x, r.y, r.w, r.h, COUNTER_CORNER));
        }
        page.add(Layer::Cut, [shapes::stroke(cuts, Stroke::solid(TINT, 0.3))]);
        pages.push(page);
    }
    Ok(pages)
}

/// One tactile counter in `r` (see [`counter_pages`]).
fn counter(
    res: &Resources,
    b: &Braille,
    piece: crate::game::Piece,
    r: Rect,
) -> Result<Vec<Item>, Error> {
    let rank = res.rules.rank(piece.animal);
    let label =
        crate::lang::braille::initial_rank(&res.lang, piece.animal, res.rules.play.fox, rank);
    let text = word(b, &label)?;
    let c = r.center();
    let mut items = Vec::new();
    // The rim, inset from the cut line so a careless cut keeps it whole.
    let inset = RIM_INSET;
    let rim = Rect {
        x: r.x + inset,
        y: r.y + inset,
        w: r.w - 2.0 * inset,
        h: r.h - 2.0 * inset,
    };
    let outline = shapes::rounded_rect(rim.x, rim.y, rim.w, rim.h, RIM_CORNER);
    let stroke = match piece.side {
        Side::South => Stroke::solid(RAISED, RIM),
        Side::North => Stroke::dashed(RAISED, RIM, vec![NOTCH_PITCH - NOTCH, NOTCH]),
    };
    items.push(shapes::stroke(outline, stroke));
    // Braille for the player facing the counter's owner's way, and turned
    // for the other: each line 2.5 mm inside the rim.
    let n = text.chars().count();
    let w = braille::width(n);
    let corner = pt(c.x - w / 2.0, r.bottom() - COUNTER_EDGE - HEIGHT);
    items.extend(braille(res, text, corner, 0.0, c));
    items.extend(braille(res, text, corner, 180.0, c));
    // The rank, large and black, between the two braille lines, with the
    // animal's character beside it in the helpers' tint.
    items.extend(rank_and_character(res, piece, rank, c, (RAISED, TINT)));
    Ok(items)
}

/// A tactile counter's rank (8 mm digits left of the middle `c`) and its
/// animal's character (7 mm, right of it), in `fills` (the rank's, the
/// character's): on paper the rank rises and the character is the helpers'
/// tint; in 3-D both are raised.
pub(crate) fn rank_and_character(
    res: &Resources,
    piece: Piece,
    rank: u8,
    c: Pt,
    (rank_fill, han_fill): (Color, Color),
) -> Vec<Item> {
    let mut items = text_fit(
        res,
        FitText {
            text: &rank.to_string(),
            stack: &res.bold,
            size: 8.0,
            max_width: 8.0,
            pos: pt(c.x - 3.5, c.y),
            rotation: 0.0,
            fill: rank_fill,
        },
    );
    items.extend(text_fit(
        res,
        FitText {
            text: &res.animal(piece.animal).han,
            stack: &res.han,
            size: 7.0,
            max_width: 8.0,
            pos: pt(c.x + 4.0, c.y),
            rotation: 0.0,
            fill: han_fill,
        },
    ));
    items
}

/// The sample squares' side on the key page, mm.
const KEY_SQUARE: f64 = 34.0;

/// The key page that opens a tactile set: the title in braille; a sample of
/// each textured square (river, trap, den: each with its owner's chevron,
/// south's) and a counter of each side (smooth rim, notched rim), each with
/// its name in braille under it; and, in the helpers' tint, the same names
/// in print and the pack's note for sighted helpers, which names the rules'
/// braille file and web page. Refused for a pack without the `[tactile]`
/// words.
pub fn key_page(res: &Resources, paper: Paper) -> Result<Page, Error> {
    let b = pack_braille(res)?;
    let words = res.lang.tactile.as_ref().ok_or_else(|| {
        res.lang.source.error(
            "tactile",
            "missing: a tactile set opens with a key page, whose title and note for sighted helpers are `[tactile] key_title` and `key_help`; add them as in lang/en.toml, or use a built-in pack".into(),
        )
    })?;
    let res = &tinted(res);
    let area = printable_area(paper, res.theme.page.margin);
    let mut page = Page::new(paper.width, paper.height);
    let mut items = Vec::new();
    let cx = area.center().x;
    // The title: braille (raised), then print (flat) under it.
    let title = word(b, &res.lang.game.title)?;
    let mut y = area.y + 4.0;
    // The top-left corner of braille `text` centred on `x`.
    let centred =
        |text: &str, x: f64, y: f64| pt(x - braille::width(text.chars().count()) / 2.0, y);
    items.extend(braille(
        res,
        title,
        centred(title, cx, y),
        0.0,
        pt(0.0, 0.0),
    ));
    y += braille::LINE;
    items.extend(text_fit(
        res,
        FitText {
            text: &words.key_title,
            stack: &res.bold,
            size: 6.0,
            max_width: area.w,
            pos: pt(cx, y),
            rotation: 0.0,
            fill: TINT,
        },
    ));
    y += 14.0;
    // The samples: three squares, then two counters, in rows.
    let named = [
        (res.lang.board.river.as_str(), 0),
        (res.lang.board.trap.as_str(), 1),
        (res.lang.board.den.as_str(), 2),
        (res.lang.board.south.as_str(), 3),
        (res.lang.board.north.as_str(), 4),
    ];
    let gap = 12.0;
    let row_w = |n: f64| n * KEY_SQUARE + (n - 1.0) * gap;
    let place = |r: Rect, name: &str, kind: usize, items: &mut Vec<Item>| -> Result<(), Error> {
        match kind {
            0 => items.extend(waves(r)),
            1 => items.extend(trap(r, Side::South)),
            2 => items.extend(den(r, Side::South)),
            _ => {
                let side = if kind == 3 { Side::South } else { Side::North };
                let piece = crate::game::Piece {
                    side,
                    animal: crate::game::Animal::Elephant,
                };
                let size = counter_side(res)?.min(KEY_SQUARE);
                let c = r.center();
                let cr = Rect {
                    x: c.x - size / 2.0,
                    y: c.y - size / 2.0,
                    w: size,
                    h: size,
                };
                items.extend(counter(res, b, piece, cr)?);
            }
        }
        if kind < 3 {
            items.push(cell_border(r));
        }
        let label = word(b, name)?;
        let under = pt(r.center().x, r.bottom() + 3.0);
        items.extend(braille(
            res,
            label,
            centred(label, under.x, under.y),
            0.0,
            under,
        ));
        items.extend(text_fit(
            res,
            FitText {
                text: name,
                stack: &res.text,
                size: 4.0,
                max_width: r.w + gap,
                pos: pt(under.x, under.y + braille::HEIGHT + 4.0),
                rotation: 0.0,
                fill: TINT,
            },
        ));
        Ok(())
    };
    for row in [&named[..3], &named[3..]] {
        let n = row.len() as f64;
        let x0 = cx - row_w(n) / 2.0;
        for (i, (name, kind)) in row.iter().enumerate() {
            let r = Rect {
                x: x0 + i as f64 * (KEY_SQUARE + gap),
                y,
                w: KEY_SQUARE,
                h: KEY_SQUARE,
            };
            place(r, name, *kind, &mut items)?;
        }
        y += KEY_SQUARE + 24.0;
    }
    // The note for sighted helpers, in the tint that stays flat.
    // Set at 4.8 mm, smaller (to 3 mm) when a long note needs the room.
    let at = pt(area.x + 10.0, y + 4.0);
    let note = |size: f64| {
        crate::compose::typesetting::label::paragraph(
            res,
            &words.key_help,
            size,
            at,
            area.w - 20.0,
            TINT,
        )
    };
    let (note, _) = (0..=8)
        .map(|i| note(4.8 - 0.225 * i as f64))
        .find(|(_, bottom)| *bottom <= area.bottom())
        .ok_or_else(|| {
            res.lang.source.error(
                "tactile.key_help",
                "too long for the key page below its samples, even at 3 mm; shorten it".into(),
            )
        })?;
    items.extend(note);
    page.add(Layer::Artwork, items);
    Ok(page)
}

/// A sample square's raised border, stopping [`CORNER_GAP`] short of each
/// corner as the board's do.
fn cell_border(r: Rect) -> Item {
    let g = CORNER_GAP;
    let mut segs = Vec::new();
    for y in [r.y, r.bottom()] {
        segs.extend(shapes::line(pt(r.x + g, y), pt(r.right() - g, y)));
    }
    for x in [r.x, r.right()] {
        segs.extend(shapes::line(pt(x, r.y + g), pt(x, r.bottom() - g)));
    }
    shapes::stroke(segs, Stroke::solid(RAISED, BORDER))
}

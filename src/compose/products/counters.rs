//! Counter sheets: the 16 animal pieces packed on pages, ready to cut, as
//! fronts only, fold-over pairs, or duplex fronts and backs.

use crate::compose::products::Sheet;
use crate::error::{Error, Opt};
use crate::game::{Piece, Side};
use crate::layout::paper::Paper;
use crate::layout::{crop_marks, mirror, printable_area, Flip, Grid, Mirror, Rect};
use crate::resolve::Resources;
use crate::scene::{
    decorative, ink_bounds, pt, shapes, Color, Group, Item, Layer, Page, Pt, Seg, Stroke, Transform,
};
use crate::theme::{BackStyle, FaceLayout, FaceStyle};

use crate::compose::drawn::faces::{animal_emblem, icon_item, picture_face, pips, RankMark};
use crate::compose::drawn::scale_bar::scale_bar;
use crate::compose::drawn::side_marks::{mark_item, pattern_line};
use crate::compose::typesetting::label::{text_fit, FitText};

/// Outline of a counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A disc (the default).
    Circle,
    /// A square.
    Square,
    /// A square with rounded corners.
    Rounded,
    /// A regular octagon, flat sides up and down.
    Octagon,
}

impl Shape {
    /// The shape's name, as [`Shape::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Circle => "circle",
            Shape::Square => "square",
            Shape::Rounded => "rounded",
            Shape::Octagon => "octagon",
        }
    }

    /// Parses `circle`, `square`, `rounded` (or `rounded-square`), `octagon`.
    pub fn parse(s: &str) -> Result<Shape, Error> {
        match s.to_ascii_lowercase().as_str() {
            "circle" | "round" => Ok(Shape::Circle),
            "square" => Ok(Shape::Square),
            "rounded" | "rounded-square" => Ok(Shape::Rounded),
            "octagon" => Ok(Shape::Octagon),
            _ => Err(Error::usage(
                Opt::Shape,
                format!(
                    "unknown shape `{}`; expected circle, square, rounded or octagon",
                    crate::error::User(s)
                ),
            )),
        }
    }
}

/// How fronts and backs are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sides {
    /// Fronts only.
    Single,
    /// Each front beside its back, with a fold line between them.
    Fold,
    /// Fronts on odd pages, backs on even pages, mirrored for the given flip.
    Duplex(Flip),
}

/// The counters' options, as the job holds them (`counters`: [`Opt::Size`],
/// [`Opt::Shape`], …): the composer takes them by value, beside the job's
/// [`Sheet`] (paper, bleed, a laser's kerf). Lengths in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CounterOptions {
    /// Counter size (diameter, or width across flats); `None` follows the board square.
    pub size: Option<f64>,
    /// Outline.
    pub shape: Shape,
    /// Printing mode.
    pub sides: Sides,
    /// How many full sets of 16: 1 to [`crate::limits::MAX_COPIES`].
    pub copies: usize,
    /// Short lines outside each counter's corners.
    pub crop_marks: bool,
    /// Laser cutting, square counters: neighbours touch and share one cut line,
    /// which runs down the middle of a kerf-wide gap, so each piece still comes
    /// out at its size; fewer, longer cuts.
    pub shared_cuts: bool,
    /// Moves every back (duplex) by `(x, y)` mm as seen from the front, holding
    /// the sheet to the light: +x right, +y down. Corrects a printer's drift.
    /// Each within ±10.
    pub back_offset: (f64, f64),
    /// Print the game's name on the backs (when the theme's
    /// `counters.back_title` does: the option turns it off for one run).
    pub back_title: bool,
}

impl Default for CounterOptions {
    /// Follow the board, circles, single-sided, one set.
    fn default() -> CounterOptions {
        CounterOptions {
            size: None,
            shape: Shape::Circle,
            sides: Sides::Single,
            copies: 1,
            crop_marks: false,
            shared_cuts: false,
            back_offset: (0.0, 0.0),
            back_title: true,
        }
    }
}

/// How far a duplex back's colour runs past its cut line, mm: more than a
/// home printer's usual front-to-back drift.
pub const BACK_OVERRUN: f64 = 1.0;

/// The rank's digits on a front, as a fraction of the counter size
/// (times `counters.rank_scale`): 5.06 mm on the default 22 mm A4 counters,
/// the first thing a player reads, and a little smaller than the character
/// between them, which stays the face's centre.
pub const RANK_HEIGHT: f64 = 0.23;
/// The width of a dark side's pattern line (beads, dashes) inside its
/// edge, as a fraction of the counter size: 1.03 mm on the default 22 mm
/// A4 counters, a cue besides lightness that reads across the table.
pub const PATTERN_WIDTH: f64 = 0.047;
/// The radius of a dark face's room (inside its pattern line), as a
/// fraction of the counter size.
const DARK_ROOM: f64 = 0.43;
/// The least height of the character's band between the ranks, fraction of the counter.
const MIN_BAND: f64 = 0.2;
/// The character's size beside an animal's icon (`counters.icons`), as a
/// share of its size alone: the icon takes the room at its left.
const ICON_CHARACTER: f64 = 0.8;
/// The least capital height of a name on a counter's back, mm: read at arm's length.
pub const NAME_CAP_HEIGHT: f64 = 2.4;
/// The least Zhuyin symbol size beside a counter's character, mm (em).
pub const ZHUYIN_SIZE: f64 = 2.5;

/// The character and its Zhuyin on a front, the symbols at least
/// [`ZHUYIN_SIZE`] mm: the character on the face's centre, the column at its
/// right and clear of the ranks' digits (it is taller than the band between
/// them). `None` when the language prints no Zhuyin.
fn zhuyin_face(
    res: &Resources,
    names: &crate::lang::AnimalName,
    c: Pt,
    size: f64,
    ranks: &RankMark,
    s: f64,
    fill: Color,
) -> Option<Vec<Item>> {
    use crate::compose::typesetting::phonetic::{Annotated, SYMBOL};
    let readings = names.readings();
    if readings.is_empty() {
        return None;
    }
    let mut block = Annotated {
        han: &names.han,
        readings: &readings,
        stack: &res.han,
        size,
        // A hair over, so that rounding never sets a symbol under the least.
        symbol: SYMBOL.max(ZHUYIN_SIZE / size * (1.0 + 1e-9)),
        center: c,
        fill,
    };
    let total = block.width_at(&res.fonts, size);
    let han = res.fonts.width_mm(&res.han, &names.han, size);
    let digits = ranks
        .max_width
        .min(res.fonts.width_mm(&res.bold, "8", ranks.size));
    // The character on the face's centre, its column at its right (clear
    // of the digits, which are narrower than the character).
    let column = (c.x + digits / 2.0 + crate::compose::drawn::faces::CLEAR_FIT + s * 0.005)
        .max(c.x + han / 2.0);
    block.center = pt(column + total / 2.0 - han, c.y);
    Some(block.items(&res.fonts))
}

/// Gap between cells in mm: room to cut, and for crop marks when asked.
fn gap(sheet: &Sheet, opts: &CounterOptions) -> f64 {
    if opts.shared_cuts {
        return sheet.kerf;
    }
    if sheet.laser {
        return 1.0 + sheet.kerf;
    }
    if opts.crop_marks {
        8.0
    } else {
        3.0
    }
}

/// Height of the instruction strip at the top and of the scale strip at the bottom, mm.
const HEADER: f64 = 9.0;
const FOOTER: f64 = 9.0;

/// The counter size that fits a board square printed on the same paper with the same theme
/// (the theme's `board.square`, else the largest that fits one sheet):
/// 85 % of the square, rounded down to a whole millimetre.
pub fn default_size(res: &Resources, paper: Paper) -> Result<f64, Error> {
    let square = match res.theme.board.asked_square(None) {
        Some(q) => q,
        None => crate::compose::products::board::square_size(res, paper, None)?,
    };
    Ok((square * 0.85).floor())
}

/// The largest whole-millimetre counter size, at most `want` mm, whose sheet
/// fits the paper in this mode (`None` when not even 8 mm fits).
pub fn largest_fitting_size(
    res: &Resources,
    sheet: &Sheet,
    opts: &CounterOptions,
    want: f64,
) -> Option<f64> {
    let top = want.min(1000.0).floor() as i64;
    (8..=top)
        .rev()
        .map(|s| s as f64)
        .find(|&s| grid(res, sheet, opts, s).is_ok())
}

/// The grid the counters are packed in, or a usage error when they cannot fit.
fn grid(res: &Resources, sheet: &Sheet, opts: &CounterOptions, size: f64) -> Result<Grid, Error> {
    let cell = size + 2.0 * sheet.bleed;
    let area = if sheet.laser {
        // A cutter needs no room for a printer's margins or for instructions:
        // 2 mm from the material's edge.
        printable_area(sheet.paper, 2.0 + sheet.kerf)
    } else {
        let area = printable_area(sheet.paper, res.theme.page.margin);
        Rect {
            x: area.x,
            y: area.y + HEADER,
            w: area.w,
            h: area.h - HEADER - FOOTER,
        }
    };
    let (w, h) = match opts.sides {
        Sides::Fold => (2.0 * cell, cell),
        _ => (cell, cell),
    };
    Grid::fit(area, w, h, gap(sheet, opts)).ok_or(Error::CounterTooLarge {
        opt: Opt::Size,
        size,
        pair: matches!(opts.sides, Sides::Fold),
        area: (area.w, area.h),
    })
}

/// How many counters one sheet (one front page) of [`counter_pages`] holds.
pub fn counters_per_sheet(
    res: &Resources,
    sheet: &Sheet,
    opts: &CounterOptions,
) -> Result<usize, Error> {
    let size = match opts.size {
        Some(s) => s,
        None => default_size(res, sheet.paper)?,
    };
    Ok(grid(res, sheet, opts, size)?.per_page())
}

/// Composes every page of the counter sheet: the job's counters (`opts`)
/// on its paper (`sheet`).
pub fn counter_pages(
    res: &Resources,
    sheet: &Sheet,
    opts: &CounterOptions,
) -> Result<Vec<Page>, Error> {
    let size = match opts.size {
        Some(s) => s,
        None => default_size(res, sheet.paper)?,
    };
    if opts.shared_cuts && !(sheet.laser && opts.shape == Shape::Square) {
        return Err(Error::SharedCutsNeedLaserSquares);
    }
    let g = grid(res, sheet, opts, size)?;
    let in_play = res.rules.animals_by_rank();
    let pieces: Vec<Piece> = (0..opts.copies)
        .flat_map(|_| Side::ALL)
        .flat_map(|side| in_play.iter().map(move |&animal| Piece { side, animal }))
        .collect();
    let (w, h) = (sheet.paper.width, sheet.paper.height);
    let mut pages = Vec::new();
    for (p, cells) in g.pages(pieces.len()).into_iter().enumerate() {
        let mut front = Page::new(w, h).with_bleed(sheet.bleed);
        let mut back = Page::new(w, h).with_bleed(sheet.bleed);
        for (cell, piece) in cells.iter().zip(&pieces[p * g.per_page()..]) {
            let c = Face::new(sheet, opts, size, *cell);
            match opts.sides {
                Sides::Single => c.front(res, &mut front, *piece),
                Sides::Fold => {
                    let left = Rect {
                        w: cell.w / 2.0,
                        ..*cell
                    };
                    let right = Rect {
                        x: cell.x + cell.w / 2.0,
                        w: cell.w / 2.0,
                        ..*cell
                    };
                    Face::new(sheet, opts, size, left).front(res, &mut front, *piece);
                    Face::new(sheet, opts, size, right).back(res, &mut front, *piece, 0.0, true);
                    let x = cell.x + cell.w / 2.0;
                    front.add(
                        Layer::Fold,
                        [shapes::stroke(
                            shapes::line(pt(x, cell.y), pt(x, cell.bottom())),
                            Stroke::dashed(res.theme.counters.fold.0, 0.25, vec![1.5, 1.0]),
                        )],
                    );
                }
                Sides::Duplex(flip) => {
                    c.front(res, &mut front, *piece);
                    let m = mirror(*cell, w, h, flip);
                    let (dx, dy) = back_shift(sheet.paper, opts, flip);
                    let m = Rect {
                        x: m.x + dx,
                        y: m.y + dy,
                        ..m
                    };
                    // Backs read the same way up as their fronts once a counter is
                    // turned over sideways: a top–bottom mirror needs a half turn.
                    let turn = match flip.mirror_on(w, h) {
                        Mirror::LeftRight => 0.0,
                        Mirror::TopBottom => 180.0,
                    };
                    Face::new(sheet, opts, size, m).back(res, &mut back, *piece, turn, false);
                }
            }
        }
        if opts.crop_marks {
            let faces = cut_faces(&front);
            let segs: Vec<Seg> = crop_marks(&faces, sheet.bleed + 1.0, 2.5, sheet.bleed + 0.5)
                .into_iter()
                .flat_map(|(a, b)| shapes::line(a, b))
                .collect();
            if !segs.is_empty() {
                front.add(
                    Layer::Marks,
                    [shapes::stroke(
                        segs,
                        Stroke::solid(res.theme.counters.guides.0, 0.15),
                    )],
                );
            }
        }
        let instruction = match opts.sides {
            Sides::Single => &res.lang.sheet.cut_single,
            Sides::Fold => &res.lang.sheet.cut_fold,
            Sides::Duplex(Flip::LongEdge) => &res.lang.sheet.duplex_long,
            Sides::Duplex(Flip::ShortEdge) => &res.lang.sheet.duplex_short,
        };
        if !sheet.laser {
            sheet_furniture(res, sheet, opts, &mut front, instruction, true);
        }
        if opts.shared_cuts {
            let lines = shared_cut_lines(&g, cells.len().min(pieces.len() - p * g.per_page()));
            let cs = &res.theme.counters;
            front.add(
                Layer::Cut,
                [shapes::stroke(lines, Stroke::solid(cs.cut.0, cs.cut_width))],
            );
        }
        pages.push(front);
        if let Sides::Duplex(_) = opts.sides {
            sheet_furniture(
                res,
                sheet,
                opts,
                &mut back,
                &res.lang.sheet.duplex_backs,
                false,
            );
            pages.push(back);
        }
    }
    Ok(pages)
}

/// The cut lines of the first `n` cells of a page packed edge to edge: every
/// edge between two cells, or around them, once, joined into the longest
/// straight runs. Each line lies in the middle of the gap (the kerf) between
/// neighbours, or half a gap outside a cell with no neighbour.
fn shared_cut_lines(g: &Grid, n: usize) -> Vec<Seg> {
    use std::collections::BTreeSet;
    let pitch = (g.cell_w + g.gap, g.cell_h + g.gap);
    let at = |line: usize, start: f64, step: f64| start + line as f64 * step - g.gap / 2.0;
    // (line, cell along it) for horizontal and vertical unit edges.
    let mut across = BTreeSet::new();
    let mut down = BTreeSet::new();
    for i in 0..n {
        let (row, col) = (i / g.cols, i % g.cols);
        across.insert((row, col));
        across.insert((row + 1, col));
        down.insert((col, row));
        down.insert((col + 1, row));
    }
    let mut segs = Vec::new();
    // Consecutive unit edges on one line become one run.
    let mut runs = |edges: &BTreeSet<(usize, usize)>, horizontal: bool| {
        let mut iter = edges.iter().peekable();
        while let Some(&(line, first)) = iter.next() {
            let mut last = first;
            while iter.peek() == Some(&&(line, last + 1)) {
                last += 1;
                iter.next();
            }
            let (a, b) = if horizontal {
                let y = at(line, g.y0, pitch.1);
                (
                    pt(at(first, g.x0, pitch.0), y),
                    pt(at(last + 1, g.x0, pitch.0), y),
                )
            } else {
                let x = at(line, g.x0, pitch.0);
                (
                    pt(x, at(first, g.y0, pitch.1)),
                    pt(x, at(last + 1, g.y0, pitch.1)),
                )
            };
            segs.extend(shapes::line(a, b));
        }
    };
    runs(&across, true);
    runs(&down, false);
    segs
}

/// One counter alone on a page just larger than it (2 mm around): for previews and tests.
pub fn counter_preview(res: &Resources, piece: Piece, size: f64, shape: Shape, back: bool) -> Page {
    let sheet = Sheet::new(Paper {
        width: size + 4.0,
        height: size + 4.0,
    });
    let opts = CounterOptions {
        shape,
        ..CounterOptions::default()
    };
    let mut page = Page::new(sheet.paper.width, sheet.paper.height);
    let face = Face::new(
        &sheet,
        &opts,
        size,
        Rect {
            x: 2.0,
            y: 2.0,
            w: size,
            h: size,
        },
    );
    if back {
        face.back(res, &mut page, piece, 0.0, true);
    } else {
        face.front(res, &mut page, piece);
    }
    page
}

/// Instructions on top; on fronts pages a scale bar and, in duplex, registration marks.
fn sheet_furniture(
    res: &Resources,
    sheet: &Sheet,
    opts: &CounterOptions,
    page: &mut Page,
    text: &str,
    fronts: bool,
) {
    let area = printable_area(sheet.paper, res.theme.page.margin);
    let ink = res.theme.counters.guides.0;
    let duplex = matches!(opts.sides, Sides::Duplex(_));
    let reg = 3.0; // registration mark radius, mm
    let text_w = if duplex {
        area.w - 4.0 * reg - 4.0
    } else {
        area.w
    };
    let head = text_fit(
        res,
        FitText {
            text,
            stack: &res.text,
            size: 3.0,
            max_width: text_w,
            pos: pt(area.center().x, area.y + HEADER / 2.0 - 0.5),
            rotation: 0.0,
            fill: ink,
        },
    );
    page.add(Layer::Guides, head);
    if duplex {
        let (w, h) = (sheet.paper.width, sheet.paper.height);
        for (x, y) in [
            (area.x, area.y),
            (area.right(), area.y),
            (area.x, area.bottom()),
            (area.right(), area.bottom()),
        ] {
            let mut c = pt(
                x + if x > area.center().x { -reg } else { reg },
                y + if y > area.center().y { -reg } else { reg },
            );
            if let (false, Sides::Duplex(flip)) = (fronts, opts.sides) {
                // Behind its front mark, moved with the backs.
                let spot = Rect {
                    x: c.x,
                    y: c.y,
                    w: 0.0,
                    h: 0.0,
                };
                let m = mirror(spot, w, h, flip);
                let (dx, dy) = back_shift(sheet.paper, opts, flip);
                c = pt(m.x + dx, m.y + dy);
            }
            page.add(Layer::Marks, [registration_mark(c, reg, ink)]);
        }
    }
    if fronts {
        let at = pt(
            area.x + if duplex { 2.0 * reg + 2.0 } else { 0.0 },
            area.bottom() - FOOTER + 3.5,
        );
        page.add(
            Layer::Guides,
            scale_bar(
                res,
                at,
                ink,
                true,
                area.w - (at.x - area.x) - 2.0 * reg - 2.0,
            ),
        );
    }
}

/// How far the backs move on the back page (its own coordinates, mm) so that
/// they move by [`CounterOptions::back_offset`] as seen from the front.
fn back_shift(paper: Paper, opts: &CounterOptions, flip: Flip) -> (f64, f64) {
    let (x, y) = opts.back_offset;
    match flip.mirror_on(paper.width, paper.height) {
        Mirror::LeftRight => (-x, y),
        Mirror::TopBottom => (x, -y),
    }
}

/// The bounding boxes of the outlines on a page's cut layer (the trimmed faces), mm.
fn cut_faces(page: &Page) -> Vec<Rect> {
    page.layer(Layer::Cut)
        .iter()
        .filter_map(|item| match item {
            Item::Path(p) => bounds(&p.segs),
            _ => None,
        })
        .collect()
}

/// The bounding box of a path's points as a rectangle, mm.
fn bounds(segs: &[Seg]) -> Option<Rect> {
    crate::scene::bounds(segs).map(|(x0, y0, x1, y1)| Rect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    })
}

/// A circle with a cross through it, for checking front–back registration against the light.
fn registration_mark(c: Pt, r: f64, ink: Color) -> Item {
    let mut segs = shapes::circle(c, r * 0.6);
    segs.extend(shapes::line(pt(c.x - r, c.y), pt(c.x + r, c.y)));
    segs.extend(shapes::line(pt(c.x, c.y - r), pt(c.x, c.y + r)));
    shapes::stroke(segs, Stroke::solid(ink, 0.2))
}

/// One counter position (the centre of its cell) and drawing helpers.
struct Face<'a> {
    sheet: &'a Sheet,
    opts: &'a CounterOptions,
    size: f64,
    center: Pt,
}

impl<'a> Face<'a> {
    fn new(sheet: &'a Sheet, opts: &'a CounterOptions, size: f64, cell: Rect) -> Face<'a> {
        Face {
            sheet,
            opts,
            size,
            center: cell.center(),
        }
    }

    /// The outline, grown by `grow` mm (negative shrinks).
    fn outline(&self, grow: f64) -> Vec<Seg> {
        let half = self.size / 2.0 + grow;
        let c = self.center;
        match self.opts.shape {
            Shape::Circle => shapes::circle(c, half),
            Shape::Square => shapes::rect(c.x - half, c.y - half, 2.0 * half, 2.0 * half),
            Shape::Rounded => {
                let r = (self.size * 0.16 + grow).max(0.0);
                shapes::rounded_rect(c.x - half, c.y - half, 2.0 * half, 2.0 * half, r)
            }
            Shape::Octagon => {
                shapes::regular_polygon(c, half / (std::f64::consts::PI / 8.0).cos(), 8)
            }
        }
    }

    /// Background in the side's style and its pattern line; returns the ink colour for text on it.
    fn background(&self, res: &Resources, side: Side, items: &mut Vec<Item>) -> Color {
        self.background_past(res, side, items, self.sheet.bleed)
    }

    /// [`Face::background`] with the side's colour running `past` mm beyond the cut.
    ///
    /// A dark side (`filled`, `banded`) carries its pattern as a line of the
    /// light face colour [`PATTERN_WIDTH`] of the counter wide just inside
    /// its edge (1 mm on the default counters: beads or dashes a player sees
    /// across the table); a light side (`ringed`) is a light face in a rim of
    /// its colour, the rim itself being its line when the pattern is solid.
    fn background_past(
        &self,
        res: &Resources,
        side: Side,
        items: &mut Vec<Item>,
        past: f64,
    ) -> Color {
        self.background_in(res, (side, res.theme.face_style(side)), items, past)
    }

    /// [`Face::background_past`] in the face style `style` rather than the side's own.
    fn background_in(
        &self,
        res: &Resources,
        (side, style): (Side, FaceStyle),
        items: &mut Vec<Item>,
        past: f64,
    ) -> Color {
        let cs = &res.theme.counters;
        let colour = res.theme.side(side);
        let ink = match style {
            FaceStyle::Filled => cs.face.0,
            FaceStyle::Ringed | FaceStyle::Banded => colour,
        };
        items.push(shapes::fill(self.outline(past), colour));
        let s = self.size;
        let wide = s * PATTERN_WIDTH;
        match style {
            // A banded face's shape is its cue: its band stays solid.
            FaceStyle::Banded => {}
            // A picture face keeps the room of a ringed one for its picture
            // and dice: its line runs in the outer rim's width.
            FaceStyle::Filled if cs.layout != FaceLayout::Character => {
                let rim = self.rim(res);
                items.extend(pattern_line(
                    |g| self.outline(g),
                    rim / 2.0,
                    res.theme.pattern(side),
                    cs.face.0,
                    rim * 0.6,
                ));
            }
            FaceStyle::Filled => {
                items.extend(pattern_line(
                    |g| self.outline(g),
                    s * (0.5 - DARK_ROOM) - wide / 2.0,
                    res.theme.pattern(side),
                    cs.face.0,
                    wide,
                ));
            }
            FaceStyle::Ringed => {
                let rim = self.rim(res);
                items.push(shapes::fill(self.outline(-rim), cs.face.0));
                if res.theme.pattern(side) != crate::theme::Pattern::Solid {
                    items.extend(pattern_line(
                        |g| self.outline(g),
                        rim / 2.0,
                        res.theme.pattern(side),
                        cs.face.0,
                        (rim * 0.45).min(wide),
                    ));
                }
            }
        }
        ink
    }

    /// A printed back's dots (`counters.back_style = "dots"`): a grid of
    /// dots of the light face colour, staggered row by row, inside the rim.
    fn dots(&self, res: &Resources) -> Item {
        let (s, c) = (self.size, self.center);
        let (step, r) = (s * 0.14, s * 0.028);
        let n = (s / step).ceil() as i32;
        let mut segs = Vec::new();
        for row in -n..=n {
            let shift = if row % 2 == 0 { 0.0 } else { 0.5 };
            for col in -n..=n {
                let at = pt(
                    c.x + (col as f64 + shift) * step,
                    c.y + row as f64 * step * 0.866,
                );
                segs.extend(shapes::circle(at, r));
            }
        }
        Item::Clip(crate::scene::Clip {
            path: self.outline(-self.rim(res)),
            items: vec![shapes::fill(segs, res.theme.counters.face.0)],
        })
    }

    /// A banded face's light panel: a band of the face colour down the
    /// middle, `half` mm either side of the centre, inside the pattern line.
    fn panel(&self, res: &Resources, half: f64) -> Item {
        let (s, c) = (self.size, self.center);
        Item::Clip(crate::scene::Clip {
            path: self.outline(-s * (0.5 - DARK_ROOM)),
            items: vec![shapes::fill(
                shapes::rect(c.x - half, c.y - s, 2.0 * half, 2.0 * s),
                res.theme.counters.face.0,
            )],
        })
    }

    /// A ringed face's rim, mm: `counters.ring_width` of the size, or on a
    /// picture face at most [`crate::compose::drawn::faces::PICTURE_RIM`], leaving the face to the picture
    /// and the dice.
    fn rim(&self, res: &Resources) -> f64 {
        let cs = &res.theme.counters;
        let ring = match cs.layout {
            FaceLayout::Character => cs.ring_width,
            _ => cs.ring_width.min(crate::compose::drawn::faces::PICTURE_RIM),
        };
        self.size * ring
    }

    /// The cut line, on its own layer.
    fn cut(&self, res: &Resources, page: &mut Page) {
        let cs = &res.theme.counters;
        page.add(
            Layer::Cut,
            [shapes::stroke(
                self.outline(0.0),
                Stroke::solid(cs.cut.0, cs.cut_width),
            )]
            .map(|item| match item {
                // The kerf: the beam runs half its width outside the face.
                Item::Path(mut p) if self.sheet.kerf > 0.0 => {
                    p.segs = self.outline(self.sheet.kerf / 2.0);
                    Item::Path(p)
                }
                other => other,
            }),
        );
    }

    /// The radius (mm) of the inner edge of a ringed face's rim, or of the
    /// pattern line inside a dark face's edge: a front's rank and character
    /// stay [`crate::compose::drawn::faces::CLEAR`] inside it, measured on their ink.
    fn room(&self, res: &Resources, side: Side) -> f64 {
        let s = self.size;
        match res.theme.face_style(side) {
            FaceStyle::Filled if res.theme.counters.layout != FaceLayout::Character => {
                s * 0.5 - self.rim(res)
            }
            FaceStyle::Filled | FaceStyle::Banded => s * DARK_ROOM,
            FaceStyle::Ringed => s * 0.5 - self.rim(res),
        }
    }

    /// The front's rank, printed on top and again turned 180° at the bottom
    /// for the opponent (once, on top, when dots take the bottom): digits
    /// [`RANK_HEIGHT`] of the counter tall (times `counters.rank_scale`), as
    /// high as the round face allows with their ink [`crate::compose::drawn::faces::CLEAR`]
    /// inside the rim, leaving the middle band to the character.
    fn rank_mark(&self, res: &Resources, side: Side, rank: &str) -> RankMark {
        let s = self.size;
        let cs = &res.theme.counters;
        let r = self.room(res, side) - crate::compose::drawn::faces::CLEAR_FIT;
        // Em size, offset of the digits' middle, and of their ink's foot.
        let place = |h: f64| {
            let size = res.fonts.size_for_cap_height(&res.bold, rank, h);
            let (x0, y0, x1, y1) = crate::compose::drawn::faces::label_ink(
                res, &res.bold, rank, size,
            )
            .unwrap_or((-h / 3.0, -h / 2.0, h / 3.0, h / 2.0));
            let half = x0.abs().max(x1.abs());
            let top = -(r * r - half * half).max(0.0).sqrt();
            let y = top - y0;
            (size, y, y + y1)
        };
        let want = s * RANK_HEIGHT * cs.rank_scale;
        let band = |foot: f64| -2.0 * (foot + crate::compose::drawn::faces::CLEAR_FIT);
        let mut h = want;
        let (mut size, mut y, mut foot) = place(h);
        // Never so large that the character's band falls below MIN_BAND.
        while !cs.pips && band(foot) < s * MIN_BAND && h > want * 0.6 {
            h *= 0.98;
            (size, y, foot) = place(h);
        }
        RankMark {
            size,
            y,
            twice: !cs.pips,
            band_top: foot + crate::compose::drawn::faces::CLEAR_FIT,
            max_width: 2.0 * (r * r - foot * foot).max(0.0).sqrt(),
        }
    }

    /// The front: the rank on top and, turned, at the bottom, each between
    /// the side's marks; the Chinese character (beside the animal's icon when
    /// the theme shows icons) in the middle band, with its Zhuyin when the
    /// language prints it. The name goes on the back.
    fn front(&self, res: &Resources, page: &mut Page, piece: Piece) {
        let mut items = Vec::new();
        let ink = self.background(res, piece.side, &mut items);
        let cs = &res.theme.counters;
        let (s, c) = (self.size, self.center);
        let rank = res.rules.rank(piece.animal).to_string();
        let mark = res.theme.mark(piece.side);
        let ranks = self.rank_mark(res, piece.side, &rank);
        // The side's marks beside the top rank and, turned with it, the bottom one.
        let marks = |items: &mut Vec<Item>, twice: bool| {
            let dx = res.fonts.width_mm(&res.bold, &rank, ranks.size) / 2.0 + s * 0.09;
            let top: Vec<Item> = [-dx, dx]
                .into_iter()
                .filter_map(|dx| mark_item(mark, pt(c.x + dx, c.y + ranks.y), s * 0.08, ink))
                .collect();
            if twice && !top.is_empty() {
                items.push(Item::Group(Group {
                    picture: false,
                    transform: Transform::rotate_about(180.0, c),
                    items: top.clone(),
                }));
            }
            items.extend(top);
        };
        let dice = matches!(
            cs.layout,
            FaceLayout::Picture | FaceLayout::PictureBetweenRanks
        );
        if dice && cs.pips {
            // The picture large, the rank as dice a child can count, both
            // inside the round of the plate (every shape's plate holds it).
            let plate = self.room(res, piece.side);
            items.extend(crate::compose::drawn::faces::dice_face(
                res,
                piece.animal,
                c,
                s,
                plate,
                plate - s * 0.015,
                ink,
                res.theme.counter_ink(piece.side).1,
                Some(self.outline(plate - s / 2.0)),
            ));
            page.add(Layer::Artwork, decorative(items));
            if !self.opts.shared_cuts {
                self.cut(res, page);
            }
            return;
        }
        if cs.layout == FaceLayout::PictureBetweenRanks {
            // The picture in the middle, the rank beside it on both sides.
            let rim = self.room(res, piece.side);
            items.extend(crate::compose::drawn::faces::between_ranks_face(
                res,
                piece,
                c,
                s,
                rim,
                s * RANK_HEIGHT * cs.rank_scale,
                ink,
                Some(self.outline(rim - s / 2.0)),
            ));
            page.add(Layer::Artwork, decorative(items));
            if !self.opts.shared_cuts {
                self.cut(res, page);
            }
            return;
        }
        if cs.layout != FaceLayout::Character {
            let plate = self.outline(self.room(res, piece.side) - s / 2.0);
            items.extend(picture_face(
                res,
                piece,
                c,
                s,
                ink,
                res.theme.counter_ink(piece.side).1,
                Some(plate),
                cs.show_rank.then_some(ranks),
                false,
            ));
            if cs.show_rank {
                marks(&mut items, ranks.twice);
            }
            page.add(Layer::Artwork, decorative(items));
            if !self.opts.shared_cuts {
                self.cut(res, page);
            }
            return;
        }
        let twice = ranks.twice && cs.show_rank;
        let start = items.len();
        if cs.show_rank {
            items.extend(ranks.items(res, &rank, c, ink, twice));
        }
        items.extend(self.character_block(res, piece, &ranks, ink));
        if cs.show_rank {
            marks(&mut items, twice);
        } else {
            marks(&mut items, false);
        }
        if res.theme.face_style(piece.side) == FaceStyle::Banded {
            // The panel as wide as the ink on it and its clear space.
            let half = ink_bounds(&res.fonts, &items[start..]).map_or(s * 0.2, |(x0, _, x1, _)| {
                (c.x - x0).max(x1 - c.x) + crate::compose::drawn::faces::CLEAR_FIT
            });
            items.insert(start, self.panel(res, half));
        }
        if cs.pips {
            let n = res.rules.rank(piece.animal);
            let y = if n > 4 { s * 0.27 } else { s * 0.31 };
            let halo = res.theme.counter_ink(piece.side).1;
            items.extend(pips(
                n,
                pt(c.x, c.y + y),
                s * 0.065 * cs.pips_scale,
                ink,
                halo,
                (c, crate::compose::drawn::faces::face_room(res, s)),
            ));
        }
        page.add(Layer::Artwork, decorative(items));
        if !self.opts.shared_cuts {
            self.cut(res, page);
        }
    }

    /// The character in the band between the ranks (with its Zhuyin, and
    /// its icon at its left when the theme shows icons), measured on its
    /// ink: as large as fits the band and the round face with
    /// [`crate::compose::drawn::faces::CLEAR`] all round, its ink centred in the band.
    fn character_block(
        &self,
        res: &Resources,
        piece: Piece,
        ranks: &RankMark,
        ink: Color,
    ) -> Vec<Item> {
        let cs = &res.theme.counters;
        let names = res.animal(piece.animal);
        let (s, c) = (self.size, self.center);
        let icon = res.pictures.animal(piece.animal).filter(|_| cs.icons);
        // The band between the ranks' ink (or the whole face's middle without them).
        let band = if cs.show_rank {
            -2.0 * ranks.band_top
        } else {
            s * 0.5
        };
        // The character on the face's centre, as tall as the band (an
        // ideograph's ink is about 0.92 of its em); a little smaller beside
        // an icon, which stands at its left, as tall as the character's ink.
        let beside = if icon.is_some() { ICON_CHARACTER } else { 1.0 };
        let emblem = (band / 0.92).min(s * 0.4) * cs.character_scale.min(1.0) * beside;
        let block = |at: Pt, em: f64| {
            let mut out = match zhuyin_face(res, names, at, em, ranks, s, ink) {
                Some(block) => block,
                None => animal_emblem(res, names, None, at, s, em, s * 0.5, ink),
            };
            if let Some((art, key)) = icon {
                let han = res.fonts.width_mm(&res.han, &names.han, em).min(s * 0.5);
                let side = em * 0.92;
                let right = at.x - han / 2.0 - s * 0.02;
                out.push(icon_item(
                    res,
                    art,
                    key,
                    pt(right - side, at.y - side / 2.0),
                    side,
                    ink,
                ));
            }
            out
        };
        // Measured on its ink: as large as fits the band and the round
        // face with [`crate::compose::drawn::faces::CLEAR`] all round, its ink centred in the band.
        let r = self.room(res, piece.side) - crate::compose::drawn::faces::CLEAR_FIT;
        let limit = band / 2.0;
        let (mut em, mut at) = (emblem, c);
        for _ in 0..6 {
            let made = block(at, em);
            // The character (its Zhuyin column stands beside the ranks'
            // digits) fills the band; everything stays inside the rim.
            let han: Vec<Item> = crate::scene::text_runs(&made)
                .into_iter()
                .filter(|r| r.text == names.han)
                .map(|r| Item::Text(r.clone()))
                .collect();
            let (Some((_, y0, _, y1)), Some((x0, _, x1, _))) =
                (ink_bounds(&res.fonts, &han), ink_bounds(&res.fonts, &made))
            else {
                break;
            };
            let (dx, dy) = ((x0 - c.x).abs().max(x1 - c.x), (y1 - y0) / 2.0);
            // A Zhuyin column, taller than the character, keeps its size
            // and stands clear of the digits: it does not shrink the character.
            let k = (limit / dy).min(r / dx.hypot(dy)).min(1.0);
            let centred = pt(c.x, c.y - ((y0 + y1) / 2.0 - at.y) * k);
            if k > 0.999 && (centred.y - at.y).abs() < 0.01 {
                break;
            }
            em *= k * if k < 1.0 { 0.995 } else { 1.0 };
            at = centred;
        }
        block(at, em)
    }

    /// The back: the side's colour and style, the theme's back picture inside
    /// the rim, optionally the game's name, and the animal's name (its
    /// capitals at least [`NAME_CAP_HEIGHT`] mm) when the theme shows names;
    /// turned by `turn` degrees.
    /// Duplex backs carry no cut line (it would show if the printer drifts),
    /// and their colour runs [`BACK_OVERRUN`] mm past the cut (or the bleed, if
    /// more), so a drift shows no white sliver either.
    fn back(&self, res: &Resources, page: &mut Page, piece: Piece, turn: f64, cut: bool) {
        let side = piece.side;
        let mut items = Vec::new();
        let past = if cut {
            self.sheet.bleed
        } else {
            // A third of the gap at most, so neighbours' backs never meet.
            self.sheet
                .bleed
                .max(BACK_OVERRUN.min(gap(self.sheet, self.opts) / 3.0))
        };
        // A printed back (`counters.back_style`) is a dark face of the side's colour.
        let printed = res.theme.counters.back_style;
        let style = match printed {
            BackStyle::Face => res.theme.face_style(side),
            BackStyle::Solid | BackStyle::Dots => FaceStyle::Filled,
        };
        let mut ink = self.background_in(res, (side, style), &mut items, past);
        let (s, c) = (self.size, self.center);
        if style == FaceStyle::Banded {
            items.push(self.panel(res, s * 0.3));
        }
        let names = res.animal(piece.animal);
        let name = match names.label() {
            "" => names.name.as_str(),
            label => label,
        };
        let named = res.theme.counters.show_name && !name.is_empty();
        // Dots over the side's colour, under its rim line; the title and
        // name on a light panel in the middle, in the side's colour.
        let panel_inset = s * if named { 0.1 } else { 0.16 };
        if printed == BackStyle::Dots {
            items.insert(1, self.dots(res));
            items.push(shapes::fill(
                self.outline(-panel_inset),
                res.theme.counters.face.0,
            ));
            ink = res.theme.side(side);
        }
        // The theme's back picture fills the face inside the side's rim,
        // over the background's fills and under every line drawn on them.
        if let Some((art, key)) = crate::compose::drawn::scenery::scenery(res, "back") {
            let rim = s * res.theme.counters.ring_width;
            let half = s / 2.0 - rim;
            let fills = items
                .iter()
                .take_while(|i| matches!(i, Item::Path(p) if p.stroke.is_none()))
                .count();
            let picture = crate::compose::drawn::art::place_art(
                res,
                art,
                &key,
                (c.x - half, c.y - half, 2.0 * half, 2.0 * half),
                crate::picture::Fit::Cover,
                Some(self.outline(-rim)),
            );
            items.insert(fills, picture);
        }
        // The option turns off for one run what the theme shows.
        let titled = self.opts.back_title && res.theme.counters.back_title;
        if titled {
            items.extend(text_fit(
                res,
                FitText {
                    text: &res.lang.game.han,
                    stack: &res.han,
                    size: s * 0.17,
                    max_width: s * 0.5,
                    pos: if named { pt(c.x, c.y - s * 0.17) } else { c },
                    rotation: 0.0,
                    fill: ink,
                },
            ));
        }
        if named {
            // Across the middle, where the face is widest.
            let room = self.room(res, side);
            let y = if titled { s * 0.06 } else { 0.0 };
            let size = res
                .fonts
                .size_for_cap_height(&res.text, name, NAME_CAP_HEIGHT);
            let low = y + NAME_CAP_HEIGHT / 2.0;
            items.extend(text_fit(
                res,
                FitText {
                    text: name,
                    stack: &res.text,
                    size,
                    max_width: 2.0 * (room * room - low * low).max(0.0).sqrt(),
                    pos: pt(c.x, c.y + y),
                    rotation: 0.0,
                    fill: ink,
                },
            ));
        } else {
            items.extend(pattern_line(
                |g| self.outline(g),
                match printed {
                    BackStyle::Dots => panel_inset + s * 0.03,
                    BackStyle::Face | BackStyle::Solid => s * 0.16,
                },
                res.theme.pattern(side),
                ink,
                s * 0.012,
            ));
        }
        let transform = Transform::rotate_about(turn, c);
        page.add(
            Layer::Artwork,
            [Item::Group(Group {
                picture: false,
                transform,
                items: decorative(items),
            })],
        );
        if cut {
            self.cut(res, page);
        }
    }
}

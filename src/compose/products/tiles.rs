//! A board too large for one sheet, or a poster larger than the printer's
//! paper: how it splits over sheets (the tile plan), each tile's page (its
//! part of the board or poster, glue strips, labels and arrows) and the
//! assembly map. Lengths in mm, page coordinates.

use crate::compose::products::board::{
    board_art, board_page, board_page_for_cutting, board_page_marked, square_size, BoardOptions,
    BoardSheet,
};
use crate::compose::products::Sheet;
use crate::error::{Error, Opt};
use crate::game::{COLS, ROWS};
use crate::layout::paper::Paper;
use crate::layout::{corner_marks, printable_area, BoardPlacement, Rect, TilePlan};
use crate::limits::MAX_TILES;
use crate::resolve::Resources;
use crate::scene::{
    map_leaves, pt, shapes, Clip, Color, Group, Item, Layer, Page, Pt, Seg, Stroke, Transform,
};

use crate::compose::drawn::scale_bar::scale_bar;
use crate::compose::typesetting::label::{left_text, paragraph, text_fit, FitText};

/// Width of the glue strips of a tiled board, mm.
pub const GLUE: f64 = 10.0;

/// Room kept free around a tile's board for its label, arrows and marks, mm.
const TILE_FURNITURE: f64 = 7.0;

/// What is tiled, in its own coordinates (mm, origin at its top-left
/// corner, y down).
#[derive(Debug, Clone, Copy)]
pub enum Tiled<'a> {
    /// The board of `square` mm squares: cuts fall on square edges.
    Board {
        /// The square's side, mm.
        square: f64,
    },
    /// A whole page, the rules poster: cuts fall on whole millimetres, and
    /// the pieces glued together are the page, its margins included.
    Poster(&'a Page),
    /// A board drawn on a page of its own with a frame round its squares
    /// (the tactile board, its braille coordinates in the frame): cuts fall
    /// on square edges, the glue strips stay blank (on swell paper a copy
    /// there would rise under the next sheet), and the assembly map's small
    /// copy is the page's.
    Framed {
        /// The board and its frame, in its own coordinates.
        page: &'a Page,
        /// The square's side, mm.
        square: f64,
        /// The frame's width, mm.
        frame: f64,
    },
}

impl Tiled<'_> {
    /// Width and height, mm.
    pub fn size(&self) -> (f64, f64) {
        match self {
            Tiled::Board { square } => (square * COLS as f64, square * ROWS as f64),
            Tiled::Poster(page) | Tiled::Framed { page, .. } => (page.width, page.height),
        }
    }

    /// The length cuts fall on multiples of (when one fits a sheet), mm.
    fn unit(&self) -> f64 {
        match self {
            Tiled::Board { square } | Tiled::Framed { square, .. } => *square,
            Tiled::Poster(_) => 1.0,
        }
    }

    /// The drawing at true size, as every tile shows part of it: a page of
    /// [`Tiled::size`] in the drawing's own coordinates, which each tile
    /// places by reference ([`Item::Page`]), so that a renderer draws it once
    /// (a PDF Form XObject) however many sheets show it.
    fn art(&self, res: &Resources) -> Page {
        match self {
            Tiled::Board { square } => {
                let (w, h) = self.size();
                let mut page = Page::new(w, h);
                let place = BoardPlacement {
                    square: *square,
                    origin: pt(0.0, 0.0),
                };
                page.add(
                    Layer::Artwork,
                    board_art(res, place, res.theme.board.show_coordinates, 0.0),
                );
                page
            }
            Tiled::Poster(page) | Tiled::Framed { page, .. } => (*page).clone(),
        }
    }

    /// The drawing scaled by `k` with its top-left corner at `origin`
    /// (page coordinates), for the assembly map: the board without its
    /// coordinates, the poster's items. Drawn in place, not shared with the
    /// tiles: small, a form's hairlines would come out fainter in some
    /// viewers (poppler) than the same lines drawn on the page.
    fn draw_small(&self, res: &Resources, origin: Pt, k: f64) -> Vec<Item> {
        match self {
            Tiled::Board { square } => {
                let place = BoardPlacement {
                    square: k * square,
                    origin,
                };
                board_art(res, place, false, 0.0)
            }
            // Small and pale: on swell paper the map stays flat.
            Tiled::Framed { page, .. } => vec![Item::Group(Group {
                picture: false,
                transform: Transform::translate(origin.x, origin.y)
                    .then_apply(Transform::scale(k, k)),
                items: paled(
                    page.layers
                        .iter()
                        .flat_map(|(_, i)| i.iter())
                        .cloned()
                        .collect(),
                    0.85,
                ),
            })],
            Tiled::Poster(page) => vec![Item::Group(Group {
                picture: false,
                transform: Transform::translate(origin.x, origin.y)
                    .then_apply(Transform::scale(k, k)),
                items: page
                    .layers
                    .iter()
                    .flat_map(|(_, i)| i.iter())
                    .cloned()
                    .collect(),
            })],
        }
    }

    /// The assembly map's heading and steps, from the pack's `[tiles]`.
    fn words<'r>(&self, res: &'r Resources) -> (&'r str, &'r [String]) {
        let t = &res.lang.tiles;
        match self {
            Tiled::Board { .. } | Tiled::Framed { .. } => (&t.map_heading, &t.steps),
            Tiled::Poster(_) => (&t.poster_heading, &t.poster_steps),
        }
    }
}

/// How `what` splits over sheets of `sheet` (for the theme's margins), or a
/// usage error naming `option` when even a strip cannot fit or it would
/// take more than [`MAX_TILES`] sheets.
pub fn tile_plan(
    res: &Resources,
    sheet: Paper,
    what: Tiled,
    option: Opt,
) -> Result<TilePlan, Error> {
    let portrait = Paper {
        width: sheet.width.min(sheet.height),
        height: sheet.width.max(sheet.height),
    };
    let a = printable_area(portrait, res.theme.page.margin + TILE_FURNITURE);
    let (w, h) = what.size();
    let frame = match what {
        Tiled::Framed { frame, .. } => frame,
        _ => 0.0,
    };
    let plan = TilePlan::framed(w, h, what.unit(), frame, portrait, a, GLUE)
        .filter(|p| p.tiles.len() <= MAX_TILES);
    match (plan, what) {
        (Some(plan), _) => Ok(plan),
        (None, Tiled::Board { square } | Tiled::Framed { square, .. }) => Err(Error::NotTileable {
            square,
            sheet: (sheet.width, sheet.height),
            max_sheets: MAX_TILES,
            blame: option,
        }),
        (None, Tiled::Poster(_)) => Err(Error::PosterNotTileable {
            poster: (w, h),
            sheet: (sheet.width, sheet.height),
            max_sheets: MAX_TILES,
            blame: option,
        }),
    }
}

/// The board's sheets: one page when the board fits `opts.paper`, else (or
/// when `tile` names a sheet size) an assembly map and one page per tile.
/// With `tile`, the board is sized for `opts.paper` (e.g. an A3 board) and
/// printed over sheets of `tile` (e.g. A4). Tiled sheets carry no bleed.
pub fn board_sheets(
    res: &Resources,
    opts: &BoardSheet,
    tile: Option<Paper>,
) -> Result<Vec<Page>, Error> {
    // The theme's square (`board.square`) when the job gives none.
    let opts = &BoardSheet {
        square: res.theme.board.asked_square(opts.square),
        ..*opts
    };
    if let Some(sheet) = tile {
        let s = match opts.square {
            Some(s) => s,
            None => square_size(res, opts.paper, None)?,
        };
        // A square given with tiles is blamed for a board that cannot be tiled.
        let option = if opts.square.is_some() {
            Opt::Square
        } else {
            Opt::Tile
        };
        return board_tiles(res, sheet, s, option);
    }
    let area = printable_area(opts.paper, res.theme.page.margin);
    match opts.square {
        Some(s) if s.is_finite() && !BoardPlacement::centered(opts.paper, s).fits(area) => {
            board_tiles(res, opts.paper, s, Opt::Square)
        }
        _ => Ok(vec![board_page(res, opts)?]),
    }
}

/// The board the job asks for (`opts`) on its `sheet`, and its square, mm:
/// the largest square that fits when none is given; the [`board_sheets`]
/// (tiled when asked or when it does not fit); crop marks when asked (one
/// sheet only); for a print shop, a board on one sheet cut out like every
/// other piece, with its die line and crop marks, as in a set.
pub fn board_pages(
    res: &Resources,
    sheet: &Sheet,
    opts: &BoardOptions,
) -> Result<(f64, Vec<Page>), Error> {
    let paper = sheet.paper;
    let square = match res.theme.board.asked_square(opts.square) {
        Some(s) => s,
        None => square_size(res, paper, None)?,
    };
    refuse_needless_tiles(res, paper, square, opts.tile)?;
    let one = BoardSheet {
        paper,
        square: Some(square),
        bleed: sheet.bleed,
        fold_marks: false,
    };
    let mut pages = board_sheets(res, &one, opts.tile)?;
    if opts.crop_marks {
        if pages.len() > 1 {
            let blame = if opts.tile.is_some() {
                Opt::Tile
            } else {
                Opt::Square
            };
            return Err(Error::CropMarksOnTiledBoard { blame });
        }
        pages = vec![board_page_marked(res, &one, true)?];
    }
    if sheet.print_shop && pages.len() == 1 {
        pages = vec![board_page_for_cutting(res, &one)?];
    }
    Ok((square, pages))
}

/// Refuses tiles (`tile`) that hold the whole board of `square` mm squares:
/// tiling would only add an assembly map to its one sheet.
fn refuse_needless_tiles(
    res: &Resources,
    paper: Paper,
    square: f64,
    tile: Option<Paper>,
) -> Result<(), Error> {
    match tile {
        Some(sheet) if square_size(res, sheet, Some(square)).is_ok() => Err(Error::TileNotNeeded {
            board: (square * COLS as f64, square * ROWS as f64),
            sheet: sheet.arg(),
            on_paper: sheet == paper,
        }),
        _ => Ok(()),
    }
}

/// A board of `square` mm squares tiled over sheets of `sheet`: an assembly
/// map first, then one page per tile, row by row.
pub fn board_tiles(
    res: &Resources,
    sheet: Paper,
    square: f64,
    option: Opt,
) -> Result<Vec<Page>, Error> {
    let plan = tile_plan(res, sheet, Tiled::Board { square }, option)?;
    Ok(tiled_pages(res, &plan, Tiled::Board { square }))
}

/// The pages of `what` split by `plan`: an assembly map first, then one
/// page per tile, row by row. Every tile places the same two drawings, made
/// once here: `what` at true size and its faint copy for the glue strips.
pub fn tiled_pages(res: &Resources, plan: &TilePlan, what: Tiled) -> Vec<Page> {
    let art = what.art(res);
    let mut pale = Page::new(art.width, art.height);
    if !matches!(what, Tiled::Framed { .. }) {
        pale.add(
            Layer::Artwork,
            faint(
                art.layers
                    .iter()
                    .flat_map(|(_, i)| i.iter())
                    .cloned()
                    .collect(),
            ),
        );
    }
    let mut pages = vec![assembly_map(res, plan, what)];
    for tile in &plan.tiles {
        pages.push(tile_page(res, plan, tile, (&art, &pale)));
    }
    pages
}

/// `art`'s drawing, shared (see [`Tiled::art`]), at true size with its
/// top-left corner at `origin` (page coordinates).
fn placed(art: &Page, origin: Pt) -> Item {
    Item::Group(Group {
        picture: false,
        transform: Transform::translate(origin.x, origin.y),
        items: vec![Item::Page(art.share())],
    })
}

/// Fills `{row}`, `{col}`, `{rows}`, `{cols}` (1-based).
fn tile_words(template: &str, row: usize, col: usize, plan: &TilePlan) -> String {
    template
        .replace("{rows}", &plan.rows.to_string())
        .replace("{cols}", &plan.cols.to_string())
        .replace("{row}", &(row + 1).to_string())
        .replace("{col}", &(col + 1).to_string())
}

/// Every colour in `items` mixed 70 % towards white: the faint copy of a
/// neighbour's picture on a glue strip (no transparency, so print shops and
/// every viewer show it the same). The theme's pictures are left out: they
/// cannot be paled, and at full strength the strip would look like board.
fn faint(items: Vec<Item>) -> Vec<Item> {
    paled(items, 0.7)
}

/// Every colour in `items` mixed `k` (0–1) of the way towards white, the
/// theme's pictures left out (see [`faint`]).
fn paled(items: Vec<Item>, k: f64) -> Vec<Item> {
    let (items, _) = crate::compose::drawn::scenery::PictureFinder.without_pictures(items);
    let pale = |c: Color| {
        let (r, g, b) = c.to_rgb();
        let m = |v: u8| (v as f64 + (255.0 - v as f64) * k).round() as u8;
        Color::Rgb(m(r), m(g), m(b))
    };
    map_leaves(items, &mut |mut item| {
        match &mut item {
            Item::Path(p) => {
                p.fill = p.fill.as_ref().map(|f| f.map(pale));
                if let Some(s) = &mut p.stroke {
                    s.color = pale(s.color);
                }
            }
            Item::Text(t) => t.fill = pale(t.fill),
            _ => {}
        }
        Some(item)
    })
}

fn clipped(r: Rect, items: Vec<Item>) -> Item {
    Item::Clip(Clip {
        path: shapes::rect(r.x, r.y, r.w, r.h),
        items,
    })
}

/// One tile: its part of the board, faint glue strips towards the next sheets,
/// cut lines where it goes over a previous sheet, corner marks, a label,
/// arrows to its neighbours and a 50 mm scale bar; `art` is the drawing
/// tiled and its faint copy.
fn tile_page(
    res: &Resources,
    plan: &TilePlan,
    tile: &crate::layout::Tile,
    art: (&Page, &Page),
) -> Page {
    let sheet = plan.sheet;
    let mut page = Page::new(sheet.width, sheet.height);
    let o = tile.origin;
    let on_page = |r: Rect| Rect {
        x: r.x + o.x,
        y: r.y + o.y,
        ..r
    };
    let region = on_page(tile.region);
    let shown = on_page(tile.shown);
    page.add(Layer::Artwork, tile_artwork(res, art, o, region, shown));

    // Cut lines along the sides that go over the previous sheets.
    let cut = Stroke::solid(res.theme.counters.cut.0, res.theme.counters.cut_width);
    let mut cuts = Vec::new();
    if tile.col > 0 {
        cuts.extend(shapes::line(
            pt(region.x, shown.y - 6.0),
            pt(region.x, shown.bottom() + 6.0),
        ));
    }
    if tile.row > 0 {
        cuts.extend(shapes::line(
            pt(shown.x - 6.0, region.y),
            pt(shown.right() + 6.0, region.y),
        ));
    }
    if !cuts.is_empty() {
        page.add(Layer::Cut, [shapes::stroke(cuts, cut)]);
    }

    // Marks continuing the region's edges past each corner: a sheet's marks
    // meet its neighbour's when the two are lined up.
    let guides = res.theme.counters.guides.0;
    let marks: Vec<Seg> = corner_marks(&[region], &[shown], 1.0, 4.0)
        .into_iter()
        .flat_map(|(a, b)| shapes::line(a, b))
        .collect();
    page.add(
        Layer::Marks,
        [shapes::stroke(marks, Stroke::solid(guides, 0.25))],
    );
    page.add(
        Layer::Guides,
        tile_furniture(res, plan, tile, region, shown),
    );
    page
}

/// A tile's artwork: the board or poster (`art.0`, its top-left corner at
/// `origin`) clipped to the tile's `region`, and its faint copy (`art.1`)
/// on glue strips where the tile `shown` reaches past it towards the next
/// sheets (on the right, below), each with the word "glue".
fn tile_artwork(
    res: &Resources,
    (art, pale): (&Page, &Page),
    origin: Pt,
    region: Rect,
    shown: Rect,
) -> Vec<Item> {
    let ink = res.theme.board.text.0;
    let mut items = vec![clipped(region, vec![placed(art, origin)])];
    let right = shown.right() > region.right() + 1e-9;
    let below = shown.bottom() > region.bottom() + 1e-9;
    let strips = [
        (
            right,
            Rect {
                x: region.right(),
                w: shown.right() - region.right(),
                ..region
            },
            90.0,
        ),
        (
            below,
            Rect {
                y: region.bottom(),
                h: shown.bottom() - region.bottom(),
                ..shown
            },
            0.0,
        ),
    ];
    for (has, strip, turn) in strips {
        if !has {
            continue;
        }
        items.push(clipped(strip, vec![placed(pale, origin)]));
        let c = if turn == 0.0 {
            pt(region.center().x, strip.center().y)
        } else {
            pt(strip.center().x, region.center().y)
        };
        items.extend(text_fit(
            res,
            FitText {
                text: &res.lang.tiles.glue,
                stack: &res.bold,
                size: 3.5,
                max_width: 40.0,
                pos: c,
                rotation: turn,
                fill: ink,
            },
        ));
    }
    items
}

/// A tile's label (top left), arrows to its neighbours with their names, and
/// a 50 mm scale bar under the board; `region` and `shown` are the tile's
/// board and its board with glue strips, on the page.
fn tile_furniture(
    res: &Resources,
    plan: &TilePlan,
    tile: &crate::layout::Tile,
    region: Rect,
    shown: Rect,
) -> Vec<Item> {
    let ink = res.theme.board.text.0;
    // Label on top, arrows to the neighbours.
    let area = printable_area(plan.sheet, res.theme.page.margin);
    let label = tile_words(&res.lang.tiles.label, tile.row, tile.col, plan);
    // At the top left, clear of the arrow in the middle of the top edge.
    let size = 3.2;
    let w = res
        .fonts
        .width_mm(&res.bold, &label, size)
        .min(area.w / 2.0 - 12.0);
    let mut furniture = text_fit(
        res,
        FitText {
            text: &label,
            stack: &res.bold,
            size,
            max_width: w,
            pos: pt(area.x + w / 2.0, area.y + 2.5),
            rotation: 0.0,
            fill: ink,
        },
    );
    let neighbours = [
        (
            tile.row > 0,
            (tile.row.wrapping_sub(1), tile.col),
            pt(shown.center().x, shown.y - 4.0),
            0.0,
        ),
        (
            tile.row + 1 < plan.rows,
            (tile.row + 1, tile.col),
            pt(shown.center().x, shown.bottom() + 4.0),
            180.0,
        ),
        (
            tile.col > 0,
            (tile.row, tile.col.wrapping_sub(1)),
            pt(shown.x - 4.0, shown.center().y),
            270.0,
        ),
        (
            tile.col + 1 < plan.cols,
            (tile.row, tile.col + 1),
            pt(shown.right() + 4.0, shown.center().y),
            90.0,
        ),
    ];
    for (has, (r, c), at, turn) in neighbours {
        if !has {
            continue;
        }
        // An arrow pointing away from the board, then the neighbour's name.
        let t = Transform::rotate_about(turn, at);
        let tri = [
            pt(at.x, at.y - 2.6),
            pt(at.x + 2.0, at.y - 0.6),
            pt(at.x - 2.0, at.y - 0.6),
        ];
        furniture.push(shapes::fill(shapes::polygon(&tri.map(|p| t.apply(p))), ink));
        let name = tile_words(&res.lang.tiles.short, r, c, plan);
        // The name reads upright: beside an up or down arrow, under a sideways one.
        let label_at = if turn == 0.0 || turn == 180.0 {
            pt(at.x + 6.0, at.y - 1.6)
        } else {
            pt(at.x, at.y + 4.2)
        };
        furniture.extend(text_fit(
            res,
            FitText {
                text: &name,
                stack: &res.bold,
                size: 2.8,
                max_width: 20.0,
                pos: label_at,
                rotation: 0.0,
                fill: ink,
            },
        ));
    }
    // A 50 mm scale bar under the board, just inside its left edge: clear of
    // the corner marks (on the edges' lines) and of the arrow below (in the
    // middle), whose name is on its right.
    let bar_y = area.bottom() - 4.5;
    furniture.extend(scale_bar(
        res,
        pt(region.x + 2.0, bar_y),
        ink,
        false,
        region.w - 4.0,
    ));
    furniture
}

/// The first sheet of a tiled board or poster: the whole of it small, the
/// tiles marked on it with their names, the assembly steps, and a scale bar.
fn assembly_map(res: &Resources, plan: &TilePlan, what: Tiled) -> Page {
    let sheet = plan.sheet;
    let mut page = Page::new(sheet.width, sheet.height);
    let area = printable_area(sheet, res.theme.page.margin);
    let ink = res.theme.board.text.0;
    let (heading, steps) = what.words(res);
    let mut items = text_fit(
        res,
        FitText {
            text: heading,
            stack: &res.bold,
            size: 7.0,
            max_width: area.w,
            pos: pt(area.center().x, area.y + 5.0),
            rotation: 0.0,
            fill: ink,
        },
    );
    // The board or poster, scaled into the upper half of the sheet.
    let (bw, bh) = what.size();
    let room = Rect {
        x: area.x,
        y: area.y + 12.0,
        w: area.w,
        h: area.h * 0.55,
    };
    let k = (room.w / bw).min(room.h / bh);
    let origin = match what {
        Tiled::Board { square } => pt(room.center().x - k * square * COLS as f64 / 2.0, room.y),
        Tiled::Poster(_) | Tiled::Framed { .. } => pt(room.center().x - k * bw / 2.0, room.y),
    };
    items.extend(what.draw_small(res, origin, k));
    if let Tiled::Poster(_) = what {
        // The poster's own edge, which its white margins do not show.
        items.push(shapes::stroke(
            shapes::rect(origin.x, origin.y, k * bw, k * bh),
            Stroke::solid(ink, 0.3),
        ));
    }
    let line = Stroke::dashed(ink, 0.5, vec![2.0, 1.2]);
    for tile in &plan.tiles {
        let r = tile.region;
        let r = Rect {
            x: origin.x + r.x * k,
            y: origin.y + r.y * k,
            w: r.w * k,
            h: r.h * k,
        };
        items.push(shapes::stroke(
            shapes::rect(r.x, r.y, r.w, r.h),
            line.clone(),
        ));
        let name = tile_words(&res.lang.tiles.short, tile.row, tile.col, plan);
        // Small enough to leave the squares under it readable.
        let size = (r.w.min(r.h) * 0.12).clamp(2.5, 6.0);
        let c = r.center();
        let w = res.fonts.width_mm(&res.bold, &name, size) + size;
        items.push(shapes::fill_stroke(
            shapes::rounded_rect(c.x - w / 2.0, c.y - size * 0.75, w, size * 1.5, size * 0.3),
            Color::WHITE,
            Stroke::solid(ink, 0.3),
        ));
        items.extend(text_fit(
            res,
            FitText {
                text: &name,
                stack: &res.bold,
                size,
                max_width: w,
                pos: c,
                rotation: 0.0,
                fill: ink,
            },
        ));
    }
    // The steps, numbered, below the map.
    let mut y = origin.y + bh * k + 10.0;
    let size = 3.6;
    for (i, step) in steps.iter().enumerate() {
        let number = format!("{}.", i + 1);
        items.extend(left_text(res, &res.bold, &number, size, pt(area.x, y), ink));
        let (lines, next) = paragraph(res, step, size, pt(area.x + 7.0, y), area.w - 7.0, ink);
        items.extend(lines);
        y = next;
        y += size * 0.6;
    }
    page.add(Layer::Artwork, items);
    page.add(
        Layer::Guides,
        scale_bar(res, pt(area.x, area.bottom() - 5.0), ink, true, area.w),
    );
    page
}

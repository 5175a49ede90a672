//! The box sheets: a tray and a lid to cut, fold and lock together without
//! glue, sized for this set's counters, board and rules; then a page of
//! numbered assembly steps with small diagrams.

use super::counters::{default_size, Sides};
use super::label::{left_text, paragraph, text_fit, FitText};
use crate::error::Error;
use crate::game::Side;
use crate::lang::BoxWords;
use crate::layout::boxnet::{box_for, lid_for, net, BoxSize, Contents, Net, PanelKind, Stacks};
use crate::layout::{printable_area, Rect};
use crate::paper::Paper;
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Color, Group, Item, Layer, Page, Pt, Seg, Stroke, Transform};
use crate::theme::FaceStyle;

/// Choices for the box. Lengths in mm.
#[derive(Debug, Clone, PartialEq)]
pub struct BoxOptions {
    /// Paper for the nets.
    pub paper: Paper,
    /// Counter size; `None` for the counters' default on this paper.
    pub counter_size: Option<f64>,
    /// Sets of counters it must hold.
    pub copies: usize,
    /// How the counters were made: fold-over counters are two layers of card.
    pub sides: Sides,
    /// Thickness of the card, mm.
    pub card: f64,
    /// The board's size (width, height), mm, when it is too large to fold
    /// into the box (a board tiled over several sheets and glued onto card);
    /// `None` when it is printed on one sheet.
    pub flat_board: Option<(f64, f64)>,
}

impl BoxOptions {
    /// A box for one set of default counters, fold-over, on 0.35 mm card.
    pub fn new(paper: Paper) -> BoxOptions {
        BoxOptions {
            paper,
            counter_size: None,
            copies: 1,
            sides: Sides::Fold,
            card: 0.35,
            flat_board: None,
        }
    }
}

/// Folded papers: the board sheet, two pages of rules and the cover, each
/// folded in four, at 0.1 mm a layer.
const PAPER_LAYERS: f64 = 4.0 * 4.0 * 0.1;

/// Room above a net for the sheet's heading, mm.
const HEADING: f64 = 10.0;

/// The size of the counters the box holds, mm: as asked, or the counters' default.
fn counter_size(res: &Resources, opts: &BoxOptions) -> Result<f64, Error> {
    match opts.counter_size {
        Some(s) => Ok(s),
        None => default_size(res, opts.paper),
    }
}

/// The inside sizes of the tray and the lid, and how the counters stack.
pub fn box_sizes(res: &Resources, opts: &BoxOptions) -> Result<(BoxSize, BoxSize, Stacks), Error> {
    let counter = counter_size(res, opts)?;
    let p = opts.paper;
    let contents = Contents {
        counter,
        count: res.rules.animals().len() * 2 * opts.copies,
        counter_thickness: opts.card * if opts.sides == Sides::Fold { 2.0 } else { 1.0 },
        papers: (p.width.min(p.height) / 2.0, p.width.max(p.height) / 2.0),
        papers_thickness: PAPER_LAYERS,
    };
    let (tray, stacks) = box_for(&contents);
    Ok((tray, lid_for(tray, opts.card), stacks))
}

/// Composes the box: the tray and the lid (on one sheet when both fit), then
/// the assembly steps.
pub fn box_pages(res: &Resources, opts: &BoxOptions) -> Result<Vec<Page>, Error> {
    let (tray_size, lid_size, stacks) = box_sizes(res, opts)?;
    let tray = net(tray_size, opts.card);
    let lid = net(lid_size, opts.card);
    let area = printable_area(opts.paper, res.theme.page.margin);
    let room = Rect {
        y: area.y + HEADING,
        h: area.h - HEADING,
        ..area
    };
    let fits = |w: f64, h: f64| w <= room.w + 1e-9 && h <= room.h + 1e-9;
    // Each net upright or turned a quarter; both on one sheet if they fit.
    let turned = |n: &Net| !fits(n.width, n.height) && fits(n.height, n.width);
    for (n, name) in [(&tray, "tray"), (&lid, "lid")] {
        if !fits(n.width, n.height) && !fits(n.height, n.width) {
            return Err(Error::BoxTooLarge {
                part: name,
                size: (n.width, n.height),
                room: (room.w, room.h),
            });
        }
    }
    let dims = |n: &Net| {
        if turned(n) {
            (n.height, n.width)
        } else {
            (n.width, n.height)
        }
    };
    let (tw, th) = dims(&tray);
    let (lw, lh) = dims(&lid);
    let words = &res.lang.boxnet;
    // Both nets on one sheet, side by side or one above the other, when they fit.
    let together = if fits(tw + 6.0 + lw, th.max(lh)) {
        let x0 = room.x + (room.w - (tw + 6.0 + lw)) / 2.0;
        Some((pt(x0, room.y), pt(x0 + tw + 6.0, room.y)))
    } else if fits(tw.max(lw), th + 6.0 + lh) {
        Some((
            pt(room.x + (room.w - tw) / 2.0, room.y),
            pt(room.x + (room.w - lw) / 2.0, room.y + th + 6.0),
        ))
    } else {
        None
    };
    let mut pages = Vec::new();
    if let Some((tray_at, lid_at)) = together {
        let mut page = sheet(res, opts.paper, &words.title);
        draw_net(res, &mut page, &tray, tray_at, turned(&tray), false);
        draw_net(res, &mut page, &lid, lid_at, turned(&lid), true);
        pages.push(page);
    } else {
        for (n, w, h, is_lid, name) in [
            (&tray, tw, th, false, &words.tray),
            (&lid, lw, lh, true, &words.lid),
        ] {
            let mut page = sheet(res, opts.paper, &format!("{} — {name}", words.title));
            let at = pt(room.x + (room.w - w) / 2.0, room.y + (room.h - h) / 2.0);
            draw_net(res, &mut page, n, at, turned(n), is_lid);
            pages.push(page);
        }
    }
    let counter = counter_size(res, opts)?;
    let count = res.rules.animals().len() * 2 * opts.copies;
    pages.push(instructions(
        res,
        opts.paper,
        &tray,
        stacks,
        counter,
        count,
        opts.flat_board,
    ));
    Ok(pages)
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
/// faces (both sides `ringed`, as ink-saver asks): white walls instead of
/// the sides' colour bands, and the game's name as outlined letters. The
/// solid lid is the most ink-hungry page of a set otherwise.
fn outlined_lid(res: &Resources) -> bool {
    let s = &res.theme.sides;
    s.south_style == FaceStyle::Ringed && s.north_style == FaceStyle::Ringed
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
        let colour = match (kind, lid) {
            // No coloured bands on an outlined lid: its cut and fold lines
            // already show each wall.
            _ if outlined => th.board.land.0,
            (PanelKind::Base | PanelKind::Rim | PanelKind::InnerPanel | PanelKind::Tab, _) => {
                th.board.land.0
            }
            (PanelKind::SideWall, true) | (PanelKind::Flap, true) => th.side(Side::North),
            (PanelKind::EndWall, true) => th.side(Side::South),
            (_, false) => th.board.land.0,
        };
        art.push(shapes::fill(poly(pts), colour));
    }
    let words = &res.lang.boxnet;
    let b = n.base;
    let c = b.center();
    if lid {
        // The lid's top: the game's name large, its title below.
        let title_at = art.len();
        let g = &res.lang.game;
        art.extend(text_fit(
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
        ));
        // The outlined lid draws the name's letters as outlines over their
        // light fill (the text stays text, for searching and copying).
        let hollow: Vec<Item> = if outlined {
            crate::scene::text_runs(&art[title_at..])
                .into_iter()
                .map(|run| match super::laser::outlined(res, run) {
                    Item::Path(p) => {
                        shapes::stroke(p.segs, Stroke::solid(th.side(Side::South), 0.3))
                    }
                    other => other,
                })
                .collect()
        } else {
            Vec::new()
        };
        if g.title != g.han {
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
        // The theme's lid picture under the title, which keeps a light band.
        let face = th.counters.face.0;
        super::scenery::lid_picture(res, &mut art, title_at, (b.x, b.y, b.w, b.h), face);
        art.extend(hollow);
        art.push(shapes::stroke(
            shapes::rounded_rect(b.x + 4.0, b.y + 4.0, b.w - 8.0, b.h - 8.0, 3.0),
            Stroke::solid(th.side(Side::North), 0.8),
        ));
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

/// The assembly page: what the box holds, a legend of the lines, then each
/// step beside a small picture of the tray's net with the panels it moves.
fn instructions(
    res: &Resources,
    paper: Paper,
    tray: &Net,
    stacks: Stacks,
    counter: f64,
    count: usize,
    flat_board: Option<(f64, f64)>,
) -> Page {
    let words = &res.lang.boxnet;
    let mut page = sheet(res, paper, &words.instructions_heading);
    let area = printable_area(paper, res.theme.page.margin);
    let ink = res.theme.board.text.0;
    let accent = res.theme.side(Side::South);
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
    let mut y = para(&holds, area.x, area.y + 14.0, area.w, &mut items) + 2.0;
    // Legend.
    let cut = Stroke::solid(res.theme.counters.cut.0, 0.35);
    for (stroke, text) in [
        (cut, &words.legend_cut),
        (fold_stroke(res), &words.legend_fold),
    ] {
        items.push(shapes::stroke(
            shapes::line(pt(area.x, y - 1.2), pt(area.x + 14.0, y - 1.2)),
            stroke,
        ));
        y = para(text, area.x + 18.0, y, area.w - 18.0, &mut items) + 1.5;
    }
    y += 3.0;
    // Steps, each beside its diagram.
    let steps: [&[PanelKind]; 5] = [
        &[],
        &[],
        &[PanelKind::SideWall, PanelKind::Flap],
        &[
            PanelKind::EndWall,
            PanelKind::Rim,
            PanelKind::InnerPanel,
            PanelKind::Tab,
        ],
        &[],
    ];
    let pic_h = ((area.bottom() - y) / words.steps.len().max(1) as f64 - 4.0).clamp(12.0, 40.0);
    let k = pic_h / tray.height;
    let pic_w = tray.width * k;
    for (i, text) in words.steps.iter().enumerate() {
        let highlight = steps.get(i).copied().unwrap_or(&[]);
        let at = pt(area.x, y);
        let place = Transform([k, 0.0, 0.0, k, at.x, at.y]);
        let mut pic = Vec::new();
        for (kind, pts) in &tray.panels {
            let fill = if highlight.contains(kind) {
                accent
            } else {
                Color::WHITE
            };
            pic.push(shapes::fill(poly(pts), fill));
        }
        // The lines as on the net: cuts and slots solid, folds dash-dot.
        pic.push(shapes::stroke(cut_segs(tray), Stroke::solid(ink, 0.25 / k)));
        pic.push(shapes::stroke(
            fold_segs(tray),
            Stroke::dashed(ink, 0.25 / k, vec![1.5 / k, 0.6 / k, 0.3 / k, 0.6 / k]),
        ));
        if i == 1 {
            // Creasing: the folds drawn strong.
            pic.push(shapes::stroke(
                fold_segs(tray),
                Stroke::solid(accent, 0.6 / k),
            ));
        }
        if i == 0 {
            // Cutting: the outline and slots drawn strong.
            pic.push(shapes::stroke(
                cut_segs(tray),
                Stroke::solid(accent, 0.6 / k),
            ));
        }
        items.push(Item::Group(Group {
            picture: false,
            transform: place,
            items: pic,
        }));
        let number = format!("{}.", i + 1);
        let tx = area.x + pic_w + 6.0;
        items.extend(left_text(
            res,
            &res.bold,
            &number,
            4.0,
            pt(tx, y + 4.0),
            accent,
        ));
        let end = para(text, tx + 7.0, y + 4.0, area.right() - tx - 7.0, &mut items);
        y = (y + pic_h).max(end) + 4.0;
    }
    page.add(Layer::Artwork, items);
    page
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

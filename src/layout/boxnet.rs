//! The box: a glueless tray with a lid, each cut and folded from one flat net.
//!
//! Lengths in mm. A net's coordinates have their origin at the top-left
//! corner of its bounding box, x to the right, y down; the printed side is the
//! outside of the box, so every fold is a mountain fold seen from the print.
//!
//! The net of a tray:
//!
//! ```text
//!              ┌─tab─┐   ┌─tab─┐
//!          ┌───┴─────┴───┴─────┴───┐
//!          │      inner panel      │   hangs down inside the end wall
//!          ├───────────────────────┤
//!          │          rim          │   the top of the double end wall
//!        ┌─┴───────────────────────┴─┐
//!   flap │         end wall          │ flap
//! ┌──────┼───────────────────────────┼──────┐
//! │ side │   base (slots for tabs)   │ side │
//! │ wall │                           │ wall │
//! └──────┼───────────────────────────┼──────┘
//!   flap │         end wall          │ flap
//!        …          (mirrored)              …
//! ```
//!
//! The side walls stand up and their corner flaps turn in; each end wall
//! stands up outside the flaps, its rim lies across their tops and its inner
//! panel hangs down inside them, the panel's tabs dropping into slots in the
//! base, holding everything without glue.
//!
//! **Folded geometry.** Card is `c` mm thick and every panel's mid-plane lies
//! on its fold lines: the base's on the folds round it, each wall's on its
//! fold with the base. So the inside between the side walls is the base's
//! width less `c`; at each end the inner panel's mid-plane lies one rim width
//! `r` inside the end wall's fold (the end wall, a flap and the inner panel
//! between them), so the inside length is the base's length less `2r + c`;
//! and the inside height, from the base's top face to the rim's lower face,
//! is the wall's height (fold to fold) less `c`. [`Net::inside`] measures it
//! from the net.

use super::sheet::Rect;
use crate::scene::{pt, Pt};

/// The inside of a folded box, mm: the free room between the inner faces of
/// its card (see the module's folded geometry).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxSize {
    /// Inside width (x).
    pub w: f64,
    /// Inside depth (y).
    pub d: f64,
    /// Inside height.
    pub h: f64,
}

/// What the box must hold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contents {
    /// Counter size (diameter or width), mm.
    pub counter: f64,
    /// Number of counters.
    pub count: usize,
    /// Thickness of one finished counter, mm.
    pub counter_thickness: f64,
    /// Footprint of the folded papers (board, rules), mm.
    pub papers: (f64, f64),
    /// Thickness of the folded papers, mm.
    pub papers_thickness: f64,
}

/// Play added on every inside dimension before rounding up to a whole
/// millimetre, mm: the contents always have at least this much to spare.
pub const PLAY: f64 = 1.5;

/// The lowest inside height, mm: a wall 6.35 mm from fold to fold (on
/// 0.35 mm card) still gives its inner panel 3.35 mm and its tabs 3 mm, the
/// least that folds cleanly and holds in the slots; lower walls would not.
pub const MIN_HEIGHT: f64 = 6.0;

/// Room left above the contents for the folded papers' spring, mm: a sheet
/// folded in four does not lie quite flat.
pub const SPRING: f64 = 1.0;

/// The least distance from a slot to any fold line, mm: a slot cut closer
/// would slit the crease.
pub const SLOT_CLEAR: f64 = 1.0;

/// Room around a tab in its slot, on each side, mm.
pub const SLOT_PLAY: f64 = 0.3;

/// Room between the inner panel (and rim) and each side wall's inner face, mm.
pub const PANEL_PLAY: f64 = 0.5;

/// Where the counters go: stacks in a grid, beside or on top of the papers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stacks {
    /// Stacks across and down.
    pub cols: usize,
    /// Rows of stacks.
    pub rows: usize,
    /// Counters in the tallest stack.
    pub per_stack: usize,
}

/// The inside a tray needs: the papers lie flat on the bottom, the counters
/// stand in stacks on top of them, in as many stacks as the papers' footprint
/// holds (at least two, so a stack is never taller than it needs to be).
/// Every inside dimension is the contents plus [`PLAY`], rounded up to a
/// whole millimetre; the card's thickness goes into the net, not the inside.
/// The height is the papers' thickness, the tallest stack, [`PLAY`] and
/// [`SPRING`], at least [`MIN_HEIGHT`]: the default set's 3 sheets and 16
/// fold-over counters (1.2 + 0.7 mm) make a tray 6 mm deep.
pub fn box_for(c: &Contents) -> (BoxSize, Stacks) {
    let cell = c.counter + 1.0;
    let fit = |room: f64| ((room + 1e-9) / cell).floor().max(1.0) as usize;
    let (cols, rows) = (fit(c.papers.0), fit(c.papers.1));
    let stacks = (cols * rows).min(c.count.max(1));
    let per_stack = c.count.div_ceil(stacks.max(1));
    let used_cols = cols.min(stacks);
    let used_rows = stacks.div_ceil(used_cols);
    let w = c.papers.0.max(used_cols as f64 * cell) + PLAY;
    let d = c.papers.1.max(used_rows as f64 * cell) + PLAY;
    let h = (c.papers_thickness + per_stack as f64 * c.counter_thickness + PLAY + SPRING)
        .max(MIN_HEIGHT);
    (
        BoxSize {
            w: whole(w),
            d: whole(d),
            h: whole(h),
        },
        Stacks {
            cols: used_cols,
            rows: used_rows,
            per_stack,
        },
    )
}

/// Up to the next whole millimetre (a hair's rounding error does not add one).
fn whole(v: f64) -> f64 {
    (v - 1e-9).ceil()
}

/// The rim's width for card `card` mm thick, mm: the distance from an end
/// wall's mid-plane to its inner panel's. At least two cards (half the end
/// wall, a flap, half the panel), and enough to keep the slot under the
/// panel's tabs [`SLOT_CLEAR`] from the end wall's fold.
pub fn rim(card: f64) -> f64 {
    (2.0 * card).max(card / 2.0 + SLOT_PLAY + SLOT_CLEAR)
}

/// The inside of a lid that slips over a tray of inside `tray` made of card
/// `card` mm thick: the tray's outside plus a millimetre, rounded up to a
/// whole millimetre; as tall as the tray.
pub fn lid_for(tray: BoxSize, card: f64) -> BoxSize {
    // Outside the inside: a side wall's whole card on each side; at each end,
    // the rim and the halves of the inner panel and the end wall.
    BoxSize {
        w: whole(tray.w + 2.0 * card + 1.0),
        d: whole(tray.d + 2.0 * (rim(card) + card) + 1.0),
        h: tray.h,
    }
}

/// A panel of a net, for colouring it and for pointing at it in diagrams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelKind {
    /// The bottom of a tray, or the top of a lid.
    Base,
    /// The two walls along the depth.
    SideWall,
    /// The two walls along the width.
    EndWall,
    /// The strips across the tops of the end walls, between each end wall and
    /// its inner panel.
    Rim,
    /// The panels folded down inside the end walls.
    InnerPanel,
    /// The four flaps at the side walls' ends.
    Flap,
    /// The locking tabs.
    Tab,
}

/// A flat net: panels, cut lines, folds and slots, in net coordinates (mm).
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    /// Width of the net's bounding box.
    pub width: f64,
    /// Height of the net's bounding box.
    pub height: f64,
    /// Panels as closed polygons.
    pub panels: Vec<(PanelKind, Vec<Pt>)>,
    /// Cut lines (the outline, and the slits between flaps and end walls).
    pub cuts: Vec<(Pt, Pt)>,
    /// Fold lines, all mountain folds seen from the printed side.
    pub folds: Vec<(Pt, Pt)>,
    /// Slots to cut in the base for the tabs.
    pub slots: Vec<Rect>,
    /// The base panel, fold line to fold line.
    pub base: Rect,
    /// The card's thickness, mm.
    pub card: f64,
}

impl Net {
    /// The panels of one kind.
    pub fn of(&self, kind: PanelKind) -> impl Iterator<Item = &Vec<Pt>> {
        self.panels
            .iter()
            .filter(move |(k, _)| *k == kind)
            .map(|(_, p)| p)
    }

    /// The inside once folded, measured from the panels (see the module's
    /// folded geometry): the base's width less one card; its length less two
    /// rims and one card; the end wall's height less one card.
    pub fn inside(&self) -> BoxSize {
        let c = self.card;
        let span = |p: &Vec<Pt>| {
            let ys = p.iter().map(|q| q.y);
            ys.clone().fold(f64::MIN, f64::max) - ys.fold(f64::MAX, f64::min)
        };
        let rim = self.of(PanelKind::Rim).map(span).fold(0.0, f64::max);
        let wall = self.of(PanelKind::EndWall).map(span).fold(0.0, f64::max);
        BoxSize {
            w: self.base.w - c,
            d: self.base.h - 2.0 * rim - c,
            h: wall - c,
        }
    }
}

/// The net of a tray (or lid) with inside `size`, of card `card` mm thick:
/// the panels are the inside plus the card's layers (see the module's folded
/// geometry), so [`Net::inside`] gives `size` back.
pub fn net(size: BoxSize, card: f64) -> Net {
    let c = card;
    let r = rim(c);
    let (w, d) = (size.w + c, size.d + 2.0 * r + c);
    let h = size.h + c; // the end and side walls, fold to fold
    let t = (h * 0.3).clamp(3.0, 6.0); // tab depth
                                       // The inner panel and its tabs reach down to the base's mid-plane, no
                                       // further: they swing in without bending, the tabs' tips in the slots.
    let hi = h - t;
    let wp = size.w - 2.0 * PANEL_PLAY; // inner panel and rim, between the side walls
    let e = (w - wp) / 2.0;
    let flap = (h - 1.0).min(w / 2.0 - 1.0).max(2.0);
    let (y1, y2) = (t, t + hi);
    let y3 = y2 + r;
    let y4 = y3 + h;
    let x1 = h;
    let (xp0, xp1) = (x1 + e, x1 + e + wp);
    let (total_w, total_h) = (2.0 * h + w, 2.0 * y4 + d);
    let mut panels = Vec::new();
    let mut cuts = Vec::new();
    let mut folds = Vec::new();
    let mut slots = Vec::new();
    // Tabs: two on each inner panel, each a quarter of its width.
    let tab_span = [(wp / 8.0, 3.0 * wp / 8.0), (5.0 * wp / 8.0, 7.0 * wp / 8.0)];
    let ch = 1.0_f64.min(t / 3.0); // chamfer of a tab's corners
                                   // Build the top half (end wall, rim, inner panel, tabs, flaps), then mirror it.
    let mut half_panels = vec![
        (PanelKind::EndWall, rect_pts(x1, y3, w, h)),
        (PanelKind::Rim, rect_pts(xp0, y2, wp, r)),
        (PanelKind::InnerPanel, rect_pts(xp0, y1, wp, hi)),
    ];
    let mut half_cuts = vec![];
    let mut edge = vec![pt(xp0, y1)];
    for (a, b) in tab_span {
        let (a, b) = (xp0 + a, xp0 + b);
        let tab = vec![pt(a, y1), pt(a + ch, 0.0), pt(b - ch, 0.0), pt(b, y1)];
        edge.extend(tab.iter().copied());
        half_panels.push((PanelKind::Tab, tab));
    }
    edge.push(pt(xp1, y1));
    for pair in edge.windows(2) {
        half_cuts.push((pair[0], pair[1]));
    }
    // The inner panel's and rim's sides, the end wall's top beside the rim,
    // and the end wall's sides down to the base (the slits beside the flaps).
    half_cuts.push((pt(xp0, y1), pt(xp0, y3)));
    half_cuts.push((pt(xp1, y1), pt(xp1, y3)));
    half_cuts.push((pt(x1, y3), pt(xp0, y3)));
    half_cuts.push((pt(xp1, y3), pt(x1 + w, y3)));
    half_cuts.push((pt(x1, y3), pt(x1, y4)));
    half_cuts.push((pt(x1 + w, y3), pt(x1 + w, y4)));
    let mut half_folds = vec![
        (pt(xp0, y2), pt(xp1, y2)),   // inner panel down from the rim
        (pt(xp0, y3), pt(xp1, y3)),   // rim over from the end wall
        (pt(x1, y4), pt(x1 + w, y4)), // end wall up from the base
    ];
    // Flaps on the side walls' ends, their far outer corner cut off.
    for (x_out, x_in) in [(0.0, x1), (total_w, x1 + w)] {
        let dir: f64 = if x_out < x_in { 1.0 } else { -1.0 };
        let clear = 0.5 * dir; // clear of the wall's top edge
        let flap_pts = vec![
            pt(x_out + clear, y4),
            pt(x_out + clear + dir * (flap * 0.35), y4 - flap),
            pt(x_in, y4 - flap),
            pt(x_in, y4),
        ];
        half_cuts.push((pt(x_out, y4), flap_pts[0]));
        half_cuts.push((flap_pts[0], flap_pts[1]));
        half_cuts.push((flap_pts[1], flap_pts[2]));
        half_folds.push((flap_pts[0], flap_pts[3]));
        half_panels.push((PanelKind::Flap, flap_pts));
    }
    // Slots in the base, where the tabs come down: centred one rim inside the
    // end wall's fold, a card wide plus play on each side.
    for (a, b) in tab_span {
        slots.push(Rect {
            x: xp0 + a - SLOT_PLAY,
            y: y4 + r - c / 2.0 - SLOT_PLAY,
            w: b - a + 2.0 * SLOT_PLAY,
            h: c + 2.0 * SLOT_PLAY,
        });
    }
    let flip = |p: Pt| pt(p.x, total_h - p.y);
    for (kind, pts) in half_panels {
        panels.push((kind, pts.iter().map(|p| flip(*p)).collect()));
        panels.push((kind, pts));
    }
    for (a, b) in half_cuts {
        cuts.push((flip(a), flip(b)));
        cuts.push((a, b));
    }
    for (a, b) in half_folds {
        folds.push((flip(a), flip(b)));
        folds.push((a, b));
    }
    for s in slots.clone() {
        slots.push(Rect {
            y: total_h - s.y - s.h,
            ..s
        });
    }
    // The base and side walls.
    let base = Rect {
        x: x1,
        y: y4,
        w,
        h: d,
    };
    panels.push((PanelKind::Base, rect_pts(base.x, base.y, w, d)));
    for x in [0.0, x1 + w] {
        panels.push((PanelKind::SideWall, rect_pts(x, y4, h, d)));
    }
    cuts.push((pt(0.0, y4), pt(0.0, y4 + d)));
    cuts.push((pt(total_w, y4), pt(total_w, y4 + d)));
    folds.push((pt(x1, y4), pt(x1, y4 + d)));
    folds.push((pt(x1 + w, y4), pt(x1 + w, y4 + d)));
    Net {
        width: total_w,
        height: total_h,
        panels,
        cuts,
        folds,
        slots,
        base,
        card: c,
    }
}

fn rect_pts(x: f64, y: f64, w: f64, h: f64) -> Vec<Pt> {
    vec![pt(x, y), pt(x + w, y), pt(x + w, y + h), pt(x, y + h)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contents() -> Contents {
        Contents {
            counter: 22.0,
            count: 16,
            counter_thickness: 0.7,
            papers: (105.0, 148.5),
            papers_thickness: 1.6,
        }
    }

    #[test]
    fn the_inside_holds_the_stack() {
        for count in [8, 16, 32, 256] {
            let c = Contents {
                count,
                ..contents()
            };
            let (size, stacks) = box_for(&c);
            assert!(stacks.cols * stacks.rows * stacks.per_stack >= count);
            assert!(size.w >= stacks.cols as f64 * c.counter && size.w >= c.papers.0);
            assert!(size.d >= stacks.rows as f64 * c.counter && size.d >= c.papers.1);
            let stack_h = c.papers_thickness + stacks.per_stack as f64 * c.counter_thickness;
            assert!(
                size.h >= stack_h + PLAY,
                "{count}: {size:?} for {stack_h} mm"
            );
            assert!(size.h >= MIN_HEIGHT);
        }
        // Counters larger than the folded papers still fit.
        let (size, _) = box_for(&Contents {
            counter: 130.0,
            ..contents()
        });
        assert!(size.w >= 130.0 && size.d >= 130.0);
    }

    #[test]
    fn the_lid_slips_over_the_tray() {
        let (tray, _) = box_for(&contents());
        for card in [0.2, 0.35, 0.6, 1.0, 2.0] {
            let lid = lid_for(tray, card);
            // The tray's outside: a card on each side, two halves and a rim at each end.
            assert!(lid.w >= tray.w + 2.0 * card + 1.0);
            assert!(lid.d >= tray.d + 2.0 * (rim(card) + card) + 1.0);
            let n = net(lid, card);
            let back = n.inside();
            assert!((back.w - lid.w).abs() < 1e-9 && (back.d - lid.d).abs() < 1e-9);
        }
    }

    #[test]
    fn the_net_closes() {
        let size = BoxSize {
            w: 110.0,
            d: 150.0,
            h: 20.0,
        };
        for card in [0.2, 0.4, 1.0, 2.0] {
            let n = net(size, card);
            let inside = n.inside();
            assert!((inside.w - size.w).abs() < 1e-9, "{inside:?}");
            assert!((inside.d - size.d).abs() < 1e-9, "{inside:?}");
            assert!((inside.h - size.h).abs() < 1e-9, "{inside:?}");
            let height = |p: &Vec<Pt>| (p[2].y - p[1].y).abs();
            let width = |p: &Vec<Pt>| (p[1].x - p[0].x).abs();
            let wall = size.h + card;
            assert_eq!(n.of(PanelKind::SideWall).count(), 2);
            for p in n.of(PanelKind::SideWall) {
                assert!((width(p) - wall).abs() < 1e-9);
                assert!((height(p) - n.base.h).abs() < 1e-9);
            }
            assert_eq!(n.of(PanelKind::EndWall).count(), 2);
            for p in n.of(PanelKind::EndWall) {
                assert!((height(p) - wall).abs() < 1e-9);
                assert!((width(p) - n.base.w).abs() < 1e-9);
            }
            // Hanging from the rim, panel and tab reach the base's mid-plane at most,
            // and the panel fits between the side walls' inner faces.
            let tab = n
                .of(PanelKind::Tab)
                .map(|p| (p[1].y - p[0].y).abs())
                .fold(0.0, f64::max);
            for p in n.of(PanelKind::InnerPanel) {
                assert!(
                    height(p) + tab <= wall + 1e-9,
                    "{card}: {} + {tab}",
                    height(p)
                );
                assert!(width(p) <= n.base.w - card - 2.0 * PANEL_PLAY + 1e-9);
            }
            // The rim leaves room for the end wall's half, a flap and the panel's half.
            for p in n.of(PanelKind::Rim) {
                assert!(height(p) >= 2.0 * card - 1e-9);
            }
            // Slots lie in the base, under the tabs, and clear of every fold.
            assert_eq!(n.slots.len(), 4);
            let r = rim(card);
            for s in &n.slots {
                assert!(n.base.contains(s), "{s:?} outside the base {:?}", n.base);
                let near = (s.y - n.base.y).min(n.base.bottom() - s.bottom());
                let far = (s.bottom() - n.base.y).min(n.base.bottom() - s.y);
                assert!(
                    near <= r - card / 2.0 && far >= r + card / 2.0,
                    "{near} {far}"
                );
                assert!(
                    near >= SLOT_CLEAR - 1e-9,
                    "{card}: slot {near} mm from the fold"
                );
            }
            // Flaps fit inside an end wall without meeting each other.
            assert_eq!(n.of(PanelKind::Flap).count(), 4);
            for p in n.of(PanelKind::Flap) {
                let depth = (p[3].y - p[2].y).abs();
                assert!(depth < n.base.w / 2.0, "flaps of {depth} mm would overlap");
                assert!(depth <= wall, "a flap taller than the wall sticks out");
            }
            // Everything lies inside the bounding box.
            for (a, b) in n.cuts.iter().chain(&n.folds) {
                for p in [a, b] {
                    assert!(
                        p.x >= -1e-9
                            && p.y >= -1e-9
                            && p.x <= n.width + 1e-9
                            && p.y <= n.height + 1e-9
                    );
                }
            }
        }
    }
}

//! The box: a glueless tray with a lid, each cut and folded from one flat net.
//!
//! Lengths in mm. A net's coordinates have their origin at the top-left
//! corner of its bounding box, x to the right, y down; the printed side is the
//! outside of the box, so every fold is a mountain fold seen from the print.
//!
//! The net of a tray with an inside of `w × d × h`:
//!
//! ```text
//!            ┌─tab─┐   ┌─tab─┐
//!        ┌───┴─────┴───┴─────┴───┐
//!        │      inner panel      │   folds down inside the end wall
//!        ├───────────────────────┤
//!   flap │       end wall        │ flap
//! ┌──────┼───────────────────────┼──────┐
//! │ side │  base (slots for tabs) │ side │
//! │ wall │                        │ wall │
//! └──────┼───────────────────────┼──────┘
//!   flap │       end wall        │ flap
//!        …         (mirrored)           …
//! ```
//!
//! The side walls stand up and their corner flaps turn in; each end wall
//! stands up over the flaps, its inner panel folds down inside it, and the
//! panel's tabs lock into slots in the base, holding everything without glue.

use super::sheet::Rect;
use crate::scene::{pt, Pt};

/// The inside of a box, mm.
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

/// Play added on every inside dimension, mm.
pub const PLAY: f64 = 1.5;

/// The lowest inside height, mm: lower walls would not hold their tabs.
pub const MIN_HEIGHT: f64 = 12.0;

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
    let h =
        (c.papers_thickness + per_stack as f64 * c.counter_thickness + PLAY + 1.0).max(MIN_HEIGHT);
    (
        BoxSize { w, d, h: h.ceil() },
        Stacks {
            cols: used_cols,
            rows: used_rows,
            per_stack,
        },
    )
}

/// The inside of a lid that slips over a tray of inside `tray` made of card
/// `card` mm thick: the tray's outside (three layers at the ends, two at the
/// sides) plus play; as tall as the tray.
pub fn lid_for(tray: BoxSize, card: f64) -> BoxSize {
    BoxSize {
        w: tray.w + 2.0 * 2.0 * card + 1.0,
        d: tray.d + 2.0 * 3.0 * card + 1.0,
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
    /// The halves folded down inside the end walls.
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
    /// The base panel.
    pub base: Rect,
}

/// The net of a tray (or lid) with inside `size`, of card `card` mm thick.
/// Panels are the inside sizes plus one card thickness, so that folded card
/// keeps the inside free.
pub fn net(size: BoxSize, card: f64) -> Net {
    let (w, d) = (size.w + card, size.d + card);
    let h = size.h;
    let hi = h - 2.0 * card; // the inner panel stops short of the base by the base's thickness
    let t = (h * 0.4).clamp(4.0, 8.0); // tab depth
    let flap = (h - 1.0).min(w / 2.0 - 1.0).max(2.0);
    let (y1, y2) = (t, t + hi);
    let y3 = y2 + h;
    let x1 = h;
    let (total_w, total_h) = (2.0 * h + w, 2.0 * (t + hi + h) + d);
    let mut panels = Vec::new();
    let mut cuts = Vec::new();
    let mut folds = Vec::new();
    let mut slots = Vec::new();
    // Tabs: two on each inner panel, each a quarter of the width.
    let tab_span = [(w / 8.0, 3.0 * w / 8.0), (5.0 * w / 8.0, 7.0 * w / 8.0)];
    let ch = 1.0_f64.min(t / 3.0); // chamfer of a tab's corners
                                   // Build the top half (end wall, inner panel, tabs, flaps), then mirror it.
    let mut half_panels = vec![
        (PanelKind::EndWall, rect_pts(x1, y2, w, h)),
        (PanelKind::InnerPanel, rect_pts(x1, y1, w, hi)),
    ];
    let mut half_cuts = vec![];
    let mut edge = vec![pt(x1, y1)];
    for (a, b) in tab_span {
        let (a, b) = (x1 + a, x1 + b);
        let tab = vec![pt(a, y1), pt(a + ch, 0.0), pt(b - ch, 0.0), pt(b, y1)];
        edge.extend(tab.iter().copied());
        half_panels.push((PanelKind::Tab, tab));
    }
    edge.push(pt(x1 + w, y1));
    for pair in edge.windows(2) {
        half_cuts.push((pair[0], pair[1]));
    }
    // The inner panel's and end wall's sides: cut down to the base (the lower
    // part is the slit beside a flap).
    half_cuts.push((pt(x1, y1), pt(x1, y3)));
    half_cuts.push((pt(x1 + w, y1), pt(x1 + w, y3)));
    let mut half_folds = vec![
        (pt(x1, y2), pt(x1 + w, y2)), // inner panel over the end wall
        (pt(x1, y3), pt(x1 + w, y3)), // end wall up from the base
    ];
    // Flaps on the side walls' ends, their far outer corner cut off.
    for (x_out, x_in) in [(0.0, x1), (total_w, x1 + w)] {
        let dir: f64 = if x_out < x_in { 1.0 } else { -1.0 };
        let c = 0.5 * dir; // clear of the wall's top edge
        let flap_pts = vec![
            pt(x_out + c, y3),
            pt(x_out + c + dir * (flap * 0.35), y3 - flap),
            pt(x_in, y3 - flap),
            pt(x_in, y3),
        ];
        half_cuts.push((pt(x_out, y3), flap_pts[0]));
        half_cuts.push((flap_pts[0], flap_pts[1]));
        half_cuts.push((flap_pts[1], flap_pts[2]));
        half_folds.push((flap_pts[0], flap_pts[3]));
        half_panels.push((PanelKind::Flap, flap_pts));
    }
    // Slots in the base, where the tabs come down. Standing, the end wall, the
    // flap and the inner panel lie one card thick each inside the fold line, so
    // the tab comes down between 2 and 3 card thicknesses in: the slot spans
    // that with half a card and 0.3 mm to spare on each side.
    let slot_y = y3 + 1.5 * card - 0.3;
    let slot_h = 2.0 * card + 0.6;
    for (a, b) in tab_span {
        slots.push(Rect {
            x: x1 + a - 0.3,
            y: slot_y,
            w: b - a + 0.6,
            h: slot_h,
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
        y: y3,
        w,
        h: d,
    };
    panels.push((PanelKind::Base, rect_pts(base.x, base.y, w, d)));
    for x in [0.0, x1 + w] {
        panels.push((PanelKind::SideWall, rect_pts(x, y3, h, d)));
    }
    cuts.push((pt(0.0, y3), pt(0.0, y3 + d)));
    cuts.push((pt(total_w, y3), pt(total_w, y3 + d)));
    folds.push((pt(x1, y3), pt(x1, y3 + d)));
    folds.push((pt(x1 + w, y3), pt(x1 + w, y3 + d)));
    Net {
        width: total_w,
        height: total_h,
        panels,
        cuts,
        folds,
        slots,
        base,
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
        let lid = lid_for(tray, 0.4);
        // The tray's outside: doubled end walls and a flap, single side walls.
        assert!(lid.w > tray.w + 2.0 * 2.0 * 0.4);
        assert!(lid.d > tray.d + 2.0 * 3.0 * 0.4);
    }

    #[test]
    fn the_net_closes() {
        let size = BoxSize {
            w: 110.0,
            d: 150.0,
            h: 20.0,
        };
        let card = 0.4;
        let n = net(size, card);
        let len = |(a, b): &(Pt, Pt)| ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
        // Walls are as tall as the box; a wall's end meets its neighbour's flap.
        let side_walls: Vec<_> = n
            .panels
            .iter()
            .filter(|(k, _)| *k == PanelKind::SideWall)
            .collect();
        let end_walls: Vec<_> = n
            .panels
            .iter()
            .filter(|(k, _)| *k == PanelKind::EndWall)
            .collect();
        assert_eq!((side_walls.len(), end_walls.len()), (2, 2));
        for (_, p) in &side_walls {
            assert!(
                ((p[1].x - p[0].x) - size.h).abs() < 1e-9,
                "side walls stand {}",
                size.h
            );
            assert!(
                ((p[2].y - p[1].y) - n.base.h).abs() < 1e-9,
                "and run the base's length"
            );
        }
        for (_, p) in &end_walls {
            assert!(((p[2].y - p[1].y).abs() - size.h).abs() < 1e-9);
            assert!(((p[1].x - p[0].x).abs() - n.base.w).abs() < 1e-9);
        }
        // Every fold is a whole panel edge of the base or a wall.
        let fold_len: f64 = n.folds.iter().map(len).sum();
        let want = 2.0 * n.base.w * 2.0 + 2.0 * n.base.h + 4.0 * (size.h - 0.5);
        assert!((fold_len - want).abs() < 1e-6, "{fold_len} vs {want}");
        // The inner panel stops short of the base by the card it stands on, and
        // the slots sit within the base.
        let inner: Vec<_> = n
            .panels
            .iter()
            .filter(|(k, _)| *k == PanelKind::InnerPanel)
            .collect();
        for (_, p) in inner {
            assert!(((p[2].y - p[1].y).abs() - (size.h - 2.0 * card)).abs() < 1e-9);
        }
        assert_eq!(n.slots.len(), 4);
        for s in &n.slots {
            assert!(n.base.contains(s), "{s:?} outside the base {:?}", n.base);
            // The tab comes down 2 to 3 card thicknesses inside the fold.
            let near = if (s.y - n.base.y).abs() < (s.bottom() - n.base.bottom()).abs() {
                (s.y - n.base.y, s.bottom() - n.base.y)
            } else {
                (n.base.bottom() - s.bottom(), n.base.bottom() - s.y)
            };
            assert!(
                near.0 < 2.0 * card && near.1 > 3.0 * card,
                "slot {near:?} misses the tab"
            );
        }
        // Flaps fit inside an end wall without meeting each other.
        let flaps: Vec<_> = n
            .panels
            .iter()
            .filter(|(k, _)| *k == PanelKind::Flap)
            .collect();
        assert_eq!(flaps.len(), 4);
        for (_, p) in flaps {
            let depth = (p[3].y - p[2].y).abs();
            assert!(depth < n.base.w / 2.0, "flaps of {depth} mm would overlap");
            assert!(depth <= size.h, "a flap taller than the wall sticks out");
        }
        // Everything lies inside the bounding box.
        for (a, b) in n.cuts.iter().chain(&n.folds) {
            for p in [a, b] {
                assert!(
                    p.x >= -1e-9 && p.y >= -1e-9 && p.x <= n.width + 1e-9 && p.y <= n.height + 1e-9
                );
            }
        }
    }
}

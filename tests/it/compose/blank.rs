//! Holes in a page: the largest blank square inside its type area, worked
//! out from the bounding boxes of the items drawn (paths with half their
//! stroke, text by advance and ascent/descent), as a reader sees a hole.
//! Lengths in mm, page coordinates (origin top-left, y down).

use jungle_print::resolve::Resources;
use jungle_print::scene::{bounds, pt, Item, Page, Transform};

/// The box (x0, y0, x1, y1) in mm of every drawn item of the page: paths
/// with half their stroke, text runs by advance and ascent/descent (turned
/// with the run), clips by their outline, pictures by their unit square.
pub fn item_boxes(page: &Page, r: &Resources) -> Vec<(String, [f64; 4])> {
    fn corners(t: Transform, b: [f64; 4]) -> [f64; 4] {
        let ps = [
            t.apply(pt(b[0], b[1])),
            t.apply(pt(b[2], b[1])),
            t.apply(pt(b[0], b[3])),
            t.apply(pt(b[2], b[3])),
        ];
        let xs = ps.iter().map(|p| p.x);
        let ys = ps.iter().map(|p| p.y);
        [
            xs.clone().fold(f64::MAX, f64::min),
            ys.clone().fold(f64::MAX, f64::min),
            xs.fold(f64::MIN, f64::max),
            ys.fold(f64::MIN, f64::max),
        ]
    }
    fn walk(items: &[Item], t: Transform, r: &Resources, out: &mut Vec<(String, [f64; 4])>) {
        for item in items {
            match item {
                Item::Group(g) => walk(&g.items, t.then_apply(g.transform), r, out),
                Item::Clip(c) => {
                    let (x0, y0, x1, y1) = bounds(&c.path).unwrap();
                    out.push(("clip".into(), corners(t, [x0, y0, x1, y1])));
                }
                Item::Page(p) => walk(&p.flattened().items, t, r, out),
                Item::Path(p) => {
                    let Some((x0, y0, x1, y1)) = bounds(&p.segs) else {
                        continue;
                    };
                    let sw = p.stroke.as_ref().map_or(0.0, |s| s.width / 2.0);
                    out.push((
                        "path".into(),
                        corners(t, [x0 - sw, y0 - sw, x1 + sw, y1 + sw]),
                    ));
                }
                Item::Text(run) => {
                    let w = r.fonts.width_em(run.font, &run.text) * run.size;
                    let (asc, desc) = r.fonts.ascent_descent_em(run.font);
                    let turn = t.then_apply(Transform::rotate_about(run.rotation, run.pos));
                    out.push((
                        run.text.clone(),
                        corners(
                            turn,
                            [
                                run.pos.x,
                                run.pos.y - asc * run.size,
                                run.pos.x + w,
                                run.pos.y - desc * run.size,
                            ],
                        ),
                    ));
                }
                Item::Picture(p) => {
                    out.push((
                        "picture".into(),
                        corners(t.then_apply(p.transform), [0.0, 0.0, 1.0, 1.0]),
                    ));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (_, items) in page.layers.iter() {
        walk(items, Transform::IDENTITY, r, &mut out);
    }
    out
}

/// The largest blank square, its side in mm, inside `area` (x0, y0, x1, y1)
/// of the page: no item's box overlaps it. Worked on a 0.5 mm grid (a cell
/// is taken when any box touches it), so the answer is a multiple of 0.5
/// and never more than the truth. Boxes of fills larger than a quarter of
/// the area are backgrounds (a poster's panels): not counted.
/// Returns its side and its top-left corner, mm.
pub fn blank_square(page: &Page, r: &Resources, area: [f64; 4]) -> (f64, f64, f64) {
    const CELL: f64 = 0.5;
    let [ax0, ay0, ax1, ay1] = area;
    let (nx, ny) = (
        ((ax1 - ax0) / CELL).floor() as usize,
        ((ay1 - ay0) / CELL).floor() as usize,
    );
    let mut taken = vec![false; nx * ny];
    let whole = (ax1 - ax0) * (ay1 - ay0);
    for (what, [x0, y0, x1, y1]) in item_boxes(page, r) {
        if what == "path" && (x1 - x0) * (y1 - y0) > whole / 4.0 {
            continue;
        }
        let cx = |x: f64| (((x - ax0) / CELL).floor().max(0.0) as usize).min(nx);
        let cy = |y: f64| (((y - ay0) / CELL).floor().max(0.0) as usize).min(ny);
        let (i0, i1) = (cx(x0), cx(x1).saturating_add(1).min(nx));
        let (j0, j1) = (cy(y0), cy(y1).saturating_add(1).min(ny));
        for j in j0..j1 {
            for i in i0..i1 {
                taken[j * nx + i] = true;
            }
        }
    }
    // The classic dynamic programme: the side of the largest blank square
    // whose bottom-right cell is (i, j).
    let mut best = (0usize, 0usize, 0usize);
    let mut prev = vec![0usize; nx + 1];
    for j in 0..ny {
        let mut row = vec![0usize; nx + 1];
        for i in 0..nx {
            if !taken[j * nx + i] {
                row[i + 1] = 1 + prev[i].min(prev[i + 1]).min(row[i]);
                if row[i + 1] > best.0 {
                    best = (row[i + 1], i, j);
                }
            }
        }
        prev = row;
    }
    let side = best.0 as f64 * CELL;
    (
        side,
        ax0 + (best.1 + 1) as f64 * CELL - side,
        ay0 + (best.2 + 1) as f64 * CELL - side,
    )
}

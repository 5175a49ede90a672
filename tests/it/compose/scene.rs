//! The board page as a compact text picture of its scene: one line per item,
//! lengths rounded to 0.1 mm, so a snapshot shows what changed in the drawing
//! (an item, a colour, a position) without the renderers' output around it.
//! The renderers' own goldens: `render::svg`.

use std::fmt::Write as _;

use crate::common;

use common::*;
use jungle_print::layout::paper::Paper;
use jungle_print::scene::{Color, Item, Page, Pt, Seg, Transform};

fn n(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 {
        "0".into()
    } else {
        format!("{r}")
    }
}

fn pt(p: Pt) -> String {
    format!("{},{}", n(p.x), n(p.y))
}

fn colour(c: Color) -> String {
    match c {
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        other => format!("{other:?}"),
    }
}

/// Segment count and bounding box of an outline (control points included).
fn outline(segs: &[Seg]) -> String {
    match jungle_print::scene::bounds(segs) {
        Some((x0, y0, x1, y1)) => format!(
            "{} segs {}..{}",
            segs.len(),
            pt(Pt { x: x0, y: y0 }),
            pt(Pt { x: x1, y: y1 })
        ),
        None => format!("{} segs", segs.len()),
    }
}

fn transform(t: Transform) -> String {
    let v: Vec<String> = t.0.iter().map(|&v| n(v)).collect();
    v.join(" ")
}

fn items(list: &[Item], depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    for item in list {
        match item {
            Item::Path(p) => {
                let mut line = format!("{pad}path {}", outline(&p.segs));
                if let Some(f) = &p.fill {
                    // A colour, or a gradient's stops in order.
                    let stops: Vec<String> = f.colors().map(colour).collect();
                    write!(line, " fill {}", stops.join("→")).unwrap();
                }
                if let Some(s) = &p.stroke {
                    write!(line, " stroke {} {}", colour(s.color), n(s.width)).unwrap();
                    if !s.dash.is_empty() {
                        let d: Vec<String> = s.dash.iter().map(|&v| n(v)).collect();
                        write!(line, " dash {}", d.join(" ")).unwrap();
                    }
                }
                writeln!(out, "{line}").unwrap();
            }
            Item::Text(t) => {
                let mut line = format!(
                    "{pad}text {:?} font {} size {} at {}",
                    t.text,
                    t.font.0,
                    n(t.size),
                    pt(t.pos)
                );
                if t.rotation != 0.0 {
                    write!(line, " rot {}", n(t.rotation)).unwrap();
                }
                writeln!(out, "{line} fill {}", colour(t.fill)).unwrap();
            }
            Item::Group(g) => {
                writeln!(out, "{pad}group [{}]", transform(g.transform)).unwrap();
                items(&g.items, depth + 1, out);
            }
            Item::Clip(c) => {
                writeln!(out, "{pad}clip {}", outline(&c.path)).unwrap();
                items(&c.items, depth + 1, out);
            }
            Item::Page(p) => {
                writeln!(out, "{pad}page {} x {}", n(p.width), n(p.height)).unwrap();
            }
            Item::Picture(p) => {
                let m: Vec<String> = p.transform.0.iter().map(|&v| n(v)).collect();
                writeln!(
                    out,
                    "{pad}picture {} x {} px, orientation {}, matrix {}",
                    p.raster.width,
                    p.raster.height,
                    p.raster.orientation,
                    m.join(" ")
                )
                .unwrap();
            }
        }
    }
}

/// The compact text form of a page: its size, then each layer's items.
fn scene_text(page: &Page) -> String {
    let mut out = format!(
        "page {} x {} mm, bleed {}\n",
        n(page.width),
        n(page.height),
        n(page.bleed)
    );
    for (layer, list) in page.layers.iter() {
        writeln!(out, "layer {}", layer.id()).unwrap();
        items(list, 1, &mut out);
    }
    out
}

#[test]
fn board_scene_snapshot() {
    let doc = board_doc("en", Paper::A4, None);
    let text = scene_text(&doc.pages[0]);
    let _snapshots = common::snapshots().bind_to_scope();
    insta::assert_snapshot!("board_en_a4_scene", text);
}

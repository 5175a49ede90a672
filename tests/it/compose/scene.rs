//! The board page as a compact text picture of its scene: one line per item,
//! lengths rounded to 0.1 mm, so a snapshot shows what changed in the drawing
//! (an item, a colour, a position) without the renderers' output around it.
//! The renderers' own goldens: `render::svg`.

use std::fmt::Write as _;

use crate::common;

use common::*;
use jungle_print::paper::Paper;
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
    let pts: Vec<Pt> = segs
        .iter()
        .flat_map(|s| match *s {
            Seg::Move(p) | Seg::Line(p) => vec![p],
            Seg::Cubic(a, b, c) => vec![a, b, c],
            Seg::Close => vec![],
        })
        .collect();
    let (mut lo, mut hi) = (pt_max(), pt_min());
    for p in &pts {
        lo = Pt {
            x: lo.x.min(p.x),
            y: lo.y.min(p.y),
        };
        hi = Pt {
            x: hi.x.max(p.x),
            y: hi.y.max(p.y),
        };
    }
    if pts.is_empty() {
        format!("{} segs", segs.len())
    } else {
        format!("{} segs {}..{}", segs.len(), pt(lo), pt(hi))
    }
}

fn pt_max() -> Pt {
    Pt {
        x: f64::INFINITY,
        y: f64::INFINITY,
    }
}

fn pt_min() -> Pt {
    Pt {
        x: f64::NEG_INFINITY,
        y: f64::NEG_INFINITY,
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
                if let Some(f) = p.fill {
                    write!(line, " fill {}", colour(f)).unwrap();
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

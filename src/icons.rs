//! Animal icons: small SVG silhouettes, drawn in one colour beside the
//! animals' characters when a theme asks for them.
//!
//! The built-in set comes from Game Icons (game-icons.net, CC BY 3.0; authors
//! in `icons/README.md`). A theme may name its own SVG files: every `<path>`,
//! `<rect>`, `<circle>`, `<ellipse>`, `<polygon>` and `<polyline>` is drawn
//! filled, with the `transform`s of its groups; the file's own colours are
//! ignored (the icon takes the colour of the text beside it).

use crate::error::Error;
use crate::layout::Animal;
use crate::scene::{pt, shapes, Item, Pt, Seg, Transform};
use crate::theme::Theme;

/// Built-in icons: (name, SVG source), embedded from `icons/`.
pub const BUILTIN: [(&str, &str); 9] = [
    ("elephant", include_str!("../icons/elephant.svg")),
    ("lion", include_str!("../icons/lion.svg")),
    ("tiger", include_str!("../icons/tiger.svg")),
    ("leopard", include_str!("../icons/leopard.svg")),
    ("wolf", include_str!("../icons/wolf.svg")),
    ("fox", include_str!("../icons/fox.svg")),
    ("dog", include_str!("../icons/dog.svg")),
    ("cat", include_str!("../icons/cat.svg")),
    ("rat", include_str!("../icons/rat.svg")),
];

/// The SVG source of a built-in icon.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// An icon's outline in a unit box: x and y from 0 to 1, y down, centred so
/// that its longer side spans the box.
#[derive(Debug, Clone, PartialEq)]
pub struct Icon {
    /// Path segments in unit-box coordinates.
    pub segs: Vec<Seg>,
}

impl Icon {
    /// Reads an SVG document; `origin` names it in messages.
    pub fn parse(svg: &str, origin: &str) -> Result<Icon, String> {
        let doc = roxmltree::Document::parse(svg)
            .map_err(|e| format!("{origin}: not a readable SVG file: {e}"))?;
        let root = doc.root_element();
        if root.tag_name().name() != "svg" {
            return Err(format!("{origin}: the top element is not <svg>"));
        }
        let mut segs = Vec::new();
        collect(root, Transform::IDENTITY, &mut segs, origin)?;
        // The box the drawing was made in: viewBox, else width × height, else its extent.
        let view = root
            .attribute("viewBox")
            .and_then(|v| v.parse::<svgtypes::ViewBox>().ok())
            .map(|v| (v.x, v.y, v.w, v.h))
            .or_else(|| {
                let n = |a| {
                    root.attribute(a)
                        .and_then(|v: &str| v.trim_end_matches("px").parse::<f64>().ok())
                };
                Some((0.0, 0.0, n("width")?, n("height")?))
            });
        let (x, y, w, h) = match view {
            Some(v) => v,
            None => extent(&segs).ok_or_else(|| format!("{origin}: the icon draws nothing"))?,
        };
        if segs.is_empty() {
            return Err(format!(
                "{origin}: the icon draws nothing (no <path> or shape elements)"
            ));
        }
        if !(w > 0.0 && h > 0.0) {
            return Err(format!("{origin}: the viewBox has no area"));
        }
        let side = w.max(h);
        let (dx, dy) = ((side - w) / 2.0 - x, (side - h) / 2.0 - y);
        let unit =
            Transform::scale(1.0 / side, 1.0 / side).then_apply(Transform::translate(dx, dy));
        Ok(Icon {
            segs: segs.into_iter().map(|s| map_seg(s, unit)).collect(),
        })
    }

    /// The icon filled with `color`, fitted into the `size` mm square whose top-left is `at`.
    pub fn item(&self, at: Pt, size: f64, color: crate::scene::Color) -> Item {
        let t = Transform::translate(at.x, at.y).then_apply(Transform::scale(size, size));
        shapes::fill(self.segs.iter().map(|s| map_seg(*s, t)).collect(), color)
    }
}

fn map_seg(s: Seg, t: Transform) -> Seg {
    match s {
        Seg::Move(p) => Seg::Move(t.apply(p)),
        Seg::Line(p) => Seg::Line(t.apply(p)),
        Seg::Cubic(a, b, c) => Seg::Cubic(t.apply(a), t.apply(b), t.apply(c)),
        Seg::Close => Seg::Close,
    }
}

/// The bounding box of the segments' points, as (x, y, w, h).
fn extent(segs: &[Seg]) -> Option<(f64, f64, f64, f64)> {
    let pts: Vec<Pt> = segs
        .iter()
        .flat_map(|s| match *s {
            Seg::Move(p) | Seg::Line(p) => vec![p],
            Seg::Cubic(a, b, c) => vec![a, b, c],
            Seg::Close => vec![],
        })
        .collect();
    let (x0, x1) = pts
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (y0, y1) = pts
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    (x1 > x0 && y1 > y0).then_some((x0, y0, x1 - x0, y1 - y0))
}

fn number(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .and_then(|v| v.trim_end_matches("px").trim().parse().ok())
        .unwrap_or(0.0)
}

/// Walks the element tree, turning every shape into segments in the SVG's user space.
fn collect(
    node: roxmltree::Node,
    parent: Transform,
    out: &mut Vec<Seg>,
    origin: &str,
) -> Result<(), String> {
    let own = match node.attribute("transform") {
        Some(t) => {
            let t: svgtypes::Transform = t
                .parse()
                .map_err(|e| format!("{origin}: bad transform `{t}`: {e}"))?;
            Transform([t.a, t.b, t.c, t.d, t.e, t.f])
        }
        None => Transform::IDENTITY,
    };
    let t = parent.then_apply(own);
    let name = node.tag_name().name();
    let mut segs = Vec::new();
    match name {
        "svg" | "g" | "a" => {
            for child in node.children().filter(|c| c.is_element()) {
                collect(child, t, out, origin)?;
            }
            return Ok(());
        }
        "path" => {
            let d = node.attribute("d").unwrap_or("");
            let mut cur = pt(0.0, 0.0);
            for seg in svgtypes::SimplifyingPathParser::from(d) {
                let seg = seg.map_err(|e| format!("{origin}: bad path data: {e}"))?;
                use svgtypes::SimplePathSegment as S;
                match seg {
                    S::MoveTo { x, y } => {
                        cur = pt(x, y);
                        segs.push(Seg::Move(cur));
                    }
                    S::LineTo { x, y } => {
                        cur = pt(x, y);
                        segs.push(Seg::Line(cur));
                    }
                    S::CurveTo { x1, y1, x2, y2, x, y } => {
                        cur = pt(x, y);
                        segs.push(Seg::Cubic(pt(x1, y1), pt(x2, y2), cur));
                    }
                    S::Quadratic { x1, y1, x, y } => {
                        // Raise the quadratic to a cubic: control points 2/3 of the way.
                        let q = pt(x1, y1);
                        let end = pt(x, y);
                        let c1 = pt(cur.x + 2.0 / 3.0 * (q.x - cur.x), cur.y + 2.0 / 3.0 * (q.y - cur.y));
                        let c2 = pt(end.x + 2.0 / 3.0 * (q.x - end.x), end.y + 2.0 / 3.0 * (q.y - end.y));
                        segs.push(Seg::Cubic(c1, c2, end));
                        cur = end;
                    }
                    S::ClosePath => segs.push(Seg::Close),
                }
            }
        }
        "rect" => {
            let (x, y, w, h) = (number(node, "x"), number(node, "y"), number(node, "width"), number(node, "height"));
            let r = number(node, "rx").max(number(node, "ry"));
            segs = shapes::rounded_rect(x, y, w, h, r);
        }
        "circle" => {
            segs = shapes::circle(pt(number(node, "cx"), number(node, "cy")), number(node, "r"));
        }
        "ellipse" => {
            let (rx, ry) = (number(node, "rx"), number(node, "ry"));
            let (cx, cy) = (number(node, "cx"), number(node, "cy"));
            let squash = Transform::translate(cx, cy).then_apply(Transform::scale(rx, ry));
            segs = shapes::circle(pt(0.0, 0.0), 1.0)
                .into_iter()
                .map(|s| map_seg(s, squash))
                .collect();
        }
        "polygon" | "polyline" => {
            let pts: Vec<Pt> = svgtypes::PointsParser::from(node.attribute("points").unwrap_or(""))
                .map(|(x, y)| pt(x, y))
                .collect();
            segs = shapes::polygon(&pts);
        }
        "text" | "image" | "use" => {
            return Err(format!(
                "{origin}: <{name}> is not supported in icons; convert it to paths (e.g. Inkscape: Path › Object to Path)"
            ))
        }
        // defs, title, desc, metadata, style, line (an unfilled stroke), …
        _ => return Ok(()),
    }
    out.extend(segs.into_iter().map(|s| map_seg(s, t)));
    Ok(())
}

/// The icons of the animals in play, loaded when the theme draws icons.
#[derive(Debug, Clone, Default)]
pub struct Icons {
    icons: Vec<(Animal, Icon)>,
}

impl Icons {
    /// Loads the theme's icon for each animal (the fox's for the wolf when the fox
    /// plays), or nothing when neither board nor counters show icons.
    pub fn load(theme: &Theme, fox: bool) -> Result<Icons, Error> {
        if !(theme.board.icons || theme.counters.icons) {
            return Ok(Icons::default());
        }
        let mut icons = Vec::new();
        for a in Animal::ALL {
            let spec = theme.icons.get(a, fox);
            let icon = match spec.strip_prefix("builtin:") {
                Some(name) => {
                    let src = builtin(name).ok_or_else(|| {
                        Error::Asset(format!(
                            "theme key `icons.{}`: unknown built-in icon `{name}`",
                            a.key()
                        ))
                    })?;
                    Icon::parse(src, spec)
                }
                None => std::fs::read_to_string(spec)
                    .map_err(|e| format!("{spec}: {e}"))
                    .and_then(|s| Icon::parse(&s, spec)),
            }
            .map_err(|m| Error::Asset(format!("theme key `icons.{}`: {m}", a.key())))?;
            icons.push((a, icon));
        }
        Ok(Icons { icons })
    }

    /// The icon of an animal, if loaded.
    pub fn get(&self, a: Animal) -> Option<&Icon> {
        self.icons.iter().find(|(x, _)| *x == a).map(|(_, i)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_icon_parses_into_the_unit_box() {
        for (name, src) in BUILTIN {
            let icon = Icon::parse(src, name).unwrap();
            let (x, y, w, h) = extent(&icon.segs).unwrap();
            assert!(
                x >= -0.01 && y >= -0.01 && x + w <= 1.01 && y + h <= 1.01,
                "{name}"
            );
            assert!(w > 0.5 || h > 0.5, "{name} fills its box");
        }
    }

    #[test]
    fn shapes_and_transforms_are_followed() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
            <g transform="translate(5 0)"><rect x="0" y="0" width="5" height="10"/></g></svg>"#;
        let icon = Icon::parse(svg, "t.svg").unwrap();
        assert_eq!(icon.segs[0], Seg::Move(pt(0.5, 0.0)));
        assert_eq!(extent(&icon.segs), Some((0.5, 0.0, 0.5, 1.0)));
    }

    #[test]
    fn text_in_an_icon_is_refused_with_a_fix() {
        let svg =
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>A</text></svg>"#;
        let e = Icon::parse(svg, "t.svg").unwrap_err();
        assert!(e.contains("<text>") && e.contains("Object to Path"), "{e}");
    }
}

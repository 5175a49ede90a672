//! Animal icons: small SVG silhouettes, drawn in one colour beside the
//! animals' characters when a theme asks for them.
//!
//! The built-in set comes from Game Icons (game-icons.net, CC BY 3.0; authors
//! in `icons/README.md`). A theme may name its own SVG files: every `<path>`,
//! `<rect>`, `<circle>`, `<ellipse>`, `<polygon>` and `<polyline>` is drawn
//! filled, with the `transform`s of its groups; the file's own colours are
//! ignored (the icon takes the colour of the text beside it).

use std::path::Path;

use crate::error::Error;
use crate::game::Animal;
use crate::input::{read_text, InputKind};
use crate::scene::{pt, shapes, Item, Pt, Seg, Transform};

/// Deepest nesting of elements in an icon file: 32. Drawing programs nest a
/// few groups (layers, groups, clip groups); the built-in icons nest 2 deep.
pub const MAX_ICON_DEPTH: usize = 32;
/// Most elements (and other nodes) in an icon file: 10,000; the built-in icons
/// have fewer than 10.
pub const MAX_ICON_NODES: usize = 10_000;
/// Most path segments in an icon once shapes are turned into paths: 1,500,
/// about 9 times the built-in tiger (about 170) and above detailed icons of
/// common sets. An icon is drawn on every counter of every copy and on the
/// board: 16 copies of 1,500-segment icons stay under 400 MB while printing.
pub const MAX_ICON_SEGMENTS: usize = 1_500;
/// Largest coordinate or transform value in an icon file: 1,000,000 (icon
/// sets use boxes of 16 to 1,024 units); larger values, `inf` and `NaN` are refused.
pub const MAX_ICON_NUMBER: f64 = 1e6;
/// How far the drawing may reach outside its viewBox, in box sides: 0.5.
const OVERHANG: f64 = 0.5;
/// Smallest extent of the fitted drawing, as a fraction of its box: 1 %.
const MIN_EXTENT: f64 = 0.01;

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
        let opts = roxmltree::ParsingOptions {
            allow_dtd: false,
            nodes_limit: MAX_ICON_NODES as u32,
            ..Default::default()
        };
        let doc = roxmltree::Document::parse_with_options(svg, opts).map_err(|e| match e {
            roxmltree::Error::NodesLimitReached => format!(
                "{origin}: the icon has more than {MAX_ICON_NODES} elements; simplify it (e.g. Inkscape: Path › Combine)"
            ),
            e => format!("{origin}: not a readable SVG file: {e}"),
        })?;
        let root = doc.root_element();
        if root.tag_name().name() != "svg" {
            return Err(format!("{origin}: the top element is not <svg>"));
        }
        let mut segs = Vec::new();
        collect(root, Transform::IDENTITY, 0, &mut segs, origin)?;
        // The box the drawing was made in: viewBox, else width × height, else its extent.
        // A viewBox that does not parse, or reaches beyond the documented
        // range, is refused rather than silently replaced.
        let view_box = match root.attribute("viewBox") {
            None => None,
            Some(v) => {
                let b = v.parse::<svgtypes::ViewBox>().map_err(|_| {
                    format!(
                        "{origin}: the viewBox `{}` is not four numbers (x y width height)",
                        crate::input::excerpt(v)
                    )
                })?;
                if ![b.x, b.y, b.w, b.h].iter().all(|n| sane(*n)) {
                    return Err(format!(
                        "{origin}: the viewBox `{}` is out of range; its numbers must be within ±{}",
                        crate::input::excerpt(v),
                        crate::input::num(MAX_ICON_NUMBER)
                    ));
                }
                Some((b.x, b.y, b.w, b.h))
            }
        };
        let view = view_box.or_else(|| {
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
        let segs: Vec<Seg> = segs.into_iter().map(|s| map_seg(s, unit)).collect();
        // In the unit box: the drawing must be finite, near its box, and visible.
        let (ex, ey, ew, eh) = extent(&segs).unwrap_or((0.0, 0.0, 0.0, 0.0));
        let inside = |lo: f64, len: f64| {
            lo.is_finite()
                && (lo + len).is_finite()
                && lo >= -OVERHANG
                && lo + len <= 1.0 + OVERHANG
        };
        if !(inside(ex, ew) && inside(ey, eh)) {
            return Err(format!(
                "{origin}: the drawing reaches far outside its viewBox `{x} {y} {w} {h}`; set a viewBox that frames it"
            ));
        }
        if ew.max(eh) < MIN_EXTENT {
            return Err(format!(
                "{origin}: the drawing is too small to see in its viewBox `{x} {y} {w} {h}` (a zero scale or a viewBox far too large)"
            ));
        }
        Ok(Icon { segs })
    }

    /// The drawing in its unit box (x, y 0–1, y down): in `tint` when given,
    /// else in its own colours.
    pub fn items(&self, tint: Option<crate::scene::Color>) -> Vec<Item> {
        vec![shapes::fill(
            self.segs.clone(),
            tint.unwrap_or(crate::scene::Color::BLACK),
        )]
    }

    /// The same drawing in one colour.
    pub fn tinted(&self, color: crate::scene::Color) -> Icon {
        let _ = color;
        self.clone()
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

/// The bounding box of the segments' points, as (x, y, w, h), when it has an
/// area (see [`crate::scene::bounds`]).
fn extent(segs: &[Seg]) -> Option<(f64, f64, f64, f64)> {
    let (x0, y0, x1, y1) = crate::scene::bounds(segs)?;
    (x1 > x0 && y1 > y0).then_some((x0, y0, x1 - x0, y1 - y0))
}

/// True for a finite number within ±[`MAX_ICON_NUMBER`].
fn sane(n: f64) -> bool {
    n.is_finite() && n.abs() <= MAX_ICON_NUMBER
}

/// A numeric attribute (0 when absent or unreadable); `inf`, `NaN` and
/// numbers beyond [`MAX_ICON_NUMBER`] are refused.
fn number(node: roxmltree::Node, name: &str, origin: &str) -> Result<f64, String> {
    let Some(v) = node.attribute(name) else {
        return Ok(0.0);
    };
    match v.trim_end_matches("px").trim().parse::<f64>() {
        Ok(n) if !sane(n) => Err(bad_number(origin, n)),
        Ok(n) => Ok(n),
        Err(_) => Ok(0.0),
    }
}

fn bad_number(origin: &str, n: f64) -> String {
    format!(
        "{origin}: the number {n} is not usable; icon numbers must be finite and within ±{MAX_ICON_NUMBER}"
    )
}

/// A point of the file, refused when not [`sane`].
fn point(x: f64, y: f64, origin: &str) -> Result<Pt, String> {
    for n in [x, y] {
        if !sane(n) {
            return Err(bad_number(origin, n));
        }
    }
    Ok(pt(x, y))
}

/// Walks the element tree, turning every shape into segments in the SVG's user space.
/// `depth` counts the elements above `node`; nesting beyond [`MAX_ICON_DEPTH`]
/// and more than [`MAX_ICON_SEGMENTS`] segments in all are refused.
fn collect(
    node: roxmltree::Node,
    parent: Transform,
    depth: usize,
    out: &mut Vec<Seg>,
    origin: &str,
) -> Result<(), String> {
    if depth > MAX_ICON_DEPTH {
        return Err(format!(
            "{origin}: elements are nested more than {MAX_ICON_DEPTH} deep; ungroup them (e.g. Inkscape: Object › Ungroup)"
        ));
    }
    let own = match node.attribute("transform") {
        Some(t) => {
            let t: svgtypes::Transform = t.parse().map_err(|e| {
                format!(
                    "{origin}: bad transform `{}`: {e}",
                    crate::input::excerpt(t)
                )
            })?;
            let m = [t.a, t.b, t.c, t.d, t.e, t.f];
            if let Some(n) = m.iter().find(|n| !sane(**n)) {
                return Err(bad_number(origin, *n));
            }
            Transform(m)
        }
        None => Transform::IDENTITY,
    };
    let t = parent.then_apply(own);
    let name = node.tag_name().name();
    let mut segs = Vec::new();
    match name {
        "svg" | "g" | "a" => {
            for child in node.children().filter(|c| c.is_element()) {
                collect(child, t, depth + 1, out, origin)?;
            }
            return Ok(());
        }
        "path" => {
            let d = node.attribute("d").unwrap_or("");
            check_path_numbers(d, origin)?;
            let mut cur = pt(0.0, 0.0);
            for seg in svgtypes::SimplifyingPathParser::from(d) {
                let seg = seg.map_err(|e| format!("{origin}: bad path data: {e}"))?;
                if out.len() + segs.len() >= MAX_ICON_SEGMENTS {
                    return Err(too_many(origin));
                }
                use svgtypes::SimplePathSegment as S;
                match seg {
                    S::MoveTo { x, y } => {
                        cur = point(x, y, origin)?;
                        segs.push(Seg::Move(cur));
                    }
                    S::LineTo { x, y } => {
                        cur = point(x, y, origin)?;
                        segs.push(Seg::Line(cur));
                    }
                    S::CurveTo { x1, y1, x2, y2, x, y } => {
                        let (c1, c2) = (point(x1, y1, origin)?, point(x2, y2, origin)?);
                        cur = point(x, y, origin)?;
                        segs.push(Seg::Cubic(c1, c2, cur));
                    }
                    S::Quadratic { x1, y1, x, y } => {
                        // Raise the quadratic to a cubic: control points 2/3 of the way.
                        let q = point(x1, y1, origin)?;
                        let end = point(x, y, origin)?;
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
            let n = |a| number(node, a, origin);
            let (x, y, w, h) = (n("x")?, n("y")?, n("width")?, n("height")?);
            let r = n("rx")?.max(n("ry")?);
            segs = shapes::rounded_rect(x, y, w, h, r);
        }
        "circle" => {
            let n = |a| number(node, a, origin);
            segs = shapes::circle(pt(n("cx")?, n("cy")?), n("r")?);
        }
        "ellipse" => {
            let n = |a| number(node, a, origin);
            let (rx, ry) = (n("rx")?, n("ry")?);
            let (cx, cy) = (n("cx")?, n("cy")?);
            let squash = Transform::translate(cx, cy).then_apply(Transform::scale(rx, ry));
            segs = shapes::circle(pt(0.0, 0.0), 1.0)
                .into_iter()
                .map(|s| map_seg(s, squash))
                .collect();
        }
        "polygon" | "polyline" => {
            let pts: Vec<Pt> = svgtypes::PointsParser::from(node.attribute("points").unwrap_or(""))
                .take(MAX_ICON_SEGMENTS + 1)
                .map(|(x, y)| point(x, y, origin))
                .collect::<Result<_, _>>()?;
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
    if out.len() + segs.len() > MAX_ICON_SEGMENTS {
        return Err(too_many(origin));
    }
    out.extend(segs.into_iter().map(|s| map_seg(s, t)));
    Ok(())
}

/// Checks every number of path data before it is simplified: an arc is cut
/// into curves according to its radius, so a radius of 1e69 would make
/// billions of them. Also stops at [`MAX_ICON_SEGMENTS`] commands.
fn check_path_numbers(d: &str, origin: &str) -> Result<(), String> {
    use svgtypes::PathSegment as P;
    for (i, seg) in svgtypes::PathParser::from(d).enumerate() {
        if i >= MAX_ICON_SEGMENTS {
            return Err(too_many(origin));
        }
        let Ok(seg) = seg else {
            // The simplifying parser reports the syntax error.
            return Ok(());
        };
        let numbers: &[f64] = match seg {
            P::MoveTo { x, y, .. } | P::LineTo { x, y, .. } | P::SmoothQuadratic { x, y, .. } => {
                &[x, y]
            }
            P::HorizontalLineTo { x, .. } => &[x],
            P::VerticalLineTo { y, .. } => &[y],
            P::CurveTo {
                x1,
                y1,
                x2,
                y2,
                x,
                y,
                ..
            } => &[x1, y1, x2, y2, x, y],
            P::SmoothCurveTo { x2, y2, x, y, .. } => &[x2, y2, x, y],
            P::Quadratic { x1, y1, x, y, .. } => &[x1, y1, x, y],
            P::EllipticalArc {
                rx,
                ry,
                x_axis_rotation,
                x,
                y,
                ..
            } => &[rx, ry, x_axis_rotation, x, y],
            P::ClosePath { .. } => &[],
        };
        if let Some(n) = numbers.iter().find(|n| !sane(**n)) {
            return Err(bad_number(origin, *n));
        }
    }
    Ok(())
}

fn too_many(origin: &str) -> String {
    format!(
        "{origin}: the icon has more than {MAX_ICON_SEGMENTS} path segments; simplify it (e.g. Inkscape: Path › Simplify)"
    )
}

/// The icons of the animals in play, loaded when the theme draws icons.
#[derive(Debug, Clone, Default)]
pub struct Icons {
    icons: Vec<(Animal, Icon)>,
}

impl Icons {
    /// Loads one icon per animal; `spec` gives each animal's reference
    /// (`builtin:NAME` or a file path) and the theme key that named it, and
    /// `error` makes the error for a key and a message.
    pub fn load<'a>(
        spec: impl Fn(Animal) -> (&'a str, String),
        error: impl Fn(&str, String) -> Error,
    ) -> Result<Icons, Error> {
        let mut icons = Vec::new();
        for a in Animal::ALL {
            let (spec, key) = spec(a);
            let icon = match spec.strip_prefix("builtin:") {
                Some(name) => builtin(name)
                    .ok_or_else(|| format!("unknown built-in icon `{}`", crate::input::shown(name)))
                    .and_then(|src| Icon::parse(src, spec)),
                None => {
                    let path = Path::new(spec);
                    let shown = crate::input::shown_path(path);
                    read_text(path, InputKind::Icon)
                        .map_err(|e| format!("`{shown}`: {e}"))
                        .and_then(|s| Icon::parse(&s, &format!("`{shown}`")))
                }
            }
            .map_err(|m| error(&key, m))?;
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
    fn an_arc_with_a_huge_radius_is_refused_before_it_is_cut_into_curves() {
        // Found by the `icon` fuzz target: this used more than 1 GB.
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M10 10a1350000000000000000000000000000000000000000000000000000000000000000000 135 0 0 0-3.752 6.13z"/></svg>"#;
        let e = Icon::parse(svg, "t.svg").unwrap_err();
        assert!(e.contains("finite and within"), "{e}");
    }

    #[test]
    fn text_in_an_icon_is_refused_with_a_fix() {
        let svg =
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>A</text></svg>"#;
        let e = Icon::parse(svg, "t.svg").unwrap_err();
        assert!(e.contains("<text>") && e.contains("Object to Path"), "{e}");
    }
}

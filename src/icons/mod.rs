//! Animal drawings from SVG files: one-colour silhouettes drawn beside the
//! animals' characters, and full-colour pictures.
//!
//! Built in are two sets: silhouettes from Game Icons (game-icons.net, CC BY
//! 3.0; authors in `icons/README.md`), named `builtin:elephant` …, and
//! full-colour Twemoji animals (CC BY 4.0; `pictures/twemoji/README.md`),
//! named `builtin:twemoji-elephant` …. A theme may name its own SVG files.
//!
//! A file is read in three steps: roxmltree parses the XML (no DTD, so no
//! entities; at most [`MAX_ICON_NODES`] nodes); [`check`] enforces the
//! README's limits ([`crate::limits`]) on that XML (nesting, `<use>` copies and loops, style
//! text, rules and selector work, gradient stops, numbers); then usvg
//! resolves it (CSS, `use`/`symbol`, nested `svg`, `switch`, shapes, arcs,
//! markers, inherited and `currentColor` paints) and [`convert`] turns its
//! tree into scene paths and clips in a unit box. What the drawing model
//! cannot hold is approximated:
//! - opacity (`opacity`, `fill-opacity`, `stroke-opacity`, a colour's alpha)
//!   is the colour blended over white paper; a group's opacity applies to
//!   each shape it holds;
//! - a linear or radial gradient fill stays a gradient
//!   ([`crate::scene::Gradient`]: its `gradientTransform`, stops and units
//!   as usvg resolved them), each stop's opacity blended over white;
//!   `spreadMethod` reflect and repeat are drawn as pad; a gradient stroke
//!   paints in the mean of its stops; patterns are not painted;
//! - clip paths clip (their shapes' outlines joined into one, non-zero
//!   winding); a mask clips to its rectangle and to its shapes painted at
//!   least half bright (alpha masks: half opaque), without soft edges;
//! - `fill-rule: evenodd` turns subpaths so that non-zero winding (the
//!   scene's rule) leaves the same holes: exact for outlines that do not cross;
//! - strokes are solid (no dashes), their width scaled by the transforms,
//!   their joins and caps the renderers' own; filters are not applied.
//!
//! `<text>` and `<image>` are refused with a message saying what to do.

pub mod check;
mod convert;

use crate::limits::{
    MAX_ICON_NODES, MAX_ICON_NUMBER, MAX_ICON_OVERHANG, MAX_ICON_SEGMENTS, MIN_ICON_EXTENT,
};
use crate::scene::{pt, shapes, Color, Item, Path, Pt, Seg, Transform};
use convert::map_seg;

/// Built-in drawings: (name, SVG source). The Game Icons silhouettes from
/// `icons/` (`elephant` …), then the full-colour Twemoji animals from
/// `pictures/twemoji/` (`twemoji-elephant` …; the rat is Twemoji's mouse face).
pub const BUILTIN: [(&str, &str); 18] = [
    ("elephant", include_str!("../../icons/elephant.svg")),
    ("lion", include_str!("../../icons/lion.svg")),
    ("tiger", include_str!("../../icons/tiger.svg")),
    ("leopard", include_str!("../../icons/leopard.svg")),
    ("wolf", include_str!("../../icons/wolf.svg")),
    ("fox", include_str!("../../icons/fox.svg")),
    ("dog", include_str!("../../icons/dog.svg")),
    ("cat", include_str!("../../icons/cat.svg")),
    ("rat", include_str!("../../icons/rat.svg")),
    (
        "twemoji-elephant",
        include_str!("../../pictures/twemoji/elephant.svg"),
    ),
    (
        "twemoji-lion",
        include_str!("../../pictures/twemoji/lion.svg"),
    ),
    (
        "twemoji-tiger",
        include_str!("../../pictures/twemoji/tiger.svg"),
    ),
    (
        "twemoji-leopard",
        include_str!("../../pictures/twemoji/leopard.svg"),
    ),
    (
        "twemoji-wolf",
        include_str!("../../pictures/twemoji/wolf.svg"),
    ),
    (
        "twemoji-fox",
        include_str!("../../pictures/twemoji/fox.svg"),
    ),
    (
        "twemoji-dog",
        include_str!("../../pictures/twemoji/dog.svg"),
    ),
    (
        "twemoji-cat",
        include_str!("../../pictures/twemoji/cat.svg"),
    ),
    (
        "twemoji-rat",
        include_str!("../../pictures/twemoji/rat.svg"),
    ),
];

/// The SVG source of a built-in icon.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// A drawing in a unit box: x and y from 0 to 1, y down, centred so that the
/// longer side of its viewBox spans the box. Line widths are in the same
/// units (1 is the box's side).
#[derive(Debug, Clone, PartialEq)]
pub struct Icon {
    /// The painted paths, in painting order, and clips ([`Item::Clip`])
    /// holding more of them; nothing else.
    pub items: Vec<Item>,
}

impl Icon {
    /// Reads an SVG document; `origin` names it in messages.
    pub fn parse(svg: &str, origin: &str) -> Result<Icon, String> {
        Icon::read(svg, origin, true)
    }

    /// A built-in icon, by name ([`builtin`]). Its file is trusted: it is
    /// read without the limits a user's file is checked against (a test
    /// checks every built-in one against them, see
    /// `every_builtin_icon_parses_into_the_unit_box`).
    pub fn builtin(name: &str) -> Option<Icon> {
        Icon::read(builtin(name)?, name, false).ok()
    }

    /// Reads an SVG document, checked against the limits on icons first when
    /// `checked`; `origin` names it in messages.
    fn read(svg: &str, origin: &str, checked: bool) -> Result<Icon, String> {
        let opts = roxmltree::ParsingOptions {
            allow_dtd: false,
            nodes_limit: MAX_ICON_NODES as u32,
            ..Default::default()
        };
        let doc = roxmltree::Document::parse_with_options(svg, opts).map_err(|e| match e {
            roxmltree::Error::NodesLimitReached => too_many_nodes(origin),
            e => format!("{origin}: not a readable SVG file: {e}"),
        })?;
        let root = doc.root_element();
        if root.tag_name().name() != "svg" {
            return Err(format!("{origin}: the top element is not <svg>"));
        }
        if checked {
            check::check(&doc, origin)?;
        }
        let options = usvg::Options {
            // Nothing is read from outside the file.
            image_href_resolver: usvg::ImageHrefResolver {
                resolve_data: Box::new(|_, _, _| None),
                resolve_string: Box::new(|_, _| None),
            },
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_xmltree(&doc, &options).map_err(|e| match e {
            usvg::Error::InvalidSize => format!("{origin}: the viewBox has no area"),
            e => format!("{origin}: not a readable SVG file: {e}"),
        })?;
        // The box the drawing was made in: viewBox, else width × height,
        // else its extent (the viewBox's numbers were checked).
        let view_box = root
            .attribute("viewBox")
            .and_then(|v| v.parse::<svgtypes::ViewBox>().ok())
            .map(|b| (b.x, b.y, b.w, b.h));
        // usvg maps the viewBox onto the canvas; the walk undoes that to
        // work in the viewBox's units, as the file does.
        let canvas = view_box
            .map_or(Some(Transform::IDENTITY), |b| {
                canvas_transform(b, tree.size(), root.attribute("preserveAspectRatio")).inverse()
            })
            .ok_or_else(|| format!("{origin}: the viewBox has no area"))?;
        let mut walk = convert::Convert {
            origin,
            segments: 0,
            stops: 0,
        };
        let items = walk.group(tree.root(), canvas, 1.0)?;
        let view = view_box.or_else(|| {
            let n = |a| {
                root.attribute(a)
                    .and_then(|v: &str| v.trim_end_matches("px").parse::<f64>().ok())
            };
            Some((0.0, 0.0, n("width")?, n("height")?))
        });
        let icon = Icon { items };
        let all = |icon: &Icon| icon.segs().copied().collect::<Vec<_>>();
        let (x, y, w, h) = match view {
            Some(v) => v,
            None => {
                extent(&all(&icon)).ok_or_else(|| format!("{origin}: the icon draws nothing"))?
            }
        };
        if icon.items.is_empty() {
            return Err(format!(
                "{origin}: the icon draws nothing (no visible <path> or shape elements; a zero scale hides them too)"
            ));
        }
        if !(w > 0.0 && h > 0.0) {
            return Err(format!("{origin}: the viewBox has no area"));
        }
        let side = w.max(h);
        let (dx, dy) = ((side - w) / 2.0 - x, (side - h) / 2.0 - y);
        let unit =
            Transform::scale(1.0 / side, 1.0 / side).then_apply(Transform::translate(dx, dy));
        let icon = icon.mapped(unit, 1.0 / side);
        // In the unit box: the drawing must be finite, near its box, and visible.
        let (ex, ey, ew, eh) = extent(&all(&icon)).unwrap_or((0.0, 0.0, 0.0, 0.0));
        let inside = |lo: f64, len: f64| {
            lo.is_finite()
                && (lo + len).is_finite()
                && lo >= -MAX_ICON_OVERHANG
                && lo + len <= 1.0 + MAX_ICON_OVERHANG
        };
        if !(inside(ex, ew) && inside(ey, eh)) {
            return Err(format!(
                "{origin}: the drawing reaches far outside its viewBox `{x} {y} {w} {h}`; set a viewBox that frames it"
            ));
        }
        if ew.max(eh) < MIN_ICON_EXTENT {
            return Err(format!(
                "{origin}: the drawing is too small to see in its viewBox `{x} {y} {w} {h}` (a zero scale or a viewBox far too large)"
            ));
        }
        Ok(icon)
    }

    /// The same drawing with its points mapped by `t` and its line widths
    /// multiplied by `scale`.
    fn mapped(&self, t: Transform, scale: f64) -> Icon {
        let map = |segs: &[Seg]| segs.iter().map(|s| map_seg(*s, t)).collect::<Vec<_>>();
        let items = crate::scene::map_leaves(self.items.clone(), &mut |item| match item {
            Item::Path(p) => Some(Item::Path(Path {
                segs: map(&p.segs),
                fill: p.fill.map(|f| f.mapped(t)),
                stroke: p.stroke.map(|mut s| {
                    s.width *= scale;
                    s
                }),
            })),
            other => Some(other),
        });
        Icon {
            items: map_clips(items, &map),
        }
    }

    /// The drawing in its unit box (x, y 0–1, y down; line widths in the
    /// same units): every fill and stroke in `tint` when given, else in the
    /// drawing's own colours. Place it with a [`crate::scene::Group`]
    /// transform.
    pub fn items(&self, tint: Option<Color>) -> Vec<Item> {
        match tint {
            Some(c) => self.tinted(c).items,
            None => self.items.clone(),
        }
    }

    /// The same drawing with every fill and stroke in `color` (a
    /// silhouette), gradients too.
    pub fn tinted(&self, color: Color) -> Icon {
        let items = crate::scene::map_leaves(self.items.clone(), &mut |item| match item {
            Item::Path(mut p) => {
                p.fill = p.fill.map(|_| color.into());
                if let Some(s) = p.stroke.as_mut() {
                    s.color = color;
                }
                Some(Item::Path(p))
            }
            other => Some(other),
        });
        Icon { items }
    }

    /// The icon in `color`, fitted into the `size` mm square whose top-left
    /// is `at` (page coordinates, mm, y down). A drawing of one filled shape
    /// is one filled path; others are a group of one item per shape or clip.
    pub fn item(&self, at: Pt, size: f64, color: Color) -> Item {
        let t = Transform::translate(at.x, at.y).then_apply(Transform::scale(size, size));
        let placed = self.mapped(t, size).tinted(color);
        match placed.items.as_slice() {
            [Item::Path(one)] if one.stroke.is_none() => shapes::fill(one.segs.clone(), color),
            _ => Item::Group(crate::scene::Group {
                picture: false,
                transform: Transform::IDENTITY,
                items: placed.items,
            }),
        }
    }

    /// Every path of the drawing, inside clips too, in painting order.
    pub fn paths(&self) -> Vec<&Path> {
        fn walk<'a>(items: &'a [Item], out: &mut Vec<&'a Path>) {
            for item in items {
                match item {
                    Item::Path(p) => out.push(p),
                    Item::Clip(c) => walk(&c.items, out),
                    Item::Group(g) => walk(&g.items, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.items, &mut out);
        out
    }

    /// How many different colours the drawing paints with (fills and
    /// strokes together).
    pub fn colours(&self) -> usize {
        let mut seen: Vec<(u8, u8, u8)> = Vec::new();
        let paths = self.paths();
        let paints = paths.iter().flat_map(|p| {
            p.fill
                .iter()
                .flat_map(|f| f.colors())
                .chain(p.stroke.as_ref().map(|s| s.color))
        });
        for c in paints {
            let rgb = c.to_rgb();
            if !seen.contains(&rgb) {
                seen.push(rgb);
            }
        }
        seen.len()
    }

    /// True when the drawing paints in one colour only: a silhouette, which
    /// a theme draws in the colour of the side it belongs to.
    pub fn is_silhouette(&self) -> bool {
        self.colours() <= 1
    }

    /// Every path segment of every path, clip outlines too (for limits and
    /// bounds).
    pub fn segs(&self) -> impl Iterator<Item = &Seg> {
        fn walk<'a>(items: &'a [Item], out: &mut Vec<&'a Seg>) {
            for item in items {
                match item {
                    Item::Path(p) => out.extend(&p.segs),
                    Item::Clip(c) => {
                        out.extend(&c.path);
                        walk(&c.items, out);
                    }
                    Item::Group(g) => walk(&g.items, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.items, &mut out);
        out.into_iter()
    }
}

/// `items` with every clip outline mapped by `map` (paths are left as they are).
fn map_clips(items: Vec<Item>, map: &dyn Fn(&[Seg]) -> Vec<Seg>) -> Vec<Item> {
    items
        .into_iter()
        .map(|item| match item {
            Item::Clip(mut c) => {
                c.path = map(&c.path);
                c.items = map_clips(c.items, map);
                Item::Clip(c)
            }
            other => other,
        })
        .collect()
}

/// The map usvg applies from a viewBox `(x, y, w, h)` onto its canvas of
/// `size`, following `preserveAspectRatio` (default: centred, whole box
/// shown), computed as usvg does.
fn canvas_transform(b: (f64, f64, f64, f64), size: usvg::Size, aspect: Option<&str>) -> Transform {
    use svgtypes::Align;
    let aspect = aspect
        .and_then(|a| a.parse::<svgtypes::AspectRatio>().ok())
        .unwrap_or_default();
    let (bx, by, bw, bh) = (b.0 as f32, b.1 as f32, b.2 as f32, b.3 as f32);
    let (w, h) = (size.width(), size.height());
    let (mut sx, mut sy) = (w / bw, h / bh);
    if aspect.align != Align::None {
        let s = if aspect.slice { sx.max(sy) } else { sx.min(sy) };
        (sx, sy) = (s, s);
    }
    let (x, y) = (-bx * sx, -by * sy);
    let (w, h) = (w - bw * sx, h - bh * sy);
    let (tx, ty) = match aspect.align {
        Align::None | Align::XMinYMin => (x, y),
        Align::XMidYMin => (x + w / 2.0, y),
        Align::XMaxYMin => (x + w, y),
        Align::XMinYMid => (x, y + h / 2.0),
        Align::XMidYMid => (x + w / 2.0, y + h / 2.0),
        Align::XMaxYMid => (x + w, y + h / 2.0),
        Align::XMinYMax => (x, y + h),
        Align::XMidYMax => (x + w / 2.0, y + h),
        Align::XMaxYMax => (x + w, y + h),
    };
    convert::transform(usvg::Transform::from_row(sx, 0.0, 0.0, sy, tx, ty))
}

/// A path's subpaths, each a `Move` and what follows it.
fn subpaths(segs: &[Seg]) -> Vec<&[Seg]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, s) in segs.iter().enumerate() {
        if matches!(s, Seg::Move(_)) && i > start {
            out.push(&segs[start..i]);
            start = i;
        }
    }
    if start < segs.len() {
        out.push(&segs[start..]);
    }
    out
}

/// A subpath's outline as points (curves sampled at 8 points each).
fn flatten(sub: &[Seg]) -> Vec<Pt> {
    let mut pts: Vec<Pt> = Vec::new();
    for s in sub {
        match *s {
            Seg::Move(p) | Seg::Line(p) => pts.push(p),
            Seg::Cubic(c1, c2, e) => {
                let p0 = pts.last().copied().unwrap_or(c1);
                for i in 1..=8 {
                    let t = i as f64 / 8.0;
                    let u = 1.0 - t;
                    let f = |a: f64, b: f64, c: f64, d: f64| {
                        u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * d
                    };
                    pts.push(pt(f(p0.x, c1.x, c2.x, e.x), f(p0.y, c1.y, c2.y, e.y)));
                }
            }
            Seg::Close => {}
        }
    }
    pts
}

/// Twice the signed area of a closed polygon.
fn area(pts: &[Pt]) -> f64 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum()
}

/// True when `p` is inside the closed polygon `pts` (even-odd crossing test).
fn contains(pts: &[Pt], p: Pt) -> bool {
    let n = pts.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + n - 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

/// The subpath drawn the other way round, closed.
fn reversed(sub: &[Seg]) -> Vec<Seg> {
    let Some(Seg::Move(start)) = sub.first().copied() else {
        return sub.to_vec();
    };
    // The end point of each segment, the start first.
    let mut ends = vec![start];
    for s in &sub[1..] {
        match *s {
            Seg::Line(p) | Seg::Cubic(_, _, p) => ends.push(p),
            Seg::Move(_) | Seg::Close => {}
        }
    }
    let last = *ends.last().unwrap_or(&start);
    let mut out = vec![Seg::Move(start)];
    if last != start {
        out.push(Seg::Line(last));
    }
    let drawn: Vec<&Seg> = sub[1..]
        .iter()
        .filter(|s| matches!(s, Seg::Line(_) | Seg::Cubic(..)))
        .collect();
    for (i, s) in drawn.iter().enumerate().rev() {
        let to = ends[i];
        out.push(match **s {
            Seg::Cubic(c1, c2, _) => Seg::Cubic(c2, c1, to),
            _ => Seg::Line(to),
        });
    }
    out.push(Seg::Close);
    out
}

/// The segments of an even-odd filled path turned so that the non-zero
/// rule fills the same area: each subpath runs one way when it lies inside
/// an even number of the others, the other way when odd. Exact for subpaths
/// that do not cross themselves or each other (rings, holes, islands in
/// holes); crossing outlines may fill differently.
fn even_odd_as_non_zero(segs: &[Seg]) -> Vec<Seg> {
    let subs = subpaths(segs);
    if subs.len() < 2 {
        return segs.to_vec();
    }
    let polys: Vec<Vec<Pt>> = subs.iter().map(|s| flatten(s)).collect();
    let mut out = Vec::with_capacity(segs.len() + subs.len() * 2);
    for (i, sub) in subs.iter().enumerate() {
        let a = area(&polys[i]);
        let probe = polys[i].first().copied();
        let depth = match probe {
            Some(p) => polys
                .iter()
                .enumerate()
                .filter(|(j, q)| *j != i && q.len() > 2 && contains(q, p))
                .count(),
            None => 0,
        };
        if a != 0.0 && (a > 0.0) != (depth % 2 == 0) {
            out.extend(reversed(sub));
        } else {
            out.extend_from_slice(sub);
        }
    }
    out
}

fn too_many_nodes(origin: &str) -> String {
    format!("{origin}: the icon has more than {MAX_ICON_NODES} elements; simplify it (e.g. Inkscape: Path › Combine)")
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

fn too_many(origin: &str) -> String {
    format!(
        "{origin}: the icon has more than {MAX_ICON_SEGMENTS} path segments; simplify it (e.g. Inkscape: Path › Simplify)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Paint;

    #[test]
    fn every_builtin_icon_parses_into_the_unit_box() {
        for (name, src) in BUILTIN {
            let icon = Icon::parse(src, name).unwrap();
            let segs: Vec<Seg> = icon.segs().copied().collect();
            let (x, y, w, h) = extent(&segs).unwrap();
            // The extent counts curves' control points, which may stand a
            // little outside the drawing itself.
            assert!(
                x >= -0.05 && y >= -0.05 && x + w <= 1.05 && y + h <= 1.05,
                "{name}: {x} {y} {w} {h}"
            );
            // The Game Icons are silhouettes; the Twemoji animals are not.
            assert_eq!(
                icon.is_silhouette(),
                !name.starts_with("twemoji-"),
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
        assert_eq!(icon.paths()[0].segs[0], Seg::Move(pt(0.5, 0.0)));
        assert_eq!(extent(&icon.paths()[0].segs), Some((0.5, 0.0, 0.5, 1.0)));
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

    const SVG: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">"#;

    fn parse(body: &str) -> Icon {
        Icon::parse(&format!("{SVG}{body}</svg>"), "t.svg").unwrap()
    }

    /// A shape's fill, and its stroke colour and width (rounded to 0.001).
    type Paints = (Option<(u8, u8, u8)>, Option<((u8, u8, u8), f64)>);

    fn paints(icon: &Icon) -> Vec<Paints> {
        icon.paths()
            .iter()
            .map(|s| {
                (
                    s.fill.as_ref().map(|f| match f {
                        Paint::Solid(c) => c.to_rgb(),
                        Paint::Gradient(g) => g.at(0.5),
                    }),
                    s.stroke
                        .as_ref()
                        .map(|s| (s.color.to_rgb(), (s.width * 1000.0).round() / 1000.0)),
                )
            })
            .collect()
    }

    #[test]
    fn fills_and_strokes_come_from_attributes_styles_and_groups() {
        let icon = parse(
            r#"<g fill="red" stroke="blue" stroke-width="2">
                 <rect width="5" height="5"/>
                 <rect width="5" height="5" style="fill: #00ff00; stroke: none"/>
                 <rect width="5" height="5" fill="none"/>
               </g>
               <line x1="0" y1="0" x2="10" y2="10" stroke="navy"/>
               <rect width="1" height="1"/>"#,
        );
        assert_eq!(
            paints(&icon),
            vec![
                (Some((255, 0, 0)), Some(((0, 0, 255), 0.2))),
                (Some((0, 255, 0)), None),
                (None, Some(((0, 0, 255), 0.2))),
                (None, Some(((0, 0, 128), 0.1))),
                (Some((0, 0, 0)), None),
            ]
        );
        assert_eq!(icon.colours(), 5);
        assert!(!icon.is_silhouette());
    }

    #[test]
    fn stroke_widths_scale_with_the_transforms() {
        let icon = parse(
            r#"<g transform="scale(2)"><rect width="2" height="2" fill="none" stroke="black" stroke-width="1.5"/></g>"#,
        );
        assert_eq!(paints(&icon), vec![(None, Some(((0, 0, 0), 0.3)))]);
    }

    #[test]
    fn style_sheets_follow_specificity_and_the_style_attribute_wins() {
        let icon = parse(
            r#"<style>/* Illustrator */ .st0{fill:#123456} #a{fill:#abcdef} path, rect { fill: yellow }</style>
               <rect class="st0" width="1" height="1"/>
               <rect class="st0" id="a" width="1" height="1"/>
               <rect width="1" height="1"/>
               <rect class="st0" width="1" height="1" style="fill:white"/>
               <rect class="st0" width="1" height="1" fill="black"/>"#,
        );
        let fills: Vec<_> = paints(&icon).into_iter().map(|(f, _)| f.unwrap()).collect();
        assert_eq!(
            fills,
            vec![
                (0x12, 0x34, 0x56),
                (0xab, 0xcd, 0xef),
                (255, 255, 0),
                (255, 255, 255),
                (0x12, 0x34, 0x56)
            ]
        );
    }

    #[test]
    fn current_color_and_opacity_become_plain_colours_and_gradients_stay() {
        let icon = parse(
            r##"<defs>
                 <linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="1" style="stop-color:#0000ff"/></linearGradient>
                 <linearGradient id="h" href="#g" x2="1"/>
               </defs>
               <g color="teal"><rect width="1" height="1" fill="currentColor"/></g>
               <rect width="1" height="1" fill="black" fill-opacity="0.5"/>
               <g opacity="50%"><rect width="1" height="1" fill="rgba(0,0,255,0.5)"/></g>
               <rect width="1" height="1" fill="url(#g)"/>
               <rect width="1" height="1" fill="url(#h)"/>
               <rect width="1" height="1" fill="url(#missing) green"/>
               <rect width="1" height="1" fill="black" opacity="0"/>"##,
        );
        let fills: Vec<_> = paints(&icon).into_iter().map(|(f, _)| f.unwrap()).collect();
        assert_eq!(
            fills,
            vec![
                (0, 128, 128),
                (128, 128, 128),
                (191, 191, 255),
                (128, 0, 128),
                (128, 0, 128),
                (0, 128, 0),
            ]
        );
        let kinds: Vec<bool> = icon
            .paths()
            .iter()
            .map(|p| matches!(p.fill, Some(Paint::Gradient(_))))
            .collect();
        assert_eq!(kinds, [false, false, false, true, true, false]);
    }

    #[test]
    fn use_copies_elements_and_loops_are_refused() {
        let icon = parse(
            r##"<defs><circle id="c" r="1" fill="red"/><symbol id="s" viewBox="0 0 2 2"><rect width="2" height="2"/></symbol></defs>
               <use href="#c" x="5" y="5"/>
               <use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#s" x="0" y="0" width="4" height="4"/>"##,
        );
        assert_eq!(icon.paths().len(), 2);
        assert_eq!(icon.paths()[0].fill, Some(Color::Rgb(255, 0, 0).into()));
        let segs: Vec<Seg> = icon.paths()[1].segs.clone();
        assert_eq!(extent(&segs), Some((0.0, 0.0, 0.4, 0.4)));
        let e = Icon::parse(
            &format!(r##"{SVG}<g id="a"><use href="#a"/></g><rect width="1" height="1"/></svg>"##),
            "t.svg",
        )
        .unwrap_err();
        assert!(e.contains("<use>") && e.contains("loop"), "{e}");
    }

    #[test]
    fn hidden_elements_are_not_drawn() {
        let icon = parse(
            r#"<g display="none"><rect width="9" height="9"/></g>
               <g visibility="hidden"><rect width="9" height="9"/><rect visibility="visible" width="1" height="1" fill="red"/></g>
               <rect style="display:none" width="9" height="9"/>"#,
        );
        assert_eq!(paints(&icon), vec![(Some((255, 0, 0)), None)]);
    }

    #[test]
    fn even_odd_holes_survive_non_zero_filling() {
        // Two squares drawn the same way round: non-zero would fill the
        // inner one; even-odd makes it a hole.
        let icon = parse(r#"<path fill-rule="evenodd" d="M0 0H10V10H0Z M3 3H7V7H3Z"/>"#);
        let segs = &icon.paths()[0].segs;
        let subs = subpaths(segs);
        let (outer, inner) = (area(&flatten(subs[0])), area(&flatten(subs[1])));
        assert!(outer * inner < 0.0, "the hole runs the other way");
        let same = parse(r#"<path d="M0 0H10V10H0Z M3 3H7V7H3Z"/>"#);
        assert!(area(&flatten(subpaths(&same.paths()[0].segs)[1])) > 0.0);
    }

    #[test]
    fn a_bitmap_inside_an_svg_is_refused_with_a_fix() {
        let svg = format!(r#"{SVG}<image href="x.png" width="10" height="10"/></svg>"#);
        let e = Icon::parse(&svg, "t.svg").unwrap_err();
        assert!(
            e.contains("<image>") && e.contains("PNG or JPEG file itself"),
            "{e}"
        );
    }

    #[test]
    fn clip_paths_clip_and_masks_clip_to_their_bright_shapes() {
        let icon = parse(
            r##"<defs><clipPath id="c"><rect width="5" height="5"/></clipPath>
                 <mask id="m"><rect width="10" height="4" fill="white"/><rect y="4" width="10" height="6" fill="black"/></mask></defs>
               <g clip-path="url(#c)"><rect width="10" height="10" fill="red"/></g>
               <g mask="url(#m)"><rect width="10" height="10" fill="blue"/></g>"##,
        );
        let clips: Vec<&crate::scene::Clip> = icon
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Clip(c) => Some(c),
                _ => None,
            })
            .collect();
        assert_eq!(clips.len(), 2, "{:?}", icon.items);
        assert_eq!(extent(&clips[0].path), Some((0.0, 0.0, 0.5, 0.5)));
        // The mask: its white shape only, inside its rectangle (by
        // default 10 % larger than the masked group on every side).
        assert_eq!(extent(&clips[1].path), Some((0.0, 0.0, 1.0, 0.4)));
        let Item::Clip(inner) = &clips[1].items[0] else {
            panic!("a clip to the mask's rectangle")
        };
        let (x, y, w, h) = extent(&inner.path).unwrap();
        let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
        assert!(near(x, -0.1) && near(y, -0.1) && near(w, 1.2) && near(h, 1.2));
        assert_eq!(icon.colours(), 2);
    }

    #[test]
    fn tinting_paints_every_shape_in_one_colour() {
        let icon = parse(
            r#"<rect width="5" height="5" fill="red" stroke="blue"/><rect width="1" height="1" fill="green"/>"#,
        );
        let red = Color::Rgb(200, 0, 0);
        let t = icon.tinted(red);
        assert!(t.is_silhouette() && t.colours() == 1);
        assert_eq!(t.items(None), icon.items(Some(red)));
        let Item::Path(p) = &icon.items(None)[0] else {
            panic!("a path")
        };
        assert_eq!(p.fill, Some(Color::Rgb(255, 0, 0).into()));
    }

    #[test]
    fn the_twemoji_elephant_keeps_its_colours() {
        let icon = Icon::parse(builtin("twemoji-elephant").unwrap(), "elephant").unwrap();
        let p = |p: Pt| format!("{:.3},{:.3}", p.x, p.y);
        let mut out = String::new();
        for item in icon.items(None) {
            let Item::Path(path) = item else {
                panic!("paths only")
            };
            let fill = path
                .fill
                .and_then(|f| f.solid())
                .map_or("none".into(), Color::to_hex);
            out.push_str(&format!("fill {fill} stroke {:?}:", path.stroke));
            for s in &path.segs {
                out.push_str(&match *s {
                    Seg::Move(a) => format!(" M{}", p(a)),
                    Seg::Line(a) => format!(" L{}", p(a)),
                    Seg::Cubic(a, b, c) => format!(" C{} {} {}", p(a), p(b), p(c)),
                    Seg::Close => " Z".into(),
                });
            }
            out.push('\n');
        }
        insta::assert_snapshot!("twemoji_elephant", out);
    }
}

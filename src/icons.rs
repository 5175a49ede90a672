//! Animal drawings from SVG files: one-colour silhouettes drawn beside the
//! animals' characters, and full-colour pictures.
//!
//! Built in are two sets: silhouettes from Game Icons (game-icons.net, CC BY
//! 3.0; authors in `icons/README.md`), named `builtin:elephant` …, and
//! full-colour Twemoji animals (CC BY 4.0; `pictures/twemoji/README.md`),
//! named `builtin:twemoji-elephant` …. A theme may name its own SVG files.
//!
//! What is read: every `<path>`, `<rect>`, `<circle>`, `<ellipse>`,
//! `<polygon>`, `<polyline>` and `<line>`, with the `transform`s of its
//! groups, `<use>` of elements of the same file (and `<symbol>`s), and each
//! shape's fill and stroke: from presentation attributes, simple `<style>`
//! rules (element, `.class` and `#id` selectors, as Illustrator and Inkscape
//! write them), the `style` attribute, and what groups pass down; named
//! colours, `currentColor`, `display` and `visibility`. Approximations,
//! because the drawing model has neither transparency nor gradients:
//! - opacity (`opacity`, `fill-opacity`, `stroke-opacity`, a colour's alpha)
//!   is the colour blended over white paper; a group's opacity applies to
//!   each shape it holds;
//! - a gradient (`url(#id)`) paints in the mean of its stops' colours;
//!   patterns paint in their fallback colour, or not at all;
//! - `fill-rule: evenodd` turns subpaths so that non-zero winding (the
//!   scene's rule) leaves the same holes: exact for outlines that do not cross;
//! - strokes are solid (no dashes), their width scaled by the transforms,
//!   their joins and caps the renderers' own;
//! - clip paths, masks, filters and markers are not followed.
//!
//! `<text>` and `<image>` are refused with a message saying what to do.

use crate::limits::{
    MAX_CSS_RULES, MAX_ICON_DEPTH, MAX_ICON_NODES, MAX_ICON_NUMBER, MAX_ICON_SEGMENTS,
    MAX_USE_DEPTH,
};
use crate::scene::{pt, shapes, Color, Item, Path as ScenePath, Pt, Seg, Stroke, Transform};

/// How far the drawing may reach outside its viewBox, in box sides: 0.5.
const OVERHANG: f64 = 0.5;
/// Smallest extent of the fitted drawing, as a fraction of its box: 1 %.
const MIN_EXTENT: f64 = 0.01;

/// Built-in drawings: (name, SVG source). The Game Icons silhouettes from
/// `icons/` (`elephant` …), then the full-colour Twemoji animals from
/// `pictures/twemoji/` (`twemoji-elephant` …; the rat is Twemoji's mouse face).
pub const BUILTIN: [(&str, &str); 18] = [
    ("elephant", include_str!("../icons/elephant.svg")),
    ("lion", include_str!("../icons/lion.svg")),
    ("tiger", include_str!("../icons/tiger.svg")),
    ("leopard", include_str!("../icons/leopard.svg")),
    ("wolf", include_str!("../icons/wolf.svg")),
    ("fox", include_str!("../icons/fox.svg")),
    ("dog", include_str!("../icons/dog.svg")),
    ("cat", include_str!("../icons/cat.svg")),
    ("rat", include_str!("../icons/rat.svg")),
    (
        "twemoji-elephant",
        include_str!("../pictures/twemoji/elephant.svg"),
    ),
    ("twemoji-lion", include_str!("../pictures/twemoji/lion.svg")),
    (
        "twemoji-tiger",
        include_str!("../pictures/twemoji/tiger.svg"),
    ),
    (
        "twemoji-leopard",
        include_str!("../pictures/twemoji/leopard.svg"),
    ),
    ("twemoji-wolf", include_str!("../pictures/twemoji/wolf.svg")),
    ("twemoji-fox", include_str!("../pictures/twemoji/fox.svg")),
    ("twemoji-dog", include_str!("../pictures/twemoji/dog.svg")),
    ("twemoji-cat", include_str!("../pictures/twemoji/cat.svg")),
    ("twemoji-rat", include_str!("../pictures/twemoji/rat.svg")),
];

/// The SVG source of a built-in icon.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// One painted shape of an icon, in the icon's unit box (x and y from 0 to
/// 1, y down).
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    /// The outline, filled with the non-zero winding rule (an `evenodd`
    /// shape's subpaths are turned so that this rule gives the same holes).
    pub segs: Vec<Seg>,
    /// Fill colour, if filled.
    pub fill: Option<Color>,
    /// Outline colour and width (in unit-box units: 1 is the box's side),
    /// if stroked.
    pub stroke: Option<(Color, f64)>,
}

impl Shape {
    /// The shape as a scene path, its points mapped by `t` and its line
    /// width multiplied by `scale`, every paint in `tint` when given.
    fn item(&self, t: Transform, scale: f64, tint: Option<Color>) -> Item {
        Item::Path(ScenePath {
            segs: self.segs.iter().map(|s| map_seg(*s, t)).collect(),
            fill: self.fill.map(|c| tint.unwrap_or(c)),
            stroke: self
                .stroke
                .map(|(c, w)| Stroke::solid(tint.unwrap_or(c), w * scale)),
        })
    }
}

/// A drawing in a unit box: x and y from 0 to 1, y down, centred so that the
/// longer side of its viewBox spans the box. Shapes are painted in order,
/// each in its own colours.
#[derive(Debug, Clone, PartialEq)]
pub struct Icon {
    /// The painted shapes, in painting order.
    pub shapes: Vec<Shape>,
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
            roxmltree::Error::NodesLimitReached => too_many_nodes(origin),
            e => format!("{origin}: not a readable SVG file: {e}"),
        })?;
        let root = doc.root_element();
        if root.tag_name().name() != "svg" {
            return Err(format!("{origin}: the top element is not <svg>"));
        }
        let mut walk = Walk {
            origin,
            ids: doc
                .descendants()
                .filter(|n| n.is_element())
                .filter_map(|n| Some((n.attribute("id")?, n)))
                .collect(),
            css: stylesheet(&doc, origin)?,
            shapes: Vec::new(),
            segments: 0,
            visits: 0,
        };
        walk.element(root, Transform::IDENTITY, &Style::default(), 0, 0)?;
        let shapes = walk.shapes;
        let all = |shapes: &[Shape]| {
            shapes
                .iter()
                .flat_map(|s| s.segs.clone())
                .collect::<Vec<_>>()
        };
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
                        crate::error::num(MAX_ICON_NUMBER)
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
            None => {
                extent(&all(&shapes)).ok_or_else(|| format!("{origin}: the icon draws nothing"))?
            }
        };
        if shapes.is_empty() {
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
        let shapes: Vec<Shape> = shapes
            .into_iter()
            .map(|s| Shape {
                segs: s.segs.into_iter().map(|p| map_seg(p, unit)).collect(),
                fill: s.fill,
                stroke: s.stroke.map(|(c, w)| (c, w / side)),
            })
            .collect();
        // In the unit box: the drawing must be finite, near its box, and visible.
        let (ex, ey, ew, eh) = extent(&all(&shapes)).unwrap_or((0.0, 0.0, 0.0, 0.0));
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
        Ok(Icon { shapes })
    }

    /// The drawing in its unit box (x, y 0–1, y down; line widths in the
    /// same units): every fill and stroke in `tint` when given, else in the
    /// drawing's own colours. Place it with a [`crate::scene::Group`]
    /// transform.
    pub fn items(&self, tint: Option<Color>) -> Vec<Item> {
        self.shapes
            .iter()
            .map(|s| s.item(Transform::IDENTITY, 1.0, tint))
            .collect()
    }

    /// The same drawing with every fill and stroke in `color` (a silhouette).
    pub fn tinted(&self, color: Color) -> Icon {
        Icon {
            shapes: self
                .shapes
                .iter()
                .map(|s| Shape {
                    segs: s.segs.clone(),
                    fill: s.fill.map(|_| color),
                    stroke: s.stroke.map(|(_, w)| (color, w)),
                })
                .collect(),
        }
    }

    /// The icon in `color`, fitted into the `size` mm square whose top-left
    /// is `at` (page coordinates, mm, y down). A drawing of one filled shape
    /// is one filled path; others are a group of one path per shape.
    pub fn item(&self, at: Pt, size: f64, color: Color) -> Item {
        let t = Transform::translate(at.x, at.y).then_apply(Transform::scale(size, size));
        match self.shapes.as_slice() {
            [one] if one.stroke.is_none() => {
                shapes::fill(one.segs.iter().map(|s| map_seg(*s, t)).collect(), color)
            }
            all => Item::Group(crate::scene::Group {
                picture: false,
                transform: Transform::IDENTITY,
                items: all.iter().map(|s| s.item(t, size, Some(color))).collect(),
            }),
        }
    }

    /// How many different colours the drawing paints with (fills and
    /// strokes together).
    pub fn colours(&self) -> usize {
        let mut seen: Vec<(u8, u8, u8)> = Vec::new();
        let paints = self
            .shapes
            .iter()
            .flat_map(|s| s.fill.into_iter().chain(s.stroke.map(|(c, _)| c)));
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

    /// Every path segment of every shape (for limits and bounds).
    pub fn segs(&self) -> impl Iterator<Item = &Seg> {
        self.shapes.iter().flat_map(|s| &s.segs)
    }
}

/// A paint as the file gives it, before colours are worked out.
#[derive(Debug, Clone, PartialEq)]
enum Paint {
    None,
    /// sRGB and alpha, 0–255.
    Rgba(u8, u8, u8, u8),
    /// The `color` property.
    Current,
    /// A gradient (or other paint server) by id, with the fallback paint.
    Url(String, Option<Box<Paint>>),
}

impl Paint {
    /// Reads a paint; `None` for `inherit` and unreadable values (which
    /// leave the inherited paint as it is).
    fn parse(v: &str) -> Option<Paint> {
        use svgtypes::{Paint as P, PaintFallback as F};
        let rgba = |c: svgtypes::Color| Paint::Rgba(c.red, c.green, c.blue, c.alpha);
        Some(match P::from_str(v.trim()).ok()? {
            P::None | P::ContextFill | P::ContextStroke => Paint::None,
            P::Inherit => return None,
            P::CurrentColor => Paint::Current,
            P::Color(c) => rgba(c),
            P::FuncIRI(id, fallback) => Paint::Url(
                id.to_string(),
                fallback.map(|f| {
                    Box::new(match f {
                        F::None => Paint::None,
                        F::CurrentColor => Paint::Current,
                        F::Color(c) => rgba(c),
                    })
                }),
            ),
        })
    }
}

/// The inherited painting properties at an element.
#[derive(Debug, Clone)]
struct Style {
    fill: Paint,
    stroke: Paint,
    /// In the element's user units.
    stroke_width: f64,
    evenodd: bool,
    fill_opacity: f64,
    stroke_opacity: f64,
    /// The product of `opacity` down to here (not inherited in SVG, but a
    /// group's opacity applies to all it holds).
    opacity: f64,
    /// The `color` property (for `currentColor`): sRGB and alpha.
    color: (u8, u8, u8, u8),
    visible: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            fill: Paint::Rgba(0, 0, 0, 255),
            stroke: Paint::None,
            stroke_width: 1.0,
            evenodd: false,
            fill_opacity: 1.0,
            stroke_opacity: 1.0,
            opacity: 1.0,
            color: (0, 0, 0, 255),
            visible: true,
        }
    }
}

/// A number or a percentage, clamped to 0–1 (opacities).
fn fraction(v: &str) -> Option<f64> {
    let v = v.trim();
    let n = match v.strip_suffix('%') {
        Some(p) => p.trim().parse::<f64>().ok()? / 100.0,
        None => v.parse::<f64>().ok()?,
    };
    n.is_finite().then(|| n.clamp(0.0, 1.0))
}

/// A length in user units (`px`, or an absolute unit at 96 per inch);
/// percentages and font-relative units are not read.
fn length(v: &str) -> Option<f64> {
    use svgtypes::LengthUnit as U;
    let l: svgtypes::Length = v.trim().parse().ok()?;
    let n = l.number
        * match l.unit {
            U::None | U::Px => 1.0,
            U::In => 96.0,
            U::Cm => 96.0 / 2.54,
            U::Mm => 96.0 / 25.4,
            U::Pt => 96.0 / 72.0,
            U::Pc => 16.0,
            U::Em | U::Ex | U::Percent => return None,
        };
    (sane(n) && n >= 0.0).then_some(n)
}

/// A simple CSS selector: an element name, classes and an id (all given
/// ones must match); `*` or nothing matches any element.
#[derive(Debug)]
struct Selector {
    tag: Option<String>,
    classes: Vec<String>,
    id: Option<String>,
}

impl Selector {
    /// Reads one compound selector; `None` for what this reader does not
    /// follow (combinators, attributes, pseudo-classes).
    fn parse(s: &str) -> Option<Selector> {
        let s = s.trim();
        if s.is_empty() || s.contains(|c: char| c.is_whitespace() || "[]:>+~()".contains(c)) {
            return None;
        }
        let mut sel = Selector {
            tag: None,
            classes: Vec::new(),
            id: None,
        };
        let mut rest = s;
        let head_end = rest.find(['.', '#']).unwrap_or(rest.len());
        let head = &rest[..head_end];
        if !head.is_empty() && head != "*" {
            sel.tag = Some(head.to_string());
        }
        rest = &rest[head_end..];
        while let Some(kind) = rest.chars().next() {
            let body = &rest[1..];
            let end = body.find(['.', '#']).unwrap_or(body.len());
            let name = &body[..end];
            if name.is_empty() {
                return None;
            }
            if kind == '.' {
                sel.classes.push(name.to_string());
            } else {
                sel.id = Some(name.to_string());
            }
            rest = &body[end..];
        }
        Some(sel)
    }

    /// (ids, classes, element names): CSS specificity.
    fn specificity(&self) -> (usize, usize, usize) {
        (
            self.id.is_some() as usize,
            self.classes.len(),
            self.tag.is_some() as usize,
        )
    }

    fn matches(&self, node: roxmltree::Node) -> bool {
        if self
            .tag
            .as_deref()
            .is_some_and(|t| t != node.tag_name().name())
        {
            return false;
        }
        if self
            .id
            .as_deref()
            .is_some_and(|id| node.attribute("id") != Some(id))
        {
            return false;
        }
        let classes = node.attribute("class").unwrap_or("");
        self.classes
            .iter()
            .all(|c| classes.split_whitespace().any(|x| x == c))
    }
}

/// A `<style>` rule: one selector and its declarations.
#[derive(Debug)]
struct Rule {
    selector: Selector,
    decls: Vec<(String, String)>,
}

/// `name: value; …` pairs of a declaration block or a `style` attribute
/// (`!important` is dropped; it weighs as any other declaration).
fn declarations(block: &str) -> Vec<(String, String)> {
    block
        .split(';')
        .filter_map(|d| {
            let (name, value) = d.split_once(':')?;
            let value = value.trim();
            let value = value.strip_suffix("!important").unwrap_or(value).trim();
            Some((name.trim().to_ascii_lowercase(), value.to_string()))
        })
        .collect()
}

/// The rules of every `<style>` element, ordered as they apply: by
/// specificity, then as written (later wins).
fn stylesheet(doc: &roxmltree::Document, origin: &str) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for style in doc.descendants().filter(|n| n.has_tag_name("style")) {
        let text: String = style.children().filter_map(|c| c.text()).collect();
        // Comments out; @-rules (media queries, fonts) are not followed.
        let mut css = String::new();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("/*") {
            css.push_str(&rest[..i]);
            rest = rest[i + 2..].split_once("*/").map_or("", |(_, r)| r);
        }
        css.push_str(rest);
        for block in css.split('}') {
            let Some((selectors, body)) = block.split_once('{') else {
                continue;
            };
            if selectors.trim_start().starts_with('@') {
                continue;
            }
            let decls = declarations(body);
            for s in selectors.split(',') {
                if let Some(selector) = Selector::parse(s) {
                    if rules.len() >= MAX_CSS_RULES {
                        return Err(format!(
                            "{origin}: the icon's <style> has more than {MAX_CSS_RULES} rules; save it with presentation attributes instead (e.g. Inkscape: Edit › Preferences › Input/Output › SVG output › Style: presentation attributes)"
                        ));
                    }
                    rules.push(Rule {
                        selector,
                        decls: decls.clone(),
                    });
                }
            }
        }
    }
    rules.sort_by_key(|r| r.selector.specificity());
    Ok(rules)
}

/// The names of the properties this reader follows.
const PROPERTIES: [&str; 12] = [
    "fill",
    "stroke",
    "stroke-width",
    "fill-rule",
    "fill-opacity",
    "stroke-opacity",
    "opacity",
    "color",
    "display",
    "visibility",
    "stop-color",
    "stop-opacity",
];

/// The state of a walk over one document.
struct Walk<'a, 'input> {
    origin: &'a str,
    ids: std::collections::HashMap<&'a str, roxmltree::Node<'a, 'input>>,
    css: Vec<Rule>,
    /// Shapes in user space (line widths in user units of the root).
    shapes: Vec<Shape>,
    segments: usize,
    /// Elements visited, `<use>` copies counted again.
    visits: usize,
}

impl<'a, 'input> Walk<'a, 'input> {
    /// The element's properties in the order they apply: presentation
    /// attributes, then style sheet rules, then its `style` attribute.
    fn declared(&self, node: roxmltree::Node) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = node
            .attributes()
            .filter(|a| a.namespace().is_none() && PROPERTIES.contains(&a.name()))
            .map(|a| (a.name().to_string(), a.value().to_string()))
            .collect();
        for rule in self.css.iter().filter(|r| r.selector.matches(node)) {
            out.extend(rule.decls.iter().cloned());
        }
        if let Some(s) = node.attribute("style") {
            out.extend(declarations(s));
        }
        out
    }

    /// The style at `node`, from its parent's; `None` when it is not
    /// displayed at all (`display: none`).
    fn style(&self, node: roxmltree::Node, parent: &Style) -> Option<Style> {
        let mut s = parent.clone();
        let mut color = None;
        for (name, v) in self.declared(node) {
            let v = v.trim();
            match name.as_str() {
                "fill" => s.fill = Paint::parse(v).unwrap_or(s.fill),
                "stroke" => s.stroke = Paint::parse(v).unwrap_or(s.stroke),
                "stroke-width" => s.stroke_width = length(v).unwrap_or(s.stroke_width),
                "fill-rule" => match v {
                    "evenodd" => s.evenodd = true,
                    "nonzero" => s.evenodd = false,
                    _ => {}
                },
                "fill-opacity" => s.fill_opacity = fraction(v).unwrap_or(s.fill_opacity),
                "stroke-opacity" => s.stroke_opacity = fraction(v).unwrap_or(s.stroke_opacity),
                "opacity" => {
                    if let Some(o) = fraction(v) {
                        s.opacity = parent.opacity * o;
                    }
                }
                "color" => {
                    if let Ok(c) = v.parse::<svgtypes::Color>() {
                        color = Some((c.red, c.green, c.blue, c.alpha));
                    }
                }
                "display" if v == "none" => return None,
                "visibility" => match v {
                    "hidden" | "collapse" => s.visible = false,
                    "visible" => s.visible = true,
                    _ => {}
                },
                _ => {}
            }
        }
        if let Some(c) = color {
            s.color = c;
        }
        Some(s)
    }

    /// The colour a paint shows as, with `opacity` (0–1) blended over white;
    /// `None` when nothing is painted.
    fn colour(&self, paint: &Paint, opacity: f64, style: &Style) -> Option<Color> {
        let (r, g, b, a) = match paint {
            Paint::None => return None,
            Paint::Rgba(r, g, b, a) => (*r, *g, *b, *a as f64 / 255.0),
            Paint::Current => {
                let (r, g, b, a) = style.color;
                (r, g, b, a as f64 / 255.0)
            }
            Paint::Url(id, fallback) => match self.gradient(id) {
                Some((r, g, b, a)) => (r, g, b, a),
                None => return self.colour(fallback.as_deref()?, opacity, style),
            },
        };
        over_white((r, g, b), a * opacity)
    }

    /// A gradient's stops' mean colour and mean opacity; `None` when `id`
    /// is not a gradient with stops.
    fn gradient(&self, id: &str) -> Option<(u8, u8, u8, f64)> {
        let mut node = *self.ids.get(id)?;
        for _ in 0..MAX_USE_DEPTH {
            if !matches!(node.tag_name().name(), "linearGradient" | "radialGradient") {
                return None;
            }
            let stops: Vec<_> = node.children().filter(|c| c.has_tag_name("stop")).collect();
            if stops.is_empty() {
                // The stops of the gradient it refers to.
                node = *self.ids.get(href(node)?.strip_prefix('#')?)?;
                continue;
            }
            let (mut sum, mut alpha) = ([0.0; 3], 0.0);
            for stop in &stops {
                let (mut rgba, mut opacity) = ((0, 0, 0, 255), 1.0);
                for (name, v) in self.declared(*stop) {
                    match name.as_str() {
                        "stop-color" => {
                            if let Ok(c) = v.trim().parse::<svgtypes::Color>() {
                                rgba = (c.red, c.green, c.blue, c.alpha);
                            }
                        }
                        "stop-opacity" => opacity = fraction(&v).unwrap_or(opacity),
                        _ => {}
                    }
                }
                sum[0] += rgba.0 as f64;
                sum[1] += rgba.1 as f64;
                sum[2] += rgba.2 as f64;
                alpha += opacity * rgba.3 as f64 / 255.0;
            }
            let n = stops.len() as f64;
            let c = |v: f64| (v / n).round().clamp(0.0, 255.0) as u8;
            return Some((c(sum[0]), c(sum[1]), c(sum[2]), alpha / n));
        }
        None
    }

    /// Walks `node` and what it holds, adding its shapes; `parent` maps its
    /// parent's user space to the root's. `depth` counts the elements above
    /// it, `uses` the `<use>` elements.
    fn element(
        &mut self,
        node: roxmltree::Node<'a, 'input>,
        parent: Transform,
        inherited: &Style,
        depth: usize,
        uses: usize,
    ) -> Result<(), String> {
        let origin = self.origin;
        if depth > MAX_ICON_DEPTH {
            return Err(format!(
                "{origin}: elements are nested more than {MAX_ICON_DEPTH} deep; ungroup them (e.g. Inkscape: Object › Ungroup)"
            ));
        }
        self.visits += 1;
        if self.visits > MAX_ICON_NODES {
            return Err(too_many_nodes(origin));
        }
        let name = node.tag_name().name();
        if matches!(
            name,
            "defs"
                | "style"
                | "title"
                | "desc"
                | "metadata"
                | "symbol"
                | "clipPath"
                | "mask"
                | "marker"
                | "pattern"
                | "linearGradient"
                | "radialGradient"
                | "filter"
                | "foreignObject"
        ) && depth > 0
        {
            // Definitions and what is never drawn where it stands (a
            // `<symbol>` is drawn where a `<use>` names it).
            return Ok(());
        }
        let Some(style) = self.style(node, inherited) else {
            return Ok(());
        };
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
        let n = |a| number(node, a, origin);
        let segs = match name {
            "svg" | "g" | "a" => {
                for child in node.children().filter(|c| c.is_element()) {
                    self.element(child, t, &style, depth + 1, uses)?;
                }
                return Ok(());
            }
            "switch" => {
                // The first child a reader without extensions would draw.
                let first = node.children().find(|c| {
                    c.is_element()
                        && !c.has_tag_name("foreignObject")
                        && c.attribute("requiredExtensions").is_none()
                });
                if let Some(child) = first {
                    self.element(child, t, &style, depth + 1, uses)?;
                }
                return Ok(());
            }
            "use" => {
                if uses >= MAX_USE_DEPTH {
                    return Err(format!(
                        "{origin}: <use> elements refer to one another more than {MAX_USE_DEPTH} deep (or in a loop); unlink the clones (e.g. Inkscape: Edit › Clone › Unlink Clone)"
                    ));
                }
                let Some(target) = href(node)
                    .and_then(|h| h.strip_prefix('#'))
                    .and_then(|id| self.ids.get(id).copied())
                else {
                    return Err(format!(
                        "{origin}: a <use> refers to `{}`, which is not an element of this file; unlink the clone (e.g. Inkscape: Edit › Clone › Unlink Clone)",
                        crate::input::excerpt(href(node).unwrap_or(""))
                    ));
                };
                let inner = t.then_apply(Transform::translate(n("x")?, n("y")?));
                if !target.has_tag_name("symbol") {
                    return self.element(target, inner, &style, depth + 1, uses + 1);
                }
                // A symbol is drawn only here: its children, fitted into the
                // use's box.
                let Some(inner_style) = self.style(target, &style) else {
                    return Ok(());
                };
                let inner = inner.then_apply(symbol_fit(target, n("width")?, n("height")?)?);
                for child in target.children().filter(|c| c.is_element()) {
                    self.element(child, inner, &inner_style, depth + 2, uses + 1)?;
                }
                return Ok(());
            }
            "path" => path_segs(node.attribute("d").unwrap_or(""), self.segments, origin)?,
            "rect" => {
                let (x, y, w, h) = (n("x")?, n("y")?, n("width")?, n("height")?);
                let r = n("rx")?.max(n("ry")?);
                shapes::rounded_rect(x, y, w, h, r)
            }
            "circle" => shapes::circle(pt(n("cx")?, n("cy")?), n("r")?),
            "ellipse" => {
                let (rx, ry) = (n("rx")?, n("ry")?);
                let (cx, cy) = (n("cx")?, n("cy")?);
                let squash = Transform::translate(cx, cy).then_apply(Transform::scale(rx, ry));
                shapes::circle(pt(0.0, 0.0), 1.0)
                    .into_iter()
                    .map(|s| map_seg(s, squash))
                    .collect()
            }
            "polygon" | "polyline" => {
                let pts: Vec<Pt> =
                    svgtypes::PointsParser::from(node.attribute("points").unwrap_or(""))
                        .take(MAX_ICON_SEGMENTS + 1)
                        .map(|(x, y)| point(x, y, origin))
                        .collect::<Result<_, _>>()?;
                if name == "polygon" {
                    shapes::polygon(&pts)
                } else {
                    shapes::polyline(&pts)
                }
            }
            "line" => shapes::line(
                point(n("x1")?, n("y1")?, origin)?,
                point(n("x2")?, n("y2")?, origin)?,
            ),
            "text" => {
                return Err(format!(
                    "{origin}: <text> is not supported in icons; convert it to paths (e.g. Inkscape: Path › Object to Path)"
                ))
            }
            "image" => {
                return Err(format!(
                    "{origin}: the drawing holds an <image> (a bitmap inside the SVG), which cannot be drawn from here; give the PNG or JPEG file itself as the picture"
                ))
            }
            // title, desc, metadata, other programs' elements, …
            _ => return Ok(()),
        };
        if self.segments + segs.len() > MAX_ICON_SEGMENTS {
            return Err(too_many(origin));
        }
        if !style.visible {
            return Ok(());
        }
        // A line has no inside to fill.
        let fill = if name == "line" {
            None
        } else {
            self.colour(&style.fill, style.fill_opacity * style.opacity, &style)
        };
        let stroke = self
            .colour(&style.stroke, style.stroke_opacity * style.opacity, &style)
            .map(|c| {
                let [a, b, c2, d, _, _] = t.0;
                (c, style.stroke_width * (a * d - b * c2).abs().sqrt())
            })
            .filter(|(_, w)| *w > 0.0);
        if fill.is_none() && stroke.is_none() {
            return Ok(());
        }
        self.segments += segs.len();
        let segs: Vec<Seg> = segs.into_iter().map(|s| map_seg(s, t)).collect();
        if style.evenodd && fill.is_some() {
            // Filled by even-odd: the subpaths turned so that non-zero
            // winding leaves the same holes, the outline stroked as drawn.
            let turned = even_odd_as_non_zero(&segs);
            if turned != segs && stroke.is_some() {
                self.shapes.push(Shape {
                    segs: turned,
                    fill,
                    stroke: None,
                });
                self.shapes.push(Shape {
                    segs,
                    fill: None,
                    stroke,
                });
                return Ok(());
            }
            self.shapes.push(Shape {
                segs: turned,
                fill,
                stroke,
            });
            return Ok(());
        }
        self.shapes.push(Shape { segs, fill, stroke });
        Ok(())
    }
}

/// A `href` or `xlink:href` attribute.
fn href<'a>(node: roxmltree::Node<'a, '_>) -> Option<&'a str> {
    node.attribute("href")
        .or_else(|| node.attribute(("http://www.w3.org/1999/xlink", "href")))
}

/// The map from a `<symbol>`'s viewBox into the `width` × `height` box of the
/// `<use>` naming it (centred, proportions kept); none without both.
fn symbol_fit(symbol: roxmltree::Node, w: f64, h: f64) -> Result<Transform, String> {
    let Some(b) = symbol
        .attribute("viewBox")
        .and_then(|v| v.parse::<svgtypes::ViewBox>().ok())
    else {
        return Ok(Transform::IDENTITY);
    };
    if !(w > 0.0 && h > 0.0 && b.w > 0.0 && b.h > 0.0) {
        return Ok(Transform::IDENTITY);
    }
    let k = (w / b.w).min(h / b.h);
    Ok(
        Transform::translate((w - b.w * k) / 2.0, (h - b.h * k) / 2.0)
            .then_apply(Transform::scale(k, k))
            .then_apply(Transform::translate(-b.x, -b.y)),
    )
}

/// `rgb` seen at `alpha` (0–1) over white paper; `None` when invisible.
fn over_white((r, g, b): (u8, u8, u8), alpha: f64) -> Option<Color> {
    if alpha.is_nan() || alpha < 0.5 / 255.0 {
        return None;
    }
    let a = alpha.min(1.0);
    let mix = |v: u8| (v as f64 * a + 255.0 * (1.0 - a)).round().clamp(0.0, 255.0) as u8;
    Some(Color::Rgb(mix(r), mix(g), mix(b)))
}

/// The segments of path data, with quadratic curves raised to cubics;
/// `before` segments are already in the icon (for [`MAX_ICON_SEGMENTS`]).
fn path_segs(d: &str, before: usize, origin: &str) -> Result<Vec<Seg>, String> {
    check_path_numbers(d, origin)?;
    let mut segs = Vec::new();
    let mut cur = pt(0.0, 0.0);
    for seg in svgtypes::SimplifyingPathParser::from(d) {
        let seg = seg.map_err(|e| format!("{origin}: bad path data: {e}"))?;
        if before + segs.len() >= MAX_ICON_SEGMENTS {
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
            S::CurveTo {
                x1,
                y1,
                x2,
                y2,
                x,
                y,
            } => {
                let (c1, c2) = (point(x1, y1, origin)?, point(x2, y2, origin)?);
                cur = point(x, y, origin)?;
                segs.push(Seg::Cubic(c1, c2, cur));
            }
            S::Quadratic { x1, y1, x, y } => {
                // Raise the quadratic to a cubic: control points 2/3 of the way.
                let q = point(x1, y1, origin)?;
                let end = point(x, y, origin)?;
                let c1 = pt(
                    cur.x + 2.0 / 3.0 * (q.x - cur.x),
                    cur.y + 2.0 / 3.0 * (q.y - cur.y),
                );
                let c2 = pt(
                    end.x + 2.0 / 3.0 * (q.x - end.x),
                    end.y + 2.0 / 3.0 * (q.y - end.y),
                );
                segs.push(Seg::Cubic(c1, c2, end));
                cur = end;
            }
            S::ClosePath => segs.push(Seg::Close),
        }
    }
    Ok(segs)
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(icon.shapes[0].segs[0], Seg::Move(pt(0.5, 0.0)));
        assert_eq!(extent(&icon.shapes[0].segs), Some((0.5, 0.0, 0.5, 1.0)));
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
        icon.shapes
            .iter()
            .map(|s| {
                (
                    s.fill.map(Color::to_rgb),
                    s.stroke
                        .map(|(c, w)| (c.to_rgb(), (w * 1000.0).round() / 1000.0)),
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
    fn current_color_opacity_and_gradients_become_plain_colours() {
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
    }

    #[test]
    fn use_copies_elements_and_loops_are_refused() {
        let icon = parse(
            r##"<defs><circle id="c" r="1" fill="red"/><symbol id="s" viewBox="0 0 2 2"><rect width="2" height="2"/></symbol></defs>
               <use href="#c" x="5" y="5"/>
               <use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#s" x="0" y="0" width="4" height="4"/>"##,
        );
        assert_eq!(icon.shapes.len(), 2);
        assert_eq!(icon.shapes[0].fill, Some(Color::Rgb(255, 0, 0)));
        let segs: Vec<Seg> = icon.shapes[1].segs.clone();
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
        let segs = &icon.shapes[0].segs;
        let subs = subpaths(segs);
        let (outer, inner) = (area(&flatten(subs[0])), area(&flatten(subs[1])));
        assert!(outer * inner < 0.0, "the hole runs the other way");
        let same = parse(r#"<path d="M0 0H10V10H0Z M3 3H7V7H3Z"/>"#);
        assert!(area(&flatten(subpaths(&same.shapes[0].segs)[1])) > 0.0);
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
        assert_eq!(p.fill, Some(Color::Rgb(255, 0, 0)));
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
            let fill = path.fill.map_or("none".into(), Color::to_hex);
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

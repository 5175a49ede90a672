//! The limits of a drawing, checked on its XML before usvg reads it: how
//! deep elements nest, how many there are once `<use>` copies are counted,
//! how much style text and style work they carry, how many gradient stops,
//! and every number that could make a shape or an arc explode. usvg has its
//! own, far larger bounds (a million elements); the README's limits are kept
//! here, so that each stops a file within a second and a few megabytes.

use super::{sane, too_many, too_many_nodes};
use crate::limits::{
    MAX_CSS_DECLARATIONS, MAX_CSS_PARSE_WORK, MAX_CSS_RULES, MAX_CSS_SELECTOR_WORK, MAX_CSS_WORK,
    MAX_GRADIENT_STOPS, MAX_ICON_DEPTH, MAX_ICON_NODES, MAX_ICON_NUMBER, MAX_ICON_SEGMENTS,
    MAX_STYLE_BYTES, MAX_USE_DEPTH,
};
use std::collections::HashMap;

/// Checks the document's limits before it is read as a drawing.
pub(super) fn check(doc: &roxmltree::Document, origin: &str) -> Result<(), String> {
    let mut walk = Walk {
        origin,
        ids: doc
            .descendants()
            .filter(|n| n.is_element())
            .filter_map(|n| Some((n.attribute("id")?, n)))
            .collect(),
        visits: 0,
        style_bytes: 0,
        parse_work: 0,
        stops: 0,
    };
    let declarations = walk.style_sheets(doc)?;
    walk.element(doc.root_element(), 0, 0)?;
    if declarations.saturating_mul(walk.visits) > MAX_CSS_WORK {
        return Err(format!(
            "{origin}: the icon's <style> rules hand out {} declarations to {} elements, more work than {} (declarations × elements); {PRESENTATION}",
            crate::error::num(declarations as f64),
            crate::error::num(walk.visits as f64),
            crate::error::num(MAX_CSS_WORK as f64)
        ));
    }
    Ok(())
}

struct Walk<'a, 'input> {
    origin: &'a str,
    ids: HashMap<&'a str, roxmltree::Node<'a, 'input>>,
    /// Elements visited, `<use>` copies counted again.
    visits: usize,
    style_bytes: usize,
    /// Style bytes × declarations (see [`MAX_CSS_PARSE_WORK`]).
    parse_work: usize,
    stops: usize,
}

impl<'a, 'input> Walk<'a, 'input> {
    /// Checks the `<style>` sheets: their bytes, rules, declarations and
    /// selector work. Returns how many declarations their rules hand out.
    fn style_sheets(&mut self, doc: &roxmltree::Document) -> Result<usize, String> {
        let origin = self.origin;
        let (mut rules, mut declarations, mut work) = (0usize, 0usize, 0usize);
        for style in doc.descendants().filter(|n| n.has_tag_name("style")) {
            for text in style.children().filter_map(|c| c.text()) {
                self.add_style(text)?;
                let css = without_comments(text);
                for block in css.split('}') {
                    let Some(open) = block.rfind('{') else {
                        continue;
                    };
                    let (prelude, body) = (&block[..open], &block[open + 1..]);
                    let selectors: Vec<&str> = prelude.split(',').collect();
                    let decls = body.split(';').filter(|d| d.contains(':')).count();
                    rules += selectors.len();
                    declarations = declarations.saturating_add(selectors.len() * decls);
                    work = selectors
                        .iter()
                        .fold(work, |w, s| w.saturating_add(selector_work(s)));
                }
            }
        }
        if rules > MAX_CSS_RULES {
            return Err(format!(
                "{origin}: the icon's <style> has more than {MAX_CSS_RULES} rules; {PRESENTATION}"
            ));
        }
        if declarations > MAX_CSS_DECLARATIONS {
            return Err(format!(
                "{origin}: the icon's <style> rules hand out {} declarations (each rule's counted once per selector), more than {MAX_CSS_DECLARATIONS}; {PRESENTATION}",
                crate::error::num(declarations as f64)
            ));
        }
        if work > MAX_CSS_SELECTOR_WORK {
            return Err(format!(
                "{origin}: the icon's <style> selectors are too costly to match (nested selectors such as `g g path`); {PRESENTATION}"
            ));
        }
        Ok(declarations)
    }

    /// Counts style text (a sheet or a `style` attribute) against
    /// [`MAX_STYLE_BYTES`] and [`MAX_CSS_PARSE_WORK`].
    fn add_style(&mut self, text: &str) -> Result<(), String> {
        let declarations = text.matches(':').count();
        self.parse_work = self
            .parse_work
            .saturating_add(text.len().saturating_mul(declarations));
        if self.parse_work > MAX_CSS_PARSE_WORK {
            return Err(format!(
                "{}: the icon's style text is too long for its number of declarations (more work than {} bytes × declarations); {PRESENTATION}",
                self.origin,
                crate::error::num(MAX_CSS_PARSE_WORK as f64)
            ));
        }
        self.style_bytes += text.len();
        if self.style_bytes > MAX_STYLE_BYTES {
            return Err(format!(
                "{}: the icon carries more than {MAX_STYLE_BYTES} bytes of style text (`<use>` copies counted again); {PRESENTATION}",
                self.origin
            ));
        }
        Ok(())
    }

    /// Visits `node` and what it holds (following `<use>`); `depth` counts
    /// the elements above it, `uses` the `<use>` elements.
    fn element(
        &mut self,
        node: roxmltree::Node<'a, 'input>,
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
        match name {
            // Never drawn, and what they hold is not SVG.
            "metadata" | "title" | "desc" | "foreignObject" | "style" | "script" => {
                return Ok(())
            }
            "text" => {
                return Err(format!(
                    "{origin}: <text> is not supported in icons; convert it to paths (e.g. Inkscape: Path › Object to Path)"
                ))
            }
            "image" | "feImage" => {
                return Err(format!(
                    "{origin}: the drawing holds an <image> (a bitmap inside the SVG), which cannot be drawn from here; give the PNG or JPEG file itself as the picture"
                ))
            }
            "stop" => {
                self.stops += 1;
                if self.stops > MAX_GRADIENT_STOPS {
                    return Err(format!(
                        "{origin}: the icon's gradients have more than {MAX_GRADIENT_STOPS} stops; simplify them"
                    ));
                }
            }
            _ => {}
        }
        if let Some(style) = node.attribute("style") {
            self.add_style(style)?;
        }
        numbers(node, origin)?;
        if name == "use" {
            if uses >= MAX_USE_DEPTH {
                return Err(format!(
                    "{origin}: <use> elements refer to one another more than {MAX_USE_DEPTH} deep (or in a loop); unlink the clones (e.g. Inkscape: Edit › Clone › Unlink Clone)"
                ));
            }
            let Some(target) = href(node)
                .and_then(|h| h.trim().strip_prefix('#'))
                .and_then(|id| self.ids.get(id).copied())
            else {
                return Err(format!(
                    "{origin}: a <use> refers to `{}`, which is not an element of this file; unlink the clone (e.g. Inkscape: Edit › Clone › Unlink Clone)",
                    crate::error::User(href(node).unwrap_or(""))
                ));
            };
            return self.element(target, depth + 1, uses + 1);
        }
        for child in node.children().filter(|c| c.is_element()) {
            self.element(child, depth + 1, uses)?;
        }
        Ok(())
    }
}

/// What to do about too much style.
const PRESENTATION: &str = "save it with presentation attributes instead (e.g. Inkscape: Edit › Preferences › Input/Output › SVG output › Style: presentation attributes)";

/// CSS without its `/* … */` comments.
fn without_comments(text: &str) -> String {
    let mut css = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("/*") {
        css.push_str(&rest[..i]);
        rest = rest[i + 2..].split_once("*/").map_or("", |(_, r)| r);
    }
    css.push_str(rest);
    css
}

/// The steps matching one selector against one element may take: 1, times
/// [`MAX_ICON_DEPTH`] for each descendant combinator (a space between two
/// compound selectors), whose match may try every ancestor.
fn selector_work(selector: &str) -> usize {
    let compounds = selector
        .split(|c: char| c.is_whitespace() || c == '>' || c == '+' || c == '~')
        .filter(|s| !s.is_empty())
        .count();
    let explicit = selector.matches(['>', '+', '~']).count();
    let descendants = compounds.saturating_sub(1).saturating_sub(explicit);
    MAX_ICON_DEPTH.saturating_pow(descendants.min(16) as u32)
}

/// A `href` or `xlink:href` attribute.
fn href<'a>(node: roxmltree::Node<'a, '_>) -> Option<&'a str> {
    node.attribute(("http://www.w3.org/1999/xlink", "href"))
        .or_else(|| node.attribute("href"))
}

/// The attributes holding one length or number each.
const LENGTHS: [&str; 16] = [
    "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "fx", "fy",
    "fr",
];

/// Refuses an element whose numbers are not finite or reach beyond
/// [`MAX_ICON_NUMBER`]: lengths, path data and points (also counted against
/// [`MAX_ICON_SEGMENTS`]), transforms and viewBoxes.
fn numbers(node: roxmltree::Node, origin: &str) -> Result<(), String> {
    for a in node.attributes().filter(|a| a.namespace().is_none()) {
        let v = a.value();
        match a.name() {
            name if LENGTHS.contains(&name) => {
                let t = v.trim();
                let t = t.trim_end_matches("px").trim();
                let n = t.parse::<f64>().ok().or_else(|| {
                    t.parse::<svgtypes::Length>()
                        .ok()
                        .map(|l| l.number)
                        .or_else(|| v.trim().parse::<svgtypes::Length>().ok().map(|l| l.number))
                });
                if let Some(n) = n.filter(|n| !sane(*n)) {
                    return Err(bad_number(origin, n));
                }
            }
            "d" => check_path_numbers(v, origin)?,
            "points" => {
                for (i, (x, y)) in svgtypes::PointsParser::from(v).enumerate() {
                    if i >= MAX_ICON_SEGMENTS {
                        return Err(too_many(origin));
                    }
                    if let Some(n) = [x, y].into_iter().find(|n| !sane(*n)) {
                        return Err(bad_number(origin, n));
                    }
                }
            }
            "transform" | "gradientTransform" | "patternTransform" => {
                let t: svgtypes::Transform = v.parse().map_err(|e| {
                    format!("{origin}: bad transform `{}`: {e}", crate::error::User(v))
                })?;
                if let Some(n) = [t.a, t.b, t.c, t.d, t.e, t.f]
                    .into_iter()
                    .find(|n| !sane(*n))
                {
                    return Err(bad_number(origin, n));
                }
            }
            "viewBox" => {
                let Ok(b) = v.parse::<svgtypes::ViewBox>() else {
                    if node.parent().is_some_and(|p| p.is_root()) {
                        return Err(format!(
                            "{origin}: the viewBox `{}` is not four numbers (x y width height)",
                            crate::error::User(v)
                        ));
                    }
                    continue;
                };
                if ![b.x, b.y, b.w, b.h].iter().all(|n| sane(*n)) {
                    return Err(format!(
                        "{origin}: the viewBox `{}` is out of range; its numbers must be within ±{}",
                        crate::error::User(v),
                        crate::error::num(MAX_ICON_NUMBER)
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

pub(super) fn bad_number(origin: &str, n: f64) -> String {
    format!(
        "{origin}: the number {} is not usable; icon numbers must be finite and within ±{}",
        crate::error::num(n),
        crate::error::num(MAX_ICON_NUMBER)
    )
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
            // usvg draws the path up to the error, as SVG readers do.
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

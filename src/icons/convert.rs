//! From usvg's tree to the scene's paths and clips, in the drawing's user
//! space (the units of its viewBox): transforms are applied to the points,
//! fills become colours or gradients ([`crate::scene::Paint`]), strokes plain
//! colours, clip paths become [`Clip`]s and masks are approximated by clips.

use usvg::{FillRule, Group, Node, Paint, PaintOrder};

use super::{even_odd_as_non_zero, too_many};
use crate::limits::{MAX_ICON_SEGMENTS, MAX_PAINTED_STOPS};
use crate::scene::{
    pt, Clip, Color, Gradient, GradientShape, Item, Path, Pt, Seg, Stop, Stroke, Transform,
};

/// The scene's form of a usvg (tiny-skia) transform.
pub(super) fn transform(t: usvg::Transform) -> Transform {
    Transform([t.sx, t.ky, t.kx, t.sy, t.tx, t.ty].map(f64::from))
}

/// A walk over a usvg tree.
pub(super) struct Convert<'a> {
    pub origin: &'a str,
    /// Path segments made so far (for [`MAX_ICON_SEGMENTS`]).
    pub segments: usize,
    /// Gradient stops painted so far, each shape filled with a gradient
    /// counting its stops (for [`MAX_PAINTED_STOPS`]).
    pub stops: usize,
}

impl Convert<'_> {
    /// The items of `g`, whose parent's space `t` maps to user space, with
    /// the opacity of the groups around it.
    pub fn group(&mut self, g: &Group, t: Transform, opacity: f64) -> Result<Vec<Item>, String> {
        let t = t.then_apply(transform(g.transform()));
        let opacity = opacity * f64::from(g.opacity().get());
        let mut items = Vec::new();
        for child in g.children() {
            match child {
                Node::Group(c) => items.extend(self.group(c, t, opacity)?),
                Node::Path(p) => items.extend(self.path(p, t, opacity)?),
                // Refused before usvg reads the file; never made without
                // usvg's `text` feature.
                Node::Image(_) | Node::Text(_) => {}
            }
        }
        if let Some(mask) = g.mask() {
            items = self.masked(mask, t, items)?;
        }
        if let Some(clip) = g.clip_path() {
            items = self.clipped(clip, t, items)?;
        }
        Ok(items)
    }

    /// A path's fill and stroke, as one or two scene paths.
    fn path(&mut self, p: &usvg::Path, t: Transform, opacity: f64) -> Result<Vec<Item>, String> {
        let segs = self.segs(p.data(), t)?;
        if !p.is_visible() {
            return Ok(Vec::new());
        }
        let fill = p
            .fill()
            .and_then(|f| fill_paint(f.paint(), f64::from(f.opacity().get()) * opacity, t));
        if let Some(crate::scene::Paint::Gradient(g)) = &fill {
            self.stops += g.stops.len();
            if self.stops > MAX_PAINTED_STOPS {
                return Err(format!(
                    "{}: the icon paints more than {MAX_PAINTED_STOPS} gradient stops (each shape filled with a gradient counts its stops); use fewer stops or fewer shapes with gradients",
                    self.origin
                ));
            }
        }
        let [a, b, c, d, _, _] = t.0;
        let stroke = p
            .stroke()
            .and_then(|s| {
                let c2 = colour(s.paint(), f64::from(s.opacity().get()) * opacity)?;
                Some(Stroke::solid(
                    c2,
                    f64::from(s.width().get()) * (a * d - b * c).abs().sqrt(),
                ))
            })
            .filter(|s| s.width > 0.0);
        // A lone straight segment (a `<line>`) has no inside to fill.
        let fill = fill.filter(|_| !matches!(segs[..], [Seg::Move(_), Seg::Line(_)]));
        let evenodd = p.fill().is_some_and(|f| f.rule() == FillRule::EvenOdd);
        let filled = if evenodd && fill.is_some() {
            even_odd_as_non_zero(&segs)
        } else {
            segs.clone()
        };
        let item = |segs, fill, stroke| Item::Path(Path { segs, fill, stroke });
        Ok(match (fill, stroke) {
            (None, None) => Vec::new(),
            (Some(f), Some(s)) if p.paint_order() == PaintOrder::StrokeAndFill => {
                vec![item(segs, None, Some(s)), item(filled, Some(f), None)]
            }
            // Filled by even-odd: the subpaths turned so that non-zero
            // winding leaves the same holes, the outline stroked as drawn.
            (Some(f), Some(s)) if filled != segs => {
                vec![item(filled, Some(f), None), item(segs, None, Some(s))]
            }
            (fill, stroke) => vec![item(filled, fill, stroke)],
        })
    }

    /// `items` drawn only inside the clip path, whose group's space `t`
    /// maps to user space. The outlines of its shapes are joined into one
    /// (non-zero winding: outlines drawn the opposite way round cut holes).
    fn clipped(
        &mut self,
        clip: &usvg::ClipPath,
        t: Transform,
        items: Vec<Item>,
    ) -> Result<Vec<Item>, String> {
        let mut outline = Vec::new();
        self.outline(
            clip.root(),
            t.then_apply(transform(clip.transform())),
            &mut |p| p.fill().is_some(),
            &mut outline,
        )?;
        let mut items = clip_to(outline, items);
        if let Some(inner) = clip.clip_path() {
            items = self.clipped(inner, t, items)?;
        }
        Ok(items)
    }

    /// `items` under a mask, approximated: drawn inside the mask's rectangle
    /// and inside the shapes of the mask painted at least half bright (a
    /// luminance mask) or half opaque (an alpha mask). Soft edges and
    /// partial transparency are lost.
    fn masked(
        &mut self,
        mask: &usvg::Mask,
        t: Transform,
        items: Vec<Item>,
    ) -> Result<Vec<Item>, String> {
        let r = mask.rect();
        let rect = crate::scene::shapes::rect(
            f64::from(r.x()),
            f64::from(r.y()),
            f64::from(r.width()),
            f64::from(r.height()),
        );
        let mut items = clip_to(rect.into_iter().map(|s| map_seg(s, t)).collect(), items);
        let alpha = mask.kind() == usvg::MaskType::Alpha;
        let shows = |p: &usvg::Path| {
            p.fill().is_some_and(|f| {
                let opacity = f64::from(f.opacity().get());
                let level = match f.paint() {
                    Paint::Color(c) if !alpha => {
                        (0.2126 * f64::from(c.red)
                            + 0.7152 * f64::from(c.green)
                            + 0.0722 * f64::from(c.blue))
                            / 255.0
                    }
                    Paint::Pattern(_) => 0.0,
                    _ => 1.0,
                };
                level * opacity >= 0.5
            })
        };
        let mut outline = Vec::new();
        self.outline(mask.root(), t, &mut |p| shows(p), &mut outline)?;
        items = clip_to(outline, items);
        if let Some(inner) = mask.mask() {
            items = self.masked(inner, t, items)?;
        }
        Ok(items)
    }

    /// The outlines of the shapes in `g` that `keep` accepts, in user space
    /// (`t` maps `g`'s parent's space), even-odd ones turned for non-zero.
    fn outline(
        &mut self,
        g: &Group,
        t: Transform,
        keep: &mut dyn FnMut(&usvg::Path) -> bool,
        out: &mut Vec<Seg>,
    ) -> Result<(), String> {
        let t = t.then_apply(transform(g.transform()));
        for child in g.children() {
            match child {
                Node::Group(c) => self.outline(c, t, keep, out)?,
                Node::Path(p) if p.is_visible() && keep(p) => {
                    let segs = self.segs(p.data(), t)?;
                    if p.fill().is_some_and(|f| f.rule() == FillRule::EvenOdd) {
                        out.extend(even_odd_as_non_zero(&segs));
                    } else {
                        out.extend(segs);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Path data as scene segments mapped by `t`, quadratic curves raised to
    /// cubics; counted against [`MAX_ICON_SEGMENTS`].
    fn segs(
        &mut self,
        data: &usvg::tiny_skia_path::Path,
        t: Transform,
    ) -> Result<Vec<Seg>, String> {
        use usvg::tiny_skia_path::PathSegment as S;
        let p = |q: usvg::tiny_skia_path::Point| pt(f64::from(q.x), f64::from(q.y));
        let mut segs = Vec::with_capacity(data.len());
        let mut cur = pt(0.0, 0.0);
        let mut start = cur;
        for seg in data.segments() {
            self.segments += 1;
            if self.segments > MAX_ICON_SEGMENTS {
                return Err(too_many(self.origin));
            }
            segs.push(match seg {
                S::MoveTo(a) => {
                    cur = p(a);
                    start = cur;
                    Seg::Move(cur)
                }
                S::LineTo(a) => {
                    cur = p(a);
                    Seg::Line(cur)
                }
                S::QuadTo(q, e) => {
                    // Control points 2/3 of the way to the quadratic's.
                    let (q, end) = (p(q), p(e));
                    let c1 = pt(
                        cur.x + 2.0 / 3.0 * (q.x - cur.x),
                        cur.y + 2.0 / 3.0 * (q.y - cur.y),
                    );
                    let c2 = pt(
                        end.x + 2.0 / 3.0 * (q.x - end.x),
                        end.y + 2.0 / 3.0 * (q.y - end.y),
                    );
                    cur = end;
                    Seg::Cubic(c1, c2, end)
                }
                S::CubicTo(a, b, e) => {
                    cur = p(e);
                    Seg::Cubic(p(a), p(b), cur)
                }
                S::Close => {
                    cur = start;
                    Seg::Close
                }
            });
        }
        Ok(segs.into_iter().map(|s| map_seg(s, t)).collect())
    }
}

/// `items` inside `outline`; nothing when the outline is empty (a clip
/// path or mask that shows nothing).
fn clip_to(outline: Vec<Seg>, items: Vec<Item>) -> Vec<Item> {
    if outline.is_empty() || items.is_empty() {
        return Vec::new();
    }
    vec![Item::Clip(Clip {
        path: outline,
        items,
    })]
}

/// A fill's paint at `opacity` (0–1), whose path's space `t` maps to user
/// space: a colour blended over white (see [`colour`]), or a gradient, each
/// stop blended over white, placed by `t` and its own transform. A
/// gradient whose line or circle has no length paints its last stop's
/// colour (as SVG says); `spreadMethod` reflect and repeat are drawn as pad
/// (the end colours continue). `None` for patterns and what is not seen.
fn fill_paint(paint: &Paint, opacity: f64, t: Transform) -> Option<crate::scene::Paint> {
    let (base, shape): (&usvg::BaseGradient, _) = match paint {
        Paint::LinearGradient(g) => {
            let (start, end) = (
                pt(f64::from(g.x1()), f64::from(g.y1())),
                pt(f64::from(g.x2()), f64::from(g.y2())),
            );
            let shape = (start != end).then_some(GradientShape::Linear { start, end });
            (g, shape)
        }
        Paint::RadialGradient(g) => {
            let center = pt(f64::from(g.cx()), f64::from(g.cy()));
            let radius = f64::from(g.r().get());
            // A focus outside the circle is moved just inside it (SVG 1.1's
            // rule), so that every renderer draws the same cone-free shape.
            let (dx, dy) = (f64::from(g.fx()) - center.x, f64::from(g.fy()) - center.y);
            let d = dx.hypot(dy);
            let k = if d > 0.99 * radius {
                0.99 * radius / d
            } else {
                1.0
            };
            let focus = pt(center.x + dx * k, center.y + dy * k);
            let shape = (radius > 0.0).then_some(GradientShape::Radial {
                focus,
                center,
                radius,
            });
            (g, shape)
        }
        _ => return colour(paint, opacity).map(crate::scene::Paint::Solid),
    };
    let seen = |s: &usvg::Stop| f64::from(s.opacity().get()) * opacity;
    if base
        .stops()
        .iter()
        .all(|s| over_white(rgb(s), seen(s)).is_none())
    {
        return None;
    }
    let stops: Vec<Stop> = base
        .stops()
        .iter()
        .map(|s| Stop {
            offset: f64::from(s.offset().get()),
            color: over_white(rgb(s), seen(s)).unwrap_or(Color::WHITE),
        })
        .collect();
    match (shape, &stops[..]) {
        (Some(shape), [_, _, ..]) => Some(crate::scene::Paint::Gradient(std::sync::Arc::new(
            Gradient {
                shape,
                transform: t.then_apply(transform(base.transform())),
                stops,
            },
        ))),
        (_, [.., last]) => Some(crate::scene::Paint::Solid(last.color)),
        (_, []) => None,
    }
}

/// A stop's colour.
fn rgb(s: &usvg::Stop) -> (u8, u8, u8) {
    (s.color().red, s.color().green, s.color().blue)
}

/// The colour a paint shows as at `opacity` (0–1), blended over white: a
/// gradient in the mean of its stops' colours and opacities (for strokes and
/// masks); `None` for patterns and what is not seen.
fn colour(paint: &Paint, opacity: f64) -> Option<Color> {
    let mean = |stops: &[usvg::Stop]| {
        let n = stops.len().max(1) as f64;
        let sum = |f: &dyn Fn(&usvg::Stop) -> f64| stops.iter().map(f).sum::<f64>() / n;
        let c = |v: f64| v.round().clamp(0.0, 255.0) as u8;
        (
            (
                c(sum(&|s| f64::from(s.color().red))),
                c(sum(&|s| f64::from(s.color().green))),
                c(sum(&|s| f64::from(s.color().blue))),
            ),
            sum(&|s| f64::from(s.opacity().get())),
        )
    };
    let (rgb, alpha) = match paint {
        Paint::Color(c) => ((c.red, c.green, c.blue), 1.0),
        Paint::LinearGradient(g) => mean(g.stops()),
        Paint::RadialGradient(g) => mean(g.stops()),
        Paint::Pattern(_) => return None,
    };
    over_white(rgb, alpha * opacity)
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

/// A segment with its points mapped by `t`.
pub(super) fn map_seg(s: Seg, t: Transform) -> Seg {
    let m = |p: Pt| t.apply(p);
    match s {
        Seg::Move(p) => Seg::Move(m(p)),
        Seg::Line(p) => Seg::Line(m(p)),
        Seg::Cubic(a, b, c) => Seg::Cubic(m(a), m(b), m(c)),
        Seg::Close => Seg::Close,
    }
}

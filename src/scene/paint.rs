//! Paints: what fills a path. A plain [`Color`], or a [`Gradient`] (linear
//! or radial) that each renderer draws natively: SVG as `<linearGradient>` /
//! `<radialGradient>`, PDF as an axial or radial shading, PNG through
//! tiny-skia's gradient shaders.
//!
//! A gradient lives in its own space, mapped to the path's coordinates (mm,
//! y down, the space of the path's points) by [`Gradient::transform`]. The
//! drawing model has no transparency, so stops are opaque colours (a
//! stop's opacity is blended over white paper when the gradient is made, as
//! every opacity of a drawing is), and beyond its ends a gradient keeps its
//! end colours (SVG's `spreadMethod="pad"`).
//!
//! A new paint is a variant here, then one function in each renderer
//! (`render::svg::fill`, `render::png::paint_of`, `render::pdf::content`'s
//! `shade`) and what the passes do with its colours ([`Paint::map`]).

use std::sync::Arc;

use super::{Color, Pt, Transform};

/// How a path is filled.
#[derive(Debug, Clone, PartialEq)]
pub enum Paint {
    /// One colour.
    Solid(Color),
    /// A gradient, shared (a drawing placed many times paints the same one).
    Gradient(Arc<Gradient>),
}

impl From<Color> for Paint {
    fn from(c: Color) -> Paint {
        Paint::Solid(c)
    }
}

impl Paint {
    /// The paint with every colour replaced by what `f` makes of it (a
    /// gradient's stops, in order), for the passes that change colours.
    pub fn map(&self, mut f: impl FnMut(Color) -> Color) -> Paint {
        match self {
            Paint::Solid(c) => Paint::Solid(f(*c)),
            Paint::Gradient(g) => Paint::Gradient(Arc::new(Gradient {
                stops: g
                    .stops
                    .iter()
                    .map(|s| Stop {
                        offset: s.offset,
                        color: f(s.color),
                    })
                    .collect(),
                ..(**g).clone()
            })),
        }
    }

    /// Every colour the paint shows: one, or a gradient's stops in order.
    pub fn colors(&self) -> impl Iterator<Item = Color> + '_ {
        let (one, stops) = match self {
            Paint::Solid(c) => (Some(*c), &[][..]),
            Paint::Gradient(g) => (None, &g.stops[..]),
        };
        one.into_iter().chain(stops.iter().map(|s| s.color))
    }

    /// The one colour of a solid paint; `None` for a gradient.
    pub fn solid(&self) -> Option<Color> {
        match self {
            Paint::Solid(c) => Some(*c),
            Paint::Gradient(_) => None,
        }
    }

    /// The paint in a new space: `t` maps the path's old coordinates to its
    /// new ones (a solid paint is unchanged).
    pub fn mapped(&self, t: Transform) -> Paint {
        match self {
            Paint::Solid(_) => self.clone(),
            Paint::Gradient(g) => Paint::Gradient(Arc::new(Gradient {
                transform: t.then_apply(g.transform),
                ..(**g).clone()
            })),
        }
    }
}

/// The geometry of a gradient, in its own space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GradientShape {
    /// Colour changes along the line from `start` (offset 0) to `end`
    /// (offset 1), and is constant across it.
    Linear {
        /// Where offset 0 lies.
        start: Pt,
        /// Where offset 1 lies.
        end: Pt,
    },
    /// Circles grow from the point `focus` (offset 0) to the circle of
    /// `radius` about `center` (offset 1); `focus` lies inside that circle.
    Radial {
        /// Where offset 0 lies.
        focus: Pt,
        /// The centre of the circle of offset 1.
        center: Pt,
        /// The radius of the circle of offset 1 (greater than 0).
        radius: f64,
    },
}

/// One colour of a gradient at its offset.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stop {
    /// Where along the gradient, 0–1; stops come in ascending order (two at
    /// the same offset make a hard edge).
    pub offset: f64,
    /// The colour there.
    pub color: Color,
}

/// A linear or radial gradient: colours interpolated between stops (in the
/// colours' own space: sRGB, or CMYK after the print-shop pass), padded with
/// the end colours beyond the first and last stops.
#[derive(Debug, Clone, PartialEq)]
pub struct Gradient {
    /// Its geometry, in the gradient's space.
    pub shape: GradientShape,
    /// From the gradient's space to the path's coordinates (mm).
    pub transform: Transform,
    /// At least two stops, offsets ascending from 0 to 1.
    pub stops: Vec<Stop>,
}

impl Gradient {
    /// The colour at `offset` (0–1; padded outside), interpolated in sRGB:
    /// the renderers' own interpolation, for tests and approximations.
    pub fn at(&self, offset: f64) -> (u8, u8, u8) {
        let stops = &self.stops;
        let Some(first) = stops.first() else {
            return (0, 0, 0);
        };
        let after = stops.iter().position(|s| s.offset > offset);
        let (a, b) = match after {
            Some(0) => return first.color.to_rgb(),
            None => return stops[stops.len() - 1].color.to_rgb(),
            Some(i) => (stops[i - 1], stops[i]),
        };
        let k = (offset - a.offset) / (b.offset - a.offset);
        let (ca, cb) = (a.color.to_rgb(), b.color.to_rgb());
        let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * k).round() as u8;
        (mix(ca.0, cb.0), mix(ca.1, cb.1), mix(ca.2, cb.2))
    }
}

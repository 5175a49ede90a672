//! Gradients as PDF shadings: each gradient a document paints is written
//! once, as an axial (`/ShadingType 2`) or radial (`/ShadingType 3`) shading
//! whose colours come from one exponential function (`/FunctionType 2`,
//! `N 1`: linear) per pair of stops, stitched together (`/FunctionType 3`),
//! extended at both ends (pad). A path painted with it is filled by clipping
//! to the path and painting the shading (`sh`) in the gradient's space
//! (`content`).
//!
//! printpdf 0.12.8 has a shading type (`printpdf::Shading`), but it writes
//! DeviceRGB only, and a print shop's file needs the inks (DeviceCMYK, after
//! `compose::passes::print_shop`): so the dictionaries are written here, through
//! lopdf, into the page resources printpdf made (its `/Shading` dictionary,
//! empty otherwise), like the pictures (`images`).

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use lopdf::{Dictionary, Object};

use crate::scene::{
    walk, Color, Document, Gradient, GradientShape, Paint, Path, Placed, TextRun, Transform,
    Visitor,
};

/// The document's gradients: resource name by gradient, in order of first
/// use. Gradients that differ only in their transform (a drawing placed
/// many times, a shape in several groups) share one shading: the content
/// places it.
#[derive(Default)]
pub(super) struct Shadings {
    /// `(gradient, name)` in order of first use.
    list: Vec<(Arc<Gradient>, String)>,
    /// Name by [`key`].
    pub(super) names: HashMap<usize, String>,
    /// Indices into `list` by a hash of the shading's shape and stops.
    by_look: HashMap<u64, Vec<usize>>,
}

impl Shadings {
    /// The name of `g`'s shading, added when no shading looks the same.
    fn add(&mut self, g: &Arc<Gradient>) {
        if self.names.contains_key(&key(g)) {
            return;
        }
        let same = |a: &Gradient, b: &Gradient| a.shape == b.shape && a.stops == b.stops;
        let looks = self.by_look.entry(look(g)).or_default();
        let name = match looks.iter().find(|&&i| same(&self.list[i].0, g)) {
            Some(&i) => self.list[i].1.clone(),
            None => {
                let name = format!("Sh{}", self.list.len() + 1);
                looks.push(self.list.len());
                self.list.push((g.clone(), name.clone()));
                name
            }
        };
        self.names.insert(key(g), name);
    }
}

/// A hash of what a shading shows: the gradient's shape and stops, not its
/// transform.
fn look(g: &Gradient) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    let shape = match g.shape {
        GradientShape::Linear { start, end } => vec![start.x, start.y, end.x, end.y],
        GradientShape::Radial {
            focus,
            center,
            radius,
        } => vec![focus.x, focus.y, center.x, center.y, radius],
    };
    for v in shape {
        v.to_bits().hash(&mut h);
    }
    for s in g.stops.iter() {
        s.offset.to_bits().hash(&mut h);
        match s.color {
            Color::Rgb(r, g, b) => [r, g, b].hash(&mut h),
            Color::Cmyk(c, m, y, k) => [c, m, y, k].map(f32::to_bits).hash(&mut h),
            Color::Spot(spot) => spot.name().hash(&mut h),
        }
    }
    h.finish()
}

/// Identifies a gradient while the document holds it (the same `Arc` on
/// every page that paints it).
pub(super) fn key(g: &Arc<Gradient>) -> usize {
    Arc::as_ptr(g) as usize
}

/// Every gradient `doc` paints, each once, named `Sh1`, `Sh2`, ….
pub(super) fn collect(doc: &Document) -> Shadings {
    struct Found<'s>(&'s mut Shadings);
    impl<'a> Visitor<'a> for Found<'_> {
        fn path(&mut self, p: &'a Path, _: Transform) {
            if let Some(Paint::Gradient(g)) = &p.fill {
                self.0.add(g);
            }
        }
        fn text(&mut self, _: &'a TextRun, _: Transform) {}
        fn picture(&mut self, _: &'a Placed, _: Transform) {}
    }
    let mut shadings = Shadings::default();
    for page in &doc.pages {
        for (_, items) in page.layers.iter() {
            walk(items, Transform::IDENTITY, &mut Found(&mut shadings));
        }
    }
    shadings
}

/// Adds every shading as an object; returns the resource entries to add to
/// each page (`/ShN` → object). Empty when the document has no gradient.
pub(super) fn add_shadings(
    lo: &mut lopdf::Document,
    shadings: &Shadings,
) -> Vec<(Vec<u8>, Object)> {
    shadings
        .list
        .iter()
        .map(|(g, name)| {
            let id = lo.add_object(shading(g));
            (name.as_bytes().to_vec(), Object::Reference(id))
        })
        .collect()
}

/// The shading dictionary of `g`, in its own space (mapped to the page by
/// the content's `cm`): DeviceRGB when every stop is sRGB, else DeviceCMYK.
fn shading(g: &Gradient) -> Dictionary {
    let cmyk = g.stops.iter().any(|s| !matches!(s.color, Color::Rgb(..)));
    let components = |c: Color| -> Vec<f32> {
        match (c, cmyk) {
            (Color::Rgb(r, g, b), false) => [r, g, b].map(|v| f32::from(v) / 255.0).to_vec(),
            (Color::Cmyk(c, m, y, k), _) => vec![c, m, y, k],
            (Color::Spot(s), _) => s.alternate().to_vec(),
            // sRGB among inks (never made by the print-shop pass, which
            // turns every stop to inks): the inks of its naive complement.
            (Color::Rgb(r, g, b), true) => {
                let [r, g, b] = [r, g, b].map(|v| f32::from(v) / 255.0);
                let k = 1.0 - r.max(g).max(b);
                let ink = |v: f32| {
                    if k >= 1.0 {
                        0.0
                    } else {
                        (1.0 - v - k) / (1.0 - k)
                    }
                };
                vec![ink(r), ink(g), ink(b), k]
            }
        }
    };
    let (kind, coords) = match g.shape {
        GradientShape::Linear { start, end } => (2, vec![start.x, start.y, end.x, end.y]),
        GradientShape::Radial {
            focus,
            center,
            radius,
        } => (3, vec![focus.x, focus.y, 0.0, center.x, center.y, radius]),
    };
    let mut d = Dictionary::new();
    d.set("ShadingType", kind);
    d.set(
        "ColorSpace",
        Object::Name(if cmyk { "DeviceCMYK" } else { "DeviceRGB" }.into()),
    );
    d.set("Coords", reals(coords.into_iter().map(|v| v as f32)));
    d.set("Function", function(g, &components));
    d.set("Extend", vec![Object::Boolean(true), Object::Boolean(true)]);
    d
}

/// The function from offset (0–1) to colour: one linear piece between each
/// two stops of different offsets, with constant pieces before the first
/// stop and after the last, stitched together when there are several.
fn function(g: &Gradient, components: &dyn Fn(Color) -> Vec<f32>) -> Object {
    let (first, last) = match (g.stops.first(), g.stops.last()) {
        (Some(f), Some(l)) => (f, l),
        _ => return Object::Dictionary(linear(vec![0.0], vec![0.0])),
    };
    let mut pieces: Vec<(f64, Color, Color)> = Vec::new();
    if first.offset > 0.0 {
        pieces.push((first.offset, first.color, first.color));
    }
    for w in g.stops.windows(2) {
        if w[1].offset > w[0].offset {
            pieces.push((w[1].offset, w[0].color, w[1].color));
        }
    }
    if last.offset < 1.0 || pieces.is_empty() {
        pieces.push((1.0, last.color, last.color));
    }
    if let [(_, a, b)] = pieces[..] {
        return Object::Dictionary(linear(components(a), components(b)));
    }
    let mut d = Dictionary::new();
    d.set("FunctionType", 3);
    d.set("Domain", reals([0.0, 1.0]));
    let functions: Vec<Object> = pieces
        .iter()
        .map(|&(_, a, b)| Object::Dictionary(linear(components(a), components(b))))
        .collect();
    let bounds = pieces[..pieces.len() - 1].iter().map(|p| p.0 as f32);
    d.set("Functions", functions);
    d.set("Bounds", reals(bounds));
    d.set("Encode", reals(pieces.iter().flat_map(|_| [0.0, 1.0])));
    Object::Dictionary(d)
}

/// A linear (exponential, `N 1`) function from `c0` at 0 to `c1` at 1.
fn linear(c0: Vec<f32>, c1: Vec<f32>) -> Dictionary {
    let mut d = Dictionary::new();
    d.set("FunctionType", 2);
    d.set("Domain", reals([0.0, 1.0]));
    d.set("C0", reals(c0));
    d.set("C1", reals(c1));
    d.set("N", 1);
    d
}

fn reals(values: impl IntoIterator<Item = f32>) -> Object {
    Object::Array(values.into_iter().map(Object::Real).collect())
}

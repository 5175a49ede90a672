//! Pages for a print shop, made from any composed page: every colour in CMYK,
//! the die line in the `CutContour` separation, printer's marks in `All`.
//!
//! Colours the theme gave as `cmyk()` are kept exactly. sRGB colours are
//! converted by this documented formula (r, g, b and the inks from 0 to 1):
//!
//! 1. A neutral grey (channels within 2/255 of each other) is black ink only:
//!    K = 1 − (r + g + b) / 3. Text and lines therefore print in pure K, sharp
//!    and free of registration errors.
//! 2. Any other colour is separated with full grey-component replacement:
//!    K = 1 − max(r, g, b), then C = (1 − r − K) / (1 − K), and likewise M from
//!    g and Y from b. One ink of C, M, Y is always 0, so the total ink stays
//!    under 300 %.
//! 3. A large area (a fill whose bounding box exceeds 100 mm²) that would be
//!    (nearly) solid black becomes rich black, C 60 M 40 Y 40 K 100 (240 %):
//!    K alone looks grey over a large area.
//!
//! A final check scales C, M and Y down so that no colour (a theme's own
//! `cmyk()` included, which is otherwise kept) exceeds [`MAX_INK`].
//!
//! The die line (the cut layer) is stroked in the `CutContour` separation: the
//! print shop's cutter follows it and no plate inks it. Crop, corner and
//! registration marks are in `All`, which lands on every plate.

use std::sync::Arc;

use crate::scene::{
    is_large, map_leaves, Color, Item, Layer, Page, Path, Raster, RasterData, Samples, Spot,
    Stroke, TextRun,
};

/// The most ink any colour may put down: C + M + Y + K ≤ 3.0 (300 %).
pub const MAX_INK: f32 = 3.0;

/// Rich black for large dark areas: C 60 M 40 Y 40 K 100.
pub const RICH_BLACK: Color = Color::Cmyk(0.6, 0.4, 0.4, 1.0);

/// Width of the die line, mm (0.25 pt): thin enough not to hide the artwork on
/// a proof, thick enough to be seen.
pub const DIE_LINE: f64 = 0.1;

/// The page as a print shop wants it. The page size and bleed are unchanged.
/// A thumbnail takes the colours of the layer it is on, not those of the page
/// it shows: a die line on the cover would be cut.
pub fn for_print_shop(page: &Page) -> Page {
    for_print_shop_with(page, &mut Done::default())
}

/// [`for_print_shop`] for every page, each picture separated once, each
/// layer that pages share (a class set's repeated pages) changed once and
/// still shared.
pub fn pages_for_print_shop(pages: &[Page]) -> Vec<Page> {
    let mut done = Done::default();
    pages
        .iter()
        .map(|p| for_print_shop_with(p, &mut done))
        .collect()
}

/// Pictures already separated, by the digest of the original.
type Separated = rustc_hash::FxHashMap<u64, Option<Arc<Raster>>>;

/// What earlier pages made: the separated pictures, and the layers by the
/// address of their original items and their role.
#[derive(Default)]
struct Done {
    separated: Separated,
    layers: rustc_hash::FxHashMap<(usize, Layer), Arc<Vec<Item>>>,
}

fn for_print_shop_with(page: &Page, done: &mut Done) -> Page {
    let mut out = page.clone();
    let layers = page
        .layers
        .iter()
        .map(|(layer, items)| {
            let key = (Arc::as_ptr(items) as usize, *layer);
            let new = match done.layers.get(&key) {
                Some(new) => new.clone(),
                None => {
                    let new = Arc::new(layer_for_print_shop(
                        items.as_ref().clone(),
                        *layer,
                        &mut done.separated,
                    ));
                    done.layers.insert(key, new.clone());
                    new
                }
            };
            (*layer, new)
        })
        .collect();
    out.layers = Arc::new(layers);
    out
}

/// One layer's items (`role`) as a print shop wants them.
fn layer_for_print_shop(items: Vec<Item>, role: Layer, separated: &mut Separated) -> Vec<Item> {
    map_leaves(items, &mut |mut item| {
        match &mut item {
            Item::Path(p) => path(p, role),
            Item::Text(t) => text(t, role),
            Item::Picture(p) => {
                // Separated once, for this document and those after it.
                let done = separated.entry(p.raster.digest).or_insert_with(|| {
                    crate::picture::cache::get_or(
                        crate::picture::cache::Step::Separated,
                        p.raster.digest,
                        &[],
                        || separate(&p.raster).map(Arc::new),
                    )
                });
                // A picture whose pixels cannot be read is left out
                // rather than printed in RGB.
                p.raster = done.clone()?;
            }
            _ => {}
        }
        Some(item)
    })
}

/// A picture's pixels in CMYK by [`cmyk`] (each distinct colour worked out
/// once), its alpha plane shared with the original: the plates carry it like
/// the theme's colours. Memory: the inks (4 bytes a pixel) are the only new
/// copy of a decoded picture (a JPEG is decoded to RGBA for the time of the
/// separation), and the table of colours is emptied when it grows past
/// [`MAX_KNOWN_COLOURS`].
fn separate(r: &Raster) -> Option<Raster> {
    let n = usize::try_from(r.pixel_count()).ok()?;
    let decoded;
    let (rgb, step, alpha): (&[u8], usize, Option<Arc<[u8]>>) = match &r.data {
        RasterData::Pixels {
            color: Samples::Rgb(s),
            alpha,
        } => (s, 3, alpha.clone()),
        RasterData::Pixels {
            color: Samples::Gray(s),
            alpha,
        } => (s, 1, alpha.clone()),
        _ => {
            decoded = r.rgba().ok()?;
            let opaque = decoded.pixels.chunks_exact(4).all(|p| p[3] == 255);
            let alpha = (!opaque).then(|| decoded.pixels.chunks_exact(4).map(|p| p[3]).collect());
            (&decoded.pixels[..], 4, alpha)
        }
    };
    if rgb.len() != n * step {
        return None;
    }
    let mut inks: Arc<[u8]> = std::iter::repeat_n(0u8, n * 4).collect();
    let out = Arc::get_mut(&mut inks)?;
    let mut known: rustc_hash::FxHashMap<[u8; 3], [u8; 4]> = Default::default();
    for (px, ink) in rgb.chunks_exact(step).zip(out.chunks_exact_mut(4)) {
        let rgb = if step == 1 {
            [px[0]; 3]
        } else {
            [px[0], px[1], px[2]]
        };
        if known.len() >= MAX_KNOWN_COLOURS {
            known.clear();
        }
        let value =
            *known
                .entry(rgb)
                .or_insert_with(|| match cmyk(Color::Rgb(rgb[0], rgb[1], rgb[2])) {
                    Color::Cmyk(c, m, y, k) => {
                        [c, m, y, k].map(|v| (v * 255.0).round().clamp(0.0, 255.0) as u8)
                    }
                    _ => [0, 0, 0, 255],
                });
        ink.copy_from_slice(&value);
    }
    Some(Raster {
        width: r.width,
        height: r.height,
        orientation: r.orientation,
        data: RasterData::Pixels {
            color: Samples::Cmyk(inks),
            alpha,
        },
        digest: r.digest ^ 0x9e37_79b9_7f4a_7c15,
        memo: Default::default(),
    })
}

/// Most colours [`separate`] remembers at once: 1,048,576 (about 24 MB); a
/// photo has fewer, a picture of noise more.
const MAX_KNOWN_COLOURS: usize = 1 << 20;

fn path(p: &mut Path, layer: Layer) {
    match layer {
        Layer::Cut => {
            p.fill = None;
            if p.stroke.is_some() {
                p.stroke = Some(Stroke::solid(Color::Spot(Spot::CutContour), DIE_LINE));
            }
        }
        Layer::Marks => {
            p.fill = p.fill.as_ref().map(|f| f.map(|_| Color::Spot(Spot::All)));
            if let Some(s) = &mut p.stroke {
                s.color = Color::Spot(Spot::All);
            }
        }
        _ => {
            let large = is_large(&p.segs);
            p.fill = p.fill.as_ref().map(|f| f.map(|c| area(c, large)));
            if let Some(s) = &mut p.stroke {
                s.color = cmyk(s.color);
            }
        }
    }
}

fn text(t: &mut TextRun, layer: Layer) {
    t.fill = match layer {
        Layer::Marks => Color::Spot(Spot::All),
        _ => cmyk(t.fill),
    };
}

/// A fill's colour: rich black for a large near-black area, else [`cmyk`].
fn area(c: Color, large: bool) -> Color {
    match cmyk(c) {
        Color::Cmyk(c0, m, y, k) if large && k >= 0.9 && c0 + m + y < 0.3 => RICH_BLACK,
        other => other,
    }
}

/// A colour in CMYK by the formula of this module; spot colours unchanged.
pub fn cmyk(c: Color) -> Color {
    match c {
        Color::Rgb(r, g, b) => {
            let [r, g, b] = [r, g, b].map(|v| v as f32 / 255.0);
            let (hi, lo) = (r.max(g).max(b), r.min(g).min(b));
            if hi - lo <= 2.0 / 255.0 {
                return Color::Cmyk(0.0, 0.0, 0.0, round(1.0 - (r + g + b) / 3.0));
            }
            let k = 1.0 - hi;
            let ink = |v: f32| round((1.0 - v - k) / (1.0 - k));
            limit(Color::Cmyk(ink(r), ink(g), ink(b), round(k)))
        }
        Color::Cmyk(..) => limit(c),
        Color::Spot(_) => c,
    }
}

/// Scales C, M and Y so that the total ink is at most [`MAX_INK`]; a colour
/// within the limit is returned exactly as given.
fn limit(c: Color) -> Color {
    let Color::Cmyk(c0, m, y, k) = c else {
        return c;
    };
    let cmy = c0 + m + y;
    if cmy + k <= MAX_INK || cmy <= 0.0 {
        return c;
    }
    let s = ((MAX_INK - k) / cmy).max(0.0);
    Color::Cmyk(
        round(c0 * s - 0.0005),
        round(m * s - 0.0005),
        round(y * s - 0.0005),
        k,
    )
}

/// To 1/1000 of full ink: finer than any plate resolves, and short in the PDF.
fn round(v: f32) -> f32 {
    ((v * 1000.0).round() / 1000.0).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(c: Color) -> f32 {
        match c {
            Color::Cmyk(c, m, y, k) => c + m + y + k,
            _ => panic!("not CMYK: {c:?}"),
        }
    }

    #[test]
    fn greys_are_black_ink_only() {
        assert_eq!(cmyk(Color::BLACK), Color::Cmyk(0.0, 0.0, 0.0, 1.0));
        assert_eq!(cmyk(Color::WHITE), Color::Cmyk(0.0, 0.0, 0.0, 0.0));
        assert_eq!(
            cmyk(Color::Rgb(0x76, 0x76, 0x77)),
            Color::Cmyk(0.0, 0.0, 0.0, 0.536)
        );
    }

    #[test]
    fn colours_separate_with_grey_replaced_by_black() {
        assert_eq!(cmyk(Color::Rgb(255, 0, 0)), Color::Cmyk(0.0, 1.0, 1.0, 0.0));
        // #336699: K = 0.4, C = 0.667, M = 0.333, Y = 0.
        assert_eq!(
            cmyk(Color::Rgb(0x33, 0x66, 0x99)),
            Color::Cmyk(0.667, 0.333, 0.0, 0.4)
        );
    }

    #[test]
    fn total_ink_never_exceeds_the_limit() {
        for r in (0..=255).step_by(15) {
            for g in (0..=255).step_by(15) {
                for b in (0..=255).step_by(15) {
                    let t = total(cmyk(Color::Rgb(r, g, b)));
                    assert!(t <= MAX_INK + 1e-6, "{r} {g} {b}: {t}");
                }
            }
        }
        let heavy = cmyk(Color::Cmyk(1.0, 1.0, 1.0, 1.0));
        assert!(total(heavy) <= MAX_INK + 1e-6, "{heavy:?}");
        assert_eq!(total(RICH_BLACK), 2.4);
    }

    #[test]
    fn theme_cmyk_is_kept_exactly() {
        let c = Color::Cmyk(0.13, 0.57, 0.91, 0.05);
        assert_eq!(cmyk(c), c);
    }

    #[test]
    fn large_black_areas_are_rich_small_ones_are_not() {
        assert_eq!(area(Color::BLACK, true), RICH_BLACK);
        assert_eq!(area(Color::BLACK, false), Color::Cmyk(0.0, 0.0, 0.0, 1.0));
        assert_eq!(
            area(Color::Rgb(200, 30, 30), true),
            cmyk(Color::Rgb(200, 30, 30))
        );
    }
}

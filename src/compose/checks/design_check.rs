//! The designer's rules checked on a theme (themes/README.md, "What the
//! designer decided"): text at least 4.5:1 against its background, marks
//! and labels over pictures at least 3:1, square kinds at least ΔE 20 apart
//! for a colour-blind (deuteranope) player. Each broken rule is one warning
//! line naming the theme's file, line and keys; `check` and every printing
//! run give them. A picture under a label is measured, not guessed: drawn as
//! it is placed, the mean luminance of the part under the label.
//!
//! Lengths in mm; luminance is WCAG's relative luminance (0 to 1).

use crate::game::Side;
use crate::picture::Fit;
use crate::resolve::Resources;
use crate::scene::{Color, Layer, Page};
use crate::theme::{contrast, Theme, MIN_KIND_DELTA_E, MIN_MARK_CONTRAST};

/// The least contrast of text with its background (WCAG AA, normal text).
pub const MIN_TEXT_CONTRAST: f64 = 4.5;

/// The resolution pictures are drawn at to be measured, dpi: about 2 pixels
/// a millimetre, enough for a mean.
const MEASURE_DPI: f64 = 50.8;

/// Every rule the theme's colours break, as (theme key, one-line message):
/// text under 4.5:1, marks under 3:1, square kinds under ΔE 20 for a
/// deuteranope.
pub fn colour_warnings(t: &Theme) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for ((what, ink, ground), key) in t.text_pairs().into_iter().zip(t.text_pair_keys()) {
        let ratio = contrast(ink, ground);
        if ratio < MIN_TEXT_CONTRAST {
            out.push((key.to_string(), format!(
                "{}: {what}: text {} on {} has a contrast of {ratio:.1}:1, below the {MIN_TEXT_CONTRAST}:1 that low-vision readers need",
                at_keys(t, &[key]),
                ink.to_hex(),
                ground.to_hex()
            )));
        }
    }
    for (what, key, ink, ground) in t.mark_pairs() {
        let ratio = contrast(ink, ground);
        if ratio < MIN_MARK_CONTRAST {
            out.push((key.to_string(), format!(
                "{}: {what}: {} on {} has a contrast of {ratio:.1}:1, below the {MIN_MARK_CONTRAST}:1 that marks and large labels need to be seen",
                at_keys(t, &[key]),
                ink.to_hex(),
                ground.to_hex()
            )));
        }
    }
    for (a, b, keys, d) in t.close_square_kinds() {
        let keys: Vec<&str> = keys.split(", ").collect();
        out.push((keys[0].to_string(), format!(
            "{}: {a} and {b} differ by ΔE {d:.0} for a colour-blind (deuteranope) player, below the {MIN_KIND_DELTA_E} that reads at a glance; make one lighter or darker",
            at_keys(t, &keys)
        )));
    }
    out
}

/// A label printed over one of the theme's pictures: what it is, the
/// picture's name (`pictures.NAME`), the key of the label's colour and the
/// colour.
struct Over {
    what: String,
    picture: &'static str,
    ink_key: &'static str,
    ink: Color,
}

/// Every label printed over a theme's picture whose contrast with the
/// picture under it (measured: its mean luminance there) is below 3:1, as
/// (theme key, one-line message). Nothing without pictures under labels.
pub fn picture_warnings(res: &Resources) -> Vec<(String, String)> {
    let t = &res.theme;
    let b = &t.board;
    let mut labels: Vec<(Over, Region)> = Vec::new();
    let label = |what: &str, picture: &'static str, ink_key: &'static str, ink: Color| Over {
        what: what.to_string(),
        picture,
        ink_key,
        ink,
    };
    // The middle of a square, where its label stands, and the whole square
    // (the coordinates stand in its corners).
    let middle = (0.1, 0.25, 0.8, 0.6);
    let whole = (0.0, 0.0, 1.0, 1.0);
    for (name, what) in [
        ("river", "river labels"),
        ("trap", "trap labels"),
        ("den", "den labels"),
    ] {
        labels.push((
            label(what, name, "board.text", b.text.0),
            Region::One(middle),
        ));
    }
    let board = crate::game::Board::standard();
    for side in Side::ALL {
        let (who, key) = match side {
            Side::South => ("south's start squares", "sides.south"),
            Side::North => ("north's start squares", "sides.north"),
        };
        labels.push((label(who, "land", key, t.side(side)), Region::One(middle)));
        // Columns from the left, rows from the top of the picture.
        let starts = board
            .squares()
            .filter(|&sq| board.start_piece(sq).is_some_and(|p| p.side == side))
            .map(|sq| (sq.col as usize, 8 - sq.row as usize))
            .collect();
        labels.push((
            label(who, "board", key, t.side(side)),
            Region::Board(starts, middle),
        ));
    }
    let coordinates = |picture| label("coordinates", picture, "board.coordinates", b.coordinates.0);
    labels.push((coordinates("land"), Region::One(whole)));
    let edge = (0..9).map(|row| (0, row)).chain((1..7).map(|col| (col, 8)));
    labels.push((coordinates("board"), Region::Board(edge.collect(), whole)));
    for side in Side::ALL {
        let (ink, _) = t.counter_ink(side);
        let key = match (t.face_style(side), side) {
            (crate::theme::FaceStyle::Filled, _) => "counters.face",
            (_, Side::South) => "sides.south",
            (_, Side::North) => "sides.north",
        };
        let who = match side {
            Side::South => "south's counter backs",
            Side::North => "north's counter backs",
        };
        labels.push((
            label(who, "back", key, ink),
            Region::One((0.2, 0.25, 0.6, 0.5)),
        ));
    }
    let mut out = Vec::new();
    for (over, region) in labels {
        // The square where the label reads worst counts.
        let ink = luminance_of(over.ink);
        let Some((ratio, measured)) = measure(res, over.picture, region)
            .into_iter()
            .map(|m| (ratio(ink, m.luminance), m))
            .min_by(|a, b| a.0.total_cmp(&b.0))
        else {
            continue;
        };
        if ratio < MIN_MARK_CONTRAST {
            let key = format!("pictures.{}", over.picture);
            out.push((key.clone(), format!(
                "{}: {}: {} on the picture (measured under the label: about {}) has a contrast of {ratio:.1}:1, below the {MIN_MARK_CONTRAST}:1 that large labels need to be read; choose a lighter or darker picture or label colour",
                at_keys(t, &[&key, over.ink_key]),
                over.what,
                over.ink.to_hex(),
                measured.mean.to_hex(),
            )));
        }
    }
    out
}

/// Where a label stands on a picture: a part `(x, y, w, h)` of a square, as
/// fractions of it.
#[derive(Debug, Clone)]
enum Region {
    /// On one square's picture (`pictures.land`, `river`, …).
    One((f64, f64, f64, f64)),
    /// On the whole board's picture (`pictures.board`), on each of these
    /// squares (column from the left, row from the top).
    Board(Vec<(usize, usize)>, (f64, f64, f64, f64)),
}

/// What a picture shows under a label.
struct Measured {
    /// The mean relative luminance.
    luminance: f64,
    /// The mean colour, for the message.
    mean: Color,
}

/// The picture `pictures.NAME` (when the theme has one) drawn as placed,
/// covering a square (or for `board` the 7 × 9 board), measured over
/// `region`, square by square; nothing when the theme has no such picture.
fn measure(res: &Resources, name: &str, region: Region) -> Vec<Measured> {
    // The first core loads no scenery (src/lite.rs), so it has none to measure.
    #[cfg(feature = "web-lite")]
    return Vec::new();
    let Some(art) = res.pictures.scenery(name) else {
        return Vec::new();
    };
    let square = 10.0;
    let (cols, rows) = match region {
        Region::One(_) => (1, 1),
        Region::Board(..) => (7, 9),
    };
    let (w, h) = (square * cols as f64, square * rows as f64);
    let mut page = Page::new(w, h);
    page.add(
        Layer::Artwork,
        [art.place((0.0, 0.0, w, h), Fit::Cover, None)],
    );
    let doc = crate::resolve::document("measure", vec![page], res);
    let options = crate::render::png::PngOptions { dpi: MEASURE_DPI };
    let Some(pixmap) = crate::render::png::render(&doc, 0, &options)
        .ok()
        .and_then(|png| tiny_skia::Pixmap::decode_png(&png).ok())
    else {
        return Vec::new();
    };
    let px = pixmap.width() as f64 / w;
    // The mean over a rectangle (mm) of the drawing.
    let mean = |x: f64, y: f64, rw: f64, rh: f64| -> Measured {
        let (x0, y0) = ((x * px) as u32, (y * px) as u32);
        let x1 = (((x + rw) * px).ceil() as u32).min(pixmap.width());
        let y1 = (((y + rh) * px).ceil() as u32).min(pixmap.height());
        let (mut lum, mut rgb, mut n) = (0.0, [0.0f64; 3], 0.0);
        for yy in y0..y1 {
            for xx in x0..x1 {
                let p = pixmap.pixel(xx, yy).map(|p| p.demultiply());
                if let Some(p) = p {
                    let c = Color::Rgb(p.red(), p.green(), p.blue());
                    lum += luminance_of(c);
                    rgb[0] += p.red() as f64;
                    rgb[1] += p.green() as f64;
                    rgb[2] += p.blue() as f64;
                    n += 1.0;
                }
            }
        }
        let n = f64::max(n, 1.0);
        let byte = |v: f64| (v / n).round().clamp(0.0, 255.0) as u8;
        Measured {
            luminance: lum / n,
            mean: Color::Rgb(byte(rgb[0]), byte(rgb[1]), byte(rgb[2])),
        }
    };
    let (squares, (fx, fy, fw, fh)) = match region {
        Region::One(part) => (vec![(0, 0)], part),
        Region::Board(squares, part) => (squares, part),
    };
    squares
        .into_iter()
        .map(|(col, row)| {
            let (x, y) = (col as f64 * square, row as f64 * square);
            mean(x + fx * square, y + fy * square, fw * square, fh * square)
        })
        .collect()
}

/// WCAG's relative luminance of a colour.
fn luminance_of(c: Color) -> f64 {
    crate::theme::luminance(c)
}

/// WCAG's contrast ratio between two relative luminances.
fn ratio(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    (hi + 0.05) / (lo + 0.05)
}

/// Where a warning about theme keys points: the file and line of the first
/// of `keys` the theme's own file writes (else of the first known, else the
/// theme's name), then the keys.
pub fn at_keys(t: &Theme, keys: &[&str]) -> String {
    use crate::error::User;
    // The theme's own file first: a key it inherited is fixed there too.
    let own = |k: &&&str| {
        t.origins
            .origin(k)
            .is_some_and(|o| !o.starts_with("builtin"))
    };
    let place = keys
        .iter()
        .filter(own)
        .chain(keys)
        .find_map(|k| t.origins.place(k))
        .map_or_else(
            || format!("theme `{}`", User(&t.name)),
            |p| User(&p).to_string(),
        );
    let mut named: Vec<String> = Vec::new();
    for k in keys {
        let k = format!("`{k}`");
        if !named.contains(&k) {
            named.push(k);
        }
    }
    let word = if named.len() == 1 { "key" } else { "keys" };
    format!("{place}: {word} {}", named.join(", "))
}

//! Composers: game model + sheet geometry + theme + language → pages of the drawing model.
//! One composer per product; each is a plain function.

pub mod board;
pub mod boxnet;
pub mod counters;
pub mod flow;
pub mod handout;
mod label;
pub mod laser;
pub mod phonetic;
pub mod poster;
pub mod print_shop;
pub mod scenery;
pub mod set;
pub mod tiles;

use crate::limits::MAX_BLEED;
use crate::picture::{Art, Fit};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Anchor, Color, Item, Pt, Seg, Stroke};
pub use label::{Label, VAlign};

use crate::text::FontStack;
use crate::theme::{Mark, Pattern};

/// Refuses a bleed outside 0 to [`MAX_BLEED`] mm (or not a number).
pub fn check_bleed(bleed: f64) -> Result<(), crate::error::Error> {
    if (0.0..=MAX_BLEED).contains(&bleed) {
        Ok(())
    } else {
        Err(crate::error::Error::usage(
            crate::error::Opt::Bleed,
            format!("{} mm is out of range; expected 0 to {MAX_BLEED} mm (print shops usually ask for 3)", crate::error::num(bleed)),
        ))
    }
}

/// Labels shrunk below this fraction of their size to fit are reported as warnings.
pub const MIN_FIT: f64 = 0.7;

/// A centred one-line label to be shrunk, if needed, to at most `max_width` mm
/// wide; see [`text_fit`]. Lengths in mm, page coordinates.
pub(crate) struct FitText<'a> {
    /// The text (one line).
    pub text: &'a str,
    /// Fonts to try, first that has the glyph wins.
    pub stack: &'a FontStack,
    /// Em size in mm before any shrinking.
    pub size: f64,
    /// The widest the label may be, in mm.
    pub max_width: f64,
    /// Centre of the label (middle of the line).
    pub pos: Pt,
    /// Clockwise rotation in degrees about `pos`.
    pub rotation: f64,
    /// Colour.
    pub fill: Color,
}

/// Lays out a [`FitText`], shrunk if needed so it is at most `max_width` mm wide
/// (shrinking below [`MIN_FIT`] is reported through [`Resources::warn`]).
pub(crate) fn text_fit(res: &Resources, fit: FitText) -> Vec<Item> {
    let FitText {
        text,
        stack,
        size,
        max_width,
        pos,
        rotation,
        fill,
    } = fit;
    let w = res.fonts.width_mm(stack, text, size);
    let size = if w > max_width && w > 0.0 {
        let scale = max_width / w;
        if scale < MIN_FIT {
            res.warn(format!(
                "“{text}” is too long for its space ({:.1} mm wide, room for {:.1} mm): it was set at {:.0} % of its size; shorten the label or choose a narrower font",
                w,
                max_width,
                scale * 100.0
            ));
        }
        size * scale
    } else {
        size
    };
    Label {
        text,
        stack,
        size,
        pos,
        anchor: Anchor::Middle,
        valign: VAlign::Middle,
        rotation,
        fill,
    }
    .items(&res.fonts)
}

/// A one-line label in `stack`, `size` mm, its baseline's left end at `at` (mm).
pub(crate) fn left_text(
    res: &Resources,
    stack: &FontStack,
    text: &str,
    size: f64,
    at: Pt,
    fill: Color,
) -> Vec<Item> {
    Label {
        text,
        stack,
        size,
        pos: at,
        anchor: Anchor::Start,
        valign: VAlign::Baseline,
        rotation: 0.0,
        fill,
    }
    .items(&res.fonts)
}

/// A paragraph of body text broken into lines at most `width` mm wide, the first
/// baseline's left end at `at`, lines 1.4 em apart. Returns the items and the
/// baseline below the last line (mm).
pub(crate) fn paragraph(
    res: &Resources,
    text: &str,
    size: f64,
    at: Pt,
    width: f64,
    fill: Color,
) -> (Vec<Item>, f64) {
    let mut items = Vec::new();
    let mut y = at.y;
    for line in crate::text::linebreak::break_lines(&res.fonts, &res.text, text, size, width) {
        items.extend(left_text(
            res,
            &res.text,
            line.trim_end(),
            size,
            pt(at.x, y),
            fill,
        ));
        y += size * 1.4;
    }
    (items, y)
}

/// A 50 mm scale bar with 10 mm ticks, its left end at `at` (mm), and its caption
/// below. Returns the items and the total height used in mm.
pub(crate) fn scale_bar(
    res: &Resources,
    at: Pt,
    color: Color,
    with_sentence: bool,
    max_width: f64,
) -> Vec<Item> {
    let stroke = Stroke::solid(color, 0.3);
    let mut items = vec![shapes::stroke(
        shapes::line(at, pt(at.x + 50.0, at.y)),
        stroke.clone(),
    )];
    for i in 0..=5 {
        let x = at.x + 10.0 * i as f64;
        let h = if i % 5 == 0 { 2.0 } else { 1.2 };
        items.push(shapes::stroke(
            shapes::line(pt(x, at.y - h), pt(x, at.y)),
            stroke.clone(),
        ));
    }
    let caption = if with_sentence {
        format!(
            "{}  ·  {}",
            res.lang.sheet.scale_bar, res.lang.sheet.print_at_100
        )
    } else {
        res.lang.sheet.scale_bar.clone()
    };
    let size = 2.6;
    let w = res.fonts.width_mm(&res.text, &caption, size);
    let size = if w > max_width {
        size * max_width / w
    } else {
        size
    };
    items.extend(
        Label {
            text: &caption,
            stack: &res.text,
            size,
            pos: pt(at.x, at.y + 3.6),
            anchor: Anchor::Start,
            valign: VAlign::Baseline,
            rotation: 0.0,
            fill: color,
        }
        .items(&res.fonts),
    );
    items
}

/// The side's pattern line drawn `inset` mm inside an outline; `outline(grow)`
/// gives the outline grown by `grow` mm (negative shrinks). `width` in mm.
pub(crate) fn pattern_line(
    outline: impl Fn(f64) -> Vec<Seg>,
    inset: f64,
    pattern: Pattern,
    color: Color,
    width: f64,
) -> Vec<Item> {
    let line = |grow: f64, stroke: Stroke| shapes::stroke(outline(grow), stroke);
    match pattern {
        Pattern::Solid => vec![line(-inset, Stroke::solid(color, width))],
        Pattern::Dashed => vec![line(
            -inset,
            Stroke::dashed(color, width, vec![width * 3.0, width * 2.0]),
        )],
        Pattern::Dotted => {
            let w = width * 1.6;
            vec![line(-inset, Stroke::dashed(color, w, vec![w, w * 1.5]))]
        }
        Pattern::Double => vec![
            line(-inset + width * 1.1, Stroke::solid(color, width * 0.6)),
            line(-inset - width * 1.1, Stroke::solid(color, width * 0.6)),
        ],
        Pattern::None => Vec::new(),
    }
}

/// A side's mark, `size` mm across, centred on `c`; `None` for [`Mark::None`].
/// The triangle points up the page (towards the opponent once the group is turned).
pub(crate) fn mark_item(mark: Mark, c: Pt, size: f64, color: Color) -> Option<Item> {
    let h = size / 2.0;
    let segs = match mark {
        Mark::None => return None,
        Mark::Dot => shapes::circle(c, h),
        Mark::Square => shapes::rect(c.x - h * 0.85, c.y - h * 0.85, h * 1.7, h * 1.7),
        Mark::Diamond => shapes::polygon(&[
            pt(c.x, c.y - h),
            pt(c.x + h, c.y),
            pt(c.x, c.y + h),
            pt(c.x - h, c.y),
        ]),
        Mark::Triangle => shapes::polygon(&[
            pt(c.x, c.y - h),
            pt(c.x + h, c.y + h * 0.8),
            pt(c.x - h, c.y + h * 0.8),
        ]),
    };
    Some(shapes::fill(segs, color))
}

/// Lowest print resolution before a picture is said to print soft, dpi.
pub const SOFT_DPI: f64 = 150.0;

/// `art` placed in `rect` (mm) as [`Art::place`] does; a raster picture that
/// would print below [`SOFT_DPI`] there is reported once per size, naming
/// `key`, its pixels, the printed size and the pixels 300 dpi needs.
pub(crate) fn place_art(
    res: &Resources,
    art: &Art,
    key: &str,
    rect: (f64, f64, f64, f64),
    fit: Fit,
    clip: Option<Vec<Seg>>,
) -> Item {
    if let Some((pw, ph)) = art.pixels() {
        let (w, h) = (rect.2, rect.3);
        let aspect = art.aspect();
        // The printed size of the whole picture (it overflows the box when covering).
        let (mw, mh) = match fit {
            Fit::Contain if w / h > aspect => (h * aspect, h),
            Fit::Contain => (w, w / aspect),
            Fit::Cover if w / h > aspect => (w, w / aspect),
            Fit::Cover => (h * aspect, h),
        };
        let dpi = crate::picture::dpi(pw, mw).min(crate::picture::dpi(ph, mh));
        if dpi < SOFT_DPI {
            let need = |mm: f64| (mm / 25.4 * 300.0).ceil();
            res.warn_key(key, format!(
                "{}: the picture is {pw} × {ph} pixels, printed {} × {} mm: {} dpi, which prints soft (below {SOFT_DPI}); give it at least {} × {} pixels for 300 dpi",
                res.theme.origins.place(key).map_or_else(|| format!("key `{key}`"), |p| format!("{p}: key `{key}`")),
                crate::error::num((mw * 10.0).round() / 10.0),
                crate::error::num((mh * 10.0).round() / 10.0),
                dpi.round(),
                need(mw),
                need(mh)
            ));
        }
    }
    art.place(rect, fit, clip)
}

/// The rank as dots a child can count, centred on `c`: one row up to four,
/// else two rows (the longer on top). `d` is a dot's diameter in mm; each dot
/// has a thin ring in `halo` so it stays visible over a picture. `face` is the
/// face's centre and the radius (mm) the dots must stay inside, clear of the
/// rim and its line: the dots shrink towards their middle until they do.
pub(crate) fn pips(n: u8, c: Pt, d: f64, ink: Color, halo: Color, face: (Pt, f64)) -> Vec<Item> {
    let n = n as usize;
    let rows: Vec<usize> = if n <= 4 {
        vec![n]
    } else {
        vec![n.div_ceil(2), n / 2]
    };
    let pitch = d * 1.45;
    let top = c.y - (rows.len() as f64 - 1.0) * pitch / 2.0;
    let mut dots = Vec::new();
    for (r, &count) in rows.iter().enumerate() {
        let y = top + r as f64 * pitch;
        let left = c.x - (count as f64 - 1.0) * pitch / 2.0;
        for i in 0..count {
            dots.push(pt(left + i as f64 * pitch, y));
        }
    }
    // The scale that keeps every dot (with its halo) inside the face.
    let (o, radius) = face;
    let reach = |k: f64| {
        dots.iter()
            .map(|p| {
                let q = pt(c.x + (p.x - c.x) * k, c.y + (p.y - c.y) * k);
                ((q.x - o.x).powi(2) + (q.y - o.y).powi(2)).sqrt() + k * d * 0.58
            })
            .fold(0.0, f64::max)
    };
    let mut k = 1.0;
    while k > 0.5 && reach(k) > radius {
        k *= 0.96;
    }
    dots.iter()
        .map(|p| {
            let at = pt(c.x + (p.x - c.x) * k, c.y + (p.y - c.y) * k);
            shapes::fill_stroke(
                shapes::circle(at, k * d / 2.0),
                ink,
                crate::scene::Stroke::solid(halo, k * d * 0.16),
            )
        })
        .collect()
}

/// The radius (mm) inside which a face's marks stay clear of the rim and the
/// line inside it, for a counter or start square `s` mm wide.
pub(crate) fn face_room(res: &Resources, s: f64) -> f64 {
    s * (0.5 - res.theme.counters.ring_width) - s * 0.035
}

/// The middle of a face in a picture layout (`counters.layout` is `picture`
/// or `picture-and-character`), for a counter or a start square `s` mm wide
/// centred on `c`: the rank on top (when shown), the picture (beside the
/// character in `picture-and-character`), then the rank's dots or the name at
/// the bottom. `ink` draws text and dots, `plate` is the colour behind them;
/// `clip` bounds the picture (the face inside its rim).
#[allow(clippy::too_many_arguments)]
pub(crate) fn picture_face(
    res: &Resources,
    piece: crate::game::Piece,
    c: Pt,
    s: f64,
    ink: Color,
    plate: Color,
    clip: Option<Vec<Seg>>,
    show_rank: bool,
) -> Vec<Item> {
    use crate::theme::FaceLayout;
    let cs = &res.theme.counters;
    let names = res.animal(piece.animal);
    let rank = res.rules.rank(piece.animal);
    let mut items = Vec::new();
    let two_rows = cs.pips && rank > 4;
    let bottom = if two_rows { s * 0.27 } else { s * 0.31 };
    let has_bottom = cs.pips || (cs.show_name && !names.label().is_empty());
    let art = res.animal_art(piece.animal, ink);
    let key = res
        .pictures
        .animal(piece.animal)
        .map_or(String::new(), |(_, k)| k.to_string());
    // The middle band, between the rank and the bottom line.
    let top = if show_rank { -s * 0.21 } else { -s * 0.36 };
    let low = match (has_bottom, two_rows) {
        (false, _) => s * 0.36,
        (true, false) => s * 0.2,
        (true, true) => s * 0.16,
    };
    let mid = c.y + (top + low) / 2.0;
    // As large as asked, within the band (unless the picture covers the face).
    let side = if cs.picture_scale >= 0.95 {
        s
    } else {
        (cs.picture_scale * s).min(low - top)
    };
    let with_character = cs.layout == FaceLayout::PictureAndCharacter;
    if let Some(art) = &art {
        let (x, w) = if with_character {
            (c.x - s * 0.02 - side * 0.75, side * 0.75)
        } else {
            (c.x - side / 2.0, side)
        };
        let h = if with_character { side * 0.75 } else { side };
        let fit = if cs.picture_scale >= 0.95 {
            Fit::Cover
        } else {
            Fit::Contain
        };
        items.push(place_art(
            res,
            art,
            &key,
            (x, mid - h / 2.0, w, h),
            fit,
            clip,
        ));
    }
    if with_character || art.is_none() {
        let size = s * 0.3 * cs.character_scale;
        let (pos, width) = if art.is_some() {
            (pt(c.x + s * 0.17, mid), s * 0.3)
        } else {
            (pt(c.x, mid), s * 0.5)
        };
        items.extend(text_fit(
            res,
            FitText {
                text: &names.han,
                stack: &res.han,
                size,
                max_width: width,
                pos,
                rotation: 0.0,
                fill: ink,
            },
        ));
    }
    if show_rank {
        items.extend(text_fit(
            res,
            FitText {
                text: &rank.to_string(),
                stack: &res.bold,
                size: s * 0.14 * cs.rank_scale,
                max_width: s * 0.3,
                pos: pt(c.x, c.y - s * 0.29),
                rotation: 0.0,
                fill: ink,
            },
        ));
    }
    if cs.pips {
        let d = s * 0.08 * cs.pips_scale;
        let face = (c, face_room(res, s));
        items.extend(pips(rank, pt(c.x, c.y + bottom), d, ink, plate, face));
    } else if cs.show_name && !names.label().is_empty() {
        items.extend(text_fit(
            res,
            FitText {
                text: names.label(),
                stack: &res.text,
                size: s * 0.1,
                max_width: s * 0.56,
                pos: pt(c.x, c.y + bottom),
                rotation: 0.0,
                fill: ink,
            },
        ));
    }
    items
}

/// An animal's Chinese character centred on `c` (`size` mm, shrunk to at most
/// `max_width` mm), or, when an icon is given, the icon and a smaller character
/// side by side. `s` is the size in mm of the square or counter they sit on.
/// When the pack prints Zhuyin, each character carries its column of symbols
/// (see [`phonetic`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn animal_emblem(
    res: &Resources,
    names: &crate::lang::AnimalName,
    icon: Option<(&Art, &str)>,
    c: Pt,
    s: f64,
    size: f64,
    max_width: f64,
    color: Color,
) -> Vec<Item> {
    let han = names.han.as_str();
    let Some((icon, key)) = icon else {
        // No name line under a character with Zhuyin: the block may be a
        // little wider than the character alone and still clear a round rim.
        if let Some(items) = zhuyin_block(res, names, c, size, max_width * 1.2, color) {
            return items;
        }
        return text_fit(
            res,
            FitText {
                text: han,
                stack: &res.han,
                size,
                max_width,
                pos: c,
                rotation: 0.0,
                fill: color,
            },
        );
    };
    let box_size = s * 0.35;
    let at = pt(c.x - s * 0.02 - box_size, c.y - box_size / 2.0);
    let mut items = vec![match icon {
        // A silhouette in the text's colour, as icons were always drawn.
        Art::Vector(i) if icon.is_silhouette() => i.item(at, box_size, color),
        _ => place_art(
            res,
            icon,
            key,
            (at.x, at.y, box_size, box_size),
            Fit::Contain,
            None,
        ),
    }];
    if let Some(block) = zhuyin_block(
        res,
        names,
        pt(c.x + s * 0.19, c.y),
        s * 0.3,
        s * 0.38,
        color,
    ) {
        items.extend(block);
        return items;
    }
    items.extend(text_fit(
        res,
        FitText {
            text: han,
            stack: &res.han,
            size: s * 0.3,
            max_width: s * 0.3,
            pos: pt(c.x + s * 0.17, c.y),
            rotation: 0.0,
            fill: color,
        },
    ));
    items
}

/// An animal's characters with their Zhuyin (see [`phonetic`]), centred on
/// `center` as one block at `size` mm, shrunk to at most `room` mm wide.
/// `None` when the pack prints no Zhuyin or the symbols would be too small
/// to read (a small diagram): the caller sets the character alone.
fn zhuyin_block(
    res: &Resources,
    names: &crate::lang::AnimalName,
    center: Pt,
    size: f64,
    room: f64,
    color: Color,
) -> Option<Vec<Item>> {
    let readings = names.readings();
    if readings.is_empty() {
        return None;
    }
    let mut block = phonetic::Annotated {
        han: &names.han,
        readings: &readings,
        stack: &res.han,
        size,
        symbol: phonetic::SYMBOL,
        center,
        fill: color,
    };
    let w = block.width_at(&res.fonts, size);
    if w > room && w > 0.0 {
        block.size = size * room / w;
    }
    if block.size * block.symbol < phonetic::MIN_SYMBOL {
        return None;
    }
    Some(block.items(&res.fonts))
}

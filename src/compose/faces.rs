//! What an animal's face shows, on a counter or a start square: its
//! character (with its Zhuyin when the pack prints them), its icon or
//! picture beside or instead of it, and its rank as a number or as dots.
//! Lengths in mm, page coordinates.

use super::art::place_art;
use super::label::{text_fit, FitText};
use super::phonetic;
use crate::picture::{Art, Fit};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Color, Item, Pt, Seg};

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

/// Where and how large a face's rank is printed (lengths in mm, offsets from
/// the face's centre, y down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RankMark {
    /// Em size of the digits.
    pub size: f64,
    /// Offset of the digits' middle (negative: above the centre).
    pub y: f64,
    /// Printed a second time at `-y`, turned 180° for the opponent.
    pub twice: bool,
    /// Offset of the top of the band left for the picture or character.
    pub band_top: f64,
    /// The widest the digits may be set.
    pub max_width: f64,
}

impl RankMark {
    /// The rank on a start square: small, on top, once.
    pub fn start_square(res: &Resources, s: f64) -> RankMark {
        RankMark {
            size: s * 0.14 * res.theme.counters.rank_scale,
            y: -s * 0.29,
            twice: false,
            band_top: -s * 0.21,
            max_width: s * 0.3,
        }
    }

    /// The digits (and, when `twice`, the same turned at `-y`) for a face
    /// centred on `c`.
    pub fn items(&self, res: &Resources, text: &str, c: Pt, ink: Color, twice: bool) -> Vec<Item> {
        let mut items = Vec::new();
        let spots: &[(f64, f64)] = if twice {
            &[(1.0, 0.0), (-1.0, 180.0)]
        } else {
            &[(1.0, 0.0)]
        };
        for &(sign, rotation) in spots {
            items.extend(text_fit(
                res,
                FitText {
                    text,
                    stack: &res.bold,
                    size: self.size,
                    max_width: self.max_width,
                    pos: pt(c.x, c.y + sign * self.y),
                    rotation,
                    fill: ink,
                },
            ));
        }
        items
    }
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
    rank: Option<RankMark>,
    name: bool,
) -> Vec<Item> {
    use crate::theme::FaceLayout;
    let cs = &res.theme.counters;
    let names = res.animal(piece.animal);
    let number = res.rules.rank(piece.animal);
    let mut items = Vec::new();
    let two_rows = cs.pips && number > 4;
    let bottom = if two_rows { s * 0.27 } else { s * 0.31 };
    let named = name && cs.show_name && !names.label().is_empty();
    let has_bottom = cs.pips || named;
    let art = res.animal_art(piece.animal, ink);
    let key = res
        .pictures
        .animal(piece.animal)
        .map_or(String::new(), |(_, k)| k.to_string());
    // The middle band, between the rank and the bottom line.
    let top = rank.map_or(-s * 0.36, |r| r.band_top);
    let low = match (rank, has_bottom, two_rows) {
        (Some(r), false, _) if r.twice => -r.band_top,
        (_, false, _) => s * 0.36,
        (_, true, false) => s * 0.2,
        (_, true, true) => s * 0.16,
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
    if let Some(r) = rank {
        let twice = r.twice && !has_bottom;
        items.extend(r.items(res, &number.to_string(), c, ink, twice));
    }
    if cs.pips {
        let d = s * 0.08 * cs.pips_scale;
        let face = (c, face_room(res, s));
        items.extend(pips(number, pt(c.x, c.y + bottom), d, ink, plate, face));
    } else if named {
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
    // Sized for a start square (`size` = 0.42 of it); a counter's band between
    // its ranks asks for less, and everything shrinks by as much.
    let k = size / (s * 0.42);
    let box_size = s * 0.35 * k;
    let at = pt(c.x - s * 0.02 * k - box_size, c.y - box_size / 2.0);
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
        pt(c.x + s * 0.19 * k, c.y),
        s * 0.3 * k,
        s * 0.38 * k,
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
            size: s * 0.3 * k,
            max_width: s * 0.3 * k,
            pos: pt(c.x + s * 0.17 * k, c.y),
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
pub(crate) fn zhuyin_block(
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

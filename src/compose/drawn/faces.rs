//! What an animal's face shows, on a counter or a start square: its
//! character (with its Zhuyin when the pack prints them), its icon or
//! picture beside or instead of it, and its rank as a number or as dots.
//! Lengths in mm, page coordinates.

use crate::compose::drawn::art::place_art;
use crate::compose::typesetting::label::{text_fit, FitText};
use crate::compose::typesetting::phonetic;
use crate::picture::{Art, Fit};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Color, Item, Pt, Seg};

/// A rank dot's diameter on a counter's picture face, as a fraction of the
/// counter size (times `counters.pips_scale`): 2.53 mm on the default 22 mm A4
/// counters, large enough for a five-year-old to count at a glance.
pub const DOT: f64 = 0.115;

/// The distance between neighbouring dots of a die, as a multiple of a dot's
/// diameter (the gap between them is a fifth of a dot).
pub const PITCH: f64 = 1.2;

/// A ringed picture face's rim at most, as a fraction of the counter size
/// (0.77 mm on the default 22 mm counters): the picture and the dice need
/// the face; the side's colour still runs round it.
pub const PICTURE_RIM: f64 = 0.035;

/// `items` washed light: every colour of their paths mixed `t` (0 to 1) of
/// the way to `ground` (raster pictures are left as they are). For the
/// pictures on start squares, which must not read as pieces.
pub(crate) fn washed(items: Vec<Item>, ground: Color, t: f64) -> Vec<Item> {
    use crate::scene::Paint;
    let wash = |c: Color| crate::theme::mix(c, ground, t);
    crate::scene::map_leaves(items, &mut |item| match item {
        Item::Path(mut p) => {
            p.fill = p.fill.map(|f: Paint| f.map(wash));
            if let Some(s) = p.stroke.as_mut() {
                s.color = wash(s.color);
            }
            Some(Item::Path(p))
        }
        Item::Text(mut t) => {
            t.fill = wash(t.fill);
            Some(Item::Text(t))
        }
        other => Some(other),
    })
}

/// The least clear space, mm, between the parts of a face (the rank, the
/// character or picture, the turned rank) and between them and the rim,
/// measured on their ink (glyph outlines), not their boxes.
pub const CLEAR: f64 = 0.8;

/// The clear space the layout leaves, mm: [`CLEAR`] and a little more, for
/// the rounding of curves the measure takes from control points.
pub(crate) const CLEAR_FIT: f64 = 0.85;

/// The ink box `(x0, y0, x1, y1)` of `text` set as [`text_fit`] sets it,
/// centred on (0, 0) at em `size` mm, unshrunk (mm, y down).
pub(crate) fn label_ink(
    res: &Resources,
    stack: &crate::text::FontStack,
    text: &str,
    size: f64,
) -> Option<(f64, f64, f64, f64)> {
    let items = crate::compose::typesetting::label::Label {
        text,
        stack,
        size,
        pos: pt(0.0, 0.0),
        anchor: crate::scene::Anchor::Middle,
        valign: crate::compose::typesetting::label::VAlign::Middle,
        rotation: 0.0,
        fill: Color::BLACK,
    }
    .items(&res.fonts);
    crate::scene::ink_bounds(&res.fonts, &items)
}

/// The least picture frame on a counter's picture face, as a fraction of the
/// counter size: 12.1 mm on the default 22 mm counters, at `picture_scale` 0.3.
pub const MIN_FRAME: f64 = 0.55;

/// The rank `n` as the dice faces children know, as dot centres in units of
/// the pitch (the distance between neighbouring dots), centred on (0, 0), y
/// down. One to six as on a die (the six lying: two rows of three, which fits
/// a round face's foot); seven and eight as two dice side by side, a six and
/// a one, a four and a four: beyond six a child counts two familiar groups
/// ("six and one more", "four and four") rather than loose dots, and both
/// stay two rows tall, leaving the picture its room. Ranks above eight (none
/// in the built-in rulesets) put a die of the rest beside a four.
pub fn dice(n: u8) -> Vec<(f64, f64)> {
    let a = std::f64::consts::FRAC_1_SQRT_2;
    let four = vec![(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)];
    match n {
        0 => Vec::new(),
        1 => vec![(0.0, 0.0)],
        // Top right and bottom left, as a die shows its two.
        2 => vec![(0.5, -0.5), (-0.5, 0.5)],
        3 => vec![(a, -a), (0.0, 0.0), (-a, a)],
        4 => four,
        5 => vec![(-a, -a), (a, -a), (0.0, 0.0), (-a, a), (a, a)],
        6 => [-0.5, 0.5]
            .into_iter()
            .flat_map(|y| [-1.0, 0.0, 1.0].map(|x| (x, y)))
            .collect(),
        7 => side_by_side(&dice(6), &dice(1)),
        _ => side_by_side(&four, &dice(n - 4)),
    }
}

/// Two dice groups side by side, centred: 1.3 pitches between the facing
/// dots, a little more than inside a group, so that they read as two.
fn side_by_side(a: &[(f64, f64)], b: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let right = |g: &[(f64, f64)]| g.iter().map(|p| p.0).fold(f64::MIN, f64::max);
    let left = |g: &[(f64, f64)]| g.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let shift = right(a) + 1.3 - left(b);
    let mut dots: Vec<(f64, f64)> = a.to_vec();
    dots.extend(b.iter().map(|&(x, y)| (x + shift, y)));
    let mid = (left(&dots) + right(&dots)) / 2.0;
    dots.iter().map(|&(x, y)| (x - mid, y)).collect()
}

/// The rank as dice dots a child can count (see [`dice`]), centred on `c`.
/// `d` is a dot's diameter in mm; each dot has a thin ring in `halo` so it
/// stays visible over a picture. `face` is the face's centre and the radius
/// (mm) the dots must stay inside, clear of the rim and its line: the dots
/// shrink towards their middle until they do.
pub(crate) fn pips(n: u8, c: Pt, d: f64, ink: Color, halo: Color, face: (Pt, f64)) -> Vec<Item> {
    let pitch = d * 1.45;
    let dots: Vec<Pt> = dice(n)
        .into_iter()
        .map(|(x, y)| pt(c.x + x * pitch, c.y + y * pitch))
        .collect();
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

/// The picture's frame on a picture face, as a fraction of the counter size,
/// for `counters.picture_scale` `k` (0.3 to 1) on a face whose plate (inside
/// its rim) is `plate` of the counter across: [`MIN_FRAME`] at 0.3, growing
/// evenly to the whole plate at 1.
pub fn frame_fraction(k: f64, plate: f64) -> f64 {
    let t = ((k - 0.3) / 0.7).clamp(0.0, 1.0);
    MIN_FRAME + t * (plate - MIN_FRAME).max(0.0)
}

/// Where a counter's picture face puts its picture and its dice: lengths in
/// mm, offsets from the face's centre, y down.
#[derive(Debug, Clone, PartialEq)]
pub struct DiceFace {
    /// The picture frame's side (a square).
    pub frame: f64,
    /// The frame's centre.
    pub frame_y: f64,
    /// A dot's diameter.
    pub dot: f64,
    /// The distance between neighbouring dots.
    pub pitch: f64,
    /// The die's centre, for this face's rank.
    pub dice_y: f64,
    /// True when the picture is larger than the room above the dice (a large
    /// `picture_scale`): the dice then sit on a tile of the plate's colour
    /// over the picture's foot.
    pub tile: bool,
}

impl DiceFace {
    /// The layout of rank `n`'s face, for a counter `s` mm across whose plate
    /// (inside the rim) has radius `plate` and whose marks stay inside radius
    /// `room`. The frame's size and place are the same on every rank's face
    /// (from the ranks in play, `ranks`): as large as `picture_scale` asks,
    /// and clear of every rank's dice when there is room.
    pub fn new(res: &Resources, n: u8, s: f64, plate: f64, room: f64, ranks: &[u8]) -> DiceFace {
        let cs = &res.theme.counters;
        let dot = s * DOT * cs.pips_scale;
        let pitch = dot * PITCH;
        let gap = dot * 0.2;
        // The lowest the die can sit inside the room, and its top edge there.
        let lowest = |n: u8| {
            let dots = dice(n);
            let y = dots
                .iter()
                .map(|&(x, y)| {
                    let reach = (room - dot / 2.0).max(0.0);
                    (reach * reach - (x * pitch).powi(2)).max(0.0).sqrt() - y * pitch
                })
                .fold(f64::MAX, f64::min);
            let top = dots.iter().map(|p| p.1).fold(0.0, f64::min) * pitch - dot / 2.0;
            (y, top)
        };
        let limit = ranks
            .iter()
            .map(|&n| {
                let (y, top) = lowest(n);
                y + top - gap
            })
            .fold(f64::MAX, f64::min);
        let frame = s * frame_fraction(cs.picture_scale, 2.0 * plate / s);
        // The frame's top on the plate's edge: the round plate clips its
        // corners, where a drawing's framing leaves little.
        let top = -plate;
        let tile = top + frame > limit + 1e-9;
        let frame_y = if tile {
            top + frame / 2.0
        } else {
            (top + limit) / 2.0
        };
        let (low, top_dot) = lowest(n);
        let dice_y = if tile {
            low
        } else {
            // In the middle of the room below the frame.
            let high = frame_y + frame / 2.0 + gap - top_dot;
            (low + high) / 2.0
        };
        DiceFace {
            frame,
            frame_y,
            dot,
            pitch,
            dice_y,
            tile,
        }
    }

    /// The dots of rank `n` (and their tile, when [`DiceFace::tile`]) for a
    /// face centred on `c`, in `ink` on `plate`.
    pub fn dice_items(&self, n: u8, c: Pt, ink: Color, plate: Color) -> Vec<Item> {
        let centres: Vec<Pt> = dice(n)
            .into_iter()
            .map(|(x, y)| pt(c.x + x * self.pitch, c.y + self.dice_y + y * self.pitch))
            .collect();
        let mut items = Vec::new();
        if self.tile && !centres.is_empty() {
            let pad = self.dot * 0.8;
            let x0 = centres.iter().map(|p| p.x).fold(f64::MAX, f64::min) - pad;
            let x1 = centres.iter().map(|p| p.x).fold(f64::MIN, f64::max) + pad;
            let y0 = centres.iter().map(|p| p.y).fold(f64::MAX, f64::min) - pad;
            let y1 = centres.iter().map(|p| p.y).fold(f64::MIN, f64::max) + pad;
            items.push(shapes::fill_stroke(
                shapes::rounded_rect(x0, y0, x1 - x0, y1 - y0, pad * 0.6),
                plate,
                crate::scene::Stroke::solid(ink, self.dot * 0.06),
            ));
        }
        items.extend(
            centres
                .into_iter()
                .map(|p| shapes::fill(shapes::circle(p, self.dot / 2.0), ink)),
        );
        items
    }
}

/// A counter's picture face with its rank as dice (`counters.pips`): the
/// picture large on top, the dice below, both clear of the rim (see
/// [`DiceFace`]). `c` is the face's centre, `s` the counter's size, `plate`
/// the radius inside its rim and `room` the radius its marks stay inside
/// (mm); `ink` draws the dots on `ground`, the plate's colour; `clip` is the
/// plate's outline. Counters and the rules' diagrams draw it alike.
#[allow(clippy::too_many_arguments)]
pub(crate) fn dice_face(
    res: &Resources,
    animal: crate::game::Animal,
    c: Pt,
    s: f64,
    plate: f64,
    room: f64,
    ink: Color,
    ground: Color,
    clip: Option<Vec<Seg>>,
) -> Vec<Item> {
    let n = res.rules.rank(animal);
    let ranks: Vec<u8> = res
        .rules
        .animals_by_rank()
        .into_iter()
        .map(|a| res.rules.rank(a))
        .collect();
    let face = DiceFace::new(res, n, s, plate, room, &ranks);
    let mut items = Vec::new();
    if let Some(art) = res.animal_art(animal, ink) {
        let key = res
            .pictures
            .animal(animal)
            .map_or(String::new(), |(_, k)| k.to_string());
        // A drawing balanced with the others' ink, at least CLEAR inside
        // the plate's rim.
        let (k, shift) = match art.pixels() {
            None => balanced_scale(res, animal, ink, face.frame, face.frame_y, plate - CLEAR),
            Some(_) => (1.0, 0.0),
        };
        let (f, y) = (face.frame * k, c.y + face.frame_y + shift);
        items.push(place_art(
            res,
            &art,
            &key,
            (c.x - f / 2.0, y - f / 2.0, f, f),
            Fit::Contain,
            clip,
        ));
    }
    items.extend(face.dice_items(n, c, ink, ground));
    items
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
        (frame_fraction(cs.picture_scale, 1.0) * s).min(low - top)
    };
    let with_character = cs.layout == FaceLayout::PictureAndCharacter;
    // A drawn picture alone in the band is set at the scale that balances
    // its ink with the other animals' and keeps it clear of the rim.
    let (side, mid) = match (&art, with_character || cs.picture_scale >= 0.95) {
        (Some(a), false) if a.pixels().is_none() => {
            let room = match res.theme.face_style(piece.side) {
                crate::theme::FaceStyle::Ringed => s * (0.5 - cs.ring_width),
                _ => s * 0.43,
            };
            let (k, shift) = balanced_scale(res, piece.animal, ink, side, mid - c.y, room - CLEAR);
            (side * k, mid + shift)
        }
        _ => (side, mid),
    };
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

/// Pixels along a side of the square on which a picture's ink is measured.
const BALANCE_PIXELS: u32 = 48;

/// How far an animal's inked area may stray from the median animal's, as a
/// fraction of it.
pub const INK_SPREAD: f64 = 0.25;

/// One animal's drawn picture measured in a unit box: its inked share of the
/// box, and each inked pixel's centre (0 to 1 across and down).
fn ink_of(res: &Resources, animal: crate::game::Animal, ink: Color) -> Option<(f64, Vec<Pt>)> {
    let art = res.animal_art(animal, ink)?;
    if art.pixels().is_some() {
        return None;
    }
    let item = place_art(res, &art, "", (0.0, 0.0, 10.0, 10.0), Fit::Contain, None);
    let n = BALANCE_PIXELS;
    let mask = crate::render::png::coverage(&[item], &res.fonts, pt(0.0, 0.0), 10.0, n);
    let share = mask.iter().map(|&a| f64::from(a)).sum::<f64>() / 255.0 / f64::from(n * n);
    let at = |i: usize| {
        let (x, y) = ((i as u32 % n) as f64, (i as u32 / n) as f64);
        pt((x + 0.5) / f64::from(n), (y + 0.5) / f64::from(n))
    };
    let inked = (0..mask.len()).filter(|&i| mask[i] > 8).map(at).collect();
    Some((share, inked))
}

/// The scale of `animal`'s drawn picture, set in a box of `side` mm whose
/// centre is `dy` mm below a face's centre, and how far its centre moves
/// down (mm): see [`balance`]. Worked out once for each ink and geometry
/// (every face of a sheet shares them) and kept in the resources.
fn balanced_scale(
    res: &Resources,
    animal: crate::game::Animal,
    ink: Color,
    side: f64,
    dy: f64,
    room: f64,
) -> (f64, f64) {
    let key = format!(
        "{ink:?} {:x} {:x} {:x}",
        side.to_bits(),
        dy.to_bits(),
        room.to_bits()
    );
    let known = res
        .picture_balance
        .borrow()
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, t)| t.clone());
    let table = match known {
        Some(t) => t,
        None => {
            let t = balance(res, ink, side, dy, room);
            res.picture_balance.borrow_mut().push((key, t.clone()));
            t
        }
    };
    table
        .iter()
        .find(|(a, ..)| *a == animal)
        .map_or((1.0, 0.0), |&(_, k, shift)| (k, shift))
}

/// Each animal's picture scale and shift (as [`balanced_scale`] gives
/// them): each animal's inked area within [`INK_SPREAD`] of the median
/// animal's (a small drawing grown, a large one shrunk), its ink inside
/// radius `room` (mm, from the face's centre) and within the box's height
/// (clear of what is above and below it), moved within that height when
/// that lets it grow. Empty when the animals' pictures are not all drawings.
fn balance(
    res: &Resources,
    ink: Color,
    side: f64,
    dy: f64,
    room: f64,
) -> crate::resolve::PictureBalance {
    // Where a picture at scale `k` may sit: a shift of its centre that keeps
    // every inked pixel in the room and in the box's height, if any.
    let place = |inked: &[Pt], k: f64| -> Option<f64> {
        let top = inked.iter().map(|u| u.y).fold(1.0, f64::min);
        let foot = inked.iter().map(|u| u.y).fold(0.0, f64::max);
        // The lowest and the highest shift within the box's height.
        let low = side / 2.0 - k * side * (foot - 0.5);
        let high = -side / 2.0 - k * side * (top - 0.5);
        if high > low + 1e-9 {
            return None;
        }
        // A pixel's corner as far out as its centre's half-diagonal.
        let corner = k * side * 0.71 / f64::from(BALANCE_PIXELS);
        let fits = |shift: f64| {
            inked.iter().all(|u| {
                let (x, y) = (k * side * (u.x - 0.5), dy + shift + k * side * (u.y - 0.5));
                x.hypot(y) + corner <= room
            })
        };
        // From the lowest place up: the face is widest at its middle.
        (0..=8)
            .map(|i| low + (high - low) * f64::from(i) / 8.0)
            .find(|&t| fits(t))
    };
    // The largest scale that has a place.
    let largest = |inked: &[Pt]| {
        let (mut lo, mut hi) = (0.25, 2.0);
        if place(inked, hi).is_some() {
            return hi;
        }
        for _ in 0..20 {
            let mid = (lo + hi) / 2.0;
            match place(inked, mid) {
                Some(_) => lo = mid,
                None => hi = mid,
            }
        }
        lo
    };
    let mut all = Vec::new();
    for a in res.rules.animals_by_rank() {
        match ink_of(res, a, ink) {
            Some((share, inked)) if share > 0.0 => {
                let most = largest(&inked);
                all.push((a, share, most, inked));
            }
            _ => return Vec::new(),
        }
    }
    let mut shares: Vec<f64> = all.iter().map(|x| x.1).collect();
    shares.sort_by(f64::total_cmp);
    let median = shares[shares.len() / 2];
    // Each brought within 80–120 % of the median, as far as its room allows.
    let first: Vec<f64> = all
        .iter()
        .map(|(_, share, most, _)| {
            1f64.max((0.8 * median / share).sqrt())
                .min((1.2 * median / share).sqrt())
                .min(*most)
        })
        .collect();
    // One that could not grow enough caps the others: every area then lies
    // within 25 % of the median, whichever it is.
    let least = all
        .iter()
        .zip(&first)
        .map(|(x, k)| x.1 * k * k)
        .fold(f64::MAX, f64::min);
    let cap = least * (1.0 + INK_SPREAD) * 0.99;
    all.iter()
        .zip(&first)
        .map(|((a, share, _, inked), k)| {
            let k = k.min((cap / share).sqrt());
            (*a, k, place(inked, k).unwrap_or(0.0))
        })
        .collect()
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
        let least = phonetic::MIN_SYMBOL * 1.001;
        if let Some(items) = zhuyin_block(res, names, c, size, max_width * 1.2, least, color) {
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
    let mut items = vec![icon_item(res, icon, key, at, box_size, color)];
    if let Some(block) = zhuyin_block(
        res,
        names,
        pt(c.x + s * 0.19 * k, c.y),
        s * 0.3 * k,
        s * 0.38 * k,
        phonetic::MIN_SYMBOL * 1.001,
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

/// An animal's icon in a square box `side` mm wide whose top-left corner is
/// `at`: a silhouette in `color` (the text's), as icons were always drawn,
/// any other picture in its own colours.
pub(crate) fn icon_item(
    res: &Resources,
    icon: &Art,
    key: &str,
    at: Pt,
    side: f64,
    color: Color,
) -> Item {
    match icon {
        Art::Vector(i) if icon.is_silhouette() => i.item(at, side, color),
        _ => place_art(res, icon, key, (at.x, at.y, side, side), Fit::Contain, None),
    }
}

/// An animal's characters with their Zhuyin (see [`phonetic`]), centred on
/// `center` as one block at `size` mm, shrunk to at most `room` mm wide,
/// its symbols at least `least` mm (0: the usual share of the character).
/// `None` when the pack prints no Zhuyin or the symbols would be too small
/// to read (a small diagram): the caller sets the character alone.
pub(crate) fn zhuyin_block(
    res: &Resources,
    names: &crate::lang::AnimalName,
    center: Pt,
    size: f64,
    room: f64,
    least: f64,
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
        symbol: phonetic::SYMBOL.max(least / size),
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

/// The least dot drawn on a diagram's picture counter, mm: a dot a child
/// can count on a sheet at reading distance. A smaller counter (the
/// poster's and the handout's diagrams draw them 5–8 mm across, whose dots
/// would be 0.6–0.9 mm) shows its picture over the whole face instead, and
/// the ranks table beside the diagrams gives each picture its dots.
pub const MIN_DIAGRAM_DOT: f64 = 1.2;

/// The smallest diagram counter, mm across, that carries its rank as dice
/// (dots at least [`MIN_DIAGRAM_DOT`]): a layout that wants the dots on its
/// diagrams draws its counters at least this large (10.4 mm at the default
/// `counters.pips_scale`).
pub fn dice_counter_size(res: &Resources) -> f64 {
    MIN_DIAGRAM_DOT / (DOT * res.theme.counters.pips_scale)
}

/// A picture counter as the counter sheets print it (`counters.layout` is
/// `picture`), centred on `c`, `s` mm across, round: the side's colour and
/// line in a thin rim, the picture and, with `counters.pips`, the rank as
/// dice when the counter is large enough for dots to be counted
/// ([`dice_counter_size`]); else the picture fills the face. For the rules'
/// diagrams, so that a child matches what it holds.
pub(crate) fn picture_counter(
    res: &Resources,
    piece: crate::game::Piece,
    c: Pt,
    s: f64,
) -> Vec<Item> {
    let cs = &res.theme.counters;
    let colour = res.theme.side(piece.side);
    let r = s / 2.0;
    let rim = s * cs.ring_width.min(PICTURE_RIM);
    let plate = r - rim;
    let mut items = vec![
        shapes::fill(shapes::circle(c, r), colour),
        shapes::fill(shapes::circle(c, plate), cs.face.0),
    ];
    items.extend(crate::compose::drawn::side_marks::pattern_line(
        |g| shapes::circle(c, r + g),
        rim / 2.0,
        res.theme.pattern(piece.side),
        cs.face.0,
        s * 0.012,
    ));
    let clip = Some(shapes::circle(c, plate));
    if cs.pips && s >= dice_counter_size(res) - 1e-9 {
        items.extend(dice_face(
            res,
            piece.animal,
            c,
            s,
            plate,
            plate - s * 0.015,
            colour,
            cs.face.0,
            clip,
        ));
    } else if let Some(art) = res.animal_art(piece.animal, colour) {
        let key = res
            .pictures
            .animal(piece.animal)
            .map_or(String::new(), |(_, k)| k.to_string());
        // Without dots, the whole plate (its round clips the frame's corners).
        let f = match cs.pips {
            true => 2.0 * plate,
            false => s * frame_fraction(cs.picture_scale, 2.0 * plate / s),
        };
        items.push(place_art(
            res,
            &art,
            &key,
            (c.x - f / 2.0, c.y - f / 2.0, f, f),
            Fit::Contain,
            clip,
        ));
    }
    items
}

/// Rank `n` as dice (see [`dice`]) centred on `c`, as large as fits a box
/// `w` × `h` mm with dots at most `max_dot` mm, in `ink`: for the rules'
/// rank tables. Returns the items and the width used, mm.
pub(crate) fn dice_in_box(
    n: u8,
    c: Pt,
    w: f64,
    h: f64,
    max_dot: f64,
    ink: Color,
) -> (Vec<Item>, f64) {
    let dots = dice(n);
    if dots.is_empty() {
        return (Vec::new(), 0.0);
    }
    let span = |f: fn(&(f64, f64)) -> f64| {
        let lo = dots.iter().map(f).fold(f64::MAX, f64::min);
        let hi = dots.iter().map(f).fold(f64::MIN, f64::max);
        hi - lo
    };
    // Extent in dots: span × PITCH + 1.
    let (sx, sy) = (span(|p| p.0) * PITCH + 1.0, span(|p| p.1) * PITCH + 1.0);
    let d = (w / sx).min(h / sy).min(max_dot);
    let items = dots
        .iter()
        .map(|&(x, y)| {
            shapes::fill(
                shapes::circle(pt(c.x + x * d * PITCH, c.y + y * d * PITCH), d / 2.0),
                ink,
            )
        })
        .collect();
    (items, sx * d)
}

/// Where a face laid out `picture-between-ranks` puts its parts (lengths in
/// mm, offsets from the face's centre, x right, y down): the rank's digits
/// at the left, upright, the same turned 180° for the opponent at the right,
/// and the picture between them, every part's ink [`CLEAR`] from the others
/// and from the rim. The same on every rank's face (sized from the ranks in
/// play), so that the pictures of a set match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BetweenRanks {
    /// Em size of the digits.
    pub size: f64,
    /// Offset of the middle of the upright digits' ink box (negative: left
    /// of the centre); the turned digits' ink box is centred on `-x`.
    pub x: f64,
    /// Half the widest digits' ink height: their ink spans `-half..half`.
    pub half: f64,
    /// How far the picture's ink may reach from the centre across (its ink
    /// box stays within `-reach..reach`), and inside radius `room`.
    pub reach: f64,
    /// The radius, from the face's centre, that every part's ink stays
    /// inside: the rim's inner edge less the clear space.
    pub room: f64,
}

impl BetweenRanks {
    /// The layout on a face whose rim's inner edge is `rim` mm from its
    /// centre, its digits' capitals `cap` mm tall (no digits when `ranks`
    /// is empty: the picture alone). The digits stand on the face's middle
    /// line as far out as the round rim allows, leaving the picture the
    /// room between them.
    pub fn new(res: &Resources, rim: f64, cap: f64, ranks: &[String]) -> BetweenRanks {
        let room = rim - CLEAR_FIT;
        let Some(first) = ranks.first() else {
            return BetweenRanks {
                size: 0.0,
                x: 0.0,
                half: 0.0,
                reach: room,
                room,
            };
        };
        let size = res.fonts.size_for_cap_height(&res.bold, first, cap);
        // The widest and tallest digits' ink, centred on the middle line.
        let (mut wide, mut half) = (0.0f64, 0.0f64);
        for t in ranks {
            if let Some((x0, y0, x1, y1)) = label_ink(res, &res.bold, t, size) {
                wide = wide.max(x1 - x0);
                half = half.max((y1 - y0) / 2.0);
            }
        }
        let outer = (room * room - half * half).max(0.0).sqrt();
        BetweenRanks {
            size,
            x: -(outer - wide / 2.0),
            half,
            reach: (outer - wide - CLEAR_FIT).max(0.0),
            room,
        }
    }

    /// The digits of `text` on a face centred on `c`, in `ink`: upright at
    /// the left, turned at the right, each ink box centred in its slot.
    pub fn rank_items(&self, res: &Resources, text: &str, c: Pt, ink: Color) -> Vec<Item> {
        let Some((x0, y0, x1, y1)) = label_ink(res, &res.bold, text, self.size) else {
            return Vec::new();
        };
        let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let mut items = Vec::new();
        for (sign, rotation) in [(1.0, 0.0), (-1.0, 180.0)] {
            // Turned about its position, the ink's offset from it turns too.
            let pos = pt(c.x + sign * (self.x - mx), c.y - sign * my);
            items.extend(text_fit(
                res,
                FitText {
                    text,
                    stack: &res.bold,
                    size: self.size,
                    max_width: 4.0 * self.room,
                    pos,
                    rotation,
                    fill: ink,
                },
            ));
        }
        items
    }

    /// `art` placed with its ink (measured on the drawing, its box for a
    /// photo) centred on `c`, as large as the room between the digits and
    /// inside the rim allows, at most `most` mm across.
    pub fn picture_item(
        &self,
        res: &Resources,
        art: &Art,
        key: &str,
        c: Pt,
        most: f64,
        clip: Option<Vec<Seg>>,
    ) -> Item {
        let (x0, y0, x1, y1) = match art.pixels() {
            None => drawn_ink(res, art).unwrap_or((0.0, 0.0, 1.0, 1.0)),
            Some(_) => (0.0, 0.0, 1.0, 1.0),
        };
        let (w, h) = ((x1 - x0).max(1e-6), (y1 - y0).max(1e-6));
        // The frame's side `k`: ink w·k wide, h·k tall, its corners in the room.
        let k = (2.0 * self.reach / w)
            .min(2.0 * self.room / w.hypot(h))
            .min(most / w.max(h));
        let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let at = pt(c.x - mx * k, c.y - my * k);
        place_art(res, art, key, (at.x, at.y, k, k), Fit::Contain, clip)
    }
}

/// Pixels along a side of the square a drawing's ink box is measured on:
/// a pixel is 0.03 mm of a 12 mm picture.
const INK_PIXELS: u32 = 400;

/// The box `(x0, y0, x1, y1)` of a drawing's rendered ink, set with
/// [`Fit::Contain`] in a unit square (0 to 1 across and down), grown by a
/// pixel all round so that it holds every inked pixel wherever the drawing
/// lands: tighter than its outlines' control points, which bulge past the
/// ink of a curve.
fn drawn_ink(res: &Resources, art: &Art) -> Option<(f64, f64, f64, f64)> {
    let item = place_art(res, art, "", (0.0, 0.0, 1.0, 1.0), Fit::Contain, None);
    let n = INK_PIXELS;
    let mask = crate::render::png::coverage(&[item], &res.fonts, pt(0.0, 0.0), 1.0, n);
    let (mut x0, mut y0, mut x1, mut y1) = (n, n, 0, 0);
    for (i, _) in mask.iter().enumerate().filter(|(_, &a)| a > 0) {
        let (x, y) = (i as u32 % n, i as u32 / n);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
    }
    let px = 1.0 / f64::from(n);
    (x0 < x1).then(|| {
        (
            f64::from(x0) * px - px,
            f64::from(y0) * px - px,
            f64::from(x1) * px + px,
            f64::from(y1) * px + px,
        )
    })
}

/// A counter's face laid out `picture-between-ranks` (see [`BetweenRanks`]):
/// `piece`'s picture in the middle, its rank at the left and turned at the
/// right (when `counters.show_rank`), on a face `s` mm wide centred on `c`
/// whose rim's inner edge is `rim` mm from the centre; digits `cap` mm tall
/// in `ink`, the picture clipped to `clip`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn between_ranks_face(
    res: &Resources,
    piece: crate::game::Piece,
    c: Pt,
    s: f64,
    rim: f64,
    cap: f64,
    ink: Color,
    clip: Option<Vec<Seg>>,
) -> Vec<Item> {
    let cs = &res.theme.counters;
    let ranks: Vec<String> = match cs.show_rank {
        true => res
            .rules
            .animals_by_rank()
            .into_iter()
            .map(|a| res.rules.rank(a).to_string())
            .collect(),
        false => Vec::new(),
    };
    let layout = BetweenRanks::new(res, rim, cap, &ranks);
    let mut items = Vec::new();
    if let Some(art) = res.animal_art(piece.animal, ink) {
        let key = res
            .pictures
            .animal(piece.animal)
            .map_or(String::new(), |(_, k)| k.to_string());
        let most = s * frame_fraction(cs.picture_scale, 2.0 * rim / s);
        items.push(layout.picture_item(res, &art, &key, c, most, clip));
    }
    if cs.show_rank {
        let rank = res.rules.rank(piece.animal).to_string();
        items.extend(layout.rank_items(res, &rank, c, ink));
        // The side's mark above the upright digits and, turned with them,
        // below the turned ones, where the round face leaves it room.
        let m = s * 0.08;
        let y = layout.half + CLEAR_FIT + m / 2.0;
        if (layout.x.abs() + m / 2.0).hypot(y + m / 2.0) <= layout.room {
            let mark = res.theme.mark(piece.side);
            if let Some(top) = crate::compose::drawn::side_marks::mark_item(
                mark,
                pt(c.x + layout.x, c.y - y),
                m,
                ink,
            ) {
                items.push(Item::Group(crate::scene::Group {
                    picture: false,
                    transform: crate::scene::Transform::rotate_about(180.0, c),
                    items: vec![top.clone()],
                }));
                items.push(top);
            }
        }
    }
    items
}

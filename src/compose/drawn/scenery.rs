//! Scenery pictures: the theme's `pictures.board`, `land`, `river`, `trap`,
//! `den`, `back` and `lid`, placed by the composers through
//! [`crate::compose::drawn::art::place_art`]; and [`PictureFinder`], which finds the theme's
//! pictures again in a drawing for the passes that leave them out (the laser
//! pass, a tiled board's faint glue strips).
//!
//! Lengths in mm, page coordinates (origin top-left, y down) unless a
//! function says otherwise.

use crate::compose::drawn::art::place_art;
use crate::game::{Animal, SquareKind};
use crate::picture::{Art, Fit};
use crate::resolve::Resources;
use crate::scene::{shapes, Color, Group, Item};

/// The scenery picture `name` (`board`, `land`, `river`, `trap`, `den`,
/// `back`, `lid`) when the theme loaded one, with its key (`pictures.NAME`).
pub(crate) fn scenery<'a>(res: &'a Resources, name: &str) -> Option<(&'a Art, String)> {
    res.pictures
        .scenery(name)
        .map(|art| (art, format!("pictures.{name}")))
}

/// The picture of a square of `kind` (`pictures.land`, `river`, `trap` or
/// `den`) covering the box `rect` = `(x, y, w, h)` mm and clipped to it;
/// `None` when the theme has none for that kind.
pub(crate) fn square_picture(
    res: &Resources,
    kind: SquareKind,
    rect: (f64, f64, f64, f64),
) -> Option<Item> {
    let name = match kind {
        SquareKind::Land => "land",
        SquareKind::River => "river",
        SquareKind::Trap(_) => "trap",
        SquareKind::Den(_) => "den",
    };
    let (art, key) = scenery(res, name)?;
    Some(place_art(res, art, &key, rect, Fit::Cover, None))
}

/// The lid's picture (`pictures.lid`) covering the lid's top `top` =
/// `(x, y, w, h)` mm (in the net's coordinates), with a light band of
/// `band` colour behind the title: `items[from..]` are the title's items,
/// and the picture and the band go in just before them. Nothing changes
/// without a lid picture.
pub(crate) fn lid_picture(
    res: &Resources,
    items: &mut Vec<Item>,
    from: usize,
    top: (f64, f64, f64, f64),
    band: Color,
) {
    let Some((art, key)) = scenery(res, "lid") else {
        return;
    };
    let mut under = vec![place_art(res, art, &key, top, Fit::Cover, None)];
    if let Some((x0, y0, x1, y1)) = text_extent(&items[from..]) {
        let pad = 2.0;
        let (x, y) = ((x0 - pad).max(top.0), (y0 - pad).max(top.1));
        let (w, h) = (
            (x1 + pad).min(top.0 + top.2) - x,
            (y1 + pad).min(top.1 + top.3) - y,
        );
        under.push(shapes::fill(
            shapes::rounded_rect(x, y, w, h, pad.min(h / 2.0)),
            band,
        ));
    }
    items.splice(from..from, under);
}

/// The box `(x0, y0, x1, y1)` that the text runs among `items` cover
/// (upright runs: from a little above the em box to below the baseline).
fn text_extent(items: &[Item]) -> Option<(f64, f64, f64, f64)> {
    let mut b: Option<(f64, f64, f64, f64)> = None;
    for run in crate::scene::text_runs(items) {
        let w: f64 = run.glyphs.iter().map(|g| g.advance).sum();
        let (x0, x1) = (run.pos.x, run.pos.x + w);
        let (y0, y1) = (run.pos.y - run.size * 0.85, run.pos.y + run.size * 0.25);
        b = Some(match b {
            None => (x0, y0, x1, y1),
            Some(o) => (o.0.min(x0), o.1.min(y0), o.2.max(x1), o.3.max(y1)),
        });
    }
    b
}

/// The animals in play that have a picture, by rank (highest first), with
/// the picture as a table or a cover shows it (`ink` paints one-colour
/// drawings) and its key. Empty when the theme draws no animal pictures.
pub(crate) fn animal_pictures(res: &Resources, ink: Color) -> Vec<(Animal, Art, String)> {
    res.rules
        .animals_by_rank()
        .into_iter()
        .filter_map(|a| {
            let (_, key) = res.pictures.animal(a)?;
            Some((a, res.animal_art(a, ink)?, key.to_string()))
        })
        .collect()
}

/// Finds the theme's pictures in a drawing, by their mark: a raster picture
/// ([`Item::Picture`]) or a drawing placed by [`Art::place`] (a [`Group`]
/// marked `picture`), and takes them out.
pub struct PictureFinder;

impl PictureFinder {
    /// True when `item` is a picture.
    pub fn is_picture(&self, item: &Item) -> bool {
        matches!(
            item,
            Item::Picture(_) | Item::Group(Group { picture: true, .. })
        )
    }

    /// `items` without their pictures, looking into groups, clips and page
    /// references (a page holding a picture becomes a group of copies of its
    /// other items; a clip left empty goes too). Returns the items and how
    /// many pictures were taken out.
    pub fn without_pictures(&self, items: Vec<Item>) -> (Vec<Item>, usize) {
        let mut n = 0;
        let out = self.strip(items, &mut n);
        (out, n)
    }

    fn strip(&self, items: Vec<Item>, n: &mut usize) -> Vec<Item> {
        items
            .into_iter()
            .filter_map(|item| {
                if self.is_picture(&item) {
                    *n += 1;
                    return None;
                }
                let before = *n;
                match item {
                    Item::Group(mut g) => {
                        g.items = self.strip(g.items, n);
                        Some(Item::Group(g))
                    }
                    Item::Clip(mut c) => {
                        c.items = self.strip(c.items, n);
                        (*n == before || !c.items.is_empty()).then_some(Item::Clip(c))
                    }
                    Item::Page(p) if p.items().any(|i| self.holds_picture(i)) => {
                        let mut g = p.flattened();
                        g.items = self.strip(g.items, n);
                        Some(Item::Group(g))
                    }
                    other => Some(other),
                }
            })
            .collect()
    }

    /// True when `item` is or holds a picture.
    fn holds_picture(&self, item: &Item) -> bool {
        self.is_picture(item)
            || match item {
                Item::Group(g) => g.items.iter().any(|i| self.holds_picture(i)),
                Item::Clip(c) => c.items.iter().any(|i| self.holds_picture(i)),
                Item::Page(p) => p.items().any(|i| self.holds_picture(i)),
                Item::Path(_) | Item::Text(_) | Item::Picture(_) => false,
            }
    }
}

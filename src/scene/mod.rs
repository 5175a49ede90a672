//! The drawing model shared by every renderer.
//!
//! A [`Page`] is a sheet of paper measured in millimetres, origin at the top-left
//! corner, x to the right and y **down**. Items are paths, text runs, groups
//! (with a transform), clips and references to another page's drawing
//! ([`PageRef`], shared, not copied); each item belongs to a named [`Layer`]. Renderers
//! (`render::svg`, `render::pdf`) read only this model: they know nothing of
//! boards or counters.

use std::sync::Arc;

use crate::text::{FontBook, FontId, Glyph};

mod paint;
mod raster;
pub mod solid;
pub use paint::{Gradient, GradientShape, Paint, Stop};
pub use raster::{JpegColor, Memo, Placed, Raster, RasterData, Samples};

/// A point in millimetres (page coordinates: origin top-left, y down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pt {
    /// Millimetres from the left edge.
    pub x: f64,
    /// Millimetres from the top edge.
    pub y: f64,
}

/// Shorthand for [`Pt`].
pub const fn pt(x: f64, y: f64) -> Pt {
    Pt { x, y }
}

/// An affine transform `[a, b, c, d, e, f]`, mapping `(x, y)` to
/// `(a·x + c·y + e, b·x + d·y + f)`, in millimetres (the SVG convention).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transform(pub [f64; 6]);

impl Transform {
    /// The identity.
    pub const IDENTITY: Transform = Transform([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    /// A translation by `(dx, dy)` mm.
    pub fn translate(dx: f64, dy: f64) -> Transform {
        Transform([1.0, 0.0, 0.0, 1.0, dx, dy])
    }

    /// A uniform scale.
    pub fn scale(sx: f64, sy: f64) -> Transform {
        Transform([sx, 0.0, 0.0, sy, 0.0, 0.0])
    }

    /// A rotation by `deg` degrees, clockwise on the page (y points down).
    /// Quarter turns are exact (no floating-point noise).
    pub fn rotate(deg: f64) -> Transform {
        let r = deg.rem_euclid(360.0);
        let (s, c) = if r == 0.0 {
            (0.0, 1.0)
        } else if r == 90.0 {
            (1.0, 0.0)
        } else if r == 180.0 {
            (0.0, -1.0)
        } else if r == 270.0 {
            (-1.0, 0.0)
        } else {
            r.to_radians().sin_cos()
        };
        Transform([c, s, -s, c, 0.0, 0.0])
    }

    /// A rotation by `deg` degrees about the point `center`.
    pub fn rotate_about(deg: f64, center: Pt) -> Transform {
        Transform::translate(center.x, center.y)
            .then_apply(Transform::rotate(deg))
            .then_apply(Transform::translate(-center.x, -center.y))
    }

    /// `self ∘ inner`: apply `inner` first, then `self`.
    pub fn then_apply(self, inner: Transform) -> Transform {
        let [a, b, c, d, e, f] = self.0;
        let [a2, b2, c2, d2, e2, f2] = inner.0;
        Transform([
            a * a2 + c * b2,
            b * a2 + d * b2,
            a * c2 + c * d2,
            b * c2 + d * d2,
            a * e2 + c * f2 + e,
            b * e2 + d * f2 + f,
        ])
    }

    /// Maps a point.
    pub fn apply(self, p: Pt) -> Pt {
        let [a, b, c, d, e, f] = self.0;
        pt(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }

    /// The transform that undoes this one; `None` when it is singular.
    pub fn inverse(self) -> Option<Transform> {
        let [a, b, c, d, e, f] = self.0;
        let det = a * d - b * c;
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        Some(Transform([
            d / det,
            -b / det,
            -c / det,
            a / det,
            (c * f - d * e) / det,
            (b * e - a * f) / det,
        ]))
    }

    /// True when this is the identity.
    pub fn is_identity(self) -> bool {
        self == Transform::IDENTITY
    }
}

/// A colour, as the theme gave it. Renderers convert as their format needs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Color {
    /// sRGB, 0–255 per channel.
    Rgb(u8, u8, u8),
    /// Process colour for print shops, 0.0–1.0 per ink.
    Cmyk(f32, f32, f32, f32),
    /// A named separation (spot colour) at full tint, for print shops.
    Spot(Spot),
}

/// The separations a print shop's equipment knows by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// The die line: the name cutting plotters and their RIPs look for. Never
    /// inked; shown as magenta.
    CutContour,
    /// Registration: printed on every plate (crop and registration marks).
    All,
}

impl Spot {
    /// The separation's name, as written in the PDF.
    pub fn name(self) -> &'static str {
        match self {
            Spot::CutContour => "CutContour",
            Spot::All => "All",
        }
    }

    /// The process colour that stands in for it on a proof or a screen
    /// (C, M, Y, K, 0.0–1.0): magenta for the die line, all four inks for `All`.
    pub fn alternate(self) -> [f32; 4] {
        match self {
            Spot::CutContour => [0.0, 1.0, 0.0, 0.0],
            Spot::All => [1.0, 1.0, 1.0, 1.0],
        }
    }
}

impl Color {
    /// Pure black.
    pub const BLACK: Color = Color::Rgb(0, 0, 0);
    /// Pure white.
    pub const WHITE: Color = Color::Rgb(255, 255, 255);

    /// The sRGB value (CMYK converted naively, for screens and SVG; a spot
    /// colour as its alternate).
    pub fn to_rgb(self) -> (u8, u8, u8) {
        match self {
            Color::Rgb(r, g, b) => (r, g, b),
            Color::Cmyk(c, m, y, k) => {
                let f = |v: f32| (255.0 * (1.0 - v) * (1.0 - k)).round().clamp(0.0, 255.0) as u8;
                (f(c), f(m), f(y))
            }
            Color::Spot(s) => {
                let [c, m, y, k] = s.alternate();
                Color::Cmyk(c, m, y, k).to_rgb()
            }
        }
    }

    /// `#rrggbb`.
    pub fn to_hex(self) -> String {
        let (r, g, b) = self.to_rgb();
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// How a path is outlined. Width in millimetres.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    /// Line colour.
    pub color: Color,
    /// Line width in mm.
    pub width: f64,
    /// Dash pattern in mm (on, off, …); empty for a solid line.
    pub dash: Vec<f64>,
}

impl Stroke {
    /// A solid line.
    pub fn solid(color: Color, width: f64) -> Stroke {
        Stroke {
            color,
            width,
            dash: Vec::new(),
        }
    }

    /// A dashed line.
    pub fn dashed(color: Color, width: f64, dash: Vec<f64>) -> Stroke {
        Stroke { color, width, dash }
    }
}

/// One path segment (coordinates in mm, in the enclosing group's space).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seg {
    /// Start a new subpath.
    Move(Pt),
    /// Straight line.
    Line(Pt),
    /// Cubic Bézier: two control points, then the end point.
    Cubic(Pt, Pt, Pt),
    /// Close the current subpath.
    Close,
}

/// A filled and/or stroked path. Fills use the non-zero winding rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    /// The outline.
    pub segs: Vec<Seg>,
    /// Fill paint (a colour or a gradient, see [`Paint`]), if filled.
    pub fill: Option<Paint>,
    /// Outline, if stroked.
    pub stroke: Option<Stroke>,
}

/// Where a label's anchor point sits along its line (see `compose::typesetting::label::Label`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `pos` is the left end of the baseline.
    Start,
    /// `pos` is the middle of the baseline.
    Middle,
    /// `pos` is the right end of the baseline.
    End,
}

/// A single-font run of text on one baseline, shaped once when it is made
/// ([`TextRun::new`]): renderers draw its [`TextRun::glyphs`], placed one
/// after another by their advances from `pos` along the rotated baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct TextRun {
    /// The characters, all drawable by `font` (for PDF ToUnicode and SVG live text).
    pub text: String,
    /// One glyph per character of `text`, with its advance in mm.
    pub glyphs: Vec<Glyph>,
    /// Which font of the document's [`crate::text::FontBook`].
    pub font: FontId,
    /// Em size in millimetres.
    pub size: f64,
    /// The left end of the baseline, mm.
    pub pos: Pt,
    /// Clockwise rotation in degrees about `pos` (180 = upside down, for north).
    pub rotation: f64,
    /// Text colour.
    pub fill: Color,
    /// True for text that is part of a picture rather than of what the page
    /// says (a board's square labels and coordinates, the characters on a
    /// diagram's counters, a box's printed lid): drawn as any run, but left
    /// out of the text a reader copies or hears (a PDF artifact, SVG
    /// `aria-hidden`). Set with [`decorative`].
    pub decorative: bool,
    /// True for text that is read but not seen: in the text layer a reader
    /// copies or hears (PDF text render mode 3, SVG live text with no fill
    /// opacity), not drawn (SVG outlines, PNG). The tactile pages' braille
    /// is such text over the dots drawn for fingers.
    pub invisible: bool,
}

impl TextRun {
    /// `text` in `font` of `book` at em size `size` mm, its baseline's left
    /// end at `pos` (mm), turned `rotation` degrees clockwise about it.
    pub fn new(
        book: &FontBook,
        font: FontId,
        text: String,
        size: f64,
        pos: Pt,
        rotation: f64,
        fill: Color,
    ) -> TextRun {
        TextRun {
            glyphs: book.shape(font, &text, size),
            text,
            font,
            size,
            pos,
            rotation,
            fill,
            decorative: false,
            invisible: false,
        }
    }

    /// The map from glyph space (font units, y up, origin at the run's
    /// start) to the space `t` maps to the page, for a glyph `x` mm along the
    /// baseline; `upem` is the font's units per em.
    pub fn glyph_transform(&self, t: Transform, upem: f64, x: f64) -> Transform {
        let k = self.size / upem;
        self.frame(t)
            .then_apply(Transform([k, 0.0, 0.0, -k, x, 0.0]))
    }

    /// The baseline frame: origin at the run's start, x along the baseline,
    /// y down, in mm, mapped through `t`.
    pub fn frame(&self, t: Transform) -> Transform {
        t.then_apply(Transform::translate(self.pos.x, self.pos.y))
            .then_apply(Transform::rotate(self.rotation))
    }

    /// Each drawn glyph (id not 0) with its offset along the baseline, mm.
    pub fn placed(&self) -> impl Iterator<Item = (u16, f64)> + '_ {
        let mut x = 0.0;
        self.glyphs.iter().filter_map(move |g| {
            let at = x;
            x += g.advance;
            (g.id != 0).then_some((g.id, at))
        })
    }
}

/// Named layers. In PDF they become optional-content groups, in SVG groups with an id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layer {
    /// The picture itself.
    Artwork,
    /// Cut lines: the outline of every piece to cut out.
    Cut,
    /// Fold lines.
    Fold,
    /// Guides: headings, instructions, scale bars.
    Guides,
    /// Printer's marks: crop, corner and registration marks.
    Marks,
}

impl Layer {
    /// Every layer, in drawing order.
    pub const ALL: [Layer; 5] = [
        Layer::Artwork,
        Layer::Fold,
        Layer::Cut,
        Layer::Guides,
        Layer::Marks,
    ];

    /// Stable identifier (SVG id, PDF layer name).
    pub fn id(self) -> &'static str {
        match self {
            Layer::Artwork => "artwork",
            Layer::Cut => "cut",
            Layer::Fold => "fold",
            Layer::Guides => "guides",
            Layer::Marks => "marks",
        }
    }
}

/// A group of items with a transform applied to all of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// True for a picture drawn as paths (an SVG drawing placed by
    /// [`crate::picture::Art::place`]): the passes that leave pictures out (the
    /// laser's, a tiled board's glue strips) find it by this mark.
    pub picture: bool,
    /// Transform from the group's space to the parent's.
    pub transform: Transform,
    /// The items, painted in order.
    pub items: Vec<Item>,
}

/// Items drawn only inside a closed path (non-zero winding).
#[derive(Debug, Clone, PartialEq)]
pub struct Clip {
    /// The clipping outline, in the enclosing space (mm).
    pub path: Vec<Seg>,
    /// The items, painted in order and cut off outside `path`.
    pub items: Vec<Item>,
}

/// Anything drawable.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A path.
    Path(Path),
    /// A text run.
    Text(TextRun),
    /// A transformed group.
    Group(Group),
    /// A clipped group.
    Clip(Clip),
    /// Another page's whole drawing, shared rather than copied: the cover's
    /// thumbnails, and the reuse of one drawing in several places (a tiled
    /// board or poster, drawn once as a page of its own size and placed, with
    /// a transform and a clip, on every tile).
    Page(PageRef),
    /// A raster picture (PNG or JPEG) in a box.
    Picture(Placed),
}

/// The drawing of one page: items per layer, painted in [`Layer::ALL`] order.
/// Each layer's items are shared between the pages cloned from one page
/// until one of them changes that layer ([`Page::add`] copies it then): the
/// PDF renderer writes a layer several pages share once, as a Form XObject
/// (a class set's repeated pages, which differ in their guides alone).
pub type Layers = Vec<(Layer, Arc<Vec<Item>>)>;

/// A page's drawing placed inside another drawing, in that page's own
/// coordinates (mm, origin at its trimmed sheet's top-left corner, y down):
/// every layer's items, in order. It holds the page's items by reference, so
/// a renderer can draw them once and refer to them wherever they recur (the PDF
/// renderer makes such a page a Form XObject and places that, when the page
/// is one of the document's or the drawing is placed more than once). The
/// page need not be a page of the document: any drawing made once and
/// placed several times is a page of its own size, shared.
#[derive(Clone, PartialEq)]
pub struct PageRef {
    /// Trimmed sheet width of the page, in mm.
    pub width: f64,
    /// Trimmed sheet height of the page, in mm.
    pub height: f64,
    /// The page's bleed, in mm.
    pub bleed: f64,
    /// The page's layers, shared with the page itself.
    pub layers: Arc<Layers>,
    /// True when the drawing is shown as a picture (a thumbnail on a cover):
    /// its text is then decorative, as a [`TextRun::decorative`] run's.
    pub decorative: bool,
}

impl PageRef {
    /// Every item of the drawing, layer after layer.
    pub fn items(&self) -> impl Iterator<Item = &Item> {
        self.layers.iter().flat_map(|(_, items)| items.iter())
    }

    /// The drawing as a plain group of copies of its items (for changes that
    /// must not touch the page itself); their text decorative when the
    /// reference is.
    pub fn flattened(&self) -> Group {
        let items = self.items().cloned().collect();
        Group {
            picture: false,
            transform: Transform::IDENTITY,
            items: if self.decorative {
                decorative(items)
            } else {
                items
            },
        }
    }

    /// Which drawing this refers to: equal to [`Page::drawing_id`] of the
    /// page it was made from as long as that page is unchanged (the same
    /// items, not a copy).
    pub fn drawing_id(&self) -> usize {
        Arc::as_ptr(&self.layers) as usize
    }
}

impl std::fmt::Debug for PageRef {
    /// A short form: the page's size and how many items it has (the items
    /// themselves are the page's, printed with it).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageRef")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("bleed", &self.bleed)
            .field("items", &self.items().count())
            .field("decorative", &self.decorative)
            .finish()
    }
}

/// The bounding box `(x0, y0, x1, y1)` of a path's points, control points
/// included (for circles, rectangles and polygons they lie on the box); `None`
/// for a path without points. Coordinates as in the path (mm).
pub fn bounds(segs: &[Seg]) -> Option<(f64, f64, f64, f64)> {
    let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for s in segs {
        let pts = match *s {
            Seg::Move(a) | Seg::Line(a) => [Some(a), None, None],
            Seg::Cubic(a, c, d) => [Some(a), Some(c), Some(d)],
            Seg::Close => [None, None, None],
        };
        for p in pts.into_iter().flatten() {
            b = (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
        }
    }
    (b.0 <= b.2).then_some(b)
}

/// The box `(x0, y0, x1, y1)` of the ink of `items` (mm, in their
/// coordinates, y down): each glyph's own outline box (not its em box) and
/// each path's points, through every group's transform; clips are ignored
/// (their items count whole) and pictures count by their boxes. `None` when
/// nothing is drawn. For measuring the clear space between the parts of a
/// face.
pub fn ink_bounds(book: &FontBook, items: &[Item]) -> Option<(f64, f64, f64, f64)> {
    struct Ink<'b> {
        book: &'b FontBook,
        b: (f64, f64, f64, f64),
    }
    impl Ink<'_> {
        fn add(&mut self, p: Pt) {
            let b = &mut self.b;
            *b = (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y));
        }
    }
    impl<'a> Visitor<'a> for Ink<'_> {
        fn path(&mut self, path: &'a Path, t: Transform) {
            if let Some((x0, y0, x1, y1)) = bounds(&path.segs) {
                let w = path.stroke.as_ref().map_or(0.0, |s| s.width / 2.0);
                for (x, y) in [
                    (x0 - w, y0 - w),
                    (x1 + w, y0 - w),
                    (x0 - w, y1 + w),
                    (x1 + w, y1 + w),
                ] {
                    self.add(t.apply(pt(x, y)));
                }
            }
        }
        fn text(&mut self, run: &'a TextRun, t: Transform) {
            let upem = self.book.units_per_em(run.font);
            for (gid, x) in run.placed() {
                if let Some((x0, y0, x1, y1)) = self.book.ink_box_em(run.font, gid) {
                    let g = run.glyph_transform(t, upem, x);
                    for (u, v) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
                        self.add(g.apply(pt(u * upem, v * upem)));
                    }
                }
            }
        }
        fn picture(&mut self, placed: &'a Placed, t: Transform) {
            let m = t.then_apply(placed.transform);
            for (x, y) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
                self.add(m.apply(pt(x, y)));
            }
        }
    }
    let mut ink = Ink {
        book,
        b: (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
    };
    walk(items, Transform::IDENTITY, &mut ink);
    (ink.b.0 <= ink.b.2).then_some(ink.b)
}

/// Fills whose bounding box is larger than this, mm², are areas (a
/// counter's face, the river, a den), not details: the print-shop pass makes
/// them rich black, the laser pass leaves them out.
pub const LARGE_FILL: f64 = 100.0;

/// True when the bounding box of `segs` (see [`bounds`]) covers more than
/// [`LARGE_FILL`] mm², in the path's own coordinates (the passes that ask
/// only see groups that turn or move, never scale).
pub fn is_large(segs: &[Seg]) -> bool {
    bounds(segs).is_some_and(|(x0, y0, x1, y1)| (x1 - x0) * (y1 - y0) > LARGE_FILL)
}

/// What a walk over a drawing ([`walk`]) does with each item. Every method
/// gets `t`, the map from the item's coordinates (mm) to the space the walk
/// started in: the transforms of the groups around it, applied.
/// `'a` is the lifetime of the items walked, so a visitor may keep references to them.
pub trait Visitor<'a> {
    /// A path.
    fn path(&mut self, path: &'a Path, t: Transform);
    /// A text run.
    fn text(&mut self, run: &'a TextRun, t: Transform);
    /// Before a clip's items, with its outline; `false` skips them (and
    /// [`Visitor::end_clip`]).
    fn begin_clip(&mut self, _outline: &'a [Seg], _t: Transform) -> bool {
        true
    }
    /// After a clip's items.
    fn end_clip(&mut self) {}
    /// A raster picture; `t` maps the enclosing space of `placed.transform`.
    fn picture(&mut self, placed: &'a Placed, t: Transform);
    /// A page reference: `true` when the visitor drew it itself; otherwise
    /// its items are walked in place, layer after layer.
    fn page(&mut self, _page: &'a PageRef, _t: Transform) -> bool {
        false
    }
}

/// Walks `items` in painting order, into groups, clips and page references,
/// `t` being the map from their coordinates to the visitor's space.
pub fn walk<'a, V: Visitor<'a> + ?Sized>(items: &'a [Item], t: Transform, v: &mut V) {
    for item in items {
        match item {
            Item::Path(p) => v.path(p, t),
            Item::Text(run) => v.text(run, t),
            Item::Picture(p) => v.picture(p, t),
            Item::Group(g) => walk(&g.items, t.then_apply(g.transform), v),
            Item::Clip(c) => {
                if v.begin_clip(&c.path, t) {
                    walk(&c.items, t, v);
                    v.end_clip();
                }
            }
            Item::Page(p) => {
                if !v.page(p, t) {
                    for (_, items) in p.layers.iter() {
                        walk(items, t, v);
                    }
                }
            }
        }
    }
}

/// `items` with every path and text run replaced by what `f` makes of it
/// (left out on `None`), for passes that change paints: groups and clips keep
/// their transform and outline, and a page reference becomes a plain group of
/// copies of its items (the change must not reach the page it shows).
pub fn map_leaves<F: FnMut(Item) -> Option<Item>>(items: Vec<Item>, f: &mut F) -> Vec<Item> {
    items
        .into_iter()
        .filter_map(|item| match item {
            Item::Path(_) | Item::Text(_) | Item::Picture(_) => f(item),
            Item::Group(mut g) => {
                g.items = map_leaves(g.items, f);
                Some(Item::Group(g))
            }
            Item::Clip(mut c) => {
                c.items = map_leaves(c.items, f);
                Some(Item::Clip(c))
            }
            Item::Page(p) => {
                let mut g = p.flattened();
                g.items = map_leaves(g.items, f);
                Some(Item::Group(g))
            }
        })
        .collect()
}

/// `items` with every text run in them, inside groups and clips too, marked
/// [`TextRun::decorative`], and every page reference [`PageRef::decorative`]:
/// for labels that belong to a picture (a board's, a diagram's counters').
pub fn decorative(mut items: Vec<Item>) -> Vec<Item> {
    fn mark(items: &mut [Item]) {
        for item in items {
            match item {
                Item::Text(run) => run.decorative = true,
                Item::Group(g) => mark(&mut g.items),
                Item::Clip(c) => mark(&mut c.items),
                Item::Page(p) => p.decorative = true,
                Item::Path(_) | Item::Picture(_) => {}
            }
        }
    }
    mark(&mut items);
    items
}

/// Every text run in `items`, inside groups, clips and page references too (their transforms
/// are not applied: each run keeps its own coordinates).
pub fn text_runs(items: &[Item]) -> Vec<&TextRun> {
    struct Runs<'a>(Vec<&'a TextRun>);
    impl<'a> Visitor<'a> for Runs<'a> {
        fn path(&mut self, _: &'a Path, _: Transform) {}
        fn text(&mut self, run: &'a TextRun, _: Transform) {
            self.0.push(run);
        }
        fn picture(&mut self, _: &'a Placed, _: Transform) {}
    }
    let mut runs = Runs(Vec::new());
    walk(items, Transform::IDENTITY, &mut runs);
    runs.0
}

/// A sheet of paper. Sizes in millimetres; origin at the top-left corner of the
/// trimmed sheet, y down.
///
/// `width × height` is the finished (trimmed) sheet. With a `bleed`, the sheet
/// as printed is larger by `bleed` on every side: artwork that must run off
/// the edge is drawn into that band, at negative coordinates or past
/// `width`/`height`. Renderers make the printed sheet the PDF MediaBox and
/// BleedBox, and the trimmed sheet the TrimBox.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// Trimmed sheet width in mm.
    pub width: f64,
    /// Trimmed sheet height in mm.
    pub height: f64,
    /// Bleed around the trimmed sheet in mm (0 for none).
    pub bleed: f64,
    /// Items per layer, painted in [`Layer::ALL`] order; empty layers are
    /// omitted. Shared with the [`PageRef`]s made by [`Page::share`].
    pub layers: Arc<Layers>,
}

impl Page {
    /// An empty page.
    pub fn new(width: f64, height: f64) -> Page {
        Page {
            width,
            height,
            bleed: 0.0,
            layers: Arc::default(),
        }
    }

    /// Identifies this page's items while they are shared: see [`PageRef::drawing_id`].
    pub fn drawing_id(&self) -> usize {
        Arc::as_ptr(&self.layers) as usize
    }

    /// This page's drawing, to place elsewhere (see [`PageRef`]). Adding to the
    /// page afterwards gives the page its own copy and leaves the reference as it was.
    pub fn share(&self) -> PageRef {
        PageRef {
            width: self.width,
            height: self.height,
            bleed: self.bleed,
            layers: Arc::clone(&self.layers),
            decorative: false,
        }
    }

    /// The page with `bleed` mm of bleed around the trimmed sheet.
    pub fn with_bleed(mut self, bleed: f64) -> Page {
        self.bleed = bleed;
        self
    }

    /// The sheet as printed, trim plus bleed, in page coordinates: `(x, y, w, h)` mm.
    pub fn media_box(&self) -> (f64, f64, f64, f64) {
        let b = self.bleed;
        (-b, -b, self.width + 2.0 * b, self.height + 2.0 * b)
    }

    /// Adds items to a layer (created on first use, kept in [`Layer::ALL`] order).
    pub fn add(&mut self, layer: Layer, items: impl IntoIterator<Item = Item>) {
        let layers = Arc::make_mut(&mut self.layers);
        let pos = match layers.iter().position(|(l, _)| *l == layer) {
            Some(p) => p,
            None => {
                let at = layers
                    .iter()
                    .take_while(|(l, _)| order(*l) < order(layer))
                    .count();
                layers.insert(at, (layer, Arc::default()));
                at
            }
        };
        Arc::make_mut(&mut layers[pos].1).extend(items);
    }

    /// The items of one layer (empty if none).
    pub fn layer(&self, layer: Layer) -> &[Item] {
        self.layers
            .iter()
            .find(|(l, _)| *l == layer)
            .map(|(_, v)| v.as_slice())
            .unwrap_or(&[])
    }
}

fn order(l: Layer) -> usize {
    Layer::ALL
        .iter()
        .position(|x| *x == l)
        .unwrap_or(usize::MAX)
}

/// A document: pages plus the fonts their text runs refer to.
#[derive(Debug, Clone)]
pub struct Document {
    /// Title written into PDF metadata and the SVG `<title>`.
    pub title: String,
    /// The pages, in order.
    pub pages: Vec<Page>,
    /// Fonts referenced by [`TextRun::font`].
    pub fonts: Arc<crate::text::FontBook>,
}

/// Path builders, all in mm.
pub mod shapes {
    use super::*;

    /// Bézier constant for quarter circles.
    const KAPPA: f64 = 0.552_284_749_830_793_4;

    /// An axis-aligned rectangle.
    pub fn rect(x: f64, y: f64, w: f64, h: f64) -> Vec<Seg> {
        vec![
            Seg::Move(pt(x, y)),
            Seg::Line(pt(x + w, y)),
            Seg::Line(pt(x + w, y + h)),
            Seg::Line(pt(x, y + h)),
            Seg::Close,
        ]
    }

    /// A rectangle with rounded corners of radius `r`.
    pub fn rounded_rect(x: f64, y: f64, w: f64, h: f64, r: f64) -> Vec<Seg> {
        let r = r.min(w / 2.0).min(h / 2.0);
        if r <= 0.0 {
            return rect(x, y, w, h);
        }
        let k = r * KAPPA;
        vec![
            Seg::Move(pt(x + r, y)),
            Seg::Line(pt(x + w - r, y)),
            Seg::Cubic(pt(x + w - r + k, y), pt(x + w, y + r - k), pt(x + w, y + r)),
            Seg::Line(pt(x + w, y + h - r)),
            Seg::Cubic(
                pt(x + w, y + h - r + k),
                pt(x + w - r + k, y + h),
                pt(x + w - r, y + h),
            ),
            Seg::Line(pt(x + r, y + h)),
            Seg::Cubic(pt(x + r - k, y + h), pt(x, y + h - r + k), pt(x, y + h - r)),
            Seg::Line(pt(x, y + r)),
            Seg::Cubic(pt(x, y + r - k), pt(x + r - k, y), pt(x + r, y)),
            Seg::Close,
        ]
    }

    /// A circle of radius `r` about `c`.
    pub fn circle(c: Pt, r: f64) -> Vec<Seg> {
        let k = r * KAPPA;
        let (x, y) = (c.x, c.y);
        vec![
            Seg::Move(pt(x + r, y)),
            Seg::Cubic(pt(x + r, y + k), pt(x + k, y + r), pt(x, y + r)),
            Seg::Cubic(pt(x - k, y + r), pt(x - r, y + k), pt(x - r, y)),
            Seg::Cubic(pt(x - r, y - k), pt(x - k, y - r), pt(x, y - r)),
            Seg::Cubic(pt(x + k, y - r), pt(x + r, y - k), pt(x + r, y)),
            Seg::Close,
        ]
    }

    /// A closed polygon through `points`.
    pub fn polygon(points: &[Pt]) -> Vec<Seg> {
        let mut v = Vec::with_capacity(points.len() + 1);
        for (i, p) in points.iter().enumerate() {
            v.push(if i == 0 { Seg::Move(*p) } else { Seg::Line(*p) });
        }
        v.push(Seg::Close);
        v
    }

    /// A regular polygon with `n` corners, circumradius `r`, about `c`, with a flat top edge.
    pub fn regular_polygon(c: Pt, r: f64, n: usize) -> Vec<Seg> {
        let step = std::f64::consts::TAU / n as f64;
        let start = -std::f64::consts::FRAC_PI_2 + step / 2.0;
        let pts: Vec<Pt> = (0..n)
            .map(|i| {
                let a = start + step * i as f64;
                pt(c.x + r * a.cos(), c.y + r * a.sin())
            })
            .collect();
        polygon(&pts)
    }

    /// An open polyline.
    pub fn polyline(points: &[Pt]) -> Vec<Seg> {
        points
            .iter()
            .enumerate()
            .map(|(i, p)| if i == 0 { Seg::Move(*p) } else { Seg::Line(*p) })
            .collect()
    }

    /// A straight line from `a` to `b`.
    pub fn line(a: Pt, b: Pt) -> Vec<Seg> {
        vec![Seg::Move(a), Seg::Line(b)]
    }

    /// A filled path item.
    pub fn fill(segs: Vec<Seg>, color: Color) -> Item {
        Item::Path(Path {
            segs,
            fill: Some(Paint::Solid(color)),
            stroke: None,
        })
    }

    /// A stroked path item.
    pub fn stroke(segs: Vec<Seg>, stroke: Stroke) -> Item {
        Item::Path(Path {
            segs,
            fill: None,
            stroke: Some(stroke),
        })
    }

    /// A filled and stroked path item.
    pub fn fill_stroke(segs: Vec<Seg>, color: Color, stroke: Stroke) -> Item {
        Item::Path(Path {
            segs,
            fill: Some(Paint::Solid(color)),
            stroke: Some(stroke),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_turn_is_exact() {
        let t = Transform::rotate(180.0);
        assert_eq!(t.0, [-1.0, 0.0, -0.0, -1.0, 0.0, 0.0]);
        let p = Transform::rotate_about(180.0, pt(10.0, 20.0)).apply(pt(12.0, 25.0));
        assert_eq!(p, pt(8.0, 15.0));
    }

    #[test]
    fn inverse_undoes() {
        let t = Transform([2.0, 0.5, -1.0, 3.0, 4.0, -7.0]);
        let p = pt(1.5, -2.25);
        let back = t.inverse().unwrap().apply(t.apply(p));
        assert!((back.x - p.x).abs() < 1e-12 && (back.y - p.y).abs() < 1e-12);
        assert_eq!(Transform::scale(0.0, 1.0).inverse(), None);
    }

    #[test]
    fn shared_page_is_copied_on_write() {
        let mut p = Page::new(10.0, 10.0);
        p.add(
            Layer::Artwork,
            [shapes::fill(shapes::rect(0.0, 0.0, 1.0, 1.0), Color::WHITE)],
        );
        let r = p.share();
        assert_eq!(r.drawing_id(), p.drawing_id());
        p.add(Layer::Cut, []);
        assert_ne!(
            r.drawing_id(),
            p.drawing_id(),
            "the page now has its own copy"
        );
        assert_eq!(r.items().count(), 1);
    }

    #[test]
    fn compose_applies_inner_first() {
        let t = Transform::translate(5.0, 0.0).then_apply(Transform::scale(2.0, 2.0));
        assert_eq!(t.apply(pt(1.0, 1.0)), pt(7.0, 2.0));
    }

    #[test]
    fn layers_keep_their_order() {
        let mut p = Page::new(10.0, 10.0);
        p.add(Layer::Guides, []);
        p.add(Layer::Artwork, []);
        p.add(Layer::Cut, []);
        let order: Vec<_> = p.layers.iter().map(|(l, _)| *l).collect();
        assert_eq!(order, vec![Layer::Artwork, Layer::Cut, Layer::Guides]);
    }
}

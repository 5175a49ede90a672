//! The font book: loaded faces, glyph lookup, advances and outlines.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use thiserror::Error;

/// Index of a font in a [`FontBook`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FontId(pub usize);

/// A fallback list: for each character, the first font that has a glyph draws it.
pub type FontStack = Vec<FontId>;

/// Fonts bundled in the binary (files in `fonts/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuiltinFont {
    /// Jungle Kai: a subset of LXGW WenKai, a Kai (brush) style CJK face; OFL 1.1.
    Kai,
    /// Noto Sans Regular, the Latin text face; OFL 1.1.
    NotoSans,
    /// Noto Sans Bold.
    NotoSansBold,
    /// DejaVu Sans cut to the six-dot braille cells: the tactile pages'
    /// invisible braille text. Not among [`BuiltinFont::ALL`] (a theme's
    /// fonts): added to a tactile job's font book only.
    Braille,
}

impl BuiltinFont {
    /// All bundled fonts.
    pub const ALL: [BuiltinFont; 3] = [
        BuiltinFont::Kai,
        BuiltinFont::NotoSans,
        BuiltinFont::NotoSansBold,
    ];

    /// The name used in themes (`builtin:NAME`).
    pub fn name(self) -> &'static str {
        match self {
            BuiltinFont::Kai => "kai",
            BuiltinFont::NotoSans => "noto-sans",
            BuiltinFont::NotoSansBold => "noto-sans-bold",
            BuiltinFont::Braille => "braille",
        }
    }

    /// Looks up a bundled font by its theme name.
    pub fn from_name(name: &str) -> Option<BuiltinFont> {
        BuiltinFont::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The font file's bytes.
    pub fn data(self) -> &'static [u8] {
        match self {
            BuiltinFont::Kai => kai(),
            BuiltinFont::NotoSans => include_bytes!("../../fonts/NotoSans-Regular.subset.ttf"),
            BuiltinFont::NotoSansBold => include_bytes!("../../fonts/NotoSans-Bold.subset.ttf"),
            BuiltinFont::Braille => include_bytes!("../../fonts/DejaVuSans-Braille.subset.ttf"),
        }
    }
}

/// Jungle Kai, bundled whole: a static, so that every use of it is the same
/// bytes at the same address ([`bundled_core`] knows it by its address; a
/// constant may be copied).
#[cfg(not(feature = "web"))]
static KAI_WHOLE: &[u8] = include_bytes!("../../fonts/JungleKai-Regular.ttf");

/// Jungle Kai, bundled whole.
#[cfg(not(feature = "web"))]
fn kai() -> &'static [u8] {
    KAI_WHOLE
}

/// Jungle Kai, with the `web` feature (the web page): the whole face, once
/// the page has fetched it and handed it over with [`set_kai`]; until then
/// the small core bundled (`fonts/JungleKai-Core.subset.ttf`: what the
/// English and French sets draw in it, with the whole face's glyphs,
/// advances and metrics, so that both draw those sets alike). Not run
/// state: the bundled file arriving late, given once and never changed.
#[cfg(feature = "web")]
static KAI: std::sync::OnceLock<&'static [u8]> = std::sync::OnceLock::new();

#[cfg(feature = "web")]
fn kai() -> &'static [u8] {
    KAI.get().copied().unwrap_or(KAI_CORE)
}

/// The core of Jungle Kai (`fonts/JungleKai-Core.subset.ttf`): the glyphs
/// the English and French sets draw in it, with the whole face's outlines,
/// advances and metrics (`tests/it/data/web_core.rs`), 414 glyphs of 5,484.
const KAI_CORE: &[u8] = include_bytes!("../../fonts/JungleKai-Core.subset.ttf");

/// The bundled core of Jungle Kai when `data` is the whole bundled face
/// (not a copy of it read from a file): a file with the same glyphs for the
/// characters it has, far cheaper to cut an embedded subset from (its
/// tables hold a thirteenth of the glyphs). `None` for any other font.
pub fn bundled_core(data: &[u8]) -> Option<&'static [u8]> {
    let whole = kai();
    (std::ptr::eq(data, whole) && whole.len() != KAI_CORE.len()).then_some(KAI_CORE)
}

/// Makes `bytes` (the file `fonts/JungleKai-Regular.ttf`) the Jungle Kai of
/// every font book made from now on (`web` builds only). False, and
/// nothing changed, when they are not a font or another face was given
/// before.
#[cfg(feature = "web")]
pub fn set_kai(bytes: &'static [u8]) -> bool {
    if ttf_parser::Face::parse(bytes, 0).is_err() {
        return false;
    }
    KAI.set(bytes).is_ok() || KAI.get() == Some(&bytes)
}

/// Shorthand: the bytes of a bundled font.
pub fn builtin_font(f: BuiltinFont) -> &'static [u8] {
    f.data()
}

/// Splits a font reference `path#FACE` into the path and the face index of a
/// TTC/OTC collection (`None` when no `#FACE` is given).
pub fn split_face_index(spec: &str) -> Result<(&str, Option<u32>), String> {
    match spec.rsplit_once('#') {
        Some((path, face)) if !face.is_empty() && face.chars().all(|c| c.is_ascii_digit()) => face
            .parse()
            .map(|i| (path, Some(i)))
            .map_err(|_| format!("face index `{face}` is too large")),
        Some((_, face)) if !face.contains(['/', '\\']) => Err(format!(
            "`#{face}` is not a face index; write `file.ttc#0`, `file.ttc#1`, …"
        )),
        _ => Ok((spec, None)),
    }
}

/// A font that could not be loaded.
#[derive(Debug, Error)]
pub enum FontError {
    /// The bytes are not a font ttf-parser can read.
    #[error("`{name}` is not a readable TrueType/OpenType font (face {index}): {reason}")]
    Unreadable {
        /// What the font was called (file path or builtin name).
        name: String,
        /// Face index in a collection.
        index: u32,
        /// The parser's complaint.
        reason: String,
    },
}

/// The bytes of a font file: bundled in the program, or read from a file and
/// shared by the books that hold it (freed with the last one).
#[derive(Clone)]
pub enum FontBytes {
    /// A bundled font.
    Static(&'static [u8]),
    /// A font read from a file.
    Shared(std::sync::Arc<[u8]>),
}

impl std::ops::Deref for FontBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            FontBytes::Static(b) => b,
            FontBytes::Shared(b) => b,
        }
    }
}

impl std::fmt::Debug for FontBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FontBytes({} bytes)", self.len())
    }
}

impl From<&'static [u8]> for FontBytes {
    fn from(b: &'static [u8]) -> FontBytes {
        FontBytes::Static(b)
    }
}

impl From<Vec<u8>> for FontBytes {
    fn from(b: Vec<u8>) -> FontBytes {
        FontBytes::Shared(b.into())
    }
}

/// One loaded face.
#[derive(Debug, Clone)]
pub struct LoadedFont {
    /// Where it came from (a `builtin:` name or a file path), for messages.
    pub name: String,
    /// The whole font file.
    pub data: FontBytes,
    /// Face index inside a collection (0 for plain TTF/OTF).
    pub index: u32,
    /// Parsed from `data`, which it borrows: the bytes never move (static, or
    /// on the heap behind an `Arc` this struct holds) and outlive the face.
    face: ttf_parser::Face<'static>,
    glyphs: GlyphCache,
    /// [`FontBook::middle_em`], found once: in a CFF font the ideograph's
    /// ink box costs a whole outline, and every reading asks for it.
    middle: OnceLock<f64>,
    /// [`FontBook::ink_middle_em`], found once per character: every Zhuyin
    /// column's tone mark asks for it, and each answer decodes an outline.
    inks: Memo<char, InkMiddle>,
    /// [`FontBook::ink_box_em`], found once per glyph: the counters' faces
    /// measure the ink of the same characters on both sides, and each
    /// answer decodes an outline.
    boxes: Memo<u16, Option<ttf_parser::Rect>>,
    /// A bundled font whose outlines a test has read, every one: which
    /// characters [`FontBook::outline_readable`] finds blank is known
    /// ([`BUNDLED_BLANK`]) without decoding an outline.
    bundled: bool,
}

/// The characters that the bundled fonts map to a glyph without an outline
/// and that [`FontBook::outline_readable`] does not take for invisible (the
/// blank braille cell, the isolate marks of Noto Sans); every other glyph
/// they map has a readable outline (`bundled_outlines_are_known` checks).
const BUNDLED_BLANK: [char; 5] = ['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{2800}'];

/// A memo of answers that each decode an outline, by key: a few entries
/// (tone marks, the counters' characters), searched in order.
struct Memo<K, V>(std::sync::Mutex<Vec<(K, V)>>);

/// A glyph's ink middle in em (x, y up), `None` for a blank glyph.
type InkMiddle = Option<(f64, f64)>;

impl<K: PartialEq + Copy, V: Copy> Memo<K, V> {
    /// The answer for `k`, made by `make` the first time only.
    fn get(&self, k: K, make: impl FnOnce() -> V) -> V {
        let found = self
            .0
            .lock()
            .ok()
            .and_then(|m| m.iter().find(|(key, _)| *key == k).map(|(_, v)| *v));
        if let Some(v) = found {
            return v;
        }
        let v = make();
        if let Ok(mut m) = self.0.lock() {
            m.push((k, v));
        }
        v
    }
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(std::sync::Mutex::new(Vec::new()))
    }
}

impl<K, V> Clone for Memo<K, V> {
    /// An empty memo: it fills again on use.
    fn clone(&self) -> Self {
        Memo::default()
    }
}

impl<K, V> std::fmt::Debug for Memo<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// Memo of a face's `char → glyph id` look-ups, of each glyph's horizontal
/// advance, and of whether each glyph's outline is readable: composing
/// measures the same few characters thousands of times, a `cmap` search
/// costs far more than reading a slot, and decoding an outline thousands of
/// steps. One slot per code point of the Basic Multilingual Plane, in blocks
/// of 256 made on first use: bits 0–16 hold the glyph id + 1 (0 before the
/// first look-up), bit 17 says the outline was checked and bit 18 that it
/// was readable; bits 32–47 hold the glyph's advance in font units, found
/// with the glyph. Characters beyond U+FFFF (rare in labels) are looked up
/// each time.
struct GlyphCache(Box<[OnceLock<GlyphBlock>]>);

type GlyphBlock = Box<[AtomicU64; 256]>;

const CHECKED: u64 = 1 << 17;
const READABLE: u64 = 1 << 18;
const GLYPH: u64 = CHECKED - 1;
const ADVANCE_SHIFT: u32 = 32;

impl GlyphCache {
    /// The slot of `c`, its glyph and advance looked up in `face` the first
    /// time only; `None` beyond the Basic Multilingual Plane.
    #[inline(always)]
    fn slot(&self, face: &ttf_parser::Face<'_>, c: char) -> Option<(&AtomicU64, u64)> {
        let cp = c as u32;
        let block = self.0.get((cp >> 8) as usize)?;
        let block = block.get_or_init(|| {
            // Made in place (an array built on the stack and moved would
            // cost more than all its look-ups).
            let slots: Box<[AtomicU64]> = (0..256).map(|_| AtomicU64::new(0)).collect();
            slots.try_into().expect("256 slots")
        });
        let slot = &block[(cp & 0xFF) as usize];
        let mut v = slot.load(Ordering::Relaxed);
        if v == 0 {
            let g = face.glyph_index(c).map_or(0, |g| g.0);
            let advance = face.glyph_hor_advance(ttf_parser::GlyphId(g)).unwrap_or(0);
            v = (u64::from(g) + 1) | (u64::from(advance) << ADVANCE_SHIFT);
            slot.store(v, Ordering::Relaxed);
        }
        Some((slot, v))
    }

    /// The glyph of `c` (0 for none).
    #[inline]
    fn get(&self, face: &ttf_parser::Face<'_>, c: char) -> u16 {
        match self.slot(face, c) {
            Some((_, v)) => ((v & GLYPH) - 1) as u16,
            None => face.glyph_index(c).map_or(0, |g| g.0),
        }
    }

    /// The glyph of `c` (0 for none) and its horizontal advance in font
    /// units (that of glyph 0 for none; 0 when the font gives none).
    #[inline(always)]
    fn get_with_advance(&self, face: &ttf_parser::Face<'_>, c: char) -> (u16, u16) {
        match self.slot(face, c) {
            Some((_, v)) => (((v & GLYPH) - 1) as u16, (v >> ADVANCE_SHIFT) as u16),
            None => {
                let g = face.glyph_index(c).map_or(0, |g| g.0);
                let advance = face.glyph_hor_advance(ttf_parser::GlyphId(g)).unwrap_or(0);
                (g, advance)
            }
        }
    }

    /// Whether glyph `g` of `c` has a readable outline, by `check` the first time only.
    fn readable(&self, face: &ttf_parser::Face<'_>, c: char, check: impl FnOnce() -> bool) -> bool {
        let Some((slot, v)) = self.slot(face, c) else {
            return check();
        };
        if v & CHECKED != 0 {
            return v & READABLE != 0;
        }
        let ok = check();
        slot.fetch_or(CHECKED | if ok { READABLE } else { 0 }, Ordering::Relaxed);
        ok
    }
}

impl Default for GlyphCache {
    fn default() -> Self {
        GlyphCache((0..256).map(|_| OnceLock::new()).collect())
    }
}

impl Clone for GlyphCache {
    /// An empty memo: it fills again on use.
    fn clone(&self) -> Self {
        GlyphCache::default()
    }
}

impl std::fmt::Debug for GlyphCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let blocks = self.0.iter().filter(|b| b.get().is_some()).count();
        write!(f, "GlyphCache({blocks} blocks)")
    }
}

/// The fonts of one document. Text runs refer to fonts by [`FontId`].
#[derive(Debug, Clone, Default)]
pub struct FontBook {
    fonts: Vec<LoadedFont>,
}

impl FontBook {
    /// An empty book.
    pub fn new() -> FontBook {
        FontBook::default()
    }

    /// Adds a font from its bytes (bundled, or read from a file and shared).
    /// Returns its id; adding the same name and index twice returns the first id.
    pub fn add(
        &mut self,
        name: &str,
        data: impl Into<FontBytes>,
        index: u32,
    ) -> Result<FontId, FontError> {
        if let Some(id) = self.find(name, index) {
            return Ok(id);
        }
        let data = data.into();
        // SAFETY: the slice points into bytes that never move (a static, or
        // the heap allocation of an `Arc` stored beside the face in the same
        // `LoadedFont`, and in every clone of it), so it lives as long as the face.
        let bytes: &'static [u8] = unsafe { std::slice::from_raw_parts(data.as_ptr(), data.len()) };
        let face = ttf_parser::Face::parse(bytes, index).map_err(|e| FontError::Unreadable {
            name: name.to_string(),
            index,
            reason: e.to_string(),
        })?;
        self.fonts.push(LoadedFont {
            name: name.to_string(),
            data,
            index,
            face,
            glyphs: GlyphCache::default(),
            middle: OnceLock::new(),
            inks: Memo::default(),
            boxes: Memo::default(),
            bundled: false,
        });
        Ok(FontId(self.fonts.len() - 1))
    }

    /// The id of a font already added under `name` and face `index`.
    pub fn find(&self, name: &str, index: u32) -> Option<FontId> {
        self.fonts
            .iter()
            .position(|f| f.name == name && f.index == index)
            .map(FontId)
    }

    /// The bytes of a file already loaded under `name` (any face).
    pub fn data_of(&self, name: &str) -> Option<FontBytes> {
        self.fonts
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.data.clone())
    }

    /// Adds a bundled font.
    pub fn add_builtin(&mut self, f: BuiltinFont) -> FontId {
        let id = self
            .add(&format!("builtin:{}", f.name()), f.data(), 0)
            .expect("bundled fonts are valid (checked by tests)");
        // The web page's Jungle Kai arrives late (`set_kai`): its outlines
        // are read as a file's are.
        self.fonts[id.0].bundled = !cfg!(feature = "web");
        id
    }

    /// All fonts, indexed by `FontId.0`.
    pub fn fonts(&self) -> &[LoadedFont] {
        &self.fonts
    }

    /// The loaded font for an id.
    pub fn get(&self, id: FontId) -> &LoadedFont {
        &self.fonts[id.0]
    }

    fn face(&self, id: FontId) -> &ttf_parser::Face<'static> {
        &self.fonts[id.0].face
    }

    /// Units per em of a font.
    pub fn units_per_em(&self, id: FontId) -> f64 {
        self.face(id).units_per_em() as f64
    }

    /// Glyph id for a character, if the font has one.
    #[inline(always)]
    pub fn glyph(&self, id: FontId, c: char) -> Option<u16> {
        let f = &self.fonts[id.0];
        Some(f.glyphs.get(&f.face, c)).filter(|g| *g != 0)
    }

    /// True for a face that sets Latin text and not Chinese (it has `a` and
    /// not `中`): where Latin punctuation comes from in Latin text.
    pub fn is_latin_face(&self, id: FontId) -> bool {
        self.glyph(id, 'a').is_some() && self.glyph(id, '中').is_none()
    }

    /// True when the font draws `c` (spaces and line breaks count as drawable).
    pub fn has(&self, id: FontId, c: char) -> bool {
        c.is_whitespace() && c != '\u{3000}' || self.glyph(id, c).is_some()
    }

    /// Characters of `text` that no font of the stack can draw, without duplicates.
    pub fn missing(&self, stack: &FontStack, text: &str) -> BTreeSet<char> {
        text.chars()
            .filter(|c| !c.is_control() && !stack.iter().any(|f| self.has(*f, *c)))
            .collect()
    }

    /// How `c` is set in a stack after a run in font `prev`: the font and the
    /// character whose glyph draws it.
    ///
    /// - The first font of the stack that has `c` draws it (a word space stays
    ///   in `prev` when `prev` has one).
    /// - A space no font has is drawn as a space of about its width that a
    ///   font has (see [`space_stand_ins`]), else as the word space U+0020: a
    ///   narrow no-break space stays narrow.
    /// - A control or invisible format character no font has (a soft hyphen,
    ///   a zero-width space or joiner) is left out: `None`, no ink and no width.
    /// - Any other character no font has goes to the first font, where it
    ///   would show as a box: callers check [`FontBook::missing`] first.
    /// - Before all that, when `latin` (the character is Latin punctuation
    ///   in Latin text, see [`super::latin`]), the stack's first Latin face
    ///   ([`FontBook::is_latin_face`]) that has it draws it.
    fn font_for(
        &self,
        stack: &FontStack,
        prev: Option<FontId>,
        c: char,
        latin: bool,
    ) -> Option<(FontId, char)> {
        if latin {
            if let Some(f) = stack
                .iter()
                .find(|f| self.is_latin_face(**f) && self.glyph(**f, c).is_some())
            {
                return Some((*f, c));
            }
        }
        if let Some(f) = prev.filter(|f| c == ' ' && self.glyph(*f, c).is_some()) {
            return Some((f, c));
        }
        let first_with = |c: char| {
            stack
                .iter()
                .find(|f| self.glyph(**f, c).is_some())
                .map(|f| (*f, c))
        };
        if let Some(found) = first_with(c) {
            return Some(found);
        }
        if c.is_control() || crate::error::is_invisible(c) {
            return None;
        }
        if c.is_whitespace() {
            let stand_in = space_stand_ins(c)
                .iter()
                .chain([&' '])
                .find_map(|s| first_with(*s));
            if stand_in.is_some() {
                return stand_in;
            }
        }
        stack.first().map(|f| (*f, c))
    }

    /// Splits text into runs of one font each, taking for every character the
    /// first font of the stack that has it (see [`FontBook::font_for`]: a
    /// space no font has is replaced by a stand-in of about its width, an
    /// invisible character no font has is left out). Spaces stay with the
    /// current run.
    pub fn split(&self, stack: &FontStack, text: &str) -> Vec<(FontId, String)> {
        let mut runs: Vec<(FontId, String)> = Vec::new();
        self.set_each(stack, text, |_, set| {
            let Some((font, c)) = set else {
                return;
            };
            match runs.last_mut() {
                Some((f, s)) if *f == font => s.push(c),
                _ => runs.push((font, c.to_string())),
            }
        });
        runs
    }

    /// [`FontBook::split`]'s runs, each shaped at em size `size` mm as
    /// [`FontBook::shape`] shapes it and measured as [`FontBook::width_em`]
    /// measures it, in one walk: what a label needs to draw its runs.
    pub fn shape_runs(&self, stack: &FontStack, text: &str, size: f64) -> ShapedRuns {
        let mut runs = ShapedRuns::default();
        self.set_each(stack, text, |_, set| {
            let Some((font, c)) = set else {
                return;
            };
            let (id, advance) = self.glyph_advance_em(font, c);
            if !matches!(runs.last(), Some(r) if r.font == font) {
                // The first run is most often the only one.
                let room = if runs.first.is_none() { text.len() } else { 1 };
                runs.push(ShapedRun {
                    font,
                    text: String::with_capacity(room),
                    glyphs: Vec::with_capacity(room),
                    // `width_em`'s sum begins where `Sum` begins.
                    width_em: std::iter::empty::<f64>().sum::<f64>(),
                });
            }
            let Some(run) = runs.last_mut() else {
                return;
            };
            run.text.push(c);
            run.glyphs.push(Glyph {
                id,
                advance: advance * size,
            });
            run.width_em += advance;
        });
        runs
    }

    /// The font of [`FontBook::split`]'s first run of `text` in `stack`
    /// (`None` when no character is drawn).
    pub fn first_font(&self, stack: &FontStack, text: &str) -> Option<FontId> {
        let mut first = None;
        self.set_each(stack, text, |_, set| {
            if let (None, Some((f, _))) = (first, set) {
                first = Some(f);
            }
        });
        first
    }

    /// The advance of every character of `text` set in a font stack, in mm at
    /// em size `size` mm (0 for a character left out); their sum is
    /// [`FontBook::width_mm`].
    pub fn advances_mm(&self, stack: &FontStack, text: &str, size: f64) -> Vec<f64> {
        let mut out = Vec::with_capacity(text.len());
        self.set_each(stack, text, |_, set| {
            out.push(set.map_or(0.0, |(f, c)| self.advance_em(f, c) * size));
        });
        out
    }

    /// How each character of `text` is set in `stack`: the character, and
    /// the font and character that draw it ([`FontBook::font_for`], each
    /// after the font of the last one drawn, Latin punctuation told by its
    /// neighbours), `None` for one left out, given to `each` in order. The
    /// one walk [`FontBook::split`], [`FontBook::advances_mm`],
    /// [`FontBook::width_mm`] and [`FontBook::unreadable`] share.
    fn set_each(
        &self,
        stack: &FontStack,
        text: &str,
        mut each: impl FnMut(char, Option<(FontId, char)>),
    ) {
        // One character alone (a Zhuyin symbol, a tone mark) has no
        // neighbours to tell Latin text by, and no run before it.
        let mut one = text.chars();
        if let (Some(c), None) = (one.next(), one.next()) {
            each(c, self.font_for(stack, None, c, false));
            return;
        }
        // Most text has none of the Latin marks (none is ASCII): no
        // neighbours to look round.
        let marks =
            (!text.is_ascii() && text.chars().any(super::latin::is_punctuation)).then(|| {
                let chars: Vec<char> = text.chars().collect();
                super::latin::in_latin_text(&chars)
            });
        // How each ASCII character but the space is set, found once per
        // text with a few of them: for those `font_for` asks neither the run
        // before (only a space stays in it) nor the Latin marks (none is
        // ASCII), and gives the character itself or nothing. 0: not found
        // yet, 1: left out, 2 + k: font k.
        let mut ascii = [0u16; 128];
        let memo = text.bytes().filter(u8::is_ascii).count() > 8;
        let mut prev = None;
        for (i, c) in text.chars().enumerate() {
            let latin = marks.as_ref().is_some_and(|m| m[i]);
            let set = match ascii.get_mut(c as usize) {
                Some(known) if memo && c != ' ' && !latin => match *known {
                    0 => {
                        let set = self.font_for(stack, prev, c, latin);
                        let code = match set {
                            None => Some(1),
                            Some((f, d)) if d == c => u16::try_from(f.0 + 2).ok(),
                            Some(_) => None,
                        };
                        if let Some(code) = code {
                            *known = code;
                        }
                        set
                    }
                    1 => None,
                    k => Some((FontId(usize::from(k) - 2), c)),
                },
                _ => self.font_for(stack, prev, c, latin),
            };
            if let Some((f, _)) = set {
                prev = Some(f);
            }
            each(c, set);
        }
    }

    /// Horizontal advance of one character in em.
    #[inline]
    pub fn advance_em(&self, id: FontId, c: char) -> f64 {
        self.glyph_advance_em(id, c).1
    }

    /// The glyph of `c` in font `id` (0 for none) and its horizontal
    /// advance in em ([`FontBook::advance_em`]), from one look-up.
    #[inline(always)]
    fn glyph_advance_em(&self, id: FontId, c: char) -> (u16, f64) {
        let f = &self.fonts[id.0];
        let (g, advance) = f.glyphs.get_with_advance(&f.face, c);
        (g, advance as f64 / f.face.units_per_em() as f64)
    }

    /// Width of a single-font string in em (sum of advances, no kerning).
    pub fn width_em(&self, id: FontId, text: &str) -> f64 {
        text.chars().map(|c| self.advance_em(id, c)).sum()
    }

    /// Width of a string set in a font stack, in mm, at em size `size` mm.
    pub fn width_mm(&self, stack: &FontStack, text: &str, size: f64) -> f64 {
        // The sum of the runs' [`FontBook::width_em`] as [`FontBook::split`]
        // makes them, without making them: each run's advances added in
        // order, then the runs' widths. A sum begun at its first term is the
        // same as one begun at zero (no advance is -0.0).
        let mut total: Option<f64> = None;
        let mut run: Option<(FontId, f64)> = None;
        self.set_each(stack, text, |_, set| {
            let Some((font, c)) = set else {
                return;
            };
            let a = self.advance_em(font, c);
            match &mut run {
                Some((f, w)) if *f == font => *w += a,
                _ => {
                    if let Some((_, w)) = run.replace((font, a)) {
                        total = Some(total.map_or(w, |t| t + w));
                    }
                }
            }
        });
        if let Some((_, w)) = run {
            total = Some(total.map_or(w, |t| t + w));
        }
        total.unwrap_or_else(|| std::iter::empty::<f64>().sum::<f64>()) * size
    }

    /// Height above the baseline of the font's optical middle, in em: half the
    /// ideograph height for CJK faces, half the capital height otherwise.
    pub fn middle_em(&self, id: FontId) -> f64 {
        *self.fonts[id.0]
            .middle
            .get_or_init(|| self.find_middle_em(id))
    }

    /// [`FontBook::middle_em`], measured.
    fn find_middle_em(&self, id: FontId) -> f64 {
        let face = self.face(id);
        let upem = face.units_per_em() as f64;
        // An ideograph's ink box tells where CJK text sits on its baseline.
        if let Some(bb) = self
            .glyph(id, '中')
            .and_then(|g| face.glyph_bounding_box(ttf_parser::GlyphId(g)))
        {
            return (bb.y_min as f64 + bb.y_max as f64) / 2.0 / upem;
        }
        if let Some(cap) = face.capital_height() {
            return cap as f64 / 2.0 / upem;
        }
        0.35
    }

    /// The middle of the ink of `c` (of its outline's points) in em, y up
    /// from the baseline; `None` for a character the font lacks or draws
    /// blank. Found once per font and character.
    pub fn ink_middle_em(&self, id: FontId, c: char) -> Option<(f64, f64)> {
        self.fonts[id.0]
            .inks
            .get(c, || self.find_ink_middle_em(id, c))
    }

    /// [`FontBook::ink_middle_em`], measured.
    fn find_ink_middle_em(&self, id: FontId, c: char) -> Option<(f64, f64)> {
        let outline = self.outline(id, self.glyph(id, c)?)?;
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        let mut see = |x: f32, y: f32| {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        };
        for seg in outline {
            match seg {
                OutlineSeg::Move(x, y) | OutlineSeg::Line(x, y) => see(x, y),
                OutlineSeg::Quad(_, _, x, y) => see(x, y),
                OutlineSeg::Cubic(_, _, _, _, x, y) => see(x, y),
                _ => {}
            }
        }
        if x0 > x1 {
            return None;
        }
        let upem = self.units_per_em(id);
        Some(((x0 + x1) as f64 / 2.0 / upem, (y0 + y1) as f64 / 2.0 / upem))
    }

    /// Height of the font's capitals (and lining digits) above the baseline,
    /// in em: the font's own capital height, else the ink box of `H`, else 0.7.
    pub fn cap_height_em(&self, id: FontId) -> f64 {
        let face = self.face(id);
        let upem = face.units_per_em() as f64;
        if let Some(cap) = face.capital_height().filter(|&c| c > 0) {
            return cap as f64 / upem;
        }
        self.glyph(id, 'H')
            .and_then(|g| face.glyph_bounding_box(ttf_parser::GlyphId(g)))
            .map_or(0.7, |bb| bb.y_max as f64 / upem)
    }

    /// The em size (mm) at which the capitals of `text`'s first font in
    /// `stack` are `height` mm tall.
    pub fn size_for_cap_height(&self, stack: &FontStack, text: &str, height: f64) -> f64 {
        let cap = self
            .first_font(stack, text)
            .map_or(0.7, |f| self.cap_height_em(f));
        height / cap.max(0.05)
    }

    /// Ascender and descender (negative) in em.
    pub fn ascent_descent_em(&self, id: FontId) -> (f64, f64) {
        let face = self.face(id);
        let upem = face.units_per_em() as f64;
        (
            face.ascender() as f64 / upem,
            face.descender() as f64 / upem,
        )
    }

    /// `text` set in font `id` at em size `size` mm: one glyph per character
    /// (id 0, drawing nothing, where the font has none), each with the font's
    /// horizontal advance in mm (no kerning or shaping). Every renderer
    /// places a run's glyphs by these advances, so they all agree.
    pub fn shape(&self, id: FontId, text: &str, size: f64) -> Vec<Glyph> {
        text.chars()
            .map(|c| {
                let (id, advance) = self.glyph_advance_em(id, c);
                Glyph {
                    id,
                    advance: advance * size,
                }
            })
            .collect()
    }

    /// The ink box of glyph `gid` of font `id` (its outline's bounds), in
    /// em, y up from the baseline: `(x0, y0, x1, y1)`; `None` for a glyph
    /// without ink (a space).
    pub fn ink_box_em(&self, id: FontId, gid: u16) -> Option<(f64, f64, f64, f64)> {
        let face = self.face(id);
        let upem = face.units_per_em() as f64;
        let bb = self.fonts[id.0]
            .boxes
            .get(gid, || face.glyph_bounding_box(ttf_parser::GlyphId(gid)))?;
        Some((
            bb.x_min as f64 / upem,
            bb.y_min as f64 / upem,
            bb.x_max as f64 / upem,
            bb.y_max as f64 / upem,
        ))
    }

    /// The outline of glyph `gid` of font `id`, in font units, y up (as
    /// stored in the font); `None` when the glyph has no outline (a space).
    pub fn outline(&self, id: FontId, gid: u16) -> Option<Vec<OutlineSeg>> {
        let mut b = Outline(Vec::new());
        self.face(id)
            .outline_glyph(ttf_parser::GlyphId(gid), &mut b)?;
        Some(b.0)
    }

    /// The outline of a glyph as SVG path data in font units, y up (see
    /// [`FontBook::outline`]). `None` for empty glyphs such as the space.
    pub fn outline_svg(&self, id: FontId, gid: u16) -> Option<String> {
        let mut d = String::new();
        for s in self.outline(id, gid)? {
            let _ = match s {
                OutlineSeg::Move(x, y) => write!(d, "M{x} {y}"),
                OutlineSeg::Line(x, y) => write!(d, "L{x} {y}"),
                OutlineSeg::Quad(x1, y1, x, y) => write!(d, "Q{x1} {y1} {x} {y}"),
                OutlineSeg::Cubic(x1, y1, x2, y2, x, y) => {
                    write!(d, "C{x1} {y1} {x2} {y2} {x} {y}")
                }
                OutlineSeg::Close => write!(d, "Z"),
            };
        }
        Some(d)
    }

    /// True when the glyph of `c` in font `id` can be drawn: it has an
    /// outline that reads, or `c` is a space or an invisible format character.
    /// A damaged or truncated font can map a character to a glyph whose
    /// outline is missing; its labels would print blank.
    pub fn outline_readable(&self, id: FontId, c: char) -> bool {
        let invisible = c.is_whitespace()
            || c.is_control()
            || matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}');
        if invisible {
            return true;
        }
        let f = &self.fonts[id.0];
        let g = f.glyphs.get(&f.face, c);
        if f.bundled {
            return g != 0 && !BUNDLED_BLANK.contains(&c);
        }
        g != 0
            && f.glyphs
                .readable(&f.face, c, || self.outline(id, g).is_some())
    }

    /// Characters of `text` whose glyph, in the font of the stack that draws
    /// it, has no readable outline (see [`FontBook::outline_readable`]), each
    /// with that font.
    pub fn unreadable(&self, stack: &FontStack, text: &str) -> BTreeSet<(char, FontId)> {
        let mut out = BTreeSet::new();
        self.set_each(stack, text, |c, set| {
            let Some((f, g)) = set else {
                return;
            };
            if self.glyph(f, g).is_some() && !self.outline_readable(f, g) {
                out.insert((c, f));
            }
        });
        out
    }

    /// Bytes of all font files loaded (each file counted once).
    pub fn total_bytes(&self) -> usize {
        let mut seen: Vec<*const u8> = Vec::new();
        self.fonts
            .iter()
            .filter(|f| {
                let p = f.data.as_ptr();
                let new = !seen.contains(&p);
                seen.push(p);
                new
            })
            .map(|f| f.data.len())
            .sum()
    }

    /// True for a bold face (OS/2 weight 600 or more).
    pub fn is_bold(&self, id: FontId) -> bool {
        self.face(id).weight().to_number() >= 600
    }

    /// The font's family name from its `name` table (for SVG `font-family`),
    /// without control characters (invalid in XML); `fontN` when it has none.
    pub fn family(&self, id: FontId) -> String {
        let face = self.face(id);
        face.names()
            .into_iter()
            .filter(|n| n.name_id == ttf_parser::name_id::FAMILY && n.is_unicode())
            .find_map(|n| n.to_string())
            .map(|n| {
                n.chars()
                    .filter(|c| !c.is_control() && !crate::error::is_invisible(*c))
                    .collect::<String>()
            })
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| format!("font{}", id.0))
    }
}

/// Spaces of about the width of the space `c`, best first, to draw it with
/// when no font of a stack has it (the word space U+0020 comes after them):
/// narrow spaces (U+202F narrow no-break, U+2009 thin, U+2006 sixth of an
/// em, U+200A hair, U+2008 punctuation) stand for one another, and so do the
/// quarter- and third-em spaces (U+2004, U+2005, U+205F), the en spaces
/// (U+2000, U+2002, U+2007 figure) and the em spaces (U+2001, U+2003,
/// U+3000 ideographic). The no-break space U+00A0 is the word space.
fn space_stand_ins(c: char) -> &'static [char] {
    match c {
        '\u{202F}' | '\u{2009}' | '\u{2006}' | '\u{200A}' | '\u{2008}' => {
            &['\u{202F}', '\u{2009}', '\u{2006}', '\u{2008}', '\u{200A}']
        }
        '\u{2004}' | '\u{2005}' | '\u{205F}' => &['\u{2005}', '\u{2004}', '\u{205F}'],
        '\u{2000}' | '\u{2002}' | '\u{2007}' => &['\u{2002}', '\u{2000}', '\u{2007}'],
        '\u{2001}' | '\u{2003}' | '\u{3000}' => &['\u{2003}', '\u{2001}', '\u{3000}'],
        _ => &[],
    }
}

/// One glyph of a shaped run (see [`FontBook::shape`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glyph {
    /// Glyph id in the run's font; 0 (nothing drawn) where it has none.
    pub id: u16,
    /// Horizontal advance to the next glyph, mm along the baseline.
    pub advance: f64,
}

/// One run of [`FontBook::shape_runs`]: a font, its characters, their
/// glyphs and the run's width in em.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapedRun {
    /// The font drawing the run.
    pub font: FontId,
    /// The characters, as [`FontBook::split`] gives them.
    pub text: String,
    /// One glyph per character, as [`FontBook::shape`] gives them.
    pub glyphs: Vec<Glyph>,
    /// [`FontBook::width_em`] of `text` in `font`.
    pub width_em: f64,
}

/// The runs of [`FontBook::shape_runs`], in order: the first kept in place
/// (most labels are one run), so that a label makes no list of runs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShapedRuns {
    first: Option<ShapedRun>,
    rest: Vec<ShapedRun>,
}

impl ShapedRuns {
    fn push(&mut self, run: ShapedRun) {
        if self.first.is_none() {
            self.first = Some(run);
        } else {
            self.rest.push(run);
        }
    }

    fn last(&self) -> Option<&ShapedRun> {
        self.rest.last().or(self.first.as_ref())
    }

    fn last_mut(&mut self) -> Option<&mut ShapedRun> {
        match self.rest.last_mut() {
            Some(r) => Some(r),
            None => self.first.as_mut(),
        }
    }

    /// The first run.
    pub fn first(&self) -> Option<&ShapedRun> {
        self.first.as_ref()
    }

    /// How many runs.
    pub fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    /// Whether there are none (no character drawn).
    pub fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    /// The runs in order.
    pub fn iter(&self) -> impl Iterator<Item = &ShapedRun> {
        self.first.iter().chain(&self.rest)
    }
}

impl IntoIterator for ShapedRuns {
    type Item = ShapedRun;
    type IntoIter =
        std::iter::Chain<std::option::IntoIter<ShapedRun>, std::vec::IntoIter<ShapedRun>>;
    fn into_iter(self) -> Self::IntoIter {
        self.first.into_iter().chain(self.rest)
    }
}

/// One step of a glyph outline (see [`FontBook::outline`]), in font units, y up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OutlineSeg {
    /// Start a contour at `(x, y)`.
    Move(f32, f32),
    /// Straight line to `(x, y)`.
    Line(f32, f32),
    /// Quadratic Bézier: control point, then end point.
    Quad(f32, f32, f32, f32),
    /// Cubic Bézier: two control points, then end point.
    Cubic(f32, f32, f32, f32, f32, f32),
    /// Close the contour.
    Close,
}

/// Collects a glyph outline as [`OutlineSeg`]s.
struct Outline(Vec<OutlineSeg>);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.push(OutlineSeg::Move(x, y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.push(OutlineSeg::Line(x, y));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.push(OutlineSeg::Quad(x1, y1, x, y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.push(OutlineSeg::Cubic(x1, y1, x2, y2, x, y));
    }
    fn close(&mut self) {
        self.0.push(OutlineSeg::Close);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_fonts_load() {
        let mut book = FontBook::new();
        for f in BuiltinFont::ALL {
            book.add_builtin(f);
        }
        assert_eq!(book.fonts().len(), 3);
    }

    #[test]
    fn bundled_outlines_are_known() {
        // Read as a font file's are, every character of every bundled font
        // is readable as `outline_readable` says of the bundled font.
        let mut book = FontBook::new();
        for f in BuiltinFont::ALL.into_iter().chain([BuiltinFont::Braille]) {
            let bundled = book.add_builtin(f);
            let file = book
                .add(&format!("file:{}", f.name()), f.data(), 0)
                .unwrap();
            let mut blank = Vec::new();
            for c in (0..0x11_0000).filter_map(char::from_u32) {
                if book.glyph(file, c).is_none() {
                    continue;
                }
                let read = book.outline_readable(file, c);
                if !read {
                    blank.push(c);
                }
                assert_eq!(
                    book.outline_readable(bundled, c),
                    read,
                    "{c:?} in {}",
                    f.name()
                );
            }
            assert!(blank.iter().all(|c| BUNDLED_BLANK.contains(c)), "{blank:?}");
        }
    }

    #[test]
    fn fallback_splits_latin_and_cjk() {
        let mut book = FontBook::new();
        let latin = book.add_builtin(BuiltinFont::NotoSans);
        let cjk = book.add_builtin(BuiltinFont::Kai);
        let stack = vec![latin, cjk];
        let runs = book.split(&stack, "Rat 鼠");
        assert_eq!(
            runs,
            vec![(latin, "Rat ".to_string()), (cjk, "鼠".to_string())]
        );
        assert!(book.missing(&stack, "Éléphant 象").is_empty());
        assert_eq!(
            book.missing(&stack, "a\u{E000}b"),
            BTreeSet::from(['\u{E000}'])
        );
    }

    #[test]
    fn a_space_no_font_has_is_a_space_of_its_width_and_invisibles_go() {
        let mut book = FontBook::new();
        let kai = book.add_builtin(BuiltinFont::Kai);
        let stack = vec![kai];
        // Jungle Kai has no narrow no-break space: its thin space stands in.
        assert_eq!(book.glyph(kai, '\u{202F}'), None);
        assert_eq!(
            book.split(&stack, "5\u{202F}%"),
            vec![(kai, "5\u{2009}%".to_string())]
        );
        let w = book.advances_mm(&stack, "5\u{202F}%", 10.0);
        assert!(w[1] > 0.0 && w[1] <= 2.0, "a fifth of an em at most: {w:?}");
        // An invisible character no font has is left out, with no width.
        assert_eq!(book.glyph(kai, '\u{2061}'), None);
        assert_eq!(
            book.split(&stack, "a\u{2061}b"),
            vec![(kai, "ab".to_string())]
        );
        assert_eq!(book.advances_mm(&stack, "a\u{2061}b", 10.0)[1], 0.0);
        // With Noto Sans after it, Noto Sans draws U+202F itself.
        let sans = book.add_builtin(BuiltinFont::NotoSans);
        assert_eq!(
            book.split(&vec![kai, sans], "5\u{202F}%"),
            vec![
                (kai, "5".to_string()),
                (sans, "\u{202F}".to_string()),
                (kai, "%".to_string())
            ]
        );
    }

    #[test]
    fn cached_glyphs_match_the_cmap() {
        let mut book = FontBook::new();
        let ids: Vec<FontId> = BuiltinFont::ALL
            .into_iter()
            .map(|f| book.add_builtin(f))
            .collect();
        let text = "Jungle 鬥獸棋 象獅虎豹狼狗貓鼠 Éé0123 \u{E000}\u{FFFF}\u{1F600}";
        // Twice: the first pass fills the cache, the second reads it.
        for _ in 0..2 {
            for &id in &ids {
                let face = &book.get(id).face;
                for c in text.chars() {
                    let direct = face.glyph_index(c).map(|g| g.0).filter(|g| *g != 0);
                    assert_eq!(book.glyph(id, c), direct, "{c:?} in font {id:?}");
                    let gid = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                    let upem = face.units_per_em() as f64;
                    let adv = face.glyph_hor_advance(gid).unwrap_or(0) as f64 / upem;
                    assert_eq!(book.advance_em(id, c), adv, "{c:?} in font {id:?}");
                }
            }
        }
        // A cloned book answers the same.
        let copy = book.clone();
        assert_eq!(copy.glyph(ids[0], '鬥'), book.glyph(ids[0], '鬥'));
    }

    #[test]
    fn widths_add_up() {
        let mut book = FontBook::new();
        let cjk = book.add_builtin(BuiltinFont::Kai);
        let w = book.width_em(cjk, "鬥獸棋");
        assert!(
            (w - 3.0).abs() < 0.05,
            "ideographs are one em wide, got {w}"
        );
        assert!(book.middle_em(cjk) > 0.2 && book.middle_em(cjk) < 0.5);
    }

    #[test]
    fn one_walk_measures_and_shapes_as_split_does() {
        let mut book = FontBook::new();
        let kai = book.add_builtin(BuiltinFont::Kai);
        let latin = book.add_builtin(BuiltinFont::NotoSans);
        for stack in [vec![latin, kai], vec![kai, latin]] {
            for text in [
                "",
                "a",
                "獅",
                "The lion’s den — a trap: “no” — 1–2… ok",
                "Choisissez «\u{a0}taille réelle\u{a0}» puis\u{202f}: 50\u{a0}mm",
                "老鼠 rat 「陷阱」 trap, 象 elephant\u{2009}!\tx\u{200b}y",
            ] {
                let runs = book.split(&stack, text);
                let shaped = book.shape_runs(&stack, text, 3.7);
                assert_eq!(shaped.len(), runs.len(), "{text}");
                for ((f, s), r) in runs.iter().zip(shaped.iter()) {
                    assert_eq!((*f, s.as_str()), (r.font, r.text.as_str()));
                    assert_eq!(book.shape(*f, s, 3.7), r.glyphs);
                    assert_eq!(book.width_em(*f, s).to_bits(), r.width_em.to_bits());
                }
                let summed = runs.iter().map(|(f, s)| book.width_em(*f, s)).sum::<f64>() * 3.7;
                let w = book.width_mm(&stack, text, 3.7);
                assert_eq!(w.to_bits(), summed.to_bits(), "{text}");
                assert_eq!(book.first_font(&stack, text), runs.first().map(|(f, _)| *f));
                let advances: f64 = book.advances_mm(&stack, text, 1.0).iter().sum();
                assert!((advances - w / 3.7).abs() < 1e-9, "{text}");
            }
        }
    }
}

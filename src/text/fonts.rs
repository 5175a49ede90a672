//! The font book: loaded faces, glyph lookup, advances and outlines.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

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
        }
    }

    /// Looks up a bundled font by its theme name.
    pub fn from_name(name: &str) -> Option<BuiltinFont> {
        BuiltinFont::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The font file's bytes.
    pub fn data(self) -> &'static [u8] {
        match self {
            BuiltinFont::Kai => include_bytes!("../../fonts/JungleKai-Regular.ttf"),
            BuiltinFont::NotoSans => include_bytes!("../../fonts/NotoSans-Regular.subset.ttf"),
            BuiltinFont::NotoSansBold => include_bytes!("../../fonts/NotoSans-Bold.subset.ttf"),
        }
    }
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

/// One loaded face.
#[derive(Debug, Clone)]
pub struct LoadedFont {
    /// Where it came from (a `builtin:` name or a file path), for messages.
    pub name: String,
    /// The whole font file.
    pub data: &'static [u8],
    /// Face index inside a collection (0 for plain TTF/OTF).
    pub index: u32,
    face: ttf_parser::Face<'static>,
    glyphs: GlyphCache,
    /// Memo of which glyph ids have a readable outline: decoding one costs
    /// thousands of steps, and the language pack and the pages ask for the
    /// same characters.
    outlines: Memo<u16, bool>,
}

/// Memo of a face's `char → glyph id` look-ups (0 for none): composing measures
/// the same few characters thousands of times, and each `cmap` search costs
/// far more than a hash look-up.
#[derive(Debug, Default, Clone)]
struct GlyphCache(Memo<char, u16>);

impl GlyphCache {
    /// The glyph of `c`, looked up in `face` the first time only.
    fn get(&self, face: &ttf_parser::Face<'_>, c: char) -> u16 {
        self.0.get_or(c, || face.glyph_index(c).map_or(0, |g| g.0))
    }
}

/// Answers worked out once per key, behind a lock (a font book is shared
/// between threads).
#[derive(Debug)]
struct Memo<K, V>(Mutex<HashMap<K, V, BuildHasherDefault<CharHasher>>>);

impl<K: std::hash::Hash + Eq + Copy, V: Copy> Memo<K, V> {
    /// The answer for `k`, computed by `f` the first time only.
    fn get_or(&self, k: K, f: impl FnOnce() -> V) -> V {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *map.entry(k).or_insert_with(f)
    }
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(Mutex::new(HashMap::default()))
    }
}

impl<K: Clone, V: Clone> Clone for Memo<K, V> {
    fn clone(&self) -> Self {
        Memo(Mutex::new(
            self.0.lock().unwrap_or_else(|e| e.into_inner()).clone(),
        ))
    }
}

/// A hasher for `char` and glyph id keys: one multiplication (Fibonacci hashing), enough
/// for code points, and much cheaper than the default SipHash.
#[derive(Debug, Default, Clone, Copy)]
struct CharHasher(u64);

impl Hasher for CharHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u32(n as u32);
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

    /// Adds a font from bytes that live for the whole program (bundled fonts, or
    /// user files read once and leaked). Returns its id; adding the same
    /// name and index twice returns the first id.
    pub fn add(
        &mut self,
        name: &str,
        data: &'static [u8],
        index: u32,
    ) -> Result<FontId, FontError> {
        if let Some(id) = self.find(name, index) {
            return Ok(id);
        }
        let face = ttf_parser::Face::parse(data, index).map_err(|e| FontError::Unreadable {
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
            outlines: Memo::default(),
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
    pub fn data_of(&self, name: &str) -> Option<&'static [u8]> {
        self.fonts.iter().find(|f| f.name == name).map(|f| f.data)
    }

    /// Adds a bundled font.
    pub fn add_builtin(&mut self, f: BuiltinFont) -> FontId {
        self.add(&format!("builtin:{}", f.name()), f.data(), 0)
            .expect("bundled fonts are valid (checked by tests)")
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
    pub fn glyph(&self, id: FontId, c: char) -> Option<u16> {
        let f = &self.fonts[id.0];
        Some(f.glyphs.get(&f.face, c)).filter(|g| *g != 0)
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

    /// The font of the stack that draws `c` after a run in font `prev`: the
    /// first that has it (a space stays in `prev` when `prev` has one). A
    /// character no font has goes to the first font (it would show as a box:
    /// callers check [`FontBook::missing`] first).
    fn font_for(&self, stack: &FontStack, prev: Option<FontId>, c: char) -> FontId {
        match prev {
            Some(f) if c == ' ' && self.glyph(f, c).is_some() => f,
            _ => stack
                .iter()
                .copied()
                .find(|f| self.glyph(*f, c).is_some())
                .unwrap_or(stack[0]),
        }
    }

    /// Splits text into runs of one font each, taking for every character the
    /// first font of the stack that has it. Spaces stay with the current run.
    pub fn split(&self, stack: &FontStack, text: &str) -> Vec<(FontId, String)> {
        let mut runs: Vec<(FontId, String)> = Vec::new();
        for c in text.chars() {
            let font = self.font_for(stack, runs.last().map(|r| r.0), c);
            match runs.last_mut() {
                Some((f, s)) if *f == font => s.push(c),
                _ => runs.push((font, c.to_string())),
            }
        }
        runs
    }

    /// The advance of every character of `text` set in a font stack, in mm at
    /// em size `size` mm; their sum is [`FontBook::width_mm`].
    pub fn advances_mm(&self, stack: &FontStack, text: &str, size: f64) -> Vec<f64> {
        let mut prev = None;
        text.chars()
            .map(|c| {
                let f = self.font_for(stack, prev, c);
                prev = Some(f);
                self.advance_em(f, c) * size
            })
            .collect()
    }

    /// Horizontal advance of one character in em.
    pub fn advance_em(&self, id: FontId, c: char) -> f64 {
        let f = &self.fonts[id.0];
        let gid = ttf_parser::GlyphId(f.glyphs.get(&f.face, c));
        f.face.glyph_hor_advance(gid).unwrap_or(0) as f64 / f.face.units_per_em() as f64
    }

    /// Width of a single-font string in em (sum of advances, no kerning).
    pub fn width_em(&self, id: FontId, text: &str) -> f64 {
        text.chars().map(|c| self.advance_em(id, c)).sum()
    }

    /// Width of a string set in a font stack, in mm, at em size `size` mm.
    pub fn width_mm(&self, stack: &FontStack, text: &str, size: f64) -> f64 {
        self.split(stack, text)
            .iter()
            .map(|(f, s)| self.width_em(*f, s))
            .sum::<f64>()
            * size
    }

    /// Height above the baseline of the font's optical middle, in em: half the
    /// ideograph height for CJK faces, half the capital height otherwise.
    pub fn middle_em(&self, id: FontId) -> f64 {
        let face = self.face(id);
        let upem = face.units_per_em() as f64;
        // An ideograph's ink box tells where CJK text sits on its baseline.
        if let Some(bb) = face
            .glyph_index('中')
            .and_then(|g| face.glyph_bounding_box(g))
        {
            return (bb.y_min as f64 + bb.y_max as f64) / 2.0 / upem;
        }
        if let Some(cap) = face.capital_height() {
            return cap as f64 / 2.0 / upem;
        }
        0.35
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

    /// The outline of a glyph as SVG path data in font units, y up (as stored in
    /// the font). `None` for empty glyphs such as the space.
    pub fn outline_svg(&self, id: FontId, gid: u16) -> Option<String> {
        let mut b = SvgOutline(String::new());
        self.outline(id, gid, &mut b)?;
        Some(b.0)
    }

    /// Walks the outline of a glyph in font units, y up, through `builder`;
    /// `None` when the glyph has no outline.
    pub fn outline(
        &self,
        id: FontId,
        gid: u16,
        builder: &mut dyn ttf_parser::OutlineBuilder,
    ) -> Option<()> {
        self.face(id)
            .outline_glyph(ttf_parser::GlyphId(gid), builder)
            .map(|_| ())
    }

    /// True when the glyph of `c` in font `id` can be drawn: it has an
    /// outline that reads, or `c` is a space or an invisible format character.
    /// A damaged or truncated font can map a character to a glyph whose
    /// outline is missing; its labels would print blank.
    pub fn outline_readable(&self, id: FontId, c: char) -> bool {
        struct Sink;
        impl ttf_parser::OutlineBuilder for Sink {
            fn move_to(&mut self, _: f32, _: f32) {}
            fn line_to(&mut self, _: f32, _: f32) {}
            fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {}
            fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {}
            fn close(&mut self) {}
        }
        let invisible = c.is_whitespace()
            || c.is_control()
            || matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}');
        if invisible {
            return true;
        }
        let f = &self.fonts[id.0];
        let g = f.glyphs.get(&f.face, c);
        g != 0
            && f.outlines.get_or(g, || {
                f.face
                    .outline_glyph(ttf_parser::GlyphId(g), &mut Sink)
                    .is_some()
            })
    }

    /// Characters of `text` whose glyph, in the font of the stack that draws
    /// it, has no readable outline (see [`FontBook::outline_readable`]), each
    /// with that font.
    pub fn unreadable(&self, stack: &FontStack, text: &str) -> BTreeSet<(char, FontId)> {
        let mut prev = None;
        let mut out = BTreeSet::new();
        for c in text.chars() {
            let f = self.font_for(stack, prev, c);
            prev = Some(f);
            if self.glyph(f, c).is_some() && !self.outline_readable(f, c) {
                out.insert((c, f));
            }
        }
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
            .map(|n| n.chars().filter(|c| !c.is_control()).collect::<String>())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| format!("font{}", id.0))
    }
}

/// Collects a glyph outline as SVG path data (font units, y up).
struct SvgOutline(String);

impl ttf_parser::OutlineBuilder for SvgOutline {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "M{x} {y}");
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "L{x} {y}");
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = write!(self.0, "Q{x1} {y1} {x} {y}");
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ = write!(self.0, "C{x1} {y1} {x2} {y2} {x} {y}");
    }
    fn close(&mut self) {
        self.0.push('Z');
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
}

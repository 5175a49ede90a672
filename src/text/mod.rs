//! Fonts and text measuring: the font book, font fallback, glyph outlines.
//!
//! All lengths here are either in font units (raw), in em (fractions of the
//! font size) or in millimetres (em × size); each function says which.

mod embed;
mod fonts;
mod latin;
pub mod linebreak;
pub mod system;

pub use embed::can_embed;
pub(crate) use embed::sets_text;
pub(crate) use fonts::bundled_core;
#[cfg(feature = "web")]
pub use fonts::set_kai;
pub use fonts::{
    builtin_font, split_face_index, BuiltinFont, FontBook, FontBytes, FontError, FontId, FontStack,
    Glyph, OutlineSeg, ShapedRun, ShapedRuns,
};

/// `s` made safe in XML and HTML content and in double-quoted attribute
/// values (`&`, `<`, `>` and `"` escaped); control characters but tab and
/// line feed, which XML 1.0 forbids, become spaces.
pub fn escape_markup(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' => out.push(c),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Han characters and kana: scripts written without spaces between words.
pub fn is_han(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3FFFF)
}

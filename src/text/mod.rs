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
#[cfg(feature = "web")]
pub use fonts::set_kai;
pub use fonts::{
    builtin_font, split_face_index, BuiltinFont, FontBook, FontBytes, FontError, FontId, FontStack,
    Glyph, OutlineSeg,
};

/// Han characters and kana: scripts written without spaces between words.
pub fn is_han(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3FFFF)
}

//! Fonts and text measuring: the font book, font fallback, glyph outlines.
//!
//! All lengths here are either in font units (raw), in em (fractions of the
//! font size) or in millimetres (em × size); each function says which.

mod fonts;
pub mod linebreak;
pub mod system;

#[cfg(feature = "web")]
pub use fonts::set_kai;
pub use fonts::{
    builtin_font, split_face_index, BuiltinFont, FontBook, FontBytes, FontError, FontId, FontStack,
    Glyph, OutlineSeg,
};

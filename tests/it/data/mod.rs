//! The data users write and the program bundles: themes, language packs,
//! rulesets, and the fonts' coverage of every built-in label.

mod braille;
mod fallback;
mod framing;
mod glyphs;
mod lang_rules;
mod phone;
mod photos;
mod phrases;
mod pictures;
mod themes;
mod web_core;

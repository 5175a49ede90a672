//! Resolution: theme, language pack and ruleset checked together, fonts loaded.
//!
//! After [`Resources::new`] succeeds nothing downstream can fail on user input:
//! every label of the language pack has a glyph in the font that will draw it.

use std::sync::Arc;

use crate::error::Error;
use crate::lang::Lang;
use crate::rules::Ruleset;
use crate::text::{BuiltinFont, FontBook, FontId, FontStack};
use crate::theme::Theme;

/// Everything a composer needs: validated data and loaded fonts.
#[derive(Debug, Clone)]
pub struct Resources {
    /// The theme in force.
    pub theme: Theme,
    /// The language pack in force.
    pub lang: Lang,
    /// The ruleset in force.
    pub rules: Ruleset,
    /// All fonts of the document.
    pub fonts: Arc<FontBook>,
    /// Stack for large Chinese characters.
    pub han: FontStack,
    /// Stack for running text (text face, then the Chinese face).
    pub text: FontStack,
    /// Stack for titles and numbers (bold face, then the Chinese face).
    pub bold: FontStack,
}

/// Loads a font named in a theme: `builtin:NAME` or a file path.
fn load_font(book: &mut FontBook, spec: &str, key: &str) -> Result<FontId, Error> {
    if let Some(name) = spec.strip_prefix("builtin:") {
        let f =
            BuiltinFont::from_name(name).ok_or_else(|| {
                Error::Glyphs(format!(
                "theme key `fonts.{key}`: unknown built-in font `{name}`; built-in fonts are {}",
                BuiltinFont::ALL.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ")
            ))
            })?;
        return Ok(book.add_builtin(f));
    }
    let bytes = std::fs::read(spec).map_err(|e| Error::Io {
        path: spec.to_string(),
        source: e,
    })?;
    // Fonts live for the whole run; leaking keeps the parsed face borrow-free.
    let data: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    book.add(spec, data, 0)
        .map_err(|e| Error::Glyphs(format!("theme key `fonts.{key}`: {e}")))
}

impl Resources {
    /// Loads the theme's fonts and checks that they draw every string of `lang`.
    pub fn new(theme: Theme, lang: Lang, rules: Ruleset) -> Result<Resources, Error> {
        let mut book = FontBook::new();
        let han = load_font(&mut book, &theme.fonts.han, "han")?;
        let text = load_font(&mut book, &theme.fonts.text, "text")?;
        let bold = load_font(&mut book, &theme.fonts.bold, "bold")?;
        let res = Resources {
            theme,
            lang,
            rules,
            fonts: Arc::new(book),
            han: vec![han],
            text: vec![text, han],
            bold: vec![bold, han],
        };
        res.check_glyphs()?;
        Ok(res)
    }

    /// How an animal is written in this language under these rules (the fox may replace the wolf).
    pub fn animal(&self, a: crate::layout::Animal) -> &crate::lang::AnimalName {
        self.lang.animal(a, self.rules.play.fox)
    }

    /// The stack that draws a language-pack key: `…han` keys use the Chinese face.
    pub fn stack_for_key(&self, key: &str) -> &FontStack {
        if key.ends_with("han") {
            &self.han
        } else {
            &self.text
        }
    }

    /// Fails with the missing characters and the keys that need them.
    pub fn check_glyphs(&self) -> Result<(), Error> {
        let mut problems = Vec::new();
        for (key, s) in self.lang.strings() {
            if key.starts_with("meta.") {
                continue;
            }
            let missing = self.fonts.missing(self.stack_for_key(&key), &s);
            if !missing.is_empty() {
                let chars: Vec<String> = missing
                    .iter()
                    .map(|c| format!("{c} (U+{:04X})", *c as u32))
                    .collect();
                problems.push(format!("`{key}` needs {}", chars.join(", ")));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::Glyphs(format!(
                "the theme's fonts cannot draw every label of language `{}`: {}; choose fonts that cover these characters",
                self.lang.meta.code,
                problems.join("; ")
            )))
        }
    }
}

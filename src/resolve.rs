//! Resolution: theme, language pack and ruleset checked together, fonts loaded.
//!
//! After [`Resources::new`] succeeds nothing downstream can fail on user input:
//! every label of the language pack has a glyph in the font that will draw it.

use std::cell::RefCell;
use std::sync::Arc;

use crate::error::Error;
use crate::icons::Icons;
use crate::input::{read_bytes, InputKind};
use crate::lang::Lang;
use crate::rules::Ruleset;
use crate::text::{split_face_index, BuiltinFont, FontBook, FontId, FontStack};
use crate::theme::{FontList, Theme};

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
    /// The animals' icons, ready to draw.
    pub icons: Icons,
    /// Problems found while composing that did not stop it (see [`Resources::warn`]).
    warnings: RefCell<Vec<String>>,
}

/// Loads one font of a theme: `builtin:NAME`, a file path, or `path#FACE`.
/// The theme loader has already checked that built-ins exist and files are there.
fn load_font(book: &mut FontBook, spec: &str, key: &str) -> Result<FontId, Error> {
    let bad = |m: String| Error::Glyphs(format!("theme key `fonts.{key}`: {m}"));
    if let Some(name) = spec.strip_prefix("builtin:") {
        let f = BuiltinFont::from_name(name)
            .ok_or_else(|| bad(format!("unknown built-in font `{name}`")))?;
        return Ok(book.add_builtin(f));
    }
    let (path, face) = split_face_index(spec).map_err(bad)?;
    let shown = crate::input::shown(path);
    // One file, however its path is spelled, is read and parsed once.
    let canonical = std::fs::canonicalize(path)
        .map_err(|e| bad(format!("cannot read font file `{shown}`: {e}")))?;
    let name = canonical.to_string_lossy();
    if let Some(id) = book.find(&name, face.unwrap_or(0)) {
        return Ok(id);
    }
    let data = match book.data_of(&name) {
        Some(data) => data,
        None => {
            let bytes = read_bytes(&canonical, InputKind::Font)
                .map_err(|e| bad(format!("`{shown}`: {e}")))?;
            // Fonts live for the whole run; leaking keeps the parsed face borrow-free.
            Box::leak(bytes.into_boxed_slice())
        }
    };
    book.add(&name, data, face.unwrap_or(0))
        .map_err(|e| bad(e.to_string()))
}

/// Loads a theme's font list, in order.
fn load_fonts(book: &mut FontBook, list: &FontList, key: &str) -> Result<FontStack, Error> {
    list.0
        .iter()
        .map(|spec| load_font(book, spec, key))
        .collect()
}

/// `first` followed by the fonts of `then` it does not already hold.
fn stack(first: &FontStack, then: &FontStack) -> FontStack {
    let mut s = first.clone();
    s.extend(then.iter().filter(|f| !first.contains(f)));
    s
}

impl Resources {
    /// Loads the theme's fonts and icons and checks that the fonts draw every
    /// string of `lang`.
    pub fn new(theme: Theme, lang: Lang, rules: Ruleset) -> Result<Resources, Error> {
        let mut book = FontBook::new();
        let han = load_fonts(&mut book, &theme.fonts.han, "han")?;
        let text = load_fonts(&mut book, &theme.fonts.text, "text")?;
        let bold = load_fonts(&mut book, &theme.fonts.bold, "bold")?;
        let icons = if theme.board.icons || theme.counters.icons {
            let fox = rules.play.fox;
            Icons::load(|a| {
                let name = if fox && a == crate::layout::Animal::Wolf {
                    "fox"
                } else {
                    a.key()
                };
                (theme.icons.get(a, fox), format!("icons.{name}"))
            })?
        } else {
            Icons::default()
        };
        let res = Resources {
            theme,
            lang,
            rules,
            fonts: Arc::new(book),
            text: stack(&text, &han),
            bold: stack(&bold, &han),
            han,
            icons,
            warnings: Default::default(),
        };
        res.check_glyphs()?;
        Ok(res)
    }

    /// Notes a problem that does not stop the output (e.g. a label shrunk to fit).
    pub fn warn(&self, message: String) {
        let mut w = self.warnings.borrow_mut();
        if !w.contains(&message) {
            w.push(message);
        }
    }

    /// The warnings noted so far, emptied.
    pub fn take_warnings(&self) -> Vec<String> {
        std::mem::take(&mut self.warnings.borrow_mut())
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

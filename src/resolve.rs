//! Resolution: theme, language pack and ruleset checked together, fonts loaded.
//!
//! After [`Resources::new`] succeeds nothing downstream can fail on user input:
//! every label of the language pack has a glyph in the font that will draw it.

use std::cell::RefCell;
use std::sync::Arc;

use crate::error::Error;
use crate::icons::Icons;
use crate::lang::Lang;
use crate::rules::Ruleset;
use crate::text::{split_face_index, BuiltinFont, FontBook, FontId, FontStack};
use crate::theme::{FontList, Theme};

/// Full-width “ ” ‘ ’ for Chinese text (see fonts/README.md).
const CJK_QUOTES: &[u8] = include_bytes!("../fonts/JungleKaiQuotes-Regular.ttf");
/// ，。、；： centred, as Traditional Chinese sets them in Taiwan (see fonts/README.md).
const TC_PUNCTUATION: &[u8] = include_bytes!("../fonts/JungleKaiTCPunct-Regular.ttf");

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
    if let Some(id) = book.find(path, face.unwrap_or(0)) {
        return Ok(id);
    }
    let bytes =
        std::fs::read(path).map_err(|e| bad(format!("cannot read font file `{path}`: {e}")))?;
    // Fonts live for the whole run; leaking keeps the parsed face borrow-free.
    let data: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    book.add(path, data, face.unwrap_or(0))
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
        let icons = Icons::load(&theme, rules.play.fox)?;
        // Chinese text sets its punctuation the Chinese way, from small faces that
        // hold only those marks: full-width quotes, centred ，。、；： in Traditional Chinese.
        let mut marks = Vec::new();
        if lang.is_cjk() {
            marks.push(("builtin:kai-quotes", CJK_QUOTES));
        }
        if lang.is_traditional_chinese() {
            marks.push(("builtin:kai-tc-punctuation", TC_PUNCTUATION));
        }
        let first: FontStack = marks
            .into_iter()
            .map(|(name, data)| {
                book.add(name, data, 0)
                    .expect("the bundled punctuation faces are valid")
            })
            .collect();
        let (text, bold) = (stack(&first, &text), stack(&first, &bold));
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

//! Resolution: theme, language pack and ruleset checked together, fonts loaded.
//!
//! After [`Resources::new`] succeeds nothing downstream can fail on user input:
//! every label of the language pack has a glyph in the font that will draw it.

use rustc_hash::FxHashSet as HashSet;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::Arc;

use crate::error::Error;
use crate::error::{shown, User};
use crate::input::InputKind;
use crate::lang::Lang;
use crate::limits::{MAX_FONT_BYTES_TOTAL, MAX_TEXT_WORK, READING_WEIGHT};
use crate::picture::{Art, Pictures};
use crate::play::rules::Ruleset;
use crate::scene::{Document, Page};
use crate::text::{split_face_index, BuiltinFont, FontBook, FontId, FontStack};
use crate::theme::{FontList, Theme};

/// Full-width “ ” ‘ ’ for Chinese text (see fonts/README.md).
const CJK_QUOTES: &[u8] = include_bytes!("../fonts/JungleKaiQuotes-Regular.ttf");
/// ，。、；： centred, as Traditional Chinese sets them in Taiwan (see fonts/README.md).
const TC_PUNCTUATION: &[u8] = include_bytes!("../fonts/JungleKaiTCPunct-Regular.ttf");

/// Each animal in play with its picture's scale and the shift of its centre
/// in mm (see `compose::drawn::faces`).
pub(crate) type PictureBalance = Vec<(crate::game::Animal, f64, f64)>;

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
    /// The braille face, for the tactile pages' invisible braille text;
    /// `None` until [`Resources::add_braille`].
    pub braille: Option<FontId>,
    /// The theme's pictures (each animal's, or its icon; the scenery), ready to draw.
    pub pictures: Pictures,
    /// The files this run reads (theme files, fonts, icons, and what the
    /// caller adds: a language pack, a ruleset): never to be written over.
    pub inputs: Vec<std::path::PathBuf>,
    /// For each font (by [`FontId`]), the theme key that first named it.
    font_keys: Vec<&'static str>,
    /// How many fonts at the start of `han`, `text` and `bold` the theme
    /// chose (with the Chinese punctuation faces); the bundled fonts after
    /// them are the fallback (see [`FALLBACK`]).
    chosen: [usize; 3],
    /// The fonts of the theme's lists `fonts.han`, `fonts.text`, `fonts.bold`.
    lists: [FontStack; 3],
    /// Problems found while composing that did not stop it (see [`Resources::warn`]).
    /// Warnings noted: (theme key it is about or "", message).
    warnings: RefCell<Vec<(String, String)>>,
    /// The animals' picture scales and shifts, worked out once for each ink
    /// and face geometry (see `compose::drawn::faces`): the geometry's key,
    /// then (animal, scale, shift in mm) for every animal in play.
    pub(crate) picture_balance: RefCell<Vec<(String, PictureBalance)>>,
}

/// Loads one font of a theme: `builtin:NAME`, a file path, `path#FACE`, or
/// an installed family name (see [`crate::text::system`]).
/// A file is read and parsed once however its path is spelled (by canonical
/// path), and must be a font that the PDF writer can embed.
fn load_font(book: &mut FontBook, spec: &str, key: &str, theme: &Theme) -> Result<FontId, Error> {
    let origins = &theme.origins;
    let font_key = format!("fonts.{key}");
    let bad = |m: String| {
        origins.error(&font_key, m, |message| Error::Glyphs {
            key: Some(font_key.clone()),
            chars: Vec::new(),
            message,
        })
    };
    if let Some(name) = spec.strip_prefix("builtin:") {
        let f = BuiltinFont::from_name(name)
            .ok_or_else(|| bad(format!("unknown built-in font `{}`", shown(name))))?;
        return Ok(book.add_builtin(f));
    }
    // The first core reads only the built-in fonts: web/wasm-link.sh leaves
    // out the tables other fonts may need (WOFF2's dictionary, Big5's).
    #[cfg(feature = "web-lite")]
    return Err(crate::lite::refused("font"));
    // A family name (checked when the theme was read) finds an installed face.
    let (path, face) = if crate::text::system::is_family_name(spec, None) {
        let found = crate::text::system::find(spec).map_err(bad)?;
        (found.path, Some(found.index))
    } else {
        let (path, face) = split_face_index(spec).map_err(bad)?;
        (std::path::PathBuf::from(path), face)
    };
    let face = face.unwrap_or(0);
    let shown = crate::input::shown_path(&path);
    let canonical = match std::fs::canonicalize(&path) {
        Ok(c) => c,
        Err(_) if theme.files.contains(&path) => path,
        Err(e) => return Err(bad(format!("cannot read font file `{shown}`: {e}"))),
    };
    let name = canonical.to_string_lossy();
    if let Some(id) = book.find(&name, face) {
        return Ok(id);
    }
    let data = match book.data_of(&name) {
        Some(data) => data,
        None => {
            let bytes = theme
                .files
                .read_bytes(&canonical, InputKind::Font)
                .map_err(|e| bad(format!("`{shown}`: {e}")))?;
            if book.total_bytes() + bytes.len() > MAX_FONT_BYTES_TOTAL {
                return Err(bad(format!(
                    "`{shown}`: the theme's fonts together exceed the limit of {} MiB; use fewer or smaller fonts (subsets)",
                    MAX_FONT_BYTES_TOTAL >> 20
                )));
            }
            crate::text::FontBytes::from(bytes)
        }
    };
    let id = book
        .add(&name, data, face)
        .map_err(|e| bad(e.to_string()))?;
    if !font_embeds(book, id) {
        return Err(bad(format!(
            "`{shown}` (face {face}) loads but cannot be embedded in a PDF; it may be damaged or truncated: choose another font file"
        )));
    }
    Ok(id)
}

/// Wraps pages and the resources' fonts into a document ready to render.
pub fn document(title: &str, pages: Vec<Page>, res: &Resources) -> Document {
    Document {
        title: title.to_string(),
        pages,
        fonts: res.fonts.clone(),
    }
}

/// True when the PDF writer can embed the font: the tables it reads to set
/// text (a Unicode character map, horizontal metrics, the header) are there
/// and readable. Checked when the theme is loaded, rather than found out
/// after composing.
pub fn font_embeds(book: &FontBook, id: FontId) -> bool {
    let f = book.get(id);
    crate::text::can_embed(&f.data, f.index)
}

/// Loads a theme's font list, in order.
fn load_fonts(book: &mut FontBook, theme: &Theme, key: &str) -> Result<FontStack, Error> {
    let list: &FontList = match key {
        "han" => &theme.fonts.han,
        "text" => &theme.fonts.text,
        _ => &theme.fonts.bold,
    };
    list.0
        .iter()
        .map(|spec| load_font(book, spec, key, theme))
        .collect()
}

/// The scenery pictures a theme names as files.
fn res_scenery(theme: &Theme) -> impl Iterator<Item = String> + '_ {
    theme
        .pictures
        .scenery()
        .into_iter()
        .map(|(_, spec)| spec)
        .filter(|spec| !spec.is_empty() && !spec.starts_with("builtin:"))
        .map(str::to_string)
}

/// `first` followed by the fonts of `then` it does not already hold.
fn stack(first: &FontStack, then: &FontStack) -> FontStack {
    let mut s = first.clone();
    s.extend(then.iter().filter(|f| !first.contains(f)));
    s
}

/// The bundled fonts put after the theme's own in each stack (`han`, `text`,
/// `bold`): a character none of the theme's fonts has is drawn, character by
/// character, by the first of these that has it, so no page shows a missing
/// glyph. Noto Sans has every space of Unicode but U+1680 (U+202F narrow
/// no-break, U+2009 thin…), Latin, Greek and Cyrillic letters, digits and
/// common signs; Jungle Kai the Chinese characters, Zhuyin and U+3000.
pub const FALLBACK: [[BuiltinFont; 2]; 3] = [
    [BuiltinFont::Kai, BuiltinFont::NotoSans],
    [BuiltinFont::NotoSans, BuiltinFont::Kai],
    [BuiltinFont::NotoSansBold, BuiltinFont::Kai],
];

/// The theme keys of the three stacks, in the order of [`FALLBACK`].
const STACK_KEYS: [&str; 3] = ["han", "text", "bold"];

impl Resources {
    /// Loads the theme's fonts and icons and checks that the fonts draw every
    /// string of `lang`.
    pub fn new(theme: Theme, lang: Lang, rules: Ruleset) -> Result<Resources, Error> {
        let mut book = FontBook::new();
        let han = load_fonts(&mut book, &theme, "han")?;
        let text = load_fonts(&mut book, &theme, "text")?;
        let bold = load_fonts(&mut book, &theme, "bold")?;
        let mut font_keys = vec![""; book.fonts().len()];
        for (ids, key) in [(&han, "han"), (&text, "text"), (&bold, "bold")] {
            for id in ids {
                if font_keys[id.0].is_empty() {
                    font_keys[id.0] = key;
                }
            }
        }
        let pictures = Pictures::load(&theme, rules.play.fox, theme.uses_animal_pictures())?;
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
        let lists = [han.clone(), text.clone(), bold.clone()];
        let (text, bold) = (stack(&first, &text), stack(&first, &bold));
        // The punctuation faces serve the text stacks.
        font_keys.resize(book.fonts().len(), "text");
        // Text falls back to the Chinese face, then to the bundled fonts.
        let (text, bold) = (stack(&text, &han), stack(&bold, &han));
        let mut stacks = [han, text, bold];
        let chosen = stacks.each_ref().map(Vec::len);
        for ((s, fallback), key) in stacks.iter_mut().zip(FALLBACK).zip(STACK_KEYS) {
            let ids: FontStack = fallback.map(|f| book.add_builtin(f)).into();
            font_keys.resize(book.fonts().len(), key);
            *s = stack(s, &ids);
        }
        let [han, text, bold] = stacks;
        let mut inputs = theme.origins.files.clone();
        inputs.extend(
            book.fonts()
                .iter()
                .filter(|f| !f.name.starts_with("builtin:"))
                .map(|f| std::path::PathBuf::from(&f.name)),
        );
        inputs.extend(res_scenery(&theme).map(std::path::PathBuf::from));
        for a in crate::game::Animal::ALL {
            for fox in [false, true] {
                for spec in [theme.icons.get(a, fox), theme.pictures.animal(a, fox)] {
                    if !spec.is_empty() && !spec.starts_with("builtin:") {
                        inputs.push(spec.into());
                    }
                }
            }
        }
        let res = Resources {
            inputs,
            theme,
            lang,
            rules,
            fonts: Arc::new(book),
            text,
            bold,
            han,
            braille: None,
            pictures,
            font_keys,
            chosen,
            lists,
            warnings: Default::default(),
            picture_balance: Default::default(),
        };
        res.check_glyphs()?;
        for (key, message) in res.pictures.notes() {
            res.warn_key(key, message.clone());
        }
        // A pack written for an earlier version: its retired keys.
        for note in &res.lang.notes {
            res.warn(note.clone());
        }
        let code = &res.lang.meta.code;
        if res.rules.title_for_tag(code).is_none() {
            let (key, title) = res.rules.title_key(code);
            res.warn(format!(
                "the ruleset has no title for language `{code}` (nor for a shorter form of its tag); its `{key}` “{title}” is printed: add `{code} = \"…\"` under [meta.title]"
            ));
        }
        Ok(res)
    }

    /// Adds the bundled braille face ([`BuiltinFont::Braille`]) to the font
    /// book, for the tactile pages (other documents' books stay as they were).
    pub fn add_braille(&mut self) {
        if self.braille.is_some() {
            return;
        }
        let mut book = (*self.fonts).clone();
        self.braille = Some(book.add_builtin(BuiltinFont::Braille));
        self.font_keys.resize(book.fonts().len(), "");
        self.fonts = Arc::new(book);
    }

    /// Notes a problem that does not stop the output (e.g. a label shrunk to
    /// fit); quotations in it are cut to a short prefix.
    /// An animal's picture (or icon) as a face or a square shows it: a
    /// one-colour drawing in `ink` when the theme's `pictures.colours` asks;
    /// `None` when the theme loaded none.
    pub fn animal_art(&self, a: crate::game::Animal, ink: crate::scene::Color) -> Option<Art> {
        use crate::theme::PictureColours;
        let (art, _) = self.pictures.animal(a)?;
        let tint = match self.theme.pictures.colours {
            PictureColours::Own => false,
            PictureColours::Side => true,
            PictureColours::Auto => art.is_silhouette(),
        };
        Some(art.tinted(tint.then_some(ink)))
    }

    pub fn warn(&self, message: String) {
        self.warn_key("", message);
    }

    /// The pack's optional sentence `text`, under `key` (`cover.shop_board`),
    /// or, when the pack has none (one written before the key), `fallback`,
    /// the sentence under `instead`, with a warning at `instead`'s line
    /// naming `key` and saying `why` it is wanted (noted once however often
    /// the sentence is asked for).
    pub fn words_or<'a>(
        &self,
        (key, text): (&str, &'a str),
        (instead, fallback): (&str, &'a str),
        why: &str,
    ) -> &'a str {
        if !text.is_empty() {
            return text;
        }
        let mut note = self.lang.source.error(
            instead,
            format!(
                "missing, so `{instead}` (this line) is printed in its place, though {why}; add the key in this pack's words (see the English pack, lang/en.toml)"
            ),
        );
        if let Error::Input { key: at, .. } = &mut note {
            *at = crate::error::key_prefix(key);
        }
        self.warn(note.to_string());
        fallback
    }

    /// Notes a problem, as [`Resources::warn`] does, about theme key `key`
    /// (`pictures.rat`), which a theme editor shows it beside.
    pub fn warn_key(&self, key: &str, message: String) {
        let message = crate::error::cut_quotes(&message);
        let mut w = self.warnings.borrow_mut();
        if !w.iter().any(|(_, m)| *m == message) {
            w.push((key.to_string(), message));
        }
    }

    /// The warnings noted so far, emptied.
    pub fn take_warnings(&self) -> Vec<String> {
        self.take_keyed_warnings()
            .into_iter()
            .map(|(_, m)| m)
            .collect()
    }

    /// The warnings noted so far with the theme key each is about ("" when
    /// none), emptied.
    pub fn take_keyed_warnings(&self) -> Vec<(String, String)> {
        std::mem::take(&mut self.warnings.borrow_mut())
    }

    /// The document title: the game's Chinese and local names.
    pub fn game_title(&self) -> String {
        format!("{} — {}", self.lang.game.han, self.lang.game.title)
    }

    /// How an animal is written in this language under these rules (the fox may replace the wolf).
    pub fn animal(&self, a: crate::game::Animal) -> &crate::lang::AnimalName {
        self.lang.animal(a, self.rules.play.fox)
    }

    /// The stack that draws a language-pack key: `…han` and `….zhuyin` keys
    /// use the Chinese face.
    pub fn stack_for_key(&self, key: &str) -> &FontStack {
        if key.ends_with("han") || key.ends_with(".zhuyin") {
            &self.han
        } else {
            &self.text
        }
    }

    /// The font of a theme, for messages:
    /// ``theme key `fonts.han` (`/path/kai.ttf`), set at my.toml:12``.
    pub fn font_name(&self, id: FontId) -> String {
        let key = self.font_key(id);
        format!(
            "theme key `{key}` (`{}`){}",
            shown(&self.fonts.get(id).name),
            self.font_place(&key)
        )
    }

    /// The theme key that first named a font: `fonts.han`, `fonts.text` or `fonts.bold`.
    pub fn font_key(&self, id: FontId) -> String {
        format!("fonts.{}", self.font_keys.get(id.0).copied().unwrap_or("?"))
    }

    /// ", set at FILE:LINE" for a theme key, when known.
    fn font_place(&self, key: &str) -> String {
        self.theme
            .origins
            .place(key)
            .map(|p| format!(", set at {p}"))
            .unwrap_or_default()
    }

    /// An error when some characters of `text` (needed by `what`) map to
    /// glyphs whose outlines cannot be read, naming font, key and characters.
    /// `what` is made only for an error.
    fn unreadable_error(
        &self,
        what: impl FnOnce() -> String,
        stack: &FontStack,
        text: &str,
    ) -> Option<Error> {
        let bad = self.fonts.unreadable(stack, text);
        let (_, font) = *bad.iter().next()?;
        let chars = bad
            .iter()
            .filter(|(_, f)| *f == font)
            .map(|(c, _)| *c)
            .collect();
        let message = format!(
            "{}: the glyphs of {} have no readable outline (the font file is damaged or truncated), needed by {}; choose another font file",
            self.font_name(font),
            char_list(&chars),
            what()
        );
        Some(Error::Glyphs {
            key: Some(self.font_key(font)),
            chars: chars.into_iter().collect(),
            message,
        })
    }

    /// Checks that every text run of the pages can be drawn: each character
    /// has a glyph in the run's font, with a readable outline. The sources of
    /// the text were checked by [`Resources::check_glyphs`]; this is the net
    /// under everything composed, so no page reaches a renderer with a box.
    ///
    /// Notes a warning (see [`Resources::fallback_warning`]) when some
    /// characters are drawn by bundled fonts because the theme's lack them.
    pub fn check_pages(&self, pages: &[crate::scene::Page]) -> Result<(), Error> {
        let runs = pages
            .iter()
            .flat_map(|p| p.layers.iter())
            .flat_map(|(_, items)| crate::scene::text_runs(items));
        let fallback = self.fallback_fonts();
        let mut seen: Seen<FontId> = Seen::new();
        // The pairs whose outline was read and found readable.
        let mut readable: Seen<FontId> = Seen::new();
        // (stack, fallback font) → the characters it drew.
        let mut fell: Vec<((usize, FontId), BTreeSet<char>)> = Vec::new();
        // Each outline is decoded once: the font book remembers the answer.
        for run in runs {
            // Read, never drawn (the tactile pages' braille): a glyph for
            // every character is all it needs, outlines or not (the blank
            // cell has none).
            if run.invisible && run.glyphs.iter().all(|g| g.id != 0) {
                continue;
            }
            let from_fallback = fallback.contains(&run.font);
            let slot = readable.slot(run.font);
            for (c, g) in run.text.chars().zip(&run.glyphs) {
                if from_fallback && seen.insert(run.font, c) {
                    if let Some(k) = self.fell_back(run.font, c) {
                        match fell.iter_mut().find(|(at, _)| *at == (k, run.font)) {
                            Some((_, chars)) => {
                                chars.insert(c);
                            }
                            None => fell.push(((k, run.font), BTreeSet::from([c]))),
                        }
                    }
                }
                if g.id != 0
                    && (!readable.insert_at(slot, run.font, c)
                        || self.fonts.outline_readable(run.font, c))
                {
                    continue;
                }
                let what = format!("the text `{}`", User(&run.text));
                if let Some(e) = self.unreadable_error(|| what.clone(), &vec![run.font], &run.text)
                {
                    return Err(e);
                }
                let mut missing = self.fonts.missing(&vec![run.font], &run.text);
                if missing.is_empty() {
                    // A space or an invisible character set with no glyph.
                    missing.insert(c);
                }
                return Err(Error::Glyphs {
                    key: Some(self.font_key(run.font)),
                    message: format!(
                        "{}: cannot draw {} in {what}; choose a font that has {}",
                        self.font_name(run.font),
                        char_list(&missing),
                        if missing.len() == 1 { "it" } else { "them" }
                    ),
                    chars: missing.into_iter().collect(),
                });
            }
        }
        if let Some((key, message)) = self.fallback_warning(fell) {
            self.warn_key(key, message);
        }
        Ok(())
    }

    /// The bundled fonts some stack holds as a fallback (after the theme's own).
    fn fallback_fonts(&self) -> Vec<FontId> {
        let mut out = Vec::new();
        for (s, n) in self.stacks().into_iter().zip(self.chosen) {
            for f in &s[n..] {
                if !out.contains(f) {
                    out.push(*f);
                }
            }
        }
        out
    }

    /// The fonts of `stack` that the theme chose, without the bundled
    /// fallback after them, when `stack` is one of [`Resources::han`],
    /// [`Resources::text`] or [`Resources::bold`] (the field itself, not a
    /// copy); all of `stack` otherwise.
    pub fn chosen_fonts<'a>(&'a self, stack: &'a FontStack) -> &'a [FontId] {
        self.stacks()
            .into_iter()
            .zip(self.chosen)
            .find(|(s, _)| std::ptr::eq(*s, stack))
            .map_or(stack.as_slice(), |(s, n)| &s[..n])
    }

    /// The stacks `han`, `text` and `bold`, in the order of [`FALLBACK`].
    fn stacks(&self) -> [&FontStack; 3] {
        [&self.han, &self.text, &self.bold]
    }

    /// When `font` draws `c` because the theme's fonts lack it: the stack
    /// (index into [`Resources::stacks`]) whose fallback it is, the text
    /// stack first. `None` when `font` draws `c` as one of the theme's own
    /// fonts in some stack (Noto Sans in the text stack of `classic`).
    fn fell_back(&self, font: FontId, c: char) -> Option<usize> {
        let first_with = |s: &[FontId]| {
            s.iter()
                .copied()
                .find(|f| self.fonts.glyph(*f, c).is_some())
        };
        let stacks = self.stacks();
        if stacks
            .iter()
            .zip(self.chosen)
            .any(|(s, n)| first_with(&s[..n]) == Some(font))
        {
            return None;
        }
        [1, 2, 0].into_iter().find(|&k| {
            let (s, n) = (stacks[k], self.chosen[k]);
            first_with(&s[..n]).is_none() && first_with(&s[n..]) == Some(font)
        })
    }

    /// One line saying which characters the bundled fonts drew, for which
    /// theme key, with the theme key to show it beside:
    /// ``my.toml:12: `fonts.text` (`URW Bookman`) lacks U+202F, ’ (U+2019): drawn with Noto Sans``.
    fn fallback_warning(
        &self,
        mut fell: Vec<((usize, FontId), BTreeSet<char>)>,
    ) -> Option<(&'static str, String)> {
        fell.sort_by_key(|((k, f), _)| ([1, 2, 0].iter().position(|x| x == k), *f));
        let first_key = STACK_KEYS[fell.first()?.0 .0];
        let mut parts: Vec<String> = Vec::new();
        let mut last_key = None;
        for ((k, font), chars) in &fell {
            let drawn = format!(
                "{}: drawn with {}",
                char_list(chars),
                self.fonts.family(*font)
                    + if self.fonts.is_bold(*font) {
                        " Bold"
                    } else {
                        ""
                    }
            );
            if last_key == Some(*k) {
                parts.push(drawn);
                continue;
            }
            last_key = Some(*k);
            let key = format!("fonts.{}", STACK_KEYS[*k]);
            let families: Vec<String> = self.lists[*k]
                .iter()
                .map(|f| format!("`{}`", crate::error::User(&self.fonts.family(*f))))
                .collect();
            parts.push(format!(
                "`{key}` ({}) lacks {drawn}",
                if families.is_empty() {
                    "its fonts".to_string()
                } else {
                    families.join(", ")
                }
            ));
        }
        let place = self
            .theme
            .origins
            .place(&format!("fonts.{first_key}"))
            .map(|p| format!("{p}: "))
            .unwrap_or_default();
        Some((
            match first_key {
                "han" => "fonts.han",
                "text" => "fonts.text",
                _ => "fonts.bold",
            },
            format!("{place}{}", parts.join("; ")),
        ))
    }

    /// The fonts' places in the theme, for messages: `` (`fonts.han` at my.toml:3, …)``.
    fn font_places(&self) -> String {
        let places: Vec<String> = ["fonts.han", "fonts.text", "fonts.bold"]
            .iter()
            .filter(|k| {
                self.theme
                    .origins
                    .origin(k)
                    .is_some_and(|o| !o.starts_with("builtin "))
            })
            .filter_map(|k| self.theme.origins.place(k).map(|p| format!("`{k}` at {p}")))
            .collect();
        if places.is_empty() {
            String::new()
        } else {
            format!(" ({})", places.join(", "))
        }
    }

    /// Checks, before composing, that the theme's fonts draw every string that
    /// can be printed: each label and sentence of the language pack, the
    /// ruleset's title, and the digits and signs the program writes itself
    /// (ranks, coordinates, page numbers, sizes). Fails naming the file, line
    /// and key of the first string that cannot be drawn, and its characters.
    pub fn check_glyphs(&self) -> Result<(), Error> {
        // Outlines are read once per character and stack: the first key that
        // needs a character is the one an error names.
        let mut seen: Seen<*const FontStack> = Seen::new();
        type Missing = Vec<(String, std::collections::BTreeSet<char>)>;
        let mut missing: Missing = Vec::new();
        let mut check = |key: &str, s: &str, stack: &FontStack, missing: &mut Missing| {
            let id = stack as *const FontStack;
            let fresh = seen.fresh(id, s);
            if fresh.is_empty() {
                return Ok(());
            }
            if let Some(e) = self.unreadable_error(|| format!("`{key}`"), stack, &fresh) {
                return Err(e);
            }
            let m = self.fonts.missing(stack, &fresh);
            match missing.iter_mut().find(|(k, _)| k == key) {
                Some((_, chars)) => chars.extend(m),
                None if !m.is_empty() => missing.push((key.to_string(), m)),
                None => {}
            }
            Ok(())
        };
        let strings = self.lang.strings();
        self.check_text_work(&strings)?;
        for (key, s) in strings {
            if !key.starts_with("meta.") {
                check(&key, &s, self.stack_for_key(&key), &mut missing)?;
            }
        }
        let lang_count = missing.len();
        let (title_key, title) = self.rules.title_key(&self.lang.meta.code);
        check(&title_key, title, &self.text, &mut missing)?;
        check(&title_key, title, &self.bold, &mut missing)?;
        let rules_count = missing.len();
        check("", PROGRAM_TEXT, &self.text, &mut missing)?;
        check("", PROGRAM_TEXT, &self.bold, &mut missing)?;
        let Some((key, chars)) = missing.first() else {
            return Ok(());
        };
        let more = match missing.len() {
            1 => String::new(),
            n => format!(
                " ({} more strings need characters the fonts lack, e.g. {})",
                n - 1,
                match missing[1].0.as_str() {
                    "" => "the digits the program prints".to_string(),
                    k => format!("`{k}`"),
                }
            ),
        };
        let message = format!(
            "the theme's fonts{} cannot draw {}{more}; choose fonts that cover {}, or change the text",
            self.font_places(),
            char_list(chars),
            if chars.len() == 1 { "it" } else { "them" }
        );
        Err(if lang_count > 0 {
            self.lang.source.error(key, message)
        } else if rules_count > 0 {
            self.rules.source.error(key, message)
        } else {
            Error::Glyphs {
                key: None,
                chars: chars.iter().copied().collect(),
                message: format!(
                    "the theme's fonts{} cannot draw {}, which the program prints itself (ranks, coordinates, page numbers, sizes); choose fonts that have digits and common signs",
                    self.font_places(),
                    char_list(chars)
                ),
            }
        })
    }
}

impl Resources {
    /// Refuses a pack whose printable text is more work to set than
    /// [`MAX_TEXT_WORK`]: its characters, a Chinese character printed with
    /// a reading (Zhuyin or pinyin throughout) counted [`READING_WEIGHT`]
    /// times. Names the pack's longest string, the first to shorten.
    fn check_text_work(&self, strings: &[(String, String)]) -> Result<(), Error> {
        let lang = &self.lang;
        let readings = (lang.is_traditional_chinese()
            && lang.phonetic() == crate::lang::Phonetic::Zhuyin)
            || lang.pinyin_throughout();
        let work = |s: &str| -> usize {
            if !readings {
                return s.chars().count();
            }
            s.chars()
                .map(|c| match crate::text::is_han(c) {
                    true => READING_WEIGHT,
                    false => 1,
                })
                .sum()
        };
        let printed = strings.iter().filter(|(k, _)| !k.starts_with("meta."));
        let total: usize = printed.clone().map(|(_, s)| work(s)).sum();
        if total <= MAX_TEXT_WORK {
            return Ok(());
        }
        let (key, longest) = printed
            .max_by_key(|(_, s)| s.chars().count())
            .expect("a pack over the budget has strings");
        let weight = match readings {
            true => {
                format!(", a Chinese character with its reading counted {READING_WEIGHT} times")
            }
            false => String::new(),
        };
        Err(lang.source.error(
            key,
            format!(
                "the pack's printable text is {} characters{weight}, more than the limit of {}: shorten its longest strings, starting with this one ({} characters){}",
                crate::limits::Shown::Count.write(total as f64),
                crate::limits::Shown::Count.write(MAX_TEXT_WORK as f64),
                longest.chars().count(),
                match readings {
                    true => ", or print it without readings ({phonetic} none)",
                    false => "",
                }
            ),
        ))
    }
}

/// Characters the program writes itself, whatever the language: numbers
/// (ranks, coordinates, page numbers, sizes) and the signs around them.
const PROGRAM_TEXT: &str = "0123456789./·—";

/// Characters for a message: `☃ (U+2603), … (U+2026), U+202F` (spaces by
/// their code point only), three or more in a row as one range (`0–9
/// (U+0030–U+0039)`), at most ten items, escaped.
fn char_list(chars: &std::collections::BTreeSet<char>) -> String {
    let one = |c: char| match c.is_whitespace() {
        // A space shows as nothing: its code point says which it is.
        true => format!("U+{:04X}", c as u32),
        false => format!(
            "{} (U+{:04X})",
            crate::error::shown(&c.to_string()),
            c as u32
        ),
    };
    let mut ranges: Vec<(char, char)> = Vec::new();
    for &c in chars {
        match ranges.last_mut() {
            Some((_, last)) if *last as u32 + 1 == c as u32 => *last = c,
            _ => ranges.push((c, c)),
        }
    }
    let mut items: Vec<String> = Vec::new();
    for (a, b) in ranges {
        match b as u32 - a as u32 {
            0 => items.push(one(a)),
            1 => items.extend([one(a), one(b)]),
            _ if a.is_whitespace() || b.is_whitespace() => {
                items.push(format!("U+{:04X}–U+{:04X}", a as u32, b as u32))
            }
            _ => items.push(format!(
                "{}–{} (U+{:04X}–U+{:04X})",
                crate::error::shown(&a.to_string()),
                crate::error::shown(&b.to_string()),
                a as u32,
                b as u32
            )),
        }
    }
    let n = items.len();
    if n > 10 {
        items.truncate(10);
        items.push(format!("and {} more", n - 10));
    }
    items.join(", ")
}

/// Pairs of a key (a font, a stack) and a character seen already: Latin-1
/// characters, most of any text, in a bitmap per key, others hashed.
struct Seen<K> {
    latin: Vec<(K, [u64; 4])>,
    other: HashSet<(K, char)>,
}

impl<K: Copy + Eq + std::hash::Hash> Seen<K> {
    fn new() -> Self {
        Seen {
            latin: Vec::new(),
            other: HashSet::default(),
        }
    }

    /// Notes the pair; true when it was not seen before.
    #[inline]
    fn insert(&mut self, key: K, c: char) -> bool {
        if u32::from(c) >= 256 {
            return self.other.insert((key, c));
        }
        let slot = self.slot(key);
        self.insert_at(slot, key, c)
    }

    /// Where the bitmap of `key` is ([`Seen::insert_at`]), added when new:
    /// looked up once for many characters with the same key.
    fn slot(&mut self, key: K) -> usize {
        match self.latin.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.latin.push((key, [0; 4]));
                self.latin.len() - 1
            }
        }
    }

    /// [`Seen::insert`] for `key`, whose bitmap is at `slot` ([`Seen::slot`]).
    #[inline]
    fn insert_at(&mut self, slot: usize, key: K, c: char) -> bool {
        let n = u32::from(c) as usize;
        if n >= 256 {
            return self.other.insert((key, c));
        }
        let (word, bit) = (n / 64, 1u64 << (n % 64));
        let bits = &mut self.latin[slot].1[word];
        let new = *bits & bit == 0;
        *bits |= bit;
        new
    }

    /// True when `ascii` (ASCII characters, as bytes) were all seen with
    /// the key whose bitmap is at `slot`: the bitmap's first half covers
    /// them, so they are tested together, not one by one.
    fn seen_ascii(&self, slot: usize, ascii: &[u8]) -> bool {
        let mut used = [0u64; 2];
        for &b in ascii {
            used[usize::from(b >> 6) & 1] |= 1 << (b & 63);
        }
        let bits = &self.latin[slot].1;
        used[0] & !bits[0] == 0 && used[1] & !bits[1] == 0
    }

    /// The characters of `s` not seen with `key` before, in order, each
    /// noted as seen.
    fn fresh(&mut self, key: K, s: &str) -> String {
        let slot = self.slot(key);
        if s.is_ascii() && self.seen_ascii(slot, s.as_bytes()) {
            return String::new();
        }
        s.chars()
            .filter(|&c| self.insert_at(slot, key, c))
            .collect()
    }
}

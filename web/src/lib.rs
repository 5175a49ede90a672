//! The jungle-print core for the web page: the same library calls as the
//! command line's `set`, behind a small wasm-bindgen interface. Nothing here
//! draws or lays out; it only turns the page's choices into library options.
//!
//! A PDF made here is byte for byte the PDF `jungle-print set` writes for the
//! same choices (tested in `web/test/e2e.mjs`).

use jungle_print::compose::counters::{Shape, Sides};
use jungle_print::compose::set::{set_pages, SetOptions};
use jungle_print::error::Error;
use jungle_print::lang::Lang;
use jungle_print::layout::Flip;
use jungle_print::paper::Paper;
use jungle_print::render::{pdf, png, svg};
use jungle_print::resolve::Resources;
use jungle_print::rules::Ruleset;
use jungle_print::scene::Document;
use jungle_print::theme::Theme;
use wasm_bindgen::prelude::*;

/// What the page asks for, as the command line's options name it.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct Request {
    /// `--lang`: en, fr, zh-Hant, zh-Hans.
    pub lang: String,
    /// `--theme`: a built-in theme's name.
    pub theme: String,
    /// `--ruleset`: a built-in preset's name.
    pub ruleset: String,
    /// `--paper`: a name or WIDTHxHEIGHT in mm.
    pub paper: String,
    /// `--square` in mm; 0 for the largest that fits.
    pub square: f64,
    /// `--sides`: single, fold, duplex.
    pub sides: String,
    /// `--flip` for duplex: long-edge, short-edge.
    pub flip: String,
    /// `--shape`: circle, square, rounded, octagon.
    pub shape: String,
    /// A theme file's text (used instead of `theme` when not empty) and its name.
    pub theme_file: String,
    pub theme_file_name: String,
    /// A language pack's text (instead of `lang`) and its name.
    pub lang_file: String,
    pub lang_file_name: String,
    /// A ruleset file's text (instead of `ruleset`) and its name.
    pub rules_file: String,
    pub rules_file_name: String,
}

#[wasm_bindgen]
impl Request {
    /// The command line's defaults.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Request {
        Request {
            lang: "en".into(),
            theme: "classic".into(),
            ruleset: "standard".into(),
            paper: "a4".into(),
            square: 0.0,
            sides: "fold".into(),
            flip: "long-edge".into(),
            shape: "circle".into(),
            theme_file: String::new(),
            theme_file_name: String::new(),
            lang_file: String::new(),
            lang_file_name: String::new(),
            rules_file: String::new(),
            rules_file_name: String::new(),
        }
    }
}

impl Default for Request {
    fn default() -> Self {
        Request::new()
    }
}

/// A composed set, ready to be drawn as PDF, SVG or PNG.
#[wasm_bindgen]
pub struct Set {
    doc: Document,
}

/// Which file an error is about, for the page to show it beside that control.
fn located(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

#[wasm_bindgen]
impl Set {
    /// Composes the set, or fails with the message the command line prints.
    #[wasm_bindgen(constructor)]
    pub fn new(r: &Request) -> Result<Set, JsError> {
        make(r).map(|doc| Set { doc }).map_err(located)
    }

    /// Number of pages.
    #[wasm_bindgen(getter)]
    pub fn pages(&self) -> usize {
        self.doc.pages.len()
    }

    /// Page `i`'s printed size in mm, `[width, height]` (bleed included).
    pub fn size(&self, i: usize) -> Vec<f64> {
        let (_, _, w, h) = self.doc.pages[i.min(self.doc.pages.len() - 1)].media_box();
        vec![w, h]
    }

    /// The whole set as one PDF, as `jungle-print set` writes it.
    pub fn pdf(&self) -> Result<Vec<u8>, JsError> {
        pdf::render(&self.doc, &Default::default()).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Page `i` as SVG: text as outlines (the command line's default), or as
    /// `<text>` with the fonts' subsets embedded (`live_text`: the previews,
    /// whose words stay searchable and readable by screen readers).
    pub fn svg(&self, i: usize, live_text: bool) -> String {
        svg::render(&self.doc, i, &svg::SvgOptions { live_text })
    }

    /// Page `i` as PNG at `dpi` dots per inch.
    pub fn png(&self, i: usize, dpi: f64) -> Result<Vec<u8>, JsError> {
        png::render(&self.doc, i, &png::PngOptions { dpi })
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// The document title, for the file's name.
    #[wasm_bindgen(getter)]
    pub fn title(&self) -> String {
        self.doc.title.clone()
    }
}

/// Composes a set exactly as `jungle-print set` does for the same options.
pub fn make(r: &Request) -> Result<Document, Error> {
    let theme = match r.theme_file.as_str() {
        "" => Theme::builtin(&r.theme)?,
        text => Theme::parse(text, &r.theme_file_name)?,
    };
    let lang = match r.lang_file.as_str() {
        "" => Lang::builtin(&r.lang)?,
        text => Lang::parse(text, &r.lang_file_name)?,
    };
    let rules = match r.rules_file.as_str() {
        "" => Ruleset::builtin(&r.ruleset)?,
        text => Ruleset::parse(text, &r.rules_file_name)?,
    };
    let res = Resources::new(theme, lang, rules)?;
    let paper = Paper::parse(&r.paper)?;
    let flip = match r.flip.as_str() {
        "short-edge" => Flip::ShortEdge,
        _ => Flip::LongEdge,
    };
    let sides = match r.sides.as_str() {
        "single" => Sides::Single,
        "duplex" => Sides::Duplex(flip),
        _ => Sides::Fold,
    };
    let square = (r.square > 0.0).then_some(r.square);
    if let Some(s) = square {
        if !(s.is_finite() && s <= 1000.0) {
            return Err(Error::usage(
                "--square",
                format!("{s} is not a square size; give a length in mm from 8 to 1000"),
            ));
        }
    }
    jungle_print::compose::handout::check_fits(&res, paper)?;
    let opts = SetOptions {
        paper,
        square,
        sides,
        shape: Shape::parse(&r.shape)?,
        ..SetOptions::new(paper)
    };
    let (pages, _) = set_pages(&res, &opts)?;
    res.check_pages(&pages)?;
    Ok(jungle_print::document(&res.game_title(), pages, &res))
}

/// Hands over the whole Jungle Kai (`fonts/JungleKai-Regular.ttf`, fetched by
/// the page): the sets made from now on use it instead of the bundled core,
/// which draws only the English and French sets. False when the bytes are not
/// a font.
#[wasm_bindgen]
pub fn load_kai(bytes: Vec<u8>) -> bool {
    jungle_print::text::set_kai(Box::leak(bytes.into_boxed_slice()))
}

/// Turns a panic into a message the page can read after the trap
/// (`take_panic`), instead of an opaque "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        PANIC.with(|p| *p.borrow_mut() = info.to_string());
    }));
}

thread_local! {
    static PANIC: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The message of the last panic, if any (then cleared).
#[wasm_bindgen]
pub fn take_panic() -> String {
    PANIC.with(|p| std::mem::take(&mut *p.borrow_mut()))
}

/// Panics on purpose: the browser test checks that the page survives it.
#[wasm_bindgen]
pub fn panic_for_test() {
    panic!("a deliberate panic, to test that the page survives one");
}

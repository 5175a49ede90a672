//! The jungle-print core for the web page: the same library calls as the
//! command line's `set`, behind a small wasm-bindgen interface. Nothing here
//! draws or lays out; it only turns the page's choices into library options.
//!
//! A PDF made here is byte for byte the PDF `jungle-print set` writes for the
//! same choices (tested in `web/test/e2e.mjs`).

use jungle_print::compose::counters::Shape;
use jungle_print::error::Error;
use jungle_print::job::{parse_sides, Job, Kind, SetJob, Source};
use jungle_print::paper::Paper;
use jungle_print::render::{png, svg};
use jungle_print::scene::Document;
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

/// The built-in themes, languages, rulesets and papers, for the page's lists.
#[wasm_bindgen]
pub struct Builtins {
    inner: jungle_print::job::Builtins,
}

#[wasm_bindgen]
impl Builtins {
    /// The lists, from the library.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Builtins {
        Builtins {
            inner: jungle_print::job::builtin_names(),
        }
    }

    /// Built-in theme names.
    #[wasm_bindgen(getter)]
    pub fn themes(&self) -> Vec<String> {
        names(&self.inner.themes)
    }

    /// Built-in language codes.
    #[wasm_bindgen(getter)]
    pub fn langs(&self) -> Vec<String> {
        names(&self.inner.langs)
    }

    /// Built-in ruleset names.
    #[wasm_bindgen(getter)]
    pub fn rulesets(&self) -> Vec<String> {
        names(&self.inner.rulesets)
    }

    /// Named paper sizes.
    #[wasm_bindgen(getter)]
    pub fn papers(&self) -> Vec<String> {
        names(&self.inner.papers)
    }
}

impl Default for Builtins {
    fn default() -> Self {
        Builtins::new()
    }
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A language pack's own name for itself (`Français`), for the page's list.
#[wasm_bindgen]
pub fn lang_name(code: &str) -> String {
    jungle_print::lang::Lang::builtin(code)
        .map(|l| l.meta.name)
        .unwrap_or_else(|_| code.to_string())
}

/// Why a set could not be made, and which control it is about.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct JobError {
    /// The message, as the command line words it (without its flags).
    pub message: String,
    /// The control the error is about: an option's name (`square`, `paper`,
    /// `sides`, `shape`, …), `theme-file`, `lang-file` or `rules-file` for an
    /// uploaded file, or empty when it is about none.
    pub control: String,
}

/// The error, with the control it is about: from the option it names, or
/// for an error in a data file, from the uploaded file it comes from.
fn located(e: Error, r: &Request) -> JobError {
    let uploaded = [
        (&r.theme_file, &r.theme_file_name, "theme-file"),
        (&r.lang_file, &r.lang_file_name, "lang-file"),
        (&r.rules_file, &r.rules_file_name, "rules-file"),
    ];
    let control = match (e.opt(), e.origin()) {
        (Some(opt), _) => {
            use jungle_print::error::Opt;
            let file = |i: usize| !uploaded[i].0.is_empty();
            match opt {
                Opt::Theme if file(0) => "theme-file".to_string(),
                Opt::LangFile => "lang-file".to_string(),
                Opt::Ruleset if file(2) => "rules-file".to_string(),
                Opt::Ruleset => "rules".to_string(),
                other => other.name().to_string(),
            }
        }
        (None, Some(origin)) => uploaded
            .iter()
            .find(|(text, name, _)| !text.is_empty() && *name == origin)
            .map(|(.., control)| control.to_string())
            .unwrap_or_default(),
        // A font or icon a theme names: the uploaded theme, else the look.
        (None, None) if e.theme_key().is_some() => if r.theme_file.is_empty() {
            "theme"
        } else {
            "theme-file"
        }
        .to_string(),
        (None, None) => String::new(),
    };
    JobError {
        message: e.to_string(),
        control,
    }
}

/// A composed set, ready to be drawn as PDF, SVG or PNG.
#[wasm_bindgen]
pub struct Set {
    doc: Document,
    warnings: Vec<String>,
}

#[wasm_bindgen]
impl Set {
    /// Composes the set, or fails with the message the command line prints.
    #[wasm_bindgen(constructor)]
    pub fn new(r: &Request) -> Result<Set, JobError> {
        make(r)
            .map(|(doc, warnings)| Set { doc, warnings })
            .map_err(|e| located(e, r))
    }

    /// What composing noted (labels shrunk to fit, …).
    #[wasm_bindgen(getter)]
    pub fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
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
        jungle_print::render::pdf::render(&self.doc, &Default::default())
            .map_err(|e| JsError::new(&e.to_string()))
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

/// The theme, language pack or ruleset: the uploaded text when there is
/// one, else the built-in one chosen.
fn source(builtin: &str, text: &str, name: &str) -> Source {
    match text {
        "" => Source::builtin(builtin),
        _ => Source::Text {
            name: name.to_string(),
            contents: text.to_string(),
        },
    }
}

/// Composes a set exactly as `jungle-print set` does for the same options:
/// the document and its warnings.
pub fn make(r: &Request) -> Result<(Document, Vec<String>), Error> {
    let set = SetJob {
        square: (r.square > 0.0).then_some(r.square),
        sides: parse_sides(&r.sides, &r.flip)?,
        shape: Shape::parse(&r.shape)?,
        ..SetJob::default()
    };
    let mut job = Job::new(Kind::Set(set));
    job.paper = Paper::parse(&r.paper)?;
    job.inputs.theme = Some(source(&r.theme, &r.theme_file, &r.theme_file_name));
    job.inputs.lang = source(&r.lang, &r.lang_file, &r.lang_file_name);
    job.inputs.ruleset = source(&r.ruleset, &r.rules_file, &r.rules_file_name);
    let made = job.run()?;
    Ok((made.doc, made.warnings))
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

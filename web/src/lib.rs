//! The jungle-print core for the web page: the same library call as the
//! command line's, [`jungle_print::export::export`], behind a small
//! wasm-bindgen interface. Nothing here draws, lays out or renders; it only
//! turns the page's choices into the library's option values and hands
//! back the files the export makes (a split set's too), with the lines
//! that say what they hold.
//!
//! A file made here is byte for byte the file `jungle-print` writes for the
//! same choices (tested in `web/test/api.mjs` and `web/test/e2e.mjs`).

use jungle_print::error::{Error, Opt};
use jungle_print::export::{export, previews, Export};
use jungle_print::input::{Files, Source};
use jungle_print::job::Job;
use jungle_print::options::{self, Doc, Given, Values};
use jungle_print::theme::Theme;
use wasm_bindgen::prelude::*;

/// What the page asks for: the command, its options by the command line's
/// names (`copies`, `back-offset`, `for`, …, read by the library's option
/// table, [`jungle_print::options`]), and the uploaded files.
/// `new Request()` holds the command line's defaults (the whole set).
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct Request {
    /// The command: set, board, counters, rules, box; also poster (`rules
    /// --poster`) and preview (`set --preview`).
    pub command: String,
    /// A theme file's text (used instead of the `theme` option when not empty).
    pub theme_file: String,
    /// The uploaded theme file's name.
    pub theme_file_name: String,
    /// A language pack's text (instead of the `lang` option).
    pub lang_file: String,
    /// The uploaded language pack's name.
    pub lang_file_name: String,
    /// A ruleset file's text (instead of the `ruleset` option).
    pub rules_file: String,
    /// The uploaded ruleset's name.
    pub rules_file_name: String,
    /// The options given, by name, as text, in the order given.
    options: Vec<(String, String)>,
}

#[wasm_bindgen]
impl Request {
    /// The command line's defaults (the whole set).
    #[wasm_bindgen(constructor)]
    pub fn new() -> Request {
        Request {
            command: "set".into(),
            theme_file: String::new(),
            theme_file_name: String::new(),
            lang_file: String::new(),
            lang_file_name: String::new(),
            rules_file: String::new(),
            rules_file_name: String::new(),
            options: Vec::new(),
        }
    }

    /// Gives the option `name` (the command line's flag without its dashes:
    /// `square`, `no-cover`, `for`) the value `value` as the command line
    /// writes it (`30`, `0.5,-1`, `true` for a switch); an empty value
    /// leaves it at its default. Checked when the document is made.
    pub fn set(&mut self, name: String, value: String) {
        self.options.retain(|(n, _)| *n != name);
        if !value.is_empty() {
            self.options.push((name, value));
        }
    }

    /// The value given to option `name`, or empty.
    pub fn get(&self, name: &str) -> String {
        self.options
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
}

impl Default for Request {
    fn default() -> Self {
        Request::new()
    }
}

/// The built-in themes, languages, rulesets and papers, for the page's lists
/// (the words the options table offers for those options).
#[wasm_bindgen]
pub struct Builtins {}

#[wasm_bindgen]
impl Builtins {
    /// The lists, from the library.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Builtins {
        Builtins {}
    }

    /// Built-in theme names.
    #[wasm_bindgen(getter)]
    pub fn themes(&self) -> Vec<String> {
        names(&options::names(Doc::Set, Opt::Theme))
    }

    /// Built-in language codes.
    #[wasm_bindgen(getter)]
    pub fn langs(&self) -> Vec<String> {
        names(&options::names(Doc::Set, Opt::Lang))
    }

    /// Built-in ruleset names.
    #[wasm_bindgen(getter)]
    pub fn rulesets(&self) -> Vec<String> {
        names(&options::names(Doc::Set, Opt::Ruleset))
    }

    /// Named paper sizes.
    #[wasm_bindgen(getter)]
    pub fn papers(&self) -> Vec<String> {
        names(&options::names(Doc::Set, Opt::Paper))
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

/// One option of the library's table ([`jungle_print::options::TABLE`]),
/// for the controls the page makes from it: every command that has it, its
/// first row's value, range, default, label and help.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct OptionInfo {
    /// Its name: the command line's flag without dashes, the request's name.
    pub name: String,
    /// What it takes: switch, number, count, choice, names, path or text.
    pub kind: String,
    /// Its smallest value (numbers), else 0.
    pub min: f64,
    /// Its largest value (numbers; infinite when it has none), else 0.
    pub max: f64,
    /// The unit of its numbers (`mm`), or empty.
    pub unit: String,
    /// Its default as the command line writes it, or empty.
    pub default: String,
    /// The words a choice takes.
    pub choices: Vec<String>,
    /// Each word's help line, same order.
    pub choice_help: Vec<String>,
    /// The page's commands that have it (set, board, counters, rules, box, puzzles).
    pub commands: Vec<String>,
    /// A few words to label its control.
    pub label: String,
    /// Its help line, other options named without braces.
    pub help: String,
    /// True for an option of the writing (format, file, resolution), not of the document.
    pub output: bool,
}

/// Every option of the library's table, once each, in the table's order.
#[wasm_bindgen]
pub fn option_table() -> Vec<OptionInfo> {
    use options::{Doc, Part, Value};
    let mut out: Vec<OptionInfo> = Vec::new();
    for s in options::TABLE {
        let commands: Vec<String> = s
            .docs
            .iter()
            .filter(|d| **d != Doc::Check)
            .map(|d| d.name().to_string())
            .collect();
        if commands.is_empty() {
            continue;
        }
        if let Some(seen) = out.iter_mut().find(|o| o.name == s.opt.name()) {
            seen.commands.extend(commands);
            continue;
        }
        let (kind, choices): (&str, &[(&str, &str)]) = match s.value {
            Value::Switch => ("switch", &[]),
            Value::Number => ("number", &[]),
            Value::Count => ("count", &[]),
            Value::Choice(words) => ("choice", words),
            Value::Names(_) => ("names", &[]),
            Value::Path => ("path", &[]),
            Value::Text => ("text", &[]),
        };
        let (min, max) = s.range.unwrap_or((0.0, 0.0));
        out.push(OptionInfo {
            name: s.opt.name().to_string(),
            kind: kind.to_string(),
            min,
            max,
            unit: s.unit.to_string(),
            default: s.default.unwrap_or_default().to_string(),
            choices: choices.iter().map(|(w, _)| w.to_string()).collect(),
            choice_help: choices.iter().map(|(_, h)| named(h)).collect(),
            commands,
            label: s.label().to_string(),
            help: named(&s.help()),
            output: s.part == Part::Output,
        });
    }
    out
}

/// A language pack's own name for itself (`Français`), for the page's list.
#[wasm_bindgen]
pub fn lang_name(code: &str) -> String {
    #[cfg(feature = "lite")]
    if let Some((_, name)) = LEFT_OUT.iter().find(|(c, _)| *c == code) {
        return name.to_string();
    }
    jungle_print::lang::Lang::builtin(code)
        .map(|l| l.meta.name)
        .unwrap_or_else(|_| code.to_string())
}

/// The names of the packs the first core leaves out (their `meta.name`; the
/// whole core reads them from the packs, and web/test/api.mjs checks that
/// both cores give the same names).
#[cfg(feature = "lite")]
const LEFT_OUT: [(&str, &str); 2] = [("zh-Hant", "繁體中文"), ("zh-Hans", "简体中文")];

/// Why a document could not be made, and which control it is about.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct JobError {
    /// The message: the library's words, as the command line's, with each
    /// option named by its plain name instead of its flag (`square`, not
    /// `--square`).
    pub message: String,
    /// The control the error is about: an option's name as the command line
    /// spells it without dashes (`square`, `paper`, `back-offset`, …),
    /// `theme-file`, `lang-file` or `rules-file` for an uploaded file, or
    /// empty when it is about none.
    pub control: String,
    /// The theme key the error is about (`pictures.rat`, `fonts.text`), or empty.
    pub key: String,
    /// What kind of error it is, for the page to word it in its own language
    /// (see [`reason`] and [`error_kinds`]), or empty for the page's own
    /// refusals (a picture it cannot read).
    pub code: String,
    /// The values the page's words insert for `code`, each made safe as the
    /// messages are ([`said`]).
    pub args: Vec<String>,
}

impl JobError {
    fn plain(e: Error) -> JobError {
        let (code, args) = reason(&e, None);
        JobError {
            key: e.theme_key().unwrap_or_default().to_string(),
            message: said(&plain_message(&e)),
            control: String::new(),
            code,
            args,
        }
    }
}

/// The kind of an error and its values, for the page's words in the page's
/// language (web/www/i18n.js, `errors`): the code is the library's
/// [`Error::kind`], except for a usage error about a number of the options
/// table, which the page words itself: outside its range (`range`: given,
/// smallest, largest, unit; `at-least`: given, smallest, unit) or not a
/// number (`not-number`: given). The values, each made safe as the messages
/// are: a square or counter size outside its range (`square-too-small`:
/// given, smallest, unit; `square-too-large` and `counter-size-out-of-range`
/// as `range`), not a number (`not-a-length`: given), a board or counter too
/// large for the paper (`board-too-large`: square, largest square;
/// `counter-too-large`: size), too many pages (`too-many-pages`: pages,
/// limit; `too-many-sets`: sets, the most that fit), a poster paper too small
/// for the poster (`poster-too-small`: width, height), a poster that cannot
/// be tiled over the sheets (`poster-not-tileable`: the most sheets), a data
/// file's error (`input`: file, line, key); none for the others. The page
/// shows the message (the command line's words) for a kind it has no words for.
pub fn reason(e: &Error, r: Option<&Request>) -> (String, Vec<String>) {
    use jungle_print::error::num;
    let n = |v: f64| num(v);
    let args = match e {
        Error::SquareTooSmall { value, min } => vec![n(*value), n(*min), "mm".into()],
        Error::SquareTooLarge { value, max } => vec![
            n(*value),
            n(jungle_print::limits::MIN_SQUARE),
            n(*max),
            "mm".into(),
        ],
        Error::CounterSizeOutOfRange { value, min, max } => {
            vec![n(*value), n(*min), n(*max), "mm".into()]
        }
        Error::NotALength { value, .. } => vec![n(*value)],
        Error::BoardTooLarge { value, largest, .. } => vec![n(*value), largest.to_string()],
        Error::CounterTooLarge { size, .. } => vec![n(*size)],
        Error::TooManyPages { pages, max } => vec![pages.to_string(), max.to_string()],
        Error::TooManySets { sets, fit, .. } => vec![sets.to_string(), fit.to_string()],
        Error::PosterTooSmall { paper, .. } => vec![n(paper.0), n(paper.1)],
        Error::PosterNotTileable { max_sheets, .. } => vec![max_sheets.to_string()],
        Error::Input {
            origin, line, key, ..
        } => {
            let key = key
                .strip_prefix("key `")
                .and_then(|k| k.split_once('`'))
                .map(|(k, _)| k)
                .unwrap_or_default();
            vec![origin.clone(), line.to_string(), key.to_string()]
        }
        Error::Usage { opt, .. } => match r.and_then(|r| number_refused(*opt, r)) {
            Some((code, args)) => return (code.to_string(), safe(args)),
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    (e.kind().to_string(), safe(args))
}

/// Each value as the messages are made safe ([`said`]).
fn safe(values: Vec<String>) -> Vec<String> {
    values.iter().map(|v| said(v)).collect()
}

/// The page's own kind of a usage error about option `opt`, a number of the
/// options table, and its values: `not-number`, `at-least` or `range` (see
/// [`reason`]); `None` when the number given is within its range.
fn number_refused(opt: Opt, r: &Request) -> Option<(&'static str, Vec<String>)> {
    let spec = options::TABLE.iter().find(|s| s.opt == opt)?;
    let (lo, hi) = spec.range?;
    let given = r.get(opt.name());
    if given.is_empty() {
        return None;
    }
    let numbers: Vec<Option<f64>> = given
        .split(',')
        .map(|t| t.trim().parse::<f64>().ok())
        .collect();
    if numbers.iter().any(|x| x.is_none_or(|x| !x.is_finite())) {
        return Some(("not-number", vec![given]));
    }
    if numbers.iter().flatten().all(|x| (lo..=hi).contains(x)) {
        return None;
    }
    let (n, unit) = (jungle_print::error::num, spec.unit.to_string());
    Some(if hi.is_infinite() {
        ("at-least", vec![given, n(lo), unit])
    } else {
        ("range", vec![given, n(lo), n(hi), unit])
    })
}

/// The kinds of error a [`JobError`] may have (its `code`): the library's
/// ([`jungle_print::error::KINDS`]) and the page's own for a usage error
/// about a number (`range`, `at-least`, `not-number`, see [`reason`]); the
/// page's words are checked against them (web/test/words.mjs).
#[wasm_bindgen]
pub fn error_kinds() -> Vec<String> {
    let page = ["range", "at-least", "not-number"];
    let kinds = jungle_print::error::KINDS.iter().chain(page.iter());
    kinds.map(|k| k.to_string()).collect()
}

/// A message as the page shows it: through the command line's net
/// ([`jungle_print::error::terminal_safe`]: control and invisible or
/// reordering characters escaped, long quotations cut in their middle,
/// continuation lines indented), so that no value in it can reorder or
/// flood the page.
fn said(message: &str) -> String {
    jungle_print::error::terminal_safe(message)
}

/// A message the page words itself (with a file's name, say), made safe as
/// the core's messages are (see [`said`]).
#[wasm_bindgen]
pub fn safe_message(message: &str) -> String {
    said(message)
}

/// The theme key named in an input error's `key `path`: ` prefix.
fn input_key(e: &Error) -> String {
    match e {
        Error::Input { key, .. } => key
            .strip_prefix("key `")
            .and_then(|k| k.split_once('`'))
            .map(|(k, _)| k.to_string())
            .unwrap_or_default(),
        _ => e.theme_key().unwrap_or_default().to_string(),
    }
}

/// The error, with the control it is about: from the option it names, or
/// for an error in a data file, from the uploaded file it comes from.
fn located(e: Error, r: &Request) -> JobError {
    let theme = r.get("theme");
    let theme_is_file = !r.theme_file.is_empty() || theme.contains('/') || theme.ends_with(".toml");
    let uploaded = [
        (&r.theme_file, &r.theme_file_name, "theme-file"),
        (&r.lang_file, &r.lang_file_name, "lang-file"),
        (&r.rules_file, &r.rules_file_name, "rules-file"),
    ];
    let control = match (e.opt(), e.origin()) {
        (Some(opt), _) => {
            let file = |i: usize| !uploaded[i].0.is_empty();
            match opt {
                Opt::Theme if theme_is_file => "theme-file".to_string(),
                Opt::LangFile => "lang-file".to_string(),
                Opt::Ruleset if file(2) => "rules-file".to_string(),
                Opt::Ruleset => "rules".to_string(),
                // The page has one field for the counters' size.
                Opt::CounterSize => "size".to_string(),
                other => other.name().to_string(),
            }
        }
        (None, Some(origin)) => uploaded
            .iter()
            .find(|(text, name, _)| !text.is_empty() && *name == origin)
            .map(|(.., control)| control.to_string())
            .unwrap_or_else(|| {
                if theme_is_file {
                    "theme-file".into()
                } else {
                    String::new()
                }
            }),
        // A font or icon a theme names: the uploaded theme, else the look.
        (None, None) if e.theme_key().is_some() => {
            if theme_is_file { "theme-file" } else { "theme" }.to_string()
        }
        (None, None) => String::new(),
    };
    let (code, args) = reason(&e, Some(r));
    JobError {
        key: input_key(&e),
        message: said(&plain_message(&e)),
        control,
        code,
        args,
    }
}

/// A document exported (any command's, not only the set's): its files in
/// the format asked for, exactly those the command line writes for the same
/// options ([`jungle_print::export::export`]), and what to say about them.
#[wasm_bindgen]
pub struct Set {
    export: Export,
    command_line: Vec<String>,
}

#[wasm_bindgen]
impl Set {
    /// Composes and renders the document, or fails with the message the
    /// command line prints.
    #[wasm_bindgen(constructor)]
    pub fn new(r: &Request) -> Result<Set, JobError> {
        let job = job_of(r).map_err(|e| located(e, r))?;
        let export = export(&job).map_err(|e| located(e, r))?;
        Ok(Set {
            export,
            command_line: job.command_line(),
        })
    }

    /// The pages for the screen ([`jungle_print::export::previews`]): one
    /// SVG per page with live text, whatever the format asked; the command
    /// line and the lines' `what` are those of the files asked for.
    pub fn previews(r: &Request) -> Result<Set, JobError> {
        let job = job_of(r).map_err(|e| located(e, r))?;
        let export = previews(&job).map_err(|e| located(e, r))?;
        Ok(Set {
            export,
            command_line: job.command_line(),
        })
    }

    /// What each document holds, whatever its format (one line per
    /// document: a split set's pieces each have one).
    #[wasm_bindgen(getter)]
    pub fn what(&self) -> Vec<String> {
        self.export.written.iter().map(|w| said(&w.what)).collect()
    }

    /// What composing noted (labels shrunk to fit, …).
    #[wasm_bindgen(getter)]
    pub fn warnings(&self) -> Vec<String> {
        self.export.warnings.iter().map(|w| said(w)).collect()
    }

    /// The theme key each warning is about (empty if none), in the same order.
    #[wasm_bindgen(getter)]
    pub fn warning_keys(&self) -> Vec<String> {
        self.export.warning_keys.clone()
    }

    /// What the files hold, as the command line says it after writing them
    /// (one line per document, then the notes), options named without dashes.
    #[wasm_bindgen(getter)]
    pub fn lines(&self) -> Vec<String> {
        let written = self.export.written.iter().map(|w| w.line.clone());
        let notes = self.export.notes.iter().map(|n| named(n));
        written.chain(notes).map(|l| said(&l)).collect()
    }

    /// The arguments (without the program's name) that make the same file
    /// with the command line, in the folder that holds the in-memory paths.
    #[wasm_bindgen(getter)]
    pub fn command_line(&self) -> Vec<String> {
        self.command_line.clone()
    }

    /// Number of pages.
    #[wasm_bindgen(getter)]
    pub fn pages(&self) -> usize {
        self.export.page_sizes.len()
    }

    /// Page `i`'s printed size in mm, `[width, height]` (bleed included).
    pub fn size(&self, i: usize) -> Vec<f64> {
        let sizes = &self.export.page_sizes;
        let (w, h) = sizes[i.min(sizes.len().saturating_sub(1))];
        vec![w, h]
    }

    /// Number of files.
    #[wasm_bindgen(getter)]
    pub fn files(&self) -> usize {
        self.export.files.len()
    }

    /// File `i`'s name, as the command line names it (`jungle-set-2.svg`).
    pub fn name(&self, i: usize) -> String {
        self.export.files[i]
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// File `i`'s bytes.
    pub fn bytes(&self, i: usize) -> Vec<u8> {
        self.export.files[i].bytes.clone()
    }

    /// File `i` as text (an SVG page).
    pub fn text(&self, i: usize) -> String {
        String::from_utf8_lossy(&self.export.files[i].bytes).into_owned()
    }

    /// The document title.
    #[wasm_bindgen(getter)]
    pub fn title(&self) -> String {
        self.export.title.clone()
    }
}

/// The library's message for `e`, each option named by its plain name
/// (`square`): the command line's words without the dashes.
fn plain_message(e: &Error) -> String {
    e.message(|o| o.name().to_string())
}

/// A library text with the options it names in braces (`{bleed}`) written
/// by name (`bleed`), as the page's messages name them ([`plain_message`]).
fn named(text: &str) -> String {
    jungle_print::error::spelled(text, &|o| o.name().to_string())
}

/// Uploaded TOML text, with its name, if there is any.
fn uploaded(text: &str, name: &str) -> Option<Source> {
    (!text.is_empty()).then(|| Source::Text {
        name: name.to_string(),
        contents: text.to_string(),
    })
}

/// The job the page asks for: the options read by name into the library's
/// [`Values`] and made into the same [`Job`] the command line makes from
/// the same options; uploaded files replace the theme, language pack or
/// ruleset named.
pub fn job_of(r: &Request) -> Result<Job, Error> {
    let (doc, also) = match r.command.as_str() {
        "set" => (Doc::Set, None),
        "preview" => (Doc::Set, Some(Opt::Preview)),
        "board" => (Doc::Board, None),
        "counters" => (Doc::Counters, None),
        "rules" => (Doc::Rules, None),
        "poster" => (Doc::Rules, Some(Opt::Poster)),
        "box" => (Doc::Box, None),
        "puzzles" => (Doc::Puzzles, None),
        other => {
            return Err(Error::usage(
                Opt::Format,
                format!(
                    "unknown command `{}`; expected set, board, counters, rules, poster, box or puzzles",
                    jungle_print::error::User(other)
                ),
            ))
        }
    };
    let mut v = Values::new(doc);
    if let Some(opt) = also {
        v.set(opt, Given::Switch(true));
    }
    for (name, text) in &r.options {
        // The page sends its whole form: options of other commands are left out.
        let Some(spec) = options::of(doc).find(|s| s.opt.name() == name) else {
            if options::TABLE.iter().any(|s| s.opt.name() == name) {
                continue;
            }
            return Err(Error::usage(
                Opt::Format,
                format!("unknown option `{}`", jungle_print::error::User(name)),
            ));
        };
        if v.set_text(spec.opt, text).is_none() {
            return Err(Error::usage(
                spec.opt,
                format!(
                    "`{}` is not a {}",
                    jungle_print::error::User(text),
                    if matches!(spec.value, options::Value::Count) {
                        "whole number"
                    } else {
                        "number"
                    }
                ),
            ));
        }
    }
    let mut job = Job::from_values(&v)?;
    job.inputs.files = files();
    if let Some(t) = uploaded(&r.theme_file, &r.theme_file_name) {
        job.inputs.theme = Some(t);
    }
    if let Some(l) = uploaded(&r.lang_file, &r.lang_file_name) {
        job.inputs.lang = l;
    }
    if let Some(rules) = uploaded(&r.rules_file, &r.rules_file_name) {
        job.inputs.ruleset = rules;
    }
    job.validate()?;
    Ok(job)
}

thread_local! {
    /// The page's in-memory folder: the files it has put there, handed to
    /// the library with every job ([`jungle_print::job::Inputs::files`]).
    static FILES: std::cell::RefCell<Files> = std::cell::RefCell::default();
}

/// The page's in-memory folder as it is now (cheap: the files are shared).
fn files() -> Files {
    FILES.with(|f| f.borrow().clone())
}

/// Puts a file in the in-memory folder (`my-theme/theme.toml`,
/// `my-theme/rat.png`), where themes and fonts are read from.
#[wasm_bindgen]
pub fn put_file(path: String, bytes: Vec<u8>) {
    FILES.with(|f| f.borrow_mut().put(&path, bytes));
}

/// Removes a file from the in-memory folder.
#[wasm_bindgen]
pub fn remove_file(path: String) {
    FILES.with(|f| f.borrow_mut().remove(&path));
}

/// Empties the in-memory folder.
#[wasm_bindgen]
pub fn clear_files() {
    FILES.with(|f| *f.borrow_mut() = Files::default());
}

/// The paths in the in-memory folder.
#[wasm_bindgen]
pub fn list_files() -> Vec<String> {
    files().list()
}

/// One theme key, for the theme panel.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct KeyInfo {
    /// Dotted path, e.g. `board.river`.
    pub path: String,
    /// text, color, mm, number, bool, choice, fonts, picture or theme.
    pub kind: String,
    /// Smallest value (mm and number), else 0.
    pub min: f64,
    /// Largest value (mm and number), else 0.
    pub max: f64,
    /// The words a choice may take.
    pub choices: Vec<String>,
    /// What the key does, one line.
    pub doc: String,
    /// True for a picture that may be framed by hand (its table form `{ file,
    /// crop, zoom, focus }`).
    pub framed: bool,
}

/// Every theme key, in the order of the reference page.
#[wasm_bindgen]
pub fn theme_keys() -> Vec<KeyInfo> {
    use jungle_print::theme::schema::{Kind as K, KEYS};
    KEYS.iter()
        .map(|k| {
            let (kind, min, max, choices) = match k.kind {
                K::Text => ("text", 0.0, 0.0, vec![]),
                K::Color => ("color", 0.0, 0.0, vec![]),
                K::Mm(lo, hi) => ("mm", lo, hi, vec![]),
                // 0 stands for none: the field takes 0 too, the library
                // refuses what lies between 0 and `lo` with its message.
                K::MmOrNone(_, hi) => ("mm", 0.0, hi, vec![]),
                K::Number(lo, hi) => ("number", lo, hi, vec![]),
                K::Bool => ("bool", 0.0, 0.0, vec![]),
                K::Choice(words) => ("choice", 0.0, 0.0, names(words)),
                K::Fonts => ("fonts", 0.0, 0.0, vec![]),
                K::Picture | K::FramedPicture => ("picture", 0.0, 0.0, vec![]),
                K::Theme => ("theme", 0.0, 0.0, vec![]),
            };
            KeyInfo {
                path: k.path.to_string(),
                kind: kind.to_string(),
                min,
                max,
                choices,
                doc: k.doc.to_string(),
                framed: matches!(k.kind, K::FramedPicture),
            }
        })
        .collect()
}

fn flat(pairs: Vec<(String, String)>) -> Vec<String> {
    pairs.into_iter().flat_map(|(k, v)| [k, v]).collect()
}

/// A theme's values after `extends`, flat: `[key, literal, key, literal, …]`.
/// `theme` is a built-in name or a path in the in-memory folder.
#[wasm_bindgen]
pub fn theme_values(theme: String) -> Result<Vec<String>, JobError> {
    let t: Theme = Source::from_arg(&theme)
        .load_in(&files())
        .map_err(JobError::plain)?;
    Ok(flat(jungle_print::theme::edit::values(&t)))
}

/// Any theme colour form as `#rrggbb`; empty when it is not a colour.
#[wasm_bindgen]
pub fn colour_hex(text: String) -> String {
    jungle_print::theme::edit::colour_hex(&text).unwrap_or_default()
}

/// The comment a theme file from the theme maker starts with: how to use it.
const THEME_HEADER: &str = "A jungle-print theme, made with the theme maker.
Use it with: jungle-print set --theme THIS-FILE.toml
Every key is described in themes/README.md (or: jungle-print themes keys).";

/// A readable theme file from the keys and TOML literals the panel holds.
#[wasm_bindgen]
pub fn write_theme(extends: String, keys: Vec<String>, literals: Vec<String>) -> String {
    let pairs: Vec<(String, String)> = keys.into_iter().zip(literals).collect();
    jungle_print::theme::edit::write(THEME_HEADER, &extends, &pairs)
}

/// A theme file's own keys (with `extends`), flat: `[key, literal, …]`.
#[wasm_bindgen]
pub fn read_theme(text: String) -> Result<Vec<String>, JobError> {
    jungle_print::theme::edit::read(&text, "theme.toml")
        .map(flat)
        .map_err(|e| {
            let (code, args) = reason(&e, None);
            JobError {
                key: input_key(&e),
                message: said(&plain_message(&e)),
                control: "theme-file".into(),
                code,
                args,
            }
        })
}

/// The contrast and glyph warnings `jungle-print check` gives for the
/// request's theme (with its language and ruleset), flat: `[key, message, …]`.
#[wasm_bindgen]
pub fn check_theme(r: &Request) -> Result<Vec<String>, JobError> {
    let job = job_of(r).map_err(|e| located(e, r))?;
    let theme = job
        .inputs
        .theme
        .clone()
        .unwrap_or_else(|| Source::builtin(job.purpose.default_theme()));
    let checked = jungle_print::job::check_with_pictures(
        &theme,
        &job.inputs.ruleset,
        Some(&job.inputs.lang),
        None,
        &job.inputs.files,
    )
    .map_err(|e| located(e, r))?;
    Ok(checked
        .warning_keys
        .into_iter()
        .zip(checked.warnings)
        .flat_map(|(k, w)| [k, said(&w)])
        .collect())
}

/// A picture's format, its size in pixels as shown upright (after its EXIF
/// orientation) and its automatic frame (the drawing found in a photo, see
/// `jungle_print::picture::frame`; the whole picture otherwise) as fractions
/// of the upright picture from its top-left corner:
/// `["png"|"jpeg"|"svg", width, height, x, y, w, h]`, or the command line's
/// message when it cannot be used. A drawing (SVG) has no pixels (0 × 0) and
/// the whole frame.
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn picture_info(name: String, bytes: Vec<u8>) -> Result<Vec<String>, JobError> {
    use jungle_print::picture::decode::{decode, sniff, Format};
    use jungle_print::picture::frame::Found;
    let shown = format!("`{}`", jungle_print::error::User(&name));
    let fail = |message: String| JobError {
        message: said(&message),
        control: String::new(),
        key: String::new(),
        code: String::new(),
        args: Vec::new(),
    };
    if bytes.len() as u64 > jungle_print::limits::MAX_PICTURE_BYTES {
        return Err(fail(format!(
            "{shown}: the picture file is {} bytes, larger than the limit of {} bytes",
            bytes.len(),
            jungle_print::limits::MAX_PICTURE_BYTES
        )));
    }
    match sniff(&bytes) {
        Format::Svg => {
            let text = String::from_utf8(bytes).map_err(|_| {
                fail(format!(
                    "{shown}: the SVG file is not UTF-8 text; save it with the UTF-8 encoding"
                ))
            })?;
            // Checked as the command line reads it; a drawing has no pixels (0 × 0).
            jungle_print::icons::Icon::parse(text.trim_start_matches('\u{feff}'), &shown)
                .map_err(fail)?;
            Ok(["svg", "0", "0", "0", "0", "1", "1"]
                .map(String::from)
                .to_vec())
        }
        Format::Png | Format::Jpeg => {
            let kind = if sniff(&bytes) == Format::Png {
                "png"
            } else {
                "jpeg"
            };
            let r = decode(&bytes, &shown, Default::default()).map_err(fail)?;
            // As shown: a portrait photo stored turned (EXIF) is taller than wide.
            let (w, h) = r.shown_size();
            let auto = match jungle_print::picture::framed::drawing_box(&r).map_err(fail)? {
                Found::Drawing([x, y, bw, bh]) => {
                    let (w, h) = (f64::from(w.max(1)), f64::from(h.max(1)));
                    [x / w, y / h, bw / w, bh / h]
                }
                Found::Whole | Found::GaveUp(_) => [0.0, 0.0, 1.0, 1.0],
            };
            let mut out = vec![kind.to_string(), w.to_string(), h.to_string()];
            out.extend(auto.iter().map(|f| f.to_string()));
            Ok(out)
        }
        Format::Other(what) => Err(fail(format!(
            "{shown} is {what}, not a picture this program reads; give a PNG, JPEG or SVG file"
        ))),
    }
}

/// What the automatic framing saw in a PNG or JPEG photo, as bytes for
/// [`take_picture_look`] in another worker (see
/// `jungle_print::picture::framed::look_bytes`): the page looks at photos in
/// two workers at once. Empty when there is nothing to hand over (not a
/// photo, or a picture the core cannot read: `picture_info` says why).
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn picture_look(bytes: Vec<u8>) -> Vec<u8> {
    use jungle_print::picture::decode::decode;
    if bytes.len() as u64 > jungle_print::limits::MAX_PICTURE_BYTES {
        return Vec::new();
    }
    decode(&bytes, "picture", Default::default())
        .ok()
        .and_then(|r| jungle_print::picture::framed::look_bytes(&r).ok().flatten())
        .unwrap_or_default()
}

/// Keeps `look` (from [`picture_look`] in another worker, for the same
/// picture `bytes`) as this core's own look at the picture, so that it is
/// not looked at again; false when it was not taken.
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn take_picture_look(bytes: Vec<u8>, look: Vec<u8>) -> bool {
    use jungle_print::picture::decode::decode;
    if look.is_empty() || bytes.len() as u64 > jungle_print::limits::MAX_PICTURE_BYTES {
        return false;
    }
    decode(&bytes, "picture", Default::default())
        .is_ok_and(|r| jungle_print::picture::framed::take_look(&r, &look))
}

/// Frames picture `bytes` as a theme naming it without a frame would, with
/// the theme's `pictures.background` (`"white"`, `"keep"` or `"remove"`),
/// and keeps the result for the pages made next (see
/// `jungle_print::picture::load::frame_ahead`): the page frames each photo
/// as it comes. False when it could not (the pages say why).
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn frame_ahead(bytes: Vec<u8>, background: String) -> bool {
    use jungle_print::theme::Background;
    let background = match background.as_str() {
        "keep" => Background::Keep,
        "remove" => Background::Remove,
        _ => Background::White,
    };
    bytes.len() as u64 <= jungle_print::limits::MAX_PICTURE_BYTES
        && jungle_print::picture::load::frame_ahead(&bytes, background)
}

/// A picture key's TOML literal (`"rat.jpg"` or `{ file = "rat.jpg", crop =
/// [x, y, w, h], zoom = 1.2, focus = [x, y] }`) as its parts:
/// `[file, "auto"|"whole", crop, zoom, focus]`, the crop and focus as
/// comma-separated fractions of the upright picture and each part empty
/// when not given; empty when the literal is neither form.
#[wasm_bindgen]
pub fn picture_parts(literal: String) -> Vec<String> {
    let Some(p) = jungle_print::theme::edit::picture_ref(&literal) else {
        return Vec::new();
    };
    let list = |v: &[f64]| v.iter().map(f64::to_string).collect::<Vec<_>>().join(",");
    let f = p.frame;
    vec![
        p.file,
        f.start.name().to_string(),
        f.crop.map(|c| list(&c)).unwrap_or_default(),
        f.zoom.map(|z| z.to_string()).unwrap_or_default(),
        f.focus.map(|c| list(&c)).unwrap_or_default(),
    ]
}

/// The TOML literal of picture `file` framed by hand: `crop` `[x, y, w, h]`
/// and `focus` `[x, y]` as fractions of the upright picture (empty: not
/// given), `zoom` (0: not given); the plain string when nothing is given.
#[wasm_bindgen]
pub fn picture_literal(file: String, crop: Vec<f64>, zoom: f64, focus: Vec<f64>) -> String {
    use jungle_print::theme::{Frame, PictureRef};
    let frame = Frame {
        crop: <[f64; 4]>::try_from(crop.as_slice()).ok(),
        zoom: (zoom > 0.0).then_some(zoom),
        focus: <[f64; 2]>::try_from(focus.as_slice()).ok(),
        ..Frame::default()
    };
    jungle_print::theme::edit::picture_literal(&PictureRef { file, frame })
}

/// The part of the upright picture a frame shows (`crop` `[x, y, w, h]`,
/// `zoom`, `focus` `[x, y]`, fractions; empty or 0 when not given), as the
/// library computes it (`jungle_print::picture::frame::frame_box`):
/// `[x, y, w, h]` in fractions. The page computes the same while a picture
/// is dragged; `web/test/api.mjs` compares the two.
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn frame_fractions(crop: Vec<f64>, zoom: f64, focus: Vec<f64>) -> Vec<f64> {
    use jungle_print::theme::{Frame, FrameStart};
    let frame = Frame {
        start: FrameStart::Whole,
        crop: <[f64; 4]>::try_from(crop.as_slice()).ok(),
        zoom: (zoom > 0.0).then_some(zoom),
        focus: <[f64; 2]>::try_from(focus.as_slice()).ok(),
    };
    jungle_print::picture::frame::frame_box(&frame, None, 1, 1).to_vec()
}

/// Hands over the whole Jungle Kai (`fonts/JungleKai-Regular.ttf`, fetched by
/// the page): the sets made from now on use it instead of the bundled core,
/// which draws only the English and French sets. False when the bytes are not
/// a font.
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn load_kai(bytes: Vec<u8>) -> bool {
    jungle_print::text::set_kai(Box::leak(bytes.into_boxed_slice()))
}

/// Hands over a word list (`lang/words/NAME.tsv`, fetched by the page before
/// its first Chinese set): `name` is `zh-Hant` or `zh-Hans`. False when the
/// name is another or the bytes are not UTF-8 text.
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn load_words(name: &str, bytes: Vec<u8>) -> bool {
    match String::from_utf8(bytes) {
        Ok(text) => jungle_print::lang::words::set_list(name, Box::leak(text.into_boxed_str())),
        Err(_) => false,
    }
}

/// Hands over a built-in pack's braille (`lang/braille/CODE.toml`, fetched by
/// the page before its first tactile or braille file). False when it is not
/// that pack's braille file.
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn load_braille(code: &str, bytes: Vec<u8>) -> bool {
    std::str::from_utf8(&bytes)
        .is_ok_and(|text| jungle_print::lang::braille::set_builtin(code, text))
}

/// True: this is the page's first core (feature `lite`, see
/// `jungle_print::lite`). Its export tells web/wasm-link.sh which core it
/// links: only the first core's tables of other fonts are left out.
#[cfg(feature = "lite")]
#[wasm_bindgen]
pub fn first_core() -> bool {
    true
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
    PANIC.with(|p| said(&std::mem::take(&mut *p.borrow_mut())))
}

/// Panics on purpose: the browser test checks that the page survives it.
#[wasm_bindgen]
pub fn panic_for_test() {
    panic!("a deliberate panic, to test that the page survives one");
}

/// Hands over the print shop's colour profile (the file
/// `profiles/coated-fogra39.icc`, which the page fetches only for a print
/// shop's PDF). False when the bytes are not that profile.
#[cfg(not(feature = "lite"))]
#[wasm_bindgen]
pub fn load_output_profile(bytes: Vec<u8>) -> bool {
    jungle_print::picture::profile::set_output_profile(Box::leak(bytes.into_boxed_slice()))
}

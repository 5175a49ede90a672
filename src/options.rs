//! Every option, defined once.
//!
//! [`TABLE`] lists each option of the five commands that make a document
//! (`set`, `board`, `counters`, `rules`, `box`) and of `check`: the [`Opt`]
//! it is (whose [`Opt::name`] is its long flag without the dashes and the
//! web page's field), what value it takes, its default, its range and unit,
//! its help line and the commands that have it. From this one table come:
//!
//! - the command line's arguments, help, shell completions and man pages
//!   (`src/cli/args.rs` builds clap's arguments from it);
//! - the help's ranges ([`Spec::help`] writes `{range}` from [`Spec::range`]);
//! - the values a front end hands over ([`Values`], filled from clap's
//!   matches or from the web page's form by option name) and the typed job
//!   made from them ([`crate::job::Job::from_values`]);
//! - the ranges the job checks ([`Spec::range`], [`range`]);
//! - the equivalent command line ([`command_line`], behind
//!   [`crate::job::Job::command_line`]).
//!
//! Adding an option: a row here (and an [`Opt`] variant), then the code that
//! uses it (its field, named with its option in `src/job/values.rs`, from
//! which `Job::from_values` and `Job::values` are both made).
//! An option whose help or default differs between commands has one row per
//! variant, each with its commands.
//!
//! Lengths are in mm. Nothing here parses a command line, and help lines
//! name other options in braces (`{paper}`); the only flags written here are
//! [`command_line`]'s: `--` and [`Opt::name`].

use std::path::PathBuf;

use crate::error::Opt;
use crate::limits::{MAX_BLEED, MAX_COPIES, MAX_MARGIN, MAX_SQUARE, MIN_SQUARE};

/// The commands that make a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Doc {
    /// The whole set (and its contact sheet, `preview`).
    Set,
    /// The board.
    Board,
    /// The counters.
    Counters,
    /// The rules handout (or poster).
    Rules,
    /// A sheet of puzzles with their solutions.
    Puzzles,
    /// The box.
    Box,
    /// `check`, which makes no document but reads a theme, a language pack
    /// and a ruleset as printing would.
    Check,
}

impl Doc {
    /// The command's name: `set`, `board`, `counters`, `rules`, `box`, `check`.
    pub fn name(self) -> &'static str {
        match self {
            Doc::Set => "set",
            Doc::Board => "board",
            Doc::Counters => "counters",
            Doc::Rules => "rules",
            Doc::Puzzles => "puzzles",
            Doc::Box => "box",
            Doc::Check => "check",
        }
    }

    /// Every command that makes a document, in the order of the help.
    pub const ALL: [Doc; 6] = [
        Doc::Set,
        Doc::Board,
        Doc::Counters,
        Doc::Rules,
        Doc::Box,
        Doc::Puzzles,
    ];
}

/// What an option takes.
#[derive(Debug, Clone, Copy)]
pub enum Value {
    /// Nothing: the option is given or not.
    Switch,
    /// A number (a length in mm, dots per inch).
    Number,
    /// A whole number.
    Count,
    /// One of a few words, each with its help line.
    Choice(&'static [(&'static str, &'static str)]),
    /// Free text (a name or a file) whose built-in names are offered by help
    /// and completion; anything else is checked when it is used.
    Names(fn() -> Vec<&'static str>),
    /// A file or a folder.
    Path,
    /// Free text (a paper, `X,Y`).
    Text,
}

/// Which values that start with `-` an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dash {
    /// None: `-x` is the next option.
    No,
    /// Negative numbers (`-3`), so that they are refused with the range.
    Negative,
    /// Any (`-`, `-3`, `-0.5,1`).
    Any,
}

/// An option's help line: fixed, or made from the built-in lists. Another
/// option is named in braces, `{paper}`: the front end writes it its way
/// (the command line as `--paper`, [`Help::text`]'s caller).
#[derive(Debug, Clone, Copy)]
pub enum Help {
    /// Fixed text.
    Text(&'static str),
    /// Made when asked (names the built-in rulesets).
    Made(fn() -> String),
}

impl Help {
    /// The text.
    pub fn text(self) -> String {
        match self {
            Help::Text(t) => t.to_string(),
            Help::Made(f) => f(),
        }
    }
}

/// Where an option's value goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Into the job: it changes the pages (and the equivalent command line).
    Job,
    /// Into the writing of the file (format, file name, SVG text, PNG
    /// resolution): the front end's, not the job's.
    Output,
}

/// One option of one or more commands.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The option; its flag is `--` and [`Opt::name`].
    pub opt: Opt,
    /// A one-letter flag (`-o`), if any.
    pub short: Option<char>,
    /// The value's placeholder in the help (`MM`, `N`, `PAPER`); empty for a switch.
    pub value_name: &'static str,
    /// What it takes.
    pub value: Value,
    /// The value when it is not given, as the command line writes it.
    pub default: Option<&'static str>,
    /// The smallest and largest value accepted (numbers), checked by the job
    /// and written into the help where it says `{range}` ([`Spec::help`]).
    pub range: Option<(f64, f64)>,
    /// The unit of its numbers in the help (`mm`), or "" for a count.
    pub unit: &'static str,
    /// Given without a flag, by its place (`check`'s file).
    pub positional: bool,
    /// Values starting with `-` it takes.
    pub dash: Dash,
    /// Its help line (options named in braces: `{paper}`, its range as
    /// `{range}`), as [`Spec::help`] writes it.
    pub help: Help,
    /// Where its value goes.
    pub part: Part,
    /// The commands that have it.
    pub docs: &'static [Doc],
    /// A few words that label its control in a form (the web page's), if
    /// the help line's first words do not ([`Spec::label`]).
    pub label: Option<&'static str>,
}

const ALL: &[Doc] = &Doc::ALL;
/// The puzzles' difficulties (see [`crate::play::puzzles::Difficulty`]).
const DIFFICULTIES: &[(&str, &str)] = &[
    ("easy", "Win in one move, which capture is allowed; two or three animals a side"),
    (
        "medium",
        "Win in one move, save your elephant, which capture is allowed; three to five animals a side",
    ),
    (
        "hard",
        "Win in two moves, save your elephant; three to five animals a side",
    ),
];

const SIDES: &[(&str, &str)] = &[
    ("single", "Fronts only"),
    (
        "fold",
        "Each front beside its back with a fold line: for single-sided printers",
    ),
    (
        "duplex",
        "Fronts on odd pages, backs on even pages: for double-sided printing",
    ),
];
const FLIPS: &[(&str, &str)] = &[
    (
        "long-edge",
        "Turned over the long edge (the usual default of printers)",
    ),
    ("short-edge", "Turned over the short edge"),
];
const PHONETICS: &[(&str, &str)] = &[
    ("none", "The characters alone: no reading beside or under them"),
    (
        "zhuyin",
        "Zhuyin beside every character of the handout and the poster, and the animals' characters (zh-Hant only)",
    ),
    (
        "pinyin",
        "Pinyin over every character of the handout and the poster, and under the animals' characters (zh-Hans only)",
    ),
];
/// A format a document is written in: the value of the `format` option.
/// Everything a format is besides its drawing is its row in [`FORMATS`];
/// its drawing is its arm in `crate::export` (see ARCHITECTURE.md, "A new
/// output format").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// One PDF with every page.
    Pdf,
    /// One SVG per page.
    Svg,
    /// One PNG picture per page.
    Png,
    /// The rules in braille: a BRF file (ASCII braille), made from the
    /// rules' words, not from the drawn pages.
    Brf,
    /// The rules as one web page (the `rules` command only).
    Html,
    /// The tactile board or counters for a 3-D printer: a 3MF file, made
    /// from the job's solid model, not from the drawn pages.
    ThreeMf,
}

/// One format's row: its word (the `format` value and the file extension),
/// its help line, and whether it is written one file per page (`NAME.svg`,
/// `NAME-2.svg`, …) or as one file.
#[derive(Debug, Clone, Copy)]
pub struct FormatRow {
    /// The format.
    pub format: Format,
    /// The `format` option's value and the file's extension.
    pub name: &'static str,
    /// The help line of that value.
    pub help: &'static str,
    /// One file per page (else one file holds every page).
    pub per_page: bool,
}

/// Every format, in the order of the help; the first is the default.
pub const FORMATS: &[FormatRow] = &[
    FormatRow {
        format: Format::Pdf,
        name: "pdf",
        help: "One PDF with every page",
        per_page: false,
    },
    FormatRow {
        format: Format::Svg,
        name: "svg",
        help: "One SVG per page (NAME-2.svg, … after the first)",
        per_page: true,
    },
    FormatRow {
        format: Format::Png,
        name: "png",
        help: "One PNG picture per page (NAME-2.png, … after the first), at {dpi}",
        per_page: true,
    },
    FormatRow {
        format: Format::Brf,
        name: "brf",
        help: "The rules only, in braille (liblouis's translation of the language pack): a BRF file of 40 cells by 25 lines a page, for a braille embosser or display",
        per_page: false,
    },
    FormatRow {
        format: Format::Html,
        name: "html",
        help: "The rules as one web page, diagrams described for screen readers (rules only)",
        per_page: false,
    },
    FormatRow {
        format: Format::ThreeMf,
        name: "3mf",
        help: "The tactile board or counters for a 3-D printer (board or counters with {for} tactile): a 3MF file in millimetres, one named object per tile or counter",
        per_page: false,
    },
];

/// The `format` option's words and help lines, from [`FORMATS`].
const FORMAT_CHOICES: &[(&str, &str)] = &{
    let mut out = [("", ""); FORMATS.len()];
    let mut i = 0;
    while i < FORMATS.len() {
        out[i] = (FORMATS[i].name, FORMATS[i].help);
        i += 1;
    }
    out
};

impl Format {
    /// Its row in [`FORMATS`].
    pub fn row(self) -> &'static FormatRow {
        FORMATS
            .iter()
            .find(|r| r.format == self)
            .unwrap_or(&FORMATS[0])
    }

    /// Its word: the `format` value and the file extension (`pdf`).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// True when it is written one file per page.
    pub fn per_page(self) -> bool {
        self.row().per_page
    }

    /// The format named `name` (any case), if any.
    pub fn parse(name: &str) -> Option<Format> {
        FORMATS
            .iter()
            .find(|r| r.name.eq_ignore_ascii_case(name))
            .map(|r| r.format)
    }

    /// Every format's word, for messages: `pdf, svg or png`.
    pub fn names() -> String {
        let names: Vec<&str> = FORMATS.iter().map(|r| r.name).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }
}

const PURPOSES: &[(&str, &str)] = &[
    (
        "home",
        "A home or office printer (colour or black and white)",
    ),
    (
        "print-shop",
        "A print shop: PDF/X-4, CMYK, die line in the CutContour spot colour",
    ),
    (
        "laser",
        "A laser cutter or engraver (LightBurn, xTool, Glowforge conventions)",
    ),
    (
        "tactile",
        "Swell paper, for blind and low-vision players (board, counters, set): textured squares, braille, notched rims",
    ),
];

/// The counters' shapes, for completion.
fn shape_names() -> Vec<&'static str> {
    vec!["circle", "square", "rounded", "octagon"]
}

fn theme_names() -> Vec<&'static str> {
    crate::theme::BUILTIN.iter().map(|(n, _)| *n).collect()
}

fn lang_names() -> Vec<&'static str> {
    crate::lang::BUILTIN.iter().map(|(n, _)| *n).collect()
}

fn ruleset_names() -> Vec<&'static str> {
    crate::play::rules::BUILTIN
        .iter()
        .map(|(n, _)| *n)
        .collect()
}

fn paper_names() -> Vec<&'static str> {
    crate::layout::paper::NAMED
        .iter()
        .map(|(n, ..)| *n)
        .collect()
}

fn ruleset_help() -> String {
    format!(
        "Ruleset: a built-in preset ({}) or a .toml file; sets the ranks printed",
        crate::play::rules::builtin_names()
    )
}

fn check_ruleset_help() -> String {
    format!(
        "Ruleset to check and compose with: a built-in preset ({}) or a .toml file",
        crate::play::rules::builtin_names()
    )
}

/// A row with the defaults of most: a job option of every command, no
/// short flag, no default, no range, no dash; the methods below change one
/// of these each, so that a row of [`TABLE`] says only how it differs.
const fn row(opt: Opt, value_name: &'static str, value: Value, help: &'static str) -> Spec {
    Spec {
        opt,
        short: None,
        value_name,
        value,
        default: None,
        range: None,
        unit: "",
        positional: false,
        dash: Dash::No,
        help: Help::Text(help),
        part: Part::Job,
        docs: ALL,
        label: None,
    }
}

/// A switch of `docs`.
const fn switch(opt: Opt, help: &'static str, docs: &'static [Doc]) -> Spec {
    row(opt, "", Value::Switch, help).of(docs)
}

/// A number of `unit` (a length in mm, dots per inch with ""), within
/// `range`, that may be written with a leading `-` as `dash` says.
const fn number(
    opt: Opt,
    value_name: &'static str,
    range: (f64, f64),
    unit: &'static str,
    dash: Dash,
    help: &'static str,
) -> Spec {
    row(opt, value_name, Value::Number, help)
        .range(range.0, range.1, unit)
        .dash(dash)
}

/// How many sets, 1 to [`MAX_COPIES`], with the default 1.
const fn copies(dash: Dash, help: &'static str, docs: &'static [Doc]) -> Spec {
    row(Opt::Copies, "N", Value::Count, help)
        .range(1.0, MAX_COPIES as f64, "")
        .dash(dash)
        .or("1")
        .of(docs)
}

impl Spec {
    /// Only in `docs`.
    const fn of(self, docs: &'static [Doc]) -> Spec {
        Spec { docs, ..self }
    }

    /// With the default `d`, as the command line writes it.
    const fn or(self, d: &'static str) -> Spec {
        Spec {
            default: Some(d),
            ..self
        }
    }

    /// Taking values that start with `-` as `dash` says.
    const fn dash(self, dash: Dash) -> Spec {
        Spec { dash, ..self }
    }

    /// A number of unit `unit` (a count, with ""), from `lo` to `hi`.
    const fn range(self, lo: f64, hi: f64, unit: &'static str) -> Spec {
        Spec {
            range: Some((lo, hi)),
            unit,
            ..self
        }
    }

    /// Labelled `label` in a form.
    const fn labelled(self, label: &'static str) -> Spec {
        Spec {
            label: Some(label),
            ..self
        }
    }

    /// Read by the writing of the file, not by the job ([`Part::Output`]).
    const fn output(self) -> Spec {
        Spec {
            part: Part::Output,
            ..self
        }
    }
}

use Dash::{Any, Negative};
use Value::{Choice, Names, Path, Text};

/// Every option, in the order of the help (shared options first). One row
/// an option of the commands it names ([`Spec::of`]), written with [`row`],
/// [`switch`] or [`number`] and the methods that change one thing each.
#[rustfmt::skip]
pub const TABLE: &[Spec] = &[
    row(Opt::Paper, "PAPER", Names(paper_names), "Paper: a4, a3, a5, letter, legal, tabloid, b4, or WIDTHxHEIGHT in mm (e.g. 300x400)")
        .or("a4").dash(Any),
    row(Opt::Lang, "LANG", Names(lang_names), "Label language: en, fr, zh-Hant, zh-Hans").or("en"),
    row(Opt::LangFile, "FILE", Path, "A language pack file, used instead of {lang}"),
    row(Opt::Phonetic, "GUIDE", Choice(PHONETICS), "The reading printed with the Chinese characters, instead of the language pack's (meta.phonetic)"),
    row(Opt::Theme, "THEME", Names(theme_names), "Theme: classic, traditional, ink-saver, high-contrast, kids, picture-book, or a .toml file. [default: classic; ink-saver with {for} laser]"),
    row(Opt::Pictures, "DIR", Path, "A folder of pictures, one per animal (elephant.png, lion.jpg, tiger.svg, …: PNG, JPEG or SVG), shown big on the counters and start squares with the rank as dots, over the chosen theme"),
    Spec { help: Help::Made(ruleset_help), ..row(Opt::Ruleset, "RULES", Names(ruleset_names), "").or("standard") },
    row(Opt::Format, "FORMAT", Choice(FORMAT_CHOICES), "Output format; by default taken from the output file's extension, else PDF")
        .output(),
    Spec { short: Some('o'), ..row(Opt::Output, "FILE", Path, "Output file (`-` for standard output)").output() },
    switch(Opt::LiveText, "SVG only: keep text as editable <text> (needs the fonts installed) instead of outlines", ALL)
        .output(),
    row(Opt::Purpose, "WHO", Choice(PURPOSES), "Who the file is for: a home printer; a print shop (a PDF/X-4 in CMYK, the die line in the spot colour CutContour, marks in All; add {bleed} 3); or a laser cutter (board, counters, box: red 0.01 mm cut lines, blue score lines, black engraving, text as outlines, counters packed tight on the {paper}, i.e. the material size)")
        .or("home"),
    number(Opt::Kerf, "MM", (0.0, crate::limits::MAX_KERF), "mm", Negative, "Laser only: width of the cut ({range}); cut lines move out by half of it so pieces come out at their size")
        .or("0"),
    number(Opt::Dpi, "DPI", crate::limits::PNG_DPI, "", Negative, "PNG only: resolution in dots per inch ({range})")
        .or("150").output(),
    number(Opt::Bleed, "MM", (0.0, MAX_BLEED), "mm", Negative, "Bleed for print shops, {range}: board and counter colours run this far past their cut edges, and each page grows by as much on every side (the PDF's TrimBox is the paper, its BleedBox the paper plus bleed)")
        .or("0"),
    number(Opt::Margin, "MM", (0.0, MAX_MARGIN), "mm", Negative, "Margin on every edge of the paper, {range}, instead of the theme's (page.margin): nothing is printed outside it; a board, counters and rules fit inside what is left")
        .labelled("Page margin, mm (empty: the look's)"),
    // set
    row(Opt::Sides, "SIDES", Choice(SIDES), "Counters: single, fold or duplex").or("fold").of(&[Doc::Set]),
    row(Opt::Flip, "FLIP", Choice(FLIPS), "Duplex only: long-edge or short-edge").or("long-edge").of(&[Doc::Set]),
    row(Opt::Shape, "SHAPE", Names(shape_names), "Counter outline: circle, square, rounded, octagon").or("circle").of(&[Doc::Set]),
    number(Opt::Square, "MM", (MIN_SQUARE, MAX_SQUARE), "mm", Negative, "Side of one board square, {range} (default: the theme's board.square, else the largest that fits one sheet); a board too large for the paper is tiled over several sheets with glue strips and an assembly map")
        .of(&[Doc::Set]),
    number(Opt::CounterSize, "MM", (crate::limits::MIN_COUNTER_SIZE, f64::INFINITY), "mm", Any, "Counter size (diameter or width), {range}, for the counter sheets and the box that holds them; the board keeps its squares. Default: 85 % of the board square")
        .of(&[Doc::Set]),
    switch(Opt::NoCover, "Leave out the cover page (contents, how to print and assemble, page previews)", &[Doc::Set]),
    switch(Opt::NoBox, "Leave out the box", &[Doc::Set]),
    switch(Opt::Poster, "Add the one-page rules poster after the rules handout", &[Doc::Set]),
    row(Opt::PosterPaper, "PAPER", Names(paper_names), "Add the rules poster sized for this paper (implies {poster}): one page when a {paper} sheet holds it, else tiled over {paper} sheets with glue strips, cut lines, scale bars and an assembly map (e.g. `{paper} a4 {poster-paper} a2`: an A2 poster on A4 sheets). A class set has one poster")
        .of(&[Doc::Set]),
    copies(Any, "Whole sets in one file (a class set, {range}): board, counters, rules and box repeated, each page marked with its set number; the cover comes once. The preview shows one set", &[Doc::Set]),
    switch(Opt::Split, "Write one file per piece, for print shops that price them apart, named after {output}: jungle-set-board.pdf, jungle-set-counters.pdf and jungle-set-box.pdf (card), jungle-set-rules.pdf (plain paper: the rules, the poster, the box's steps). The cover, which speaks of the one file's pages, is left out", &[Doc::Set]),
    switch(Opt::Preview, "Write one PNG contact sheet of every page (jungle-set-preview.png, at {dpi}) instead of the set itself", &[Doc::Set]),
    // box
    number(Opt::Size, "MM", (crate::limits::MIN_COUNTER_SIZE, crate::limits::MAX_BOX_COUNTER_SIZE), "mm", Negative, "Size of the counters it holds, {range}; default: the counters' default on this paper")
        .of(&[Doc::Box]),
    copies(Dash::No, "Sets of counters it holds, {range}", &[Doc::Box]),
    row(Opt::Sides, "SIDES", Choice(SIDES), "How the counters were made (fold-over counters are two layers thick)").or("fold").of(&[Doc::Box]),
    number(Opt::Card, "MM", crate::limits::CARD_THICKNESS, "mm", Negative, "Thickness of the card the box and counters are made of, {range}").or("0.35").of(&[Doc::Box]),
    // rules
    switch(Opt::Poster, "The whole game on one sheet for a wall or a table (A4 to A2; the type grows with the paper) instead of the handout", &[Doc::Rules]),
    row(Opt::Tile, "PAPER", Names(paper_names), "With {poster}: print the poster sized for {paper} over sheets of this size, with overlapping glue strips, cut lines, scale bars and an assembly map (e.g. `{paper} a2 {tile} a4`: an A2 poster on eight A4 sheets)")
        .of(&[Doc::Rules]),
    // puzzles
    row(Opt::Count, "N", Value::Count, "How many puzzles, {range}: twelve to a page, each page followed by its solutions (the back of the sheet when printed double-sided)")
        .range(1.0, crate::limits::MAX_PUZZLES as f64, "").or("12").of(&[Doc::Puzzles]),
    row(Opt::Difficulty, "LEVEL", Choice(DIFFICULTIES), "easy, medium or hard").or("easy").of(&[Doc::Puzzles]),
    row(Opt::Seed, "N", Value::Count, "The number the puzzles are made from, {range}: the same seed gives the same sheet, another seed other puzzles")
        .range(0.0, crate::limits::MAX_SEED as f64, "").or("1").of(&[Doc::Puzzles]),
    // counters
    number(Opt::Size, "MM", (crate::limits::MIN_COUNTER_SIZE, f64::INFINITY), "mm", Any, "Counter size (diameter or width), {range}; default: 85 % of the board square on the same paper")
        .of(&[Doc::Counters]),
    row(Opt::Shape, "SHAPE", Names(shape_names), "Outline: circle, square, rounded, octagon").or("circle").of(&[Doc::Counters]),
    row(Opt::Sides, "SIDES", Choice(SIDES), "single, fold or duplex").or("single").of(&[Doc::Counters]),
    row(Opt::Flip, "FLIP", Choice(FLIPS), "Duplex only: long-edge or short-edge").or("long-edge").of(&[Doc::Counters]),
    copies(Any, "Number of full sets of 16 (extra sets are spares), {range}", &[Doc::Counters]),
    switch(Opt::CropMarks, "Add crop marks at each counter's corners", &[Doc::Counters]),
    switch(Opt::SharedCuts, "Laser, square counters: pack them edge to edge so neighbours share one cut line (half the cutting, no waste between pieces)", &[Doc::Counters]),
    row(Opt::BackOffset, "X,Y", Text, "Duplex only: move every back by X,Y mm ({range} each) to correct the printer's drift (e.g. 0.5,-1). Directions as seen from the front, holding the sheet to the light: positive X moves the backs right, positive Y moves them down")
        .range(-crate::limits::MAX_BACK_OFFSET, crate::limits::MAX_BACK_OFFSET, "mm").dash(Any).of(&[Doc::Counters]),
    switch(Opt::NoBackTitle, "Leave the game's name off the backs", &[Doc::Counters]),
    // board
    number(Opt::Square, "MM", (MIN_SQUARE, MAX_SQUARE), "mm", Any, "Side of one square, {range} (default: the theme's board.square, else the largest whole millimetre that fits the paper)")
        .of(&[Doc::Board]),
    switch(Opt::NoCoordinates, "Leave out the a–g / 1–9 coordinates", &[Doc::Board]),
    row(Opt::Tile, "PAPER", Names(paper_names), "Print the board sized for {paper} over sheets of this size, tiled with glue strips (e.g. `{paper} a3 {tile} a4`: an A3 board on A4 sheets). A {square} too large for {paper} tiles over {paper} sheets without this option")
        .of(&[Doc::Board]),
    switch(Opt::CropMarks, "Add crop marks at the board's corners, outside any bleed (a board on one sheet; with {for} print-shop it always has them, and its die line)", &[Doc::Board]),
    // check
    Spec { positional: true, ..row(Opt::Check, "FILE", Text, "A theme, language pack or ruleset (.toml, told apart by its sections), or a built-in theme name").or("classic").of(&[Doc::Check]) },
    row(Opt::Theme, "THEME", Names(theme_names), "The theme whose fonts and colours a language pack or ruleset is checked against (default: classic), or a theme to check instead of FILE")
        .of(&[Doc::Check]),
    row(Opt::Lang, "LANG", Names(lang_names), "Check with this language only (default: all four built-in languages)").of(&[Doc::Check]),
    row(Opt::LangFile, "FILE", Path, "A language pack file to check (with the theme)").of(&[Doc::Check]),
    row(Opt::Pictures, "DIR", Path, "A folder of pictures, one per animal, laid over the theme as a set lays it: prints each photo's automatic frame as the theme line that writes it (`pictures.rat = { file = \"rat.jpg\", crop = [x, y, w, h] }`, fractions of the upright photo), and warns about a frame that is nearly the whole photo or a sheet with more than one drawing").of(&[Doc::Check]),
    Spec { help: Help::Made(check_ruleset_help), ..row(Opt::Ruleset, "RULES", Names(ruleset_names), "").or("standard").of(&[Doc::Check]) },
];

impl Spec {
    /// The help line, its `{range}` written from [`Spec::range`] and
    /// [`Spec::unit`] (`0 to 5 mm`, `1 to 16`, `at least 8 mm`, `within
    /// ±10 mm`), so that the help says the range the job checks; options it
    /// names stay in braces (`{paper}`), for the front end to write.
    pub fn help(&self) -> String {
        let text = self.help.text();
        match self.range_text() {
            Some(range) => text.replace("{range}", &range),
            None => text,
        }
    }

    /// A few words for its control in a form: its own label, else its help
    /// line up to the first comma, colon, semicolon or parenthesis.
    pub fn label(&self) -> String {
        match self.label {
            Some(l) => l.to_string(),
            None => {
                let help = self.help.text();
                let end = help.find([',', ';', ':', '(']).unwrap_or(help.len());
                help[..end].trim().to_string()
            }
        }
    }

    /// The range in words, with the unit: `0 to 5 mm`, `1 to 16`, `at
    /// least 8 mm`, `within ±10 mm`; `None` for an option without one.
    pub fn range_text(&self) -> Option<String> {
        let num = crate::error::num;
        let range = match self.range? {
            (lo, hi) if hi.is_infinite() => format!("at least {}", num(lo)),
            (lo, hi) if lo == -hi => format!("within ±{}", num(hi)),
            (lo, hi) => format!("{} to {}", num(lo), num(hi)),
        };
        Some(match self.unit {
            "" => range,
            unit => format!("{range} {unit}"),
        })
    }
}

/// The options of `doc`, in the order of the help.
pub fn of(doc: Doc) -> impl Iterator<Item = &'static Spec> {
    TABLE.iter().filter(move |s| s.docs.contains(&doc))
}

/// `opt` as `doc` has it, if it does.
pub fn spec(doc: Doc, opt: Opt) -> Option<&'static Spec> {
    of(doc).find(|s| s.opt == opt)
}

/// The words `opt` offers in `doc` (built-in themes, languages, rulesets,
/// papers; a choice's words), for a front end's lists; empty when it offers
/// none.
pub fn names(doc: Doc, opt: Opt) -> Vec<&'static str> {
    match spec(doc, opt).map(|s| s.value) {
        Some(Value::Names(f)) => f(),
        Some(Value::Choice(words)) => words.iter().map(|(w, _)| *w).collect(),
        _ => Vec::new(),
    }
}

/// The range of `opt` in `doc` (`(0, 0)` when it has none: a bug the tests catch).
pub fn range(doc: Doc, opt: Opt) -> (f64, f64) {
    spec(doc, opt).and_then(|s| s.range).unwrap_or((0.0, 0.0))
}

/// One option's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Given {
    /// A switch, on or off.
    Switch(bool),
    /// A number.
    Number(f64),
    /// A whole number.
    Count(usize),
    /// Text: a choice, a name, a paper, `X,Y`.
    Text(String),
    /// A file or folder.
    Path(PathBuf),
}

impl Given {
    /// The value as a command line writes it; `None` for a switch.
    pub fn arg(&self) -> Option<String> {
        match self {
            Given::Switch(_) => None,
            Given::Number(x) => Some(format!("{x}")),
            Given::Count(n) => Some(n.to_string()),
            Given::Text(t) => Some(t.clone()),
            Given::Path(p) => Some(p.display().to_string()),
        }
    }
}

/// The options given for one document, by option, in the order given;
/// an option not given takes its [`Spec::default`].
#[derive(Debug, Clone, PartialEq)]
pub struct Values {
    /// The command.
    pub doc: Doc,
    given: Vec<(Opt, Given)>,
}

impl Values {
    /// No option given: every option at its default.
    pub fn new(doc: Doc) -> Values {
        Values {
            doc,
            given: Vec::new(),
        }
    }

    /// Gives `opt` the value `v` (replacing any earlier one).
    pub fn set(&mut self, opt: Opt, v: Given) {
        self.unset(opt);
        self.given.push((opt, v));
    }

    /// Takes `opt`'s value out: it stands at its default again.
    pub fn unset(&mut self, opt: Opt) {
        self.given.retain(|(o, _)| *o != opt);
    }

    /// Gives `opt` the value `v` when `on`.
    pub fn set_if(&mut self, on: bool, opt: Opt, v: Given) {
        if on {
            self.set(opt, v);
        }
    }

    /// `opt`'s value as given, if it was.
    pub fn get(&self, opt: Opt) -> Option<&Given> {
        self.given.iter().find(|(o, _)| *o == opt).map(|(_, v)| v)
    }

    /// The default of `opt` for this command, as text.
    fn default(&self, opt: Opt) -> Option<&'static str> {
        spec(self.doc, opt).and_then(|s| s.default)
    }

    /// True when switch `opt` is on.
    pub fn switch(&self, opt: Opt) -> bool {
        matches!(self.get(opt), Some(Given::Switch(true)))
    }

    /// Number `opt`, given or by default.
    pub fn number(&self, opt: Opt) -> Option<f64> {
        match self.get(opt) {
            Some(Given::Number(x)) => Some(*x),
            Some(Given::Count(n)) => Some(*n as f64),
            _ => self.default(opt).and_then(|d| d.parse().ok()),
        }
    }

    /// Whole number `opt`, given or by default.
    pub fn count(&self, opt: Opt) -> Option<usize> {
        match self.get(opt) {
            Some(Given::Count(n)) => Some(*n),
            _ => self.default(opt).and_then(|d| d.parse().ok()),
        }
    }

    /// Text `opt`, given or by default.
    pub fn text(&self, opt: Opt) -> Option<&str> {
        match self.get(opt) {
            Some(Given::Text(t)) => Some(t),
            _ => self.default(opt),
        }
    }

    /// Path `opt`, if given.
    pub fn path(&self, opt: Opt) -> Option<&std::path::Path> {
        match self.get(opt) {
            Some(Given::Path(p)) => Some(p),
            _ => None,
        }
    }

    /// Gives `opt` a value written as text (as a form sends it), read by
    /// the option's [`Value`]: a switch is on for `true`, `on` or `1`.
    /// `None` when the text is not a value of that kind (or the command
    /// has no such option).
    pub fn set_text(&mut self, opt: Opt, text: &str) -> Option<()> {
        let value = spec(self.doc, opt)?.value;
        let v = match value {
            Value::Switch => Given::Switch(matches!(text, "true" | "on" | "1")),
            Value::Number => Given::Number(text.trim().parse().ok()?),
            Value::Count => Given::Count(text.trim().parse().ok()?),
            Value::Path => Given::Path(PathBuf::from(text)),
            Value::Choice(_) | Value::Names(_) | Value::Text => Given::Text(text.to_string()),
        };
        self.set(opt, v);
        Some(())
    }
}

/// The command line (without the program's name) for these values: the
/// command, then, in the table's order, every job option whose value is not
/// its default (`--square 30`, `--no-cover`), then `-o` and `output`.
pub fn command_line(values: &Values, output: &str) -> Vec<String> {
    let mut v = vec![values.doc.name().to_string()];
    for s in of(values.doc).filter(|s| s.part == Part::Job) {
        let Some(given) = values.get(s.opt) else {
            continue;
        };
        let arg = given.arg();
        if given == &Given::Switch(false) || (arg.is_some() && arg.as_deref() == s.default) {
            continue;
        }
        v.push(format!("--{}", s.opt.name()));
        v.extend(arg);
    }
    v.push("-o".into());
    v.push(output.to_string());
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_each_option_once_and_every_range_holds_its_default() {
        for doc in Doc::ALL {
            let mut seen = std::collections::HashSet::new();
            for s in of(doc) {
                assert!(seen.insert(s.opt), "{doc:?} has {} twice", s.opt);
                if let (Some((lo, hi)), Some(d)) = (s.range, s.default) {
                    let d: f64 = d.parse().unwrap();
                    assert!(
                        lo <= d && d <= hi,
                        "{doc:?} {}: {d} outside {lo}..{hi}",
                        s.opt
                    );
                }
                if let Value::Choice(words) = s.value {
                    if let Some(d) = s.default {
                        assert!(words.iter().any(|(w, _)| *w == d), "{}", s.opt);
                    }
                }
            }
        }
    }

    #[test]
    fn every_option_of_the_table_is_in_opt_all_once() {
        use crate::error::Opt;
        for s in TABLE {
            assert!(Opt::ALL.contains(&s.opt), "{} is not in Opt::ALL", s.opt);
        }
        let mut names: Vec<&str> = Opt::ALL.iter().map(|o| o.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Opt::ALL.len());
    }

    #[test]
    fn every_range_is_in_its_help_and_only_ranges_are() {
        for s in TABLE {
            let written = s.help.text().contains("{range}");
            assert_eq!(written, s.range.is_some(), "{}: {}", s.opt, s.help.text());
            assert!(!s.help().contains("{range}"), "{}", s.opt);
        }
        let kerf = spec(Doc::Counters, Opt::Kerf).unwrap().help();
        assert!(kerf.contains("(0 to 1 mm)"), "{kerf}");
        let size = spec(Doc::Counters, Opt::Size).unwrap().help();
        assert!(size.contains("at least 8 mm"), "{size}");
        let offset = spec(Doc::Counters, Opt::BackOffset).unwrap().help();
        assert!(offset.contains("(within ±10 mm each)"), "{offset}");
        let copies = spec(Doc::Counters, Opt::Copies).unwrap().help();
        assert!(copies.ends_with("spares), 1 to 16"), "{copies}");
    }

    #[test]
    fn the_command_line_leaves_out_defaults() {
        let mut v = Values::new(Doc::Counters);
        v.set(Opt::Sides, Given::Text("single".into()));
        v.set(Opt::Copies, Given::Count(3));
        v.set(Opt::CropMarks, Given::Switch(true));
        v.set(Opt::NoBackTitle, Given::Switch(false));
        assert_eq!(
            command_line(&v, "c.pdf"),
            ["counters", "--copies", "3", "--crop-marks", "-o", "c.pdf"]
        );
    }
}

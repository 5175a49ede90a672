//! One job: what the command line and the web page ask of the library.
//!
//! A [`Job`] names a document (the set, the board, the counters, the rules,
//! the box or the set's contact sheet), its inputs ([`Source`]s for the
//! theme, the language pack and the ruleset) and its options. [`Job::run`]
//! checks every option once, loads the inputs, composes the pages and runs,
//! in this order, every check that printing needs:
//!
//! 1. the options ([`Job::validate`]), before anything is read;
//! 2. the theme's fonts against every printable string (in [`Resources::new`]);
//! 3. the rules handout against the paper ([`handout::check_fits`]);
//! 4. every composed text run against its font ([`Resources::check_pages`]);
//! 5. the files to be written against the job's inputs ([`check_not_input`]);
//! 6. the page cap ([`MAX_PAGES`]; a set's is checked on its first set's
//!    page count, before its copies are made);
//!
//! then the print-shop or laser pass. What it returns, [`Made`], holds the
//! document ready to render and the warnings composing noted.
//!
//! ```no_run
//! use jungle_print::input::Source;
//! use jungle_print::job::{Job, Kind};
//! use jungle_print::render::pdf;
//!
//! let mut job = Job::new(Kind::set());
//! job.inputs.lang = Source::builtin("fr");
//! let made = job.run()?;
//! for w in &made.warnings {
//!     eprintln!("warning: {w}");
//! }
//! let bytes = pdf::render(&made.doc, &made.pdf_options()).expect("a PDF");
//! # Ok::<(), jungle_print::error::Error>(())
//! ```

use std::path::{Path, PathBuf};

use crate::compose::passes::{laser, print_shop};
use crate::compose::products::boxnet::{box_pages, box_sizes};
use crate::compose::products::counters::{counter_pages, Sides};
use crate::compose::products::handout::{self, handout_pages, ruleset_line, HandoutOptions};
use crate::compose::products::poster::{self, PosterOptions};
use crate::compose::products::puzzles::puzzle_pages;
use crate::compose::products::set::{contact_sheet, first_set, set_pages, whole_set, SetParts};
use crate::compose::products::set_files::{set_files, Piece, SetFile};
use crate::compose::products::tiles::board_pages;
use crate::compose::products::Sheet;
use crate::error::{num, Error, Opt};
use crate::input::Source;
use crate::lang::Lang;
use crate::layout::boxnet::BoxSize;
use crate::layout::paper::Paper;
use crate::layout::Flip;
use crate::limits::MAX_PAGES;
use crate::options::{Doc, Format, Spec};
use crate::output::{check_not_input, page_path, piece_path};
use crate::play::rules::Ruleset;
use crate::resolve::Resources;
use crate::scene::{Document, Page};
use crate::theme::Theme;

mod values;

// The options of each document, as the job holds them and its composer takes them.
pub use crate::compose::products::board::BoardOptions;
pub use crate::compose::products::boxnet::BoxOptions;
pub use crate::compose::products::counters::CounterOptions;
pub use crate::compose::products::puzzles::PuzzleOptions;
pub use crate::compose::products::set::SetOptions;

/// The inputs of a job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inputs {
    /// The theme; `None` for the purpose's default ([`Purpose::default_theme`]).
    pub theme: Option<Source>,
    /// The language pack.
    pub lang: Source,
    /// The phonetic guide asked for instead of the pack's `meta.phonetic`
    /// ([`Opt::Phonetic`]); `None` for the pack's own.
    pub phonetic: Option<crate::lang::Phonetic>,
    /// The ruleset.
    pub ruleset: Source,
    /// A folder with one picture per animal ([`Opt::Pictures`]), laid over the
    /// theme: the faces become picture faces with the rank as dots.
    pub pictures: Option<PathBuf>,
    /// The front end's in-memory folder, read before the disk for every
    /// file named above and in the theme (the web page's uploads; empty for
    /// the command line). Not an option: it is what the paths point into.
    pub files: crate::input::Files,
}

impl Default for Inputs {
    fn default() -> Inputs {
        Inputs {
            theme: None,
            lang: Source::builtin("en"),
            phonetic: None,
            ruleset: Source::builtin("standard"),
            pictures: None,
            files: Default::default(),
        }
    }
}

impl Inputs {
    /// Loads the three inputs into resources (fonts, icons, the glyph
    /// check); the files read are listed in [`Resources::inputs`].
    pub fn resources(&self, purpose: Purpose) -> Result<Resources, Error> {
        let theme = match &self.theme {
            Some(s) => s.load_in::<Theme>(&self.files)?,
            None => Theme::builtin(purpose.default_theme())?,
        };
        let mut lang = self.lang.load_in::<Lang>(&self.files)?;
        if let Some(guide) = self.phonetic {
            lang.set_phonetic(guide)
                .map_err(|e| Error::usage(Opt::Phonetic, e))?;
        }
        let rules = self.ruleset.load_in::<Ruleset>(&self.files)?;
        if purpose == Purpose::Tactile {
            // Braille comes from the built-in packs' data: refused before
            // anything is composed for a pack that has none.
            crate::lang::braille::Braille::of(&lang).map_err(|m| {
                Error::usage(
                    if self.lang.path().is_some() {
                        Opt::LangFile
                    } else {
                        Opt::Lang
                    },
                    m,
                )
            })?;
        }
        let mut theme = theme;
        if let Some(dir) = &self.pictures {
            picture_folder(&mut theme, dir, rules.play.fox)?;
        }
        let mut res = Resources::new(theme, lang, rules)?;
        if purpose == Purpose::Tactile {
            res.add_braille();
        }
        res.inputs.extend(self.lang.path().map(Path::to_path_buf));
        res.inputs
            .extend(self.ruleset.path().map(Path::to_path_buf));
        Ok(res)
    }
}

/// The file extensions a picture folder's files may have (any case).
pub const PICTURE_EXTENSIONS: [&str; 4] = ["png", "jpg", "jpeg", "svg"];

/// Lays the pictures of `dir` over `theme`: `elephant.png`, `lion.jpg`, …
/// (one per animal in play, by its English key, any of
/// [`PICTURE_EXTENSIONS`]); the counters switch to a picture layout with the
/// rank as dots unless the theme already chose one. Every missing animal is
/// named at once.
fn picture_folder(theme: &mut Theme, dir: &Path, fox: bool) -> Result<(), Error> {
    use crate::game::Animal;
    use crate::theme::FaceLayout;
    let shown = crate::input::shown_path(dir);
    let entries = std::fs::read_dir(dir).map_err(|e| {
        Error::usage(
            Opt::Pictures,
            match e.kind() {
                std::io::ErrorKind::NotFound => format!("`{shown}`: no such folder"),
                _ if !dir.is_dir() => format!("`{shown}` is not a folder; give the folder that holds elephant.png, lion.png, …"),
                _ => format!("`{shown}`: {e}"),
            },
        )
    })?;
    // A theme names its pictures by text: the folder's path must be text too.
    if dir.to_str().is_none() {
        return Err(Error::usage(
            Opt::Pictures,
            format!(
                "`{shown}`: the folder's path is not valid UTF-8 text; rename the folder \
                 (or copy the pictures to one whose name is plain text)"
            ),
        ));
    }
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for entry in entries.take(10_000).flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let Some((stem, ext)) = name.rsplit_once('.') else {
            continue;
        };
        if PICTURE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()) {
            files.push((stem.to_ascii_lowercase(), entry.path()));
        }
    }
    files.sort();
    let mut missing = Vec::new();
    for a in Animal::ALL {
        let key = if fox && a == Animal::Wolf {
            "fox"
        } else {
            a.key()
        };
        let found: Vec<&PathBuf> = files
            .iter()
            .filter(|(stem, _)| stem == key)
            .map(|(_, p)| p)
            .collect();
        let path = match found.as_slice() {
            [] => {
                missing.push(key);
                continue;
            }
            // `./` keeps a folder named `builtin:…` from reading as a built-in picture.
            [one] => match one.to_str() {
                Some(p) if p.starts_with("builtin:") => format!("./{p}"),
                Some(p) => p.to_string(),
                None => {
                    return Err(Error::usage(
                        Opt::Pictures,
                        format!(
                            "`{}`: the file's name is not valid UTF-8 text; rename it",
                            crate::input::shown_path(one)
                        ),
                    ))
                }
            },
            many => {
                return Err(Error::usage(
                    Opt::Pictures,
                    format!(
                        "`{shown}` holds {} pictures of the {key} ({}); keep one",
                        many.len(),
                        many.iter()
                            .map(|p| crate::input::shown_path(p))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ))
            }
        };
        *theme.pictures.animal_mut(a, fox) = crate::theme::PictureRef::plain(path);
        theme
            .origins
            .note_option(&format!("pictures.{key}"), Opt::Pictures);
    }
    if !missing.is_empty() {
        return Err(Error::usage(
            Opt::Pictures,
            format!(
                "`{shown}` has no picture of the {}; add {} (PNG, JPEG or SVG, named by the animal in English)",
                missing.join(", the "),
                missing
                    .iter()
                    .map(|k| format!("{k}.png"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    if theme.counters.layout == FaceLayout::Character {
        theme.counters.layout = FaceLayout::Picture;
        theme.counters.pips = true;
    }
    Ok(())
}

/// Who the file is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Purpose {
    /// A home printer.
    #[default]
    Home,
    /// A print shop: PDF/X-4, CMYK, a die line.
    PrintShop,
    /// A laser cutter: cut, score and engrave layers.
    Laser,
    /// Swell paper, for blind and low-vision players: the tactile board and
    /// counters ([`crate::compose::products::tactile`]).
    Tactile,
}

impl Purpose {
    /// The purpose's name: `home`, `print-shop`, `laser`.
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Home => "home",
            Purpose::PrintShop => "print-shop",
            Purpose::Laser => "laser",
            Purpose::Tactile => "tactile",
        }
    }

    /// The purpose named `name` ([`Purpose::name`]), if any.
    pub fn parse(name: &str) -> Option<Purpose> {
        [
            Purpose::Home,
            Purpose::PrintShop,
            Purpose::Laser,
            Purpose::Tactile,
        ]
        .into_iter()
        .find(|p| p.name() == name)
    }

    /// The theme used when none is given: `ink-saver` for a laser, else `classic`.
    pub fn default_theme(self) -> &'static str {
        match self {
            Purpose::Laser => "ink-saver",
            Purpose::Home | Purpose::PrintShop | Purpose::Tactile => "classic",
        }
    }
}

/// The rules poster's choices.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PosterJob {
    /// Sheets to tile the poster over (smaller than the job's paper), if any.
    pub tile: Option<Paper>,
}

/// The document a job makes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// The whole set: cover, board, counters, rules, box.
    Set(SetOptions),
    /// The set's pages, small, on one sheet.
    Preview(SetOptions),
    /// The board (tiled when asked or when it does not fit).
    Board(BoardOptions),
    /// The counter sheets.
    Counters(CounterOptions),
    /// The rules handout.
    Rules,
    /// The rules on one poster sheet (tiled over smaller sheets when asked).
    Poster(PosterJob),
    /// The box: tray, lid, assembly.
    Box(BoxOptions),
    /// A sheet of puzzles and their solutions.
    Puzzles(PuzzleOptions),
}

impl Kind {
    /// The default set.
    pub fn set() -> Kind {
        Kind::Set(SetOptions::default())
    }

    /// The poster on one sheet of the job's paper.
    pub fn poster() -> Kind {
        Kind::Poster(PosterJob::default())
    }
}

/// Where and how a job's document is written: the file, the format and the
/// format's settings (the options of [`crate::options::Part::Output`]).
/// [`crate::export::export`] renders the document into these files; the
/// job checks that none of them is one of its inputs.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// The file (the first page's, for one file per page); `-` for standard output.
    pub path: PathBuf,
    /// The format ([`Opt::Format`]).
    pub format: Format,
    /// PNG: dots per inch ([`Opt::Dpi`]).
    pub dpi: f64,
    /// SVG: text as editable `<text>` instead of outlines ([`Opt::LiveText`]).
    pub live_text: bool,
    /// PDF: when the file was made, seconds since 1970-01-01 00:00 UTC,
    /// written as its creation date. The front end gives it (the command
    /// line `SOURCE_DATE_EPOCH` or now, the web page its clock); `None`
    /// writes 1970-01-01, so that the library alone stays deterministic.
    pub created: Option<i64>,
}

impl Output {
    /// Written to `path` in `format`, at 150 dpi, text as outlines.
    pub fn new(path: impl Into<PathBuf>, format: Format) -> Output {
        Output {
            path: path.into(),
            format,
            dpi: DEFAULT_DPI,
            live_text: false,
            created: None,
        }
    }

    /// One file per page (SVG, PNG): `NAME.svg`, `NAME-2.svg`, …
    pub fn per_page(&self) -> bool {
        self.format.per_page()
    }

    /// The files a document of `pages` pages is written to: the path, or
    /// one per page ([`page_path`]).
    pub fn files(&self, pages: usize) -> Vec<PathBuf> {
        match self.per_page() {
            false => vec![self.path.clone()],
            true => (0..pages).map(|i| page_path(&self.path, i)).collect(),
        }
    }

    /// Where the file of `piece` of a split set goes ([`piece_path`]),
    /// written as this output is.
    pub fn piece(&self, piece: Piece) -> Output {
        Output {
            path: piece_path(&self.path, piece.name()),
            ..self.clone()
        }
    }
}

/// The resolution of PNG pages when none is given, dots per inch.
pub const DEFAULT_DPI: f64 = 150.0;

/// A job: a document, its inputs and its options.
#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    /// What to make.
    pub kind: Kind,
    /// Theme, language pack, ruleset.
    pub inputs: Inputs,
    /// Paper.
    pub paper: Paper,
    /// Who the file is for.
    pub purpose: Purpose,
    /// Bleed, mm (0 to [`crate::limits::MAX_BLEED`]).
    pub bleed: f64,
    /// A laser's kerf, mm (0 to 1; laser only).
    pub kerf: f64,
    /// The page margin on every product, mm (0 to [`crate::limits::MAX_MARGIN`]),
    /// instead of the theme's `page.margin`; `None` for the theme's.
    pub margin: Option<f64>,
    /// Where the document will be written, if it will be.
    pub output: Option<Output>,
}

/// A job's result.
#[derive(Debug)]
pub struct Made {
    /// The document, ready to render.
    pub doc: Document,
    /// What composing noted (labels shrunk to fit, …).
    pub warnings: Vec<String>,
    /// The theme key each warning is about (`pictures.rat`), or "", same order.
    pub warning_keys: Vec<String>,
    /// The language pack's code.
    pub lang: String,
    /// What the document holds, for a one-line report.
    pub summary: Summary,
    /// Who the document is for.
    pub purpose: Purpose,
    /// For a set written one file per piece (`set --split`), its files, in
    /// order; `None` for one file.
    pub files: Option<Vec<SetFile>>,
    /// The rules in braille, a BRF file's bytes, when the output asks for
    /// BRF ([`crate::compose::products::brf`]), and the tables they come from.
    pub brf: Option<(Vec<u8>, String)>,
    /// Each photo's automatic frame, as the theme line that writes it
    /// (`pictures.rat = { file = "rat.jpg", crop = [x, y, w, h] }`).
    pub frames: Vec<String>,
    /// The rules as a web page, when the job's output is HTML.
    pub html: Option<String>,
    /// The board or counters for a 3-D printer, when the output is 3MF
    /// ([`crate::compose::products::tactile::printed`]).
    pub solid: Option<crate::scene::solid::Model>,
}

impl Made {
    /// The PDF options for this document: PDF/X for a print shop; dated
    /// 1970-01-01 ([`crate::export`] dates it by its [`Output::created`]).
    pub fn pdf_options(&self) -> crate::render::pdf::PdfOptions {
        crate::render::pdf::PdfOptions {
            pdfx: self.purpose == Purpose::PrintShop,
            ..Default::default()
        }
    }

    /// The document of one file of a split set: its pages, the fonts and
    /// the title of the whole document.
    pub fn file_document(&self, file: &SetFile) -> Document {
        Document {
            title: self.doc.title.clone(),
            pages: file
                .pages
                .iter()
                .map(|&i| self.doc.pages[i].clone())
                .collect(),
            fonts: self.doc.fonts.clone(),
        }
    }

    /// The largest bleed of any page, mm.
    pub fn bleed(&self) -> f64 {
        self.doc.pages.iter().map(|p| p.bleed).fold(0.0, f64::max)
    }
}

/// What a document holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Summary {
    /// The set and where its parts are.
    Set {
        /// Page ranges of the parts.
        parts: SetParts,
        /// With a cover page.
        cover: bool,
    },
    /// A contact sheet of the set's `pages` pages.
    Preview {
        /// The set's pages.
        pages: usize,
    },
    /// A board.
    Board {
        /// The paper (the first sheet's).
        paper: Paper,
        /// The square size, mm.
        square: f64,
        /// Pages: 1, or an assembly map and the tiles.
        pages: usize,
    },
    /// Counter sheets.
    Counters,
    /// The rules handout.
    Rules,
    /// A puzzle sheet.
    Puzzles,
    /// The rules poster, its body text's em in mm.
    Poster {
        /// The body text's em, mm.
        body: f64,
        /// The poster's paper (the sheets it is tiled over may be smaller).
        paper: Paper,
        /// Pages: 1, or an assembly map and the tiles.
        pages: usize,
    },
    /// The tactile set: its key page (the textures and sides for touch,
    /// the rules' files named), the board's pages, then the counters'.
    Tactile {
        /// The square size, mm.
        square: f64,
        /// The board's pages (an assembly map and tiles when tiled).
        board: usize,
        /// The counters' pages.
        counters: usize,
    },
    /// A box, with its tray's and lid's inside sizes.
    Box {
        /// The tray.
        tray: BoxSize,
        /// The lid.
        lid: BoxSize,
    },
}

impl Job {
    /// A job for `kind` with the command line's defaults: A4, home printer,
    /// classic theme, English, standard rules, no bleed.
    pub fn new(kind: Kind) -> Job {
        Job {
            kind,
            inputs: Inputs::default(),
            paper: Paper::A4,
            purpose: Purpose::Home,
            bleed: 0.0,
            kerf: 0.0,
            margin: None,
            output: None,
        }
    }

    /// The command line (without the program's name) that makes this job's
    /// document with `jungle-print`: the command, then only the options that
    /// differ from the defaults ([`crate::options::command_line`] on
    /// [`Job::values`]), then `-o` and the output file's name (the job's
    /// [`Output`] path, else the command's default name with `.pdf`).
    /// Run in the folder that file inputs' paths are relative to, it writes
    /// the same bytes as [`Job::run`] rendered the same way (tested in
    /// `tests/it/command_line.rs`).
    pub fn command_line(&self) -> Vec<String> {
        let out = match &self.output {
            Some(o) => o.path.clone(),
            None => self.default_output().path,
        };
        crate::options::command_line(&self.values(), &out.display().to_string())
    }

    /// Where the command line writes this job's document when not told:
    /// `STEM.pdf` (the preview: `jungle-set-preview.png`).
    pub fn default_output(&self) -> Output {
        let format = match self.kind {
            Kind::Preview(_) => Format::Png,
            _ => Format::Pdf,
        };
        Output::new(format!("{}.{}", self.stem(), format.name()), format)
    }

    /// The name of the file the command line writes by default, without
    /// its extension: `jungle-set`, `board`, `poster`, …
    pub fn stem(&self) -> &'static str {
        match self.kind {
            Kind::Set(_) => "jungle-set",
            Kind::Preview(_) => "jungle-set-preview",
            Kind::Board(_) => "board",
            Kind::Counters(_) => "counters",
            Kind::Rules => "rules",
            Kind::Poster(_) => "poster",
            Kind::Box(_) => "box",
            Kind::Puzzles(_) => "puzzles",
        }
    }

    /// Checks every option, before any file is read: each number the job
    /// holds ([`Job::values`]) against its range in the [`crate::options`]
    /// table, so that an option with a range is checked with no code here
    /// (worded by [`out_of_range`]), then the options that contradict the
    /// purpose.
    pub fn validate(&self) -> Result<(), Error> {
        let laser = self.purpose == Purpose::Laser;
        if laser
            && matches!(
                self.kind,
                Kind::Set(_) | Kind::Preview(_) | Kind::Rules | Kind::Poster(_) | Kind::Puzzles(_)
            )
        {
            return Err(Error::LaserForPaper);
        }
        let v = self.values();
        for s in crate::options::of(v.doc) {
            let Some((lo, hi)) = s.range else {
                continue;
            };
            let numbers: Vec<f64> = match (s.opt, self.kind) {
                (Opt::BackOffset, Kind::Counters(c)) => vec![c.back_offset.0, c.back_offset.1],
                _ => v.get(s.opt).and(v.number(s.opt)).into_iter().collect(),
            };
            if numbers
                .iter()
                .any(|x| !(x.is_finite() && (lo..=hi).contains(x)))
            {
                return Err(out_of_range(s, &numbers));
            }
        }
        if self.purpose == Purpose::Tactile {
            self.validate_tactile()?;
        }
        if self.kerf > 0.0 && !laser {
            return Err(Error::KerfWithoutLaser);
        }
        if let Some(out) = &self.output {
            if self.purpose == Purpose::PrintShop && out.format != Format::Pdf {
                return Err(Error::usage(
                    Opt::Purpose,
                    format!(
                        "a print shop gets a PDF/X file, not {}; leave out {{format}} (or give pdf), or leave out {{for}} print-shop for a preview",
                        out.format.name().to_uppercase()
                    ),
                ));
            }
        }
        if let Some(out) = &self.output {
            if out.format == Format::Brf && !matches!(self.kind, Kind::Rules) {
                return Err(Error::usage(
                    Opt::Format,
                    "a BRF file holds the rules in braille: ask the rules command for it (without {poster}); the board and counters for touch are {for} tactile",
                ));
            }
            if out.format == Format::ThreeMf {
                self.validate_3mf()?;
            }
            if out.format == Format::Html && !matches!(self.kind, Kind::Rules) {
                let what = match self.kind {
                    Kind::Poster(_) => "leave out {poster} (the page holds the handout's rules) or choose pdf, svg or png",
                    _ => "it is made by the rules command; choose pdf, svg or png here",
                };
                return Err(Error::usage(
                    Opt::Format,
                    format!("html writes the rules as a web page: {what}"),
                ));
            }
        }
        if matches!(self.kind, Kind::Preview(s) if s.split) {
            return Err(Error::usage(
                Opt::Split,
                "the preview is one picture of every page, which cannot be split into files; ask for the preview or for the split set",
            ));
        }
        match self.kind {
            Kind::Counters(c) if laser && c.sides != Sides::Single => Err(Error::LaserSides),
            _ => Ok(()),
        }
    }

    /// The tactile edition's pages ([`crate::compose::products::tactile`]):
    /// the board (tiled when the paper is too small), the counters, or both
    /// for the set.
    fn compose_tactile(&self, res: &Resources) -> Result<(String, Vec<Page>, Summary), Error> {
        use crate::compose::products::tactile;
        let title = res.game_title();
        let paper = self.paper;
        Ok(match self.kind {
            Kind::Board(b) => {
                let (square, pages) = tactile::board_pages(res, paper, &b)?;
                let summary = Summary::Board {
                    paper,
                    square,
                    pages: pages.len(),
                };
                (title, pages, summary)
            }
            Kind::Counters(c) => (
                title,
                tactile::counter_pages(res, paper, c.copies)?,
                Summary::Counters,
            ),
            Kind::Set(s) => {
                // The set's board: its square, on one sheet or tiled, with coordinates.
                let board = BoardOptions {
                    square: s.square,
                    ..BoardOptions::default()
                };
                let (square, board_pages) = tactile::board_pages(res, paper, &board)?;
                let counters = tactile::counter_pages(res, paper, s.copies)?;
                let summary = Summary::Tactile {
                    square,
                    board: board_pages.len(),
                    counters: counters.len(),
                };
                let mut pages = vec![tactile::key_page(res, paper)?];
                pages.extend(board_pages);
                pages.extend(counters);
                (title, pages, summary)
            }
            _ => {
                return Err(Error::usage(
                    Opt::Purpose,
                    "tactile: board, counters or set",
                ))
            }
        })
    }

    /// The 3-D tactile edition's rules: the board or the counters, for
    /// touch; a set is two prints, so two files.
    fn validate_3mf(&self) -> Result<(), Error> {
        match (self.purpose, self.kind) {
            (Purpose::Tactile, Kind::Board(_) | Kind::Counters(_)) => Ok(()),
            (Purpose::Tactile, Kind::Set(_)) => Err(Error::usage(
                Opt::Format,
                "a 3-D tactile set is two prints, so two 3MF files: ask the board and the counters for them, each with {for} tactile {format} 3mf; the set itself comes as pdf, svg or png",
            )),
            _ => Err(Error::usage(
                Opt::Format,
                "3mf is the tactile board or counters for a 3-D printer: ask the board or counters command with {for} tactile",
            )),
        }
    }

    /// The tactile edition's rules: for the board, the counters and the
    /// set only, and the board's squares at least
    /// [`crate::limits::MIN_TACTILE_SQUARE`].
    fn validate_tactile(&self) -> Result<(), Error> {
        match self.kind {
            Kind::Board(_) | Kind::Counters(_) | Kind::Set(_) => {}
            _ => {
                return Err(Error::usage(
                    Opt::Purpose,
                    "the tactile edition is the board, the counters and the set on swell paper; the rules for braille readers are a BRF file ({format} brf), the rules for a screen reader any other format without {for} tactile",
                ))
            }
        }
        let square = match self.kind {
            Kind::Board(b) => b.square,
            Kind::Set(s) => s.square,
            _ => None,
        };
        if let Some(s) = square {
            if s < crate::limits::MIN_TACTILE_SQUARE {
                return Err(Error::usage(
                    Opt::Square,
                    format!(
                        "tactile squares must hold a tactile counter and braille: give {{square}} {} or more (not {})",
                        num(crate::limits::MIN_TACTILE_SQUARE),
                        num(s)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Checks the options, loads the inputs, composes the document and runs
    /// every check printing needs (see the [module](self)).
    pub fn run(&self) -> Result<Made, Error> {
        self.validate()?;
        let mut res = self.inputs.resources(self.purpose)?;
        if let Some(margin) = self.margin {
            // Every composer reads the theme's margin: the option stands in for it.
            res.theme.page.margin = margin;
            res.theme.origins.note_option("page.margin", Opt::Margin);
        }
        if let Kind::Board(b) = self.kind {
            if b.no_coordinates {
                res.theme.board.show_coordinates = false;
            }
        }
        #[cfg(feature = "web-lite")]
        if let Some(out) = (self.output.as_ref())
            .filter(|o| matches!(o.format, Format::Brf | Format::ThreeMf | Format::Html))
        {
            return Err(crate::lite::refused(out.format.name()));
        }
        #[cfg(feature = "web-lite")]
        let (brf, solid, html) = (None, None, None);
        #[cfg(not(feature = "web-lite"))]
        let brf = match &self.output {
            Some(out) if out.format == Format::Brf => {
                Some(crate::compose::products::brf::brf(&res)?)
            }
            _ => None,
        };
        #[cfg(not(feature = "web-lite"))]
        let solid = match (&self.output, self.kind) {
            (Some(out), kind) if out.format == Format::ThreeMf => {
                use crate::compose::products::tactile::printed;
                Some(match kind {
                    Kind::Board(b) => printed::board_model(&res, &b)?,
                    Kind::Counters(c) => printed::counters_model(&res, c.copies)?,
                    _ => return Err(Error::usage(Opt::Format, "3mf: board or counters")),
                })
            }
            _ => None,
        };
        let (title, pages, summary) = self.compose(&res)?;
        res.check_pages(&pages)?;
        let n = pages.len();
        // Never an empty file over an old one: every composer refuses, saying
        // why, before it would return nothing; this is the last guard.
        if n == 0 {
            return Err(Error::Render {
                format: "any",
                message: "the document has no pages, so nothing was written (a bug: please report it with the command line)".into(),
            });
        }
        let files = match (self.kind, &summary) {
            (Kind::Set(s), Summary::Set { parts, cover }) if s.split => {
                Some(set_files(parts, *cover))
            }
            _ => None,
        };
        if let Some(out) = &self.output {
            let outputs: Vec<PathBuf> = match &files {
                None => out.files(n),
                Some(files) => files
                    .iter()
                    .flat_map(|f| out.piece(f.piece).files(f.pages.len()))
                    .collect(),
            };
            check_not_input(&outputs, &res.inputs)?;
        }
        if n > MAX_PAGES {
            return Err(self.too_many_pages(&res, n, &summary));
        }
        // Pictures at the resolution they print at, shared by every page and format.
        let pages = crate::picture::print::for_print(pages, &res.pictures, res.theme.pictures.dpi);
        let pages = match self.purpose {
            Purpose::Laser => pages.iter().map(|p| laser::for_laser(&res, p)).collect(),
            Purpose::PrintShop => print_shop::pages_for_print_shop(&pages),
            Purpose::Home | Purpose::Tactile => pages,
        };
        // The designer's rules the theme breaks (colours mean nothing to a laser).
        if !matches!(self.purpose, Purpose::Laser | Purpose::Tactile) {
            let design = crate::compose::checks::design_check::colour_warnings(&res.theme)
                .into_iter()
                .chain(crate::compose::checks::design_check::picture_warnings(&res));
            for (key, message) in design {
                res.warn_key(&key, message);
            }
        }
        #[cfg(not(feature = "web-lite"))]
        let html = match &self.output {
            Some(out) if out.format == Format::Html => Some(handout::handout_html(
                &res,
                &HandoutOptions { paper: self.paper },
                &title,
            )?),
            _ => None,
        };
        // Taken after the laser pass, which says when it leaves pictures out.
        let (warning_keys, warnings) = res.take_keyed_warnings().into_iter().unzip();
        Ok(Made {
            doc: crate::resolve::document(&title, pages, &res),
            warnings,
            warning_keys,
            lang: res.lang.meta.code.clone(),
            summary,
            purpose: self.purpose,
            files,
            brf,
            frames: res
                .pictures
                .frames()
                .iter()
                .map(|(_, l)| l.clone())
                .collect(),
            html,
            solid,
        })
    }

    /// What every product of this job is printed on: its paper, its bleed,
    /// and what its purpose asks of the pages (one [`Sheet`] for every composer).
    pub fn sheet(&self) -> Sheet {
        Sheet {
            paper: self.paper,
            bleed: self.bleed,
            kerf: self.kerf,
            laser: self.purpose == Purpose::Laser,
            print_shop: self.purpose == Purpose::PrintShop,
        }
    }

    /// The document's title, pages and summary: each composer takes the
    /// job's [`Sheet`] (or its paper) and the job's own options for its
    /// product, by value.
    fn compose(&self, res: &Resources) -> Result<(String, Vec<Page>, Summary), Error> {
        let sheet = self.sheet();
        let (paper, bleed) = (sheet.paper, sheet.bleed);
        if self.purpose == Purpose::Tactile {
            #[cfg(feature = "web-lite")]
            return Err(crate::lite::refused("tactile"));
            #[cfg(not(feature = "web-lite"))]
            return self.compose_tactile(res);
        }
        let rules_title = || format!("{} — {}", res.lang.game.han, ruleset_line(res));
        let with_bleed = |pages: Vec<Page>| -> Vec<Page> {
            pages.into_iter().map(|p| p.with_bleed(bleed)).collect()
        };
        Ok(match self.kind {
            Kind::Set(s) => {
                handout::check_fits(res, paper)?;
                // The page cap is checked on the first set's count, before
                // any copy is made, so that a class set too long fails fast.
                let s = s.as_made(res, &sheet);
                let (first, parts) = first_set(res, &sheet, &s)?;
                let summary = Summary::Set {
                    parts,
                    cover: s.cover,
                };
                let total = parts.total(s.cover);
                if total > MAX_PAGES {
                    return Err(self.too_many_pages(res, total, &summary));
                }
                let pages = whole_set(res, &sheet, &s, first, &parts);
                (res.game_title(), pages, summary)
            }
            Kind::Preview(s) => {
                handout::check_fits(res, paper)?;
                let one = SetOptions { copies: 1, ..s };
                let (pages, _) = set_pages(res, &Sheet::new(paper), &one)?;
                let n = pages.len();
                let contact = contact_sheet(res, &pages, paper);
                (
                    res.game_title(),
                    vec![contact],
                    Summary::Preview { pages: n },
                )
            }
            Kind::Board(b) => {
                let (square, pages) = board_pages(res, &sheet, &b)?;
                let summary = Summary::Board {
                    paper,
                    square,
                    pages: pages.len(),
                };
                (res.game_title(), pages, summary)
            }
            Kind::Counters(c) => (
                res.game_title(),
                counter_pages(res, &sheet, &c)?,
                Summary::Counters,
            ),
            Kind::Rules => {
                handout::check_fits(res, paper)?;
                let pages = with_bleed(handout_pages(res, &HandoutOptions { paper }));
                (rules_title(), pages, Summary::Rules)
            }
            #[cfg(feature = "web-lite")]
            Kind::Poster(_) => return Err(crate::lite::refused("poster")),
            #[cfg(not(feature = "web-lite"))]
            Kind::Poster(p) => {
                let opts = PosterOptions { paper };
                let body = poster::poster_layout(res, &opts)?.body;
                let pages = poster::poster_sheets(res, &opts, p.tile, bleed)?;
                let summary = Summary::Poster {
                    body,
                    paper,
                    pages: pages.len(),
                };
                (rules_title(), pages, summary)
            }
            #[cfg(feature = "web-lite")]
            Kind::Puzzles(_) => return Err(crate::lite::refused("puzzles")),
            #[cfg(not(feature = "web-lite"))]
            Kind::Puzzles(p) => {
                let pages = with_bleed(puzzle_pages(res, paper, &p)?);
                (rules_title(), pages, Summary::Puzzles)
            }
            Kind::Box(b) => {
                // A print shop die-cuts the box: its steps say so.
                // The theme's board (`board.square`): folded into the box
                // when one sheet holds it, else tiled and kept flat beside it.
                let b = match (
                    b.flat_board,
                    b.board_square,
                    res.theme.board.asked_square(None),
                ) {
                    (None, None, Some(q))
                        if crate::compose::products::board::square_size(res, paper, Some(q))
                            .is_err() =>
                    {
                        let (cols, rows) = (crate::game::COLS as f64, crate::game::ROWS as f64);
                        BoxOptions {
                            flat_board: Some((q * cols, q * rows)),
                            ..b
                        }
                    }
                    (None, None, Some(q)) => BoxOptions {
                        board_square: Some(q),
                        ..b
                    },
                    _ => b,
                };
                let b = BoxOptions {
                    die_cut: sheet.print_shop,
                    ..b
                };
                let (tray, lid, _) = box_sizes(res, paper, &b)?;
                let pages = with_bleed(box_pages(res, paper, &b)?);
                (res.game_title(), pages, Summary::Box { tray, lid })
            }
        })
    }
}

impl Job {
    /// The error for a document of `pages` pages, over [`MAX_PAGES`]: the
    /// rules of a language pack read from a file, when they fill the pages
    /// (see [`rules_fill_pages`]), are blamed on that pack (its sentences),
    /// never on an option; else, for a set of several copies, how many
    /// copies fit; else the page count, blamed on the paper.
    fn too_many_pages(&self, res: &Resources, pages: usize, summary: &Summary) -> Error {
        let text = rules_fill_pages(&self.kind, summary);
        if text && matches!(self.inputs.lang, Source::File(_) | Source::Text { .. }) {
            return res.lang.source.error(
                "handout",
                format!(
                    "the rules would fill {pages} pages, more than the limit of {MAX_PAGES}; \
                     shorten the pack's sentences or use larger paper"
                ),
            );
        }
        too_many_pages(pages, summary)
    }
}

/// True when the rules' text is what makes a document of `kind` (with its
/// `summary`) too long: the rules and the poster are text; a set is when one
/// set alone is over [`MAX_PAGES`] (fewer copies would not help) and its
/// handout has more pages than its board.
fn rules_fill_pages(kind: &Kind, summary: &Summary) -> bool {
    match (kind, summary) {
        (Kind::Rules | Kind::Poster(_), _) => true,
        (Kind::Set(_), Summary::Set { parts, cover }) => {
            let pages = |(a, b): (usize, usize)| (b + 1).saturating_sub(a);
            usize::from(*cover) + parts.set_len + parts.shared > MAX_PAGES
                && pages(parts.rules) > pages(parts.board)
        }
        _ => false,
    }
}

/// The error for a document of `pages` pages, over [`MAX_PAGES`]: for a set
/// of several copies, how many copies fit (when even one set is too long,
/// fewer copies would not help: the page count); else the page count.
fn too_many_pages(pages: usize, summary: &Summary) -> Error {
    match summary {
        Summary::Set { parts, cover } if parts.fit(*cover, MAX_PAGES) > 0 => {
            Error::TooManySets {
                sets: parts.sets,
                set_len: parts.set_len,
                shared: parts.shared,
                once: (*cover, parts.box_steps.is_some(), parts.poster_len()),
                pages,
                max: MAX_PAGES,
                // Counting the counter sheets for that many sets.
                fit: parts.fit(*cover, MAX_PAGES),
                tiled: parts.tiled,
            }
        }
        _ => Error::TooManyPages {
            pages,
            max: MAX_PAGES,
        },
    }
}

/// The error for option `s` whose `numbers` (one, or the back offset's
/// two) are not all finite and within its range: a typed error where the
/// front ends word it (squares, sizes), else the range with a hint.
fn out_of_range(s: &Spec, numbers: &[f64]) -> Error {
    let (lo, hi) = s.range.unwrap_or((0.0, 0.0));
    let x = numbers.first().copied().unwrap_or(f64::NAN);
    let given: Vec<String> = numbers
        .iter()
        .map(|x| crate::error::num_beside(*x, &[lo, hi]))
        .collect();
    let given = given.join(",");
    let range = s.range_text().unwrap_or_default();
    let unit = match s.unit {
        "" => String::new(),
        unit => format!(" {unit}"),
    };
    let say = |hint: &str| {
        Error::usage(
            s.opt,
            format!("{given}{unit} is out of range; give {range}{hint}"),
        )
    };
    match s.opt {
        Opt::Square if x.is_finite() && x > hi => Error::SquareTooLarge { value: x, max: hi },
        Opt::Square => Error::SquareTooSmall { value: x, min: lo },
        Opt::Size | Opt::CounterSize if hi.is_infinite() && !x.is_finite() => Error::NotALength {
            opt: s.opt,
            value: x,
        },
        Opt::Size | Opt::CounterSize if hi.is_infinite() => Error::usage(
            s.opt,
            format!("{given} mm is too small; counters must be {range}"),
        ),
        Opt::Size => Error::CounterSizeOutOfRange {
            value: x,
            min: lo,
            max: hi,
        },
        Opt::BackOffset => Error::usage(s.opt, format!("`{given}`: each offset must be {range}")),
        Opt::Copies => Error::usage(s.opt, format!("{given} is out of range; give {range} sets")),
        Opt::Bleed => say(" (print shops usually ask for 3)"),
        Opt::Kerf => say(" (0.1 to 0.2 is usual for card and plywood)"),
        Opt::Card => say(" for the card's thickness (0.35 mm is usual)"),
        Opt::Dpi => say(" dots per inch (150 is usual)"),
        _ => say(""),
    }
}

/// `X,Y` in mm (`0.5,-1`), two numbers; their range is checked by [`Job::validate`].
pub fn parse_offset(v: &str) -> Result<(f64, f64), Error> {
    let bad = || {
        Error::usage(
            Opt::BackOffset,
            format!(
                "`{}` is not an offset; write X,Y in mm, e.g. 0.5,-1",
                crate::error::User(v)
            ),
        )
    };
    let (x, y) = v.split_once(',').ok_or_else(bad)?;
    let x: f64 = x.trim().parse().map_err(|_| bad())?;
    let y: f64 = y.trim().parse().map_err(|_| bad())?;
    if !(x.is_finite() && y.is_finite()) {
        return Err(Error::usage(
            Opt::BackOffset,
            format!(
                "`{}`: each offset must be within ±{} mm",
                crate::error::User(v),
                num(crate::options::range(Doc::Counters, Opt::BackOffset).1)
            ),
        ));
    }
    Ok((x, y))
}

/// Sides from the names the command line and the web page use: `single`,
/// `fold`, `duplex` (with `long-edge` or `short-edge` for the flip).
pub fn parse_sides(sides: &str, flip: &str) -> Result<Sides, Error> {
    let flip = match flip {
        "long-edge" => Flip::LongEdge,
        "short-edge" => Flip::ShortEdge,
        other => {
            return Err(Error::usage(
                Opt::Sides,
                format!(
                    "unknown flip `{}`; expected long-edge or short-edge",
                    crate::error::User(other)
                ),
            ))
        }
    };
    match sides {
        "single" => Ok(Sides::Single),
        "fold" => Ok(Sides::Fold),
        "duplex" => Ok(Sides::Duplex(flip)),
        other => Err(Error::usage(
            Opt::Sides,
            format!(
                "unknown sides `{}`; expected single, fold or duplex",
                crate::error::User(other)
            ),
        )),
    }
}

/// What `check` found: the warnings printing would give.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// The theme's name.
    pub theme: String,
    /// The ruleset's name.
    pub ruleset: String,
    /// The language packs composed with (codes).
    pub langs: Vec<String>,
    /// Each language's warnings (prefixed with its code), then those every
    /// language gives once (the theme's contrasts, colour distances and
    /// labels over pictures: [`crate::compose::checks::design_check`]).
    pub warnings: Vec<String>,
    /// The theme key each warning is about ("" when none), same order.
    pub warning_keys: Vec<String>,
    /// For each theme font given by family name, the installed face it
    /// found: ``fonts.text: `URW Bookman` is /usr/share/fonts/…/URWBookman-Light.otf (face 0, Light)``.
    pub fonts: Vec<String>,
    /// With a folder of pictures, each photo's automatic frame as the theme
    /// line that writes it (see [`Made::frames`]).
    pub frames: Vec<String>,
}

/// Loads a theme, a ruleset and language packs (`None`: every built-in one)
/// and makes the default set with each, through exactly the checks printing
/// runs ([`Job::run`]), writing nothing, the designer's rules
/// ([`crate::compose::checks::design_check`]) included.
pub fn check(theme: &Source, ruleset: &Source, lang: Option<&Source>) -> Result<Checked, Error> {
    check_with_pictures(theme, ruleset, lang, None, &Default::default())
}

/// [`check`] with a folder of pictures laid over the theme, as `set
/// --pictures` lays it: its frames and warnings are the set's; files are
/// read from `files` before the disk.
pub fn check_with_pictures(
    theme: &Source,
    ruleset: &Source,
    lang: Option<&Source>,
    pictures: Option<&std::path::Path>,
    files: &crate::input::Files,
) -> Result<Checked, Error> {
    // Loaded first, so that their errors come before any composing.
    let t: Theme = theme.load_in(files)?;
    let r: Ruleset = ruleset.load_in(files)?;
    let langs: Vec<Source> = match lang {
        Some(l) => vec![l.clone()],
        None => crate::lang::BUILTIN
            .iter()
            .map(|(code, _)| Source::builtin(code))
            .collect(),
    };
    let mut checked = Checked {
        theme: t.name.clone(),
        ruleset: r.meta.name.clone(),
        langs: Vec::new(),
        warnings: Vec::new(),
        warning_keys: Vec::new(),
        fonts: Vec::new(),
        frames: Vec::new(),
    };
    for (key, list) in [
        ("han", &t.fonts.han),
        ("text", &t.fonts.text),
        ("bold", &t.fonts.bold),
    ] {
        for spec in &list.0 {
            if crate::text::system::is_family_name(spec, None) {
                // Found when the theme was read: this only looks it up again.
                if let Ok(f) = crate::text::system::find(spec) {
                    checked.fonts.push(format!(
                        "fonts.{key}: `{}` is {} (face {}, {} {})",
                        crate::error::shown(spec),
                        crate::input::shown_path(&f.path),
                        f.index,
                        crate::error::shown(&f.family),
                        crate::error::shown(&f.style),
                    ));
                }
            }
        }
    }
    // Each language's warnings: (theme key or "", message).
    let mut each: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for lang in langs {
        let mut job = Job::new(Kind::set());
        job.inputs = Inputs {
            pictures: pictures.map(std::path::Path::to_path_buf),
            theme: Some(theme.clone()),
            lang,
            phonetic: None,
            ruleset: ruleset.clone(),
            files: files.clone(),
        };
        // No option was given: an error about one is about the files
        // checked, printed as a set with the default options.
        let made = job.run().map_err(|e| match e.opt() {
            Some(_) => Error::usage(
                Opt::Check,
                format!("printed as a set with the default options, {e}"),
            ),
            None => e,
        })?;
        each.push((
            made.lang.clone(),
            made.warning_keys.into_iter().zip(made.warnings).collect(),
        ));
        checked.langs.push(made.lang);
        checked.frames = made.frames;
    }
    // A warning every language gives (the theme's colours and pictures) is
    // said once, after the others; the rest name their language.
    let everywhere = |w: &(String, String)| each.iter().all(|(_, ws)| ws.contains(w));
    let mut common: Vec<(String, String)> = Vec::new();
    for (code, warnings) in &each {
        for w in warnings {
            if !everywhere(w) {
                checked.warning_keys.push(w.0.clone());
                checked.warnings.push(format!("{code}: {}", w.1));
            } else if !common.contains(w) {
                common.push(w.clone());
            }
        }
    }
    for (key, w) in common {
        checked.warning_keys.push(key);
        checked.warnings.push(w);
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::MAX_COPIES;

    /// A set's parts: a board of `board` pages, then `rules` pages of
    /// rules (`sets` copies, with a cover).
    fn set_summary(board: usize, rules: usize, sets: usize) -> Summary {
        let parts = SetParts {
            board: (1, board),
            tiled: board > 1,
            counters: (board + 1, board + 2 * sets),
            rules: (board + 3, board + 2 + rules),
            poster: None,
            boxnet: None,
            box_steps: None,
            card: (1, board + 2),
            sets,
            set_len: board + rules,
            // Two counter sheets a set.
            shared: 2 * sets,
            rules_blank: false,
            counters_per_set: 16,
            counters_per_sheet: 8,
            card_sheets: sets * (board + 2),
            paper_sheets: 1 + sets * rules,
            cutting: Default::default(),
            making: Default::default(),
            die_cut: false,
        };
        Summary::Set { parts, cover: true }
    }

    /// Over the page cap, a language pack's rules that fill one set past it
    /// are the cause (so `check` on a pack and `set --lang-file` blame the
    /// pack, not `--copies` nor `--paper`), and the rules and poster are
    /// always text; copies of a set that fits, or a board tiled past the
    /// cap, are not the rules' doing.
    #[test]
    fn the_page_cap_blames_the_rules_only_when_they_fill_the_pages() {
        let set = Kind::Set(SetOptions::default());
        assert!(rules_fill_pages(&set, &set_summary(1, 250, 1)));
        assert!(!rules_fill_pages(&set, &set_summary(1, 10, 16)));
        assert!(!rules_fill_pages(&set, &set_summary(240, 10, 1)));
        assert!(rules_fill_pages(&Kind::Rules, &Summary::Rules));
        let summary = Summary::Poster {
            body: 3.0,
            paper: Paper::A4,
            pages: 1,
        };
        assert!(rules_fill_pages(&Kind::poster(), &summary));
        assert!(!rules_fill_pages(
            &Kind::Counters(CounterOptions::default()),
            &Summary::Counters
        ));
        // Without a pack from a file, copies that do not fit blame --copies,
        // one set too long the paper.
        let copies = too_many_pages(213, &set_summary(1, 10, 16));
        assert_eq!(copies.opt(), Some(Opt::Copies));
        let long = too_many_pages(252, &set_summary(1, 250, 1));
        assert_eq!(long.opt(), Some(Opt::Paper));
    }

    fn board(square: f64) -> Job {
        Job::new(Kind::Board(BoardOptions {
            square: Some(square),
            ..BoardOptions::default()
        }))
    }

    #[test]
    fn one_rule_tells_files_from_names() {
        assert_eq!(Source::from_arg("classic"), Source::builtin("classic"));
        for arg in ["my.toml", "themes/x", "a\\b"] {
            assert_eq!(Source::from_arg(arg), Source::File(arg.into()), "{arg}");
        }
    }

    #[test]
    fn squares_are_checked_once_with_typed_errors() {
        let e = board(2000.0).validate().unwrap_err();
        assert!(
            matches!(e, Error::SquareTooLarge { value, max } if value == 2000.0 && max == 1000.0)
        );
        let e = board(3.0).validate().unwrap_err();
        assert!(matches!(e, Error::SquareTooSmall { value, min } if value == 3.0 && min == 8.0));
        assert_eq!(e.opt(), Some(Opt::Square));
        let set = SetOptions {
            square: Some(f64::NAN),
            ..SetOptions::default()
        };
        assert!(matches!(
            Job::new(Kind::Set(set)).validate(),
            Err(Error::SquareTooSmall { .. })
        ));
    }

    #[test]
    fn options_that_contradict_the_purpose_are_refused() {
        let mut job = Job::new(Kind::set());
        job.purpose = Purpose::Laser;
        assert!(matches!(job.validate(), Err(Error::LaserForPaper)));
        let mut job = Job::new(Kind::Counters(CounterOptions {
            sides: Sides::Fold,
            ..CounterOptions::default()
        }));
        job.purpose = Purpose::Laser;
        assert!(matches!(job.validate(), Err(Error::LaserSides)));
        let mut job = Job::new(Kind::Rules);
        job.kerf = 0.1;
        assert!(matches!(job.validate(), Err(Error::KerfWithoutLaser)));
        job.kerf = 0.0;
        job.bleed = 9.0;
        assert_eq!(job.validate().unwrap_err().opt(), Some(Opt::Bleed));
    }

    #[test]
    fn bad_sources_name_their_option() {
        let mut job = Job::new(Kind::Rules);
        job.inputs.lang = Source::builtin("xx");
        assert_eq!(job.run().unwrap_err().opt(), Some(Opt::Lang));
        let mut job = Job::new(Kind::Rules);
        job.inputs.ruleset = Source::Text {
            name: "mine.toml".into(),
            contents: "not toml [".into(),
        };
        let e = job.run().unwrap_err();
        assert_eq!(e.origin(), Some("mine.toml"), "{e}");
        assert!(matches!(
            parse_sides("duplex", "sideways"),
            Err(Error::Usage {
                opt: Opt::Sides,
                ..
            })
        ));
    }

    #[test]
    fn a_board_too_large_for_its_paper_is_tiled_and_too_many_pages_refused() {
        let made = board(40.0).run().unwrap();
        assert!(matches!(made.summary, Summary::Board { pages, .. } if pages > 1));
        let mut job = Job::new(Kind::Counters(CounterOptions {
            size: Some(100.0),
            copies: MAX_COPIES,
            ..CounterOptions::default()
        }));
        job.paper = Paper::parse("a5").unwrap();
        let e = job.run().unwrap_err();
        assert!(
            matches!(e, Error::TooManyPages { max: MAX_PAGES, .. }),
            "{e}"
        );
    }
}

//! The command line as clap sees it: commands, options, their help and the
//! values they accept. Nothing here reads files or composes pages.

use std::path::PathBuf;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use jungle_print::limits::MAX_COPIES;

/// After every `--help` and in the man pages: the examples, then what the exit status means.
pub(crate) const AFTER_HELP: &str = concat!(
    "Examples:\n",
    include_str!("examples.txt"),
    "\n",
    "Exit status:\n",
    "  0  the file was written (or the list, page or check was printed)\n",
    "  2  bad input or options: nothing was written; the message names the option,\n",
    "     or the file, line and key, and what would be right\n",
    "  1  anything else (a file that could not be written, …): nothing half-written"
);

/// A free-form value (a name or a file) whose built-in names are offered by
/// help and shell completion; anything else is passed on to be checked later.
#[derive(Debug, Clone)]
pub(crate) struct Names(Vec<&'static str>);

impl TypedValueParser for Names {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|n| PossibleValue::new(*n))))
    }
}

/// The built-in themes, for completion.
pub(crate) fn theme_names() -> Names {
    Names(
        jungle_print::theme::BUILTIN
            .iter()
            .map(|(n, _)| *n)
            .collect(),
    )
}

/// The built-in language packs, for completion.
pub(crate) fn lang_names() -> Names {
    Names(
        jungle_print::lang::BUILTIN
            .iter()
            .map(|(n, _)| *n)
            .collect(),
    )
}

/// The built-in rulesets, for completion.
pub(crate) fn ruleset_names() -> Names {
    Names(
        jungle_print::rules::BUILTIN
            .iter()
            .map(|(n, _)| *n)
            .collect(),
    )
}

/// The named paper sizes, for completion.
pub(crate) fn paper_names() -> Names {
    Names(
        jungle_print::paper::NAMED
            .iter()
            .map(|(n, _, _)| *n)
            .collect(),
    )
}

/// Counter shapes, for completion.
pub(crate) fn shape_names() -> Names {
    Names(vec!["circle", "square", "rounded", "octagon"])
}

/// Printable sets for Dou Shou Qi (鬥獸棋, the Jungle game): board, counters and rules as PDF or SVG.
#[derive(Debug, Parser)]
#[command(name = "jungle-print", version, after_help = AFTER_HELP)]
pub(crate) struct Cli {
    /// Print nothing on success (errors still go to standard error).
    #[arg(short, long, global = true)]
    pub(crate) quiet: bool,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Print the whole paper set in one PDF: a cover page, the board, counters and rules handout.
    #[command(after_help = AFTER_HELP)]
    Set(SetArgs),
    /// Print the 7×9 board, centred on one sheet.
    #[command(after_help = AFTER_HELP)]
    Board(BoardArgs),
    /// Print the 16 counters, ready to cut: single-sided, fold-over or duplex.
    #[command(after_help = AFTER_HELP)]
    Counters(CounterArgs),
    /// Print the rules handout for the chosen ruleset and language.
    #[command(after_help = AFTER_HELP)]
    Rules(RulesArgs),
    /// Print a glueless box (tray and lid, locked by tabs) sized for the counters,
    /// the folded board and the rules, with the steps to make it.
    #[command(after_help = AFTER_HELP)]
    Box(BoxArgs),
    /// Print a shell completion script (e.g. `completions bash > /etc/bash_completion.d/jungle-print`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print a man page in roff (e.g. `man <(jungle-print man board)`).
    Man {
        /// The command whose page to print; without it, the page of jungle-print itself.
        command: Option<String>,
    },
    /// List the built-in language packs, or print one to start a translation.
    #[command(subcommand)]
    Lang(LangCommand),
    /// List the built-in rulesets, or print one to start your house rules.
    #[command(subcommand)]
    Ruleset(RulesetCommand),
    /// List the built-in themes, print one to start your own, or list every theme key.
    #[command(subcommand)]
    Themes(ThemesCommand),
    /// Check a theme, language pack or ruleset without printing anything: keys, colours,
    /// fonts, icons, glyphs for every language, labels that do not fit, text contrast.
    #[command(after_help = AFTER_HELP)]
    Check(CheckArgs),
}

#[derive(Debug, Subcommand)]
pub(crate) enum ThemesCommand {
    /// Names and one-line descriptions of the built-in themes.
    List,
    /// Print a theme with every key resolved (e.g. `themes show ink-saver > my.toml`).
    Show {
        /// A built-in name or a .toml file.
        theme: String,
    },
    /// Every theme key with its type, range, default and meaning (Markdown).
    Keys,
}

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// A theme, language pack or ruleset (.toml, told apart by its sections), or a built-in theme name.
    #[arg(default_value = "classic", value_name = "FILE")]
    pub(crate) theme: String,
    /// The theme whose fonts and colours a language pack or ruleset is checked
    /// against (default: classic), or a theme to check instead of FILE.
    #[arg(long = "theme", value_name = "THEME")]
    pub(crate) with_theme: Option<String>,
    /// Check with this language only (default: all four built-in languages).
    #[arg(long, value_name = "LANG", value_parser = lang_names(), hide_possible_values = true)]
    pub(crate) lang: Option<String>,
    /// A language pack file to check (with the theme).
    #[arg(long, value_name = "FILE")]
    pub(crate) lang_file: Option<PathBuf>,
    /// Ruleset to check and compose with: a built-in preset or a .toml file.
    #[arg(long, default_value = "standard", value_name = "RULES", help = format!(
        "Ruleset to check and compose with: a built-in preset ({}) or a .toml file",
        jungle_print::rules::builtin_names()
    ))]
    pub(crate) ruleset: String,
}

#[derive(Debug, Args)]
pub(crate) struct SetArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// Counters: single, fold or duplex.
    #[arg(long, value_enum, default_value = "fold")]
    pub(crate) sides: SidesArg,
    /// Duplex only: long-edge or short-edge.
    #[arg(long, value_enum, default_value = "long-edge")]
    pub(crate) flip: FlipArg,
    /// Counter outline: circle, square, rounded, octagon.
    #[arg(long, default_value = "circle", value_name = "SHAPE", value_parser = shape_names(), hide_possible_values = true)]
    pub(crate) shape: String,
    /// Side of one board square in mm; a board too large for the paper is tiled
    /// over several sheets with glue strips and an assembly map.
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub(crate) square: Option<f64>,
    /// Leave out the cover page (contents, how to print and assemble, page previews).
    #[arg(long)]
    pub(crate) no_cover: bool,
    /// Leave out the box.
    #[arg(long)]
    pub(crate) no_box: bool,
    /// Add the one-page rules poster after the rules handout.
    #[arg(long)]
    pub(crate) poster: bool,
    /// Whole sets in one file (a class set): board, counters, rules and box
    /// repeated, each page marked with its set number; the cover comes once.
    /// The preview shows one set.
    #[arg(long, default_value_t = 1, value_name = "N", allow_hyphen_values = true, value_parser = parse_copies)]
    pub(crate) copies: usize,
    /// Write one PNG contact sheet of every page (jungle-set-preview.png, at --dpi)
    /// instead of the set itself.
    #[arg(long)]
    pub(crate) preview: bool,
}

#[derive(Debug, Args)]
pub(crate) struct BoxArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// Size of the counters it holds, mm; default: the counters' default on this paper.
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub(crate) size: Option<f64>,
    /// Sets of counters it holds.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub(crate) copies: usize,
    /// How the counters were made (fold-over counters are two layers thick).
    #[arg(long, value_enum, default_value = "fold")]
    pub(crate) sides: SidesArg,
    /// Thickness of the card the box and counters are made of, mm (0.1 to 2).
    #[arg(
        long,
        default_value_t = 0.35,
        value_name = "MM",
        allow_negative_numbers = true
    )]
    pub(crate) card: f64,
}

#[derive(Debug, Args)]
pub(crate) struct RulesArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// The whole game on one sheet for a wall or a table (A4 to A2; the
    /// type grows with the paper) instead of the handout.
    #[arg(long)]
    pub(crate) poster: bool,
}

#[derive(Debug, Subcommand)]
pub(crate) enum LangCommand {
    /// Codes and names of the built-in language packs.
    List,
    /// Print a built-in pack as TOML (e.g. `lang show fr > es.toml`).
    Show {
        /// Language code.
        code: String,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum RulesetCommand {
    /// Names and descriptions of the built-in rulesets.
    List,
    /// Print a built-in ruleset as TOML (e.g. `ruleset show standard > house.toml`).
    Show {
        /// Ruleset name.
        name: String,
    },
}

/// Printing mode for counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SidesArg {
    /// Fronts only.
    Single,
    /// Each front beside its back with a fold line: for single-sided printers.
    Fold,
    /// Fronts on odd pages, backs on even pages: for double-sided printing.
    Duplex,
}

/// How the printer turns the sheet in duplex mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum FlipArg {
    /// Turned over the long edge (the usual default of printers).
    LongEdge,
    /// Turned over the short edge.
    ShortEdge,
}

#[derive(Debug, Args)]
pub(crate) struct CounterArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// Counter size in mm (diameter or width), at least 8; default: 85 % of the board square on the same paper.
    #[arg(long, value_name = "MM", allow_hyphen_values = true)]
    pub(crate) size: Option<f64>,
    /// Outline: circle, square, rounded, octagon.
    #[arg(long, default_value = "circle", value_name = "SHAPE", value_parser = shape_names(), hide_possible_values = true)]
    pub(crate) shape: String,
    /// single, fold or duplex.
    #[arg(long, value_enum, default_value = "single")]
    pub(crate) sides: SidesArg,
    /// Duplex only: long-edge or short-edge.
    #[arg(long, value_enum, default_value = "long-edge")]
    pub(crate) flip: FlipArg,
    /// Number of full sets of 16 (extra sets are spares), 1 to 16.
    #[arg(long, default_value_t = 1, value_name = "N", allow_hyphen_values = true, value_parser = parse_copies)]
    pub(crate) copies: usize,

    /// Add crop marks at each counter's corners.
    #[arg(long)]
    pub(crate) crop_marks: bool,
    /// Laser, square counters: pack them edge to edge so neighbours share one cut
    /// line (half the cutting, no waste between pieces).
    #[arg(long)]
    pub(crate) shared_cuts: bool,
    /// Duplex only: move every back by X,Y mm to correct the printer's drift (e.g. 0.5,-1).
    /// Directions as seen from the front, holding the sheet to the light: positive X
    /// moves the backs right, positive Y moves them down.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub(crate) back_offset: Option<String>,
    /// Leave the game's name off the backs.
    #[arg(long)]
    pub(crate) no_back_title: bool,
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// One PDF with every page.
    Pdf,
    /// One SVG per page (NAME-2.svg, … after the first).
    Svg,
    /// One PNG picture per page (NAME-2.png, … after the first), at --dpi.
    Png,
}

/// The `--ruleset` help line, naming every built-in preset.
pub(crate) fn ruleset_help() -> String {
    format!(
        "Ruleset: a built-in preset ({}) or a .toml file; sets the ranks printed",
        jungle_print::rules::builtin_names()
    )
}

/// Options shared by every sheet.
#[derive(Debug, Args)]
pub(crate) struct Common {
    /// Paper: a4, a3, a5, letter, legal, tabloid, b4, or WIDTHxHEIGHT in mm (e.g. 300x400).
    #[arg(
        long,
        default_value = "a4",
        value_name = "PAPER",
        allow_hyphen_values = true,
        value_parser = paper_names(),
        hide_possible_values = true
    )]
    pub(crate) paper: String,
    /// Label language: en, fr, zh-Hant, zh-Hans.
    #[arg(long, default_value = "en", value_name = "LANG", value_parser = lang_names(), hide_possible_values = true)]
    pub(crate) lang: String,
    /// A language pack file, used instead of --lang.
    #[arg(long, value_name = "FILE")]
    pub(crate) lang_file: Option<PathBuf>,
    /// Theme: classic, traditional, ink-saver, high-contrast, kids, picture-book, or a .toml file.
    /// [default: classic; ink-saver with --for laser]
    #[arg(long, value_name = "THEME", value_parser = theme_names(), hide_possible_values = true)]
    pub(crate) theme: Option<String>,
    /// A folder of pictures, one per animal (elephant.png, lion.jpg, tiger.svg, …: PNG,
    /// JPEG or SVG), shown big on the counters and start squares with the rank as dots,
    /// over the chosen theme.
    #[arg(long, value_name = "DIR")]
    pub(crate) pictures: Option<PathBuf>,
    /// Ruleset: a built-in preset or a .toml file; sets the ranks printed.
    #[arg(long, default_value = "standard", value_name = "RULES", help = ruleset_help(), value_parser = ruleset_names(), hide_possible_values = true)]
    pub(crate) ruleset: String,
    /// Output format; by default taken from the output file's extension, else PDF.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub(crate) format: Option<Format>,
    /// Output file (`-` for standard output).
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// SVG only: keep text as editable <text> (needs the fonts installed) instead of outlines.
    #[arg(long)]
    pub(crate) live_text: bool,
    /// Who the file is for: a home printer; a print shop (a PDF/X-4 in CMYK, the die
    /// line in the spot colour CutContour, marks in All; add --bleed 3); or a laser
    /// cutter (board, counters, box: red 0.01 mm cut lines, blue score lines, black
    /// engraving, text as outlines, counters packed tight on the --paper, i.e. the
    /// material size).
    #[arg(long = "for", value_enum, default_value = "home", value_name = "WHO")]
    pub(crate) purpose: Purpose,
    /// Laser only: width of the cut in mm (0 to 1); cut lines move out by half of
    /// it so pieces come out at their size.
    #[arg(
        long,
        default_value_t = 0.0,
        value_name = "MM",
        allow_negative_numbers = true
    )]
    pub(crate) kerf: f64,
    /// PNG only: resolution in dots per inch (10 to 1200).
    #[arg(
        long,
        default_value_t = 150.0,
        value_name = "DPI",
        allow_negative_numbers = true
    )]
    pub(crate) dpi: f64,
    /// Bleed for print shops, 0 to 5 mm: board and counter colours run this far past
    /// their cut edges, and each page grows by as much on every side (the PDF's
    /// TrimBox is the paper, its BleedBox the paper plus bleed).
    #[arg(
        long,
        default_value_t = 0.0,
        value_name = "MM",
        allow_negative_numbers = true
    )]
    pub(crate) bleed: f64,
}

#[derive(Debug, Args)]
pub(crate) struct BoardArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// Side of one square in mm, at least 8 (default: the largest whole millimetre that fits the paper).
    #[arg(long, value_name = "MM", allow_hyphen_values = true)]
    pub(crate) square: Option<f64>,
    /// Leave out the a–g / 1–9 coordinates.
    #[arg(long)]
    pub(crate) no_coordinates: bool,
    /// Print the board sized for --paper over sheets of this size, tiled with glue
    /// strips (e.g. `--paper a3 --tile a4`: an A3 board on A4 sheets). A --square
    /// too large for --paper tiles over --paper sheets without this option.
    #[arg(long, value_name = "PAPER", value_parser = paper_names(), hide_possible_values = true)]
    pub(crate) tile: Option<String>,
    /// Add crop marks at the board's corners, outside any bleed (a board on one sheet).
    #[arg(long)]
    pub(crate) crop_marks: bool,
}

/// `--copies`: a whole number from 1 to [`MAX_COPIES`].
pub(crate) fn parse_copies(v: &str) -> Result<usize, String> {
    match v.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_COPIES).contains(&n) => Ok(n),
        _ => Err(format!("give a whole number from 1 to {MAX_COPIES}")),
    }
}

/// Who the output is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Purpose {
    /// A home or office printer (colour or black and white).
    Home,
    /// A print shop: PDF/X-4, CMYK, die line in the CutContour spot colour.
    PrintShop,
    /// A laser cutter or engraver (LightBurn, xTool, Glowforge conventions).
    Laser,
}

/// How pages are drawn, whatever the command.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Choices {
    /// Laser: cut, score and engrave layers in their colours.
    pub(crate) laser: bool,
    /// Print shop: CMYK and spot colours, a PDF/X-4 file.
    pub(crate) print_shop: bool,
    /// SVG: editable text instead of outlines.
    pub(crate) live_text: bool,
    /// PNG: dots per inch.
    pub(crate) dpi: f64,
}

impl Common {
    pub(crate) fn choices(&self) -> Choices {
        Choices {
            laser: self.purpose == Purpose::Laser,
            print_shop: self.purpose == Purpose::PrintShop,
            live_text: self.live_text,
            dpi: self.dpi,
        }
    }
}

//! Command-line parsing (clap) and the glue from options to the library.

use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};

use jungle_print::compose::board::{board_page, board_sheets, square_size, BoardOptions};
use jungle_print::compose::boxnet::{box_pages, box_sizes, BoxOptions};
use jungle_print::compose::counters::{counter_pages, CounterOptions, Shape, Sides};
use jungle_print::compose::handout::{handout_pages, ruleset_line, HandoutOptions};
use jungle_print::compose::set::{set_pages, SetOptions};
use jungle_print::error::Error;
use jungle_print::input::shown_path;
use jungle_print::lang::Lang;
use jungle_print::layout::Flip;
use jungle_print::output::{check_target, is_stdout, write_atomic, write_set};
use jungle_print::paper::Paper;
use jungle_print::render::{pdf, svg};
use jungle_print::resolve::Resources;
use jungle_print::rules::Ruleset;
use jungle_print::theme::Theme;
use jungle_print::{
    document,
    scene::{Document, Page},
};

const EXAMPLES: &str = "\
Examples:
  jungle-print set                                 jungle-set.pdf: board, counters and rules
  jungle-print set --lang fr --sides duplex        the whole set in French, duplex counters
  jungle-print board                               board.pdf, A4, English labels
  jungle-print board --lang fr -o plateau.pdf      French labels
  jungle-print board --lang zh-Hant --format svg -o board.svg
  jungle-print board --paper letter --square 24    24 mm squares on US Letter
  jungle-print counters                            counters.pdf: the 16 pieces to cut out
  jungle-print counters --sides fold --lang zh-Hans
  jungle-print counters --sides duplex --flip long-edge
  jungle-print counters --shape octagon --size 22 --copies 2 --format svg
  jungle-print rules                               rules.pdf: the rules handout, standard rules
  jungle-print rules --lang fr --ruleset bell      R. C. Bell's rules, in French
  jungle-print rules --ruleset my-house-rules.toml your own variants
  jungle-print box                                 box.pdf: a tray and lid that hold the set
  jungle-print set --square 40                     a bigger board, tiled over A4 sheets
  jungle-print lang list                           the built-in languages
  jungle-print lang show fr > es.toml              start a new translation
  jungle-print board --lang-file es.toml           use it everywhere
  jungle-print themes list                         the built-in themes
  jungle-print themes show ink-saver > my.toml     start your own theme
  jungle-print check my.toml                       check it without printing
  jungle-print board --theme my.toml               a theme file or a built-in name";

/// Printable sets for Dou Shou Qi (鬥獸棋, the Jungle game): board, counters and rules as PDF or SVG.
#[derive(Debug, Parser)]
#[command(name = "jungle-print", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the whole paper set in one PDF: a cover page, the board, counters and rules handout.
    #[command(after_help = EXAMPLES)]
    Set(SetArgs),
    /// Print the 7×9 board, centred on one sheet.
    #[command(after_help = EXAMPLES)]
    Board(BoardArgs),
    /// Print the 16 counters, ready to cut: single-sided, fold-over or duplex.
    #[command(after_help = EXAMPLES)]
    Counters(CounterArgs),
    /// Print the rules handout for the chosen ruleset and language.
    #[command(after_help = EXAMPLES)]
    Rules(RulesArgs),
    /// Print a glueless box (tray and lid, locked by tabs) sized for the counters,
    /// the folded board and the rules, with the steps to make it.
    #[command(after_help = EXAMPLES)]
    Box(BoxArgs),
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
    #[command(after_help = EXAMPLES)]
    Check(CheckArgs),
}

#[derive(Debug, Subcommand)]
enum ThemesCommand {
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
struct CheckArgs {
    /// A theme, language pack or ruleset (.toml, told apart by its sections), or a built-in theme name.
    #[arg(default_value = "classic", value_name = "FILE")]
    theme: String,
    /// Check with this language only (default: all four built-in languages).
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
    /// A language pack file to check (with the theme).
    #[arg(long, value_name = "FILE")]
    lang_file: Option<PathBuf>,
    /// Ruleset to check and compose with: a built-in preset or a .toml file.
    #[arg(long, default_value = "standard", value_name = "RULES", help = format!(
        "Ruleset to check and compose with: a built-in preset ({}) or a .toml file",
        jungle_print::rules::builtin_names()
    ))]
    ruleset: String,
}

#[derive(Debug, Args)]
struct SetArgs {
    #[command(flatten)]
    common: Common,
    /// Counters: single, fold or duplex.
    #[arg(long, value_enum, default_value = "fold")]
    sides: SidesArg,
    /// Duplex only: long-edge or short-edge.
    #[arg(long, value_enum, default_value = "long-edge")]
    flip: FlipArg,
    /// Counter outline: circle, square, rounded, octagon.
    #[arg(long, default_value = "circle", value_name = "SHAPE")]
    shape: String,
    /// Side of one board square in mm; a board too large for the paper is tiled
    /// over several sheets with glue strips and an assembly map.
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    square: Option<f64>,
    /// Leave out the cover page (contents, how to print and assemble, page previews).
    #[arg(long)]
    no_cover: bool,
    /// Leave out the box.
    #[arg(long)]
    no_box: bool,
}

#[derive(Debug, Args)]
struct BoxArgs {
    #[command(flatten)]
    common: Common,
    /// Size of the counters it holds, mm; default: the counters' default on this paper.
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    size: Option<f64>,
    /// Sets of counters it holds.
    #[arg(long, default_value_t = 1, value_name = "N")]
    copies: usize,
    /// How the counters were made (fold-over counters are two layers thick).
    #[arg(long, value_enum, default_value = "fold")]
    sides: SidesArg,
    /// Thickness of the card the box and counters are made of, mm (0.1 to 2).
    #[arg(
        long,
        default_value_t = 0.35,
        value_name = "MM",
        allow_negative_numbers = true
    )]
    card: f64,
}

#[derive(Debug, Args)]
struct RulesArgs {
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Subcommand)]
enum LangCommand {
    /// Codes and names of the built-in language packs.
    List,
    /// Print a built-in pack as TOML (e.g. `lang show fr > es.toml`).
    Show {
        /// Language code.
        code: String,
    },
}

#[derive(Debug, Subcommand)]
enum RulesetCommand {
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
enum SidesArg {
    /// Fronts only.
    Single,
    /// Each front beside its back with a fold line: for single-sided printers.
    Fold,
    /// Fronts on odd pages, backs on even pages: for double-sided printing.
    Duplex,
}

/// How the printer turns the sheet in duplex mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FlipArg {
    /// Turned over the long edge (the usual default of printers).
    LongEdge,
    /// Turned over the short edge.
    ShortEdge,
}

#[derive(Debug, Args)]
struct CounterArgs {
    #[command(flatten)]
    common: Common,
    /// Counter size in mm (diameter or width), at least 8; default: 85 % of the board square on the same paper.
    #[arg(long, value_name = "MM", allow_hyphen_values = true)]
    size: Option<f64>,
    /// Outline: circle, square, rounded, octagon.
    #[arg(long, default_value = "circle", value_name = "SHAPE")]
    shape: String,
    /// single, fold or duplex.
    #[arg(long, value_enum, default_value = "single")]
    sides: SidesArg,
    /// Duplex only: long-edge or short-edge.
    #[arg(long, value_enum, default_value = "long-edge")]
    flip: FlipArg,
    /// Number of full sets of 16 (extra sets are spares), 1 to 16.
    #[arg(long, default_value_t = 1, value_name = "N", allow_hyphen_values = true, value_parser = parse_copies)]
    copies: usize,

    /// Add crop marks at each counter's corners.
    #[arg(long)]
    crop_marks: bool,
    /// Duplex only: move every back by X,Y mm to correct the printer's drift (e.g. 0.5,-1).
    /// Directions as seen from the front, holding the sheet to the light: positive X
    /// moves the backs right, positive Y moves them down.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    back_offset: Option<String>,
    /// Leave the game's name off the backs.
    #[arg(long)]
    no_back_title: bool,
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// One PDF with every page.
    Pdf,
    /// One SVG per page (NAME-2.svg, … after the first).
    Svg,
}

/// The `--ruleset` help line, naming every built-in preset.
fn ruleset_help() -> String {
    format!(
        "Ruleset: a built-in preset ({}) or a .toml file; sets the ranks printed",
        jungle_print::rules::builtin_names()
    )
}

/// Options shared by every sheet.
#[derive(Debug, Args)]
struct Common {
    /// Paper: a4, a3, a5, letter, legal, tabloid, b4, or WIDTHxHEIGHT in mm (e.g. 300x400).
    #[arg(
        long,
        default_value = "a4",
        value_name = "PAPER",
        allow_hyphen_values = true
    )]
    paper: String,
    /// Label language: en, fr, zh-Hant, zh-Hans.
    #[arg(long, default_value = "en", value_name = "LANG")]
    lang: String,
    /// A language pack file, used instead of --lang.
    #[arg(long, value_name = "FILE")]
    lang_file: Option<PathBuf>,
    /// Theme: classic, traditional, ink-saver, high-contrast, kids, or a .toml file.
    #[arg(long, default_value = "classic", value_name = "THEME")]
    theme: String,
    /// Ruleset: a built-in preset or a .toml file; sets the ranks printed.
    #[arg(long, default_value = "standard", value_name = "RULES", help = ruleset_help())]
    ruleset: String,
    /// Output format; by default taken from the output file's extension, else PDF.
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<Format>,
    /// Output file (`-` for standard output).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// SVG only: keep text as editable <text> (needs the fonts installed) instead of outlines.
    #[arg(long)]
    live_text: bool,
    /// Bleed for print shops, 0 to 5 mm: board and counter colours run this far past
    /// their cut edges, and each page grows by as much on every side (the PDF's
    /// TrimBox is the paper, its BleedBox the paper plus bleed).
    #[arg(
        long,
        default_value_t = 0.0,
        value_name = "MM",
        allow_negative_numbers = true
    )]
    bleed: f64,
}

#[derive(Debug, Args)]
struct BoardArgs {
    #[command(flatten)]
    common: Common,
    /// Side of one square in mm, at least 8 (default: the largest whole millimetre that fits the paper).
    #[arg(long, value_name = "MM", allow_hyphen_values = true)]
    square: Option<f64>,
    /// Leave out the a–g / 1–9 coordinates.
    #[arg(long)]
    no_coordinates: bool,
    /// Print the board sized for --paper over sheets of this size, tiled with glue
    /// strips (e.g. `--paper a3 --tile a4`: an A3 board on A4 sheets). A --square
    /// too large for --paper tiles over --paper sheets without this option.
    #[arg(long, value_name = "PAPER")]
    tile: Option<String>,
}

/// Parses the arguments, runs the command and returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
                || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    2
                } else {
                    0
                };
            }
            // One line: the first line of clap's message, plus where to look.
            let msg = e.to_string();
            let first = msg
                .lines()
                .next()
                .unwrap_or("error")
                .trim_start_matches("error: ");
            eprintln!("jungle-print: error: {first} (see --help)");
            return 2;
        }
    };
    let result =
        match cli.command {
            Command::Set(a) => set(a),
            Command::Board(a) => board(a),
            Command::Counters(a) => counters(a),
            Command::Rules(a) => rules(a),
            Command::Box(a) => make_box(a),
            Command::Lang(LangCommand::List) => {
                for (code, src) in jungle_print::lang::BUILTIN {
                    let name = Lang::parse(src, code)
                        .map(|l| l.meta.name)
                        .unwrap_or_default();
                    println!("{code:<8} {name}");
                }
                Ok(())
            }
            Command::Lang(LangCommand::Show { code }) => Lang::builtin(&code).map(|l| {
                let src = jungle_print::lang::BUILTIN
                    .iter()
                    .find(|(c, _)| *c == l.meta.code)
                    .map(|(_, s)| *s)
                    .unwrap_or_default();
                print!("{src}");
            }),
            Command::Themes(ThemesCommand::List) => jungle_print::theme::BUILTIN
                .iter()
                .try_for_each(|(name, _)| {
                    let t = Theme::builtin(name)?;
                    println!("{name:<14} {}", t.description);
                    Ok(())
                }),
            Command::Themes(ThemesCommand::Show { theme }) => Theme::from_arg(&theme).map(|t| {
                println!(
                    "# Theme `{}`, every key resolved. Keep the keys you change and add\n# `extends = \"{}\"` to inherit the rest; see themes/README.md.\n",
                    t.name,
                    if theme.ends_with(".toml") { &t.name } else { &theme }
                );
                print!("{}", t.to_toml());
            }),
            Command::Themes(ThemesCommand::Keys) => {
                print!("{}", jungle_print::theme::schema::reference());
                Ok(())
            }
            Command::Check(a) => check(a),
            Command::Ruleset(RulesetCommand::List) => jungle_print::rules::BUILTIN
                .iter()
                .try_for_each(|(name, src)| {
                    let r = Ruleset::parse(src, name)?;
                    println!("{name:<10} {}", r.meta.description);
                    Ok(())
                }),
            Command::Ruleset(RulesetCommand::Show { name }) => Ruleset::builtin(&name).map(|_| {
                let src = jungle_print::rules::BUILTIN
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, s)| *s)
                    .unwrap_or_default();
                print!("{src}");
            }),
        };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("jungle-print: error: {e}");
            e.exit_code()
        }
    }
}

/// Resolves theme, language and rules from the shared options.
fn resources(c: &Common) -> Result<Resources, Error> {
    let theme = Theme::from_arg(&c.theme)?;
    let lang = match &c.lang_file {
        Some(p) => Lang::load(p)?,
        None => Lang::builtin(&c.lang)?,
    };
    let rules = Ruleset::from_arg(&c.ruleset)?;
    Resources::new(theme, lang, rules)
}

/// Loads a theme, language pack or ruleset the way printing would and composes
/// a board, counters and handout with it in each language, without writing anything.
fn check(mut a: CheckArgs) -> Result<(), Error> {
    // A language pack or a ruleset given in the theme's place is told apart by its sections.
    let mut what = None;
    if a.theme.ends_with(".toml") {
        let src = jungle_print::error::read_text(Path::new(&a.theme))?;
        if let Ok(t) = src.parse::<toml::Table>() {
            if t.contains_key("handout") {
                a.lang_file = Some(PathBuf::from(std::mem::replace(
                    &mut a.theme,
                    "classic".into(),
                )));
            } else if t.contains_key("variants") {
                a.ruleset = std::mem::replace(&mut a.theme, "classic".into());
            }
        }
    }
    let theme = Theme::from_arg(&a.theme)?;
    let rules = Ruleset::from_arg(&a.ruleset)?;
    if a.ruleset.ends_with(".toml") {
        what = Some(format!(
            "{}: ruleset `{}` is valid",
            a.ruleset, rules.meta.name
        ));
    }
    let langs: Vec<Lang> = match (&a.lang_file, &a.lang) {
        (Some(p), _) => {
            let l = Lang::load(p)?;
            what = Some(format!(
                "{}: language pack `{}` is valid",
                p.display(),
                l.meta.code
            ));
            vec![l]
        }
        (None, Some(code)) => vec![Lang::builtin(code)?],
        (None, None) => jungle_print::lang::BUILTIN
            .iter()
            .map(|(code, _)| Lang::builtin(code))
            .collect::<Result<_, _>>()?,
    };
    let mut warnings = Vec::new();
    for lang in langs {
        let code = lang.meta.code.clone();
        let res = Resources::new(theme.clone(), lang, rules.clone())?;
        let paper = Paper::A4;
        board_page(&res, &BoardOptions::new(paper))?;
        counter_pages(&res, &CounterOptions::new(paper))?;
        handout_pages(&res, &HandoutOptions { paper });
        warnings.extend(
            res.take_warnings()
                .into_iter()
                .map(|w| format!("{code}: {w}")),
        );
    }
    for (what, ink, ground) in theme.text_pairs() {
        let ratio = jungle_print::theme::contrast(ink, ground);
        if ratio < 4.5 {
            warnings.push(format!(
                "{what}: text {} on {} has a contrast of {ratio:.1}:1, below the 4.5:1 that low-vision readers need",
                ink.to_hex(),
                ground.to_hex()
            ));
        }
    }
    for w in &warnings {
        eprintln!("jungle-print: warning: {w}");
    }
    let what = what.unwrap_or_else(|| format!("{}: theme `{}` is valid", a.theme, theme.name));
    println!(
        "{what}{}",
        match warnings.len() {
            0 => String::new(),
            n => format!(" ({n} warning{})", if n == 1 { "" } else { "s" }),
        }
    );
    Ok(())
}

/// The document title: the game's Chinese and local names.
fn game_title(res: &Resources) -> String {
    format!("{} — {}", res.lang.game.han, res.lang.game.title)
}

/// Prints the warnings composing noted (labels shrunk to fit, …), renders and
/// writes the pages, then says what was written (`detail`, or the page count).
fn emit(
    res: &Resources,
    title: &str,
    pages: Vec<Page>,
    (format, path): (Format, PathBuf),
    live_text: bool,
    detail: Option<String>,
) -> Result<(), Error> {
    for w in res.take_warnings() {
        eprintln!("jungle-print: warning: {w}");
    }
    res.check_pages(&pages)?;
    let n = pages.len();
    if n > MAX_PAGES {
        return Err(Error::usage(
            "--paper",
            format!("the document would have {n} pages, more than the limit of {MAX_PAGES}; use larger paper or fewer --copies"),
        ));
    }
    let doc = document(title, pages, res);
    write(&doc, format, &path, live_text)?;
    let detail = detail.unwrap_or_else(|| format!("{n} page{}", if n == 1 { "" } else { "s" }));
    eprintln!("jungle-print: wrote {} ({detail})", shown_path(&path));
    Ok(())
}

fn board(a: BoardArgs) -> Result<(), Error> {
    let paper = Paper::parse(&a.common.paper)?;
    if let Some(s) = a.square {
        finite(
            "--square",
            s,
            "squares must be at least 8 mm, e.g. --square 25",
        )?;
    }
    let out = target(&a.common, "board")?;
    let mut res = resources(&a.common)?;
    if a.no_coordinates {
        res.theme.board.show_coordinates = false;
    }
    let tile = a
        .tile
        .as_deref()
        .map(|t| Paper::parse(t).map_err(|e| e.for_flag("--tile")))
        .transpose()?;
    let square = match (a.square, tile) {
        (Some(s), _) => s,
        (None, Some(_)) => square_size(&res, paper, None)?,
        (None, None) => square_size(&res, paper, None)?,
    };
    let pages = board_sheets(
        &res,
        &BoardOptions {
            paper,
            square: Some(square),
            bleed: a.common.bleed,
        },
        tile,
    )?;
    let sheets = if pages.len() > 1 {
        format!(", tiled: assembly map and {} sheets", pages.len() - 1)
    } else {
        String::new()
    };
    let detail = format!(
        "{} × {} mm paper, {square} mm squares, board {} × {} mm{sheets}",
        paper.width,
        paper.height,
        square * 7.0,
        square * 9.0
    );
    emit(
        &res,
        &game_title(&res),
        pages,
        out,
        a.common.live_text,
        Some(detail),
    )
}

fn counters(a: CounterArgs) -> Result<(), Error> {
    let paper = Paper::parse(&a.common.paper)?;
    let shape = Shape::parse(&a.shape)?;
    if let Some(s) = a.size {
        finite(
            "--size",
            s,
            "counters must be at least 8 mm, e.g. --size 22",
        )?;
    }
    let back_offset = match &a.back_offset {
        None => (0.0, 0.0),
        Some(v) => parse_offset(v)?,
    };
    let sides = sides_of(a.sides, a.flip);
    let out = target(&a.common, "counters")?;
    let res = resources(&a.common)?;
    let opts = CounterOptions {
        paper,
        size: a.size,
        shape,
        sides,
        copies: a.copies,
        bleed: a.common.bleed,
        crop_marks: a.crop_marks,
        back_offset,
        back_title: !a.no_back_title,
    };
    let pages = counter_pages(&res, &opts)?;
    emit(
        &res,
        &game_title(&res),
        pages,
        out,
        a.common.live_text,
        None,
    )
}

fn sides_of(sides: SidesArg, flip: FlipArg) -> Sides {
    match sides {
        SidesArg::Single => Sides::Single,
        SidesArg::Fold => Sides::Fold,
        SidesArg::Duplex => Sides::Duplex(match flip {
            FlipArg::LongEdge => Flip::LongEdge,
            FlipArg::ShortEdge => Flip::ShortEdge,
        }),
    }
}

fn set(a: SetArgs) -> Result<(), Error> {
    let paper = Paper::parse(&a.common.paper)?;
    let shape = Shape::parse(&a.shape)?;
    if let Some(s) = a.square {
        if !(s.is_finite() && s > 0.0 && s <= 1000.0) {
            return Err(Error::usage(
                "--square",
                format!(
                    "{} is not a square size; give a length in mm from 8 to 1000, e.g. --square 40",
                    short_number(s)
                ),
            ));
        }
    }
    let out = target(&a.common, "jungle-set")?;
    let res = resources(&a.common)?;
    handout_fits(&res, paper)?;
    let (pages, parts) = set_pages(
        &res,
        &SetOptions {
            paper,
            square: a.square,
            sides: sides_of(a.sides, a.flip),
            shape,
            bleed: a.common.bleed,
            cover: !a.no_cover,
            boxed: !a.no_box,
        },
    )?;
    let span = |(a, b): (usize, usize)| {
        if a == b {
            a.to_string()
        } else {
            format!("{a}–{b}")
        }
    };
    let detail = format!(
        "{} pages: {}board {}, counters {}, rules {}{}",
        pages.len(),
        if a.no_cover { "" } else { "cover 1, " },
        span(parts.board),
        span(parts.counters),
        span(parts.rules),
        parts
            .boxnet
            .map(|b| format!(", box {}", span(b)))
            .unwrap_or_default()
    );
    emit(
        &res,
        &game_title(&res),
        pages,
        out,
        a.common.live_text,
        Some(detail),
    )
}

/// A number as a person would read it back: `1e300`, not 301 digits.
fn short_number(v: f64) -> String {
    if v.is_finite() && v.abs() >= 1e6 {
        format!("{v:e}")
    } else {
        v.to_string()
    }
}

fn make_box(a: BoxArgs) -> Result<(), Error> {
    let paper = Paper::parse(&a.common.paper)?;
    if let Some(s) = a.size {
        if !(s.is_finite() && (8.0..=200.0).contains(&s)) {
            return Err(Error::usage("--size", format!("{} mm is out of range; give the counters' size from 8 to 200 mm, e.g. --size 22", short_number(s))));
        }
    }
    if !(1..=16).contains(&a.copies) {
        return Err(Error::usage(
            "--copies",
            format!("{} is out of range; give 1 to 16 sets", a.copies),
        ));
    }
    jungle_print::compose::check_bleed(a.common.bleed)?;
    let out = target(&a.common, "box")?;
    let res = resources(&a.common)?;
    let opts = BoxOptions {
        paper,
        counter_size: a.size,
        copies: a.copies,
        sides: sides_of(a.sides, FlipArg::LongEdge),
        card: a.card,
    };
    let (tray, lid, _) = box_sizes(&res, &opts)?;
    let pages: Vec<Page> = box_pages(&res, &opts)?
        .into_iter()
        .map(|p| p.with_bleed(a.common.bleed))
        .collect();
    let detail = format!(
        "tray inside {:.0} × {:.0} × {:.0} mm, lid inside {:.0} × {:.0} × {:.0} mm",
        tray.w, tray.d, tray.h, lid.w, lid.d, lid.h
    );
    emit(
        &res,
        &game_title(&res),
        pages,
        out,
        a.common.live_text,
        Some(detail),
    )
}

fn rules(a: RulesArgs) -> Result<(), Error> {
    let paper = Paper::parse(&a.common.paper)?;
    let out = target(&a.common, "rules")?;
    jungle_print::compose::check_bleed(a.common.bleed)?;
    let res = resources(&a.common)?;
    handout_fits(&res, paper)?;

    let pages: Vec<Page> = handout_pages(&res, &HandoutOptions { paper })
        .into_iter()
        .map(|p| p.with_bleed(a.common.bleed))
        .collect();
    let title = format!("{} — {}", res.lang.game.han, ruleset_line(&res));
    emit(&res, &title, pages, out, a.common.live_text, None)
}

/// Most copies of the counters: 16 sets (256 counters), enough for a class
/// playing in pairs; with the largest icons allowed each copy costs about
/// 20 MB while printing a PDF.
const MAX_COPIES: usize = 16;

/// Most pages one document may have: 200. The longest real documents (32
/// copies of small counters, the rules on A5) stay well below.
const MAX_PAGES: usize = 200;

/// Smallest text area of the rules handout, in mm (paper less margins):
/// 80 × 100, about A6; below it the set-up diagrams and lines do not fit.
const HANDOUT_MIN: (f64, f64) = (80.0, 100.0);

/// `--copies`: a whole number from 1 to [`MAX_COPIES`].
fn parse_copies(v: &str) -> Result<usize, String> {
    match v.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_COPIES).contains(&n) => Ok(n),
        _ => Err(format!("give a whole number from 1 to {MAX_COPIES}")),
    }
}

/// A usage error for a number that is infinite or not a number.
fn finite(flag: &str, v: f64, range: &str) -> Result<(), Error> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(Error::usage(
            flag,
            format!("`{v}` is not a length in mm; {range}"),
        ))
    }
}

/// Refuses paper whose text area (less the theme's margins) is too small for
/// the rules handout, as `board` refuses paper too small for the board.
fn handout_fits(res: &Resources, paper: Paper) -> Result<(), Error> {
    let margin = res.theme.page.margin.max(8.0);
    let (w, h) = (paper.width - 2.0 * margin, paper.height - 2.0 * margin);
    if w < HANDOUT_MIN.0 || h < HANDOUT_MIN.1 {
        return Err(Error::usage(
            "--paper",
            format!(
                "this paper leaves {w:.0} × {h:.0} mm inside the {margin} mm margins; the rules need at least {} × {} mm: use a larger --paper (at least 100x120) or a theme with smaller margins",
                HANDOUT_MIN.0, HANDOUT_MIN.1
            ),
        ));
    }
    Ok(())
}

/// Parses `X,Y` in mm, each within ±10 mm.
fn parse_offset(v: &str) -> Result<(f64, f64), Error> {
    let bad = || {
        Error::usage(
            "--back-offset",
            format!("`{v}` is not an offset; write X,Y in mm, e.g. 0.5,-1"),
        )
    };
    let (x, y) = v.split_once(',').ok_or_else(bad)?;
    let (x, y): (f64, f64) = (
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    );
    if x.abs() > 10.0 || y.abs() > 10.0 || !x.is_finite() || !y.is_finite() {
        return Err(Error::usage(
            "--back-offset",
            format!("`{v}`: each offset must be within ±10 mm"),
        ));
    }
    Ok((x, y))
}

/// Output format and path from the options; `stem` names the default file.
/// A format that contradicts the file's extension, and a target that cannot be
/// replaced by a regular file (see [`check_target`]), are refused.
fn target(c: &Common, stem: &str) -> Result<(Format, PathBuf), Error> {
    let from_ext = c
        .output
        .as_ref()
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    let format = match (c.format, from_ext.as_deref()) {
        (Some(f), Some(ext @ ("pdf" | "svg"))) if ext != f.ext() => {
            return Err(Error::usage(
                "--format",
                format!(
                    "--format {} contradicts the output file name `{}`; name the file `.{}` or leave out --format",
                    f.ext(),
                    shown_path(c.output.as_deref().unwrap_or(Path::new(""))),
                    f.ext()
                ),
            ))
        }
        (Some(f), _) => f,
        (None, Some("svg")) => Format::Svg,
        _ => Format::Pdf,
    };
    let path = c
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{stem}.{}", format.ext())));
    if !is_stdout(&path) {
        check_target(&path)?;
    }
    Ok((format, path))
}

impl Format {
    /// The file extension.
    fn ext(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Svg => "svg",
        }
    }
}

/// Renders and writes a document: one PDF, or one SVG per page, written as a set.
fn write(doc: &Document, format: Format, path: &Path, live_text: bool) -> Result<(), Error> {
    match format {
        Format::Pdf => {
            let bytes = jungle_print::resolve::quietly(|| pdf::render(doc, &Default::default()))
                .ok_or_else(|| {
                    Error::Render(
                        "the PDF writer failed on this document (a bug: please report it)".into(),
                    )
                })?
                .map_err(|e| Error::Render(e.to_string()))?;
            write_atomic(path, &bytes)
        }
        Format::Svg => {
            let n = doc.pages.len();
            if is_stdout(path) && n > 1 {
                return Err(Error::usage(
                    "--output",
                    format!(
                        "an SVG file holds one page and this document has {n}; give a file name (pages go to NAME.svg, NAME-2.svg, …) or use --format pdf"
                    ),
                ));
            }
            let opts = svg::SvgOptions { live_text };
            let files: Vec<(PathBuf, Vec<u8>)> = (0..n)
                .map(|i| (page_path(path, i), svg::render(doc, i, &opts).into_bytes()))
                .collect();
            write_set(&files)?;
            if !is_stdout(path) {
                warn_stale_pages(path, n);
            }
            Ok(())
        }
    }
}

/// Warns about `NAME-K.svg` files beyond the `n` pages just written: pages of
/// an earlier, longer document that are not part of this one.
fn warn_stale_pages(path: &Path, n: usize) {
    let stale: Vec<String> = (n.max(1)..)
        .map(|i| page_path(path, i))
        .take_while(|p| p.exists())
        .take(100)
        .map(|p| shown_path(&p))
        .collect();
    if !stale.is_empty() {
        eprintln!(
            "jungle-print: warning: {} {} left from an earlier run and not part of this document; delete {}",
            stale.join(", "),
            if stale.len() == 1 { "is" } else { "are" },
            if stale.len() == 1 { "it" } else { "them" }
        );
    }
}

/// `board.svg` for the first page, `board-2.svg`, … for the others.
fn page_path(path: &Path, index: usize) -> PathBuf {
    if index == 0 || is_stdout(path) {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "svg".into());
    path.with_file_name(format!("{stem}-{}.{ext}", index + 1))
}

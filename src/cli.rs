//! Command-line parsing (clap) and the glue from options to the library.

use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};

use jungle_print::compose::board::{board_page, square_size, BoardOptions};
use jungle_print::error::Error;
use jungle_print::lang::Lang;
use jungle_print::output::write_atomic;
use jungle_print::paper::Paper;
use jungle_print::render::{pdf, svg};
use jungle_print::resolve::Resources;
use jungle_print::rules::Ruleset;
use jungle_print::theme::Theme;
use jungle_print::{document, scene::Document};

const EXAMPLES: &str = "\
Examples:
  jungle-print board                               board.pdf, A4, English labels
  jungle-print board --lang fr -o plateau.pdf      French labels
  jungle-print board --lang zh-Hant --format svg -o board.svg
  jungle-print board --paper letter --square 24    24 mm squares on US Letter";

/// Printable sets for Dou Shou Qi (鬥獸棋, the Jungle game): board, counters and rules as PDF or SVG.
#[derive(Debug, Parser)]
#[command(name = "jungle-print", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the 7×9 board, centred on one sheet.
    #[command(after_help = EXAMPLES)]
    Board(BoardArgs),
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// One PDF with every page.
    Pdf,
    /// One SVG per page (NAME-2.svg, … after the first).
    Svg,
}

/// Options shared by every sheet.
#[derive(Debug, Args)]
struct Common {
    /// Paper: a4, a3, a5, letter, legal, tabloid, b4, or WIDTHxHEIGHT in mm (e.g. 300x400).
    #[arg(long, default_value = "a4", value_name = "PAPER")]
    paper: String,
    /// Label language: en, fr, zh-Hant, zh-Hans.
    #[arg(long, default_value = "en", value_name = "LANG")]
    lang: String,
    /// A language pack file, used instead of --lang.
    #[arg(long, value_name = "FILE")]
    lang_file: Option<PathBuf>,
    /// Theme: a built-in name or a .toml file.
    #[arg(long, default_value = "classic", value_name = "THEME")]
    theme: String,
    /// Ruleset: a built-in preset (standard, bell) or a .toml file; sets the ranks printed.
    #[arg(long, default_value = "standard", value_name = "RULES")]
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
}

#[derive(Debug, Args)]
struct BoardArgs {
    #[command(flatten)]
    common: Common,
    /// Side of one square in mm (default: the largest whole millimetre that fits the paper).
    #[arg(long, value_name = "MM")]
    square: Option<f64>,
    /// Leave out the a–g / 1–9 coordinates.
    #[arg(long)]
    no_coordinates: bool,
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
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand { 2 } else { 0 };
            }
            // One line: the first line of clap's message, plus where to look.
            let msg = e.to_string();
            let first = msg.lines().next().unwrap_or("error").trim_start_matches("error: ");
            eprintln!("jungle-print: error: {first} (see --help)");
            return 2;
        }
    };
    let result = match cli.command {
        Command::Board(a) => board(a),
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

fn board(a: BoardArgs) -> Result<(), Error> {
    let paper = Paper::parse(&a.common.paper)?;
    if let Some(s) = a.square {
        if !(s.is_finite() && s > 0.0) {
            return Err(Error::usage("--square", format!("{s} is not a square size; give a length in mm greater than 0, e.g. --square 25")));
        }
    }
    let (format, path) = target(&a.common, "board")?;
    let mut res = resources(&a.common)?;
    if a.no_coordinates {
        res.theme.board.show_coordinates = false;
    }
    let square = square_size(&res, paper, a.square)?;
    let page = board_page(&res, &BoardOptions { paper, square: Some(square) })?;
    let doc = document(&format!("{} — {}", res.lang.game.han, res.lang.game.title), vec![page], &res);
    write(&doc, format, &path, a.common.live_text)?;
    eprintln!(
        "jungle-print: wrote {} ({} × {} mm paper, {square} mm squares, board {} × {} mm)",
        path.display(),
        paper.width,
        paper.height,
        square * 7.0,
        square * 9.0
    );
    Ok(())
}

/// Output format and path from the options; `stem` names the default file.
fn target(c: &Common, stem: &str) -> Result<(Format, PathBuf), Error> {
    let from_ext = c.output.as_ref().and_then(|p| p.extension()).and_then(|e| e.to_str()).map(|e| e.to_ascii_lowercase());
    let format = match (c.format, from_ext.as_deref()) {
        (Some(f), _) => f,
        (None, Some("svg")) => Format::Svg,
        _ => Format::Pdf,
    };
    let ext = match format {
        Format::Pdf => "pdf",
        Format::Svg => "svg",
    };
    let path = c.output.clone().unwrap_or_else(|| PathBuf::from(format!("{stem}.{ext}")));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            return Err(Error::usage("--output", format!("folder `{}` does not exist", dir.display())));
        }
    }
    Ok((format, path))
}

/// Renders and writes a document: one PDF, or one SVG per page.
fn write(doc: &Document, format: Format, path: &Path, live_text: bool) -> Result<(), Error> {
    match format {
        Format::Pdf => {
            let bytes = pdf::render(doc, &pdf::PdfOptions::default()).map_err(|e| Error::Render(e.to_string()))?;
            write_atomic(path, &bytes)
        }
        Format::Svg => {
            let opts = svg::SvgOptions { live_text };
            // Render every page before writing any, so an error leaves no partial set.
            let files: Vec<(PathBuf, String)> = (0..doc.pages.len())
                .map(|i| (page_path(path, i), svg::render(doc, i, &opts)))
                .collect();
            for (p, s) in files {
                write_atomic(&p, s.as_bytes())?;
            }
            Ok(())
        }
    }
}

/// `board.svg` for the first page, `board-2.svg`, … for the others.
fn page_path(path: &Path, index: usize) -> PathBuf {
    if index == 0 || path.as_os_str() == "-" {
        return path.to_path_buf();
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = path.extension().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "svg".into());
    path.with_file_name(format!("{stem}-{}.{ext}", index + 1))
}

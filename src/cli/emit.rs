//! From pages to files: warnings, the page limit, the output target and
//! format, atomic writing of one PDF or a set of SVG pages.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// `--quiet`: nothing is printed on success (errors are still reported).
static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns `--quiet` on or off for this run.
pub(crate) fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// True under `--quiet`.
pub(crate) fn is_quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// A message for standard error, unless `--quiet`.
pub(crate) fn say(message: &str) {
    if !QUIET.load(Ordering::Relaxed) {
        tell(message);
    }
}

/// A message for standard error, always, made safe for a terminal
/// ([`jungle_print::error::terminal_safe`]). A message that cannot be written
/// (standard error closed or full) is dropped: it never turns a finished
/// file into a failure.
pub(crate) fn tell(message: &str) {
    use std::io::Write;
    let line = format!(
        "jungle-print: {}\n",
        jungle_print::error::terminal_safe(message)
    );
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

use jungle_print::compose::checks::cutting::rounded_minutes;
use jungle_print::compose::products::set::SetParts;
use jungle_print::compose::products::set_files::{Piece, SetFile};
use jungle_print::error::{num, Error, Opt};
use jungle_print::input::shown_path;
use jungle_print::job::{Job, Made, Output, Summary};
use jungle_print::limits::MAX_PNG_RUN_PIXELS;
use jungle_print::output::{check_made_up_targets, check_target, is_stdout, page_path, write_set};
use jungle_print::render::{pdf, png, svg};
use jungle_print::scene::Document;

use super::args::{Choices, Common, Format};
/// Runs the job (which checks and composes the pages), prints the warnings
/// composing noted (labels shrunk to fit, …), renders and writes the pages,
/// then says what was written (the job's summary, or the page count).
pub(crate) fn emit(
    mut job: Job,
    (format, path): (Format, PathBuf),
    choices: Choices,
) -> Result<(), Error> {
    job.output = Some(Output {
        path: path.clone(),
        per_page: format != Format::Pdf,
    });
    let made = job.run()?;
    for w in &made.warnings {
        say(&format!("warning: {w}"));
    }
    if let Some(files) = &made.files {
        return emit_split(&made, files, (format, &path), choices);
    }
    let n = made.doc.pages.len();
    let bleed = made.bleed();
    let detail = detail(&made.summary, n);
    write(&made.doc, format, &path, choices)?;
    let detail = detail.unwrap_or_else(|| format!("{n} page{}", if n == 1 { "" } else { "s" }));
    // What was written, one line: the files and their size, and for a laser the layers.
    let files: Vec<PathBuf> = match format {
        Format::Pdf => vec![path.clone()],
        _ => (0..n).map(|i| page_path(&path, i)).collect(),
    };
    let bytes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let written = match files.len() {
        _ if is_stdout(&path) => "standard output".to_string(),
        1 => shown_path(&path),
        k => format!("{} … {}", shown_path(&files[0]), shown_path(&files[k - 1])),
    };
    let size = match files.len() {
        _ if is_stdout(&path) => String::new(),
        1 => format!(", {}", human_size(bytes)),
        k => format!(", {k} files, {}", human_size(bytes)),
    };
    let purpose = purpose(choices, bleed);
    say(&format!("wrote {written} ({detail}{size}){purpose}"));
    if choices.print_shop && bleed == 0.0 {
        say("note: print shops usually ask for 3 mm of bleed: add --bleed 3");
    }
    Ok(())
}

/// What the files are made for, after the line that says what was written:
/// a laser's layers, a print shop's PDF/X; nothing for a home printer.
fn purpose(choices: Choices, bleed: f64) -> String {
    if choices.laser {
        "; laser layers: cut (red #ff0000, 0.01 mm), score (blue #0000ff), engrave (black), colours RGB".to_string()
    } else if choices.print_shop {
        format!(
            "; PDF/X-4 for a print shop: CMYK, output intent {}, die line in spot colour CutContour (layer cut, not printed), marks in All, bleed {bleed} mm",
            pdf::OUTPUT_CONDITION
        )
    } else {
        String::new()
    }
}

/// `set --split`: each piece's file (one per page for SVG and PNG), every
/// name checked before anything is drawn and all written together or none
/// ([`write_set`]); then a line per file (what it holds, its pages, the
/// sheets to load: what a print shop prices) and one for the whole set
/// (its sheets and cutting, as the one file's line says them).
fn emit_split(
    made: &Made,
    files: &[SetFile],
    (format, path): (Format, &Path),
    choices: Choices,
) -> Result<(), Error> {
    if is_stdout(path) {
        return Err(split_to_stdout());
    }
    let out = Output {
        path: path.to_path_buf(),
        per_page: format != Format::Pdf,
    };
    let names: Vec<Vec<PathBuf>> = files
        .iter()
        .map(|f| out.piece(f.piece).files(f.pages.len()))
        .collect();
    check_made_up_targets(&names.concat())?;
    if format == Format::Png {
        png_limit(&made.doc, choices.dpi)?;
    }
    let mut rendered = Vec::new();
    for (f, paths) in files.iter().zip(&names) {
        rendered.extend(render(&made.file_document(f), format, &paths[0], choices)?);
    }
    write_set(&rendered)?;
    let Summary::Set { parts, cover } = made.summary else {
        return Ok(());
    };
    for (f, paths) in files.iter().zip(&names) {
        if format != Format::Pdf {
            warn_stale_pages(&paths[0], paths.len());
        }
        let pages = plural(f.pages.len(), "page");
        let sheets = plural(f.sheets, "sheet");
        let material = if f.piece.card() { "card" } else { "paper" };
        say(&format!(
            "wrote {} ({}: {pages}, {sheets} of {material}{})",
            shown_files(paths),
            piece_words(f.piece, &parts, cover),
            file_sizes(paths)
        ));
    }
    let pages: usize = files.iter().map(|f| f.pages.len()).sum();
    say(&format!(
        "the set in {} files of {} in all; {}{}",
        files.len(),
        plural(pages, "page"),
        printing(&parts),
        purpose(choices, made.bleed())
    ));
    if choices.print_shop && made.bleed() == 0.0 {
        say("note: print shops usually ask for 3 mm of bleed: add --bleed 3");
    }
    Ok(())
}

/// The refusal of `set --split -o -`, before anything is composed.
pub(crate) fn split_to_stdout() -> Error {
    Error::usage(
        Opt::Split,
        "writes one file per piece, and standard output takes one file: give a file name (-o jungle-set.pdf writes jungle-set-board.pdf, jungle-set-counters.pdf, …) or leave out --split",
    )
}

/// `n thing` or `n things`.
fn plural(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// What the file of `piece` holds, in a few words.
fn piece_words(piece: Piece, parts: &SetParts, cover: bool) -> String {
    match piece {
        Piece::Board if parts.tiled => "board, tiled".into(),
        Piece::Rules => [
            cover.then_some("cover"),
            Some("rules"),
            parts.poster.map(|_| "poster"),
            parts.box_steps.map(|_| "box steps"),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", "),
        other => other.name().into(),
    }
}

/// `a.svg` for one file, `a.svg … a-3.svg` for several.
fn shown_files(paths: &[PathBuf]) -> String {
    match paths {
        [one] => shown_path(one),
        [first, .., last] => format!("{} … {}", shown_path(first), shown_path(last)),
        [] => String::new(),
    }
}

/// The size of the files written, after a comma: `, 44 KB` for one file,
/// `, 3 files, 1.2 MB` for several.
fn file_sizes(paths: &[PathBuf]) -> String {
    let bytes: u64 = paths
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    match paths.len() {
        1 => format!(", {}", human_size(bytes)),
        k => format!(", {k} files, {}", human_size(bytes)),
    }
}

/// What the document holds, for the line that says what was written.
fn detail(summary: &Summary, pages: usize) -> Option<String> {
    let span = |(a, b): (usize, usize)| {
        if a == b {
            a.to_string()
        } else {
            format!("{a}–{b}")
        }
    };
    Some(match *summary {
        Summary::Set { parts, cover } => {
            let sets = match parts.sets {
                1 => String::new(),
                n => format!("{n} sets grouped by material, card {}: ", span(parts.card)),
            };
            format!(
                "{pages} pages: {}{sets}board {}, counters {}, {}rules {}{}; {}",
                if cover { "cover 1, " } else { "" },
                span(parts.board),
                span(parts.counters),
                parts
                    .boxnet
                    .map(|b| format!("box {}, ", span(b)))
                    .unwrap_or_default(),
                span(parts.rules),
                parts
                    .poster
                    .map(|p| format!(", poster {}", span(p)))
                    .unwrap_or_default(),
                printing(&parts),
            )
        }
        Summary::Preview { pages } => format!("a contact sheet of the set's {pages} pages"),
        Summary::Board {
            paper,
            square,
            pages,
        } => {
            let sheets = match pages {
                0 | 1 => String::new(),
                2 => ", tiled: assembly map and 1 sheet".to_string(),
                n => format!(", tiled: assembly map and {} sheets", n - 1),
            };
            format!(
                "{} × {} mm paper, {} mm squares, board {} × {} mm{sheets}",
                num(paper.width),
                num(paper.height),
                num(square),
                num(square * 7.0),
                num(square * 9.0)
            )
        }
        Summary::Box { tray, lid } => format!(
            "tray inside {:.0} × {:.0} × {:.0} mm, lid inside {:.0} × {:.0} × {:.0} mm",
            tray.w, tray.d, tray.h, lid.w, lid.d, lid.h
        ),
        Summary::Poster { body, paper, pages } => format!(
            "{}, body text {} mm (capitals about {} mm tall)",
            match pages {
                0 | 1 => "the rules on one page".to_string(),
                n => format!(
                    "the rules on a {} × {} mm poster, tiled: assembly map and {} sheets",
                    num(paper.width),
                    num(paper.height),
                    n - 1
                ),
            },
            num((body * 10.0).round() / 10.0),
            num((body * 0.7 * 10.0).round() / 10.0)
        ),
        _ => return None,
    })
}

/// A set's printing summary: the sheets of card and of paper to load, the
/// cuts and the time they take.
fn printing(parts: &SetParts) -> String {
    let c = parts.cutting;
    format!(
        "to print: {} sheets of card, {} of paper; cutting: {} cuts, {:.0} m, about {} with scissors or {} on a cutting plotter",
        parts.card_sheets,
        parts.paper_sheets,
        c.cuts,
        c.length / 1000.0,
        minutes(c.scissors()),
        minutes(c.plotter(parts.card_sheets)),
    )
}

/// A time estimate in s as minutes, or hours and minutes, rounded as
/// [`rounded_minutes`] does: `25 min`, `2 h 45 min`.
fn minutes(seconds: f64) -> String {
    match rounded_minutes(seconds) {
        m if m < 60 => format!("{m} min"),
        m => format!("{} h {} min", m / 60, m % 60),
    }
}

/// A byte count as people read it: `812 B`, `44 KB`, `3.1 MB`.
fn human_size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} B"),
        b if b < 1024 * 1024 => format!("{} KB", (b + 512) / 1024),
        b => format!("{:.1} MB", b as f64 / (1024.0 * 1024.0)),
    }
}

/// Pixels above which PNG pages are counted out on standard error: about a
/// second of drawing.
const PROGRESS_PIXELS: u64 = 60_000_000;

/// Output format and path from the options; `stem` names the default file.
/// A format that contradicts the file's extension, and a target that cannot be
/// replaced by a regular file (see [`check_target`]), are refused.
pub(crate) fn target(c: &Common, stem: &str) -> Result<(Format, PathBuf), Error> {
    let from_ext = c
        .output
        .as_ref()
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    let format = match (c.format, from_ext.as_deref()) {
        (Some(f), Some(ext @ ("pdf" | "svg" | "png"))) if ext != f.ext() => {
            return Err(Error::usage(
                Opt::Format,
                format!(
                    "--format {} contradicts the output file name `{}`; name the file `.{}` or leave out --format",
                    f.ext(),
                    shown_path(c.output.as_deref().unwrap_or(Path::new(""))),
                    f.ext()
                ),
            ))
        }
        (_, Some(ext)) if !matches!(ext, "pdf" | "svg" | "png") => {
            return Err(Error::usage(
                Opt::Output,
                format!(
                    "`{}`: jungle-print writes PDF, SVG or PNG, not `.{}`; name the file .pdf, .svg or .png",
                    shown_path(c.output.as_deref().unwrap_or(Path::new(""))),
                    jungle_print::error::shown(ext)
                ),
            ))
        }
        (Some(f), _) => f,
        (None, Some("svg")) => Format::Svg,
        (None, Some("png")) => Format::Png,
        _ => Format::Pdf,
    };
    if c.purpose == jungle_print::job::Purpose::PrintShop && format != Format::Pdf {
        return Err(Error::usage(
            Opt::Purpose,
            format!(
                "a print shop gets a PDF/X file, not {}; leave out --format (or give pdf), or leave out --for print-shop for a preview",
                format.ext().to_uppercase()
            ),
        ));
    }
    let path = c
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{stem}.{}", format.ext())));
    // Checked with the other options, before anything is composed.
    let (lo, hi) = jungle_print::limits::PNG_DPI;
    if format == Format::Png && !(lo..=hi).contains(&c.dpi) {
        return Err(Error::usage(
            Opt::Dpi,
            format!(
                "{} is out of range; give {lo} to {hi} dots per inch (150 is usual)",
                c.dpi
            ),
        ));
    }
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
            Format::Png => "png",
        }
    }
}

/// Renders and writes a document: one PDF, or one SVG or PNG per page,
/// written as a set.
pub(crate) fn write(
    doc: &Document,
    format: Format,
    path: &Path,
    choices: Choices,
) -> Result<(), Error> {
    write_set(&render(doc, format, path, choices)?)?;
    if format != Format::Pdf && !is_stdout(path) {
        warn_stale_pages(path, doc.pages.len());
    }
    Ok(())
}

/// Refuses PNG pages of `doc` at `dpi` that make more pixels than a run may
/// draw ([`MAX_PNG_RUN_PIXELS`]).
fn png_limit(doc: &Document, dpi: f64) -> Result<(), Error> {
    let n = doc.pages.len();
    let total = png::total_pixels(doc, dpi);
    if total > MAX_PNG_RUN_PIXELS {
        return Err(Error::usage(
            Opt::Dpi,
            format!(
                "{n} page{} at {} dpi make {} million pixels, more than the limit of {} million; choose a lower --dpi (150 prints well) or fewer pages, or write a PDF",
                if n == 1 { "" } else { "s" },
                num(dpi),
                total.div_ceil(1_000_000),
                MAX_PNG_RUN_PIXELS / 1_000_000
            ),
        ));
    }
    Ok(())
}

/// Renders a document to the files it is written to at `path`: one PDF, or
/// one SVG or PNG per page ([`page_path`]).
fn render(
    doc: &Document,
    format: Format,
    path: &Path,
    choices: Choices,
) -> Result<Vec<(PathBuf, Vec<u8>)>, Error> {
    match format {
        Format::Pdf => {
            let opts = pdf::PdfOptions {
                pdfx: choices.print_shop,
                ..Default::default()
            };
            let bytes = jungle_print::error::caught(|| pdf::render(doc, &opts))
                .ok_or_else(|| Error::Render {
                    format: "PDF",
                    message: "the PDF writer failed on this document (a bug: please report it)"
                        .into(),
                })?
                .map_err(|e| Error::Render {
                    format: "PDF",
                    message: e.to_string(),
                })?;
            Ok(vec![(path.to_path_buf(), bytes)])
        }
        Format::Png => {
            let n = doc.pages.len();
            if is_stdout(path) && n > 1 {
                return Err(Error::usage(
                    Opt::Output,
                    format!(
                        "a PNG file holds one page and this document has {n}; give a file name (pages go to NAME.png, NAME-2.png, …)"
                    ),
                ));
            }
            let opts = png::PngOptions { dpi: choices.dpi };
            png_limit(doc, choices.dpi)?;
            let total = png::total_pixels(doc, choices.dpi);
            // Progress for runs that take more than a second or so.
            let progress = total > PROGRESS_PIXELS && n > 1;
            (0..n)
                .map(|i| {
                    // About ten lines, however many pages.
                    if progress && (i == 0 || (i + 1) * 10 / n != i * 10 / n) {
                        say(&format!("drawing page {} of {n}", i + 1));
                    }
                    png::render(doc, i, &opts)
                        .map(|bytes| (page_path(path, i), bytes))
                        .map_err(|e| Error::usage(Opt::Dpi, e.to_string()))
                })
                .collect()
        }
        Format::Svg => {
            let n = doc.pages.len();
            if is_stdout(path) && n > 1 {
                return Err(Error::usage(
                    Opt::Output,
                    format!(
                        "an SVG file holds one page and this document has {n}; give a file name (pages go to NAME.svg, NAME-2.svg, …) or use --format pdf"
                    ),
                ));
            }
            let opts = svg::SvgOptions {
                live_text: choices.live_text,
            };
            Ok((0..n)
                .map(|i| (page_path(path, i), svg::render(doc, i, &opts).into_bytes()))
                .collect())
        }
    }
}

/// Warns about `NAME-K.svg` files beyond the `n` pages just written: pages of
/// an earlier, longer document that are not part of this one.
pub(crate) fn warn_stale_pages(path: &Path, n: usize) {
    let stale: Vec<String> = (n.max(1)..)
        .map(|i| page_path(path, i))
        .take_while(|p| p.exists())
        .take(100)
        .map(|p| shown_path(&p))
        .collect();
    if !stale.is_empty() {
        say(&format!(
            "warning: {} {} left from an earlier run and not part of this document; delete {}",
            stale.join(", "),
            if stale.len() == 1 { "is" } else { "are" },
            if stale.len() == 1 { "it" } else { "them" }
        ));
    }
}

//! A job's files: what the command line writes and the web page downloads.
//!
//! [`export`] runs a [`Job`] (which checks its options and composes the
//! pages: see [`crate::job`]) and turns its document into the files of its
//! [`Output`]: one PDF, one SVG or PNG per page, or, for a split set, each
//! piece's files. It applies every limit writing has (the PNG pixel budget,
//! one page only to standard output) and says what the files hold: one line
//! per document written (the set's parts, the board's size, the box's
//! inside…, the files and their size, what they are made for) and the notes
//! after them. It writes nothing: the command line writes the files
//! atomically ([`crate::output::write_set`]); the web page downloads them.
//!
//! **A new format** is its row in [`crate::options::FORMATS`] (its word,
//! help line, and whether it is one file per page) and its arm in
//! [`render`] below, the one place a document becomes bytes; the command
//! line's `--format`, its help and completions, the web page's list, the
//! file names and the equivalent command line follow from those.
//!
//! Lengths are mm; sizes of files are bytes.

use std::ops::Range;
use std::path::PathBuf;

use crate::compose::products::set::{printing_summary, SetParts};
use crate::compose::products::set_files::{Piece, SetFile};
use crate::error::{num, Error, Opt};
use crate::input::shown_path;
use crate::job::{Job, Kind, Output, Purpose, Summary};
use crate::limits::{MAX_PNG_RUN_PIXELS, MAX_PNG_RUN_WORK};
use crate::options::Format;
use crate::output::is_stdout;
use crate::render::{pdf, png, svg};
use crate::scene::Document;

/// One file to write: where, and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// Its path (`-` for standard output).
    pub path: PathBuf,
    /// Its contents.
    pub bytes: Vec<u8>,
}

/// One document written: its files (a range of [`Export::files`]) and the
/// line that says what it holds, without a verb (`board.pdf (210 × 297 mm
/// paper, …, 44 KB)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Its files in [`Export::files`].
    pub files: Range<usize>,
    /// Its files, what they hold and their size, what they are made for.
    pub line: String,
    /// What it holds, whatever the format (`210 × 297 mm paper, 28 mm
    /// squares, …`; a set's parts and its printing summary).
    pub what: String,
}

/// A job's files and what to say about them.
#[derive(Debug, Clone)]
pub struct Export {
    /// Every file, in order: all are written together, or none.
    pub files: Vec<File>,
    /// The documents written: one, or one per piece of a split set.
    pub written: Vec<Written>,
    /// Lines after those of [`Export::written`]: a split set's line for the
    /// whole set, then advice (`note: …`). Options are named in braces
    /// (`{bleed}`), for the front end to write its way.
    pub notes: Vec<String>,
    /// What composing noted (labels shrunk to fit, …).
    pub warnings: Vec<String>,
    /// The theme key each warning is about (`pictures.rat`), or "", same order.
    pub warning_keys: Vec<String>,
    /// Each page's printed size, mm (bleed included), in order.
    pub page_sizes: Vec<(f64, f64)>,
    /// The document's title.
    pub title: String,
    /// Where and how it was written.
    pub output: Output,
}

/// A page of a long PNG run being drawn: `(page, pages)`, from 1.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize);

/// The files of `job` (see the [module](self)): the job run, its document
/// rendered in its output's format. `job.output` says where and how; a job
/// without one is written as the command line writes it by default
/// (`jungle-set.pdf`, …).
pub fn export(job: &Job) -> Result<Export, Error> {
    export_with(job, &mut |_, _| {})
}

/// [`export`], calling `progress` about ten times while drawing a PNG run
/// large enough to take more than a second or so.
pub fn export_with(job: &Job, progress: Progress) -> Result<Export, Error> {
    let output = job.output.clone().unwrap_or_else(|| job.default_output());
    let mut job = job.clone();
    job.output = Some(output.clone());
    if matches!(job.kind, Kind::Set(s) if s.split) && is_stdout(&output.path) {
        return Err(split_to_stdout());
    }
    files_of(&job, output, progress)
}

/// The pages of `job` for a screen: one SVG per page with its text as text
/// (searchable, read by screen readers), whatever format the job asks for,
/// and a split set as its one document. Nothing is to be written, so no
/// file name is checked; the lines' [`Written::what`] say what the job's
/// own files would hold.
pub fn previews(job: &Job) -> Result<Export, Error> {
    let mut job = job.clone();
    job.output = None;
    if let Kind::Set(s) = &mut job.kind {
        s.split = false;
    }
    let out = Output {
        live_text: true,
        ..Output::new(format!("{}.svg", job.stem()), Format::Svg)
    };
    files_of(&job, out, &mut |_, _| {})
}

/// A document that is one file of `bytes` (braille, a 3-D model): the file
/// and its line, saying `what` it holds.
fn one_file(output: &Output, bytes: Vec<u8>, what: String) -> (Vec<File>, Vec<Written>) {
    let files = vec![File {
        path: output.path.clone(),
        bytes,
    }];
    let shown = shown_files(&files, output);
    let line = format!("{shown} ({what}{})", sizes(&files, output));
    (
        files,
        vec![Written {
            files: 0..1,
            line,
            what,
        }],
    )
}

/// Runs `job` and renders its document into the files of `output`.
fn files_of(job: &Job, output: Output, progress: Progress) -> Result<Export, Error> {
    let made = job.run()?;
    let mut files = Vec::new();
    let mut written = Vec::new();
    let mut notes = Vec::new();
    let purpose = purpose_words(made.purpose, made.bleed());
    let pdf_options = pdf::PdfOptions {
        created: output.created,
        ..made.pdf_options()
    };
    match &made.files {
        None if output.format == Format::Brf => {
            let (bytes, tables) = made.brf.clone().unwrap_or_default();
            let cells = bytes.iter().filter(|&&b| b > b' ' && b < 0x7f).count();
            let pages = bytes.iter().filter(|&&b| b == 0x0c).count() + 1;
            let what = format!(
                "the rules in braille ({tables}), {} of 40 cells by 25 lines, {}",
                plural(pages, "page"),
                plural(cells, "cell"),
            );
            (files, written) = one_file(&output, bytes, what);
        }
        #[cfg(feature = "web-lite")]
        None if output.format == Format::ThreeMf => return Err(crate::lite::refused("3MF")),
        #[cfg(not(feature = "web-lite"))]
        None if output.format == Format::ThreeMf => {
            let model = made.solid.as_ref().ok_or_else(|| Error::Render {
                format: "3MF",
                message: "this document has no 3-D model (a bug: please report it)".into(),
            })?;
            let bytes = crate::render::threemf::render(model).map_err(|message| Error::Render {
                format: "3MF",
                message,
            })?;
            let what = solid_words(model);
            (files, written) = one_file(&output, bytes, what);
        }
        None => {
            files = render(
                &made.doc,
                &output,
                &pdf_options,
                made.html.as_deref(),
                progress,
            )?;
            let n = made.doc.pages.len();
            let what = match made.html {
                Some(_) => "the rules as one web page, its diagrams described in words".to_string(),
                None => detail(&made.summary, n).unwrap_or_else(|| plural(n, "page")),
            };
            let shown = shown_files(&files, &output);
            written.push(Written {
                files: 0..files.len(),
                line: format!("{shown} ({what}{}){purpose}", sizes(&files, &output)),
                what,
            });
        }
        Some(pieces) => {
            #[cfg(not(feature = "web-lite"))]
            if output.format == Format::Png {
                png_limit(&made.doc, output.dpi)?;
            }
            for f in pieces {
                let piece = output.piece(f.piece);
                let start = files.len();
                files.extend(render(
                    &made.file_document(f),
                    &piece,
                    &pdf_options,
                    None,
                    progress,
                )?);
                let what = piece_words(f, &made.summary);
                let these = &files[start..];
                written.push(Written {
                    files: start..files.len(),
                    line: format!(
                        "{} ({what}{})",
                        shown_files(these, &piece),
                        sizes(these, &piece)
                    ),
                    what,
                });
            }
            if let Summary::Set { parts, .. } = made.summary {
                let pages: usize = pieces.iter().map(|f| f.pages.len()).sum();
                notes.push(format!(
                    "the set in {} files of {} in all; {}{purpose}",
                    pieces.len(),
                    plural(pages, "page"),
                    printing(&parts),
                ));
            }
        }
    }
    if made.purpose == Purpose::PrintShop && made.bleed() == 0.0 {
        notes.push("note: print shops usually ask for 3 mm of bleed: add {bleed} 3".into());
    }
    Ok(Export {
        files,
        written,
        notes,
        page_sizes: made
            .doc
            .pages
            .iter()
            .map(|p| {
                let (_, _, w, h) = p.media_box();
                (w, h)
            })
            .collect(),
        title: made.doc.title.clone(),
        warnings: made.warnings,
        warning_keys: made.warning_keys,
        output,
    })
}

/// What a 3MF file holds: its pieces and the largest one's footprint, mm.
fn solid_words(model: &crate::scene::solid::Model) -> String {
    let (mut w, mut h) = (0.0f64, 0.0f64);
    for o in &model.objects {
        let (lo, hi) = crate::render::mesh::object_mesh(o).bounds();
        w = w.max(hi[0] - lo[0]);
        h = h.max(hi[1] - lo[1]);
    }
    format!(
        "{} for a 3-D printer, each within {} × {} mm",
        plural(model.objects.len(), "piece"),
        crate::error::num((w * 10.0).ceil() / 10.0),
        crate::error::num((h * 10.0).ceil() / 10.0)
    )
}

/// The refusal of a split set to standard output, before anything is composed.
pub fn split_to_stdout() -> Error {
    Error::usage(
        Opt::Split,
        "writes one file per piece, and standard output takes one file: give a file name ({output} jungle-set.pdf writes jungle-set-board.pdf, jungle-set-counters.pdf, …) or leave out {split}",
    )
}

/// Pixels above which a PNG run reports its progress: about a second of drawing.
const PROGRESS_PIXELS: u64 = 60_000_000;

/// A document as the files of `out`: one PDF (PDF/X as the job's
/// [`crate::job::Made::pdf_options`] decide), one SVG or PNG per page
/// ([`Output::files`]), or the rules' web page `html` the job composed from
/// its words ([`crate::job::Made::html`]). The one place a document becomes
/// bytes: a new format is an arm here (and its row in
/// [`crate::options::FORMATS`]).
fn render(
    doc: &Document,
    out: &Output,
    pdf_options: &pdf::PdfOptions,
    html: Option<&str>,
    progress: Progress,
) -> Result<Vec<File>, Error> {
    let n = doc.pages.len();
    let paths = out.files(n);
    if out.format.per_page() && is_stdout(&out.path) && n > 1 {
        return Err(one_page_to_stdout(out.format, n));
    }
    let bytes: Vec<Vec<u8>> = match out.format {
        #[cfg(feature = "web-lite")]
        Format::Pdf | Format::Png => return Err(crate::lite::refused(out.format.name())),
        #[cfg(not(feature = "web-lite"))]
        Format::Pdf => {
            let bytes = crate::error::caught(|| pdf::render(doc, pdf_options))
                .ok_or_else(|| Error::Render {
                    format: "PDF",
                    message: "the PDF writer failed on this document (a bug: please report it)"
                        .into(),
                })?
                .map_err(|e| Error::Render {
                    format: "PDF",
                    message: e.to_string(),
                })?;
            vec![bytes]
        }
        Format::Svg => {
            let opts = svg::SvgOptions {
                live_text: out.live_text,
            };
            (0..n)
                .map(|i| svg::render(doc, i, &opts).into_bytes())
                .collect()
        }
        Format::Brf => {
            // Made from the rules' words by the job (`Made::brf`), never
            // from a drawn document.
            return Err(Error::usage(
                Opt::Format,
                "a BRF file holds the rules in braille, made from their words: ask the rules command for it",
            ));
        }
        Format::ThreeMf => {
            // Made from the job's solid model (`Made::solid`), never from
            // a drawn document.
            return Err(Error::usage(
                Opt::Format,
                "3mf is the tactile board or counters for a 3-D printer: ask the board or counters command with {for} tactile",
            ));
        }
        Format::Html => vec![html
            .ok_or_else(|| Error::Render {
                format: "HTML",
                message: "this document has no web page (a bug: please report it)".into(),
            })?
            .as_bytes()
            .to_vec()],
        #[cfg(not(feature = "web-lite"))]
        Format::Png => {
            png_limit(doc, out.dpi)?;
            let opts = png::PngOptions { dpi: out.dpi };
            let shown = png::total_pixels(doc, out.dpi) > PROGRESS_PIXELS && n > 1;
            (0..n)
                .map(|i| {
                    // About ten reports, however many pages.
                    if shown && (i == 0 || (i + 1) * 10 / n != i * 10 / n) {
                        progress(i + 1, n);
                    }
                    png::render(doc, i, &opts).map_err(|e| Error::usage(Opt::Dpi, e.to_string()))
                })
                .collect::<Result<_, _>>()?
        }
    };
    Ok(paths
        .into_iter()
        .zip(bytes)
        .map(|(path, bytes)| File { path, bytes })
        .collect())
}

/// The refusal of a document of `n` pages, written one file per page, to
/// standard output.
fn one_page_to_stdout(format: Format, n: usize) -> Error {
    let upper = format.name().to_uppercase();
    let name = format.name();
    let (a, hint) = match format {
        Format::Svg => ("an", " or use {format} pdf"),
        _ => ("a", ""),
    };
    Error::usage(
        Opt::Output,
        format!(
            "{a} {upper} file holds one page and this document has {n}; give a file name (pages go to NAME.{name}, NAME-2.{name}, …){hint}"
        ),
    )
}

/// Refuses PNG pages of `doc` at `dpi` that make more pixels than a run may
/// draw ([`MAX_PNG_RUN_PIXELS`]), or take more work to draw
/// ([`MAX_PNG_RUN_WORK`]), before any is drawn.
fn png_limit(doc: &Document, dpi: f64) -> Result<(), Error> {
    let n = doc.pages.len();
    let total = png::total_pixels(doc, dpi);
    if total > MAX_PNG_RUN_PIXELS {
        return Err(Error::usage(
            Opt::Dpi,
            format!(
                "{} at {} dpi make {} million pixels, more than the limit of {} million; choose a lower {{dpi}} (150 prints well) or fewer pages, or write a PDF",
                plural(n, "page"),
                num(dpi),
                total.div_ceil(1_000_000),
                MAX_PNG_RUN_PIXELS / 1_000_000
            ),
        ));
    }
    let work = png::total_work(doc, dpi);
    if work > MAX_PNG_RUN_WORK {
        return Err(Error::usage(
            Opt::Dpi,
            format!(
                "{} at {} dpi take {} million pixel steps to draw (clipped areas inside others and pictures are drawn over their page), more than the limit of {} million; choose a lower {{dpi}} or write a PDF",
                plural(n, "page"),
                num(dpi),
                work.div_ceil(1_000_000),
                MAX_PNG_RUN_WORK / 1_000_000
            ),
        ));
    }
    Ok(())
}

/// What the files are made for, after the line that says what was written:
/// a laser's layers, a print shop's PDF/X; nothing for a home printer.
fn purpose_words(purpose: Purpose, bleed: f64) -> String {
    match purpose {
        Purpose::Laser => "; laser layers: cut (red #ff0000, 0.01 mm), score (blue #0000ff), engrave (black), colours RGB".to_string(),
        Purpose::PrintShop => format!(
            "; PDF/X-4 for a print shop: CMYK, output intent {}, die line in spot colour CutContour (layer cut, not printed), marks in All, bleed {bleed} mm",
            pdf::OUTPUT_CONDITION
        ),
        Purpose::Home => String::new(),
        Purpose::Tactile => "; for swell paper: only what rises is black (borders, textures, braille, rims, ranks), helpers' words 16 % grey; heat each sheet, cut the counters out and glue them to card".to_string(),
    }
}

/// What the file of one piece of a split set holds: its parts, its pages,
/// the sheets to load (what a print shop prices): `board: 1 page, 1 sheet
/// of card`.
fn piece_words(f: &SetFile, summary: &Summary) -> String {
    let what = match summary {
        Summary::Set { parts, cover } => piece_parts(f.piece, parts, *cover),
        _ => f.piece.name().to_string(),
    };
    let material = if f.piece.card() { "card" } else { "paper" };
    format!(
        "{what}: {}, {} of {material}",
        plural(f.pages.len(), "page"),
        plural(f.sheets, "sheet"),
    )
}

/// `n thing` or `n things`.
fn plural(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// What the file of `piece` holds, in a few words.
fn piece_parts(piece: Piece, parts: &SetParts, cover: bool) -> String {
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

/// The files as a line shows them: `a.svg` for one file, `a.svg … a-3.svg`
/// for several, `standard output`.
fn shown_files(files: &[File], out: &Output) -> String {
    match files {
        _ if is_stdout(&out.path) => "standard output".to_string(),
        [one] => shown_path(&one.path),
        [first, .., last] => format!("{} … {}", shown_path(&first.path), shown_path(&last.path)),
        [] => String::new(),
    }
}

/// The size of the files, after a comma: `, 44 KB` for one file, `, 3
/// files, 1.2 MB` for several; nothing for standard output.
fn sizes(files: &[File], out: &Output) -> String {
    let bytes: u64 = files.iter().map(|f| f.bytes.len() as u64).sum();
    match files.len() {
        _ if is_stdout(&out.path) => String::new(),
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
        Summary::Tactile {
            square,
            board,
            counters,
        } => format!(
            "{pages} pages: key to the textures 1, board {} ({} mm squares{}), counters {}",
            if board == 1 {
                "2".to_string()
            } else {
                format!("2–{}", board + 1)
            },
            num(square),
            if board > 1 {
                ", tiled: assembly map first"
            } else {
                ""
            },
            if counters == 1 {
                (board + 2).to_string()
            } else {
                format!("{}–{}", board + 2, board + 1 + counters)
            }
        ),
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

/// A set's printing summary in the command line's words: the sheets of
/// card and of paper to load, the cuts and the time they take (the cover
/// says the same in the pack's words, through the same
/// [`printing_summary`]).
fn printing(parts: &SetParts) -> String {
    printing_summary(
        parts,
        "to print: {card} sheets of card, {paper} of paper; cutting: {cuts} cuts, {length} m, about {scissors} with scissors or {plotter} on a cutting plotter",
        "{n} min",
        "{h} h {m} min",
    )
}

/// A byte count as people read it: `812 B`, `44 KB`, `3.1 MB`.
fn human_size(bytes: u64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} B"),
        b if b < 1024 * 1024 => format!("{} KB", (b + 512) / 1024),
        b => format!("{:.1} MB", b as f64 / (1024.0 * 1024.0)),
    }
}

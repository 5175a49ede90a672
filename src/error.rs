//! Errors: every failure a user can cause, with a message that says where and how to fix it.

use crate::limits::{MAX_MESSAGE_BYTES, MAX_QUOTED_BYTES};

mod wording;

pub use wording::{spelled, KINDS};

/// An option of a job, named for what it means (not for how a command line
/// or a form spells it): the front end maps it to its flag or its control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Opt {
    /// The paper size.
    Paper,
    /// The sheets a large board is tiled over.
    Tile,
    /// The board's square size.
    Square,
    /// The counters' size.
    Size,
    /// The set's counters' size (`set --counter-size`).
    CounterSize,
    /// The counters' shape.
    Shape,
    /// How the counters' backs are printed (single, fold, duplex).
    Sides,
    /// How many sets of counters.
    Copies,
    /// Counters sharing cut lines.
    SharedCuts,
    /// The offset of the counters' backs.
    BackOffset,
    /// The box's card thickness.
    Card,
    /// The bleed.
    Bleed,
    /// The page margin, instead of the theme's.
    Margin,
    /// The laser's kerf.
    Kerf,
    /// Who the file is for (home, print shop, laser).
    Purpose,
    /// The output format.
    Format,
    /// The output file.
    Output,
    /// The resolution of PNG pages.
    Dpi,
    /// The theme.
    Theme,
    /// A built-in language.
    Lang,
    /// A language pack given as a file or text.
    LangFile,
    /// The phonetic guide instead of the language pack's.
    Phonetic,
    /// The ruleset.
    Ruleset,
    /// A folder of animal pictures.
    Pictures,
    /// The set's contact sheet.
    Preview,
    /// The file given to `check`.
    Check,
    /// A command name (the manual's page).
    Command,
    /// Crop marks at the board's or the counters' corners.
    CropMarks,
    /// How the sheet turns over in duplex printing.
    Flip,
    /// The set without its cover page.
    NoCover,
    /// The set without its box.
    NoBox,
    /// The rules poster (with the set, or instead of the handout).
    Poster,
    /// The paper the set's poster is sized for (tiled over the set's paper
    /// when larger).
    PosterPaper,
    /// The set written one file per piece.
    Split,
    /// The counters' backs without the game's name.
    NoBackTitle,
    /// The board without its coordinates.
    NoCoordinates,
    /// SVG text kept as text, not outlines.
    LiveText,
    /// How many puzzles a sheet holds.
    Count,
    /// How hard the puzzles are.
    Difficulty,
    /// The seed the puzzles are made from.
    Seed,
}

impl Opt {
    /// Every option, once each.
    pub const ALL: [Opt; 40] = [
        Opt::Paper,
        Opt::Tile,
        Opt::Square,
        Opt::Size,
        Opt::CounterSize,
        Opt::Shape,
        Opt::Sides,
        Opt::Copies,
        Opt::SharedCuts,
        Opt::BackOffset,
        Opt::Card,
        Opt::Bleed,
        Opt::Margin,
        Opt::Kerf,
        Opt::Purpose,
        Opt::Format,
        Opt::Output,
        Opt::Dpi,
        Opt::Theme,
        Opt::Lang,
        Opt::LangFile,
        Opt::Phonetic,
        Opt::Ruleset,
        Opt::Pictures,
        Opt::Preview,
        Opt::Check,
        Opt::Command,
        Opt::CropMarks,
        Opt::Flip,
        Opt::NoCover,
        Opt::NoBox,
        Opt::Poster,
        Opt::PosterPaper,
        Opt::Split,
        Opt::NoBackTitle,
        Opt::NoCoordinates,
        Opt::LiveText,
        Opt::Count,
        Opt::Difficulty,
        Opt::Seed,
    ];

    /// The option's name, lower case and hyphenated: `square`, `lang-file`, …
    /// (the command line's flag without its dashes, the web page's field).
    pub fn name(self) -> &'static str {
        match self {
            Opt::Paper => "paper",
            Opt::Tile => "tile",
            Opt::Square => "square",
            Opt::Size => "size",
            Opt::CounterSize => "counter-size",
            Opt::Shape => "shape",
            Opt::Sides => "sides",
            Opt::Copies => "copies",
            Opt::SharedCuts => "shared-cuts",
            Opt::BackOffset => "back-offset",
            Opt::Card => "card",
            Opt::Bleed => "bleed",
            Opt::Margin => "margin",
            Opt::Kerf => "kerf",
            Opt::Purpose => "for",
            Opt::Format => "format",
            Opt::Output => "output",
            Opt::Dpi => "dpi",
            Opt::Theme => "theme",
            Opt::Lang => "lang",
            Opt::LangFile => "lang-file",
            Opt::Phonetic => "phonetic",
            Opt::Ruleset => "ruleset",
            Opt::Pictures => "pictures",
            Opt::Preview => "preview",
            Opt::Check => "check",
            Opt::Command => "command",
            Opt::CropMarks => "crop-marks",
            Opt::Flip => "flip",
            Opt::NoCover => "no-cover",
            Opt::NoBox => "no-box",
            Opt::Poster => "poster",
            Opt::PosterPaper => "poster-paper",
            Opt::Split => "split",
            Opt::NoBackTitle => "no-back-title",
            Opt::NoCoordinates => "no-coordinates",
            Opt::LiveText => "live-text",
            Opt::Count => "count",
            Opt::Difficulty => "difficulty",
            Opt::Seed => "seed",
        }
    }
}

impl std::fmt::Display for Opt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A size `(width, height)` in mm.
pub type Mm2 = (f64, f64);

/// Everything that can go wrong. Usage and input errors exit with code 2.
///
/// Its words are [`Error::message`]'s (in `error/wording.rs`), for both front
/// ends: they name options through a spelling each front end gives (the
/// command line's flags, the web page's names), never a command-line flag
/// of their own; [`Error::kind`] names the kind for a front end's own words.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// An option has a bad value.
    Usage {
        /// The option to fix.
        opt: Opt,
        /// What is wrong and what would be right.
        message: String,
    },
    /// A length (square, counter size) that is not a number.
    NotALength {
        /// The option.
        opt: Opt,
        /// The value given.
        value: f64,
    },
    /// Squares smaller than the smallest printable.
    SquareTooSmall {
        /// The square size given, mm.
        value: f64,
        /// The smallest accepted, mm.
        min: f64,
    },
    /// Squares larger than any board.
    SquareTooLarge {
        /// The square size given, mm.
        value: f64,
        /// The largest accepted, mm.
        max: f64,
    },
    /// A board larger than the paper's printable area.
    BoardTooLarge {
        /// The square size given, mm.
        value: f64,
        /// The largest whole-millimetre square that fits, mm.
        largest: u32,
        /// The board's size, mm.
        board: Mm2,
        /// The paper's printable area, mm.
        area: Mm2,
    },
    /// A board that cannot be tiled over the sheets.
    NotTileable {
        /// The square size, mm.
        square: f64,
        /// The sheet's size, mm.
        sheet: Mm2,
        /// The most sheets a tiled board may take.
        max_sheets: usize,
        /// The option to change: the square when one was given, else the sheet.
        blame: Opt,
    },
    /// A poster paper too small for the rules poster at its smallest text.
    PosterTooSmall {
        /// The poster's paper, mm.
        paper: Mm2,
        /// The height the poster needs at its smallest text, mm.
        needed: f64,
        /// The height inside the paper's margins, mm.
        room: f64,
        /// The option that gave the poster's paper.
        blame: Opt,
    },
    /// Sheets to tile the poster over that hold it whole.
    PosterTileHoldsAll {
        /// The sheet, mm.
        sheet: Mm2,
        /// The poster's paper, mm.
        poster: Mm2,
    },
    /// A poster that cannot be tiled over the sheets.
    PosterNotTileable {
        /// The poster's paper, mm.
        poster: Mm2,
        /// The sheet, mm.
        sheet: Mm2,
        /// The most sheets a tiled poster may take.
        max_sheets: usize,
        /// The option to change: the tiles' sheet, or the set's poster paper.
        blame: Opt,
    },
    /// Sheets to tile over given for the rules handout, not the poster.
    TileWithoutPoster,
    /// Paper too small for the rules handout.
    PaperTooSmallForRules {
        /// The text area the paper leaves, mm.
        room: Mm2,
        /// The theme's margin, mm.
        margin: f64,
        /// The smallest text area the rules need, mm.
        min: Mm2,
    },
    /// Paper too small for even the smallest counters.
    PaperTooSmallForCounters {
        /// The smallest counter size, mm.
        min: f64,
    },
    /// A counter (or fold-over pair) larger than the printable area.
    CounterTooLarge {
        /// The option that set the size (`size`, or the set's `counter-size`).
        opt: Opt,
        /// The counter size, mm.
        size: f64,
        /// True for a fold-over pair (front and back side by side).
        pair: bool,
        /// The printable area, mm.
        area: Mm2,
    },
    /// Counters asked for wider than the board's squares: refused, the
    /// board is not grown to fit them.
    CounterWiderThanSquare {
        /// The counter size asked for, mm.
        counter: f64,
        /// The board's square, mm (asked for, or the paper's default).
        square: f64,
        /// The smallest whole square that holds the counter, mm.
        larger: f64,
        /// True when a board of `larger` squares is tiled on this paper.
        tiled: bool,
    },
    /// `SOURCE_DATE_EPOCH` set to something that is not a date.
    SourceDate {
        /// The variable's value, as given.
        value: String,
    },
    /// A part of the box that opens out larger than the paper.
    BoxTooLarge {
        /// `tray` or `lid`.
        part: &'static str,
        /// The part opened out, mm.
        size: Mm2,
        /// The room on the paper, mm.
        room: Mm2,
    },
    /// Shared cut lines asked for counters that cannot share them.
    SharedCutsNeedLaserSquares,
    /// A laser asked for a document that is only for paper (the set, the rules).
    LaserForPaper,
    /// A laser asked for counters with printed backs.
    LaserSides,
    /// A kerf given for a file that is not for a laser.
    KerfWithoutLaser,
    /// The box's counters outside the sizes it can hold.
    CounterSizeOutOfRange {
        /// The size given, mm.
        value: f64,
        /// The smallest, mm.
        min: f64,
        /// The largest, mm.
        max: f64,
    },
    /// A document longer than the page cap.
    TooManyPages {
        /// The pages the document would have.
        pages: usize,
        /// The most pages a document may have.
        max: usize,
    },
    /// A class set whose copies would make more pages than the cap.
    TooManySets {
        /// The sets asked for.
        sets: usize,
        /// Pages each set has of its own (its board, box, rules, poster).
        set_len: usize,
        /// Pages all the sets share: the counter sheets holding the counters
        /// of every set (and a blank page keeping duplex counters in step).
        shared: usize,
        /// Pages printed once: the cover and the box's steps page, when
        /// the document has them, and the poster's pages.
        once: (bool, bool, usize),
        /// The pages the document would have: `sets` × `set_len` + `shared`
        /// + the pages printed once.
        pages: usize,
        /// The most pages a document may have.
        max: usize,
        /// The most sets that fit the cap.
        fit: usize,
        /// True when each set's board is tiled over several sheets.
        tiled: bool,
    },
    /// Crop marks asked for a board that is tiled over several sheets.
    CropMarksOnTiledBoard {
        /// The option that tiled the board: the tiles' sheet when one was given, else the square.
        blame: Opt,
    },
    /// A board asked to be tiled over sheets that hold it whole: tiling
    /// would only add an assembly map to the one sheet.
    TileNotNeeded {
        /// The board's outline, mm.
        board: Mm2,
        /// The sheets asked for, as the option reads them (`a4`, `300x400`).
        sheet: String,
        /// True when the sheets are the job's paper (then leaving out the
        /// tiling prints the same board on the same paper).
        on_paper: bool,
    },
    /// A data file (theme, language pack, ruleset) is wrong.
    Input {
        /// The file (or built-in name), shown escaped and cut.
        origin: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// `key `path`: ` prefix, or empty.
        key: String,
        /// What is wrong and what would be right.
        message: String,
    },
    /// Text that the chosen fonts cannot draw, or a font that cannot be used.
    Glyphs {
        /// The theme key of the font to blame (`fonts.text`), when one is.
        key: Option<String>,
        /// The characters that cannot be drawn (empty for a font that
        /// cannot be used at all).
        chars: Vec<char>,
        /// What is wrong, where, and what would be right.
        message: String,
    },
    /// An icon (or other file) named by a theme key that cannot be used.
    Asset {
        /// The theme key that names it (`icons.rat`).
        key: String,
        /// What is wrong and what would be right.
        message: String,
    },
    /// Reading or writing a file failed.
    Io {
        /// The file.
        path: String,
        /// The system's error.
        source: std::io::Error,
    },
    /// The renderer failed (a bug, not a user error).
    Render {
        /// The format being written: `PDF`, `SVG` or `PNG`.
        format: &'static str,
        /// What failed.
        message: String,
    },
}

impl Error {
    /// Process exit code: 2 for anything the user can fix in their input, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Io { .. } | Error::Render { .. } => 1,
            _ => 2,
        }
    }

    /// A usage error for `opt`.
    pub fn usage(opt: Opt, message: impl Into<String>) -> Error {
        Error::Usage {
            opt,
            message: message.into(),
        }
    }

    /// The same usage error, blamed on `opt` (for a value parsed like another
    /// option's, e.g. the tiles' sheet parsed as a paper).
    pub fn for_opt(self, opt: Opt) -> Error {
        match self {
            Error::Usage { message, .. } => Error::usage(opt, message),
            other => other,
        }
    }

    /// The option whose value is wrong, if the error is about one.
    pub fn opt(&self) -> Option<Opt> {
        Some(match self {
            Error::Usage { opt, .. } | Error::NotALength { opt, .. } => *opt,
            Error::SquareTooSmall { .. }
            | Error::SquareTooLarge { .. }
            | Error::BoardTooLarge { .. } => Opt::Square,
            Error::LaserForPaper => Opt::Purpose,
            Error::LaserSides => Opt::Sides,
            Error::KerfWithoutLaser => Opt::Kerf,
            Error::CounterSizeOutOfRange { .. } => Opt::Size,
            Error::NotTileable { blame, .. }
            | Error::CropMarksOnTiledBoard { blame }
            | Error::PosterTooSmall { blame, .. }
            | Error::PosterNotTileable { blame, .. } => *blame,
            Error::PosterTileHoldsAll { .. }
            | Error::TileWithoutPoster
            | Error::TileNotNeeded { .. } => Opt::Tile,
            Error::TooManySets { .. } => Opt::Copies,
            Error::PaperTooSmallForRules { .. }
            | Error::PaperTooSmallForCounters { .. }
            | Error::BoxTooLarge { .. }
            | Error::TooManyPages { .. } => Opt::Paper,
            Error::CounterTooLarge { opt, .. } => *opt,
            Error::CounterWiderThanSquare { .. } => Opt::CounterSize,
            Error::SharedCutsNeedLaserSquares => Opt::SharedCuts,
            Error::Input { .. }
            | Error::SourceDate { .. }
            | Error::Glyphs { .. }
            | Error::Asset { .. }
            | Error::Io { .. }
            | Error::Render { .. } => return None,
        })
    }

    /// The data file an input error is about (its origin as messages name
    /// it: a path, an uploaded file's name, or `builtin …`), if any.
    pub fn origin(&self) -> Option<&str> {
        match self {
            Error::Input { origin, .. } => Some(origin),
            _ => None,
        }
    }

    /// The theme key a font or icon error blames (`fonts.text`, `icons.rat`).
    pub fn theme_key(&self) -> Option<&str> {
        match self {
            Error::Glyphs { key, .. } => key.as_deref(),
            Error::Asset { key, .. } => Some(key),
            _ => None,
        }
    }
}

/// 1-based line and column of a byte offset.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let before = &src[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rsplit('\n')
        .next()
        .map(|l| l.chars().count())
        .unwrap_or(0)
        + 1;
    (line, col)
}

/// The dotted key path at a byte offset: the enclosing `[table]` header plus the key there.
pub fn key_path_at(src: &str, offset: usize) -> Option<String> {
    let offset = offset.min(src.len());
    let mut line_start = src[..offset].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let line = src[line_start..].lines().next().unwrap_or("");
    if line.trim_start().starts_with('[') {
        // On a table header: the table itself.
        line_start += line.len() + 1;
    }
    // Only a line with `=` has a key: the first line of a file that is not
    // TOML is never quoted as one.
    let key = line.split_once('=').map(|(k, _)| k.trim()).filter(|k| {
        !k.is_empty() && !k.starts_with('[') && !k.starts_with('#') && looks_like_key(k)
    });
    let line_start = line_start.min(src.len());
    // A header may carry a comment: `[ranks]   # 1 (weakest) …`.
    let header = src[..line_start]
        .lines()
        .rev()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| l.starts_with('[') && l.ends_with(']'))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim().to_string())
        .filter(|h| looks_like_key(h));
    match (header, key) {
        (Some(h), Some(k)) => Some(format!("{h}.{k}")),
        (None, Some(k)) => Some(k.to_string()),
        (Some(h), None) => Some(h),
        (None, None) => None,
    }
}

/// True for text that can be a TOML key path: short, letters, digits, `_`,
/// `-`, `.`, spaces and quotes only. Anything else is not quoted in messages,
/// so an error about a file that is not TOML never shows its contents.
fn looks_like_key(k: &str) -> bool {
    k.len() <= 64
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ' ' | '"'))
}

/// Turns a TOML error into an [`Error::Input`] naming file, line, column and key.
pub fn toml_error(origin: &str, src: &str, e: &toml::de::Error) -> Error {
    let offset = e.span().map(|s| s.start).unwrap_or(0);
    let (line, column) = line_col(src, offset);
    let mut path = key_path_at(src, offset);
    let mut message = e.message().trim().replace('\n', " ");
    // "missing field `den`" in table `board`: name the key that is missing.
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|m| m.split('`').next())
        .map(str::to_string)
    {
        match &path {
            Some(p) => {
                message = "missing; every key is required".into();
                path = Some(format!("{p}.{field}"));
            }
            None => message = format!("section `[{field}]` is missing; every section is required"),
        }
    }
    let key = path.map(|k| key_prefix(&k)).unwrap_or_default();
    Error::Input {
        origin: origin.to_string(),
        line,
        column,
        key,
        message,
    }
}

/// The start of a message about a file's key: ``key `board.river`: ``; the
/// key (the file's own text, so the user's) shown as [`User`] shows a value.
pub fn key_prefix(path: &str) -> String {
    format!("key `{}`: ", User(path))
}

/// What a class set's pages are made of, for [`Error::TooManySets`]: "17
/// for each set, 64 counter pages shared by all the sets, 1 for the cover,
/// 1 for the box's steps, 9 for the poster"; `once`: whether there is a
/// cover and a page of the box's steps, and the poster's pages.
pub fn set_pages_parts(set_len: usize, shared: usize, once: (bool, bool, usize)) -> String {
    let mut parts = vec![format!("{set_len} for each set")];
    if shared > 0 {
        parts.push(format!("{shared} counter pages shared by all the sets"));
    }
    if once.0 {
        parts.push("1 for the cover".into());
    }
    if once.1 {
        parts.push("1 for the box's steps".into());
    }
    match once.2 {
        0 => {}
        1 => parts.push("1 for the poster".into()),
        n => parts.push(format!("{n} for the poster")),
    }
    parts.join(", ")
}

/// A number for a message, short and as the paper is measured: at most three
/// decimals, no trailing zeros (`56`, `8.5`), and an exponent for huge or
/// tiny values (`1e308`), never hundreds of digits.
pub fn num(v: f64) -> String {
    if !v.is_finite() {
        return v.to_string();
    }
    if v != 0.0 && (v.abs() >= 1e9 || v.abs() < 1e-3) {
        let e = format!("{v:.3e}");
        let (m, x) = e.split_once('e').unwrap_or((&e, "0"));
        let m = m.trim_end_matches('0').trim_end_matches('.');
        return format!("{m}e{x}");
    }
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// `v` as [`num`] writes it, with every digit it needs when that rounding
/// would make it look like one of `bounds` (the limits it broke): "7.9999 mm
/// is too small; at least 8 mm", never "8 mm is too small; at least 8 mm".
pub fn num_beside(v: f64, bounds: &[f64]) -> String {
    let short = num(v);
    if bounds.iter().any(|b| num(*b) == short && *b != v) {
        format!("{v}")
    } else {
        short
    }
}

// ------------------------------------------------------------ user text

/// True for a character that is invisible or reorders what follows it on a
/// terminal: every Default_Ignorable code point of Unicode (soft hyphen,
/// U+034F, Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, U+17B4–U+17B5,
/// Mongolian selectors U+180B–U+180F, zero-width spaces and joiners,
/// bidirectional controls U+202A–U+202E and U+2066–U+2069, variation
/// selectors U+FE00–U+FE0F and U+E0100–U+E01EF, U+FEFF, tags, …), the other
/// format characters (U+0600–U+0605, U+06DD, U+070F, U+0890–U+0891,
/// U+08E2, U+110BD, U+110CD, U+13430–U+1345F, the interlinear annotation
/// marks U+FFF9–U+FFFB), the line and paragraph separators, and
/// noncharacters (U+FFFE, U+FDD0, …).
pub fn is_invisible(c: char) -> bool {
    let u = c as u32;
    matches!(u,
        0xAD | 0x34F | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x890..=0x891 | 0x8E2
        | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0x3164
        | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0xFDD0..=0xFDEF
        | 0x110BD | 0x110CD | 0x13430..=0x1345F | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
        || u & 0xFFFE == 0xFFFE
}

/// A name for the terminal: control characters (which could move the cursor,
/// clear the screen or forge lines) and invisible or reordering characters
/// (see [`is_invisible`]) are written as escapes such as `\u{1b}`.
pub fn shown(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() || is_invisible(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `s` as [`shown`] writes it, cut in its middle to at most
/// [`MAX_QUOTED_BYTES`] bytes of UTF-8 (an escape is never split): its
/// first and last bytes around `…`.
fn shown_cut(s: &str) -> String {
    let escaped = shown(s);
    if escaped.len() <= MAX_QUOTED_BYTES {
        return escaped;
    }
    // Units: a character, or a whole escape such as `\u{3164}`.
    let units: Vec<String> = s
        .chars()
        .map(|c| {
            if c.is_control() || is_invisible(c) {
                c.escape_default().collect()
            } else {
                c.to_string()
            }
        })
        .collect();
    let half = (MAX_QUOTED_BYTES - '…'.len_utf8()) / 2;
    let (mut head, mut used) = (String::new(), 0);
    for u in &units {
        if used + u.len() > half {
            break;
        }
        used += u.len();
        head.push_str(u);
    }
    let (mut tail, mut used) = (Vec::new(), 0);
    for u in units.iter().rev() {
        if used + u.len() > half {
            break;
        }
        used += u.len();
        tail.push(u.as_str());
    }
    tail.reverse();
    format!("{head}…{}", tail.concat())
}

/// A value the user gave (an option, a name read from a font, a path from
/// the environment, a value from a file), for a message: on display its
/// control and invisible characters are escaped (see [`shown`]) and a value
/// longer than [`MAX_QUOTED_BYTES`] bytes is cut in its middle, so no
/// value can move the terminal's cursor, reorder the line, forge a line of
/// its own or fill the screen.
#[derive(Debug, Clone, Copy)]
pub struct User<'a>(pub &'a str);

impl std::fmt::Display for User<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&shown_cut(self.0))
    }
}

/// A message with every quotation in it (“…” or `…`) cut as [`User`] cuts
/// a value and the text around them escaped: a warning about a long label
/// quotes only its ends.
pub fn cut_quotes(msg: &str) -> String {
    let plain = |t: &str| shown(t);
    let mut out = String::with_capacity(msg.len().min(1024));
    let mut rest = msg;
    while let Some(i) = rest.find(['“', '`']) {
        let open = rest[i..].chars().next().unwrap_or('`');
        let close = if open == '“' { '”' } else { '`' };
        let inner_start = i + open.len_utf8();
        let Some(len) = rest[inner_start..].find(close) else {
            break;
        };
        out.push_str(&plain(&rest[..i]));
        out.push(open);
        out.push_str(&User(&rest[inner_start..inner_start + len]).to_string());
        out.push(close);
        rest = &rest[inner_start + len + close.len_utf8()..];
    }
    out.push_str(&plain(rest));
    out
}

/// Runs `f`, turning a panic into `None`: a last resort around third-party
/// code (picture decoders, the PDF writer) whose inputs are checked first,
/// so that a bug there becomes an error the caller words, not a crash.
///
/// The library installs no panic hook: whether the panic's own message is
/// shown is the program's choice (the command line keeps it until a panic
/// ends the run, then shows it as a bug; the web page keeps the last one).
pub fn caught<T>(f: impl FnOnce() -> T) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
}

/// A message made safe for a terminal as a whole, the last line of defence
/// behind [`User`]: each line's quotations cut by [`cut_quotes`], every
/// line after the first indented, so that no text inside a message can pass
/// for a line of the program's own, and the whole cut in its middle to
/// [`MAX_MESSAGE_BYTES`] bytes should it still be longer.
pub fn terminal_safe(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    for (i, line) in message.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            if !line.starts_with(' ') {
                out.push_str("  ");
            }
        }
        out.push_str(&cut_quotes(line));
    }
    within_bytes(out, MAX_MESSAGE_BYTES)
}

/// `s` cut in its middle to at most `max` bytes: its first two thirds and
/// its end around ` … `, on character boundaries and never inside an escape
/// such as `\u{3164}`.
fn within_bytes(s: String, max: usize) -> String {
    if s.len() <= max {
        return s;
    }
    let gap = " … ";
    let room = max.saturating_sub(gap.len());
    let mut head = room * 2 / 3;
    while !s.is_char_boundary(head) {
        head -= 1;
    }
    let mut h = &s[..head];
    if let Some(b) = h.rfind("\\u{") {
        if !h[b..].contains('}') {
            h = &h[..b];
        }
    }
    let mut tail = s.len() - (room - room * 2 / 3);
    while !s.is_char_boundary(tail) {
        tail += 1;
    }
    let mut t = &s[tail..];
    if let Some(e) = t.find('}') {
        if !t[..e].contains("\\u{") && t[..e].chars().all(|c| c.is_ascii_hexdigit()) {
            t = &t[e + 1..];
        }
    }
    format!("{h}{gap}{t}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_messages_are_short() {
        assert_eq!(num(56.000000699999994), "56");
        assert_eq!(num(8.5), "8.5");
        assert_eq!(num(1e308), "1e308");
        assert_eq!(num(-1.5e-7), "-1.5e-7");
        assert_eq!(num(0.0), "0");
        assert_eq!(num(f64::NAN), "NaN");
        assert_eq!(num(1234.56789), "1234.568");
        assert_eq!(num_beside(7.99999, &[8.0]), "7.99999");
        assert_eq!(num_beside(0.0999999, &[0.1, 10.0]), "0.0999999");
        assert_eq!(num_beside(7.5, &[8.0]), "7.5");
    }

    #[test]
    fn names_escape_control_characters() {
        assert_eq!(shown("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(shown("x\u{202e}gnp.exe"), "x\\u{202e}gnp.exe");
        assert_eq!(shown("\u{2066}a\u{fffe}"), "\\u{2066}a\\u{fffe}");
        assert_eq!(shown("鬥獸棋 é"), "鬥獸棋 é");
        // Default_Ignorable code points and other invisible characters.
        for c in [
            '\u{3164}',
            '\u{34f}',
            '\u{fe0f}',
            '\u{115f}',
            '\u{1160}',
            '\u{17b4}',
            '\u{180b}',
            '\u{fe00}',
            '\u{ffa0}',
            '\u{e0100}',
            '\u{600}',
            '\u{1d173}',
        ] {
            assert_eq!(
                shown(&format!("a{c}b")),
                format!("a{}b", c.escape_default())
            );
        }
    }

    #[test]
    fn values_are_cut_by_bytes_and_messages_stay_short() {
        let wide = "象".repeat(300);
        let v = User(&wide).to_string();
        assert!(
            v.len() <= MAX_QUOTED_BYTES && v.contains('…'),
            "{}",
            v.len()
        );
        let hidden = "\u{e0100}".repeat(300);
        let v = User(&hidden).to_string();
        assert!(v.len() <= MAX_QUOTED_BYTES, "{v}");
        assert!(
            v.starts_with("\\u{e0100}") && v.ends_with("\\u{e0100}"),
            "{v}"
        );
        let m = terminal_safe(&format!("a `{wide}` b `{wide}` {}", "word ".repeat(200)));
        assert!(m.len() <= MAX_MESSAGE_BYTES, "{}", m.len());
        let m = terminal_safe(&format!("{}\u{3164}{}", "x".repeat(300), "y".repeat(300)));
        assert!(m.len() <= MAX_MESSAGE_BYTES && m.starts_with("xxx") && m.ends_with("yyy"));
    }

    #[test]
    fn quotations_are_cut_in_their_middle() {
        let long = "x".repeat(5000);
        let m = cut_quotes(&format!("“{long}” is too long; key `{long}`"));
        assert!(m.len() < 2 * MAX_QUOTED_BYTES + 40, "{m}");
        assert!(
            m.starts_with("“xxxx") && m.contains("x…x") && m.contains("x” is too long; key `x"),
            "{m}"
        );
        let t = terminal_safe(&format!("a `{long}`\nb\u{1b}"));
        assert_eq!(t.lines().count(), 2, "{t}");
        assert!(t.ends_with("\n  b\\u{1b}"), "{t}");
        assert_eq!(cut_quotes("short `x`"), "short `x`");
    }

    #[test]
    fn positions_are_one_based() {
        let src = "a = 1\n[board]\nriver = 2\n";
        assert_eq!(line_col(src, 0), (1, 1));
        let off = src.find("river").unwrap();
        assert_eq!(line_col(src, off), (3, 1));
        assert_eq!(key_path_at(src, off).as_deref(), Some("board.river"));
    }

    #[test]

    fn a_comment_on_a_header_or_a_header_itself_still_names_the_table() {
        let src = "[meta]\nname = 1\n[ranks]   # 1 (weakest) to 8\ntiger = 300\n[board]\n";
        let off = src.find("300").unwrap();
        assert_eq!(key_path_at(src, off).as_deref(), Some("ranks.tiger"));
        let off = src.find("[board]").unwrap();
        assert_eq!(key_path_at(src, off).as_deref(), Some("board"));
    }

    #[test]
    fn contents_of_other_files_are_not_quoted() {
        let src = "root:$6$secret:19000:0:99999:7:::\n";
        assert_eq!(key_path_at(src, 3), None);
        assert_eq!(key_path_at("just some words\nsecond", 5), None);
    }
}

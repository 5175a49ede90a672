//! The one wording of every error, for both front ends.
//!
//! [`Error::message`] says what is wrong and what would be right; where it
//! names an option it asks the front end how to spell it: the command line
//! writes `--square` (and `check`, `man`), the web page the option's plain
//! name. [`Error::kind`] names what kind of error it is, from [`KINDS`], so
//! that a front end may word it in another language. Texts of the library
//! that name an option in braces (`{copies}`) are spelled by [`spelled`].

use super::{num, num_beside, set_pages_parts, Error, Opt, User};

/// Every kind [`Error::kind`] gives, once each, as stable names (a front
/// end keys its own words on them).
pub const KINDS: &[&str] = &[
    "usage",
    "not-a-length",
    "square-too-small",
    "square-too-large",
    "board-too-large",
    "not-tileable",
    "poster-too-small",
    "poster-tile-whole",
    "poster-not-tileable",
    "tile-without-poster",
    "paper-too-small-for-rules",
    "paper-too-small-for-counters",
    "counter-too-large",
    "counter-wider-than-square",
    "source-date",
    "box-too-large",
    "shared-cuts-need-laser-squares",
    "laser-for-paper",
    "laser-sides",
    "kerf-without-laser",
    "counter-size-out-of-range",
    "too-many-pages",
    "too-many-sets",
    "crop-marks-tiled",
    "tile-not-needed",
    "input",
    "glyphs",
    "asset",
    "io",
    "render",
];

/// A function that spells an option as a front end names it (`--square`).
type Spell<'a> = &'a dyn Fn(Opt) -> String;

impl Error {
    /// What kind of error this is: one of [`KINDS`], the same for every
    /// error of one variant, whatever its values.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Usage { .. } => "usage",
            Error::NotALength { .. } => "not-a-length",
            Error::SquareTooSmall { .. } => "square-too-small",
            Error::SquareTooLarge { .. } => "square-too-large",
            Error::BoardTooLarge { .. } => "board-too-large",
            Error::NotTileable { .. } => "not-tileable",
            Error::PosterTooSmall { .. } => "poster-too-small",
            Error::PosterTileHoldsAll { .. } => "poster-tile-whole",
            Error::PosterNotTileable { .. } => "poster-not-tileable",
            Error::TileWithoutPoster => "tile-without-poster",
            Error::PaperTooSmallForRules { .. } => "paper-too-small-for-rules",
            Error::PaperTooSmallForCounters { .. } => "paper-too-small-for-counters",
            Error::CounterTooLarge { .. } => "counter-too-large",
            Error::CounterWiderThanSquare { .. } => "counter-wider-than-square",
            Error::SourceDate { .. } => "source-date",
            Error::BoxTooLarge { .. } => "box-too-large",
            Error::SharedCutsNeedLaserSquares => "shared-cuts-need-laser-squares",
            Error::LaserForPaper => "laser-for-paper",
            Error::LaserSides => "laser-sides",
            Error::KerfWithoutLaser => "kerf-without-laser",
            Error::CounterSizeOutOfRange { .. } => "counter-size-out-of-range",
            Error::TooManyPages { .. } => "too-many-pages",
            Error::TooManySets { .. } => "too-many-sets",
            Error::CropMarksOnTiledBoard { .. } => "crop-marks-tiled",
            Error::TileNotNeeded { .. } => "tile-not-needed",
            Error::Input { .. } => "input",
            Error::Glyphs { .. } => "glyphs",
            Error::Asset { .. } => "asset",
            Error::Io { .. } => "io",
            Error::Render { .. } => "render",
        }
    }

    /// The error in words: the option to change (spelled by `spell`), what
    /// is wrong and what would be right, every option it names spelled the
    /// same way. `Display` is this with each option's plain name (for an
    /// error about an option).
    pub fn message(&self, spell: impl Fn(Opt) -> String) -> String {
        let spell: Spell = &spell;
        match self.opt() {
            Some(opt) => format!("{}: {}", spell(opt), self.about_option(spell)),
            None => spelled(&self.about_input(), spell),
        }
    }

    /// The words of an error about no option: a data file, a font, the
    /// environment, writing.
    fn about_input(&self) -> String {
        match self {
            Error::Input {
                origin,
                line,
                column,
                key,
                message,
            } => format!("{}:{line}:{column}: {key}{message}", User(origin)),
            Error::SourceDate { value } => format!(
                "the environment variable SOURCE_DATE_EPOCH is `{}`, not a number of seconds since 1970-01-01 00:00 UTC (0 to 253402300799): set it to one (e.g. 1700000000) for reproducible files, or unset it to date the files now",
                User(value)
            ),
            Error::Io { path, source } => format!("{path}: {source}"),
            Error::Glyphs { message, .. }
            | Error::Asset { message, .. }
            | Error::Render { message, .. }
            | Error::Usage { message, .. } => message.clone(),
            _ => self.about_option(&|o| o.name().to_string()),
        }
    }

    /// The words after the option's name of an error about an option.
    fn about_option(&self, spell: Spell) -> String {
        let sq = || spell(Opt::Square);
        let paper = || spell(Opt::Paper);
        match self {
            Error::Usage { message, .. } => spelled(message, spell),
            Error::NotALength { opt, value } => not_a_length(*opt, *value, spell),
            Error::SquareTooSmall { value, .. } if !value.is_finite() => {
                not_a_length(Opt::Square, *value, spell)
            }
            Error::SquareTooSmall { value, min } => format!(
                "{} mm is too small; squares must be at least {} mm",
                num_beside(*value, &[*min]),
                num(*min)
            ),
            Error::SquareTooLarge { value, max } => format!(
                "{} mm squares are too large; give at most {} mm (a board 9 m long)",
                num_beside(*value, &[*max]),
                num(*max)
            ),
            Error::BoardTooLarge {
                value,
                largest,
                board,
                area,
            } => format!(
                "a {} mm square makes a {} × {} mm board, larger than this paper's printable area ({:.1} × {:.1} mm); use at most {} {largest} or a larger {}",
                num(*value),
                num(board.0),
                num(board.1),
                area.0,
                area.1,
                sq(),
                paper()
            ),
            Error::NotTileable {
                square,
                sheet,
                max_sheets,
                ..
            } => format!(
                "a board of {} mm squares cannot be tiled over {} × {} mm sheets (too small a sheet, or more than {max_sheets} sheets); choose a larger {} or a smaller {}",
                num(*square),
                num(sheet.0),
                num(sheet.1),
                paper(),
                sq()
            ),
            Error::PaperTooSmallForRules { room, margin, min } => format!(
                "this paper leaves {:.0} × {:.0} mm inside the {margin} mm margins; the rules need at least {} × {} mm: use a larger {} (at least 100x120) or smaller margins ({}, or the theme's page.margin)",
                room.0.max(0.0),
                room.1.max(0.0),
                min.0,
                min.1,
                paper(),
                spell(Opt::Margin)
            ),
            Error::PaperTooSmallForCounters { min } => format!(
                "not even {} mm counters fit this paper; choose a larger {}",
                num(*min),
                paper()
            ),
            Error::CounterTooLarge {
                opt,
                size,
                pair,
                area,
            } => format!(
                "a {} mm counter{} does not fit on this paper's printable area ({:.0} × {:.0} mm); choose a smaller {}",
                num(*size),
                if *pair { " pair" } else { "" },
                area.0,
                area.1,
                spell(*opt)
            ),
            Error::CounterWiderThanSquare {
                counter,
                square,
                larger,
                tiled,
            } => format!(
                "{} mm counters are wider than the board's {} mm squares, so each would cover its neighbours; refused (the board does not grow by itself): give {} {} or less, or {} {}{}",
                num(*counter),
                num(*square),
                spell(Opt::CounterSize),
                num(square.floor()),
                sq(),
                num(*larger),
                if *tiled {
                    " (a board tiled over several sheets of this paper)"
                } else {
                    " for a board that holds them"
                }
            ),
            Error::BoxTooLarge { part, size, room } => format!(
                "the box's {part} opens out to {:.0} × {:.0} mm, larger than this paper's printable area ({:.0} × {:.0} mm); choose a larger {} (e.g. a3) or smaller counters",
                size.0,
                size.1,
                room.0,
                room.1,
                paper()
            ),
            Error::CounterSizeOutOfRange { value, min, max } => format!(
                "{} mm is out of range; give the counters' size from {} to {} mm, e.g. {} 22",
                num(*value),
                num(*min),
                num(*max),
                spell(Opt::Size)
            ),
            Error::TooManyPages { pages, max } => format!(
                "the document would have {pages} pages, more than the limit of {max}; use larger paper or fewer {}",
                spell(Opt::Copies)
            ),
            Error::TooManySets {
                sets,
                set_len,
                shared,
                once,
                pages,
                max,
                fit,
                tiled,
            } => format!(
                "{sets} sets would make {pages} pages ({}), more than the limit of {max}; give {} {fit} or fewer{}",
                set_pages_parts(*set_len, *shared, *once),
                spell(Opt::Copies),
                if *tiled {
                    format!(", or a smaller {} so that each board fits one sheet", sq())
                } else {
                    String::new()
                }
            ),
            _ => self.about_option_more(spell),
        }
    }

    /// [`Error::about_option`] for the tiles, the poster and the laser.
    fn about_option_more(&self, spell: Spell) -> String {
        match self {
            Error::PosterTooSmall {
                paper,
                needed,
                room,
                ..
            } => format!(
                "the rules poster does not fit on {} × {} mm paper: with its smallest text it needs {needed:.0} mm of height and {}; choose a larger paper or a language pack with shorter [poster] lines",
                num(paper.0),
                num(paper.1),
                room_inside(*room)
            ),
            Error::PosterTileHoldsAll { sheet, poster } => format!(
                "a {} × {} mm sheet holds the whole {} × {} mm poster, so there is nothing to tile; give smaller sheets, or a larger paper for the poster",
                num(sheet.0),
                num(sheet.1),
                num(poster.0),
                num(poster.1)
            ),
            Error::PosterNotTileable {
                poster,
                sheet,
                max_sheets,
                ..
            } => format!(
                "a {} × {} mm poster cannot be tiled over {} × {} mm sheets (too small a sheet, or more than {max_sheets} sheets); choose larger sheets",
                num(poster.0),
                num(poster.1),
                num(sheet.0),
                num(sheet.1)
            ),
            Error::TileWithoutPoster => "only the rules poster can be tiled over smaller sheets: ask for the poster, or give no sheets to tile over".into(),
            Error::TileNotNeeded {
                board,
                sheet,
                on_paper,
            } => format!(
                "the whole board ({} × {} mm) fits on one sheet of {sheet}, so there is nothing to tile; leave out {}{}",
                num(board.0),
                num(board.1),
                spell(Opt::Tile),
                if *on_paper {
                    String::new()
                } else {
                    format!(
                        ", or give {} {sheet} instead of {}",
                        spell(Opt::Paper),
                        spell(Opt::Tile)
                    )
                }
            ),
            Error::CropMarksOnTiledBoard { .. } => format!(
                "{} marks a board printed on one sheet, and this board is tiled (its sheets carry corner marks of their own); leave out {}, or choose a square that fits the paper",
                spell(Opt::CropMarks),
                spell(Opt::CropMarks)
            ),
            Error::SharedCutsNeedLaserSquares => format!(
                "only square counters cut by a laser can share cut lines: add {} laser {} square, or leave out {}",
                spell(Opt::Purpose),
                spell(Opt::Shape),
                spell(Opt::SharedCuts)
            ),
            Error::LaserForPaper => format!(
                "a laser cutter makes the board, the counters and the box (`board`, `counters`, `box` with {} laser); the set and the rules are for paper",
                spell(Opt::Purpose)
            ),
            Error::LaserSides => format!(
                "a laser cuts each counter whole, engraved on its face: leave out {} (or give single)",
                spell(Opt::Sides)
            ),
            Error::KerfWithoutLaser => format!(
                "the kerf is a laser cutter's; add {} laser, or leave out {}",
                spell(Opt::Purpose),
                spell(Opt::Kerf)
            ),
            _ => self.about_input(),
        }
    }
}

/// [`Error::message`] with each option's plain name (`square`); the text of
/// an error about no option (a file's, a font's) as the library wrote it,
/// braces and all, since it may quote a language pack's placeholders
/// (`{paper}`) that look like options; other texts of the library take it in.
impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.opt() {
            Some(_) => f.write_str(&self.message(|o| o.name().to_string())),
            None => f.write_str(&self.about_input()),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// `` `NaN` is not a length in mm; squares must be at least 8 mm, e.g. --square 25 ``
fn not_a_length(opt: Opt, value: f64, spell: Spell) -> String {
    let (what, opt, example) = match opt {
        Opt::Size => ("counters", Opt::Size, 22),
        Opt::CounterSize => ("counters", Opt::CounterSize, 25),
        _ => ("squares", Opt::Square, 25),
    };
    format!(
        "`{}` is not a length in mm; {what} must be at least 8 mm, e.g. {} {example}",
        num(value),
        spell(opt)
    )
}

/// "the paper has 277 mm inside its margins", or, when the margins take it
/// all, that they leave no room (never a negative length).
fn room_inside(room: f64) -> String {
    if room > 0.5 {
        format!("the paper has {room:.0} mm inside its margins")
    } else {
        "the paper's margins leave no room inside them".to_string()
    }
}

/// A text of the library's with the options it names in braces (`{paper}`)
/// spelled by `spell` (`--paper` on the command line); braces around
/// anything else stay.
pub fn spelled(text: &str, spell: &dyn Fn(Opt) -> String) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        let inner = &rest[i + 1..];
        let opt = inner
            .find('}')
            .and_then(|end| Opt::ALL.iter().find(|o| o.name() == &inner[..end]));
        out.push_str(&rest[..i]);
        match opt {
            Some(opt) => {
                out.push_str(&spell(*opt));
                rest = &inner[opt.name().len() + 1..];
            }
            None => {
                out.push('{');
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_listed_once() {
        let mut kinds = KINDS.to_vec();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), KINDS.len());
        for e in [
            Error::TileWithoutPoster,
            Error::LaserSides,
            Error::usage(Opt::Copies, "x"),
        ] {
            assert!(KINDS.contains(&e.kind()), "{}", e.kind());
        }
    }

    #[test]
    fn options_are_spelled_by_the_front_end() {
        let flag = |o: Opt| format!("--{}", o.name());
        assert_eq!(
            spelled("give {copies} or {nope} {", &flag),
            "give --copies or {nope} {"
        );
        let e = Error::KerfWithoutLaser;
        assert_eq!(
            e.message(flag),
            "--kerf: the kerf is a laser cutter's; add --for laser, or leave out --kerf"
        );
        assert_eq!(
            e.to_string(),
            "kerf: the kerf is a laser cutter's; add for laser, or leave out kerf"
        );
    }
}

//! The one place where the library's errors meet the command line's flags:
//! each [`Opt`] is a flag, and each typed error becomes the message that
//! names the flags to change.

use jungle_print::error::{num, set_pages_parts, Error, Opt};

/// The flag for an option: `--` and its name (`--copies`, `--for`); the
/// file given to `check`, and the command given to `man`, by those words.
pub(crate) fn flag(opt: Opt) -> String {
    match opt {
        Opt::Check => "check".into(),
        Opt::Command => "man".into(),
        other => format!("--{}", other.name()),
    }
}

/// A text of the library's with the options it names in braces (`{paper}`)
/// written as flags (`--paper`); braces around anything else stay.
pub(crate) fn with_flags(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        let name = rest[i + 1..].split('}').next().unwrap_or_default();
        let known = rest[i + 1..].contains('}')
            && jungle_print::options::TABLE
                .iter()
                .any(|s| s.opt.name() == name);
        out.push_str(&rest[..i]);
        if known {
            out.push_str("--");
            out.push_str(name);
            rest = &rest[i + name.len() + 2..];
        } else {
            out.push('{');
            rest = &rest[i + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// An error as the command line says it: the flag to change, what is wrong,
/// and what would be right, in the command line's words.
pub(crate) fn message(e: &Error) -> String {
    let Some(opt) = e.opt() else {
        return with_flags(&e.to_string());
    };
    let what = match e {
        Error::Usage { message, .. } => with_flags(message),
        Error::NotALength { value, .. } => not_a_length(opt, *value),
        Error::SquareTooSmall { value, .. } if !value.is_finite() => {
            not_a_length(opt, *value)
        }
        Error::SquareTooSmall { value, min } => format!(
            "{} mm is too small; squares must be at least {} mm",
            jungle_print::error::num_beside(*value, &[*min]),
            num(*min)
        ),
        Error::SquareTooLarge { value, max } => format!(
            "{} mm squares are too large; give at most {} mm (a board 9 m long)",
            jungle_print::error::num_beside(*value, &[*max]),
            num(*max)
        ),
        Error::BoardTooLarge {
            value,
            largest,
            board,
            area,
        } => format!(
            "a {} mm square makes a {} × {} mm board, larger than this paper's printable area ({:.1} × {:.1} mm); use at most --square {largest} or a larger --paper",
            num(*value),
            num(board.0),
            num(board.1),
            area.0,
            area.1
        ),
        Error::NotTileable {
            square,
            sheet,
            max_sheets,
            ..
        } => format!(
            "a board of {} mm squares cannot be tiled over {} × {} mm sheets (too small a sheet, or more than {max_sheets} sheets); choose a larger --paper or a smaller --square",
            num(*square),
            num(sheet.0),
            num(sheet.1)
        ),
        Error::PaperTooSmallForRules { room, margin, min } => format!(
            "this paper leaves {:.0} × {:.0} mm inside the {margin} mm margins; the rules need at least {} × {} mm: use a larger --paper (at least 100x120) or smaller margins (--margin, or the theme's page.margin)",
            room.0.max(0.0), room.1.max(0.0), min.0, min.1
        ),
        Error::PaperTooSmallForCounters { min } => format!(
            "not even {} mm counters fit this paper; choose a larger --paper",
            num(*min)
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
            flag(*opt)
        ),
        Error::CounterWiderThanSquare {
            counter,
            square,
            larger,
            tiled,
        } => format!(
            "{} mm counters are wider than the board's {} mm squares, so each would cover its neighbours; refused (the board does not grow by itself): give --counter-size {} or less, or --square {}{}",
            num(*counter),
            num(*square),
            num(square.floor()),
            num(*larger),
            if *tiled { " (a board tiled over several sheets of this paper)" } else { " for a board that holds them" }
        ),
        Error::BoxTooLarge { part, size, room } => format!(
            "the box's {part} opens out to {:.0} × {:.0} mm, larger than this paper's printable area ({:.0} × {:.0} mm); choose a larger --paper (e.g. a3) or smaller counters",
            size.0, size.1, room.0, room.1
        ),
        Error::SharedCutsNeedLaserSquares => "only square counters cut by a laser can share cut lines: add --for laser --shape square, or leave out --shared-cuts".into(),
        Error::LaserForPaper => "a laser cutter makes the board, the counters and the box (`board`, `counters`, `box` with --for laser); the set and the rules are for paper".into(),
        Error::LaserSides => "a laser cuts each counter whole, engraved on its face: leave out --sides (or give single)".into(),
        Error::KerfWithoutLaser => "the kerf is a laser cutter's; add --for laser, or leave out --kerf".into(),
        Error::CounterSizeOutOfRange { value, min, max } => format!(
            "{} mm is out of range; give the counters' size from {} to {} mm, e.g. --size 22",
            num(*value),
            num(*min),
            num(*max)
        ),
        Error::TooManyPages { pages, max } => format!(
            "the document would have {pages} pages, more than the limit of {max}; use larger paper or fewer --copies"
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
            "{sets} sets would make {pages} pages ({}), more than the limit of {max}; give --copies {fit} or fewer{}",
            set_pages_parts(*set_len, *shared, *once),
            if *tiled {
                ", or a smaller --square so that each board fits one sheet"
            } else {
                ""
            }
        ),
        // Worded without flags: the text after the option's name.
        Error::PosterTooSmall { .. }
        | Error::PosterTileHoldsAll { .. }
        | Error::PosterNotTileable { .. }
        | Error::TileWithoutPoster => {
            let said = e.to_string();
            match said.split_once(": ") {
                Some((_, what)) => what.to_string(),
                None => said,
            }
        }
        Error::TileNotNeeded {
            board,
            sheet,
            on_paper,
        } => format!(
            "the whole board ({} × {} mm) fits on one sheet of {sheet}, so there is nothing to tile; leave out --tile{}",
            num(board.0),
            num(board.1),
            if *on_paper {
                String::new()
            } else {
                format!(", or give --paper {sheet} instead of --tile")
            }
        ),
        Error::CropMarksOnTiledBoard { .. } => "--crop-marks marks a board printed on one sheet, and this board is tiled (its sheets carry corner marks of their own); leave out --crop-marks, or choose a square that fits the paper".into(),
        other => return other.to_string(),
    };
    format!("{}: {what}", flag(opt))
}

/// `` `NaN` is not a length in mm; squares must be at least 8 mm, e.g. --square 25 ``
fn not_a_length(opt: Opt, value: f64) -> String {
    let range = match opt {
        Opt::Size => "counters must be at least 8 mm, e.g. --size 22",
        Opt::CounterSize => "counters must be at least 8 mm, e.g. --counter-size 25",
        _ => "squares must be at least 8 mm, e.g. --square 25",
    };
    format!("`{}` is not a length in mm; {range}", num(value))
}

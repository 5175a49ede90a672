//! The commands that compose and write a document, and `check`.

use std::path::{Path, PathBuf};

use jungle_print::compose::counters::{Shape, Sides};
use jungle_print::error::{Error, Opt};
use jungle_print::input::Source;
use jungle_print::job::{
    BoardJob, BoxJob, CounterJob, Inputs, Job, Kind, Purpose as JobPurpose, SetJob,
};
use jungle_print::layout::Flip;
use jungle_print::paper::Paper;

use super::args::*;
use super::emit::{emit, is_quiet, say, target};

/// Loads a theme, language pack or ruleset the way printing would and composes
/// the default set with it in each language, through the checks printing
/// runs, without writing anything.
pub(crate) fn check(mut a: CheckArgs) -> Result<(), Error> {
    // A language pack or a ruleset given in the theme's place is told apart by its sections.
    if a.theme.ends_with(".toml") {
        let path = Path::new(&a.theme);
        let src = jungle_print::input::read_text(path, jungle_print::input::InputKind::Theme)
            .map_err(|e| e.for_option(Opt::Check, path))?;
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
    // `--theme` names the theme to check against (or to check).
    let against = a.with_theme.clone();
    if let Some(t) = &against {
        a.theme = t.clone();
    }
    let lang = match (&a.lang_file, &a.lang) {
        (Some(p), _) => Some(Source::File(p.clone())),
        (None, Some(code)) => Some(Source::builtin(code)),
        (None, None) => None,
    };
    let checked = jungle_print::job::check(
        &Source::from_arg(&a.theme),
        &Source::from_arg(&a.ruleset),
        lang.as_ref(),
    )?;
    let with = match &against {
        Some(_) => format!(" with theme `{}`", checked.theme),
        None => String::new(),
    };
    let what = match (&a.lang_file, checked.langs.first()) {
        (Some(p), Some(code)) => {
            format!("{}: language pack `{code}` is valid{with}", p.display())
        }
        _ if a.ruleset.ends_with(".toml") => {
            format!(
                "{}: ruleset `{}` is valid{with}",
                a.ruleset, checked.ruleset
            )
        }
        _ => format!("{}: theme `{}` is valid", a.theme, checked.theme),
    };
    for w in &checked.warnings {
        say(&format!("warning: {w}"));
    }
    if is_quiet() {
        return Ok(());
    }
    let mut line = String::new();
    for f in &checked.fonts {
        line.push_str(f);
        line.push('\n');
    }
    line += &format!(
        "{what}{}\n",
        match checked.warnings.len() {
            0 => String::new(),
            n => format!(" ({n} warning{})", if n == 1 { "" } else { "s" }),
        }
    );
    jungle_print::output::write_stdout(line.as_bytes())
}

/// A job for `kind` with the shared options.
fn job(c: &Common, kind: Kind) -> Result<Job, Error> {
    let job = Job {
        kind,
        inputs: Inputs {
            theme: c.theme.as_deref().map(Source::from_arg),
            lang: match &c.lang_file {
                Some(p) => Source::File(p.clone()),
                None => Source::builtin(&c.lang),
            },
            ruleset: Source::from_arg(&c.ruleset),
            pictures: c.pictures.clone(),
        },
        paper: Paper::parse(&c.paper)?,
        purpose: match c.purpose {
            Purpose::Home => JobPurpose::Home,
            Purpose::PrintShop => JobPurpose::PrintShop,
            Purpose::Laser => JobPurpose::Laser,
        },
        bleed: c.bleed,
        kerf: c.kerf,
        output: None,
    };
    // Every option is checked before the output is.
    job.validate()?;
    Ok(job)
}

pub(crate) fn board(a: BoardArgs) -> Result<(), Error> {
    let tile = a
        .tile
        .as_deref()
        .map(|t| Paper::parse(t).map_err(|e| e.for_opt(Opt::Tile)))
        .transpose()?;
    let job = job(
        &a.common,
        Kind::Board(BoardJob {
            square: a.square,
            tile,
            no_coordinates: a.no_coordinates,
            crop_marks: a.crop_marks,
        }),
    )?;
    let out = target(&a.common, "board")?;
    emit(job, out, a.common.choices())
}

pub(crate) fn counters(a: CounterArgs) -> Result<(), Error> {
    let shape = Shape::parse(&a.shape)?;
    let back_offset = match &a.back_offset {
        None => (0.0, 0.0),
        Some(v) => parse_offset(v)?,
    };
    let job = job(
        &a.common,
        Kind::Counters(CounterJob {
            size: a.size,
            shape,
            sides: sides_of(a.sides, a.flip),
            copies: a.copies,
            crop_marks: a.crop_marks,
            shared_cuts: a.shared_cuts,
            back_offset,
            back_title: !a.no_back_title,
        }),
    )?;
    let out = target(&a.common, "counters")?;
    emit(job, out, a.common.choices())
}

pub(crate) fn sides_of(sides: SidesArg, flip: FlipArg) -> Sides {
    match sides {
        SidesArg::Single => Sides::Single,
        SidesArg::Fold => Sides::Fold,
        SidesArg::Duplex => Sides::Duplex(match flip {
            FlipArg::LongEdge => Flip::LongEdge,
            FlipArg::ShortEdge => Flip::ShortEdge,
        }),
    }
}

pub(crate) fn set(a: SetArgs) -> Result<(), Error> {
    let set = SetJob {
        square: a.square,
        sides: sides_of(a.sides, a.flip),
        shape: Shape::parse(&a.shape)?,
        cover: !a.no_cover,
        boxed: !a.no_box,
        poster: a.poster,
        copies: a.copies,
    };
    if a.preview {
        return preview(a, set);
    }
    let job = job(&a.common, Kind::Set(set))?;
    let out = target(&a.common, "jungle-set")?;
    emit(job, out, a.common.choices())
}

/// `set --preview`: the set's pages, small, on one PNG sheet.
fn preview(mut a: SetArgs, set: SetJob) -> Result<(), Error> {
    let job = job(&a.common, Kind::Preview(set))?;
    match &a.common.output {
        None => a.common.output = Some(PathBuf::from("jungle-set-preview.png")),
        Some(p)
            if p.extension()
                .is_some_and(|e| !e.eq_ignore_ascii_case("png")) =>
        {
            return Err(Error::usage(
                Opt::Preview,
                format!(
                    "the preview is a PNG picture; name the output `.png`, not `{}`",
                    jungle_print::input::shown_path(p)
                ),
            ))
        }
        Some(_) => {}
    }
    a.common.format = Some(Format::Png);
    let out = target(&a.common, "jungle-set-preview")?;
    emit(job, out, a.common.choices())
}

pub(crate) fn make_box(a: BoxArgs) -> Result<(), Error> {
    let job = job(
        &a.common,
        Kind::Box(BoxJob {
            size: a.size,
            copies: a.copies,
            sides: sides_of(a.sides, FlipArg::LongEdge),
            card: a.card,
        }),
    )?;
    let out = target(&a.common, "box")?;
    emit(job, out, a.common.choices())
}

pub(crate) fn rules(a: RulesArgs) -> Result<(), Error> {
    let (kind, name) = if a.poster {
        (Kind::Poster, "poster")
    } else {
        (Kind::Rules, "rules")
    };
    let job = job(&a.common, kind)?;
    let out = target(&a.common, name)?;
    emit(job, out, a.common.choices())
}

/// Parses `X,Y` in mm, each within ±10 mm.
pub(crate) fn parse_offset(v: &str) -> Result<(f64, f64), Error> {
    let bad = || {
        Error::usage(
            Opt::BackOffset,
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
            Opt::BackOffset,
            format!("`{v}`: each offset must be within ±10 mm"),
        ));
    }
    Ok((x, y))
}

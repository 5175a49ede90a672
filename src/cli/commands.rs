//! The commands that compose and write a document, and `check`.

use std::path::{Path, PathBuf};

use jungle_print::compose::board::{board_sheets, square_size, BoardOptions};
use jungle_print::compose::boxnet::{box_pages, box_sizes, BoxOptions};
use jungle_print::compose::counters::{counter_pages, CounterOptions, Shape, Sides};
use jungle_print::compose::handout::{handout_pages, ruleset_line, HandoutOptions};
use jungle_print::compose::set::{contact_sheet, set_pages, SetOptions};
use jungle_print::error::Error;
use jungle_print::input::num;
use jungle_print::lang::Lang;
use jungle_print::layout::Flip;
use jungle_print::paper::Paper;
use jungle_print::resolve::Resources;
use jungle_print::rules::Ruleset;
use jungle_print::scene::Page;
use jungle_print::theme::Theme;

use super::args::*;
use super::emit::{emit, is_quiet, say, target};
use super::resources;
/// Loads a theme, language pack or ruleset the way printing would and composes
/// a board, counters and handout with it in each language, without writing anything.
pub(crate) fn check(mut a: CheckArgs) -> Result<(), Error> {
    // A language pack or a ruleset given in the theme's place is told apart by its sections.
    let mut what = None;
    if a.theme.ends_with(".toml") {
        let path = Path::new(&a.theme);
        let src = jungle_print::input::read_text(path, jungle_print::input::InputKind::Theme)
            .map_err(|e| e.for_option("check", path))?;
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
        // The default set, as `set` makes it, through the same checks.
        let paper = Paper::A4;
        jungle_print::compose::handout::check_fits(&res, paper)?;
        let (pages, _) = set_pages(&res, &SetOptions::new(paper))?;
        res.check_pages(&pages)?;
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
        say(&format!("warning: {w}"));
    }
    let what = what.unwrap_or_else(|| format!("{}: theme `{}` is valid", a.theme, theme.name));
    if is_quiet() {
        return Ok(());
    }
    let line = format!(
        "{what}{}\n",
        match warnings.len() {
            0 => String::new(),
            n => format!(" ({n} warning{})", if n == 1 { "" } else { "s" }),
        }
    );
    jungle_print::output::write_stdout(line.as_bytes())
}

pub(crate) fn board(a: BoardArgs) -> Result<(), Error> {
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
    let sheets = match pages.len() {
        0 | 1 => String::new(),
        2 => ", tiled: assembly map and 1 sheet".to_string(),
        n => format!(", tiled: assembly map and {} sheets", n - 1),
    };
    let detail = format!(
        "{} × {} mm paper, {} mm squares, board {} × {} mm{sheets}",
        num(paper.width),
        num(paper.height),
        num(square),
        num(square * 7.0),
        num(square * 9.0)
    );
    emit(
        &res,
        &res.game_title(),
        pages,
        out,
        a.common.choices(),
        Some(detail),
    )
}

pub(crate) fn counters(a: CounterArgs) -> Result<(), Error> {
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
    if a.common.purpose == Purpose::Laser && sides != Sides::Single {
        return Err(Error::usage(
            "--sides",
            "a laser cuts each counter whole, engraved on its face: leave out --sides (or give single)",
        ));
    }
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
        kerf: a.common.checked_kerf()?,
        tight: a.common.purpose == Purpose::Laser,
        shared_cuts: a.shared_cuts,
    };
    let pages = counter_pages(&res, &opts)?;
    emit(
        &res,
        &res.game_title(),
        pages,
        out,
        a.common.choices(),
        None,
    )
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

/// Refuses `--for laser` for the documents that are only for paper.
fn paper_only(c: &Common) -> Result<(), Error> {
    if c.purpose == Purpose::Laser {
        return Err(Error::usage(
            "--for",
            "a laser cutter makes the board, the counters and the box (`board`, `counters`, `box` with --for laser); the set and the rules are for paper",
        ));
    }
    Ok(())
}

pub(crate) fn set(a: SetArgs) -> Result<(), Error> {
    paper_only(&a.common)?;
    let paper = Paper::parse(&a.common.paper)?;
    let shape = Shape::parse(&a.shape)?;
    if let Some(s) = a.square {
        if !(s.is_finite() && s > 0.0 && s <= 1000.0) {
            return Err(Error::usage(
                "--square",
                format!(
                    "{} is not a square size; give a length in mm from 8 to 1000, e.g. --square 40",
                    num(s)
                ),
            ));
        }
    }
    if a.preview {
        return preview(a, paper, shape);
    }
    let out = target(&a.common, "jungle-set")?;
    let res = resources(&a.common)?;
    jungle_print::compose::handout::check_fits(&res, paper)?;
    let (pages, parts) = set_pages(&res, &set_options(&a, paper, shape, a.common.bleed))?;
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
        &res.game_title(),
        pages,
        out,
        a.common.choices(),
        Some(detail),
    )
}

/// The set's options from the command line.
fn set_options(a: &SetArgs, paper: Paper, shape: Shape, bleed: f64) -> SetOptions {
    SetOptions {
        paper,
        square: a.square,
        sides: sides_of(a.sides, a.flip),
        shape,
        bleed,
        cover: !a.no_cover,
        boxed: !a.no_box,
    }
}

/// `set --preview`: the set's pages, small, on one PNG sheet.
fn preview(mut a: SetArgs, paper: Paper, shape: Shape) -> Result<(), Error> {
    match &a.common.output {
        None => a.common.output = Some(PathBuf::from("jungle-set-preview.png")),
        Some(p)
            if p.extension()
                .is_some_and(|e| !e.eq_ignore_ascii_case("png")) =>
        {
            return Err(Error::usage(
                "--preview",
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
    let res = resources(&a.common)?;
    jungle_print::compose::handout::check_fits(&res, paper)?;
    let (pages, _) = set_pages(&res, &set_options(&a, paper, shape, 0.0))?;
    let n = pages.len();
    let sheet = contact_sheet(&res, &pages, paper);
    emit(
        &res,
        &res.game_title(),
        vec![sheet],
        out,
        a.common.choices(),
        Some(format!("a contact sheet of the set's {n} pages")),
    )
}

pub(crate) fn make_box(a: BoxArgs) -> Result<(), Error> {
    let paper = Paper::parse(&a.common.paper)?;
    if let Some(s) = a.size {
        if !(s.is_finite() && (8.0..=200.0).contains(&s)) {
            return Err(Error::usage("--size", format!("{} mm is out of range; give the counters' size from 8 to 200 mm, e.g. --size 22", num(s))));
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
        &res.game_title(),
        pages,
        out,
        a.common.choices(),
        Some(detail),
    )
}

pub(crate) fn rules(a: RulesArgs) -> Result<(), Error> {
    paper_only(&a.common)?;
    let paper = Paper::parse(&a.common.paper)?;
    let out = target(&a.common, "rules")?;
    jungle_print::compose::check_bleed(a.common.bleed)?;
    let res = resources(&a.common)?;
    jungle_print::compose::handout::check_fits(&res, paper)?;

    let pages: Vec<Page> = handout_pages(&res, &HandoutOptions { paper })
        .into_iter()
        .map(|p| p.with_bleed(a.common.bleed))
        .collect();
    let title = format!("{} — {}", res.lang.game.han, ruleset_line(&res));
    emit(&res, &title, pages, out, a.common.choices(), None)
}

/// A usage error for a number that is infinite or not a number.
pub(crate) fn finite(flag: &str, v: f64, range: &str) -> Result<(), Error> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(Error::usage(
            flag,
            format!("`{}` is not a length in mm; {range}", num(v)),
        ))
    }
}

/// Parses `X,Y` in mm, each within ±10 mm.
pub(crate) fn parse_offset(v: &str) -> Result<(f64, f64), Error> {
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

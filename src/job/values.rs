//! A job to and from the [`Values`] a front end hands over, made from one
//! list per struct: [`fields!`] names each field once with the option that
//! gives it, and makes both the reading ([`Job::from_values`]) and the
//! writing back ([`Job::values`]) from that line; each field's type says
//! once, in its [`Field`] impl, how a value becomes it and back. Adding an
//! option is a row in the [`crate::options`] table and its field here, in
//! its struct's list.

use std::path::PathBuf;

use super::{
    BoardOptions, BoxOptions, CounterOptions, Inputs, Job, Kind, Output, PosterJob, Purpose,
    PuzzleOptions, SetOptions,
};
use crate::compose::products::counters::{Shape, Sides};
use crate::error::{Error, Opt, User};
use crate::input::Source;
use crate::lang::Phonetic;
use crate::layout::paper::Paper;
use crate::layout::Flip;
use crate::options::{Doc, Format, Given, Values};
use crate::play::puzzles::Difficulty;

/// A type a job's field has, read from its option's value (given, or the
/// table's default) and written back as one.
trait Field: Sized {
    /// The field from `opt`'s value in `v`.
    fn read(v: &Values, opt: Opt) -> Result<Self, Error>;
    /// Gives `opt` this field's value in `v` (or leaves it out: an optional
    /// field that is `None`).
    fn write(&self, v: &mut Values, opt: Opt);
}

/// How a field follows its option: [`Is`] the option's value, [`Not`] the
/// opposite of a switch (`cover` from `no-cover`), [`Pack`] the language
/// pack from `lang` or `lang-file`.
trait Mode<T> {
    fn read(v: &Values, opt: Opt) -> Result<T, Error>;
    fn write(x: &T, v: &mut Values, opt: Opt);
}

/// The field is the option's value.
struct Is;
/// The field is on when the switch is off.
struct Not;
/// The language pack: `lang-file` when given, else the built-in `lang`.
struct Pack;

impl<T: Field> Mode<T> for Is {
    fn read(v: &Values, opt: Opt) -> Result<T, Error> {
        T::read(v, opt)
    }
    fn write(x: &T, v: &mut Values, opt: Opt) {
        x.write(v, opt)
    }
}

impl Mode<bool> for Not {
    fn read(v: &Values, opt: Opt) -> Result<bool, Error> {
        Ok(!v.switch(opt))
    }
    fn write(x: &bool, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Switch(!x))
    }
}

impl Mode<Source> for Pack {
    fn read(v: &Values, opt: Opt) -> Result<Source, Error> {
        Ok(match v.path(Opt::LangFile) {
            Some(p) => Source::File(p.to_path_buf()),
            None => Source::builtin(need(v.text(opt), opt)?),
        })
    }
    fn write(x: &Source, v: &mut Values, opt: Opt) {
        match x {
            Source::Builtin(code) => v.set(opt, Given::Text(code.clone())),
            s => v.set(Opt::LangFile, Given::Path(arg(s).into())),
        }
    }
}

/// Makes `read_from(&Values) -> Result<Self, Error>` and
/// `write_to(&self, &mut Values)` for a struct from one list of its fields,
/// each `field: Mode(Opt)`; fields no option gives (the job's kind, inputs
/// and output) come after the list, as arguments of `read_from`.
macro_rules! fields {
    ($ty:ident { $($field:ident: $mode:ident($opt:ident)),* $(,)? } $(, $rest:ident: $rt:ty)*) => {
        impl $ty {
            fn read_from(v: &Values $(, $rest: $rt)*) -> Result<$ty, Error> {
                Ok($ty {
                    $($field: <$mode as Mode<_>>::read(v, Opt::$opt)?,)*
                    $($rest,)*
                })
            }

            fn write_to(&self, v: &mut Values) {
                $(<$mode as Mode<_>>::write(&self.$field, v, Opt::$opt);)*
            }
        }
    };
}

fields! { Job { purpose: Is(Purpose), paper: Is(Paper), bleed: Is(Bleed), kerf: Is(Kerf), margin: Is(Margin) },
kind: Kind, inputs: Inputs, output: Option<Output> }
fields! { Inputs {
    theme: Is(Theme), lang: Pack(Lang), phonetic: Is(Phonetic), ruleset: Is(Ruleset), pictures: Is(Pictures),
}, files: crate::input::Files }
fields! { SetOptions {
    square: Is(Square), counter_size: Is(CounterSize), sides: Is(Sides), shape: Is(Shape),
    cover: Not(NoCover), boxed: Not(NoBox), poster: Is(Poster), poster_paper: Is(PosterPaper),
    copies: Is(Copies), split: Is(Split),
} }
fields! { BoardOptions {
    square: Is(Square), tile: Is(Tile), no_coordinates: Is(NoCoordinates), crop_marks: Is(CropMarks),
} }
fields! { CounterOptions {
    size: Is(Size), shape: Is(Shape), sides: Is(Sides), copies: Is(Copies), crop_marks: Is(CropMarks),
    shared_cuts: Is(SharedCuts), back_offset: Is(BackOffset), back_title: Not(NoBackTitle),
} }
// `flat_board`, `board_square` and `papers` are the set's to give: a box
// alone has none of them; `die_cut` is the job's purpose, given when the box
// is composed.
fields! { BoxOptions { counter_size: Is(Size), copies: Is(Copies), sides: Is(Sides), card: Is(Card) },
flat_board: Option<(f64, f64)>, board_square: Option<f64>, papers: usize, die_cut: bool }
fields! { PosterJob { tile: Is(Tile) } }
fields! { PuzzleOptions { count: Is(Count), difficulty: Is(Difficulty), seed: Is(Seed) } }

impl Job {
    /// The job `v` asks for: each field read from its option (defaults from
    /// the [`crate::options`] table), inputs named as the command line names
    /// them (a theme or ruleset ending in `.toml` or holding a `/` is a
    /// file: [`Source::from_arg`]). Values that do not parse (a shape, a
    /// paper, an offset) are refused here, naming their option; ranges are
    /// checked by [`Job::validate`].
    pub fn from_values(v: &Values) -> Result<Job, Error> {
        let kind = match v.doc {
            Doc::Set => match (SetOptions::read_from(v)?, v.switch(Opt::Preview)) {
                (set, true) => Kind::Preview(set),
                (set, false) => Kind::Set(set),
            },
            Doc::Board => Kind::Board(BoardOptions::read_from(v)?),
            Doc::Counters => Kind::Counters(CounterOptions::read_from(v)?),
            Doc::Rules => match (v.switch(Opt::Poster), PosterJob::read_from(v)?) {
                (true, poster) => Kind::Poster(poster),
                (false, PosterJob { tile: None }) => Kind::Rules,
                (false, _) => return Err(Error::TileWithoutPoster),
            },
            Doc::Box => {
                let alone = BoxOptions::default();
                Kind::Box(BoxOptions::read_from(
                    v,
                    alone.flat_board,
                    alone.board_square,
                    alone.papers,
                    alone.die_cut,
                )?)
            }
            Doc::Puzzles => Kind::Puzzles(PuzzleOptions::read_from(v)?),
            // `check` reads its values into [`super::check`]'s arguments instead.
            Doc::Check => {
                return Err(Error::usage(
                    Opt::Check,
                    "checking makes no document to print",
                ))
            }
        };
        let inputs = Inputs::read_from(v, Default::default())?;
        let mut job = Job::read_from(v, kind, inputs, None)?;
        job.output = Some(Output::read_from(v, job.default_output())?);
        Ok(job)
    }

    /// The job's options as [`Values`], the inverse of [`Job::from_values`]:
    /// files by their path as written, uploaded text ([`Source::Text`]) by
    /// its name, the theme left out when it is the purpose's default.
    pub fn values(&self) -> Values {
        let doc = match self.kind {
            Kind::Set(_) | Kind::Preview(_) => Doc::Set,
            Kind::Board(_) => Doc::Board,
            Kind::Counters(_) => Doc::Counters,
            Kind::Rules | Kind::Poster(_) => Doc::Rules,
            Kind::Box(_) => Doc::Box,
            Kind::Puzzles(_) => Doc::Puzzles,
        };
        let mut v = Values::new(doc);
        self.inputs.write_to(&mut v);
        if self.inputs.theme == Some(Source::builtin(self.purpose.default_theme())) {
            v.unset(Opt::Theme);
        }
        self.write_to(&mut v);
        if let Some(out) = &self.output {
            out.write_to(&mut v);
        }
        match &self.kind {
            Kind::Set(s) | Kind::Preview(s) => {
                s.write_to(&mut v);
                v.set(
                    Opt::Preview,
                    Given::Switch(matches!(self.kind, Kind::Preview(_))),
                );
            }
            Kind::Board(b) => b.write_to(&mut v),
            Kind::Counters(c) => c.write_to(&mut v),
            Kind::Rules => {}
            Kind::Poster(p) => {
                v.set(Opt::Poster, Given::Switch(true));
                p.write_to(&mut v);
            }
            Kind::Box(b) => b.write_to(&mut v),
            Kind::Puzzles(p) => p.write_to(&mut v),
        }
        v
    }
}

impl Output {
    /// The output `v` asks for (`output`, `format`, `dpi`, `live-text`),
    /// `default` where it asks for none: the format given, else the file's
    /// extension's, else the default's. A format that contradicts the
    /// extension, or an extension of no format, is refused; so is a preview
    /// (always a PNG picture) named otherwise.
    fn read_from(v: &Values, default: Output) -> Result<Output, Error> {
        let path = v.path(Opt::Output).map(PathBuf::from);
        let shown =
            || crate::input::shown_path(path.as_deref().unwrap_or(std::path::Path::new("")));
        let ext = path
            .as_ref()
            .and_then(|p| p.extension())
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase());
        let given = match v.text(Opt::Format) {
            Some(name) => Some(Format::parse(name).ok_or_else(|| {
                Error::usage(
                    Opt::Format,
                    format!(
                        "unknown format `{}`; expected {}",
                        User(name),
                        Format::names()
                    ),
                )
            })?),
            None => None,
        };
        let preview = default.format == Format::Png && v.switch(Opt::Preview);
        if preview {
            // The contact sheet is one PNG picture, whatever the format asked.
            if ext.as_deref().is_some_and(|e| e != "png") {
                return Err(Error::usage(
                    Opt::Preview,
                    format!(
                        "the preview is a PNG picture; name the output `.png`, not `{}`",
                        shown()
                    ),
                ));
            }
            if let Some(f) = given.filter(|f| *f != Format::Png) {
                return Err(Error::usage(
                    Opt::Format,
                    format!(
                        "the preview is a PNG picture, so {{format}} {} would be ignored; leave out {{format}} (or give png), or leave out {{preview}} for the set as {}",
                        f.name(),
                        f.name().to_uppercase()
                    ),
                ));
            }
        }
        let from_ext = ext.as_deref().map(|e| (e, Format::parse(e)));
        let format = match (given, from_ext) {
            _ if preview => Format::Png,
            (Some(f), Some((_, Some(e)))) if e != f => {
                return Err(Error::usage(
                    Opt::Format,
                    format!(
                        "{{format}} {} contradicts the output file name `{}`; name the file `.{}` or leave out {{format}}",
                        f.name(),
                        shown(),
                        f.name()
                    ),
                ))
            }
            (_, Some((e, None))) => {
                let names: Vec<String> = crate::options::FORMATS.iter().map(|r| r.name.to_uppercase()).collect();
                let exts: Vec<String> = crate::options::FORMATS.iter().map(|r| format!(".{}", r.name)).collect();
                return Err(Error::usage(
                    Opt::Output,
                    format!(
                        "`{}`: jungle-print writes {}, not `.{}`; name the file {}",
                        shown(),
                        or_list(&names),
                        crate::error::shown(e),
                        or_list(&exts)
                    ),
                ));
            }
            (Some(f), _) => f,
            (None, Some((_, Some(e)))) => e,
            (None, _) => default.format,
        };
        let path = path.unwrap_or_else(|| match preview {
            true => default.path.clone(),
            false => PathBuf::from(format!(
                "{}.{}",
                default
                    .path
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy(),
                format.name()
            )),
        });
        Ok(Output {
            path,
            format,
            dpi: v.number(Opt::Dpi).unwrap_or(super::DEFAULT_DPI),
            live_text: v.switch(Opt::LiveText),
            created: None,
        })
    }

    /// Gives `v` this output's options: its file and format, its resolution
    /// for a PNG (only there is it checked), live text when asked.
    fn write_to(&self, v: &mut Values) {
        v.set(Opt::Output, Given::Path(self.path.clone()));
        v.set(Opt::Format, Given::Text(self.format.name().into()));
        if self.format == Format::Png {
            v.set(Opt::Dpi, Given::Number(self.dpi));
        }
        v.set(Opt::LiveText, Given::Switch(self.live_text));
    }
}

/// `a, b or c`.
fn or_list(words: &[String]) -> String {
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => words.concat(),
    }
}

/// `x`, or an error naming `opt` when it has no value (given or by default:
/// a row of the table without its default).
fn need<T>(x: Option<T>, opt: Opt) -> Result<T, Error> {
    x.ok_or_else(|| Error::usage(opt, "needs a value"))
}

/// A source as the command line names it: a built-in's name, a file's path
/// as written, uploaded text's name.
fn arg(s: &Source) -> String {
    match s {
        Source::Builtin(name) | Source::Text { name, .. } => name.clone(),
        Source::File(p) => p.display().to_string(),
    }
}

/// A switch.
impl Field for bool {
    fn read(v: &Values, opt: Opt) -> Result<bool, Error> {
        Ok(v.switch(opt))
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Switch(*self))
    }
}

/// A number with a default (the bleed, the card).
impl Field for f64 {
    fn read(v: &Values, opt: Opt) -> Result<f64, Error> {
        need(v.number(opt), opt)
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Number(*self))
    }
}

/// A number that may be left out (sizes worked out when it is).
impl Field for Option<f64> {
    fn read(v: &Values, opt: Opt) -> Result<Option<f64>, Error> {
        Ok(v.number(opt))
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        if let Some(x) = self {
            x.write(v, opt)
        }
    }
}

/// A whole number with a default (copies).
impl Field for usize {
    fn read(v: &Values, opt: Opt) -> Result<usize, Error> {
        need(v.count(opt), opt)
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Count(*self))
    }
}

/// A folder that may be left out (the pictures).
impl Field for Option<PathBuf> {
    fn read(v: &Values, opt: Opt) -> Result<Option<PathBuf>, Error> {
        Ok(v.path(opt).map(|p| p.to_path_buf()))
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        if let Some(p) = self {
            v.set(opt, Given::Path(p.clone()))
        }
    }
}

/// A ruleset: a built-in's name or a file ([`Source::from_arg`]).
impl Field for Source {
    fn read(v: &Values, opt: Opt) -> Result<Source, Error> {
        need(v.text(opt), opt).map(Source::from_arg)
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Text(arg(self)))
    }
}

/// A theme, when given.
impl Field for Option<Source> {
    fn read(v: &Values, opt: Opt) -> Result<Option<Source>, Error> {
        Ok(v.text(opt).map(Source::from_arg))
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        if let Some(s) = self {
            s.write(v, opt)
        }
    }
}

/// A paper: a name or `WIDTHxHEIGHT`.
impl Field for Paper {
    fn read(v: &Values, opt: Opt) -> Result<Paper, Error> {
        Paper::parse(need(v.text(opt), opt)?).map_err(|e| e.for_opt(opt))
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Text(self.arg()))
    }
}

/// A paper that may be left out (the tiles' sheets).
impl Field for Option<Paper> {
    fn read(v: &Values, opt: Opt) -> Result<Option<Paper>, Error> {
        match v.text(opt) {
            Some(_) => Paper::read(v, opt).map(Some),
            None => Ok(None),
        }
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        if let Some(p) = self {
            p.write(v, opt)
        }
    }
}

impl Field for Purpose {
    fn read(v: &Values, opt: Opt) -> Result<Purpose, Error> {
        let name = need(v.text(opt), opt)?;
        Purpose::parse(name).ok_or_else(|| {
            Error::usage(
                opt,
                format!(
                    "unknown purpose `{}`; expected home, print-shop or laser",
                    User(name)
                ),
            )
        })
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Text(self.name().into()))
    }
}

impl Field for Shape {
    fn read(v: &Values, opt: Opt) -> Result<Shape, Error> {
        Shape::parse(need(v.text(opt), opt)?)
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Text(self.name().into()))
    }
}

/// How the backs are printed, with the flip (option `flip`) for duplex.
impl Field for Sides {
    fn read(v: &Values, opt: Opt) -> Result<Sides, Error> {
        // The box has no flip: its counters' backs are only counted.
        let flip = v.text(Opt::Flip).unwrap_or("long-edge");
        super::parse_sides(need(v.text(opt), opt)?, flip)
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        let name = match self {
            Sides::Single => "single",
            Sides::Fold => "fold",
            Sides::Duplex(_) => "duplex",
        };
        v.set(opt, Given::Text(name.into()));
        if let Sides::Duplex(flip) = self {
            let flip = match flip {
                Flip::LongEdge => "long-edge",
                Flip::ShortEdge => "short-edge",
            };
            v.set(Opt::Flip, Given::Text(flip.into()));
        }
    }
}

/// A puzzle sheet's difficulty: easy, medium or hard.
/// The phonetic guide asked for instead of the pack's, if any.
impl Field for Option<Phonetic> {
    fn read(v: &Values, opt: Opt) -> Result<Option<Phonetic>, Error> {
        let Some(name) = v.text(opt) else {
            return Ok(None);
        };
        Phonetic::parse(name).map(Some).ok_or_else(|| {
            Error::usage(
                opt,
                format!(
                    "unknown phonetic guide `{}`; choose none, zhuyin or pinyin",
                    User(name)
                ),
            )
        })
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        if let Some(p) = self {
            v.set(opt, Given::Text(p.name().into()))
        }
    }
}

impl Field for Difficulty {
    fn read(v: &Values, opt: Opt) -> Result<Difficulty, Error> {
        let name = need(v.text(opt), opt)?;
        Difficulty::parse(name).ok_or_else(|| {
            Error::usage(
                opt,
                format!(
                    "unknown difficulty `{}`; choose easy, medium or hard",
                    User(name)
                ),
            )
        })
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        v.set(opt, Given::Text(self.name().into()))
    }
}

/// The backs' offset, `X,Y` in mm; left out at `0,0`.
impl Field for (f64, f64) {
    fn read(v: &Values, opt: Opt) -> Result<(f64, f64), Error> {
        match v.text(opt) {
            Some(t) => super::parse_offset(t),
            None => Ok((0.0, 0.0)),
        }
    }
    fn write(&self, v: &mut Values, opt: Opt) {
        if *self != (0.0, 0.0) {
            let (x, y) = self;
            v.set(opt, Given::Text(format!("{x},{y}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of every kind survives the trip to [`Values`] and back,
    /// each away from its default (so that a field read but not written, or
    /// written under another option, shows).
    #[test]
    fn every_job_comes_back_from_its_values() {
        let set = SetOptions {
            square: Some(30.0),
            counter_size: Some(20.0),
            sides: Sides::Duplex(Flip::ShortEdge),
            shape: Shape::Octagon,
            cover: false,
            boxed: false,
            poster: true,
            poster_paper: Some(Paper::parse("a2").unwrap()),
            copies: 3,
            split: true,
        };
        let kinds = [
            Kind::Set(set),
            Kind::Preview(SetOptions {
                split: false,
                ..set
            }),
            Kind::Board(BoardOptions {
                square: Some(40.0),
                tile: Some(Paper::parse("a3").unwrap()),
                no_coordinates: true,
                crop_marks: true,
            }),
            Kind::Counters(CounterOptions {
                size: Some(25.0),
                shape: Shape::Square,
                sides: Sides::Duplex(Flip::ShortEdge),
                copies: 2,
                crop_marks: true,
                shared_cuts: true,
                back_offset: (0.5, -1.0),
                back_title: false,
            }),
            Kind::Rules,
            Kind::poster(),
            Kind::Poster(PosterJob {
                tile: Some(Paper::parse("a4").unwrap()),
            }),
            Kind::Box(BoxOptions {
                counter_size: Some(30.0),
                copies: 4,
                sides: Sides::Single,
                card: 0.5,
                ..BoxOptions::default()
            }),
            Kind::Puzzles(PuzzleOptions {
                count: 20,
                difficulty: Difficulty::Hard,
                seed: 7,
            }),
        ];
        for kind in kinds {
            let output = match kind {
                Kind::Preview(_) => Output::new("sheet.png", Format::Png),
                Kind::Board(_) => Output {
                    dpi: 300.0,
                    ..Output::new("b.png", Format::Png)
                },
                Kind::Counters(_) => Output {
                    live_text: true,
                    ..Output::new("c.svg", Format::Svg)
                },
                _ => Output::new("x.pdf", Format::Pdf),
            };
            let job = Job {
                kind,
                inputs: Inputs {
                    theme: Some(Source::File("t.toml".into())),
                    lang: Source::File("l.toml".into()),
                    phonetic: Some(Phonetic::Pinyin),
                    ruleset: Source::builtin("fox"),
                    pictures: Some("art".into()),
                    files: Default::default(),
                },
                paper: Paper::parse("300x400").unwrap(),
                purpose: Purpose::PrintShop,
                bleed: 3.0,
                kerf: 0.0,
                margin: Some(12.5),
                output: Some(output),
            };
            assert_eq!(Job::from_values(&job.values()).unwrap(), job);
        }
    }
}

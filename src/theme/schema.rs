//! Every key a theme file may hold: its type, range and meaning, and the
//! checks that turn a mistake into a message naming file, line, column and key.
//!
//! [`KEYS`] is the single list of theme keys: validation walks it, the
//! reference page (`themes/README.md`) is generated from it, and a test keeps
//! both in step with the [`super::Theme`] structure.

use std::path::Path;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::color::{ThemeColor, COLOR_FORMS};
use crate::error::User;
use crate::error::{line_col, Error};
use crate::limits::MAX_FONTS_PER_KEY;

/// What a key holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// Any text.
    Text,
    /// A colour (see [`COLOR_FORMS`]).
    Color,
    /// A length in millimetres within a range.
    Mm(f64, f64),
    /// 0 (none: the program chooses) or a length in millimetres within a range.
    MmOrNone(f64, f64),
    /// A plain number (a fraction or a factor) within a range.
    Number(f64, f64),
    /// `true` or `false`.
    Bool,
    /// One word from a list.
    Choice(&'static [&'static str]),
    /// A font or a fallback list of fonts: `builtin:NAME`, a file path,
    /// `path#FACE`, or an installed family name (`Family` or `Family:Style`).
    Fonts,
    /// A picture: `builtin:NAME` or a PNG, JPEG or SVG file path (`""`: none).
    Picture,
    /// A picture as [`Kind::Picture`], or its table form with its framing
    /// (`{ file, frame, crop, zoom, focus }`: see [`PICTURE_TABLE_KEYS`]).
    FramedPicture,
    /// Another theme: a built-in name or a file path.
    Theme,
}

impl Kind {
    /// The type as the reference page names it.
    pub fn type_name(self) -> String {
        match self {
            Kind::Text => "text".into(),
            Kind::Color => "colour".into(),
            Kind::Mm(lo, hi) => format!("length, {lo}–{hi} mm"),
            Kind::MmOrNone(lo, hi) => format!("0 (none), or a length, {lo}–{hi} mm"),
            Kind::Number(lo, hi) => format!("number, {lo}–{hi}"),
            Kind::Bool => "true / false".into(),
            Kind::Choice(words) => words
                .iter()
                .map(|w| format!("`{w}`"))
                .collect::<Vec<_>>()
                .join(", "),
            Kind::Fonts => "font, or list of fonts".into(),
            Kind::Picture => "picture: PNG, JPEG or SVG file, or `builtin:NAME`".into(),
            Kind::FramedPicture => "picture: PNG, JPEG or SVG file, or `builtin:NAME`; or a table `{ file, frame, crop, zoom, focus }` (see below)".into(),
            Kind::Theme => "theme".into(),
        }
    }
}

/// One key of the theme format.
#[derive(Debug, Clone, Copy)]
pub struct KeySpec {
    /// Dotted path, e.g. `board.river`.
    pub path: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// What it does, one line.
    pub doc: &'static str,
}

/// Counter and start-square looks: how a side's face is painted.
pub const FACE_STYLES: &[&str] = &["filled", "ringed", "banded"];
/// The line inside a counter's rim and around a start square.
pub const PATTERNS: &[&str] = &["solid", "dashed", "dotted", "double", "none"];
/// How the counters' backs are printed.
pub const BACK_STYLES: &[&str] = &["face", "solid", "dots"];
/// How a counter's face (and a start square) is laid out.
pub const FACE_LAYOUTS: &[&str] = &[
    "character",
    "picture",
    "picture-and-character",
    "picture-between-ranks",
];
/// Whose colours a drawing (SVG picture) is painted in.
pub const PICTURE_COLOURS: &[&str] = &["auto", "own", "side"];
/// A small shape that marks a side without colour.
pub const MARKS: &[&str] = &["none", "dot", "triangle", "square", "diamond"];

const fn k(path: &'static str, kind: Kind, doc: &'static str) -> KeySpec {
    KeySpec { path, kind, doc }
}

/// Every key of the theme format, in the order of the reference page.
pub const KEYS: &[KeySpec] = &[
    k("extends", Kind::Theme, "The theme this one builds on: a built-in name or a .toml path (relative to this file). Only the keys you write change. Default `classic`."),
    k("name", Kind::Text, "Short name shown by `themes list`. Default: the file's name."),
    k("description", Kind::Text, "One line saying what the theme is for."),
    k("page.margin", Kind::Mm(0.0, crate::limits::MAX_MARGIN), "Margin on every edge of the paper; nothing is printed outside it."),
    k("board.square", Kind::MmOrNone(crate::limits::MIN_SQUARE, crate::limits::MAX_SQUARE), "Side of one board square when the job gives none (a square the job asks for overrides it); the counters are 85 % of it. A board too large for the paper is tiled over several sheets with glue strips. 0: the largest square that fits one sheet."),
    k("board.land", Kind::Color, "Ordinary squares."),
    k("board.grid", Kind::Color, "Lines between squares."),
    k("board.grid_width", Kind::Mm(0.0, 3.0), "Width of the lines between squares."),
    k("board.border", Kind::Color, "The board's outer border."),
    k("board.border_width", Kind::Mm(0.0, 5.0), "Width of the outer border."),
    k("board.river", Kind::Color, "Water squares."),
    k("board.river_wave", Kind::Color, "Wave lines drawn in the water (they mark the river in black-and-white print)."),
    k("board.trap", Kind::Color, "Trap squares."),
    k("board.trap_mark", Kind::Color, "The teeth drawn round a trap."),
    k("board.den", Kind::Color, "Den squares."),
    k("board.den_mark", Kind::Color, "The den's double frame."),
    k("board.text", Kind::Color, "Labels that belong to no side (river, trap, den, title, scale bar)."),
    k("board.coordinates", Kind::Color, "The a–g / 1–9 coordinates."),
    k("board.show_coordinates", Kind::Bool, "Print the coordinates along the edges."),
    k("board.icons", Kind::Bool, "Draw each animal's icon on its start square, beside its character."),
    k("sides.south", Kind::Color, "South's colour (the player at the bottom)."),
    k("sides.north", Kind::Color, "North's colour."),
    k("sides.south_style", Kind::Choice(FACE_STYLES), "South's counters: `filled` (face in the side's colour, light text), `ringed` (light face, coloured rim and text) or `banded` (face in the side's colour round a light panel that holds the rank and character: a dark side with half the ink). Make one side dark (`filled` or `banded`) and the other `ringed`, so that the sides differ in black-and-white print; pattern and mark tell them apart a second way. Start squares follow: a dark side's are shaded."),
    k("sides.north_style", Kind::Choice(FACE_STYLES), "North's counters, as `south_style`."),
    k("sides.south_pattern", Kind::Choice(PATTERNS), "The line inside south's counter rims, round south's start squares and on the backs."),
    k("sides.north_pattern", Kind::Choice(PATTERNS), "The same line for north; give the sides different patterns so they differ without colour."),
    k("sides.south_mark", Kind::Choice(MARKS), "A small shape beside the rank on south's counters and in the corners of its start squares."),
    k("sides.north_mark", Kind::Choice(MARKS), "The same for north."),
    k("counters.face", Kind::Color, "The light colour: the face of ringed counters, the text on filled ones."),
    k("counters.ring_width", Kind::Number(0.02, 0.2), "Rim width of ringed counters, as a fraction of the counter size."),
    k("counters.rank_scale", Kind::Number(0.6, 1.6), "Size of the rank number, 1 = normal (digits a quarter of the counter tall, at least 5 mm on the default A4 counters)."),
    k("counters.icons", Kind::Bool, "Draw each animal's icon on its counter, beside its character (layout `character`)."),
    k("counters.layout", Kind::Choice(FACE_LAYOUTS), "The face: `character` (the Chinese character large), `picture` (the animal's picture large, no character: for players who cannot read yet) or `picture-and-character` (both side by side) or `picture-between-ranks` (the picture large in the middle, the rank at its left and turned for the opponent at its right: for young players, on counters large enough for a 12 mm picture between 1.3 × classic's digits, see `board.square`). Start squares on the board follow it (a picture, the rank above it)."),
    k("counters.picture_scale", Kind::Number(0.3, 1.0), "Size of the picture in the `picture` layouts: 0.3 (the least) makes its frame 55 % of the counter across, clear of the rank's dots; larger values grow it evenly, up to the whole face at 1 (the dots then sit on a small tile over the picture)."),
    k("counters.character_scale", Kind::Number(0.5, 1.5), "Size of the Chinese character, 1 = normal."),
    k("counters.show_name", Kind::Bool, "Print the animal's name on the counters' backs (fold-over and duplex; the face keeps the rank and the character) and the character's phonetic guide on the face."),
    k("counters.show_rank", Kind::Bool, "Print the rank number on the face."),
    k("counters.pips", Kind::Bool, "Show the rank as dots a child can count (1 to 8), on counters and start squares."),
    k("counters.pips_scale", Kind::Number(0.5, 1.6), "Size of the dots, 1 = normal."),
    k("counters.back_title", Kind::Bool, "Print the game's name on the counters' backs (fold-over and duplex); `false` leaves a back picture (`pictures.back`) uncovered."),
    k("counters.back_style", Kind::Choice(BACK_STYLES), "The counters' backs (fold-over and duplex), each in its side's colour: `face` (as the side's face: its style and rim), `solid` (the whole back in the side's colour, the title in the light face colour) or `dots` (the side's colour strewn with light dots, the title on a light disc in the middle)."),
    k("counters.cut", Kind::Color, "Cut lines (on their own layer)."),
    k("counters.cut_width", Kind::Mm(0.01, 1.0), "Width of the cut lines."),
    k("counters.fold", Kind::Color, "Fold lines (on their own layer)."),
    k("counters.guides", Kind::Color, "Crop and registration marks, sheet instructions, scale bar."),
    k("box.lid_title", Kind::Bool, "Print the game's name, its title and the players line on the box lid's top (on a light plate over a lid picture); `false` leaves the top to the lid's picture or animals. The end walls keep the name."),
    k("fonts.han", Kind::Fonts, "Face for the big Chinese characters."),
    k("fonts.text", Kind::Fonts, "Face(s) for names and running text (each `builtin:NAME`, a file, or an installed family such as `\"URW Bookman:bold\"`); characters they lack come from `han`."),
    k("fonts.bold", Kind::Fonts, "Face(s) for titles, headings and rank numbers; then `han`."),
    k("icons.elephant", Kind::Picture, "The elephant's icon."),
    k("icons.lion", Kind::Picture, "The lion's icon."),
    k("icons.tiger", Kind::Picture, "The tiger's icon."),
    k("icons.leopard", Kind::Picture, "The leopard's icon."),
    k("icons.wolf", Kind::Picture, "The wolf's icon."),
    k("icons.fox", Kind::Picture, "The fox's icon (rulesets with a fox in place of the wolf)."),
    k("icons.dog", Kind::Picture, "The dog's icon."),
    k("icons.cat", Kind::Picture, "The cat's icon."),
    k("icons.rat", Kind::Picture, "The rat's icon."),
    k("pictures.colours", Kind::Choice(PICTURE_COLOURS), "How SVG drawings are painted: `auto` (a drawing in one colour, a silhouette, takes the side's colour; a coloured drawing keeps its colours), `own` (always their own colours) or `side` (always in the side's colour). PNG and JPEG pictures keep their colours."),
    k("pictures.dpi", Kind::Number(crate::limits::PICTURE_DPI.0, crate::limits::PICTURE_DPI.1), "Resolution PNG and JPEG pictures are brought to, in dots per inch, at the largest size they are printed: a larger picture is cropped to its frame, scaled down and saved again (a photo as JPEG, a drawing of few colours losslessly); one that needs neither goes in as it is. Never above the picture's own resolution."),
    k("pictures.background", Kind::Choice(super::BACKGROUNDS), "Photos of drawings (a JPEG, or a PNG of many colours without transparency) framed automatically: `white` cleans the paper of a drawing photographed on a sheet to white (its tint, uneven light, and the lines or squares of school paper), `keep` leaves it as photographed, `remove` makes it transparent (the drawing on the counter's plate, the ruling taken out too)."),
    k("pictures.elephant", Kind::FramedPicture, "The elephant's picture: on counters, start squares, the rules' ranks table and the cover. Default: its icon."),
    k("pictures.lion", Kind::FramedPicture, "The lion's picture."),
    k("pictures.tiger", Kind::FramedPicture, "The tiger's picture."),
    k("pictures.leopard", Kind::FramedPicture, "The leopard's picture."),
    k("pictures.wolf", Kind::FramedPicture, "The wolf's picture."),
    k("pictures.fox", Kind::FramedPicture, "The fox's picture (rulesets with a fox)."),
    k("pictures.dog", Kind::FramedPicture, "The dog's picture."),
    k("pictures.cat", Kind::FramedPicture, "The cat's picture."),
    k("pictures.rat", Kind::FramedPicture, "The rat's picture."),
    k("pictures.board", Kind::FramedPicture, "A picture covering the whole board, under the squares: it shows through the land squares (which are then not painted)."),
    k("pictures.land", Kind::FramedPicture, "A picture or texture filling each land square."),
    k("pictures.river", Kind::FramedPicture, "A picture or texture filling each river square, under the waves."),
    k("pictures.trap", Kind::FramedPicture, "A picture filling each trap square, under the teeth."),
    k("pictures.den", Kind::FramedPicture, "A picture filling each den square, under its frame."),
    k("pictures.back", Kind::FramedPicture, "A picture on the counters' backs (fold-over and duplex), inside the side's rim."),
    k("pictures.lid", Kind::FramedPicture, "A picture on the box lid."),
];

/// The spec of a key path, if it is one.
pub fn spec(path: &str) -> Option<&'static KeySpec> {
    KEYS.iter().find(|s| s.path == path)
}

/// True when `path` names a section (`board`, `sides`, …).
fn is_section(path: &str) -> bool {
    KEYS.iter().any(|s| {
        s.path
            .strip_prefix(path)
            .is_some_and(|rest| rest.starts_with('.'))
    })
}

/// Where a theme file is and how to name it in messages.
pub(crate) struct Source<'a> {
    /// The text.
    pub text: &'a str,
    /// The name in messages (a path, or `builtin theme `x``).
    pub origin: &'a str,
    /// The folder relative paths are read from.
    pub dir: &'a Path,
    /// The in-memory folder read before the disk.
    pub files: &'a crate::input::Files,
    /// Built into the binary: its strings are checked by the tests, not at
    /// each run.
    pub builtin: bool,
}

impl Source<'_> {
    fn error(&self, offset: usize, key: &str, message: String) -> Error {
        let (line, column) = line_col(self.text, offset);
        Error::Input {
            origin: self.origin.to_string(),
            line,
            column,
            key: if key.is_empty() {
                String::new()
            } else {
                crate::error::key_prefix(key)
            },
            message,
        }
    }
}

/// Checks one theme file against [`KEYS`] and returns its table with every
/// relative file path made absolute (against the file's folder).
/// Notes in `origins` where each key was written.
pub(crate) fn check(src: &Source, origins: &mut super::KeyOrigins) -> Result<toml::Table, Error> {
    if !src.builtin {
        crate::input::check_toml_strings(src.text, src.origin)?;
    }
    let doc = DeTable::parse(src.text).map_err(|e| {
        let offset = e.span().map(|s| s.start).unwrap_or(0);
        let key = crate::error::key_path_at(src.text, offset).unwrap_or_default();
        src.error(
            offset,
            &key,
            format!(
                "this is not valid TOML: {}",
                e.message().trim().replace('\n', " ")
            ),
        )
    })?;
    let mut table = toml::Table::new();
    let lines = crate::input::Lines::new(src.text);
    check_table(src, &lines, "", doc.get_ref(), &mut table, origins)?;
    Ok(table)
}

fn check_table(
    src: &Source,
    lines: &crate::input::Lines,
    prefix: &str,
    de: &DeTable,
    out: &mut toml::Table,
    origins: &mut super::KeyOrigins,
) -> Result<(), Error> {
    for (key, value) in de.iter() {
        let name = key.get_ref().as_ref();
        let path = if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{prefix}.{name}")
        };
        if is_section(&path) {
            let DeValue::Table(inner) = value.get_ref() else {
                return Err(src.error(
                    value.span().start,
                    &path,
                    format!(
                        "expected a table `[{path}]`, found {}",
                        value.get_ref().type_str()
                    ),
                ));
            };
            let mut sub = toml::Table::new();
            check_table(src, lines, &path, inner, &mut sub, origins)?;
            out.insert(name.to_string(), toml::Value::Table(sub));
        } else if let Some(spec) = spec(&path) {
            out.insert(name.to_string(), check_value(src, spec, value)?);
            let (line, column) = lines.line_col(key.span().start);
            origins.note(&path, src.origin, line, column);
        } else {
            return Err(src.error(key.span().start, &path, unknown_key(prefix, name)));
        }
    }
    Ok(())
}

/// "unknown key …; did you mean …?" with the nearest valid keys.
fn unknown_key(prefix: &str, name: &str) -> String {
    // Keys allowed here: the leaves and sections directly under `prefix`.
    let mut here: Vec<&str> = KEYS
        .iter()
        .filter_map(|s| {
            let rest = if prefix.is_empty() {
                Some(s.path)
            } else {
                s.path
                    .strip_prefix(prefix)
                    .and_then(|r| r.strip_prefix('.'))
            }?;
            Some(rest.split('.').next().unwrap_or(rest))
        })
        .collect();
    here.dedup();
    let near = |cand: &str| {
        let d = strsim::damerau_levenshtein(&name.to_lowercase(), cand);
        d <= 2.max(name.chars().count() / 3)
    };
    let mut best: Vec<&str> = here.iter().copied().filter(|c| near(c)).collect();
    best.sort_by_key(|c| strsim::damerau_levenshtein(&name.to_lowercase(), c));
    let place = if prefix.is_empty() {
        "at the top of a theme".to_string()
    } else {
        format!("in [{prefix}]")
    };
    if let Some(b) = best.first() {
        return format!("unknown key `{}`; did you mean `{b}`?", User(name));
    }
    // The right key in the wrong section?
    if let Some(s) = KEYS
        .iter()
        .find(|s| s.path.rsplit('.').next() == Some(name))
    {
        return format!(
            "unknown key `{}` {place}; it belongs in `{}`",
            User(name),
            s.path
        );
    }
    format!(
        "unknown key `{}` {place}; the keys here are {}",
        User(name),
        here.iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn number(v: &DeValue) -> Option<f64> {
    match v {
        DeValue::Float(f) => f.as_str().replace('_', "").parse().ok(),
        DeValue::Integer(i) => i64::from_str_radix(&i.as_str().replace('_', ""), i.radix())
            .ok()
            .map(|v| v as f64),
        _ => None,
    }
}

fn check_value(
    src: &Source,
    spec: &KeySpec,
    value: &Spanned<DeValue>,
) -> Result<toml::Value, Error> {
    let at = value.span().start;
    let v = value.get_ref();
    let found = v.type_str();
    let wrong =
        |expected: &str| src.error(at, spec.path, format!("expected {expected}, found {found}"));
    match spec.kind {
        Kind::Text | Kind::Theme => v
            .as_str()
            .map(|s| toml::Value::String(s.to_string()))
            .ok_or_else(|| wrong("text in quotes")),
        Kind::Color => {
            let s = v
                .as_str()
                .ok_or_else(|| wrong(&format!("a colour in quotes: {COLOR_FORMS}")))?;
            ThemeColor::parse(s).map_err(|m| src.error(at, spec.path, m))?;
            Ok(toml::Value::String(s.to_string()))
        }
        Kind::MmOrNone(lo, hi) => {
            let n = number(v).filter(|&n| n == 0.0 || (lo..=hi).contains(&n));
            n.map(toml::Value::Float).ok_or_else(|| {
                src.error(
                    at,
                    spec.path,
                    format!(
                        "expected 0 (none) or a length from {} to {} mm",
                        crate::error::num(lo),
                        crate::error::num(hi)
                    ),
                )
            })
        }
        Kind::Mm(lo, hi) | Kind::Number(lo, hi) => {
            let unit = if matches!(spec.kind, Kind::Mm(..)) {
                " mm"
            } else {
                ""
            };
            let n = number(v).ok_or_else(|| {
                wrong(&format!(
                    "a number from {} to {}{unit}",
                    crate::error::num(lo),
                    crate::error::num(hi)
                ))
            })?;
            if !(lo..=hi).contains(&n) {
                return Err(src.error(
                    at,
                    spec.path,
                    format!(
                        "{}{unit} is out of range; expected {} to {}{unit}",
                        crate::error::num_beside(n, &[lo, hi]),
                        crate::error::num(lo),
                        crate::error::num(hi)
                    ),
                ));
            }
            Ok(toml::Value::Float(n))
        }
        Kind::Bool => match v {
            DeValue::Boolean(b) => Ok(toml::Value::Boolean(*b)),
            _ => Err(wrong("true or false")),
        },
        Kind::Choice(words) => {
            let s = v.as_str().ok_or_else(|| wrong("a word in quotes"))?;
            if words.contains(&s) {
                return Ok(toml::Value::String(s.to_string()));
            }
            let list = words
                .iter()
                .map(|w| format!("\"{w}\""))
                .collect::<Vec<_>>()
                .join(", ");
            let hint = words
                .iter()
                .min_by_key(|w| strsim::damerau_levenshtein(s, w))
                .filter(|w| strsim::damerau_levenshtein(s, w) <= 2)
                .map(|w| format!("; did you mean \"{w}\"?"))
                .unwrap_or_default();
            Err(src.error(
                at,
                spec.path,
                format!("`{}` is not one of {list}{hint}", User(s)),
            ))
        }
        Kind::Fonts => {
            let items: Vec<&Spanned<DeValue>> = match v {
                DeValue::String(_) => vec![value],
                DeValue::Array(a) if !a.is_empty() => a.iter().collect(),
                _ => {
                    return Err(wrong(
                        "a font in quotes (\"builtin:kai\", \"fonts/My.ttf\", \"My.ttc#1\", \"URW Bookman\") or a list of them",
                    ))
                }
            };
            if items.len() > MAX_FONTS_PER_KEY {
                return Err(src.error(
                    at,
                    spec.path,
                    format!(
                        "{} fonts listed; a fallback list holds at most {MAX_FONTS_PER_KEY}",
                        items.len()
                    ),
                ));
            }
            let mut out = Vec::new();
            for item in items {
                let s = item.get_ref().as_str().ok_or_else(|| {
                    src.error(
                        item.span().start,
                        spec.path,
                        format!(
                            "expected a font in quotes, found {}",
                            item.get_ref().type_str()
                        ),
                    )
                })?;
                let resolved = check_font(s, src.dir, src.files)
                    .map_err(|m| src.error(item.span().start, spec.path, m))?;
                out.push(toml::Value::String(resolved));
            }
            Ok(if out.len() == 1 {
                out.remove(0)
            } else {
                toml::Value::Array(out)
            })
        }
        Kind::Picture | Kind::FramedPicture => {
            if let (DeValue::Table(table), Kind::FramedPicture) = (v, spec.kind) {
                return check_framed_picture(src, spec.path, at, table);
            }
            let s = v.as_str().ok_or_else(|| {
                wrong("a picture in quotes (\"builtin:rat\", \"art/rat.png\", \"rat.jpg\" or \"rat.svg\"), or a table { file = \"rat.jpg\", crop = [x, y, w, h], zoom = 1.2 }")
            })?;
            let resolved =
                check_picture(s, src.dir, src.files).map_err(|m| src.error(at, spec.path, m))?;
            Ok(toml::Value::String(resolved))
        }
    }
}

/// The keys of a picture's table form, with what each holds.
pub const PICTURE_TABLE_KEYS: &[(&str, &str)] = &[
    ("file", "the picture, as in the plain form (required)"),
    ("frame", "`auto` (a photo is cropped to the drawing found on its paper; the default) or `whole` (automatic framing off)"),
    ("crop", "`[x, y, w, h]`: the part kept, as fractions (0–1) of the upright picture's width and height from its top-left corner; replaces the automatic frame"),
    ("zoom", "0.1–10: above 1 the frame shows less of the picture, larger; below 1 more of it (never past its edges)"),
    ("focus", "`[x, y]`: the point of the upright picture, as fractions, that the zoomed frame is centred on (as near as the edges allow)"),
];

/// Checks a picture's table form (`{ file = "…", frame = "whole", crop =
/// [x, y, w, h], zoom = 1.2, focus = [x, y] }`) and returns it with the
/// file's path made absolute; each mistake names the key inside the table
/// (`pictures.lion.crop`) and its place.
fn check_framed_picture(
    src: &Source,
    path: &str,
    at: usize,
    table: &DeTable,
) -> Result<toml::Value, Error> {
    let mut out = toml::Table::new();
    for (key, value) in table.iter() {
        let name = key.get_ref().as_ref();
        let here = format!("{path}.{name}");
        let vat = value.span().start;
        let v = value.get_ref();
        let err = |m: String| src.error(vat, &here, m);
        let numbers = |n: usize, what: &str| -> Result<Vec<f64>, Error> {
            let list = match v {
                DeValue::Array(a) if a.len() == n => a
                    .iter()
                    .map(|x| number(x.get_ref()).filter(|f| f.is_finite()))
                    .collect::<Option<Vec<f64>>>(),
                _ => None,
            };
            list.ok_or_else(|| err(format!("expected {what}, found {}", v.type_str())))
        };
        let fraction = |x: f64, what: &str| -> Result<(), Error> {
            if (0.0..=1.0).contains(&x) {
                Ok(())
            } else {
                Err(err(format!(
                    "{what} is {}; positions and sizes are fractions of the picture, from 0 to 1",
                    crate::error::num(x)
                )))
            }
        };
        let value = match name {
            "file" => {
                let s = v.as_str().ok_or_else(|| {
                    err(format!("expected a file in quotes, found {}", v.type_str()))
                })?;
                if s.is_empty() {
                    return Err(err("the file is empty; give the picture's file".into()));
                }
                toml::Value::String(check_picture(s, src.dir, src.files).map_err(err)?)
            }
            "frame" => {
                let s = v.as_str().filter(|s| super::FRAME_STARTS.contains(s));
                let s = s.ok_or_else(|| {
                    err(format!(
                        "expected \"auto\" or \"whole\", found {}",
                        match v.as_str() {
                            Some(s) => format!("`{}`", User(s)),
                            None => v.type_str().to_string(),
                        }
                    ))
                })?;
                toml::Value::String(s.to_string())
            }
            "crop" => {
                let c = numbers(4, "four numbers [x, y, w, h], fractions of the picture")?;
                for (x, what) in c.iter().zip(["x", "y", "w", "h"]) {
                    fraction(*x, what)?;
                }
                let min = crate::limits::MIN_PICTURE_CROP;
                if c[2] < min || c[3] < min {
                    return Err(err(format!(
                        "the crop is {} × {} of the picture; it must be at least {min} of it each way",
                        crate::error::num(c[2]),
                        crate::error::num(c[3])
                    )));
                }
                if c[0] + c[2] > 1.0 + 1e-9 || c[1] + c[3] > 1.0 + 1e-9 {
                    return Err(err(format!(
                        "the crop reaches past the picture's edge (x + w = {}, y + h = {}; each at most 1)",
                        crate::error::num(c[0] + c[2]),
                        crate::error::num(c[1] + c[3])
                    )));
                }
                toml::Value::Array(c.into_iter().map(toml::Value::Float).collect())
            }
            "zoom" => {
                let max = crate::limits::MAX_PICTURE_ZOOM;
                let z = number(v).filter(|z| z.is_finite()).ok_or_else(|| {
                    err(format!(
                        "expected a number from {} to {max}, found {}",
                        1.0 / max,
                        v.type_str()
                    ))
                })?;
                if !(1.0 / max..=max).contains(&z) {
                    return Err(err(format!(
                        "{} is out of range; expected {} to {max}",
                        crate::error::num_beside(z, &[1.0 / max, max]),
                        1.0 / max
                    )));
                }
                toml::Value::Float(z)
            }
            "focus" => {
                let f = numbers(2, "two numbers [x, y], fractions of the picture")?;
                for (x, what) in f.iter().zip(["x", "y"]) {
                    fraction(*x, what)?;
                }
                toml::Value::Array(f.into_iter().map(toml::Value::Float).collect())
            }
            _ => {
                return Err(src.error(
                    key.span().start,
                    &here,
                    format!(
                        "unknown key `{}` in a picture's table; the keys are {}",
                        User(name),
                        PICTURE_TABLE_KEYS
                            .iter()
                            .map(|(k, _)| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ))
            }
        };
        out.insert(name.to_string(), value);
    }
    if !out.contains_key("file") {
        return Err(src.error(
            at,
            path,
            "the table names no `file`; write { file = \"lion.jpg\", … }".into(),
        ));
    }
    Ok(toml::Value::Table(out))
}

/// A font reference with its path made absolute; checks that a built-in exists
/// and that a file is there.
fn check_font(s: &str, dir: &Path, files: &crate::input::Files) -> Result<String, String> {
    if let Some(name) = s.strip_prefix("builtin:") {
        return match crate::text::BuiltinFont::from_name(name) {
            Some(_) => Ok(s.to_string()),
            None => Err(format!(
                "unknown built-in font `{name}`; built-in fonts are {}",
                crate::text::BuiltinFont::ALL
                    .iter()
                    .map(|f| format!("builtin:{}", f.name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        };
    }
    if crate::text::system::is_family_name(s, Some((dir, files))) {
        // Kept as written: resolving loads the face the name finds.
        return crate::text::system::find(s).map(|_| s.to_string());
    }
    let (file, face) =
        crate::text::split_face_index(s).map_err(|m| format!("`{}`: {m}", User(s)))?;
    let path = dir.join(file);
    if let Some(why) = files.not_a_regular_file(&path, crate::input::InputKind::Font) {
        return Err(why);
    }
    // A path stays a path when resolved without the theme's folder.
    let shown = path.display().to_string();
    let shown = match crate::text::system::is_family_name(&shown, None) {
        true => format!("./{shown}"),
        false => shown,
    };
    Ok(match face {
        Some(i) => format!("{shown}#{i}"),
        None => shown,
    })
}

/// A picture reference with its path made absolute; checks that it exists
/// (`""` stays: no picture).
fn check_picture(s: &str, dir: &Path, files: &crate::input::Files) -> Result<String, String> {
    if s.is_empty() {
        return Ok(String::new());
    }
    if let Some(name) = s.strip_prefix("builtin:") {
        return match crate::icons::builtin(name) {
            Some(_) => Ok(s.to_string()),
            // The nearest name, not the whole list (18 names fill a screen).
            None => {
                let lower = name.to_lowercase();
                let nearest = crate::icons::BUILTIN
                    .iter()
                    .map(|(n, _)| (strsim::damerau_levenshtein(&lower, n), *n))
                    .min();
                Err(match nearest {
                    Some((d, n)) if d <= 2.max(lower.chars().count() / 3) => format!(
                        "unknown built-in icon `{}`; did you mean `builtin:{n}`?",
                        crate::error::User(name)
                    ),
                    _ => format!(
                        "unknown built-in icon `{}`; the built-in icons are named after the animals: `builtin:rat`, `builtin:elephant`, …, and `builtin:twemoji-rat`, … for Twemoji's drawings",
                        crate::error::User(name)
                    ),
                })
            }
        };
    }
    let path = dir.join(s);
    if let Some(why) = files.not_a_regular_file(&path, crate::input::InputKind::Picture) {
        return Err(why);
    }
    Ok(path.display().to_string())
}

/// The key reference as Markdown: one table per section with every key's type,
/// range, default (the `classic` theme's value) and meaning. `themes/README.md`
/// holds this text; a test keeps the two equal.
pub fn reference() -> String {
    let defaults = toml::Value::try_from(super::Theme::default()).expect("a theme serializes");
    let default_of = |path: &str| -> String {
        if path == "extends" {
            return "`\"classic\"`".into();
        }
        let mut v = &defaults;
        for part in path.split('.') {
            match v.get(part) {
                Some(x) => v = x,
                None => return String::new(),
            }
        }
        match v.as_str() {
            Some("") => "none".into(),
            _ => format!("`{v}`"),
        }
    };
    let mut out = String::new();
    let mut section = None;
    for spec in KEYS {
        let here = spec.path.rsplit_once('.').map(|(s, _)| s);
        if section != Some(here) {
            section = Some(here);
            out.push_str(&match here {
                None => "\n### Top level\n\n".to_string(),
                Some(s) => format!("\n### `[{s}]`\n\n"),
            });
            out.push_str("| key | type | default | what it does |\n|---|---|---|---|\n");
        }
        let key = spec.path.rsplit('.').next().unwrap_or(spec.path);
        out.push_str(&format!(
            "| `{key}` | {} | {} | {} |\n",
            spec.kind.type_name(),
            default_of(spec.path),
            spec.doc
        ));
    }
    out.push_str("\n### A picture's table form\n\nAny picture key may be a table instead of a file, to frame the picture by hand: `lion = { file = \"lion.jpg\", crop = [0.2, 0.1, 0.5, 0.6], zoom = 1.2 }`. Positions and sizes are fractions of the picture as it is shown upright (after its EXIF orientation), from its top-left corner.\n\n| key | what it does |\n|---|---|\n");
    for (key, doc) in PICTURE_TABLE_KEYS {
        out.push_str(&format!("| `{key}` | {doc} |\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pattern_is_named_as_the_theme_file_writes_it() {
        for name in PATTERNS {
            let p: super::super::Pattern =
                serde::Deserialize::deserialize(toml::Value::String(name.to_string())).unwrap();
            assert_eq!(p.name(), *name);
        }
    }

    fn check_str(text: &str) -> Result<toml::Table, String> {
        let mut origins = super::super::KeyOrigins::default();
        check(
            &Source {
                text,
                origin: "my.toml",
                dir: Path::new("."),
                files: &Default::default(),
                builtin: false,
            },
            &mut origins,
        )
        .map_err(|e| e.to_string())
    }

    #[test]
    fn keys_are_unique_and_sections_are_not_keys() {
        for (i, a) in KEYS.iter().enumerate() {
            assert!(
                !KEYS[i + 1..].iter().any(|b| b.path == a.path),
                "{}",
                a.path
            );
            assert!(!is_section(a.path), "{}", a.path);
        }
    }

    #[test]
    fn a_typo_gets_the_nearest_key() {
        let e = check_str("[board]\nriverr = \"#00f\"\n").unwrap_err();
        assert_eq!(
            e,
            "my.toml:2:1: key `board.riverr`: unknown key `riverr`; did you mean `river`?"
        );
    }

    #[test]
    fn a_key_in_the_wrong_section_is_pointed_to_its_place() {
        let e = check_str("[page]\nshow_coordinates = true\n").unwrap_err();
        assert!(e.contains("belongs in `board.show_coordinates`"), "{e}");
    }

    #[test]
    fn wrong_type_says_what_was_expected() {
        let e = check_str("[board]\n\ngrid_width = \"thin\"\n").unwrap_err();
        assert!(e.starts_with("my.toml:3:14: key `board.grid_width`"), "{e}");
        assert!(
            e.contains("expected a number from 0 to 3 mm, found string"),
            "{e}"
        );
    }

    #[test]
    fn out_of_range_names_the_range() {
        let e = check_str("[page]\nmargin = 80\n").unwrap_err();
        assert!(
            e.contains("key `page.margin`") && e.contains("80 mm is out of range"),
            "{e}"
        );
    }

    #[test]
    fn a_bad_choice_suggests_the_nearest() {
        let e = check_str("[sides]\nsouth_style = \"filed\"\n").unwrap_err();
        assert!(e.contains("did you mean \"filled\"?"), "{e}");
    }

    #[test]
    fn syntax_errors_have_a_position() {
        let e = check_str("[board]\nriver = \"#00f\n").unwrap_err();
        assert!(e.starts_with("my.toml:2:"), "{e}");
        assert!(e.contains("not valid TOML"), "{e}");
    }

    #[test]
    fn a_missing_font_names_the_path_it_tried() {
        let e = check_str("[fonts]\ntext = [\"builtin:noto-sans\", \"nowhere/Missing.ttf\"]\n")
            .unwrap_err();
        assert!(
            e.contains("key `fonts.text`") && e.contains("nowhere/Missing.ttf"),
            "{e}"
        );
        assert!(e.starts_with("my.toml:2:30:"), "{e}");
    }
}

//! Themes: colours, line widths, side cues, fonts and icons, loaded from TOML.
//!
//! Lengths are millimetres. Colours are written `#rrggbb`, `#rgb`,
//! `rgb(r, g, b)`, `cmyk(c%, m%, y%, k%)` or as CSS names. A theme may
//! `extends` another (by default `classic`) and write only what differs;
//! [`schema::KEYS`] lists every key, and `themes/README.md` documents them.

mod color;
pub mod edit;
mod picture;
pub mod schema;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use color::{
    contrast, delta_e76, delta_e_deuteranope, family, from_lab, lab, lab_deuteranope, luminance,
    mix, tint, ThemeColor, COLOR_FORMS,
};

pub use picture::{Background, Frame, FrameStart, PictureRef, BACKGROUNDS, FRAME_STARTS};

use crate::error::{Error, Opt};
use crate::game::{Animal, Side};
use crate::input::{Files, InputKind, Load, Source};
use crate::limits::MAX_EXTENDS_DEPTH;
use crate::scene::Color;

/// Page settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageStyle {
    /// Margin on every edge of the paper, in mm; nothing is printed outside it.
    pub margin: f64,
}

/// How the board is drawn. Widths in mm.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardStyle {
    /// The board square's side when the job gives none, mm; 0 for the
    /// largest that fits one sheet (see [`BoardStyle::asked_square`]).
    pub square: f64,
    pub land: ThemeColor,
    pub grid: ThemeColor,
    /// Grid line width, mm.
    pub grid_width: f64,
    pub border: ThemeColor,
    /// Outer border width, mm.
    pub border_width: f64,
    pub river: ThemeColor,
    pub river_wave: ThemeColor,
    pub trap: ThemeColor,
    pub trap_mark: ThemeColor,
    pub den: ThemeColor,
    pub den_mark: ThemeColor,
    pub text: ThemeColor,
    pub coordinates: ThemeColor,
    /// Print a–g and 1–9 along the edges.
    pub show_coordinates: bool,
    /// Draw the animals' icons on their start squares.
    pub icons: bool,
}

impl BoardStyle {
    /// The board square a job draws, mm: the one it asks for (`--square`),
    /// else the theme's `board.square` when it gives one; `None` for the
    /// largest that fits one sheet.
    pub fn asked_square(&self, square: Option<f64>) -> Option<f64> {
        square.or((self.square > 0.0).then_some(self.square))
    }
}

/// How a side's counters are painted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FaceStyle {
    /// The whole face in the side's colour, text in the light face colour.
    Filled,
    /// A light face with a thick rim, text in the side's colour.
    Ringed,
    /// The face in the side's colour round a light panel down its middle,
    /// which holds the rank and the character in the side's colour: a dark
    /// side for ink-saving themes, about half a filled face's ink.
    Banded,
}

impl FaceStyle {
    /// True for the styles that print a side dark (`filled`, `banded`): the
    /// two sides of a set are one dark and one light, as in chess, so that
    /// they differ in black-and-white print too.
    pub fn is_dark(self) -> bool {
        matches!(self, FaceStyle::Filled | FaceStyle::Banded)
    }
}

/// The line inside a counter's rim and around a start square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pattern {
    /// One solid line.
    Solid,
    /// Dashes.
    Dashed,
    /// Dots.
    Dotted,
    /// Two thin lines.
    Double,
    /// No line.
    None,
}

impl Pattern {
    /// The name a theme file gives it (`solid`, …), also the key of its word
    /// in a language pack's `[looks]`.
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Solid => "solid",
            Pattern::Dashed => "dashed",
            Pattern::Dotted => "dotted",
            Pattern::Double => "double",
            Pattern::None => "none",
        }
    }
}

/// A small shape that tells a side's pieces apart without colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// No mark.
    None,
    /// A filled circle.
    Dot,
    /// A filled triangle pointing up (towards the opponent).
    Triangle,
    /// A filled square.
    Square,
    /// A filled diamond.
    Diamond,
}

/// The two players' colours and the cues that survive greyscale printing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideStyle {
    pub south: ThemeColor,
    pub north: ThemeColor,
    pub south_style: FaceStyle,
    pub north_style: FaceStyle,
    pub south_pattern: Pattern,
    pub north_pattern: Pattern,
    pub south_mark: Mark,
    pub north_mark: Mark,
}

/// How counters are drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterStyle {
    /// The light face colour (ringed faces, text on filled faces).
    pub face: ThemeColor,
    /// Rim width as a fraction of the counter size (0.02–0.2).
    pub ring_width: f64,
    /// Size factor of the rank number (0.6–1.6).
    pub rank_scale: f64,
    /// Draw the animals' icons on the counters (layout `character`).
    pub icons: bool,
    /// How the face is laid out.
    pub layout: FaceLayout,
    /// Picture size in the picture layouts, as a fraction of the counter size (0.3–1).
    pub picture_scale: f64,
    /// Size factor of the Chinese character (0.5–1.5).
    pub character_scale: f64,
    /// Print the name and phonetic guide.
    pub show_name: bool,
    /// Print the rank number.
    pub show_rank: bool,
    /// Show the rank as countable dots.
    pub pips: bool,
    /// Size factor of the dots (0.5–1.6).
    pub pips_scale: f64,
    /// Print the game's name on the counters' backs (fold-over and duplex).
    pub back_title: bool,
    /// How the counters' backs are printed (fold-over and duplex).
    pub back_style: BackStyle,
    pub cut: ThemeColor,
    /// Cut line width, mm.
    pub cut_width: f64,
    pub fold: ThemeColor,
    pub guides: ThemeColor,
}

/// How the box is drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxStyle {
    /// Print the game's name, title and players line on the lid's top.
    pub lid_title: bool,
}

/// A fallback list of fonts: for each character the first face that has it
/// draws it. Each entry is `builtin:NAME`, a file path, or `path#FACE` for a
/// face of a TTC/OTC collection. Written as one string or a list.
#[derive(Debug, Clone, PartialEq)]
pub struct FontList(pub Vec<String>);

impl<'de> Deserialize<'de> for FontList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OneOrMany {
            One(String),
            Many(Vec<String>),
        }
        Ok(match OneOrMany::deserialize(d)? {
            OneOrMany::One(s) => FontList(vec![s]),
            OneOrMany::Many(v) => FontList(v),
        })
    }
}

impl Serialize for FontList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.as_slice() {
            [one] => s.serialize_str(one),
            many => many.serialize(s),
        }
    }
}

/// Font choices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FontChoice {
    /// The face(s) for large Chinese characters.
    pub han: FontList,
    /// The face(s) for running text; characters they lack fall back to `han`.
    pub text: FontList,
    /// The face(s) for titles and numbers; then `han`.
    pub bold: FontList,
}

/// How a counter's face and a start square are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaceLayout {
    /// The Chinese character large (with the icon beside it when asked).
    Character,
    /// The animal's picture large, no character.
    Picture,
    /// Picture and character side by side.
    PictureAndCharacter,
    /// The picture large in the middle, the rank at its left and, turned
    /// for the opponent, at its right.
    PictureBetweenRanks,
}

/// How the counters' backs are printed: each in its own side's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BackStyle {
    /// As the side's face: its style (`filled`, `ringed`, `banded`) and rim.
    Face,
    /// The whole back in the side's colour, the title in the light face colour.
    Solid,
    /// The side's colour strewn with dots of the light face colour, the
    /// title on a light disc in the middle.
    Dots,
}

/// Whose colours an SVG drawing is painted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PictureColours {
    /// A one-colour drawing takes the side's colour; others keep theirs.
    Auto,
    /// Always the drawing's own colours.
    Own,
    /// Always the side's colour.
    Side,
}

/// The one match from an animal to its field in a per-animal table
/// ([`IconChoice`], [`PictureChoice`]), the fox's field standing for the wolf
/// when the fox plays: `animal_field!(self, a, fox)` borrows the field,
/// `animal_field!(mut self, a, fox)` borrows it mutably.
macro_rules! animal_field {
    (@ [$($r:tt)*] $s:expr, $a:expr, $fox:expr) => {
        match $a {
            Animal::Rat => $($r)* $s.rat,
            Animal::Cat => $($r)* $s.cat,
            Animal::Dog => $($r)* $s.dog,
            Animal::Wolf if $fox => $($r)* $s.fox,
            Animal::Wolf => $($r)* $s.wolf,
            Animal::Leopard => $($r)* $s.leopard,
            Animal::Tiger => $($r)* $s.tiger,
            Animal::Lion => $($r)* $s.lion,
            Animal::Elephant => $($r)* $s.elephant,
        }
    };
    (mut $s:expr, $a:expr, $fox:expr) => { animal_field!(@ [&mut] $s, $a, $fox) };
    ($s:expr, $a:expr, $fox:expr) => { animal_field!(@ [&] $s, $a, $fox) };
}

/// Pictures: one per animal (falling back to its icon) and the board's,
/// backs' and lid's, each with its framing (see [`PictureRef`]); how photos
/// are framed and the resolution pictures are embedded at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PictureChoice {
    pub colours: PictureColours,
    /// Resolution pictures are brought to at their largest printed size,
    /// dots per inch (never above their own).
    pub dpi: f64,
    /// What happens to the paper around a drawing found in a photo.
    pub background: Background,
    #[serde(default)]
    pub elephant: PictureRef,
    #[serde(default)]
    pub lion: PictureRef,
    #[serde(default)]
    pub tiger: PictureRef,
    #[serde(default)]
    pub leopard: PictureRef,
    #[serde(default)]
    pub wolf: PictureRef,
    #[serde(default)]
    pub fox: PictureRef,
    #[serde(default)]
    pub dog: PictureRef,
    #[serde(default)]
    pub cat: PictureRef,
    #[serde(default)]
    pub rat: PictureRef,
    #[serde(default)]
    pub board: PictureRef,
    #[serde(default)]
    pub land: PictureRef,
    #[serde(default)]
    pub river: PictureRef,
    #[serde(default)]
    pub trap: PictureRef,
    #[serde(default)]
    pub den: PictureRef,
    #[serde(default)]
    pub back: PictureRef,
    #[serde(default)]
    pub lid: PictureRef,
}

impl PictureChoice {
    /// The picture named for an animal (`fox` for the wolf when the fox
    /// plays): empty when none.
    pub fn animal(&self, a: Animal, fox: bool) -> &str {
        &self.animal_ref(a, fox).file
    }

    /// The same with its framing.
    pub fn animal_ref(&self, a: Animal, fox: bool) -> &PictureRef {
        animal_field!(self, a, fox)
    }

    /// The same, to change it.
    pub fn animal_mut(&mut self, a: Animal, fox: bool) -> &mut PictureRef {
        animal_field!(mut self, a, fox)
    }

    /// The scenery pictures with their keys, in key order.
    pub fn scenery(&self) -> [(&'static str, &str); 7] {
        self.scenery_refs().map(|(k, r)| (k, r.file.as_str()))
    }

    /// The same with their framing.
    pub fn scenery_refs(&self) -> [(&'static str, &PictureRef); 7] {
        [
            ("board", &self.board),
            ("land", &self.land),
            ("river", &self.river),
            ("trap", &self.trap),
            ("den", &self.den),
            ("back", &self.back),
            ("lid", &self.lid),
        ]
    }
}

/// One SVG icon per animal: `builtin:NAME` or a file path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IconChoice {
    pub elephant: String,
    pub lion: String,
    pub tiger: String,
    pub leopard: String,
    pub wolf: String,
    pub fox: String,
    pub dog: String,
    pub cat: String,
    pub rat: String,
}

impl IconChoice {
    /// The icon reference for an animal (`fox` for the wolf when the fox plays).
    pub fn get(&self, a: Animal, fox: bool) -> &str {
        animal_field!(self, a, fox)
    }
}

/// A complete, checked theme: every key has a value (inherited ones resolved).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// Short name.
    pub name: String,
    /// One line saying what it is for.
    pub description: String,
    pub page: PageStyle,
    pub board: BoardStyle,
    pub sides: SideStyle,
    pub counters: CounterStyle,
    #[serde(rename = "box")]
    pub boxes: BoxStyle,
    pub fonts: FontChoice,
    pub icons: IconChoice,
    pub pictures: PictureChoice,
    /// Where each key was written (not part of the theme's value).
    #[serde(skip)]
    pub origins: KeyOrigins,
    /// The in-memory folder the theme was read from (before the disk): its
    /// pictures and fonts are read from it too (not part of the theme's value).
    #[serde(skip)]
    pub files: Files,
}

pub use crate::input::KeyOrigins;

impl Theme {
    /// True when something draws the animals' pictures or icons: icons
    /// beside characters, a picture layout, or pictures named for animals
    /// (the rules' ranks table and the cover show them).
    pub fn uses_animal_pictures(&self) -> bool {
        let p = &self.pictures;
        self.board.icons
            || self.counters.icons
            || self.counters.layout != FaceLayout::Character
            || [
                &p.elephant,
                &p.lion,
                &p.tiger,
                &p.leopard,
                &p.wolf,
                &p.fox,
                &p.dog,
                &p.cat,
                &p.rat,
            ]
            .iter()
            .any(|s| !s.file.is_empty())
    }
}

/// Built-in themes: (name, TOML source). `classic` is complete; the others extend it.
pub const BUILTIN: [(&str, &str); 6] = [
    ("classic", include_str!("../../themes/classic.toml")),
    ("traditional", include_str!("../../themes/traditional.toml")),
    ("ink-saver", include_str!("../../themes/ink-saver.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("kids", include_str!("../../themes/kids.toml")),
    (
        "picture-book",
        include_str!("../../themes/picture-book.toml"),
    ),
];

/// The theme every other extends unless it names another.
const ROOT: &str = "classic";

/// Where a theme comes from.
#[derive(Debug, Clone, PartialEq)]
enum Origin {
    Builtin(&'static str, &'static str),
    File(PathBuf),
    Text {
        src: String,
        name: String,
        dir: PathBuf,
    },
}

impl Origin {
    fn describe(&self) -> String {
        match self {
            Origin::Builtin(n, _) => format!("builtin theme `{n}`"),
            Origin::File(p) => crate::input::shown_path(p),
            Origin::Text { name, .. } => name.clone(),
        }
    }

    /// An `extends` value, read relative to this theme's folder.
    fn parent(
        &self,
        value: &str,
        files: &Files,
        key_error: impl Fn(String) -> Error,
    ) -> Result<Origin, Error> {
        // The one rule for a name that may be a file: see `Source::from_arg`.
        if let Source::Builtin(_) = Source::from_arg(value) {
            return builtin_origin(value).ok_or_else(|| {
                key_error(format!(
                    "unknown theme `{}`; built-in themes are {} (or give a path to a .toml file)",
                    crate::error::User(value),
                    builtin_names()
                ))
            });
        }
        let path = self.dir().join(value);
        if let Some(why) = files.not_a_regular_file(&path, InputKind::Theme) {
            return Err(key_error(why));
        }
        Ok(Origin::File(path.canonicalize().unwrap_or(path)))
    }

    fn dir(&self) -> PathBuf {
        match self {
            Origin::Builtin(..) => PathBuf::from("."),
            Origin::File(p) => p
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from(".")),
            Origin::Text { dir, .. } => dir.clone(),
        }
    }
}

fn builtin_origin(name: &str) -> Option<Origin> {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, s)| Origin::Builtin(n, s))
}

fn builtin_names() -> String {
    BUILTIN
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Lays `top` over `base`: tables merge key by key, anything else replaces
/// (a picture's table form too: it is one value, its framing belongs to its
/// file). `prefix`: the dotted path of the tables merged (`""` at the top).
fn merge(base: &mut toml::Table, top: toml::Table, prefix: &str) {
    for (k, v) in top {
        let path = match prefix {
            "" => k.clone(),
            p => format!("{p}.{k}"),
        };
        let value = schema::spec(&path).is_some();
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(t)) if !value => merge(b, t, &path),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// Byte offset of the top-level key `key` in TOML text (the start of its
/// line), skipping comments and text that merely contains the word; 0 if absent.
fn key_offset(text: &str, key: &str) -> usize {
    let mut off = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if t.starts_with('[') {
            break;
        }
        let bare = t.strip_prefix(key).map(str::trim_start);
        let quoted = t.strip_prefix(&format!("\"{key}\"")).map(str::trim_start);
        if bare.or(quoted).is_some_and(|r| r.starts_with('=')) {
            return off + (line.len() - t.len());
        }
        off += line.len();
    }
    0
}

/// Reads one theme file and everything it extends, merged; `seen` guards against loops.
fn load_chain(
    origin: &Origin,
    seen: &mut Vec<Origin>,
    origins: &mut KeyOrigins,
    files: &Files,
) -> Result<toml::Table, Error> {
    let text = match origin {
        Origin::Builtin(_, s) => s.to_string(),
        Origin::File(p) => files
            .read_text(p, InputKind::Theme)
            .map_err(|e| e.for_option(Opt::Theme, p))?,
        Origin::Text { src, .. } => src.clone(),
    };
    let name = origin.describe();
    let dir = origin.dir();
    let src = schema::Source {
        text: &text,
        origin: &name,
        dir: &dir,
        files,
        builtin: matches!(origin, Origin::Builtin(..)),
    };
    let mut own = KeyOrigins::default();
    if let Origin::File(p) = origin {
        own.files.push(p.clone());
    }
    let mut table = schema::check(&src, &mut own)?;
    let extends = table.remove("extends");
    let is_root = matches!(origin, Origin::Builtin(n, _) if *n == ROOT);
    let parent_name = match &extends {
        Some(toml::Value::String(s)) => Some(s.clone()),
        _ if is_root => None,
        _ => Some(ROOT.to_string()),
    };
    let Some(parent_name) = parent_name else {
        origins.extend(own);
        return Ok(table);
    };
    let at = |message: String| {
        let off = key_offset(&text, "extends");
        let (line, column) = crate::error::line_col(&text, off);
        Error::Input {
            origin: name.clone(),
            line,
            column,
            key: "key `extends`: ".into(),
            message,
        }
    };
    let parent = origin.parent(&parent_name, files, at)?;
    if seen.contains(&parent) {
        return Err(at(format!(
            "`extends = \"{parent_name}\"` makes a loop: {} → {}",
            seen.iter()
                .map(Origin::describe)
                .collect::<Vec<_>>()
                .join(" → "),
            parent.describe()
        )));
    }
    if seen.len() >= MAX_EXTENDS_DEPTH {
        return Err(at(format!(
            "`extends = \"{parent_name}\"`: the chain of themes is too deep ({} themes, starting at {}); at most {MAX_EXTENDS_DEPTH} themes may build on each other",
            seen.len() + 1,
            seen[0].describe()
        )));
    }
    seen.push(parent.clone());
    let mut base = load_chain(&parent, seen, origins, files)?;
    seen.pop();
    origins.extend(own);
    // A theme that names itself keeps its name; otherwise it is called after its file.
    if !table.contains_key("name") {
        let own = match origin {
            Origin::File(p) => p.file_stem().map(|s| s.to_string_lossy().into_owned()),
            Origin::Text { name, .. } => Some(name.clone()),
            Origin::Builtin(n, _) => Some(n.to_string()),
        };
        if let Some(own) = own {
            table.insert("name".into(), toml::Value::String(own));
        }
    }
    if !table.contains_key("description") {
        let d = format!("Based on {parent_name}");
        table.insert("description".into(), toml::Value::String(d));
    }
    merge(&mut base, table, "");
    Ok(base)
}

impl Theme {
    fn resolve(origin: Origin, files: &Files) -> Result<Theme, Error> {
        let mut seen = vec![origin.clone()];
        let mut origins = KeyOrigins::default();
        let table = load_chain(&origin, &mut seen, &mut origins, files)?;
        let mut theme: Theme =
            toml::Value::Table(table)
                .try_into()
                .map_err(|e: toml::de::Error| Error::Input {
                    origin: origin.describe(),
                    line: 1,
                    column: 1,
                    key: String::new(),
                    message: format!("the theme is incomplete: {}", e.message().trim()),
                })?;
        theme.origins = origins;
        theme.files = files.clone();
        Ok(theme)
    }

    /// A built-in theme by name.
    pub fn builtin(name: &str) -> Result<Theme, Error> {
        let origin = builtin_origin(name).ok_or_else(|| {
            Error::usage(
                Opt::Theme,
                format!(
                    "unknown theme `{}`; built-in themes are {} (or give a .toml file)",
                    crate::error::User(name),
                    builtin_names()
                ),
            )
        })?;
        Theme::resolve(origin, &Files::default())
    }

    /// A theme file; relative paths inside it are read from its folder.
    pub fn load(path: &Path) -> Result<Theme, Error> {
        Theme::load_in(path, &Files::default())
    }

    /// A theme file read from `files` before the disk, as everything it
    /// names (the themes it extends, its pictures and fonts).
    pub fn load_in(path: &Path, files: &Files) -> Result<Theme, Error> {
        if !files.exists(path) {
            return Err(Error::usage(
                Opt::Theme,
                format!(
                    "theme file `{}` not found; give a .toml file or a built-in name ({})",
                    crate::input::shown_path(path),
                    builtin_names()
                ),
            ));
        }
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        Theme::resolve(Origin::File(path), files)
    }

    /// Parses and checks theme text; `origin` names it in messages, relative
    /// paths (and `extends` files) are read from the current folder.
    pub fn parse(src: &str, origin: &str) -> Result<Theme, Error> {
        Theme::parse_in(src, origin, &Files::default())
    }

    /// [`Theme::parse`], reading what the theme names from `files` before
    /// the disk.
    pub fn parse_in(src: &str, origin: &str, files: &Files) -> Result<Theme, Error> {
        Theme::resolve(
            Origin::Text {
                src: src.to_string(),
                name: origin.to_string(),
                dir: PathBuf::from("."),
            },
            files,
        )
    }

    /// The theme as TOML: every key, ready to copy and edit.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a theme always serializes")
    }

    /// A side's face style. The picture layouts draw a dark side (`filled`
    /// or `banded`) as a picture on a plate of the side's colour, and a light
    /// side as a picture on the light face colour inside the side's rim.
    pub fn face_style(&self, side: Side) -> FaceStyle {
        let style = match side {
            Side::South => self.sides.south_style,
            Side::North => self.sides.north_style,
        };
        match (self.counters.layout, style) {
            (FaceLayout::Character, style) => style,
            (_, FaceStyle::Ringed) => FaceStyle::Ringed,
            _ => FaceStyle::Filled,
        }
    }

    /// A side's pattern.
    pub fn pattern(&self, side: Side) -> Pattern {
        match side {
            Side::South => self.sides.south_pattern,
            Side::North => self.sides.north_pattern,
        }
    }

    /// A side's mark.
    pub fn mark(&self, side: Side) -> Mark {
        match side {
            Side::South => self.sides.south_mark,
            Side::North => self.sides.north_mark,
        }
    }

    /// A side's colour.
    pub fn side(&self, side: Side) -> Color {
        match side {
            Side::South => self.sides.south.0,
            Side::North => self.sides.north.0,
        }
    }

    /// The colour a side's text is printed in on its counters, and the colour behind it.
    pub fn counter_ink(&self, side: Side) -> (Color, Color) {
        match self.face_style(side) {
            FaceStyle::Filled => (self.counters.face.0, self.side(side)),
            FaceStyle::Ringed | FaceStyle::Banded => (self.side(side), self.counters.face.0),
        }
    }

    /// A side's trap squares: `board.trap` [tinted](tint) with [`OWNER_TINT`] of the side's colour.
    pub fn trap(&self, side: Side) -> Color {
        tint(self.board.trap.0, self.side(side), OWNER_TINT)
    }

    /// A side's den: `board.den` [tinted](tint) with [`OWNER_TINT`] of the side's colour.
    pub fn den(&self, side: Side) -> Color {
        tint(self.board.den.0, self.side(side), OWNER_TINT)
    }

    /// Every colour a square of the board is filled with, as (what, theme keys
    /// it comes from, colour): land, river, and each side's traps and den.
    pub fn square_fills(&self) -> Vec<(&'static str, &'static str, Color)> {
        let b = &self.board;
        vec![
            ("land", "board.land", b.land.0),
            ("river", "board.river", b.river.0),
            (
                "south's traps",
                "board.trap, sides.south",
                self.trap(Side::South),
            ),
            (
                "north's traps",
                "board.trap, sides.north",
                self.trap(Side::North),
            ),
            (
                "south's den",
                "board.den, sides.south",
                self.den(Side::South),
            ),
            (
                "north's den",
                "board.den, sides.north",
                self.den(Side::North),
            ),
        ]
    }

    /// True when the theme fills no square (every kind is the land's colour,
    /// as in ink-saver): its squares are told apart by their drawings alone,
    /// and the colour distance between kinds does not apply.
    pub fn draws_squares_only(&self) -> bool {
        let b = &self.board;
        b.river == b.land && b.trap == b.land && b.den == b.land
    }

    /// Every pair of square fills of different kinds whose colours are closer
    /// than [`MIN_KIND_DELTA_E`] for a deuteranope: (first, second, keys of
    /// both, ΔE76). Empty for a theme that [draws its squares only](Theme::draws_squares_only).
    pub fn close_square_kinds(&self) -> Vec<(String, String, String, f64)> {
        if self.draws_squares_only() {
            return Vec::new();
        }
        let fills = self.square_fills();
        let kind = |what: &str| what.rsplit(' ').next().unwrap_or(what).to_string();
        let mut close = Vec::new();
        for (i, a) in fills.iter().enumerate() {
            for b in &fills[i + 1..] {
                if kind(a.0) == kind(b.0) {
                    continue;
                }
                let d = delta_e_deuteranope(a.2, b.2);
                if d < MIN_KIND_DELTA_E {
                    close.push((
                        a.0.to_string(),
                        b.0.to_string(),
                        format!("{}, {}", a.1, b.1),
                        d,
                    ));
                }
            }
        }
        close
    }

    /// Every drawing that marks something and the colour behind it, for the
    /// 3:1 contrast of graphics (WCAG 1.4.11): (what, theme key, ink, ground).
    pub fn mark_pairs(&self) -> Vec<(String, &'static str, Color, Color)> {
        let b = &self.board;
        let mut pairs = vec![(
            "river waves".to_string(),
            "board.river_wave",
            b.river_wave.0,
            b.river.0,
        )];
        for side in [Side::South, Side::North] {
            let who = if side == Side::South {
                "south"
            } else {
                "north"
            };
            pairs.push((
                format!("trap teeth on {who}'s traps"),
                "board.trap_mark",
                b.trap_mark.0,
                self.trap(side),
            ));
            pairs.push((
                format!("den frame on {who}'s den"),
                "board.den_mark",
                b.den_mark.0,
                self.den(side),
            ));
        }
        pairs
    }

    /// The theme key each of [`Theme::text_pairs`] is about (its text colour,
    /// or for a side's counters and start squares the side's colour), same order.
    pub fn text_pair_keys(&self) -> Vec<&'static str> {
        vec![
            "board.text",
            "board.text",
            "board.text",
            "board.text",
            "board.text",
            "board.text",
            "board.coordinates",
            "counters.guides",
            "sides.south",
            "sides.south",
            "sides.north",
            "sides.north",
        ]
    }

    /// Every pair of text colour and background colour the theme prints, named,
    /// for contrast checks: (what, text, background).
    pub fn text_pairs(&self) -> Vec<(String, Color, Color)> {
        let b = &self.board;
        let mut pairs = vec![
            ("board labels on land".to_string(), b.text.0, b.land.0),
            ("river labels".into(), b.text.0, b.river.0),
            ("trap labels".into(), b.text.0, self.trap(Side::South)),
            ("den labels".into(), b.text.0, self.den(Side::South)),
            (
                "trap labels (north)".into(),
                b.text.0,
                self.trap(Side::North),
            ),
            ("den labels (north)".into(), b.text.0, self.den(Side::North)),
            ("coordinates".into(), b.coordinates.0, b.land.0),
            (
                "sheet instructions".into(),
                self.counters.guides.0,
                Color::WHITE,
            ),
        ];
        for side in [Side::South, Side::North] {
            let (ink, ground) = self.counter_ink(side);
            let who = if side == Side::South {
                "south"
            } else {
                "north"
            };
            pairs.push((format!("{who}'s counters"), ink, ground));
            pairs.push((format!("{who}'s start squares"), self.side(side), b.land.0));
        }
        pairs
    }
}

/// How much of its owner's colour tints each side's traps and den (0 to 1,
/// see [`tint`]): enough to say whose they are (the two sides' traps at
/// least ΔE 8 apart in the built-in themes), little enough to keep the
/// square kinds apart.
pub const OWNER_TINT: f64 = 0.2;

/// The least colour distance (CIE76 ΔE*ab, after a deuteranopia simulation)
/// between two kinds of square: about what reads at a glance.
pub const MIN_KIND_DELTA_E: f64 = 20.0;

/// The least contrast of a label or a mark with what is behind it (WCAG's
/// large text and graphics): `check` warns below it.
pub const MIN_MARK_CONTRAST: f64 = 3.0;

impl Default for Theme {
    fn default() -> Theme {
        Theme::builtin(ROOT).expect("the classic theme is valid")
    }
}
impl Load for Theme {
    fn load(source: &Source, files: &Files) -> Result<Theme, Error> {
        match source {
            Source::Builtin(name) => Theme::builtin(name),
            Source::File(path) => Theme::load_in(path, files),
            // An uploaded file's name is the user's: shown escaped and cut.
            Source::Text { name, contents } => {
                Theme::parse_in(contents, &crate::error::User(name).to_string(), files)
            }
        }
    }
}

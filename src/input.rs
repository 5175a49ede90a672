//! Reading input files. Every file the program reads — theme, language pack,
//! ruleset, icon, font — goes through [`read_bytes`] or [`read_text`] (or
//! [`Files`], a front end's in-memory folder, read before the disk), which
//! accept only regular files under a size cap (never a FIFO, a device such as
//! `/dev/zero`, or a folder), and [`check_toml_strings`] refuses control
//! characters and over-long strings in TOML data with file, line and key.
//!
//! Also here: [`Source`], where a theme, a language pack or a ruleset comes
//! from (a built-in name, a file or uploaded text), and [`shown_path`], a
//! path made safe for a message (user text is escaped by [`crate::error`]).

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::{line_col, Error, Opt, User};
use crate::limits::{
    MAX_FONT_BYTES, MAX_ICON_BYTES, MAX_PICTURE_BYTES, MAX_STRING_CHARS, MAX_TOML_BYTES,
};

/// The lines of a text, for many [`line_col`] look-ups in it: the same
/// line and column, found without counting from the start each time.
pub(crate) struct Lines<'a> {
    text: &'a str,
    /// The offset of every `\n`, in order.
    newlines: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        let newlines = text
            .bytes()
            .enumerate()
            .filter(|(_, b)| *b == b'\n')
            .map(|(i, _)| i)
            .collect();
        Lines { text, newlines }
    }

    /// As [`line_col`]`(text, offset)`: 1-based line and column (in characters).
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = self.newlines.partition_point(|&p| p < offset);
        let start = match before {
            0 => 0,
            n => self.newlines[n - 1] + 1,
        };
        (before + 1, self.text[start..offset].chars().count() + 1)
    }
}

/// What kind of file is read; sets the size cap and names the file in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// A theme (TOML).
    Theme,
    /// A language pack (TOML).
    LangPack,
    /// A ruleset (TOML).
    Ruleset,
    /// An SVG icon.
    Icon,
    /// A picture: PNG, JPEG or SVG.
    Picture,
    /// A TrueType/OpenType font or collection.
    Font,
}

impl InputKind {
    /// The size cap in bytes.
    pub fn cap(self) -> u64 {
        match self {
            InputKind::Theme | InputKind::LangPack | InputKind::Ruleset => MAX_TOML_BYTES,
            InputKind::Icon => MAX_ICON_BYTES,
            InputKind::Picture => MAX_PICTURE_BYTES,
            InputKind::Font => MAX_FONT_BYTES,
        }
    }

    /// What the file is, for messages.
    pub fn what(self) -> &'static str {
        match self {
            InputKind::Theme => "theme",
            InputKind::LangPack => "language pack",
            InputKind::Ruleset => "ruleset",
            InputKind::Icon => "icon",
            InputKind::Picture => "picture",
            InputKind::Font => "font",
        }
    }
}

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Nothing at that path.
    NotFound(InputKind),
    /// A folder, FIFO, device or socket.
    NotRegular(InputKind, &'static str),
    /// Larger than the cap (size in bytes, cap in bytes).
    TooLarge(InputKind, u64, u64),
    /// Not UTF-8 text: 1-based line and column of the first bad byte.
    NotUtf8(InputKind, usize, usize),
    /// Any other failure of the system.
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ReadError::NotFound(k) => write!(f, "{} file not found", k.what()),
            ReadError::NotRegular(k, node) => {
                write!(f, "is {node}, not a {} file; give a regular file", k.what())
            }
            ReadError::TooLarge(k, size, cap) => write!(
                f,
                "the {} file is {size} bytes, larger than the limit of {cap} bytes ({} MiB)",
                k.what(),
                cap >> 20
            ),
            ReadError::NotUtf8(k, ..) => write!(
                f,
                "the {} file is not UTF-8 text; save it with the UTF-8 encoding",
                k.what()
            ),
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl ReadError {
    /// The error for a file given to a command-line option: exit 2 naming the
    /// option (or, for text that is not UTF-8, the file, line and column).
    pub fn for_option(self, opt: Opt, path: &Path) -> Error {
        match self {
            ReadError::NotUtf8(_, line, column) => Error::Input {
                origin: shown_path(path),
                line,
                column,
                key: String::new(),
                message: self.to_string(),
            },
            // Anything else the system refuses (a special file under /proc,
            // no permission) is the input's fault: exit 2, naming the option.
            ReadError::Io(e) => Error::usage(
                opt,
                format!(
                    "`{}` cannot be read ({e}); give a regular file",
                    shown_path(path)
                ),
            ),
            other => Error::usage(opt, format!("`{}`: {other}", shown_path(path))),
        }
    }
}

/// A short description of a file type that is not a regular file.
pub(crate) fn node_kind(ft: &std::fs::FileType) -> &'static str {
    if ft.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "a FIFO (named pipe)";
        } else if ft.is_char_device() || ft.is_block_device() {
            return "a device";
        } else if ft.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Reads a whole regular file (symbolic links are followed) of at most
/// `kind.cap()` bytes. The type is checked before the file is opened, so a
/// FIFO is never opened (opening one would wait for a writer), and the read
/// stops at the cap whatever the file claims its size is.
pub fn read_bytes(path: &Path, kind: InputKind) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::NotFound(kind),
        _ => ReadError::Io(e),
    })?;
    if !meta.file_type().is_file() {
        return Err(ReadError::NotRegular(kind, node_kind(&meta.file_type())));
    }
    let cap = kind.cap();
    if meta.len() > cap {
        return Err(ReadError::TooLarge(kind, meta.len(), cap));
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    // Checked again on the open file, in case the path changed in between.
    let meta = file.metadata().map_err(ReadError::Io)?;
    if !meta.file_type().is_file() {
        return Err(ReadError::NotRegular(kind, node_kind(&meta.file_type())));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(kind, bytes.len() as u64, cap));
    }
    Ok(bytes)
}

/// Reads a regular text file as [`read_bytes`] does and checks that it is UTF-8
/// (a leading byte-order mark is dropped).
pub fn read_text(path: &Path, kind: InputKind) -> Result<String, ReadError> {
    utf8_text(read_bytes(path, kind)?, kind)
}

/// A file's bytes as text: UTF-8 (a leading byte-order mark dropped), or
/// the line and column where they stop being UTF-8.
fn utf8_text(bytes: Vec<u8>, kind: InputKind) -> Result<String, ReadError> {
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(s)),
        Err(e) => {
            let good = e.utf8_error().valid_up_to();
            let text = std::str::from_utf8(&e.as_bytes()[..good]).unwrap_or_default();
            let (line, column) = line_col(text, good);
            Err(ReadError::NotUtf8(kind, line, column))
        }
    }
}

/// An in-memory folder, for a front end without a file system (the web
/// page): a value the front end fills and hands over with its job
/// ([`crate::job::Inputs::files`]). Files put here are read by
/// [`Files::read_bytes`] and [`Files::read_text`] (and found by the theme's
/// and fonts' path checks) before the disk is tried. Paths are relative and
/// `/`-separated (`my-theme/theme.toml`, `my-theme/rat.png`); `./` and `a/../`
/// are normalised away. The command line's folder is always empty (the
/// disk alone). Cloning shares the files.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Files(std::sync::Arc<std::collections::BTreeMap<String, std::sync::Arc<[u8]>>>);

impl fmt::Debug for Files {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.0.keys()).finish()
    }
}

impl Files {
    /// The key a path is stored under: its normal components joined by `/`;
    /// `None` for an absolute path or one that climbs above the folder.
    pub fn key(path: &Path) -> Option<String> {
        use std::path::Component;
        let mut parts: Vec<String> = Vec::new();
        for c in path.components() {
            match c {
                Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
                Component::CurDir => {}
                Component::ParentDir => {
                    parts.pop()?;
                }
                Component::RootDir | Component::Prefix(_) => return None,
            }
        }
        (!parts.is_empty()).then(|| parts.join("/"))
    }

    /// Stores `bytes` at `path` (replacing any file there); a path that is
    /// absolute or climbs above the folder is ignored.
    pub fn put(&mut self, path: &str, bytes: Vec<u8>) {
        if let Some(k) = Files::key(Path::new(path)) {
            std::sync::Arc::make_mut(&mut self.0).insert(k, bytes.into());
        }
    }

    /// Removes the file at `path`, if any.
    pub fn remove(&mut self, path: &str) {
        if let Some(k) = Files::key(Path::new(path)) {
            std::sync::Arc::make_mut(&mut self.0).remove(&k);
        }
    }

    /// The stored paths, sorted.
    pub fn list(&self) -> Vec<String> {
        self.0.keys().cloned().collect()
    }

    /// True when a file is stored at `path`.
    pub fn contains(&self, path: &Path) -> bool {
        !self.0.is_empty() && Files::key(path).is_some_and(|k| self.0.contains_key(&k))
    }

    /// True when `path` is a file here or exists on the disk.
    pub fn exists(&self, path: &Path) -> bool {
        self.contains(path) || path.exists()
    }

    /// The file stored at `path`, if any.
    fn get(&self, path: &Path) -> Option<&[u8]> {
        if self.0.is_empty() {
            return None;
        }
        self.0.get(&Files::key(path)?).map(|b| &b[..])
    }

    /// [`read_bytes`], from this folder first.
    pub fn read_bytes(&self, path: &Path, kind: InputKind) -> Result<Vec<u8>, ReadError> {
        match self.get(path) {
            Some(bytes) if bytes.len() as u64 > kind.cap() => {
                Err(ReadError::TooLarge(kind, bytes.len() as u64, kind.cap()))
            }
            Some(bytes) => Ok(bytes.to_vec()),
            None => read_bytes(path, kind),
        }
    }

    /// [`read_text`], from this folder first.
    pub fn read_text(&self, path: &Path, kind: InputKind) -> Result<String, ReadError> {
        utf8_text(self.read_bytes(path, kind)?, kind)
    }

    /// [`not_a_regular_file`], for a file not in this folder.
    pub fn not_a_regular_file(&self, path: &Path, kind: InputKind) -> Option<String> {
        match self.contains(path) {
            true => None,
            false => not_a_regular_file(path, kind),
        }
    }
}

/// Why `path` cannot be read as a `kind` file, if it cannot: not there, or
/// not a regular file (a FIFO, device, socket or folder, directly or through
/// symbolic links). For messages about paths inside data files.
pub fn not_a_regular_file(path: &Path, kind: InputKind) -> Option<String> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => None,
        Ok(m) => Some(format!(
            "`{}` is {}, not a {} file; give a regular file",
            shown_path(path),
            node_kind(&m.file_type()),
            kind.what()
        )),
        Err(_) => Some(format!(
            "{} file not found: tried `{}` (relative paths are read from this file's folder)",
            kind.what(),
            shown_path(path)
        )),
    }
}

/// A path for the terminal (see [`User`]).
pub fn shown_path(p: &Path) -> String {
    User(&p.to_string_lossy()).to_string()
}

/// True for a character that may not appear in a label or name: control
/// characters other than tab and newline (they are invalid in XML, or move the
/// terminal's cursor) and noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF and
/// the last two of every plane: invalid in XML or meant never to be printed).
pub fn is_forbidden_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || is_noncharacter(c)
}

/// True for Unicode's 66 noncharacters.
pub fn is_noncharacter(c: char) -> bool {
    let u = c as u32;
    (0xFDD0..=0xFDEF).contains(&u) || u & 0xFFFE == 0xFFFE
}

/// Checks every string of a TOML document (values and keys): no control
/// characters but tab and newline, at most [`MAX_STRING_CHARS`] characters.
/// A document that does not parse passes: its own parser reports that.
pub fn check_toml_strings(src: &str, origin: &str) -> Result<(), Error> {
    use toml::de::{DeTable, DeValue};
    use toml::Spanned;
    let Ok(doc) = DeTable::parse(src) else {
        return Ok(());
    };
    let error = |offset: usize, key: &str, message: String| {
        let (line, column) = line_col(src, offset);
        Error::Input {
            origin: origin.to_string(),
            line,
            column,
            key: if key.is_empty() {
                String::new()
            } else {
                crate::error::key_prefix(key)
            },
            message,
        }
    };
    let check = |s: &str, offset: usize, key: &str| -> Result<(), Error> {
        if let Some(c) = s.chars().find(|c| is_forbidden_char(*c)) {
            let what = if is_noncharacter(c) {
                "the noncharacter"
            } else {
                "the control character"
            };
            return Err(error(
                offset,
                key,
                format!(
                    "the text contains {what} U+{:04X}; remove it (of the invisible characters, only tab and newline are allowed)",
                    c as u32
                ),
            ));
        }
        let n = s.chars().count();
        if n > MAX_STRING_CHARS {
            return Err(error(
                offset,
                key,
                format!(
                    "the text is {n} characters long, more than the limit of {MAX_STRING_CHARS}; shorten it"
                ),
            ));
        }
        Ok(())
    };
    fn walk(
        v: &Spanned<DeValue>,
        key: &str,
        check: &dyn Fn(&str, usize, &str) -> Result<(), Error>,
    ) -> Result<(), Error> {
        match v.get_ref() {
            DeValue::String(s) => check(s, v.span().start, key),
            DeValue::Array(a) => a.iter().try_for_each(|x| walk(x, key, check)),
            DeValue::Table(t) => t.iter().try_for_each(|(k, x)| {
                let name = k.get_ref().as_ref();
                let path = if key.is_empty() {
                    name.to_string()
                } else {
                    format!("{key}.{name}")
                };
                check(name, k.span().start, &path)?;
                walk(x, &path, check)
            }),
            _ => Ok(()),
        }
    }
    doc.get_ref().iter().try_for_each(|(k, x)| {
        let name = k.get_ref().as_ref();
        check(name, k.span().start, name)?;
        walk(x, name, &check)
    })
}

/// Where the keys of a data file (theme, language pack, ruleset) were written:
/// file (or built-in name), line and column of each; for a theme, after
/// `extends` (the file that set the value wins), with the files of the chain.
/// Two values that are the same are equal wherever they were written.
#[derive(Debug, Clone, Default)]
pub struct KeyOrigins {
    keys: std::collections::BTreeMap<String, (String, usize, usize)>,
    /// Keys set by an option ([`Opt::Pictures`]), not by a file.
    by_option: std::collections::BTreeMap<String, Opt>,
    /// The files read (a theme's chain of `extends`), in order.
    pub files: Vec<std::path::PathBuf>,
}

impl PartialEq for KeyOrigins {
    fn eq(&self, _: &KeyOrigins) -> bool {
        true
    }
}

impl KeyOrigins {
    /// Notes that key `path` was written at `origin:line:column`.
    pub(crate) fn note(&mut self, path: &str, origin: &str, line: usize, column: usize) {
        self.keys
            .insert(path.to_string(), (origin.to_string(), line, column));
    }

    /// Adds `other`'s keys (replacing the same keys) and files.
    /// Notes that key `path` was set by command-line option `opt`: errors
    /// about it then name the option, not a theme key.
    pub(crate) fn note_option(&mut self, path: &str, opt: Opt) {
        self.keys.remove(path);
        self.by_option.insert(path.to_string(), opt);
    }

    pub(crate) fn extend(&mut self, other: KeyOrigins) {
        for k in other.keys.keys() {
            self.by_option.remove(k);
        }
        self.keys.extend(other.keys);
        self.by_option.extend(other.by_option);
        self.files.extend(other.files);
    }

    /// The place of every value in a TOML document (strings, numbers,
    /// booleans, dates; an array's items one by one), under the key paths
    /// that `Lang::strings` gives (`a.b`, `a.list[2]`): a key's own line,
    /// never another line that happens to hold the same words.
    pub fn of_values(src: &str, origin: &str) -> KeyOrigins {
        use toml::de::{DeTable, DeValue};
        use toml::Spanned;
        let mut o = KeyOrigins::default();
        let Ok(doc) = DeTable::parse(src) else {
            return o;
        };
        fn walk(v: &Spanned<DeValue>, key: &str, note: &mut dyn FnMut(&str, usize)) {
            match v.get_ref() {
                DeValue::Array(a) => {
                    for (i, x) in a.iter().enumerate() {
                        walk(x, &format!("{key}[{i}]"), note);
                    }
                }
                DeValue::Table(t) => {
                    for (k, x) in t.iter() {
                        walk(x, &format!("{key}.{}", k.get_ref()), note);
                    }
                }
                _ => note(key, v.span().start),
            }
        }
        let lines = Lines::new(src);
        let mut note = |key: &str, offset: usize| {
            let (line, column) = lines.line_col(offset);
            o.note(key, origin, line, column);
        };
        for (k, x) in doc.get_ref().iter() {
            walk(x, k.get_ref(), &mut note);
        }
        o
    }

    /// The line and column (1-based) where key `path` was written, if known.
    pub fn place_of(&self, path: &str) -> Option<(usize, usize)> {
        self.keys
            .get(path)
            .map(|(_, line, column)| (*line, *column))
    }

    /// The origin (file or built-in name) of key `path`, if known.
    pub fn origin(&self, path: &str) -> Option<&str> {
        self.keys.get(path).map(|(o, ..)| o.as_str())
    }

    /// An error about key `path` at the place it was written; without one, a
    /// message naming the key only (`fallback` makes the error).
    pub fn error(&self, path: &str, message: String, fallback: impl Fn(String) -> Error) -> Error {
        self.error_in("theme", path, message, fallback)
    }

    /// As [`KeyOrigins::error`], for a file of kind `kind` ("theme",
    /// "language pack", "ruleset"), which a key not found is said to be of.
    pub fn error_in(
        &self,
        kind: &str,
        path: &str,
        message: String,
        fallback: impl Fn(String) -> Error,
    ) -> Error {
        if let Some(&opt) = self.by_option.get(path) {
            return Error::usage(opt, message);
        }
        match self.keys.get(path) {
            Some((origin, line, column)) => Error::Input {
                origin: origin.clone(),
                line: *line,
                column: *column,
                key: crate::error::key_prefix(path),
                message,
            },
            None => fallback(format!(
                "{kind} {}{message}",
                crate::error::key_prefix(path)
            )),
        }
    }

    /// `file:line` where key `path` was written, if known.
    pub fn place(&self, path: &str) -> Option<String> {
        self.keys
            .get(path)
            .map(|(origin, line, _)| format!("{origin}:{line}"))
    }
}

/// Where a theme, a language pack or a ruleset comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A built-in one, by name (`classic`, `fr`, `standard`, …).
    Builtin(String),
    /// A TOML file.
    File(PathBuf),
    /// TOML text (an uploaded file), with the name messages give it.
    Text {
        /// The name messages give it (the uploaded file's name).
        name: String,
        /// The TOML text.
        contents: String,
    },
}

impl Source {
    /// A built-in theme, language or ruleset by name.
    pub fn builtin(name: &str) -> Source {
        Source::Builtin(name.to_string())
    }

    /// The one rule for an argument that may name a file: a name that ends
    /// in `.toml` or holds a path separator (`/` or `\`) is a file, anything
    /// else a built-in name.
    pub fn from_arg(arg: &str) -> Source {
        if arg.ends_with(".toml") || arg.contains('/') || arg.contains('\\') {
            Source::File(PathBuf::from(arg))
        } else {
            Source::Builtin(arg.to_string())
        }
    }

    /// The file, for a source read from one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::File(p) => Some(p),
            _ => None,
        }
    }

    /// Loads a theme, a language pack or a ruleset from this source (a file
    /// from the disk).
    pub fn load<T: Load>(&self) -> Result<T, Error> {
        T::load(self, &Files::default())
    }

    /// Loads a theme, a language pack or a ruleset from this source, a file
    /// read from `files` before the disk.
    pub fn load_in<T: Load>(&self, files: &Files) -> Result<T, Error> {
        T::load(self, files)
    }
}

/// What can be loaded from a [`Source`]: [`crate::theme::Theme`],
/// [`crate::lang::Lang`], [`crate::play::rules::Ruleset`] (each implements it in
/// its own module).
pub trait Load: Sized {
    /// Loads from `source` (a file from `files` before the disk), with the
    /// errors of the option it is given to.
    fn load(source: &Source, files: &Files) -> Result<Self, Error>;
}

/// A data file's name and text, kept so that a later check can point at the
/// line of a key (found only when a message needs it). Two values with the
/// same data are equal wherever they were read from.
#[derive(Debug, Clone, Default)]
pub struct SourceText {
    /// The file (or built-in name), for messages.
    pub origin: String,
    /// What kind of file it is, for messages: "language pack", "ruleset".
    pub kind: &'static str,
    text: std::sync::Arc<str>,
    /// Keys whose value came from a retired key of another name (new, old):
    /// a message about the new one points at the old one's line.
    renamed: Vec<(&'static str, &'static str)>,
}

impl PartialEq for SourceText {
    fn eq(&self, _: &SourceText) -> bool {
        true
    }
}

impl SourceText {
    /// The text of a file of kind `kind` ("language pack", "ruleset") named `origin`.
    pub fn new(kind: &'static str, origin: &str, text: &str) -> SourceText {
        SourceText {
            origin: origin.to_string(),
            kind,
            text: text.into(),
            renamed: Vec::new(),
        }
    }

    /// Notes that key `new` holds what the file wrote under retired key
    /// `old`: messages about `new` then name `old` and its line.
    pub fn renamed(&mut self, new: &'static str, old: &'static str) {
        self.renamed.push((new, old));
    }

    /// An error about key `key` (any value): at its file, line and column
    /// when found there (under its retired name if it was renamed), else at
    /// the file's first line, naming the kind of file.
    pub fn error(&self, key: &str, message: String) -> Error {
        let key = self
            .renamed
            .iter()
            .find(|(new, _)| *new == key)
            .map_or(key, |(_, old)| old);
        KeyOrigins::of_values(&self.text, &self.origin).error_in(self.kind, key, message, |m| {
            Error::Input {
                origin: self.origin.clone(),
                line: 1,
                column: 1,
                key: String::new(),
                message: m,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_find_the_line_and_column_line_col_finds() {
        for text in ["", "a", "\n", "ab\ncd\n\nü€x\n", "\n\nz", "é\r\nf"] {
            let lines = Lines::new(text);
            for offset in
                (0..=text.len() + 2).filter(|&o| o > text.len() || text.is_char_boundary(o))
            {
                assert_eq!(
                    lines.line_col(offset),
                    line_col(text, offset),
                    "{text:?} {offset}"
                );
            }
        }
    }

    #[test]
    fn control_characters_are_refused_with_line_and_key() {
        let src = "[board]\nriver = \"Ri\\u0007ver\"\n";
        let e = check_toml_strings(src, "x.toml").unwrap_err().to_string();
        assert!(e.starts_with("x.toml:2:9: key `board.river`"), "{e}");
        assert!(e.contains("U+0007"), "{e}");
        assert!(check_toml_strings("a = \"tab\\tnew\\nline\"", "x").is_ok());
    }

    /// Built-in themes, language packs and rulesets skip the check at each
    /// run: it is made here instead.
    #[test]
    fn builtin_data_passes_the_string_check() {
        let all = crate::theme::BUILTIN
            .iter()
            .chain(crate::lang::BUILTIN.iter())
            .chain(crate::play::rules::BUILTIN.iter());
        for (name, src) in all {
            assert!(check_toml_strings(src, name).is_ok(), "{name}");
        }
    }

    #[test]
    fn long_strings_are_refused() {
        let src = format!("a = \"{}\"", "x".repeat(MAX_STRING_CHARS + 1));
        let e = check_toml_strings(&src, "x.toml").unwrap_err().to_string();
        assert!(e.contains("limit of 2000"), "{e}");
    }

    #[test]
    fn special_files_are_refused_before_opening() {
        let e = read_bytes(Path::new("/dev/zero"), InputKind::Ruleset).unwrap_err();
        assert!(matches!(e, ReadError::NotRegular(_, "a device")), "{e}");
        let e = read_bytes(Path::new("/"), InputKind::LangPack).unwrap_err();
        assert!(matches!(e, ReadError::NotRegular(_, "a folder")), "{e}");
        let e = read_bytes(Path::new("/no/such/file"), InputKind::Icon).unwrap_err();
        assert!(matches!(e, ReadError::NotFound(_)), "{e}");
    }

    #[test]
    fn non_utf8_names_line_and_column() {
        let dir = std::env::temp_dir().join(format!("jp-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("bad.toml");
        std::fs::write(&p, b"a = 1\nb = \"x\xff\"\n").unwrap();
        let e = read_text(&p, InputKind::Theme).unwrap_err();
        assert!(matches!(e, ReadError::NotUtf8(_, 2, 7)), "{e:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

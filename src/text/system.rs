//! Installed fonts found by family name: a theme may write
//! `text = "URW Bookman"` instead of a file path.
//!
//! A font value is one of three things (see [`is_family_name`]):
//! `builtin:NAME`; a file path (it holds `/` or `\`, ends in `.ttf`, `.otf`,
//! `.ttc` or `.otc` in any case, or names a file that exists), optionally
//! with `#FACE`; otherwise a family name, optionally followed by `:STYLE`
//! (`"URW Bookman:Light Italic"`, `"Noto Sans CJK TC:bold"`). A family name
//! may also be a face's full name (`"Noto Sans CJK TC Bold"`).
//!
//! The first family name asked for scans the system's font folders once per
//! process, reading only each face's `name` and `OS/2` tables; themes that
//! name only built-in fonts or paths never scan. The scan is bounded: at most
//! [`MAX_FONT_DIR_DEPTH`] folders deep, [`MAX_FONT_DIR_ENTRIES`] folder
//! entries, [`MAX_FONT_FILES_SCANNED`] font files, [`MAX_FONT_FACES_SCANNED`]
//! faces, [`MAX_FONT_SCAN_BYTES`] read and [`MAX_NAME_RECORDS`] names a face
//! (see [`crate::limits`]); unreadable files are skipped and each folder and
//! file is visited once (symbolic links cannot make it loop or read a file
//! twice). The environment
//! variable [`ENV_DIRS`] replaces the standard folders (a list separated like
//! `PATH`), for tests and for fonts kept elsewhere.
//!
//! Not in the WebAssembly build: a page has no installed fonts to read, and a
//! family name there is an error asking for a font file.
//!
//! [`MAX_FONT_DIR_DEPTH`]: crate::limits::MAX_FONT_DIR_DEPTH
//! [`MAX_FONT_DIR_ENTRIES`]: crate::limits::MAX_FONT_DIR_ENTRIES
//! [`MAX_FONT_FILES_SCANNED`]: crate::limits::MAX_FONT_FILES_SCANNED
//! [`MAX_FONT_FACES_SCANNED`]: crate::limits::MAX_FONT_FACES_SCANNED
//! [`MAX_FONT_SCAN_BYTES`]: crate::limits::MAX_FONT_SCAN_BYTES
//! [`MAX_NAME_RECORDS`]: crate::limits::MAX_NAME_RECORDS

/// Environment variable that replaces the folders searched for installed
/// fonts: `JUNGLE_PRINT_FONT_DIRS=/a:/b` (`;` between folders on Windows).
pub const ENV_DIRS: &str = "JUNGLE_PRINT_FONT_DIRS";

/// An installed font face that a family name resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The font file.
    pub path: std::path::PathBuf,
    /// The face's index in the file (0 unless it is a collection).
    pub index: u32,
    /// The face's family name, as the font spells it.
    pub family: String,
    /// The face's style name (`Regular`, `Bold Italic`, …).
    pub style: String,
}

/// The file extensions of font files, lower case.
const EXTENSIONS: [&str; 4] = ["ttf", "otf", "ttc", "otc"];

/// True when `file` ends in a font file extension, in any case.
fn has_font_extension(file: &str) -> bool {
    file.rsplit_once('.')
        .is_some_and(|(_, ext)| EXTENSIONS.iter().any(|e| ext.eq_ignore_ascii_case(e)))
}

/// True when the theme font value `spec` is a family name rather than
/// `builtin:NAME` or a file path. A value is a path when it holds `/` or `\`,
/// ends in a font extension (before any `#FACE`), or — when `dir`, the
/// theme's folder (with the in-memory folder read before the disk), is
/// given — names a file that exists there.
pub fn is_family_name(spec: &str, dir: Option<(&std::path::Path, &crate::input::Files)>) -> bool {
    if spec.starts_with("builtin:") || spec.contains(['/', '\\']) {
        return false;
    }
    let file = match spec.rsplit_once('#') {
        Some((file, face)) if !face.is_empty() && face.bytes().all(|b| b.is_ascii_digit()) => file,
        _ => spec,
    };
    !has_font_extension(file) && !dir.is_some_and(|(d, files)| files.exists(&d.join(file)))
}

/// Lower case, without spaces, hyphens and underscores: `URW-Bookman` and
/// `urw bookman` name the same family.
#[cfg(not(target_arch = "wasm32"))]
fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The weight (100–900) and slant a style name asks for: `bold`,
/// `light italic`, `SemiBold`, `700`; `None` for a word it does not know.
#[cfg(not(target_arch = "wasm32"))]
fn style_words(style: &str) -> Option<(u16, bool)> {
    let s = normalize(style);
    let (rest, italic) = match s
        .strip_suffix("italic")
        .or_else(|| s.strip_suffix("oblique"))
    {
        Some(rest) => (rest, true),
        None => (s.as_str(), false),
    };
    let weight = match rest {
        "" | "regular" | "normal" | "book" | "roman" => 400,
        "thin" | "hairline" => 100,
        "extralight" | "ultralight" => 200,
        "light" => 300,
        "medium" => 500,
        "semibold" | "demibold" | "demi" => 600,
        "bold" => 700,
        "extrabold" | "ultrabold" => 800,
        "black" | "heavy" => 900,
        n => n.parse().ok().filter(|w| (1..=1000).contains(w))?,
    };
    Some((weight, italic))
}

#[cfg(target_arch = "wasm32")]
/// Family names need the installed fonts of a computer: always an error here.
pub fn find(spec: &str) -> Result<Found, String> {
    Err(format!(
        "`{}` is a font family name, and the web page cannot look up installed fonts; choose a font file instead",
        crate::error::User(spec)
    ))
}

#[cfg(not(target_arch = "wasm32"))]
pub use scan::{find, search_dirs};

#[cfg(not(target_arch = "wasm32"))]
mod scan {
    use super::*;
    use crate::error::User;
    use crate::limits::{
        MAX_COLLECTION_FACES, MAX_FONT_DIR_DEPTH, MAX_FONT_DIR_ENTRIES, MAX_FONT_FACES_SCANNED,
        MAX_FONT_FILES_SCANNED, MAX_FONT_SCAN_BYTES, MAX_FONT_TABLES, MAX_NAMES_KEPT,
        MAX_NAME_BYTES, MAX_NAME_RECORDS, MAX_NAME_TABLE_BYTES,
    };
    use std::collections::HashSet;
    use std::fs::File;
    use std::io::{Read, Seek, SeekFrom};
    use std::path::{Path, PathBuf};
    use std::sync::{Arc, Mutex};

    /// One face of an installed font file, as far as the scan read it.
    #[derive(Debug)]
    struct Face {
        path: PathBuf,
        index: u32,
        /// Every family name it gives (typographic and legacy, all languages).
        families: Vec<String>,
        /// Every style name (typographic and legacy subfamily).
        styles: Vec<String>,
        /// Every full name (`Noto Sans CJK TC Bold`).
        full: Vec<String>,
        /// OS/2 weight class (400 when the table is missing).
        weight: u16,
        italic: bool,
    }

    /// What one scan found.
    #[derive(Debug, Default)]
    struct Index {
        faces: Vec<Face>,
        files: usize,
        /// Bytes read from font files so far.
        bytes: u64,
        /// A limit stopped the scan early.
        cut: bool,
    }

    /// The folders searched: those of [`ENV_DIRS`] when it is set, else the
    /// standard font folders of Linux, the BSDs, macOS and Windows.
    pub fn search_dirs() -> Vec<PathBuf> {
        if let Some(v) = std::env::var_os(ENV_DIRS) {
            return std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect();
        }
        let mut dirs: Vec<PathBuf> = [
            "/usr/share/fonts",
            "/usr/local/share/fonts",
            "/usr/X11R6/lib/X11/fonts",
            "/Library/Fonts",
            "/System/Library/Fonts",
            "/Network/Library/Fonts",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        if let Some(home) = std::env::var_os("HOME") {
            let home = PathBuf::from(home);
            dirs.push(home.join(".local/share/fonts"));
            dirs.push(home.join(".fonts"));
            dirs.push(home.join("Library/Fonts"));
        }
        if let Some(data) = std::env::var_os("XDG_DATA_HOME") {
            dirs.push(PathBuf::from(data).join("fonts"));
        }
        if let Some(win) = std::env::var_os("WINDIR").or_else(|| std::env::var_os("SystemRoot")) {
            dirs.push(PathBuf::from(win).join("Fonts"));
        }
        if let Some(local) = std::env::var_os("LOCALAPPDATA") {
            dirs.push(PathBuf::from(local).join("Microsoft\\Windows\\Fonts"));
        }
        dirs
    }

    /// The scan of the folders last searched, made once per process (again
    /// only if the folders change).
    fn index() -> Arc<Index> {
        static CACHE: Mutex<Option<(Vec<PathBuf>, Arc<Index>)>> = Mutex::new(None);
        let dirs = search_dirs();
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((d, index)) = cache.as_ref() {
            if *d == dirs {
                return index.clone();
            }
        }
        let index = Arc::new(scan(&dirs));
        *cache = Some((dirs, index.clone()));
        index
    }

    /// Walks the folders, bounded (see the module's documentation).
    fn scan(dirs: &[PathBuf]) -> Index {
        let mut index = Index::default();
        let mut seen: HashSet<PathBuf> = HashSet::new();
        let mut seen_files: HashSet<PathBuf> = HashSet::new();
        let mut entries = 0usize;
        // Depth first, in name order, so that the first of equal faces is
        // always the same one.
        let mut todo: Vec<(PathBuf, usize)> = dirs.iter().rev().map(|d| (d.clone(), 0)).collect();
        while let Some((dir, depth)) = todo.pop() {
            let Ok(canonical) = std::fs::canonicalize(&dir) else {
                continue;
            };
            if !seen.insert(canonical) {
                continue;
            }
            let Ok(read) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut names: Vec<PathBuf> = Vec::new();
            for entry in read.flatten() {
                entries += 1;
                if entries > MAX_FONT_DIR_ENTRIES {
                    index.cut = true;
                    break;
                }
                names.push(entry.path());
            }
            names.sort();
            let mut subdirs = Vec::new();
            for path in names {
                // Follows symbolic links; the `seen` set stops loops.
                let Ok(meta) = std::fs::metadata(&path) else {
                    continue;
                };
                if meta.is_dir() {
                    if depth < MAX_FONT_DIR_DEPTH {
                        subdirs.push((path, depth + 1));
                    }
                } else if meta.is_file()
                    && path
                        .file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(has_font_extension)
                {
                    // Links to one file: read once.
                    let first = std::fs::canonicalize(&path).is_ok_and(|c| seen_files.insert(c));
                    if !first {
                        continue;
                    }
                    if index.files >= MAX_FONT_FILES_SCANNED
                        || index.faces.len() >= MAX_FONT_FACES_SCANNED
                        || index.bytes >= MAX_FONT_SCAN_BYTES
                    {
                        index.cut = true;
                        return index;
                    }
                    index.files += 1;
                    read_faces(&path, meta.len(), &mut index);
                }
            }
            todo.extend(subdirs.into_iter().rev());
            if index.cut {
                break;
            }
        }
        index
    }

    /// Most style names a message lists: 20.
    const MAX_LISTED: usize = 20;

    fn be16(b: &[u8], at: usize) -> u16 {
        u16::from_be_bytes([b[at], b[at + 1]])
    }

    fn be32(b: &[u8], at: usize) -> u32 {
        u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
    }

    /// Reads `len` bytes at `offset` of a file `len_of_file` long, counted in
    /// `read` (nothing once [`MAX_FONT_SCAN_BYTES`] are read).
    fn read_at(
        file: &mut File,
        len_of_file: u64,
        read: &mut u64,
        offset: u64,
        len: u32,
    ) -> Option<Vec<u8>> {
        if offset.checked_add(u64::from(len))? > len_of_file
            || *read + u64::from(len) > MAX_FONT_SCAN_BYTES
        {
            return None;
        }
        *read += u64::from(len);
        file.seek(SeekFrom::Start(offset)).ok()?;
        let mut buf = vec![0; len as usize];
        file.read_exact(&mut buf).ok()?;
        Some(buf)
    }

    /// Reads the names and style of every face of one font file, skipping
    /// what cannot be read.
    fn read_faces(path: &Path, len: u64, index: &mut Index) {
        let Ok(mut file) = File::open(path) else {
            return;
        };
        let read = &mut index.bytes;
        let Some(head) = read_at(&mut file, len, read, 0, 12) else {
            return;
        };
        let offsets: Vec<u64> = if &head[0..4] == b"ttcf" {
            let n = be32(&head, 8).min(MAX_COLLECTION_FACES);
            match read_at(&mut file, len, read, 12, n * 4) {
                Some(b) => (0..n as usize)
                    .map(|i| u64::from(be32(&b, i * 4)))
                    .collect(),
                None => return,
            }
        } else {
            vec![0]
        };
        for (i, offset) in offsets.into_iter().enumerate() {
            if index.faces.len() >= MAX_FONT_FACES_SCANNED {
                index.cut = true;
                return;
            }
            if let Some(face) = read_face(&mut file, len, &mut index.bytes, offset, path, i as u32)
            {
                index.faces.push(face);
            }
        }
    }

    /// One face's names and style from its table directory at `offset`.
    fn read_face(
        file: &mut File,
        len: u64,
        read: &mut u64,
        offset: u64,
        path: &Path,
        index: u32,
    ) -> Option<Face> {
        let dir = read_at(file, len, read, offset, 12)?;
        if !matches!(&dir[0..4], [0, 1, 0, 0] | b"OTTO" | b"true") {
            return None;
        }
        let tables = be16(&dir, 4).min(MAX_FONT_TABLES);
        let records = read_at(file, len, read, offset + 12, u32::from(tables) * 16)?;
        let mut name = None;
        let mut os2 = None;
        for r in records.chunks_exact(16) {
            let at = (u64::from(be32(r, 8)), be32(r, 12));
            match &r[0..4] {
                b"name" => name = Some(at),
                b"OS/2" => os2 = Some(at),
                _ => {}
            }
        }
        let (at, size) = name?;
        let name_bytes = read_at(file, len, read, at, size.min(MAX_NAME_TABLE_BYTES))?;
        let names = ttf_parser::name::Table::parse(&name_bytes)?;
        let (mut weight, mut italic) = (400, false);
        if let Some((at, size)) = os2 {
            if let Some(bytes) = read_at(file, len, read, at, size.min(1024)) {
                if let Some(t) = ttf_parser::os2::Table::parse(&bytes) {
                    weight = t.weight().to_number();
                    italic = t.style() != ttf_parser::Style::Normal;
                }
            }
        }
        let mut face = Face {
            path: path.to_path_buf(),
            index,
            families: Vec::new(),
            styles: Vec::new(),
            full: Vec::new(),
            weight,
            italic,
        };
        use ttf_parser::name_id;
        // Typographic names first: they are what `fc-list` shows as the family.
        for id in [
            name_id::TYPOGRAPHIC_FAMILY,
            name_id::FAMILY,
            name_id::TYPOGRAPHIC_SUBFAMILY,
            name_id::SUBFAMILY,
            name_id::FULL_NAME,
        ] {
            let records = names.names.into_iter().take(MAX_NAME_RECORDS);
            for n in records.filter(|n| n.name_id == id && n.name.len() <= MAX_NAME_BYTES) {
                let list = match id {
                    name_id::TYPOGRAPHIC_FAMILY | name_id::FAMILY => &mut face.families,
                    name_id::FULL_NAME => &mut face.full,
                    _ => &mut face.styles,
                };
                if list.len() >= MAX_NAMES_KEPT {
                    continue;
                }
                let Some(s) = n.to_string().filter(|s| !s.trim().is_empty()) else {
                    continue;
                };
                if !list.contains(&s) {
                    list.push(s);
                }
            }
        }
        (!face.families.is_empty()).then_some(face)
    }

    fn found(face: &Face) -> Found {
        Found {
            path: face.path.clone(),
            index: face.index,
            family: face.families[0].clone(),
            style: face.styles.first().cloned().unwrap_or_default(),
        }
    }

    /// The face of `faces` closest to a weight and slant: the right slant
    /// first, then the nearest weight (the lighter of two as near), then
    /// the first found.
    fn closest<'a>(faces: &[&'a Face], weight: u16, italic: bool) -> &'a Face {
        faces
            .iter()
            .min_by_key(|f| (f.italic != italic, f.weight.abs_diff(weight), f.weight))
            .copied()
            .expect("a family has at least one face")
    }

    /// Finds the installed face a theme's family name (`Family`,
    /// `Family:Style` or a full name) names. The error says why none does,
    /// with up to five close family names and where to look.
    pub fn find(spec: &str) -> Result<Found, String> {
        let index = index();
        let (family, style) = match spec.split_once(':') {
            Some((f, s)) => (f.trim(), Some(s.trim())),
            None => (spec.trim(), None),
        };
        let want = normalize(family);
        let faces: Vec<&Face> = index
            .faces
            .iter()
            .filter(|f| f.families.iter().any(|n| normalize(n) == want))
            .collect();
        if !faces.is_empty() {
            let Some(style) = style.filter(|s| !s.is_empty()) else {
                return Ok(found(closest(&faces, 400, false)));
            };
            let norm = normalize(style);
            if let Some(f) = faces
                .iter()
                .find(|f| f.styles.iter().any(|s| normalize(s) == norm))
            {
                return Ok(found(f));
            }
            if let Some((weight, italic)) = style_words(style) {
                return Ok(found(closest(&faces, weight, italic)));
            }
            let mut styles: Vec<&str> = faces
                .iter()
                .filter_map(|f| f.styles.first().map(String::as_str))
                .collect();
            styles.sort_unstable();
            styles.dedup();
            let family = User(family);
            return Err(format!(
                "the font family `{family}` has no style `{}`; its styles are {}; words such as bold, italic, light or a weight from 100 to 900 pick the nearest",
                User(style),
                styles
                    .iter()
                    .take(MAX_LISTED)
                    .map(|s| format!("`{family}:{}`", User(s)))
                    .collect::<Vec<_>>()
                    .join(", ")
                    + if styles.len() > MAX_LISTED { ", …" } else { "" }
            ));
        }
        if style.is_none() {
            // A full name: `Noto Sans CJK TC Bold`.
            if let Some(f) = index.faces.iter().find(|f| {
                f.full.iter().any(|n| normalize(n) == want)
                    || f.families.iter().any(|fam| {
                        let fam = normalize(fam);
                        want.strip_prefix(&fam).is_some_and(|rest| {
                            !rest.is_empty() && f.styles.iter().any(|s| normalize(s) == rest)
                        })
                    })
            }) {
                return Ok(found(f));
            }
        }
        Err(not_found(family, &index))
    }

    /// The message for a family no installed font has.
    fn not_found(family: &str, index: &Index) -> String {
        let query = family.to_lowercase();
        let mut names: Vec<&str> = index
            .faces
            .iter()
            .flat_map(|f| f.families.iter().map(String::as_str))
            .collect();
        names.sort_unstable();
        names.dedup();
        let mut close: Vec<(f64, &str)> = names
            .iter()
            .map(|n| {
                let lower = n.to_lowercase();
                let mut score = strsim::jaro_winkler(&query, &lower);
                if !query.is_empty() && (lower.contains(&query) || query.contains(&lower)) {
                    score += 0.2;
                }
                (score, *n)
            })
            .filter(|(score, _)| *score >= 0.8)
            .collect();
        close.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
        let close: Vec<String> = close
            .iter()
            .take(5)
            .map(|(_, n)| format!("`{}`", User(n)))
            .collect();
        let all = search_dirs();
        let dirs: Vec<&PathBuf> = all.iter().filter(|d| d.is_dir()).collect();
        let searched = if dirs.is_empty() {
            format!(
                "none of the font folders exists: {}",
                all.iter()
                    .map(|d| User(&d.to_string_lossy()).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        } else {
            format!(
                "searched {} font file{} in {}{}",
                index.files,
                if index.files == 1 { "" } else { "s" },
                dirs.iter()
                    .map(|d| User(&d.to_string_lossy()).to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                if index.cut {
                    ", stopping at the scan's limits"
                } else {
                    ""
                }
            )
        };
        let close = match close.is_empty() {
            true => String::new(),
            false => format!("; close family names: {}", close.join(", ")),
        };
        format!(
            "no installed font has the family `{}` ({searched}){close}; `fc-list : family` lists the installed families, or give the font file's path (a path holds `/` or ends in .ttf, .otf, .ttc or .otc)",
            User(family)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn values_are_told_apart() {
        for family in ["URW Bookman", "URW Bookman:bold", "Noto Sans CJK TC Bold"] {
            assert!(is_family_name(family, None), "{family}");
        }
        for path in [
            "builtin:kai",
            "fonts/My.ttf",
            "My.TTF",
            "a\\b",
            "Collection.ttc#2",
            "Font.OTC",
        ] {
            assert!(!is_family_name(path, None), "{path}");
        }
        // A file that exists beside the theme is a path, whatever its name.
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let files = crate::input::Files::default();
        assert!(!is_family_name("README.md", Some((dir, &files))));
        assert!(is_family_name("README", Some((dir, &files))));
    }

    #[test]
    fn style_words_give_weights() {
        assert_eq!(style_words("Bold"), Some((700, false)));
        assert_eq!(style_words("light italic"), Some((300, true)));
        assert_eq!(style_words("SemiBold-Italic"), Some((600, true)));
        assert_eq!(style_words("650"), Some((650, false)));
        assert_eq!(style_words("Condensed"), None);
        assert_eq!(normalize("URW-Bookman L"), "urwbookmanl");
    }
}

//! Loading a theme's pictures: each reference (`builtin:NAME` or a file) read
//! once, sniffed by its first bytes (PNG and JPEG decoded as rasters, SVG
//! parsed as a drawing), and every failure reported with its key, in the
//! order the keys were written.

use std::path::Path;
use std::sync::Arc;

use super::cache::{self, Step};
use super::decode::{sniff, Format};
use super::framed::{frame_numbers, frame_raster, Framed};
use super::{decode, Art, Limits};
use crate::error::Error;
use crate::game::Animal;
use crate::icons::Icon;
use crate::input::{shown_path, Files, InputKind};
use crate::limits::{MAX_DOCUMENT_PIXELS, MAX_ICON_BYTES};
use crate::theme::{Background, PictureRef, Theme};

/// Reads one picture reference (from `files` before the disk) and frames it
/// (see [`super::framed`]), or takes the same picture framed the same way
/// before ([`cache`]); messages start with the file's name.
fn load_framed(
    spec: &PictureRef,
    background: Background,
    files: &Files,
) -> Result<(Art, Option<Framed>), String> {
    let art = load(&spec.file, files)?;
    // The first core reads no raster picture (see `load`).
    #[cfg(feature = "web-lite")]
    return Ok((art, None));
    let Art::Raster(r) = art else {
        return Ok((art, None));
    };
    let shown = format!("`{}`", shown_path(Path::new(&spec.file)));
    let numbers = frame_numbers(&spec.frame, background);
    let framed = cache::get_or(Step::Framed, r.digest, &numbers, || {
        let raster = Arc::try_unwrap(r).unwrap_or_else(|r| (*r).clone());
        frame_raster(raster, &spec.frame, background)
    })
    .map_err(|e| format!("{shown}: {e}"))?;
    // The file's own name: the line stays short enough to be read whole.
    let name = Path::new(&spec.file)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let framed = Framed {
        gave_up: framed
            .gave_up
            .map(|m| format!("`{}`: {m}", crate::error::User(&name))),
        ..framed
    };
    Ok((Art::Raster(framed.raster.clone()), Some(framed)))
}

/// Frames picture `bytes` as a theme that names it without a frame would
/// (the automatic frame, the paper cleaned as `background` says) and keeps
/// the result ([`cache`]) for the next documents: the web page frames each
/// photo as it is chosen, before the pages are made. False when the picture
/// cannot be read or framed (the document says why).
pub fn frame_ahead(bytes: &[u8], background: Background) -> bool {
    let Ok(r) = decode(bytes, "picture", Limits::default()) else {
        return false;
    };
    let frame = crate::theme::Frame::default();
    let numbers = frame_numbers(&frame, background);
    cache::get_or(Step::Framed, r.digest, &numbers, || {
        frame_raster(r, &frame, background)
    })
    .is_ok()
}

/// Reads one picture reference (a file from `files` before the disk).
fn load(spec: &str, files: &Files) -> Result<Art, String> {
    if let Some(name) = spec.strip_prefix("builtin:") {
        return Icon::builtin(name)
            .map(|i| Art::Vector(Arc::new(i)))
            .ok_or_else(|| format!("unknown built-in picture `{}`", crate::error::shown(name)));
    }
    let path = Path::new(spec);
    let shown = format!("`{}`", shown_path(path));
    let bytes = files
        .read_bytes(path, InputKind::Picture)
        .map_err(|e| format!("{shown}: {e}"))?;
    if sniff(&bytes) == Format::Svg {
        if bytes.len() as u64 > MAX_ICON_BYTES {
            return Err(format!(
                "{shown}: the SVG file is {} bytes, larger than the limit of {} bytes for drawings; simplify it or save it as PNG",
                bytes.len(),
                MAX_ICON_BYTES
            ));
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            format!("{shown}: the SVG file is not UTF-8 text; save it with the UTF-8 encoding")
        })?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        return Icon::parse(text, &shown).map(|i| Art::Vector(Arc::new(i)));
    }
    #[cfg(feature = "web-lite")]
    return Err(format!("{shown}: {}", crate::lite::REFUSAL));
    #[cfg(not(feature = "web-lite"))]
    decode(&bytes, &shown, Limits::default()).map(|r| Art::Raster(Arc::new(r)))
}

/// The pictures of a document, loaded.
#[derive(Debug, Clone, Default)]
pub struct Pictures {
    animals: Vec<(Animal, Art, String)>,
    scenery: Vec<(&'static str, Art)>,
    /// Decoded pixels of pictures decoded to be framed and placed whole, by
    /// the digest of the picture placed.
    decoded: rustc_hash::FxHashMap<u64, Arc<crate::scene::Raster>>,
    /// One line for each picture whose automatic framing gave up, framed
    /// nearly the whole photo or found more than one drawing: (key, message).
    notes: Vec<(String, String)>,
    /// The automatic frame of each photo, as the theme line that writes it.
    frames: Vec<(String, String)>,
}

/// The theme line that frames `file` (as the theme names it) for `key` by
/// hand: `pictures.rat = { file = "rat.jpg", crop = [x, y, w, h] }`.
pub fn crop_line(key: &str, file: &str, crop: [f64; 4]) -> String {
    let [x, y, w, h] = crop.map(crate::error::num);
    format!(
        "{key} = {{ file = {}, crop = [{x}, {y}, {w}, {h}] }}",
        toml::Value::String(file.to_string())
    )
}

impl Pictures {
    /// Loads every picture `theme` uses: each animal's (`pictures.X`, else
    /// `icons.X` when `icons` is true) and the scenery. `fox`: the fox plays.
    /// All failures are reported together, in the order they were written.
    pub fn load(theme: &Theme, fox: bool, animals: bool) -> Result<Pictures, Error> {
        cache::next_document();
        let mut out = Pictures::default();
        let mut failures: Vec<(String, String)> = Vec::new();
        let mut pixels = 0u64;
        // The largest picture: (pixels, key, file), to blame it.
        let mut largest: (u64, String, String) = Default::default();
        let mut seen = std::collections::BTreeSet::new();
        // Each file read and framed once, however many keys name it the same way.
        let mut read: Vec<(PictureRef, (Art, Option<Framed>))> = Vec::new();
        let mut load_once = |spec: &PictureRef| -> Result<(Art, Option<Framed>), String> {
            if let Some((_, done)) = read.iter().find(|(s, _)| s == spec) {
                return Ok(done.clone());
            }
            let done = load_framed(spec, theme.pictures.background, &theme.files)?;
            read.push((spec.clone(), done.clone()));
            Ok(done)
        };
        let mut note = |art: &Art, key: &str, spec: &str| {
            // Each different picture once, however many keys name it.
            if let Art::Raster(r) = art {
                if seen.insert(r.digest) {
                    pixels += r.pixel_count();
                    if r.pixel_count() > largest.0 {
                        largest = (r.pixel_count(), key.to_string(), spec.to_string());
                    }
                }
            }
        };
        if animals {
            for a in Animal::ALL {
                let name = if fox && a == Animal::Wolf {
                    "fox"
                } else {
                    a.key()
                };
                let picture = theme.pictures.animal_ref(a, fox);
                let (spec, key) = match picture.file.as_str() {
                    "" => (
                        PictureRef::plain(theme.icons.get(a, fox)),
                        format!("icons.{name}"),
                    ),
                    _ => (picture.clone(), format!("pictures.{name}")),
                };
                match load_once(&spec) {
                    Ok((art, framed)) => {
                        note(&art, &key, &spec.file);
                        out.keep(framed, &key, &spec.file, true);
                        out.animals.push((a, art, key));
                    }
                    Err(m) => failures.push((key, m)),
                }
            }
        }
        for (name, spec) in theme.pictures.scenery_refs() {
            if spec.file.is_empty() {
                continue;
            }
            let key = format!("pictures.{name}");
            // The first core draws no scenery: the design check measures it as a PNG.
            #[cfg(feature = "web-lite")]
            return Err(crate::lite::refused("picture"));
            #[cfg(not(feature = "web-lite"))]
            match load_once(spec) {
                Ok((art, framed)) => {
                    note(&art, &key, &spec.file);
                    out.keep(framed, &key, &spec.file, false);
                    out.scenery.push((name, art));
                }
                Err(m) => failures.push((key, m)),
            }
        }
        if !failures.is_empty() {
            return Err(joined(theme, failures));
        }
        if pixels > MAX_DOCUMENT_PIXELS {
            let (most, key, spec) = largest;
            let message = format!(
                "the theme's pictures hold {} million pixels in all, more than the limit of {} million; the largest is `{}` ({} million): make the largest ones smaller (300 dpi at the printed size is enough)",
                pixels / 1_000_000,
                MAX_DOCUMENT_PIXELS / 1_000_000,
                crate::error::User(&shown_path(Path::new(&spec))),
                most / 1_000_000
            );
            return Err(joined(theme, vec![(key, message)]));
        }
        Ok(out)
    }

    /// Keeps what framing a picture left for later: its decoded pixels, the
    /// frame chosen automatically and the lines saying what to look at. A
    /// frame nearly the whole photo is warned about for an animal (its
    /// drawing would print small on the counter), not for scenery (a lid or
    /// a board photographed whole is as meant).
    fn keep(&mut self, framed: Option<Framed>, key: &str, file: &str, animal: bool) {
        let Some(f) = framed else { return };
        if let Some(d) = f.decoded {
            self.decoded.insert(f.raster.digest, d);
        }
        if let Some(m) = f.gave_up {
            self.notes.push((key.to_string(), format!("{key}: {m}")));
        }
        let Some(auto) = f.auto else { return };
        let line = crop_line(key, file, auto.crop);
        let name = crate::error::User(file);
        if !auto.others.is_empty() {
            let others: Vec<String> = auto
                .others
                .iter()
                .map(|c| format!("`{}`", crop_line(key, file, *c)))
                .collect();
            self.notes.push((
                key.to_string(),
                format!(
                    "{key}: `{name}`: the sheet holds {} drawings, and the frame takes the largest; to choose, frame it by hand in a theme with the line of the one you want: `{line}` (the one taken), {}",
                    auto.others.len() + 1,
                    others.join(", ")
                ),
            ));
        } else if animal && auto.nearly_whole() {
            self.notes.push((
                key.to_string(),
                format!(
                    "{key}: `{name}`: the automatic frame is nearly the whole photo ({:.0} % of it), so the drawing may print small; photograph the sheet closer, or frame it by hand in a theme: `{line}`, with the drawing's box in fractions of the photo",
                    auto.crop[2] * auto.crop[3] * 100.0
                ),
            ));
        }
        self.frames.push((key.to_string(), line));
    }

    /// The automatic frame of each photo framed automatically, as the theme
    /// line that frames it by hand: (key, line).
    pub fn frames(&self) -> &[(String, String)] {
        &self.frames
    }

    /// The decoded pixels of the picture placed with `digest`, when they were
    /// decoded to frame it.
    pub fn decoded(&self, digest: u64) -> Option<&Arc<crate::scene::Raster>> {
        self.decoded.get(&digest)
    }

    /// Lines about pictures whose automatic framing gave up: (key, message).
    pub fn notes(&self) -> &[(String, String)] {
        &self.notes
    }

    /// An animal's picture and the key that named it, if loaded.
    pub fn animal(&self, a: Animal) -> Option<(&Art, &str)> {
        self.animals
            .iter()
            .find(|(x, ..)| *x == a)
            .map(|(_, art, key)| (art, key.as_str()))
    }

    /// A scenery picture (`board`, `land`, `river`, `trap`, `den`, `back`, `lid`).
    pub fn scenery(&self, name: &str) -> Option<&Art> {
        self.scenery
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, art)| art)
    }
}

/// One error for every failed key, each on its own line with its place,
/// ordered by where the keys were written.
fn joined(theme: &Theme, mut failures: Vec<(String, String)>) -> Error {
    let error = |key: &str, m: String| {
        theme.origins.error(key, m, |message| Error::Asset {
            key: key.to_string(),
            message,
        })
    };
    if failures.len() == 1 {
        let (key, m) = failures.remove(0);
        return error(&key, m);
    }
    let place = |key: &str| match theme.origins.place(key) {
        Some(p) => {
            let (file, line) = p.rsplit_once(':').unwrap_or((&p, "0"));
            (file.to_string(), line.parse::<usize>().unwrap_or(0))
        }
        None => (String::new(), 0),
    };
    failures.sort_by_key(|(key, _)| place(key));
    let first = failures[0].0.clone();
    let lines: Vec<String> = failures
        .into_iter()
        .map(|(key, m)| error(&key, m).to_string())
        .collect();
    Error::Asset {
        key: first,
        message: format!(
            "{} pictures could not be used:\n  {}",
            lines.len(),
            lines.join("\n  ")
        ),
    }
}

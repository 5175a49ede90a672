//! A theme's picture reference and how the picture is framed: the plain
//! form `pictures.lion = "lion.jpg"` and the table form
//! `pictures.lion = { file = "lion.jpg", crop = [0.1, 0.2, 0.6, 0.5], zoom = 1.2 }`.
//!
//! Every position and size of a frame is a fraction (0–1) of the picture as
//! it is shown upright (after its EXIF orientation), x to the right and y
//! down from its top-left corner, so that a frame does not depend on the
//! picture's resolution. [`schema`](super::schema) checks the values; the
//! framing itself is [`crate::picture::frame`]'s.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Where the frame starts before any zoom: [`Frame::crop`] when given, else
/// this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FrameStart {
    /// A photo (a JPEG, or a PNG of many colours without transparency) is
    /// cropped to the drawing found on its paper; other pictures are whole.
    #[default]
    Auto,
    /// The whole picture: automatic framing off.
    Whole,
}

impl FrameStart {
    /// The word a theme writes.
    pub fn name(self) -> &'static str {
        match self {
            FrameStart::Auto => "auto",
            FrameStart::Whole => "whole",
        }
    }
}

/// How one picture is framed.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Frame {
    /// Automatic or whole, when no crop is given.
    pub start: FrameStart,
    /// `[x, y, w, h]`: the part of the upright picture kept, as fractions of
    /// its width and height (replaces the automatic frame).
    pub crop: Option<[f64; 4]>,
    /// Magnification of the frame (1 when absent): above 1 shows less of the
    /// picture, larger; below 1 more of it (never beyond its edges).
    pub zoom: Option<f64>,
    /// `[x, y]`: the point of the upright picture, as fractions, that the
    /// zoomed frame is centred on (as near as the picture's edges allow);
    /// the frame's own centre when absent.
    pub focus: Option<[f64; 2]>,
}

impl Frame {
    /// True for the default (automatic, no crop, zoom or focus): the plain
    /// string form says it all.
    pub fn is_default(&self) -> bool {
        *self == Frame::default()
    }
}

/// A picture: `builtin:NAME`, a file path made absolute, or empty for none;
/// and its framing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PictureRef {
    /// The reference as written (a path made absolute against the theme's
    /// folder).
    pub file: String,
    /// How the picture is framed.
    pub frame: Frame,
}

impl PictureRef {
    /// A reference with the default framing.
    pub fn plain(file: impl Into<String>) -> PictureRef {
        PictureRef {
            file: file.into(),
            frame: Frame::default(),
        }
    }
}

/// The table form, as written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    frame: Option<FrameStart>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    crop: Option<[f64; 4]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    zoom: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    focus: Option<[f64; 2]>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Written {
    Plain(String),
    Table(Table),
}

impl Serialize for PictureRef {
    /// The plain string when the framing is the default, else the table.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.frame.is_default() {
            return s.serialize_str(&self.file);
        }
        Table {
            file: self.file.clone(),
            frame: (self.frame.start != FrameStart::Auto).then_some(self.frame.start),
            crop: self.frame.crop,
            zoom: self.frame.zoom,
            focus: self.frame.focus,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for PictureRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match Written::deserialize(d)? {
            Written::Plain(file) => PictureRef::plain(file),
            Written::Table(t) => PictureRef {
                file: t.file,
                frame: Frame {
                    start: t.frame.unwrap_or_default(),
                    crop: t.crop,
                    zoom: t.zoom,
                    focus: t.focus,
                },
            },
        })
    }
}

/// What happens to the paper around a drawing found in a photo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Background {
    /// The photo as taken.
    Keep,
    /// The paper around a drawing photographed on a sheet cleaned to white:
    /// its tint, its uneven light and its ruling (lines and squares).
    #[default]
    White,
    /// The paper made transparent (the drawing sits on the counter's
    /// plate), its uneven light and its ruling taken out.
    Remove,
}

/// The words [`Background`] is written with.
pub const BACKGROUNDS: &[&str] = &["white", "keep", "remove"];

/// The words [`FrameStart`] is written with.
pub const FRAME_STARTS: &[&str] = &["auto", "whole"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_table_forms_read_and_write_back() {
        let t: toml::Table = toml::from_str(
            "a = \"x.png\"\nb = { file = \"y.jpg\", crop = [0.1, 0.2, 0.5, 0.5], zoom = 1.5 }\n",
        )
        .unwrap();
        let a: PictureRef = t["a"].clone().try_into().unwrap();
        let b: PictureRef = t["b"].clone().try_into().unwrap();
        assert_eq!(a, PictureRef::plain("x.png"));
        assert_eq!(b.frame.crop, Some([0.1, 0.2, 0.5, 0.5]));
        assert_eq!(b.frame.zoom, Some(1.5));
        assert_eq!(toml::Value::try_from(&a).unwrap().as_str(), Some("x.png"));
        let back: PictureRef = toml::Value::try_from(&b).unwrap().try_into().unwrap();
        assert_eq!(back, b);
        let inline = toml::Value::try_from(&b).unwrap().to_string();
        assert!(
            inline.starts_with('{') && inline.contains("file = \"y.jpg\""),
            "{inline}"
        );
    }
}

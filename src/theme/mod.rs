//! Themes: colours, line widths and fonts, loaded from TOML.
//!
//! Lengths are millimetres. Colours are written `#rrggbb`, `#rgb`,
//! `rgb(r, g, b)` or `cmyk(c%, m%, y%, k%)`.

use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{toml_error, Error};
use crate::layout::Side;
use crate::scene::Color;

/// A colour as written in a theme file.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThemeColor(pub Color);

impl ThemeColor {
    /// Parses `#rrggbb`, `#rgb`, `rgb(r, g, b)` or `cmyk(c%, m%, y%, k%)`.
    pub fn parse(s: &str) -> Result<ThemeColor, String> {
        let t = s.trim();
        let bad = || {
            format!("`{s}` is not a colour; write \"#rrggbb\", \"rgb(r, g, b)\" or \"cmyk(c%, m%, y%, k%)\"")
        };
        if let Some(hex) = t.strip_prefix('#') {
            let hex = match hex.len() {
                3 => hex.chars().flat_map(|c| [c, c]).collect(),
                6 => hex.to_string(),
                _ => return Err(bad()),
            };
            let v = u32::from_str_radix(&hex, 16).map_err(|_| bad())?;
            return Ok(ThemeColor(Color::Rgb(
                (v >> 16) as u8,
                (v >> 8) as u8,
                v as u8,
            )));
        }
        let args = |name: &str| -> Option<Vec<String>> {
            let inner = t
                .strip_prefix(name)?
                .trim()
                .strip_prefix('(')?
                .strip_suffix(')')?;
            Some(inner.split(',').map(|x| x.trim().to_string()).collect())
        };
        if let Some(a) = args("rgb") {
            let v: Vec<u8> = a.iter().filter_map(|x| x.parse().ok()).collect();
            if v.len() == 3 && a.len() == 3 {
                return Ok(ThemeColor(Color::Rgb(v[0], v[1], v[2])));
            }
            return Err(bad());
        }
        if let Some(a) = args("cmyk") {
            let v: Vec<f32> = a
                .iter()
                .filter_map(|x| x.trim_end_matches('%').trim().parse::<f32>().ok())
                .filter(|v| (0.0..=100.0).contains(v))
                .map(|v| v / 100.0)
                .collect();
            if v.len() == 4 && a.len() == 4 {
                return Ok(ThemeColor(Color::Cmyk(v[0], v[1], v[2], v[3])));
            }
            return Err(bad());
        }
        Err(bad())
    }
}

impl<'de> Deserialize<'de> for ThemeColor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ThemeColor::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl Serialize for ThemeColor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Color::Rgb(..) => s.serialize_str(&self.0.to_hex()),
            Color::Cmyk(c, m, y, k) => {
                let p = |v: f32| (v * 1000.0).round() / 10.0;
                s.serialize_str(&format!("cmyk({}%, {}%, {}%, {}%)", p(c), p(m), p(y), p(k)))
            }
        }
    }
}

/// Page settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageStyle {
    /// Margin on every edge of the paper, in mm; nothing is printed outside it.
    pub margin: f64,
}

/// How the board is drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardStyle {
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
}

/// The two players' colours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideColors {
    pub south: ThemeColor,
    pub north: ThemeColor,
}

/// How a side's counters are told apart without colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FaceStyle {
    /// The whole face in the side's colour, text in the light face colour.
    Filled,
    /// A light face with a thick ring, text in the side's colour.
    Ringed,
}

/// How counters are drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterStyle {
    pub south_style: FaceStyle,
    pub north_style: FaceStyle,
    /// The light face colour (ringed faces, text on filled faces).
    pub face: ThemeColor,
    /// Ring width as a fraction of the counter size (0.02–0.2).
    pub ring_width: f64,
    pub cut: ThemeColor,
    /// Cut line width, mm.
    pub cut_width: f64,
    pub fold: ThemeColor,
    pub guides: ThemeColor,
}

/// Font choices: `builtin:NAME` or a path to a TTF/OTF file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FontChoice {
    /// The face for large Chinese characters.
    pub han: String,
    /// The face for running text; characters it lacks fall back to `han`.
    pub text: String,
    /// The bold face for titles and numbers; falls back to `han`.
    pub bold: String,
}

/// A complete theme.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// Short name.
    pub name: String,
    /// One line saying what it is for.
    pub description: String,
    pub page: PageStyle,
    pub board: BoardStyle,
    pub sides: SideColors,
    pub counters: CounterStyle,
    pub fonts: FontChoice,
}

/// Built-in themes: (name, TOML source).
pub const BUILTIN: [(&str, &str); 1] = [("classic", include_str!("../themes/classic.toml"))];

impl Theme {
    /// A built-in theme by name.
    pub fn builtin(name: &str) -> Result<Theme, Error> {
        let (n, src) = BUILTIN.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            Error::usage(
                "--theme",
                format!(
                    "unknown theme `{name}`; built-in themes are {} (or give a .toml file)",
                    BUILTIN
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        Theme::parse(src, &format!("builtin theme `{n}`"))
    }

    /// A built-in name or a path to a TOML file.
    pub fn from_arg(arg: &str) -> Result<Theme, Error> {
        if arg.ends_with(".toml") || arg.contains('/') {
            let src = std::fs::read_to_string(Path::new(arg)).map_err(|e| Error::Io {
                path: arg.to_string(),
                source: e,
            })?;
            Theme::parse(&src, arg)
        } else {
            Theme::builtin(arg)
        }
    }

    /// Parses and checks a theme; `origin` names it in error messages.
    pub fn parse(src: &str, origin: &str) -> Result<Theme, Error> {
        let t: Theme = toml::from_str(src).map_err(|e| toml_error(origin, src, &e))?;
        let checks = [
            ("page.margin", t.page.margin, 0.0, 50.0),
            ("board.grid_width", t.board.grid_width, 0.0, 3.0),
            ("board.border_width", t.board.border_width, 0.0, 5.0),
            ("counters.ring_width", t.counters.ring_width, 0.02, 0.2),
            ("counters.cut_width", t.counters.cut_width, 0.01, 1.0),
        ];
        for (key, v, lo, hi) in checks {
            if !(lo..=hi).contains(&v) {
                let name = key.rsplit('.').next().unwrap_or(key);
                let off = src.find(&format!("{name} =")).unwrap_or(0);
                let (line, column) = crate::error::line_col(src, off);
                return Err(Error::Input {
                    origin: origin.to_string(),
                    line,
                    column,
                    key: format!("key `{key}`: "),
                    message: format!("{v} mm is out of range; expected {lo} to {hi} mm"),
                });
            }
        }
        Ok(t)
    }

    /// A side's face style.
    pub fn face_style(&self, side: Side) -> FaceStyle {
        match side {
            Side::South => self.counters.south_style,
            Side::North => self.counters.north_style,
        }
    }

    /// A side's colour.
    pub fn side(&self, side: Side) -> Color {
        match side {
            Side::South => self.sides.south.0,
            Side::North => self.sides.north.0,
        }
    }
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::builtin("classic").expect("the classic theme is valid")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse() {
        assert_eq!(
            ThemeColor::parse("#ff8000").unwrap().0,
            Color::Rgb(255, 128, 0)
        );
        assert_eq!(
            ThemeColor::parse("#f80").unwrap().0,
            Color::Rgb(255, 136, 0)
        );
        assert_eq!(
            ThemeColor::parse("rgb(1, 2, 3)").unwrap().0,
            Color::Rgb(1, 2, 3)
        );
        assert_eq!(
            ThemeColor::parse("cmyk(0%, 100%, 100%, 0%)").unwrap().0,
            Color::Cmyk(0.0, 1.0, 1.0, 0.0)
        );
        assert!(ThemeColor::parse("#12345").is_err());
        assert!(ThemeColor::parse("rgb(1,2)").is_err());
    }

    #[test]
    fn bad_colour_names_line_and_key() {
        let src = BUILTIN[0]
            .1
            .replace("river = \"#9ccbea\"", "river = \"blu\"");
        let e = Theme::parse(&src, "my.toml").unwrap_err().to_string();
        assert!(
            e.starts_with("my.toml:") && e.contains("board.river") && e.contains("not a colour"),
            "{e}"
        );
    }

    #[test]
    fn unknown_key_is_rejected() {
        let src = BUILTIN[0].1.replace("land = ", "lnad = ");
        let e = Theme::parse(&src, "my.toml").unwrap_err().to_string();
        assert!(e.contains("lnad"), "{e}");
    }
}

//! Theme colours: parsing what users write, writing it back, and contrast.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::scene::Color;

/// A colour as written in a theme file: `#rrggbb`, `#rgb`, `rgb(r, g, b)`,
/// `cmyk(c%, m%, y%, k%)` or a CSS colour name (`navy`, `white`, …).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThemeColor(pub Color);

/// What a colour may look like, for error messages.
pub const COLOR_FORMS: &str =
    "\"#rrggbb\", \"#rgb\", \"rgb(r, g, b)\", \"cmyk(c%, m%, y%, k%)\" or a CSS colour name such as \"navy\"";

impl ThemeColor {
    /// Parses any of the forms in [`COLOR_FORMS`].
    pub fn parse(s: &str) -> Result<ThemeColor, String> {
        let t = s.trim();
        let bad = || format!("`{s}` is not a colour; write {COLOR_FORMS}");
        if let Some(inner) = t
            .strip_prefix("cmyk")
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('('))
            .and_then(|r| r.strip_suffix(')'))
        {
            let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
            let v: Vec<f32> = parts
                .iter()
                .filter_map(|x| x.trim_end_matches('%').trim().parse::<f32>().ok())
                .filter(|v| (0.0..=100.0).contains(v))
                .map(|v| v / 100.0)
                .collect();
            return match (parts.len(), v.as_slice()) {
                (4, [c, m, y, k]) => Ok(ThemeColor(Color::Cmyk(*c, *m, *y, *k))),
                _ => Err(format!(
                    "`{s}` is not a CMYK colour; write four percentages from 0 to 100, e.g. \"cmyk(0%, 80%, 90%, 10%)\""
                )),
            };
        }
        let c: svgtypes::Color = t.parse().map_err(|_| bad())?;
        if c.alpha != 255 {
            return Err(format!(
                "`{s}` is see-through; print colours must be opaque: write {COLOR_FORMS}"
            ));
        }
        Ok(ThemeColor(Color::Rgb(c.red, c.green, c.blue)))
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

/// Relative luminance of a colour (WCAG 2.x, sRGB), 0 for black to 1 for white.
pub fn luminance(c: Color) -> f64 {
    let (r, g, b) = c.to_rgb();
    let lin = |v: u8| {
        let v = v as f64 / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// WCAG contrast ratio between two colours, from 1 (none) to 21 (black on white).
pub fn contrast(a: Color, b: Color) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_parses() {
        let p = |s: &str| ThemeColor::parse(s).unwrap().0;
        assert_eq!(p("#ff8000"), Color::Rgb(255, 128, 0));
        assert_eq!(p("#f80"), Color::Rgb(255, 136, 0));
        assert_eq!(p("rgb(1, 2, 3)"), Color::Rgb(1, 2, 3));
        assert_eq!(p("navy"), Color::Rgb(0, 0, 128));
        assert_eq!(p("White"), Color::Rgb(255, 255, 255));
        assert_eq!(
            p("cmyk(0%, 100%, 100%, 0%)"),
            Color::Cmyk(0.0, 1.0, 1.0, 0.0)
        );
        assert_eq!(p("cmyk(0, 50, 0, 0)"), Color::Cmyk(0.0, 0.5, 0.0, 0.0));
    }

    #[test]
    fn bad_colours_say_what_would_be_right() {
        for bad in [
            "#12345",
            "rgb(1,2)",
            "blu",
            "",
            "cmyk(0,0,0)",
            "cmyk(0,0,0,120)",
        ] {
            let e = ThemeColor::parse(bad).unwrap_err();
            assert!(
                e.contains("write") || e.contains("percentages"),
                "{bad}: {e}"
            );
        }
        assert!(ThemeColor::parse("transparent")
            .unwrap_err()
            .contains("opaque"));
    }

    #[test]
    fn contrast_matches_wcag() {
        assert!((contrast(Color::BLACK, Color::WHITE) - 21.0).abs() < 1e-9);
        assert!((contrast(Color::WHITE, Color::WHITE) - 1.0).abs() < 1e-9);
        // #767676 on white is the classic 4.54:1 threshold grey.
        let grey = Color::Rgb(0x76, 0x76, 0x76);
        assert!((contrast(grey, Color::WHITE) - 4.54).abs() < 0.01);
    }
}

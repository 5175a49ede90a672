//! Theme colours: parsing what users write, writing it back, and contrast.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::scene::Color;

/// A colour as written in a theme file: `#rrggbb`, `#rgb`, `rgb(r, g, b)`
/// (0–255 each, or percentages), `cmyk(c, m, y, k)` (fractions 0–1, or
/// percentages with `%`) or a CSS colour name (`navy`, `white`, …).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThemeColor(pub Color);

/// What a colour may look like, for error messages.
pub const COLOR_FORMS: &str =
    "\"#rrggbb\", \"#rgb\", \"rgb(r, g, b)\" (0–255), \"cmyk(c%, m%, y%, k%)\" (0–100 %, or fractions 0–1 without %) or a CSS colour name such as \"navy\"";

/// One channel of `rgb()` or `cmyk()`: a plain number or a percentage.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Channel {
    Plain(f64),
    Percent(f64),
}

/// Splits `name( a, b, … )` into its channels; `None` when `t` is not that function.
fn channels<'a>(t: &'a str, name: &str) -> Option<Result<Vec<Channel>, &'a str>> {
    let inner = t
        .get(..name.len())
        .filter(|p| p.eq_ignore_ascii_case(name))
        .map(|_| t[name.len()..].trim_start())?
        .strip_prefix('(')?
        .strip_suffix(')')?;
    Some(
        inner
            .split(',')
            .map(str::trim)
            .map(|x| {
                let (num, pct) = match x.strip_suffix('%') {
                    Some(n) => (n.trim_end(), true),
                    None => (x, false),
                };
                match num.parse::<f64>() {
                    Ok(v) if v.is_finite() && pct => Ok(Channel::Percent(v)),
                    Ok(v) if v.is_finite() => Ok(Channel::Plain(v)),
                    _ => Err(x),
                }
            })
            .collect(),
    )
}

impl ThemeColor {
    /// Parses any of the forms in [`COLOR_FORMS`]. Values out of range are
    /// refused, never clamped: the message says what was wrong and how to write it.
    pub fn parse(s: &str) -> Result<ThemeColor, String> {
        let t = s.trim();
        let bad = || format!("`{s}` is not a colour; write {COLOR_FORMS}");
        if let Some(parts) = channels(t, "cmyk") {
            let form = "four inks from 0% to 100%, e.g. \"cmyk(0%, 80%, 90%, 10%)\", or as fractions from 0 to 1, e.g. \"cmyk(0, 0.8, 0.9, 0.1)\"";
            let parts =
                parts.map_err(|x| format!("`{x}` in `{s}` is not a number; write {form}"))?;
            if parts.len() != 4 {
                return Err(format!("`{s}` has {} values; write {form}", parts.len()));
            }
            let mut v = [0f32; 4];
            for (out, ch) in v.iter_mut().zip(&parts) {
                *out = match *ch {
                    Channel::Percent(p) if (0.0..=100.0).contains(&p) => (p / 100.0) as f32,
                    Channel::Plain(f) if (0.0..=1.0).contains(&f) => f as f32,
                    Channel::Percent(p) => {
                        return Err(format!("{p}% in `{s}` is out of range; each ink is 0% to 100%"))
                    }
                    Channel::Plain(f) => {
                        return Err(format!(
                            "{f} in `{s}` is out of range: plain numbers are fractions from 0 to 1; for percentages add %, e.g. \"{f}%\""
                        ))
                    }
                };
            }
            return Ok(ThemeColor(Color::Cmyk(v[0], v[1], v[2], v[3])));
        }
        if let Some(parts) = channels(t, "rgb") {
            let form = "three values from 0 to 255, e.g. \"rgb(200, 40, 30)\", or percentages, e.g. \"rgb(80%, 15%, 10%)\"";
            let parts =
                parts.map_err(|x| format!("`{x}` in `{s}` is not a number; write {form}"))?;
            if parts.len() != 3 {
                return Err(format!("`{s}` has {} values; write {form}", parts.len()));
            }
            let mut v = [0u8; 3];
            for (out, ch) in v.iter_mut().zip(&parts) {
                *out = match *ch {
                    Channel::Percent(p) if (0.0..=100.0).contains(&p) => {
                        (p / 100.0 * 255.0).round() as u8
                    }
                    Channel::Plain(f) if (0.0..=255.0).contains(&f) => f.round() as u8,
                    Channel::Percent(p) => {
                        return Err(format!(
                            "{p}% in `{s}` is out of range; each channel is 0% to 100%"
                        ))
                    }
                    Channel::Plain(f) => {
                        return Err(format!(
                            "{f} in `{s}` is out of range; each channel is 0 to 255"
                        ))
                    }
                };
            }
            return Ok(ThemeColor(Color::Rgb(v[0], v[1], v[2])));
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
            // Themes never hold spot colours; print-shop output adds them.
            Color::Rgb(..) | Color::Spot(_) => s.serialize_str(&self.0.to_hex()),
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

/// The everyday name of a colour's family, as a key of a language pack's
/// `[looks]` table: `black`, `grey`, `white`, `red`, `orange`, `yellow`,
/// `green`, `blue`, `purple`, `pink` or `brown` (from its hue, saturation
/// and lightness in HSL).
pub fn family(c: Color) -> &'static str {
    let (r, g, b) = c.to_rgb();
    let [r, g, b] = [r, g, b].map(|v| v as f64 / 255.0);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let l = (max + min) / 2.0;
    let chroma = max - min;
    if chroma < 0.12 || l < 0.08 {
        return match l {
            l if l < 0.22 => "black",
            l if l > 0.88 => "white",
            _ => "grey",
        };
    }
    let h = if max == r {
        60.0 * ((g - b) / chroma).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / chroma + 2.0)
    } else {
        60.0 * ((r - g) / chroma + 4.0)
    };
    match h {
        h if !(15.0..345.0).contains(&h) => {
            if l > 0.7 {
                "pink"
            } else {
                "red"
            }
        }
        h if h < 45.0 => {
            // A dark orange prints as a rust brown.
            if l < 0.3 {
                "brown"
            } else {
                "orange"
            }
        }
        h if h < 70.0 => {
            if l < 0.3 {
                "brown"
            } else {
                "yellow"
            }
        }
        h if h < 170.0 => "green",
        h if h < 260.0 => "blue",
        h if h < 300.0 => "purple",
        _ => "pink",
    }
}

/// WCAG contrast ratio between two colours, from 1 (none) to 21 (black on white).
pub fn contrast(a: Color, b: Color) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

/// `a` with a share `t` (0 to 1) of `b` mixed in. Two CMYK colours mix ink by
/// ink (so a CMYK theme stays CMYK); anything else mixes in sRGB, channel by
/// channel, rounded to whole values.
pub fn mix(a: Color, b: Color, t: f64) -> Color {
    let t = t.clamp(0.0, 1.0);
    if let (Color::Cmyk(c0, m0, y0, k0), Color::Cmyk(c1, m1, y1, k1)) = (a, b) {
        let f = |x: f32, y: f32| x + (y - x) * t as f32;
        return Color::Cmyk(f(c0, c1), f(m0, m1), f(y0, y1), f(k0, k1));
    }
    let ((r0, g0, b0), (r1, g1, b1)) = (a.to_rgb(), b.to_rgb());
    let f = |x: u8, y: u8| {
        (x as f64 + (y as f64 - x as f64) * t)
            .round()
            .clamp(0.0, 255.0) as u8
    };
    Color::Rgb(f(r0, r1), f(g0, g1), f(b0, b1))
}

/// `base` tinted towards its owner's colour `side` by a share `t` (0 to 1),
/// in CIELAB: its chroma (a*, b*) moves `t` of the way to the side's, its
/// lightness only a quarter as far, so a light square stays light and takes
/// the owner's hue rather than its darkness (a yellow trap tinted with blue
/// turns a paler, cooler yellow, not olive). Two CMYK colours mix ink by ink,
/// as [`mix`] does.
pub fn tint(base: Color, side: Color, t: f64) -> Color {
    if let (Color::Cmyk(..), Color::Cmyk(..)) = (base, side) {
        return mix(base, side, t);
    }
    let t = t.clamp(0.0, 1.0);
    let (a, b) = (lab(base), lab(side));
    from_lab([
        a[0] + (b[0] - a[0]) * t * 0.25,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ])
}

/// The sRGB colour (clipped to the gamut, rounded) of a CIELAB value (D65 white).
pub fn from_lab([l, a, b]: [f64; 3]) -> Color {
    let fy = (l + 16.0) / 116.0;
    let (fx, fz) = (fy + a / 500.0, fy - b / 200.0);
    let inv = |f: f64| {
        if f.powi(3) > 216.0 / 24389.0 {
            f.powi(3)
        } else {
            (116.0 * f - 16.0) / (24389.0 / 27.0)
        }
    };
    let (x, y, z) = (inv(fx) * 0.950_47, inv(fy), inv(fz) * 1.088_83);
    let r = 3.240_454_2 * x - 1.537_138_5 * y - 0.498_531_4 * z;
    let g = -0.969_266_0 * x + 1.876_010_8 * y + 0.041_556_0 * z;
    let bl = 0.055_643_4 * x - 0.204_025_9 * y + 1.057_225_2 * z;
    let channel = |v: f64| {
        let v = v.clamp(0.0, 1.0);
        let s = if v <= 0.003_130_8 {
            12.92 * v
        } else {
            1.055 * v.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round().clamp(0.0, 255.0) as u8
    };
    Color::Rgb(channel(r), channel(g), channel(bl))
}

/// An sRGB channel (0–255) as linear light, 0 to 1.
fn linear(v: u8) -> f64 {
    let v = v as f64 / 255.0;
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// CIELAB (D65 white) of a colour given as linear-light sRGB.
fn lab_of_linear([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
    let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIELAB (L* 0–100, a*, b*; D65 white) of a colour as printed on screen (sRGB).
pub fn lab(c: Color) -> [f64; 3] {
    let (r, g, b) = c.to_rgb();
    lab_of_linear([linear(r), linear(g), linear(b)])
}

/// Machado, Oliveira & Fernandes (2009), deuteranopia at severity 1.0: the
/// matrix applied to linear-light sRGB.
const DEUTERANOPIA: [[f64; 3]; 3] = [
    [0.367_322, 0.860_646, -0.227_968],
    [0.280_085, 0.672_501, 0.047_413],
    [-0.011_820, 0.042_940, 0.968_881],
];

/// CIELAB of a colour as a deuteranope (about 1 in 20 boys: no green cones)
/// sees it: the Machado 2009 simulation (severity 1) on linear-light sRGB,
/// clipped to the gamut, then CIELAB.
pub fn lab_deuteranope(c: Color) -> [f64; 3] {
    let (r, g, b) = c.to_rgb();
    let v = [linear(r), linear(g), linear(b)];
    let m = DEUTERANOPIA.map(|row| (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0));
    lab_of_linear(m)
}

/// CIE76 colour difference ΔE*ab between two CIELAB values: the straight
/// distance; about 2 is just noticeable, 20 reads at a glance.
pub fn delta_e76(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// ΔE76 between two colours as a deuteranope sees them (see [`lab_deuteranope`]).
pub fn delta_e_deuteranope(a: Color, b: Color) -> f64 {
    delta_e76(lab_deuteranope(a), lab_deuteranope(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_goes_there_and_back_and_tints_keep_light_squares_light() {
        for c in [
            Color::Rgb(247, 214, 94),
            Color::Rgb(31, 78, 154),
            Color::WHITE,
        ] {
            assert_eq!(from_lab(lab(c)), c);
        }
        // classic's trap tinted with north's blue: lighter than an sRGB mix,
        // and yellow (b* > 0, a* ≥ 0), not olive.
        let (trap, blue) = (Color::Rgb(247, 214, 94), Color::Rgb(31, 78, 154));
        let t = lab(tint(trap, blue, 0.2));
        assert!(t[0] > lab(mix(trap, blue, 0.2))[0] + 3.0, "{t:?}");
        assert!(t[1] >= 0.0 && t[2] > 30.0, "{t:?}");
    }

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
        assert_eq!(p("cmyk(0, 0.5, 1, 0)"), Color::Cmyk(0.0, 0.5, 1.0, 0.0));
        assert_eq!(p("CMYK(0, 50%, 0, 0)"), Color::Cmyk(0.0, 0.5, 0.0, 0.0));
        assert_eq!(p("rgb(100%, 0%, 50%)"), Color::Rgb(255, 0, 128));
        assert_eq!(p("rgb(255,0,0)"), Color::Rgb(255, 0, 0));
    }

    #[test]
    fn out_of_range_is_refused_not_clamped() {
        let e = |s: &str| ThemeColor::parse(s).unwrap_err();
        assert!(e("cmyk(0, 50, 0, 0)").contains("fractions from 0 to 1"));
        assert!(e("cmyk(0, 50, 0, 0)").contains("\"50%\""));
        assert!(e("cmyk(0, 120%, 0, 0)").contains("0% to 100%"));
        assert!(e("cmyk(0, -0.1, 0, 0)").contains("out of range"));
        assert!(e("cmyk(0, NaN, 0, 0)").contains("not a number"));
        assert!(e("rgb(300, 0, 0)").contains("0 to 255"));
        assert!(e("rgb(-1, 0, 0)").contains("0 to 255"));
        assert!(e("rgb(0, 0, 101%)").contains("0% to 100%"));
        assert!(e("rgb(0, inf, 0)").contains("not a number"));
        assert!(e("rgb(1, 2)").contains("has 2 values"));
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
                e.contains("write") || e.contains("out of range"),
                "{bad}: {e}"
            );
        }
        assert!(ThemeColor::parse("transparent")
            .unwrap_err()
            .contains("opaque"));
    }

    #[test]
    fn colour_science_matches_published_values() {
        // sRGB white and black in CIELAB.
        let w = lab(Color::WHITE);
        assert!((w[0] - 100.0).abs() < 0.01 && w[1].abs() < 0.01 && w[2].abs() < 0.01);
        assert!(lab(Color::BLACK)[0].abs() < 1e-9);
        // Pure red: L* 53.24, a* 80.09, b* 67.20.
        let r = lab(Color::Rgb(255, 0, 0));
        assert!(
            (r[0] - 53.24).abs() < 0.05 && (r[1] - 80.09).abs() < 0.1 && (r[2] - 67.20).abs() < 0.1
        );
        // A deuteranope cannot tell this red from this green; white stays white.
        let (red, green) = (Color::Rgb(200, 90, 60), Color::Rgb(130, 120, 60));
        assert!(delta_e_deuteranope(red, green) < 0.4 * delta_e76(lab(red), lab(green)));
        assert!(delta_e_deuteranope(Color::WHITE, Color::WHITE) < 1e-9);
        let wd = lab_deuteranope(Color::WHITE);
        assert!((wd[0] - 100.0).abs() < 0.5, "{wd:?}");
        assert_eq!(
            mix(Color::WHITE, Color::BLACK, 0.5),
            Color::Rgb(128, 128, 128)
        );
        assert_eq!(
            mix(Color::Rgb(10, 20, 30), Color::WHITE, 0.0),
            Color::Rgb(10, 20, 30)
        );
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

#[cfg(test)]
mod family_tests {
    use super::family;
    use crate::scene::Color;

    #[test]
    fn colours_get_their_everyday_names() {
        for (hex, want) in [
            ((0, 0, 0), "black"),
            ((0x4d, 0x4d, 0x4d), "grey"),
            ((250, 250, 250), "white"),
            ((0xb8, 0x32, 0x2a), "red"),
            ((0x8f, 0x35, 0x00), "brown"),
            ((0xe0, 0x70, 0x10), "orange"),
            ((0x5a, 0x33, 0x0c), "brown"),
            ((0xf2, 0xc9, 0x1a), "yellow"),
            ((0x2e, 0x7d, 0x32), "green"),
            ((0x1f, 0x4e, 0x9a), "blue"),
            ((0x6a, 0x1b, 0x9a), "purple"),
            ((0xf4, 0x8f, 0xb1), "pink"),
        ] {
            let (r, g, b) = hex;
            assert_eq!(family(Color::Rgb(r, g, b)), want, "{hex:?}");
        }
    }
}

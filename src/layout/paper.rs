//! Paper sizes.

use crate::error::{Error, Opt};

/// A sheet size in millimetres, portrait (width ≤ height for the named sizes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paper {
    /// Width in mm.
    pub width: f64,
    /// Height in mm.
    pub height: f64,
}

/// Named sizes: (name, width mm, height mm).
pub const NAMED: [(&str, f64, f64); 8] = [
    ("a2", 420.0, 594.0),
    ("a3", 297.0, 420.0),
    ("a4", 210.0, 297.0),
    ("a5", 148.0, 210.0),
    ("letter", 215.9, 279.4),
    ("legal", 215.9, 355.6),
    ("tabloid", 279.4, 431.8),
    ("b4", 250.0, 353.0),
];

impl Paper {
    /// ISO A4.
    pub const A4: Paper = Paper {
        width: 210.0,
        height: 297.0,
    };

    /// The paper as [`Paper::parse`] reads it: its name when it has one,
    /// else `WIDTHxHEIGHT` in mm.
    pub fn arg(&self) -> String {
        NAMED
            .iter()
            .find(|(_, w, h)| *w == self.width && *h == self.height)
            .map(|(name, ..)| name.to_string())
            .unwrap_or_else(|| format!("{}x{}", self.width, self.height))
    }

    /// Parses a name (`a4`, `letter`, …) or `WIDTHxHEIGHT` in mm (`300x400`).
    pub fn parse(s: &str) -> Result<Paper, Error> {
        let t = s.trim().to_ascii_lowercase();
        if let Some((_, w, h)) = NAMED.iter().find(|(n, ..)| *n == t) {
            return Ok(Paper {
                width: *w,
                height: *h,
            });
        }
        let bad = || {
            Error::usage(
                Opt::Paper,
                format!(
                    "unknown paper size `{}`; expected one of {} or WIDTHxHEIGHT in mm (e.g. 300x400)",
                    crate::error::User(s),
                    NAMED.iter().map(|(n, ..)| *n).collect::<Vec<_>>().join(", ")
                ),
            )
        };
        let (w, h) = t.split_once('x').ok_or_else(bad)?;
        let (w, h): (f64, f64) = (
            w.trim().parse().map_err(|_| bad())?,
            h.trim().parse().map_err(|_| bad())?,
        );
        if !(50.0..=2000.0).contains(&w) || !(50.0..=2000.0).contains(&h) {
            return Err(Error::usage(
                Opt::Paper,
                format!(
                    "`{}`: each side must be between 50 and 2000 mm",
                    crate::error::User(s)
                ),
            ));
        }
        Ok(Paper {
            width: w,
            height: h,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_custom_sizes() {
        assert_eq!(Paper::parse("A4").unwrap(), Paper::A4);
        assert_eq!(Paper::parse("letter").unwrap().width, 215.9);
        assert_eq!(
            Paper::parse("300x400").unwrap(),
            Paper {
                width: 300.0,
                height: 400.0
            }
        );
        assert!(Paper::parse("banana")
            .unwrap_err()
            .to_string()
            .contains("unknown paper size `banana`"));
        assert!(Paper::parse("10x10").is_err());
    }
}

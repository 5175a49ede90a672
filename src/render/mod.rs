//! Renderers: each turns the drawing model ([`crate::scene`]) into one file format.
//! They never know what a board or a counter is.

pub mod pdf;
pub mod png;
pub mod svg;

/// Formats a length for output: rounded to 1/1000, no trailing zeros, no `-0`.
pub(crate) fn num(v: f64) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(super::num(1.0), "1");
        assert_eq!(super::num(-0.0001), "0");
        assert_eq!(super::num(2.50049), "2.5");
        assert_eq!(super::num(210.0), "210");
        assert_eq!(super::num(-1.23456), "-1.235");
    }
}

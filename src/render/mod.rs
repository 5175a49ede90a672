//! Renderers: each turns the drawing model ([`crate::scene`]) into one file format.
//! They never know what a board or a counter is.

pub mod mesh;
pub mod pdf;
pub mod png;
pub mod svg;
pub mod threemf;

use std::fmt::Write as _;

/// Formats a number for output (SVG lengths in mm, PDF operands in pt):
/// rounded to 1/1000, see [`write_num`].
pub(crate) fn num(v: f64) -> String {
    let mut s = String::new();
    write_num(&mut s, v, 3);
    s
}

/// Writes `v` rounded to `places` decimals (at most 6) as the shortest decimal
/// of that value: `12`, `-0.5`, `841.89`; `0` for anything that rounds to
/// zero (never `-0`) and for a non-finite `v` (which validated input never
/// gives). The one number formatter of every output file.
pub(crate) fn write_num(out: &mut String, v: f64, places: u32) {
    let scale = 10u64.pow(places.min(6));
    let n = (v * scale as f64).round();
    if !n.is_finite() || n == 0.0 {
        out.push('0');
        return;
    }
    if n.abs() >= 9e15 {
        // Beyond exact integers (no page comes near): the formatter's digits.
        let _ = write!(out, "{}", n / scale as f64);
        return;
    }
    // Written backwards into a buffer, then appended at once: the integer part
    // ends at byte 24, the fraction (up to 6 digits after the point) follows.
    let negative = n < 0.0;
    let n = n.abs() as u64;
    let (mut int, mut frac) = (n / scale, n % scale);
    let mut buf = [0u8; 32];
    let mut i = 24;
    loop {
        i -= 1;
        buf[i] = b'0' + (int % 10) as u8;
        int /= 10;
        if int == 0 {
            break;
        }
    }
    if negative {
        i -= 1;
        buf[i] = b'-';
    }
    let mut end = 24;
    if frac != 0 {
        let mut len = places.min(6) as usize;
        while frac % 10 == 0 {
            frac /= 10;
            len -= 1;
        }
        buf[24] = b'.';
        for k in (0..len).rev() {
            buf[25 + k] = b'0' + (frac % 10) as u8;
            frac /= 10;
        }
        end = 25 + len;
    }
    out.extend(buf[i..end].iter().map(|&b| b as char));
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
        let mut s = String::new();
        super::write_num(&mut s, -0.000_010_5, 6);
        assert_eq!(s, "-0.000011");
    }
}

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
    const POW10: [u64; 7] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
    let mut places = places.min(6) as usize;
    let scale = POW10[places];
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
    if n < 0.0 {
        out.push('-');
    }
    let n = n.abs() as u64;
    write_whole(out, n / scale);
    let mut fraction = n % scale;
    if fraction != 0 {
        // The fraction's trailing zeros dropped, its leading ones kept.
        out.push('.');
        while fraction.is_multiple_of(10) {
            fraction /= 10;
            places -= 1;
        }
        if places > 3 {
            digits(out, fraction / 1000, places - 3);
            digits(out, fraction % 1000, 3);
        } else {
            digits(out, fraction, places);
        }
    }
}

/// "000" to "999", three bytes each: numbers are written three digits at a
/// time from this table (a third of the work of a digit at a time).
const DIGITS: &str = {
    const BYTES: [u8; 3000] = {
        let mut b = [0u8; 3000];
        let mut i = 0;
        while i < 1000 {
            b[3 * i] = b'0' + (i / 100) as u8;
            b[3 * i + 1] = b'0' + (i / 10 % 10) as u8;
            b[3 * i + 2] = b'0' + (i % 10) as u8;
            i += 1;
        }
        b
    };
    match std::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("digits are ASCII"),
    }
};

/// The last `len` (1 to 3) digits of `n` (below 1000), zero-padded.
fn digits(out: &mut String, n: u64, len: usize) {
    let end = 3 * n as usize + 3;
    out.push_str(&DIGITS[end - len..end]);
}

/// A whole number, without leading zeros.
fn write_whole(out: &mut String, n: u64) {
    if n >= 1000 {
        write_whole(out, n / 1000);
        digits(out, n % 1000, 3);
    } else {
        let len = if n >= 100 {
            3
        } else if n >= 10 {
            2
        } else {
            1
        };
        digits(out, n, len);
    }
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
        // Every group of three digits, and the fraction's zeros inside.
        let cases = [
            (1_234_567.040_5, 4, "1234567.0405"),
            (1000.001, 3, "1000.001"),
            (1_000_000.0, 3, "1000000"),
            (0.5, 6, "0.5"),
            (0.123_456, 6, "0.123456"),
            (0.000_1, 6, "0.0001"),
            (-12.1, 1, "-12.1"),
            (999.9996, 3, "1000"),
            (5.0, 0, "5"),
        ];
        for (v, places, text) in cases {
            let mut s = String::new();
            super::write_num(&mut s, v, places);
            assert_eq!(s, text, "{v} to {places} places");
        }
    }
}

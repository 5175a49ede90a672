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
    let n = (v * POW10[places] as f64).round();
    if !n.is_finite() || n == 0.0 {
        out.push('0');
        return;
    }
    if n.abs() >= 9e15 {
        // Beyond exact integers (no page comes near): the formatter's digits.
        let _ = write!(out, "{}", n / POW10[places] as f64);
        return;
    }
    // The fraction's trailing zeros dropped, the digits are written
    // backwards into a buffer (the point `places` digits from the end),
    // then appended at once.
    let negative = n < 0.0;
    let mut n = n.abs() as u64;
    while places > 0 && n.is_multiple_of(10) {
        n /= 10;
        places -= 1;
    }
    let mut buf = [b'0'; 24];
    let mut i = buf.len();
    if places > 0 {
        for _ in 0..places {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        i -= 1;
        buf[i] = b'.';
    }
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if negative {
        i -= 1;
        buf[i] = b'-';
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or("0"));
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

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

/// Text that numbers are written into: a `String` (SVG, 3MF) or bytes (PDF
/// content streams, which take them without a UTF-8 check).
pub(crate) trait NumOut {
    /// Appends `ascii` (ASCII bytes only).
    fn put(&mut self, ascii: &[u8]);
    /// Appends the formatter's digits of `v` (numbers beyond 2^53 only).
    fn put_display(&mut self, v: f64);
}

impl NumOut for String {
    fn put(&mut self, ascii: &[u8]) {
        self.push_str(std::str::from_utf8(ascii).unwrap_or_default());
    }
    fn put_display(&mut self, v: f64) {
        let _ = write!(self, "{v}");
    }
}

impl NumOut for Vec<u8> {
    fn put(&mut self, ascii: &[u8]) {
        self.extend_from_slice(ascii);
    }
    fn put_display(&mut self, v: f64) {
        let _ = std::io::Write::write_fmt(self, format_args!("{v}"));
    }
}

/// Writes `v` rounded to `places` decimals (at most 6) as the shortest decimal
/// of that value: `12`, `-0.5`, `841.89`; `0` for anything that rounds to
/// zero (never `-0`) and for a non-finite `v` (which validated input never
/// gives). The one number formatter of every output file.
///
/// Rounding is half away from zero, as [`f64::round`], done on integers
/// (exact below 2^53); the digits are made right to left, two at a time,
/// in a small buffer appended at once.
#[inline]
pub(crate) fn write_num<O: NumOut>(out: &mut O, v: f64, places: u32) {
    const POW10: [u64; 7] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
    let mut places = places.min(6) as usize;
    let scale = POW10[places];
    let x = v * scale as f64;
    if !x.is_finite() || x.abs() >= 9e15 {
        // Not finite (written as 0), or beyond exact integers (no page comes
        // near): the formatter's digits.
        match x.is_finite() {
            true => out.put_display(x.round() / scale as f64),
            false => out.put(b"0"),
        }
        return;
    }
    // `x as i64` truncates; the fraction it leaves is exact.
    let mut n = x as i64;
    let rest = x - n as f64;
    if rest >= 0.5 {
        n += 1;
    } else if rest <= -0.5 {
        n -= 1;
    }
    if n == 0 {
        out.put(b"0");
        return;
    }
    let abs = n.unsigned_abs();
    let (mut whole, mut fraction) = (abs / scale, abs % scale);
    // At most 16 digits, a point and a sign.
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    // The two digits of `n` (below 100) before `at`.
    let two = |buf: &mut [u8; 20], at: &mut usize, n: u64| {
        *at -= 2;
        let i = 2 * n as usize;
        buf[*at..*at + 2].copy_from_slice(&PAIRS[i..i + 2]);
    };
    if fraction != 0 {
        // The fraction's trailing zeros dropped, its leading ones kept.
        while fraction.is_multiple_of(10) {
            fraction /= 10;
            places -= 1;
        }
        while places >= 2 {
            two(&mut buf, &mut at, fraction % 100);
            fraction /= 100;
            places -= 2;
        }
        if places == 1 {
            at -= 1;
            buf[at] = b'0' + fraction as u8;
        }
        at -= 1;
        buf[at] = b'.';
    }
    while whole >= 100 {
        two(&mut buf, &mut at, whole % 100);
        whole /= 100;
    }
    if whole >= 10 {
        two(&mut buf, &mut at, whole);
    } else {
        at -= 1;
        buf[at] = b'0' + whole as u8;
    }
    if n < 0 {
        at -= 1;
        buf[at] = b'-';
    }
    out.put(&buf[at..]);
}

/// "00" to "99", two ASCII digits each.
const PAIRS: [u8; 200] = {
    let mut b = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        b[2 * i] = b'0' + (i / 10) as u8;
        b[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    b
};

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

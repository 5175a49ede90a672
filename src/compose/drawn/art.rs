//! Placing pictures (the theme's, or the user's `--pictures`) in boxes on a
//! page, with a warning when a raster would print soft there. Lengths in mm,
//! page coordinates.

use crate::picture::{Art, Fit};
use crate::resolve::Resources;
use crate::scene::{Item, Seg};

/// Lowest print resolution before a picture is said to print soft, dpi.
pub const SOFT_DPI: f64 = 150.0;

/// `art` placed in `rect` (mm) as [`Art::place`] does; a raster picture that
/// would print below [`SOFT_DPI`] there is reported once per size, naming
/// `key`, its pixels, the printed size and the pixels 300 dpi needs.
pub(crate) fn place_art(
    res: &Resources,
    art: &Art,
    key: &str,
    rect: (f64, f64, f64, f64),
    fit: Fit,
    clip: Option<Vec<Seg>>,
) -> Item {
    if let Some((pw, ph)) = art.pixels() {
        let (w, h) = (rect.2, rect.3);
        let aspect = art.aspect();
        // The printed size of the whole picture (it overflows the box when covering).
        let (mw, mh) = match fit {
            Fit::Contain if w / h > aspect => (h * aspect, h),
            Fit::Contain => (w, w / aspect),
            Fit::Cover if w / h > aspect => (w, w / aspect),
            Fit::Cover => (h * aspect, h),
        };
        let dpi = crate::picture::dpi(pw, mw).min(crate::picture::dpi(ph, mh));
        if dpi < SOFT_DPI {
            let need = |mm: f64| (mm / 25.4 * 300.0).ceil();
            res.warn_key(key, format!(
                "{}: the picture is {pw} × {ph} pixels, printed {} × {} mm: {} dpi, which prints soft (below {SOFT_DPI}); give it at least {} × {} pixels for 300 dpi",
                res.theme.origins.place(key).map_or_else(|| format!("key `{key}`"), |p| format!("{p}: key `{key}`")),
                crate::error::num((mw * 10.0).round() / 10.0),
                crate::error::num((mh * 10.0).round() / 10.0),
                dpi.round(),
                need(mw),
                need(mh)
            ));
        }
    }
    art.place(rect, fit, clip)
}

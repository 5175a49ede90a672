//! Checks of the options several composers share, for callers that compose
//! pages without going through a job (which checks them first).

use crate::limits::MAX_BLEED;

/// Refuses a bleed outside 0 to [`MAX_BLEED`] mm (or not a number).
pub fn check_bleed(bleed: f64) -> Result<(), crate::error::Error> {
    if (0.0..=MAX_BLEED).contains(&bleed) {
        Ok(())
    } else {
        Err(crate::error::Error::usage(
            crate::error::Opt::Bleed,
            format!("{} mm is out of range; expected 0 to {MAX_BLEED} mm (print shops usually ask for 3)", crate::error::num(bleed)),
        ))
    }
}

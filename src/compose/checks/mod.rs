//! Checks measured rather than drawn: the designer's rules on a theme
//! ([`design_check`]: contrast, colours a colour-blind player tells apart)
//! and the cutting a set's card pages ask for ([`cutting`]).

pub mod cutting;
pub mod design_check;

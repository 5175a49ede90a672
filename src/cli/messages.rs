//! The command line's spelling of the library's options: each [`Opt`] is a
//! flag. The words themselves are the library's ([`Error::message`]).

use jungle_print::error::{spelled, Error, Opt};

/// The flag for an option: `--` and its name (`--copies`, `--for`); the
/// file given to `check`, and the command given to `man`, by those words.
pub(crate) fn flag(opt: Opt) -> String {
    match opt {
        Opt::Check => "check".into(),
        Opt::Command => "man".into(),
        other => format!("--{}", other.name()),
    }
}

/// A text of the library's with the options it names in braces (`{paper}`)
/// written as flags (`--paper`); braces around anything else stay.
pub(crate) fn with_flags(text: &str) -> String {
    spelled(text, &flag)
}

/// An error as the command line says it: the flag to change, what is wrong,
/// and what would be right.
pub(crate) fn message(e: &Error) -> String {
    e.message(flag)
}

//! The command line: its conventions (completions, man pages, `--quiet`),
//! exit codes, one-line messages naming the flag, and no file on failure.

mod conventions;
mod errors;
mod families;
mod options;

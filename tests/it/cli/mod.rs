//! The command line: its conventions (completions, man pages, `--quiet`),
//! exit codes, one-line messages naming the flag, and no file on failure;
//! a set split into one file per piece.

mod conventions;
mod errors;
mod families;
mod old_packs;
mod options;
mod split;

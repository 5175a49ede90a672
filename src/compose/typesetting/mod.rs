//! Typesetting: text on a page ([`label`]: a line, a line shrunk to fit, a
//! paragraph), the small typesetter that flows the handout down its pages
//! ([`flow`]) or writes it as a web page ([`html`]), and the Chinese readings set with the characters: running
//! Chinese text broken between words ([`running`]), Zhuyin columns beside
//! characters ([`phonetic`]) and pinyin over them ([`pinyin`]).
//!
//! The readings' data stay with the language packs, which are checked with
//! them: Zhuyin syllables in [`crate::lang::zhuyin`], the word lists that
//! cut sentences into words (and give each character its reading) in
//! [`crate::lang::words`].

pub mod flow;
pub mod html;
pub mod label;
pub mod phonetic;
pub mod pinyin;
pub mod running;

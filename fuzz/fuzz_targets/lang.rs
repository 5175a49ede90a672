//! Language packs: parse, check glyphs, print a board, the rules and the
//! poster (long texts with readings among them: the corpus has packs with
//! Zhuyin and pinyin).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(lang) = jungle_print::lang::Lang::parse(src, "fuzz.toml") else {
        return;
    };
    let Ok(res) = jungle_print::resolve::Resources::new(Default::default(), lang, Default::default())
    else {
        return;
    };
    common::print_all(&res, true);
    common::poster_and_preview(&res);
});

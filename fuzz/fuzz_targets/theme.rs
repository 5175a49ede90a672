//! Theme files: parse, resolve fonts and icons, print a board.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(theme) = jungle_print::theme::Theme::parse(src, "fuzz.toml") else {
        return;
    };
    let lang = jungle_print::lang::Lang::builtin("en").unwrap();
    let Ok(res) = jungle_print::resolve::Resources::new(theme, lang, Default::default()) else {
        return;
    };
    common::print_all(&res, false);
});

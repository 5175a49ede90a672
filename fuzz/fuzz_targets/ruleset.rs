//! Rulesets: parse, print a board and the rules, make puzzle sheets
//! (rulesets where no animal reaches a den, or puzzles are rare, among them).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = jungle_print::play::rules::Ruleset::parse(src, "fuzz.toml") else {
        return;
    };
    let lang = jungle_print::lang::Lang::builtin("en").unwrap();
    let Ok(res) = jungle_print::resolve::Resources::new(Default::default(), lang, rules) else {
        return;
    };
    common::print_all(&res, true);
    common::puzzles(&res);
});

//! The core of Jungle Kai that the web page bundles (`web` feature,
//! `fonts/JungleKai-Core.subset.ttf`) draws the English and French sets as the
//! whole face does: it has every character they set in Jungle Kai with every
//! built-in theme and ruleset, and those glyphs, their advances and the
//! metrics layout reads are the whole face's.

use jungle_print::compose::products::set::{set_pages, SetOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::Ruleset;
use jungle_print::resolve::Resources;
use jungle_print::theme::Theme;
use std::collections::BTreeSet;

const WHOLE: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fonts/JungleKai-Regular.ttf"
));
const CORE: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fonts/JungleKai-Core.subset.ttf"
));

/// The characters set in Jungle Kai by the sets the page previews with the core.
fn kai_chars() -> BTreeSet<char> {
    let mut chars = BTreeSet::new();
    for (theme, _) in jungle_print::theme::BUILTIN {
        for lang in ["en", "fr"] {
            for (rules, _) in jungle_print::play::rules::BUILTIN {
                let res = Resources::new(
                    Theme::builtin(theme).unwrap(),
                    Lang::builtin(lang).unwrap(),
                    Ruleset::builtin(rules).unwrap(),
                )
                .unwrap();
                let (pages, _) =
                    set_pages(&res, &Sheet::new(Paper::A4), &SetOptions::default()).unwrap();
                let doc = jungle_print::document(&res.game_title(), pages, &res);
                for page in &doc.pages {
                    for (_, items) in page.layers.iter() {
                        for run in jungle_print::scene::text_runs(items) {
                            if doc.fonts.get(run.font).name == "builtin:kai" {
                                chars.extend(run.text.chars().filter(|c| !c.is_whitespace()));
                            }
                        }
                    }
                }
            }
        }
    }
    chars
}

#[test]
fn the_core_has_every_character_the_english_and_french_sets_set_in_kai() {
    let core = ttf_parser::Face::parse(CORE, 0).unwrap();
    let chars = kai_chars();
    assert!(chars.contains(&'象') && chars.contains(&'A'), "{chars:?}");
    let missing: String = chars
        .iter()
        .filter(|c| core.glyph_index(**c).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "the core lacks {missing:?}: run `python3 fonts/build-fonts.py --core`"
    );
}

#[test]
fn the_cores_glyphs_advances_and_metrics_are_the_whole_faces() {
    let (core, whole) = (
        ttf_parser::Face::parse(CORE, 0).unwrap(),
        ttf_parser::Face::parse(WHOLE, 0).unwrap(),
    );
    assert_eq!(core.units_per_em(), whole.units_per_em());
    assert_eq!(core.ascender(), whole.ascender());
    assert_eq!(core.descender(), whole.descender());
    assert_eq!(core.capital_height(), whole.capital_height());
    let mut n = 0;
    for sub in core.tables().cmap.unwrap().subtables {
        sub.codepoints(|cp| {
            let Some(c) = char::from_u32(cp) else { return };
            let (Some(a), Some(b)) = (core.glyph_index(c), whole.glyph_index(c)) else {
                panic!("{c:?} is in the core but not in the whole face");
            };
            assert_eq!(
                core.glyph_hor_advance(a),
                whole.glyph_hor_advance(b),
                "{c:?}"
            );
            assert_eq!(
                core.glyph_bounding_box(a),
                whole.glyph_bounding_box(b),
                "{c:?}"
            );
            n += 1;
        });
    }
    assert!(n > 300, "{n} characters");
    // Where CJK text sits on its baseline (`FontBook::middle_em`).
    assert!(core.glyph_index('中').is_some());
}

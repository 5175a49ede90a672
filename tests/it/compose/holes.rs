//! No holes in the rules poster: no blank square larger than 45 mm inside
//! its type area (on posters wider than A4, 45 mm grown with the paper's
//! width), for every preset and language, Chinese with and without its
//! reading.

use crate::common::*;
use jungle_print::compose::products::poster::{poster_margin, poster_page, PosterOptions};
use jungle_print::lang::{Lang, Phonetic};
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::{Ruleset, BUILTIN as PRESETS};
use jungle_print::resolve::Resources;

use super::blank::blank_square;

/// The largest blank square allowed on an A4 page, mm.
const MAX_HOLE: f64 = 45.0;

/// Every language with every reading it may print.
fn readings() -> Vec<(&'static str, Option<Phonetic>)> {
    let mut out: Vec<_> = LANGS.iter().map(|l| (*l, None)).collect();
    out.extend([
        ("zh-Hant", Some(Phonetic::None)),
        ("zh-Hans", Some(Phonetic::None)),
        ("zh-Hant", Some(Phonetic::Zhuyin)),
        ("zh-Hans", Some(Phonetic::Pinyin)),
    ]);
    out
}

fn res(lang: &str, guide: Option<Phonetic>, preset: &str) -> Resources {
    let mut l = Lang::builtin(lang).unwrap();
    if let Some(g) = guide {
        l.set_phonetic(g).unwrap();
    }
    Resources::new(Default::default(), l, Ruleset::builtin(preset).unwrap()).unwrap()
}

#[test]
fn posters_have_no_hole() {
    let (mut seen, mut bad) = (Vec::new(), Vec::<String>::new());
    for name in ["a4", "letter", "a3", "a2"] {
        let paper = Paper::parse(name).unwrap();
        let limit = MAX_HOLE * (paper.width / Paper::A4.width).max(1.0);
        for (lang, guide) in readings() {
            for (preset, _) in PRESETS {
                let r = res(lang, guide, preset);
                let page = poster_page(&r, &PosterOptions { paper }).unwrap();
                let m = poster_margin(&r, paper);
                let (hole, hx, hy) =
                    blank_square(&page, &r, [m, m, paper.width - m, paper.height - m]);
                seen.push(format!(
                    "{name} {lang} {guide:?} {preset} at ({hx}, {hy}): {hole} mm"
                ));
                if hole > limit {
                    bad.push(format!("{} (at most {limit})", seen.last().unwrap()));
                }
            }
        }
    }
    eprintln!("{}", seen.join("\n"));
    assert!(bad.is_empty(), "holes in posters:\n{}", bad.join("\n"));
}

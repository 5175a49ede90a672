//! No holes in the rules poster and handout: no blank square larger than
//! 45 mm inside the type area (on paper wider than A4, 45 mm grown with the
//! paper's width; a handout's last page may end where its text ends), for
//! every preset and language, Chinese with and without its reading; the
//! handout draws a diagram for each rule.

use crate::common::*;
use jungle_print::compose::drawn::diagrams;
use jungle_print::compose::products::handout::{handout_margin, handout_pages, HandoutOptions};
use jungle_print::compose::products::poster::{poster_margin, poster_page, PosterOptions};
use jungle_print::game::Side;
use jungle_print::lang::{Lang, Phonetic};
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::{Ruleset, BUILTIN as PRESETS};
use jungle_print::resolve::Resources;
use jungle_print::scene::{Color, Item, Page, Paint, Seg, Transform};

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

/// The handout on every paper, in every language with every reading and
/// every preset: no page but the last has a blank square over 45 mm inside
/// its margins (grown with the paper's width past A4's, as the poster's).
#[test]
fn handouts_have_no_hole_but_on_their_last_page() {
    let (mut seen, mut bad) = (Vec::new(), Vec::<String>::new());
    for name in ["a4", "letter", "a3", "a2"] {
        let paper = Paper::parse(name).unwrap();
        let limit = MAX_HOLE * (paper.width / Paper::A4.width).max(1.0);
        for (lang, guide) in readings() {
            for (preset, _) in PRESETS {
                let r = res(lang, guide, preset);
                let pages = handout_pages(&r, &HandoutOptions { paper });
                let m = handout_margin(&r);
                for (i, page) in pages.iter().enumerate().take(pages.len() - 1) {
                    let (hole, hx, hy) =
                        blank_square(page, &r, [m, m, paper.width - m, paper.height - m]);
                    seen.push(format!(
                        "{name} {lang} {guide:?} {preset} page {} at ({hx}, {hy}): {hole} mm",
                        i + 1
                    ));
                    if hole > limit {
                        bad.push(format!("{} (at most {limit})", seen.last().unwrap()));
                    }
                }
            }
        }
    }
    eprintln!("{}", seen.join("\n"));
    assert!(bad.is_empty(), "holes in handouts:\n{}", bad.join("\n"));
}

/// The heads of the arrows drawn in the side to move's colour (South's), in
/// drawing order: (page, tip x, tip y), mm.
fn arrow_heads(pages: &[Page], r: &Resources) -> Vec<(usize, f64, f64)> {
    fn walk(
        items: &[Item],
        t: Transform,
        south: Color,
        page: usize,
        out: &mut Vec<(usize, f64, f64)>,
    ) {
        for item in items {
            match item {
                Item::Group(g) => walk(&g.items, t.then_apply(g.transform), south, page, out),
                Item::Clip(c) => walk(&c.items, t, south, page, out),
                Item::Path(p) => {
                    let triangle = matches!(
                        p.segs.as_slice(),
                        [Seg::Move(_), Seg::Line(_), Seg::Line(_), Seg::Close]
                    );
                    if triangle && p.fill == Some(Paint::Solid(south)) && p.stroke.is_none() {
                        if let Seg::Move(tip) = p.segs[0] {
                            let tip = t.apply(tip);
                            out.push((page, tip.x, tip.y));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        for (_, items) in page.layers.iter() {
            walk(
                items,
                Transform::IDENTITY,
                r.theme.side(Side::South),
                i,
                &mut out,
            );
        }
    }
    out
}

/// Every rule section of the handout has its diagram on the printed pages,
/// in order (moving, capturing, the river's leap, traps, the den; Animal
/// Checkers has no river or traps): the arrows of each are found together,
/// as many as the engine's diagram has legal moves, in every language,
/// reading and preset on A4.
#[test]
fn every_rule_section_of_the_handout_has_its_diagram() {
    for (lang, guide) in readings() {
        for (preset, _) in PRESETS {
            let r = res(lang, guide, preset);
            let pages = handout_pages(&r, &HandoutOptions { paper: Paper::A4 });
            // The set-up diagram has no move, the leap's blocked strip no
            // legal one.
            let want: Vec<(&str, usize)> = diagrams::all(&r)
                .iter()
                .map(|d| (d.name, d.moves.iter().filter(|s| s.legal).count()))
                .filter(|(_, n)| *n > 0)
                .collect();
            let names: Vec<&str> = want.iter().map(|(n, _)| *n).collect();
            let sections = if r.rules.variants.four_animals {
                vec!["move", "capture", "den"]
            } else {
                vec!["move", "capture", "leap", "trap", "den"]
            };
            assert_eq!(names, sections, "{preset}");
            // Arrows one after the other within 20 mm, on one page: one figure
            // (a small diagram is under 20 mm; two rule sections are further apart).
            let mut found: Vec<usize> = Vec::new();
            let mut first: Option<(usize, f64, f64)> = None;
            for (p, x, y) in arrow_heads(&pages, &r) {
                match first {
                    Some((fp, fx, fy))
                        if fp == p && (x - fx).abs() < 20.0 && (y - fy).abs() < 20.0 =>
                    {
                        *found.last_mut().unwrap() += 1;
                    }
                    _ => {
                        first = Some((p, x, y));
                        found.push(1);
                    }
                }
            }
            let counts: Vec<usize> = want.iter().map(|(_, n)| *n).collect();
            assert_eq!(
                found, counts,
                "{lang} {guide:?} {preset}: arrows by figure, against the diagrams {names:?}"
            );
        }
    }
}

/// The Traditional Chinese handout with Zhuyin beside every character
/// takes two A4 pages.
#[test]
fn the_zhuyin_handout_takes_two_a4_pages() {
    for (preset, _) in PRESETS {
        let r = res("zh-Hant", Some(Phonetic::Zhuyin), preset);
        let pages = handout_pages(&r, &HandoutOptions { paper: Paper::A4 });
        assert_eq!(pages.len(), 2, "{preset}");
    }
}

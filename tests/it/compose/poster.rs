//! The rules poster: one page for every preset × language on A4 and A2,
//! type that grows with the paper, nothing outside the printable area, no
//! river or trap panel for Animal Checkers, the ranks as the ruleset has
//! them, a clear refusal when even the smallest type does not fit.

use crate::common;

use super::blank::item_boxes;
use common::*;
use jungle_print::compose::products::poster::{poster_layout, poster_page, PosterOptions};
use jungle_print::lang::{Lang, Phonetic};
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::{Ruleset, BUILTIN as PRESETS};
use jungle_print::resolve::Resources;

fn res(lang: &str, preset: &str) -> Resources {
    res_read(lang, preset, None)
}

/// [`res`] with the phonetic guide `guide` instead of the pack's.
fn res_read(lang: &str, preset: &str, guide: Option<Phonetic>) -> Resources {
    let mut lang = Lang::builtin(lang).unwrap();
    if let Some(g) = guide {
        lang.set_phonetic(g).unwrap();
    }
    Resources::new(Default::default(), lang, Ruleset::builtin(preset).unwrap()).unwrap()
}

fn paper(name: &str) -> Paper {
    Paper::parse(name).unwrap()
}

#[test]
fn one_page_inside_the_margins_for_every_preset_and_language() {
    for name in ["a4", "a2", "letter"] {
        let p = paper(name);
        // Every pack as it comes, and zh-Hans with pinyin over every
        // character (which stands above the title's).
        let packs = LANGS.iter().map(|l| (*l, None));
        for (lang, guide) in packs.chain([("zh-Hans", Some(Phonetic::Pinyin))]) {
            for (preset, _) in PRESETS {
                let r = res_read(lang, preset, guide);
                let page = poster_page(&r, &PosterOptions { paper: p }).unwrap();
                assert_eq!((page.width, page.height), (p.width, p.height));
                let m = r.theme.page.margin.max(8.0);
                let boxes = item_boxes(&page, &r);
                assert!(boxes.len() > 100, "{name} {lang} {preset}: a full poster");
                for (what, [x0, y0, x1, y1]) in boxes {
                    let inside = x0 >= m - 0.01
                        && x1 <= p.width - m + 0.01
                        && y0 >= m - 0.01
                        && y1 <= p.height - m + 0.01;
                    assert!(
                        inside,
                        "{name} {lang} {preset}: `{what}` at ({x0:.1}, {y0:.1})–({x1:.1}, {y1:.1})"
                    );
                }
                let layout = poster_layout(&r, &PosterOptions { paper: p }).unwrap();
                for (panel, rect) in &layout.panels {
                    assert!(
                        rect.y >= m - 0.01 && rect.bottom() <= p.height - m + 0.01,
                        "{name} {lang} {preset}: panel {panel} {rect:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn type_grows_with_the_paper() {
    for lang in LANGS {
        for (preset, _) in PRESETS {
            let r = res(lang, preset);
            let body = |p: &str| {
                poster_layout(&r, &PosterOptions { paper: paper(p) })
                    .unwrap()
                    .body
            };
            let (a4, a3, a2) = (body("a4"), body("a3"), body("a2"));
            assert!(
                a4 >= jungle_print::limits::MIN_POSTER_BODY,
                "{lang} {preset}: {a4}"
            );
            assert!(
                a3 > a4 * 1.1 && a2 > a3 * 1.3,
                "{lang} {preset}: {a4} {a3} {a2}"
            );
            // Capitals of at least 6 mm on A2, read from two metres: Noto
            // Sans's capitals are 714/1000 em high (its OS/2 sCapHeight);
            // Chinese characters of Jungle Kai about 880/1000 (the ink of
            // 國, 動, 物, 棋, 的), which Zhuyin beside them needs.
            let tall = if lang.starts_with("zh") { 0.88 } else { 0.714 };
            // (5.9: the French fox poster, with the ending rule, prints
            // capitals of 5.95 mm.)
            assert!(a2 * tall >= 5.9, "{lang} {preset}: {a2} mm on A2");
        }
    }
}

#[test]
fn panels_follow_the_ruleset() {
    for lang in LANGS {
        for (preset, _) in PRESETS {
            let r = res(lang, preset);
            let layout = poster_layout(&r, &PosterOptions { paper: Paper::A4 }).unwrap();
            let names: Vec<&str> = layout.panels.iter().map(|(n, _)| *n).collect();
            let water = !r.rules.variants.four_animals;
            assert_eq!(
                names.contains(&"river"),
                water,
                "{lang} {preset}: {names:?}"
            );
            assert_eq!(
                names.contains(&"traps"),
                water,
                "{lang} {preset}: {names:?}"
            );
            for n in ["title", "board", "ranks", "move", "capture", "den"] {
                assert!(names.contains(&n), "{lang} {preset}: {n} in {names:?}");
            }
            assert_eq!(layout.ranks, r.rules.animals_by_rank(), "{lang} {preset}");
        }
    }
    assert_eq!(
        res("en", "checkers").rules.animals_by_rank().len(),
        4,
        "Animal Checkers plays four animals"
    );
}

#[test]
fn the_ranks_and_names_printed_come_from_the_ruleset_and_pack() {
    for (preset, _) in PRESETS {
        let mut r = res("en", preset);
        // A renamed animal shows on the poster under its new name, in the
        // ranks and in the lines that name it.
        r.lang.animals.rat.name = "Mouse".into();
        let page = poster_page(&r, &PosterOptions { paper: Paper::A4 }).unwrap();
        let text: String = item_boxes(&page, &r)
            .into_iter()
            .map(|(t, _)| t)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains("Mouse"), "{preset}");
        assert!(!text.contains("Rat"), "{preset}: {text}");
        for a in r.rules.animals_by_rank() {
            assert!(
                text.contains(&r.animal(a).name),
                "{preset}: {:?}",
                r.animal(a).name
            );
        }
        let fox = r.rules.play.fox;
        assert_eq!(text.contains("Fox"), fox, "{preset}");
    }
}

#[test]
fn too_small_paper_is_refused_clearly() {
    let r = res("fr", "standard");
    let e = poster_layout(
        &r,
        &PosterOptions {
            paper: paper("110x150"),
        },
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("does not fit on 110 × 150 mm")
            && e.contains("needs")
            && e.contains("larger paper"),
        "{e}"
    );
    // A pack without poster lines says so.
    let mut r = res("en", "standard");
    r.lang.poster = None;
    let e = poster_page(&r, &PosterOptions { paper: Paper::A4 })
        .unwrap_err()
        .to_string();
    assert!(e.contains("[poster]"), "{e}");
}

#[test]
fn poster_layout_snapshot() {
    let r = res("en", "standard");
    let layout = poster_layout(&r, &PosterOptions { paper: Paper::A4 }).unwrap();
    let mut text = format!("body {:.2} mm\n", layout.body);
    for (name, rect) in &layout.panels {
        text.push_str(&format!(
            "{name}: x {:.1} y {:.1} w {:.1} h {:.1}\n",
            rect.x, rect.y, rect.w, rect.h
        ));
    }
    text.push_str(&format!("ranks: {:?}\n", layout.ranks));
    let _snapshots = common::snapshots().bind_to_scope();
    insta::assert_snapshot!("poster_en_a4_layout", text);
}

#[test]
fn every_theme_prints_the_poster_inside_the_margins() {
    use jungle_print::theme::Theme;
    for theme in ["ink-saver", "high-contrast", "kids", "traditional"] {
        for lang in ["en", "zh-Hant"] {
            let r = Resources::new(
                Theme::builtin(theme).unwrap(),
                Lang::builtin(lang).unwrap(),
                Ruleset::default(),
            )
            .unwrap();
            let page = poster_page(&r, &PosterOptions { paper: Paper::A4 }).unwrap();
            let m = r.theme.page.margin.max(8.0);
            for (what, [x0, y0, x1, y1]) in item_boxes(&page, &r) {
                assert!(
                    x0 >= m - 0.01
                        && x1 <= 210.0 - m + 0.01
                        && y0 >= m - 0.01
                        && y1 <= 297.0 - m + 0.01,
                    "{theme} {lang}: `{what}` at ({x0:.1}, {y0:.1})–({x1:.1}, {y1:.1})"
                );
            }
        }
    }
}

/// The poster's text as drawn, runs joined by spaces.
fn poster_text(lang: &str, preset: &str) -> String {
    let r = res(lang, preset);
    let page = poster_page(&r, &PosterOptions { paper: Paper::A4 }).unwrap();
    item_boxes(&page, &r)
        .into_iter()
        .map(|(t, _)| t)
        .filter(|t| t != "path" && t != "clip")
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lines name animals with the pack's articles, the starting side by its
/// place, the elephant's exception by the ruleset's traps, and leaps over
/// (not along) the river.
#[test]
fn poster_lines_read_as_sentences() {
    let en = poster_text("en", "standard");
    for want in [
        "the rat may capture",
        "The elephant may not capture the rat",
        "except in a trap on the elephant’s side",
        "(South) moves first",
        "leap over the river",
    ] {
        assert!(en.contains(want), "`{want}` in {en}");
    }
    assert!(!en.contains("along the river"), "{en}");
    // Names inside a sentence are not capitalised as titles.
    assert!(en.contains("Swimmers: the rat."), "{en}");
    let fr = poster_text("fr", "standard");
    assert!(
        fr.contains("le rat peut capturer") && fr.contains("L’éléphant") && !fr.contains("prend"),
        "{fr}"
    );
    // A ruleset where any trap weakens: the exception says so.
    let any = PRESETS.iter().map(|(p, _)| *p).find(|p| {
        let r = Ruleset::builtin(p).unwrap();
        let v = &r.variants;
        v.traps == jungle_print::play::rules::Traps::Any
            && !v.elephant_captures_rat
            && !v.four_animals
    });
    if let Some(p) = any {
        let t = poster_text("en", p);
        assert!(
            t.contains("unless the rat is in a trap") && !t.contains("your traps"),
            "{p}: {t}"
        );
    }
}

/// zh-Hant sets Zhuyin beside the ranks' characters and prints no pinyin.
#[test]
fn zh_hant_poster_ranks_carry_zhuyin_not_pinyin() {
    let t = poster_text("zh-Hant", "standard");
    assert!(
        t.chars().any(jungle_print::lang::zhuyin::is_bopomofo),
        "{t}"
    );
    for pinyin in ["xiàng", "shī", "hǔ", "bào", "shǔ"] {
        assert!(!t.contains(pinyin), "{pinyin} in {t}");
    }
}

/// Posters laid out for their paper: from B4 up the board takes at least
/// 45 % of the paper's width, the margins grow with the paper (20 mm or
/// more on A2), and the ranks and rules' panels fill the width beside and
/// under the board, every preset × language inside the printable area.
#[test]
fn wall_papers_use_their_width() {
    use jungle_print::compose::products::poster::{poster_margin, WALL_FROM};
    for name in ["a3", "a2", "b4", "tabloid"] {
        let p = paper(name);
        assert!(p.width >= WALL_FROM, "{name}");
        for lang in LANGS {
            for (preset, _) in PRESETS {
                let r = res(lang, preset);
                let m = poster_margin(&r, p);
                if name == "a2" {
                    assert!(m >= 20.0 - 1e-9, "{name}: margin {m}");
                }
                assert!(m > r.theme.page.margin.max(8.0), "{name}: margin {m}");
                let layout = poster_layout(&r, &PosterOptions { paper: p }).unwrap();
                let rect = |n: &str| {
                    layout
                        .panels
                        .iter()
                        .find(|(k, _)| *k == n)
                        .map(|(_, r)| *r)
                        .unwrap_or_else(|| panic!("{name} {lang} {preset}: no {n}"))
                };
                let board = rect("board");
                let ranks = rect("ranks");
                assert!(
                    board.w >= 0.45 * p.width,
                    "{name} {lang} {preset}: board {:.1} of {:.1} mm",
                    board.w,
                    p.width
                );
                // The ranks beside the board, reaching the right margin.
                assert!(ranks.x > board.right() && ranks.y == board.y);
                assert!((ranks.right() - (p.width - m)).abs() < 0.01);
                // Every panel inside the margins; the rules' panels in the
                // two columns, their right edges on the board's or the
                // right margin, so that the width is filled.
                for (n, r) in &layout.panels {
                    assert!(
                        r.x >= m - 0.01
                            && r.right() <= p.width - m + 0.01
                            && r.y >= m - 0.01
                            && r.bottom() <= p.height - m + 0.01,
                        "{name} {lang} {preset}: {n} {r:?}"
                    );
                    if !["title", "board", "ranks"].contains(n) {
                        let left = (r.x - board.x).abs() < 0.01
                            && (r.right() - board.right()).abs() < 0.01;
                        let right = (r.x - ranks.x).abs() < 0.01
                            && (r.right() - ranks.right()).abs() < 0.01;
                        assert!(left || right, "{name} {lang} {preset}: {n} {r:?}");
                    }
                }
                let page = poster_page(&r, &PosterOptions { paper: p }).unwrap();
                for (what, [x0, y0, x1, y1]) in item_boxes(&page, &r) {
                    assert!(
                        x0 >= m - 0.01
                            && x1 <= p.width - m + 0.01
                            && y0 >= m - 0.01
                            && y1 <= p.height - m + 0.01,
                        "{name} {lang} {preset}: `{what}` at ({x0:.1}, {y0:.1})–({x1:.1}, {y1:.1})"
                    );
                }
                // Both columns used: some panel under the ranks.
                let beside = layout
                    .panels
                    .iter()
                    .filter(|(n, r)| {
                        !["title", "board", "ranks"].contains(n) && (r.x - ranks.x).abs() < 0.01
                    })
                    .count();
                assert!(beside >= 1, "{name} {lang} {preset}: {:?}", layout.panels);
            }
        }
    }
}

/// Papers narrower than B4 keep the table layout and the theme's margin.
#[test]
fn narrow_papers_keep_the_table_layout() {
    use jungle_print::compose::products::poster::poster_margin;
    for name in ["a4", "letter", "legal"] {
        let r = res("en", "standard");
        let p = paper(name);
        assert_eq!(poster_margin(&r, p), r.theme.page.margin.max(8.0));
        let layout = poster_layout(&r, &PosterOptions { paper: p }).unwrap();
        let board = layout.panels.iter().find(|(n, _)| *n == "board").unwrap().1;
        assert!(board.w <= 0.5 * (p.width - 2.0 * r.theme.page.margin.max(8.0)) + 0.01);
    }
}

/// Every game ends, and every poster says how: under the ban on repeated
/// positions, that a player who cannot move without repeating one loses;
/// where positions may repeat, what the third repetition does.
#[test]
fn every_poster_says_how_a_chase_ends() {
    // The text without spaces and phonetic guides (Zhuyin, its tone marks).
    let bare = |t: &str| -> String {
        t.chars()
            .filter(|c| {
                !c.is_whitespace() && !('\u{3100}'..='\u{312f}').contains(c) && !"ˊˇˋ˙".contains(*c)
            })
            .collect()
    };
    for lang in LANGS {
        for (preset, _) in PRESETS {
            let r = res(lang, preset);
            let w = r.lang.poster.as_ref().unwrap();
            let want = if r.rules.variants.no_repetition {
                &w.no_moves_ban
            } else {
                match r.rules.win.third_repetition {
                    jungle_print::play::rules::ThirdRepetition::Draw => &w.repeat_draw,
                    jungle_print::play::rules::ThirdRepetition::Loss => &w.repeat_loss,
                }
            };
            let text = bare(&poster_text(lang, preset));
            assert!(!want.is_empty(), "{lang}");
            assert!(
                text.contains(&bare(want)),
                "{lang} {preset}: `{want}` in {text}"
            );
        }
    }
}

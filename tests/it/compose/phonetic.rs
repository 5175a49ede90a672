//! Zhuyin beside Traditional Chinese: the glyphs are in the bundled face,
//! zh-Hant prints it by default, each symbol sits where Taiwan's schoolbooks
//! put it (read back from the scene), pinyin still works when a pack asks for
//! it, and a pack without readings is told which key is missing.

use jungle_print::compose::products::counters::{counter_pages, CounterOptions, Sides};
use jungle_print::compose::products::handout::{handout_pages, HandoutOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::compose::typesetting::phonetic::{ink_middle_em, Annotated};
use jungle_print::lang::zhuyin::{is_bopomofo, Syllable};
use jungle_print::lang::{Lang, Phonetic};
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::Ruleset;
use jungle_print::resolve::Resources;
use jungle_print::scene::{pt, Color, Item, Page, Transform};

fn res_with(lang: Lang) -> Resources {
    Resources::new(
        Default::default(),
        lang,
        Ruleset::builtin("standard").unwrap(),
    )
    .unwrap()
}

fn res(code: &str) -> Resources {
    res_with(Lang::builtin(code).unwrap())
}

/// The built-in zh-Hant pack's text with one line changed.
fn zh_hant_with(from: &str, to: &str) -> String {
    let src = jungle_print::lang::BUILTIN
        .iter()
        .find(|(c, _)| *c == "zh-Hant")
        .unwrap()
        .1;
    assert!(src.contains(from), "{from}");
    src.replacen(from, to, 1)
}

/// A drawn text run, placed on the page: its text, font, size (mm) and the
/// left end of its baseline (mm, page coordinates).
struct Run {
    text: String,
    font: jungle_print::text::FontId,
    size: f64,
    x: f64,
    y: f64,
}

fn runs(items: &[Item], t: Transform, out: &mut Vec<Run>) {
    for item in items {
        match item {
            Item::Group(g) => runs(&g.items, t.then_apply(g.transform), out),
            Item::Clip(c) => runs(&c.items, t, out),
            Item::Page(p) => runs(&p.flattened().items, t, out),
            Item::Text(r) => {
                let p = t.apply(r.pos);
                out.push(Run {
                    text: r.text.clone(),
                    font: r.font,
                    size: r.size,
                    x: p.x,
                    y: p.y,
                })
            }
            _ => {}
        }
    }
}

fn page_runs(page: &Page) -> Vec<Run> {
    let mut out = Vec::new();
    for (_, items) in page.layers.iter() {
        runs(items, Transform::IDENTITY, &mut out);
    }
    out
}

/// The middle of a run's ink (one character), mm.
fn ink(r: &Res, run: &Run) -> (f64, f64) {
    let c = run.text.chars().next().unwrap();
    let (mx, my) = ink_middle_em(&r.fonts, run.font, c).unwrap();
    (run.x + mx * run.size, run.y - my * run.size)
}

type Res = Resources;

/// Checks one character's annotation among `all` runs: `base` is the
/// character's run, `syllable` its reading. Returns the symbol size.
fn check_column(r: &Res, all: &[Run], base: &Run, syllable: &str) {
    let s = Syllable::parse(syllable).unwrap();
    let middle = r.fonts.middle_em(base.font);
    let base_mid = base.y - middle * base.size;
    let base_right = base.x + r.fonts.width_em(base.font, &base.text) * base.size;
    // The column: the nearest runs right of the character, their baselines
    // within the character's height (not the row below's).
    let near = |run: &&Run| {
        run.x >= base_right - 1e-6
            && run.x < base_right + base.size * 0.6
            && (run.y - base_mid).abs() < (base.size * 0.6).max(4.0)
    };
    let letters: Vec<&Run> = all
        .iter()
        .filter(near)
        .filter(|run| run.text.chars().all(is_bopomofo))
        .collect();
    let drawn: String = letters.iter().map(|l| l.text.as_str()).collect();
    let want: String = s.letters.iter().collect();
    assert_eq!(
        drawn, want,
        "the column of {} reads top to bottom",
        base.text
    );
    let z = letters[0].size;
    assert!(
        // A third, or more where the character yields room to the clear
        // space round it and the symbols keep their least (2.5 mm).
        (0.25..=0.45).contains(&(z / base.size)) || (z - 2.5).abs() < 1e-6,
        "symbols are about a third of the character: {z} for {}",
        base.size
    );
    // Stacked top to bottom, one symbol size apart, in one column.
    for w in letters.windows(2) {
        assert!(((w[1].y - w[0].y) - z).abs() < 1e-6, "stacked");
        assert!((w[1].x - w[0].x).abs() < z * 0.2, "one column");
    }
    // Centred on the character's height (the neutral dot's slot included).
    let mid = |run: &Run| run.y - r.fonts.middle_em(run.font) * run.size;
    let dot = if s.neutral { base.size / 15.0 } else { 0.0 };
    let top = mid(letters[0]) - z / 2.0 - dot;
    let bottom = mid(letters[letters.len() - 1]) + z / 2.0;
    assert!(
        ((top + bottom) / 2.0 - base_mid).abs() < 0.01,
        "column centred on {}: {top}..{bottom} vs {base_mid}",
        base.text
    );
    let marks: Vec<&Run> = all
        .iter()
        .filter(near)
        .filter(|run| matches!(run.text.as_str(), "ˊ" | "ˇ" | "ˋ" | "˙"))
        .collect();
    let col_x = letters[0].x + z / 2.0;
    match (s.tone, s.neutral) {
        (Some(t), _) => {
            assert_eq!(marks.len(), 1, "one tone mark beside {}", base.text);
            assert_eq!(marks[0].text, t.to_string());
            let (tx, ty) = ink(r, marks[0]);
            let last_top = mid(letters[letters.len() - 1]) - z / 2.0;
            assert!(tx > col_x + z * 0.4, "the tone mark is right of the column");
            assert!(
                (ty - last_top).abs() < z * 0.1,
                "the tone mark straddles the last symbol's top: {ty} vs {last_top}"
            );
        }
        (None, true) => {
            assert_eq!(marks.len(), 1, "the neutral dot of {}", base.text);
            assert_eq!(marks[0].text, "˙");
            let (dx, dy) = ink(r, marks[0]);
            assert!((dx - col_x).abs() < z * 0.1, "the dot is over the column");
            assert!(
                dy < mid(letters[0]) - z / 2.0,
                "the dot is above the column"
            );
        }
        (None, false) => assert!(marks.is_empty(), "no mark for the first tone"),
    }
}

#[test]
fn bopomofo_and_tone_marks_are_in_the_bundled_face() {
    let r = res("zh-Hant");
    let wanted: String = (0x3105..=0x312F)
        .chain(0x31A0..=0x31B7)
        .filter_map(char::from_u32)
        .chain("ˊˇˋ˙".chars())
        .collect();
    let missing = r.fonts.missing(&r.han, &wanted);
    assert!(missing.is_empty(), "{missing:?}");
    assert!(r.fonts.unreadable(&r.han, &wanted).is_empty());
}

#[test]
fn zh_hant_prints_zhuyin_by_default_and_the_others_do_not() {
    let l = Lang::builtin("zh-Hant").unwrap();
    assert_eq!(l.phonetic(), Phonetic::Zhuyin);
    // Without the setting too: a Traditional Chinese pack with readings.
    let unset = zh_hant_with("phonetic = \"zhuyin\"\n", "");
    assert_eq!(
        Lang::parse(&unset, "tw.toml").unwrap().phonetic(),
        Phonetic::Zhuyin
    );
    for code in ["en", "fr", "zh-Hans"] {
        assert_eq!(Lang::builtin(code).unwrap().phonetic(), Phonetic::Pinyin);
    }
    let want = [
        ("鼠", "ㄕㄨˇ"),
        ("貓", "ㄇㄠ"),
        ("狗", "ㄍㄡˇ"),
        ("狼", "ㄌㄤˊ"),
        ("狐", "ㄏㄨˊ"),
        ("豹", "ㄅㄠˋ"),
        ("虎", "ㄏㄨˇ"),
        ("獅", "ㄕ"),
        ("象", "ㄒㄧㄤˋ"),
    ];
    for (han, z) in want {
        let a = jungle_print::game::Animal::ALL
            .iter()
            .flat_map(|a| [l.animal(*a, false), l.animal(*a, true)])
            .find(|n| n.han == han)
            .unwrap();
        assert_eq!(a.readings(), vec![z], "{han}");
        assert_eq!(a.label(), "", "no pinyin line under {han}");
    }
}

#[test]
fn counters_and_rank_table_carry_each_animals_column() {
    let r = res("zh-Hant");
    let l = &r.lang;
    let pages = counter_pages(&r, &Sheet::new(Paper::A4), &CounterOptions::default()).unwrap();
    let all = page_runs(&pages[0]);
    let mut checked = 0;
    for base in all.iter().filter(|run| run.size > 5.0) {
        let Some(n) = jungle_print::game::Animal::ALL
            .iter()
            .map(|a| l.animal(*a, false))
            .find(|n| n.han == base.text)
        else {
            continue;
        };
        check_column(&r, &all, base, n.readings()[0]);
        checked += 1;
    }
    assert_eq!(checked, 16, "every counter's character has its column");
    assert!(
        !all.iter().any(|run| run.text == "shǔ"),
        "no pinyin under the characters"
    );

    // The page with the rank table (the second when the sentences carry
    // Zhuyin too).
    let pages = handout_pages(&r, &HandoutOptions { paper: Paper::A4 });
    let page = pages
        .iter()
        .find(|p| {
            page_runs(p).iter().any(|run| {
                run.size > 5.0 && run.text == l.animal(jungle_print::game::Animal::Rat, false).han
            })
        })
        .expect("a page with the rank table");
    let all = page_runs(page);
    // The rank table's characters are the largest runs of the animals' names.
    let table: Vec<&Run> = all
        .iter()
        .filter(|run| {
            jungle_print::game::Animal::ALL
                .iter()
                .any(|a| l.animal(*a, false).han == run.text)
        })
        .filter(|run| run.size > 5.0)
        .collect();
    assert_eq!(table.len(), 8, "eight rows");
    for base in table {
        let n = jungle_print::game::Animal::ALL
            .iter()
            .map(|a| l.animal(*a, false))
            .find(|n| n.han == base.text)
            .unwrap();
        check_column(&r, &all, base, n.readings()[0]);
    }
    assert!(
        !all.iter().any(|run| run.text == l.handout.col_name),
        "no pinyin column"
    );
}

#[test]
fn neutral_tone_and_names_of_several_characters() {
    // 獅子: 子 is read in the neutral tone, its dot on top of its column.
    let r = res("zh-Hant");
    let readings = ["ㄕ", "˙ㄗ"];
    let block = Annotated {
        han: "獅子",
        readings: &readings,
        stack: &r.han,
        size: 12.0,
        symbol: 0.3,
        center: pt(100.0, 100.0),
        fill: Color::BLACK,
    };
    let mut all = Vec::new();
    runs(&block.items(&r.fonts), Transform::IDENTITY, &mut all);
    let bases: Vec<&Run> = all.iter().filter(|run| run.size == 12.0).collect();
    assert_eq!(bases.len(), 2);
    assert!(
        bases[1].x > bases[0].x + 12.0,
        "each character keeps its column"
    );
    check_column(&r, &all, bases[0], "ㄕ");
    check_column(&r, &all, bases[1], "˙ㄗ");
    // The block is centred where it was asked to be.
    let w = block.width_at(&r.fonts, 12.0);
    assert!((bases[0].x - (100.0 - w / 2.0)).abs() < 1e-6);
}

#[test]
fn pinyin_and_none_stay_a_pack_setting() {
    let pinyin = Lang::parse(
        &zh_hant_with("phonetic = \"zhuyin\"", "phonetic = \"pinyin\""),
        "tw.toml",
    )
    .unwrap();
    assert_eq!(pinyin.phonetic(), Phonetic::Pinyin);
    let r = res_with(pinyin);
    let fold = CounterOptions {
        sides: Sides::Fold,
        ..CounterOptions::default()
    };
    let pages = counter_pages(&r, &Sheet::new(Paper::A4), &fold).unwrap();
    let all = page_runs(&pages[0]);
    assert!(
        all.iter().any(|run| run.text == "shǔ"),
        "pinyin on 鼠's back"
    );
    assert!(!all.iter().any(|run| run.text.chars().any(is_bopomofo)));
    let page = &handout_pages(&r, &HandoutOptions { paper: Paper::A4 })[0];
    let all = page_runs(page);
    assert!(all.iter().any(|run| run.text == r.lang.handout.col_name));
    assert!(all.iter().any(|run| run.text == "xiàng"));

    let none = Lang::parse(
        &zh_hant_with("phonetic = \"zhuyin\"", "phonetic = \"none\""),
        "tw.toml",
    )
    .unwrap();
    let r = res_with(none);
    let pages = counter_pages(&r, &Sheet::new(Paper::A4), &CounterOptions::default()).unwrap();
    let all = page_runs(&pages[0]);
    assert!(!all.iter().any(|run| run.text == "shǔ"));
    assert!(!all.iter().any(|run| run.text.chars().any(is_bopomofo)));
}

#[test]
fn a_pack_that_prints_zhuyin_needs_every_reading() {
    let src = zh_hant_with(", zhuyin = \"ㄇㄠ\"", "");
    let e = Lang::parse(&src, "tw.toml").unwrap_err().to_string();
    assert!(
        e.contains("tw.toml:") && e.contains("animals.cat.zhuyin") && e.contains("meta.phonetic"),
        "{e}"
    );
    // Malformed: a letter that is not Bopomofo, a tone mark out of place,
    // one syllable too many.
    for (from, to) in [
        ("\"ㄇㄠ\"", "\"mao\""),
        ("\"ㄇㄠ\"", "\"ˇㄇㄠ\""),
        ("\"ㄇㄠ\"", "\"ㄇㄠ ㄇㄠ\""),
    ] {
        let e = Lang::parse(&zh_hant_with(from, to), "tw.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("tw.toml:") && e.contains("animals.cat.zhuyin"),
            "{e}"
        );
    }
    // Asking for pinyin needs no readings.
    let src = zh_hant_with(", zhuyin = \"ㄇㄠ\"", "").replacen(
        "phonetic = \"zhuyin\"",
        "phonetic = \"pinyin\"",
        1,
    );
    assert!(Lang::parse(&src, "tw.toml").is_ok());
    // An unknown setting names the key.
    let e = Lang::parse(
        &zh_hant_with("phonetic = \"zhuyin\"", "phonetic = \"bopomofo\""),
        "tw.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("phonetic") && e.contains("zhuyin"), "{e}");
}

#[test]
fn the_glyph_check_covers_the_zhuyin() {
    // ㆸ (Bopomofo Extended) reads as a syllable but the bundled face lacks
    // it: the glyph check names the reading's key, as for any other string.
    let l = Lang::parse(&zh_hant_with("\"ㄇㄠ\"", "\"ㆸ\""), "tw.toml").unwrap();
    let e = Resources::new(Default::default(), l, Ruleset::builtin("standard").unwrap())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("animals.cat.zhuyin") && e.contains('ㆸ'), "{e}");
}

#[test]
fn syllables_parse() {
    let s = Syllable::parse("ㄒㄧㄤˋ").unwrap();
    assert_eq!(s.letters, vec!['ㄒ', 'ㄧ', 'ㄤ']);
    assert_eq!(s.tone, Some('ˋ'));
    assert!(!s.neutral);
    assert!(Syllable::parse("˙ㄗ").unwrap().neutral);
    assert_eq!(Syllable::parse("ㄕ").unwrap().tone, None);
    for bad in ["", "ˇ", "ㄅㄆㄇㄈ", "˙ㄗˇ", "ㄕ˙", "shi"] {
        assert!(Syllable::parse(bad).is_none(), "{bad}");
    }
}

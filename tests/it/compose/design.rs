//! The designer's numbers, measured on the composed scene (themes/README.md,
//! "What the designer decided"): rank digits at least 5 mm, names' capitals
//! at least 2.2 mm, Zhuyin at least 2.5 mm, both sides' faces about as inked
//! (rasterised and counted), and the board's square kinds apart for a
//! colour-blind player. Run with `--nocapture` to see the measured tables.

use jungle_print::compose::products::counters::{counter_preview, default_size, Shape};
use jungle_print::game::{Animal, Piece, Side};
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::Ruleset;
use jungle_print::render::png::{render, PngOptions};
use jungle_print::resolve::Resources;
use jungle_print::scene::{shapes, text_runs, Color, Item, Layer, Page, TextRun};
use jungle_print::theme::{self, Theme, MIN_KIND_DELTA_E};

const THEMES: [&str; 6] = [
    "classic",
    "traditional",
    "ink-saver",
    "high-contrast",
    "kids",
    "picture-book",
];
const SHAPES: [Shape; 4] = [Shape::Circle, Shape::Square, Shape::Rounded, Shape::Octagon];
const LANGS: [&str; 4] = ["en", "fr", "zh-Hant", "zh-Hans"];

/// A built-in theme, or `name+layout` for one with its counters' layout changed.
fn theme(name: &str) -> Theme {
    match name.split_once('+') {
        None => Theme::builtin(name).unwrap(),
        Some((base, layout)) => Theme::parse(
            &format!("extends = \"{base}\"\n[counters]\nlayout = \"{layout}\"\n"),
            "test.toml",
        )
        .unwrap(),
    }
}

fn res(theme_name: &str, lang: &str) -> Resources {
    Resources::new(
        theme(theme_name),
        Lang::builtin(lang).unwrap(),
        Ruleset::default(),
    )
    .unwrap()
}

/// Every theme and layout the counters are measured in.
fn looks() -> Vec<String> {
    let mut v: Vec<String> = THEMES.iter().map(|t| t.to_string()).collect();
    v.push("classic+picture".into());
    v.push("classic+picture-and-character".into());
    v.push("ink-saver+picture-and-character".into());
    v
}

/// The height in mm of a run's capitals (and lining digits).
fn cap_height(res: &Resources, run: &TextRun) -> f64 {
    res.fonts.cap_height_em(run.font) * run.size
}

fn runs(page: &Page) -> Vec<TextRun> {
    let items: Vec<Item> = page.layer(Layer::Artwork).to_vec();
    text_runs(&items).into_iter().cloned().collect()
}

fn size(res: &Resources) -> f64 {
    default_size(res, Paper::A4).unwrap()
}

#[test]
fn ranks_are_read_first_by_both_players() {
    let mut table = Vec::new();
    for look in looks() {
        for lang in LANGS {
            let res = res(&look, lang);
            let cs = &res.theme.counters;
            if !cs.show_rank {
                // The rank as dots (picture-book): big enough to count.
                assert!(cs.pips, "{look}: a face shows its rank somehow");
                continue;
            }
            let s = size(&res);
            for shape in SHAPES {
                for side in Side::ALL {
                    for animal in res.rules.animals_by_rank() {
                        let page = counter_preview(&res, Piece { side, animal }, s, shape, false);
                        let rank = res.rules.rank(animal).to_string();
                        let ranks: Vec<TextRun> =
                            runs(&page).into_iter().filter(|r| r.text == rank).collect();
                        let want = if cs.pips { 1 } else { 2 };
                        assert_eq!(ranks.len(), want, "{look} {lang} {shape:?} {animal:?}");
                        if want == 2 {
                            let turns: Vec<f64> = ranks.iter().map(|r| r.rotation).collect();
                            assert!(turns.contains(&0.0) && turns.contains(&180.0), "{turns:?}");
                        }
                        for r in &ranks {
                            let h = cap_height(&res, r);
                            assert!(
                                h >= 5.0,
                                "{look} {lang} {shape:?} {animal:?}: rank {h:.2} mm"
                            );
                            assert!(res.fonts.is_bold(r.font) || look.starts_with("traditional"));
                            if shape == Shape::Circle && animal == Animal::Elephant {
                                table.push((look.clone(), lang, h));
                            }
                        }
                    }
                }
            }
        }
    }
    for (look, lang, h) in table.iter().step_by(2) {
        eprintln!("rank digits: {look:32} {lang:8} {h:.2} mm");
    }
}

#[test]
fn names_go_on_the_back_at_a_readable_size_and_zhuyin_is_large() {
    for look in looks() {
        for lang in LANGS {
            let res = res(&look, lang);
            let s = size(&res);
            for animal in res.rules.animals_by_rank() {
                let piece = Piece {
                    side: Side::North,
                    animal,
                };
                let names = res.animal(animal);
                let name = match names.label() {
                    "" => names.name.clone(),
                    l => l.to_string(),
                };
                // The face: no name line; Zhuyin, when printed, at least 2.5 mm.
                let front = runs(&counter_preview(&res, piece, s, Shape::Circle, false));
                assert!(
                    !front.iter().any(|r| r.text == name && name != names.han),
                    "{look} {lang}: the name left the face"
                );
                for r in front
                    .iter()
                    .filter(|r| r.text.chars().any(jungle_print::lang::zhuyin::is_bopomofo))
                {
                    assert!(
                        r.size >= 2.5,
                        "{look} {lang} {animal:?}: Zhuyin {:.2} mm",
                        r.size
                    );
                    if animal == Animal::Elephant && look == "classic" {
                        eprintln!("zhuyin: {lang} {:.2} mm em", r.size);
                    }
                }
                // The back: the name, its capitals at least 2.2 mm.
                if !res.theme.counters.show_name {
                    continue;
                }
                let back = runs(&counter_preview(&res, piece, s, Shape::Circle, true));
                let shown: Vec<&TextRun> = back
                    .iter()
                    .filter(|r| name.contains(r.text.as_str()))
                    .collect();
                assert!(
                    !shown.is_empty(),
                    "{look} {lang} {animal:?}: name on the back"
                );
                for r in shown {
                    let h = cap_height(&res, r);
                    assert!(h >= 2.2, "{look} {lang} {animal:?}: name {h:.2} mm");
                    if animal == Animal::Elephant && look == "classic" {
                        eprintln!("name capitals on the back: {lang} {h:.2} mm");
                    }
                }
            }
        }
    }
}

/// The character stays the face's centre, as large as the band between the
/// ranks allows, in every theme, shape and language; with Zhuyin (zh-Hant)
/// the column stands at its right, every symbol at least 2.5 mm, on icon
/// faces (kids) too.
#[test]
fn the_character_is_the_faces_centre_with_its_zhuyin_beside_it() {
    let looks = [
        "classic",
        "traditional",
        "ink-saver",
        "high-contrast",
        "kids",
    ];
    for look in looks {
        for lang in LANGS {
            let res = res(look, lang);
            let s = size(&res);
            let centre = 2.0 + s / 2.0;
            for shape in SHAPES {
                for side in Side::ALL {
                    for animal in res.rules.animals_by_rank() {
                        let page = counter_preview(&res, Piece { side, animal }, s, shape, false);
                        let runs = runs(&page);
                        let han = &res.animal(animal).han;
                        let h = runs
                            .iter()
                            .find(|r| &r.text == han)
                            .unwrap_or_else(|| panic!("{look} {lang} {animal:?}: character"));
                        let width: f64 = h.glyphs.iter().map(|g| g.advance).sum();
                        let x = h.pos.x + width / 2.0;
                        assert!(
                            (x - centre).abs() < 0.05,
                            "{look} {lang} {shape:?} {animal:?}: character {:.2} mm off centre",
                            x - centre
                        );
                        assert!(
                            h.size >= 0.2 * s,
                            "{look} {lang}: character {:.2} mm",
                            h.size
                        );
                        let zhuyin: Vec<&TextRun> = runs
                            .iter()
                            .filter(|r| r.text.chars().any(jungle_print::lang::zhuyin::is_bopomofo))
                            .collect();
                        assert_eq!(!zhuyin.is_empty(), lang == "zh-Hant", "{look} {lang}");
                        for z in zhuyin {
                            assert!(z.size >= 2.5, "{look} {lang} {animal:?}: {:.2} mm", z.size);
                            assert!(z.pos.x > x, "{look} {lang}: Zhuyin right of the character");
                        }
                        if shape == Shape::Circle
                            && side == Side::South
                            && animal == Animal::Elephant
                        {
                            eprintln!("character: {look:14} {lang:8} {:.2} mm em", h.size);
                        }
                    }
                }
            }
        }
    }
}

fn pixels(res: &Resources, page: Page) -> (u32, u32, Vec<u8>) {
    let doc = jungle_print::document("t", vec![page], res);
    let png = render(&doc, 0, &PngOptions { dpi: 300.0 }).unwrap();
    let p = tiny_skia::Pixmap::decode_png(&png).unwrap();
    (p.width(), p.height(), p.data().to_vec())
}

/// The inked share of one counter's face: the face's pixels (inside its cut
/// outline, drawn alone as a mask) whose darkest channel is below 200, i.e.
/// darker than the light cream the faces use.
fn face_ink(res: &Resources, piece: Piece, s: f64, shape: Shape) -> f64 {
    let page = counter_preview(res, piece, s, shape, false);
    let mut mask = Page::new(page.width, page.height);
    let outline = page
        .layer(Layer::Cut)
        .iter()
        .find_map(|i| match i {
            Item::Path(p) => Some(p.segs.clone()),
            _ => None,
        })
        .unwrap();
    mask.add(Layer::Artwork, [shapes::fill(outline, Color::BLACK)]);
    let mut face = Page::new(page.width, page.height);
    face.add(Layer::Artwork, page.layer(Layer::Artwork).to_vec());
    let (_, _, m) = pixels(res, mask);
    let (_, _, f) = pixels(res, face);
    let (mut inside, mut inked) = (0u64, 0u64);
    for (mp, fp) in m.chunks(4).zip(f.chunks(4)) {
        // Well inside the outline (anti-aliased edge pixels left out).
        if mp[0] < 10 {
            inside += 1;
            if fp[0].min(fp[1]).min(fp[2]) < 200 {
                inked += 1;
            }
        }
    }
    inked as f64 / inside as f64
}

#[test]
fn both_sides_are_equally_finished() {
    let mut table = Vec::new();
    for look in looks() {
        let res = res(&look, "en");
        let s = size(&res);
        for shape in SHAPES {
            let share = |side| {
                let animals = res.rules.animals_by_rank();
                animals
                    .iter()
                    .map(|&animal| face_ink(&res, Piece { side, animal }, s, shape))
                    .sum::<f64>()
                    / animals.len() as f64
            };
            let (south, north) = (share(Side::South) * 100.0, share(Side::North) * 100.0);
            assert!(
                (south - north).abs() <= 15.0,
                "{look} {shape:?}: south {south:.0} %, north {north:.0} % inked"
            );
            if look == "ink-saver" {
                assert!(
                    south < 50.0 && north < 50.0,
                    "ink-saver stays light: {south:.0} / {north:.0}"
                );
            }
            table.push((look.clone(), shape, south, north));
        }
    }
    for (look, shape, south, north) in table {
        eprintln!("inked share: {look:32} {shape:?}: south {south:.0} %, north {north:.0} %");
    }
}

#[test]
fn square_kinds_stay_apart_for_colour_blind_players() {
    for name in theme::BUILTIN.map(|(n, _)| n) {
        let t = Theme::builtin(name).unwrap();
        let fills = t.square_fills();
        eprintln!("{name}: ΔE76 after deuteranopia (Machado 2009, severity 1)");
        for (i, a) in fills.iter().enumerate() {
            let row: Vec<String> = fills
                .iter()
                .map(|b| format!("{:5.1}", theme::delta_e_deuteranope(a.2, b.2)))
                .collect();
            eprintln!("  {:14} {} {}", a.0, a.2.to_hex(), row.join(" "));
            let _ = i;
        }
        let traps = theme::delta_e76(
            theme::lab(t.trap(Side::South)),
            theme::lab(t.trap(Side::North)),
        );
        let traps_d = theme::delta_e_deuteranope(t.trap(Side::South), t.trap(Side::North));
        eprintln!("  traps south/north: ΔE76 {traps:.1} (deuteranope {traps_d:.1})");
        if t.draws_squares_only() {
            // ink-saver: squares told apart by their drawings; owners by marks.
            assert_ne!(t.sides.south_mark, t.sides.north_mark, "{name}");
            continue;
        }
        let close = t.close_square_kinds();
        assert!(
            close.is_empty(),
            "{name}: {close:?} (want ΔE ≥ {MIN_KIND_DELTA_E})"
        );
        assert!(
            traps >= 8.0,
            "{name}: the two sides' traps differ by ΔE {traps:.1}"
        );
        for (what, ink, ground) in t.text_pairs() {
            let c = theme::contrast(ink, ground);
            assert!(c >= 4.5, "{name}: {what} {c:.2}:1");
        }
        for (what, _, ink, ground) in t.mark_pairs() {
            let c = theme::contrast(ink, ground);
            assert!(c >= 3.0, "{name}: {what} {c:.2}:1");
        }
    }
}

#[test]
fn check_warns_about_close_kinds_and_faint_marks_naming_keys() {
    use jungle_print::input::Source;
    use jungle_print::job::check;
    let theme = Source::Text {
        name: "faint.toml".into(),
        contents: "[board]\ntrap = \"#f6efd9\"\ntrap_mark = \"#e0d0b0\"\n".into(),
    };
    let checked = check(
        &theme,
        &Source::builtin("standard"),
        Some(&Source::builtin("en")),
    )
    .unwrap();
    let kinds: Vec<&String> = checked
        .warnings
        .iter()
        .filter(|w| w.contains("ΔE"))
        .collect();
    assert!(!kinds.is_empty(), "{:?}", checked.warnings);
    assert!(
        kinds
            .iter()
            .all(|w| w.starts_with("faint.toml:") && w.contains("`board.trap`")),
        "{kinds:?}"
    );
    let marks: Vec<&String> = checked
        .warnings
        .iter()
        .filter(|w| w.contains("trap teeth"))
        .collect();
    assert!(
        marks
            .iter()
            .any(|w| w.contains("`board.trap_mark`") && w.contains("3:1")),
        "{:?}",
        checked.warnings
    );
    for w in &checked.warnings {
        assert!(!w.contains('\n'), "one line each: {w}");
    }
}

/// A theme file in a scratch folder with SVG pictures beside it: `dark.svg`
/// (an almost black square with a light corner) and `light.svg` (cream).
fn picture_theme(dir: &std::path::Path, toml: &str) -> jungle_print::input::Source {
    let svg = |fill: &str, corner: &str| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><rect width=\"100\" height=\"100\" fill=\"{fill}\"/><rect width=\"20\" height=\"20\" fill=\"{corner}\"/></svg>"
        )
    };
    std::fs::write(dir.join("dark.svg"), svg("#1e1a16", "#ffffff")).unwrap();
    std::fs::write(dir.join("light.svg"), svg("#f8f0dc", "#f0e8d0")).unwrap();
    let path = dir.join("wood.toml");
    std::fs::write(&path, toml).unwrap();
    jungle_print::input::Source::File(path)
}

/// The run itself (not only `check`) warns, one line each, when a label
/// falls under 3:1 on a picture, measured under the label: a dark wood
/// picture under the trap and den labels and the counters' backs, naming
/// the picture's key and the label colour's; a light picture passes.
#[test]
fn a_label_on_a_dark_picture_is_measured_and_warned_about_in_the_run() {
    use jungle_print::job::{Job, Kind};
    let dir = crate::common::tempdir("design-pictures");
    let theme = picture_theme(
        &dir,
        "[pictures]\ntrap = \"dark.svg\"\nden = \"light.svg\"\nback = \"dark.svg\"\n",
    );
    let mut job = Job::new(Kind::set());
    job.inputs.theme = Some(theme.clone());
    let made = job.run().unwrap();
    let on_pictures: Vec<(&String, &String)> = made
        .warning_keys
        .iter()
        .zip(&made.warnings)
        .filter(|(_, w)| w.contains("on the picture"))
        .collect();
    eprintln!("{on_pictures:#?}");
    // The trap labels (board.text, dark, on the dark picture): one warning.
    let trap: Vec<_> = on_pictures
        .iter()
        .filter(|(_, w)| w.contains("trap labels"))
        .collect();
    assert_eq!(trap.len(), 1, "{on_pictures:?}");
    let (key, w) = trap[0];
    assert_eq!(key.as_str(), "pictures.trap");
    assert!(
        w.contains("wood.toml:2: keys `pictures.trap`, `board.text`")
            && w.contains(":1, below the 3:1"),
        "{w}"
    );
    // Measured, not guessed: the mean under the label is the dark wood's,
    // not the light corner's nor a guess from the file.
    assert!(
        w.contains("#1e1a16") || w.contains("#1f1a16") || w.contains("#1e1a17"),
        "{w}"
    );
    // The light den picture carries its dark labels well: no warning.
    assert!(!on_pictures.iter().any(|(_, w)| w.contains("den labels")));
    // Filled counters print light text on their backs: on the dark
    // picture it reads, so no warning either.
    assert!(!on_pictures.iter().any(|(_, w)| w.contains("counter backs")));
    for w in &made.warnings {
        assert!(!w.contains('\n'), "one line each: {w}");
    }
    // `check` says each once, without a language in front.
    let checked = jungle_print::job::check(
        &theme,
        &jungle_print::input::Source::builtin("standard"),
        None,
    )
    .unwrap();
    let trap: Vec<&String> = checked
        .warnings
        .iter()
        .filter(|w| w.contains("trap labels") && w.contains("on the picture"))
        .collect();
    assert_eq!(trap.len(), 1, "{:?}", checked.warnings);
    assert!(trap[0].starts_with("wood.toml:2:") || trap[0].contains("wood.toml:2:"));
}

/// A light label colour on ringed backs over a light picture: the backs'
/// names and title fall under 3:1 and the run says so, naming the keys.
#[test]
fn a_light_label_on_a_light_picture_is_warned_about_too() {
    use jungle_print::job::{Job, Kind};
    let dir = crate::common::tempdir("design-backs");
    let theme = picture_theme(
        &dir,
        "[sides]\nsouth = \"#f0d8b0\"\nsouth_style = \"ringed\"\n[pictures]\nback = \"light.svg\"\n",
    );
    let mut job = Job::new(Kind::set());
    job.inputs.theme = Some(theme);
    let made = job.run().unwrap();
    let backs: Vec<&String> = made
        .warnings
        .iter()
        .filter(|w| w.contains("south's counter backs"))
        .collect();
    assert_eq!(backs.len(), 1, "{:?}", made.warnings);
    assert!(
        backs[0].contains("keys `pictures.back`, `sides.south`"),
        "{}",
        backs[0]
    );
}

/// Square kinds under ΔE 20 for a deuteranope are warned about by the run,
/// not only by `check`, naming the theme keys.
#[test]
fn close_square_kinds_are_warned_about_in_the_run() {
    use jungle_print::job::{Job, Kind};
    let mut job = Job::new(Kind::Board(Default::default()));
    job.inputs.theme = Some(jungle_print::input::Source::Text {
        name: "close.toml".into(),
        contents: "[board]\nriver = \"#e8e4d0\"\n".into(),
    });
    let made = job.run().unwrap();
    let close: Vec<&String> = made
        .warnings
        .iter()
        .filter(|w| w.contains("ΔE") && w.contains("river"))
        .collect();
    assert!(!close.is_empty(), "{:?}", made.warnings);
    assert!(
        close.iter().all(
            |w| w.starts_with("close.toml:2: keys `board.land`, `board.river`")
                || w.starts_with("close.toml:2: keys `board.river`")
        ),
        "{close:?}"
    );
    // The built-in themes break none of the rules: no design warning.
    for name in theme::BUILTIN.map(|(n, _)| n) {
        let mut job = Job::new(Kind::set());
        job.inputs.theme = Some(jungle_print::input::Source::builtin(name));
        let made = job.run().unwrap();
        assert!(
            !made
                .warnings
                .iter()
                .any(|w| w.contains("contrast of") || w.contains("ΔE")),
            "{name}: {:?}",
            made.warnings
        );
    }
}

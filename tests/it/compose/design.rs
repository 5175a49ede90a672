//! The designer's numbers, measured on the composed scene (themes/README.md,
//! "What the designer decided"): rank digits at least 5 mm, names' capitals
//! at least 2.2 mm, Zhuyin at least 2.5 mm, the sides one light and one dark
//! in grey, start squares quieter than pieces, clear space on the faces
//! (rasterised and measured), and the board's square kinds apart for a
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

/// A built-in theme, or `name+layout` for one with its counters' layout
/// changed, or `name+icons` for one with the animals' icons beside the
/// characters on its counters.
fn theme(name: &str) -> Theme {
    match name.split_once('+') {
        None => Theme::builtin(name).unwrap(),
        Some((base, "icons")) => Theme::parse(
            &format!("extends = \"{base}\"\n[counters]\nicons = true\n"),
            "test.toml",
        )
        .unwrap(),
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
/// ranks allows, in every theme that prints it (kids prints a picture
/// between its ranks instead), shape and language; with Zhuyin (zh-Hant)
/// the column stands at its right, every symbol at least 2.5 mm, on icon
/// faces too.
#[test]
fn the_character_is_the_faces_centre_with_its_zhuyin_beside_it() {
    let looks = [
        "classic",
        "traditional",
        "ink-saver",
        "high-contrast",
        "classic+icons",
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
                        // Within 1 mm: a Zhuyin column kept 0.85 mm
                        // clear of the digits may push it that far when
                        // the character is narrower than the digits
                        // (kids' icon faces: 0.92 mm).
                        assert!(
                            (x - centre).abs() < 1.0,
                            "{look} {lang} {shape:?} {animal:?}: character {:.2} mm off centre",
                            x - centre
                        );
                        assert!(
                            h.size >= 0.2 * s * if res.theme.counters.icons { 0.8 } else { 1.0 },
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

/// CIE L* of a grey level (0–255, sRGB-encoded), as a printer's grey
/// render gives it.
fn lstar(g: f64) -> f64 {
    let c = g / 255.0;
    let y = if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    };
    if y > 0.008856 {
        116.0 * y.cbrt() - 16.0
    } else {
        903.3 * y
    }
}

/// Grey levels (luma, as `pdftoppm -gray`) of a page rendered at `dpi`.
fn grey(res: &Resources, page: Page, dpi: f64) -> (u32, Vec<f64>) {
    let doc = jungle_print::document("t", vec![page], res);
    let png = render(&doc, 0, &PngOptions { dpi }).unwrap();
    let p = tiny_skia::Pixmap::decode_png(&png).unwrap();
    let g = p
        .data()
        .chunks(4)
        .map(|c| 0.299 * c[0] as f64 + 0.587 * c[1] as f64 + 0.114 * c[2] as f64)
        .collect();
    (p.width(), g)
}

/// One counter's face printed in grey: its mean L* and its ink (the mean
/// of 1 − grey/255), over the pixels inside its cut outline (drawn alone
/// as a mask, anti-aliased edge pixels left out).
fn face_grey(res: &Resources, piece: Piece, s: f64, shape: Shape) -> (f64, f64) {
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
    let (_, m) = grey(res, mask, 150.0);
    let (_, f) = grey(res, face, 150.0);
    let (mut n, mut l, mut ink) = (0.0, 0.0, 0.0);
    for (mp, fp) in m.iter().zip(&f) {
        if *mp < 10.0 {
            n += 1.0;
            l += lstar(*fp);
            ink += 1.0 - fp / 255.0;
        }
    }
    (l / n, ink / n)
}

/// Issue 45: printed in grey, the two sides' counters differ by at least
/// 30 in L* (mean over the face) in every built-in theme and layout: one
/// side light, one dark, as in chess. A second cue, not lightness, at
/// least 1 mm wide on the default counters: the dark side's pattern line,
/// or the sides' marks. Ink-saver's dark side is a band, not a fill: no
/// face of it is more than 65 % inked.
#[test]
fn the_sides_differ_in_lightness_printed_in_grey() {
    use jungle_print::compose::products::counters::PATTERN_WIDTH;
    let mut table = Vec::new();
    for look in looks() {
        let res = res(&look, "en");
        let s = size(&res);
        let t = &res.theme;
        assert_ne!(
            t.face_style(Side::South).is_dark(),
            t.face_style(Side::North).is_dark(),
            "{look}: one side light, one dark"
        );
        let pattern_cue = Side::ALL.iter().any(|&side| {
            t.face_style(side) == jungle_print::theme::FaceStyle::Filled
                && t.pattern(side) != jungle_print::theme::Pattern::None
        }) && s * PATTERN_WIDTH >= 1.0;
        let mark_cue = t.mark(Side::South) != t.mark(Side::North) && s * 0.08 >= 1.0;
        let band_cue = Side::ALL
            .iter()
            .any(|&side| t.face_style(side) == jungle_print::theme::FaceStyle::Banded);
        assert!(pattern_cue || mark_cue || band_cue, "{look}: a second cue");
        for shape in [Shape::Circle, Shape::Square] {
            let mean = |side| {
                let animals = res.rules.animals_by_rank();
                let faces: Vec<(f64, f64)> = animals
                    .iter()
                    .map(|&animal| face_grey(&res, Piece { side, animal }, s, shape))
                    .collect();
                if look == "ink-saver" {
                    for (_, ink) in &faces {
                        assert!(*ink < 0.65, "ink-saver stays light: {ink:.2}");
                    }
                }
                faces.iter().map(|f| f.0).sum::<f64>() / faces.len() as f64
            };
            let (south, north) = (mean(Side::South), mean(Side::North));
            assert!(
                (south - north).abs() >= 30.0,
                "{look} {shape:?}: south L* {south:.1}, north L* {north:.1}"
            );
            table.push((look.clone(), shape, south, north));
        }
    }
    for (look, shape, south, north) in table {
        eprintln!(
            "grey L*: {look:32} {shape:?}: south {south:.1}, north {north:.1}, gap {:.1}",
            (south - north).abs()
        );
    }
}

/// Issue 45: an empty start square is quieter than the piece that stands
/// on it. Its character at most 0.75 of the counter's; the ink it adds to
/// the land (grey render, over the square) at most 0.35 of the ink of the
/// counter's face; in picture themes, its picture smaller than the
/// counter's. A dark side's start squares are shaded, a light side's not.
#[test]
fn start_squares_are_quieter_than_the_pieces() {
    use jungle_print::compose::products::board::{board_items, plain_board_items, square_size};
    use jungle_print::game::Board;
    use jungle_print::layout::BoardPlacement;
    for look in THEMES {
        let res = res(look, "en");
        let s = size(&res);
        let q = square_size(&res, Paper::A4, None).unwrap();
        let place = BoardPlacement::centered(Paper::A4, q);
        let page = |items: Vec<Item>| {
            let mut p = Page::new(Paper::A4.width, Paper::A4.height);
            p.add(Layer::Artwork, items);
            p
        };
        let with = page(board_items(&res, place, false));
        let dpi = 100.0;
        let (w, marked) = grey(&res, with.clone(), dpi);
        let (_, plain) = grey(&res, page(plain_board_items(&res, place, false)), dpi);
        let px = dpi / 25.4;
        let board = Board::standard();
        let runs_on = runs(&with);
        for sq in board.squares() {
            let Some(piece) = board.start_piece(sq) else {
                continue;
            };
            let r = place.square_rect(sq);
            // Ink added to the land, over the square (its edges left out).
            let (mut n, mut added) = (0.0, 0.0);
            for y in ((r.y + 0.6) * px) as u32..((r.bottom() - 0.6) * px) as u32 {
                for x in ((r.x + 0.6) * px) as u32..((r.right() - 0.6) * px) as u32 {
                    let i = (y * w + x) as usize;
                    n += 1.0;
                    added += ((plain[i] - marked[i]) / 255.0).max(0.0);
                }
            }
            let added = added / n;
            let (_, face) = face_grey(&res, piece, s, Shape::Circle);
            assert!(
                added <= 0.35 * face,
                "{look} {piece:?}: start square {added:.3}, counter {face:.3}"
            );
            if piece.animal == Animal::Elephant {
                eprintln!(
                    "start square: {look:14} {:?}: ink {added:.3} = {:.2} × the counter's",
                    piece.side,
                    added / face
                );
            }
            let han = &res.animal(piece.animal).han;
            let counter = runs(&counter_preview(&res, piece, s, Shape::Circle, false));
            let on_counter = counter.iter().find(|t| &t.text == han).map(|t| t.size);
            let inside = |t: &&TextRun| {
                t.pos.x > r.x - 1.0
                    && t.pos.x < r.right() + 1.0
                    && t.pos.y > r.y - 1.0
                    && t.pos.y < r.bottom() + 1.0
            };
            let on_square = runs_on
                .iter()
                .filter(inside)
                .find(|t| &t.text == han)
                .map(|t| t.size);
            if let (Some(a), Some(b)) = (on_square, on_counter) {
                assert!(a <= 0.75 * b, "{look}: start {a:.2} mm, counter {b:.2} mm");
            }
        }
    }
}

/// The box `(x0, y0, x1, y1)` of the rendered ink of the pictures among
/// `items` on a counter preview `w` mm square (every pixel they touch, at
/// 0.04 mm or finer), mm.
fn picture_ink(res: &Resources, items: &[Item], w: f64) -> Option<(f64, f64, f64, f64)> {
    use jungle_print::render::png::coverage;
    let pictures = only_pictures(items);
    let n = (w / 0.04).ceil() as u32;
    let px = w / f64::from(n);
    let mask = coverage(
        &pictures,
        &res.fonts,
        jungle_print::scene::pt(0.0, 0.0),
        w,
        n,
    );
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (i, _) in mask.iter().enumerate().filter(|(_, &a)| a > 0) {
        let (x, y) = ((i as u32 % n) as f64, (i as u32 / n) as f64);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1.0), y1.max(y + 1.0));
    }
    (x0 < x1).then_some((x0 * px, y0 * px, x1 * px, y1 * px))
}

/// The gap between two ink boxes `(x0, y0, x1, y1)`, mm: the largest of
/// their gaps across and along (negative when they overlap), which the
/// ink inside them never comes closer than.
fn apart(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> f64 {
    (b.0 - a.2).max(a.0 - b.2).max(b.1 - a.3).max(a.1 - b.3)
}

/// Issue 45: at least 0.8 mm of clear space between the rank, the
/// character (with its Zhuyin) or the picture, the turned rank and the
/// rim, measured on the glyphs' and the drawing's ink, in every theme that
/// prints the rank in digits, shape and language, and in the
/// `picture-between-ranks` layout on classic's smaller counters.
#[test]
fn face_parts_keep_clear_space_on_their_ink() {
    use jungle_print::compose::drawn::faces::{CLEAR, PICTURE_RIM};
    use jungle_print::scene::ink_bounds;
    use jungle_print::theme::FaceLayout;
    let mut least = f64::MAX;
    for look in [
        "classic",
        "traditional",
        "ink-saver",
        "high-contrast",
        "kids",
        "classic+icons",
        "classic+picture-between-ranks",
    ] {
        for lang in LANGS {
            let res = res(look, lang);
            let s = size(&res);
            let c = 2.0 + s / 2.0;
            let cs = &res.theme.counters;
            for shape in SHAPES {
                for side in Side::ALL {
                    // The rim's inner edge (a dark face's pattern line), from the centre.
                    let room = match (cs.layout, res.theme.face_style(side)) {
                        (FaceLayout::Character, jungle_print::theme::FaceStyle::Ringed) => {
                            s * (0.5 - cs.ring_width)
                        }
                        (FaceLayout::Character, _) => s * 0.43,
                        _ => s * (0.5 - cs.ring_width.min(PICTURE_RIM)),
                    };
                    for animal in res.rules.animals_by_rank() {
                        let page = counter_preview(&res, Piece { side, animal }, s, shape, false);
                        let rank = res.rules.rank(animal).to_string();
                        let all = runs(&page);
                        let boxed = |f: &dyn Fn(&TextRun) -> bool| {
                            let items: Vec<Item> = all
                                .iter()
                                .filter(|r| f(r))
                                .map(|r| Item::Text(r.clone()))
                                .collect();
                            ink_bounds(&res.fonts, &items)
                        };
                        let what = format!("{look} {lang} {shape:?} {side:?} {animal:?}");
                        let top = boxed(&|r| r.text == rank && r.rotation == 0.0).unwrap();
                        let bottom = boxed(&|r| r.text == rank && r.rotation != 0.0).unwrap();
                        let han = res.animal(animal).han.clone();
                        // The character, the picture (an icon beside the
                        // character, or alone), or both.
                        let middle = [
                            boxed(&|r| r.text == han),
                            picture_ink(&res, page.layer(Layer::Artwork), s + 4.0),
                        ]
                        .into_iter()
                        .flatten()
                        .reduce(|a, b| (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3)))
                        .unwrap_or_else(|| panic!("{what}: a character or a picture"));
                        let mut gaps = vec![
                            apart(top, middle),
                            apart(middle, bottom),
                            apart(top, bottom),
                        ];
                        // Zhuyin beside the character: clear of the digits.
                        let mut parts = vec![top, middle, bottom];
                        for z in all.iter().filter(|r| r.text != rank && r.text != han) {
                            let zb = ink_bounds(&res.fonts, &[Item::Text(z.clone())]).unwrap();
                            gaps.push(apart(zb, top));
                            gaps.push(apart(zb, bottom));
                            parts.push(zb);
                        }
                        for b in parts {
                            let far = (b.0 - c)
                                .abs()
                                .max((b.2 - c).abs())
                                .hypot((b.1 - c).abs().max((b.3 - c).abs()));
                            let gap = room - far;
                            least = least.min(gap);
                            assert!(gap >= CLEAR, "{what}: {gap:.2} mm from the rim");
                        }
                        for g in gaps {
                            least = least.min(g);
                            assert!(g >= CLEAR, "{what}: parts {g:.2} mm apart");
                        }
                    }
                }
            }
        }
    }
    eprintln!("least clear space on a face: {least:.2} mm");
}

/// The height of the ink of a face's upright rank digits, mm.
fn rank_ink_height(res: &Resources, page: &Page, rank: &str) -> f64 {
    let items: Vec<Item> = runs(page)
        .into_iter()
        .filter(|r| r.text == rank && r.rotation == 0.0)
        .map(Item::Text)
        .collect();
    let (_, y0, _, y1) = jungle_print::scene::ink_bounds(&res.fonts, &items).unwrap();
    y1 - y0
}

/// Issue 45: the kids' counters, at the size their theme's board gives
/// them on A4 and Letter, print rank digits at least 1.3 × as tall as
/// classic's on that paper (measured on the ink of the same rank) and each
/// animal's picture at least 12 mm across its longer side (measured on its
/// rendered ink), in every shape and on both sides.
#[test]
fn kids_faces_print_big_digits_and_big_pictures() {
    for paper in [Paper::A4, Paper::parse("letter").unwrap()] {
        let classic = res("classic", "en");
        let kids = res("kids", "en");
        let (cs, ks) = (
            default_size(&classic, paper).unwrap(),
            default_size(&kids, paper).unwrap(),
        );
        let (mut low_ratio, mut low_picture) = (f64::MAX, f64::MAX);
        for shape in SHAPES {
            for side in Side::ALL {
                for animal in kids.rules.animals_by_rank() {
                    let piece = Piece { side, animal };
                    let rank = kids.rules.rank(animal).to_string();
                    let theirs = counter_preview(&classic, piece, cs, shape, false);
                    let ours = counter_preview(&kids, piece, ks, shape, false);
                    let ratio = rank_ink_height(&kids, &ours, &rank)
                        / rank_ink_height(&classic, &theirs, &rank);
                    let what = format!("{paper:?} {shape:?} {side:?} {animal:?}");
                    assert!(ratio >= 1.3, "{what}: digits {ratio:.2} × classic's");
                    low_ratio = low_ratio.min(ratio);
                    // The picture's rendered ink, its longer side.
                    let (x0, y0, x1, y1) = picture_ink(&kids, ours.layer(Layer::Artwork), ks + 4.0)
                        .unwrap_or_else(|| panic!("{what}: a picture"));
                    // Less a pixel (0.04 mm) each side: the box holds every pixel touched.
                    let long = (x1 - x0).max(y1 - y0) - 0.08;
                    assert!(long >= 12.0, "{what}: picture {long:.2} mm");
                    low_picture = low_picture.min(long);
                }
            }
        }
        eprintln!(
            "kids on {}: counters {ks} mm (classic {cs} mm), digits at least {low_ratio:.2} × classic's, pictures at least {low_picture:.2} mm",
            paper.arg()
        );
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
    // The dark (filled) side prints light text on its backs: on the dark
    // picture it reads, so no warning for it.
    assert!(!on_pictures
        .iter()
        .any(|(_, w)| w.contains("north's counter backs")));
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

/// The pictures among `items` (SVG drawings, marked `picture`), kept inside
/// the groups and clips around them; everything else left out.
fn only_pictures(items: &[Item]) -> Vec<Item> {
    use jungle_print::scene::{Clip, Group};
    items
        .iter()
        .filter_map(|i| match i {
            Item::Group(g) if g.picture => Some(i.clone()),
            Item::Group(g) => {
                let inner = only_pictures(&g.items);
                (!inner.is_empty()).then(|| {
                    Item::Group(Group {
                        items: inner,
                        ..g.clone()
                    })
                })
            }
            Item::Clip(c) => {
                let inner = only_pictures(&c.items);
                (!inner.is_empty()).then(|| {
                    Item::Clip(Clip {
                        items: inner,
                        path: c.path.clone(),
                    })
                })
            }
            _ => None,
        })
        .collect()
}

/// The radius of the first clip among `items` around the centre `c`, mm.
fn plate_radius(items: &[Item], c: f64) -> Option<f64> {
    use jungle_print::scene::Seg;
    items.iter().find_map(|i| match i {
        Item::Clip(clip) => Some(
            clip.path
                .iter()
                .filter_map(|s| match *s {
                    Seg::Move(p) | Seg::Line(p) | Seg::Cubic(_, _, p) => {
                        Some((p.x - c).hypot(p.y - c))
                    }
                    _ => None,
                })
                .fold(0.0, f64::max),
        ),
        Item::Group(g) => plate_radius(&g.items, c),
        _ => None,
    })
}

/// Issue 45: in picture-book each animal's picture prints about as much ink
/// as the others' (within 25 % of the median animal's area), and every
/// picture's ink stays at least 0.8 mm inside the counter's rim.
#[test]
fn picture_book_animals_balance_their_ink_and_clear_the_rim() {
    use jungle_print::compose::drawn::faces::{CLEAR, INK_SPREAD};
    use jungle_print::render::png::coverage;
    use jungle_print::scene::pt;
    let res = res("picture-book", "en");
    let s = size(&res);
    let c = 2.0 + s / 2.0;
    let n = 480;
    let px = (s + 4.0) / n as f64;
    for side in Side::ALL {
        let mut areas = Vec::new();
        for animal in res.rules.animals_by_rank() {
            let page = counter_preview(&res, Piece { side, animal }, s, Shape::Circle, false);
            let pictures = only_pictures(page.layer(Layer::Artwork));
            assert!(!pictures.is_empty(), "{side:?} {animal:?}: a picture");
            // The plate inside the rim: the picture's clip, a circle.
            let room = plate_radius(&pictures, c).expect("the picture is clipped to the plate");
            let mask = coverage(&pictures, &res.fonts, pt(0.0, 0.0), s + 4.0, n);
            let mut area = 0.0;
            let mut farthest: f64 = 0.0;
            for (i, &a) in mask.iter().enumerate() {
                area += f64::from(a) / 255.0 * px * px;
                if a > 8 {
                    let (x, y) = ((i % n as usize) as f64 + 0.5, (i / n as usize) as f64 + 0.5);
                    farthest = farthest.max((x * px - c).hypot(y * px - c));
                }
            }
            let clear = room - farthest;
            eprintln!("picture-book {side:?} {animal:?}: {area:.1} mm² of ink, {clear:.2} mm inside the rim");
            assert!(
                clear >= CLEAR - px,
                "{side:?} {animal:?}: {clear:.2} mm inside the rim"
            );
            areas.push((animal, area));
        }
        let mut sorted: Vec<f64> = areas.iter().map(|a| a.1).collect();
        sorted.sort_by(f64::total_cmp);
        let median = sorted[sorted.len() / 2];
        for (animal, area) in areas {
            let off = area / median - 1.0;
            assert!(
                off.abs() <= INK_SPREAD,
                "{side:?} {animal:?}: {area:.1} mm² is {:+.0} % of the median {median:.1}",
                off * 100.0
            );
        }
    }
}

/// Issue 45: picture-book prints its backs (`counters.back_style = "dots"`):
/// each side's colour strewn with light dots, the game's name on a light
/// panel; classic keeps its backs as its faces.
#[test]
fn picture_book_backs_are_printed_with_the_title() {
    use jungle_print::compose::products::counters::{counter_pages, CounterOptions, Sides};
    use jungle_print::compose::products::Sheet;
    use jungle_print::layout::Flip;
    fn walk(items: &[Item], f: &mut dyn FnMut(&Item)) {
        for i in items {
            f(i);
            match i {
                Item::Group(g) => walk(&g.items, f),
                Item::Clip(c) => walk(&c.items, f),
                _ => {}
            }
        }
    }
    for (theme, dotted) in [("picture-book", true), ("classic", false)] {
        let res = res(theme, "en");
        let face = res.theme.counters.face.0;
        for sides in [Sides::Fold, Sides::Duplex(Flip::LongEdge)] {
            let opts = CounterOptions {
                sides,
                ..CounterOptions::default()
            };
            let pages = counter_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
            let mut backs = 0;
            for page in &pages {
                for item in page.layer(Layer::Artwork) {
                    let (mut title, mut fills, mut dots) = (false, Vec::new(), 0);
                    walk(std::slice::from_ref(item), &mut |i| match i {
                        Item::Text(t) if t.text == res.lang.game.han => title = true,
                        Item::Path(p) => fills.extend(p.fill.iter().filter_map(|f| f.solid())),
                        Item::Clip(c) => {
                            if let [Item::Path(p)] = &c.items[..] {
                                if p.fill.as_ref().and_then(|f| f.solid()) == Some(face) {
                                    dots += p.segs.len();
                                }
                            }
                        }
                        _ => {}
                    });
                    if !title {
                        continue;
                    }
                    backs += 1;
                    let side = [Side::South, Side::North]
                        .into_iter()
                        .find(|s| fills.first() == Some(&res.theme.side(*s)));
                    assert!(side.is_some(), "{theme}: a back starts in a side's colour");
                    assert_eq!(dots > 100, dotted, "{theme} {sides:?}: {dots} dot segments");
                    if dotted {
                        assert!(fills.contains(&face), "{theme}: the title's light panel");
                    }
                }
            }
            assert_eq!(backs, 16, "{theme} {sides:?}: every back titled");
        }
    }
}

//! Faces for pre-readers (the picture layouts with the rank as dots),
//! measured on the composed scene: the picture's frame at least 45 % of the
//! counter (each drawing balanced with the others' ink, clear of the rim),
//! growing with `counters.picture_scale`; the dots at least 2.5 mm, in dice patterns,
//! clear of the rim and of the picture, on every shape and both sides.

use jungle_print::compose::drawn::faces::{dice, MIN_DIAGRAM_DOT};
use jungle_print::compose::products::counters::{
    counter_pages, counter_preview, CounterOptions, Shape, Sides,
};
use jungle_print::compose::products::Sheet;
use jungle_print::game::{Piece, Side};
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::layout::Flip;
use jungle_print::play::rules::Ruleset;
use jungle_print::resolve::Resources;
use jungle_print::scene::{bounds, pt, Item, Layer, Page, Transform};
use jungle_print::theme::Theme;

const SHAPES: [Shape; 4] = [Shape::Circle, Shape::Square, Shape::Rounded, Shape::Octagon];

/// The picture-book theme, or the classic one with the pictures a folder
/// gives (`--pictures`), at `picture_scale` `k` when given.
fn res(base: &str, k: Option<f64>) -> Resources {
    let mut text = format!("extends = \"{base}\"\n[counters]\nlayout = \"picture\"\npips = true\n");
    if let Some(k) = k {
        text += &format!("picture_scale = {k}\n");
    }
    if base == "classic" {
        text += "[pictures]\n";
        for a in [
            "elephant", "lion", "tiger", "leopard", "wolf", "dog", "cat", "rat",
        ] {
            text += &format!("{a} = \"builtin:twemoji-{a}\"\n");
        }
    }
    Resources::new(
        Theme::parse(&text, "t.toml").unwrap(),
        Lang::builtin("en").unwrap(),
        Ruleset::default(),
    )
    .unwrap()
}

/// A counter's face as drawn: its pictures' boxes and its dots (centre and
/// radius), page coordinates, mm.
#[derive(Default, Debug)]
struct Face {
    pictures: Vec<(f64, f64, f64, f64)>,
    dots: Vec<(f64, f64, f64)>,
}

fn walk(items: &[Item], t: Transform, face: &mut Face) {
    for item in items {
        match item {
            Item::Group(g) if g.picture => {
                let m = t.then_apply(g.transform);
                let (a, b) = (m.apply(pt(0.0, 0.0)), m.apply(pt(1.0, 1.0)));
                face.pictures.push((a.x, a.y, b.x, b.y));
            }
            Item::Group(g) => walk(&g.items, t.then_apply(g.transform), face),
            Item::Clip(c) => walk(&c.items, t, face),
            Item::Path(p) if p.fill.is_some() && p.stroke.is_none() && p.segs.len() == 6 => {
                let b = bounds(&p.segs).unwrap();
                let r = (b.2 - b.0) / 2.0;
                if r < 2.5 {
                    face.dots.push(((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0, r));
                }
            }
            _ => {}
        }
    }
}

fn face(page: &Page) -> Face {
    let mut f = Face::default();
    walk(page.layer(Layer::Artwork), Transform::IDENTITY, &mut f);
    f
}

const S: f64 = 22.0;

#[test]
fn the_picture_fills_the_face_the_same_for_every_rank_and_grows_with_its_scale() {
    for base in ["picture-book", "classic"] {
        let mut last = 0.0;
        let mut first = 0.0;
        for step in 0..=14 {
            let k = 0.3 + step as f64 * 0.05;
            let res = res(base, Some(k));
            let mut sizes = Vec::new();
            for animal in res.rules.animals_by_rank() {
                let page = counter_preview(
                    &res,
                    Piece {
                        side: Side::South,
                        animal,
                    },
                    S,
                    Shape::Circle,
                    false,
                );
                let f = face(&page);
                assert_eq!(f.pictures.len(), 1, "{base} {k}: one picture");
                let (x0, y0, x1, y1) = f.pictures[0];
                sizes.push(((x1 - x0), (y1 - y0), y0));
            }
            // Each drawing is scaled to balance its ink with the others'
            // (within 25 % of the median animal's area) and kept 0.8 mm
            // inside the rim (see compose::design): the frames differ by
            // animal, never by more than that balance allows.
            let mut frames: Vec<f64> = sizes.iter().map(|&(w, h, _)| w.max(h)).collect();
            frames.sort_by(f64::total_cmp);
            let frame = frames[frames.len() / 2];
            for f in &frames {
                assert!(
                    (f / frame - 1.0).abs() <= 0.4,
                    "{base} {k}: frames of one size, balanced: {sizes:?}"
                );
            }
            assert!(frame >= 0.45 * S - 1e-9, "{base} {k}: frame {frame:.2} mm");
            // Near the rim the room, not the scale, sets the size: it may
            // stay level there.
            assert!(
                frame >= last - 0.3,
                "{base}: grows with its scale: {last:.2} then {frame:.2} at {k}"
            );
            if step == 0 {
                first = frame;
                eprintln!(
                    "{base}: frame at picture_scale 0.3: {frame:.2} mm ({:.0} %)",
                    frame / S * 100.0
                );
            }
            last = frame;
        }
        eprintln!("{base}: frame at picture_scale 1: {last:.2} mm");
        assert!(
            last > first + 2.0,
            "{base}: grows from {first:.2} to {last:.2} mm"
        );
    }
}

/// The dots' centres relative to their middle, in units of their pitch.
fn pattern(dots: &[(f64, f64, f64)]) -> Vec<(f64, f64)> {
    let n = dots.len() as f64;
    let (mx, my) = dots
        .iter()
        .fold((0.0, 0.0), |a, d| (a.0 + d.0 / n, a.1 + d.1 / n));
    let mut v: Vec<(f64, f64)> = dots.iter().map(|d| (d.0 - mx, d.1 - my)).collect();
    v.sort_by(|a, b| (a.1, a.0).partial_cmp(&(b.1, b.0)).unwrap());
    v
}

fn same_pattern(found: &[(f64, f64, f64)], n: u8) -> bool {
    let want = dice(n);
    if want.len() != found.len() {
        return false;
    }
    let pitch_found = pattern(found);
    let (wx, wy) = want.iter().fold((0.0, 0.0), |a, d| {
        (a.0 + d.0 / want.len() as f64, a.1 + d.1 / want.len() as f64)
    });
    let mut w: Vec<(f64, f64)> = want.iter().map(|d| (d.0 - wx, d.1 - wy)).collect();
    w.sort_by(|a, b| (a.1, a.0).partial_cmp(&(b.1, b.0)).unwrap());
    // The scale: any two dots' distance.
    let scale = if n > 1 {
        let (a, b) = (pitch_found[0], pitch_found[1]);
        let (c, d) = (w[0], w[1]);
        ((a.0 - b.0).hypot(a.1 - b.1)) / ((c.0 - d.0).hypot(c.1 - d.1))
    } else {
        1.0
    };
    pitch_found
        .iter()
        .zip(&w)
        .all(|(f, w)| (f.0 - w.0 * scale).abs() < 0.05 && (f.1 - w.1 * scale).abs() < 0.05)
}

/// Checks one front: dots as big as a child counts, the rank's dice
/// pattern, clear of the rim and of the picture. `c` is the face's centre.
fn check_front(what: &str, res: &Resources, f: &Face, c: (f64, f64), n: u8) {
    assert!(
        same_pattern(&f.dots, n),
        "{what}: rank {n} as dice: {:?}",
        f.dots
    );
    let rim = S * res
        .theme
        .counters
        .ring_width
        .min(jungle_print::compose::drawn::faces::PICTURE_RIM);
    let (x0, y0, x1, y1) = f.pictures[0];
    for &(x, y, r) in &f.dots {
        assert!(2.0 * r >= 2.5 - 1e-9, "{what}: a dot {:.2} mm", 2.0 * r);
        let out = (x - c.0).hypot(y - c.1) + r;
        assert!(
            out <= S / 2.0 - rim - 0.2,
            "{what}: a dot reaches {out:.2} mm from the centre"
        );
        let dx = (x0 - x).max(x - x1).max(0.0);
        let dy = (y0 - y).max(y - y1).max(0.0);
        assert!(
            dx.hypot(dy) >= r + 0.3,
            "{what}: a dot {:.2} mm from the picture",
            dx.hypot(dy) - r
        );
    }
}

#[test]
fn dots_are_dice_a_child_counts_clear_of_rim_and_picture_on_every_shape() {
    for base in ["picture-book", "classic"] {
        let res = res(base, None);
        for shape in SHAPES {
            for side in Side::ALL {
                for animal in res.rules.animals_by_rank() {
                    let page = counter_preview(&res, Piece { side, animal }, S, shape, false);
                    let n = res.rules.rank(animal);
                    let what = format!("{base} {shape:?} {side:?} {animal:?}");
                    check_front(&what, &res, &face(&page), (2.0 + S / 2.0, 2.0 + S / 2.0), n);
                    if shape == Shape::Circle && side == Side::South && n == 5 {
                        let f = face(&page);
                        eprintln!("{base}: dots {:.2} mm", f.dots[0].2 * 2.0);
                    }
                }
            }
        }
    }
}

/// Fold-over and duplex sheets carry the same fronts: every counter's dots,
/// as many as its rank, at the size above.
#[test]
fn fold_over_and_duplex_fronts_count_the_same() {
    let res = res("picture-book", None);
    for sides in [Sides::Single, Sides::Fold, Sides::Duplex(Flip::LongEdge)] {
        let opts = CounterOptions {
            sides,
            ..CounterOptions::default()
        };
        let pages = counter_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
        let f = face(&pages[0]);
        let want: usize = 2 * res
            .rules
            .animals_by_rank()
            .iter()
            .map(|&a| res.rules.rank(a) as usize)
            .sum::<usize>();
        assert_eq!(f.dots.len(), want, "{sides:?}");
        assert_eq!(f.pictures.len(), 16, "{sides:?}");
        assert!(f.dots.iter().all(|d| d.2 * 2.0 >= 2.5 - 1e-9), "{sides:?}");
    }
}

/// The runs of `items`' text that are an animal's character alone (象,
/// 獅, …: as a counter or a table cell prints it, not within a sentence),
/// with where each stands (page coordinates, mm).
fn animal_characters(res: &Resources, items: &[Item]) -> Vec<(String, f64, f64)> {
    let chars: Vec<String> = res
        .rules
        .animals_by_rank()
        .into_iter()
        .map(|a| res.animal(a).han.clone())
        .collect();
    jungle_print::scene::text_runs(items)
        .into_iter()
        .filter(|r| chars.contains(&r.text))
        .map(|r| (r.text.clone(), r.pos.x, r.pos.y))
        .collect()
}

/// With picture counters, the poster's diagrams draw each counter as
/// printed: its picture and dots, and no character anywhere on them.
#[test]
fn the_posters_diagrams_draw_picture_counters() {
    use jungle_print::compose::products::poster::{poster_layout, poster_page, PosterOptions};
    for base in ["picture-book", "classic"] {
        let res = res(base, None);
        let opts = PosterOptions { paper: Paper::A4 };
        let layout = poster_layout(&res, &opts).unwrap();
        let page = poster_page(&res, &opts).unwrap();
        let art = page.layer(Layer::Artwork);
        let f = face(&page);
        let runs = animal_characters(&res, art);
        for (name, r) in layout
            .panels
            .iter()
            .filter(|(n, _)| ["move", "capture", "river", "traps", "den"].contains(n))
        {
            let inside = |x: f64, y: f64| x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
            assert!(
                f.pictures
                    .iter()
                    .any(|p| inside((p.0 + p.2) / 2.0, (p.1 + p.3) / 2.0)),
                "{base}: the {name} panel's counters show their pictures"
            );
            let han: Vec<_> = runs.iter().filter(|(_, x, y)| inside(*x, *y)).collect();
            assert!(
                han.is_empty(),
                "{base}: a character on the {name} panel: {han:?}"
            );
            // No dot too small to count: below 1.2 mm the picture fills the face.
            let small: Vec<_> = f
                .dots
                .iter()
                .filter(|d| inside(d.0, d.1) && 2.0 * d.2 < MIN_DIAGRAM_DOT - 1e-9)
                .collect();
            assert!(small.is_empty(), "{base}: {name} panel's dots {small:?}");
        }
        // The ranks show their dots: one die per animal, as many dots as its rank.
        let want: usize = res
            .rules
            .animals_by_rank()
            .iter()
            .map(|&a| res.rules.rank(a) as usize)
            .sum();
        let ranks = layout.panels.iter().find(|(n, _)| *n == "ranks").unwrap().1;
        let dots = f
            .dots
            .iter()
            .filter(|d| {
                d.0 >= ranks.x
                    && d.0 <= ranks.x + ranks.w
                    && d.1 >= ranks.y
                    && d.1 <= ranks.y + ranks.h
            })
            .count();
        assert_eq!(dots, want, "{base}: the ranks as dots");
    }
}

/// With picture counters, the handout's river diagram draws picture
/// counters, its only animal characters are the ranks table's, the table
/// shows each rank's dots, and the set-up sentence speaks of pictures.
#[test]
fn the_handout_matches_picture_counters() {
    use jungle_print::compose::products::handout::{handout_pages, HandoutOptions};
    for lang in ["en", "fr", "zh-Hant", "zh-Hans"] {
        let res = Resources::new(
            Theme::builtin("picture-book").unwrap(),
            Lang::builtin(lang).unwrap(),
            Ruleset::default(),
        )
        .unwrap();
        let pages = handout_pages(&res, &HandoutOptions { paper: Paper::A4 });
        let mut runs = Vec::new();
        let mut dots = 0;
        let mut text = String::new();
        for p in &pages {
            runs.extend(animal_characters(&res, p.layer(Layer::Artwork)));
            dots += face(p).dots.len();
            for r in jungle_print::scene::text_runs(p.layer(Layer::Artwork)) {
                text += &r.text;
            }
        }
        // The same handout with character counters prints the diagrams'
        // characters besides the table's.
        let kids = Resources::new(
            Theme::builtin("kids").unwrap(),
            Lang::builtin(lang).unwrap(),
            Ruleset::default(),
        )
        .unwrap();
        let with_characters: usize = handout_pages(&kids, &HandoutOptions { paper: Paper::A4 })
            .iter()
            .map(|p| animal_characters(&kids, p.layer(Layer::Artwork)).len())
            .sum();
        assert!(runs.len() < with_characters, "{lang}: {runs:?}");
        if lang == "en" {
            assert_eq!(
                runs.len(),
                8,
                "{lang}: only the table's characters: {runs:?}"
            );
        }
        // The table's dice (36); the diagrams' counters are too small for
        // countable dots (see the poster's test), so their pictures fill them.
        assert!(dots >= 36, "{lang}: {dots} dots");
        for word in ["同一個字", "同一个字", "same character"] {
            assert!(!text.contains(word), "{lang}: {word}");
        }
    }
}

//! Picture faces: the picture layouts on counters and start squares, the
//! rank as dots, `--pictures DIR`, every failing picture reported, and the
//! soft-print warning.

use crate::common;

use common::*;
use jungle_print::input::Source;
use jungle_print::job::{BoardOptions, CounterOptions, Inputs, Job, Kind};
use jungle_print::scene::{Item, Layer, Page, Transform};

/// Every circle path (four cubic segments) in `items`, as (centre x, centre
/// y, radius) in page coordinates.
fn dots(items: &[Item], t: Transform, out: &mut Vec<(f64, f64, f64)>) {
    for item in items {
        match item {
            // A dot: a small filled circle (with a halo ring, or plain on
            // a picture face's plate); the pictures' own circles are left out.
            Item::Path(p)
                if p.fill.is_some()
                    && p.segs.len() == 6
                    && jungle_print::scene::bounds(&p.segs).is_some_and(|b| b.2 - b.0 < 6.0) =>
            {
                let b = jungle_print::scene::bounds(&p.segs).unwrap();
                let (a, z) = (
                    t.apply(jungle_print::scene::pt(b.0, b.1)),
                    t.apply(jungle_print::scene::pt(b.2, b.3)),
                );
                out.push((
                    (a.x + z.x) / 2.0,
                    (a.y + z.y) / 2.0,
                    (z.x - a.x).abs() / 2.0,
                ));
            }
            Item::Group(g) if !g.picture => dots(&g.items, t.then_apply(g.transform), out),
            Item::Clip(c) => dots(&c.items, t, out),
            _ => {}
        }
    }
}

/// How many items of each kind (picture placements, drawings in groups)
/// lie under clips in `items`.
fn clipped_drawings(items: &[Item]) -> usize {
    items
        .iter()
        .map(|item| match item {
            Item::Clip(c) => c
                .items
                .iter()
                .filter(|i| matches!(i, Item::Group(_) | Item::Picture(_)))
                .count(),
            Item::Group(g) => clipped_drawings(&g.items),
            _ => 0,
        })
        .sum()
}

fn theme(text: &str) -> Source {
    Source::Text {
        name: "pictures.toml".into(),
        contents: text.into(),
    }
}

fn counters_job(theme_text: &str) -> Job {
    let mut job = Job::new(Kind::Counters(CounterOptions::default()));
    job.inputs.theme = Some(theme(theme_text));
    job
}

/// The picture layout draws each counter's picture clipped inside its rim,
/// no Chinese character, and as many dots as the rank.
#[test]
fn picture_faces_show_the_picture_and_count_the_rank() {
    let made = counters_job("[counters]\nlayout = \"picture\"\npips = true\nicons = false\n")
        .run()
        .unwrap();
    let page: &Page = &made.doc.pages[0];
    let art = page.layer(Layer::Artwork);
    assert_eq!(clipped_drawings(art), 16, "one clipped picture per counter");
    let han: Vec<&str> = jungle_print::scene::text_runs(art)
        .iter()
        .map(|r| r.text.as_str())
        .filter(|t| t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)))
        .collect();
    assert!(han.is_empty(), "no character on a picture face: {han:?}");
    let mut found = Vec::new();
    dots(art, Transform::IDENTITY, &mut found);
    // Ranks 1–8 on each side: 2 × 36 dots.
    assert_eq!(found.len(), 72);
}

/// Every picture layout and shape keeps the dots inside the face.
#[test]
fn dots_stay_inside_every_shape() {
    for shape in ["circle", "square", "rounded", "octagon"] {
        for layout in ["character", "picture", "picture-and-character"] {
            let mut job =
                counters_job(&format!("[counters]\nlayout = \"{layout}\"\npips = true\n"));
            if let Kind::Counters(c) = &mut job.kind {
                c.shape = jungle_print::compose::products::counters::Shape::parse(shape).unwrap();
            }
            let made = job.run().unwrap();
            let page = &made.doc.pages[0];
            let mut found = Vec::new();
            dots(page.layer(Layer::Artwork), Transform::IDENTITY, &mut found);
            assert_eq!(found.len(), 72, "{shape} {layout}");
            // Each dot lies within the inner circle of its counter: 22 mm
            // counters, so within 11 mm less a rim of its nearest centre.
            let cuts: Vec<(f64, f64)> = page
                .layer(Layer::Cut)
                .iter()
                .filter_map(|i| match i {
                    Item::Path(p) => jungle_print::scene::bounds(&p.segs)
                        .map(|b| ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0)),
                    _ => None,
                })
                .collect();
            for (x, y, r) in found {
                let d = cuts
                    .iter()
                    .map(|(cx, cy)| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt())
                    .fold(f64::MAX, f64::min);
                assert!(
                    d + r <= 11.0 - 0.5,
                    "{shape} {layout}: a dot {d:.2} mm from its centre"
                );
            }
        }
    }
}

/// Start squares show the counters' pictures in the picture layouts.
#[test]
fn start_squares_match_the_counters() {
    let mut job = Job::new(Kind::Board(BoardOptions::default()));
    job.inputs.theme = Some(theme("[counters]\nlayout = \"picture\"\n"));
    let made = job.run().unwrap();
    let art = made.doc.pages[0].layer(Layer::Artwork);
    assert_eq!(clipped_drawings(art), 16);
}

fn folder(name: &str, animals: &[&str]) -> TempDir {
    let dir = tempdir(name);
    for a in animals {
        let svg = std::fs::read_to_string(format!("{}/icons/{a}.svg", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
        std::fs::write(dir.join(format!("{a}.svg")), svg).unwrap();
    }
    dir
}

const ANIMALS: [&str; 8] = [
    "elephant", "lion", "tiger", "leopard", "wolf", "dog", "cat", "rat",
];

/// `--pictures DIR` makes picture faces from a folder; every missing animal
/// is named at once.
#[test]
fn a_folder_of_pictures_makes_picture_faces() {
    let dir = folder("pictures-all", &ANIMALS);
    let mut job = Job::new(Kind::Counters(CounterOptions::default()));
    job.inputs = Inputs {
        pictures: Some(dir.to_path_buf()),
        ..Inputs::default()
    };
    let made = job.run().unwrap();
    assert_eq!(
        clipped_drawings(made.doc.pages[0].layer(Layer::Artwork)),
        16
    );

    let dir = folder("pictures-some", &ANIMALS[..6]);
    let path = dir.to_string_lossy().to_string();
    let (code, _, err, wrote) = run_cli(&["counters", "--pictures", &path, "-o", "out.pdf"]);
    assert_eq!(code, 2, "{err}");
    assert!(!wrote);
    assert!(
        err.contains("--pictures")
            && err.contains("the rat, the cat")
            && err.contains("rat.png, cat.png"),
        "{err}"
    );
}

/// A bad picture in a `--pictures` folder is blamed on `--pictures` and its
/// file, not on a theme key the user never wrote.
#[test]
fn a_bad_picture_in_the_folder_names_the_option() {
    let dir = folder("pictures-bad", &ANIMALS[..7]);
    std::fs::write(dir.join("rat.png"), b"GIF89a not a png").unwrap();
    let path = dir.to_string_lossy().to_string();
    let (code, _, err, wrote) = run_cli(&["counters", "--pictures", &path, "-o", "out.pdf"]);
    assert_eq!(code, 2, "{err}");
    assert!(!wrote);
    assert!(
        err.contains("--pictures: ")
            && err.contains("rat.png")
            && err.contains("GIF")
            && !err.contains("theme key"),
        "{err}"
    );
}

/// Eight bad pictures are eight lines of one error, in the order the theme
/// wrote them, each with its line and key.
#[test]
fn every_bad_picture_is_reported_in_file_order() {
    let dir = tempdir("bad-pictures");
    let mut text = String::from("[pictures]\n");
    for a in ANIMALS.iter().rev() {
        std::fs::write(dir.join(format!("{a}.png")), b"GIF89a not a png").unwrap();
        text.push_str(&format!("{a} = \"{a}.png\"\n"));
    }
    let path = dir.join("theme.toml");
    std::fs::write(&path, text).unwrap();
    let mut job = Job::new(Kind::Counters(CounterOptions::default()));
    job.inputs.theme = Some(Source::File(path));
    let e = job.run().unwrap_err().to_string();
    assert!(e.starts_with("8 pictures could not be used"), "{e}");
    let lines: Vec<&str> = e.lines().skip(1).collect();
    assert_eq!(lines.len(), 8, "{e}");
    for (i, (line, a)) in lines.iter().zip(ANIMALS.iter().rev()).enumerate() {
        assert!(
            line.contains(&format!("theme.toml:{}:", i + 2))
                && line.contains(&format!("pictures.{a}")),
            "{line}"
        );
    }
}

/// A picture that prints below 150 dpi is named with its key, its pixels,
/// its printed size and the pixels 300 dpi needs; the JPEG goes into the
/// PDF once, as it is.
#[test]
fn a_small_picture_is_said_to_print_soft() {
    let dir = tempdir("soft-picture");
    let jpeg = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/pictures/baseline.jpg"
    ))
    .unwrap();
    std::fs::write(dir.join("lid.jpg"), &jpeg).unwrap();
    let path = dir.join("theme.toml");
    std::fs::write(&path, "[pictures]\nlid = \"lid.jpg\"\n").unwrap();
    let mut job = Job::new(Kind::Box(jungle_print::job::BoxOptions::default()));
    job.inputs.theme = Some(Source::File(path));
    let made = job.run().unwrap();
    let w = made
        .warnings
        .iter()
        .find(|w| w.contains("pictures.lid"))
        .unwrap_or_else(|| panic!("{:?}", made.warnings));
    assert!(
        w.contains("theme.toml:2")
            && w.contains("16 × 8 pixels")
            && w.contains("dpi")
            && w.contains("for 300 dpi"),
        "{w}"
    );
    let pdf = jungle_print::render::pdf::render(&made.doc, &made.pdf_options()).unwrap();
    let at = pdf
        .windows(jpeg.len().min(64))
        .position(|w| w == &jpeg[jpeg.len() - 64..]);
    assert!(at.is_some(), "the JPEG's bytes are in the PDF unchanged");
}

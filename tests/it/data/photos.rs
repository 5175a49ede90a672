//! Phone photos of children's drawings as parents take them (issue 46):
//! the eight made-up photos of [`super::phone`] (Seyès, squared, lined and
//! plain paper, tilted 5–15° on wood, gingham and a flowery cloth, thumbs,
//! a shadow, uneven light, a name in a corner, EXIF turns, one sheet with
//! two drawings). The frames are checked against where the strokes really
//! are; the ruling and the paper's tint are cleaned away, the strokes kept;
//! `check --pictures` prints the frames as theme lines and warns about the
//! sheet with two drawings by its name.

use std::path::Path;

use jungle_print::picture::frame::Found;
use jungle_print::picture::framed::drawing_box;
use jungle_print::picture::{decode, Art, Limits, Pictures};
use jungle_print::scene::{Raster, RasterData, Samples};
use jungle_print::theme::Theme;

use super::framing::{jpeg, stored, with_orientation};
use super::phone::{iou, shoot, the_eight, Photo, Shot};
use crate::common::tempdir;

/// The photo as the phone stores it: turned for its EXIF orientation.
fn phone_file(p: &Photo, orientation: u8) -> Vec<u8> {
    let (st, sw, sh) = stored(&p.rgb, p.width, p.height, orientation);
    with_orientation(&jpeg(&st, sw, sh), u16::from(orientation))
}

/// The drawing the frame should hold: the largest one on the sheet.
fn largest(p: &Photo) -> [f64; 4] {
    *p.drawings
        .iter()
        .max_by(|a, b| (a[2] * a[3]).total_cmp(&(b[2] * b[3])))
        .unwrap()
}

/// Where the frame of `shot` (stored turned for `orientation`) falls
/// against the largest drawing's strokes: `Ok` when it holds them (to 1 %
/// of the photo) and little else (intersection over union at least 0.75).
fn framed_on_the_drawing(animal: &str, shot: &Shot, orientation: u8) -> Result<String, String> {
    let p = shoot(shot);
    let r = decode(&phone_file(&p, orientation), animal, Limits::default()).unwrap();
    assert_eq!(
        r.shown_size(),
        (shot.width as u32, shot.height as u32),
        "{animal}: upright"
    );
    let truth = largest(&p);
    let Found::Drawing(b) = drawing_box(&r).unwrap() else {
        return Err(format!("{animal}: nothing found"));
    };
    let slack = shot.width as f64 / 100.0;
    let holds = b[0] <= truth[0] + slack
        && b[1] <= truth[1] + slack
        && b[0] + b[2] >= truth[0] + truth[2] - slack
        && b[1] + b[3] >= truth[1] + truth[3] - slack;
    let overlap = iou(b, truth);
    let line = format!("{animal}: iou {overlap:.2}, holds {holds}, {b:?} for {truth:?}");
    match holds && overlap >= 0.75 {
        true => Ok(line),
        false => Err(line),
    }
}

#[test]
fn the_eight_photos_are_framed_on_the_drawing() {
    let report: Vec<Result<String, String>> = the_eight()
        .iter()
        .map(|(animal, shot, orientation)| framed_on_the_drawing(animal, shot, *orientation))
        .collect();
    assert!(report.iter().all(Result::is_ok), "{report:#?}");
}

/// A phone's full resolution (4000 × 3000, as 12 megapixels): the two
/// hardest of the eight (a flowery cloth, a thumb, a shadow across the
/// sheet, one in grey crayon) and the sheet with two drawings are framed
/// as at low resolution, the second drawing still reported. The shadow's
/// edge, sharper in pixels of the reduced copy, once read as a stroke
/// joined to the drawing and threw the drawing out with it.
#[test]
fn full_resolution_photos_are_framed_on_the_drawing() {
    for (animal, mut shot, orientation) in the_eight()
        .into_iter()
        .filter(|(a, ..)| ["tiger", "cat", "rat"].contains(a))
    {
        let k = 10.0 / 3.0;
        shot.width = 4000;
        shot.height = 3000;
        shot.scale *= k;
        framed_on_the_drawing(animal, &shot, orientation).unwrap();
        if animal == "rat" {
            // The sheet with two drawings is still said to hold two.
            let dir = tempdir("photos-12mp");
            let p = shoot(&shot);
            std::fs::write(dir.join("rat.jpg"), phone_file(&p, orientation)).unwrap();
            std::fs::write(dir.join("t.toml"), "[pictures]\nrat = \"rat.jpg\"\n").unwrap();
            let t = Theme::load(&dir.join("t.toml")).unwrap();
            let pictures = Pictures::load(&t, false, true).unwrap();
            assert!(
                pictures
                    .notes()
                    .iter()
                    .any(|(_, m)| m.contains("holds 2 drawings")),
                "{:?}",
                pictures.notes()
            );
        }
    }
}

/// A theme of one picture, with `background`, loaded.
fn load_one(dir: &Path, file: &str, background: &str) -> Raster {
    std::fs::write(
        dir.join("t.toml"),
        format!("[pictures]\nbackground = \"{background}\"\nlion = \"{file}\"\n"),
    )
    .unwrap();
    let t = Theme::load(&dir.join("t.toml")).unwrap();
    let pictures = Pictures::load(&t, false, true).unwrap();
    match pictures.animal(jungle_print::game::Animal::Lion).unwrap().0 {
        Art::Raster(r) => (**r).clone(),
        Art::Vector(_) => panic!("a raster"),
    }
}

/// Pixels of a framed picture: (light but not white: ruling or tint, dark:
/// strokes), as shares of the picture.
fn census(r: &Raster) -> (f64, f64) {
    let RasterData::Pixels {
        color: Samples::Rgb(px),
        ..
    } = &r.data
    else {
        panic!("decoded RGB pixels")
    };
    let n = px.len() / 3;
    let (mut tinted, mut dark) = (0usize, 0usize);
    for p in px.chunks_exact(3) {
        let lo = p.iter().copied().min().unwrap();
        if lo < 110 {
            dark += 1;
        } else if lo < 240 {
            tinted += 1;
        }
    }
    (tinted as f64 / n as f64, dark as f64 / n as f64)
}

#[test]
fn seyes_ruling_and_the_paper_s_tint_are_cleaned_and_the_strokes_kept() {
    let dir = tempdir("photos-clean");
    for (name, shot) in [
        ("seyes.jpg", the_eight()[0].1.clone()),
        ("squared.jpg", the_eight()[1].1.clone()),
    ] {
        // Even light, so that the strokes are as dark before and after.
        let p = shoot(&Shot {
            paper: [240.0, 232.0, 210.0],
            falloff: 0.0,
            ..shot
        });
        std::fs::write(dir.join(name), phone_file(&p, 1)).unwrap();
        let kept = load_one(&dir, name, "keep");
        let white = load_one(&dir, name, "white");
        assert_eq!(
            kept.shown_size(),
            white.shown_size(),
            "{name}: the same frame"
        );
        let (kept_tint, kept_dark) = census(&kept);
        let (white_tint, white_dark) = census(&white);
        // As taken, the paper is tinted everywhere and ruled.
        assert!(kept_tint > 0.5, "{name}: {kept_tint}");
        // Cleaned: nearly all white, except the strokes and their crayon fill.
        assert!(
            white_tint < 0.12,
            "{name}: {white_tint} light but not white"
        );
        // The strokes are all still there, as dark.
        assert!(
            white_dark >= kept_dark * 0.95 && white_dark <= kept_dark * 1.1,
            "{name}: dark {white_dark} cleaned, {kept_dark} as taken"
        );
    }
}

/// Runs the program in `dir` with `args`.
fn run(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn check_prints_each_frame_as_a_theme_line_and_names_the_sheet_with_two_drawings() {
    let dir = tempdir("photos-check");
    std::fs::create_dir(dir.join("dessins")).unwrap();
    let mut truths = Vec::new();
    for (animal, shot, orientation) in the_eight() {
        let p = shoot(&shot);
        std::fs::write(
            dir.join("dessins").join(format!("{animal}.jpg")),
            phone_file(&p, orientation),
        )
        .unwrap();
        truths.push((animal, largest(&p), p.drawings.clone()));
    }
    let out = run(&dir, &["check", "--pictures", "dessins", "--lang", "fr"]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    for (animal, truth, _) in &truths {
        let start = format!("pictures.{animal} = {{ file = \"dessins/{animal}.jpg\", crop = [");
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("no line for {animal}: {stdout}"));
        // The line is a theme line: pasted into a theme, it frames the same.
        let crop: Vec<f64> = line[start.len()..line.len() - 3]
            .split(", ")
            .map(|v| v.parse().unwrap())
            .collect();
        let b = [
            crop[0] * 1200.0,
            crop[1] * 900.0,
            crop[2] * 1200.0,
            crop[3] * 900.0,
        ];
        assert!(iou(b, *truth) > 0.75, "{animal}: {line}");
    }
    // The rat's sheet holds the cat too: one warning, naming the file and
    // giving both frames to choose from.
    let two: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("2 drawings"))
        .collect();
    assert_eq!(two.len(), 1, "{stderr}");
    assert!(
        two[0].contains("pictures.rat")
            && two[0].contains("rat.jpg")
            && two[0].matches("crop = [").count() == 2,
        "{}",
        two[0]
    );
    // No other photo is warned about.
    assert!(!stderr.contains("nearly the whole photo"), "{stderr}");

    // `set` says the same.
    let out = run(
        &dir,
        &[
            "set",
            "--lang",
            "fr",
            "--theme",
            "picture-book",
            "--pictures",
            "dessins",
            "--counter-size",
            "25",
            "-o",
            "set.pdf",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.contains("2 drawings") && l.contains("rat.jpg"))
            .count(),
        1,
        "{stderr}"
    );
}

#[test]
fn a_frame_that_is_nearly_the_whole_photo_is_warned_about() {
    let dir = tempdir("photos-whole");
    // Taken close: the paper fills the photo, the drawing nearly all of it.
    let p = shoot(&Shot {
        width: 1000,
        height: 530,
        tilt: 0.0,
        scale: 5.0,
        drawings: vec![super::phone::Drawing {
            at: (105.0, 150.0),
            size: 118.0,
            pen: super::phone::Pen::Felt([30.0, 30.0, 30.0]),
            fill: None,
        }],
        ..Shot::default()
    });
    std::fs::write(dir.join("lion.jpg"), phone_file(&p, 1)).unwrap();
    std::fs::write(dir.join("t.toml"), "[pictures]\nlion = \"lion.jpg\"\n").unwrap();
    let out = run(&dir, &["check", "t.toml", "--lang", "en"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("nearly the whole photo"))
        .collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].contains("pictures.lion")
            && lines[0].contains("lion.jpg")
            && lines[0].contains("crop = ["),
        "{}",
        lines[0]
    );
}

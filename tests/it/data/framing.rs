//! Framing and print resolution (issue 34): the drawing found in generated
//! phone-like photos (paper on a table, a shadow, light falling off across
//! the sheet, every EXIF orientation, a screenshot with black bars), the
//! frame by hand in a theme and its mistakes, the embedded resolution, a JPEG
//! that needs no change going in byte for byte.
//!
//! Photos are drawn here and saved with the same JPEG encoder the program
//! uses; boxes are `[x, y, w, h]` in pixels of the upright picture.

use std::path::Path;
use std::sync::Arc;

use jungle_print::job::{Inputs, Job, Kind};
use jungle_print::picture::frame::Found;
use jungle_print::picture::framed::{drawing_box, look_bytes, take_look};
use jungle_print::picture::{decode, Limits};
use jungle_print::scene::{walk, Path as ScenePath, Placed, Raster, TextRun, Transform, Visitor};
use jungle_print::theme::Theme;

use crate::common::tempdir;

const ANIMALS: [&str; 8] = [
    "elephant", "lion", "tiger", "leopard", "wolf", "dog", "cat", "rat",
];

/// How a generated photo looks.
#[derive(Clone, Copy)]
struct Scene {
    width: usize,
    height: usize,
    /// How much darker the far corner is than the near one (0–1).
    falloff: f64,
    /// The shadow the sheet casts on the table, in pixels (0: none).
    shadow: usize,
    /// The drawing's box, fractions of the photo.
    drawing: [f64; 4],
}

const PLAIN: Scene = Scene {
    width: 1200,
    height: 900,
    falloff: 0.0,
    shadow: 0,
    drawing: [0.38, 0.3, 0.25, 0.35],
};

/// A photo of a drawing on paper on a wooden table, upright, as RGB
/// samples, and the drawing's box in pixels.
fn photo(s: Scene) -> (Vec<u8>, [f64; 4]) {
    let (w, h) = (s.width, s.height);
    let paper = (
        0.2 * w as f64,
        0.12 * h as f64,
        0.78 * w as f64,
        0.86 * h as f64,
    );
    let [dx, dy, dw, dh] = s.drawing;
    let d = (
        dx * w as f64,
        dy * h as f64,
        (dx + dw) * w as f64,
        (dy + dh) * h as f64,
    );
    let mut seed = 12345u32;
    let mut noise = move || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        f64::from((seed >> 16) % 9) - 4.0
    };
    let mut px = Vec::with_capacity(w * h * 3);
    for y in 0..h {
        for x in 0..w {
            let (fx, fy) = (x as f64, y as f64);
            let on_paper = fx >= paper.0 && fx < paper.2 && fy >= paper.1 && fy < paper.3;
            let grain = ((fx / w as f64 * 50.0 + (fy / h as f64 * 6.0).sin() * 3.0).sin()) * 12.0;
            let mut c = [120.0 + grain, 80.0 + grain * 0.7, 50.0 + grain * 0.4];
            let shadowed = s.shadow > 0
                && !on_paper
                && fx >= paper.0 + s.shadow as f64
                && fx < paper.2 + s.shadow as f64
                && fy >= paper.1 + s.shadow as f64
                && fy < paper.3 + s.shadow as f64;
            if shadowed {
                c = c.map(|v| v * 0.55);
            }
            if on_paper {
                c = [236.0, 232.0, 222.0];
                if fx >= d.0 && fx < d.2 && fy >= d.1 && fy < d.3 {
                    // Crayon: an outlined red ellipse and a blue bar below it.
                    let (u, v) = ((fx - d.0) / (d.2 - d.0), (fy - d.1) / (d.3 - d.1));
                    let e = ((u - 0.5) / 0.5).powi(2) + ((v - 0.35) / 0.35).powi(2);
                    if e < 0.8 {
                        c = [200.0, 50.0, 40.0];
                    } else if e < 1.0 {
                        c = [30.0, 30.0, 30.0];
                    } else if v > 0.8 {
                        c = [40.0, 80.0, 190.0];
                    }
                }
            }
            let light = 1.0 - s.falloff * (0.7 * fx / w as f64 + 0.3 * fy / h as f64);
            for v in c {
                px.push((v * light + noise()).round().clamp(0.0, 255.0) as u8);
            }
        }
    }
    (px, [d.0, d.1, d.2 - d.0, d.3 - d.1])
}

/// RGB samples as a quality-92 JPEG, as a phone saves a photo.
pub(super) fn jpeg(px: &[u8], w: usize, h: usize) -> Vec<u8> {
    let mut out = Vec::new();
    jpeg_encoder::Encoder::new(&mut out, 92)
        .encode(px, w as u16, h as u16, jpeg_encoder::ColorType::Rgb)
        .unwrap();
    out
}

/// `jpeg` with an EXIF segment giving `orientation`, right after SOI.
pub(super) fn with_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&[0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]);
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// Upright samples stored so that EXIF `orientation` shows them upright:
/// the stored pixels and their size.
pub(super) fn stored(px: &[u8], w: usize, h: usize, orientation: u8) -> (Vec<u8>, usize, usize) {
    let (sw, sh) = if orientation >= 5 { (h, w) } else { (w, h) };
    let mut out = vec![0u8; px.len()];
    for y in 0..h {
        for x in 0..w {
            // The stored pixel that shows at upright (x, y).
            let (sx, sy) = match orientation {
                2 => (sw - 1 - x, y),
                3 => (sw - 1 - x, sh - 1 - y),
                4 => (x, sh - 1 - y),
                5 => (y, x),
                6 => (y, sh - 1 - x),
                7 => (sw - 1 - y, sh - 1 - x),
                8 => (sw - 1 - y, x),
                _ => (x, y),
            };
            let (i, j) = ((y * w + x) * 3, (sy * sw + sx) * 3);
            out[j..j + 3].copy_from_slice(&px[i..i + 3]);
        }
    }
    (out, sw, sh)
}

fn read(bytes: &[u8]) -> Raster {
    decode(bytes, "photo", Limits::default()).unwrap()
}

/// The found box holds the drawing (to 1 % of the photo) and adds at most a
/// small margin (15 % of the drawing's larger side) on each edge.
fn assert_frames(found: &Found, truth: [f64; 4], size: (usize, usize), what: &str) {
    let Found::Drawing(b) = found else {
        panic!("{what}: no drawing found: {found:?}");
    };
    let slack = 0.01 * size.0.max(size.1) as f64;
    let margin = 0.15 * truth[2].max(truth[3]);
    let edges = [
        (truth[0] - b[0], "left"),
        (truth[1] - b[1], "top"),
        ((b[0] + b[2]) - (truth[0] + truth[2]), "right"),
        ((b[1] + b[3]) - (truth[1] + truth[3]), "bottom"),
    ];
    for (gap, edge) in edges {
        assert!(
            gap >= -slack && gap <= margin,
            "{what}: the {edge} edge is {gap:.1} px outside the drawing (box {b:?}, drawing {truth:?})"
        );
    }
}

#[test]
fn the_drawing_is_found_on_paper_on_a_table() {
    let (px, truth) = photo(PLAIN);
    let r = read(&jpeg(&px, PLAIN.width, PLAIN.height));
    assert_frames(&drawing_box(&r).unwrap(), truth, (1200, 900), "plain");
}

/// The web page looks at photos in two workers: what one saw, as bytes, is
/// taken by the other as its own look at the same picture.
#[test]
fn a_look_handed_over_is_taken_as_seen() {
    let (px, _) = photo(PLAIN);
    let seen = read(&jpeg(&px, PLAIN.width, PLAIN.height));
    let bytes = look_bytes(&seen).unwrap().expect("a photo's look");
    // Another photo (another digest) not looked at yet takes the look given.
    let (px, _) = photo(Scene {
        drawing: [0.2, 0.2, 0.3, 0.3],
        ..PLAIN
    });
    let other = read(&jpeg(&px, PLAIN.width, PLAIN.height));
    assert!(!take_look(&other, &bytes[..bytes.len() - 1]), "cut short");
    assert!(take_look(&other, &bytes));
    assert_eq!(drawing_box(&other).unwrap(), drawing_box(&seen).unwrap());
    assert_eq!(look_bytes(&other).unwrap(), Some(bytes));
}

#[test]
fn a_shadow_and_light_falling_off_across_the_sheet_do_not_defeat_it() {
    for falloff in [0.25, 0.45] {
        let s = Scene {
            falloff,
            shadow: 30,
            drawing: [0.5, 0.5, 0.22, 0.3],
            ..PLAIN
        };
        let (px, truth) = photo(s);
        let r = read(&jpeg(&px, s.width, s.height));
        let what = format!("falloff {falloff}");
        assert_frames(&drawing_box(&r).unwrap(), truth, (1200, 900), &what);
    }
}

#[test]
fn every_exif_orientation_frames_the_upright_drawing() {
    let s = Scene {
        drawing: [0.25, 0.2, 0.3, 0.4],
        ..PLAIN
    };
    let (px, truth) = photo(s);
    for o in 1..=8u8 {
        let (st, sw, sh) = stored(&px, s.width, s.height, o);
        let r = read(&with_orientation(&jpeg(&st, sw, sh), u16::from(o)));
        assert_eq!(r.shown_size(), (1200, 900), "orientation {o}");
        assert_frames(
            &drawing_box(&r).unwrap(),
            truth,
            (1200, 900),
            &format!("orientation {o}"),
        );
    }
}

#[test]
fn a_screenshot_s_black_bars_are_left_out() {
    let s = Scene {
        width: 600,
        height: 450,
        ..PLAIN
    };
    let (px, truth) = photo(s);
    // The photo in the middle of a tall black screen, saved as PNG.
    let (w, h, top) = (600usize, 1300usize, 425usize);
    let mut screen = vec![0u8; w * h * 3];
    screen[top * w * 3..(top + 450) * w * 3].copy_from_slice(&px);
    let mut png = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut png, w as u32, h as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header()
            .unwrap()
            .write_image_data(&screen)
            .unwrap();
    }
    let r = read(&png);
    let truth = [truth[0], truth[1] + top as f64, truth[2], truth[3]];
    assert_frames(&drawing_box(&r).unwrap(), truth, (600, 1300), "screenshot");
}

#[test]
fn a_sheet_without_a_drawing_gives_up_and_says_so() {
    let s = Scene {
        drawing: [0.0, 0.0, 0.0, 0.0],
        ..PLAIN
    };
    let (px, _) = photo(s);
    let r = read(&jpeg(&px, s.width, s.height));
    assert!(matches!(drawing_box(&r).unwrap(), Found::GaveUp(_)));

    // Through a run: one line naming the picture's key and file.
    let dir = tempdir("framing-gives-up");
    std::fs::write(dir.join("blank.jpg"), jpeg(&px, s.width, s.height)).unwrap();
    let out = counters_with(&dir, "[pictures]\nlion = \"blank.jpg\"\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("automatic framing"))
        .collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains("pictures.lion")
            && lines[0].contains("blank.jpg")
            && lines[0].contains("whole picture"),
        "{err}"
    );
}

/// Writes `theme` to `t.toml` in `dir` and runs `counters --theme t.toml -o
/// out.pdf` there.
fn counters_with(dir: &Path, theme: &str) -> std::process::Output {
    std::fs::write(dir.join("t.toml"), theme).unwrap();
    std::process::Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        .args(["counters", "--theme", "t.toml", "-o", "out.pdf"])
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Every picture of a document with its printed size in mm (width, height).
fn placed(doc: &jungle_print::scene::Document) -> Vec<(Arc<Raster>, f64, f64)> {
    struct Found(Vec<(Arc<Raster>, f64, f64)>);
    impl<'a> Visitor<'a> for Found {
        fn path(&mut self, _: &'a ScenePath, _: Transform) {}
        fn text(&mut self, _: &'a TextRun, _: Transform) {}
        fn picture(&mut self, p: &'a Placed, t: Transform) {
            let [a, b, c, d, ..] = t.then_apply(p.transform).0;
            self.0.push((p.raster.clone(), a.hypot(b), c.hypot(d)));
        }
    }
    let mut found = Found(Vec::new());
    for page in &doc.pages {
        for (_, items) in page.layers.iter() {
            walk(items, Transform::IDENTITY, &mut found);
        }
    }
    found.0
}

fn folder_of_photos(name: &str, scene: Scene) -> crate::common::TempDir {
    let dir = tempdir(name);
    let (px, _) = photo(scene);
    for (i, a) in ANIMALS.iter().enumerate() {
        // Each a different file: one more stored turned.
        let o = [1u8, 6, 1, 8, 3, 1, 1, 1][i];
        let (st, sw, sh) = stored(&px, scene.width, scene.height, o);
        let mut bytes = with_orientation(&jpeg(&st, sw, sh), u16::from(o));
        bytes.extend_from_slice(&[i as u8]); // after EOI: ignored, but a different file
        std::fs::write(dir.join(format!("{a}.jpg")), bytes).unwrap();
    }
    dir
}

#[test]
fn photos_are_embedded_at_300_dpi_at_their_largest_printed_size() {
    let dir = folder_of_photos("framing-dpi", PLAIN);
    let mut job = Job::new(Kind::set());
    job.inputs = Inputs {
        pictures: Some(dir.to_path_buf()),
        ..Inputs::default()
    };
    let made = job.run().unwrap();
    let pictures = placed(&made.doc);
    assert!(pictures.len() >= 16, "{}", pictures.len());
    // The largest placement of each picture prints at 300 dpi (to a pixel).
    let mut largest: Vec<(u64, f64, f64, u32, u32)> = Vec::new();
    for (r, w, h) in &pictures {
        assert_eq!(r.orientation, 1, "scaled pictures are stored upright");
        match largest.iter_mut().find(|l| l.0 == r.digest) {
            Some(l) if l.1 >= *w => {}
            Some(l) => *l = (r.digest, *w, *h, r.width, r.height),
            None => largest.push((r.digest, *w, *h, r.width, r.height)),
        }
    }
    assert_eq!(largest.len(), 8, "one picture per animal");
    for (_, w, h, pw, ph) in largest {
        let dpi = jungle_print::picture::dpi(pw, w).max(jungle_print::picture::dpi(ph, h));
        let one_pixel = 25.4 / w.min(h) * 1.5;
        assert!(
            (300.0..300.0 * (1.0 + one_pixel) + 1.0).contains(&dpi),
            "{pw} × {ph} px over {w:.1} × {h:.1} mm: {dpi:.1} dpi"
        );
    }
}

#[test]
fn a_jpeg_that_needs_neither_crop_nor_scaling_goes_in_byte_for_byte() {
    let dir = tempdir("framing-passthrough");
    // 32 × 24 pixels: under 300 dpi on the smallest picture face.
    let s = Scene {
        width: 32,
        height: 24,
        ..PLAIN
    };
    let (px, _) = photo(s);
    let small = jpeg(&px, 32, 24);
    std::fs::write(dir.join("small.jpg"), &small).unwrap();
    let out = counters_with(
        &dir,
        "[counters]\nlayout = \"picture\"\n[pictures]\nlion = { file = \"small.jpg\", frame = \"whole\" }\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pdf = std::fs::read(dir.join("out.pdf")).unwrap();
    assert!(
        pdf.windows(small.len()).any(|w| w == small),
        "the JPEG's bytes are in the PDF"
    );
}

fn theme(dir: &Path, pictures: &str) -> Result<Theme, String> {
    std::fs::write(dir.join("t.toml"), format!("[pictures]\n{pictures}\n")).unwrap();
    Theme::load(&dir.join("t.toml")).map_err(|e| e.to_string())
}

#[test]
fn a_frame_by_hand_crops_zooms_and_focuses() {
    let dir = tempdir("framing-by-hand");
    let (px, _) = photo(PLAIN);
    std::fs::write(dir.join("lion.jpg"), jpeg(&px, 1200, 900)).unwrap();
    let t = theme(
        &dir,
        "lion = { file = \"lion.jpg\", crop = [0.5, 0, 0.5, 1] }\ntiger = { file = \"lion.jpg\", frame = \"whole\", zoom = 2, focus = [0, 0] }\nrat = \"lion.jpg\"",
    )
    .unwrap();
    let pictures = jungle_print::picture::Pictures::load(&t, false, true).unwrap();
    let size = |a| match pictures.animal(a).unwrap().0 {
        jungle_print::picture::Art::Raster(r) => r.shown_size(),
        _ => panic!("a raster"),
    };
    use jungle_print::game::Animal;
    assert_eq!(size(Animal::Lion), (600, 900));
    assert_eq!(size(Animal::Tiger), (600, 450));
    let (w, h) = size(Animal::Rat);
    assert!(w < 600 && h < 600, "the automatic frame: {w} × {h}");
    // Written back in the table form, read again the same.
    let again = Theme::parse(&t.to_toml(), "again.toml").unwrap();
    assert_eq!(again.pictures, t.pictures);
}

#[test]
fn every_bad_frame_value_names_file_line_and_key() {
    let dir = tempdir("framing-bad");
    std::fs::write(dir.join("lion.jpg"), jpeg(&photo(PLAIN).0, 1200, 900)).unwrap();
    let cases = [
        (
            "lion = { file = \"lion.jpg\", crop = [0.5, 0, 0.6, 1] }",
            "pictures.lion.crop",
            "past the picture's edge",
        ),
        (
            "lion = { file = \"lion.jpg\", crop = [0, 0, 1] }",
            "pictures.lion.crop",
            "four numbers",
        ),
        (
            "lion = { file = \"lion.jpg\", crop = [0, 0, 0.001, 1] }",
            "pictures.lion.crop",
            "at least 0.01",
        ),
        (
            "lion = { file = \"lion.jpg\", crop = [-0.1, 0, 0.5, 1] }",
            "pictures.lion.crop",
            "from 0 to 1",
        ),
        (
            "lion = { file = \"lion.jpg\", zoom = 0 }",
            "pictures.lion.zoom",
            "out of range",
        ),
        (
            "lion = { file = \"lion.jpg\", zoom = \"big\" }",
            "pictures.lion.zoom",
            "expected a number",
        ),
        (
            "lion = { file = \"lion.jpg\", focus = [2, 0] }",
            "pictures.lion.focus",
            "from 0 to 1",
        ),
        (
            "lion = { file = \"lion.jpg\", frame = \"tight\" }",
            "pictures.lion.frame",
            "\"auto\" or \"whole\"",
        ),
        (
            "lion = { file = \"lion.jpg\", scale = 2 }",
            "pictures.lion.scale",
            "unknown key",
        ),
        (
            "lion = { crop = [0, 0, 1, 1] }",
            "pictures.lion",
            "no `file`",
        ),
        (
            "lion = { file = \"nowhere.jpg\" }",
            "pictures.lion.file",
            "nowhere.jpg",
        ),
        ("dpi = 20", "pictures.dpi", "out of range"),
        (
            "background = \"erase\"",
            "pictures.background",
            "not one of",
        ),
    ];
    for (text, key, needle) in cases {
        let e = theme(&dir, text).unwrap_err();
        assert!(
            e.contains("t.toml:2:") && e.contains(&format!("key `{key}`")) && e.contains(needle),
            "{text}: {e}"
        );
    }
    // Through the command line: exit 2.
    let out = counters_with(
        &dir,
        "[pictures]\nlion = { file = \"lion.jpg\", zoom = 99 }\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.join("out.pdf").exists());
}

#[test]
fn the_paper_can_be_made_transparent() {
    let dir = tempdir("framing-remove");
    let s = Scene {
        falloff: 0.4,
        ..PLAIN
    };
    let (px, truth) = photo(s);
    std::fs::write(dir.join("lion.jpg"), jpeg(&px, 1200, 900)).unwrap();
    let t = theme(&dir, "background = \"remove\"\nlion = \"lion.jpg\"").unwrap();
    let pictures = jungle_print::picture::Pictures::load(&t, false, true).unwrap();
    let jungle_print::picture::Art::Raster(r) =
        pictures.animal(jungle_print::game::Animal::Lion).unwrap().0
    else {
        panic!("a raster")
    };
    let jungle_print::scene::RasterData::Pixels {
        alpha: Some(alpha), ..
    } = &r.data
    else {
        panic!("the framed photo has an alpha plane")
    };
    let (w, h) = (r.width as usize, r.height as usize);
    // The corners are paper, the middle of the drawing's ellipse is ink.
    for (x, y) in [(2, 2), (w - 3, 2), (2, h - 3), (w - 3, h - 3)] {
        assert!(
            alpha[y * w + x] < 40,
            "paper at ({x}, {y}): {}",
            alpha[y * w + x]
        );
    }
    // The ellipse's centre: the drawing's box, less the frame's margin.
    let (cx, cy) = (
        w / 2,
        (h as f64 * (0.5 - 0.15 * truth[3] / h as f64)) as usize,
    );
    assert!(alpha[cy * w + cx] > 200, "ink: {}", alpha[cy * w + cx]);
}

#[test]
fn a_picture_too_large_is_described_upright() {
    // A 9,000 × 7,000 JPEG header stored turned (EXIF 6): shown 7,000 × 9,000.
    let small = jpeg(
        &photo(Scene {
            width: 16,
            height: 16,
            ..PLAIN
        })
        .0,
        16,
        16,
    );
    let mut bytes = with_orientation(&small, 6);
    let sof = bytes.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    bytes[sof + 5..sof + 9].copy_from_slice(&[0x1B, 0x58, 0x23, 0x28]); // height 7000, width 9000
    let e = decode(&bytes, "`tall.jpg`", Limits::default()).unwrap_err();
    assert!(e.contains("7000 × 9000"), "{e}");
}

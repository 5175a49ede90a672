//! The tactile edition for a 3-D printer (`board`/`counters --for tactile
//! --format 3mf`): a valid 3MF package in millimetres, every mesh closed
//! and consistently turned, tiles within the print bed, counters that fit
//! the board's squares, braille dots at the standard spacing, named
//! objects, and the same bytes every time.

use std::io::Read;
use std::path::PathBuf;

use jungle_print::compose::drawn::braille::{CELL, DOT, IN_CELL};
use jungle_print::compose::products::tactile::{counter_side, default_square};
use jungle_print::export::export;
use jungle_print::input::Source;
use jungle_print::job::{Job, Kind, Output, Purpose};
use jungle_print::layout::tactile::{BED, BORDER, DOT_HEIGHT};
use jungle_print::options::Format;
use jungle_print::render::mesh::{closed_fault, object_mesh};
use jungle_print::scene::solid::{Model, Object, Solid};

/// The tactile job `kind` in `lang`, written as 3MF.
fn job(kind: Kind, lang: &str) -> Job {
    let mut job = Job::new(kind);
    job.purpose = Purpose::Tactile;
    job.inputs.lang = Source::builtin(lang);
    job.output = Some(Output::new(PathBuf::from("t.3mf"), Format::ThreeMf));
    job
}

/// The solid model the job makes.
fn model(kind: Kind, lang: &str) -> Model {
    job(kind, lang)
        .run()
        .expect("a 3-D model")
        .solid
        .expect("a solid")
}

fn board() -> Kind {
    Kind::Board(Default::default())
}

fn counters() -> Kind {
    Kind::Counters(Default::default())
}

/// Every solid's mesh alone, and every object's, is closed and turned one way.
fn assert_closed(m: &Model) {
    for o in &m.objects {
        for (i, s) in o.solids.iter().enumerate() {
            let one = Object {
                name: String::new(),
                solids: vec![s.clone()],
            };
            if let Some(fault) = closed_fault(&object_mesh(&one)) {
                panic!("{}: solid {i} is not closed: {fault}: {s:?}", o.name);
            }
        }
        assert_eq!(closed_fault(&object_mesh(o)), None, "{}", o.name);
    }
}

#[test]
fn every_mesh_is_closed_in_every_language() {
    for lang in ["en", "fr", "zh-Hant", "zh-Hans"] {
        assert_closed(&model(board(), lang));
        assert_closed(&model(counters(), lang));
    }
}

#[test]
fn meshes_face_outwards() {
    // A closed mesh turned outwards encloses a positive volume.
    for o in &model(counters(), "en").objects[..2] {
        let m = object_mesh(o);
        let v: f64 = m
            .triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|i| m.vertices[i as usize]);
                (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]))
                    / 6.0
            })
            .sum();
        assert!(v > 1000.0, "{}: volume {v}", o.name);
    }
}

#[test]
fn tiles_fit_the_bed_and_counters_fit_the_squares() {
    let m = model(board(), "fr");
    assert!(m.objects.len() >= 2, "the board is tiled");
    let mut area = 0.0;
    for o in &m.objects {
        let (lo, hi) = object_mesh(o).bounds();
        let (w, h) = (hi[0] - lo[0], hi[1] - lo[1]);
        assert!(w <= BED && h <= BED, "{}: {w} × {h} mm", o.name);
        assert!(lo[2] >= -1e-9, "{} is on the bed", o.name);
        area += w * h;
    }
    assert!(area > 200.0 * 280.0, "the tiles cover the board");
    let res = job(counters(), "fr")
        .inputs
        .resources(Purpose::Tactile)
        .unwrap();
    let (side, square) = (counter_side(&res).unwrap(), default_square(&res).unwrap());
    for o in &model(counters(), "fr").objects {
        let (lo, hi) = object_mesh(o).bounds();
        let w = (hi[0] - lo[0]).max(hi[1] - lo[1]);
        assert!((w - side).abs() < 0.01, "{}: {w} mm, not {side}", o.name);
        // Between two borders, with room to spare each side.
        assert!(
            w <= square - BORDER - 2.0,
            "{}: {w} mm in {square} mm squares",
            o.name
        );
    }
}

#[test]
fn braille_dots_are_at_the_standard_spacing() {
    let m = model(counters(), "en");
    let o = &m.objects[0];
    let dots: Vec<(f64, f64, f64, f64)> = o
        .solids
        .iter()
        .filter_map(|s| match s {
            Solid::Dome {
                center,
                radius,
                height,
                ..
            } => Some((center.0, center.1, *radius, *height)),
            _ => None,
        })
        .collect();
    assert!(dots.len() >= 4, "{}", o.name);
    for d in &dots {
        assert_eq!(d.2 * 2.0, DOT);
        assert_eq!(d.3, DOT_HEIGHT);
    }
    // Nearest neighbours are 2.5 mm apart in a cell; no two dots closer.
    let mut nearest = f64::INFINITY;
    for (i, a) in dots.iter().enumerate() {
        for b in &dots[i + 1..] {
            nearest = nearest.min(((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt());
        }
    }
    assert!((nearest - IN_CELL).abs() < 1e-6, "{nearest}");
    // Some pair of dots lies a cell apart on a line.
    assert!(dots.iter().any(|a| dots
        .iter()
        .any(|b| (a.1 - b.1).abs() < 1e-6 && ((b.0 - a.0) - CELL).abs() < 1e-6)));
}

#[test]
fn objects_are_named_pieces() {
    let m = model(counters(), "en");
    assert_eq!(m.objects.len(), 16);
    let names: Vec<&str> = m.objects.iter().map(|o| o.name.as_str()).collect();
    assert!(names.contains(&"South 8 Elephant"), "{names:?}");
    assert!(names.contains(&"North 1 Rat"), "{names:?}");
    let b = model(board(), "en");
    assert!(
        b.objects[0].name.starts_with("Row 1, column 1 of"),
        "{}",
        b.objects[0].name
    );
    // North's rim is notched: more pieces than south's one ring.
    let prisms = |o: &Object| {
        o.solids
            .iter()
            .filter(|s| matches!(s, Solid::Prism { .. }))
            .count()
    };
    assert!(prisms(&m.objects[8]) > prisms(&m.objects[0]) + 10);
}

/// The file's parts, by name.
fn parts(bytes: &[u8]) -> Vec<(String, String)> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    (0..zip.len())
        .map(|i| {
            let mut f = zip.by_index(i).unwrap();
            let mut s = String::new();
            f.read_to_string(&mut s).unwrap();
            (f.name().to_string(), s)
        })
        .collect()
}

#[test]
fn the_package_is_a_3mf_in_millimetres_and_the_same_every_time() {
    let bytes = |kind| {
        export(&job(kind, "en")).expect("3mf").files[0]
            .bytes
            .clone()
    };
    let a = bytes(counters());
    assert_eq!(a, bytes(counters()), "deterministic");
    let parts = parts(&a);
    let names: Vec<&str> = parts.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["[Content_Types].xml", "_rels/.rels", "3D/3dmodel.model"]
    );
    assert!(parts[0]
        .1
        .contains("application/vnd.ms-package.3dmanufacturing-3dmodel+xml"));
    assert!(parts[1].1.contains("Target=\"/3D/3dmodel.model\""));
    let doc = roxmltree::Document::parse(&parts[2].1).expect("well-formed");
    let root = doc.root_element();
    assert_eq!(root.attribute("unit"), Some("millimeter"));
    let objects: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("object"))
        .collect();
    let items = doc.descendants().filter(|n| n.has_tag_name("item")).count();
    assert_eq!((objects.len(), items), (16, 16));
    assert!(objects
        .iter()
        .all(|o| o.attribute("name").is_some_and(|n| !n.is_empty())));
    let b = bytes(board());
    assert_eq!(b, bytes(board()), "deterministic");
}

#[test]
fn a_set_or_paper_purpose_is_refused_naming_the_format() {
    let mut set = job(Kind::Set(Default::default()), "en");
    let e = export(&set).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    assert!(e.to_string().contains("format"), "{e}");
    set.kind = board();
    set.purpose = Purpose::Home;
    assert_eq!(export(&set).unwrap_err().exit_code(), 2);
}

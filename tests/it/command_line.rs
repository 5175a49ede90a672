//! `Job::command_line` is the proof behind the web page's "this command
//! makes the same file": for varied jobs, the real binary run with the
//! arguments it gives writes the very bytes `Job::run` renders in-process.
//! The theme-from-a-folder job is read from the in-memory folder in-process
//! (as the web page reads it) and from the disk by the binary.

use std::path::{Path, PathBuf};

use jungle_print::compose::products::counters::{Shape, Sides};
use jungle_print::compose::products::set::SetOptions;
use jungle_print::input::{Files, Source};
use jungle_print::job::{
    BoardOptions, BoxOptions, CounterOptions, Job, Kind, Output, PosterJob, Purpose,
};
use jungle_print::layout::paper::Paper;
use jungle_print::layout::Flip;
use jungle_print::options::Format;
use jungle_print::render::{pdf, svg};

/// The file `job` writes, rendered in-process as the command line renders it.
fn rendered(job: &Job) -> Vec<u8> {
    let made = job.run().unwrap_or_else(|e| panic!("{:?}: {e}", job.kind));
    let out = job
        .output
        .as_ref()
        .map(|o| o.path.clone())
        .unwrap_or_default();
    match out.extension().and_then(|e| e.to_str()) {
        Some("svg") => svg::render(&made.doc, 0, &Default::default()).into_bytes(),
        _ => pdf::render(&made.doc, &made.pdf_options()).unwrap(),
    }
}

/// The same file, written by the binary run in `dir` with `command_line()`.
fn from_cli(job: &Job, dir: &Path) -> Vec<u8> {
    let mut args = job.command_line();
    args.push("-q".into());
    crate::common::run_in(dir, &args);
    let name = &args[args.iter().position(|a| a == "-o").unwrap() + 1];
    std::fs::read(dir.join(name)).unwrap()
}

fn with_output(mut job: Job, name: &str) -> Job {
    let format = match name.ends_with(".svg") {
        true => Format::Svg,
        false => Format::Pdf,
    };
    job.output = Some(Output::new(PathBuf::from(name), format));
    job
}

fn same_bytes(job: Job, dir: &Path) {
    let a = rendered(&job);
    let b = from_cli(&job, dir);
    assert!(
        a == b,
        "{:?}: the command line's file differs ({} bytes, in-process {})",
        job.command_line(),
        b.len(),
        a.len()
    );
}

fn jobs() -> Vec<Job> {
    let mut v = Vec::new();
    // A print shop's set, with bleed, on A3, in French.
    let mut j = Job::new(Kind::Set(SetOptions {
        square: Some(30.0),
        shape: Shape::Square,
        ..SetOptions::default()
    }));
    j.purpose = Purpose::PrintShop;
    j.bleed = 3.0;
    j.paper = Paper::parse("a3").unwrap();
    j.inputs.lang = Source::builtin("fr");
    v.push(with_output(j, "shop.pdf"));
    // A laser's counters, with kerf and shared cuts.
    let mut j = Job::new(Kind::Counters(CounterOptions {
        shape: Shape::Square,
        shared_cuts: true,
        ..CounterOptions::default()
    }));
    j.purpose = Purpose::Laser;
    j.kerf = 0.15;
    v.push(with_output(j, "cut.svg"));
    // The rules with a margin of their own, instead of the theme's.
    let mut j = Job::new(Kind::Rules);
    j.margin = Some(25.0);
    v.push(with_output(j, "wide-margins.pdf"));
    // Duplex counters, short-edge, with a back offset and crop marks.
    v.push(with_output(
        Job::new(Kind::Counters(CounterOptions {
            sides: Sides::Duplex(Flip::ShortEdge),
            back_offset: (0.5, -1.25),
            crop_marks: true,
            back_title: false,
            ..CounterOptions::default()
        })),
        "duplex.pdf",
    ));
    // A board tiled over letter sheets, without coordinates.
    let mut j = Job::new(Kind::Board(BoardOptions {
        square: Some(60.0),
        tile: Some(Paper::parse("letter").unwrap()),
        no_coordinates: true,
        ..BoardOptions::default()
    }));
    j.inputs.ruleset = Source::builtin("checkers");
    v.push(with_output(j, "board.pdf"));
    // A board with crop marks on a custom paper.
    let mut j = Job::new(Kind::Board(BoardOptions {
        crop_marks: true,
        ..BoardOptions::default()
    }));
    j.paper = Paper::parse("300x400").unwrap();
    v.push(with_output(j, "custom.pdf"));
    // A box for two sets of large single counters, on thick card.
    v.push(with_output(
        Job::new(Kind::Box(BoxOptions {
            counter_size: Some(30.0),
            copies: 2,
            sides: Sides::Single,
            card: 0.6,
            ..BoxOptions::default()
        })),
        "box.pdf",
    ));
    // Counters with a size, copies and a shape.
    v.push(with_output(
        Job::new(Kind::Counters(CounterOptions {
            size: Some(22.5),
            copies: 3,
            shape: Shape::Octagon,
            ..CounterOptions::default()
        })),
        "counters.pdf",
    ));
    // The rules poster and handout, in traditional Chinese.
    let mut j = Job::new(Kind::poster());
    j.inputs.lang = Source::builtin("zh-Hant");
    v.push(with_output(j, "poster.pdf"));
    // An A2 poster tiled over A4 sheets, in French.
    let mut j = Job::new(Kind::Poster(PosterJob {
        tile: Some(Paper::A4),
    }));
    j.paper = Paper::parse("a2").unwrap();
    j.inputs.lang = Source::builtin("fr");
    v.push(with_output(j, "poster-a2.pdf"));
    let mut j = Job::new(Kind::Rules);
    j.paper = Paper::parse("a5").unwrap();
    v.push(with_output(j, "rules.pdf"));
    // A set without cover or box, with the poster and two copies, duplex.
    let mut j = Job::new(Kind::Set(SetOptions {
        cover: false,
        boxed: false,
        poster: true,
        copies: 2,
        sides: Sides::Duplex(Flip::LongEdge),
        ..SetOptions::default()
    }));
    j.inputs.theme = Some(Source::builtin("ink-saver"));
    v.push(with_output(j, "classroom.pdf"));
    // The default set, with no output named (the command's own file name).
    v.push(Job::new(Kind::set()));
    v
}

#[test]
fn the_command_line_makes_the_same_bytes() {
    let dir = crate::common::tempdir("cmdline");
    for job in jobs() {
        same_bytes(job, &dir);
    }
}

#[test]
fn a_theme_folder_from_memory_makes_what_the_disk_makes() {
    let dir = crate::common::tempdir("cmdline-theme");
    let theme = "extends = \"classic\"\n\
                 [board]\nriver = \"#2266aa\"\n\
                 [pictures]\nrat = \"rat.png\"\n\
                 [counters]\nlayout = \"picture-and-character\"\n\
                 [fonts]\ntext = \"fonts/MyText.ttf\"\n";
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: [(&str, Vec<u8>); 3] = [
        ("my-theme/theme.toml", theme.as_bytes().to_vec()),
        (
            "my-theme/rat.png",
            std::fs::read(root.join("tests/fixtures/pictures/interlaced.png")).unwrap(),
        ),
        (
            "my-theme/fonts/MyText.ttf",
            std::fs::read(root.join("fonts/NotoSans-Regular.subset.ttf")).unwrap(),
        ),
    ];
    for (path, bytes) in &files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
    }
    let mut memory = Files::default();
    for (path, bytes) in &files {
        memory.put(path, bytes.clone());
    }
    let mut j = Job::new(Kind::Counters(CounterOptions::default()));
    j.inputs.theme = Some(Source::from_arg("my-theme/theme.toml"));
    j.inputs.files = memory;
    let j = with_output(j, "mine.pdf");
    assert_eq!(
        j.command_line(),
        [
            "counters",
            "--theme",
            "my-theme/theme.toml",
            "-o",
            "mine.pdf"
        ]
    );
    let a = rendered(&j);
    let b = from_cli(&j, &dir);
    if a != b {
        std::fs::write("/tmp/webcore-a.pdf", &a).unwrap();
        std::fs::write("/tmp/webcore-b.pdf", &b).unwrap();
    }
    assert!(a == b, "the theme folder's file differs");
}

#[test]
fn only_options_that_differ_are_given() {
    assert_eq!(
        Job::new(Kind::set()).command_line(),
        ["set", "-o", "jungle-set.pdf"]
    );
    let split = Job::new(Kind::Set(SetOptions {
        split: true,
        ..SetOptions::default()
    }));
    assert_eq!(
        split.command_line(),
        ["set", "--split", "-o", "jungle-set.pdf"]
    );
    let mut j = Job::new(Kind::Box(BoxOptions::default()));
    j.purpose = Purpose::Laser;
    j.inputs.theme = Some(Source::builtin("ink-saver"));
    assert_eq!(j.command_line(), ["box", "--for", "laser", "-o", "box.pdf"]);
    j.inputs.theme = Some(Source::builtin("classic"));
    assert_eq!(
        j.command_line(),
        ["box", "--theme", "classic", "--for", "laser", "-o", "box.pdf"]
    );
}

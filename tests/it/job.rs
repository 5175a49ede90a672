//! The job façade's option checks, through the library: each bad value is
//! refused with its typed error, which names the option (`Error::opt`), before
//! anything is drawn. (The command line's flags for them: `cli::options`.)

use jungle_print::compose::set::SetOptions;
use jungle_print::error::{Error, Opt};
use jungle_print::job::{BoardJob, BoxJob, Job, Kind};
use jungle_print::paper::Paper;

fn board(square: f64, tile: Option<Paper>) -> Job {
    Job::new(Kind::Board(BoardJob {
        square: Some(square),
        tile,
        ..BoardJob::default()
    }))
}

fn set(square: f64) -> Job {
    Job::new(Kind::Set(SetOptions {
        square: Some(square),
        ..SetOptions::default()
    }))
}

fn boxed(f: impl FnOnce(&mut BoxJob)) -> Job {
    let mut b = BoxJob::default();
    f(&mut b);
    Job::new(Kind::Box(b))
}

/// Whether an error is the one expected.
type IsError = fn(&Error) -> bool;

fn refused(job: &Job) -> Error {
    match job.run() {
        Err(e) => e,
        Ok(_) => panic!("{:?} was accepted", job.kind),
    }
}

#[test]
fn bad_values_are_refused_with_their_typed_error() {
    let a5 = |mut j: Job| {
        j.paper = Paper::parse("a5").unwrap();
        j
    };
    let bleed = |mut j: Job, b| {
        j.bleed = b;
        j
    };
    let cases: Vec<(Job, Opt, IsError)> = vec![
        (
            board(1e9, Some(Paper::A4)),
            Opt::Square,
            |e| matches!(e, Error::SquareTooLarge { value, .. } if *value == 1e9),
        ),
        (
            board(500.0, None),
            Opt::Square,
            |e| matches!(e, Error::NotTileable { square, .. } if *square == 500.0),
        ),
        (set(1e300), Opt::Square, |e| {
            matches!(e, Error::SquareTooLarge { .. })
        }),
        (
            set(-3.0),
            Opt::Square,
            |e| matches!(e, Error::SquareTooSmall { value, .. } if *value == -3.0),
        ),
        (boxed(|b| b.card = 0.0), Opt::Card, |e| {
            matches!(e, Error::Usage { .. })
        }),
        (boxed(|b| b.card = f64::NAN), Opt::Card, |e| {
            matches!(e, Error::Usage { .. })
        }),
        (
            boxed(|b| b.size = Some(1e9)),
            Opt::Size,
            |e| matches!(e, Error::CounterSizeOutOfRange { max, .. } if *max == 200.0),
        ),
        (boxed(|b| b.copies = 0), Opt::Copies, |e| {
            matches!(e, Error::Usage { .. })
        }),
        (bleed(boxed(|_| ()), 9.0), Opt::Bleed, |e| {
            matches!(e, Error::Usage { .. })
        }),
        (a5(boxed(|b| b.size = Some(150.0))), Opt::Paper, |e| {
            matches!(e, Error::BoxTooLarge { .. })
        }),
        (bleed(board(30.0, None), -1.0), Opt::Bleed, |e| {
            matches!(e, Error::Usage { .. })
        }),
    ];
    for (job, opt, is) in cases {
        let e = refused(&job);
        assert!(is(&e), "{:?}: unexpected {e:?}", job.kind);
        assert_eq!(e.opt(), Some(opt), "{:?}: {e}", job.kind);
    }
}

#[test]
fn a_floor_board_set_gets_the_largest_counters_that_fit() {
    let made = set(200.0).run().expect("a set of 200 mm squares");
    assert!(!made.doc.pages.is_empty());
}

#[test]
fn class_sets_over_the_page_limit_are_refused_naming_copies() {
    // A5 with a tiled board: 20 pages a set and the box's steps once, so
    // 16 sets would be 322 pages.
    let mut job = Job::new(Kind::Set(SetOptions {
        square: Some(40.0),
        copies: 16,
        ..SetOptions::default()
    }));
    job.paper = Paper::parse("a5").unwrap();
    let e = refused(&job);
    assert_eq!(e.opt(), Some(Opt::Copies), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("200") && msg.contains("make 9 sets or fewer"),
        "{msg}"
    );
    // Within the limit the same set is made, and 17 sets are refused before anything is drawn.
    job.kind = Kind::Set(SetOptions {
        square: Some(40.0),
        copies: 9,
        ..SetOptions::default()
    });
    assert_eq!(job.run().unwrap().doc.pages.len(), 1 + 9 * 20 + 1);
    job.kind = Kind::Set(SetOptions {
        copies: 17,
        ..SetOptions::default()
    });
    assert_eq!(job.validate().unwrap_err().opt(), Some(Opt::Copies));
}

#[test]
fn check_names_the_theme_key_of_each_contrast_warning() {
    use jungle_print::input::Source;
    use jungle_print::job::check;
    let theme = Source::Text {
        name: "pale.toml".into(),
        contents: "extends = \"classic\"\n[board]\ntext = \"#f0f0f0\"\n".into(),
    };
    let c = check(
        &theme,
        &Source::builtin("standard"),
        Some(&Source::builtin("en")),
    )
    .unwrap();
    assert_eq!(c.warnings.len(), c.warning_keys.len());
    let keyed: Vec<_> = c.warning_keys.iter().zip(&c.warnings).collect();
    assert!(
        keyed
            .iter()
            .any(|(k, w)| *k == "board.text" && w.contains("contrast")),
        "{keyed:?}"
    );
}

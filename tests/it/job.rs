//! The job façade's option checks, through the library: each bad value is
//! refused with its typed error, which names the option (`Error::opt`), before
//! anything is drawn. (The command line's flags for them: `cli::options`.)

use jungle_print::compose::products::set::SetOptions;
use jungle_print::error::{Error, Opt};
use jungle_print::job::{BoardOptions, BoxOptions, Job, Kind};
use jungle_print::layout::paper::Paper;

fn board(square: f64, tile: Option<Paper>) -> Job {
    Job::new(Kind::Board(BoardOptions {
        square: Some(square),
        tile,
        ..BoardOptions::default()
    }))
}

fn set(square: f64) -> Job {
    Job::new(Kind::Set(SetOptions {
        square: Some(square),
        ..SetOptions::default()
    }))
}

fn boxed(f: impl FnOnce(&mut BoxOptions)) -> Job {
    let mut b = BoxOptions::default();
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
            boxed(|b| b.counter_size = Some(1e9)),
            Opt::Size,
            |e| matches!(e, Error::CounterSizeOutOfRange { max, .. } if *max == 200.0),
        ),
        (boxed(|b| b.copies = 0), Opt::Copies, |e| {
            matches!(e, Error::Usage { .. })
        }),
        (bleed(boxed(|_| ()), 9.0), Opt::Bleed, |e| {
            matches!(e, Error::Usage { .. })
        }),
        (
            a5(boxed(|b| b.counter_size = Some(150.0))),
            Opt::Paper,
            |e| matches!(e, Error::BoxTooLarge { .. }),
        ),
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
    // A5 with a tiled board: 17 pages a set (its board, box, and rules with
    // a blank page), the counter sheets of all sets (4 a set) and the box's
    // steps once, so 16 sets would be 338 pages.
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
        msg.contains("200") && msg.contains("give copies 9 or fewer"),
        "{msg}"
    );
    // Within the limit the same set is made, and 17 sets are refused before anything is drawn.
    job.kind = Kind::Set(SetOptions {
        square: Some(40.0),
        copies: 9,
        ..SetOptions::default()
    });
    assert_eq!(job.run().unwrap().doc.pages.len(), 1 + 9 * 17 + 9 * 4 + 1);
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

/// The library's own messages (as the web page shows them, before the
/// command line's last escaping) show every user-given value escaped and
/// short: an option's value (a paper, a language, a shape, sides, a flip, a
/// back offset, a purpose, a theme, a ruleset, a picture folder), a theme's
/// choice, a font family and style name, an unknown theme key. No control,
/// bidirectional or invisible character gets through, and a long value is
/// cut.
#[test]
fn library_messages_escape_and_cut_every_user_value() {
    use jungle_print::input::Source;
    use jungle_print::options::{Doc, Given, Values};
    let long = "x".repeat(1990);
    let hostile = [
        "a\u{1b}[2J\u{202e}b".to_string(),
        "\u{2028}300x400\u{2066}".to_string(),
        "\u{2028}3000x400".to_string(),
        format!("{long}\u{2066}"),
    ];
    let mut unsafe_ = Vec::new();
    let mut safe = |what: &str, e: &Error| {
        let m = e.to_string();
        if m.chars()
            .any(|c| c.is_control() || jungle_print::error::is_invisible(c))
            || m.chars().count() > 1200
        {
            unsafe_.push(format!("{what}: {m:?}"));
        }
    };
    for h in &hostile {
        for (doc, opt) in [
            (Doc::Board, Opt::Paper),
            (Doc::Board, Opt::Tile),
            (Doc::Board, Opt::Lang),
            (Doc::Board, Opt::Theme),
            (Doc::Board, Opt::Purpose),
            (Doc::Rules, Opt::Ruleset),
            (Doc::Counters, Opt::Shape),
            (Doc::Counters, Opt::Sides),
            (Doc::Counters, Opt::Flip),
            (Doc::Counters, Opt::BackOffset),
        ] {
            let mut v = Values::new(doc);
            v.set(opt, Given::Text(h.clone()));
            if opt == Opt::Flip {
                v.set(Opt::Sides, Given::Text("duplex".into()));
            }
            let e = Job::from_values(&v)
                .and_then(|j| j.run().map(|_| ()))
                .expect_err(opt.name());
            safe(opt.name(), &e);
        }
        let mut v = Values::new(Doc::Set);
        v.set(Opt::Pictures, Given::Path(h.into()));
        safe(
            "pictures",
            &Job::from_values(&v).unwrap().run().unwrap_err(),
        );
        let q = h.replace('\u{1b}', "\\u001b");
        for body in [
            format!("[board]\n\"{q}\" = 1\n"),
            format!("[counters]\nlayout = \"{q}\"\n"),
            format!("[sides]\nsouth_mark = \"{q}\"\n"),
            format!("[fonts]\ntext = \"Family{q}\"\n"),
            format!("[fonts]\ntext = \"Noto Sans:{q}\"\n"),
        ] {
            let theme = Source::Text {
                name: format!("t{h}.toml"),
                contents: body.clone(),
            };
            let e = jungle_print::job::check(&theme, &Source::builtin("standard"), None)
                .expect_err(&body);
            safe(&body, &e);
        }
    }
    assert!(unsafe_.is_empty(), "{}", unsafe_.join("\n"));
}

/// `--margin` stands in for the theme's `page.margin` on every product: the
/// board's largest square and the poster's type shrink to fit inside it,
/// the set, counters, box and puzzles are made; a margin that leaves the
/// rules no room is refused (naming the paper, as the theme's would be).
#[test]
fn the_margin_option_overrides_the_themes_on_every_product() {
    use jungle_print::job::{CounterOptions, Summary};
    let square = |margin: Option<f64>| {
        let mut job = Job::new(Kind::Board(BoardOptions::default()));
        job.margin = margin;
        match job.run().unwrap().summary {
            Summary::Board { square, .. } => square,
            other => panic!("{other:?}"),
        }
    };
    let (usual, wide) = (square(None), square(Some(30.0)));
    assert!(
        wide < usual,
        "{wide} mm squares inside 30 mm margins, {usual} mm usually"
    );
    assert!(
        wide * 7.0 <= 210.0 - 60.0 && wide * 9.0 <= 297.0 - 60.0,
        "{wide}"
    );
    // The poster's type shrinks to fit inside wider margins.
    let body = |margin: Option<f64>| {
        let mut job = Job::new(Kind::poster());
        job.margin = margin;
        match job.run().unwrap().summary {
            Summary::Poster { body, .. } => body,
            other => panic!("{other:?}"),
        }
    };
    let (usual, wide) = (body(None), body(Some(45.0)));
    assert!(
        wide < usual,
        "{wide} mm body text inside 45 mm margins, {usual} mm usually"
    );
    for kind in [
        Kind::Counters(CounterOptions::default()),
        Kind::Box(BoxOptions::default()),
        Kind::set(),
        Kind::Puzzles(Default::default()),
    ] {
        let mut job = Job::new(kind);
        job.margin = Some(20.0);
        job.run()
            .unwrap_or_else(|e| panic!("{kind:?} with 20 mm margins: {e}"));
    }
    // 50 mm on A6 leaves no room for the rules.
    let mut job = Job::new(Kind::Rules);
    job.paper = Paper::parse("105x148").unwrap();
    job.margin = Some(50.0);
    let e = refused(&job);
    assert_eq!(e.opt(), Some(Opt::Paper), "{e}");
}

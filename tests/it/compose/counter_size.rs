//! `set --counter-size`: the whole set's counters at one size, measured on
//! the composed pages; the board unchanged; the box sized to them.

use crate::common;

use common::*;
use jungle_print::compose::products::boxnet::{box_sizes, BoxOptions};
use jungle_print::compose::products::set::{set_pages, SetOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::layout::paper::Paper;
use jungle_print::scene::{bounds, Item, Layer, Page};

/// The widths of the cut outlines on a page, mm.
fn cut_widths(page: &Page) -> Vec<f64> {
    page.layer(Layer::Cut)
        .iter()
        .filter_map(|i| match i {
            Item::Path(p) => bounds(&p.segs).map(|b| b.2 - b.0),
            _ => None,
        })
        .collect()
}

#[test]
fn the_whole_set_takes_the_counter_size_and_the_box_follows() {
    let res = resources("en");
    let (base, base_parts) =
        set_pages(&res, &Sheet::new(Paper::A4), &SetOptions::default()).unwrap();
    let mut layouts = Vec::new();
    let mut nets: Vec<Vec<Page>> = Vec::new();
    for size in [18.0, 25.0] {
        let opts = SetOptions {
            counter_size: Some(size),
            ..SetOptions::default()
        };
        let (pages, parts) = set_pages(&res, &Sheet::new(Paper::A4), &opts).unwrap();
        // Every counter on the sheets is that size (fold-over: two faces a pair).
        let mut widths = Vec::new();
        for p in &pages[parts.counters.0 - 1..parts.counters.1] {
            widths.extend(cut_widths(p));
        }
        assert_eq!(widths.len(), 32, "{size}: 16 fronts and 16 backs");
        for w in widths {
            assert!((w - size).abs() < 0.01, "{size}: a counter {w:.2} mm wide");
        }
        // The board is the default set's.
        assert_eq!(parts.board, base_parts.board);
        for i in parts.board.0 - 1..parts.board.1 {
            assert!(pages[i] == base[i], "{size}: board page {} changed", i + 1);
        }
        // The box is the one made for counters of that size.
        let box_opts = BoxOptions {
            counter_size: Some(size),
            ..BoxOptions::default()
        };
        // (The set's nets count its own papers, so they are compared with the
        // other size's below rather than with `box --size`.)
        let (b0, b1) = parts.boxnet.unwrap();
        nets.push(pages[b0 - 1..b1].to_vec());
        // Its counters stand in stacks laid out for their size, inside the tray.
        let (tray, _, stacks) = box_sizes(&res, Paper::A4, &box_opts).unwrap();
        assert!(
            stacks.cols as f64 * size <= tray.w && stacks.rows as f64 * size <= tray.d,
            "{size}: {stacks:?} in a tray {:.1} × {:.1} mm",
            tray.w,
            tray.d
        );
        layouts.push((stacks.cols * stacks.rows, stacks.per_stack));
    }
    // Smaller counters make more, lower stacks (the tray itself is as large
    // as the folded board needs, and as deep as its minimum, for both).
    assert!(layouts[0].0 > layouts[1].0, "{layouts:?}");
    assert!(
        nets.iter().all(|n| !n.is_empty()),
        "the set has its box nets"
    );
}

#[test]
fn the_command_line_and_the_web_name_the_counter_size() {
    let opts = SetOptions {
        counter_size: Some(25.0),
        ..SetOptions::default()
    };
    let job = jungle_print::job::Job::new(jungle_print::job::Kind::Set(opts));
    let line = job.command_line();
    assert!(
        line.windows(2)
            .any(|w| w[0] == "--counter-size" && w[1] == "25"),
        "{line:?}"
    );
    let v = job.values();
    assert_eq!(
        jungle_print::job::Job::from_values(&v).unwrap().kind,
        job.kind
    );
    // Too small: refused naming the option.
    let tiny = jungle_print::job::Job::new(jungle_print::job::Kind::Set(SetOptions {
        counter_size: Some(5.0),
        ..SetOptions::default()
    }));
    assert_eq!(
        tiny.validate().unwrap_err().opt(),
        Some(jungle_print::error::Opt::CounterSize)
    );
    // Too large for the paper: refused naming the option too.
    let huge = jungle_print::job::Job::new(jungle_print::job::Kind::Set(SetOptions {
        counter_size: Some(150.0),
        ..SetOptions::default()
    }));
    let e = huge.run().err().unwrap();
    assert_eq!(e.opt(), Some(jungle_print::error::Opt::CounterSize), "{e}");
    // The typed error, carrying its option (not a message rewritten).
    assert!(
        matches!(e, jungle_print::error::Error::CounterTooLarge { size, .. } if size == 150.0),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .starts_with("counter-size: a 150 mm counter pair does not fit"),
        "{e}"
    );
}

/// Counters wider than the board's squares are refused, saying that the
/// board does not grow and which option to change (issue 46).
#[test]
fn counters_wider_than_the_squares_are_refused_saying_so() {
    use jungle_print::error::{Error, Opt};
    use jungle_print::job::{Job, Kind};
    let run = |counter: f64, square: Option<f64>| {
        Job::new(Kind::Set(SetOptions {
            counter_size: Some(counter),
            square,
            ..SetOptions::default()
        }))
        .run()
    };
    // A4's default board has 27 mm squares.
    let e = run(30.0, None).err().unwrap();
    assert_eq!(e.opt(), Some(Opt::CounterSize), "{e}");
    assert!(
        matches!(e, Error::CounterWiderThanSquare { counter, square, tiled: true, .. } if counter == 30.0 && square == 27.0),
        "{e:?}"
    );
    let m = e.to_string();
    assert!(
        m.contains("wider than the board's 27 mm squares")
            && m.contains("does not grow")
            && m.contains("give counter-size 27 or less"),
        "{m}"
    );
    // As wide as the square, or with squares as large: made.
    assert!(run(27.0, None).is_ok());
    assert!(run(28.0, Some(28.0)).is_ok());
    // The command line names its flags.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jungle-print"))
        .args(["set", "--counter-size", "30", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--counter-size 27 or less") && err.contains("--square 30"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

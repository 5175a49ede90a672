//! How much cutting a set's card pages ask for, measured on the composed
//! pages, and how long it takes by a stated model (docs/cutting.md gives its
//! numbers and the reasons for them).
//!
//! Lengths in mm (page coordinates, the cut layer's paths with their groups'
//! transforms applied); times in seconds.

use crate::scene::{walk, Layer, Page, Path, Placed, Pt, Seg, TextRun, Transform, Visitor};

/// Scissors (or a craft knife) along the line on thin card, mm/s: straight
/// edges go at about 30 mm/s, a counter's tight curve at about 8 mm/s, and
/// a set is mostly counters.
pub const SCISSORS_MM_PER_S: f64 = 12.0;
/// Scissors, each separate cut, s: picking up the sheet or the piece,
/// finding the line, the first snip, putting the piece down.
pub const SCISSORS_S_PER_CUT: f64 = 4.0;
/// A home cutting plotter on card, mm/s: the card presets of the common
/// machines run at 30 to 50 mm/s.
pub const PLOTTER_MM_PER_S: f64 = 40.0;
/// A cutting plotter, each separate cut, s: lifting the blade, moving to
/// the next cut, lowering it.
pub const PLOTTER_S_PER_CUT: f64 = 0.5;
/// A cutting plotter, each sheet, s: onto the mat, loaded, its marks read,
/// unloaded and peeled off.
pub const PLOTTER_S_PER_SHEET: f64 = 60.0;

/// Gluing one fold-over counter, s: glue on the back of one face, folded
/// over, pressed, its edges squared up before it is cut out.
pub const GLUE_S_PER_COUNTER: f64 = 30.0;
/// Scoring one fold line of a box with an empty pen along a ruler, then
/// creasing it, s.
pub const SCORE_S_PER_FOLD: f64 = 10.0;
/// Standing up and locking one part of a box (the tray or the lid) once its
/// folds are scored, s: walls up, flaps in, ends folded over, tabs in slots.
pub const BOX_S_PER_PART: f64 = 150.0;

/// How long making a set takes by hand, s: cutting out (with scissors,
/// [`Cutting::scissors`]), gluing fold-over counters, folding the boxes.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Making {
    /// Cutting out every card piece with scissors (a box's slots with a
    /// craft knife, at the same pace).
    pub cutting: f64,
    /// Gluing the fold-over counters (0 for single or duplex counters).
    pub gluing: f64,
    /// Scoring, folding and locking the boxes (0 without a box).
    pub boxing: f64,
}

impl Making {
    /// The time of `cutting` with scissors, `glued` fold-over counters, and
    /// boxes of `parts` parts with `folds` fold lines in all.
    pub fn new(cutting: Cutting, glued: usize, folds: usize, parts: usize) -> Making {
        Making {
            cutting: cutting.scissors(),
            gluing: glued as f64 * GLUE_S_PER_COUNTER,
            boxing: folds as f64 * SCORE_S_PER_FOLD + parts as f64 * BOX_S_PER_PART,
        }
    }

    /// The whole time, s.
    pub fn total(&self) -> f64 {
        self.cutting + self.gluing + self.boxing
    }
}

/// The cutting of some pages: separate cuts and their length.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Cutting {
    /// Separate cuts: each line of the cut layer, lines meeting end to end
    /// counted as one (a counter's outline, a box net's outline, a slot).
    pub cuts: usize,
    /// Their total length, mm.
    pub length: f64,
}

impl Cutting {
    /// The cut layer of `pages`, measured page by page (lines on different
    /// pages never join, even where they lie at the same place).
    pub fn of(pages: &[Page]) -> Cutting {
        Cutting::of_layer(pages, Layer::Cut)
    }

    /// The lines of `layer` of `pages`, counted as [`Cutting::of`] counts
    /// cuts (the fold layer: a box's folds to score).
    pub fn of_layer(pages: &[Page], layer: Layer) -> Cutting {
        pages.iter().fold(Cutting::default(), |all, p| {
            let mut m = Measure::default();
            walk(p.layer(layer), Transform::IDENTITY, &mut m);
            all.plus(m.cutting())
        })
    }

    /// The outline of a rectangle `w × h` mm: four straight cuts.
    pub fn rectangle(w: f64, h: f64) -> Cutting {
        Cutting {
            cuts: 4,
            length: 2.0 * (w + h),
        }
    }

    /// This cutting and `other`.
    pub fn plus(self, other: Cutting) -> Cutting {
        Cutting {
            cuts: self.cuts + other.cuts,
            length: self.length + other.length,
        }
    }

    /// Half of it: fold-over counters, whose two faces are glued back to
    /// back and cut through together, one outline for the two drawn.
    pub fn halved(self) -> Cutting {
        Cutting {
            cuts: self.cuts / 2,
            length: self.length / 2.0,
        }
    }

    /// The time with scissors, s ([`SCISSORS_MM_PER_S`], [`SCISSORS_S_PER_CUT`]).
    pub fn scissors(&self) -> f64 {
        self.length / SCISSORS_MM_PER_S + self.cuts as f64 * SCISSORS_S_PER_CUT
    }

    /// The time on a cutting plotter for `sheets` sheets, s
    /// ([`PLOTTER_MM_PER_S`], [`PLOTTER_S_PER_CUT`], [`PLOTTER_S_PER_SHEET`]).
    pub fn plotter(&self, sheets: usize) -> f64 {
        self.length / PLOTTER_MM_PER_S
            + self.cuts as f64 * PLOTTER_S_PER_CUT
            + sheets as f64 * PLOTTER_S_PER_SHEET
    }
}

/// Whole minutes, rounded up to the next 5 above an hour, for a time in s:
/// an estimate, not a stopwatch.
pub fn rounded_minutes(seconds: f64) -> u64 {
    let m = (seconds / 60.0).ceil().max(1.0) as u64;
    match m {
        0..=60 => m,
        _ => m.div_ceil(5) * 5,
    }
}

/// Walks the cut layer, gathering each subpath's ends and length; lines
/// that meet end to end (a box net's outline drawn edge by edge) are one cut.
#[derive(Default)]
struct Measure {
    /// Each subpath's two ends (rounded to 0.01 mm) and length, mm.
    lines: Vec<([i64; 2], [i64; 2], f64)>,
}

impl Measure {
    /// The cuts: groups of lines joined at their ends, and their length.
    fn cutting(&self) -> Cutting {
        let n = self.lines.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let mut at: rustc_hash::FxHashMap<[i64; 2], usize> = Default::default();
        for (i, (a, b, _)) in self.lines.iter().enumerate() {
            // A closed line (a counter's outline) is a cut of its own.
            if a == b {
                continue;
            }
            for end in [a, b] {
                match at.get(end) {
                    Some(&j) => {
                        let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
                        parent[ri] = rj;
                    }
                    None => {
                        at.insert(*end, i);
                    }
                }
            }
        }
        Cutting {
            cuts: (0..n).filter(|&i| root(&mut parent, i) == i).count(),
            length: self.lines.iter().map(|l| l.2).sum(),
        }
    }
}

impl<'a> Visitor<'a> for Measure {
    fn path(&mut self, path: &'a Path, t: Transform) {
        if path.stroke.is_none() {
            return;
        }
        let dist = |a: Pt, b: Pt| ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
        let key = |p: Pt| [(p.x * 100.0).round() as i64, (p.y * 100.0).round() as i64];
        // The current subpath: its start, where it is, its length so far.
        let mut line: Option<(Pt, Pt, f64)> = None;
        let done = |line: Option<(Pt, Pt, f64)>, lines: &mut Vec<_>| {
            if let Some((a, b, len)) = line {
                lines.push((key(a), key(b), len));
            }
        };
        for s in &path.segs {
            match (*s, &mut line) {
                (Seg::Move(p), _) => {
                    done(line.take(), &mut self.lines);
                    let p = t.apply(p);
                    line = Some((p, p, 0.0));
                }
                (Seg::Line(p), Some((_, at, len))) => {
                    let p = t.apply(p);
                    *len += dist(*at, p);
                    *at = p;
                }
                (Seg::Cubic(c1, c2, p), Some((_, at, len))) => {
                    let (a, c1, c2, p) = (*at, t.apply(c1), t.apply(c2), t.apply(p));
                    // Twelve chords: within 0.1 % on a quarter circle.
                    let mut last = a;
                    for i in 1..=12 {
                        let u = i as f64 / 12.0;
                        let v = 1.0 - u;
                        let q = |a: f64, b: f64, c: f64, d: f64| {
                            v * v * v * a
                                + 3.0 * v * v * u * b
                                + 3.0 * v * u * u * c
                                + u * u * u * d
                        };
                        let b = Pt {
                            x: q(a.x, c1.x, c2.x, p.x),
                            y: q(a.y, c1.y, c2.y, p.y),
                        };
                        *len += dist(last, b);
                        last = b;
                    }
                    *at = p;
                }
                (Seg::Close, Some((start, at, len))) => {
                    *len += dist(*at, *start);
                    *at = *start;
                }
                // A line or a close before any move draws nothing.
                _ => {}
            }
        }
        done(line, &mut self.lines);
    }

    fn text(&mut self, _: &'a TextRun, _: Transform) {}

    fn picture(&mut self, _: &'a Placed, _: Transform) {}
}

//! Text on a page: a [`Label`] (a line of text laid out as text runs of the
//! drawing model, font by font (fallback), anchored and rotated), a label
//! shrunk to fit a width ([`text_fit`]), a label from its left end
//! ([`left_text`]) and a paragraph broken into such lines ([`paragraph`]).
//! Lengths in mm, page coordinates.

use crate::resolve::Resources;
use crate::scene::{pt, Anchor, Color, Item, Pt, TextRun, Transform};
use crate::text::{FontBook, FontStack};

/// Vertical placement of a line of text relative to its anchor point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VAlign {
    /// The anchor is on the baseline.
    Baseline,
    /// The anchor is at the optical middle of the line (capitals or ideographs).
    Middle,
}

/// A one-line label: text, fonts, size and placement, turned into text runs.
#[derive(Debug, Clone)]
pub struct Label<'a> {
    /// The text (one line).
    pub text: &'a str,
    /// Fonts to try, first that has the glyph wins.
    pub stack: &'a FontStack,
    /// Em size in mm.
    pub size: f64,
    /// Anchor point in mm.
    pub pos: Pt,
    /// Horizontal anchor.
    pub anchor: Anchor,
    /// Vertical anchor.
    pub valign: VAlign,
    /// Clockwise rotation in degrees about `pos`.
    pub rotation: f64,
    /// Colour.
    pub fill: Color,
}

impl Label<'_> {
    /// Lays the label out as text runs, one per font change, along the rotated baseline.
    pub fn items(&self, book: &FontBook) -> Vec<Item> {
        // Split, shaped and measured in one walk: each run's width is
        // `width_em(font, text) * size`, its glyphs `shape(font, text, size)`.
        let runs = book.shape_runs(self.stack, self.text, self.size);
        let total: f64 = runs.iter().map(|r| r.width_em * self.size).sum();
        let start = match self.anchor {
            Anchor::Start => 0.0,
            Anchor::Middle => -total / 2.0,
            Anchor::End => -total,
        };
        let rise = match self.valign {
            VAlign::Baseline => 0.0,
            VAlign::Middle => runs
                .first()
                .map(|r| book.middle_em(r.font) * self.size)
                .unwrap_or(0.0),
        };
        let rot = Transform::rotate_about(self.rotation, self.pos);
        let mut x = start;
        let mut items = Vec::with_capacity(runs.len());
        for run in runs {
            let w = run.width_em * self.size;
            // Baseline point in the unrotated frame, then rotated about `pos`.
            let p = rot.apply(Pt {
                x: self.pos.x + x,
                y: self.pos.y + rise,
            });
            // As `TextRun::new` makes it, the glyphs shaped already.
            items.push(Item::Text(TextRun {
                text: run.text,
                glyphs: run.glyphs,
                font: run.font,
                size: self.size,
                pos: p,
                rotation: self.rotation,
                fill: self.fill,
                decorative: false,
                invisible: false,
            }));
            x += w;
        }
        items
    }

    /// Width of the label in mm.
    pub fn width(&self, book: &FontBook) -> f64 {
        book.width_mm(self.stack, self.text, self.size)
    }
}

/// Labels shrunk below this fraction of their size to fit are reported as warnings.
pub const MIN_FIT: f64 = 0.7;

/// A centred one-line label to be shrunk, if needed, to at most `max_width` mm
/// wide; see [`text_fit`]. Lengths in mm, page coordinates.
pub(crate) struct FitText<'a> {
    /// The text (one line).
    pub text: &'a str,
    /// Fonts to try, first that has the glyph wins.
    pub stack: &'a FontStack,
    /// Em size in mm before any shrinking.
    pub size: f64,
    /// The widest the label may be, in mm.
    pub max_width: f64,
    /// Centre of the label (middle of the line).
    pub pos: Pt,
    /// Clockwise rotation in degrees about `pos`.
    pub rotation: f64,
    /// Colour.
    pub fill: Color,
}

/// Lays out a [`FitText`], shrunk if needed so it is at most `max_width` mm wide
/// (shrinking below [`MIN_FIT`] is reported through [`Resources::warn`]).
pub(crate) fn text_fit(res: &Resources, fit: FitText) -> Vec<Item> {
    let FitText {
        text,
        stack,
        size,
        max_width,
        pos,
        rotation,
        fill,
    } = fit;
    let w = res.fonts.width_mm(stack, text, size);
    let size = fit_size(res, text, w, size, max_width);
    Label {
        text,
        stack,
        size,
        pos,
        anchor: Anchor::Middle,
        valign: VAlign::Middle,
        rotation,
        fill,
    }
    .items(&res.fonts)
}

/// The size at which `text`, `w` mm wide at em `size` mm, fits in
/// `max_width` mm; shrinking below [`MIN_FIT`] is reported through
/// [`Resources::warn`].
pub(crate) fn fit_size(res: &Resources, text: &str, w: f64, size: f64, max_width: f64) -> f64 {
    if w > max_width && w > 0.0 {
        let scale = max_width / w;
        if scale < MIN_FIT {
            res.warn(format!(
                "“{text}” is too long for its space ({:.1} mm wide, room for {:.1} mm): it was set at {:.0} % of its size; shorten the label or choose a narrower font",
                w,
                max_width,
                scale * 100.0
            ));
        }
        size * scale
    } else {
        size
    }
}

/// A one-line label in `stack`, `size` mm, its baseline's left end at `at` (mm).
pub(crate) fn left_text(
    res: &Resources,
    stack: &FontStack,
    text: &str,
    size: f64,
    at: Pt,
    fill: Color,
) -> Vec<Item> {
    Label {
        text,
        stack,
        size,
        pos: at,
        anchor: Anchor::Start,
        valign: VAlign::Baseline,
        rotation: 0.0,
        fill,
    }
    .items(&res.fonts)
}

/// A paragraph of body text broken into lines at most `width` mm wide, the first
/// baseline's left end at `at`, lines 1.4 em apart; Chinese lines break
/// between words ([`crate::lang::words`]). Returns the items and the
/// baseline below the last line (mm).
pub(crate) fn paragraph(
    res: &Resources,
    text: &str,
    size: f64,
    at: Pt,
    width: f64,
    fill: Color,
) -> (Vec<Item>, f64) {
    let mut items = Vec::new();
    let mut y = at.y;
    // Chinese breaks between words where the pack's language has a word list.
    let spacing = crate::text::linebreak::Spacing {
        extra: Vec::new(),
        joined: crate::lang::words::Lexicon::for_code(&res.lang.meta.code)
            .map(|lex| lex.joined(text))
            .unwrap_or_default(),
    };
    let lines =
        crate::text::linebreak::break_spaced(&res.fonts, &res.text, text, size, width, &spacing);
    for line in lines {
        items.extend(left_text(
            res,
            &res.text,
            line.trim_end(),
            size,
            pt(at.x, y),
            fill,
        ));
        y += size * 1.4;
    }
    (items, y)
}

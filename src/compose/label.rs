//! Labels: a line of text laid out as text runs of the drawing model, font by
//! font (fallback), anchored and rotated. Lengths in mm, page coordinates.

use crate::scene::{Anchor, Color, Item, Pt, TextRun, Transform};
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
        let runs = book.split(self.stack, self.text);
        let widths: Vec<f64> = runs
            .iter()
            .map(|(f, s)| book.width_em(*f, s) * self.size)
            .collect();
        let total: f64 = widths.iter().sum();
        let start = match self.anchor {
            Anchor::Start => 0.0,
            Anchor::Middle => -total / 2.0,
            Anchor::End => -total,
        };
        let rise = match self.valign {
            VAlign::Baseline => 0.0,
            VAlign::Middle => runs
                .first()
                .map(|(f, _)| book.middle_em(*f) * self.size)
                .unwrap_or(0.0),
        };
        let rot = Transform::rotate_about(self.rotation, self.pos);
        let mut x = start;
        let mut items = Vec::with_capacity(runs.len());
        for ((font, text), w) in runs.into_iter().zip(widths) {
            // Baseline point in the unrotated frame, then rotated about `pos`.
            let p = rot.apply(Pt {
                x: self.pos.x + x,
                y: self.pos.y + rise,
            });
            items.push(Item::Text(TextRun::new(
                book,
                font,
                text,
                self.size,
                p,
                self.rotation,
                self.fill,
            )));
            x += w;
        }
        items
    }

    /// Width of the label in mm.
    pub fn width(&self, book: &FontBook) -> f64 {
        book.width_mm(self.stack, self.text, self.size)
    }
}

//! A small typesetter: blocks of text, tables and figures flowed down the
//! pages inside the margins, with headings kept with what follows them.
//!
//! Lengths in mm; page coordinates (origin top-left, y down).

use crate::compose::typesetting::label::{FitText, Label, VAlign};
use crate::compose::typesetting::running::fit;
use crate::compose::typesetting::running::Running;
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Anchor, Color, Group, Item, Layer, Page, Stroke, Transform};
use crate::text::linebreak::{break_paragraphs, Broken};
use crate::text::FontStack;

/// Something to typeset.
#[derive(Debug, Clone)]
pub enum Block {
    /// The document's title and a subtitle line.
    Title(String, String),
    /// A section heading; never left alone at the bottom of a page.
    Heading(String),
    /// A paragraph.
    Para(String),
    /// A bulleted list.
    Bullets(Vec<String>),
    /// A table: header cells, then rows. Column `han` is set in the Chinese
    /// face, larger, with each row's Zhuyin syllables in `zhuyin` (one per
    /// character; empty for none) beside its characters. `pictures` holds,
    /// row by row, a picture and its theme key to draw in a small square at
    /// the left of column 1, the cell's text centred in the rest (empty: no
    /// pictures). `dice` holds, row by row, a rank to show as dice beside
    /// the last column's text (empty: none), as picture counters show it.
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
        han: usize,
        zhuyin: Vec<Vec<String>>,
        pictures: Vec<Option<(crate::picture::Art, String)>>,
        dice: Vec<u8>,
    },
    /// A drawing of `w × h` mm (items drawn with their origin at the top-left), centred, then a caption.
    /// `alt` tells what it shows in words, for a reader who cannot see it
    /// (the web page's text alternative; the printed page does not show it).
    Figure {
        w: f64,
        h: f64,
        items: Vec<Item>,
        caption: String,
        alt: String,
    },
    /// Two stacks of blocks side by side, kept together, the shorter
    /// standing in the middle of the taller one's height.
    Columns(Vec<Block>, Vec<Block>),
    /// A figure (a [`Block::Figure`]) at the right of the column, its top
    /// level with the first line of the blocks of text set at its left;
    /// the text may break across pages once it has passed the figure's foot.
    Beside(Box<Block>, Vec<Block>),
}

/// Text sizes and colours for a flow.
#[derive(Debug, Clone)]
pub struct Style {
    /// Body em size, mm.
    pub size: f64,
    /// Text colour.
    pub ink: Color,
    /// Heading and rule colour.
    pub accent: Color,
}

/// A laid-out horizontal slice: its height, the space wanted above it, and its items
/// drawn with y = 0 at its top.
struct Row {
    space_before: f64,
    height: f64,
    items: Vec<Item>,
    keep_with_next: bool,
    /// For a line of text: its index in its paragraph and the paragraph's line count.
    line: Option<(usize, usize)>,
    /// A line of text may be followed by a page break without splitting a word.
    ends_word: bool,
    /// The rows of a float (a figure, or columns holding one) share its
    /// block's index: a float too tall for the rest of its page waits for
    /// the next page's top while the text after it fills the page.
    float: Option<usize>,
    /// The space above it may grow so that a page's text reaches its foot
    /// (a heading's).
    stretch: bool,
}

/// The most lines a bullet list may have and still be kept on one page.
const SHORT_LIST_ROWS: usize = 8;

/// The least width of a figure's column beside text, in body ems: room
/// for a caption of a few words a line.
const ASIDE_EMS: f64 = 9.0;

/// Typesets blocks into rows for a column of width `width` mm.
struct Setter<'a> {
    res: &'a Resources,
    style: &'a Style,
    width: f64,
    /// Whether the rows get their items: a measuring setter (`false`) finds
    /// only where lines break and how tall each row is, which is all that
    /// placing rows on pages needs (a trial layout's pages are counted,
    /// never drawn).
    draw: bool,
    /// Line breakings kept from one layout of the same blocks to the next.
    breaks: &'a Breaks,
}

/// Line breakings kept across layouts of the same blocks (the measured
/// layout at a size and the one drawn at that size break every text
/// alike): each text's breakings by font stack, em size and width.
#[derive(Default)]
pub struct Breaks {
    lines: std::cell::RefCell<rustc_hash::FxHashMap<String, Vec<(BreakKey, Broken)>>>,
    /// Each text's words ([`crate::lang::words::Lexicon::segment`]), the
    /// same at every size.
    words: std::cell::RefCell<rustc_hash::FxHashMap<String, Vec<crate::lang::words::Word>>>,
}

/// A breaking's font stack (by address), em size and width (their bits).
type BreakKey = (usize, u64, u64);

impl<'a> Setter<'a> {
    /// The same setter for a column `width` mm wide.
    fn column(&self, width: f64) -> Setter<'a> {
        Setter {
            res: self.res,
            style: self.style,
            width,
            draw: self.draw,
            breaks: self.breaks,
        }
    }

    /// `text`'s lines in `stack` at em `size` mm (as running text sets it)
    /// in a column `width` mm wide, as [`break_spaced`] breaks them (and
    /// notes them), broken once for every layout sharing [`Breaks`].
    ///
    /// [`break_spaced`]: crate::text::linebreak::break_spaced
    fn lines(
        &self,
        running: Option<Running>,
        text: &str,
        stack: &FontStack,
        size: f64,
        width: f64,
    ) -> Vec<String> {
        let key = (
            stack as *const FontStack as usize,
            size.to_bits(),
            width.to_bits(),
        );
        if let Some((_, broken)) = self
            .breaks
            .lines
            .borrow()
            .get(text)
            .and_then(|known| known.iter().find(|(k, _)| *k == key))
        {
            broken.record();
            return broken.lines.clone();
        }
        let res = self.res;
        let spacing = running
            .map(|r| {
                let mut known = self.breaks.words.borrow_mut();
                let words = known
                    .entry(text.to_string())
                    .or_insert_with(|| r.lexicon.segment(text));
                r.spacing_of(&res.fonts, stack, text, words, size)
            })
            .unwrap_or_default();
        let broken = break_paragraphs(&res.fonts, stack, text, size, width, &spacing);
        broken.record();
        let lines = broken.lines.clone();
        self.breaks
            .lines
            .borrow_mut()
            .entry(text.to_string())
            .or_default()
            .push((key, broken));
        lines
    }

    fn line_height(&self, stack: &FontStack, size: f64) -> f64 {
        // Text set in the theme's Chinese fonts only is spaced as Chinese.
        let cjk = self.res.lang.is_cjk()
            || self.res.chosen_fonts(stack) == self.res.chosen_fonts(&self.res.han);
        size * if cjk { 1.65 } else { 1.4 }
    }

    fn text_rows(
        &self,
        text: &str,
        stack: &FontStack,
        size: f64,
        indent: f64,
        space_before: f64,
        bullet: bool,
    ) -> Vec<Row> {
        let res = self.res;
        let running = Running::of(res);
        let size = running.map_or(size, |r| r.size(size));
        let lh = match running.filter(Running::annotated) {
            Some(r) => self.line_height(stack, size).max(size * r.line_gap()),
            None => self.line_height(stack, size),
        };
        let lines = self.lines(running, text, stack, size, self.width - indent);
        let n = lines.len();
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let baseline = lh * 0.72;
                let at = pt(indent, baseline);
                let mut items = match running {
                    _ if !self.draw => {
                        crate::compose::typesetting::running::record(running, line);
                        Vec::new()
                    }
                    Some(r) => r.line(&res.fonts, stack, &res.han, line, size, at, self.style.ink),
                    None => Label {
                        text: line,
                        stack,
                        size,
                        pos: at,
                        anchor: Anchor::Start,
                        valign: VAlign::Baseline,
                        rotation: 0.0,
                        fill: self.style.ink,
                    }
                    .items(&res.fonts),
                };
                if bullet && i == 0 && self.draw {
                    let c = pt(
                        indent - size * 0.9,
                        baseline - self.res.fonts.middle_em(stack[0]) * size,
                    );
                    items.push(shapes::fill(
                        shapes::circle(c, size * 0.15),
                        self.style.accent,
                    ));
                }
                Row {
                    space_before: if i == 0 { space_before } else { 0.0 },
                    height: lh,
                    items,
                    // No orphan (a first line alone at the foot of a page), no
                    // widow (a last line alone at the head of one), and no page
                    // break inside a Chinese word: only after punctuation.
                    keep_with_next: n >= 2
                        && (i == 0 || i + 2 == n || (i + 1 < n && !ends_word(line))),
                    line: Some((i, n)),
                    ends_word: ends_word(line),
                    float: None,
                    stretch: false,
                }
            })
            .collect()
    }

    fn rows(&self, block: &Block) -> Vec<Row> {
        let s = self.style.size;
        let res = self.res;
        match block {
            Block::Title(title, sub) => vec![self.title_row(title, sub)],
            Block::Heading(text) => vec![self.heading_row(text)],
            Block::Para(text) => self.text_rows(text, &res.text, s, 0.0, s * 0.5, false),
            Block::Bullets(list) => list
                .iter()
                .flat_map(|t| self.text_rows(t, &res.text, s, s * 1.8, s * 0.35, true))
                .collect(),
            Block::Table {
                header,
                rows,
                han,
                zhuyin,
                pictures,
                dice,
            } => self.table(header, rows, *han, zhuyin, pictures, dice),
            Block::Figure {
                w,
                h,
                items,
                caption,
                ..
            } => self.figure_rows(*w, *h, items, caption),
            Block::Columns(left, right) => vec![self.columns_row(left, right)],
            Block::Beside(figure, text) => self.beside_rows(figure, text),
        }
    }

    /// The rows of `blocks` in order, a short list kept on one page with
    /// the sentence before it (see [`SHORT_LIST_ROWS`]).
    fn all_rows(&self, blocks: &[Block]) -> Vec<Row> {
        let mut rows: Vec<Row> = Vec::new();
        for (k, b) in blocks.iter().enumerate() {
            let mut more = self.rows(b);
            // A figure, or columns holding one, may float to the next page.
            if matches!(b, Block::Figure { .. } | Block::Columns(..)) {
                for r in &mut more {
                    r.float = Some(k);
                }
            }
            // A short list is one rule and its exceptions: it is never split
            // across pages and stays with the sentence that introduces it (a
            // long one breaks between its lines).
            if matches!(b, Block::Bullets(_)) && more.len() <= SHORT_LIST_ROWS {
                let n = more.len();
                for r in rows
                    .last_mut()
                    .into_iter()
                    .chain(&mut more[..n.saturating_sub(1)])
                {
                    r.keep_with_next = true;
                }
            }
            rows.extend(more);
        }
        rows
    }

    /// A figure at the right of the column and `text` at its left: the
    /// figure's column is as wide as the figure, at least [`ASIDE_EMS`]
    /// body ems (its caption under it); the text's rows are narrower by that
    /// and a gap of two ems. The figure hangs from the first row; the rows
    /// beside it are kept on its page (the figure drawn before them, so that
    /// the page's text reads its caption first), and a blank row makes up the height
    /// when the text is shorter than the figure and its caption.
    fn beside_rows(&self, figure: &Block, text: &[Block]) -> Vec<Row> {
        let s = self.style.size;
        let Block::Figure {
            w,
            h,
            items,
            caption,
            ..
        } = figure
        else {
            return self.all_rows(text);
        };
        let gap = s * 2.0;
        let narrow = |width: f64| self.column(width);
        let text_rows = |aside: f64| {
            let mut rows = narrow(self.width - aside - gap).all_rows(text);
            // Text beside a figure stays beside it.
            for r in &mut rows {
                r.float = None;
            }
            let h: f64 = rows
                .iter()
                .enumerate()
                .map(|(i, r)| if i == 0 { 0.0 } else { r.space_before } + r.height)
                .sum();
            (rows, h)
        };
        // The caption under the figure; where the text beside is shorter
        // than both, the caption at the figure's left instead, when that
        // makes the section shorter (a few lines of Chinese beside a tall
        // figure would leave a blank under them).
        let (mut fig_w, mut fig_h, mut drawn) = self.aside(*w, *h, items, caption, false);
        let (mut rows, text_h) = text_rows(fig_w);
        if text_h < fig_h && !caption.is_empty() {
            let (bw, bh, bdrawn) = self.aside(*w, *h, items, caption, true);
            let (brows, bth) = text_rows(bw);
            if bth.max(bh) + s * 0.5 < fig_h {
                (fig_w, fig_h, drawn, rows) = (bw, bh, bdrawn, brows);
            }
        }
        let figure = Item::Group(Group {
            picture: false,
            transform: Transform::translate(self.width - fig_w, 0.0),
            items: drawn,
        });
        let mut y = 0.0;
        for (i, r) in rows.iter_mut().enumerate() {
            y += if i == 0 { 0.0 } else { r.space_before };
            y += r.height;
            if y < fig_h {
                r.keep_with_next = true;
            }
        }
        match rows.first_mut() {
            // Drawn first: a page's text reads the caption, then the text.
            Some(first) => first.items.insert(0, figure),
            None => rows.push(Row {
                space_before: s * 0.5,
                height: 0.0,
                items: vec![figure],
                keep_with_next: true,
                line: None,
                ends_word: true,
                float: None,
                stretch: false,
            }),
        }
        if y < fig_h {
            rows.push(Row {
                space_before: 0.0,
                height: fig_h - y,
                items: Vec::new(),
                keep_with_next: false,
                line: None,
                ends_word: true,
                float: None,
                stretch: false,
            });
        }
        rows
    }

    /// A figure of `w × h` mm and its caption as drawn beside text: the
    /// caption centred under it in a column at least [`ASIDE_EMS`] body ems
    /// wide, or (`caption_left`) set in such a column at the figure's left,
    /// the two top-aligned. Returns the column's width and height, mm, and
    /// its items (origin top-left).
    fn aside(
        &self,
        w: f64,
        h: f64,
        items: &[Item],
        caption: &str,
        caption_left: bool,
    ) -> (f64, f64, Vec<Item>) {
        let s = self.style.size;
        let column = |width: f64| self.column(width);
        let cap_w = s * ASIDE_EMS;
        if caption_left {
            let gap = s;
            let aside_w = (cap_w + gap + w).min(self.width / 2.0 + w);
            let cap_w = aside_w - gap - w;
            let mut drawn = Vec::new();
            if self.draw {
                drawn.push(Item::Group(Group {
                    picture: false,
                    transform: Transform::translate(cap_w + gap, 0.0),
                    items: items.to_vec(),
                }));
            }
            let mut y = 0.0;
            let rows = column(cap_w).text_rows(caption, &self.res.text, s * 0.85, 0.0, 0.0, false);
            for (i, r) in rows.into_iter().enumerate() {
                y += if i == 0 { 0.0 } else { r.space_before };
                if self.draw {
                    drawn.insert(
                        i,
                        Item::Group(Group {
                            picture: false,
                            transform: Transform::translate(0.0, y),
                            items: r.items,
                        }),
                    );
                }
                y += r.height;
            }
            return (aside_w, y.max(h), drawn);
        }
        let fig_w = w.max(cap_w).min(self.width / 2.0);
        let mut fig_h = 0.0;
        let mut drawn = Vec::new();
        for (i, r) in column(fig_w)
            .figure_rows(w, h, items, caption)
            .into_iter()
            .enumerate()
        {
            fig_h += if i == 0 { 0.0 } else { r.space_before };
            drawn.push(Item::Group(Group {
                picture: false,
                transform: Transform::translate(0.0, fig_h),
                items: r.items,
            }));
            fig_h += r.height;
        }
        // The caption drawn before the figure, as at its left: the page's
        // text reads the same whichever place the caption takes.
        drawn.rotate_left(1);
        (fig_w, fig_h, drawn)
    }

    /// The title, centred, its subtitle under it and a rule across the column.
    fn title_row(&self, title: &str, sub: &str) -> Row {
        let s = self.style.size;
        let res = self.res;
        let big = s * 2.3;
        let rule_y = big * 1.45 + s * 1.9;
        let row = |items: Vec<Item>| Row {
            space_before: 0.0,
            height: rule_y + 1.0,
            items,
            keep_with_next: true,
            line: None,
            ends_word: true,
            float: None,
            stretch: false,
        };
        if !self.draw {
            return row(Vec::new());
        }
        let mut items = fit(
            res,
            FitText {
                text: title,
                stack: &res.bold,
                size: big,
                max_width: self.width,
                pos: pt(self.width / 2.0, big * 0.7),
                rotation: 0.0,
                fill: self.style.accent,
            },
        );
        items.extend(fit(
            res,
            FitText {
                text: sub,
                stack: &res.text,
                size: s * 1.05,
                max_width: self.width,
                pos: pt(self.width / 2.0, big * 1.45 + s * 0.7),
                rotation: 0.0,
                fill: self.style.ink,
            },
        ));
        items.push(shapes::stroke(
            shapes::line(pt(0.0, rule_y), pt(self.width, rule_y)),
            Stroke::solid(self.style.accent, 0.4),
        ));
        row(items)
    }

    /// A section heading, kept with what follows it.
    fn heading_row(&self, text: &str) -> Row {
        let s = self.style.size;
        let res = self.res;
        let size = s * 1.3;
        let lh = self.line_height(&res.bold, size);
        let items = if self.draw {
            crate::compose::typesetting::running::left(
                res,
                &res.bold,
                text,
                size,
                pt(0.0, lh * 0.75),
                self.style.accent,
            )
        } else {
            Vec::new()
        };
        Row {
            space_before: s * 1.2,
            height: lh,
            items,
            keep_with_next: true,
            line: None,
            ends_word: true,
            float: None,
            stretch: true,
        }
    }

    /// A figure of `w × h` mm centred in the column, then its caption's
    /// lines, each centred under it.
    fn figure_rows(&self, w: f64, h: f64, items: &[Item], caption: &str) -> Vec<Row> {
        let s = self.style.size;
        let res = self.res;
        let x = (self.width - w) / 2.0;
        let fig = if self.draw {
            vec![Item::Group(Group {
                picture: false,
                transform: Transform::translate(x, 0.0),
                items: items.to_vec(),
            })]
        } else {
            Vec::new()
        };
        let mut out = vec![Row {
            space_before: s * 0.8,
            height: h,
            items: fig,
            keep_with_next: true,
            line: None,
            ends_word: true,
            float: None,
            stretch: false,
        }];
        let cap = self.column(self.width);
        let mut caption_rows = if caption.is_empty() {
            Vec::new()
        } else {
            cap.text_rows(caption, &res.text, s * 0.85, 0.0, s * 0.4, false)
        };
        for r in caption_rows.iter_mut().filter(|_| self.draw) {
            // Centre each caption line under the figure.
            let w = line_width(res, r);
            r.items = vec![Item::Group(Group {
                picture: false,
                transform: Transform::translate((self.width - w) / 2.0, 0.0),
                items: std::mem::take(&mut r.items),
            })];
        }
        out.extend(caption_rows);
        out
    }

    /// Two stacks of blocks side by side in half-width columns, as one row
    /// (kept together).
    fn columns_row(&self, left: &[Block], right: &[Block]) -> Row {
        let s = self.style.size;
        let gap = s * 2.0;
        let half = (self.width - gap) / 2.0;
        let col = |blocks: &[Block]| {
            let setter = self.column(half);
            let mut y = 0.0;
            let mut items = Vec::new();
            for (i, b) in blocks.iter().enumerate() {
                for r in setter.rows(b) {
                    y += if i == 0 && items.is_empty() {
                        0.0
                    } else {
                        r.space_before
                    };
                    items.push(Item::Group(Group {
                        picture: false,
                        transform: Transform::translate(0.0, y),
                        items: r.items,
                    }));
                    y += r.height;
                }
            }
            (y, items)
        };
        let (hl, il) = col(left);
        let (hr, ir) = col(right);
        // The shorter column stands in the middle of the taller one's
        // height: its blank, halved above and below, reads as a margin.
        let h = hl.max(hr);
        let items = vec![
            Item::Group(Group {
                picture: false,
                transform: Transform::translate(0.0, (h - hl) / 2.0),
                items: il,
            }),
            Item::Group(Group {
                picture: false,
                transform: Transform::translate(half + gap, (h - hr) / 2.0),
                items: ir,
            }),
        ];
        Row {
            space_before: s * 0.8,
            height: h,
            items,
            keep_with_next: false,
            line: None,
            ends_word: true,
            float: None,
            stretch: false,
        }
    }

    /// A ranks table's last cell: the rank's number (its middle at `mid`),
    /// and its dice beside it (as picture counters show it), in a column `w`
    /// mm wide from `x`, a row `h` mm tall.
    fn rank_with_dice(&self, text: &str, n: u8, (x, mid): (f64, f64), w: f64, h: f64) -> Vec<Item> {
        let res = self.res;
        let mut items = fit(
            res,
            FitText {
                text,
                stack: &res.text,
                size: self.style.size,
                max_width: w * 0.3,
                pos: pt(x + w * 0.2, mid),
                rotation: 0.0,
                fill: self.style.ink,
            },
        );
        let dice = crate::compose::drawn::faces::dice_in_box(
            n,
            pt(x + w * 0.65, h / 2.0),
            w * 0.6,
            h * 0.78,
            h * 0.3,
            self.style.accent,
        );
        items.extend(dice.0);
        items
    }

    fn table(
        &self,
        header: &[String],
        rows: &[Vec<String>],
        han: usize,
        zhuyin: &[Vec<String>],
        pictures: &[Option<(crate::picture::Art, String)>],
        dice: &[u8],
    ) -> Vec<Row> {
        let res = self.res;
        let s = self.style.size;
        // Rows with Zhuyin beside the character are taller and their
        // characters larger, so that the symbols (a third of a character
        // tall, three to a column) stay readable for a child learning them;
        // such a table sets two animals a line, the first half of the rows
        // on the left, so that it stays as short as one without.
        let zhuyin_rows = zhuyin.iter().any(|z| !z.is_empty());
        let halves = if zhuyin_rows && rows.len() >= 4 { 2 } else { 1 };
        let n = header.len().max(1);
        let col_w = self.width / (n * halves) as f64;
        let (row_h, han_size) = if zhuyin_rows {
            (s * 2.8, s * 2.1)
        } else {
            (s * 2.2, s * 1.5)
        };
        // Pinyin over the characters stands above them: a row is tall
        // enough for the character's, and its text (the middle of the
        // characters at `mid`) is centred with the pinyin over it.
        let lift = |size: f64| crate::compose::typesetting::running::above(res, size);
        let row_h = if lift(han_size) > 0.0 {
            row_h.max(han_size + lift(han_size) + s * 0.1)
        } else {
            row_h
        };
        let (head_mid, mid) = (
            (row_h + lift(s * 0.95)) / 2.0,
            (row_h + lift(han_size)) / 2.0,
        );
        let mut out = Vec::new();
        let mut items = Vec::new();
        for half in (0..halves).filter(|_| self.draw) {
            for (i, h) in header.iter().enumerate() {
                items.extend(self.cell(
                    h,
                    (half * n + i, col_w, head_mid),
                    &res.bold,
                    s * 0.95,
                    self.style.accent,
                ));
            }
        }
        items.push(shapes::stroke(
            shapes::line(pt(0.0, row_h), pt(self.width, row_h)),
            Stroke::solid(self.style.accent, 0.35),
        ));
        out.push(Row {
            space_before: s * 0.6,
            height: row_h,
            items,
            keep_with_next: true,
            line: None,
            ends_word: true,
            float: None,
            stretch: false,
        });
        let lines = rows.len().div_ceil(halves);
        for line in 0..lines {
            let mut items = Vec::new();
            if line % 2 == 1 {
                items.push(shapes::fill(
                    shapes::rect(0.0, 0.0, self.width, row_h),
                    tint(self.style.accent),
                ));
            }
            if halves == 2 {
                let x = self.width / 2.0;
                items.push(shapes::stroke(
                    shapes::line(pt(x, 0.0), pt(x, row_h)),
                    Stroke::solid(self.style.accent, 0.25),
                ));
            }
            for half in (0..halves).filter(|_| self.draw) {
                let r = half * lines + line;
                if let Some(row) = rows.get(r) {
                    items.extend(self.table_row(
                        (r, row),
                        (half * n, col_w, row_h),
                        (han, han_size, mid),
                        zhuyin,
                        pictures,
                        dice,
                    ));
                }
            }
            out.push(Row {
                space_before: 0.0,
                height: row_h,
                items,
                keep_with_next: false,
                line: None,
                ends_word: true,
                float: None,
                stretch: false,
            });
        }
        out
    }

    /// A table's cell text in column `col` (of `col_w` mm each, from the
    /// table's left), fitted to the column and centred on it at height `y`.
    fn cell(
        &self,
        text: &str,
        (col, col_w, y): (usize, f64, f64),
        stack: &FontStack,
        size: f64,
        fill: Color,
    ) -> Vec<Item> {
        fit(
            self.res,
            FitText {
                text,
                stack,
                size,
                max_width: col_w - 1.0,
                pos: pt(col_w * (col as f64 + 0.5), y),
                rotation: 0.0,
                fill,
            },
        )
    }

    /// The items of a table's row `r`, its cells from column `first` of
    /// width `col_w` mm, the row `row_h` mm tall; column `han` holds the
    /// characters (at `han_size` mm, their middle at `mid`).
    fn table_row(
        &self,
        (r, row): (usize, &Vec<String>),
        (first, col_w, row_h): (usize, f64, f64),
        (han, han_size, mid): (usize, f64, f64),
        zhuyin: &[Vec<String>],
        pictures: &[Option<(crate::picture::Art, String)>],
        dice: &[u8],
    ) -> Vec<Item> {
        let res = self.res;
        let s = self.style.size;
        let cell = |text: &str, (col, y): (usize, f64), stack: &FontStack, size: f64, color| {
            self.cell(text, (first + col, col_w, y), stack, size, color)
        };
        let x0 = col_w * first as f64;
        let mut items = Vec::new();
        {
            let readings: Vec<&str> = zhuyin
                .get(r)
                .map(|z| z.iter().map(String::as_str).collect())
                .unwrap_or_default();
            // A picture: a square at the left of column 1, its text beside it.
            let picture = pictures.get(r).and_then(Option::as_ref);
            for (i, t) in row.iter().enumerate() {
                if i == han && !readings.is_empty() {
                    let mut block = crate::compose::typesetting::phonetic::Annotated {
                        han: t,
                        readings: &readings,
                        stack: &res.han,
                        size: han_size,
                        // Larger than the 3/10 of body text: the table's
                        // characters are small and its readers are learning.
                        symbol: 0.4,
                        center: pt(x0 + col_w * (i as f64 + 0.5), row_h / 2.0),
                        fill: self.style.ink,
                    };
                    let w = block.width_at(&res.fonts, block.size);
                    if w > col_w - 1.0 {
                        block.size *= (col_w - 1.0) / w;
                    }
                    items.extend(block.items(&res.fonts));
                } else if i == han {
                    items.extend(cell(t, (i, mid), &res.han, han_size, self.style.ink));
                } else if let (1, Some((art, key))) = (i, picture) {
                    let side = row_h * 0.86;
                    let x = x0 + col_w + 0.5;
                    items.push(crate::compose::drawn::art::place_art(
                        res,
                        art,
                        key,
                        (x, (row_h - side) / 2.0, side, side),
                        crate::picture::Fit::Contain,
                        None,
                    ));
                    let left = x + side + 1.0;
                    let right = x0 + col_w * 2.0 - 0.5;
                    items.extend(fit(
                        res,
                        FitText {
                            text: t,
                            stack: &res.text,
                            size: s,
                            max_width: right - left,
                            pos: pt((left + right) / 2.0, mid),
                            rotation: 0.0,
                            fill: self.style.ink,
                        },
                    ));
                } else if let (true, Some(&n)) = (i + 1 == row.len(), dice.get(r)) {
                    let at = (x0 + col_w * i as f64, mid);
                    items.extend(self.rank_with_dice(t, n, at, col_w, row_h));
                } else {
                    items.extend(cell(t, (i, mid), &res.text, s, self.style.ink));
                }
            }
        }
        items
    }
}

/// Whether a page may break after this line without splitting a word: always
/// in alphabetic text (lines break at spaces), after punctuation in Chinese,
/// where a line may end between any two characters.
pub fn ends_word(line: &str) -> bool {
    !line
        .trim_end()
        .chars()
        .last()
        .is_some_and(crate::text::is_han)
}

/// A very light tint of a colour, for zebra rows.
fn tint(c: Color) -> Color {
    let (r, g, b) = c.to_rgb();
    let t = |v: u8| (255.0 - (255.0 - v as f64) * 0.1).round() as u8;
    Color::Rgb(t(r), t(g), t(b))
}

/// The width of a row's text (the rightmost end of its runs), mm.
fn line_width(res: &Resources, row: &Row) -> f64 {
    row.items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.pos.x + res.fonts.width_em(t.font, &t.text) * t.size),
            _ => None,
        })
        .fold(0.0, f64::max)
}

/// Where each row goes: (page index, top y, whether it is a float drawn
/// after its page's other rows), keeping chains of keep-with-next rows
/// together with the row that follows them. A float (rows sharing
/// [`Row::float`]) too tall for what is left of its page waits: the rows
/// after it fill the page, and it opens the next one (drawn after that
/// page's text, so that a sentence running over the break reads on).
fn paginate(rows: &[Row], top: f64, bottom: f64, max_stretch: f64) -> Vec<(usize, f64, bool)> {
    let mut out = vec![(0, 0.0, false); rows.len()];
    let mut page = 0;
    let mut y = top;
    let mut first_on_page = true;
    // A waiting float: its rows' range.
    let mut waiting: Option<std::ops::Range<usize>> = None;
    // Places rows `range` from `y` on `page`.
    let place = |range: std::ops::Range<usize>,
                 out: &mut Vec<(usize, f64, bool)>,
                 page: usize,
                 y: &mut f64,
                 first_on_page: &mut bool,
                 late: bool| {
        for k in range {
            let r = &rows[k];
            *y += if *first_on_page { 0.0 } else { r.space_before };
            out[k] = (page, *y, late);
            *y += r.height;
            *first_on_page = false;
        }
    };
    let mut i = 0;
    while i < rows.len() {
        let r = &rows[i];
        let before = if first_on_page { 0.0 } else { r.space_before };
        // A float's rows, as one.
        let unit_end = match r.float {
            Some(id) => (i..rows.len())
                .find(|&k| rows[k].float != Some(id))
                .unwrap_or(rows.len()),
            None => i + 1,
        };
        let mut need = before + r.height;
        for row in &rows[i + 1..unit_end] {
            need += row.space_before + row.height;
        }
        let mut j = unit_end - 1;
        while rows[j].keep_with_next && j + 1 < rows.len() {
            j += 1;
            need += rows[j].space_before + rows[j].height;
        }
        // A chain longer than a whole page (a sentence with no break point
        // over many lines) cannot be kept together: it breaks where the
        // page ends, rather than one line on each page.
        if need > bottom - top {
            need = before + r.height;
        }
        let fits = y + need <= bottom || first_on_page;
        if !fits && r.float.is_some() && waiting.is_none() {
            waiting = Some(i..unit_end);
            i = unit_end;
            continue;
        }
        if !fits {
            page += 1;
            y = top;
            first_on_page = true;
            if let Some(w) = waiting.take() {
                place(w, &mut out, page, &mut y, &mut first_on_page, true);
            }
            // The row is placed on the new page (it is measured again: the
            // float there may leave it too little room).
            continue;
        }
        place(
            i..unit_end,
            &mut out,
            page,
            &mut y,
            &mut first_on_page,
            false,
        );
        i = unit_end;
    }
    if let Some(w) = waiting.take() {
        page += 1;
        y = top;
        first_on_page = true;
        place(w, &mut out, page, &mut y, &mut first_on_page, true);
    }
    flush_bottom(rows, &mut out, bottom, max_stretch);
    out
}

/// A section of at most this many rows (its heading and a line, or the
/// title) is short: the gap under it grows least when a page is spread.
const SHORT_SECTION_ROWS: usize = 2;

/// Every page but the last ends at the foot of the text area, as in a
/// book: the space a kept block left there is shared among the gaps above
/// the page's headings (each grown by at most `max_stretch` mm) and, half
/// as much, between its paragraphs and blocks (never inside a figure), so
/// that it reads as air between sections rather than a hole.
fn flush_bottom(rows: &[Row], out: &mut [(usize, f64, bool)], bottom: f64, max_stretch: f64) {
    let last = out.iter().map(|o| o.0).max().unwrap_or(0);
    for page in 0..last {
        let mut on: Vec<usize> = (0..rows.len()).filter(|&k| out[k].0 == page).collect();
        on.sort_by(|&a, &b| out[a].1.total_cmp(&out[b].1));
        let end = on
            .iter()
            .map(|&k| out[k].1 + rows[k].height)
            .fold(f64::MIN, f64::max);
        // A heading's gap grows most; a gap between paragraphs or blocks
        // half as much, so that no single gap opens into a hole. A heading
        // after a section of one or two rows (or after the title) grows
        // least: the air around a short line joins into a blank beside it.
        let mut weights = vec![0.0; on.len()];
        let mut since = 0usize;
        for (n, &k) in on.iter().enumerate() {
            since += 1;
            if n == 0 {
                continue;
            }
            weights[n] = if rows[k].stretch {
                let w = if since <= SHORT_SECTION_ROWS {
                    0.25
                } else {
                    1.0
                };
                since = 0;
                w
            } else if rows[k].space_before > 0.0
                && (rows[k].float.is_none() || k == 0 || rows[k - 1].float != rows[k].float)
            {
                0.5
            } else {
                0.0
            };
        }
        let gaps: f64 = weights.iter().sum();
        if gaps == 0.0 || end >= bottom {
            continue;
        }
        let extra = ((bottom - end) / gaps).min(max_stretch);
        let mut shift = 0.0;
        for (&k, w) in on.iter().zip(&weights) {
            shift += extra * w;
            out[k].1 += shift;
        }
    }
}

/// Where a row of a flow landed, for checking page breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// 0-based page.
    pub page: usize,
    /// For a line of text: its index in its paragraph and the paragraph's line count.
    pub line: Option<(usize, usize)>,
    /// A page break may follow it without splitting a word.
    pub ends_word: bool,
}

/// Where each row that flowing `blocks` makes lands: what widow, orphan and
/// word-splitting checks need.
pub fn line_pages(laid: &Laid) -> Vec<Placed> {
    laid.at
        .iter()
        .zip(&laid.rows)
        .map(|(&(page, ..), r)| Placed {
            page,
            line: r.line,
            ends_word: r.ends_word,
        })
        .collect()
}

/// Blocks typeset into rows and placed on pages, not yet drawn.
pub struct Laid {
    rows: Vec<Row>,
    /// Each row's page, top (mm from the page's top) and whether it is a
    /// float drawn after its page's other rows.
    at: Vec<(usize, f64, bool)>,
    /// Top and bottom of the text area, mm from the page's top.
    top: f64,
    bottom: f64,
}

impl Laid {
    /// How many pages the rows fill.
    pub fn pages(&self) -> usize {
        self.at.iter().map(|&(p, ..)| p + 1).max().unwrap_or(1)
    }

    /// The share of the last page's text area its rows fill, 0 to 1.
    pub fn last_fill(&self) -> f64 {
        let last = self.pages() - 1;
        let end = self
            .at
            .iter()
            .zip(&self.rows)
            .filter(|((p, ..), _)| *p == last)
            .map(|((_, y, _), r)| y + r.height)
            .fold(self.top, f64::max);
        (end - self.top) / (self.bottom - self.top)
    }
}

/// Typesets `blocks` in `style` and places the rows on pages of `paper`
/// inside `margin`, above the footer line; texts broken by a layout
/// sharing `breaks` are not broken again.
pub fn lay(
    res: &Resources,
    paper: crate::layout::paper::Paper,
    margin: f64,
    style: &Style,
    blocks: &[Block],
    breaks: &Breaks,
) -> Laid {
    lay_rows(res, paper, margin, style, blocks, true, breaks)
}

/// [`lay`] without drawing: the rows placed on the same pages, but empty
/// (for counting pages and measuring the last one's fill, as a trial
/// layout does). [`flow`] would draw blank pages from it.
pub fn measure(
    res: &Resources,
    paper: crate::layout::paper::Paper,
    margin: f64,
    style: &Style,
    blocks: &[Block],
    breaks: &Breaks,
) -> Laid {
    lay_rows(res, paper, margin, style, blocks, false, breaks)
}

fn lay_rows(
    res: &Resources,
    paper: crate::layout::paper::Paper,
    margin: f64,
    style: &Style,
    blocks: &[Block],
    draw: bool,
    breaks: &Breaks,
) -> Laid {
    let width = paper.width - 2.0 * margin;
    let bottom = paper.height - margin - style.size * 2.0;
    let rows = Setter {
        res,
        style,
        width,
        draw,
        breaks,
    }
    .all_rows(blocks);
    let at = paginate(&rows, margin, bottom, style.size * 3.0);
    Laid {
        rows,
        at,
        top: margin,
        bottom,
    }
}

/// Draws laid-out rows on pages of `paper` inside `margin`, with a footer
/// line on each page.
pub fn flow(
    res: &Resources,
    paper: crate::layout::paper::Paper,
    margin: f64,
    style: &Style,
    laid: Laid,
    footer: &str,
) -> Vec<Page> {
    let footer_h = style.size * 2.0;
    let mut pages: Vec<Vec<Item>> = vec![Vec::new(); laid.pages()];
    // A float that waited for its page is drawn after the page's text.
    let mut placed: Vec<_> = laid.rows.into_iter().zip(laid.at).collect();
    placed.sort_by_key(|(_, (page, _, late))| (*page, *late));
    for (r, (page, y, _)) in placed {
        pages[page].push(Item::Group(Group {
            picture: false,
            transform: Transform::translate(margin, y),
            items: r.items,
        }));
    }
    let n = pages.len();
    pages
        .into_iter()
        .enumerate()
        .map(|(i, items)| {
            let mut page = Page::new(paper.width, paper.height);
            page.add(Layer::Artwork, items);
            let text = if n > 1 {
                format!("{footer}  ·  {}/{n}", i + 1)
            } else {
                footer.to_string()
            };
            let y = paper.height - margin;
            page.add(
                Layer::Artwork,
                [shapes::stroke(
                    shapes::line(
                        pt(margin, y - footer_h * 0.85),
                        pt(paper.width - margin, y - footer_h * 0.85),
                    ),
                    Stroke::solid(style.accent, 0.25),
                )],
            );
            // With Zhuyin when the pack prints it throughout, as the text.
            page.add(
                Layer::Artwork,
                crate::compose::typesetting::running::label(
                    res,
                    &res.text,
                    &text,
                    style.size * 0.8,
                    pt(paper.width - margin, y - footer_h * 0.15),
                    Anchor::End,
                    VAlign::Baseline,
                    style.ink,
                ),
            );
            page
        })
        .collect()
}

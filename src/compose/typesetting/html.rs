//! The handout's blocks ([`Block`]) as one web page that needs nothing
//! else (`rules --format html`): the title as its one `<h1>`, sections as
//! `<h2>`, paragraphs, lists and the rank table as HTML, each diagram as an
//! inline SVG drawn by the library's SVG renderer from the same items the
//! printed handout places ([`crate::render::svg::render_inline`]), named for
//! a screen reader by its text alternative (`role="img"`, `aria-label`,
//! `<title>`), then its caption. The page's language is the pack's; a run
//! of Chinese characters in another language's page carries `lang="zh-…"`;
//! where the pack prints readings throughout, every character with one is
//! set in `<ruby>`: pinyin over it, Zhuyin beside it (`ruby-position:
//! inter-character` where the browser has it, a column at its right
//! otherwise), the readings hidden from screen readers as the printed
//! handout keeps them out of its text layer. The DOM's order is the reading
//! order. The same blocks always give the same bytes.
//!
//! Diagram sizes are mm, as on paper (an SVG's `width` and `height`),
//! scaled down by the page's style to fit a narrow screen.

use crate::compose::typesetting::flow::Block;
use crate::compose::typesetting::running::{Ruby, Running};
use crate::lang::zhuyin::Syllable;
use crate::resolve::Resources;
use crate::scene::{Layer, Page};
use crate::text::escape_markup as escape;

/// The page: `title` in the `<title>`, then every block, in order.
pub fn page(res: &Resources, title: &str, blocks: &[Block]) -> String {
    let mut w = Writer {
        res,
        running: Running::of(res),
        figures: 0,
        out: String::new(),
    };
    for b in blocks {
        w.block(b);
    }
    let lang = escape(&res.lang.meta.code);
    let accent = res.theme.side(crate::game::Side::South).to_hex();
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n<main lang=\"{lang}\">\n{}</main>\n</body>\n</html>\n",
        escape(title),
        STYLE.replace("ACCENT", &accent),
        w.out
    )
}

/// The page's style: readable type, headings in South's colour, diagrams
/// scaled to the screen, readings placed as the printed handout places them.
const STYLE: &str = "body { font-family: system-ui, sans-serif; line-height: 1.6; max-width: 46em; margin: 0 auto; padding: 1em 1.2em 3em; color: #1d1d1b; background: #fff; }
h1 { text-align: center; color: ACCENT; margin-bottom: 0.2em; }
.subtitle { text-align: center; margin-top: 0; border-bottom: 2px solid ACCENT; padding-bottom: 0.6em; }
h2 { color: ACCENT; margin: 1.4em 0 0.3em; }
figure { margin: 1em 0; text-align: center; }
figure .drawing { margin: 0 auto; }
figure svg { width: 100%; height: auto; }
body:lang(zh) { font-size: 1.15em; line-height: 2.2; }
figcaption { font-style: italic; }
.columns { display: flex; flex-wrap: wrap; gap: 0 2em; align-items: flex-start; }
.columns > div { flex: 1 1 18em; }
.beside { display: flex; flex-wrap: wrap; gap: 0 2em; align-items: flex-start; }
.beside > div { flex: 1 1 18em; }
.beside > figure { flex: 0 1 12em; margin: 0.6em auto; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border-bottom: 1px solid #bbb; padding: 0.25em 0.8em; text-align: left; }
td.han { font-size: 1.5em; }
rt { font-size: 0.55em; }
ruby.pinyin rt { padding: 0 0.25em; }
ruby.zhuyin { ruby-position: inter-character; }
@supports not (ruby-position: inter-character) {
  ruby.zhuyin { display: inline-flex; align-items: center; }
  ruby.zhuyin rt { display: inline-block; writing-mode: vertical-rl; font-size: 0.5em; line-height: 1; margin-right: 0.15em; }
}
rp { display: none; }
";

/// Writes blocks as HTML into `out`.
struct Writer<'a> {
    res: &'a Resources,
    running: Option<Running>,
    /// Figures written so far: each one's ids start with its number.
    figures: usize,
    out: String,
}

impl Writer<'_> {
    fn block(&mut self, b: &Block) {
        match b {
            Block::Title(title, sub) => {
                let (t, s) = (self.text(title), self.text(sub));
                self.out += &format!("<h1>{t}</h1>\n<p class=\"subtitle\">{s}</p>\n");
            }
            Block::Heading(h) => {
                let h = self.text(h);
                self.out += &format!("<h2>{h}</h2>\n");
            }
            Block::Para(p) => {
                let p = self.text(p);
                self.out += &format!("<p>{p}</p>\n");
            }
            Block::Bullets(list) => {
                self.out += "<ul>\n";
                for item in list {
                    let item = self.text(item);
                    self.out += &format!("<li>{item}</li>\n");
                }
                self.out += "</ul>\n";
            }
            Block::Table {
                header,
                rows,
                han,
                zhuyin,
                ..
            } => self.table(header, rows, *han, zhuyin),
            Block::Figure {
                w,
                h,
                items,
                caption,
                alt,
            } => self.figure(*w, *h, items, caption, alt),
            Block::Columns(left, right) => {
                self.out += "<div class=\"columns\">\n";
                for side in [left, right] {
                    self.out += "<div>\n";
                    for b in side.iter() {
                        self.block(b);
                    }
                    self.out += "</div>\n";
                }
                self.out += "</div>\n";
            }
            Block::Beside(figure, text) => {
                // The text first (the reading order), the figure at its right.
                self.out += "<div class=\"beside\">\n<div>\n";
                for b in text {
                    self.block(b);
                }
                self.out += "</div>\n";
                self.block(figure);
                self.out += "</div>\n";
            }
        }
    }

    /// The rank table: a column is left out when it is empty throughout (the
    /// printed table's column for pictures alone).
    fn table(
        &mut self,
        header: &[String],
        rows: &[Vec<String>],
        han: usize,
        zhuyin: &[Vec<String>],
    ) {
        let kept: Vec<usize> = (0..header.len())
            .filter(|&c| {
                !header[c].is_empty()
                    || rows.iter().any(|r| r.get(c).is_some_and(|t| !t.is_empty()))
            })
            .collect();
        self.out += "<table>\n<thead><tr>";
        for &c in &kept {
            let t = self.text(&header[c]);
            self.out += &format!("<th scope=\"col\">{t}</th>");
        }
        self.out += "</tr></thead>\n<tbody>\n";
        for (i, row) in rows.iter().enumerate() {
            self.out += "<tr>";
            for &c in &kept {
                let cell = row.get(c).map(String::as_str).unwrap_or("");
                let readings = zhuyin.get(i).filter(|r| !r.is_empty());
                let t = match readings {
                    Some(r) if c == han && r.len() == cell.chars().count() => {
                        let read: Vec<Option<&str>> = r.iter().map(|s| Some(s.as_str())).collect();
                        ruby(cell, &read, Ruby::Zhuyin)
                    }
                    _ => self.text(cell),
                };
                if c == han {
                    self.out += &format!("<td class=\"han\">{t}</td>");
                } else {
                    self.out += &format!("<td>{t}</td>");
                }
            }
            self.out += "</tr>\n";
        }
        self.out += "</tbody>\n</table>\n";
    }

    /// A diagram as inline SVG, named by `alt` (the caption when it has
    /// none), then its caption.
    fn figure(&mut self, w: f64, h: f64, items: &[crate::scene::Item], caption: &str, alt: &str) {
        self.figures += 1;
        let mut page = Page::new(w, h);
        page.add(Layer::Artwork, items.to_vec());
        let doc = crate::resolve::document("", vec![page], self.res);
        let label = if alt.is_empty() { caption } else { alt };
        let svg = crate::render::svg::render_inline(&doc, 0, &format!("f{}-", self.figures), label);
        let caption = self.text(caption);
        // Drawn half as large again as on paper, within the page's width.
        let em = w * 1.5 / 4.2;
        self.out += &format!(
            "<figure>\n<div class=\"drawing\" style=\"max-width: {}em\">{svg}</div>\n<figcaption>{caption}</figcaption>\n</figure>\n",
            crate::render::num(em)
        );
    }

    /// Running text as HTML: escaped; with readings in `<ruby>` where the
    /// pack prints them throughout; Chinese characters in another
    /// language's page marked as Chinese.
    fn text(&self, text: &str) -> String {
        match self.running.filter(Running::annotated) {
            Some(r) => {
                let mut out = String::new();
                let chars: Vec<char> = text.chars().collect();
                for w in r.lexicon.segment(text) {
                    let word: String = chars[w.start..w.start + w.len].iter().collect();
                    out += &ruby(&word, &w.readings, r.ruby);
                }
                out
            }
            None if !self.res.lang.is_cjk() => {
                let lang = if self.res.lang.is_simplified_chinese() {
                    "zh-Hans"
                } else {
                    "zh-Hant"
                };
                let mut out = String::new();
                let mut run = String::new();
                let flush = |run: &mut String, out: &mut String| {
                    if !run.is_empty() {
                        *out += &format!("<span lang=\"{lang}\">{}</span>", escape(run));
                        run.clear();
                    }
                };
                for c in text.chars() {
                    if crate::text::is_han(c) {
                        run.push(c);
                    } else {
                        flush(&mut run, &mut out);
                        out += &escape(c.encode_utf8(&mut [0; 4]));
                    }
                }
                flush(&mut run, &mut out);
                out
            }
            None => escape(text),
        }
    }
}

/// A word with its characters' readings, each character with one in a
/// `<ruby>` of its own, or escaped text when none has a reading of the kind
/// `kind` prints.
fn ruby(word: &str, readings: &[Option<&str>], kind: Ruby) -> String {
    let ok = |r: Option<&str>| match (kind, r) {
        (Ruby::Zhuyin, Some(r)) => Syllable::parse(r).is_some(),
        (Ruby::Pinyin, Some(_)) => true,
        _ => false,
    };
    if !readings.iter().any(|r| ok(*r)) {
        return escape(word);
    }
    let (class, lang) = match kind {
        Ruby::Zhuyin => ("zhuyin", "zh-Bopo"),
        _ => ("pinyin", "zh-Latn-pinyin"),
    };
    // One `<ruby>` per character: each reading centred on its own
    // character, the characters spread where a reading is wider.
    let mut out = String::new();
    for (c, r) in word
        .chars()
        .zip(readings.iter().copied().chain(std::iter::repeat(None)))
    {
        let c = escape(c.encode_utf8(&mut [0; 4]));
        match r.filter(|r| ok(Some(r))) {
            Some(r) => {
                out += &format!(
                    "<ruby class=\"{class}\">{c}<rp aria-hidden=\"true\">(</rp><rt lang=\"{lang}\" aria-hidden=\"true\">{}</rt><rp aria-hidden=\"true\">)</rp></ruby>",
                    escape(r)
                );
            }
            None => out += &c,
        }
    }
    out
}

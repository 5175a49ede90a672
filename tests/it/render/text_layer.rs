//! The PDF text layer reads as the page's words: the text a reader copies or
//! a screen reader speaks is the page's sentences, in the order they are
//! drawn, with none of the decorative labels (a board's squares and
//! coordinates, the characters on diagram counters, counter faces, a box
//! lid, a cover's thumbnails) between their words; those labels are still
//! drawn, as artifacts.
//!
//! Text is read by poppler's `pdftotext -raw` (content order) when it is
//! installed, and always by [`extract`], a small reader on lopdf that leaves
//! out `/Artifact` sequences and spans whose replacement text is empty.

use jungle_print::input::Source;
use jungle_print::job::{Job, Kind, Made};
use jungle_print::lang::Lang;
use jungle_print::scene::{walk, Page, PageRef, Path, Placed, TextRun, Transform, Visitor};
use lopdf::{Dictionary, Document, Object};

/// `s` without white space: lines break, runs split and extractors add
/// spaces differently, the characters and their order are what must hold.
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// What one page's text layer should hold: the text of its runs that are
/// not decorative, in drawing order, and of the decorative ones. With
/// `thumbnails`, the words of decorative pages placed whole (a cover's
/// thumbnails, shared with their pages) count as text: poppler reads them
/// (see `render::pdf::content`).
#[derive(Default)]
struct Expected {
    text: String,
    decorative: String,
    thumbnails: bool,
    inside: usize,
}

impl<'a> Visitor<'a> for Expected {
    fn path(&mut self, _: &'a Path, _: Transform) {}
    fn picture(&mut self, _: &'a Placed, _: Transform) {}
    fn text(&mut self, run: &'a TextRun, _: Transform) {
        let hidden = run.decorative || (self.inside > 0 && !self.thumbnails);
        if hidden {
            self.decorative.push_str(&run.text);
        } else {
            self.text.push_str(&run.text);
        }
    }
    fn page(&mut self, page: &'a PageRef, t: Transform) -> bool {
        self.inside += usize::from(page.decorative);
        for (_, items) in page.layers.iter() {
            walk(items, t, self);
        }
        self.inside -= usize::from(page.decorative);
        true
    }
}

fn expected(page: &Page, thumbnails: bool) -> (String, String) {
    let mut e = Expected {
        thumbnails,
        ..Expected::default()
    };
    for (_, items) in page.layers.iter() {
        walk(items, Transform::IDENTITY, &mut e);
    }
    (squeeze(&e.text), squeeze(&e.decorative))
}

/// Reads content streams as a text extractor does, keeping apart the text
/// inside artifacts (and inside spans with an empty `/ActualText`).
struct Reader<'d> {
    doc: &'d Document,
    text: String,
    artifact: String,
}

/// The dictionary `o` is or refers to.
fn dict<'d>(doc: &'d Document, o: &'d Object) -> Option<&'d Dictionary> {
    match o {
        Object::Reference(id) => doc.get_dictionary(*id).ok(),
        Object::Dictionary(d) => Some(d),
        _ => None,
    }
}

impl<'d> Reader<'d> {
    /// Runs `content` with `resources`; `hidden` counts the enclosing
    /// decorative sequences.
    fn run(&mut self, content: &[u8], resources: &[&'d Dictionary], hidden: usize) {
        let ops = lopdf::content::Content::decode(content).expect("a content stream");
        let doc = self.doc;
        let entry = |kind: &[u8], name: &[u8]| {
            resources.iter().find_map(|r| {
                let d = dict(doc, r.get(kind).ok()?)?;
                d.get(name).ok()
            })
        };
        // One entry per open marked-content sequence: does it hide text?
        let mut stack: Vec<bool> = Vec::new();
        let mut encoding = None;
        for op in &ops.operations {
            let hiding = hidden + stack.iter().filter(|h| **h).count();
            match op.operator.as_str() {
                "BMC" => stack.push(op.operands[0].as_name().ok() == Some(b"Artifact")),
                "BDC" => {
                    let tag = op.operands[0].as_name().ok();
                    let empty_text = op
                        .operands
                        .get(1)
                        .and_then(|o| o.as_dict().ok())
                        .and_then(|d| d.get(b"ActualText").ok())
                        .and_then(|t| t.as_str().ok())
                        .is_some_and(|t| t.is_empty() || t == b"\xfe\xff");
                    stack.push(tag == Some(b"Artifact") || empty_text);
                }
                "EMC" => {
                    stack.pop().expect("EMC closes a sequence");
                }
                "Tf" => {
                    let name = op.operands[0].as_name().unwrap();
                    let font = entry(b"Font", name)
                        .and_then(|f| dict(doc, f))
                        .expect("the font is in the resources");
                    encoding = Some(font.get_font_encoding(doc).unwrap());
                }
                "Tj" => {
                    let bytes = op.operands[0].as_str().unwrap();
                    let enc = encoding.as_ref().expect("a font before Tj");
                    let s = Document::decode_text(enc, bytes).unwrap();
                    let out = if hiding > 0 {
                        &mut self.artifact
                    } else {
                        &mut self.text
                    };
                    out.push_str(&s);
                    out.push('\n');
                }
                "Do" => {
                    let name = op.operands[0].as_name().unwrap();
                    let Some(Object::Reference(id)) = entry(b"XObject", name) else {
                        continue;
                    };
                    let Ok(Object::Stream(s)) = doc.get_object(*id) else {
                        continue;
                    };
                    if s.dict.get(b"Subtype").and_then(|t| t.as_name()).ok() != Some(b"Form") {
                        continue;
                    }
                    let content = s
                        .decompressed_content()
                        .unwrap_or_else(|_| s.content.clone());
                    let own = s.dict.get(b"Resources").ok().and_then(|r| dict(doc, r));
                    match own {
                        Some(own) => self.run(&content, &[own], hiding),
                        None => self.run(&content, resources, hiding),
                    }
                }
                _ => {}
            }
        }
        assert!(stack.is_empty(), "every marked-content sequence is closed");
    }
}

/// Each page's text and its artifacts' text, read with lopdf.
fn extract(pdf: &[u8]) -> Vec<(String, String)> {
    let doc = Document::load_mem(pdf).unwrap();
    doc.get_pages()
        .into_values()
        .map(|id| {
            let mut r = Reader {
                doc: &doc,
                text: String::new(),
                artifact: String::new(),
            };
            let (own, inherited) = doc.get_page_resources(id).unwrap();
            let mut resources: Vec<&Dictionary> = own.into_iter().collect();
            resources.extend(inherited.iter().filter_map(|i| doc.get_dictionary(*i).ok()));
            let content = doc.get_page_content(id);
            r.run(&content, &resources, 0);
            (squeeze(&r.text), squeeze(&r.artifact))
        })
        .collect()
}

/// Each page's text as `pdftotext -raw` reads it (content order); `None`
/// when poppler is not installed.
fn poppler(pdf: &[u8], pages: usize) -> Option<Vec<String>> {
    let dir = std::env::temp_dir().join(format!("jp-text-layer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.pdf", pdf.len()));
    std::fs::write(&file, pdf).unwrap();
    let mut out = Vec::new();
    for p in 1..=pages {
        let n = p.to_string();
        let run = std::process::Command::new("pdftotext")
            .args(["-raw", "-f", &n, "-l", &n])
            .arg(&file)
            .arg("-")
            .output();
        let Ok(run) = run else {
            crate::common::missing("pdftotext is not installed (apt-get install poppler-utils)");
            return None;
        };
        assert!(run.status.success(), "pdftotext failed");
        out.push(squeeze(&String::from_utf8_lossy(&run.stdout)));
    }
    let _ = std::fs::remove_file(&file);
    Some(out)
}

fn made(kind: Kind, lang: &str) -> Made {
    let mut job = Job::new(kind);
    job.inputs.lang = Source::builtin(lang);
    job.run().unwrap()
}

/// The Chinese handouts with their readings beside or over every character
/// (Zhuyin, pinyin): the readings are drawn as text, marked decorative, so
/// the text layer reads the sentences alone.
#[test]
fn readings_are_drawn_as_text_out_of_the_text_layer() {
    use jungle_print::lang::Phonetic;
    for (lang, guide) in [("zh-Hant", Phonetic::Zhuyin), ("zh-Hans", Phonetic::Pinyin)] {
        let mut job = Job::new(Kind::Rules);
        job.inputs.lang = Source::builtin(lang);
        job.inputs.phonetic = Some(guide);
        let made = job.run().unwrap();
        let pdf = jungle_print::render::pdf::render(&made.doc, &made.pdf_options()).unwrap();
        let read = extract(&pdf);
        let text: String = read.iter().map(|(t, _)| t.as_str()).collect();
        let art: String = read.iter().map(|(_, a)| a.as_str()).collect();
        // The readings are drawn, as artifacts; no Zhuyin in the text (the
        // zh-Hans rank table's pinyin column is content, not a reading: the
        // sentences read whole show that no reading comes between words).
        let bopomofo = jungle_print::lang::zhuyin::is_bopomofo;
        let reading = |c: char| {
            bopomofo(c) || c.is_ascii_lowercase() || "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü".contains(c)
        };
        assert!(
            !text.chars().any(bopomofo),
            "{lang}: Zhuyin in the text: {text}"
        );
        assert!(
            art.chars().filter(|c| reading(*c)).count() > 500,
            "{lang}: {art}"
        );
        let handout = &Lang::builtin(lang).unwrap().handout;
        for s in [&handout.move_, &handout.capture] {
            assert!(
                text.contains(&squeeze(s)),
                "{lang}: “{s}” is not read whole in {text}"
            );
        }
        if let Some(popp) = poppler(&pdf, made.doc.pages.len()) {
            for (i, page) in made.doc.pages.iter().enumerate() {
                assert_eq!(popp[i], expected(page, true).0, "{lang}, page {}", i + 1);
            }
        }
    }
}

/// The documents the test reads: the English and French posters and
/// handouts, and the whole set.
fn documents() -> Vec<(&'static str, Made)> {
    vec![
        ("poster en", made(Kind::poster(), "en")),
        ("poster fr", made(Kind::poster(), "fr")),
        ("handout en", made(Kind::Rules, "en")),
        ("handout fr", made(Kind::Rules, "fr")),
        ("set en", made(Kind::set(), "en")),
    ]
}

/// Every page's text layer is its words and only its words, in drawing
/// order (read by lopdf honouring artifacts, and by poppler), and the rules'
/// sentences read whole, hyphenated compounds included.
#[test]
fn text_layers_hold_the_sentences_in_reading_order() {
    for (name, made) in documents() {
        let pdf = jungle_print::render::pdf::render(&made.doc, &made.pdf_options()).unwrap();
        let read = extract(&pdf);
        let popp = poppler(&pdf, made.doc.pages.len());
        assert_eq!(read.len(), made.doc.pages.len());
        for (i, page) in made.doc.pages.iter().enumerate() {
            let (want, _) = expected(page, false);
            assert_eq!(read[i].0, want, "{name}, page {}: lopdf's text", i + 1);
            if let Some(popp) = &popp {
                let (want, _) = expected(page, true);
                assert_eq!(popp[i], want, "{name}, page {}: poppler's text", i + 1);
            }
        }
        // The sentences, whole, where the page prints them.
        let lang = Lang::builtin(&made.lang).unwrap();
        let all: String = read.iter().map(|(t, _)| t.as_str()).collect();
        let sentences: Vec<&str> = if name.starts_with("poster") {
            let p = lang.poster.as_ref().unwrap();
            vec![&p.move_, &p.no_repetition, &p.capture]
        } else {
            vec![&lang.handout.move_, &lang.handout.capture]
        };
        for s in sentences {
            assert!(
                all.contains(&squeeze(s)),
                "{name}: “{s}” is not read whole in {all}"
            );
        }
        // None of the board's labels among the words.
        for label in [
            &lang.board.trap_han,
            &lang.board.den_han,
            &lang.board.river_han,
        ] {
            if name.starts_with("poster") {
                assert!(!all.contains(label.as_str()), "{name}: {label} in the text");
            }
        }
    }
}

/// The decorative labels are still drawn, as artifacts: the board's
/// squares, the diagrams' counters, the counter sheet's faces.
#[test]
fn decorative_labels_are_drawn_as_artifacts() {
    for (name, made) in documents() {
        let pdf = jungle_print::render::pdf::render(&made.doc, &made.pdf_options()).unwrap();
        let read = extract(&pdf);
        let lang = Lang::builtin(&made.lang).unwrap();
        let artifacts: String = read.iter().map(|(_, a)| a.as_str()).collect();
        let drawn: String = made
            .doc
            .pages
            .iter()
            .map(|p| expected(p, false).1)
            .collect();
        assert_eq!(artifacts, drawn, "{name}: the artifacts are the labels");
        for label in [
            &lang.board.trap_han,
            &lang.board.den_han,
            &lang.board.river_han,
        ] {
            assert!(artifacts.contains(label.as_str()), "{name}: no {label}");
        }
        let elephant = &lang.animals.elephant.han;
        assert!(artifacts.contains(elephant.as_str()), "{name}: no counters");
    }
    // A board page with its coordinates: the letters and numbers are art.
    let board = made(Kind::Board(Default::default()), "en");
    let pdf = jungle_print::render::pdf::render(&board.doc, &board.pdf_options()).unwrap();
    let (text, art) = &extract(&pdf)[0];
    assert!(
        art.contains("陷阱") && art.contains('a') && art.contains('9'),
        "{art}"
    );
    assert!(!text.contains("陷阱"), "{text}");
}

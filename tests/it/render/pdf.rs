//! Structural checks of the board PDF: page size, fonts, text, determinism.

use crate::common;

use common::*;
use jungle_print::layout::paper::Paper;
use jungle_print::render::pdf::{render, PdfOptions, PT_PER_MM};

fn pdf(lang: &str, paper: Paper, square: Option<f64>) -> Vec<u8> {
    render(&board_doc(lang, paper, square), &PdfOptions::default()).unwrap()
}

#[test]
fn page_size_is_exact() {
    for (paper, w, h) in [
        ("a4", 210.0, 297.0),
        ("letter", 215.9, 279.4),
        ("a3", 297.0, 420.0),
        ("300x400", 300.0, 400.0),
    ] {
        let sizes = page_sizes(&pdf("en", Paper::parse(paper).unwrap(), None));
        assert_eq!(sizes.len(), 1);
        let (pw, ph) = sizes[0];
        assert!(
            (pw - w * PT_PER_MM).abs() < 0.01 && (ph - h * PT_PER_MM).abs() < 0.01,
            "{paper}: {pw} × {ph} pt"
        );
    }
}

#[test]
fn every_font_is_embedded_subset_and_has_tounicode() {
    let bytes = pdf("fr", Paper::A4, None);
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let mut fonts = 0;
    for obj in doc.objects.values() {
        let Ok(dict) = obj.as_dict() else { continue };
        if dict.get(b"Type").and_then(|t| t.as_name()).ok() != Some(b"Font".as_slice()) {
            continue;
        }
        if dict.get(b"Subtype").unwrap().as_name().unwrap() != b"Type0" {
            continue;
        }
        fonts += 1;
        let base =
            String::from_utf8_lossy(dict.get(b"BaseFont").unwrap().as_name().unwrap()).into_owned();
        let (tag, _) = base
            .split_once('+')
            .unwrap_or_else(|| panic!("{base} has no subset tag"));
        assert!(
            tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()),
            "{base}"
        );
        assert!(
            dict.get(b"ToUnicode").is_ok(),
            "{base} has no ToUnicode map"
        );
        let desc_arr = dict.get(b"DescendantFonts").unwrap().as_array().unwrap();
        let cid = dict_of(&doc, &desc_arr[0]);
        let fd = dict_of(&doc, cid.get(b"FontDescriptor").unwrap());
        let file = [b"FontFile2".as_slice(), b"FontFile3", b"FontFile"]
            .iter()
            .find_map(|k| fd.get(k).ok())
            .unwrap_or_else(|| panic!("{base} is not embedded"));
        let stream = doc
            .get_object(file.as_reference().unwrap())
            .unwrap()
            .as_stream()
            .unwrap();
        let len = stream
            .decompressed_content()
            .map(|c| c.len())
            .unwrap_or(stream.content.len());
        assert!(
            len < 150_000,
            "{base}: embedded font program is {len} bytes: not subset"
        );
    }
    assert!(
        fonts >= 2,
        "expected the Chinese and the Latin face, found {fonts}"
    );
}

/// A dictionary given inline or by reference.
fn dict_of<'a>(doc: &'a lopdf::Document, o: &'a lopdf::Object) -> &'a lopdf::Dictionary {
    match o {
        lopdf::Object::Reference(id) => doc.get_dictionary(*id).unwrap(),
        other => other.as_dict().unwrap(),
    }
}

#[test]
fn board_pdf_is_small() {
    for lang in LANGS {
        let n = pdf(lang, Paper::A4, None).len();
        assert!(n < 200_000, "{lang}: {n} bytes");
    }
}

#[test]
fn text_extracts_in_every_language() {
    let expect: [(&str, &[&str]); 4] = [
        (
            "en",
            &[
                "Jungle", "Elephant", "Leopard", "River", "Trap", "Den", "象", "鼠",
            ],
        ),
        (
            "fr",
            &[
                "Jungle",
                "Éléphant",
                "Panthère",
                "Rivière",
                "Piège",
                "Tanière",
                "« ajuster à la page »",
            ],
        ),
        ("zh-Hant", &["鬥獸棋", "獅", "貓", "陷阱", "獸穴", "ㄏ"]),
        ("zh-Hans", &["斗兽棋", "狮", "猫", "陷阱", "兽穴", "shǔ"]),
    ];
    for (lang, words) in expect {
        let text = pdf_text(&pdf(lang, Paper::A4, None));
        let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for w in words {
            let w_flat: String = w.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                flat.contains(&w_flat),
                "{lang}: `{w}` not in extracted text:\n{text}"
            );
        }
    }
}

#[test]
fn same_input_same_bytes_even_in_one_process() {
    let a = pdf("zh-Hant", Paper::A4, None);
    let other = pdf("fr", Paper::parse("letter").unwrap(), Some(24.0));
    let b = pdf("zh-Hant", Paper::A4, None);
    assert_eq!(a, b);
    assert_ne!(a, other);
    // Threads render concurrently without disturbing each other.
    let handles: Vec<_> = (0..4)
        .map(|_| std::thread::spawn(|| pdf("en", Paper::A4, None)))
        .collect();
    let outs: Vec<Vec<u8>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(outs.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn board_squares_measure_what_was_asked() {
    // The outer border path spans 7 × 9 squares: find its rectangle in the content stream.
    let bytes = render(
        &board_doc("en", Paper::A4, Some(24.0)),
        &PdfOptions {
            uncompressed: true,
            ..Default::default()
        },
    )
    .unwrap();
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let page = *doc.get_pages().values().next().unwrap();
    let content = String::from_utf8_lossy(&doc.get_page_content(page)).into_owned();
    let w_pt = 7.0 * 24.0 * PT_PER_MM;
    let x0 = (210.0 - 7.0 * 24.0) / 2.0 * PT_PER_MM;
    let needle = format!("{:.3}", x0 + w_pt);
    let trimmed = needle.trim_end_matches('0').trim_end_matches('.');
    assert!(
        content.contains(trimmed),
        "no board edge at x = {trimmed} pt"
    );
}

/// A class set's repeated pages (the board, the rules, the box's nets, the
/// poster) draw their artwork once: every copy of a page places one Form
/// XObject per layer it shares with the others, so fifteen sets of the
/// Chinese rules weigh little more than one.
#[test]
fn a_class_set_draws_its_repeated_pages_once() {
    use jungle_print::input::Source;
    use jungle_print::job::{Job, Kind};
    let make = |copies: usize| {
        let opts = jungle_print::compose::products::set::SetOptions {
            copies,
            ..Default::default()
        };
        let mut job = Job::new(Kind::Set(opts));
        job.inputs.lang = Source::builtin("zh-Hant");
        let made = job.run().unwrap();
        render(&made.doc, &made.pdf_options()).unwrap()
    };
    let (one, class) = (make(1), make(15));
    assert!(
        class.len() < 3 * one.len(),
        "15 sets: {} bytes, one set: {} bytes",
        class.len(),
        one.len()
    );
    let doc = lopdf::Document::load_mem(&class).unwrap();
    let pages: Vec<_> = doc.get_pages().into_values().collect();
    let mut placing = 0;
    // The cover (page 1) places them too, among its own drawing: see
    // `a_class_sets_cover_places_the_shared_layers`.
    for &id in &pages[1..] {
        let content = doc.get_page_content(id);
        let text = String::from_utf8_lossy(&content);
        if text.contains("/Ly") {
            placing += 1;
            // Little of its own besides the forms: the "Set k of n" mark.
            assert!(content.len() < 4_000, "{} bytes", content.len());
        }
    }
    // Every page but the cover, the counter sheets (each sheet holds
    // other counters) and the box's steps (printed once): 75 of 97.
    assert!(
        placing > pages.len() * 7 / 10,
        "{placing} of {}",
        pages.len()
    );
    let forms = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").and_then(|t| t.as_name()).ok() == Some(b"Form"))
        .count();
    assert!(forms < 40, "{forms} forms");
}

/// A class set's cover shows the first set's pages, which its sets no longer
/// are (each carries its set mark): the preview places the forms of the
/// layers the sets share instead of drawing them again (731 KB of content
/// before deflate on the zh-Hant class set of 15 when it drew them).
#[test]
fn a_class_sets_cover_places_the_shared_layers() {
    use jungle_print::input::Source;
    use jungle_print::job::{Job, Kind};
    let opts = jungle_print::compose::products::set::SetOptions {
        copies: 15,
        ..Default::default()
    };
    let mut job = Job::new(Kind::Set(opts));
    job.inputs.lang = Source::builtin("zh-Hant");
    let made = job.run().unwrap();
    let pdf = render(&made.doc, &made.pdf_options()).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    let cover = *doc.get_pages().values().next().unwrap();
    let content = doc.get_page_content(cover);
    let text = String::from_utf8_lossy(&content);
    let placed = text.matches(" Do").count();
    assert!(text.contains("/Ly"), "the cover places no shared layer");
    assert!(placed >= 5, "{placed} forms placed on the cover");
    assert!(content.len() < 300_000, "cover: {} bytes", content.len());
}

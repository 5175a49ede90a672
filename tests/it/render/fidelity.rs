//! What other programs rely on: subset tags that tell subsets apart, honest PDF
//! metadata, page boxes, SVG references every reader resolves, live-text SVG
//! that carries its fonts. (The real-client check is tests/clients/check.py.)

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use jungle_print::compose::products::board::{board_page, BoardSheet};
use jungle_print::compose::products::counters::{counter_pages, CounterOptions, Sides};
use jungle_print::compose::products::handout::{handout_pages, HandoutOptions};
use jungle_print::compose::products::Sheet;
use jungle_print::layout::paper::Paper;
use jungle_print::render::pdf::{render, PdfOptions, PT_PER_MM};
use jungle_print::render::svg::{self, SvgOptions};
use jungle_print::scene::{Item, Layer, Page};

fn pdf_of(pages: Vec<Page>, lang: &str) -> Vec<u8> {
    let res = resources(lang);
    render(
        &jungle_print::document("t", pages, &res),
        &PdfOptions::default(),
    )
    .unwrap()
}

fn board(lang: &str, bleed: f64) -> Vec<Page> {
    let res = resources(lang);
    vec![board_page(
        &res,
        &BoardSheet {
            bleed,
            ..BoardSheet::new(Paper::A4)
        },
    )
    .unwrap()]
}

fn counters(lang: &str) -> Vec<Page> {
    let res = resources(lang);
    counter_pages(
        &res,
        &Sheet::new(Paper::A4),
        &CounterOptions {
            sides: Sides::Fold,
            ..CounterOptions::default()
        },
    )
    .unwrap()
}

fn rules(lang: &str) -> Vec<Page> {
    handout_pages(&resources(lang), &HandoutOptions { paper: Paper::A4 })
}

/// Subset tag → (font name, number of glyphs in its embedded subset).
fn subsets(bytes: &[u8]) -> BTreeMap<String, String> {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    let mut out = BTreeMap::new();
    for obj in doc.objects.values() {
        let Ok(d) = obj.as_dict() else { continue };
        if d.get(b"Type").and_then(|t| t.as_name()).ok() == Some(b"Font".as_slice())
            && d.get(b"Subtype").and_then(|t| t.as_name()).ok() == Some(b"Type0".as_slice())
        {
            let base = String::from_utf8_lossy(d.get(b"BaseFont").unwrap().as_name().unwrap())
                .into_owned();
            let (tag, name) = base.split_once('+').unwrap();
            out.insert(tag.to_string(), name.to_string());
        }
    }
    out
}

#[test]
fn different_subsets_never_share_a_tag_and_the_same_input_keeps_its_tags() {
    let files = [
        pdf_of(board("en", 0.0), "en"),
        pdf_of(counters("en"), "en"),
        pdf_of(rules("en"), "en"),
        pdf_of(board("fr", 0.0), "fr"),
    ];
    let mut seen: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut tags = BTreeSet::new();
    for (i, f) in files.iter().enumerate() {
        for (tag, name) in subsets(f) {
            tags.insert(tag.clone());
            if let Some((j, other)) = seen.get(&tag) {
                // The same tag twice is only right for the very same subset.
                assert_eq!(other, &name, "tag {tag} names two fonts");
                assert!(*j != i, "tag {tag} used twice in one file");
            }
            seen.insert(tag, (i, name));
        }
    }
    // The board, counters and handout use different glyphs of the same fonts.
    let board_tags: BTreeSet<_> = subsets(&files[0]).into_keys().collect();
    let rules_tags: BTreeSet<_> = subsets(&files[2]).into_keys().collect();
    let noto = |f: &[u8]| {
        subsets(f)
            .into_iter()
            .find(|(_, n)| n == "NotoSans-Regular")
            .map(|(t, _)| t)
            .unwrap()
    };
    assert_ne!(
        noto(&files[0]),
        noto(&files[2]),
        "board and rules share a tag"
    );
    assert_ne!(board_tags, rules_tags);
    // Determinism: the same document twice, the same tags and bytes.
    assert_eq!(pdf_of(rules("en"), "en"), files[2]);
}

#[test]
fn the_file_says_what_it_is() {
    let bytes = pdf_of(counters("en"), "en");
    assert!(
        bytes.starts_with(b"%PDF-1.7"),
        "optional content needs PDF 1.5+"
    );
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let text = String::from_utf8_lossy(&{
        let mut d = doc.clone();
        d.decompress();
        let mut v = Vec::new();
        d.save_to(&mut v).unwrap();
        v
    })
    .into_owned();
    assert!(
        !text.contains("Illustrator"),
        "another program's creator info"
    );
    assert!(!text.contains("GTS_PDFX"), "a PDF/X claim it does not meet");
    let info = doc
        .get_dictionary(doc.trailer.get(b"Info").unwrap().as_reference().unwrap())
        .unwrap();
    let producer = info.get(b"Producer").unwrap().as_str().unwrap();
    let producer = String::from_utf8_lossy(producer).replace('\0', "");
    assert!(producer.contains("jungle-print"), "{producer}");
    for (k, v) in info.iter() {
        assert!(
            !matches!(v, lopdf::Object::String(s, _) if s.is_empty()),
            "empty info entry {}",
            String::from_utf8_lossy(k)
        );
    }
}

/// (MediaBox, TrimBox, BleedBox) of every page, in mm.
fn boxes(bytes: &[u8]) -> Vec<[[f64; 4]; 3]> {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    doc.get_pages()
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).unwrap();
            let get = |k: &[u8]| {
                let a = page.get(k).unwrap().as_array().unwrap();
                let mut r = [0.0; 4];
                for (o, v) in r.iter_mut().zip(a) {
                    *o = v
                        .as_float()
                        .map(|x| x as f64)
                        .unwrap_or_else(|_| v.as_i64().unwrap() as f64)
                        / PT_PER_MM;
                }
                r
            };
            [get(b"MediaBox"), get(b"TrimBox"), get(b"BleedBox")]
        })
        .collect()
}

#[test]
fn page_boxes_tell_the_truth() {
    let close = |a: [f64; 4], b: [f64; 4]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.01);
    for (pages, bleed) in [
        (board("en", 0.0), 0.0),
        (board("en", 3.0), 3.0),
        (
            rules("en").into_iter().map(|p| p.with_bleed(2.0)).collect(),
            2.0,
        ),
    ] {
        for [media, trim, bleed_box] in boxes(&pdf_of(pages, "en")) {
            assert!(
                close(media, [0.0, 0.0, 210.0 + 2.0 * bleed, 297.0 + 2.0 * bleed]),
                "{media:?}"
            );
            assert!(
                close(trim, [bleed, bleed, 210.0 + bleed, 297.0 + bleed]),
                "{trim:?}"
            );
            assert!(close(bleed_box, media), "{bleed_box:?}");
        }
    }
    let res = resources("en");
    let pages = counter_pages(
        &res,
        &Sheet::new(Paper::A4).with_bleed(2.0),
        &CounterOptions::default(),
    )
    .unwrap();
    for [media, trim, _] in boxes(&pdf_of(pages, "en")) {
        assert!(close(media, [0.0, 0.0, 214.0, 301.0]));
        assert!(close(trim, [2.0, 2.0, 212.0, 299.0]));
    }
}

#[test]
fn the_board_runs_into_its_bleed() {
    let land = |pages: &[Page]| match &pages[0].layer(Layer::Artwork)[0] {
        Item::Path(p) => p
            .segs
            .iter()
            .filter_map(|s| match s {
                jungle_print::scene::Seg::Move(a) | jungle_print::scene::Seg::Line(a) => Some(a.x),
                _ => None,
            })
            .fold(f64::MAX, f64::min),
        _ => panic!("the land comes first"),
    };
    let plain = land(&board("en", 0.0));
    let bled = land(&board("en", 3.0));
    assert!((plain - bled - 3.0).abs() < 1e-9, "{plain} {bled}");
    // SVG: the view box shows the bleed too, in mm from the trim's corner.
    let res = resources("en");
    let doc = jungle_print::document("b", board("en", 3.0), &res);
    let s = svg::render(&doc, 0, &SvgOptions::default());
    assert!(s.contains(r#"viewBox="-3 -3 216 303""#) && s.contains(r#"width="216mm""#));
}

#[test]
fn every_glyph_reference_resolves_in_svg_1_1_and_2() {
    let res = resources("zh-Hant");
    let doc = jungle_print::document("c", counters("zh-Hant"), &res);
    let s = svg::render(&doc, 0, &SvgOptions::default());
    let x = roxmltree::Document::parse(&s).unwrap();
    let xlink = "http://www.w3.org/1999/xlink";
    let ids: BTreeSet<&str> = x.descendants().filter_map(|n| n.attribute("id")).collect();
    let uses: Vec<_> = x.descendants().filter(|n| n.has_tag_name("use")).collect();
    assert!(uses.len() > 50);
    for u in uses {
        let href = u
            .attribute((xlink, "href"))
            .expect("SVG 1.1 readers (Inkscape 1.2) need xlink:href");
        assert!(ids.contains(&href[1..]), "{href} dangles");
    }
}

fn unbase64(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let b: Vec<u8> = s.bytes().filter(|c| *c != b'=').map(val).collect();
    b.chunks(4)
        .flat_map(|c| {
            let n = c
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, v)| n | (*v as u32) << (18 - 6 * i));
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            bytes[..c.len() - 1].to_vec()
        })
        .collect()
}

#[test]
fn live_text_embeds_its_fonts() {
    for lang in ["zh-Hans", "fr"] {
        let res = resources(lang);
        let doc = jungle_print::document("r", rules(lang), &res);
        let s = svg::render(&doc, 0, &SvgOptions { live_text: true });
        let x = roxmltree::Document::parse(&s).unwrap();
        let css = x
            .descendants()
            .find(|n| n.has_tag_name("style"))
            .and_then(|n| n.text())
            .expect("a style with @font-face");
        // family name → the characters its embedded subset maps.
        let mut faces = BTreeMap::new();
        for rule in css.split("@font-face").skip(1) {
            let family = rule.split('\'').nth(1).unwrap().to_string();
            let data = rule
                .split("base64,")
                .nth(1)
                .unwrap()
                .split(')')
                .next()
                .unwrap();
            let bytes = unbase64(data);
            let face = ttf_parser::Face::parse(&bytes, 0).expect("a font browsers can load");
            assert!(
                face.tables().os2.is_some(),
                "browsers reject fonts without OS/2"
            );
            faces.insert(family, bytes);
        }
        let mut texts = 0;
        for t in x.descendants().filter(|n| n.has_tag_name("text")) {
            let family = t.attribute("font-family").unwrap();
            assert!(family.ends_with("serif"), "no generic family: {family}");
            let first = family.split('\'').nth(1).unwrap();
            let face = ttf_parser::Face::parse(&faces[first], 0).unwrap();
            for c in t.text().unwrap().chars().filter(|c| !c.is_whitespace()) {
                assert!(
                    face.glyph_index(c).is_some(),
                    "{lang}: {c:?} not in {first}"
                );
            }
            texts += 1;
        }
        assert!(texts > 20);
    }
}

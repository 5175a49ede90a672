//! The board as SVG: snapshot, physical size, outlines vs live text, valid XML.

use crate::common;

use common::*;
use jungle_print::compose::products::board::{board_page, BoardSheet};
use jungle_print::lang::Lang;
use jungle_print::layout::paper::Paper;
use jungle_print::render::svg::{render, SvgOptions};
use jungle_print::resolve::Resources;

#[test]
fn default_board_svg_snapshot() {
    let svg = render(&board_doc("en", Paper::A4, None), 0, &SvgOptions::default());
    let _snapshots = common::snapshots().bind_to_scope();
    insta::assert_snapshot!("board_en_a4_outlines", svg);
}

#[test]
fn live_text_board_svg_snapshot() {
    let svg = render(
        &board_doc("zh-Hant", Paper::A4, None),
        0,
        &SvgOptions { live_text: true },
    );
    // The embedded font subsets are checked by `live_text_embeds_its_fonts`.
    let _snapshots = common::snapshots().bind_to_scope();
    insta::assert_snapshot!("board_zh_hant_a4_live_text", without_base64(&svg));
}

#[test]
fn physical_size_is_in_millimetres() {
    let svg = render(
        &board_doc("en", Paper::parse("letter").unwrap(), None),
        0,
        &SvgOptions::default(),
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some("215.9mm"));
    assert_eq!(root.attribute("height"), Some("279.4mm"));
    assert_eq!(root.attribute("viewBox"), Some("0 0 215.9 279.4"));
}

#[test]
fn outlines_by_default_live_text_on_request() {
    let doc = board_doc("fr", Paper::A4, None);
    let outlined = render(&doc, 0, &SvgOptions::default());
    assert!(
        !outlined.contains("<text"),
        "default SVG must not depend on installed fonts"
    );
    assert!(outlined.contains("<use") && outlined.contains("<defs>"));
    let live = render(&doc, 0, &SvgOptions { live_text: true });
    let x = roxmltree::Document::parse(&live).unwrap();
    let texts: Vec<String> = x
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect();
    assert!(texts.iter().any(|t| t == "Panthère"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "象"));
}

#[test]
fn layers_are_groups_with_ids() {
    let svg = render(&board_doc("en", Paper::A4, None), 0, &SvgOptions::default());
    let x = roxmltree::Document::parse(&svg).unwrap();
    let ids: Vec<&str> = x
        .root_element()
        .children()
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert_eq!(ids, vec!["artwork", "guides"]);
}

#[test]
fn any_label_makes_valid_xml() {
    let src = jungle_print::lang::BUILTIN[0]
        .1
        .replace("name = \"Rat\"", "name = \"R<a>t & \\\"co\\\" 'x'\"");
    let lang = Lang::parse(&src, "test").unwrap();
    let res = Resources::new(Default::default(), lang, Default::default()).unwrap();
    let page = board_page(&res, &BoardSheet::new(Paper::A4)).unwrap();
    let doc = jungle_print::document("<Title> & \"quotes\"", vec![page], &res);
    for live_text in [false, true] {
        let svg = render(&doc, 0, &SvgOptions { live_text });
        let x = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("invalid XML: {e}"));
        if live_text {
            assert!(x
                .descendants()
                .any(|n| n.text() == Some("R<a>t & \"co\" 'x'")));
        }
        assert!(x
            .descendants()
            .any(|n| n.has_tag_name("title") && n.text() == Some("<Title> & \"quotes\"")));
    }
}

//! Icon SVGs: parse; an accepted icon is finite, near its unit box, and draws
//! into SVG that parses.
#![no_main]

use jungle_print::icons::Icon;
use jungle_print::scene::{pt, Color, Document, Item, Layer, Page, Seg};
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(icon) = Icon::parse(src, "fuzz.svg") else {
        return;
    };
    assert!(icon.segs().count() <= jungle_print::limits::MAX_ICON_SEGMENTS);
    for s in icon.segs() {
        let pts = match *s {
            Seg::Move(p) | Seg::Line(p) => vec![p],
            Seg::Cubic(a, b, c) => vec![a, b, c],
            Seg::Close => vec![],
        };
        for p in pts {
            assert!(p.x.is_finite() && p.y.is_finite() && p.x.abs() < 10.0 && p.y.abs() < 10.0);
        }
    }
    let mut page = Page::new(50.0, 50.0);
    let item: Item = icon.item(pt(10.0, 10.0), 20.0, Color::BLACK);
    let coloured = Item::Group(jungle_print::scene::Group {
        picture: true,
        transform: jungle_print::scene::Transform::scale(20.0, 20.0),
        items: icon.items(None),
    });
    page.add(Layer::Artwork, vec![item, coloured]);
    let doc = Document {
        title: "fuzz".into(),
        pages: vec![page],
        fonts: Default::default(),
    };
    common::svg_parses(&doc);
});

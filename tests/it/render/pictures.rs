//! Pictures in every renderer: embedded once however often drawn, turned by
//! their EXIF orientation through the placement, and clean at transparent edges.

use std::sync::Arc;

use jungle_print::picture::{Art, Fit};
use jungle_print::render::{pdf, png, svg};
use jungle_print::scene::{
    Document, Item, Layer, Page, Placed, Raster, RasterData, Samples, Transform,
};
use jungle_print::text::FontBook;

/// A `w` × `h` RGB picture whose pixel colours come from `f(x, y)`, with
/// `alpha` when given.
fn raster(
    w: u32,
    h: u32,
    orientation: u8,
    digest: u64,
    f: impl Fn(u32, u32) -> [u8; 3],
    alpha: Option<Vec<u8>>,
) -> Arc<Raster> {
    let mut s = Vec::new();
    for y in 0..h {
        for x in 0..w {
            s.extend(f(x, y));
        }
    }
    Arc::new(Raster {
        width: w,
        height: h,
        orientation,
        data: RasterData::Pixels {
            color: Samples::Rgb(s.into()),
            alpha: alpha.map(Into::into),
        },
        digest,
        memo: Default::default(),
    })
}

fn doc(items: Vec<Item>) -> Document {
    let mut page = Page::new(100.0, 100.0);
    page.add(Layer::Artwork, items);
    Document {
        title: "pictures".into(),
        pages: vec![page],
        fonts: Arc::new(FontBook::new()),
    }
}

const RED: [u8; 3] = [255, 0, 0];
const BLUE: [u8; 3] = [0, 0, 255];

/// Two pictures drawn 16 times each: two image objects in the PDF (the
/// second with its soft mask), two data URLs in the SVG.
#[test]
fn each_picture_is_embedded_once() {
    let a = raster(4, 4, 1, 1, |_, _| RED, None);
    let b = raster(4, 4, 1, 2, |_, _| BLUE, Some(vec![128; 16]));
    let mut items = Vec::new();
    for i in 0..16 {
        for r in [&a, &b] {
            items.push(Art::Raster(r.clone()).place(
                (i as f64 * 5.0, 10.0, 5.0, 5.0),
                Fit::Contain,
                None,
            ));
        }
    }
    let d = doc(items);
    let bytes = pdf::render(&d, &pdf::PdfOptions::default()).unwrap();
    let lo = lopdf::Document::load_mem(&bytes).unwrap();
    let images = lo
        .objects
        .values()
        .filter(|o| matches!(o, lopdf::Object::Stream(s) if s.dict.get(b"Subtype").ok() == Some(&"Image".into())))
        .count();
    assert_eq!(images, 3, "two pictures and one soft mask");
    let page = lo.get_pages().into_values().next().unwrap();
    let content = String::from_utf8(lo.get_page_content(page)).unwrap();
    assert_eq!(content.matches(" Do").count(), 32);
    let text = svg::render(&d, 0, &svg::SvgOptions::default());
    assert_eq!(text.matches("data:image/").count(), 2);
    assert_eq!(text.matches("href=\"#im").count(), 32);
}

/// A JPEG goes into the PDF byte for byte, with DCTDecode.
#[test]
fn a_jpeg_is_embedded_as_it_is() {
    let bytes: Arc<[u8]> = Arc::from(&b"\xFF\xD8\xFF\xDBnot really a JPEG\xFF\xD9"[..]);
    let r = Arc::new(Raster {
        width: 8,
        height: 8,
        orientation: 1,
        data: RasterData::Jpeg {
            bytes: bytes.clone(),
            color: jungle_print::scene::JpegColor::Cmyk { inverted: true },
        },
        digest: 7,
        memo: Default::default(),
    });
    let d = doc(vec![Art::Raster(r).place(
        (0.0, 0.0, 10.0, 10.0),
        Fit::Contain,
        None,
    )]);
    let pdf = pdf::render(&d, &pdf::PdfOptions::default()).unwrap();
    let lo = lopdf::Document::load_mem(&pdf).unwrap();
    let image = lo
        .objects
        .values()
        .find_map(|o| match o {
            lopdf::Object::Stream(s) if s.dict.get(b"Subtype").ok() == Some(&"Image".into()) => {
                Some(s)
            }
            _ => None,
        })
        .unwrap();
    assert_eq!(image.content, bytes.to_vec());
    assert_eq!(
        image.dict.get(b"Filter").unwrap(),
        &lopdf::Object::Name(b"DCTDecode".to_vec())
    );
    assert!(
        image.dict.get(b"Decode").is_ok(),
        "inverted CMYK needs /Decode"
    );
}

/// The colour of the PNG page's pixel at (x, y) mm.
fn pixel(page: &[u8], x: f64, y: f64, dpi: f64) -> [u8; 4] {
    let pm = tiny_skia::Pixmap::decode_png(page).unwrap();
    let (px, py) = ((x / 25.4 * dpi) as u32, (y / 25.4 * dpi) as u32);
    let c = pm.pixel(px, py).unwrap().demultiply();
    [c.red(), c.green(), c.blue(), c.alpha()]
}

/// Each EXIF orientation shows the picture upright: a picture stored with
/// its left half red and right half blue, tagged so that it shows red on top,
/// is red on top in the PNG page, and the PDF places it by the same matrix.
#[test]
fn exif_orientations_show_the_picture_upright() {
    // For each orientation, where the stored left half (red) ends up when shown.
    let expect = [
        (1, "left"),
        (2, "right"),
        (3, "right"),
        (4, "left"),
        (5, "top"),
        (6, "top"),
        (7, "bottom"),
        (8, "bottom"),
    ];
    for (o, red_at) in expect {
        let r = raster(
            2,
            2,
            o,
            o as u64,
            |x, _| if x == 0 { RED } else { BLUE },
            None,
        );
        let d = doc(vec![Item::Picture(Placed {
            raster: r,
            transform: Transform([40.0, 0.0, 0.0, 40.0, 30.0, 30.0]),
        })]);
        let page = png::render(&d, 0, &png::PngOptions { dpi: 50.0 }).unwrap();
        let (x, y) = match red_at {
            "left" => (35.0, 50.0),
            "right" => (65.0, 50.0),
            "top" => (50.0, 35.0),
            _ => (50.0, 65.0),
        };
        assert_eq!(
            pixel(&page, x, y, 50.0)[..3],
            RED,
            "orientation {o}: red at the {red_at}"
        );
    }
}

/// Transparent edges blend with the paper, not with black: a red picture at
/// half opacity over white is pink, not dark red.
#[test]
fn half_transparent_pixels_blend_with_white() {
    let r = raster(4, 4, 1, 9, |_, _| RED, Some(vec![128; 16]));
    let d = doc(vec![Art::Raster(r).place(
        (20.0, 20.0, 60.0, 60.0),
        Fit::Contain,
        None,
    )]);
    let page = png::render(&d, 0, &png::PngOptions { dpi: 50.0 }).unwrap();
    let [r, g, b, _] = pixel(&page, 50.0, 50.0, 50.0);
    assert!(
        r >= 250 && (120..=135).contains(&g) && (120..=135).contains(&b),
        "{r} {g} {b}"
    );
}

/// Covering a box keeps the picture's proportions and clips the overflow.
#[test]
fn cover_clips_and_contain_fits() {
    let r = raster(4, 2, 1, 11, |_, _| RED, None);
    let art = Art::Raster(r);
    match art.place((0.0, 0.0, 10.0, 10.0), Fit::Cover, None) {
        Item::Clip(c) => match &c.items[0] {
            Item::Picture(p) => assert_eq!(p.transform.0, [20.0, 0.0, 0.0, 10.0, -5.0, 0.0]),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    match art.place((0.0, 0.0, 10.0, 10.0), Fit::Contain, None) {
        Item::Picture(p) => assert_eq!(p.transform.0, [10.0, 0.0, 0.0, 5.0, 0.0, 2.5]),
        other => panic!("{other:?}"),
    }
}

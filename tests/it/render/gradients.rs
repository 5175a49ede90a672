//! Gradient paints (a linear and a radial gradient from an SVG picture,
//! tests/fixtures/pictures/gradients.svg) in the drawing model and drawn
//! natively by every renderer: `<linearGradient>`/`<radialGradient>` in SVG,
//! shadings in PDF (sRGB, and inks after the print-shop pass), tiny-skia's
//! shaders in PNG, with their colours where the drawing puts them.

use std::fmt::Write as _;
use std::sync::Arc;

use jungle_print::compose::passes::print_shop::for_print_shop;
use jungle_print::icons::Icon;
use jungle_print::picture::{Art, Fit};
use jungle_print::render::{pdf, png, svg};
use jungle_print::scene::{Document, GradientShape, Item, Layer, Page, Paint};
use jungle_print::text::FontBook;

const SVG: &str = include_str!("../../fixtures/pictures/gradients.svg");

fn icon() -> Icon {
    Icon::parse(SVG, "gradients.svg").unwrap()
}

/// The drawing placed on a 100 mm square page, filling it.
fn doc() -> Document {
    let mut page = Page::new(100.0, 100.0);
    page.add(
        Layer::Artwork,
        [Art::Vector(Arc::new(icon())).place((0.0, 0.0, 100.0, 100.0), Fit::Contain, None)],
    );
    Document {
        title: "gradients".into(),
        pages: vec![page],
        fonts: Arc::new(FontBook::new()),
    }
}

/// The converted drawing, path by path: its paint (a colour, or the
/// gradient's shape, transform and stops) and its stroke, numbers to 0.001.
#[test]
fn the_converted_scene_keeps_both_gradients() {
    let f = |v: f64| format!("{:.3}", v + 0.0);
    let mut out = String::new();
    for p in icon().paths() {
        match &p.fill {
            None => out.push_str("fill none\n"),
            Some(Paint::Solid(c)) => writeln!(out, "fill {}", c.to_hex()).unwrap(),
            Some(Paint::Gradient(g)) => {
                let shape = match g.shape {
                    GradientShape::Linear { start, end } => format!(
                        "linear {},{} → {},{}",
                        f(start.x),
                        f(start.y),
                        f(end.x),
                        f(end.y)
                    ),
                    GradientShape::Radial {
                        focus,
                        center,
                        radius,
                    } => format!(
                        "radial focus {},{} centre {},{} radius {}",
                        f(focus.x),
                        f(focus.y),
                        f(center.x),
                        f(center.y),
                        f(radius)
                    ),
                };
                let m: Vec<String> = g.transform.0.iter().map(|v| f(*v)).collect();
                writeln!(out, "fill {shape} transform [{}]", m.join(" ")).unwrap();
                for s in &g.stops {
                    writeln!(out, "  stop {} {}", f(s.offset), s.color.to_hex()).unwrap();
                }
            }
        }
        if let Some(s) = &p.stroke {
            writeln!(out, "stroke {} {}", s.color.to_hex(), f(s.width)).unwrap();
        }
    }
    let _snapshots = crate::common::snapshots().bind_to_scope();
    insta::assert_snapshot!("gradients_scene", out);
}

/// SVG: one gradient element per painted path, in page millimetres
/// (`userSpaceOnUse`, the placement in `gradientTransform`), its stops as
/// the scene has them.
#[test]
fn svg_draws_gradient_elements() {
    let text = svg::render(&doc(), 0, &svg::SvgOptions::default());
    assert_eq!(text.matches("<linearGradient").count(), 1, "{text}");
    assert_eq!(text.matches("<radialGradient").count(), 1, "{text}");
    assert!(text.contains(r#"fill="url(#grad0)""#), "{text}");
    assert!(text.contains(r#"fill="url(#grad1)""#), "{text}");
    assert_eq!(text.matches("gradientUnits=\"userSpaceOnUse\"").count(), 2);
    for colour in ["#ff0000", "#ffff00", "#0000ff", "#ffffff", "#80c080"] {
        assert!(
            text.contains(&format!("stop-color=\"{colour}\"")),
            "{colour}: {text}"
        );
    }
    // The mirror of the gradient's transform, scaled to the page: x flips.
    let linear = &text[text.find("<linearGradient").unwrap()..];
    let m = &linear[linear.find("gradientTransform=\"matrix(").unwrap() + 26..];
    assert!(m.starts_with("-1 "), "{linear}");
}

/// The shading dictionaries of a rendered PDF (resolved), by resource name.
fn shadings(bytes: &[u8]) -> (lopdf::Document, Vec<lopdf::Dictionary>, String) {
    let lo = lopdf::Document::load_mem(bytes).unwrap();
    let page = *lo.get_pages().values().next().unwrap();
    let resources = lo.get_page_resources(page).unwrap();
    let res = match resources {
        (Some(d), _) => d.clone(),
        (None, ids) => lo.get_dictionary(ids[0]).unwrap().clone(),
    };
    let resolve = |o: &lopdf::Object| match o {
        lopdf::Object::Reference(r) => lo.get_object(*r).unwrap().clone(),
        o => o.clone(),
    };
    let sh = resolve(res.get(b"Shading").unwrap())
        .as_dict()
        .unwrap()
        .clone();
    let list = sh
        .iter()
        .map(|(_, v)| resolve(v).as_dict().unwrap().clone())
        .collect();
    let content = String::from_utf8(lo.get_page_content(page)).unwrap();
    (lo, list, content)
}

/// PDF: an axial and a radial shading in the page's resources, painted with
/// `sh` inside the paths' clips; in sRGB, and in inks for a print shop.
#[test]
fn pdf_paints_shadings() {
    let bytes = pdf::render(&doc(), &pdf::PdfOptions::default()).unwrap();
    let (_, list, content) = shadings(&bytes);
    let kinds: Vec<i64> = list
        .iter()
        .map(|d| d.get(b"ShadingType").unwrap().as_i64().unwrap())
        .collect();
    assert_eq!(kinds, [2, 3]);
    for d in &list {
        assert_eq!(
            d.get(b"ColorSpace").unwrap().as_name().unwrap(),
            b"DeviceRGB"
        );
        let extend = d.get(b"Extend").unwrap().as_array().unwrap();
        assert_eq!(extend, &[true.into(), true.into()] as &[lopdf::Object]);
    }
    // Three stops: two linear pieces, stitched.
    let f = list[0].get(b"Function").unwrap().as_dict().unwrap();
    assert_eq!(f.get(b"FunctionType").unwrap().as_i64().unwrap(), 3);
    assert_eq!(f.get(b"Functions").unwrap().as_array().unwrap().len(), 2);
    assert!(
        content.contains("/Sh1 sh") && content.contains("/Sh2 sh"),
        "{content}"
    );
    assert_eq!(content.matches("\nW\nn\n").count(), 2, "{content}");

    let mut print = doc();
    print.pages = print.pages.iter().map(for_print_shop).collect();
    let opts = pdf::PdfOptions {
        pdfx: true,
        ..Default::default()
    };
    let bytes = pdf::render(&print, &opts).unwrap();
    let (_, list, _) = shadings(&bytes);
    assert_eq!(list.len(), 2);
    for d in &list {
        assert_eq!(
            d.get(b"ColorSpace").unwrap().as_name().unwrap(),
            b"DeviceCMYK"
        );
    }
}

/// PNG: the colours at both ends of each gradient, where the drawing puts
/// them (the linear one mirrored: blue left, red right, yellow between; the
/// radial one white at its centre, half-transparent green near its rim).
#[test]
fn png_shades_both_ends() {
    let dpi = 100.0;
    let bytes = png::render(&doc(), 0, &png::PngOptions { dpi }).unwrap();
    let pm = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let at = |x: f64, y: f64| {
        let c = pm
            .pixel((x / 25.4 * dpi) as u32, (y / 25.4 * dpi) as u32)
            .unwrap()
            .demultiply();
        [c.red(), c.green(), c.blue()]
    };
    let near = |got: [u8; 3], want: [u8; 3]| {
        got.iter()
            .zip(want)
            .all(|(a, b)| (i16::from(*a) - i16::from(b)).abs() <= 6)
    };
    for (x, y, want) in [
        (2.0, 25.0, [0, 0, 255]),
        (98.0, 25.0, [255, 0, 0]),
        (50.0, 25.0, [255, 255, 0]),
        (50.0, 75.0, [255, 255, 255]),
        (50.0, 51.5, [136, 196, 136]),
    ] {
        let got = at(x, y);
        assert!(near(got, want), "({x}, {y}) mm: {got:?}, want {want:?}");
    }
    // Between the ends, the colour changes steadily: more blue to the left.
    assert!(at(20.0, 25.0)[2] > at(40.0, 25.0)[2]);
}

/// A drawing of gradients is no silhouette, and a theme that tints it
/// paints every gradient in the one colour.
#[test]
fn tinting_replaces_gradients() {
    let icon = icon();
    assert!(!icon.is_silhouette());
    let red = jungle_print::scene::Color::Rgb(200, 0, 0);
    let items = icon.items(Some(red));
    let mut any = false;
    jungle_print::scene::map_leaves(items, &mut |item| {
        if let Item::Path(p) = &item {
            assert!(p.fill.is_none() || p.fill == Some(red.into()));
            any = true;
        }
        Some(item)
    });
    assert!(any);
}

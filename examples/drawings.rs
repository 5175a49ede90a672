//! Draws every built-in drawing (`builtin:NAME` in themes) on one A4 page,
//! nine to a row: each in its own colours, then the same in one colour (as a
//! theme tints a silhouette), as a PNG and an SVG, to look at them.
//!
//! ```sh
//! cargo run --release --example drawings -- drawings   # drawings.png, drawings.svg
//! ```

use std::sync::Arc;

use jungle_print::icons::{Icon, BUILTIN};
use jungle_print::render::{png, svg};
use jungle_print::scene::{Color, Document, Group, Item, Layer, Page, Transform};
use jungle_print::text::FontBook;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stem = std::env::args().nth(1).unwrap_or_else(|| "drawings".into());
    // 20 mm cells, 9 a row, from a 15 mm margin; a row in colour, a row tinted.
    let (cell, size, margin) = (20.0, 18.0, 15.0);
    let mut items = Vec::new();
    for (i, (name, src)) in BUILTIN.iter().enumerate() {
        let icon = Icon::parse(src, name)?;
        let (col, row) = ((i % 9) as f64, (i / 9) as f64 * 2.0);
        for (k, tint) in [None, Some(Color::Rgb(0x8b, 0x1a, 0x1a))]
            .into_iter()
            .enumerate()
        {
            let (x, y) = (margin + col * cell, margin + (row + k as f64) * cell);
            items.push(Item::Group(Group {
                picture: true,
                transform: Transform::translate(x, y).then_apply(Transform::scale(size, size)),
                items: icon.items(tint),
            }));
        }
        println!(
            "{name}: {} paths, {} colours{}",
            icon.paths().len(),
            icon.colours(),
            if icon.is_silhouette() {
                " (silhouette)"
            } else {
                ""
            }
        );
    }
    let mut page = Page::new(210.0, 297.0);
    page.add(Layer::Artwork, items);
    let doc = Document {
        title: "Built-in drawings".into(),
        pages: vec![page],
        fonts: Arc::new(FontBook::new()),
    };
    let png = png::render(&doc, 0, &png::PngOptions { dpi: 150.0 })?;
    std::fs::write(format!("{stem}.png"), png)?;
    std::fs::write(
        format!("{stem}.svg"),
        svg::render(&doc, 0, &svg::SvgOptions { live_text: false }),
    )?;
    println!("wrote {stem}.png and {stem}.svg");
    Ok(())
}

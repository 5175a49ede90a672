//! Makes a French board on A3 with 35 mm squares, through the library API.
//!
//! ```sh
//! cargo run --example board
//! ```

use jungle_print::compose::board::{board_page, BoardOptions};
use jungle_print::lang::Lang;
use jungle_print::output::write_atomic;
use jungle_print::paper::Paper;
use jungle_print::render::pdf;
use jungle_print::resolve::Resources;
use jungle_print::rules::Ruleset;
use jungle_print::theme::Theme;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let res = Resources::new(Theme::default(), Lang::builtin("fr")?, Ruleset::default())?;
    let page = board_page(
        &res,
        &BoardOptions {
            paper: Paper::parse("a3")?,
            square: Some(35.0),
            bleed: 0.0,
        },
    )?;
    let doc = jungle_print::document("Plateau de la Jungle", vec![page], &res);
    let bytes = pdf::render(&doc, &pdf::PdfOptions::default())?;
    write_atomic(std::path::Path::new("plateau-a3.pdf"), &bytes)?;
    println!("wrote plateau-a3.pdf ({} bytes)", bytes.len());
    Ok(())
}

//! Makes a French board on A3 with 35 mm squares through the library's job
//! façade: the same checks, warnings and file the command line's
//! `jungle-print board --lang fr --paper a3 --square 35 -o plateau-a3.pdf` gives.
//!
//! ```sh
//! cargo run --example board
//! ```

use jungle_print::input::Source;
use jungle_print::job::{BoardJob, Job, Kind, Output};
use jungle_print::layout::paper::Paper;
use jungle_print::output::write_atomic;
use jungle_print::render::pdf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::path::PathBuf::from("plateau-a3.pdf");
    let mut job = Job::new(Kind::Board(BoardJob {
        square: Some(35.0),
        ..BoardJob::default()
    }));
    job.paper = Paper::parse("a3")?;
    job.inputs.lang = Source::builtin("fr");
    // A theme file works the same: Source::File("my-theme.toml".into()).
    job.output = Some(Output {
        path: path.clone(),
        per_page: false,
    });
    // Options, fonts, fit, page cap, no input overwritten: all checked here.
    let made = job.run()?;
    for w in &made.warnings {
        eprintln!("warning: {w}");
    }
    let bytes = pdf::render(&made.doc, &made.pdf_options())?;
    write_atomic(&path, &bytes)?;
    println!("wrote {} ({} bytes)", path.display(), bytes.len());
    Ok(())
}

//! Makes a French board on A3 with 35 mm squares through the library's
//! export façade: the same checks, warnings and file the command line's
//! `jungle-print board --lang fr --paper a3 --square 35 -o plateau-a3.pdf` gives.
//!
//! ```sh
//! cargo run --example board
//! ```

use jungle_print::input::Source;
use jungle_print::job::{BoardOptions, Job, Kind, Output};
use jungle_print::layout::paper::Paper;
use jungle_print::options::Format;
use jungle_print::output::{write_set, Stdout};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut job = Job::new(Kind::Board(BoardOptions {
        square: Some(35.0),
        ..BoardOptions::default()
    }));
    job.paper = Paper::parse("a3")?;
    job.inputs.lang = Source::builtin("fr");
    // A theme file works the same: Source::File("my-theme.toml".into()).
    job.output = Some(Output::new("plateau-a3.pdf", Format::Pdf));
    // Options, fonts, fit, page cap, no input overwritten: all checked here,
    // then the pages rendered into the files to write.
    let export = jungle_print::export::export(&job)?;
    for w in &export.warnings {
        eprintln!("warning: {w}");
    }
    let files: Vec<_> = export
        .files
        .iter()
        .map(|f| (f.path.clone(), &f.bytes))
        .collect();
    // Standard output as this program found it (`-o -` writes there).
    write_set(&files, Stdout::at_start())?;
    for w in &export.written {
        println!("wrote {}", w.line);
    }
    Ok(())
}

//! Writing what the library exports ([`jungle_print::export`]): the
//! warnings and the lines it says, and the files, written atomically
//! ([`write_set`]) after the checks only the disk can answer.

use std::path::Path;

use jungle_print::output::Stdout;

/// How this run speaks: whether it is quiet (`--quiet`: nothing is printed
/// on success, errors are still reported) and standard output as the run
/// found it. Made once in [`super::run`] and handed to each command.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Voice {
    /// True under `--quiet`.
    pub(crate) quiet: bool,
    /// Standard output, open or closed at start.
    pub(crate) stdout: Stdout,
}

impl Voice {
    /// A message for standard error, unless `--quiet`.
    pub(crate) fn say(&self, message: &str) {
        if !self.quiet {
            tell(message);
        }
    }
}

/// A message for standard error, always, made safe for a terminal
/// ([`jungle_print::error::terminal_safe`]). A message that cannot be written
/// (standard error closed or full) is dropped: it never turns a finished
/// file into a failure.
pub(crate) fn tell(message: &str) {
    use std::io::Write;
    let line = format!(
        "jungle-print: {}\n",
        jungle_print::error::terminal_safe(message)
    );
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

use jungle_print::error::Error;
use jungle_print::export::export_with;
use jungle_print::input::shown_path;
use jungle_print::job::Job;
use jungle_print::output::{check_made_up_targets, is_stdout, page_path, write_set};

use super::messages::with_flags;

/// The date the files say they were made, seconds since 1970-01-01 UTC:
/// `SOURCE_DATE_EPOCH` when set (the same epoch gives the same bytes: a
/// reproducible build), else now.
fn source_date() -> Result<i64, Error> {
    // The last second of year 9999: PDF dates have four digits of year.
    const LAST: i64 = 253_402_300_799;
    match std::env::var_os("SOURCE_DATE_EPOCH") {
        Some(v) => {
            let text = v.to_string_lossy().into_owned();
            match text.trim().parse::<i64>() {
                Ok(secs) if (0..=LAST).contains(&secs) => Ok(secs),
                _ => Err(Error::SourceDate { value: text }),
            }
        }
        None => Ok(std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs().min(LAST as u64) as i64)),
    }
}

/// Exports the job (which checks and composes the pages, then renders
/// them), prints the warnings composing noted (labels shrunk to fit, …),
/// writes the files, all or none, then says what was written.
pub(crate) fn emit(mut job: Job, voice: &Voice) -> Result<(), Error> {
    if let Some(out) = &mut job.output {
        out.created = Some(source_date()?);
    }
    let split = matches!(job.kind, jungle_print::job::Kind::Set(s) if s.split);
    let export = export_with(&job, &mut |i, n| {
        voice.say(&format!("drawing page {i} of {n}"))
    })?;
    for w in &export.warnings {
        voice.say(&format!("warning: {w}"));
    }
    let files: Vec<(std::path::PathBuf, &[u8])> = export
        .files
        .iter()
        .map(|f| (f.path.clone(), f.bytes.as_slice()))
        .collect();
    if split {
        // Names made up from the one given: checked before anything is written.
        let names: Vec<_> = files.iter().map(|(p, _)| p.clone()).collect();
        check_made_up_targets(&names)?;
    }
    write_set(&files, voice.stdout)?;
    for w in &export.written {
        let first = &export.files[w.files.start].path;
        if export.output.per_page() && !is_stdout(first) {
            warn_stale_pages(first, w.files.len(), voice);
        }
        voice.say(&format!("wrote {}", w.line));
    }
    for note in &export.notes {
        voice.say(&with_flags(note));
    }
    Ok(())
}

/// Warns about `NAME-K.svg` files beyond the `n` pages just written: pages of
/// an earlier, longer document that are not part of this one.
pub(crate) fn warn_stale_pages(path: &Path, n: usize, voice: &Voice) {
    let stale: Vec<String> = (n.max(1)..)
        .map(|i| page_path(path, i))
        .take_while(|p| p.exists())
        .take(100)
        .map(|p| shown_path(&p))
        .collect();
    if !stale.is_empty() {
        voice.say(&format!(
            "warning: {} {} left from an earlier run and not part of this document; delete {}",
            stale.join(", "),
            if stale.len() == 1 { "is" } else { "are" },
            if stale.len() == 1 { "it" } else { "them" }
        ));
    }
}

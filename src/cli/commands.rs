//! The commands that compose and write a document, and `check`.

use std::path::{Path, PathBuf};

use jungle_print::error::{Error, Opt, User};
use jungle_print::input::Source;
use jungle_print::job::{Job, Kind};
use jungle_print::options::Values;

use super::args::*;
use super::emit::{emit, Voice};
use jungle_print::export::split_to_stdout;
use jungle_print::output::{check_target, is_stdout};

/// Loads a theme, language pack or ruleset the way printing would and composes
/// the default set with it in each language, through the checks printing
/// runs, without writing anything.
pub(crate) fn check(CheckArgs(v): CheckArgs, voice: &Voice) -> Result<(), Error> {
    let mut theme = v.text(Opt::Check).unwrap_or("classic").to_string();
    let mut ruleset = v.text(Opt::Ruleset).unwrap_or("standard").to_string();
    let mut lang_file = v.path(Opt::LangFile).map(Path::to_path_buf);
    // A language pack or a ruleset given in the theme's place is told apart by its sections.
    if theme.ends_with(".toml") {
        let path = Path::new(&theme);
        let src = jungle_print::input::read_text(path, jungle_print::input::InputKind::Theme)
            .map_err(|e| e.for_option(Opt::Check, path))?;
        if let Ok(t) = src.parse::<toml::Table>() {
            if t.contains_key("handout") {
                lang_file = Some(PathBuf::from(std::mem::replace(
                    &mut theme,
                    "classic".into(),
                )));
            } else if t.contains_key("variants") {
                ruleset = std::mem::replace(&mut theme, "classic".into());
            }
        }
    }
    // `--theme` names the theme to check against (or to check).
    let against = v.text(Opt::Theme);
    if let Some(t) = against {
        theme = t.to_string();
    }
    let lang = match (&lang_file, v.text(Opt::Lang)) {
        (Some(p), _) => Some(Source::File(p.clone())),
        (None, Some(code)) => Some(Source::builtin(code)),
        (None, None) => None,
    };
    let checked = jungle_print::job::check_with_pictures(
        &Source::from_arg(&theme),
        &Source::from_arg(&ruleset),
        lang.as_ref(),
        v.path(Opt::Pictures),
        &Default::default(),
    )?;
    // Every name here is the user's (a path, a theme or pack's own name):
    // escaped and cut as every value in a message is.
    let with = match &against {
        Some(_) => format!(" with theme `{}`", User(&checked.theme)),
        None => String::new(),
    };
    let what = match (&lang_file, checked.langs.first()) {
        (Some(p), Some(code)) => format!(
            "{}: language pack `{}` is valid{with}",
            User(&p.display().to_string()),
            User(code)
        ),
        _ if ruleset.ends_with(".toml") => format!(
            "{}: ruleset `{}` is valid{with}",
            User(&ruleset),
            User(&checked.ruleset)
        ),
        _ => format!(
            "{}: theme `{}` is valid",
            User(&theme),
            User(&checked.theme)
        ),
    };
    for w in &checked.warnings {
        voice.say(&format!("warning: {w}"));
    }
    if voice.quiet {
        return Ok(());
    }
    let mut line = String::new();
    if !checked.frames.is_empty() {
        line.push_str("# the frames found, as theme lines (fractions of the upright photo):\n");
    }
    for f in &checked.frames {
        line.push_str(f);
        line.push('\n');
    }
    for f in &checked.fonts {
        line.push_str(f);
        line.push('\n');
    }
    line += &format!(
        "{what}{}\n",
        match checked.warnings.len() {
            0 => String::new(),
            n => format!(" ({n} warning{})", if n == 1 { "" } else { "s" }),
        }
    );
    voice.stdout.write(line.as_bytes())
}

/// Makes and writes the document `v` asks for (`set`, `board`, `counters`,
/// `rules`, `box`, `puzzles`): the job from the values (its output among
/// them), every option checked, then the target on disk, before anything
/// is composed; then the files.
pub(crate) fn document(v: Values, voice: &Voice) -> Result<(), Error> {
    let job = Job::from_values(&v)?;
    job.validate()?;
    let out = job.output.clone().unwrap_or_else(|| job.default_output());
    let split = matches!(job.kind, Kind::Set(s) if s.split);
    if split && out.path.is_dir() {
        return Err(Error::usage(
            Opt::Output,
            format!(
                "`{}` is a folder; the split set's files are named after a file name: give one in that folder, e.g. -o {}",
                jungle_print::input::shown_path(&out.path),
                jungle_print::input::shown_path(&out.path.join("jungle-set.pdf"))
            ),
        ));
    }
    if split && is_stdout(&out.path) {
        return Err(split_to_stdout());
    }
    if !is_stdout(&out.path) {
        check_target(&out.path)?;
    }
    emit(job, voice)
}

//! Command-line parsing (clap) and the glue from options to the library.
//!
//! `args` holds the clap definitions (the document commands' built from the
//! library's option table), `commands` one function per command, `messages`
//! the wording of errors with flags,
//! `emit` the writing of documents.

mod args;
mod commands;
mod emit;
mod messages;

use clap::{CommandFactory, Parser};

use jungle_print::error::Error;
use jungle_print::input::Source;
use jungle_print::lang::Lang;
use jungle_print::output::Stdout;
use jungle_print::play::rules::Ruleset;
use jungle_print::theme::Theme;

use args::*;
use commands::{check, document};
/// Parses the arguments, runs the command and returns the process exit code.
///
/// Sets the process's panic hook, once: a panic's message is kept, not
/// printed, since the library turns the panics of third-party code into
/// errors ([`jungle_print::error::caught`]); a panic that ends the run is a
/// bug, reported with its message and exit code 101.
pub fn run() -> i32 {
    static PANIC: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = PANIC.lock() {
            *last = info.to_string();
        }
    }));
    match std::panic::catch_unwind(run_command) {
        Ok(code) => code,
        Err(_) => {
            let message = PANIC.lock().map(|m| m.clone()).unwrap_or_default();
            emit::tell(&format!(
                "internal error (a bug: please report it): {message}"
            ));
            101
        }
    }
}

/// [`run`] without the panic hook.
fn run_command() -> i32 {
    let stdout = Stdout::at_start();
    args::only_named(std::env::args_os());
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::{ContextKind, ContextValue, ErrorKind};
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
                || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            {
                if e.print().is_err() {
                    return 1;
                }
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    2
                } else {
                    0
                };
            }
            if e.kind() == ErrorKind::InvalidUtf8 {
                emit::tell(&format!("error: {}", non_utf8_option()));
                return 2;
            }
            // One line: the first line of clap's message, plus where to look.
            let mut msg = e.to_string();
            // A value clap quotes is the user's: shown escaped and cut.
            if let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) {
                let safe = format!("'{}'", jungle_print::error::User(value));
                msg = msg.replacen(&format!("'{value}'"), &safe, 1);
            }
            let first = msg
                .lines()
                .next()
                .unwrap_or("error")
                .trim_start_matches("error: ");
            emit::tell(&format!("error: {first} (see --help)"));
            return 2;
        }
    };
    let voice = emit::Voice {
        quiet: cli.quiet,
        stdout,
    };
    let result = match cli.command {
        Command::Set(SetArgs(v))
        | Command::Board(BoardArgs(v))
        | Command::Counters(CounterArgs(v))
        | Command::Rules(RulesArgs(v))
        | Command::Puzzles(PuzzleArgs(v))
        | Command::Box(BoxArgs(v)) => document(v, &voice),
        Command::Completions { shell } => completions(shell, stdout),
        Command::Man { command } => man(command.as_deref(), stdout),
        Command::Check(a) => check(a, &voice),
        other => listing(other).and_then(|text| stdout.write(text.as_bytes())),
    };
    match result {
        Ok(()) => 0,
        // A reader that went away (`| head`) ends the run quietly, as `cat` does.
        Err(Error::Io { ref source, .. }) if source.kind() == std::io::ErrorKind::BrokenPipe => 1,
        Err(e) => {
            emit::tell(&format!("error: {}", messages::message(&e)));
            e.exit_code()
        }
    }
}

/// The text of the commands that print data: lists and built-in files.
/// Made in full first, so that standard output gets all of it or an error.
fn listing(command: Command) -> Result<String, Error> {
    use std::fmt::Write;
    let mut out = String::new();
    match command {
        Command::Lang(LangCommand::List) => {
            for (code, src) in jungle_print::lang::BUILTIN {
                let name = Lang::parse(src, code)
                    .map(|l| l.meta.name)
                    .unwrap_or_default();
                let _ = writeln!(out, "{code:<8} {name}");
            }
        }
        Command::Lang(LangCommand::Show { code }) => {
            let l = Lang::builtin(&code)?;
            out.push_str(
                jungle_print::lang::BUILTIN
                    .iter()
                    .find(|(c, _)| *c == l.meta.code)
                    .map(|(_, s)| *s)
                    .unwrap_or_default(),
            );
        }
        Command::Themes(ThemesCommand::List) => {
            for (name, _) in jungle_print::theme::BUILTIN {
                let t = Theme::builtin(name)?;
                let _ = writeln!(out, "{name:<14} {}", t.description);
            }
        }
        Command::Themes(ThemesCommand::Show { theme }) => {
            let t: Theme = Source::from_arg(&theme).load()?;
            let _ = writeln!(
                out,
                "# Theme `{}`, every key resolved. Keep the keys you change and add\n# `extends = \"{}\"` to inherit the rest; see themes/README.md.\n",
                t.name,
                if theme.ends_with(".toml") { &t.name } else { &theme }
            );
            out.push_str(&t.to_toml());
        }
        Command::Themes(ThemesCommand::Keys) => {
            out.push_str(&jungle_print::theme::schema::reference());
        }
        Command::Ruleset(RulesetCommand::List) => {
            for (name, src) in jungle_print::play::rules::BUILTIN {
                let r = Ruleset::parse(src, name)?;
                let _ = writeln!(out, "{name:<10} {}", r.meta.description);
            }
        }
        Command::Ruleset(RulesetCommand::Show { name }) => {
            Ruleset::builtin(&name)?;
            out.push_str(
                jungle_print::play::rules::BUILTIN
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, s)| *s)
                    .unwrap_or_default(),
            );
        }
        _ => unreachable!("the other commands write documents"),
    }
    Ok(out)
}

/// The message for an argument that is not UTF-8, naming its option.
fn non_utf8_option() -> String {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let Some(i) = args.iter().position(|a| a.to_str().is_none()) else {
        return "an argument is not UTF-8 text".into();
    };
    let bad = args[i].to_string_lossy();
    let option = match bad.split_once('=') {
        Some((o, _)) if o.starts_with("--") => Some(o.to_string()),
        _ => args[..i]
            .last()
            .and_then(|a| a.to_str())
            .filter(|a| a.starts_with('-') && *a != "-")
            .map(str::to_string),
    };
    let what = format!(
        "`{}` is not UTF-8 text; rename the file (or give the value) in UTF-8",
        jungle_print::error::shown(&bad)
    );
    match option {
        Some(o) => format!("{o}: {what}"),
        None => what,
    }
}

/// Prints the man page (roff) of jungle-print, or of one of its commands.
fn man(command: Option<&str>, stdout: Stdout) -> Result<(), Error> {
    let mut top = Cli::command();
    // Global options (`--quiet`) reach each command's page.
    top.build();
    let page = match command {
        None => top,
        Some(name) => {
            let names: Vec<String> = top
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let sub = top.find_subcommand(name).cloned().ok_or_else(|| {
                Error::usage(
                    jungle_print::error::Opt::Command,
                    format!("no command `{name}`; the commands are {}", names.join(", ")),
                )
            })?;
            // clap names are `&'static str`; one page per process, so leaking it is fine.
            let name: &'static str =
                Box::leak(format!("jungle-print-{}", sub.get_name()).into_boxed_str());
            sub.name(name)
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut out)
        .map_err(|e| Error::Io {
            path: "standard output".into(),
            source: e,
        })?;
    stdout.write(&out)
}

/// Prints the completion script for `shell`.
fn completions(shell: clap_complete::Shell, stdout: Stdout) -> Result<(), Error> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "jungle-print", &mut script);
    let mut script = String::from_utf8_lossy(&script).into_owned();
    if shell == clap_complete::Shell::Bash {
        // clap_complete 4.6 spells the states of a hyphenated command two ways
        // (clap-rs/clap#6421): make the case labels match the dispatch loop,
        // or nothing after a subcommand would complete.
        script = script.replace("jungle__subcmd__print", "jungle__print");
    }
    stdout.write(script.as_bytes())
}

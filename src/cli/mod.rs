//! Command-line parsing (clap) and the glue from options to the library.
//!
//! `args` holds the clap definitions, `commands` one function per command,
//! `emit` the writing of documents.

mod args;
mod commands;
mod emit;

use clap::{CommandFactory, Parser};

use jungle_print::error::Error;
use jungle_print::lang::Lang;
use jungle_print::resolve::Resources;
use jungle_print::rules::Ruleset;
use jungle_print::theme::Theme;

use args::*;
use commands::{board, check, counters, make_box, rules, set};
/// Parses the arguments, runs the command and returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
                || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    2
                } else {
                    0
                };
            }
            // One line: the first line of clap's message, plus where to look.
            let msg = e.to_string();
            let first = msg
                .lines()
                .next()
                .unwrap_or("error")
                .trim_start_matches("error: ");
            eprintln!("jungle-print: error: {first} (see --help)");
            return 2;
        }
    };
    emit::set_quiet(cli.quiet);
    let result =
        match cli.command {
            Command::Set(a) => set(a),
            Command::Board(a) => board(a),
            Command::Counters(a) => counters(a),
            Command::Rules(a) => rules(a),
            Command::Box(a) => make_box(a),
            Command::Completions { shell } => completions(shell),
            Command::Man { command } => man(command.as_deref()),
            Command::Lang(LangCommand::List) => {
                for (code, src) in jungle_print::lang::BUILTIN {
                    let name = Lang::parse(src, code)
                        .map(|l| l.meta.name)
                        .unwrap_or_default();
                    println!("{code:<8} {name}");
                }
                Ok(())
            }
            Command::Lang(LangCommand::Show { code }) => Lang::builtin(&code).map(|l| {
                let src = jungle_print::lang::BUILTIN
                    .iter()
                    .find(|(c, _)| *c == l.meta.code)
                    .map(|(_, s)| *s)
                    .unwrap_or_default();
                print!("{src}");
            }),
            Command::Themes(ThemesCommand::List) => jungle_print::theme::BUILTIN
                .iter()
                .try_for_each(|(name, _)| {
                    let t = Theme::builtin(name)?;
                    println!("{name:<14} {}", t.description);
                    Ok(())
                }),
            Command::Themes(ThemesCommand::Show { theme }) => Theme::from_arg(&theme).map(|t| {
                println!(
                    "# Theme `{}`, every key resolved. Keep the keys you change and add\n# `extends = \"{}\"` to inherit the rest; see themes/README.md.\n",
                    t.name,
                    if theme.ends_with(".toml") { &t.name } else { &theme }
                );
                print!("{}", t.to_toml());
            }),
            Command::Themes(ThemesCommand::Keys) => {
                print!("{}", jungle_print::theme::schema::reference());
                Ok(())
            }
            Command::Check(a) => check(a),
            Command::Ruleset(RulesetCommand::List) => jungle_print::rules::BUILTIN
                .iter()
                .try_for_each(|(name, src)| {
                    let r = Ruleset::parse(src, name)?;
                    println!("{name:<10} {}", r.meta.description);
                    Ok(())
                }),
            Command::Ruleset(RulesetCommand::Show { name }) => Ruleset::builtin(&name).map(|_| {
                let src = jungle_print::rules::BUILTIN
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, s)| *s)
                    .unwrap_or_default();
                print!("{src}");
            }),
        };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("jungle-print: error: {e}");
            e.exit_code()
        }
    }
}

/// Resolves theme, language and rules from the shared options.
fn resources(c: &Common) -> Result<Resources, Error> {
    let theme = Theme::from_arg(c.theme_name())?;
    let lang = match &c.lang_file {
        Some(p) => Lang::load(p)?,
        None => Lang::builtin(&c.lang)?,
    };
    let rules = Ruleset::from_arg(&c.ruleset)?;
    Resources::new(theme, lang, rules)
}

/// Prints the man page (roff) of jungle-print, or of one of its commands.
fn man(command: Option<&str>) -> Result<(), Error> {
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
                    "man",
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
    use std::io::Write;
    std::io::stdout().write_all(&out).map_err(|e| Error::Io {
        path: "standard output".into(),
        source: e,
    })
}

/// Prints the completion script for `shell`.
fn completions(shell: clap_complete::Shell) -> Result<(), Error> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "jungle-print", &mut script);
    let mut script = String::from_utf8_lossy(&script).into_owned();
    if shell == clap_complete::Shell::Bash {
        // clap_complete 4.6 spells the states of a hyphenated command two ways
        // (clap-rs/clap#6421): make the case labels match the dispatch loop,
        // or nothing after a subcommand would complete.
        script = script.replace("jungle__subcmd__print", "jungle__print");
    }
    use std::io::Write;
    std::io::stdout()
        .write_all(script.as_bytes())
        .map_err(|e| Error::Io {
            path: "standard output".into(),
            source: e,
        })
}

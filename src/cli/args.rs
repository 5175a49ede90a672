//! The command line as clap sees it: commands, options, their help and the
//! values they accept. Nothing here reads files or composes pages.

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, Args, Parser, Subcommand};

use jungle_print::error::Opt;
use jungle_print::options::{self, Dash, Doc, Given, Value, Values};

/// After every `--help` and in the man pages: the examples, then what the exit status means.
pub(crate) const AFTER_HELP: &str = concat!(
    "Examples:\n",
    include_str!("examples.txt"),
    "\n",
    "Exit status:\n",
    "  0  the file was written (or the list, page or check was printed)\n",
    "  2  bad input or options: nothing was written; the message names the option,\n",
    "     or the file, line and key, and what would be right\n",
    "  1  anything else (a file that could not be written, …): nothing half-written"
);

/// A free-form value (a name or a file) whose built-in names are offered by
/// help and shell completion; anything else is passed on to be checked later.
#[derive(Debug, Clone)]
pub(crate) struct Names(Vec<&'static str>);

impl TypedValueParser for Names {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|n| PossibleValue::new(*n))))
    }
}

/// Printable sets for Dou Shou Qi (鬥獸棋, the Jungle game): board, counters and rules as PDF or SVG.
#[derive(Debug, Parser)]
#[command(name = "jungle-print", version, after_help = AFTER_HELP)]
pub(crate) struct Cli {
    /// Print nothing on success (errors still go to standard error).
    #[arg(short, long, global = true)]
    pub(crate) quiet: bool,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Print the whole paper set in one PDF: a cover page, the board, counters and rules handout.
    #[command(after_help = AFTER_HELP)]
    Set(SetArgs),
    /// Print the 7×9 board, centred on one sheet.
    #[command(after_help = AFTER_HELP)]
    Board(BoardArgs),
    /// Print the 16 counters, ready to cut: single-sided, fold-over or duplex.
    #[command(after_help = AFTER_HELP)]
    Counters(CounterArgs),
    /// Print the rules handout for the chosen ruleset and language.
    #[command(after_help = AFTER_HELP)]
    Rules(RulesArgs),
    /// Print a sheet of puzzles for a class (win in one or two moves, save
    /// your elephant, which capture is allowed), each proven by the engine,
    /// with their solutions.
    #[command(after_help = AFTER_HELP)]
    Puzzles(PuzzleArgs),
    /// Print a glueless box (tray and lid, locked by tabs) sized for the counters,
    /// the folded board and the rules, with the steps to make it.
    #[command(after_help = AFTER_HELP)]
    Box(BoxArgs),
    /// Print a shell completion script (e.g. `completions bash > /etc/bash_completion.d/jungle-print`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print a man page in roff (e.g. `man <(jungle-print man board)`).
    Man {
        /// The command whose page to print; without it, the page of jungle-print itself.
        command: Option<String>,
    },
    /// List the built-in language packs, or print one to start a translation.
    #[command(subcommand)]
    Lang(LangCommand),
    /// List the built-in rulesets, or print one to start your house rules.
    #[command(subcommand)]
    Ruleset(RulesetCommand),
    /// List the built-in themes, print one to start your own, or list every theme key.
    #[command(subcommand)]
    Themes(ThemesCommand),
    /// Check a theme, language pack or ruleset without printing anything: keys, colours,
    /// fonts, icons, glyphs for every language, labels that do not fit, text contrast.
    #[command(after_help = AFTER_HELP)]
    Check(CheckArgs),
}

#[derive(Debug, Subcommand)]
pub(crate) enum ThemesCommand {
    /// Names and one-line descriptions of the built-in themes.
    List,
    /// Print a theme with every key resolved (e.g. `themes show ink-saver > my.toml`).
    Show {
        /// A built-in name or a .toml file.
        theme: String,
    },
    /// Every theme key with its type, range, default and meaning (Markdown).
    Keys,
}

#[derive(Debug, Subcommand)]
pub(crate) enum LangCommand {
    /// Codes and names of the built-in language packs.
    List,
    /// Print a built-in pack as TOML (e.g. `lang show fr > es.toml`).
    Show {
        /// Language code.
        code: String,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum RulesetCommand {
    /// Names and descriptions of the built-in rulesets.
    List,
    /// Print a built-in ruleset as TOML (e.g. `ruleset show standard > house.toml`).
    Show {
        /// Ruleset name.
        name: String,
    },
}

/// The arguments of a command that makes a document (or of `check`), built from the
/// library's option table ([`jungle_print::options::TABLE`]) and read back
/// into its [`Values`]: the one definition behind the flags, their help, the
/// completions and the man pages.
macro_rules! document_args {
    ($name:ident, $doc:expr) => {
        #[doc = concat!("The options of `", stringify!($name), "` as given.")]
        #[derive(Debug)]
        pub(crate) struct $name(pub(crate) Values);

        impl clap::FromArgMatches for $name {
            fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
                Ok($name(values_of($doc, m)))
            }

            fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
                self.0 = values_of($doc, m);
                Ok(())
            }
        }

        impl Args for $name {
            fn augment_args(cmd: clap::Command) -> clap::Command {
                cmd.args(args_of($doc))
            }

            fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
                cmd.args(args_of($doc))
            }
        }
    };
}

document_args!(SetArgs, Doc::Set);
document_args!(BoardArgs, Doc::Board);
document_args!(CounterArgs, Doc::Counters);
document_args!(RulesArgs, Doc::Rules);
document_args!(BoxArgs, Doc::Box);
document_args!(PuzzleArgs, Doc::Puzzles);
document_args!(CheckArgs, Doc::Check);

/// The document command the command line names, when [`only_named`] found
/// one: clap builds every command's arguments before it parses, and a run of
/// `set` never reads those of `board`, so only the named command's are built
/// (a third of the command line's work). Unset (help, man pages, completions,
/// any other command), every command gets its arguments.
static ONLY: std::sync::OnceLock<Doc> = std::sync::OnceLock::new();

/// Notes the document command `args` (the command line, program name first)
/// names: its first word that is not an option (the top level's options are
/// all flags, so a word after them is the command), if that is a document
/// command's name. Later [`Cli`]s then build only its arguments.
pub(crate) fn only_named(args: impl IntoIterator<Item = std::ffi::OsString>) {
    let first = args
        .into_iter()
        .skip(1)
        .find(|a| !a.as_encoded_bytes().starts_with(b"-"));
    let doc = std::iter::once(Doc::Check)
        .chain(Doc::ALL)
        .find(|d| first.as_deref() == Some(std::ffi::OsStr::new(d.name())));
    if let Some(doc) = doc {
        let _ = ONLY.set(doc);
    }
}

/// clap's arguments for `doc`'s options, from the table (none when another
/// command was named, see [`ONLY`]). A count that takes values starting with
/// `-` (`--copies` of `set` and `counters`) is checked against its range while
/// parsing ([`parse_copies`]); others by the job.
fn args_of(doc: Doc) -> Vec<Arg> {
    if ONLY.get().is_some_and(|&only| only != doc) {
        return Vec::new();
    }
    options::of(doc)
        .map(|s| {
            let mut a = Arg::new(s.opt.name()).help(flags(&s.help()));
            if !s.positional {
                a = a.long(s.opt.name());
            }
            if let Some(c) = s.short {
                a = a.short(c);
            }
            if !s.value_name.is_empty() {
                a = a.value_name(s.value_name);
            }
            if let Some(d) = s.default {
                a = a.default_value(d);
            }
            a = match s.dash {
                Dash::No => a,
                Dash::Negative => a.allow_negative_numbers(true),
                Dash::Any => a.allow_hyphen_values(true),
            };
            match s.value {
                Value::Switch => a.action(ArgAction::SetTrue),
                Value::Number => a.value_parser(clap::value_parser!(f64)),
                Value::Count if s.dash == Dash::Any => a.value_parser(parse_copies),
                Value::Count => a.value_parser(clap::value_parser!(usize)),
                Value::Choice(words) => a.value_parser(PossibleValuesParser::new(
                    words
                        .iter()
                        .map(|(w, h)| PossibleValue::new(*w).help(flags(h))),
                )),
                Value::Names(names) => a.value_parser(Names(names())).hide_possible_values(true),
                Value::Path => a.value_parser(clap::value_parser!(PathBuf)),
                Value::Text => a.value_parser(clap::value_parser!(String)),
            }
        })
        .collect()
}

/// A help line with the options it names in braces (`{paper}`) written as
/// flags (`--paper`).
fn flags(help: &str) -> String {
    super::messages::with_flags(help)
}

/// The values clap parsed for `doc`'s options (defaults included).
fn values_of(doc: Doc, m: &clap::ArgMatches) -> Values {
    let mut v = Values::new(doc);
    for s in options::of(doc) {
        let id = s.opt.name();
        let given = match s.value {
            Value::Switch => Some(Given::Switch(m.get_flag(id))),
            Value::Number => m.get_one::<f64>(id).copied().map(Given::Number),
            Value::Count => m.get_one::<usize>(id).copied().map(Given::Count),
            Value::Path => m.get_one::<PathBuf>(id).cloned().map(Given::Path),
            Value::Choice(_) | Value::Names(_) | Value::Text => {
                m.get_one::<String>(id).cloned().map(Given::Text)
            }
        };
        if let Some(g) = given {
            v.set(s.opt, g);
        }
    }
    v
}

/// `--copies`: a whole number in the table's range (1 to 16).
pub(crate) fn parse_copies(v: &str) -> Result<usize, String> {
    let (lo, hi) = options::range(Doc::Counters, Opt::Copies);
    match v.trim().parse::<usize>() {
        Ok(n) if (lo..=hi).contains(&(n as f64)) => Ok(n),
        _ => Err(format!("give a whole number from {lo} to {hi}")),
    }
}

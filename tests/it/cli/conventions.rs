//! The command line's conventions: shell completions, man pages, exit codes,
//! `--quiet`, all generated from the one clap definition.

use crate::common;

use std::process::Command;

use common::run_cli;

const COMMANDS: [&str; 11] = [
    "set",
    "board",
    "counters",
    "rules",
    "box",
    "completions",
    "man",
    "lang",
    "ruleset",
    "themes",
    "check",
];

fn run(args: &[&str]) -> (i32, String, String) {
    let (code, out, err, _) = run_cli(args);
    (code, out, err)
}

#[test]
fn completions_for_every_shell_mention_every_command() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (code, out, err) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        for c in COMMANDS {
            assert!(out.contains(c), "{shell} completion lacks `{c}`");
        }
        // Values that come from data complete too.
        for value in [
            "ink-saver",
            "zh-Hant",
            "checkers",
            "letter",
            "octagon",
            "duplex",
        ] {
            assert!(
                out.contains(value),
                "{shell} completion lacks the value `{value}`"
            );
        }
    }
    let (code, _, err) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
}

/// The long options a command's `--help` lists.
fn options_of(command: &[&str]) -> Vec<String> {
    let mut args = command.to_vec();
    args.push("--help");
    let (code, out, _) = run(&args);
    assert_eq!(code, 0);
    let mut opts: Vec<String> = out
        .split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']')
        .filter(|w| {
            w.starts_with("--")
                && w.len() > 2
                && w[2..].chars().all(|c| c.is_ascii_lowercase() || c == '-')
        })
        .map(str::to_string)
        .collect();
    opts.sort();
    opts.dedup();
    opts
}

#[test]
fn man_pages_mention_every_command_and_option() {
    let (code, top, err) = run(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(top.starts_with(".ie") || top.contains(".TH"), "roff");
    let top = top.replace("\\-", "-");
    for c in COMMANDS {
        assert!(top.contains(c), "the main page lacks `{c}`");
        let (code, page, err) = run(&["man", c]);
        assert_eq!(code, 0, "{c}: {err}");
        let page = page.replace("\\-", "-");
        for opt in options_of(&[c]) {
            assert!(page.contains(&opt), "man {c} lacks {opt}");
        }
    }
    assert!(
        top.contains("Exit status"),
        "exit codes documented in the man page"
    );
    let (code, _, err) = run(&["man", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("man") && err.contains("board"), "{err}");
}

#[test]
fn exit_codes_per_class() {
    // 0: written.
    let (code, _, err) = run(&["board", "-o", "b.pdf"]);
    assert_eq!(code, 0, "{err}");
    // 2: bad input or options, nothing written.
    let (code, _, err) = run(&["board", "--square", "-3"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["board", "--no-such-option"]);
    assert_eq!(code, 2, "{err}");
    // 1: anything else: here a target the system will not let us create.
    let (code, _, err) = run(&["board", "-o", "/proc/self/jungle-board.pdf"]);
    assert_eq!(code, 1, "{err}");
    let (_, help, _) = run(&["--help"]);
    assert!(help.contains("Exit status") && help.contains("  2  bad input"));
}

#[test]
fn quiet_prints_nothing_on_success_and_still_reports_errors() {
    let (code, out, err) = run(&["--quiet", "set", "-o", "s.pdf"]);
    assert_eq!(code, 0);
    assert!(out.is_empty() && err.is_empty(), "out {out:?} err {err:?}");
    let (code, out, err) = run(&["board", "-q", "-o", "b.pdf"]);
    assert_eq!(code, 0);
    assert!(out.is_empty() && err.is_empty(), "out {out:?} err {err:?}");
    let (code, out, err) = run(&["check", "-q"]);
    assert_eq!(code, 0);
    assert!(
        out.is_empty() && err.is_empty(),
        "check: out {out:?} err {err:?}"
    );
    let (code, _, err) = run(&["-q", "board", "--square", "-3"]);
    assert_eq!(code, 2);
    assert!(err.contains("--square"), "{err}");
    // Without --quiet, messages go to standard error, never to standard output.
    let (code, out, err) = run(&["board", "-o", "b.pdf"]);
    assert_eq!(code, 0);
    assert!(
        out.is_empty() && err.contains("wrote"),
        "out {out:?} err {err:?}"
    );
}

#[test]
#[cfg(unix)]
fn bash_completes_the_built_in_themes_after_a_subcommand() {
    let (code, script, _) = run(&["completions", "bash"]);
    assert_eq!(code, 0);
    let path = std::env::temp_dir().join(format!("jp-completion-{}.bash", std::process::id()));
    std::fs::write(&path, script).unwrap();
    // What bash does on `jungle-print set --theme <TAB>`.
    let probe = format!(
        "source {}; COMP_WORDS=(jungle-print set --theme ''); COMP_CWORD=3; \
         _jungle__print jungle-print '' --theme; echo \"${{COMPREPLY[*]}}\"",
        path.display()
    );
    let out = Command::new("bash").args(["-c", &probe]).output().unwrap();
    let _ = std::fs::remove_file(&path);
    let words = String::from_utf8_lossy(&out.stdout);
    for theme in [
        "classic",
        "traditional",
        "ink-saver",
        "high-contrast",
        "kids",
    ] {
        assert!(
            words.split_whitespace().any(|w| w == theme),
            "`{theme}` not offered: {words:?}"
        );
    }
}

/// Only the command line names flags: no string in the library's code (tests
/// and comments aside) holds `--x` (`options::command_line` writes `--` and
/// the table's names; `options` and `limits` name options in braces).
#[test]
fn the_library_names_no_flag() {
    let mut found = Vec::new();
    for (rel, code) in library_code() {
        for (i, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("//") {
                continue;
            }
            let flag = line.match_indices("--").any(|(k, _)| {
                line[k + 2..].starts_with(|c: char| c.is_ascii_lowercase())
                    && line[..k].contains('"')
            });
            if flag {
                found.push(format!("src/{rel}:{}: {}", i + 1, t));
            }
        }
    }
    assert!(
        found.is_empty(),
        "flags named outside src/cli:\n{}",
        found.join("\n")
    );
}

/// The library's files (`src/` but the command line's), each as its path
/// under `src/` and its code before any `#[cfg(test)]`.
fn library_code() -> Vec<(String, String)> {
    fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                rust_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut out = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rel.starts_with("cli/") || rel == "main.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap().to_string();
        out.push((rel, code));
    }
    out
}

/// The library leaves the process's panic hook to the program (the command
/// line sets its own once, the web page its own).
#[test]
fn the_library_installs_no_panic_hook() {
    let mut found = Vec::new();
    for (rel, code) in library_code() {
        for (i, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if !t.starts_with("//") && (t.contains("set_hook(") || t.contains("take_hook(")) {
                found.push(format!("src/{rel}:{}: {t}", i + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "panic hooks in the library:\n{}",
        found.join("\n")
    );
}

/// The name of the `static` holding state that `line` declares, if it
/// declares one: a cell, lock, once-cell or atomic (a plain `static X: &[u8]`
/// of data holds none).
fn state_static(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let rest = ["static ", "pub static ", "pub(crate) static "]
        .iter()
        .find_map(|p| t.strip_prefix(p))?;
    let cell = ["Mutex", "RwLock", "Cell", "OnceLock", "Atomic", "LazyLock"]
        .iter()
        .any(|c| t.contains(c));
    cell.then(|| {
        rest.trim_start_matches("mut ")
            .split(':')
            .next()
            .unwrap_or_default()
            .trim()
    })
}

/// The library keeps no run state: every `static` it declares is a constant
/// built once (`OnceLock` of embedded data, or a file the web page fetches
/// late and hands over once), a cache whose answer does not depend on what
/// ran before, or a hook that only a test's own call turns on. A front end
/// hands everything else over with its job (the web page's in-memory
/// folder is `Inputs::files`; the puzzle maker's work is counted on its
/// `Rules`). A new `static` must be added here with the reason it is none of
/// run state.
#[test]
fn the_library_keeps_no_run_state() {
    const KNOWN: &[(&str, &str)] = &[
        ("output.rs", "COUNT"),                        // a unique temporary file name
        ("text/linebreak.rs", "RECORDED"),             // tests' recording of broken lines
        ("compose/typesetting/running.rs", "PRINTED"), // the same, for readings
        ("text/fonts.rs", "KAI"),                      // the whole Kai face, fetched late (web)
        ("picture/profile.rs", "PROFILE"),             // the FOGRA39 profile, fetched late (web)
        ("picture/profile.rs", "TRANSFORM"),           // made once from that profile
        ("text/system.rs", "CACHE"),                   // the installed fonts' index
        ("picture/cache.rs", "KEPT"),                  // pictures decoded and framed, by content
        ("lang/mod.rs", "FILLED"),                     // parsed from embedded packs
        ("lang/braille.rs", "ALL"),                    // parsed from embedded braille data
        ("lang/words.rs", "HANT"),                     // parsed from embedded word lists
        ("lang/words.rs", "HANS"),
        ("lang/words.rs", "NONE"), // an empty list, until the page hands one over (web)
        ("lang/words.rs", "LATE"), // the word lists, fetched late (web)
        ("lang/braille.rs", "LATE"), // the braille data files, fetched late (web)
        ("play/rules.rs", "PARSED"), // parsed from embedded rulesets
    ];
    let mut found = Vec::new();
    for (rel, code) in library_code() {
        for (i, line) in code.lines().enumerate() {
            if let Some(name) = state_static(line) {
                if !KNOWN.iter().any(|(f, n)| *f == rel && *n == name) {
                    found.push(format!("src/{rel}:{}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "statics holding state in the library (hand it over with the job instead, or add it to KNOWN with its reason):\n{}",
        found.join("\n")
    );
    // The check finds what it is for: the old in-memory folder, a counter.
    let old = "    static FILES: Mutex<BTreeMap<String, Vec<u8>>> = Mutex::new(BTreeMap::new());";
    assert_eq!(state_static(old), Some("FILES"));
    assert_eq!(
        state_static("    static NODES: Cell<u64> = const { Cell::new(0) };"),
        Some("NODES")
    );
    assert_eq!(
        state_static("static DATA: &[u8] = include_bytes!(\"x\");"),
        None
    );
}

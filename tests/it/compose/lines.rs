//! No paragraph ends in a lonely last line: every paragraph the handouts (each
//! preset in each language), the posters, the covers and the box pages lay out
//! is walked line by line, and its last line must hold two words or more (in
//! Chinese, three characters besides punctuation), unless the paragraph is a
//! single line.

use jungle_print::compose::set::SetOptions;
use jungle_print::input::Source;
use jungle_print::job::{BoxJob, Job, Kind};
use jungle_print::paper::Paper;
use jungle_print::rules::BUILTIN as PRESETS;
use jungle_print::text::{is_han, linebreak::recorded};

const LANGS: [&str; 4] = ["en", "fr", "zh-Hant", "zh-Hans"];

/// Why the paragraph's last line is lonely, if it is.
fn lonely(paragraph: &[String]) -> Option<String> {
    let [.., above, last] = paragraph else {
        return None;
    };
    let han = last.chars().any(is_han);
    let alone = if han {
        last.chars().filter(|c| is_han(*c)).count() < 3
    } else {
        last.split_whitespace().count() < 2
    };
    alone.then(|| format!("…{above} / {last}"))
}

/// Every lonely last line in the paragraphs `job` lays out.
fn lonely_lines(job: &Job, what: &str) -> Vec<String> {
    let (made, paragraphs) = recorded(|| job.run());
    made.unwrap_or_else(|e| panic!("{what}: {e}"));
    paragraphs
        .iter()
        .filter_map(|p| lonely(p))
        .map(|l| format!("{what}: {l}"))
        .collect()
}

fn job(kind: Kind, lang: &str, ruleset: &str, paper: &str) -> Job {
    let mut job = Job::new(kind);
    job.inputs.lang = Source::builtin(lang);
    job.inputs.ruleset = Source::builtin(ruleset);
    job.paper = Paper::parse(paper).unwrap();
    job
}

#[test]
fn no_paragraph_ends_in_a_lonely_line() {
    let mut found = Vec::new();
    for lang in LANGS {
        for (ruleset, _) in PRESETS {
            for kind in [Kind::Rules, Kind::poster()] {
                let what = format!("{kind:?} {ruleset} {lang}");
                found.extend(lonely_lines(&job(kind, lang, ruleset, "a4"), &what));
            }
        }
        for paper in ["a4", "letter"] {
            let set = Kind::Set(SetOptions::default());
            found.extend(lonely_lines(
                &job(set, lang, "standard", paper),
                &format!("set {lang} {paper}"),
            ));
            let boxed = Kind::Box(BoxJob::default());
            found.extend(lonely_lines(
                &job(boxed, lang, "standard", paper),
                &format!("box {lang} {paper}"),
            ));
        }
    }
    assert!(
        found.is_empty(),
        "{} lonely last lines:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The check itself can fail: a lonely last line is found.
#[test]
fn a_lonely_line_is_seen() {
    let p = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lonely(&p(&["Players take", "turns."])).is_some());
    assert!(lonely(&p(&["老鼠可以下河，也可以吃", "象。"])).is_some());
    assert!(lonely(&p(&["Players take", "their turns."])).is_none());
    assert!(lonely(&p(&["turns."])).is_none());
}

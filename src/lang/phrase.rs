//! Animal placeholders in the handout's sentences, filled in from the pack's
//! own names once, when the pack is read.
//!
//! A sentence names an animal by a placeholder in braces, whose words are the
//! same (English) in every pack; the pack's names and grammar decide what is
//! printed:
//!
//! | placeholder   | English     | French       | Chinese |
//! |---------------|-------------|--------------|---------|
//! | `{rat}`       | rat         | rat          | 老鼠    |
//! | `{the rat}`   | the rat     | le rat       | 老鼠    |
//! | `{The rat}`   | The rat     | Le rat       | 老鼠    |
//! | `{rats}`      | rats        | rats         | 老鼠    |
//! | `{the rats}`  | the rats    | les rats     | 老鼠    |
//!
//! The keys are the pack's animal keys (`rat`, `cat`, `dog`, `wolf`, `fox`,
//! `leopard`, `tiger`, `lion`, `elephant`) and their plurals (`rats`, …,
//! `wolves`, `foxes`, …). A capital first letter capitalises the first letter
//! printed. The article comes from the pack's `[grammar]` table and the
//! animal's `gender` and `elide`; a pack without articles (Chinese) prints the
//! noun alone. Any other placeholder, except the few a key fills in itself
//! (`{n}` in `traps_rank`, `{list}` and `{standard}` in `variant_ranks`), is an
//! error naming the pack, line and key, and so is a sentence longer than
//! [`MAX_FILLED_CHARS`] once filled in.
//!
//! [`MAX_FILLED_CHARS`]: crate::limits::MAX_FILLED_CHARS

use crate::error::Error;
use crate::game::Animal;
use crate::limits::MAX_FILLED_CHARS;

use super::{AnimalName, Gender, Lang};

/// The animals a placeholder may name: the eight pieces and the fox.
const KEYS: [(&str, &str); 9] = [
    ("rat", "rats"),
    ("cat", "cats"),
    ("dog", "dogs"),
    ("wolf", "wolves"),
    ("fox", "foxes"),
    ("leopard", "leopards"),
    ("tiger", "tigers"),
    ("lion", "lions"),
    ("elephant", "elephants"),
];

/// The placeholders a handout key fills in itself, with the values it gives them.
fn own_placeholders(key: &str) -> &'static [&'static str] {
    match key {
        "handout.traps_rank" => &["n"],
        "handout.sides_colour" | "handout.sides_pattern" => &["south", "north"],
        "poster.sides_colour" | "poster.sides_pattern" => &["south", "north"],
        "handout.variant_ranks" => &["list", "standard"],
        // A poster line as the poster fills it in (checked per key at load).
        "poster" => &["animal", "list", "n", "south", "north"],
        "poster.swimmers" => &["list"],
        "poster.traps_rank" => &["n"],
        "poster.leap_both" | "poster.leap_sideways" | "poster.leap_lengthwise" => &["animal"],
        k if k == "puzzles" || k.starts_with("puzzles.") => &[
            "move",
            "letter",
            "animal",
            "from",
            "to",
            "piece",
            "prey",
            "side",
            "square",
            "list",
            "first",
            "last",
            "the animal",
            "The animal",
            "reply",
            "win",
            "why",
        ],
        _ => &[],
    }
}

/// One animal named in a sentence.
struct Named<'a> {
    name: &'a AnimalName,
    /// The pack's key path of the animal (`animals.rat`).
    path: String,
    plural: bool,
    article: bool,
    capital: bool,
}

/// The names of the animal with key `key` (`rat`, …, `fox`).
fn animal_named<'a>(lang: &'a Lang, key: &str) -> &'a AnimalName {
    if key == "fox" {
        return &lang.animals.fox;
    }
    let a = Animal::ALL
        .into_iter()
        .find(|a| a.key() == key)
        .expect("only keys from KEYS are looked up");
    lang.animal(a, false)
}

/// Reads placeholder `inner` (without its braces); `None` when it names no animal.
fn parse<'a>(lang: &'a Lang, inner: &'a str) -> Option<Named<'a>> {
    let (article, rest) = match inner.split_once(' ') {
        Some((a, rest)) if a.eq_ignore_ascii_case("the") => (true, rest),
        Some(_) => return None,
        None => (false, inner),
    };
    let capital = inner.chars().next().is_some_and(char::is_uppercase);
    // Only the first letter may be a capital ("The rat", "Rat").
    let mut chars = rest.chars();
    let first = chars.next()?;
    let tail: String = chars.collect();
    if tail != tail.to_lowercase() || article && first.is_uppercase() {
        return None;
    }
    let lower = rest.to_lowercase();
    let (single, plural) = KEYS.iter().find_map(|(s, p)| {
        if lower == *s {
            Some((*s, false))
        } else if lower == *p {
            Some((*s, true))
        } else {
            None
        }
    })?;
    Some(Named {
        name: animal_named(lang, single),
        path: format!("animals.{single}"),
        plural,
        article,
        capital,
    })
}

/// The pack's words for a named animal.
fn words(lang: &Lang, n: &Named) -> String {
    let g = &lang.grammar;
    let noun = n.name.noun();
    let text = match (n.plural, n.article) {
        (false, false) => noun.to_string(),
        (true, false) => n.name.plural_or_noun().to_string(),
        (true, true) => format!(
            "{}{}",
            g.the_plural.as_deref().or(g.the.as_deref()).unwrap_or(""),
            n.name.plural_or_noun()
        ),
        (false, true) => {
            let elided = g.the_elided.as_deref().filter(|_| n.name.elides());
            let article = elided
                .or(match n.name.gender {
                    Some(Gender::M) => g.the_m.as_deref(),
                    Some(Gender::F) => g.the_f.as_deref(),
                    None => None,
                })
                .or(g.the.as_deref())
                .unwrap_or("");
            format!("{article}{noun}")
        }
    };
    if n.capital {
        let mut c = text.chars();
        match c.next() {
            Some(first) => first.to_uppercase().chain(c).collect(),
            None => text,
        }
    } else {
        text
    }
}

/// Checks what the placeholders need from the animals' names: a gender when
/// the grammar's articles differ by gender, a plural when a plural is used.
fn check_names(lang: &Lang, used_plural: &[(String, String)]) -> Result<(), Error> {
    let g = &lang.grammar;
    let gendered = matches!((&g.the_m, &g.the_f), (Some(m), Some(f)) if m != f);
    if gendered {
        for (key, _) in KEYS {
            let n = animal_named(lang, key);
            if n.gender.is_none() {
                return Err(lang.source.error(
                    &format!("animals.{key}.name"),
                    format!(
                        "`animals.{key}` has no `gender`; this pack's articles differ by gender \
                         (`grammar.the_m`, `grammar.the_f`), so each animal needs `gender = \"m\"` \
                         or `gender = \"f\"`"
                    ),
                ));
            }
        }
    }
    let articles = g.the.is_some() || g.the_m.is_some() || g.the_f.is_some();
    for (path, sentence) in used_plural {
        let n = animal_named(lang, path.trim_start_matches("animals."));
        if articles && n.plural.is_none() {
            return Err(lang.source.error(
                &format!("{path}.name"),
                format!(
                    "`{path}` has no `plural`, which `{sentence}` uses; add e.g. \
                     `plural = \"{}s\"` (packs without articles, like Chinese, need none)",
                    n.noun()
                ),
            ));
        }
    }
    Ok(())
}

/// Fills in the animal placeholders of every handout sentence, in place, and
/// checks the poster's (which [`fill_poster`] fills in when the poster is
/// made); unknown placeholders and names that lack what a sentence needs are
/// errors naming the pack, line and key. `strings` are the pack's, as
/// [`Lang::strings`] lists them.
pub(super) fn fill_handout(lang: &mut Lang, strings: &[(String, String)]) -> Result<(), Error> {
    let strings = strings.iter().filter(|(k, _)| {
        k.starts_with("handout.") || k.starts_with("poster.") || k.starts_with("puzzles.")
    });
    let mut filled = Vec::new();
    let mut used_plural = Vec::new();
    for (key, text) in strings {
        if !text.contains('{') && !text.contains('}') {
            continue;
        }
        let out = fill_one(lang, key, text, &mut used_plural)?;
        if key.starts_with("handout.") {
            filled.push((key.clone(), out));
        }
    }
    check_names(lang, &used_plural)?;
    if filled.is_empty() {
        return Ok(());
    }
    for (key, text) in filled {
        // Keys are the file's names; a Rust keyword gets a trailing `_`.
        let field = match key.trim_start_matches("handout.") {
            "move" => "move_",
            other => other,
        };
        if let Some(slot) = lang.handout.slot_mut(field) {
            *slot = text;
        }
    }
    Ok(())
}

/// A puzzle sheet's line with its animal placeholders filled in; its own
/// placeholders (`{move}`, `{letter}`, …) are left for the sheet to fill.
/// The pack's lines were checked when it was read.
pub(super) fn fill_puzzle(lang: &Lang, text: &str) -> String {
    fill_one(lang, "puzzles", text, &mut Vec::new()).unwrap_or_else(|_| text.to_string())
}

/// A poster line with its animal placeholders filled in (`{the rat}`, …);
/// the poster's own placeholders (`{animal}`, `{list}`, `{n}`) are left for
/// it to fill. The pack's lines were checked when it was read.
pub(super) fn fill_poster(lang: &Lang, text: &str) -> String {
    fill_one(lang, "poster", text, &mut Vec::new()).unwrap_or_else(|_| text.to_string())
}

/// One sentence with its animal placeholders filled in.
fn fill_one(
    lang: &Lang,
    key: &str,
    text: &str,
    used_plural: &mut Vec<(String, String)>,
) -> Result<String, Error> {
    let own = own_placeholders(key);
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    let err = |message: String| lang.source.error(key, message);
    // The last animal filled in, to name in a message.
    let mut longest = None;
    while let Some(open) = rest.find(['{', '}']) {
        out.push_str(&rest[..open]);
        if rest[open..].starts_with('}') {
            return Err(err(format!(
                "a `}}` with no `{{` before it in `{}`; braces only enclose placeholders \
                 such as `{{the rat}}`",
                crate::error::User(text)
            )));
        }
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            return Err(err(format!(
                "a `{{` that is never closed in `{}`; write a placeholder as `{{the rat}}`",
                crate::error::User(text)
            )));
        };
        let inner = &after[..close];
        if own.contains(&inner) {
            out.push('{');
            out.push_str(inner);
            out.push('}');
        } else if let Some(n) = parse(lang, inner) {
            if n.plural {
                used_plural.push((n.path.clone(), key.to_string()));
            }
            out.push_str(&words(lang, &n));
            if too_long(&out) {
                return Err(err(filled_too_long(&n)));
            }
            longest = Some(n);
        } else {
            let mut known = String::from(
                "an animal (`{rat}`, `{the rat}`, `{The rat}`, `{rats}`, `{the rats}`; \
                 keys rat, cat, dog, wolf, fox, leopard, tiger, lion, elephant)",
            );
            for p in own {
                known.push_str(&format!(", `{{{p}}}`"));
            }
            return Err(err(format!(
                "unknown placeholder `{{{}}}`; this key may use {known}",
                crate::error::User(inner)
            )));
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    match longest {
        Some(n) if too_long(&out) => Err(err(filled_too_long(&n))),
        _ => Ok(out),
    }
}

/// True for a filled sentence over [`MAX_FILLED_CHARS`] (bytes bound
/// characters from above: they are counted only past that many bytes).
fn too_long(out: &str) -> bool {
    out.len() > MAX_FILLED_CHARS && out.chars().count() > MAX_FILLED_CHARS
}

/// The message for a sentence [`too_long`] once `n` was filled in.
fn filled_too_long(n: &Named) -> String {
    format!(
        "with its placeholders filled in, the sentence is longer than {MAX_FILLED_CHARS} \
         characters (`{}` is {} characters long); use fewer placeholders or shorter names",
        n.path,
        n.name.noun().chars().count()
    )
}

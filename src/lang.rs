//! Language packs: every word the printed sheets show, as TOML data.
//!
//! Four packs are built in (`en`, `fr`, `zh-Hant`, `zh-Hans`), embedded from
//! the `lang/` folder. A user pack is a TOML file with the same keys.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{toml_error, Error, Opt};
use crate::game::Animal;

/// A pack's identity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// BCP 47 tag, e.g. `fr` or `zh-Hant`.
    pub code: String,
    /// The language's own name for itself.
    pub name: String,
}

/// The game's name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The game's name in this language.
    pub title: String,
    /// A one-line description under the title.
    pub subtitle: String,
    /// The Chinese name as printed beside the title (traditional or simplified).
    pub han: String,
}

/// How an animal is written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnimalName {
    /// The animal's name in this language.
    pub name: String,
    /// The single Chinese character printed large on boards and counters.
    pub han: String,
    /// The small line under the character on boards and counters and in the
    /// rank table (e.g. pinyin in Chinese packs); `name` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub: Option<String>,
}

impl AnimalName {
    /// The small line under the character; empty when it would only repeat it.
    pub fn label(&self) -> &str {
        let l = self.sub.as_deref().unwrap_or(&self.name);
        if l == self.han {
            ""
        } else {
            l
        }
    }
}

/// Animal names. The fox replaces the wolf in some sets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Animals {
    pub rat: AnimalName,
    pub cat: AnimalName,
    pub dog: AnimalName,
    pub wolf: AnimalName,
    pub fox: AnimalName,
    pub leopard: AnimalName,
    pub tiger: AnimalName,
    pub lion: AnimalName,
    pub elephant: AnimalName,
}

/// Words printed on the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardWords {
    pub river: String,
    pub river_han: String,
    pub trap: String,
    pub trap_han: String,
    pub den: String,
    pub den_han: String,
    pub south: String,
    pub north: String,
}

/// Instructions printed on sheets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetWords {
    /// Caption of the 50 mm scale bar.
    pub scale_bar: String,
    /// Reminder to print at actual size.
    pub print_at_100: String,
    /// How to cut single-sided counters.
    pub cut_single: String,
    /// How to fold, glue and cut fold-over counters.
    pub cut_fold: String,
    /// How to print double-sided, flipping on the long edge.
    pub duplex_long: String,
    /// How to print double-sided, flipping on the short edge.
    pub duplex_short: String,
    /// Heading of the backs page in duplex mode.
    pub duplex_backs: String,
}

/// Words on the sheets of a board tiled over several sheets. `{row}`, `{col}`,
/// `{rows}` and `{cols}` are filled in (1-based).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileWords {
    /// A tile's label, e.g. "Row 1, column 2 of 2 × 3".
    pub label: String,
    /// The short name of a tile on arrows and the map, e.g. "{row}·{col}".
    pub short: String,
    /// Printed on a glue strip.
    pub glue: String,
    /// Heading of the assembly map page.
    pub map_heading: String,
    /// The assembly steps, in order.
    pub steps: Vec<String>,
}

/// The box sheets. `{w}`, `{d}`, `{h}` (inside, mm), `{n}` (counters),
/// `{size}` (counter size, mm), `{stacks}`, `{per_stack}` and `{inside}` (the
/// filled-in `inside`) are filled in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxWords {
    /// Heading of the nets' sheet.
    pub title: String,
    pub tray: String,
    pub lid: String,
    /// The inside size, printed on the tray's base.
    pub inside: String,
    /// What the box holds, in stacks (`{per_stack}` counters at most each).
    pub holds: String,
    /// What the box holds when every counter lies alone in one layer.
    pub holds_single: String,
    pub instructions_heading: String,
    pub legend_cut: String,
    pub legend_fold: String,
    /// Five steps: cut; crease; side walls and flaps; end walls and tabs; the lid.
    pub steps: Vec<String>,
}

/// The set's cover page. `{pages}` becomes [`CoverWords::one_page`] or
/// [`CoverWords::many_pages`], `{page}` a page number, `{edge}` the long or
/// short edge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverWords {
    pub contents_heading: String,
    /// The board on one sheet.
    pub board: String,
    /// The board tiled over several sheets, with its map on `{page}`.
    pub board_tiled: String,
    pub counters: String,
    pub rules: String,
    pub print_heading: String,
    /// Every page single-sided.
    pub print_single: String,
    /// The counter pages double-sided, turned over `{edge}`.
    pub print_duplex: String,
    pub long_edge: String,
    pub short_edge: String,
    /// Which paper suits which part.
    pub paper: String,
    pub assemble_heading: String,
    pub assemble_board: String,
    /// The tiled board: follow the map on `{page}`.
    pub assemble_tiled: String,
    /// Duplex counters, printed: cut them out (`{pages}`: their pages).
    pub assemble_counters: String,
    pub assemble_rules: String,
    /// The box's pages.
    pub box_pages: String,
    /// How to make the box: the steps on `{page}`.
    pub assemble_box: String,
    pub pages_heading: String,
    /// Under each thumbnail: "p. {n}".
    pub page_label: String,
    /// One page: "page {n}".
    pub one_page: String,
    /// A range of pages: "pages {from}–{to}".
    pub many_pages: String,
    /// Two pages in a row: "pages {from} and {to}".
    pub two_pages: String,
}

/// Every sentence of the rules handout; the ruleset chooses which are printed.
/// `{n}` (a rank), `{list}` and `{standard}` (animals with ranks) are filled in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Handout {
    pub need_heading: String,
    pub need: String,
    pub goal_heading: String,
    pub goal: String,
    pub goal_capture_all: String,
    pub goal_no_moves: String,
    pub setup_heading: String,
    pub setup: String,
    pub first_south: String,
    pub first_north: String,
    pub setup_caption: String,
    pub ranks_heading: String,
    pub ranks: String,
    pub col_han: String,
    pub col_name: String,
    pub col_rank: String,
    pub move_heading: String,
    #[serde(rename = "move")]
    pub move_: String,
    pub move_own: String,
    pub move_no_repetition: String,
    pub capture_heading: String,
    pub capture: String,
    pub rat_elephant: String,
    pub elephant_no_rat: String,
    pub elephant_no_rat_trap: String,
    pub elephant_no_rat_any_trap: String,
    pub elephant_rat: String,
    pub river_heading: String,
    pub river_rat: String,
    pub river_rat_dog: String,
    pub river_safe: String,
    pub water_capture_none: String,
    pub water_capture_no_elephant: String,
    pub water_capture_any: String,
    pub jump: String,
    pub lion_both: String,
    pub lion_sideways: String,
    pub lion_lengthwise: String,
    pub lion_none: String,
    pub tiger_both: String,
    pub tiger_sideways: String,
    pub tiger_lengthwise: String,
    pub tiger_none: String,
    pub leopard_both: String,
    pub leopard_sideways: String,
    pub leopard_lengthwise: String,
    pub leopard_none: String,
    pub jump_blocked: String,
    pub jump_caption: String,
    pub traps_heading: String,
    pub traps_enemy: String,
    pub traps_any: String,
    pub traps_rank: String,
    pub den_heading: String,
    pub den: String,
    pub variants_heading: String,
    pub variants_none: String,
    pub variant_ranks: String,
    pub variant_first_south: String,
    pub variant_first_north: String,
    pub variant_fox: String,
    pub variant_four: String,
    pub variant_dog: String,
    pub variant_equal: String,
    pub variant_repetition_allowed: String,
    pub variant_den_only: String,
}

/// The one-page rules poster: short lines, chosen by the ruleset like the
/// handout's sentences. `{rat}`, `{elephant}` and `{animal}` become the
/// pack's animal names, `{list}` a list of names, `{n}` a rank.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PosterWords {
    pub ranks_heading: String,
    /// Under the ranks' heading: the order of the list.
    pub ranks_note: String,
    pub setup_heading: String,
    pub first_south: String,
    pub first_north: String,
    pub move_heading: String,
    #[serde(rename = "move")]
    pub move_: String,
    pub no_repetition: String,
    pub capture_heading: String,
    pub capture: String,
    /// The rat's exception; `{rat}` and `{elephant}` are filled in.
    pub rat_elephant: String,
    pub elephant_no_rat: String,
    pub elephant_no_rat_trap: String,
    pub elephant_rat: String,
    pub river_heading: String,
    /// Who may swim; `{list}` is filled in with names.
    pub swimmers: String,
    pub water_safe: String,
    pub water_capture_none: String,
    pub water_capture_no_elephant: String,
    pub water_capture_any: String,
    /// A leaper (`{animal}`) that leaps both ways.
    pub leap_both: String,
    pub leap_sideways: String,
    pub leap_lengthwise: String,
    pub leap_blocked: String,
    pub traps_heading: String,
    pub traps_enemy: String,
    pub traps_any: String,
    /// The highest rank (`{n}`) that may enter a trap.
    pub traps_rank: String,
    pub den_heading: String,
    /// The goal.
    pub den: String,
    pub den_own: String,
    pub capture_all: String,
    pub no_moves: String,
}

/// A complete language pack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lang {
    pub meta: Meta,
    pub game: Game,
    pub animals: Animals,
    pub board: BoardWords,
    pub sheet: SheetWords,
    pub tiles: TileWords,
    #[serde(rename = "box")]
    pub boxnet: BoxWords,
    pub cover: CoverWords,
    pub handout: Handout,
    /// The rules poster's lines; a pack without them cannot print the poster
    /// (every built-in pack has them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poster: Option<PosterWords>,
    /// Where the pack was read from, for messages about its keys.
    #[serde(skip)]
    pub source: crate::input::SourceText,
}

/// Most steps in a list of instructions (`tiles.steps`, `box.steps`): 12.
/// The built-in packs use 4 and 5; the cap keeps the pages they fill, and
/// the time to draw them, bounded.
pub const MAX_STEPS: usize = 12;

/// The built-in packs: (code, TOML source).
pub const BUILTIN: [(&str, &str); 4] = [
    ("en", include_str!("../lang/en.toml")),
    ("fr", include_str!("../lang/fr.toml")),
    ("zh-Hant", include_str!("../lang/zh-Hant.toml")),
    ("zh-Hans", include_str!("../lang/zh-Hans.toml")),
];

impl Lang {
    /// A built-in pack by code (case-insensitive; `zh-TW`/`zh-CN` style aliases accepted).
    pub fn builtin(code: &str) -> Result<Lang, Error> {
        let wanted = match code.to_ascii_lowercase().as_str() {
            "zh-tw" | "zh-hk" | "zh_hant" | "zh-hant" => "zh-Hant".to_string(),
            "zh-cn" | "zh-sg" | "zh_hans" | "zh-hans" | "zh" => "zh-Hans".to_string(),
            other => other.to_string(),
        };
        let (name, src) =
            BUILTIN
                .iter()
                .find(|(c, _)| *c == wanted)
                .ok_or_else(|| Error::Usage {
                    opt: Opt::Lang,
                    message: format!(
                        "unknown language `{code}`; built-in languages are {}",
                        BUILTIN
                            .iter()
                            .map(|(c, _)| *c)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                })?;
        Lang::parse_data(src, &format!("builtin language `{name}`"))
    }

    /// Parses a pack from TOML text; `origin` names it in error messages.
    pub fn parse(src: &str, origin: &str) -> Result<Lang, Error> {
        crate::input::check_toml_strings(src, origin)?;
        Lang::parse_data(src, origin)
    }

    /// [`Lang::parse`] without the string check: for the built-in packs,
    /// whose strings the tests check once.
    fn parse_data(src: &str, origin: &str) -> Result<Lang, Error> {
        let mut lang: Lang = toml::from_str(src).map_err(|e| toml_error(origin, src, &e))?;
        lang.source = crate::input::SourceText::new(origin, src);
        let empty: Vec<String> = lang
            .strings()
            .into_iter()
            .filter(|(_, s)| s.trim().is_empty())
            .map(|(k, _)| k)
            .collect();
        if !empty.is_empty() {
            let (line, column) = crate::error::line_col(src, src.find("\"\"").unwrap_or(0));
            let shown: Vec<String> = empty.iter().take(6).map(|k| format!("`{k}`")).collect();
            let more = match empty.len() {
                n if n > 6 => format!(" and {} more", n - 6),
                _ => String::new(),
            };
            return Err(Error::Input {
                origin: origin.to_string(),
                line,
                column,
                key: String::new(),
                message: format!(
                    "empty text in {}{more}; every label and sentence is printed, so each needs words",
                    shown.join(", ")
                ),
            });
        }
        for (key, list) in [
            ("tiles.steps", &lang.tiles.steps),
            ("box.steps", &lang.boxnet.steps),
        ] {
            if list.len() > MAX_STEPS {
                return Err(lang.source.error(
                    &format!("{key}[0]"),
                    format!(
                        "`{key}` has {} steps, more than the limit of {MAX_STEPS}; say it in fewer, longer steps",
                        list.len()
                    ),
                ));
            }
        }
        Ok(lang)
    }

    /// Loads a pack from a file.
    pub fn load(path: &Path) -> Result<Lang, Error> {
        let src = crate::input::read_text(path, crate::input::InputKind::LangPack)
            .map_err(|e| e.for_option(Opt::LangFile, path))?;
        Lang::parse(&src, &crate::input::shown_path(path))
    }

    /// The names of an animal. `fox` selects the fox's names for the wolf's piece.
    pub fn animal(&self, a: Animal, fox: bool) -> &AnimalName {
        let n = &self.animals;
        match a {
            Animal::Rat => &n.rat,
            Animal::Cat => &n.cat,
            Animal::Dog => &n.dog,
            Animal::Wolf if fox => &n.fox,
            Animal::Wolf => &n.wolf,
            Animal::Leopard => &n.leopard,
            Animal::Tiger => &n.tiger,
            Animal::Lion => &n.lion,
            Animal::Elephant => &n.elephant,
        }
    }

    /// True for Chinese packs, whose text is set entirely in the CJK face.
    pub fn is_cjk(&self) -> bool {
        self.meta.code.starts_with("zh") || self.meta.code.starts_with("ja")
    }

    /// True for Traditional Chinese packs (`zh-Hant`, `zh-TW`, `zh-HK`), whose
    /// punctuation sits in the middle of the character square.
    pub fn is_traditional_chinese(&self) -> bool {
        let c = self.meta.code.to_ascii_lowercase();
        c.starts_with("zh-hant") || c == "zh-tw" || c == "zh-hk" || c == "zh-mo"
    }

    /// Every string of the pack with its key path, for coverage checks.
    pub fn strings(&self) -> Vec<(String, String)> {
        let value = toml::Value::try_from(self).expect("a pack serialises");
        let mut out = Vec::new();
        flatten("", &value, &mut out);
        out
    }
}

fn flatten(prefix: &str, v: &toml::Value, out: &mut Vec<(String, String)>) {
    match v {
        toml::Value::String(s) => out.push((prefix.to_string(), s.clone())),
        toml::Value::Table(t) => {
            for (k, v) in t {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&p, v, out);
            }
        }
        toml::Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                flatten(&format!("{prefix}[{i}]"), v, out);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_packs_parse_and_match_their_code() {
        for (code, _) in BUILTIN {
            let l = Lang::builtin(code).unwrap();
            assert_eq!(l.meta.code, code);
        }
    }

    #[test]
    fn every_pack_has_the_same_keys_as_english() {
        // `sub` is optional: only packs whose names need a second line have it.
        let keys = |l: &Lang| {
            l.strings()
                .into_iter()
                .map(|(k, _)| k)
                .filter(|k| !k.ends_with(".sub"))
                .collect::<Vec<_>>()
        };
        let en = keys(&Lang::builtin("en").unwrap());
        for (code, _) in BUILTIN {
            assert_eq!(keys(&Lang::builtin(code).unwrap()), en, "{code}");
        }
    }

    #[test]
    fn unknown_language_is_a_usage_error() {
        let e = Lang::builtin("xx").unwrap_err().to_string();
        assert!(
            e.contains("unknown language `xx`") && e.contains("zh-Hans"),
            "{e}"
        );
    }

    #[test]
    fn missing_key_names_the_key() {
        let src = BUILTIN[0].1.replace("den = \"Den\"\n", "");
        let e = Lang::parse(&src, "my.toml").unwrap_err().to_string();
        assert!(e.contains("my.toml") && e.contains("den"), "{e}");
    }
}

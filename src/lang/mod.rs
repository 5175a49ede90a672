//! Language packs: every word the printed sheets show, as TOML data.
//!
//! Four packs are built in (`en`, `fr`, `zh-Hant`, `zh-Hans`), embedded from
//! the `lang/` folder. A user pack is a TOML file with the same keys.

use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{toml_error, Error, Opt};
use crate::game::Animal;
use crate::input::{Load, Source};
use crate::limits::MAX_STEPS;

pub mod braille;
mod phrase;
pub mod words;
pub mod zhuyin;

/// A pack's identity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// BCP 47 tag, e.g. `fr` or `zh-Hant`.
    pub code: String,
    /// The language's own name for itself.
    pub name: String,
    /// How the animals' characters are read aloud on boards, counters and in
    /// the rank table; see [`Phonetic`]. When absent: Zhuyin for Traditional
    /// Chinese packs that give Zhuyin readings, the `sub` line otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phonetic: Option<Phonetic>,
}

/// The phonetic guide printed with the animals' Chinese characters
/// (`meta.phonetic` of a language pack).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phonetic {
    /// Zhuyin (Bopomofo), as Taiwan's schoolbooks set it: a small column of
    /// symbols to the right of each character, read from `animals.*.zhuyin`.
    Zhuyin,
    /// The line under the character: `animals.*.sub` (pinyin in the Chinese
    /// packs), or the animal's name where a pack gives no `sub`. Written out
    /// in a Simplified Chinese pack (or asked for with `--phonetic pinyin`),
    /// also pinyin over every Han character of the handout and the poster
    /// ([`Lang::pinyin_throughout`]).
    #[default]
    Pinyin,
    /// The character alone: no line under it, no Zhuyin beside it.
    None,
}

impl Phonetic {
    /// The guide's name as `meta.phonetic` and `--phonetic` write it.
    pub fn name(self) -> &'static str {
        match self {
            Phonetic::Zhuyin => "zhuyin",
            Phonetic::Pinyin => "pinyin",
            Phonetic::None => "none",
        }
    }

    /// The guide named `name` (`zhuyin`, `pinyin`, `none`), if any.
    pub fn parse(name: &str) -> Option<Phonetic> {
        [Phonetic::Zhuyin, Phonetic::Pinyin, Phonetic::None]
            .into_iter()
            .find(|p| p.name() == name)
    }
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

impl Game {
    /// The name as a title: the characters, then the name in this language
    /// when it differs ("鬥獸棋  Jungle").
    pub fn title_line(&self) -> String {
        if self.title == self.han {
            self.han.clone()
        } else {
            format!("{}  {}", self.han, self.title)
        }
    }
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
    /// The animal's word inside a sentence (`{rat}`, `{the rat}`); `name`
    /// with its first letter in lower case when absent ("Rat" → "rat").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noun: Option<String>,
    /// The plural (`{rats}`, `{the rats}`); needed by packs with articles
    /// whose sentences use it; Chinese packs print the noun.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plural: Option<String>,
    /// Grammatical gender, which chooses the article when the pack's
    /// `grammar.the_m` and `grammar.the_f` differ (French `le`/`la`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gender: Option<Gender>,
    /// Whether the article is elided before this word (French `l’éléphant`);
    /// when absent, true for a word starting with a vowel, false otherwise
    /// (set it for a mute h: `l’hippopotame`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elide: Option<bool>,
    /// The Zhuyin reading of `han`: one syllable per character, separated by
    /// spaces, each 1–3 Bopomofo letters with its tone mark (ˊ ˇ ˋ after the
    /// letters, ˙ before them; none for the first tone), e.g. `ㄕㄨˇ`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zhuyin: Option<String>,
    /// The pack's phonetic guide ([`Lang::phonetic`]), copied here when the
    /// pack is read so that [`AnimalName::label`] and [`AnimalName::readings`]
    /// know what to print.
    #[serde(skip)]
    pub guide: Phonetic,
}

/// A noun's grammatical gender, for articles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gender {
    /// Masculine.
    #[serde(rename = "m")]
    M,
    /// Feminine.
    #[serde(rename = "f")]
    F,
}

/// The words placeholders such as `{the rat}` put before an animal's name.
/// Each article is written with the space that follows it (`"the "`, `"l’"`).
/// A pack without articles (Chinese) leaves the table out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grammar {
    /// The definite article for every noun the more precise keys leave out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the: Option<String>,
    /// Before a masculine noun (`gender = "m"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_m: Option<String>,
    /// Before a feminine noun (`gender = "f"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_f: Option<String>,
    /// Before a noun that elides it (see [`AnimalName::elide`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_elided: Option<String>,
    /// Before a plural.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_plural: Option<String>,
    /// Between the last two names of a list, spaces included (" and ", "和");
    /// without it the list's usual separator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub and: Option<String>,
}

impl AnimalName {
    /// The word inside a sentence: `noun`, else `name` with its first letter in lower case.
    pub fn noun(&self) -> String {
        if let Some(n) = &self.noun {
            return n.clone();
        }
        let mut c = self.name.chars();
        match c.next() {
            Some(first) => first.to_lowercase().chain(c).collect(),
            None => String::new(),
        }
    }

    /// The plural inside a sentence: `plural`, else the noun unchanged.
    pub fn plural_or_noun(&self) -> String {
        self.plural.clone().unwrap_or_else(|| self.noun())
    }

    /// Whether an article is elided before the noun: `elide`, else whether
    /// the noun starts with a vowel (accented vowels included).
    pub fn elides(&self) -> bool {
        self.elide.unwrap_or_else(|| {
            self.noun().chars().next().is_some_and(|c| {
                let base: String = c.to_lowercase().collect();
                "aeiouàâäéèêëîïôöùûüœæ".contains(base.as_str())
            })
        })
    }

    /// The small line under the character; empty when it would only repeat
    /// it, and under a Zhuyin guide or none at all.
    pub fn label(&self) -> &str {
        if self.guide != Phonetic::Pinyin {
            return "";
        }
        let l = self.sub.as_deref().unwrap_or(&self.name);
        if l == self.han {
            ""
        } else {
            l
        }
    }

    /// The Zhuyin syllables to set beside the characters of `han`, one per
    /// character; empty unless the pack prints Zhuyin.
    pub fn readings(&self) -> Vec<&str> {
        match (&self.zhuyin, self.guide) {
            (Some(z), Phonetic::Zhuyin) => z.split_whitespace().collect(),
            _ => Vec::new(),
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
    /// Heading of a tiled poster's assembly map. A pack may leave it out
    /// (older packs did): a tiled poster is then refused, naming the key.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub poster_heading: String,
    /// A tiled poster's assembly steps, in order; as optional as
    /// `poster_heading`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub poster_steps: Vec<String>,
}

/// The box sheets. `{w}`, `{d}`, `{h}` (inside, mm), `{n}` (counters),
/// `{size}` (counter size, mm), `{stacks}`, `{per_stack}`, `{inside}` (the
/// filled-in `inside`) and `{papers}` (`papers_all` or `papers_rules`) are
/// filled in.
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
    /// The papers under the counters (`{papers}` in `holds`), the board among them.
    pub papers_all: String,
    /// The papers under the counters when the board does not go in.
    pub papers_rules: String,
    /// After `holds`: what to do with a one-sheet board glued onto card.
    pub board_on_card: String,
    /// After `holds`, for a board too large to fold into the box (`{w}` × `{h}`, mm).
    pub board_apart: String,
    pub instructions_heading: String,
    /// On the lid: how many play and how long a game takes.
    pub players: String,
    pub legend_cut: String,
    pub legend_fold: String,
    /// Five steps: cut; crease; side walls and flaps; end walls and tabs; the lid.
    pub steps: Vec<String>,
    /// `legend_cut` for a box a print shop has die-cut (its slots too).
    /// Optional: without it, `legend_cut`, with a warning naming the key.
    #[serde(default)]
    pub shop_legend_cut: String,
    /// The first of `steps` for a die-cut box: press the tray and the lid
    /// out, and the slots' scraps. Optional, as `shop_legend_cut`.
    #[serde(default)]
    pub shop_step_cut: String,
}

impl BoxWords {
    /// The keys a pack may leave out (then empty): each says what is printed
    /// without it.
    pub const OPTIONAL: &'static [&'static str] = &["shop_legend_cut", "shop_step_cut"];
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
    /// The rules poster's page, when the set has one. Optional: without it
    /// the poster is counted among the rules' pages.
    #[serde(default)]
    pub poster: String,
    /// After `sets` in a class set with a poster: the poster's pages
    /// (`{pages}`), printed once for the whole class. Optional.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub poster_once: String,
    pub print_heading: String,
    /// Every page single-sided.
    pub print_single: String,
    /// The rules' pages (`{pages}`) on both sides of their sheets.
    pub print_rules_duplex: String,
    /// After the pages printed double-sided: the rest (`{pages}`, named)
    /// single-sided.
    pub print_others_single: String,
    /// The counter pages double-sided, turned over `{edge}`; `{others}`:
    /// the pages printed single-sided, named.
    pub print_duplex: String,
    pub long_edge: String,
    pub short_edge: String,
    /// The card pages (`{pages}`), loaded once; the rest on plain paper.
    /// Required; a pack of an earlier version may give `paper` instead (see
    /// [`RETIRED`]).
    #[serde(default)]
    pub card: String,
    pub assemble_heading: String,
    pub assemble_board: String,
    /// The board on one sheet when the set has a box: cut it out and fold it
    /// on the marks (between squares) to keep it in the box. Optional:
    /// without it, `assemble_board`.
    #[serde(default)]
    pub assemble_board_fold: String,
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
    /// A class set's contents line: `{n}` sets in the file, grouped by
    /// material, the card on `{card}`, the paper on `{paper}` (pages).
    pub sets: String,
    /// The mark at the top of each page of a class set: set `{k}` of `{n}`.
    pub set_mark: String,
    /// The mark on a class set's counter sheet holding the counters of sets
    /// `{from}` to `{to}` of `{n}`. Optional: without it, the first set's mark.
    #[serde(default)]
    pub sets_mark: String,
    /// A class set's printing summary: `{card}` and `{paper}` sheets, `{cuts}`
    /// cuts of `{length}` m in all, taking `{scissors}` with scissors or
    /// `{plotter}` on a cutting plotter (times in [`CoverWords::minutes`] or
    /// [`CoverWords::hours`]). Optional: without it, no summary.
    #[serde(default)]
    pub summary: String,
    /// A time under an hour: `{n}` minutes.
    #[serde(default)]
    pub minutes: String,
    /// A time of an hour or more: `{h}` hours and `{m}` minutes.
    #[serde(default)]
    pub hours: String,
    /// The game as a box's back states it: players, ages, the time a game
    /// takes. Optional: without it, no such line under the title.
    #[serde(default)]
    pub facts: String,
    /// How long making the set takes: `{total}`, then `{parts}`, the list of
    /// `making_cut`, `making_glue` and `making_box` that apply (each with
    /// its time in `{t}`). Optional: without it, no such line.
    #[serde(default)]
    pub making: String,
    #[serde(default)]
    pub making_cut: String,
    #[serde(default)]
    pub making_glue: String,
    #[serde(default)]
    pub making_box: String,
    /// The tools: `{list}`, the `tool_*` words that apply. Optional:
    /// without it, no such line.
    #[serde(default)]
    pub tools: String,
    #[serde(default)]
    pub tool_scissors: String,
    #[serde(default)]
    pub tool_ruler: String,
    #[serde(default)]
    pub tool_glue: String,
    #[serde(default)]
    pub tool_pen: String,
    #[serde(default)]
    pub tool_knife: String,
    /// For a print shop's set, whose card pieces come die-cut: the board on
    /// one sheet, to press out (in place of `assemble_board`). Optional:
    /// without it, `assemble_board`, with a warning naming the key.
    #[serde(default)]
    pub shop_board: String,
    /// … the tiled board's sheets, cut along their solid lines, to glue as
    /// the map on `{page}` shows (in place of `assemble_tiled`). Optional.
    #[serde(default)]
    pub shop_tiled: String,
    /// … the counters (`{pages}`), to press out (in place of the home
    /// printer's cutting). Optional.
    #[serde(default)]
    pub shop_counters: String,
    /// … how long making the box takes, `{total}` (in place of `making`:
    /// nothing else is left to make). Optional.
    #[serde(default)]
    pub shop_making: String,
    /// `print_duplex_sets`, retired (see [`RETIRED`]): read, never printed.
    #[serde(default, rename = "print_duplex_sets", skip_serializing)]
    retired_print_duplex_sets: Option<String>,
    /// `paper`, retired for `card` (see [`RETIRED`]).
    #[serde(default, rename = "paper", skip_serializing)]
    retired_paper: Option<String>,
}

impl CoverWords {
    /// The keys a pack may leave out (then empty): each says what is printed
    /// without it.
    pub const OPTIONAL: &'static [&'static str] = &[
        "poster",
        "sets_mark",
        "summary",
        "minutes",
        "hours",
        "facts",
        "making",
        "making_cut",
        "making_glue",
        "making_box",
        "tools",
        "tool_scissors",
        "tool_ruler",
        "tool_glue",
        "tool_pen",
        "tool_knife",
        "shop_board",
        "shop_tiled",
        "shop_counters",
        "shop_making",
    ];
}

/// Keys and placeholders that packs written for earlier versions may hold
/// and this version no longer reads: (key, what became of it). Such a pack
/// still loads; each one found gives one warning ([`Lang::notes`]) naming
/// the file, line and key, what replaced it and how to update the pack.
pub const RETIRED: [(&str, &str); 3] = [
    (
        "cover.print_duplex_sets",
        "a class set's counter sheets are printed together now, so `cover.print_duplex` says how to print them",
    ),
    (
        "cover.paper",
        "replaced by `cover.card`, which says on which pages (`{pages}`) to load card",
    ),
    (
        "cover.sets",
        "its `{len}` and `{pages}` are no longer filled in: a class set's pages are grouped by material now, the card on `{card}` and the paper on `{paper}`",
    ),
];

/// Why a table of sentences is not a [`sentences!`] struct: a key missing,
/// or one it does not have (the first in order). Its reader is not generic
/// over serde's deserializers, so the web page's download holds one copy of
/// it, not one per deserializer.
enum SentenceError {
    Missing(&'static str),
    Unknown(String),
}

/// A struct of sentences, every field a `String`, each reachable by its
/// name ([`Handout::slot_mut`]) so sentences can be filled in place. Read
/// from TOML as a table of strings: one small decoder instead of serde's
/// per-field one, which was the largest single piece of the web page's
/// download. A field named with a trailing `_` (`move_`) is the key without it.
macro_rules! sentences {
    (
        optional: [$($opt:literal),*],
        obsolete: [$($old:literal),*],
        $(#[$sm:meta])*
        pub struct $name:ident {
            $( $(#[$fm:meta])* pub $f:ident : String, )*
        }
    ) => {
        $(#[$sm])*
        pub struct $name {
            $( $(#[$fm])* pub $f: String, )*
        }

        impl $name {
            /// The keys a pack may leave out (then empty).
            pub const OPTIONAL: &'static [&'static str] = &[$($opt),*];

            /// The sentence stored under field `key` (its Rust name).
            pub fn slot_mut(&mut self, key: &str) -> Option<&mut String> {
                match key {
                    $( stringify!($f) => Some(&mut self.$f), )*
                    _ => None,
                }
            }
        }

        impl $name {
            /// The fields' names, as `unknown_field` lists them.
            const FIELDS: &'static [&'static str] = &[$( stringify!($f) ),*];

            /// The sentences from their table: the same for every
            /// deserializer, so compiled once (see [`SentenceError`]).
            fn from_table(
                mut table: std::collections::BTreeMap<String, String>,
            ) -> Result<Self, SentenceError> {
                // Keys a pack may leave out (empty: the sentence they would
                // improve is built another way), and keys older packs may
                // still hold that nothing prints any more.
                for key in [$($old),*] {
                    table.remove(key);
                }
                let mut out = $name { $( $f: String::new(), )* };
                for field in Self::FIELDS {
                    let key = field.trim_end_matches('_');
                    let value = match table.remove(key) {
                        Some(v) => v,
                        None if Self::OPTIONAL.contains(&key) => String::new(),
                        None => return Err(SentenceError::Missing(key)),
                    };
                    if let Some(slot) = out.slot_mut(field) {
                        *slot = value;
                    }
                }
                match table.into_keys().next() {
                    Some(key) => Err(SentenceError::Unknown(key)),
                    None => Ok(out),
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                use serde::de::Error as _;
                let table: std::collections::BTreeMap<String, String> =
                    std::collections::BTreeMap::deserialize(d)?;
                Self::from_table(table).map_err(|e| match e {
                    SentenceError::Missing(key) => D::Error::missing_field(key),
                    SentenceError::Unknown(key) => D::Error::unknown_field(&key, Self::FIELDS),
                })
            }
        }
    };
}

sentences! {
optional: ["need_four", "setup_pictures", "col_animal", "sides_colour", "sides_pattern", "lion_tiger_both", "lion_tiger_sideways", "lion_tiger_lengthwise", "no_moves_agree", "variant_no_capture_all", "move_caption", "capture_caption", "traps_caption", "den_caption"],
obsolete: ["variants_none"],
/// Every sentence of the rules handout; the ruleset chooses which are printed.
/// `{n}` (a rank), `{list}` and `{standard}` (animals with ranks) are filled in.
/// Animals are named by placeholders (`{the rat}`, `{The rat}`, `{rats}`),
/// filled in from the pack's names when the pack is read; see `lang/README.md`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Handout {
    pub need_heading: String,
    pub need: String,
    /// What you need for Animal Checkers (four animals a side); optional,
    /// `need` when empty.
    pub need_four: String,
    pub goal_heading: String,
    pub goal: String,
    pub goal_capture_all: String,
    pub goal_no_moves: String,
    /// Where repeated positions are allowed: the third time a position comes
    /// up, the game is a draw (`win.third_repetition = "draw"`).
    pub goal_repeat_draw: String,
    /// The same, the player whose move brought it back losing (`"loss"`).
    pub goal_repeat_loss: String,
    /// For rules that do not say what happens when a player cannot move:
    /// agree before starting. Optional.
    pub no_moves_agree: String,
    pub setup_heading: String,
    pub setup: String,
    /// `setup` for a set whose counters show pictures (a pre-reader matches
    /// pictures, not characters); optional, `setup` when empty.
    pub setup_pictures: String,
    pub first_south: String,
    pub first_north: String,
    /// Who plays which counters, told by their colours: `{south}` and
    /// `{north}` are words of `[looks]`. Optional.
    pub sides_colour: String,
    /// The same told by the lines round their rims (when both sides are
    /// black or grey, as in ink-saver). Optional.
    pub sides_pattern: String,
    pub setup_caption: String,
    pub ranks_heading: String,
    pub ranks: String,
    pub col_han: String,
    pub col_name: String,
    /// The header of a column of the animals' names when the phonetic guide
    /// sits beside the character (Zhuyin) or there is none; optional (no
    /// such column when empty).
    pub col_animal: String,
    pub col_rank: String,
    pub move_heading: String,
    #[serde(rename = "move")]
    pub move_: String,
    pub move_own: String,
    pub move_no_repetition: String,
    /// Under the ban on repeated positions: a forbidden move is no move, so
    /// a player with only such moves cannot move.
    pub move_no_repetition_stuck: String,
    /// Under the moving diagram (a step each way, none diagonally).
    /// Optional: no caption when empty.
    pub move_caption: String,
    pub capture_heading: String,
    pub capture: String,
    pub rat_elephant: String,
    pub elephant_no_rat: String,
    pub elephant_no_rat_trap: String,
    pub elephant_no_rat_any_trap: String,
    pub elephant_rat: String,
    /// Under the capturing diagram (top row: a stronger animal takes a
    /// weaker one; bottom row: the rat takes the elephant). Optional.
    pub capture_caption: String,
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
    /// The lion and the tiger leaping alike, in one sentence; optional (each
    /// has its own sentence when empty).
    pub lion_tiger_both: String,
    pub lion_tiger_sideways: String,
    pub lion_tiger_lengthwise: String,
    pub jump_blocked: String,
    pub jump_caption: String,
    pub traps_heading: String,
    pub traps_enemy: String,
    pub traps_any: String,
    pub traps_rank: String,
    /// Under the traps diagram (an enemy in a trap taken by the rat). Optional.
    pub traps_caption: String,
    pub den_heading: String,
    pub den: String,
    /// Under the den diagram (an animal walking into the enemy den). Optional.
    pub den_caption: String,
    pub variants_heading: String,
    pub variant_ranks: String,
    pub variant_first_south: String,
    pub variant_first_north: String,
    pub variant_fox: String,
    pub variant_four: String,
    pub variant_dog: String,
    pub variant_equal: String,
    pub variant_repetition_allowed: String,
    pub variant_den_only: String,
    /// Capturing every enemy animal does not win by itself. Optional.
    pub variant_no_capture_all: String,
}
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
    /// The rat safe from the elephant except in the elephant's side's traps.
    pub elephant_no_rat_trap: String,
    /// The same where a piece in any trap loses its strength.
    pub elephant_no_rat_any_trap: String,
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
    /// The lion and the tiger together, when they leap alike (both ways,
    /// sideways only, lengthwise only). Optional: one line each when empty.
    #[serde(default)]
    pub leap_pair_both: String,
    #[serde(default)]
    pub leap_pair_sideways: String,
    #[serde(default)]
    pub leap_pair_lengthwise: String,
    /// A leaper may capture where it lands. Optional.
    #[serde(default)]
    pub leap_capture: String,
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
    /// `no_moves` under the ban on repeated positions: a player who cannot
    /// move without repeating one loses.
    pub no_moves_ban: String,
    /// The third time a position comes up: a draw (where repeats are allowed).
    pub repeat_draw: String,
    /// The third time a position comes up: its bringer loses.
    pub repeat_loss: String,
    /// For rules that do not say what happens when a player cannot move.
    /// Optional.
    #[serde(default)]
    pub no_moves_agree: String,
    /// Animal Checkers on a full board: the river and trap squares count as
    /// land. Optional: nothing is said when empty.
    #[serde(default)]
    pub four_land: String,
    /// Who plays which counters, as the handout's `sides_colour`. Optional.
    #[serde(default)]
    pub sides_colour: String,
    /// The same by the rims' lines, as the handout's `sides_pattern`. Optional.
    #[serde(default)]
    pub sides_pattern: String,
}

/// Words for what tells the two sides' counters apart, for the sentence
/// saying who plays which: colour families (see
/// [`crate::theme::family`]), as said of the counters ("the red
/// counters", « les pions rouges »), and the lines round their rims. Optional,
/// each word: a sentence that needs a missing word is left out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Looks {
    pub black: String,
    pub grey: String,
    pub white: String,
    pub red: String,
    pub orange: String,
    pub yellow: String,
    pub green: String,
    pub blue: String,
    pub purple: String,
    pub pink: String,
    pub brown: String,
    /// A rim drawn with one solid line (pattern `solid`).
    pub solid: String,
    pub dashed: String,
    pub dotted: String,
    pub double: String,
}

impl Looks {
    /// The word stored under `key` (a colour family or a pattern); empty when missing.
    pub fn word(&self, key: &str) -> &str {
        match key {
            "black" => &self.black,
            "grey" => &self.grey,
            "white" => &self.white,
            "red" => &self.red,
            "orange" => &self.orange,
            "yellow" => &self.yellow,
            "green" => &self.green,
            "blue" => &self.blue,
            "purple" => &self.purple,
            "pink" => &self.pink,
            "brown" => &self.brown,
            "solid" => &self.solid,
            "dashed" => &self.dashed,
            "dotted" => &self.dotted,
            "double" => &self.double,
            _ => "",
        }
    }
}

impl PosterWords {
    /// The lines a pack may leave out (`#[serde(default)]`, then empty).
    pub const OPTIONAL: &'static [&'static str] = &[
        "four_land",
        "sides_colour",
        "sides_pattern",
        "leap_pair_both",
        "leap_pair_sideways",
        "leap_pair_lengthwise",
        "leap_capture",
        "no_moves_agree",
    ];
}

/// The words of the tactile set's key page (its textures and sides shown
/// for touch, [`crate::compose::products::tactile::key_page`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TactileWords {
    /// The page's title in print (for sighted helpers).
    pub key_title: String,
    /// The note for sighted helpers: what the samples are, how to heat the
    /// page, and where the rules are in braille and as a web page.
    pub key_help: String,
}

/// The puzzle sheets' words (`jungle-print puzzles`). `{move}` is a move in
/// the words of `move` (`{animal}`, `{from}`, `{to}`: the animal's name and
/// two squares such as `d8`), `{letter}` a choice's letter (A, B, C); animal
/// placeholders (`{the elephant}`, …) are filled in as the poster's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleWords {
    /// The sheet's title.
    pub title: String,
    /// After the title on the pages of solutions.
    pub solutions: String,
    /// Under the title: who moves in every puzzle.
    pub south_to_move: String,
    /// The difficulties' names.
    pub easy: String,
    pub medium: String,
    pub hard: String,
    /// The questions, one per kind of puzzle.
    pub win_in_1: String,
    pub win_in_2: String,
    pub save_elephant: String,
    pub which_capture: String,
    /// Before the line left for the answer.
    pub answer: String,
    /// A move: `{animal}`, `{from}`, `{to}`.
    #[serde(rename = "move")]
    pub move_: String,
    /// The solutions, one per kind: `{move}`, and `{letter}` for a choice.
    pub solved_win_in_1: String,
    pub solved_win_in_2: String,
    pub solved_save: String,
    pub solved_capture: String,
    /// How a move is told in words, for the rules page's diagrams read
    /// aloud (`rules --format html`) and the puzzles' reasons: an animal
    /// where it stands (`{side}`, `{animal}` or `{the animal}`, `{square}`).
    pub piece: String,
    /// A side's animals, `{side}` and `{list}` (of `note_on`).
    pub note_pieces: String,
    /// One animal of such a list: `{animal}`, `{square}`.
    pub note_on: String,
    /// The part of the board a diagram shows: `{first}`, `{last}`.
    pub note_view: String,
    /// What a move does: `{piece}` (as `piece` says), `{to}`, `{prey}` (the
    /// animal captured or in the way, as `piece` says).
    pub note_step: String,
    pub note_den: String,
    pub note_leap: String,
    pub note_capture: String,
    pub note_capture_trap: String,
    pub note_leap_capture: String,
    /// Why a move is not allowed: `{piece}`, `{to}`, `{prey}`.
    pub not_step: String,
    pub not_blocked: String,
    pub not_leap: String,
    pub not_swim: String,
    pub not_own_den: String,
    pub not_own: String,
    pub not_trap_rank: String,
    pub not_stronger: String,
    pub not_elephant_rat: String,
    pub not_into_water: String,
    pub not_from_water: String,
    /// Under the title: how squares are named (the board's coordinates).
    pub coordinates: String,
    /// Under the title: the ranks, `{list}` (of "8 象 Elephant" items).
    pub rank_key: String,
    /// A rescue's reason: what threatened the elephant, `{piece}`.
    pub why_threat: String,
    /// A win in two's reason: North's best reply `{reply}` and South's
    /// winning answer `{win}` (both as `move` says).
    pub why_defence: String,
    /// Why a wrong choice is not allowed: `{letter}` and `{why}` (a `not_*` sentence).
    pub why_not: String,
    /// The back of the last page of puzzles when the solutions follow on a
    /// sheet of their own.
    pub back: String,
}

/// A complete language pack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lang {
    pub meta: Meta,
    pub game: Game,
    pub animals: Animals,
    /// Articles for the animal placeholders of the handout's sentences.
    #[serde(default, skip_serializing_if = "is_default")]
    pub grammar: Grammar,
    /// Words for the sides' colours and rims.
    #[serde(default, skip_serializing_if = "is_default_looks")]
    pub looks: Looks,
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
    /// The puzzle sheets' words; a pack without them cannot print puzzles
    /// (every built-in pack has them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzles: Option<PuzzleWords>,
    /// The tactile set's key page: its title and the note for sighted
    /// helpers. Optional: a pack without it makes no tactile set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactile: Option<TactileWords>,
    /// Where the pack was read from, for messages about its keys.
    #[serde(skip)]
    pub source: crate::input::SourceText,
    /// Warnings about the pack's retired keys and placeholders ([`RETIRED`]),
    /// each one line naming the file, line and key; given with the run's
    /// warnings ([`crate::resolve::Resources::new`]).
    #[serde(skip)]
    pub notes: Vec<String>,
}

/// The built-in packs: (code, TOML source).
#[cfg(not(feature = "web-lite"))]
pub const BUILTIN: [(&str, &str); 4] = [
    ("en", include_str!("../../lang/en.toml")),
    ("fr", include_str!("../../lang/fr.toml")),
    ("zh-Hant", include_str!("../../lang/zh-Hant.toml")),
    ("zh-Hans", include_str!("../../lang/zh-Hans.toml")),
];

/// The built-in packs of the web page's first core ([`crate::lite`]): the
/// English and French ones; the Chinese ones have no source there, and
/// [`Lang::builtin`] refuses them (the whole core has them).
#[cfg(feature = "web-lite")]
pub const BUILTIN: [(&str, &str); 4] = [
    ("en", include_str!("../../lang/en.toml")),
    ("fr", include_str!("../../lang/fr.toml")),
    ("zh-Hant", ""),
    ("zh-Hans", ""),
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
                        "unknown language `{}`; built-in languages are {}",
                        crate::error::User(code),
                        BUILTIN
                            .iter()
                            .map(|(c, _)| *c)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                })?;
        #[cfg(feature = "web-lite")]
        if src.is_empty() {
            return Err(crate::lite::refused("language"));
        }
        Lang::parse_data(src, &format!("builtin language `{name}`"))
    }

    /// A line of the poster (a `[poster]` value) with its animal placeholders
    /// (`{the rat}`, `{rat}`, …) filled in from this pack's names and grammar.
    pub fn poster_line(&self, text: &str) -> String {
        phrase::fill_poster(self, text)
    }

    /// A line of a puzzle sheet (a `[puzzles]` value) with its animal
    /// placeholders filled in; `{move}`, `{letter}`, `{animal}`, `{from}` and
    /// `{to}` are left for the sheet to fill.
    pub fn puzzle_line(&self, text: &str) -> String {
        phrase::fill_puzzle(self, text)
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
        lang.source = crate::input::SourceText::new("language pack", origin, src);
        lang.retire_keys(src)?;
        // Every string, read once: filling in the handout's placeholders
        // leaves no string empty that was not, nor fills an empty one.
        let strings = lang.strings();
        phrase::fill_handout(&mut lang, &strings)?;
        let empty: Vec<String> = strings
            .into_iter()
            .filter(|(_, s)| s.trim().is_empty())
            .map(|(k, _)| k)
            .filter(|k| {
                let optional = match k.split_once('.') {
                    Some(("handout", key)) => Handout::OPTIONAL.contains(&key),
                    Some(("looks", _)) => true,
                    Some(("poster", key)) => PosterWords::OPTIONAL.contains(&key),
                    Some(("cover", key)) => CoverWords::OPTIONAL.contains(&key),
                    Some(("box", key)) => BoxWords::OPTIONAL.contains(&key),
                    _ => false,
                };
                !optional
            })
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
            ("tiles.poster_steps", &lang.tiles.poster_steps),
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
        lang.retire_placeholders();
        // The built-in packs are the table this check reads (a test checks
        // them against it): building it costs more than the rest of loading.
        if !BUILTIN.iter().any(|(_, text)| *text == src) {
            lang.check_other_placeholders()?;
        }
        lang.check_zhuyin()?;
        let guide = lang.phonetic();
        for (_, a) in lang.animals_mut() {
            a.guide = guide;
        }
        Ok(lang)
    }

    /// A warning about retired key `key` ([`RETIRED`]): where it is, what
    /// became of it, then `then` (what this run does and how to update).
    fn note_retired(&mut self, key: &str, then: &str) {
        let what = RETIRED.iter().find(|(k, _)| *k == key).map_or("", |r| r.1);
        let note = self.source.error(key, format!("{what}; {then}"));
        self.notes.push(note.to_string());
    }

    /// Reads the retired keys of [`RETIRED`]: `cover.print_duplex_sets` is
    /// left out; `cover.paper` stands for `cover.card` when the pack has
    /// none (its sentence names no pages, but says what goes on card), else
    /// is left out. A pack with neither is missing `cover.card` (`src`: the
    /// pack's text, which tells a missing key from an empty one).
    fn retire_keys(&mut self, src: &str) -> Result<(), Error> {
        if self.cover.retired_print_duplex_sets.take().is_some() {
            self.note_retired(
                "cover.print_duplex_sets",
                "the key is ignored: delete it from the pack",
            );
        }
        match self.cover.retired_paper.take() {
            Some(paper) if self.cover.card.is_empty() => {
                self.cover.card = paper;
                self.source.renamed("cover.card", "cover.paper");
                self.note_retired(
                    "cover.paper",
                    "its sentence is printed in its place for now: rename the key `card` and say there which pages go on card, e.g. \"Load thin card once, for {pages}: the board, the counters and the box.\"",
                );
            }
            Some(_) => self.note_retired(
                "cover.paper",
                "the pack has `cover.card`, so the key is ignored: delete it from the pack",
            ),
            None if self.cover.card.is_empty()
                && crate::input::KeyOrigins::of_values(src, "")
                    .origin("cover.card")
                    .is_none() =>
            {
                let mut e = self.source.error(
                    "cover.contents_heading",
                    "missing; every key is required".to_string(),
                );
                if let Error::Input { key, .. } = &mut e {
                    *key = crate::error::key_prefix("cover.card");
                }
                return Err(e);
            }
            None => {}
        }
        Ok(())
    }

    /// Refuses a placeholder (`{bogus}`) that a key outside the handout,
    /// the poster and the puzzles (whose sentences [`phrase`] checks) does
    /// not fill in, naming the key: it would be printed as written. A key
    /// fills in the placeholders its sentence has in the built-in packs.
    fn check_other_placeholders(&self) -> Result<(), Error> {
        use std::collections::{BTreeMap, BTreeSet};
        use std::sync::OnceLock;
        static FILLED: OnceLock<BTreeMap<String, BTreeSet<String>>> = OnceLock::new();
        /// `a.list[3]` as `a.list[]`: every item of a list fills in the same.
        fn general(key: &str) -> String {
            match key.find('[') {
                Some(i) => format!("{}[]", &key[..i]),
                None => key.to_string(),
            }
        }
        fn placeholders(text: &str) -> impl Iterator<Item = &str> {
            text.match_indices('{').filter_map(move |(i, _)| {
                let rest = &text[i + 1..];
                let end = rest.find(['}', '{'])?;
                (rest.as_bytes()[end] == b'}').then(|| &rest[..end])
            })
        }
        let filled = FILLED.get_or_init(|| {
            let mut m: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
            for (_, src) in BUILTIN {
                let Ok(v) = toml::from_str::<toml::Value>(src) else {
                    continue;
                };
                for (key, text) in flatten(v) {
                    let set = m.entry(general(&key)).or_default();
                    set.extend(placeholders(&text).map(str::to_string));
                }
            }
            m
        });
        let checked = ["handout", "poster", "puzzles", "animals", "grammar"];
        for (key, text) in self.strings() {
            if checked.contains(&key.split(['.', '[']).next().unwrap_or("")) {
                continue;
            }
            let allowed = filled.get(&general(&key));
            for p in placeholders(&text) {
                if allowed.is_some_and(|a| a.contains(p)) {
                    continue;
                }
                let fills = match allowed.filter(|a| !a.is_empty()) {
                    Some(a) => format!(
                        "this key fills in {}",
                        a.iter()
                            .map(|p| format!("`{{{p}}}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    None => "this key fills in no placeholder".to_string(),
                };
                return Err(self.source.error(
                    &key,
                    format!(
                        "unknown placeholder `{{{}}}`, which would be printed as written; {fills}",
                        crate::error::User(p)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Reads the retired placeholders of [`RETIRED`]: a `cover.sets` written
    /// with `{len}` or `{pages}` tells of sets printed one after another,
    /// which is no longer true: the cover leaves it out.
    fn retire_placeholders(&mut self) {
        let sets = &self.cover.sets;
        if sets.contains("{len}") || sets.contains("{pages}") {
            self.cover.sets.clear();
            self.note_retired(
                "cover.sets",
                "the sentence, no longer true, is left off the cover: rewrite it with `{n}`, `{card}` and `{paper}`, as the built-in packs do",
            );
        }
    }

    /// The phonetic guide the pack prints: `meta.phonetic`, or by default
    /// Zhuyin for a Traditional Chinese pack that gives any Zhuyin reading
    /// (Taiwan, where most readers of traditional characters learn to read,
    /// teaches with Zhuyin) and the `sub` line for every other pack.
    pub fn phonetic(&self) -> Phonetic {
        match self.meta.phonetic {
            Some(p) => p,
            None if self.is_traditional_chinese()
                && self.animals_ref().iter().any(|(_, a)| a.zhuyin.is_some()) =>
            {
                Phonetic::Zhuyin
            }
            None => Phonetic::Pinyin,
        }
    }

    /// The nine animals with their keys, in the pack's order.
    fn animals_ref(&self) -> [(&'static str, &AnimalName); 9] {
        let n = &self.animals;
        [
            ("rat", &n.rat),
            ("cat", &n.cat),
            ("dog", &n.dog),
            ("wolf", &n.wolf),
            ("fox", &n.fox),
            ("leopard", &n.leopard),
            ("tiger", &n.tiger),
            ("lion", &n.lion),
            ("elephant", &n.elephant),
        ]
    }

    fn animals_mut(&mut self) -> [(&'static str, &mut AnimalName); 9] {
        let n = &mut self.animals;
        [
            ("rat", &mut n.rat),
            ("cat", &mut n.cat),
            ("dog", &mut n.dog),
            ("wolf", &mut n.wolf),
            ("fox", &mut n.fox),
            ("leopard", &mut n.leopard),
            ("tiger", &mut n.tiger),
            ("lion", &mut n.lion),
            ("elephant", &mut n.elephant),
        ]
    }

    /// Every Zhuyin reading must be well formed, and a pack that prints
    /// Zhuyin must give one for every animal: the error names the key.
    fn check_zhuyin(&self) -> Result<(), Error> {
        let needed = self.phonetic() == Phonetic::Zhuyin;
        let why = if self.meta.phonetic.is_some() {
            "`meta.phonetic` is \"zhuyin\"".to_string()
        } else {
            "Traditional Chinese packs print Zhuyin when they give any Zhuyin reading".to_string()
        };
        for (name, a) in self.animals_ref() {
            let key = format!("animals.{name}.zhuyin");
            let Some(z) = &a.zhuyin else {
                if needed {
                    // The line of the animal's entry: where the reading goes.
                    let mut e = self.source.error(
                        &format!("animals.{name}.han"),
                        format!(
                            "missing: {why}, so every animal needs the Zhuyin reading of its character `{}`; add e.g. zhuyin = \"ㄕㄨˇ\" (one syllable per character), or set `meta.phonetic` to \"pinyin\" or \"none\"",
                            crate::error::shown(&a.han)
                        ),
                    );
                    if let Error::Input { key: k, .. } = &mut e {
                        *k = format!("key `{key}`: ");
                    }
                    return Err(e);
                }
                continue;
            };
            let syllables: Vec<&str> = z.split_whitespace().collect();
            let chars = a.han.chars().count();
            if syllables.len() != chars {
                return Err(self.source.error(
                    &key,
                    format!(
                        "{} syllable(s) for the {chars} character(s) of `{}`; give one Zhuyin syllable per character, separated by spaces",
                        syllables.len(),
                        crate::error::shown(&a.han)
                    ),
                ));
            }
            if let Some(bad) = syllables
                .iter()
                .find(|s| zhuyin::Syllable::parse(s).is_none())
            {
                return Err(self.source.error(
                    &key,
                    format!(
                        "`{}` is not a Zhuyin syllable; write 1 to 3 Bopomofo letters (ㄅ to ㄩ), then ˊ, ˇ or ˋ for the 2nd, 3rd or 4th tone, or ˙ first for the neutral tone (e.g. ㄕㄨˇ, ˙ㄗ)",
                        crate::error::shown(bad)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Loads a pack from a file.
    pub fn load(path: &Path) -> Result<Lang, Error> {
        Lang::load_in(path, &crate::input::Files::default())
    }

    /// Loads a pack from a file, read from `files` before the disk.
    pub fn load_in(path: &Path, files: &crate::input::Files) -> Result<Lang, Error> {
        let src = files
            .read_text(path, crate::input::InputKind::LangPack)
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

    /// Two sentences as one paragraph: a space between them, none in Chinese
    /// (whose full stop holds its own space).
    pub fn sentences(&self, first: &str, second: &str) -> String {
        let gap = if self.is_cjk() { "" } else { " " };
        format!("{first}{gap}{second}")
    }

    /// True for Simplified Chinese packs (`zh-Hans…`, `zh-CN`, `zh-SG`,
    /// `zh-MY`).
    pub fn is_simplified_chinese(&self) -> bool {
        let c = self.meta.code.to_ascii_lowercase();
        c.starts_with("zh-hans")
            || ["zh-cn", "zh-sg", "zh-my"]
                .iter()
                .any(|p| c == *p || c.starts_with(&format!("{p}-")))
    }

    /// Whether pinyin is set over every Han character of the handout and
    /// the poster: a Simplified Chinese pack that asks for it
    /// (`meta.phonetic = "pinyin"` written out, or `--phonetic pinyin`); by
    /// default such a pack prints pinyin with the animals' characters only.
    pub fn pinyin_throughout(&self) -> bool {
        self.meta.phonetic == Some(Phonetic::Pinyin) && self.is_simplified_chinese()
    }

    /// The phonetic guide `guide` instead of the pack's (`--phonetic`):
    /// Zhuyin for a Traditional Chinese pack only (which must give every
    /// animal's Zhuyin), pinyin throughout for a Simplified Chinese pack
    /// only, none for any pack. The error says why a guide does not go
    /// with this pack.
    pub fn set_phonetic(&mut self, guide: Phonetic) -> Result<(), String> {
        let name = crate::error::shown(&self.meta.code);
        match guide {
            Phonetic::Zhuyin if !self.is_traditional_chinese() => {
                return Err(format!(
                "zhuyin goes with Traditional Chinese (zh-Hant) only, and this pack is `{name}`; \
                     choose --lang zh-Hant, or --phonetic pinyin (zh-Hans) or none"
            ))
            }
            Phonetic::Pinyin if !self.is_simplified_chinese() => {
                return Err(format!(
                    "pinyin over every character goes with Simplified Chinese (zh-Hans) only, and \
                     this pack is `{name}`; choose --lang zh-Hans, or --phonetic zhuyin (zh-Hant) \
                     or none, or leave --phonetic out for the pack's own guide"
                ))
            }
            _ => {}
        }
        self.meta.phonetic = Some(guide);
        if let Err(e) = self.check_zhuyin() {
            return Err(format!("zhuyin needs every animal's reading: {e}"));
        }
        for (_, a) in self.animals_mut() {
            a.guide = guide;
        }
        Ok(())
    }

    /// True for Traditional Chinese packs (`zh-Hant`, `zh-TW`, `zh-HK`), whose
    /// punctuation sits in the middle of the character square.
    pub fn is_traditional_chinese(&self) -> bool {
        let c = self.meta.code.to_ascii_lowercase();
        c.starts_with("zh-hant") || c == "zh-tw" || c == "zh-hk" || c == "zh-mo"
    }

    /// Every string of the pack with its key path, for coverage checks.
    pub fn strings(&self) -> Vec<(String, String)> {
        flatten(toml::Value::try_from(self).expect("a pack serialises"))
    }
}

fn is_default_looks(l: &Looks) -> bool {
    *l == Looks::default()
}

fn is_default(g: &Grammar) -> bool {
    *g == Grammar::default()
}

/// Every string of `v` with its key path (`handout.move`, `tiles.steps[2]`),
/// in the value's order; the strings are moved out, the path is built in one
/// buffer.
fn flatten(v: toml::Value) -> Vec<(String, String)> {
    fn walk(key: &mut String, v: toml::Value, out: &mut Vec<(String, String)>) {
        let len = key.len();
        match v {
            toml::Value::String(s) => out.push((key.clone(), s)),
            toml::Value::Table(t) => {
                for (k, v) in t {
                    if len > 0 {
                        key.push('.');
                    }
                    key.push_str(&k);
                    walk(key, v, out);
                    key.truncate(len);
                }
            }
            toml::Value::Array(a) => {
                for (i, v) in a.into_iter().enumerate() {
                    use std::fmt::Write as _;
                    let _ = write!(key, "[{i}]");
                    walk(key, v, out);
                    key.truncate(len);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&mut String::new(), v, &mut out);
    out
}

impl Load for Lang {
    fn load(source: &Source, files: &crate::input::Files) -> Result<Lang, Error> {
        match source {
            Source::Builtin(code) => Lang::builtin(code),
            Source::File(path) => Lang::load_in(path, files),
            // An uploaded file's name is the user's: shown escaped and cut.
            Source::Text { name, contents } => {
                Lang::parse(contents, &crate::error::User(name).to_string())
            }
        }
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
            // Loading skips this check for them (they are its table).
            l.check_other_placeholders().unwrap();
        }
    }

    #[test]
    fn a_copied_pack_with_an_unknown_placeholder_is_refused() {
        let en = BUILTIN.iter().find(|(c, _)| *c == "en").unwrap().1;
        let copy = en.replace(
            "contents_heading = \"In this set\"",
            "contents_heading = \"In this {bogus} set\"",
        );
        assert_ne!(copy, en);
        let e = Lang::parse(&copy, "mine.toml").unwrap_err().to_string();
        assert!(
            e.contains("cover.contents_heading") && e.contains("{bogus}"),
            "{e}"
        );
    }

    #[test]
    fn every_pack_has_the_same_keys_as_english() {
        // `sub`, `zhuyin`, `meta.phonetic`, the grammar and an animal's
        // grammatical forms are optional: each pack has those its language needs.
        let optional = [".sub", ".zhuyin", ".noun", ".plural", ".gender"];
        let keys = |l: &Lang| {
            l.strings()
                .into_iter()
                .map(|(k, _)| k)
                .filter(|k| {
                    !optional.iter().any(|o| k.ends_with(o))
                        && !k.starts_with("grammar.")
                        && k != "meta.phonetic"
                })
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

//! Rulesets: the ranks and variant rules in force, as TOML data.
//!
//! The ranks printed on counters and in the handout come from here and
//! nowhere else. Presets live in `rules/` and are embedded in the binary.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{toml_error, Error, Opt};
use crate::game::Animal;
use crate::input::{Load, Source};

/// A ruleset's identity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesMeta {
    /// Short name (`standard`, `bell`, …).
    pub name: String,
    /// One line saying what sets it apart.
    pub description: String,
    /// The name printed on handouts, per language code (`en`, `fr`, `zh-Hant`, …);
    /// `en`, then `name`, when a language has none.
    #[serde(default)]
    pub title: BTreeMap<String, String>,
}

/// Rank of each animal, 1 (weakest) to 8 (strongest).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranks {
    pub elephant: u8,
    pub lion: u8,
    pub tiger: u8,
    pub leopard: u8,
    pub wolf: u8,
    pub dog: u8,
    pub cat: u8,
    pub rat: u8,
}

/// Which river squares a jumper may leap across.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Jumps {
    /// No jumping.
    None,
    /// Across the river's width (two water squares, east–west).
    Sideways,
    /// Along the river's length (three water squares, north–south).
    Lengthwise,
    /// Both ways.
    Both,
}

/// Which traps weaken an animal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Traps {
    /// Only an animal standing in one of the opponent's traps.
    Enemy,
    /// An animal standing in any trap, its own side's included.
    Any,
}

/// What a swimmer may capture on the move that takes it out of the water.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WaterCapture {
    /// Nothing: a swimmer leaving the water may not capture on that move.
    None,
    /// Anything it could capture on land, except that the rat may not take the elephant.
    NoElephant,
    /// Anything it could capture on land.
    Any,
}

/// What a position that comes up for the third time does, where repeated
/// positions are allowed (`variants.no_repetition = false`). A position is
/// the same animals on the same squares with the same side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThirdRepetition {
    /// The game ends at once in a draw.
    #[default]
    Draw,
    /// The player whose move brought it back loses.
    Loss,
}

/// How a game ends besides entering the enemy den, which always wins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Win {
    /// Capturing every enemy animal wins.
    pub capture_all: bool,
    /// A player who cannot make any move loses (a move the ban on repeated
    /// positions forbids is no move).
    pub no_moves: bool,
    /// What the third time a position comes up does, where repeated
    /// positions are allowed. Missing in rulesets written before it was a
    /// setting: a draw.
    #[serde(default)]
    pub third_repetition: ThirdRepetition,
}

impl Default for Win {
    /// The standard preset's: capturing every enemy animal also wins, and a
    /// player who cannot move loses.
    fn default() -> Win {
        Win {
            capture_all: true,
            no_moves: true,
            third_repetition: ThirdRepetition::Draw,
        }
    }
}

/// Who plays first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Play {
    /// The side that moves first.
    pub first: crate::game::Side,
    /// A fox takes the wolf's place.
    pub fox: bool,
}

/// Variant rules, each a setting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variants {
    pub dog_swims: bool,
    pub elephant_captures_rat: bool,
    pub capture_from_water: WaterCapture,
    pub leopard_jumps: Jumps,
    pub lion_jumps: Jumps,
    pub tiger_jumps: Jumps,
    /// Only animals of this rank or lower may enter a trap (8 = all).
    pub trap_max_rank: u8,
    pub traps: Traps,
    pub no_repetition: bool,
    pub four_animals: bool,
}

/// A complete ruleset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    pub meta: RulesMeta,
    pub ranks: Ranks,
    pub play: Play,
    /// Missing in rulesets written before win conditions were settings: those
    /// get the standard rules' (den, or capturing every enemy animal).
    #[serde(default)]
    pub win: Win,
    pub variants: Variants,
    /// Where the ruleset was read from, for messages about its keys.
    #[serde(skip)]
    pub source: crate::input::SourceText,
}

/// What a rank may be, for error messages.
const RANK_RANGE: &str = "expected a whole number from 1 to 8 (1 is the weakest, 8 the strongest)";

/// Built-in presets: (name, TOML source).
pub const BUILTIN: [(&str, &str); 4] = [
    ("standard", include_str!("../../rules/standard.toml")),
    ("bell", include_str!("../../rules/bell.toml")),
    ("fox", include_str!("../../rules/fox.toml")),
    ("checkers", include_str!("../../rules/checkers.toml")),
];

/// The built-in preset names, comma-separated (for help and error messages).
pub fn builtin_names() -> String {
    BUILTIN
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Ruleset {
    /// A built-in preset by name.
    pub fn builtin(name: &str) -> Result<Ruleset, Error> {
        let (n, src) = BUILTIN.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            Error::usage(
                Opt::Ruleset,
                format!(
                    "unknown ruleset `{}`; built-in rulesets are {} (or give a .toml file)",
                    crate::error::User(name),
                    builtin_names()
                ),
            )
        })?;
        // Each preset is parsed once: the handout compares the ruleset with
        // the standard one in every trial layout.
        static PARSED: [std::sync::OnceLock<Ruleset>; BUILTIN.len()] =
            [const { std::sync::OnceLock::new() }; BUILTIN.len()];
        let slot = &PARSED[BUILTIN.iter().position(|(b, _)| b == n).unwrap_or(0)];
        if let Some(r) = slot.get() {
            return Ok(r.clone());
        }
        let r = Ruleset::parse_data(src, &format!("builtin ruleset `{n}`"))?;
        Ok(slot.get_or_init(|| r).clone())
    }

    /// A ruleset file.
    pub fn load(path: &Path) -> Result<Ruleset, Error> {
        Ruleset::load_in(path, &crate::input::Files::default())
    }

    /// A ruleset file, read from `files` before the disk.
    pub fn load_in(path: &Path, files: &crate::input::Files) -> Result<Ruleset, Error> {
        let src = files
            .read_text(path, crate::input::InputKind::Ruleset)
            .map_err(|e| e.for_option(Opt::Ruleset, path))?;
        Ruleset::parse(&src, &crate::input::shown_path(path))
    }

    /// Parses and checks a ruleset; `origin` names it in error messages.
    pub fn parse(src: &str, origin: &str) -> Result<Ruleset, Error> {
        crate::input::check_toml_strings(src, origin)?;
        Ruleset::parse_data(src, origin)
    }

    /// [`Ruleset::parse`] without the string check: for the built-in
    /// presets, whose strings the tests check once.
    fn parse_data(src: &str, origin: &str) -> Result<Ruleset, Error> {
        let mut r: Ruleset = toml::from_str(src).map_err(|e| {
            let mut err = toml_error(origin, src, &e);
            if let Error::Input { key, message, .. } = &mut err {
                if key.contains("`ranks.") {
                    *message = RANK_RANGE.into();
                } else if key.contains("trap_max_rank") {
                    *message =
                        "expected a whole number from 1 to 8 (8 lets every animal in)".into();
                }
            }
            err
        })?;
        // A key's own line (a description may hold the same words), read
        // for an error only: every value's place costs more than the rest.
        let at = |key: &str| {
            let origins = crate::input::KeyOrigins::of_values(src, origin);
            origins
                .place_of(key)
                .or_else(|| origins.place_of(key.split('.').next().unwrap_or(key)))
                .unwrap_or((1, 1))
        };
        for a in Animal::ALL {
            let rank = r.rank(a);
            if !(1..=8).contains(&rank) {
                let (line, column) = at(&format!("ranks.{}", a.key()));
                return Err(Error::Input {
                    origin: origin.to_string(),
                    line,
                    column,
                    key: format!("key `ranks.{}`: ", a.key()),
                    message: format!("rank {rank} is out of range; {RANK_RANGE}"),
                });
            }
        }
        if !(1..=8).contains(&r.variants.trap_max_rank) {
            let (line, column) = at("variants.trap_max_rank");
            return Err(Error::Input {
                origin: origin.to_string(),
                line,
                column,
                key: "key `variants.trap_max_rank`: ".into(),
                message: format!(
                    "{} is out of range; expected 1 to 8 (8 lets every animal in)",
                    r.variants.trap_max_rank
                ),
            });
        }
        let clashes = r.contradictions();
        if !clashes.is_empty() {
            let (line, column) = at("variants.four_animals");
            return Err(Error::Input {
                origin: origin.to_string(),
                line,
                column,
                key: String::new(),
                message: format!(
                    "`variants.four_animals = true` leaves only the rat, dog, tiger and elephant on a board \
                     without river or traps, but {} {} turned on; turn {} off or set `four_animals = false`",
                    clashes.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "),
                    if clashes.len() == 1 { "is" } else { "are" },
                    if clashes.len() == 1 { "it" } else { "them" },
                ),
            });
        }
        r.source = crate::input::SourceText::new("ruleset", origin, src);
        Ok(r)
    }

    /// Settings that make no sense in the four-animal game: the fox replacing
    /// the absent wolf, a dog swimming in a river that is not there, leaps over it.
    fn contradictions(&self) -> Vec<&'static str> {
        let v = &self.variants;
        if !v.four_animals {
            return Vec::new();
        }
        [
            ("play.fox", self.play.fox),
            ("variants.dog_swims", v.dog_swims),
            ("variants.leopard_jumps", v.leopard_jumps != Jumps::None),
            ("variants.lion_jumps", v.lion_jumps != Jumps::None),
            ("variants.tiger_jumps", v.tiger_jumps != Jumps::None),
        ]
        .into_iter()
        .filter(|(_, on)| *on)
        .map(|(k, _)| k)
        .collect()
    }

    /// The name to print for this ruleset in language `code`.
    pub fn title(&self, code: &str) -> &str {
        self.title_key(code).1
    }

    /// The name to print in language `code` with its key: the title of the
    /// language tag or of its shorter forms (`zh-Hant-TW`, then `zh-Hant`,
    /// then `zh`; letter case ignored), else `meta.title.en`, else `meta.name`.
    pub fn title_key(&self, code: &str) -> (String, &str) {
        let t = &self.meta.title;
        let found = self.title_for_tag(code).or_else(|| t.get_key_value("en"));
        match found {
            Some((k, v)) => (format!("meta.title.{k}"), v),
            None => ("meta.name".into(), &self.meta.name),
        }
    }

    /// The title written for language tag `code` or one of its shorter forms.
    pub fn title_for_tag(&self, code: &str) -> Option<(&String, &String)> {
        let mut tag = code;
        loop {
            if let Some(kv) = self
                .meta
                .title
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(tag))
            {
                return Some(kv);
            }
            tag = &tag[..tag.rfind('-')?];
        }
    }

    /// The animals that may enter the water: the rat, and the dog when it swims.
    pub fn swimmers(&self) -> Vec<Animal> {
        let mut s = vec![Animal::Rat];
        if self.variants.dog_swims {
            s.push(Animal::Dog);
        }
        s
    }

    /// The animals in play: all eight, or rat, dog, tiger and elephant in the four-animal game.
    pub fn animals(&self) -> Vec<Animal> {
        if self.variants.four_animals {
            vec![Animal::Rat, Animal::Dog, Animal::Tiger, Animal::Elephant]
        } else {
            Animal::ALL.to_vec()
        }
    }

    /// The animals in play, strongest first (ties keep the usual order).
    pub fn animals_by_rank(&self) -> Vec<Animal> {
        let mut a = self.animals();
        a.reverse();
        a.sort_by_key(|a| std::cmp::Reverse(self.rank(*a)));
        a
    }

    /// The rank of an animal in this ruleset.
    pub fn rank(&self, a: Animal) -> u8 {
        let r = &self.ranks;
        match a {
            Animal::Rat => r.rat,
            Animal::Cat => r.cat,
            Animal::Dog => r.dog,
            Animal::Wolf => r.wolf,
            Animal::Leopard => r.leopard,
            Animal::Tiger => r.tiger,
            Animal::Lion => r.lion,
            Animal::Elephant => r.elephant,
        }
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::builtin("standard").expect("the standard preset is valid")
    }
}

impl Load for Ruleset {
    fn load(source: &Source, files: &crate::input::Files) -> Result<Ruleset, Error> {
        match source {
            Source::Builtin(name) => Ruleset::builtin(name),
            Source::File(path) => Ruleset::load_in(path, files),
            // An uploaded file's name is the user's: shown escaped and cut.
            Source::Text { name, contents } => {
                Ruleset::parse(contents, &crate::error::User(name).to_string())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_title_follows_the_language_tag_to_its_shorter_forms() {
        let r = super::Ruleset::default();
        let (key, title) = r.title_key("zh-Hant-TW");
        assert_eq!(key, "meta.title.zh-Hant");
        assert_eq!(title, r.meta.title["zh-Hant"]);
        assert_eq!(r.title_key("FR-ca").0, "meta.title.fr");
        assert_eq!(r.title_key("xx").0, "meta.title.en");
        assert!(r.title_for_tag("xx-YY").is_none());
    }

    #[test]
    fn a_ruleset_from_before_win_settings_still_loads() {
        let src = BUILTIN[0].1;
        let a = src.find("[win]").unwrap();
        let b = a + src[a..].find("\n[").unwrap() + 1;
        let old = format!("{}{}", &src[..a], &src[b..]);
        let r = Ruleset::parse(&old, "old.toml").unwrap();
        assert_eq!(r.win, Win::default());
        assert_eq!(r.win, Ruleset::builtin("standard").unwrap().win);
    }

    use super::*;

    #[test]
    fn standard_ranks_wolf_above_dog() {
        let r = Ruleset::default();
        let ranks: Vec<u8> = Animal::ALL.iter().map(|a| r.rank(*a)).collect();
        assert_eq!(ranks, vec![1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn bell_swaps_dog_and_wolf() {
        let r = Ruleset::builtin("bell").unwrap();
        assert_eq!((r.rank(Animal::Dog), r.rank(Animal::Wolf)), (4, 3));
    }

    #[test]
    fn fox_preset_puts_the_fox_below_the_dog() {
        let r = Ruleset::builtin("fox").unwrap();
        assert!(r.play.fox);
        assert!(r.rank(Animal::Dog) > r.rank(Animal::Wolf));
        assert!(r.variants.dog_swims);
    }

    #[test]
    fn out_of_range_rank_names_line_and_key() {
        let src = BUILTIN[0].1.replace("tiger = 6", "tiger = 9");
        let e = Ruleset::parse(&src, "house.toml").unwrap_err().to_string();
        assert!(
            e.starts_with("house.toml:") && e.contains("ranks.tiger") && e.contains("1 to 8"),
            "{e}"
        );
    }
}

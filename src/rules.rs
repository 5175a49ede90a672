//! Rulesets: the ranks and variant rules in force, as TOML data.
//!
//! The ranks printed on counters and in the handout come from here and
//! nowhere else. Presets live in `rules/` and are embedded in the binary.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{toml_error, Error};
use crate::layout::Animal;

/// A ruleset's identity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesMeta {
    /// Short name (`standard`, `bell`, …).
    pub name: String,
    /// One line saying what sets it apart.
    pub description: String,
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

/// Who plays first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Play {
    /// The side that moves first.
    pub first: crate::layout::Side,
    /// A fox takes the wolf's place.
    pub fox: bool,
}

/// Variant rules, each a setting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variants {
    pub dog_swims: bool,
    pub elephant_captures_rat: bool,
    pub rat_captures_leaving_water: bool,
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
    pub variants: Variants,
}

/// Built-in presets: (name, TOML source).
pub const BUILTIN: [(&str, &str); 3] = [
    ("standard", include_str!("../rules/standard.toml")),
    ("bell", include_str!("../rules/bell.toml")),
    ("fox", include_str!("../rules/fox.toml")),
];

impl Ruleset {
    /// A built-in preset by name.
    pub fn builtin(name: &str) -> Result<Ruleset, Error> {
        let (n, src) = BUILTIN.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            Error::usage(
                "--ruleset",
                format!(
                    "unknown ruleset `{name}`; built-in rulesets are {} (or give a .toml file)",
                    BUILTIN
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        Ruleset::parse(src, &format!("builtin ruleset `{n}`"))
    }

    /// A preset name or a path to a TOML file.
    pub fn from_arg(arg: &str) -> Result<Ruleset, Error> {
        if arg.ends_with(".toml") || arg.contains('/') {
            let src = crate::input::read_text(Path::new(arg), crate::input::InputKind::Ruleset)
                .map_err(|e| e.for_option("--ruleset", Path::new(arg)))?;
            Ruleset::parse(&src, &crate::input::shown(arg))
        } else {
            Ruleset::builtin(arg)
        }
    }

    /// Parses and checks a ruleset; `origin` names it in error messages.
    pub fn parse(src: &str, origin: &str) -> Result<Ruleset, Error> {
        crate::input::check_toml_strings(src, origin)?;
        let r: Ruleset = toml::from_str(src).map_err(|e| toml_error(origin, src, &e))?;
        for a in Animal::ALL {
            let rank = r.rank(a);
            if !(1..=8).contains(&rank) {
                let off = src.find(&format!("{} =", a.key())).unwrap_or(0);
                let (line, column) = crate::error::line_col(src, off);
                return Err(Error::Input {
                    origin: origin.to_string(),
                    line,
                    column,
                    key: format!("key `ranks.{}`: ", a.key()),
                    message: format!(
                        "rank {rank} is out of range; ranks go from 1 (weakest) to 8 (strongest)"
                    ),
                });
            }
        }
        if !(1..=8).contains(&r.variants.trap_max_rank) {
            let off = src.find("trap_max_rank").unwrap_or(0);
            let (line, column) = crate::error::line_col(src, off);
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
        Ok(r)
    }

    /// The animals in play: all eight, or rat, dog, tiger and elephant in the four-animal game.
    pub fn animals(&self) -> Vec<Animal> {
        if self.variants.four_animals {
            vec![Animal::Rat, Animal::Dog, Animal::Tiger, Animal::Elephant]
        } else {
            Animal::ALL.to_vec()
        }
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

#[cfg(test)]
mod tests {
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
            e.starts_with("house.toml:") && e.contains("ranks.tiger") && e.contains("1 (weakest)"),
            "{e}"
        );
    }
}

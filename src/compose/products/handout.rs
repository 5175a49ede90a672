//! The rules handout: every sentence from the language pack, chosen by the
//! ruleset, with a set-up diagram, a rank table and a diagram for each
//! rule (moving, capturing, the river, traps, the den) drawn from the
//! engine's ([`crate::compose::drawn::diagrams`]), as the poster draws them.

use crate::game::{Animal, Board, Piece, Side, Square, SquareKind};
use crate::layout::paper::Paper;
use crate::layout::BoardPlacement;
use crate::layout::Rect;
use crate::limits::MIN_HANDOUT_AREA;
use crate::play::rules::{Jumps, Ruleset, Traps, WaterCapture};
use crate::resolve::Resources;
use crate::scene::{pt, shapes, Color, Item, Page, Pt, Seg, Stroke};

use crate::compose::typesetting::flow::{
    flow, lay, line_pages, measure, Block, Breaks, Laid, Placed, Style,
};
use crate::compose::typesetting::label::{text_fit, FitText};

/// Choices for the handout.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HandoutOptions {
    /// Paper size.
    pub paper: Paper,
}

/// The ruleset's name as printed in this language (never its internal id when a title exists).
pub fn ruleset_line(res: &Resources) -> String {
    res.rules.title(&res.lang.meta.code).to_string()
}

/// The ruleset's printed name when it differs from the standard rules (for
/// the title block and the cover); `None` for the standard rules.
pub fn variant_name(res: &Resources) -> Option<String> {
    (!variant_sentences(res).is_empty()).then(|| ruleset_line(res))
}

/// The subtitle under the game's name, followed by the variant's name when
/// the rules are not the standard ones ("… · Fox variant").
pub fn subtitle_line(res: &Resources) -> String {
    let sub = &res.lang.game.subtitle;
    match variant_name(res) {
        Some(v) => format!("{sub}  ·  {v}"),
        None => sub.clone(),
    }
}

/// How many 1 % steps the handout's type and set-up diagram may shrink to
/// save a page: 16, about 15 % (3.65 mm body on A4 becomes no less than
/// 3.1 mm, 9 pt).
const SHRINK_STEPS: i32 = 16;

/// As [`SHRINK_STEPS`] for text carrying Zhuyin or pinyin throughout, set
/// 1.3 times larger ([`crate::compose::typesetting::running::RUNNING_GROWTH`]):
/// 26 steps, about 23 %, which keeps it no smaller than plain text at full
/// size (4.75 mm becomes 3.67 mm), so that the Zhuyin handout fits two A4
/// pages.
const ANNOTATED_SHRINK_STEPS: i32 = 26;

/// The handout laid out on this paper: its margin, text style and rows. The
/// type is the paper's usual size, or up to [`SHRINK_STEPS`] % smaller when
/// that saves a page (Animal Checkers' rules then fit on one).
fn setup(res: &Resources, opts: &HandoutOptions) -> (f64, Style, Laid) {
    let margin = handout_margin(res);
    let width = opts.paper.width - 2.0 * margin;
    let base = (width / 52.0).clamp(2.9, 3.7);
    // A trial layout is measured, not drawn (`draw` false): its pages
    // are counted, never shown. The layout drawn at a size measured last
    // takes that layout's blocks (their warnings noted again) and line
    // breaks.
    let breaks = Breaks::default();
    type Made = (i32, Vec<Block>, Vec<(String, String)>);
    let last: std::cell::RefCell<Option<Made>> = std::cell::RefCell::new(None);
    let at = |k: i32, draw: bool| {
        let style = Style {
            size: base * 0.99f64.powi(k),
            ink: res.theme.board.text.0,
            accent: res.theme.sides.south.0,
        };
        let (blocks, warned) = match last.borrow_mut().take() {
            Some((j, blocks, warned)) if j == k => {
                for (key, m) in &warned {
                    res.warn_key(key, m.clone());
                }
                (blocks, warned)
            }
            _ => {
                let prior = res.take_keyed_warnings();
                let blocks = blocks(res, width, style.size, 0.99f64.powi(k));
                let warned = res.take_keyed_warnings();
                for (key, m) in prior.iter().chain(&warned) {
                    res.warn_key(key, m.clone());
                }
                (blocks, warned)
            }
        };
        let laid = if draw {
            lay(res, opts.paper, margin, &style, &blocks, &breaks)
        } else {
            let laid = measure(res, opts.paper, margin, &style, &blocks, &breaks);
            *last.borrow_mut() = Some((k, blocks, warned));
            laid
        };
        (style, laid)
    };
    // The full-size layout is measured first: when a smaller one is kept,
    // it is never drawn. Its warnings are those of the layout drawn below.
    let before = res.take_keyed_warnings();
    let restore = || {
        res.take_warnings();
        for (k, m) in &before {
            res.warn_key(k, m.clone());
        }
    };
    let laid = crate::text::linebreak::unrecorded(|| at(0, false).1);
    restore();
    let n = laid.pages();
    let annotated =
        crate::compose::typesetting::running::Running::of(res).is_some_and(|r| r.annotated());
    let (steps, fill) = if annotated {
        (ANNOTATED_SHRINK_STEPS, 0.75)
    } else {
        (SHRINK_STEPS, 0.25)
    };
    // Shrinking shortens the handout by less than the type (the river
    // diagram keeps its size): only a last page this empty may be saved.
    if n == 1 || laid.last_fill() > fill * (n - 1) as f64 {
        let (style, laid) = at(0, true);
        return (margin, style, laid);
    }
    // Trial layouts are not the handout: their lines are not recorded, and
    // their warnings are dropped.
    let saves = |k: i32| {
        let fewer = crate::text::linebreak::unrecorded(|| at(k, false).1.pages() < n);
        res.take_warnings();
        fewer
    };
    // The smallest step that saves a page, as a binary search over the
    // steps finds it (a smaller type saves a page if a larger one does), but
    // begun where the page count puts it: the text's area goes as the
    // square of its size, so n − 1 + fill pages become n − 1 at about
    // `guess`. The guess is tried first, then up to two steps on from it
    // towards the answer, then halves. Each trial is a layout measured.
    let pages = (n - 1) as f64;
    let guess = ((pages / (pages + laid.last_fill())).ln() / (2.0 * 0.99f64.ln())).ceil();
    let guess = (guess as i32).clamp(1, steps);
    let (mut lo, mut hi) = (0, steps);
    if saves(guess) {
        hi = guess;
    } else if guess == steps || !saves(steps) {
        restore();
        let (style, laid) = at(0, true);
        return (margin, style, laid);
    } else {
        lo = guess;
    }
    let mut near = Some(if hi == guess { guess - 1 } else { guess + 1 });
    let mut walked = 0;
    while hi - lo > 1 {
        let mid = near.filter(|m| lo < *m && *m < hi).unwrap_or((lo + hi) / 2);
        let fewer = saves(mid);
        if fewer {
            hi = mid;
        } else {
            lo = mid;
        }
        walked += 1;
        near = (walked < 2).then_some(if fewer { mid - 1 } else { mid + 1 });
    }
    // Warnings noted before the trials come back; the kept layout adds its
    // own (a duplicate is noted once).
    restore();
    let (style, laid) = at(hi, true);
    (margin, style, laid)
}

/// The handout's margin on every edge, mm: the theme's, at least 8 mm.
pub fn handout_margin(res: &Resources) -> f64 {
    res.theme.page.margin.max(8.0)
}

/// Refuses paper whose text area (less the theme's margins) is too small for
/// the rules handout, as the board refuses paper too small for the board.
pub fn check_fits(res: &Resources, paper: Paper) -> Result<(), crate::error::Error> {
    let margin = handout_margin(res);
    let (w, h) = (paper.width - 2.0 * margin, paper.height - 2.0 * margin);
    if w < MIN_HANDOUT_AREA.0 || h < MIN_HANDOUT_AREA.1 {
        return Err(crate::error::Error::PaperTooSmallForRules {
            room: (w, h),
            margin,
            min: MIN_HANDOUT_AREA,
        });
    }
    Ok(())
}

/// Composes the handout's pages.
pub fn handout_pages(res: &Resources, opts: &HandoutOptions) -> Vec<Page> {
    let (margin, style, laid) = setup(res, opts);
    let footer = format!("{}  ·  {}", res.lang.game.han, ruleset_line(res));
    flow(res, opts.paper, margin, &style, laid, &footer)
}

/// The handout as one web page (`rules --format html`, see
/// [`crate::compose::typesetting::html`]): the same blocks as the printed
/// handout at its full size, its diagrams drawn as on `opts.paper`, titled
/// `title`. Refused when the pack has no words to tell the diagrams' moves.
pub fn handout_html(
    res: &Resources,
    opts: &HandoutOptions,
    title: &str,
) -> Result<String, crate::error::Error> {
    crate::compose::drawn::diagrams::move_words(res)?;
    let margin = handout_margin(res);
    let width = opts.paper.width - 2.0 * margin;
    let size = (width / 52.0).clamp(2.9, 3.7);
    let blocks = blocks(res, width, size, 1.0);
    Ok(crate::compose::typesetting::html::page(res, title, &blocks))
}

/// Where each typeset row of the handout lands: for checking page breaks.
pub fn handout_line_pages(res: &Resources, opts: &HandoutOptions) -> Vec<Placed> {
    let (_, _, laid) = setup(res, opts);
    line_pages(&laid)
}

/// The handout's text, paragraph by paragraph, as a reader without the page
/// gets it (the braille rules are made from it): the title, each heading,
/// paragraph and bullet, the rank table a row a line (its cells joined by
/// spaces), each figure's caption; under the set-up diagram's caption, each
/// animal's start squares (`Elephant: a3, g7`, south's first). A pack that is
/// not Chinese prints no Chinese characters here (they are the sheets'
/// decoration), and no line is empty.
pub fn plain_text(res: &Resources) -> Vec<String> {
    let cjk = res.lang.is_cjk();
    let clean = |t: &str| -> String {
        let kept: String = if cjk {
            t.to_string()
        } else {
            t.chars().filter(|&c| !crate::text::is_han(c)).collect()
        };
        kept.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let mut out = Vec::new();
    let mut push = |t: &str| {
        let t = clean(t);
        if !t.is_empty() {
            out.push(t);
        }
    };
    let mut stack = blocks(res, 180.0, 3.6, 1.0);
    stack.reverse();
    while let Some(b) = stack.pop() {
        match b {
            Block::Title(t, sub) => {
                push(&t);
                push(&sub);
            }
            Block::Heading(t) | Block::Para(t) => push(&t),
            Block::Bullets(items) => items.iter().for_each(|t| push(t)),
            Block::Table { header, rows, .. } => {
                for row in std::iter::once(&header).chain(&rows) {
                    let cells: Vec<String> = row.iter().map(|c| clean(c)).collect();
                    push(&cells.join(" "));
                }
            }
            Block::Figure { caption, .. } => {
                push(&caption);
                if caption == res.lang.handout.setup_caption {
                    for line in start_lines(res) {
                        push(&line);
                    }
                }
            }
            Block::Columns(left, right) => {
                stack.extend(right.into_iter().rev());
                stack.extend(left.into_iter().rev());
            }
            // The text, then the figure's caption.
            Block::Beside(figure, text) => {
                stack.push(*figure);
                stack.extend(text.into_iter().rev());
            }
        }
    }
    out
}

/// Each animal in play, strongest first, with its start squares, south's
/// first: `Elephant: a3, g7` (`大象：a3，g7` in a Chinese pack).
fn start_lines(res: &Resources) -> Vec<String> {
    let start = crate::compose::drawn::diagrams::start(res);
    let (colon, comma) = if res.lang.is_cjk() {
        ("：", "，")
    } else {
        (": ", ", ")
    };
    res.rules
        .animals_by_rank()
        .into_iter()
        .filter_map(|a| {
            let mut squares: Vec<(Side, Square)> = start
                .pieces()
                .filter(|(_, p)| p.animal == a)
                .map(|(sq, p)| (p.side, sq))
                .collect();
            squares.sort_by_key(|(side, _)| *side != Side::South);
            let squares: Vec<String> = squares.iter().map(|(_, sq)| sq.to_string()).collect();
            (!squares.is_empty())
                .then(|| format!("{}{colon}{}", res.animal(a).name, squares.join(comma)))
        })
        .collect()
}

/// The sentence saying how the elephant and the rat stand, traps included.
fn elephant_rat(res: &Resources) -> &str {
    let h = &res.lang.handout;
    let r = &res.rules;
    let v = &r.variants;
    if v.elephant_captures_rat {
        return &h.elephant_rat;
    }
    // A rat in a trap may be captured by any enemy that may step into the trap.
    let trap_open = !v.four_animals && v.trap_max_rank >= r.rank(Animal::Elephant);
    match (trap_open, v.traps) {
        (false, _) => &h.elephant_no_rat,
        (true, Traps::Enemy) => &h.elephant_no_rat_trap,
        (true, Traps::Any) => &h.elephant_no_rat_any_trap,
    }
}

/// What a swimmer may capture as it leaves the water.
fn water_capture(res: &Resources) -> &str {
    let h = &res.lang.handout;
    match res.rules.variants.capture_from_water {
        WaterCapture::None => &h.water_capture_none,
        WaterCapture::NoElephant => &h.water_capture_no_elephant,
        WaterCapture::Any => &h.water_capture_any,
    }
}

/// The sentences of the variants that differ from the standard rules, each
/// saying what this ruleset does; empty for the standard rules.
pub fn variant_sentences(res: &Resources) -> Vec<String> {
    let h = &res.lang.handout;
    let r = &res.rules;
    let v = &r.variants;
    let std = Ruleset::default();
    let sv = &std.variants;
    let water = !v.four_animals;
    let mut out = Vec::new();
    if v.four_animals != sv.four_animals && v.four_animals {
        out.push(h.variant_four.clone());
    }
    if r.play.fox {
        out.push(h.variant_fox.clone());
    }
    let sep = if res.lang.is_cjk() { "、" } else { ", " };
    let ranked = |rules: &Ruleset, animals: &[Animal]| {
        let mut a = animals.to_vec();
        a.sort_by_key(|a| std::cmp::Reverse(rules.rank(*a)));
        a.iter()
            .map(|a| {
                // The word used inside sentences ("Ranks: dog 4, wolf 3");
                // Chinese names are unchanged.
                format!(
                    "{} {}",
                    res.lang.animal(*a, rules.play.fox).noun(),
                    rules.rank(*a)
                )
            })
            .collect::<Vec<_>>()
            .join(sep)
    };
    let changed: Vec<Animal> = r
        .animals()
        .into_iter()
        .filter(|a| r.rank(*a) != std.rank(*a))
        .collect();
    if !changed.is_empty() {
        out.push(
            h.variant_ranks
                .replace("{list}", &ranked(r, &changed))
                .replace("{standard}", &ranked(&std, &changed)),
        );
    }
    if r.rank(Animal::Lion) == r.rank(Animal::Tiger) && !v.four_animals {
        out.push(h.variant_equal.clone());
    }
    if r.play.first != std.play.first {
        out.push(match r.play.first {
            Side::South => h.variant_first_south.clone(),
            Side::North => h.variant_first_north.clone(),
        });
    }
    if !r.win.capture_all && !r.win.no_moves {
        if std.win.capture_all || std.win.no_moves {
            out.push(h.variant_den_only.clone());
        }
    } else {
        if r.win.capture_all != std.win.capture_all {
            out.push(if r.win.capture_all {
                h.goal_capture_all.clone()
            } else {
                h.variant_no_capture_all.clone()
            });
        }
        if r.win.no_moves != std.win.no_moves {
            out.push(if r.win.no_moves {
                h.goal_no_moves.clone()
            } else {
                h.no_moves_agree.clone()
            });
        }
    }
    out.retain(|s| !s.is_empty());
    if v.no_repetition != sv.no_repetition {
        out.push(if v.no_repetition {
            join(res, &[&h.move_no_repetition, &h.move_no_repetition_stuck])
        } else {
            // What ends a chase is in the goal of the game.
            h.variant_repetition_allowed.clone()
        });
    }
    if v.elephant_captures_rat != sv.elephant_captures_rat {
        out.push(elephant_rat(res).to_string());
    }
    if water && v.dog_swims != sv.dog_swims {
        out.push(h.variant_dog.clone());
    }
    if water && v.capture_from_water != sv.capture_from_water {
        out.push(water_capture(res).to_string());
    }
    if water {
        let before = jumpers(&std);
        for ((a, j), (_, was)) in jumpers(r).into_iter().zip(before) {
            if j == was {
                continue;
            }
            out.extend(match (a, j) {
                (Animal::Lion, Jumps::None) => Some(h.lion_none.clone()),
                (Animal::Tiger, Jumps::None) => Some(h.tiger_none.clone()),
                (Animal::Leopard, Jumps::None) => Some(h.leopard_none.clone()),
                _ => jump_sentence(res, a, j),
            });
        }
    }
    if water && v.trap_max_rank != sv.trap_max_rank && v.trap_max_rank < 8 {
        out.push(h.traps_rank.replace("{n}", &v.trap_max_rank.to_string()));
    }
    if water && v.traps != sv.traps && v.traps == Traps::Any {
        out.push(h.traps_any.clone());
    }
    out
}
/// The sentence saying who moves first.
fn first(res: &Resources) -> &str {
    let h = &res.lang.handout;
    if res.rules.play.first == Side::South {
        &h.first_south
    } else {
        &h.first_north
    }
}

/// Who plays which counters, from the theme: by colour when the sides' colours
/// have different names and are not both black or grey, else by the line
/// round their rims when that differs. `None` when nothing the pack can name
/// tells them apart, or the pack lacks the words.
pub(crate) fn sides_sentence(res: &Resources, by_colour: &str, by_pattern: &str) -> Option<String> {
    use crate::theme::family;
    let looks = &res.lang.looks;
    let (s, n) = (
        family(res.theme.side(Side::South)),
        family(res.theme.side(Side::North)),
    );
    let plain = |f: &str| f == "black" || f == "grey";
    let pattern = |side| res.theme.pattern(side).name();
    let (template, south, north) = if s != n && !(plain(s) && plain(n)) {
        (by_colour, s, n)
    } else if pattern(Side::South) != pattern(Side::North) {
        (by_pattern, pattern(Side::South), pattern(Side::North))
    } else {
        return None;
    };
    let (south, north) = (looks.word(south), looks.word(north));
    (!template.is_empty() && !south.is_empty() && !north.is_empty())
        .then(|| template.replace("{south}", south).replace("{north}", north))
}

/// The three animals that may leap, with how each may.
fn jumpers(r: &Ruleset) -> [(Animal, Jumps); 3] {
    let v = &r.variants;
    [
        (Animal::Lion, v.lion_jumps),
        (Animal::Tiger, v.tiger_jumps),
        (Animal::Leopard, v.leopard_jumps),
    ]
}

/// Sentences run together: with a space in alphabetic scripts, directly in Chinese.
fn join(res: &Resources, parts: &[&str]) -> String {
    let sep = if res.lang.is_cjk() { "" } else { " " };
    parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(sep)
}

/// The handout's sentences on who may leap and how: one for the lion and
/// the tiger together when they leap alike and the pack has that sentence.
fn leap_sentences(res: &Resources) -> Vec<String> {
    let h = &res.lang.handout;
    let v = &res.rules.variants;
    let together = match v.lion_jumps {
        _ if v.lion_jumps != v.tiger_jumps => "",
        Jumps::None => "",
        Jumps::Both => &h.lion_tiger_both,
        Jumps::Sideways => &h.lion_tiger_sideways,
        Jumps::Lengthwise => &h.lion_tiger_lengthwise,
    };
    let mut out = Vec::new();
    if !together.is_empty() {
        out.push(together.to_string());
    }
    out.extend(
        jumpers(&res.rules)
            .into_iter()
            .filter(|(a, _)| together.is_empty() || *a == Animal::Leopard)
            .filter_map(|(a, j)| jump_sentence(res, a, j)),
    );
    out
}

fn jump_sentence(res: &Resources, animal: Animal, j: Jumps) -> Option<String> {
    let h = &res.lang.handout;
    let s = match (animal, j) {
        (_, Jumps::None) => return None,
        (Animal::Lion, Jumps::Both) => &h.lion_both,
        (Animal::Lion, Jumps::Sideways) => &h.lion_sideways,
        (Animal::Lion, Jumps::Lengthwise) => &h.lion_lengthwise,
        (Animal::Tiger, Jumps::Both) => &h.tiger_both,
        (Animal::Tiger, Jumps::Sideways) => &h.tiger_sideways,
        (Animal::Tiger, Jumps::Lengthwise) => &h.tiger_lengthwise,
        (Animal::Leopard, Jumps::Both) => &h.leopard_both,
        (Animal::Leopard, Jumps::Sideways) => &h.leopard_sideways,
        (Animal::Leopard, Jumps::Lengthwise) => &h.leopard_lengthwise,
        _ => return None,
    };
    Some(s.clone())
}

/// The handout's blocks for a column `width` mm wide, body `size` mm; the
/// set-up diagram is `shrink` (0–1) of its full size, like the type.
fn blocks(res: &Resources, width: f64, size: f64, shrink: f64) -> Vec<Block> {
    let h = &res.lang.handout;
    let v = &res.rules.variants;
    let mut b = opening_blocks(res);
    b.extend(setup_and_ranks(res, width, shrink));
    b.extend(moving_blocks(res, size));
    if !v.four_animals {
        b.extend(river_blocks(res, width, size));
        b.extend(traps_blocks(res, size));
    }
    b.extend(den_blocks(res, size));

    // The standard rules have no differences to list: no section.
    let variants = variant_sentences(res);
    if !variants.is_empty() {
        b.push(Block::Heading(h.variants_heading.clone()));
        b.push(Block::Bullets(variants));
    }
    b
}

/// What the third time a position comes up does, where positions may
/// repeat: the sentence for the ruleset's `win.third_repetition`.
pub fn third_repetition(res: &Resources) -> &str {
    let h = &res.lang.handout;
    match res.rules.win.third_repetition {
        crate::play::rules::ThirdRepetition::Draw => &h.goal_repeat_draw,
        crate::play::rules::ThirdRepetition::Loss => &h.goal_repeat_loss,
    }
}

/// The title, then what one needs, the goal and how to set up.
fn opening_blocks(res: &Resources) -> Vec<Block> {
    let h = &res.lang.handout;
    let r = &res.rules;
    let v = &r.variants;
    let mut goal = vec![h.goal.as_str()];
    if r.win.capture_all {
        goal.push(&h.goal_capture_all);
    }
    // The sources are silent on a player who cannot move: the ruleset's
    // answer, or a word to agree on one.
    if r.win.no_moves {
        goal.push(&h.goal_no_moves);
    } else {
        goal.push(&h.no_moves_agree);
    }
    // Where positions may repeat, what ends a chase.
    if !v.no_repetition {
        goal.push(third_repetition(res));
    }
    let need = if v.four_animals && !h.need_four.is_empty() {
        &h.need_four
    } else {
        &h.need
    };
    vec![
        Block::Title(res.lang.game.title_line(), subtitle_line(res)),
        Block::Heading(h.need_heading.clone()),
        Block::Para(need.clone()),
        Block::Heading(h.goal_heading.clone()),
        Block::Para(join(res, &goal)),
        Block::Heading(h.setup_heading.clone()),
        Block::Para(join(
            res,
            &[
                // Pre-readers match pictures, never characters.
                if res.theme.counters.layout == crate::theme::FaceLayout::Picture
                    && !h.setup_pictures.is_empty()
                {
                    &h.setup_pictures
                } else {
                    &h.setup
                },
                &sides_sentence(res, &h.sides_colour, &h.sides_pattern).unwrap_or_default(),
                first(res),
            ],
        )),
    ]
}

/// The set-up diagram beside the ranks heading, sentence and table on paper
/// at least 150 mm wide (a column `width` mm), stacked below it on narrower
/// paper; the diagram is `shrink` (0–1) of its full size.
fn setup_and_ranks(res: &Resources, width: f64, shrink: f64) -> Vec<Block> {
    let h = &res.lang.handout;
    let wide = width >= 150.0;
    let q = shrink
        * if wide {
            ((width / 2.0 - 4.0) / 7.0).min(9.0).floor()
        } else {
            (width * 0.6 / 7.0).min(9.0).floor()
        };
    let place = BoardPlacement {
        square: q,
        origin: pt(0.0, 0.0),
    };
    let diagram = Block::Figure {
        w: 7.0 * q,
        h: 9.0 * q,
        items: crate::compose::products::board::board_items(res, place, false),
        caption: h.setup_caption.clone(),
        alt: told(res, &[crate::compose::drawn::diagrams::setup(res)]),
    };
    let ranks = vec![
        Block::Heading(h.ranks_heading.clone()),
        Block::Para(h.ranks.clone()),
        rank_table(res),
    ];
    if wide {
        vec![Block::Columns(vec![diagram], ranks)]
    } else {
        let mut b = vec![diagram];
        b.extend(ranks);
        b
    }
}

/// The rank table: the animals from strongest down, with their characters,
/// readings or names, pictures and ranks.
fn rank_table(res: &Resources) -> Block {
    let h = &res.lang.handout;
    let r = &res.rules;
    // The name column holds what boards and counters print under the
    // character (pinyin, or the name); with Zhuyin beside the characters,
    // pinyin over them (printed once, not again in a column), or no guide,
    // the table has the character and the rank only, and a column of its
    // own for the pictures when the theme draws them.
    let ranked = r.animals_by_rank();
    let named =
        res.lang.phonetic() == crate::lang::Phonetic::Pinyin && !res.lang.pinyin_throughout();
    let art = crate::compose::drawn::scenery::animal_pictures(res, res.theme.board.text.0);
    let pictures: Vec<Option<(crate::picture::Art, String)>> = ranked
        .iter()
        .map(|a| {
            art.iter()
                .find(|(x, ..)| x == a)
                .map(|(_, art, key)| (art.clone(), key.clone()))
        })
        .collect();
    let pictured = pictures.iter().any(Option::is_some);
    // The animals' names in a column of their own when the pack has a
    // header for it (大象 beside 象 and its reading), even with Zhuyin beside
    // the characters.
    let label = |a: Animal| {
        let n = res.animal(a);
        if n.label().is_empty() {
            n.name.clone()
        } else {
            n.label().to_string()
        }
    };
    let names = !h.col_animal.is_empty()
        && ranked.iter().any(|&a| {
            let n = res.animal(a);
            n.name != n.han && (!named || n.name != label(a))
        });
    let mut header = vec![h.col_han.clone()];
    if named {
        header.push(h.col_name.clone());
    }
    if names {
        header.push(h.col_animal.clone());
    }
    if pictured && !named && !names {
        // A column for the pictures alone.
        header.push(String::new());
    }
    header.push(h.col_rank.clone());
    Block::Table {
        header,
        pictures,
        rows: ranked
            .iter()
            .map(|&a| {
                let n = res.animal(a);
                let mut row = vec![n.han.clone()];
                if named {
                    row.push(label(a));
                }
                if names {
                    row.push(n.name.clone());
                }
                if pictured && !named && !names {
                    row.push(String::new());
                }
                row.push(r.rank(a).to_string());
                row
            })
            .collect(),
        han: 0,
        // Picture counters show their ranks as dots: the table too.
        dice: if res.theme.counters.layout == crate::theme::FaceLayout::Picture {
            ranked.iter().map(|&a| r.rank(a)).collect()
        } else {
            Vec::new()
        },
        zhuyin: ranked
            .iter()
            .map(|a| {
                res.animal(*a)
                    .readings()
                    .into_iter()
                    .map(String::from)
                    .collect()
            })
            .collect(),
    }
}

/// How pieces move, and how they capture (with the rat and the elephant),
/// each beside its diagram (body `size` mm).
fn moving_blocks(res: &Resources, size: f64) -> Vec<Block> {
    let h = &res.lang.handout;
    let mut moving = vec![h.move_.as_str(), &h.move_own];
    if res.rules.variants.no_repetition {
        moving.push(&h.move_no_repetition);
        moving.push(&h.move_no_repetition_stuck);
    }
    use crate::compose::drawn::diagrams;
    vec![
        Block::Heading(h.move_heading.clone()),
        beside(
            res,
            (&diagrams::stepping(), Ground::Land, size),
            &h.move_caption,
            vec![Block::Para(join(res, &moving))],
        ),
        Block::Heading(h.capture_heading.clone()),
        beside(
            res,
            (&diagrams::capturing(res), Ground::Land, size),
            &h.capture_caption,
            vec![
                Block::Para(h.capture.clone()),
                Block::Bullets(vec![h.rat_elephant.clone(), elephant_rat(res).to_string()]),
            ],
        ),
    ]
}

/// What a section's diagram is drawn on: plain land squares (the moves, not
/// the squares, are the point), or the board's own squares.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Ground {
    Land,
    Board,
}

/// The least side of a square of a section's diagram, in body ems: about
/// 8.8 mm on A4 (never under [`MIN_SQUARE`]), a counter on it 7.4 mm across.
const SECTION_SQUARE_EMS: f64 = 2.4;

/// A section's text with its diagram `d` at its right, drawn on `ground`
/// for body `size` mm, captioned `caption` and told in words for a reader
/// who cannot see it (the web page's text alternative).
fn beside(
    res: &Resources,
    (d, ground, size): (&crate::compose::drawn::diagrams::Diagram, Ground, f64),
    caption: &str,
    text: Vec<Block>,
) -> Block {
    let q = (size * SECTION_SQUARE_EMS).max(MIN_SQUARE);
    let (w, hh, items) = match ground {
        Ground::Land => {
            let (cols, rows) = d.size();
            let items = on_land(res, d, q, &look(res, 1.0));
            (cols as f64 * q, rows as f64 * q, items)
        }
        // Counters a little smaller than the squares, so that a trap's teeth
        // show round the one standing in it (as on the poster).
        // Without the start squares: the pieces of the rule stand elsewhere,
        // and a picture theme's start pictures (each clipped to its
        // square) would cost a class set of PNG pages a page of mask each.
        Ground::Board => on_board(res, d, q, &look(res, 0.72), false),
    };
    let figure = Block::Figure {
        w,
        h: hh,
        items,
        caption: caption.to_string(),
        alt: told(res, std::slice::from_ref(d)),
    };
    Block::Beside(Box::new(figure), text)
}

/// The river: who swims, who is safe there, and the leaps across it with
/// their diagram (at most 170 mm of a column `width` mm wide, body `size` mm).
fn river_blocks(res: &Resources, width: f64, size: f64) -> Vec<Block> {
    let h = &res.lang.handout;
    let swim = if res.rules.variants.dog_swims {
        &h.river_rat_dog
    } else {
        &h.river_rat
    };
    let mut b = vec![
        Block::Heading(h.river_heading.clone()),
        Block::Para(join(res, &[swim, &h.river_safe, water_capture(res)])),
    ];
    let jumps = leap_sentences(res);
    // On paper wider than A4 the diagram grows with the column.
    let wide = (width / 190.0).max(1.0);
    if !jumps.is_empty() {
        b.push(Block::Para(h.jump.clone()));
        let mut list = jumps;
        list.push(h.jump_blocked.clone());
        b.push(Block::Bullets(list));
        if let Some((w, hh, items)) = river_diagram(res, width.min(170.0 * wide), size, 8.0 * wide)
        {
            let alt = crate::compose::drawn::diagrams::leaps(res)
                .map(|(a, b)| told(res, &[a, b]))
                .unwrap_or_default();
            b.push(Block::Figure {
                w,
                h: hh,
                items,
                caption: h.jump_caption.clone(),
                alt,
            });
        }
    }
    b
}

/// The traps: whose traps hold which animals, beside the diagram of an
/// enemy taken in a trap (body `size` mm).
fn traps_blocks(res: &Resources, size: f64) -> Vec<Block> {
    let h = &res.lang.handout;
    let v = &res.rules.variants;
    let mut traps = vec![if v.traps == Traps::Enemy {
        h.traps_enemy.clone()
    } else {
        h.traps_any.clone()
    }];
    if v.trap_max_rank < 8 {
        traps.push(h.traps_rank.replace("{n}", &v.trap_max_rank.to_string()));
    }
    let traps: Vec<&str> = traps.iter().map(String::as_str).collect();
    vec![
        Block::Heading(h.traps_heading.clone()),
        beside(
            res,
            (
                &crate::compose::drawn::diagrams::trap(res),
                Ground::Board,
                size,
            ),
            &h.traps_caption,
            vec![Block::Para(join(res, &traps))],
        ),
    ]
}

/// The den, beside the diagram of an animal walking into the enemy den
/// (body `size` mm).
fn den_blocks(res: &Resources, size: f64) -> Vec<Block> {
    let h = &res.lang.handout;
    vec![
        Block::Heading(h.den_heading.clone()),
        beside(
            res,
            (
                &crate::compose::drawn::diagrams::den(res),
                Ground::Board,
                size,
            ),
            &h.den_caption,
            vec![Block::Para(h.den.clone())],
        ),
    ]
}

/// Diagrams told in words, one after the other ([`crate::compose::drawn::diagrams::describe`]);
/// empty when the pack has no words for moves.
fn told(res: &Resources, diagrams: &[crate::compose::drawn::diagrams::Diagram]) -> String {
    let Ok(w) = crate::compose::drawn::diagrams::move_words(res) else {
        return String::new();
    };
    let told: Vec<String> = diagrams
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let before = i.checked_sub(1).map(|k| &diagrams[k]);
            crate::compose::drawn::diagrams::describe_after(res, w, d, before)
        })
        .collect();
    told.join(if res.lang.is_cjk() { "" } else { " " })
}
/// Two strips of the board (rows 3–7): a legal leap, and the same leap blocked
/// by a swimming rat, at most `max_w` mm wide, squares at most `max_q` mm.
/// Returns width, height and items (origin top-left).
pub(crate) fn river_diagram(
    res: &Resources,
    max_w: f64,
    size: f64,
    max_q: f64,
) -> Option<(f64, f64, Vec<Item>)> {
    let (legal, blocked) = crate::compose::drawn::diagrams::leaps(res)?;
    let gap = size * 3.0;
    let q = ((max_w - gap) / 14.0).min(max_q);
    let mut items = strip(res, q, pt(0.0, 0.0), &legal);
    items.extend(strip(res, q, pt(7.0 * q + gap, 0.0), &blocked));
    Some((14.0 * q + gap, 5.0 * q, items))
}

/// Rows 3–7 of the board at square `q` and the diagram's pieces and moves
/// (a leap, or a leap blocked by a swimmer: a dashed arrow and a cross).
fn strip(
    res: &Resources,
    q: f64,
    origin: Pt,
    d: &crate::compose::drawn::diagrams::Diagram,
) -> Vec<Item> {
    let board = Board::standard();
    let th = &res.theme.board;
    let mut items = Vec::new();
    for row in d.rows.0..=d.rows.1 {
        for col in d.cols.0..=d.cols.1 {
            let s = Square::new(col, row);
            let x = origin.x + (col - d.cols.0) as f64 * q;
            let y = origin.y + (d.rows.1 - row) as f64 * q;
            let fill = if board.kind(s) == SquareKind::River {
                th.river.0
            } else {
                th.land.0
            };
            items.push(shapes::fill_stroke(
                shapes::rect(x, y, q, q),
                fill,
                Stroke::solid(th.grid.0, 0.2),
            ));
            // The theme's waves, as on the board: the water reads in black
            // and white, where the river's fill may be the land's.
            if board.kind(s) == SquareKind::River {
                items.push(crate::compose::products::board::waves(
                    Rect { x, y, w: q, h: q },
                    false,
                    th.river_wave.0,
                ));
            }
        }
    }
    // A bold cross over the landing square of a leap not allowed.
    let look = Look {
        counter: 1.0,
        dashed: true,
        cross: (0.3, 0.09, res.theme.sides.south.0),
        ranked: false,
    };
    items.extend(draw_diagram(res, d, q, origin, &look));
    items
}

/// `d` on plain land squares of `q` mm, origin top-left: the moves, not
/// the squares, are the point.
pub(crate) fn on_land(
    res: &Resources,
    d: &crate::compose::drawn::diagrams::Diagram,
    q: f64,
    look: &Look,
) -> Vec<Item> {
    let th = &res.theme.board;
    let (cols, rows) = d.size();
    let mut items = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            items.push(shapes::fill_stroke(
                shapes::rect(c as f64 * q, r as f64 * q, q, q),
                th.land.0,
                Stroke::solid(th.grid.0, (q * 0.025).max(0.2)),
            ));
        }
    }
    items.extend(draw_diagram(res, d, q, pt(0.0, 0.0), look));
    items
}

/// The squares `d` shows, drawn as on the board (clipped from the board
/// itself, its start squares marked when `starts`), squares `q` mm, and its
/// moves: width, height and items (origin top-left).
pub(crate) fn on_board(
    res: &Resources,
    d: &crate::compose::drawn::diagrams::Diagram,
    q: f64,
    look: &Look,
    starts: bool,
) -> (f64, f64, Vec<Item>) {
    let (cols, rows) = d.size();
    let place = BoardPlacement {
        square: q,
        origin: pt(-(d.cols.0 as f64) * q, -((8 - d.rows.1) as f64) * q),
    };
    let (w, h) = (cols as f64 * q, rows as f64 * q);
    let mut items = vec![Item::Clip(crate::scene::Clip {
        path: shapes::rect(0.0, 0.0, w, h),
        items: match starts {
            true => super::board::board_items(res, place, false),
            false => super::board::plain_board_items(res, place, false),
        },
    })];
    items.extend(draw_diagram(res, d, q, pt(0.0, 0.0), look));
    (w, h, items)
}

/// The least side of a diagram's square on the poster and the handout, mm: a counter on it
/// is then about 6 mm across, its character still legible at arm's length.
pub const MIN_SQUARE: f64 = 7.0;

/// How the poster and the handout's small diagrams draw their moves: counters `counter` of a square,
/// an illegal move as a cross alone.
pub(crate) fn look(res: &Resources, counter: f64) -> Look {
    Look {
        counter,
        dashed: false,
        cross: (0.22, 0.08, res.theme.board.coordinates.0),
        ranked: false,
    }
}

/// How a diagram's moves look.
#[derive(Debug, Clone, Copy)]
pub struct Look {
    /// The counters' size against the square (1 = as the poster and the
    /// handout draw them).
    pub counter: f64,
    /// An illegal move drawn as a dashed arrow under its cross (else the
    /// cross alone).
    pub dashed: bool,
    /// The cross: half its size and its stroke width, in squares, and colour.
    pub cross: (f64, f64, Color),
    /// Each counter shows its rank beside its character (the puzzles', read
    /// by children who do not yet know the characters); picture counters
    /// show it as dots whatever this says.
    pub ranked: bool,
}

/// Draws a rules diagram ([`crate::compose::drawn::diagrams`]): the pieces and the moves of `d`, squares `q` mm, offset by `origin`: the
/// pieces, then the arrows (the legal ones in the mover's colour, the others
/// dashed in the coordinates' colour), the pieces in the way of a move over
/// them, then the crosses on the targets of illegal moves.
pub fn draw_diagram(
    res: &Resources,
    d: &crate::compose::drawn::diagrams::Diagram,
    q: f64,
    origin: Pt,
    look: &Look,
) -> Vec<Item> {
    let at = |sq: Square| {
        let c = d.centre(sq, q);
        pt(origin.x + c.x, origin.y + c.y)
    };
    let shown = |sq: Square| {
        (d.cols.0..=d.cols.1).contains(&sq.col) && (d.rows.0..=d.rows.1).contains(&sq.row)
    };
    let piece = |sq: Square, p: Piece| {
        let size = q * look.counter;
        if look.ranked {
            ranked_counter(res, p.animal, p.side, at(sq), size)
        } else {
            counter(res, p.animal, p.side, at(sq), size)
        }
    };
    let mut items = Vec::new();
    let pieces: Vec<(Square, Piece)> = d.position.pieces().filter(|(s, _)| shown(*s)).collect();
    for &(sq, p) in pieces.iter().filter(|(s, _)| !d.in_the_way(*s)) {
        items.extend(piece(sq, p));
    }
    let mover = res.theme.side(d.position.to_move);
    for s in &d.moves {
        if s.legal {
            items.extend(arrow(at(s.mv.from), at(s.mv.to), q, mover, false));
        } else if look.dashed {
            let grey = res.theme.board.coordinates.0;
            items.extend(arrow(at(s.mv.from), at(s.mv.to), q, grey, true));
        }
    }
    for &(sq, p) in pieces.iter().filter(|(s, _)| d.in_the_way(*s)) {
        items.extend(piece(sq, p));
    }
    for s in d.moves.iter().filter(|s| !s.legal) {
        let c = at(s.mv.to);
        let (half, width, color) = look.cross;
        let r = q * half;
        let mut segs = shapes::line(pt(c.x - r, c.y - r), pt(c.x + r, c.y + r));
        segs.extend(shapes::line(pt(c.x - r, c.y + r), pt(c.x + r, c.y - r)));
        items.push(shapes::stroke(segs, Stroke::solid(color, q * width)));
    }
    items
}

/// An arrow from `a` to `b`, stopping short of both centres; dashed when `dashed`.
pub(crate) fn arrow(a: Pt, b: Pt, q: f64, color: crate::scene::Color, dashed: bool) -> Vec<Item> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let start = pt(a.x + ux * q * 0.48, a.y + uy * q * 0.48);
    let tip = pt(b.x - ux * q * 0.3, b.y - uy * q * 0.3);
    let head = q * 0.3;
    let base = pt(tip.x - ux * head, tip.y - uy * head);
    let stroke = if dashed {
        Stroke::dashed(color, q * 0.07, vec![q * 0.15, q * 0.1])
    } else {
        Stroke::solid(color, q * 0.07)
    };
    let wing = |s: f64| pt(base.x - uy * head * 0.5 * s, base.y + ux * head * 0.5 * s);
    vec![
        shapes::stroke(vec![Seg::Move(start), Seg::Line(base)], stroke),
        shapes::fill(shapes::polygon(&[tip, wing(1.0), wing(-1.0)]), color),
    ]
}

/// [`counter`] with the animal's rank beside its character: the character
/// a little to the upper left, the rank in bold at the lower right, both in
/// the side's ink (picture counters show their dots already).
fn ranked_counter(res: &Resources, animal: Animal, side: Side, c: Pt, q: f64) -> Vec<Item> {
    if res.theme.counters.layout == crate::theme::FaceLayout::Picture {
        return counter(res, animal, side, c, q);
    }
    let r = q * 0.42;
    let (mut items, ink) = disc(res, side, c, r, q);
    items.extend(text_fit(
        res,
        FitText {
            text: &res.animal(animal).han,
            stack: &res.han,
            size: q * 0.44,
            max_width: q * 0.46,
            pos: pt(c.x - q * 0.11, c.y - q * 0.06),
            rotation: 0.0,
            fill: ink,
        },
    ));
    items.extend(text_fit(
        res,
        FitText {
            text: &res.rules.rank(animal).to_string(),
            stack: &res.bold,
            size: q * 0.3,
            max_width: q * 0.22,
            pos: pt(c.x + q * 0.2, c.y + q * 0.13),
            rotation: 0.0,
            fill: ink,
        },
    ));
    crate::scene::decorative(items)
}

/// A diagram counter's disc of radius `r` mm centred on `c`, for a square
/// `q` mm wide, painted as the side's counters are (filled, or a light face
/// in a rim of the side's colour) with the side's line inside the rim;
/// returns it and the ink for what is printed on it.
fn disc(res: &Resources, side: Side, c: Pt, r: f64, q: f64) -> (Vec<Item>, Color) {
    let (ink, behind) = res.theme.counter_ink(side);
    let mut items = vec![shapes::fill(shapes::circle(c, r), res.theme.side(side))];
    let ringed = behind != res.theme.side(side);
    if ringed {
        items.push(shapes::fill(shapes::circle(c, r * 0.8), behind));
    }
    items.extend(crate::compose::drawn::side_marks::pattern_line(
        |grow| shapes::circle(c, r + grow),
        if ringed { r * 0.1 } else { q * 0.05 },
        res.theme.pattern(side),
        if ringed { behind } else { ink },
        q * 0.035,
    ));
    (items, ink)
}

/// A diagram's counter (the handout's and the poster's): a disc of `side`
/// showing `animal`'s character, centred on `c`, for a square `q` mm wide.
/// In a picture layout it is drawn as the counters print it: picture and
/// dots, no character (see [`crate::compose::drawn::faces::picture_counter`]).
pub(super) fn counter(res: &Resources, animal: Animal, side: Side, c: Pt, q: f64) -> Vec<Item> {
    let r = q * 0.42;
    if res.theme.counters.layout == crate::theme::FaceLayout::Picture {
        return crate::scene::decorative(crate::compose::drawn::faces::picture_counter(
            res,
            Piece { side, animal },
            c,
            2.0 * r,
        ));
    }
    // Painted as the side's counters are (filled, or a light face in a rim
    // of the side's colour), with the side's line inside the rim: in black
    // and white, or where two colours print as one grey, that tells the sides
    // apart as the sentence about them says.
    let (mut items, ink) = disc(res, side, c, r, q);
    items.extend(text_fit(
        res,
        FitText {
            text: &res.animal(animal).han,
            stack: &res.han,
            size: q * 0.55,
            max_width: q * 0.7,
            pos: c,
            rotation: 0.0,
            fill: ink,
        },
    ));
    // The character is the counter's picture: the sentences beside it say it.
    crate::scene::decorative(items)
}

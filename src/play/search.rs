//! Forced wins, found by searching every line of play: what a puzzle's
//! answer is, and the proof that it is the only one.

use super::moves::{Move, Outcome, Rules};
use super::position::Position;

/// A line of play from a position: the positions seen so far (for the ban on
/// repeated positions), the last one current.
struct Line<'a> {
    rules: &'a Rules,
    path: Vec<Position>,
}

impl Line<'_> {
    /// Adds `n` to the positions the rules' searches have visited.
    fn count(&self, n: u64) {
        let c = &self.rules.searched;
        c.set(c.get() + n);
    }

    fn now(&self) -> &Position {
        self.path.last().expect("a line has a position")
    }

    fn legal(&self) -> Vec<Move> {
        let pos = self.now();
        if self.rules.won(pos).is_some() || self.repeated().is_some() {
            return Vec::new();
        }
        let mut moves = self.rules.moves(pos);
        self.count(1 + moves.len() as u64);
        if self.rules.ruleset().variants.no_repetition {
            moves.retain(|m| {
                let next = self.rules.after(pos, *m);
                !self.path.contains(&next)
            });
        }
        moves
    }

    /// How the line ends if its position has now come up a third time.
    fn repeated(&self) -> Option<Outcome> {
        let now = self.now();
        let times = self.path.iter().filter(|p| *p == now).count();
        self.rules.repeated(now, times)
    }

    fn outcome(&self) -> Outcome {
        if let Some(end) = self.repeated() {
            return end;
        }
        self.rules.outcome(self.now(), self.legal().len())
    }

    fn push(&mut self, m: Move) {
        self.count(1);
        let next = self.rules.after(self.now(), m);
        self.path.push(next);
    }

    fn pop(&mut self) {
        self.path.pop();
    }

    /// Whether the side to move wins within `n` of its own moves, whatever
    /// the other side does.
    fn wins_within(&mut self, n: u32) -> bool {
        let us = self.now().to_move;
        for m in self.legal() {
            self.push(m);
            let won = self.forced(us, n);
            self.pop();
            if won {
                return true;
            }
        }
        false
    }

    /// After a move by `us`: whether `us` has won, or wins within `n - 1`
    /// more moves of its own against every reply.
    fn forced(&mut self, us: crate::game::Side, n: u32) -> bool {
        match self.outcome() {
            Outcome::Won(side, _) => return side == us,
            Outcome::Stuck | Outcome::Draw => return false,
            Outcome::Playing => {}
        }
        if n <= 1 {
            return false;
        }
        for r in self.legal() {
            self.push(r);
            let ok = match self.outcome() {
                Outcome::Won(side, _) => side == us,
                Outcome::Stuck | Outcome::Draw => false,
                Outcome::Playing => self.wins_within(n - 1),
            };
            self.pop();
            if !ok {
                return false;
            }
        }
        true
    }
}

/// The legal first moves of a game starting at `pos` after which `keep`
/// (given the line with the move played and the side that played it) holds.
fn moves_where(
    rules: &Rules,
    pos: &Position,
    mut keep: impl FnMut(&mut Line, crate::game::Side) -> bool,
) -> Vec<Move> {
    let mut line = Line {
        rules,
        path: vec![pos.clone()],
    };
    let us = pos.to_move;
    let mut out = Vec::new();
    for m in line.legal() {
        line.push(m);
        if keep(&mut line, us) {
            out.push(m);
        }
        line.pop();
    }
    out
}

/// The moves of the side to move in `pos` (a game starting there, no earlier
/// positions) that win within `n` of its own moves whatever the other side
/// does: for `n = 1`, the moves that win at once.
pub fn winning_moves(rules: &Rules, pos: &Position, n: u32) -> Vec<Move> {
    moves_where(rules, pos, |line, us| line.forced(us, n))
}

/// The legal moves in `pos` as the first move of a game starting there.
pub fn legal_moves(rules: &Rules, pos: &Position) -> Vec<Move> {
    Line {
        rules,
        path: vec![pos.clone()],
    }
    .legal()
}

/// The moves of the side to move after which the other side cannot win at
/// once (no reply wins the game), from `pos` as the start of a game.
pub fn safe_moves(rules: &Rules, pos: &Position) -> Vec<Move> {
    moves_where(rules, pos, |line, us| match line.outcome() {
        Outcome::Won(side, _) => side == us,
        Outcome::Stuck | Outcome::Draw => true,
        Outcome::Playing => !line.wins_within(1),
    })
}

//! Static evaluation, generic over any geometry: computed from the compiled tables only.
//!
//! Terms (each side's sum, White minus Black, then from the side to move's view):
//! - **material**: men and kings at the variant's values (`[evaluation]` in the file);
//! - **advancement**: men closer to their promotion zone, measured in forward steps;
//! - **mobility**: men with a free forward cell;
//! - **lines of men**: adjacent pairs of men on a line, a weapon (only lines capture
//!   first) and a target (a line is taken whole), scored as a small bonus;
//! - **kings' open lines**: cells a king can reach along empty lines that no opposing
//!   king attacks (a lone king with few safe cells is close to being caught);
//! - **tempo**: a small bonus for the side to move.
//!
//! The variant's goal turns the terms (see [`Goal`]): when the player who cannot move
//! wins (Antidraughts), every term is a burden and the score is negated, so the
//! engine sheds pieces and mobility; when the first king wins (Breakthrough), the
//! race to the promotion zone is the game, so advancement counts [`RACE`] times as
//! much, and a side to move with a man that steps into its zone now scores
//! [`PROMOTES_NOW`] men.
//!
//! Either evaluation ends with [`Evaluator::cornering`]: when a side has only kings
//! left and is two kings or more behind, the other side is scored for the room it takes
//! from them and for closing in, the plan that wins such endings.
//!
//! All weights live in [`Weights`]. A variant whose file names a learned evaluation
//! (`[evaluation] weights`, written by `bushka train`) is scored by it instead
//! ([`crate::learned`]), unless the player asks for this one (`engine:eval=classic`).

use std::sync::Arc;

use bushka_geometry::{Colour, Goal};
use bushka_rules::{Bits, Board, Position};

use crate::learned::Learned;
use crate::score::MAX_EVAL;
use crate::terms::{TermTables, king_reach_along};

/// Evaluation weights, in centi-men (a man is worth `man` from the variant file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Bonus per forward step already made by a man, scaled by the board's depth.
    pub advancement: i32,
    /// Bonus for a man one step from promotion, on top of advancement.
    pub near_promotion: i32,
    /// Per man that can step forward.
    pub mobility: i32,
    /// Per adjacent pair of own men on a line.
    pub line_pair: i32,
    /// Per cell a king can reach along open lines that no opposing king attacks.
    pub king_sight: i32,
    /// For the side to move.
    pub tempo: i32,
}

/// The default weights.
pub const WEIGHTS: Weights = Weights {
    advancement: 4,
    near_promotion: 25,
    mobility: 2,
    line_pair: 3,
    king_sight: 4,
    tempo: 5,
};

/// Centi-men per cell of room taken from a lone side's kings (see
/// [`Evaluator::cornering`]).
pub const CORNERING: i32 = 50;

/// The room, in cells, below which a lone side's kings count as hemmed in.
pub const CORNERING_CELLS: i32 = 20;

/// Centi-men per step closer that a king hunting a lone side's kings stands.
pub const CLOSING: i32 = 20;

/// The distance, in steps, from which a hunting king counts as closing in.
pub const CLOSING_STEPS: i32 = 12;

/// How many times advancement and nearness to promotion count when the first king
/// wins (`goal = "first-king-wins"`).
pub const RACE: i32 = 4;

/// Static score, in men, of a quiet position whose side to move crowns a king with its
/// next move when the first king wins: above the material balances of a race, yet an
/// evaluation (the comparison metrics squash it, and keep it below certainty).
pub const PROMOTES_NOW: i32 = 10;

/// An evaluator compiled for one board.
#[derive(Debug, Clone)]
pub struct Evaluator<B: Bits> {
    weights: Weights,
    man: i32,
    king: i32,
    /// The sets the terms are counted with.
    tables: TermTables<B>,
    /// How the game is won (`rules.goal`).
    goal: Goal,
    /// The learned evaluation that scores positions instead, if any.
    learned: Option<Arc<Learned<B>>>,
}

impl<B: Bits> Evaluator<B> {
    /// The evaluation for `board`: its learned one when the variant names one, else
    /// the hand-written terms with the default weights.
    pub fn new(board: &Board<B>) -> Evaluator<B> {
        let mut eval = Evaluator::with_weights(board, WEIGHTS);
        if let Some(weights) = board.geometry().weights() {
            eval.learned = Some(Arc::new(Learned::new(board, weights)));
        }
        eval
    }

    /// Whether positions are scored by a learned evaluation.
    pub fn is_learned(&self) -> bool {
        self.learned.is_some()
    }

    /// The learned evaluation in use, if any.
    pub fn learned(&self) -> Option<&Learned<B>> {
        self.learned.as_deref()
    }

    /// Compiles the evaluation tables with the given weights.
    pub fn with_weights(board: &Board<B>, mut weights: Weights) -> Evaluator<B> {
        let goal = board.geometry().rules().goal;
        if goal == Goal::FirstKingWins {
            weights.advancement *= RACE;
            weights.near_promotion *= RACE;
        }
        let values = board.geometry().values();
        Evaluator {
            weights,
            man: values.man,
            king: values.king,
            tables: TermTables::new(board),
            goal,
            learned: None,
        }
    }

    /// Value of a man.
    pub fn man_value(&self) -> i32 {
        self.man
    }

    /// Value of a king.
    pub fn king_value(&self) -> i32 {
        self.king
    }

    /// Material balance from White's view.
    pub fn material(&self, pos: &Position<B>) -> i32 {
        let side =
            |p| pos.men(p).count() as i32 * self.man + pos.kings(p).count() as i32 * self.king;
        side(Colour::White) - side(Colour::Black)
    }

    fn side_score(
        &self,
        board: &Board<B>,
        pos: &Position<B>,
        p: Colour,
        empty: B,
        safe_sight: B,
    ) -> i32 {
        let w = &self.weights;
        let men = pos.men(p);
        let kings = pos.kings(p);
        let mut score = men.count() as i32 * self.man + kings.count() as i32 * self.king;
        if !men.is_empty() {
            let ranks = &self.tables.rank[p];
            let scale = ranks.len().max(1) as i32;
            for (k, &mask) in ranks.iter().enumerate().skip(1) {
                score += (men & mask).count() as i32 * k as i32 * w.advancement * 10 / scale;
            }
            let terms = self.tables.terms(board, pos, p, empty);
            score += terms.near * w.near_promotion
                + terms.mobility * w.mobility
                + terms.line_pairs * w.line_pair;
        }
        score + safe_sight.count() as i32 * w.king_sight
    }

    /// The evaluation from the side to move's view: the learned one or the
    /// hand-written terms, plus [`Evaluator::cornering`].
    pub fn evaluate(&self, board: &Board<B>, pos: &Position<B>) -> i32 {
        let score = match &self.learned {
            Some(learned) => learned.evaluate(board, pos),
            None => self.hand_written(board, pos),
        };
        (score + self.cornering(board, pos)).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The bonus, from the side to move's view, for running down a side that has only
    /// kings left and is at least two kings behind in material. Such an ending is won
    /// by taking the lone kings' room away and closing in until a capture (often one
    /// they are forced to make) lands them where they are taken: a plan the search
    /// cannot see whole and the material terms do not score. The bonus is
    /// [`CORNERING`] per cell fewer than [`CORNERING_CELLS`] in the lone kings' room
    /// ([`Evaluator::lone_room`]: where they can move without being taken at once),
    /// plus [`CLOSING`] per step that each of the other side's kings stands within
    /// [`CLOSING_STEPS`] of them. A variant where the side that cannot move wins, or
    /// the first king wins, has no such plan.
    pub fn cornering(&self, board: &Board<B>, pos: &Position<B>) -> i32 {
        let Some((weak, room)) = self.lone_room(board, pos) else {
            return 0;
        };
        let (lone, hunters) = (pos.kings(weak), pos.kings(weak.opponent()));
        let safe = room.count() as i32;
        let mut bonus = CORNERING * (CORNERING_CELLS - safe).max(0);
        // Rings of cells one step, two steps, ... from the lone kings.
        let (mut seen, mut ring) = (lone, lone);
        for steps in 1..CLOSING_STEPS {
            ring = board
                .dirs()
                .fold(B::EMPTY, |next, d| next | board.step(ring, d))
                & !seen;
            if ring.is_empty() {
                break;
            }
            seen |= ring;
            bonus += CLOSING * (CLOSING_STEPS - steps) * (ring & hunters).count() as i32;
        }
        if pos.side() == weak { -bonus } else { bonus }
    }

    /// The side run down by [`Evaluator::cornering`]: only kings left, at least two
    /// kings behind, where the side without a move loses.
    pub fn run_down(&self, pos: &Position<B>) -> Option<Colour> {
        // Both sides with men is the common case, and never run down.
        let men_left = |p| !pos.men(p).is_empty();
        if self.goal != Goal::NoMovesLoses || (men_left(Colour::White) && men_left(Colour::Black)) {
            return None;
        }
        let balance = self.material(pos);
        let weak = if balance < 0 {
            Colour::White
        } else {
            Colour::Black
        };
        (pos.men(weak).is_empty() && balance.abs() >= 2 * self.king.max(1)).then_some(weak)
    }

    /// The side run down by [`Evaluator::cornering`] (only kings left, at least two
    /// kings behind, where the side without a move loses), and the cells its kings
    /// can move to where none of the other side's kings takes them at once: along
    /// open lines, their own cells counted empty (a king that moves opens the line
    /// behind it). `None` when no side is run down.
    pub fn lone_room(&self, board: &Board<B>, pos: &Position<B>) -> Option<(Colour, B)> {
        let weak = self.run_down(pos)?;
        let lone = pos.kings(weak);
        let empty = board.all() & !pos.occupied();
        let moves = board.king_move_dirs().iter().copied();
        let (room, _) = king_reach_along(board, lone, empty, moves);
        let captures = board.king_capture_dirs().iter().copied();
        let (_, caught) =
            king_reach_along(board, pos.kings(weak.opponent()), empty | lone, captures);
        Some((weak, room & !caught))
    }

    /// The hand-written terms, from the side to move's view.
    fn hand_written(&self, board: &Board<B>, pos: &Position<B>) -> i32 {
        let empty = board.all() & !pos.occupied();
        let (white_sight, white_attack) =
            self.tables
                .king_reach(board, pos.kings(Colour::White), empty);
        let (black_sight, black_attack) =
            self.tables
                .king_reach(board, pos.kings(Colour::Black), empty);
        let white = self.side_score(
            board,
            pos,
            Colour::White,
            empty,
            white_sight & !black_attack,
        );
        let black = self.side_score(
            board,
            pos,
            Colour::Black,
            empty,
            black_sight & !white_attack,
        );
        let from_white = white - black;
        let me = pos.side();
        let signed = if me == Colour::White {
            from_white
        } else {
            -from_white
        };
        let signed = match self.goal {
            Goal::NoMovesLoses => signed,
            Goal::NoMovesWins => -signed,
            Goal::FirstKingWins if self.tables.promotes_now(board, pos, empty) => {
                PROMOTES_NOW * self.man
            }
            Goal::FirstKingWins => signed,
        };
        signed + self.weights.tempo
    }
}

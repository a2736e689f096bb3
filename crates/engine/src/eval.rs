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
//! All weights live in [`Weights`].

use bushka_geometry::{ByColour, Colour, Dir, Goal};
use bushka_rules::{Bits, Board, Position};

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

/// Largest static score (4000 men), far below the search's mate scores, so that no
/// material count (a thousand kings of the largest value a variant file allows) can
/// read as a forced win.
pub const MAX_EVAL: i32 = 400_000;

/// The default weights.
pub const WEIGHTS: Weights = Weights {
    advancement: 4,
    near_promotion: 25,
    mobility: 2,
    line_pair: 3,
    king_sight: 4,
    tempo: 5,
};

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
    /// Per colour, masks of the cells `k` forward steps away from the start side
    /// (`rank[colour][k]`), i.e. how far a man there has advanced.
    rank: ByColour<Vec<B>>,
    /// Per colour, cells one forward step from the promotion zone.
    near: ByColour<B>,
    /// Direction indices with the lower index of each opposite pair.
    axes: Vec<Dir>,
    /// How the game is won (`rules.goal`).
    goal: Goal,
}

impl<B: Bits> Evaluator<B> {
    /// Compiles the evaluation tables for `board` with the default weights.
    pub fn new(board: &Board<B>) -> Evaluator<B> {
        Evaluator::with_weights(board, WEIGHTS)
    }

    /// Compiles the evaluation tables with the given weights.
    pub fn with_weights(board: &Board<B>, mut weights: Weights) -> Evaluator<B> {
        let goal = board.geometry().rules().goal;
        if goal == Goal::FirstKingWins {
            weights.advancement *= RACE;
            weights.near_promotion *= RACE;
        }
        let values = board.geometry().values();
        let mut rank = ByColour::new(Vec::new(), Vec::new());
        let mut near = ByColour::new(B::EMPTY, B::EMPTY);
        for p in Colour::BOTH {
            // Distance (in forward steps) to the promotion zone, by backward BFS.
            let zone = board.promotion(p);
            let mut dist_sets = vec![zone];
            let mut seen = zone;
            loop {
                let last = *dist_sets.last().unwrap_or(&B::EMPTY);
                let mut next = B::EMPTY;
                for &d in board.forward(p) {
                    next |= board.step_back(last, d);
                }
                next &= !seen;
                if next.is_empty() {
                    break;
                }
                seen |= next;
                dist_sets.push(next);
            }
            near[p] = dist_sets.get(1).copied().unwrap_or(B::EMPTY);
            // Advancement k = (max distance) - distance.
            dist_sets.reverse();
            rank[p] = dist_sets;
        }
        let axes = board.dirs().filter(|&d| board.opposite(d) > d).collect();
        Evaluator {
            weights,
            man: values.man,
            king: values.king,
            rank,
            near,
            axes,
            goal,
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
            let ranks = &self.rank[p];
            let scale = ranks.len().max(1) as i32;
            for (k, &mask) in ranks.iter().enumerate().skip(1) {
                score += (men & mask).count() as i32 * k as i32 * w.advancement * 10 / scale;
            }
            score += (men & self.near[p]).count() as i32 * w.near_promotion;
            let mut movers = B::EMPTY;
            for &d in board.forward(p) {
                movers |= men & board.step_back(empty, d);
            }
            score += movers.count() as i32 * w.mobility;
            for &d in &self.axes {
                score += (men & board.step(men, d)).count() as i32 * w.line_pair;
            }
        }
        score + safe_sight.count() as i32 * w.king_sight
    }

    /// Cells `kings` can move to, and cells they attack (a piece there would be
    /// captured: seen along a line past at least one vacant cell).
    fn king_reach(&self, board: &Board<B>, kings: B, empty: B) -> (B, B) {
        let (mut sight, mut attack) = (B::EMPTY, B::EMPTY);
        if kings.is_empty() {
            return (sight, attack);
        }
        for d in board.dirs() {
            let mut reach = board.step(kings, d) & empty;
            while !reach.is_empty() {
                sight |= reach;
                let next = board.step(reach, d);
                attack |= next;
                reach = next & empty;
            }
        }
        (sight, attack)
    }

    /// The evaluation from the side to move's view.
    pub fn evaluate(&self, board: &Board<B>, pos: &Position<B>) -> i32 {
        let empty = board.all() & !pos.occupied();
        let (white_sight, white_attack) = self.king_reach(board, pos.kings(Colour::White), empty);
        let (black_sight, black_attack) = self.king_reach(board, pos.kings(Colour::Black), empty);
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
            Goal::FirstKingWins if self.promotes_now(board, pos, empty) => PROMOTES_NOW * self.man,
            Goal::FirstKingWins => signed,
        };
        (signed + self.weights.tempo).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Whether the side to move has a man one step from its promotion zone with that
    /// step free.
    fn promotes_now(&self, board: &Board<B>, pos: &Position<B>, empty: B) -> bool {
        let me = pos.side();
        let ready = pos.men(me) & self.near[me];
        let zone = board.promotion(me) & empty;
        board
            .forward(me)
            .iter()
            .any(|&d| !(ready & board.step_back(zone, d)).is_empty())
    }
}

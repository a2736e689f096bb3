//! The counts behind the hand-written evaluation's terms (men's mobility, pairs on a
//! line, men near their zone, kings' reach), read with sets compiled per board: the
//! hand-written evaluation weighs them, the learned one reads them as features.

use bushka_geometry::{ByColour, Colour, Dir};
use bushka_rules::{Bits, Board, Position};

/// The sets the terms are counted with, compiled for one board.
#[derive(Debug, Clone)]
pub(crate) struct TermTables<B: Bits> {
    /// Per colour, masks of the cells `k` forward steps away from the start side
    /// (`rank[colour][k]`), i.e. how far a man there has advanced.
    pub(crate) rank: ByColour<Vec<B>>,
    /// Per colour, cells one forward step from the promotion zone.
    near: ByColour<B>,
    /// Direction indices with the lower index of each opposite pair.
    axes: Vec<Dir>,
}

/// The counts behind the hand-written terms for one colour.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Terms {
    /// Men with a free forward cell.
    pub(crate) mobility: i32,
    /// Adjacent pairs of own men on a line.
    pub(crate) line_pairs: i32,
    /// Men one forward step from the promotion zone.
    pub(crate) near: i32,
}

impl<B: Bits> TermTables<B> {
    /// The sets of `board`.
    pub(crate) fn new(board: &Board<B>) -> TermTables<B> {
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
        TermTables { rank, near, axes }
    }

    /// The counts behind the terms of `p`'s men (`empty`: the vacant cells).
    pub(crate) fn terms(&self, board: &Board<B>, pos: &Position<B>, p: Colour, empty: B) -> Terms {
        let men = pos.men(p);
        if men.is_empty() {
            return Terms {
                mobility: 0,
                line_pairs: 0,
                near: 0,
            };
        }
        let mut movers = B::EMPTY;
        for &d in board.forward(p) {
            movers |= men & board.step_back(empty, d);
        }
        let mut line_pairs = 0;
        for &d in &self.axes {
            line_pairs += (men & board.step(men, d)).count() as i32;
        }
        Terms {
            mobility: movers.count() as i32,
            line_pairs,
            near: (men & self.near[p]).count() as i32,
        }
    }

    /// Cells `kings` can move to, and cells they attack (a piece there would be
    /// captured: seen along a line past at least one vacant cell).
    pub(crate) fn king_reach(&self, board: &Board<B>, kings: B, empty: B) -> (B, B) {
        king_reach_along(board, kings, empty, board.dirs())
    }

    /// Whether the side to move has a man one step from its promotion zone with that
    /// step free.
    pub(crate) fn promotes_now(&self, board: &Board<B>, pos: &Position<B>, empty: B) -> bool {
        let me = pos.side();
        let ready = pos.men(me) & self.near[me];
        let zone = board.promotion(me) & empty;
        board
            .forward(me)
            .iter()
            .any(|&d| !(ready & board.step_back(zone, d)).is_empty())
    }
}

/// Cells `kings` can move to along the directions `dirs`, and cells they attack
/// along them (seen past at least one vacant cell).
#[inline]
pub(crate) fn king_reach_along<B: Bits>(
    board: &Board<B>,
    kings: B,
    empty: B,
    dirs: impl IntoIterator<Item = Dir>,
) -> (B, B) {
    let (mut sight, mut attack) = (B::EMPTY, B::EMPTY);
    if kings.is_empty() {
        return (sight, attack);
    }
    for d in dirs {
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

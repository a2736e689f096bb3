//! The line a search walks (the game's positions, then the moves searched), with
//! what the draw rules read of each position: its hash for repetitions, whether the
//! move into it was a king's move without capture (the king-move count,
//! `king_move_draw`), and how many pieces face a lone king there (the lone-king
//! counts, `lone_king_draw`). The alpha-beta tree and the proof search both score a
//! position that one of these rules draws as a draw (a count only where the side to
//! move has a move, as the game rules it), so that neither claims a win the rules
//! would not give.

use bushka_geometry::RuleSet;
use bushka_rules::{Bits, Board, Game, MoveKind, Position};

use super::MAX_PLY;

/// One position of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Step {
    /// The position's hash.
    hash: u64,
    /// Whether the move into it was a king's move without capture (one that could be
    /// undone: repetitions and the king-move count look back over these only).
    king_move: bool,
    /// The pieces facing a lone king there (0: not such an endgame), read only where
    /// the variant counts those endgames.
    against: u8,
}

impl Step {
    /// The step into `pos`, by a king's move without capture or not, on `board`.
    #[inline]
    pub(super) fn of<B: Bits>(board: &Board<B>, pos: &Position<B>, king_move: bool) -> Step {
        let against = if board.rules().lone_king_draw.is_empty() {
            0
        } else {
            pos.against_lone_king()
                .map_or(0, |n| u8::try_from(n).unwrap_or(u8::MAX))
        };
        Step {
            hash: pos.hash(),
            king_move,
            against,
        }
    }
}

/// The line of `game`'s positions.
pub(super) fn game_path<B: Bits>(game: &Game<B>) -> Vec<Step> {
    let board = game.board();
    let mut path = Vec::with_capacity(game.positions().len() + MAX_PLY);
    for (i, pos) in game.positions().iter().enumerate() {
        let king_move = i > 0 && game.moves()[i - 1].kind == MoveKind::King;
        path.push(Step::of(board, pos, king_move));
    }
    path
}

/// Whether the last position of `path` repeats an earlier one, walking back over
/// king moves without capture only (any other move cannot be undone).
#[inline]
pub(super) fn repeats(path: &[Step]) -> bool {
    let Some(last) = path.last() else {
        return false;
    };
    path.iter()
        .skip(1)
        .rev()
        .take_while(|s| s.king_move)
        .zip(path.iter().rev().skip(1))
        .any(|(_, earlier)| earlier.hash == last.hash)
}

/// Whether a draw count ends the game at the last position of `path` (if the side to
/// move has a move there: a side without one has lost, count or not): the king moves
/// without capture that lead to it reach the variant's `king_move_draw`, or its
/// lone-king endgame has lasted the variant's count.
#[inline]
pub(super) fn counted_out(path: &[Step], rules: &RuleSet) -> bool {
    let Some(last) = path.last() else {
        return false;
    };
    if rules.king_move_draw > 0 && king_moves(path) >= rules.king_move_draw {
        return true;
    }
    last.against != 0 && lone_king_drawn(path, rules)
}

/// The king moves without capture that lead to the last position of `path`.
fn king_moves(path: &[Step]) -> usize {
    path.iter()
        .skip(1)
        .rev()
        .take_while(|s| s.king_move)
        .count()
}

fn lone_king_drawn(path: &[Step], rules: &RuleSet) -> bool {
    rules
        .lone_king_draw
        .drawn(|| {
            path.iter()
                .rev()
                .map(|s| (s.against != 0).then_some(u32::from(s.against)))
        })
        .is_some()
}

/// How many more plies the draw counts leave the line before they end the game,
/// each capped at `cap`: the king-move count's, and the lone-king count's (`cap` when
/// the variant has no such count or the last position is not such an endgame). A
/// subtree's result depends on its position and these two, so a table of results
/// keyed by the position alone must add them where they are below `cap`.
pub(super) fn counts_left(path: &[Step], rules: &RuleSet, cap: usize) -> (usize, usize) {
    let king_left = if rules.king_move_draw > 0 {
        rules
            .king_move_draw
            .saturating_sub(king_moves(path))
            .min(cap)
    } else {
        cap
    };
    let Some(now) = path.last().filter(|s| s.against != 0).map(|s| s.against) else {
        return (king_left, cap);
    };
    let lone_left = rules
        .lone_king_draw
        .entries()
        .iter()
        .filter(|&&(pieces, _)| pieces >= now)
        .map(|&(pieces, plies)| {
            let run = path
                .iter()
                .rev()
                .take_while(|s| s.against != 0 && s.against <= pieces)
                .count();
            (usize::from(plies) + 1).saturating_sub(run)
        })
        .min()
        .unwrap_or(cap)
        .min(cap);
    (king_left, lone_left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bushka_geometry::LoneKingDraws;

    fn drawn(path: &[Step], rules: &RuleSet) -> bool {
        repeats(path) || counted_out(path, rules)
    }

    fn step(hash: u64, king_move: bool, against: u8) -> Step {
        Step {
            hash,
            king_move,
            against,
        }
    }

    fn rules_with(king_move_draw: usize, lone: &[(u8, u16)]) -> RuleSet {
        let mut rules = *bushka_geometry::builtin("draughts")
            .expect("built in")
            .expect("loads")
            .rules();
        rules.king_move_draw = king_move_draw;
        rules.lone_king_draw = LoneKingDraws::new(lone);
        rules
    }

    /// A repetition over king moves draws; one behind a move that cannot be undone
    /// does not.
    #[test]
    fn a_repetition_is_seen_back_to_the_last_move_that_cannot_be_undone() {
        let rules = rules_with(0, &[]);
        let line = [step(1, false, 0), step(2, true, 0), step(1, true, 0)];
        assert!(drawn(&line, &rules));
        let line = [step(1, false, 0), step(2, false, 0), step(1, true, 0)];
        assert!(!drawn(&line, &rules));
        assert!(!drawn(&[], &rules));
    }

    /// The king-move count draws once the king moves without capture reach it.
    #[test]
    fn king_moves_without_capture_draw_at_the_count() {
        let rules = rules_with(3, &[]);
        let mut line = vec![step(0, false, 0)];
        for hash in 1..=3 {
            assert!(!drawn(&line, &rules), "{} king moves", hash - 1);
            assert_eq!(counts_left(&line, &rules, 64).0, 3 - (hash as usize - 1));
            line.push(step(hash, true, 0));
        }
        assert!(drawn(&line, &rules));
        assert_eq!(counts_left(&line, &rules, 64).0, 0);
        // A capture (or a man's move) starts the count again.
        line.push(step(9, false, 0));
        assert!(!drawn(&line, &rules));
        assert_eq!(counts_left(&line, &rules, 64), (3, 64));
        assert_eq!(counts_left(&line, &rules_with(0, &[]), 64), (64, 64));
    }

    /// A lone king against three pieces holds after 4 plies here, against two after
    /// 2; a capture leaving two starts the shorter count afresh.
    #[test]
    fn a_lone_king_holds_at_its_count() {
        let rules = rules_with(0, &[(3, 4), (2, 2)]);
        let mut line = vec![step(0, false, 0)];
        for hash in 1..=4 {
            line.push(step(hash, true, 3));
            assert!(!drawn(&line, &rules), "{hash} plies");
        }
        assert_eq!(counts_left(&line, &rules, 64), (64, 1));
        line.push(step(5, true, 3));
        assert!(drawn(&line, &rules));
        assert_eq!(counts_left(&line, &rules, 64).1, 0);
        // Two plies against three, then the lone king takes one: two plies more.
        let line = [
            step(0, false, 0),
            step(1, true, 3),
            step(2, true, 3),
            step(3, false, 2),
            step(4, true, 2),
        ];
        assert!(!drawn(&line, &rules));
        assert_eq!(counts_left(&line, &rules, 64), (64, 1));
        let mut line = line.to_vec();
        line.push(step(5, true, 2));
        assert!(drawn(&line, &rules));
        // Four pieces are not counted.
        let line: Vec<Step> = (0..4).map(|hash| step(hash, hash > 0, 4)).collect();
        assert!(!drawn(&line, &rules));
        assert_eq!(counts_left(&line, &rules, 64), (64, 64));
    }
}

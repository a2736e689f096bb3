//! Perft: leaf counts of the legal-move tree, with bulk counting at the last ply.

use crate::bits::Bits;
use crate::board::Board;
use crate::budget::{Budget, GenerationLimit};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Counts the leaves of the legal-move tree `depth` plies below `pos`.
pub fn perft<B: Bits>(board: &Board<B>, pos: &Position<B>, depth: u32) -> u64 {
    match perft_within(board, pos, depth, &Budget::default()) {
        Ok(n) => n,
        Err(limit) => unreachable!("a generation without limits stopped: {limit}"),
    }
}

/// [`perft`], each move generation within `budget`: stops at the first generation
/// that runs out of it.
pub fn perft_within<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    depth: u32,
    budget: &Budget,
) -> Result<u64, GenerationLimit> {
    let mut lists: Vec<MoveList<B>> = (0..depth.max(1))
        .map(|_| MoveList::with_budget(budget.clone()))
        .collect();
    count(board, pos, depth, &mut lists)
}

fn count<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    depth: u32,
    lists: &mut [MoveList<B>],
) -> Result<u64, GenerationLimit> {
    let within = |list: &MoveList<B>, n: u64| list.exhausted().map_or(Ok(n), Err);
    match depth {
        0 => Ok(1),
        1 => {
            let n = board.count_legal(pos, &mut lists[0]);
            within(&lists[0], n)
        }
        _ => {
            let Some((list, rest)) = lists.split_last_mut() else {
                return Ok(0);
            };
            board.legal_moves(pos, list);
            within(list, 0)?;
            let mut total = 0;
            for mv in list.iter() {
                total += count(board, &pos.play(board, mv), depth - 1, rest)?;
            }
            Ok(total)
        }
    }
}

/// Perft split by first move: each legal move with its leaf count at `depth`.
pub fn divide<B: Bits>(board: &Board<B>, pos: &Position<B>, depth: u32) -> Vec<(Move<B>, u64)> {
    let moves = board.moves(pos);
    moves
        .iter()
        .map(|mv| {
            (
                *mv,
                perft(board, &pos.play(board, mv), depth.saturating_sub(1)),
            )
        })
        .collect()
}

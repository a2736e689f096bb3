//! Perft: leaf counts of the legal-move tree, with bulk counting at the last ply.

use crate::bits::Bits;
use crate::board::Board;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Counts the leaves of the legal-move tree `depth` plies below `pos`.
pub fn perft<B: Bits>(board: &Board<B>, pos: &Position<B>, depth: u32) -> u64 {
    let mut lists: Vec<MoveList<B>> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    count(board, pos, depth, &mut lists)
}

fn count<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    depth: u32,
    lists: &mut [MoveList<B>],
) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_legal(pos, &mut lists[0]),
        _ => {
            let Some((list, rest)) = lists.split_last_mut() else {
                return 0;
            };
            board.legal_moves(pos, list);
            let mut total = 0;
            for mv in list.iter() {
                total += count(board, &pos.play(board, mv), depth - 1, rest);
            }
            total
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

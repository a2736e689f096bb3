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
            match rest {
                [scratch] if depth == 2 => last_ply(board, pos, list, scratch),
                _ => {
                    let mut total = 0;
                    for mv in list.iter() {
                        let next = pos.placement_after::<false>(board, mv);
                        total += count(board, &next, depth - 1, rest)?;
                    }
                    Ok(total)
                }
            }
        }
    }
}

/// The leaves one ply below each move of `list` (the moves of `pos`), bulk counted.
/// Counting is mostly population counts: on x86-64 CPUs with a population-count
/// instruction (checked once per call) it is compiled to use it.
#[inline]
fn last_ply<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    list: &MoveList<B>,
    scratch: &mut MoveList<B>,
) -> Result<u64, GenerationLimit> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has the feature the function is compiled for.
        #[allow(unsafe_code)]
        return unsafe { last_ply_popcnt(board, pos, list, scratch) };
    }
    last_ply_portable(board, pos, list, scratch)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn last_ply_popcnt<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    list: &MoveList<B>,
    scratch: &mut MoveList<B>,
) -> Result<u64, GenerationLimit> {
    last_ply_portable(board, pos, list, scratch)
}

#[inline(always)]
fn last_ply_portable<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    list: &MoveList<B>,
    scratch: &mut MoveList<B>,
) -> Result<u64, GenerationLimit> {
    match (board.plain, board.rotates()) {
        (true, true) => last_ply_as::<B, true, true>(board, pos, list, scratch),
        (true, false) => last_ply_as::<B, true, false>(board, pos, list, scratch),
        (false, true) => last_ply_as::<B, false, true>(board, pos, list, scratch),
        (false, false) => last_ply_as::<B, false, false>(board, pos, list, scratch),
    }
}

/// [`last_ply_portable`], `PLAIN` and `ROTATES` as for [`Board::count_legal_as`].
#[inline(always)]
fn last_ply_as<B: Bits, const PLAIN: bool, const ROTATES: bool>(
    board: &Board<B>,
    pos: &Position<B>,
    list: &MoveList<B>,
    scratch: &mut MoveList<B>,
) -> Result<u64, GenerationLimit> {
    let mut total = 0;
    for mv in list.iter() {
        let next = pos.placement_after::<PLAIN>(board, mv);
        total += board.count_legal_as::<PLAIN, ROTATES>(&next, scratch);
        if let Some(limit) = scratch.exhausted() {
            return Err(limit);
        }
    }
    Ok(total)
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

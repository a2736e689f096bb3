//! An independent, deliberately naive approach-withdrawal generator, written from
//! crates/rules/RULES.md section 9 alone: the geometry's neighbour table, one slot per
//! cell, a copy of the position per capture step, every chain walked step by step and
//! every prefix of it listed. It shares no code with the engine's generator;
//! `tests/fanorona.rs` runs it in lockstep with the engine.

use bushka_geometry::{Cell, Dir, Geometry};
use bushka_rules::MoveKind;

use crate::lockstep::{Mv, Pos};

/// The legal moves, sorted, one per identity.
pub fn legal(g: &Geometry, pos: &Pos) -> Vec<Mv> {
    assert!(!g.rules().line_moves, "stones move alone");
    assert!(
        pos.cells.iter().flatten().all(|p| !p.is_king()),
        "approach-withdrawal files have no kings"
    );
    let mut moves = Vec::new();
    for c in g.cells() {
        if pos.mine(c).is_some() {
            let mut chain = Chain {
                g,
                origin: c,
                out: &mut moves,
            };
            chain.walk(pos.clone(), c, None, vec![c], Vec::new());
        }
    }
    if moves.is_empty() {
        for c in g.cells() {
            if pos.mine(c).is_none() {
                continue;
            }
            for &d in &g.side(pos.side).forward {
                if let Some(to) = g.neighbour(c, d)
                    && pos.at(to).is_none()
                {
                    moves.push(Mv {
                        kind: MoveKind::Man,
                        from: c,
                        to,
                        captured: Vec::new(),
                        promotes: g.promotes(pos.side, to),
                    });
                }
            }
        }
    } else if g.rules().majority() {
        let most = moves.iter().map(|m| m.captured.len()).max().unwrap_or(0);
        moves.retain(|m| m.captured.len() == most);
    }
    moves.sort();
    moves.dedup();
    moves
}

/// The chains of one stone.
struct Chain<'a> {
    g: &'a Geometry,
    origin: Cell,
    out: &'a mut Vec<Mv>,
}

impl Chain<'_> {
    /// From `pos` (the stone on `at`, the origin emptied once it has moved), having
    /// last stepped in direction `came`, stood on `been` and taken `taken`: every
    /// capture step, each listed as a move and walked further.
    fn walk(&mut self, pos: Pos, at: Cell, came: Option<Dir>, been: Vec<Cell>, taken: Vec<Cell>) {
        let g = self.g;
        for d in g.dirs() {
            if came == Some(d) {
                continue; // never the direction of the step just made
            }
            let Some(to) = g.neighbour(at, d) else {
                continue;
            };
            if pos.at(to).is_some() || been.contains(&to) {
                continue; // onto an empty point not stood on this turn
            }
            let back = g.opposite(d);
            // By approach: the enemy line starting beyond `to`, along d.
            let ahead = g.neighbour(to, d);
            // By withdrawal: the enemy line starting behind `at`, against d.
            let behind = g.neighbour(at, back);
            for (first, way) in [(ahead, d), (behind, back)] {
                let Some(first) = first else { continue };
                if pos.theirs(first).is_none() {
                    continue;
                }
                let mut line = Vec::new();
                let mut c = Some(first);
                while let Some(cell) = c {
                    if pos.theirs(cell).is_none() || line.contains(&cell) {
                        break;
                    }
                    line.push(cell);
                    c = g.neighbour(cell, way);
                }
                let mut next = pos.clone();
                let stone = next.take(at).expect("the stone stands on its cell");
                for &cell in &line {
                    next.take(cell);
                }
                next.cells[to.index()] = Some(stone);
                let mut now_taken = taken.clone();
                now_taken.extend(&line);
                now_taken.sort_unstable();
                self.out.push(Mv {
                    kind: MoveKind::PieceCapture,
                    from: self.origin,
                    to,
                    captured: now_taken.clone(),
                    promotes: g.promotes(pos.side, to),
                });
                let mut now_been = been.clone();
                now_been.push(to);
                self.walk(next, to, Some(d), now_been, now_taken);
            }
        }
    }
}

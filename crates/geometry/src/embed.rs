//! Embedding of cells into bit indices so that each direction is a constant shift.
//!
//! A cell with lattice coordinates (L, N) gets index `a * L + b * N - min`. For every
//! direction whose links all differ by the same index amount, a step in that direction
//! is one shift of a bitset (after masking the cells that have a neighbour that way).
//! A direction whose links add one of two amounts (a lattice's step and a wrap-around
//! link's, as on a cylinder) is two shifts of two masked sets. Directions whose links
//! disagree more (warps) fall back to table lookups. The search picks the embedding
//! with the fewest table directions, then the fewest two-shift directions, then the
//! narrowest bitset, then the smallest span.

use crate::index::Dir;
use crate::neighbours::Neighbours;

/// How a direction is stepped over bitsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// All links in the direction add this constant to the bit index.
    Shift(i32),
    /// Each link adds one of these two amounts (the first is the smaller): the cells
    /// of each amount are shifted by it.
    Shifts(i32, i32),
    /// The links disagree: step cell by cell through the neighbour table.
    Table,
}

/// Cell-to-bit mapping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Embedding {
    /// Bit index of each cell.
    pub index: Vec<u32>,
    /// One more than the largest bit index.
    pub span: usize,
    /// Per direction, how it is stepped.
    pub steps: Vec<Step>,
}

/// Bit widths the engine has a fast type for; a larger span uses the wide type.
fn width_class(span: usize) -> usize {
    match span {
        0..=64 => 0,
        65..=128 => 1,
        _ => 2,
    }
}

/// Finds the best embedding for cells with lattice `coords` and `links`.
pub(crate) fn embed(coords: &[(i32, i32)], links: &Neighbours, max_span: usize) -> Embedding {
    let dirs = links.dirs();
    let n = coords.len();
    let dense = Embedding {
        index: (0..n as u32).collect(),
        span: n,
        steps: vec![Step::Table; dirs.len()],
    };
    let mut best = (score(&dense), dense);
    let range = 64;
    let mut seen = Vec::new();
    let mut raw = Vec::with_capacity(n);
    for a in -range..=range {
        for b in -range..=range {
            if a == 0 && b == 0 {
                continue;
            }
            raw.clear();
            raw.extend(
                coords
                    .iter()
                    .map(|&(l, m)| a as i64 * l as i64 + b as i64 * m as i64),
            );
            let (Some(&min), Some(&max)) = (raw.iter().min(), raw.iter().max()) else {
                continue;
            };
            let span = (max - min + 1) as usize;
            // Once an embedding steps every direction by one shift, only a narrower
            // span can beat it (its width class is no larger either).
            if span > max_span || (best.0.0 == 0 && best.0.1 == 0 && span >= best.0.3) {
                continue;
            }
            seen.clear();
            seen.resize(span, false);
            let mut injective = true;
            for &r in &raw {
                let i = (r - min) as usize;
                if seen[i] {
                    injective = false;
                    break;
                }
                seen[i] = true;
            }
            if !injective {
                continue;
            }
            let index: Vec<u32> = raw.iter().map(|&r| (r - min) as u32).collect();
            let steps = dirs
                .clone()
                .map(|d| direction_step(&index, links, d))
                .collect();
            let candidate = Embedding { index, span, steps };
            let s = score(&candidate);
            if s < best.0 {
                best = (s, candidate);
            }
        }
    }
    best.1
}

/// Lower is better: table directions, two-shift directions, width class, span.
fn score(e: &Embedding) -> (usize, usize, usize, usize) {
    let count = |of: fn(&Step) -> bool| e.steps.iter().filter(|s| of(s)).count();
    let tables = count(|s| *s == Step::Table);
    let twos = count(|s| matches!(s, Step::Shifts(..)));
    (tables, twos, width_class(e.span), e.span)
}

fn direction_step(index: &[u32], links: &Neighbours, d: Dir) -> Step {
    let mut amounts: [Option<i32>; 2] = [None; 2];
    for (cell, &i) in links.cells().zip(index) {
        if let Some(to) = links.get(cell, d) {
            let delta = index[to.index()] as i32 - i as i32;
            match amounts {
                [Some(a), _] if a == delta => {}
                [_, Some(b)] if b == delta => {}
                [None, _] => amounts[0] = Some(delta),
                [_, None] => amounts[1] = Some(delta),
                _ => return Step::Table,
            }
        }
    }
    match amounts {
        [Some(a), Some(b)] => Step::Shifts(a.min(b), a.max(b)),
        // A direction with no links at all steps nowhere; a zero shift marks it.
        [a, _] => Step::Shift(a.unwrap_or(0)),
    }
}

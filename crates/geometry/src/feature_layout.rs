//! The layout of a learned evaluation's features on one board ([`FeatureLayout`]),
//! read from the compiled geometry: cells tied between the colours by the mirror and
//! within a colour by the symmetries that keep its men, the forward directions the patterns read, and each cell's rank toward the zone.

use crate::colour::{ByColour, Colour};
use crate::geometry::Geometry;
use crate::index::{Cell, Dir};
use crate::weights::{FeatureLayout, MAX_SLOTS};

impl FeatureLayout {
    /// The layout of `geometry`'s features.
    pub fn of(geometry: &Geometry) -> FeatureLayout {
        let mirror = geometry.mirror();
        let white_front: Vec<Dir> = geometry
            .side(Colour::White)
            .forward
            .iter()
            .copied()
            .take(MAX_SLOTS)
            .collect();
        // Cells that a symmetry keeping a colour's men exchanges share their weights.
        let (white_class, white_count) = geometry.cell_classes(Colour::White);
        let (cells, cell_index, front) = match mirror {
            Some(m) => {
                // The mirror is a point reflection: it turns every direction round.
                let black_front = white_front.iter().map(|&d| geometry.opposite(d)).collect();
                let black_class = m.iter().map(|c| white_class[c.index()]).collect();
                (
                    white_count,
                    ByColour::new(white_class, black_class),
                    ByColour::new(white_front, black_front),
                )
            }
            None => {
                let black_front = geometry
                    .side(Colour::Black)
                    .forward
                    .iter()
                    .copied()
                    .take(MAX_SLOTS)
                    .collect();
                let (black_class, black_count) = geometry.cell_classes(Colour::Black);
                let black_class = black_class
                    .into_iter()
                    .map(|k| white_count as u32 + k)
                    .collect();
                (
                    white_count + black_count,
                    ByColour::new(white_class, black_class),
                    ByColour::new(white_front, black_front),
                )
            }
        };
        let slots = front[Colour::White].len().max(front[Colour::Black].len());
        let rank = ByColour::new(
            ranks_of(geometry, Colour::White),
            ranks_of(geometry, Colour::Black),
        );
        let ranks = Colour::BOTH
            .iter()
            .flat_map(|&c| rank[c].iter().copied())
            .max()
            .map_or(1, |r| usize::from(r) + 1);
        FeatureLayout {
            cells,
            slots,
            ranks,
            cell_index,
            rank,
            front,
        }
    }
}

/// Per cell, the forward steps a man of `colour` there has made toward its zone: the
/// longest distance to the zone minus its own (0 where the zone is out of reach).
fn ranks_of(geometry: &Geometry, colour: Colour) -> Vec<u8> {
    let n = geometry.cell_count();
    let forward = &geometry.side(colour).forward;
    let mut dist: Vec<Option<u32>> = vec![None; n];
    let mut frontier: Vec<Cell> = geometry.side(colour).promotion.clone();
    for &c in &frontier {
        dist[c.index()] = Some(0);
    }
    let mut level = 0;
    while !frontier.is_empty() {
        level += 1;
        let mut next = Vec::new();
        for c in geometry.cells() {
            if dist[c.index()].is_some() {
                continue;
            }
            let reaches = forward.iter().any(|&d| {
                geometry
                    .neighbour(c, d)
                    .is_some_and(|to| dist[to.index()] == Some(level - 1))
            });
            if reaches {
                next.push(c);
            }
        }
        for &c in &next {
            dist[c.index()] = Some(level);
        }
        frontier = next;
    }
    let far = dist.iter().flatten().copied().max().unwrap_or(0);
    dist.iter()
        .map(|d| d.map_or(0, |d| u8::try_from(far - d).unwrap_or(u8::MAX)))
        .collect()
}

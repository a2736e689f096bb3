//! The board symmetries a table may fold together: those of the board's links
//! ([`Geometry::symmetries`]) that keep the men of each colour that has men.

use bushka_geometry::{ByColour, Cell, Colour, Geometry};

use crate::material::Material;

/// The cell permutations that keep the rules of `material` intact on `geometry`,
/// the identity first.
pub(crate) fn symmetries(geometry: &Geometry, material: Material) -> Vec<Vec<Cell>> {
    geometry.symmetries(ByColour::new(
        material.men[Colour::White] > 0,
        material.men[Colour::Black] > 0,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(name: &str) -> Geometry {
        bushka_geometry::builtin(name)
            .expect("builtin")
            .expect("valid")
    }

    fn count(name: &str, material: &str) -> usize {
        symmetries(&geometry(name), material.parse().expect("signature")).len()
    }

    #[test]
    fn official_boards_have_the_expected_symmetries() {
        // The hexagon has the 12 symmetries of a regular hexagon for kings; men keep
        // only the reflection that exchanges their two side directions.
        assert_eq!(count("hexbushka", "3K v 1K"), 12);
        assert_eq!(count("hexbushka", "2K1M v 1K"), 2);
        // The 10x10 board's playing cells: a half turn and the two diagonal
        // reflections; a man's forward directions survive none of them.
        assert_eq!(count("bushka", "3K v 1K"), 4);
        assert_eq!(count("bushka", "2K1M v 1K"), 1);
    }

    #[test]
    fn every_symmetry_keeps_every_link() {
        for name in ["bushka", "bushka-9x11", "hexbushka", "draughts"] {
            let g = geometry(name);
            for map in symmetries(&g, "1K v 1K".parse().expect("signature")) {
                let mut links: Vec<(Cell, Cell)> = Vec::new();
                let mut mapped: Vec<(Cell, Cell)> = Vec::new();
                for c in g.cells() {
                    for d in g.dirs() {
                        if let Some(n) = g.neighbour(c, d) {
                            links.push((c, n));
                            mapped.push((map[c.index()], map[n.index()]));
                        }
                    }
                }
                links.sort_unstable();
                mapped.sort_unstable();
                assert_eq!(links, mapped, "{name}");
            }
        }
    }
}

//! Rows counted from a player's own back rank, for `men = { rows = N }`.

use crate::index::{Cell, Dir};
use crate::neighbours::Neighbours;

/// The cells of the first `rows` rows of a player: row 1 is `back_rank`, and row
/// k + 1 holds the cells first reached by one step in a `forward` direction from row
/// k (a breadth-first search over the forward links, so it follows any drawing).
/// Sorted.
pub(crate) fn first_rows(
    back_rank: &[Cell],
    forward: &[Dir],
    links: &Neighbours,
    rows: usize,
) -> Vec<Cell> {
    let n = links.cell_count();
    let mut seen = vec![false; n];
    let mut row: Vec<Cell> = back_rank
        .iter()
        .copied()
        .filter(|&c| c.index() < n)
        .collect();
    row.sort_unstable();
    row.dedup();
    let mut all = Vec::new();
    for _ in 0..rows {
        if row.is_empty() {
            break;
        }
        for &c in &row {
            seen[c.index()] = true;
        }
        all.extend_from_slice(&row);
        let mut next: Vec<Cell> = row
            .iter()
            .flat_map(|&c| forward.iter().filter_map(move |&d| links.get(c, d)))
            .filter(|&c| !seen[c.index()])
            .collect();
        next.sort_unstable();
        next.dedup();
        row = next;
    }
    all.sort_unstable();
    all
}

#[cfg(test)]
mod tests {
    use super::first_rows;
    use crate::index::{Cell, Dir};
    use crate::neighbours::Neighbours;

    #[test]
    fn rows_follow_the_forward_links() {
        // A 2 x 3 strip: cells 0..=5, cell = 2 * row + column, one direction "up".
        let up = Dir::new(0);
        let mut links = Neighbours::new(6, 1);
        for c in 0..4 {
            links.set(Cell::new(c), up, Some(Cell::new(c + 2)));
        }
        let cells = |indices: &[usize]| indices.iter().map(|&i| Cell::new(i)).collect::<Vec<_>>();
        let back_rank = cells(&[0, 1]);
        assert_eq!(first_rows(&back_rank, &[up], &links, 1), cells(&[0, 1]));
        assert_eq!(
            first_rows(&back_rank, &[up], &links, 2),
            cells(&[0, 1, 2, 3])
        );
        assert_eq!(
            first_rows(&back_rank, &[up], &links, 9),
            cells(&[0, 1, 2, 3, 4, 5])
        );
        assert_eq!(first_rows(&back_rank, &[up], &links, 0), cells(&[]));
    }
}

//! Rows counted from a player's own back rank, for `men = { rows = N }`.

use crate::geometry::{Cell, Dir};

/// The cells of the first `rows` rows of a player: row 1 is `back_rank`, and row
/// k + 1 holds the cells first reached by one step in a `forward` direction from row
/// k (a breadth-first search over the forward links, so it follows any drawing).
/// `links[cell * nd + d]` is the neighbour of `cell` in direction `d`. Sorted.
pub fn first_rows(
    back_rank: &[Cell],
    forward: &[Dir],
    links: &[Option<Cell>],
    nd: usize,
    rows: usize,
) -> Vec<Cell> {
    let n = links.len() / nd.max(1);
    let mut seen = vec![false; n];
    let mut row: Vec<Cell> = back_rank.iter().copied().filter(|&c| c < n).collect();
    row.sort_unstable();
    row.dedup();
    let mut all = Vec::new();
    for _ in 0..rows {
        if row.is_empty() {
            break;
        }
        for &c in &row {
            seen[c] = true;
        }
        all.extend_from_slice(&row);
        let mut next: Vec<Cell> = row
            .iter()
            .flat_map(|&c| forward.iter().filter_map(move |&d| links[c * nd + d]))
            .filter(|&c| !seen[c])
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

    #[test]
    fn rows_follow_the_forward_links() {
        // A 2 x 3 strip: cells 0..=5, cell = 2 * row + column, one direction "up".
        let nd = 1;
        let links: Vec<Option<usize>> = (0..6).map(|c| (c + 2 < 6).then_some(c + 2)).collect();
        assert_eq!(first_rows(&[0, 1], &[0], &links, nd, 1), [0, 1]);
        assert_eq!(first_rows(&[0, 1], &[0], &links, nd, 2), [0, 1, 2, 3]);
        assert_eq!(first_rows(&[0, 1], &[0], &links, nd, 9), [0, 1, 2, 3, 4, 5]);
        assert_eq!(
            first_rows(&[0, 1], &[0], &links, nd, 0),
            Vec::<usize>::new()
        );
    }
}

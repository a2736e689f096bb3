//! Tablebases on small authored boards agree at every position with plain exhaustive
//! minimax written here independently (it shares only the rules crate's move
//! generator, the definition of the game).

use std::collections::HashMap;
use std::sync::Arc;

use bushka_geometry::{ByColour, Cell, Colour};
use bushka_rules::{Bits, Board, Position};
use bushka_tablebase::{Material, Silent, Tablebases, Value, solve};
use bushka_tests::data_path;

/// Minimax looks this many plies ahead; every table on these boards ends sooner.
const HORIZON: u16 = 40;

/// Depth-limited win/loss search with memory, by position hash and depth.
struct Minimax<'a> {
    board: &'a Board<u64>,
    win: HashMap<(u64, u16), bool>,
    loss: HashMap<(u64, u16), bool>,
}

impl Minimax<'_> {
    /// Whether the side to move can force the opponent out of moves within `n` plies.
    fn win_within(&mut self, pos: &Position<u64>, n: u16) -> bool {
        if n == 0 {
            return false;
        }
        if let Some(&known) = self.win.get(&(pos.hash(), n)) {
            return known;
        }
        let moves = self.board.moves(pos);
        let result = moves
            .iter()
            .any(|mv| self.loss_within(&pos.play(self.board, mv), n - 1));
        self.win.insert((pos.hash(), n), result);
        result
    }

    /// Whether the side to move is out of moves within `n` plies whatever it does.
    fn loss_within(&mut self, pos: &Position<u64>, n: u16) -> bool {
        if let Some(&known) = self.loss.get(&(pos.hash(), n)) {
            return known;
        }
        let moves = self.board.moves(pos);
        let result = moves.is_empty()
            || (n > 0
                && moves
                    .iter()
                    .all(|mv| self.win_within(&pos.play(self.board, mv), n - 1)));
        self.loss.insert((pos.hash(), n), result);
        result
    }

    fn value(&mut self, pos: &Position<u64>) -> Value {
        for n in 0..=HORIZON {
            if self.loss_within(pos, n) {
                return Value::Loss(n);
            }
            if self.win_within(pos, n) {
                return Value::Win(n);
            }
        }
        Value::Draw
    }
}

/// Every placement of `material` (groups White kings, White men, Black kings, Black
/// men), each group's cells increasing, by plain nested recursion.
fn placements(board: &Board<u64>, material: Material) -> Vec<[u64; 4]> {
    struct Walk<'a> {
        board: &'a Board<u64>,
        counts: [u8; 4],
        out: Vec<[u64; 4]>,
    }
    impl Walk<'_> {
        fn walk(&mut self, group: usize, from: usize, left: u8, sets: [u64; 4]) {
            if group == 4 {
                self.out.push(sets);
                return;
            }
            if left == 0 {
                let next = self.counts.get(group + 1).copied().unwrap_or(0);
                self.walk(group + 1, 0, next, sets);
                return;
            }
            let used = sets.iter().fold(0, |a, s| a | s);
            for cell in from..self.board.geometry().cell_count() {
                let bit = u64::bit(self.board.sq(Cell::new(cell)));
                if used & bit == 0 {
                    let mut next = sets;
                    next[group] |= bit;
                    self.walk(group, cell + 1, left - 1, next);
                }
            }
        }
    }
    let counts = [
        material.kings[Colour::White],
        material.men[Colour::White],
        material.kings[Colour::Black],
        material.men[Colour::Black],
    ];
    let mut walk = Walk {
        board,
        counts,
        out: Vec::new(),
    };
    walk.walk(0, 0, counts[0], [0; 4]);
    walk.out
}

fn check(file: &str, signatures: &[&str]) {
    let geometry = bushka_geometry::load_path(&data_path(file)).expect("test board loads");
    let board = Arc::new(Board::<u64>::new(Arc::new(geometry)).expect("fits 64 bits"));
    let mut tables = Tablebases::new(board.geometry());
    let mut minimax = Minimax {
        board: &board,
        win: HashMap::new(),
        loss: HashMap::new(),
    };
    for text in signatures {
        let material: Material = text.parse().expect("signature");
        solve(&board, &mut tables, material, &Silent).expect("small table");
        let mut checked = 0;
        let mut decided = 0;
        for [wk, wm, bk, bm] in placements(&board, material) {
            for side in Colour::BOTH {
                let Some(pos) =
                    board.position_from_sets(ByColour::new(wm, bm), ByColour::new(wk, bk), side)
                else {
                    continue;
                };
                let expected = minimax.value(&pos);
                let found = tables.probe(&board, &pos);
                assert_eq!(
                    found,
                    Some(expected),
                    "{file} {text}: {}",
                    board.position_string(&pos)
                );
                checked += 1;
                decided += usize::from(expected != Value::Draw);
            }
        }
        assert!(checked > 100, "{file} {text}: only {checked} positions");
        assert!(decided > 0, "{file} {text}: nothing decided, a weak test");
        let table = tables.table(&material).expect("solved");
        assert!(
            table.max_distance() + 4 < HORIZON,
            "{file} {text}: raise HORIZON"
        );
    }
}

#[test]
fn hexagon_of_side_3_agrees_with_minimax() {
    check("hexagon-3.toml", &["2K v 1K", "1K1M v 1K", "2M v 1M"]);
}

#[test]
fn draughts_6x6_agrees_with_minimax() {
    check("draughts-6x6.toml", &["2K v 1K", "1K1M v 1M", "1M v 2K"]);
}

#[test]
#[ignore = "slow: cargo test -p bushka-tests --test tablebase_minimax -- --ignored"]
fn four_pieces_agree_with_minimax() {
    check("hexagon-3.toml", &["3K v 1K", "2K1M v 1K"]);
    check("draughts-6x6.toml", &["3K v 1K", "2K1M v 1M", "2M v 2M"]);
}

//! Tablebases on small authored boards and on the draughts family's files agree at
//! every position with plain exhaustive minimax written here independently (it shares
//! only the rules crate's move generator, the definition of the game, and reads the
//! goal from the variant file itself); a few positions of every family file are
//! checked by hand, and Frisian's history-dependent king limit is refused.

use std::collections::HashMap;
use std::sync::Arc;

use bushka_geometry::{ByColour, Cell, Colour, Goal};
use bushka_rules::AnyBoard;
use bushka_rules::{Bits, Board, Position};
use bushka_tablebase::{Material, Silent, SolveError, Tablebases, Value, solve};
use bushka_tests::{JUMP_BUILTINS, builtin, data_path};

/// Minimax looks this many plies ahead; every table on these boards ends sooner.
const HORIZON: u16 = 40;

/// Depth-limited win/loss search with memory, by position hash and depth.
struct Minimax<'a> {
    board: &'a Board<u64>,
    goal: Goal,
    win: HashMap<(u64, u16), bool>,
    loss: HashMap<(u64, u16), bool>,
}

impl Minimax<'_> {
    fn new(board: &Board<u64>) -> Minimax<'_> {
        Minimax {
            board,
            goal: board.geometry().rules().goal,
            win: HashMap::new(),
            loss: HashMap::new(),
        }
    }

    /// Whether the side to move in `pos`, which has no move, wins: the goal reversed,
    /// or (first king wins) it has the only kings on the board.
    fn wins_without_moves(&self, pos: &Position<u64>) -> bool {
        let side = pos.side();
        match self.goal {
            Goal::NoMovesLoses => false,
            Goal::NoMovesWins => true,
            Goal::FirstKingWins => {
                !pos.kings(side).is_empty() && pos.kings(side.opponent()).is_empty()
            }
        }
    }

    /// Whether the side to move can force a win within `n` plies (a win by having no
    /// move counts one ply, the turn it cannot play).
    fn win_within(&mut self, pos: &Position<u64>, n: u16) -> bool {
        if n == 0 {
            return false;
        }
        if let Some(&known) = self.win.get(&(pos.hash(), n)) {
            return known;
        }
        let moves = self.board.moves(pos);
        let result = if moves.is_empty() {
            self.wins_without_moves(pos)
        } else {
            moves
                .iter()
                .any(|mv| self.loss_within(&pos.play(self.board, mv), n - 1))
        };
        self.win.insert((pos.hash(), n), result);
        result
    }

    /// Whether the side to move is out of moves within `n` plies whatever it does.
    fn loss_within(&mut self, pos: &Position<u64>, n: u16) -> bool {
        if let Some(&known) = self.loss.get(&(pos.hash(), n)) {
            return known;
        }
        let moves = self.board.moves(pos);
        let result = (moves.is_empty() && !self.wins_without_moves(pos))
            || (n > 0
                && !moves.is_empty()
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
    check_board(file, geometry, signatures);
}

fn check_board(file: &str, geometry: bushka_geometry::Geometry, signatures: &[&str]) {
    let board = Arc::new(Board::<u64>::new(Arc::new(geometry)).expect("fits 64 bits"));
    let mut tables = Tablebases::new(board.geometry());
    let mut minimax = Minimax::new(&board);
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

#[test]
fn every_draughts_file_agrees_with_minimax() {
    // Every jump-capture built-in that fits 64 bits (all but Canadian's 72 cells,
    // solved below without minimax).
    for name in JUMP_BUILTINS {
        let geometry = builtin(name);
        if matches!(AnyBoard::new(geometry.clone()), AnyBoard::Narrow(_)) {
            check_board(name, geometry, &["1M v 1M", "1K v 1M"]);
        }
    }
}

/// The value of `position` on `variant` after solving `material`.
fn value(variant: &str, material: &str, position: &str) -> Option<Value> {
    let any = AnyBoard::new(builtin(variant));
    bushka_rules::with_board!(&any, board => {
        let mut tables = Tablebases::new(board.geometry());
        let material: Material = material.parse().expect("signature");
        solve(board, &mut tables, material, &Silent).expect("small table");
        let pos = board.parse_position(position).expect("position");
        tables.probe(board, &pos)
    })
}

#[test]
fn family_positions_checked_by_hand() {
    // A man takes the last piece: a win in 1 (Russian, orthogonally in Turkish; a
    // Frisian king along a row).
    assert_eq!(
        value("russian", "1M v 1M", "W:W22:B18"),
        Some(Value::Win(1))
    );
    assert_eq!(
        value("turkish", "1M v 1M", "W:Wd4:Bd5"),
        Some(Value::Win(1))
    );
    assert_eq!(
        value("frisian", "1K v 1M", "W:WK21:B23"),
        Some(Value::Win(1))
    );
    // An Italian man may not take a king; a Russian one may.
    assert_eq!(
        value("russian", "1M v 1K", "W:W22:BK18"),
        Some(Value::Win(1))
    );
    assert_ne!(
        value("italian", "1M v 1K", "W:W22:BK18"),
        Some(Value::Win(1))
    );
    assert_eq!(
        value("italian", "1M v 1K", "B:W22:BK18"),
        Some(Value::Win(1))
    );
    // Antidraughts: White must take Black's last man, and Black, without a move, wins.
    assert_eq!(
        value("antidraughts", "1M v 1M", "W:W28:B22"),
        Some(Value::Loss(2))
    );
    assert_eq!(
        value("draughts", "1M v 1M", "W:W28:B22"),
        Some(Value::Win(1))
    );
    // Breakthrough: whoever is to move crowns first (6-1, 45-50) and wins.
    assert_eq!(
        value("breakthrough", "1M v 1M", "W:W6:B45"),
        Some(Value::Win(1))
    );
    assert_eq!(
        value("breakthrough", "1M v 1M", "B:W6:B45"),
        Some(Value::Win(1))
    );
    // Canadian (72 cells, beyond 64 bits) solves too: White's man on 66 takes 60.
    assert_eq!(
        value("canadian", "1M v 1M", "W:W66:B60"),
        Some(Value::Win(1))
    );
}

#[test]
fn frisian_tables_refuse_kings_beside_men() {
    // With `rules.max_same_king_moves` a king's moves depend on the moves before
    // while its side has men: signatures that reach such a side are refused.
    let any = AnyBoard::new(builtin("frisian"));
    bushka_rules::with_board!(&any, board => {
        let mut tables = Tablebases::new(board.geometry());
        let material: Material = "2M v 1K".parse().expect("signature");
        let err = solve(board, &mut tables, material, &Silent).expect_err("refused");
        assert!(matches!(err, SolveError::History { .. }), "{err}");
        assert!(err.to_string().contains("rules.max_same_king_moves"), "{err}");
        assert!(tables.is_empty());
        // Kings only, and single men, are exact.
        let material: Material = "2K v 1M".parse().expect("signature");
        solve(board, &mut tables, material, &Silent).expect("no history needed");
    });
}

//! Tablebases on the official boards: every value is consistent with the values of
//! the positions its moves reach (in its own table and, through captures, in the
//! smaller tables), and the engine with tables converts won positions in the
//! table's distance.

use std::sync::Arc;

use bushka_engine::{DEFAULT_LEVEL, LEVELS, Limits, MATE, MATE_BOUND, Searcher};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Game, Move, Position};
use bushka_tablebase::{Material, Silent, Tablebases, Value, solve};
use bushka_tests::{OFFICIAL, builtin};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn board_of(name: &str) -> Arc<Board<u128>> {
    Arc::new(Board::new(Arc::new(builtin(name))).expect("official boards fit 128 bits"))
}

fn solved(board: &Board<u128>, signature: &str) -> (Tablebases, Material) {
    let material: Material = signature.parse().expect("signature");
    let mut tables = Tablebases::new(board.geometry());
    solve(board, &mut tables, material, &Silent).expect("table fits");
    (tables, material)
}

/// Checks one position's value against its children's.
fn check_position<B: Bits>(board: &Board<B>, tables: &Tablebases, pos: &Position<B>) {
    let value = tables.probe(board, pos).expect("covered");
    let children: Vec<Value> = board
        .moves(pos)
        .iter()
        .map(|mv| {
            tables
                .probe(board, &pos.play(board, mv))
                .expect("every child is covered")
        })
        .collect();
    let at = board.position_string(pos);
    match value {
        Value::Win(n) => {
            assert!(
                children.contains(&Value::Loss(n - 1)),
                "{at}: no move wins in {n}"
            );
            assert!(
                !children
                    .iter()
                    .any(|c| matches!(c, Value::Loss(m) if *m + 1 < n)),
                "{at}: a faster win than {n} exists"
            );
        }
        Value::Loss(n) => {
            assert!(
                children
                    .iter()
                    .all(|c| matches!(c, Value::Win(m) if *m < n)),
                "{at}: a move escapes the loss in {n}: {children:?}"
            );
            assert!(
                n == 0 && children.is_empty() || children.contains(&Value::Win(n - 1)),
                "{at}: the loss is shorter than {n}"
            );
        }
        Value::Draw => {
            assert!(
                !children.iter().any(|c| matches!(c, Value::Loss(_))),
                "{at}: a drawn position has a winning move"
            );
            assert!(
                children.contains(&Value::Draw),
                "{at}: no move keeps the draw"
            );
        }
    }
}

/// Checks every position of `material`'s table, or `sample` random indices.
fn check_table(board: &Board<u128>, tables: &Tablebases, material: Material, sample: Option<u64>) {
    let table = tables.table(&material).expect("solved");
    let size = table.indexer().size();
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let indices: Box<dyn Iterator<Item = u64>> = match sample {
        Some(n) => Box::new((0..n).map(move |_| rng.random_range(0..size))),
        None => Box::new(0..size),
    };
    for index in indices {
        if let Some(pos) = table.indexer().unrank(board, index) {
            check_position(board, tables, &pos);
        }
    }
}

#[test]
fn two_kings_against_one_are_consistent_on_every_official_board() {
    for (name, ..) in OFFICIAL {
        let board = board_of(name);
        let (tables, material) = solved(&board, "2K v 1K");
        check_table(&board, &tables, material, None);
        // The smaller tables reached by captures are consistent too.
        for smaller in ["1K v 1K", "2K v 0"] {
            check_table(&board, &tables, smaller.parse().expect("signature"), None);
        }
    }
}

#[test]
fn endings_with_men_are_consistent_on_every_official_board() {
    for (name, ..) in OFFICIAL {
        let board = board_of(name);
        let (tables, material) = solved(&board, "1K1M v 1K");
        check_table(&board, &tables, material, Some(3_000));
        // Promotion leads into 2K v 1K, captures into 1K1M v 0, 1M v 1K, 1K v 1K.
        for smaller in ["1M v 1K", "1K1M v 0", "1K v 1M"] {
            let smaller: Material = smaller.parse().expect("signature");
            if tables.table(&smaller).is_some() {
                check_table(&board, &tables, smaller, Some(3_000));
            }
        }
    }
}

#[test]
#[ignore = "slow: cargo test --release -p bushka-tests --test tablebase_official -- --ignored"]
fn every_four_piece_signature_is_consistent_on_every_official_board() {
    for (name, ..) in OFFICIAL {
        let board = board_of(name);
        let mut tables = Tablebases::new(board.geometry());
        for material in Material::up_to(4) {
            solve(&board, &mut tables, material, &Silent).expect("table fits");
        }
        let all: Vec<Material> = tables.tables().iter().map(|t| t.material()).collect();
        for material in all {
            check_table(&board, &tables, material, Some(20_000));
        }
    }
}

/// The engine, with tables, plays `count` sampled won positions of `signature` out
/// against the table's best defence and must win within the table's distance.
fn engine_converts(name: &str, signature: &str, count: usize, checked_sample: u64) {
    let board = board_of(name);
    let (tables, material) = solved(&board, signature);
    check_table(&board, &tables, material, Some(checked_sample));
    let tables = Arc::new(tables);
    let table = tables.table(&material).expect("solved");
    let mut searcher = Searcher::new(Arc::clone(&board), 4);
    searcher.set_tablebases(Arc::clone(&tables));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut played = 0;
    while played < count {
        let index = rng.random_range(0..table.indexer().size());
        let Some(Value::Win(n)) = table.value_at(index) else {
            continue;
        };
        let Some(start) = table.indexer().unrank(&board, index) else {
            continue;
        };
        let winner = start.side();
        let mut pos = start;
        let mut plies = 0;
        while !board.moves(&pos).is_empty() {
            assert!(
                plies < n,
                "{name}: engine did not win {} in {n} plies",
                board.position_string(&start)
            );
            let mv = if pos.side() == winner {
                let result = searcher.search(&pos, &Limits::depth(2), |_| {});
                result.best.expect("has moves")
            } else {
                tables.best_move(&board, &pos).expect("covered")
            };
            pos = pos.play(&board, &mv);
            plies += 1;
        }
        assert_ne!(pos.side(), winner, "{name}: the winner ran out of moves");
        played += 1;
    }
}

#[test]
fn engine_with_tables_wins_three_kings_against_one() {
    for (name, ..) in OFFICIAL {
        engine_converts(name, "3K v 1K", 100, 2_000);
    }
}

#[test]
#[ignore = "slow: cargo test --release -p bushka-tests --test tablebase_official -- --ignored"]
fn three_kings_against_one_are_consistent_and_converted_at_scale() {
    for (name, ..) in OFFICIAL {
        engine_converts(name, "3K v 1K", 1_000, 200_000);
    }
}

/// `count` won starts of `material` sampled from its table with `seed`, every other one
/// with the losing side to move, each with its winner.
fn won_starts(
    board: &Board<u128>,
    tables: &Tablebases,
    material: &Material,
    seed: u64,
    count: usize,
) -> Vec<(Position<u128>, Colour)> {
    let table = tables.table(material).expect("solved");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut starts = Vec::with_capacity(count);
    while starts.len() < count {
        let index = rng.random_range(0..table.indexer().size());
        let loser_to_move = starts.len() % 2 == 1;
        let won = match table.value_at(index) {
            Some(Value::Win(_)) => !loser_to_move,
            Some(Value::Loss(_)) => loser_to_move,
            _ => false,
        };
        if let Some(start) = table.indexer().unrank(board, index).filter(|_| won) {
            let winner = if loser_to_move {
                start.side().opponent()
            } else {
                start.side()
            };
            starts.push((start, winner));
        }
    }
    starts
}

/// Without tables, the engine at `nodes` a move plays out `count` sampled won starts of
/// 3K v 1K on `name` (every other one with the lone king to move) as games, against the
/// table's best defence, for at most `plies` plies; returns the starts it did not win,
/// each with how the game ended (a repetition draws, as in any game).
fn unconverted_without_tables(name: &str, count: usize, nodes: u64, plies: usize) -> Vec<String> {
    let board = board_of(name);
    let (tables, material) = solved(&board, "3K v 1K");
    let mut failed = Vec::new();
    for (start, winner) in won_starts(&board, &tables, &material, 5, count) {
        // A fresh searcher per start: no table, no memory of another game.
        let mut searcher = Searcher::new(Arc::clone(&board), 16);
        let mut game = Game::from_position(Arc::clone(&board), start).expect("a legal start");
        while game.outcome().is_none() && game.moves().len() < plies {
            let pos = *game.position();
            let mv = if pos.side() == winner {
                searcher
                    .search_game(&game, &Limits::nodes(nodes), |_| {})
                    .best
            } else {
                tables.best_move(&board, &pos)
            };
            game.play(&mv.expect("has moves")).expect("a legal move");
        }
        let outcome = game.outcome();
        if outcome.and_then(|o| o.winner()) != Some(winner) {
            let end = outcome.map_or(format!("{plies} plies"), |o| o.to_string());
            failed.push(format!("{} ({end})", board.position_string(&start)));
        }
    }
    failed
}

#[test]
#[ignore = "slow: cargo test --release -p bushka-tests --test tablebase_official -- --ignored without_tables"]
fn the_engine_without_tables_converts_three_kings_against_one_within_sixty_plies() {
    // The default level's node budget (level 6), 200 starts per official board.
    let nodes = LEVELS[usize::from(DEFAULT_LEVEL) - 1].0;
    let count = 200;
    let mut failures = Vec::new();
    for (name, ..) in OFFICIAL {
        let failed = unconverted_without_tables(name, count, nodes, 60);
        eprintln!(
            "{name}: {} of {count} won within 60 plies at {nodes} nodes a move",
            count - failed.len()
        );
        failures.extend(failed.into_iter().map(|f| format!("{name}: {f}")));
    }
    assert!(
        failures.is_empty(),
        "not converted:\n{}",
        failures.join("\n")
    );
}

/// Checks a win the engine claims at `pos` (`plies` plies, along `line`) against the
/// tables: the position is won in at most that many plies, and the line is legal, each
/// of the winner's moves keeping the win and each of the loser's answering within it.
fn check_claimed_win(
    board: &Board<u128>,
    tables: &Tablebases,
    pos: &Position<u128>,
    plies: u32,
    line: &[Move<u128>],
) {
    let at = board.position_string(pos);
    let Some(Value::Win(n)) = tables.probe(board, pos) else {
        panic!("{at}: the engine claims a win in {plies}; the table says otherwise");
    };
    assert!(
        u32::from(n) <= plies,
        "{at}: a win in {plies} claimed, the shortest is {n}"
    );
    assert!(
        line.len() <= plies as usize,
        "{at}: a line longer than the win claimed"
    );
    let mut here = *pos;
    for mv in line {
        assert!(
            board.moves(&here).iter().any(|m| m.same(mv)),
            "{at}: the claimed line plays an illegal move"
        );
        here = here.play(board, mv);
        let value = tables.probe(board, &here);
        let kept = match value {
            Some(Value::Loss(_)) => here.side() != pos.side(),
            Some(Value::Win(_)) => here.side() == pos.side(),
            // The loser has no king left: the game is over.
            None => board.moves(&here).is_empty(),
            Some(Value::Draw) => false,
        };
        assert!(kept, "{at}: the claimed line lets the win go ({value:?})");
    }
}

#[test]
fn the_wins_the_engine_proves_without_tables_are_wins_and_are_played_out() {
    // Hexbushka, where 3K v 1K is hardest to convert: 24 sampled starts, the
    // default level's nodes a move, the table's best defence.
    let board = board_of("hexbushka");
    let (tables, material) = solved(&board, "3K v 1K");
    let nodes = LEVELS[usize::from(DEFAULT_LEVEL) - 1].0;
    let mut claims = 0;
    let starts = won_starts(&board, &tables, &material, 17, 24);
    // The three kings' wins (the lone king to move wins only by taking a king at once).
    let hunts: Vec<_> = starts
        .into_iter()
        .filter(|(start, winner)| start.kings(*winner).count() == 3)
        .collect();
    for &(start, winner) in &hunts {
        let mut searcher = Searcher::new(Arc::clone(&board), 16);
        let mut game = Game::from_position(Arc::clone(&board), start).expect("a legal start");
        // The ply by which the engine's last claimed win ends the game.
        let mut promised: Option<usize> = None;
        while game.outcome().is_none() && game.moves().len() < 60 {
            let pos = *game.position();
            let mv = if pos.side() == winner {
                let result = searcher.search_game(&game, &Limits::nodes(nodes), |_| {});
                let last = result.last.expect("a move");
                if last.score > MATE_BOUND {
                    let plies = (MATE - last.score) as u32;
                    check_claimed_win(&board, &tables, &pos, plies, &last.pv);
                    let by = game.moves().len() + plies as usize;
                    assert!(
                        promised.is_none_or(|p| by <= p),
                        "{}: a win claimed by ply {by} after one by ply {promised:?}",
                        board.position_string(&start)
                    );
                    promised = Some(by);
                    claims += 1;
                }
                result.best
            } else {
                tables.best_move(&board, &pos)
            };
            game.play(&mv.expect("has moves")).expect("a legal move");
        }
        let at = board.position_string(&start);
        assert_eq!(
            game.outcome().and_then(|o| o.winner()),
            Some(winner),
            "{at}: not won"
        );
        let promised = promised.unwrap_or_else(|| panic!("{at}: won without a claimed win"));
        assert!(
            game.moves().len() <= promised,
            "{at}: won later than claimed"
        );
    }
    assert!(hunts.len() >= 20, "only {} hunts sampled", hunts.len());
    eprintln!(
        "{claims} wins claimed and checked over {} games",
        hunts.len()
    );
}

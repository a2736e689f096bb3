//! Property tests of the rules engine over seeded random playouts on every built-in
//! board: colour-mirror symmetry, material bookkeeping, the incremental hash, position
//! strings, move notation, game records and perft's bulk count.
//!
//! Each case plays up to 80 random legal moves from the start (the moves drawn from a
//! SplitMix64 stream seeded by proptest) and checks its property at every position.

use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

use bushka_geometry::{Cell, Colour};
use bushka_rules::{
    AnyBoard, Bits, Board, Game, Move, MoveKind, MoveList, Position, Record, Setup, Sq, perft,
    with_board,
};
use bushka_tests::Rng;
use bushka_tests::lockstep::random_placement;
use proptest::prelude::*;

/// Every built-in board.
const BOARDS: [&str; 23] = bushka_tests::ALL_BUILTINS;

/// The compiled built-in boards, loaded once.
fn boards() -> &'static [AnyBoard] {
    static BOARDS_CELL: OnceLock<Vec<AnyBoard>> = OnceLock::new();
    BOARDS_CELL.get_or_init(|| {
        BOARDS
            .iter()
            .map(|name| match bushka_geometry::builtin(name) {
                Some(Ok(geometry)) => AnyBoard::new(geometry),
                Some(Err(e)) => panic!("`{name}`: {e}"),
                None => panic!("no built-in `{name}`"),
            })
            .collect()
    })
}

/// Generated cylinders (`support::draughts_cylinder_toml`), one per bitset width:
/// 10x10 (`u64`), 14x14 (`u128`), 20x20 ([`bushka_rules::Wide`]), each of whose
/// directions steps by two masked shifts.
fn cylinders() -> &'static [AnyBoard] {
    static CYLINDERS: OnceLock<Vec<AnyBoard>> = OnceLock::new();
    CYLINDERS.get_or_init(|| {
        let boards: Vec<AnyBoard> = [10, 14, 20]
            .into_iter()
            .map(bushka_tests::draughts_cylinder)
            .collect();
        assert!(matches!(
            boards.as_slice(),
            [AnyBoard::Narrow(_), AnyBoard::Medium(_), AnyBoard::Wide(_)]
        ));
        boards
    })
}

/// Plays up to `plies` random legal moves from the start, calling `visit(pos, legal)`
/// at every position (including the last one); stops early when no move is legal.
fn playout<B: Bits>(
    board: &Board<B>,
    seed: u64,
    plies: usize,
    mut visit: impl FnMut(&Position<B>, &[Move<B>]),
) {
    let mut rng = Rng::new(seed);
    let mut pos = board.start_position();
    for ply in 0..=plies {
        let legal = board.moves(&pos);
        visit(&pos, legal.as_slice());
        if ply == plies || legal.is_empty() {
            break;
        }
        pos = pos.play(board, &legal.as_slice()[rng.below(legal.len())]);
    }
}

/// A move as cells: (kind, from, to, captured, promotes), mapped through `map`.
type CellMove = (MoveKind, Cell, Cell, Vec<Cell>, bool);

fn cell_move<B: Bits>(board: &Board<B>, mv: &Move<B>, map: impl Fn(Cell) -> Cell) -> CellMove {
    let mut captured: Vec<Cell> = mv.captured.iter().map(|sq| map(board.cell(sq))).collect();
    captured.sort_unstable();
    (
        mv.kind,
        map(board.cell(mv.from)),
        map(board.cell(mv.to)),
        captured,
        mv.promotes,
    )
}

/// Cells of a bitset.
fn cells<B: Bits>(board: &Board<B>, set: B) -> Vec<Cell> {
    set.iter().map(|sq| board.cell(sq)).collect()
}

// ---------------------------------------------------------------------------------

/// The colour-swapped reflection of `pos`: every piece reflected through the mirror
/// and given to the other player, the other player to move.
fn mirrored<B: Bits>(board: &Board<B>, pos: &Position<B>, mirror: &[Cell]) -> Position<B> {
    let mut setup = Setup {
        black_to_move: pos.side() == Colour::White,
        ..Setup::default()
    };
    for p in Colour::BOTH {
        let q = p.opponent();
        setup.men[q] = cells(board, pos.men(p))
            .into_iter()
            .map(|c| mirror[c.index()])
            .collect();
        setup.kings[q] = cells(board, pos.kings(p))
            .into_iter()
            .map(|c| mirror[c.index()])
            .collect();
    }
    setup.validate(board).unwrap_or_else(|e| {
        panic!(
            "mirror of {} does not validate: {e}",
            board.position_string(pos)
        )
    })
}

fn check_mirror<B: Bits>(board: &Board<B>, seed: u64, plies: usize) {
    let g = board.geometry();
    let mirror = g
        .mirror()
        .unwrap_or_else(|| panic!("`{}` has no colour mirror", g.meta().id));
    playout(board, seed, plies, |pos, legal| {
        let text = board.position_string(pos);
        let image = mirrored(board, pos, mirror);
        assert_eq!(
            &mirrored(board, &image, mirror),
            pos,
            "{text}: mirrored twice"
        );
        let expected: BTreeSet<CellMove> = legal
            .iter()
            .map(|m| cell_move(board, m, |c| mirror[c.index()]))
            .collect();
        let image_moves = board.moves(&image);
        let actual: BTreeSet<CellMove> = image_moves
            .iter()
            .map(|m| cell_move(board, m, |c| c))
            .collect();
        assert_eq!(
            legal.len(),
            image_moves.len(),
            "move count of {text} and its mirror"
        );
        assert_eq!(
            expected,
            actual,
            "legal moves of {text} and of its mirror {}",
            board.position_string(&image)
        );
    });
}

fn check_material<B: Bits>(board: &Board<B>, seed: u64, plies: usize) {
    playout(board, seed, plies, |pos, legal| {
        let me = pos.side();
        let them = me.opponent();
        let text = board.position_string(pos);
        for mv in legal {
            let next = pos.play(board, mv);
            let what = format!(
                "{:?} {}->{} in {text}",
                mv.kind,
                board.name(mv.from),
                board.name(mv.to)
            );
            assert_eq!(next.side(), them, "{what}: side to move");
            // Captured pieces are the opponent's, and exactly they disappear.
            assert_eq!(
                mv.captured & !pos.pieces(them),
                B::EMPTY,
                "{what}: captures own or empty cells"
            );
            assert_eq!(
                next.pieces(them),
                pos.pieces(them) & !mv.captured,
                "{what}: opponent's pieces"
            );
            assert_eq!(
                next.pieces(them).count() + mv.capture_count(),
                pos.pieces(them).count(),
                "{what}: opponent's count"
            );
            assert_eq!(
                mv.kind.is_capture(),
                mv.capture_count() > 0,
                "{what}: kind and captures"
            );
            // The mover keeps its count; a promotion turns a man into a king.
            assert_eq!(
                next.pieces(me).count(),
                pos.pieces(me).count(),
                "{what}: mover's count"
            );
            let was_king = pos.kings(me).has(mv.from);
            let promoted = u32::from(mv.promotes);
            assert!(!(was_king && mv.promotes), "{what}: a king promotes");
            assert_eq!(
                next.kings(me).count(),
                pos.kings(me).count() + promoted,
                "{what}: mover's kings"
            );
            assert_eq!(
                next.men(me).count() + promoted,
                pos.men(me).count(),
                "{what}: mover's men"
            );
            assert!(
                next.pieces(me).has(mv.to),
                "{what}: destination holds the mover"
            );
            assert_eq!(
                next.kings(me).has(mv.to),
                was_king || mv.promotes,
                "{what}: the arriving piece's rank"
            );
            assert_eq!(
                mv.promotes,
                !was_king && board.promotion(me).has(mv.to),
                "{what}: promotion exactly when a man arrives on the zone"
            );
            if mv.from != mv.to {
                assert!(!next.occupied().has(mv.from), "{what}: origin vacated");
            }
            // Nothing but origin, destination and the captured cells changes.
            let changed = (pos.occupied() ^ next.occupied())
                & !mv.captured
                & !B::bit(mv.from)
                & !B::bit(mv.to);
            assert_eq!(changed, B::EMPTY, "{what}: other cells changed");
        }
    });
}

fn check_hash_and_strings<B: Bits>(board: &Board<B>, seed: u64, plies: usize) {
    playout(board, seed, plies, |pos, legal| {
        let text = board.position_string(pos);
        let parsed = board
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("{text} does not parse back: {e}"));
        assert_eq!(&parsed, pos, "{text} round trip");
        assert_eq!(
            parsed.hash(),
            pos.hash(),
            "{text}: hash of the rebuilt position"
        );
        assert_eq!(
            board.position_string(&parsed),
            text,
            "position string is canonical"
        );
        for mv in legal {
            let next = pos.play(board, mv);
            let next_text = board.position_string(&next);
            let rebuilt = board
                .parse_position(&next_text)
                .unwrap_or_else(|e| panic!("{next_text} does not parse: {e}"));
            assert_eq!(rebuilt, next, "{text} then {:?}: rebuilt position", mv.kind);
            assert_eq!(
                rebuilt.hash(),
                next.hash(),
                "{text} then {:?}: incremental hash",
                mv.kind
            );
            // The side to move is part of the hash.
            assert_ne!(
                next.with_side(board, next.side().opponent()).hash(),
                next.hash()
            );
        }
    });
}

fn check_notation<B: Bits>(board: &Board<B>, seed: u64, plies: usize) {
    playout(board, seed, plies, |pos, legal| {
        let text = board.position_string(pos);
        let texts = board.legal_texts(pos);
        assert_eq!(texts.len(), legal.len());
        let mut seen = BTreeSet::new();
        for (mv, printed) in legal.iter().zip(&texts) {
            assert_eq!(&board.move_text(pos, mv, legal), printed);
            assert!(
                seen.insert(printed.clone()),
                "{text}: two moves print as `{printed}`: {texts:?}"
            );
            let parsed = board
                .parse_move(pos, printed)
                .unwrap_or_else(|e| panic!("{text}: `{printed}` does not parse: {e}"));
            assert!(
                parsed.same(mv),
                "{text}: `{printed}` parses to another move"
            );
            for route in board.routes(pos, mv) {
                let cells: Vec<&str> = route.iter().map(|&sq| board.name(sq)).collect();
                let route = format!(
                    "{}{}",
                    cells.join("-"),
                    if mv.kind.is_capture() { "x" } else { "" }
                );
                if let Ok(parsed) = board.parse_move(pos, &route) {
                    assert!(
                        parsed.same(mv),
                        "{text}: route `{route}` parses to another move"
                    );
                }
            }
            // The full route names the move unless another move shares it (wrapped
            // boards); the captured cells then tell them apart.
            let route = board.route_text(pos, mv);
            let named = match board.parse_move(pos, &route) {
                Ok(parsed) => parsed,
                Err(bushka_rules::MoveError::Ambiguous { .. }) => {
                    let captured: Vec<&str> = mv.captured.iter().map(|sq| board.name(sq)).collect();
                    let qualified = format!("{route}({})", captured.join(","));
                    board
                        .parse_move(pos, &qualified)
                        .unwrap_or_else(|e| panic!("{text}: `{qualified}` does not parse: {e}"))
                }
                Err(e) => panic!("{text}: route `{route}` does not parse: {e}"),
            };
            assert!(
                named.same(mv),
                "{text}: route `{route}` parses to another move"
            );
            let annotated = format!("{printed}!?");
            assert!(
                board.parse_move(pos, &annotated).is_ok_and(|m| m.same(mv)),
                "{text}: `{annotated}`"
            );
        }
    });
}

/// A random game through [`Game`] (which stops at the end, repetition included).
fn random_game<B: Bits>(
    board: &Arc<Board<B>>,
    start: Position<B>,
    seed: u64,
    plies: usize,
) -> Game<B> {
    let mut rng = Rng::new(seed);
    let mut game = Game::from_position(board.clone(), start).expect("a game starts");
    for _ in 0..plies {
        let legal = game.legal_moves().to_vec();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        game.play(&mv)
            .unwrap_or_else(|e| panic!("legal move refused: {e}"));
    }
    game
}

fn check_record<B: Bits>(board: &Arc<Board<B>>, seed: u64, plies: usize) {
    // From the start, and from a position reached by a few moves (written with a FEN tag).
    let mut rng = Rng::new(seed ^ 0xF00D);
    let lead = random_game(board, board.start_position(), seed ^ 0xBEEF, rng.below(12));
    for start in [board.start_position(), *lead.position()] {
        let game = random_game(board, start, seed, plies);
        let tags = vec![
            ("Variant".to_string(), board.geometry().meta().id.clone()),
            ("White".to_string(), "random \"one\"".to_string()),
            ("Black".to_string(), "random\\two".to_string()),
        ];
        let written = Record::write(&game, &tags);
        let record = Record::parse(&written)
            .unwrap_or_else(|e| panic!("record does not parse: {e}\n{written}"));
        assert_eq!(
            record.moves.len(),
            game.moves().len(),
            "moves in\n{written}"
        );
        assert_eq!(record.tag("White"), Some("random \"one\""));
        assert_eq!(record.tag("Black"), Some("random\\two"));
        assert_eq!(
            record.tag("Variant"),
            Some(board.geometry().meta().id.as_str())
        );
        let replayed = record
            .replay(board.clone())
            .unwrap_or_else(|e| panic!("record does not replay: {e}\n{written}"));
        assert_eq!(
            replayed.positions(),
            game.positions(),
            "positions of\n{written}"
        );
        assert_eq!(replayed.outcome(), game.outcome(), "outcome of\n{written}");
        for (a, b) in replayed.moves().iter().zip(game.moves()) {
            assert!(a.same(b), "moves of\n{written}");
        }
        // Writing the replayed game gives the same text.
        assert_eq!(Record::write(&replayed, &tags), written);
    }
}

/// The bulk count at the last ply of perft ([`Board::count_legal`], which counts quiet
/// moves with set arithmetic and takes the capture styles' shortcuts) equals the number
/// of legal moves generated, and perft at depth 1 and 2 agrees with the generated tree.
fn check_bulk_count<B: Bits>(board: &Board<B>, pos: &Position<B>) {
    let mut scratch = MoveList::new();
    let legal = board.moves(pos);
    let text = board.position_string(pos);
    assert_eq!(
        board.count_legal(pos, &mut scratch),
        legal.len() as u64,
        "{text}"
    );
    assert_eq!(perft(board, pos, 1), legal.len() as u64, "{text}");
    // At a search's horizon: the captures when it must capture, otherwise nothing
    // listed, and whether there is a legal move.
    let mobile = board.captures_or_mobility(pos, &mut scratch);
    assert_eq!(mobile, !legal.is_empty(), "{text}");
    let forced = legal
        .as_slice()
        .first()
        .is_some_and(|mv| mv.kind.is_capture());
    let listed = if forced { legal.as_slice() } else { &[] };
    assert_eq!(scratch.as_slice(), listed, "{text}");
    let below: u64 = legal
        .iter()
        .map(|mv| board.moves(&pos.play(board, mv)).len() as u64)
        .sum();
    assert_eq!(perft(board, pos, 2), below, "{text}");
}

/// A step of a whole set (one shift, two masked shifts or the table, as the board was
/// compiled) reaches exactly the neighbours of its cells, and a step back exactly the
/// cells whose neighbour is in the set, in every direction, for a random set of cells
/// of a density drawn from `seed`.
fn check_set_steps<B: Bits>(board: &Board<B>, seed: u64) {
    let mut rng = Rng::new(seed);
    let density = 1 + rng.below(4);
    let set = board
        .all()
        .iter()
        .filter(|_| rng.below(5) < density)
        .fold(B::EMPTY, |set, sq| set | B::bit(sq));
    for d in board.dirs() {
        let (mut ahead, mut behind) = (B::EMPTY, B::EMPTY);
        for sq in board.all().iter() {
            let to = board.neighbour(sq, d);
            if to == Sq::NONE {
                continue;
            }
            if set.has(sq) {
                ahead |= B::bit(to);
            }
            if set.has(to) {
                behind |= B::bit(sq);
            }
        }
        let g = board.geometry();
        let name = format!("{} ({} cells)", g.meta().id, g.cell_count());
        let shown = cells(board, set);
        assert_eq!(board.step(set, d), ahead, "{name}: step {d:?} of {shown:?}");
        assert_eq!(
            board.step_back(set, d),
            behind,
            "{name}: step back {d:?} of {shown:?}"
        );
    }
}

// ---------------------------------------------------------------------------------

/// `n` cases from a fixed seed, so that the suite is reproducible; set
/// `PROPTEST_RNG_SEED` (and `PROPTEST_CASES` has no effect here) to explore others.
fn cases(n: u32) -> ProptestConfig {
    let default = ProptestConfig::default();
    let rng_seed = if std::env::var_os("PROPTEST_RNG_SEED").is_some() {
        default.rng_seed
    } else {
        proptest::test_runner::RngSeed::Fixed(0xB05C_A5EED)
    };
    ProptestConfig {
        cases: n,
        failure_persistence: None,
        rng_seed,
        ..default
    }
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn mirror_symmetry(board in 0..BOARDS.len(), seed in any::<u64>(), plies in 0usize..=80) {
        with_board!(&boards()[board], b => check_mirror(b, seed, plies));
    }

    #[test]
    fn material_after_moves(board in 0..BOARDS.len(), seed in any::<u64>(), plies in 0usize..=80) {
        with_board!(&boards()[board], b => check_material(b, seed, plies));
    }

    #[test]
    fn hash_and_position_strings(board in 0..BOARDS.len(), seed in any::<u64>(), plies in 0usize..=80) {
        with_board!(&boards()[board], b => check_hash_and_strings(b, seed, plies));
    }

    #[test]
    fn notation_round_trip(board in 0..BOARDS.len(), seed in any::<u64>(), plies in 0usize..=80) {
        with_board!(&boards()[board], b => check_notation(b, seed, plies));
    }
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn bulk_count_equals_generated_moves(board in 0..BOARDS.len(), seed in any::<u64>(), plies in 0usize..=120) {
        with_board!(&boards()[board], b => {
            playout(b, seed, plies, |pos, _| check_bulk_count(b, pos));
            check_bulk_count(b, &random_placement(b, seed));
        });
    }
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn set_steps_match_the_neighbour_table(seed in any::<u64>()) {
        for any in boards().iter().chain(cylinders()) {
            with_board!(any, b => check_set_steps(b, seed));
        }
    }

    /// The generated cylinders: perft's bulk count against the moves generated, on
    /// random placements (the boards have no start position).
    #[test]
    fn cylinders_count_their_moves(board in 0..3usize, seed in any::<u64>()) {
        with_board!(&cylinders()[board], b => check_bulk_count(b, &random_placement(b, seed)));
    }
}

proptest! {
    #![proptest_config(cases(32))]

    #[test]
    fn record_round_trip(board in 0..BOARDS.len(), seed in any::<u64>(), plies in 0usize..=120) {
        with_board!(&boards()[board], b => check_record(b, seed, plies));
    }
}

/// Every board is covered by the properties: each has a mirror and a start position
/// whose mirror is itself with the colours swapped.
#[test]
fn start_positions_are_mirror_symmetric() {
    for any in boards() {
        with_board!(any, b => {
            let g = b.geometry();
            let mirror = g.mirror().unwrap_or_else(|| panic!("`{}` has no mirror", g.meta().id));
            let start = b.start_position();
            for p in Colour::BOTH {
                let mut image: Vec<Cell> = cells(b, start.men(p)).into_iter().map(|c| mirror[c.index()]).collect();
                image.sort_unstable();
                let mut other = cells(b, start.men(p.opponent()));
                other.sort_unstable();
                assert_eq!(image, other, "{}: start of {:?} mirrored", g.meta().id, p);
            }
        });
    }
}

/// Wrapped boards: two captures with the same route are named by their captured cells.
#[test]
fn cylinder_captures_sharing_a_route() {
    let any = &boards()[4];
    with_board!(any, b => {
        // King g3 lands on g8 looking up-right (taking b4 across the wrap) or up-left
        // (around through c3 to g8, taking f8): two moves, one route g3-g8.
        let pos = b.parse_position("B:Wb4,f8:BKg3").unwrap_or_else(|e| panic!("{e}"));
        let legal = b.moves(&pos);
        assert_eq!(legal.len(), 2);
        let mut texts = b.legal_texts(&pos);
        texts.sort();
        assert_eq!(texts, ["g38x(b4)", "g38x(f8)"]);
        for (text, taken) in [("g38x(b4)", "b4"), ("g3-g8x(f8)", "f8"), ("g38x( f8 )", "f8")] {
            let mv = b.parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let names: Vec<&str> = mv.captured.iter().map(|sq| b.name(sq)).collect();
            assert_eq!(names, [taken], "{text}");
        }
        match b.parse_move(&pos, "g3-g8x") {
            Err(bushka_rules::MoveError::Ambiguous { mut candidates, .. }) => {
                candidates.sort();
                assert_eq!(candidates, ["g38x(b4)", "g38x(f8)"]);
            }
            other => panic!("g3-g8x: {other:?}"),
        }
        assert!(b.parse_move(&pos, "g38x(e5)").is_err());
        assert!(b.parse_move(&pos, "g38x(zz)").is_err());
    });
}

//! Perft: the reference table of crates/rules/RULES.md section 4, the data files `tests/perft/*.perft`,
//! and an independent, deliberately naive move generator that cross-checks the engine.
//!
//! # The `.perft` format
//!
//! Plain text, one item a line, `#` starts a comment, blank lines are ignored:
//!
//! ```text
//! variant bushka                # the board of the cases that follow (sticky)
//! id start                      # starts a case and names it
//! position start                # `start`, or a position string `W:W...:B...`
//! moves f45 gf5                 # optional: moves in notation, played from `position`
//! perft 1 24                    # depth and leaf count; any number of these
//! ```
//!
//! The counts of constructed positions were produced by the engine; what makes them
//! trustworthy is [`naive`]: a move generator written from crates/rules/RULES.md 3.1-3.4 alone, on the
//! geometry's neighbour tables with one `Option<Piece>` per cell. For every case it walks
//! the tree to depth 3 in lockstep with the engine, comparing legal-move sets (as
//! multisets, so duplicates count) at every node and recounting the leaves, then
//! recounts every line of up to two million leaves on its own; random playouts on all
//! five boards (about 155,000 positions) compare the move sets and `play` as well. The
//! walk, the comparison and the playouts are shared with `tests/jump.rs`
//! (`bushka_tests::lockstep`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bushka_geometry::Colour;
use bushka_rules::{AnyBoard, Bits, Board, Position, perft, with_board};
use bushka_tests::lockstep::{self, Pos, random_game};

/// The reference generator.
mod naive {
    use std::collections::BTreeSet;

    use bushka_geometry::{Cell, Dir, Geometry, KingRange, Piece};
    use bushka_rules::MoveKind;
    use bushka_tests::lockstep::{Mv, Pos};

    /// The legal moves of `pos`, sorted, without duplicates.
    pub fn legal(g: &Geometry, pos: &Pos) -> Vec<Mv> {
        let rules = g.rules();
        assert_eq!(
            rules.min_line, 2,
            "the reference knows lines of two or more"
        );
        assert!(
            rules.majority(),
            "the reference knows majority capture only"
        );
        assert_eq!(
            rules.king_range,
            KingRange::Long,
            "the reference knows long kings only"
        );
        let linear = linear_captures(g, pos);
        if !linear.is_empty() {
            return majority(linear);
        }
        let pieces = piece_captures(g, pos);
        if !pieces.is_empty() {
            return majority(pieces);
        }
        quiet(g, pos).into_iter().collect()
    }

    fn majority(moves: BTreeSet<Mv>) -> Vec<Mv> {
        let best = moves.iter().map(|m| m.captured.len()).max().unwrap_or(0);
        moves
            .into_iter()
            .filter(|m| m.captured.len() == best)
            .collect()
    }

    fn my_man(pos: &Pos, c: Cell) -> bool {
        pos.mine(c).is_some_and(|p| !p.is_king())
    }

    /// The men of the side to move directly behind `head` looking against `d`: the
    /// possible tails of a line whose head is `head` (empty when it heads no line).
    fn tails(g: &Geometry, pos: &Pos, head: Cell, d: Dir) -> Vec<Cell> {
        let back = g.opposite(d);
        let mut out = Vec::new();
        let mut at = head;
        while let Some(next) = g.neighbour(at, back) {
            if next == head || !my_man(pos, next) {
                break;
            }
            out.push(next);
            at = next;
        }
        out
    }

    /// crates/rules/RULES.md 3.2.
    fn quiet(g: &Geometry, pos: &Pos) -> BTreeSet<Mv> {
        let me = pos.side;
        let mut out = BTreeSet::new();
        for c in g.cells() {
            let Some(piece) = pos.mine(c) else { continue };
            if piece.is_king() {
                for d in g.dirs() {
                    let mut at = c;
                    while let Some(next) = g.neighbour(at, d) {
                        if next == c || pos.at(next).is_some() {
                            break;
                        }
                        out.insert(Mv {
                            kind: MoveKind::King,
                            from: c,
                            to: next,
                            captured: Vec::new(),
                            promotes: false,
                        });
                        at = next;
                    }
                }
            } else {
                for &d in &g.side(me).forward {
                    let Some(to) = g.neighbour(c, d) else {
                        continue;
                    };
                    if pos.at(to).is_some() {
                        continue;
                    }
                    let promotes = g.promotes(me, to);
                    out.insert(Mv {
                        kind: MoveKind::Man,
                        from: c,
                        to,
                        captured: Vec::new(),
                        promotes,
                    });
                    for tail in tails(g, pos, c, d) {
                        out.insert(Mv {
                            kind: MoveKind::Line,
                            from: tail,
                            to,
                            captured: Vec::new(),
                            promotes,
                        });
                    }
                }
            }
        }
        out
    }

    /// crates/rules/RULES.md 3.3.
    fn linear_captures(g: &Geometry, pos: &Pos) -> BTreeSet<Mv> {
        let me = pos.side;
        let mut out = BTreeSet::new();
        for head in g.cells() {
            if !my_man(pos, head) {
                continue;
            }
            for d in g.dirs() {
                let Some(front) = g.neighbour(head, d) else {
                    continue;
                };
                if pos.at(front).is_some() {
                    continue;
                }
                let Some(touched) = g.neighbour(front, d) else {
                    continue;
                };
                let Some(victim) = pos.theirs(touched) else {
                    continue;
                };
                let mut captured = vec![touched];
                if !victim.is_king() {
                    let mut at = touched;
                    while let Some(next) = g.neighbour(at, d) {
                        if next == touched || pos.theirs(next).is_none_or(|p| p.is_king()) {
                            break;
                        }
                        captured.push(next);
                        at = next;
                    }
                }
                captured.sort_unstable();
                for tail in tails(g, pos, head, d) {
                    out.insert(Mv {
                        kind: MoveKind::LinearCapture,
                        from: tail,
                        to: front,
                        captured: captured.clone(),
                        promotes: g.promotes(me, front),
                    });
                }
            }
        }
        out
    }

    /// crates/rules/RULES.md 3.4: every maximal capture sequence of every piece.
    fn piece_captures(g: &Geometry, pos: &Pos) -> BTreeSet<Mv> {
        let mut out = BTreeSet::new();
        for origin in g.cells() {
            let Some(piece) = pos.mine(origin) else {
                continue;
            };
            // The mover leaves its cell: the start cell is vacant during the sequence.
            let mut board = pos.clone();
            board.take(origin);
            let mut captured = Vec::new();
            sequence(g, &board, piece, origin, origin, &mut captured, &mut out);
        }
        out
    }

    /// Continues a capture sequence from `at` with `captured` taken so far (still on
    /// the board, blocking). Records the move when no capture continues it.
    fn sequence(
        g: &Geometry,
        board: &Pos,
        piece: Piece,
        origin: Cell,
        at: Cell,
        captured: &mut Vec<Cell>,
        out: &mut BTreeSet<Mv>,
    ) {
        let mut continued = false;
        for d in g.dirs() {
            // The cell the piece lands on and the piece it captures, if any.
            let landing = if piece.is_king() {
                king_approach(g, board, at, d)
            } else {
                let first = captured.is_empty();
                let heads_line = g.neighbour(at, g.opposite(d)).is_some_and(|b| {
                    board
                        .at(b)
                        .is_some_and(|p| p.colour == piece.colour && !p.is_king())
                });
                if first && heads_line {
                    // That would be a linear capture, not a piece capture.
                    None
                } else {
                    man_approach(g, board, at, d)
                }
            };
            let Some((land, victim)) = landing else {
                continue;
            };
            let Some(v) = board.at(victim) else {
                continue;
            };
            if v.colour == piece.colour || captured.contains(&victim) {
                continue;
            }
            continued = true;
            captured.push(victim);
            sequence(g, board, piece, origin, land, captured, out);
            captured.pop();
        }
        if !continued && !captured.is_empty() {
            let mut set = captured.clone();
            set.sort_unstable();
            out.insert(Mv {
                kind: MoveKind::PieceCapture,
                from: origin,
                to: at,
                captured: set,
                promotes: !piece.is_king() && g.promotes(piece.colour, at),
            });
        }
    }

    /// A man: the next cell vacant, the one after occupied.
    fn man_approach(g: &Geometry, board: &Pos, at: Cell, d: Dir) -> Option<(Cell, Cell)> {
        let land = g.neighbour(at, d)?;
        if board.at(land).is_some() {
            return None;
        }
        let victim = g.neighbour(land, d)?;
        board.at(victim).is_some().then_some((land, victim))
    }

    /// A king: one or more vacant cells, then an occupied one; it lands on the last
    /// vacant cell.
    fn king_approach(g: &Geometry, board: &Pos, at: Cell, d: Dir) -> Option<(Cell, Cell)> {
        let mut last = None;
        let mut cur = at;
        loop {
            let next = g.neighbour(cur, d)?;
            if next == at {
                // Around a ring and back to itself.
                return None;
            }
            if board.at(next).is_some() {
                return last.map(|land| (land, next));
            }
            last = Some(next);
            cur = next;
        }
    }
}

/// Walks the tree `depth` plies below `pos` with the engine and the reference in
/// lockstep; returns the reference's leaf count.
fn lockstep<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    npos: &Pos,
    depth: u32,
    context: &str,
) -> u64 {
    lockstep::lockstep(board, pos, npos, depth, naive::legal, context)
}

fn board_named(name: &str) -> AnyBoard {
    match bushka_geometry::builtin(name) {
        Some(Ok(geometry)) => AnyBoard::new(geometry),
        Some(Err(e)) => panic!("variant `{name}`: {e}"),
        None => panic!("no built-in variant `{name}`"),
    }
}

/// Every built-in board with contact capture.
const BOARDS: [&str; 5] = bushka_tests::CONTACT_BUILTINS;

// ---------------------------------------------------------------------------------
// crates/rules/RULES.md section 4.

fn start_perft(depth: u32) -> u64 {
    let board = board_named("bushka");
    with_board!(&board, b => perft(b, &b.start_position(), depth))
}

#[test]
fn rules_table_depths_1_to_5() {
    let expected = [24, 576, 13_920, 312_334, 6_462_815];
    for (depth, &nodes) in (1..).zip(expected.iter()) {
        assert_eq!(
            start_perft(depth),
            nodes,
            "perft {depth} from the 10x10 start"
        );
    }
}

#[test]
#[ignore = "122M leaves; run with --ignored"]
fn rules_table_depth_6() {
    assert_eq!(start_perft(6), 122_564_710);
}

#[test]
fn reference_agrees_with_rules_table() {
    let board = board_named("bushka");
    with_board!(&board, b => {
        let pos = b.start_position();
        let npos = Pos::of(b, &pos);
        assert_eq!(lockstep::perft(b.geometry(), &npos, 3, naive::legal), 13_920);
        assert_eq!(lockstep(b, &pos, &npos, 3, "10x10 start"), 13_920);
    });
}

// ---------------------------------------------------------------------------------
// The data files.

/// One perft case of a data file.
#[derive(Debug, Clone)]
struct Case {
    file: String,
    line: usize,
    id: String,
    variant: String,
    position: Option<String>,
    moves: Vec<String>,
    perft: Vec<(u32, u64)>,
}

fn parse_file(path: &Path) -> Vec<Case> {
    let file = path
        .file_name()
        .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    let mut variant = String::from("bushka");
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let (key, rest) = content
            .split_once(char::is_whitespace)
            .unwrap_or((content, ""));
        let rest = rest.trim();
        let here = format!("{file}:{line}");
        match key {
            "variant" => variant = rest.to_string(),
            "id" => cases.push(Case {
                file: file.clone(),
                line,
                id: rest.to_string(),
                variant: variant.clone(),
                position: None,
                moves: Vec::new(),
                perft: Vec::new(),
            }),
            "position" => current(&mut cases, &here).position = Some(rest.to_string()),
            "moves" => current(&mut cases, &here)
                .moves
                .extend(rest.split_whitespace().map(str::to_string)),
            "perft" => {
                let nums: Vec<u64> = rest
                    .split_whitespace()
                    .map(|n| {
                        n.parse()
                            .unwrap_or_else(|e| panic!("{here}: bad number `{n}`: {e}"))
                    })
                    .collect();
                let [depth, nodes] = nums[..] else {
                    panic!("{here}: expected `perft <depth> <nodes>`")
                };
                current(&mut cases, &here).perft.push((depth as u32, nodes));
            }
            _ => panic!("{here}: unknown key `{key}`"),
        }
    }
    for case in &cases {
        assert!(
            case.position.is_some(),
            "{}:{}: case `{}` has no position",
            case.file,
            case.line,
            case.id
        );
        assert!(
            !case.perft.is_empty(),
            "{}:{}: case `{}` has no perft line",
            case.file,
            case.line,
            case.id
        );
    }
    cases
}

/// The case being read.
fn current<'a>(cases: &'a mut [Case], here: &str) -> &'a mut Case {
    cases
        .last_mut()
        .unwrap_or_else(|| panic!("{here}: a case line before the first `id`"))
}

fn perft_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    files
}

fn all_cases() -> Vec<Case> {
    let cases: Vec<Case> = perft_files().iter().flat_map(|p| parse_file(p)).collect();
    assert!(
        cases.len() >= 40,
        "expected the perft files to hold at least 40 cases, found {}",
        cases.len()
    );
    cases
}

/// The case's position, after its moves.
fn case_position<B: Bits>(board: &Board<B>, case: &Case) -> Position<B> {
    let context = format!("{}:{} `{}`", case.file, case.line, case.id);
    let text = case.position.as_deref().unwrap_or("start");
    let mut pos = if text == "start" {
        board.start_position()
    } else {
        board
            .parse_position(text)
            .unwrap_or_else(|e| panic!("{context}: {e}"))
    };
    for mv in &case.moves {
        let m = board
            .parse_move(&pos, mv)
            .unwrap_or_else(|e| panic!("{context}: move `{mv}`: {e}"));
        pos = pos.play(board, &m);
    }
    pos
}

#[test]
fn perft_files_engine() {
    let mut boards: BTreeMap<String, AnyBoard> = BTreeMap::new();
    let mut checked = 0;
    for case in all_cases() {
        let board = boards
            .entry(case.variant.clone())
            .or_insert_with(|| board_named(&case.variant));
        with_board!(&*board, b => {
            let pos = case_position(b, &case);
            for &(depth, nodes) in &case.perft {
                assert_eq!(
                    perft(b, &pos, depth),
                    nodes,
                    "{}:{} `{}` ({}): perft {depth}",
                    case.file, case.line, case.id, case.variant
                );
                checked += 1;
            }
        });
    }
    assert!(checked >= 100, "only {checked} perft lines");
}

#[test]
fn perft_files_reference() {
    let mut boards: BTreeMap<String, AnyBoard> = BTreeMap::new();
    let mut variants = std::collections::BTreeSet::new();
    for case in all_cases() {
        variants.insert(case.variant.clone());
        let board = boards
            .entry(case.variant.clone())
            .or_insert_with(|| board_named(&case.variant));
        let context = format!(
            "{}:{} `{}` ({})",
            case.file, case.line, case.id, case.variant
        );
        with_board!(&*board, b => {
            let pos = case_position(b, &case);
            let npos = Pos::of(b, &pos);
            let depth = case.perft.iter().map(|&(d, _)| d).max().unwrap_or(0).min(3);
            let nodes = lockstep(b, &pos, &npos, depth, &context);
            if let Some(&(_, expected)) = case.perft.iter().find(|&&(d, _)| d == depth) {
                assert_eq!(nodes, expected, "{context}: reference perft {depth}");
            }
        });
    }
    for name in BOARDS {
        assert!(variants.contains(name), "no perft case for `{name}`");
    }
}

/// The reference's own perft at every depth of every case, beyond the lockstep walk
/// (lines of up to two million leaves).
#[test]
fn perft_files_reference_full_depth() {
    let mut boards: BTreeMap<String, AnyBoard> = BTreeMap::new();
    for case in all_cases() {
        let board = boards
            .entry(case.variant.clone())
            .or_insert_with(|| board_named(&case.variant));
        with_board!(&*board, b => {
            let npos = Pos::of(b, &case_position(b, &case));
            for &(depth, nodes) in case.perft.iter().filter(|&&(_, n)| n <= 2_000_000) {
                assert_eq!(
                    lockstep::perft(b.geometry(), &npos, depth, naive::legal),
                    nodes,
                    "{}:{} `{}` ({}): reference perft {depth}",
                    case.file, case.line, case.id, case.variant
                );
            }
        });
    }
}

// ---------------------------------------------------------------------------------
// Random playouts.

/// Counts of what random playouts covered.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    capturing: usize,
    with_kings: usize,
}

/// Plays a random game of up to `max_plies` from `start`, checking the engine's moves
/// and `play` against the reference at every position.
fn random_reference_game<B: Bits>(
    b: &Board<B>,
    start: Position<B>,
    (seed, max_plies): (u64, usize),
    context: &str,
    cov: &mut Coverage,
) {
    random_game(
        b,
        start,
        naive::legal,
        (seed, max_plies),
        context,
        |pos, pairs| {
            cov.positions += 1;
            if pairs.iter().any(|(m, _)| m.kind.is_capture()) {
                cov.capturing += 1;
            }
            if Colour::BOTH.iter().any(|&p| !pos.kings(p).is_empty()) {
                cov.with_kings += 1;
            }
        },
    );
}

/// Random games on `name`: `games` from the start, and a few from every position of
/// the perft files on that board.
fn playouts(name: &str, games: u64) {
    let board = board_named(name);
    let mut cov = Coverage::default();
    with_board!(&board, b => {
        for game in 0..games {
            let seed = 0xB05C_A000 ^ game.wrapping_mul(0x1000_0001);
            random_reference_game(b, b.start_position(), (seed, 400), &format!("{name} game {game}"), &mut cov);
        }
        for case in all_cases().iter().filter(|c| c.variant == name) {
            let start = case_position(b, case);
            for game in 0..8 {
                let context = format!("{}:{} `{}` game {game}", case.file, case.line, case.id);
                random_reference_game(b, start, (0x5EED_0000 + game, 200), &context, &mut cov);
            }
        }
    });
    eprintln!("{name}: {cov:?}");
    assert!(cov.positions >= 5000, "{name}: {cov:?}");
    assert!(cov.capturing >= 500, "{name}: {cov:?}");
    assert!(cov.with_kings >= 500, "{name}: {cov:?}");
}

#[test]
fn reference_playouts_bushka() {
    playouts("bushka", 400);
}

#[test]
fn reference_playouts_bushka_9x11() {
    playouts("bushka-9x11", 400);
}

#[test]
fn reference_playouts_hexbushka() {
    playouts("hexbushka", 400);
}

#[test]
fn reference_playouts_hexbushka_4() {
    playouts("hexbushka-4", 1000);
}

#[test]
fn reference_playouts_bushka_cylinder() {
    playouts("bushka-cylinder", 400);
}

/// Generated cylinders of every bitset width (`support::draughts_cylinder_toml`:
/// 10x10, 14x14, 20x20; each direction stepped by two masked shifts), random games from
/// random placements against the reference.
#[test]
fn reference_games_on_generated_cylinders() {
    for size in [10, 14, 20] {
        let board = bushka_tests::draughts_cylinder(size);
        let mut cov = Coverage::default();
        with_board!(&board, b => {
            for game in 0..200 {
                let start = lockstep::random_placement(b, 0xC11 ^ game);
                let context = format!("{size}x{size} cylinder game {game}");
                random_reference_game(b, start, (game, 120), &context, &mut cov);
            }
        });
        eprintln!("{size}x{size} cylinder: {cov:?}");
        assert!(
            cov.capturing >= 1000 && cov.with_kings >= 1000,
            "{size}x{size}: {cov:?}"
        );
    }
}

/// On the cylinder a tail man may belong to two lines at once, one along its lettered
/// line and one around the wrap; when both fronts are the same cell that is one move by
/// identity (crates/rules/RULES.md section 4), listed and counted once.
#[test]
fn cylinder_line_moves_not_duplicated() {
    let board = board_named("bushka-cylinder");
    with_board!(&board, b => {
        for text in [
            "W:Wd2,e2,f2,f3,f4,f5,f6,g7,h7:Ba6",
            "W:Wd2,e2,f2,f3,f4,f5,f6,g4,g5,g6,g7,h5,h6,h7:Ba6,b5,b6,c5,c7,c8,d7,d8,d9,e9,e0,f9,g8",
        ] {
            let pos = b.parse_position(text).unwrap_or_else(|e| panic!("{e}"));
            let npos = Pos::of(b, &pos);
            lockstep::compare(b, &pos, &npos, naive::legal, "cylinder line");
            let reference = lockstep::perft(b.geometry(), &npos, 1, naive::legal);
            assert_eq!(perft(b, &pos, 1), reference);
        }
    });
}

//! Jump capture (draughts): the published International perft counts, and an
//! independent, deliberately naive generator written from crates/rules/RULES.md section 6 alone that
//! cross-checks the engine at every node on Brazilian draughts and HexDame (from the
//! start, from capture-heavy and king-heavy positions, and along random playouts).

use bushka_geometry::{Cell, Geometry};
use bushka_rules::{AnyBoard, Bits, Board, Move, Position, perft, with_board};
use bushka_tests::{JUMP_BUILTINS, JUMP_POSITIONS, Rng, builtin};

/// The reference generator: one `Option<(owner, king)>` per cell, the geometry's
/// neighbour table, and the text of crates/rules/RULES.md 6.1.
mod naive {
    use bushka_geometry::{Cell, Colour, Dir, Geometry, KingRange, MenCapture, Piece, Role};

    /// What stands on a cell.
    pub type Slot = Option<Piece>;

    /// A move by identity, plus whether the arriving man promotes.
    #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
    pub struct Mv {
        pub from: Cell,
        pub to: Cell,
        /// Sorted.
        pub captured: Vec<Cell>,
        pub promotes: bool,
    }

    /// The legal moves, sorted, one per identity.
    pub fn legal(g: &Geometry, cells: &[Slot], side: Colour) -> Vec<Mv> {
        assert!(!g.rules().line_moves, "draughts has no line moves");
        let mut moves = Vec::new();
        for c in g.cells() {
            if let Some(piece) = cells[c.index()]
                && piece.colour == side
            {
                let mut taken = Vec::new();
                jumps(
                    g,
                    cells,
                    side,
                    c,
                    c,
                    piece.is_king(),
                    &mut taken,
                    &mut moves,
                );
            }
        }
        if moves.is_empty() {
            for c in g.cells() {
                if let Some(piece) = cells[c.index()]
                    && piece.colour == side
                {
                    quiet(g, cells, side, c, piece.is_king(), &mut moves);
                }
            }
        } else if g.rules().majority {
            let most = moves.iter().map(|m| m.captured.len()).max().unwrap_or(0);
            moves.retain(|m| m.captured.len() == most);
        }
        moves.sort();
        moves.dedup();
        moves
    }

    /// Cells a moving piece may cross or land on: empty ones and its own origin.
    fn open(cells: &[Slot], origin: Cell, c: Cell) -> bool {
        cells[c.index()].is_none() || c == origin
    }

    #[allow(clippy::too_many_arguments)]
    fn jumps(
        g: &Geometry,
        cells: &[Slot],
        side: Colour,
        origin: Cell,
        at: Cell,
        king: bool,
        taken: &mut Vec<Cell>,
        out: &mut Vec<Mv>,
    ) {
        let long = king && g.rules().king_range == KingRange::Long;
        let dirs: Vec<Dir> = if king || g.rules().men_capture == MenCapture::All {
            g.dirs().collect()
        } else {
            g.side(side).forward.clone()
        };
        let mut more = false;
        for d in dirs {
            // The first cell along d that is not open (a long king looks past open ones).
            let mut x = g.neighbour(at, d);
            while long && x.is_some_and(|c| open(cells, origin, c)) {
                x = x.and_then(|c| g.neighbour(c, d));
            }
            let Some(victim) = x else { continue };
            let enemy = cells[victim.index()].is_some_and(|p| p.colour != side);
            if !enemy || taken.contains(&victim) {
                continue;
            }
            let mut landing = g.neighbour(victim, d);
            while let Some(land) = landing.filter(|&c| open(cells, origin, c)) {
                more = true;
                taken.push(victim);
                jumps(g, cells, side, origin, land, king, taken, out);
                taken.pop();
                landing = if long { g.neighbour(land, d) } else { None };
            }
        }
        if !more && !taken.is_empty() {
            let mut captured = taken.clone();
            captured.sort_unstable();
            out.push(Mv {
                from: origin,
                to: at,
                captured,
                promotes: !king && g.promotes(side, at),
            });
        }
    }

    fn quiet(
        g: &Geometry,
        cells: &[Slot],
        side: Colour,
        from: Cell,
        king: bool,
        out: &mut Vec<Mv>,
    ) {
        let long = king && g.rules().king_range == KingRange::Long;
        let dirs: Vec<Dir> = if king {
            g.dirs().collect()
        } else {
            g.side(side).forward.clone()
        };
        for d in dirs {
            let mut next = g.neighbour(from, d);
            while let Some(to) = next.filter(|&c| cells[c.index()].is_none()) {
                out.push(Mv {
                    from,
                    to,
                    captured: Vec::new(),
                    promotes: !king && g.promotes(side, to),
                });
                next = if long { g.neighbour(to, d) } else { None };
            }
        }
    }

    /// The cells after `mv`.
    pub fn play(cells: &[Slot], mv: &Mv) -> Vec<Slot> {
        let mut next = cells.to_vec();
        let piece = next[mv.from.index()].take();
        for &c in &mv.captured {
            next[c.index()] = None;
        }
        next[mv.to.index()] =
            piece.map(|p| Piece::new(p.colour, Role::of_king(p.is_king() || mv.promotes)));
        next
    }
}

fn board_named(name: &str) -> AnyBoard {
    AnyBoard::new(builtin(name))
}

fn slots<B: Bits>(board: &Board<B>, pos: &Position<B>) -> Vec<naive::Slot> {
    let g = board.geometry();
    g.cells().map(|c| pos.piece_at(board.sq(c))).collect()
}

fn as_naive<B: Bits>(board: &Board<B>, mv: &Move<B>) -> naive::Mv {
    let mut captured: Vec<Cell> = mv.captured.iter().map(|sq| board.cell(sq)).collect();
    captured.sort_unstable();
    naive::Mv {
        from: board.cell(mv.from),
        to: board.cell(mv.to),
        captured,
        promotes: mv.promotes,
    }
}

/// Checks the engine's legal moves against the reference (duplicates in the engine's
/// list fail too) and returns them, paired with the reference moves.
fn agree<B: Bits>(board: &Board<B>, pos: &Position<B>) -> Vec<(naive::Mv, Move<B>)> {
    let g: &Geometry = board.geometry();
    let cells = slots(board, pos);
    let mut engine: Vec<(naive::Mv, Move<B>)> = board
        .moves(pos)
        .iter()
        .map(|m| (as_naive(board, m), *m))
        .collect();
    engine.sort_by(|a, b| a.0.cmp(&b.0));
    let reference = naive::legal(g, &cells, pos.side());
    let mine: Vec<&naive::Mv> = engine.iter().map(|(m, _)| m).collect();
    let theirs: Vec<&naive::Mv> = reference.iter().collect();
    assert_eq!(
        mine,
        theirs,
        "{}: legal moves differ in {}",
        g.meta().id,
        board.position_string(pos)
    );
    engine
}

/// Walks `depth` plies with both generators in lockstep; returns the reference's leaves.
fn lockstep<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    cells: &[naive::Slot],
    depth: u32,
) -> u64 {
    assert_eq!(slots(board, pos), cells, "positions differ");
    if depth == 0 {
        return 1;
    }
    let pairs = agree(board, pos);
    if depth == 1 {
        return pairs.len() as u64;
    }
    pairs
        .iter()
        .map(|(nmv, emv)| {
            lockstep(
                board,
                &pos.play(board, emv),
                &naive::play(cells, nmv),
                depth - 1,
            )
        })
        .sum()
}

/// Cross-checks the tree below `position` (a position string, or `start`) to `depth`,
/// and the engine's own perft against the reference's leaf count.
fn cross_check(variant: &str, position: &str, depth: u32) -> u64 {
    let board = board_named(variant);
    with_board!(&board, b => {
        let pos = if position == "start" {
            b.start_position()
        } else {
            b.parse_position(position)
                .unwrap_or_else(|e| panic!("{variant}: {position}: {e}"))
        };
        let leaves = lockstep(b, &pos, &slots(b, &pos), depth);
        assert_eq!(perft(b, &pos, depth), leaves, "{variant} {position} perft({depth})");
        leaves
    })
}

// ---------------------------------------------------------------------------------
// International draughts: the published counts (crates/rules/RULES.md 6.2).

const INTERNATIONAL: [u64; 10] = [
    9,
    81,
    658,
    4_265,
    27_117,
    167_140,
    1_049_442,
    6_483_961,
    41_022_423,
    258_895_763,
];

fn international_perft(depth: u32) -> u64 {
    let board = board_named("draughts");
    with_board!(&board, b => perft(b, &b.start_position(), depth))
}

#[test]
fn international_perft_depths_1_to_9() {
    for depth in 1..=9 {
        assert_eq!(
            international_perft(depth),
            INTERNATIONAL[depth as usize - 1],
            "perft({depth})"
        );
    }
}

/// About two seconds of CPU in a release build; run with
/// `cargo test --release -p bushka-tests --test jump -- --ignored`.
#[test]
#[ignore = "slow in debug builds: perft(10) has 258,895,763 leaves"]
fn international_perft_depth_10() {
    assert_eq!(international_perft(10), INTERNATIONAL[9]);
}

#[test]
fn reference_agrees_with_the_published_international_counts() {
    for depth in 1..=4 {
        assert_eq!(
            cross_check("draughts", "start", depth),
            INTERNATIONAL[depth as usize - 1]
        );
    }
}

// ---------------------------------------------------------------------------------
// Brazilian draughts and HexDame against the reference.

#[test]
fn brazilian_from_the_start() {
    cross_check("brazilian", "start", 6);
}

#[test]
fn hexdame_from_the_start() {
    cross_check("hexdame", "start", 4);
}

#[test]
fn capture_heavy_and_king_heavy_positions() {
    for (variant, position, depth) in JUMP_POSITIONS {
        cross_check(variant, position, depth);
    }
}

/// Random playouts on every draughts board, checked at every position: reaches kings,
/// long sequences and endgames that hand-built positions miss.
#[test]
fn random_playouts_agree_with_the_reference() {
    for (i, name) in JUMP_BUILTINS.iter().enumerate() {
        let board = board_named(name);
        with_board!(&board, b => {
            for game in 0..60u64 {
                let mut rng = Rng::new(game * 31 + i as u64);
                let mut pos = b.start_position();
                let mut cells = slots(b, &pos);
                for _ in 0..200 {
                    let pairs = agree(b, &pos);
                    if pairs.is_empty() {
                        break;
                    }
                    let (nmv, emv) = &pairs[rng.below(pairs.len())];
                    pos = pos.play(b, emv);
                    cells = naive::play(&cells, nmv);
                    assert_eq!(slots(b, &pos), cells, "{name}: play differs");
                }
            }
        });
    }
}

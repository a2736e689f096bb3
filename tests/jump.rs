//! Jump capture (draughts): the published International perft counts, and an
//! independent, deliberately naive generator written from crates/rules/RULES.md section 6 alone that
//! cross-checks the engine at every node on Brazilian draughts and HexDame (from the
//! start, from capture-heavy and king-heavy positions, and along random playouts).

use bushka_rules::{AnyBoard, perft, with_board};
use bushka_tests::lockstep::{self, Pos, random_game};
use bushka_tests::{JUMP_BUILTINS, JUMP_POSITIONS, builtin};

/// The reference generator: the geometry's neighbour table, one slot per cell, and the
/// text of crates/rules/RULES.md 6.1.
mod naive {
    use bushka_geometry::{Cell, Dir, Geometry, KingRange, MenCapture};
    use bushka_rules::MoveKind;
    use bushka_tests::lockstep::{Mv, Pos};

    /// The legal moves, sorted, one per identity.
    pub fn legal(g: &Geometry, pos: &Pos) -> Vec<Mv> {
        assert!(!g.rules().line_moves, "draughts has no line moves");
        let mut moves = Vec::new();
        for c in g.cells() {
            if let Some(piece) = pos.mine(c) {
                let mut taken = Vec::new();
                jumps(g, pos, c, c, piece.is_king(), &mut taken, &mut moves);
            }
        }
        if moves.is_empty() {
            for c in g.cells() {
                if let Some(piece) = pos.mine(c) {
                    quiet(g, pos, c, piece.is_king(), &mut moves);
                }
            }
        } else if g.rules().majority() {
            let most = moves.iter().map(|m| m.captured.len()).max().unwrap_or(0);
            moves.retain(|m| m.captured.len() == most);
        }
        moves.sort();
        moves.dedup();
        moves
    }

    /// Cells a moving piece may cross or land on: empty ones and its own origin.
    fn open(pos: &Pos, origin: Cell, c: Cell) -> bool {
        pos.at(c).is_none() || c == origin
    }

    /// The directions a piece moves in: every one for a king, else the men's
    /// (`capturing`: the directions in which men capture).
    fn directions(g: &Geometry, pos: &Pos, king: bool, capturing: bool) -> Vec<Dir> {
        if king || (capturing && g.rules().men_capture == MenCapture::All) {
            g.dirs().collect()
        } else {
            g.side(pos.side).forward.clone()
        }
    }

    fn jumps(
        g: &Geometry,
        pos: &Pos,
        origin: Cell,
        at: Cell,
        king: bool,
        taken: &mut Vec<Cell>,
        out: &mut Vec<Mv>,
    ) {
        let long = king && g.rules().king_range == KingRange::Long;
        let mut more = false;
        for d in directions(g, pos, king, true) {
            // The first cell along d that is not open (a long king looks past open ones).
            let mut x = g.neighbour(at, d);
            while long && x.is_some_and(|c| open(pos, origin, c)) {
                x = x.and_then(|c| g.neighbour(c, d));
            }
            let Some(victim) = x else { continue };
            if pos.theirs(victim).is_none() || taken.contains(&victim) {
                continue;
            }
            let mut landing = g.neighbour(victim, d);
            while let Some(land) = landing.filter(|&c| open(pos, origin, c)) {
                more = true;
                taken.push(victim);
                jumps(g, pos, origin, land, king, taken, out);
                taken.pop();
                landing = if long { g.neighbour(land, d) } else { None };
            }
        }
        if !more && !taken.is_empty() {
            let mut captured = taken.clone();
            captured.sort_unstable();
            out.push(Mv {
                kind: MoveKind::PieceCapture,
                from: origin,
                to: at,
                captured,
                promotes: !king && g.promotes(pos.side, at),
            });
        }
    }

    fn quiet(g: &Geometry, pos: &Pos, from: Cell, king: bool, out: &mut Vec<Mv>) {
        let long = king && g.rules().king_range == KingRange::Long;
        for d in directions(g, pos, king, false) {
            let mut next = g.neighbour(from, d);
            while let Some(to) = next.filter(|&c| pos.at(c).is_none()) {
                out.push(Mv {
                    kind: if king { MoveKind::King } else { MoveKind::Man },
                    from,
                    to,
                    captured: Vec::new(),
                    promotes: !king && g.promotes(pos.side, to),
                });
                next = if long { g.neighbour(to, d) } else { None };
            }
        }
    }
}

fn board_named(name: &str) -> AnyBoard {
    AnyBoard::new(builtin(name))
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
        let context = format!("{variant} {position}");
        let npos = Pos::of(b, &pos);
        let leaves = lockstep::lockstep(b, &pos, &npos, depth, naive::legal, &context);
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
                let seed = game * 31 + i as u64;
                let context = format!("{name} game {game}");
                random_game(b, b.start_position(), naive::legal, (seed, 200), &context, |_, _| {});
            }
        });
    }
}

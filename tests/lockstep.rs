//! The engine against an independent, deliberately naive move generator, in lockstep.
//!
//! `tests/perft.rs` (contact capture) and `tests/jump.rs` (jump capture) each bring a
//! generator written from crates/rules/RULES.md alone, on the geometry's neighbour
//! tables with one slot per cell ([`Pos`]). This module holds what they share: the
//! naive view of the engine's positions and moves, the comparison of the legal moves
//! at one node, the walk of a tree in lockstep, random playouts and the reference's
//! own perft.

use bushka_geometry::{ByColour, Cell, Colour, Geometry, Piece, Role};
use bushka_rules::{Bits, Board, Move, MoveKind, Position};

use crate::Rng;

/// A naive generator: the legal moves of a position, sorted, one per identity.
pub type Legal = fn(&Geometry, &Pos) -> Vec<Mv>;

/// A position as a naive generator sees it: what stands on each cell, and the side to
/// move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pos {
    /// The piece on each cell, by cell index.
    pub cells: Vec<Option<Piece>>,
    /// The side to move.
    pub side: Colour,
    /// `rules.max_same_king_moves` (0: no limit, and no runs are kept).
    pub limit: u8,
    /// Per colour (White, Black), the king that made its side's last quiet moves and
    /// how many it made in a row (Frisian draughts).
    pub runs: [Option<(Cell, u8)>; 2],
}

impl Pos {
    /// The naive view of an engine position.
    pub fn of<B: Bits>(board: &Board<B>, pos: &Position<B>) -> Pos {
        Pos {
            cells: board
                .geometry()
                .cells()
                .map(|c| pos.piece_at(board.sq(c)))
                .collect(),
            side: pos.side(),
            limit: board.rules().max_same_king_moves,
            runs: Colour::BOTH.map(|c| pos.king_run(c).map(|(sq, n)| (board.cell(sq), n))),
        }
    }

    /// `colour`'s run of quiet moves by one king.
    pub fn run(&self, colour: Colour) -> Option<(Cell, u8)> {
        self.runs[colour.index()]
    }

    /// The piece on `cell`.
    pub fn at(&self, cell: Cell) -> Option<Piece> {
        self.cells[cell.index()]
    }

    /// The piece of the side to move on `cell`.
    pub fn mine(&self, cell: Cell) -> Option<Piece> {
        self.at(cell).filter(|p| p.colour == self.side)
    }

    /// The opponent's piece on `cell`.
    pub fn theirs(&self, cell: Cell) -> Option<Piece> {
        self.at(cell).filter(|p| p.colour != self.side)
    }

    /// Empties `cell`, returning what stood there.
    pub fn take(&mut self, cell: Cell) -> Option<Piece> {
        self.cells[cell.index()].take()
    }

    /// The position after `mv`.
    pub fn play(&self, mv: &Mv) -> Pos {
        let mut next = self.clone();
        let piece = next.take(mv.from).expect("a piece on the origin");
        for &c in &mv.captured {
            assert!(next.take(c).is_some(), "captured cell holds a piece");
        }
        assert!(next.at(mv.to).is_none(), "destination is vacant");
        let role = Role::of_king(piece.is_king() || mv.promotes);
        next.cells[mv.to.index()] = Some(Piece::new(piece.colour, role));
        next.side = self.side.opponent();
        if self.limit > 0 {
            // A quiet king move lengthens its king's run or starts one; any other move
            // of that side ends it. A run also ends with its king, and with its side's
            // last man (the limit lapses).
            let me = self.side.index();
            next.runs[me] = match self.runs[me] {
                _ if mv.kind != MoveKind::King => None,
                Some((c, n)) if c == mv.from => Some((mv.to, (n + 1).min(15))),
                _ => Some((mv.to, 1)),
            };
            for colour in Colour::BOTH {
                let has_men = next
                    .cells
                    .iter()
                    .flatten()
                    .any(|p| p.colour == colour && !p.is_king());
                let run = next.runs[colour.index()];
                if !has_men
                    || run.is_some_and(|(c, _)| next.at(c) != Some(Piece::new(colour, Role::King)))
                {
                    next.runs[colour.index()] = None;
                }
            }
        }
        next
    }
}

/// A move by identity (kind, origin, destination, captured set), plus whether the
/// arriving man is promoted.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mv {
    /// Kind.
    pub kind: MoveKind,
    /// Origin (the tail man of a line).
    pub from: Cell,
    /// Destination.
    pub to: Cell,
    /// The captured cells, sorted.
    pub captured: Vec<Cell>,
    /// Whether the arriving man becomes a king.
    pub promotes: bool,
}

impl Mv {
    /// The naive view of an engine move.
    pub fn of<B: Bits>(board: &Board<B>, mv: &Move<B>) -> Mv {
        let mut captured: Vec<Cell> = mv.captured.iter().map(|sq| board.cell(sq)).collect();
        captured.sort_unstable();
        Mv {
            kind: mv.kind,
            from: board.cell(mv.from),
            to: board.cell(mv.to),
            captured,
            promotes: mv.promotes,
        }
    }

    /// Readable form for failure messages.
    pub fn show(&self, g: &Geometry) -> String {
        let caps: Vec<&str> = self.captured.iter().map(|&c| g.name(c)).collect();
        format!(
            "{:?} {}->{} x[{}]{}",
            self.kind,
            g.name(self.from),
            g.name(self.to),
            caps.join(","),
            if self.promotes { " =K" } else { "" }
        )
    }
}

/// Compares the engine's legal moves in `pos` with the reference's (as multisets, so a
/// duplicate in the engine's list fails too). Returns the pairs (naive, engine).
pub fn compare<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    npos: &Pos,
    legal: Legal,
    context: &str,
) -> Vec<(Mv, Move<B>)> {
    let g = board.geometry();
    assert_eq!(&Pos::of(board, pos), npos, "{context}: positions differ");
    let mut engine: Vec<(Mv, Move<B>)> = board
        .moves(pos)
        .iter()
        .map(|m| (Mv::of(board, m), *m))
        .collect();
    engine.sort_by(|a, b| a.0.cmp(&b.0));
    let reference = legal(g, npos);
    let engine_mvs: Vec<Mv> = engine.iter().map(|(m, _)| m.clone()).collect();
    if engine_mvs != reference {
        let shown = |moves: &mut dyn Iterator<Item = &Mv>| -> Vec<String> {
            moves.map(|m| m.show(g)).collect()
        };
        let only_engine = shown(&mut engine_mvs.iter().filter(|m| !reference.contains(m)));
        let only_ref = shown(&mut reference.iter().filter(|m| !engine_mvs.contains(m)));
        let dups = shown(
            &mut engine_mvs
                .windows(2)
                .filter(|w| w[0] == w[1])
                .map(|w| &w[0]),
        );
        panic!(
            "{context}: legal moves differ in {} ({})\n  engine only: {only_engine:?}\n  reference only: {only_ref:?}\n  engine duplicates: {dups:?}",
            board.position_string(pos),
            g.meta().id,
        );
    }
    engine
}

/// Walks the tree `depth` plies below `pos` with both generators in lockstep, checking
/// the move sets at every inner node and the positions after every move; returns the
/// reference's leaf count.
pub fn lockstep<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    npos: &Pos,
    depth: u32,
    legal: Legal,
    context: &str,
) -> u64 {
    if depth == 0 {
        assert_eq!(&Pos::of(board, pos), npos, "{context}: positions differ");
        return 1;
    }
    let pairs = compare(board, pos, npos, legal, context);
    if depth == 1 {
        return pairs.len() as u64;
    }
    pairs
        .iter()
        .map(|(nmv, emv)| {
            let next = pos.play(board, emv);
            lockstep(board, &next, &npos.play(nmv), depth - 1, legal, context)
        })
        .sum()
}

/// Plays a random game (moves drawn by an [`Rng`] of `seed`) of up to `max_plies`
/// from `start` with both generators, checking the move sets and `play` at every
/// position; `visit` sees each position and its moves.
pub fn random_game<B: Bits>(
    board: &Board<B>,
    start: Position<B>,
    legal: Legal,
    (seed, max_plies): (u64, usize),
    context: &str,
    mut visit: impl FnMut(&Position<B>, &[(Mv, Move<B>)]),
) {
    let mut rng = Rng::new(seed);
    let mut pos = start;
    let mut npos = Pos::of(board, &pos);
    for ply in 0..max_plies {
        let pairs = compare(board, &pos, &npos, legal, &format!("{context} ply {ply}"));
        visit(&pos, &pairs);
        if pairs.is_empty() {
            return;
        }
        let (nmv, emv) = &pairs[rng.below(pairs.len())];
        pos = pos.play(board, emv);
        npos = npos.play(nmv);
    }
    assert_eq!(
        Pos::of(board, &pos),
        npos,
        "{context}: positions differ at the end"
    );
}

/// The reference's own leaf count of the legal-move tree.
pub fn perft(g: &Geometry, pos: &Pos, depth: u32, legal: Legal) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal(g, pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft(g, &pos.play(mv), depth - 1, legal))
        .sum()
}

/// A random placement of men and kings (each cell empty with probability 1/2, else a
/// man or a king of either colour; men are kept off their own promotion zone), the
/// side to move drawn too: positions no playout from the start reaches soon, dense
/// with kings and captures in every direction.
pub fn random_placement<B: Bits>(board: &Board<B>, seed: u64) -> Position<B> {
    let mut rng = Rng::new(seed);
    let (mut men, mut kings) = (
        ByColour::new(B::EMPTY, B::EMPTY),
        ByColour::new(B::EMPTY, B::EMPTY),
    );
    for sq in board.all().iter() {
        let bit = B::bit(sq);
        let roll = rng.below(12);
        let player = Colour::BOTH[roll % 2];
        match roll / 2 {
            0 | 1 if !board.promotion(player).has(sq) => men[player] |= bit,
            2 => kings[player] |= bit,
            _ => {}
        }
    }
    let side = Colour::BOTH[rng.below(2)];
    match board.position_from_sets(men, kings, side) {
        Some(pos) => pos,
        None => panic!("a placement of disjoint sets on the board is a position"),
    }
}

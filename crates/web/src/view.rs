//! JSON views of positions and moves: what the browser draws and clicks on. Cells are
//! geometry cell indices (the order of the layout's `cells`).

use bushka_geometry::Colour;
use bushka_rules::{Bits, Board, Move, MoveKind, Position, Sq};
use serde::Serialize;

/// A legal move as the browser needs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// MindSports notation, unique among the legal moves (what to send back).
    pub text: String,
    /// The full route form (`d6-e6-e5x`).
    pub route_text: String,
    /// `man`, `line`, `king`, `linear_capture` or `piece_capture`.
    pub kind: &'static str,
    /// Origin cell (the tail man of a line).
    pub from: usize,
    /// Destination cell.
    pub to: usize,
    /// Every route the move can take, origin first (one for most moves).
    pub routes: Vec<Vec<usize>>,
    /// Captured cells.
    pub captured: Vec<usize>,
    /// Whether the moving man becomes a king.
    pub promotes: bool,
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PieceView {
    /// Its cell.
    pub cell: usize,
    /// `white` or `black`.
    pub player: &'static str,
    /// Whether it is a king.
    pub king: bool,
}

/// The compulsory capture of a position, shown before the player moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Compulsory {
    /// Pieces each legal capture takes (the majority rule makes them all equal).
    pub count: u32,
    /// The cells of the pieces that must capture.
    pub pieces: Vec<usize>,
}

/// A position with its legal moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionView {
    /// The side to move: `white` or `black`.
    pub side: &'static str,
    /// The position string (`W:We1,f2:Bc6`).
    pub position: String,
    /// Every piece.
    pub pieces: Vec<PieceView>,
    /// The legal moves (empty when the game is over).
    pub legal: Vec<MoveView>,
    /// The compulsory capture, when the side to move must capture.
    pub compulsory: Option<Compulsory>,
}

/// `white` or `black`.
pub fn player_name(p: Colour) -> &'static str {
    match p {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Man => "man",
        MoveKind::Line => "line",
        MoveKind::King => "king",
        MoveKind::LinearCapture => "linear_capture",
        MoveKind::PieceCapture => "piece_capture",
    }
}

/// The view of `mv`, played from `pos` where `legal` are the legal moves.
pub fn move_view<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    mv: &Move<B>,
    legal: &[Move<B>],
) -> MoveView {
    let cell = |sq: Sq| board.cell(sq).index();
    let cells = |sqs: &[Sq]| sqs.iter().map(|&sq| cell(sq)).collect();
    MoveView {
        text: board.move_text(pos, mv, legal),
        route_text: board.route_text(pos, mv),
        kind: kind_name(mv.kind),
        from: cell(mv.from),
        to: cell(mv.to),
        routes: board.routes(pos, mv).iter().map(|r| cells(r)).collect(),
        captured: mv.captured.iter().map(cell).collect(),
        promotes: mv.promotes,
    }
}

/// The view of `pos` with the legal moves `legal` (pass none when the game is over).
pub fn position_view<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    legal: &[Move<B>],
) -> PositionView {
    let mut pieces = Vec::new();
    for p in Colour::BOTH {
        for (set, king) in [(pos.men(p), false), (pos.kings(p), true)] {
            pieces.extend(set.iter().map(|sq| PieceView {
                cell: board.cell(sq).index(),
                player: player_name(p),
                king,
            }));
        }
    }
    pieces.sort_by_key(|piece| piece.cell);
    let compulsory = legal.first().filter(|m| m.kind.is_capture()).map(|_| {
        let mut from: Vec<usize> = legal.iter().map(|m| board.cell(m.from).index()).collect();
        from.sort_unstable();
        from.dedup();
        Compulsory {
            count: legal.iter().map(Move::capture_count).max().unwrap_or(0),
            pieces: from,
        }
    });
    PositionView {
        side: player_name(pos.side()),
        position: board.position_string(pos),
        pieces,
        legal: legal
            .iter()
            .map(|m| move_view(board, pos, m, legal))
            .collect(),
        compulsory,
    }
}

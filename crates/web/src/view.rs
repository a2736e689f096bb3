//! JSON views of positions and moves: what the browser draws and clicks on. Cells are
//! geometry cell indices (the order of the layout's `cells`).

use bushka_geometry::{Cell, Colour};
use bushka_rules::MoveKind;
use bushka_session::{DescribedMove, Position};
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
    /// The most pieces a legal capture takes (every capture takes as many under the
    /// majority rule).
    pub count: u32,
    /// The fewest pieces a legal capture takes (below `count` where any capture may be
    /// chosen, as in Fanorona or English checkers).
    pub fewest: u32,
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

/// The view of a described move.
pub fn move_view(mv: &DescribedMove) -> MoveView {
    let cells = |cells: &[Cell]| cells.iter().map(|c| c.index()).collect();
    MoveView {
        text: mv.text.clone(),
        route_text: mv.route_text.clone(),
        kind: kind_name(mv.kind),
        from: mv.from.index(),
        to: mv.to.index(),
        routes: mv.routes.iter().map(|route| cells(route)).collect(),
        captured: cells(&mv.captured),
        promotes: mv.promotes,
    }
}

/// The view of `pos` with the legal moves `legal` (pass none when the game is over).
pub fn position_view(pos: &Position, legal: &[DescribedMove]) -> PositionView {
    let pieces = pos
        .pieces()
        .into_iter()
        .enumerate()
        .filter_map(|(cell, piece)| {
            piece.map(|piece| PieceView {
                cell,
                player: player_name(piece.colour),
                king: piece.is_king(),
            })
        })
        .collect();
    let compulsory = legal.first().filter(|m| m.is_capture()).map(|_| {
        let mut from: Vec<usize> = legal.iter().map(|m| m.from.index()).collect();
        from.sort_unstable();
        from.dedup();
        let counts = legal.iter().map(DescribedMove::capture_count);
        Compulsory {
            count: counts.clone().max().unwrap_or(0) as u32,
            fewest: counts.min().unwrap_or(0) as u32,
            pieces: from,
        }
    });
    PositionView {
        side: player_name(pos.side()),
        position: pos.text(),
        pieces,
        legal: legal.iter().map(move_view).collect(),
        compulsory,
    }
}

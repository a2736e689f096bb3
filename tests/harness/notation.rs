//! Move notation against a fixed set of positions: every built-in start and every
//! position of the perft data files.

use std::sync::OnceLock;

use bushka_geometry::BUILTIN;
use bushka_rules::{AnyBoard, Bits, Board, Move, Position, with_board};

/// The perft data files, embedded so the harness touches no file at run time.
const PERFT_FILES: [&str; 5] = [
    include_str!("../perft/bushka.perft"),
    include_str!("../perft/bushka-9x11.perft"),
    include_str!("../perft/bushka-cylinder.perft"),
    include_str!("../perft/hexbushka.perft"),
    include_str!("../perft/hexbushka-4.perft"),
];

/// Every built-in board, compiled once, in [`BUILTIN`] order.
pub(super) fn builtin_boards() -> &'static [AnyBoard] {
    static BOARDS: OnceLock<Vec<AnyBoard>> = OnceLock::new();
    BOARDS.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|b| match bushka_geometry::builtin(b.name) {
                Some(Ok(g)) => AnyBoard::new(g),
                _ => panic!("built-in `{}` does not load", b.name),
            })
            .collect()
    })
}

/// The positions the notation target plays against, as (built-in index, position
/// string): each built-in start, each case of the perft files (its position with its
/// moves played), and the draughts positions of [`crate::JUMP_POSITIONS`].
pub fn notation_positions() -> &'static [(usize, String)] {
    static POSITIONS: OnceLock<Vec<(usize, String)>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let boards = builtin_boards();
        let mut out: Vec<(usize, String)> = boards
            .iter()
            .enumerate()
            .map(|(i, board)| {
                (
                    i,
                    with_board!(board, b => b.position_string(&b.start_position())),
                )
            })
            .collect();
        for text in PERFT_FILES {
            let mut index = 0;
            let mut current = None;
            for line in text.lines() {
                let line = line.split('#').next().unwrap_or("").trim();
                let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
                match word {
                    "variant" => {
                        index = BUILTIN
                            .iter()
                            .position(|b| b.name == rest)
                            .unwrap_or_else(|| panic!("perft file names unknown variant `{rest}`"));
                    }
                    "position" => {
                        if let Some(done) = current.take() {
                            out.push((index, done));
                        }
                        current = Some(with_board!(&boards[index], b => {
                            let pos = if rest == "start" {
                                b.start_position()
                            } else {
                                parse(b, rest)
                            };
                            b.position_string(&pos)
                        }));
                    }
                    "moves" => {
                        let start = current
                            .take()
                            .unwrap_or_else(|| panic!("`moves` before `position`"));
                        current = Some(with_board!(&boards[index], b => {
                            let mut pos = parse(b, &start);
                            for mv in rest.split_whitespace() {
                                let m = b
                                    .parse_move(&pos, mv)
                                    .unwrap_or_else(|e| panic!("perft move `{mv}`: {e}"));
                                pos = pos.play(b, &m);
                            }
                            b.position_string(&pos)
                        }));
                    }
                    _ => {}
                }
            }
            out.extend(current.map(|done| (index, done)));
        }
        for (name, position, _) in crate::JUMP_POSITIONS {
            let index = BUILTIN
                .iter()
                .position(|b| b.name == name)
                .unwrap_or_else(|| panic!("unknown draughts variant `{name}`"));
            let text = with_board!(&boards[index], b => b.position_string(&parse(b, position)));
            out.push((index, text));
        }
        out.sort();
        out.dedup();
        out
    })
}

fn parse<B: Bits>(board: &Board<B>, text: &str) -> Position<B> {
    board
        .parse_position(text)
        .unwrap_or_else(|e| panic!("position `{text}`: {e}"))
}

/// Reads the first byte as the choice of position and the rest as a move; a move that
/// parses must print (compact and full route) to text that parses back to it alone.
pub fn notation(data: &[u8]) {
    let Some((choice, text)) = super::choice_and_text(data) else {
        return;
    };
    let positions = notation_positions();
    let (index, position) = &positions[choice % positions.len()];
    with_board!(&builtin_boards()[*index], b => {
        let pos = parse(b, position);
        if let Ok(mv) = b.parse_move(&pos, text) {
            round_trip(b, &pos, &mv, b.moves(&pos).as_slice());
        }
    });
}

/// Checks that every legal move of `pos` prints to notation that parses back to it.
pub(super) fn round_trip_all<B: Bits>(board: &Board<B>, pos: &Position<B>) {
    let legal = board.moves(pos);
    for mv in legal.iter() {
        round_trip(board, pos, mv, legal.as_slice());
    }
}

fn round_trip<B: Bits>(board: &Board<B>, pos: &Position<B>, mv: &Move<B>, legal: &[Move<B>]) {
    for printed in [board.move_text(pos, mv, legal), board.route_text(pos, mv)] {
        let back = board.parse_move(pos, &printed).unwrap_or_else(|e| {
            panic!(
                "in `{}` the move printed as `{printed}` does not parse back: {e}",
                board.position_string(pos)
            )
        });
        assert!(
            back.same(mv),
            "in `{}` the move printed as `{printed}` reads back as another move",
            board.position_string(pos)
        );
    }
}

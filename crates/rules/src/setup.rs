//! Unvalidated setups and position strings (`W:We1,f2,Kg3:Bc6,Kd9`).
//!
//! As in shakmaty, a [`Setup`] is any placement; it becomes a [`Position`] only through
//! [`Setup::validate`], which checks it against the board.

use std::collections::BTreeSet;

use bushka_geometry::{Cell, Geometry, Player};

use crate::bits::Bits;
use crate::board::Board;
use crate::error::PositionError;
use crate::position::Position;

/// A placement of men and kings by cell, and the side to move; not yet checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    /// Men per player (index 0 White, 1 Black).
    pub men: [Vec<Cell>; 2],
    /// Kings per player.
    pub kings: [Vec<Cell>; 2],
    /// Whether Black is to move.
    pub black_to_move: bool,
}

impl Setup {
    /// Parses a position string: the side to move (`W` or `B`), then each colour's cells
    /// (`W...`, `B...`, either order), comma separated, kings prefixed `K`. On boards
    /// whose squares are numbered, PDN square ranges stand for every square between
    /// (`W:W31-50:B1-20`, `K` before a range makes them all kings).
    pub fn parse(geometry: &Geometry, text: &str) -> Result<Setup, PositionError> {
        let input = text.trim();
        let syntax = |why: &str| PositionError::Syntax {
            input: input.to_string(),
            why: why.to_string(),
        };
        let fields: Vec<&str> = input.split(':').map(str::trim).collect();
        if fields.len() != 3 {
            return Err(syntax(
                "expected three fields separated by `:`, like W:We1,f2:Bc6",
            ));
        }
        let mut setup = Setup {
            black_to_move: match fields[0] {
                "W" | "w" => false,
                "B" | "b" => true,
                _ => return Err(syntax("the first field is the side to move, `W` or `B`")),
            },
            ..Setup::default()
        };
        let mut seen = [false; 2];
        for field in &fields[1..] {
            let (player, list) = match field.split_at_checked(1) {
                Some(("W" | "w", rest)) => (Player::White, rest),
                Some(("B" | "b", rest)) => (Player::Black, rest),
                _ => return Err(syntax("each colour's field starts with `W` or `B`")),
            };
            if std::mem::replace(&mut seen[player.index()], true) {
                return Err(syntax("a colour is given twice"));
            }
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (king, name) = match item.strip_prefix(['K', 'k']) {
                    Some(rest) if geometry.cell(item).is_none() => (true, rest),
                    _ => (false, item),
                };
                let pieces = if king {
                    &mut setup.kings
                } else {
                    &mut setup.men
                };
                match (geometry.cell(name), name.split_once('-')) {
                    (Some(cell), _) => pieces[player.index()].push(cell),
                    (None, Some((first, last))) => {
                        let bad_range = |why: &str| syntax(&format!("`{item}`: {why}"));
                        let range = square_range(geometry, first.trim(), last.trim(), bad_range)?;
                        pieces[player.index()].extend(range);
                    }
                    (None, None) => return Err(PositionError::UnknownCell(name.to_string())),
                }
            }
        }
        Ok(setup)
    }

    /// Checks the setup against the board and builds the position.
    pub fn validate<B: Bits>(&self, board: &Board<B>) -> Result<Position<B>, PositionError> {
        let geometry = board.geometry();
        let mut seen = BTreeSet::new();
        let mut men = [B::EMPTY; 2];
        let mut kings = [B::EMPTY; 2];
        for p in Player::BOTH {
            for (cells, is_king) in [
                (&self.men[p.index()], false),
                (&self.kings[p.index()], true),
            ] {
                for &cell in cells {
                    let name = geometry.name(cell).to_string();
                    if !seen.insert(cell) {
                        return Err(PositionError::Duplicate(name));
                    }
                    if !is_king && geometry.promotes(p, cell) {
                        return Err(PositionError::ManOnPromotion {
                            player: p.name(),
                            cell: name,
                        });
                    }
                    let bit = B::bit(board.sq(cell) as usize);
                    if is_king {
                        kings[p.index()] |= bit;
                    } else {
                        men[p.index()] |= bit;
                    }
                }
            }
        }
        let side = if self.black_to_move {
            Player::Black
        } else {
            Player::White
        };
        Ok(Position::from_parts(board, men, kings, side))
    }

    /// The setup of a position.
    pub fn of<B: Bits>(board: &Board<B>, pos: &Position<B>) -> Setup {
        let cells = |set: B| {
            let mut v: Vec<Cell> = set.iter().map(|sq| board.cell(sq as u16)).collect();
            v.sort_unstable();
            v
        };
        Setup {
            men: Player::BOTH.map(|p| cells(pos.men(p))),
            kings: Player::BOTH.map(|p| cells(pos.kings(p))),
            black_to_move: pos.side() == Player::Black,
        }
    }

    /// The position string, cells in board order, kings prefixed `K`.
    pub fn to_string(&self, geometry: &Geometry) -> String {
        let mut out = String::from(if self.black_to_move { "B" } else { "W" });
        for p in Player::BOTH {
            out.push(':');
            out.push(if p == Player::White { 'W' } else { 'B' });
            let mut pieces: Vec<(Cell, bool)> = self.men[p.index()]
                .iter()
                .map(|&c| (c, false))
                .chain(self.kings[p.index()].iter().map(|&c| (c, true)))
                .collect();
            pieces.sort_unstable();
            let items: Vec<String> = pieces
                .iter()
                .map(|&(c, king)| format!("{}{}", if king { "K" } else { "" }, geometry.name(c)))
                .collect();
            out.push_str(&items.join(","));
        }
        out
    }
}

/// The cells of a PDN square range `first-last` (`31-50`: squares 31 to 50) on a board
/// whose squares are named by numbers; `bad_range` words the error of a text that is
/// not a range.
fn square_range(
    geometry: &Geometry,
    first: &str,
    last: &str,
    bad_range: impl Fn(&str) -> PositionError,
) -> Result<Vec<Cell>, PositionError> {
    let number = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let (Some(first), Some(last)) = (number(first), number(last)) else {
        return Err(bad_range(
            "a square range joins two square numbers, like 31-50",
        ));
    };
    if first > last {
        return Err(bad_range(
            "a square range runs from the lower number to the higher",
        ));
    }
    // Stops at the first number that is not a square, so any range costs at most the
    // board's size.
    (first..=last)
        .map(|n| {
            let name = n.to_string();
            geometry.cell(&name).ok_or(PositionError::UnknownCell(name))
        })
        .collect()
}

impl<B: Bits> Board<B> {
    /// Parses and validates a position string.
    pub fn parse_position(&self, text: &str) -> Result<Position<B>, PositionError> {
        Setup::parse(self.geometry(), text)?.validate(self)
    }

    /// The position string of `pos`.
    pub fn position_string(&self, pos: &Position<B>) -> String {
        Setup::of(self, pos).to_string(self.geometry())
    }
}

//! Unvalidated setups and position strings (`W:We1,f2,Kg3:Bc6,Kd9`).
//!
//! As in shakmaty, a [`Setup`] is any placement; it becomes a [`Position`] only through
//! [`Setup::validate`], which checks it against the board.

use std::collections::BTreeSet;

use bushka_geometry::{ByColour, Cell, Colour, Geometry, Role};

use crate::bits::Bits;
use crate::board::Board;
use crate::error::PositionError;
use crate::position::Position;

/// A placement of men and kings by cell, and the side to move; not yet checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    /// Men per colour.
    pub men: ByColour<Vec<Cell>>,
    /// Kings per colour.
    pub kings: ByColour<Vec<Cell>>,
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
        let mut seen = ByColour::new(false, false);
        for field in &fields[1..] {
            let (colour, list) = match field.split_at_checked(1) {
                Some(("W" | "w", rest)) => (Colour::White, rest),
                Some(("B" | "b", rest)) => (Colour::Black, rest),
                _ => return Err(syntax("each colour's field starts with `W` or `B`")),
            };
            if std::mem::replace(&mut seen[colour], true) {
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
                    (Some(cell), _) => pieces[colour].push(cell),
                    (None, Some((first, last))) => {
                        let bad_range = |why: &str| syntax(&format!("`{item}`: {why}"));
                        let range = square_range(geometry, first.trim(), last.trim(), bad_range)?;
                        pieces[colour].extend(range);
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
        let mut men = ByColour::new(B::EMPTY, B::EMPTY);
        let mut kings = ByColour::new(B::EMPTY, B::EMPTY);
        for colour in Colour::BOTH {
            for (cells, role) in [
                (&self.men[colour], Role::Man),
                (&self.kings[colour], Role::King),
            ] {
                for &cell in cells {
                    let name = geometry.name(cell).to_string();
                    if !seen.insert(cell) {
                        return Err(PositionError::Duplicate(name));
                    }
                    if role == Role::Man && geometry.promotes(colour, cell) {
                        return Err(PositionError::ManOnPromotion {
                            player: colour.name(),
                            cell: name,
                        });
                    }
                    let bit = B::bit(board.sq(cell));
                    match role {
                        Role::Man => men[colour] |= bit,
                        Role::King => kings[colour] |= bit,
                    }
                }
            }
        }
        let side = if self.black_to_move {
            Colour::Black
        } else {
            Colour::White
        };
        Ok(Position::from_parts(board, men, kings, side))
    }

    /// The setup of a position.
    pub fn of<B: Bits>(board: &Board<B>, pos: &Position<B>) -> Setup {
        let cells = |set: B| {
            let mut v: Vec<Cell> = set.iter().map(|sq| board.cell(sq)).collect();
            v.sort_unstable();
            v
        };
        Setup {
            men: ByColour::from_fn(|colour| cells(pos.men(colour))),
            kings: ByColour::from_fn(|colour| cells(pos.kings(colour))),
            black_to_move: pos.side() == Colour::Black,
        }
    }

    /// The position string, cells in board order, kings prefixed `K`.
    pub fn to_string(&self, geometry: &Geometry) -> String {
        let mut out = String::from(if self.black_to_move { "B" } else { "W" });
        for colour in Colour::BOTH {
            out.push(':');
            out.push(if colour == Colour::White { 'W' } else { 'B' });
            let mut pieces: Vec<(Cell, Role)> = self.men[colour]
                .iter()
                .map(|&c| (c, Role::Man))
                .chain(self.kings[colour].iter().map(|&c| (c, Role::King)))
                .collect();
            pieces.sort_unstable();
            let items: Vec<String> = pieces
                .iter()
                .map(|&(c, role)| {
                    let prefix = if role.is_king() { "K" } else { "" };
                    format!("{prefix}{}", geometry.name(c))
                })
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

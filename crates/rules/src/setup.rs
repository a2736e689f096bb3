//! Unvalidated setups and position strings (`W:We1,f2,Kg3:Bc6,Kd9`).
//!
//! As in shakmaty, a [`Setup`] is any placement; it becomes a [`Position`] only through
//! [`Setup::validate`], which checks it against the board.
//!
//! On boards with `rules.max_same_king_moves` (Frisian draughts) a position also holds
//! each side's run of quiet moves by one king; the string carries it in an optional
//! last field `R`: `W:W31,K45:BK7:RW45/2,B7/1` says that White's king on 45 has made
//! two quiet moves in a row and Black's king on 7 one. Without the field no run is
//! counted.

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
    /// Per colour, the king that made its side's last quiet moves and how many in a
    /// row (`rules.max_same_king_moves`).
    pub king_runs: ByColour<Option<(Cell, u8)>>,
}

impl Setup {
    /// Parses a position string: the side to move (`W` or `B`), then each colour's cells
    /// (`W...`, `B...`, either order), comma separated, kings prefixed `K`, and
    /// optionally the king runs (`RW45/2,B7/1`). On boards whose squares are numbered,
    /// PDN square ranges stand for every square between (`W:W31-50:B1-20`, `K` before a
    /// range makes them all kings).
    pub fn parse(geometry: &Geometry, text: &str) -> Result<Setup, PositionError> {
        let input = text.trim();
        let syntax = |why: &str| PositionError::Syntax {
            input: input.to_string(),
            why: why.to_string(),
        };
        let mut fields: Vec<&str> = input.split(':').map(str::trim).collect();
        let runs = match fields.len() {
            3 => None,
            4 => fields.pop().and_then(|f| f.strip_prefix('R')),
            _ => None,
        };
        if fields.len() != 3 || (input.split(':').count() == 4 && runs.is_none()) {
            return Err(syntax(
                "expected three fields separated by `:`, like W:We1,f2:Bc6 (and on boards that count king runs, a fourth like RW45/2)",
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
        if let Some(runs) = runs {
            setup.king_runs = parse_runs(geometry, runs)?;
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
        let mut pos = Position::from_parts(board, men, kings, side);
        for (colour, run) in self.king_runs.iter() {
            if let Some((cell, count)) = *run {
                let sq = check_run(board, &pos, colour, cell, count)?;
                pos.runs.set(colour, Some((sq, count)));
            }
        }
        pos.hash ^= board.runs_key(pos.runs);
        Ok(pos)
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
            king_runs: ByColour::from_fn(|colour| {
                pos.king_run(colour)
                    .map(|(sq, count)| (board.cell(sq), count))
            }),
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
        let runs: Vec<String> = self
            .king_runs
            .iter()
            .filter_map(|(colour, run)| {
                let (cell, count) = (*run)?;
                Some(format!(
                    "{}{}/{count}",
                    colour_letter(colour),
                    geometry.name(cell)
                ))
            })
            .collect();
        if !runs.is_empty() {
            out.push_str(":R");
            out.push_str(&runs.join(","));
        }
        out
    }
}

/// `W` or `B`.
fn colour_letter(colour: Colour) -> char {
    match colour {
        Colour::White => 'W',
        Colour::Black => 'B',
    }
}

/// The king runs of an `R` field (`W45/2,B7/1`), at most one per colour.
fn parse_runs(
    geometry: &Geometry,
    field: &str,
) -> Result<ByColour<Option<(Cell, u8)>>, PositionError> {
    let mut runs = ByColour::new(None, None);
    for item in field.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let bad = |why: &str| PositionError::BadKingRun {
            run: item.to_string(),
            why: why.to_string(),
        };
        let (colour, rest) = match item.split_at_checked(1) {
            Some(("W" | "w", rest)) => (Colour::White, rest),
            Some(("B" | "b", rest)) => (Colour::Black, rest),
            _ => return Err(bad("a run starts with the colour, `W` or `B`, like W45/2")),
        };
        let (name, count) = rest
            .split_once('/')
            .ok_or_else(|| bad("expected the king's cell, `/` and the count, like W45/2"))?;
        let cell = geometry
            .cell(name.trim())
            .ok_or_else(|| bad(&format!("`{name}` is not a cell of this board")))?;
        let count = count
            .trim()
            .parse::<u8>()
            .map_err(|_| bad("the count is a whole number of moves"))?;
        if runs[colour].replace((cell, count)).is_some() {
            return Err(bad("a colour has one run at most"));
        }
    }
    Ok(runs)
}

/// Checks `colour`'s run of `count` quiet moves by the king on `cell` in `pos`.
fn check_run<B: Bits>(
    board: &Board<B>,
    pos: &Position<B>,
    colour: Colour,
    cell: Cell,
    count: u8,
) -> Result<crate::bits::Sq, PositionError> {
    let geometry = board.geometry();
    let limit = board.rules().max_same_king_moves;
    let bad = |why: String| PositionError::BadKingRun {
        run: format!("{}{}/{count}", colour_letter(colour), geometry.name(cell)),
        why,
    };
    if limit == 0 {
        return Err(bad(
            "this variant does not count king runs (rules.max_same_king_moves)".into(),
        ));
    }
    let sq = board.sq(cell);
    if !pos.kings(colour).has(sq) {
        return Err(bad(format!("no {} king stands there", colour.name())));
    }
    if !(1..=limit).contains(&count) {
        return Err(bad(format!("the count is 1 to {limit}")));
    }
    if pos.men(colour).is_empty() {
        return Err(bad(format!(
            "{} has no men, so its kings' moves are not counted",
            colour.name()
        )));
    }
    Ok(sq)
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

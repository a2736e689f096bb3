//! Boards whose squares are numbered 1 to N (International draughts: 50), as Hub and
//! DXP write them: a position as one letter per square, a move as its squares
//! (`32-28`, `28x19x23`: origin, destination, then every captured square).

use bushka_geometry::{ByColour, Cell, Colour, Geometry, Notation, Role};
use bushka_rules::Setup;

/// The numbered squares of a board with numeric notation, square `n` being the cell
/// named `n`.
#[derive(Debug, Clone)]
pub struct Squares {
    /// The cell of square `i + 1`.
    cells: Vec<Cell>,
}

impl Squares {
    /// The squares of `geometry` when its notation is numeric and its cells are named
    /// 1 to N.
    pub fn of(geometry: &Geometry) -> Option<Squares> {
        if geometry.notation() != Notation::Numeric {
            return None;
        }
        let cells: Option<Vec<Cell>> = (1..=geometry.cell_count())
            .map(|n| geometry.cell(&n.to_string()))
            .collect();
        cells.map(|cells| Squares { cells })
    }

    /// How many squares.
    pub fn count(&self) -> usize {
        self.cells.len()
    }

    /// The cell of square `n` (from 1).
    pub fn cell(&self, n: usize) -> Option<Cell> {
        n.checked_sub(1).and_then(|i| self.cells.get(i)).copied()
    }

    /// The number of `cell`.
    pub fn number(&self, cell: Cell) -> usize {
        self.cells
            .iter()
            .position(|&c| c == cell)
            .map_or(0, |i| i + 1)
    }
}

/// The letters a protocol writes a position's squares with.
#[derive(Debug, Clone, Copy)]
pub struct Letters {
    /// White to move.
    pub white_to_move: char,
    /// Black to move.
    pub black_to_move: char,
    /// White man, White king, Black man, Black king, empty square.
    pub pieces: [char; 5],
}

/// Hub's letters: `W`/`B` to move, `w b W B e` (White's man, Black's man, kings, empty).
pub const HUB_LETTERS: Letters = Letters {
    white_to_move: 'W',
    black_to_move: 'B',
    pieces: ['w', 'W', 'b', 'B', 'e'],
};

/// DXP's letters: `W`/`Z` (zwart) to move, `w W z Z e`.
pub const DXP_LETTERS: Letters = Letters {
    white_to_move: 'W',
    black_to_move: 'Z',
    pieces: ['w', 'W', 'z', 'Z', 'e'],
};

impl Letters {
    /// The letter of the side to move.
    pub fn side(&self, side: Colour) -> char {
        match side {
            Colour::White => self.white_to_move,
            Colour::Black => self.black_to_move,
        }
    }

    /// The side a letter names.
    pub fn side_of(&self, letter: char) -> Option<Colour> {
        match letter {
            l if l == self.white_to_move => Some(Colour::White),
            l if l == self.black_to_move => Some(Colour::Black),
            _ => None,
        }
    }

    /// The squares of `setup`, one letter each, square 1 first (no side to move).
    pub fn write_squares(&self, squares: &Squares, setup: &Setup) -> String {
        let mut letters = vec![self.pieces[4]; squares.count()];
        for colour in Colour::BOTH {
            for (cells, role) in [
                (&setup.men[colour], Role::Man),
                (&setup.kings[colour], Role::King),
            ] {
                for &cell in cells {
                    let n = squares.number(cell);
                    if n > 0 {
                        letters[n - 1] = self.pieces[colour.index() * 2 + role as usize];
                    }
                }
            }
        }
        letters.into_iter().collect()
    }

    /// The side to move's letter, then the squares.
    pub fn write(&self, squares: &Squares, setup: &Setup) -> String {
        let side = if setup.black_to_move {
            Colour::Black
        } else {
            Colour::White
        };
        format!("{}{}", self.side(side), self.write_squares(squares, setup))
    }

    /// The placement `text` writes with `side` to move, one letter per square (not yet
    /// checked against the rules: see [`Setup::validate`]).
    pub fn read_squares(
        &self,
        squares: &Squares,
        side: Colour,
        text: &str,
    ) -> Result<Setup, String> {
        let count = text.chars().count();
        if count != squares.count() {
            return Err(format!(
                "{count} squares where the board has {}",
                squares.count()
            ));
        }
        let mut setup = Setup {
            men: ByColour::default(),
            kings: ByColour::default(),
            black_to_move: side == Colour::Black,
            // International has no limit on a king's runs: nothing to carry.
            king_runs: ByColour::default(),
        };
        for (i, letter) in text.chars().enumerate() {
            let Some(which) = self.pieces.iter().position(|&l| l == letter) else {
                return Err(format!("`{letter}` on square {} is not a piece", i + 1));
            };
            let Some(cell) = squares.cell(i + 1) else {
                continue;
            };
            match which {
                0 => setup.men[Colour::White].push(cell),
                1 => setup.kings[Colour::White].push(cell),
                2 => setup.men[Colour::Black].push(cell),
                3 => setup.kings[Colour::Black].push(cell),
                _ => {}
            }
        }
        Ok(setup)
    }

    /// The placement of `text`: the side to move's letter, then the squares.
    pub fn read(&self, squares: &Squares, text: &str) -> Result<Setup, String> {
        let mut chars = text.chars();
        let first = chars.next().ok_or("an empty position")?;
        let side = self
            .side_of(first)
            .ok_or_else(|| format!("`{first}` is not a side to move"))?;
        self.read_squares(squares, side, chars.as_str())
    }
}

/// A move as Hub and DXP write it: its squares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberedMove {
    /// Whether it captures.
    pub capture: bool,
    /// The origin.
    pub from: Cell,
    /// The destination.
    pub to: Cell,
    /// The captured squares, in increasing order; empty for a quiet move and for the
    /// short form of a capture (`28x19`), which names only its ends.
    pub captured: Vec<Cell>,
}

impl NumberedMove {
    /// A move from its parts; the captured cells are put in square order.
    pub fn new(
        squares: &Squares,
        capture: bool,
        (from, to): (Cell, Cell),
        captured: &[Cell],
    ) -> NumberedMove {
        let mut captured = captured.to_vec();
        captured.sort_by_key(|&c| squares.number(c));
        NumberedMove {
            capture,
            from,
            to,
            captured,
        }
    }

    /// Reads `32-28` (quiet), `28x19` (a capture, when only one joins those squares)
    /// or `28x19x23x...` (origin, destination, every captured square in any order).
    pub fn parse(squares: &Squares, text: &str) -> Result<NumberedMove, String> {
        let capture = text.contains(['x', 'X']);
        if capture == text.contains('-') {
            return Err(format!("`{text}` is not a move like 32-28 or 28x19x23"));
        }
        let cells = text
            .split(['x', 'X', '-'])
            .map(|part| {
                part.parse::<usize>()
                    .ok()
                    .and_then(|n| squares.cell(n))
                    .ok_or_else(|| format!("`{part}` in `{text}` is not a square"))
            })
            .collect::<Result<Vec<Cell>, String>>()?;
        if cells.len() < 2 || (!capture && cells.len() > 2) {
            return Err(format!("`{text}` is not a move like 32-28 or 28x19x23"));
        }
        Ok(NumberedMove::new(
            squares,
            capture,
            (cells[0], cells[1]),
            &cells[2..],
        ))
    }

    /// The text: `32-28`, or `28x19x23` with the captured squares in increasing order.
    pub fn text(&self, squares: &Squares) -> String {
        if !self.capture {
            return format!("{}-{}", squares.number(self.from), squares.number(self.to));
        }
        let mut text = format!("{}x{}", squares.number(self.from), squares.number(self.to));
        for &cell in &self.captured {
            text.push_str(&format!("x{}", squares.number(cell)));
        }
        text
    }

    /// Whether this text names the legal move `other` (the full form): the same ends,
    /// and the same captured squares unless this is the short form.
    pub fn names(&self, other: &NumberedMove) -> bool {
        self.capture == other.capture
            && self.from == other.from
            && self.to == other.to
            && (self.captured.is_empty() || self.captured == other.captured)
    }

    /// The one legal move of `legal` (each in full form) this text names; the error
    /// says whether none or several fit.
    pub fn resolve<'a, T>(
        &self,
        squares: &Squares,
        legal: impl IntoIterator<Item = (&'a NumberedMove, T)>,
    ) -> Result<T, String> {
        let mut found = legal.into_iter().filter(|(mv, _)| self.names(mv));
        match (found.next(), found.next()) {
            (Some((_, it)), None) => Ok(it),
            (None, _) => Err(format!("`{}` is not a legal move", self.text(squares))),
            (Some(_), Some(_)) => Err(format!(
                "`{}` fits several legal moves: give every captured square",
                self.text(squares)
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draughts() -> Geometry {
        bushka_geometry::builtin("draughts")
            .expect("built in")
            .expect("valid")
    }

    #[test]
    fn the_start_position_in_hub_and_dxp_letters() {
        let geometry = draughts();
        let squares = Squares::of(&geometry).expect("numbered");
        assert_eq!(squares.count(), 50);
        let start = Setup::parse(&geometry, "W:W31-50:B1-20").expect("valid");
        let hub = HUB_LETTERS.write(&squares, &start);
        assert_eq!(hub, "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
        let back = HUB_LETTERS.read(&squares, &hub).expect("valid");
        assert_eq!(back.to_string(&geometry), start.to_string(&geometry));
        let dxp = DXP_LETTERS.write_squares(&squares, &start);
        assert!(dxp.starts_with("zzzz") && dxp.ends_with("wwww"));
        assert!(HUB_LETTERS.read(&squares, "X").is_err());
        assert!(HUB_LETTERS.read(&squares, "Wbb").is_err());
        let bad = format!("W{}", "q".repeat(50));
        assert!(HUB_LETTERS.read(&squares, &bad).is_err());
    }

    #[test]
    fn moves_read_and_write() {
        let geometry = draughts();
        let squares = Squares::of(&geometry).expect("numbered");
        let mv = NumberedMove::parse(&squares, "47x4x41x13x22").expect("valid");
        assert_eq!(mv.text(&squares), "47x4x13x22x41");
        let short = NumberedMove::parse(&squares, "47x4").expect("valid");
        assert!(short.names(&mv) && !mv.names(&short));
        assert_eq!(
            NumberedMove::parse(&squares, "32-28")
                .expect("valid")
                .text(&squares),
            "32-28"
        );
        for bad in [
            "", "32", "32-28-23", "32-51", "0-1", "a-b", "32x", "32-28x23",
        ] {
            assert!(NumberedMove::parse(&squares, bad).is_err(), "{bad}");
        }
        assert!(Squares::of(&bushka_geometry::builtin("bushka").expect("b").expect("v")).is_none());
    }
}

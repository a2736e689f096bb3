//! The validated, compiled board: graph, dense tables, players and rule switches.

use std::collections::HashMap;

use petgraph::graph::DiGraph;

use crate::colour::{ByColour, Colour};
use crate::embed::Embedding;
use crate::index::{Cell, Dir};
use crate::neighbours::Neighbours;
use crate::rules::RuleSet;
use crate::weights::EvalWeights;

/// Largest size, either way, of a direction vector's components, of the display
/// numbers in a variant file, and of the drawing's extent on each axis.
pub const MAX_COORDINATE: i32 = 65_536;

/// How moves and cells are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// MindSports cell names from the lettered and numbered lines (`f45`, `e8h6x`).
    MindSports,
    /// PDN square numbers, numbered along the rows from one corner of the board
    /// (`32-28`, `28x19`).
    Numeric,
    /// Cells named by their lettered and numbered lines as in chess (`a1`..`h8`), moves
    /// written from-to like numeric ones (`a3-a4`, `a4xa6`).
    Algebraic,
}

/// Material values for the computer opponent, in centi-men.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Values {
    /// A man.
    pub man: i32,
    /// A king.
    pub king: i32,
}

/// A direction of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Direction {
    /// Its name in the variant file.
    pub name: String,
    /// Lattice vector, if it has one.
    pub vector: Option<(i32, i32)>,
    /// Index of the opposite direction.
    pub opposite: Dir,
}

/// A colour's side of the variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// Directions in which men move.
    pub forward: Vec<Dir>,
    /// Cells on which this player's men promote (sorted).
    pub promotion: Vec<Cell>,
    /// Men at the start (sorted).
    pub men: Vec<Cell>,
    /// Kings at the start (sorted).
    pub kings: Vec<Cell>,
}

/// Name, id, description and sources of a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    /// Identifier, conventionally the file stem.
    pub id: String,
    /// Human name.
    pub name: String,
    /// One-line description.
    pub description: String,
    /// Where the facts come from.
    pub sources: Vec<String>,
    /// The PDN `GameType` number of the variant (20 for International draughts), if
    /// it has one: records without a `Variant` tag are matched by it.
    pub pdn_gametype: Option<u32>,
}

/// A maximal straight run of cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The direction the cells are listed in.
    pub direction: Dir,
    /// The cells, from one end to the other.
    pub cells: Vec<Cell>,
}

/// A validated board with everything the engine reads, compiled into dense tables.
#[derive(Debug, Clone)]
pub struct Geometry {
    pub(crate) meta: Meta,
    pub(crate) names: Vec<String>,
    pub(crate) by_name: HashMap<String, Cell>,
    pub(crate) coords: Vec<(usize, usize)>,
    pub(crate) letters: Vec<String>,
    pub(crate) numbers: Vec<String>,
    pub(crate) directions: Vec<Direction>,
    pub(crate) neighbours: Neighbours,
    /// Flat storage of rays; `ray_ranges[cell * dirs + d]` indexes it.
    pub(crate) rays: Vec<Cell>,
    pub(crate) ray_ranges: Vec<(u32, u32)>,
    pub(crate) display: Vec<(i32, i32)>,
    pub(crate) sides: ByColour<Side>,
    pub(crate) promotion_mask: ByColour<Vec<bool>>,
    pub(crate) rules: RuleSet,
    pub(crate) values: Values,
    pub(crate) weights: Option<std::sync::Arc<EvalWeights>>,
    pub(crate) embedding: Embedding,
    pub(crate) graph: DiGraph<Cell, Dir>,
    pub(crate) mirror: Option<Vec<Cell>>,
    pub(crate) lattice: bool,
    pub(crate) notation: Notation,
}

impl PartialEq for Geometry {
    /// Two geometries are equal when every compiled table agrees (the graph is
    /// derived from the neighbour table, so it is not compared separately).
    fn eq(&self, other: &Self) -> bool {
        self.names == other.names
            && self.coords == other.coords
            && self.directions == other.directions
            && self.neighbours == other.neighbours
            && self.display == other.display
            && self.sides == other.sides
            && self.rules == other.rules
            && self.values == other.values
            && self.weights == other.weights
            && self.embedding == other.embedding
            && self.mirror == other.mirror
            && self.lattice == other.lattice
            && self.notation == other.notation
    }
}

impl Geometry {
    /// How moves and cells are written (the cell names follow it).
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// Name, id, description and sources.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The one-line summary `bushka check` prints:
    /// `Bushka (bushka): 50 cells, 4 directions, 19 lines, back ranks 5/5, men 15/15`
    /// (then `, kings W/B` when the start has kings).
    pub fn summary(&self) -> String {
        let white = self.side(Colour::White);
        let black = self.side(Colour::Black);
        let mut text = format!(
            "{} ({}): {} cells, {} directions, {} lines, back ranks {}/{}, men {}/{}",
            self.meta.name,
            self.meta.id,
            self.cell_count(),
            self.direction_count(),
            self.lines().len(),
            white.promotion.len(),
            black.promotion.len(),
            white.men.len(),
            black.men.len(),
        );
        if !white.kings.is_empty() || !black.kings.is_empty() {
            text.push_str(&format!(
                ", kings {}/{}",
                white.kings.len(),
                black.kings.len()
            ));
        }
        text
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.names.len()
    }

    /// All cells, in index order.
    pub fn cells(&self) -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..self.names.len()).map(Cell::new)
    }

    /// Number of directions.
    pub fn direction_count(&self) -> usize {
        self.directions.len()
    }

    /// The directions.
    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    /// Every direction, in index order.
    pub fn dirs(&self) -> impl DoubleEndedIterator<Item = Dir> + ExactSizeIterator + Clone + use<> {
        Dir::range(self.directions.len())
    }

    /// The direction `d`.
    pub fn direction(&self, d: Dir) -> &Direction {
        &self.directions[d.index()]
    }

    /// Index of the direction called `name`.
    pub fn direction_by_name(&self, name: &str) -> Option<Dir> {
        self.directions
            .iter()
            .position(|d| d.name == name)
            .map(Dir::new)
    }

    /// The opposite of direction `d`.
    pub fn opposite(&self, d: Dir) -> Dir {
        self.direction(d).opposite
    }

    /// The cell's name (`e1`).
    pub fn name(&self, cell: Cell) -> &str {
        &self.names[cell.index()]
    }

    /// The cell called `name`.
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.by_name.get(name).copied()
    }

    /// Letter index and number index of the cell.
    pub fn coords(&self, cell: Cell) -> (usize, usize) {
        self.coords[cell.index()]
    }

    /// Labels of the lettered lines, in index order.
    pub fn letter_labels(&self) -> &[String] {
        &self.letters
    }

    /// Labels of the numbered lines, in index order.
    pub fn number_labels(&self) -> &[String] {
        &self.numbers
    }

    /// The cell on letter line `letter` and number line `number`, if any.
    pub fn cell_at(&self, letter: usize, number: usize) -> Option<Cell> {
        let name = format!("{}{}", self.letters.get(letter)?, self.numbers.get(number)?);
        self.cell(&name)
    }

    /// The neighbour of `cell` in direction `d`.
    #[inline]
    pub fn neighbour(&self, cell: Cell, d: Dir) -> Option<Cell> {
        self.neighbours.get(cell, d)
    }

    /// The cells met walking from `cell` (excluded) in direction `d` to the edge.
    #[inline]
    pub fn ray(&self, cell: Cell, d: Dir) -> &[Cell] {
        let (start, end) = self.ray_ranges[cell.index() * self.directions.len() + d.index()];
        &self.rays[start as usize..end as usize]
    }

    /// Screen coordinates (x right, y up; the minimum is 0 on both axes).
    pub fn display(&self, cell: Cell) -> (i32, i32) {
        self.display[cell.index()]
    }

    /// White's or Black's forward directions, promotion zone and start.
    pub fn side(&self, colour: Colour) -> &Side {
        &self.sides[colour]
    }

    /// Whether a man of `colour` promotes on `cell`.
    #[inline]
    pub fn promotes(&self, colour: Colour, cell: Cell) -> bool {
        self.promotion_mask[colour][cell.index()]
    }

    /// The rule switches.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Material values for the computer opponent.
    pub fn values(&self) -> Values {
        self.values
    }

    /// The learned evaluation's weights file the variant names, if any.
    pub fn weights(&self) -> Option<&EvalWeights> {
        self.weights.as_deref()
    }

    /// This variant scored by the learned evaluation `weights` instead of the one its
    /// file names (if any). The weights must have been parsed for this board's
    /// [`crate::FeatureLayout`] ([`EvalWeights::parse`] checks it).
    pub fn with_weights(mut self, weights: EvalWeights) -> Geometry {
        self.weights = Some(std::sync::Arc::new(weights));
        self
    }

    /// Cell-to-bit embedding for the engine's bitsets.
    pub fn embedding(&self) -> &Embedding {
        &self.embedding
    }

    /// The board graph: nodes are cells, edges are directed links labelled by direction.
    pub fn graph(&self) -> &DiGraph<Cell, Dir> {
        &self.graph
    }

    /// Whether every link comes from a direction vector (no explicit links). On such a
    /// board two straight walks from one cell in different directions never meet, so
    /// moves found along different lines are always different moves.
    pub fn is_lattice(&self) -> bool {
        self.lattice
    }

    /// The colour-swapping symmetry: the point reflection of the drawing, when it maps
    /// the board, White's forward directions, zone and start onto Black's.
    pub fn mirror(&self) -> Option<&[Cell]> {
        self.mirror.as_deref()
    }

    /// Every maximal line, one per direction pair (listed along the lower-numbered
    /// direction of the pair). Cells without neighbours on an axis form lines of one.
    /// A line that closes on itself (a ring on a cylinder) is listed once, from its
    /// lowest cell.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = Vec::new();
        for (d, dir) in self.dirs().zip(&self.directions) {
            if dir.opposite < d {
                continue;
            }
            let mut covered = vec![false; self.cell_count()];
            let starts = self
                .cells()
                .filter(|&c| self.neighbour(c, dir.opposite).is_none());
            let rings = self.cells();
            for cell in starts.chain(rings) {
                if covered[cell.index()] {
                    continue;
                }
                let mut cells = vec![cell];
                cells.extend_from_slice(self.ray(cell, d));
                for &c in &cells {
                    covered[c.index()] = true;
                }
                lines.push(Line {
                    direction: d,
                    cells,
                });
            }
        }
        lines
    }
}

//! The neighbour table: every cell's neighbour in every direction.

use crate::index::{Cell, Dir};

/// Every cell's neighbour in every direction, `None` at an edge, in one flat table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Neighbours {
    cells: usize,
    dirs: usize,
    /// `table[cell * dirs + d]`.
    table: Vec<Option<Cell>>,
}

impl Neighbours {
    /// A table of `cells` cells and `dirs` directions without a link.
    pub(crate) fn new(cells: usize, dirs: usize) -> Neighbours {
        Neighbours {
            cells,
            dirs,
            table: vec![None; cells * dirs],
        }
    }

    /// The neighbour of `cell` in direction `d`.
    #[inline]
    pub(crate) fn get(&self, cell: Cell, d: Dir) -> Option<Cell> {
        self.table[cell.index() * self.dirs + d.index()]
    }

    /// Sets (or with `None` removes) the neighbour of `cell` in direction `d`.
    pub(crate) fn set(&mut self, cell: Cell, d: Dir, to: Option<Cell>) {
        self.table[cell.index() * self.dirs + d.index()] = to;
    }

    /// Number of cells.
    pub(crate) fn cell_count(&self) -> usize {
        self.cells
    }

    /// Every cell, in index order.
    pub(crate) fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        (0..self.cell_count()).map(Cell::new)
    }

    /// Every direction, in index order.
    pub(crate) fn dirs(&self) -> impl ExactSizeIterator<Item = Dir> + Clone + use<> {
        Dir::range(self.dirs)
    }

    /// Every link: (cell, direction, neighbour), by cell, then direction.
    pub(crate) fn links(&self) -> impl Iterator<Item = (Cell, Dir, Cell)> + '_ {
        self.cells().flat_map(move |cell| {
            self.dirs()
                .filter_map(move |d| self.get(cell, d).map(|to| (cell, d, to)))
        })
    }
}

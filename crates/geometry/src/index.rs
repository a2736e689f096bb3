//! Dense indices of cells and directions: two types, so that neither passes for the
//! other (nor for the rules crate's bit indices).

use std::fmt;

/// Most cells a board may have.
pub const MAX_CELLS: usize = 1024;
/// Most directions a board may declare.
pub const MAX_DIRS: usize = 16;

/// A cell, as a dense index `0..cell_count()` (cells sorted by letter, then number).
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The cell of index `index`, which is below [`MAX_CELLS`].
    #[inline]
    pub const fn new(index: usize) -> Cell {
        assert!(index < MAX_CELLS, "a cell index is below MAX_CELLS");
        Cell(index as u16)
    }

    /// Its index, `0..cell_count()`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The bare index, as before these were types (fingerprints hash this text).
impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A direction, as an index `0..direction_count()`.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dir(u8);

impl Dir {
    /// Every direction a board may have, in index order.
    pub const ALL: [Dir; MAX_DIRS] = {
        let mut all = [Dir(0); MAX_DIRS];
        let mut d = 0;
        while d < MAX_DIRS {
            all[d] = Dir(d as u8);
            d += 1;
        }
        all
    };

    /// The direction of index `index`, which is below [`MAX_DIRS`].
    #[inline]
    pub const fn new(index: usize) -> Dir {
        assert!(index < MAX_DIRS, "a direction index is below MAX_DIRS");
        Dir(index as u8)
    }

    /// The first `count` directions (at most [`MAX_DIRS`]), in index order.
    #[inline]
    pub fn range(count: usize) -> impl DoubleEndedIterator<Item = Dir> + ExactSizeIterator + Clone {
        (0..count.min(MAX_DIRS)).map(|i| Dir(i as u8))
    }

    /// Its index, `0..direction_count()`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The bare index, as before these were types (fingerprints hash this text).
impl fmt::Debug for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

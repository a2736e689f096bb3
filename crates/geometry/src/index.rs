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
    ///
    /// Masked to [`MAX_DIRS`] (which changes nothing: every `Dir` is below it) so that
    /// the compiler knows the bound: per-direction tables of `MAX_DIRS` entries are
    /// then indexed without a bounds check, in the move generator's hot paths.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize & (MAX_DIRS - 1)
    }
}

const _: () = assert!(
    MAX_DIRS.is_power_of_two(),
    "Dir::index masks with MAX_DIRS - 1"
);

/// The bare index, as before these were types (fingerprints hash this text).
impl fmt::Debug for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of directions, one bit per [`Dir`] (at most [`MAX_DIRS`]).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DirSet(u16);

impl DirSet {
    /// No direction.
    pub const EMPTY: DirSet = DirSet(0);

    /// The first `count` directions (at most [`MAX_DIRS`]).
    pub fn first(count: usize) -> DirSet {
        Dir::range(count).collect()
    }

    /// The set with `d` added.
    #[inline]
    pub fn with(self, d: Dir) -> DirSet {
        DirSet(self.0 | 1 << d.index())
    }

    /// Whether `d` is in the set.
    #[inline]
    pub fn has(self, d: Dir) -> bool {
        self.0 & 1 << d.index() != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The directions, in index order.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Dir> + Clone {
        Dir::range(MAX_DIRS).filter(move |&d| self.has(d))
    }
}

impl FromIterator<Dir> for DirSet {
    fn from_iter<I: IntoIterator<Item = Dir>>(iter: I) -> DirSet {
        iter.into_iter().fold(DirSet::EMPTY, DirSet::with)
    }
}

/// The directions' indices, as a list.
impl fmt::Debug for DirSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

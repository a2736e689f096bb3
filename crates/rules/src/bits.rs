//! Bitsets over bit indices: `u64` and `u128` for the official boards, [`Wide`] for
//! authored boards of up to 1024 cells.

use std::fmt::{self, Debug};
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A bit index on the board: a cell's place in the bitsets (see
/// [`crate::Board::sq`]), below the capacity of the widest bitset.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(u16);

impl Sq {
    /// Marks "no neighbour" in the neighbour table.
    pub const NONE: Sq = Sq(u16::MAX);

    /// The bit index `index`, which is below [`Wide::CAPACITY`].
    #[inline]
    pub const fn new(index: usize) -> Sq {
        assert!(
            index < Wide::CAPACITY,
            "a bit index is below the widest capacity"
        );
        Sq(index as u16)
    }

    /// Its index, for tables by bit.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The bare index.
impl Debug for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A fixed-width set of bit indices, the engine's currency in the hot path.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Number of indices the type holds.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// A byte per index and one past them (a stand-in for [`Sq::NONE`]): a board's
    /// contents as a mailbox, for reading many single cells.
    type Bytes: Copy + AsRef<[u8]> + AsMut<[u8]>;
    /// [`Bits::Bytes`], all zero.
    const ZERO_BYTES: Self::Bytes;

    /// The set holding `sq` alone.
    fn bit(sq: Sq) -> Self;
    /// Whether `sq` is in the set.
    fn has(self, sq: Sq) -> bool;
    /// Every index moved by `s` (up when positive); indices leaving the range vanish.
    fn shift(self, s: i32) -> Self;
    /// Every index moved up by `n`; indices leaving the range vanish.
    #[inline]
    fn shift_up(self, n: u32) -> Self {
        self.shift(n as i32)
    }
    /// Every index moved down by `n`; indices leaving the range vanish.
    #[inline]
    fn shift_down(self, n: u32) -> Self {
        self.shift(-(n as i32))
    }
    /// Whether [`Bits::rotate_up`] is a single machine rotation.
    const FAST_ROTATE: bool = false;
    /// Every index moved up by `n` modulo [`Bits::CAPACITY`] (`n` below it): a shift
    /// up by `n`, or down by `CAPACITY - n`, on a set none of whose indices wrap.
    #[inline]
    fn rotate_up(self, n: u32) -> Self {
        if n == 0 {
            self
        } else {
            self.shift_up(n) | self.shift_down(Self::CAPACITY as u32 - n)
        }
    }
    /// Number of indices in the set.
    fn count(self) -> u32;
    /// The lowest index (the set must not be empty).
    fn lowest(self) -> Sq;
    /// The set without its lowest index.
    fn without_lowest(self) -> Self;

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    /// Iterates the indices, lowest first.
    #[inline]
    fn iter(self) -> BitIter<Self> {
        BitIter(self)
    }

    /// Folds `f` over the indices, lowest first: what [`BitIter`]'s `fold` and
    /// `for_each` run, a 64-bit word at a time (so an index of a `u128` costs what
    /// one of a `u64` does).
    fn fold_indices<A>(self, init: A, f: impl FnMut(A, Sq) -> A) -> A;
}

/// Iterator over the indices of a [`Bits`] set.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = Sq;

    #[inline]
    fn next(&mut self) -> Option<Sq> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }

    #[inline]
    fn fold<A, F: FnMut(A, Sq) -> A>(self, init: A, f: F) -> A {
        self.0.fold_indices(init, f)
    }
}

/// Folds `f` over the indices of one 64-bit `word` whose bit 0 is index `base`.
#[inline]
fn fold_word<A>(mut word: u64, base: u16, init: A, f: &mut impl FnMut(A, Sq) -> A) -> A {
    let mut acc = init;
    while word != 0 {
        acc = f(acc, Sq(base + word.trailing_zeros() as u16));
        word &= word - 1;
    }
    acc
}

macro_rules! primitive_bits {
    ($t:ty) => {
        impl Bits for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            type Bytes = [u8; <$t>::BITS as usize + 1];
            const ZERO_BYTES: Self::Bytes = [0; <$t>::BITS as usize + 1];

            #[inline]
            fn bit(sq: Sq) -> Self {
                1 << sq.0
            }
            #[inline]
            fn has(self, sq: Sq) -> bool {
                (self >> sq.0) & 1 != 0
            }
            #[inline]
            fn shift(self, s: i32) -> Self {
                if s >= 0 { self << s } else { self >> -s }
            }
            #[inline]
            fn shift_up(self, n: u32) -> Self {
                self << n
            }
            #[inline]
            fn shift_down(self, n: u32) -> Self {
                self >> n
            }
            const FAST_ROTATE: bool = true;
            #[inline]
            fn rotate_up(self, n: u32) -> Self {
                self.rotate_left(n)
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> Sq {
                Sq(self.trailing_zeros() as u16)
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn fold_indices<A>(self, init: A, mut f: impl FnMut(A, Sq) -> A) -> A {
                (0..<$t>::BITS / 64).fold(init, |acc, w| {
                    fold_word((self >> (64 * w)) as u64, 64 * w as u16, acc, &mut f)
                })
            }
        }
    };
}

primitive_bits!(u64);
primitive_bits!(u128);

/// Number of 64-bit words in [`Wide`].
pub const WIDE_WORDS: usize = 16;

/// A 1024-bit set for large authored boards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide(pub [u64; WIDE_WORDS]);

impl Default for Wide {
    fn default() -> Self {
        Wide([0; WIDE_WORDS])
    }
}

macro_rules! wide_op {
    ($trait:ident, $method:ident, $assign:ident, $amethod:ident, $aop:tt) => {
        impl $trait for Wide {
            type Output = Wide;
            #[inline]
            fn $method(mut self, rhs: Wide) -> Wide {
                self $aop rhs;
                self
            }
        }
        impl $assign for Wide {
            #[inline]
            fn $amethod(&mut self, rhs: Wide) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $aop b;
                }
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide(self.0.map(|w| !w))
    }
}

impl Bits for Wide {
    const CAPACITY: usize = 64 * WIDE_WORDS;
    const EMPTY: Self = Wide([0; WIDE_WORDS]);
    type Bytes = [u8; 64 * WIDE_WORDS + 1];
    const ZERO_BYTES: Self::Bytes = [0; 64 * WIDE_WORDS + 1];

    #[inline]
    fn bit(sq: Sq) -> Self {
        let i = sq.index();
        let mut w = Wide::EMPTY;
        w.0[i / 64] = 1 << (i % 64);
        w
    }
    #[inline]
    fn has(self, sq: Sq) -> bool {
        let i = sq.index();
        (self.0[i / 64] >> (i % 64)) & 1 != 0
    }
    fn shift(self, s: i32) -> Self {
        let mut out = Wide::EMPTY;
        let n = WIDE_WORDS as i64;
        let words = (s as i64).div_euclid(64);
        let bits = (s as i64).rem_euclid(64) as u32;
        for (i, &w) in self.0.iter().enumerate() {
            if w == 0 {
                continue;
            }
            let lo = i as i64 + words;
            if (0..n).contains(&lo) {
                out.0[lo as usize] |= w << bits;
            }
            if bits != 0 && (0..n).contains(&(lo + 1)) {
                out.0[(lo + 1) as usize] |= w >> (64 - bits);
            }
        }
        out
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> Sq {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Sq((i * 64) as u16 + w.trailing_zeros() as u16);
            }
        }
        Sq(Self::CAPACITY as u16)
    }
    #[inline]
    fn fold_indices<A>(self, init: A, mut f: impl FnMut(A, Sq) -> A) -> A {
        (0..)
            .zip(self.0)
            .fold(init, |acc, (i, w)| fold_word(w, 64 * i, acc, &mut f))
    }
    #[inline]
    fn without_lowest(mut self) -> Self {
        for w in self.0.iter_mut() {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn to_vec<B: Bits>(b: B) -> Vec<usize> {
        b.iter().map(Sq::index).collect()
    }

    /// The indices as a `for` loop reads them, by `next`.
    fn by_next<B: Bits>(b: B) -> Vec<usize> {
        let mut out = Vec::new();
        for sq in b.iter() {
            out.push(sq.index());
        }
        out
    }

    /// The indices as `fold` walks them.
    fn by_fold<B: Bits>(b: B) -> Vec<usize> {
        b.iter().fold(Vec::new(), |mut out, sq| {
            out.push(sq.index());
            out
        })
    }

    proptest! {
        #[test]
        fn fold_walks_what_next_yields(x in any::<u128>(), y in any::<u64>()) {
            for set in [x, x << 64, x >> 64, x & x >> 3 & x >> 7] {
                prop_assert_eq!(by_fold(set), by_next(set));
                prop_assert_eq!(by_fold(set as u64), by_next(set as u64));
            }
            let mut w = Wide::EMPTY;
            w.0[1] = x as u64;
            w.0[WIDE_WORDS - 1] = y;
            prop_assert_eq!(by_fold(w), by_next(w));
        }

        #[test]
        fn wide_shift_matches_u128(x in any::<u128>(), s in -130i32..130) {
            let mut w = Wide::EMPTY;
            w.0[0] = x as u64;
            w.0[1] = (x >> 64) as u64;
            let expected: Vec<usize> = to_vec(x)
                .into_iter()
                .filter_map(|i| {
                    let j = i as i64 + s as i64;
                    (0..Wide::CAPACITY as i64).contains(&j).then_some(j as usize)
                })
                .collect();
            prop_assert_eq!(to_vec(w.shift(s)), expected);
        }

        #[test]
        fn u64_iter_and_count_agree(x in any::<u64>()) {
            prop_assert_eq!(x.iter().count() as u32, x.count());
            for sq in x.iter() {
                prop_assert!(x.has(sq));
            }
        }
    }
}

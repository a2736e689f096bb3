//! Picking the bitset width for a geometry at run time.

use std::sync::Arc;

use bushka_geometry::Geometry;

use crate::bits::Wide;
use crate::board::Board;

/// A compiled board of whichever bitset width the geometry needs: `u64` when its
/// embedding spans at most 64 bits (both square boards), `u128` up to 128 (Hexbushka),
/// [`Wide`] beyond. Use [`with_board!`](crate::with_board) to run generic code on it.
#[derive(Debug, Clone)]
pub enum AnyBoard {
    /// Up to 64 bits.
    Narrow(Arc<Board<u64>>),
    /// Up to 128 bits.
    Medium(Arc<Board<u128>>),
    /// Up to 1024 bits.
    Wide(Arc<Board<Wide>>),
}

impl AnyBoard {
    /// Compiles `geometry` for the narrowest bitset that holds it.
    pub fn new(geometry: Geometry) -> AnyBoard {
        let geometry = Arc::new(geometry);
        if let Some(b) = Board::new(geometry.clone()) {
            return AnyBoard::Narrow(Arc::new(b));
        }
        if let Some(b) = Board::new(geometry.clone()) {
            return AnyBoard::Medium(Arc::new(b));
        }
        match Board::new(geometry) {
            Some(b) => AnyBoard::Wide(Arc::new(b)),
            None => unreachable!(
                "geometry validation caps the embedding at {} bits",
                bushka_geometry::MAX_CELLS
            ),
        }
    }

    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        crate::with_board!(self, b => b.geometry())
    }
}

impl AsRef<AnyBoard> for AnyBoard {
    fn as_ref(&self) -> &AnyBoard {
        self
    }
}

/// Runs `$body` with `$b` bound to the `Arc<Board<_>>` inside an [`AnyBoard`].
#[macro_export]
macro_rules! with_board {
    ($any:expr, $b:ident => $body:expr) => {
        match $any {
            $crate::AnyBoard::Narrow($b) => $body,
            $crate::AnyBoard::Medium($b) => $body,
            $crate::AnyBoard::Wide($b) => $body,
        }
    };
}

//! Dispatch on the board's bitset width, in one place: every width-erased value of
//! this crate holds a [`Width`], and front ends never see which one.

/// A value built for one of the three bitset widths a compiled board may need
/// (see [`bushka_rules::AnyBoard`]): `N` for up to 64 bits, `M` for up to 128, `W`
/// beyond.
#[derive(Debug, Clone)]
pub(crate) enum Width<N, M, W> {
    /// Up to 64 bits.
    Narrow(N),
    /// Up to 128 bits.
    Medium(M),
    /// Up to 1024 bits.
    Wide(W),
}

/// Two values built for the same width, side by side.
pub(crate) type Paired<N, M, W, N2, M2, W2> = Width<(N, N2), (M, M2), (W, W2)>;

impl<N, M, W> Width<N, M, W> {
    /// The value inside, borrowed.
    pub(crate) fn as_ref(&self) -> Width<&N, &M, &W> {
        match self {
            Width::Narrow(v) => Width::Narrow(v),
            Width::Medium(v) => Width::Medium(v),
            Width::Wide(v) => Width::Wide(v),
        }
    }

    /// The value inside, borrowed mutably.
    pub(crate) fn as_mut(&mut self) -> Width<&mut N, &mut M, &mut W> {
        match self {
            Width::Narrow(v) => Width::Narrow(v),
            Width::Medium(v) => Width::Medium(v),
            Width::Wide(v) => Width::Wide(v),
        }
    }

    /// The two values side by side when they are built for the same width.
    pub(crate) fn zip<N2, M2, W2>(
        self,
        other: Width<N2, M2, W2>,
    ) -> Option<Paired<N, M, W, N2, M2, W2>> {
        match (self, other) {
            (Width::Narrow(a), Width::Narrow(b)) => Some(Width::Narrow((a, b))),
            (Width::Medium(a), Width::Medium(b)) => Some(Width::Medium((a, b))),
            (Width::Wide(a), Width::Wide(b)) => Some(Width::Wide((a, b))),
            _ => None,
        }
    }
}

/// Runs `$body` with `$v` bound to the value inside a [`Width`] (generic code runs
/// once per width).
macro_rules! on_width {
    ($value:expr, $v:pat => $body:expr) => {
        match $value {
            $crate::width::Width::Narrow($v) => $body,
            $crate::width::Width::Medium($v) => $body,
            $crate::width::Width::Wide($v) => $body,
        }
    };
}

/// `From` conversions into the width-erased `$erased` (a one-field tuple struct over
/// a [`Width`]) from `$inner<B>` for each width, so that code generic over the width,
/// or run once per width by [`on_width!`], can erase what it built.
macro_rules! erase_from {
    ($erased:ident, $inner:ident) => {
        impl From<$inner<u64>> for $erased {
            fn from(value: $inner<u64>) -> $erased {
                $erased($crate::width::Width::Narrow(value))
            }
        }
        impl From<$inner<u128>> for $erased {
            fn from(value: $inner<u128>) -> $erased {
                $erased($crate::width::Width::Medium(value))
            }
        }
        impl From<$inner<bushka_rules::Wide>> for $erased {
            fn from(value: $inner<bushka_rules::Wide>) -> $erased {
                $erased($crate::width::Width::Wide(value))
            }
        }
    };
}

pub(crate) use {erase_from, on_width};

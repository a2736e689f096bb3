//! Colours, roles and pieces: what stands on a cell, and a pair of anything per colour.

use std::ops::{Index, IndexMut};

/// One of the two colours. White moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Moves first; sits at the bottom of the pictures.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Colour {
    /// Both colours, White first.
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    /// The other colour.
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `White` or `Black`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }
}

/// What a piece is: a man or a king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Moves forward; promotes on its promotion zone.
    Man = 0,
    /// Moves in every direction (far, on long-king boards).
    King = 1,
}

impl Role {
    /// `King` when `king` holds, else `Man`.
    #[inline]
    pub fn of_king(king: bool) -> Role {
        if king { Role::King } else { Role::Man }
    }

    /// Whether this is a king.
    #[inline]
    pub fn is_king(self) -> bool {
        self == Role::King
    }

    /// `man` or `king`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Man => "man",
            Role::King => "king",
        }
    }
}

/// A piece: its colour and its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose it is.
    pub colour: Colour,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// A piece of `colour` and `role`.
    #[inline]
    pub const fn new(colour: Colour, role: Role) -> Piece {
        Piece { colour, role }
    }

    /// Whether it is a king.
    #[inline]
    pub fn is_king(self) -> bool {
        self.role.is_king()
    }

    /// A dense index `0..4`: White man, White king, Black man, Black king.
    #[inline]
    pub fn index(self) -> usize {
        self.colour.index() * 2 + self.role as usize
    }
}

/// One value per colour, indexed by [`Colour`] (ordered White's first).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ByColour<T>([T; 2]);

impl<T> ByColour<T> {
    /// White's value and Black's.
    #[inline]
    pub const fn new(white: T, black: T) -> ByColour<T> {
        ByColour([white, black])
    }

    /// Each colour's value, made by `f`, White's first.
    #[inline]
    pub fn from_fn(mut f: impl FnMut(Colour) -> T) -> ByColour<T> {
        ByColour(Colour::BOTH.map(&mut f))
    }

    /// `f` applied to each value, White's first.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByColour<U> {
        ByColour(self.0.map(f))
    }

    /// The values exchanged: White gets Black's and Black White's.
    #[inline]
    pub fn swapped(self) -> ByColour<T> {
        let [white, black] = self.0;
        ByColour([black, white])
    }

    /// Both values by reference.
    #[inline]
    pub fn as_ref(&self) -> ByColour<&T> {
        ByColour(self.0.each_ref())
    }

    /// Each colour with its value, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Colour, &T)> {
        Colour::BOTH.into_iter().zip(&self.0)
    }
}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;

    #[inline]
    fn index(&self, colour: Colour) -> &T {
        &self.0[colour as usize]
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    #[inline]
    fn index_mut(&mut self, colour: Colour) -> &mut T {
        &mut self.0[colour as usize]
    }
}

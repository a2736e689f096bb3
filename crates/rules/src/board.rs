//! The engine's view of a geometry: bit-indexed tables and bitset steps.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use bushka_geometry::{
    ByColour, Cell, Colour, Dir, Geometry, Goal, MAX_DIRS, MenCapture, Piece, RuleSet, Step,
};

use crate::bits::{Bits, Sq};
use crate::capture::jump::JumpClauses;

/// One direction's step of a whole bitset, compiled from the embedding: the cells with
/// a neighbour that way, then one constant shift of their bits (a direction whose
/// links all add the same amount to the bit index, as on every lattice board the
/// embedding search could lay out), two shifts of two masked sets (a lattice's amount
/// and a wrap-around link's, as on a cylinder), or the neighbour table, cell by cell.
#[derive(Debug, Clone, Copy)]
struct SetStep<B> {
    /// The cells stepped by `by` (for `Two`, by its first amount).
    from: B,
    /// For `Two`, the cells stepped by its second amount.
    wrap: B,
    by: IndexShift,
    /// The shift as a rotation up (`Up(n)`: n, `Down(n)`: capacity - n), for
    /// boards whose every step is a shift, and for `Two`'s first amount.
    rotation: u32,
    /// `Two`'s second amount as a rotation up.
    wrap_rotation: u32,
    /// The direction, for the table.
    dir: Dir,
}

/// How a [`SetStep`] moves bit indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IndexShift {
    Up(u32),
    Down(u32),
    /// `from` by the first amount, `wrap` by the second.
    Two(i32, i32),
    Table,
}

/// A shift by `s` as a rotation up of a `capacity`-bit set.
fn rotation(s: i32, capacity: usize) -> u32 {
    s.rem_euclid(capacity as i32) as u32
}

/// Everything the move generator reads, compiled for bitset type `B`.
#[derive(Debug)]
pub struct Board<B: Bits> {
    geometry: Arc<Geometry>,
    /// Every cell's bit.
    pub(crate) all: B,
    /// Number of directions.
    pub(crate) dirs: usize,
    pub(crate) opposite: [Dir; MAX_DIRS],
    /// Per direction, a step of a whole set that way.
    forward_steps: [SetStep<B>; MAX_DIRS],
    /// Per direction, a step of a whole set against it (the step of the opposite).
    backward_steps: [SetStep<B>; MAX_DIRS],
    /// `neighbour[sq][d]`, or [`Sq::NONE`].
    pub(crate) neighbour: Vec<[Sq; MAX_DIRS]>,
    /// Forward directions per colour.
    pub(crate) forward: ByColour<Vec<Dir>>,
    /// Promotion zone per colour.
    pub(crate) promotion: ByColour<B>,
    sq_of_cell: Vec<Sq>,
    /// The cell of each bit (`None` for a bit of no cell).
    cell_of_sq: Vec<Option<Cell>>,
    /// Zobrist keys: `[sq][piece.index()]`.
    pub(crate) keys: Vec<[u64; 4]>,
    /// Zobrist key for Black to move.
    pub(crate) black_key: u64,
    /// The variant's rule switches.
    pub(crate) rules: RuleSet,
    /// Per colour, the directions in which men capture (`rules.men_capture`).
    pub(crate) men_captures: ByColour<Vec<Dir>>,
    /// The directions of kings' captures (`rules.king_captures`).
    pub(crate) king_captures: Vec<Dir>,
    /// The directions of kings' quiet moves (`rules.king_moves`).
    pub(crate) king_moves: Vec<Dir>,
    /// The jump-capture clauses, compiled.
    pub(crate) jumps: JumpClauses<B>,
    /// Whether none of the family clauses that the counting hot path checks is on
    /// (the goal, king runs, jump clauses, kings' directions): perft then counts
    /// through code compiled without those checks.
    pub(crate) plain: bool,
    /// Whether only the captures taking the most pieces are legal
    /// (`rules.majority()`, read once: the hot path reads this flag).
    pub(crate) majority: bool,
    /// Whether positions count king runs (`rules.max_same_king_moves` above 0).
    pub(crate) counts_king_runs: bool,
    /// Whether a position with a king on the board is over (`goal =
    /// "first-king-wins"`): it has no legal moves.
    pub(crate) ends_at_first_king: bool,
    /// Whether every link comes from a direction vector (see [`Geometry::is_lattice`]).
    pub(crate) lattice: bool,
    /// Whether every step is a shift, applied as one rotation (see [`Bits::rotate_up`]).
    rotates: bool,
}

impl<B: Bits> Board<B> {
    /// Compiles the tables; `None` when the embedding does not fit `B`.
    pub fn new(geometry: Arc<Geometry>) -> Option<Board<B>> {
        let embedding = geometry.embedding();
        if embedding.span > B::CAPACITY {
            return None;
        }
        let dirs = geometry.direction_count();
        let span = embedding.span;
        let sq_of_cell: Vec<Sq> = embedding
            .index
            .iter()
            .map(|&i| Sq::new(i as usize))
            .collect();
        let mut cell_of_sq = vec![None; span];
        for (cell, &sq) in geometry.cells().zip(&sq_of_cell) {
            cell_of_sq[sq.index()] = Some(cell);
        }
        let mut neighbour = vec![[Sq::NONE; MAX_DIRS]; span];
        let mut has_neighbour = [B::EMPTY; MAX_DIRS];
        // Per two-shift direction, the cells whose link adds its second amount.
        let mut wraps = [B::EMPTY; MAX_DIRS];
        let mut opposite = [Dir::new(0); MAX_DIRS];
        let mut all = B::EMPTY;
        for (cell, &sq) in geometry.cells().zip(&sq_of_cell) {
            all |= B::bit(sq);
            for d in Dir::range(dirs) {
                if let Some(to) = geometry.neighbour(cell, d) {
                    let to = sq_of_cell[to.index()];
                    neighbour[sq.index()][d.index()] = to;
                    has_neighbour[d.index()] |= B::bit(sq);
                    if let Step::Shifts(_, second) = embedding.steps[d.index()]
                        && to.index() as i32 - sq.index() as i32 == second
                    {
                        wraps[d.index()] |= B::bit(sq);
                    }
                }
            }
        }
        for d in Dir::range(dirs) {
            opposite[d.index()] = geometry.opposite(d);
        }
        let set_step = |d: Dir| {
            let (by, first, second) = match embedding.steps[d.index()] {
                Step::Shift(s) if s >= 0 => (IndexShift::Up(s.unsigned_abs()), s, 0),
                Step::Shift(s) => (IndexShift::Down(s.unsigned_abs()), s, 0),
                Step::Shifts(a, b) => (IndexShift::Two(a, b), a, b),
                Step::Table => (IndexShift::Table, 0, 0),
            };
            let wrap = wraps[d.index()];
            SetStep {
                from: has_neighbour[d.index()] & !wrap,
                wrap,
                by,
                rotation: rotation(first, B::CAPACITY),
                wrap_rotation: rotation(second, B::CAPACITY),
                dir: d,
            }
        };
        let no_step = SetStep {
            from: B::EMPTY,
            wrap: B::EMPTY,
            by: IndexShift::Table,
            rotation: 0,
            wrap_rotation: 0,
            dir: Dir::new(0),
        };
        let rotates = B::FAST_ROTATE
            && Dir::range(dirs).all(|d| matches!(embedding.steps[d.index()], Step::Shift(_)));
        let mut forward_steps = [no_step; MAX_DIRS];
        let mut backward_steps = [no_step; MAX_DIRS];
        for d in Dir::range(dirs) {
            forward_steps[d.index()] = set_step(d);
            backward_steps[d.index()] = set_step(opposite[d.index()]);
        }
        let promotion = ByColour::from_fn(|colour| {
            let mut zone = B::EMPTY;
            for &c in &geometry.side(colour).promotion {
                zone |= B::bit(sq_of_cell[c.index()]);
            }
            zone
        });
        let forward = ByColour::from_fn(|colour| geometry.side(colour).forward.clone());
        let rules = *geometry.rules();
        let men_captures = ByColour::from_fn(|colour| match rules.men_capture {
            MenCapture::All => Dir::range(dirs).collect(),
            MenCapture::Forward => forward[colour].clone(),
            MenCapture::Listed(set) => set.iter().collect(),
        });
        // A fixed stream, so hashes are the same in every run.
        let mut stream = ChaCha8Rng::seed_from_u64(0x0B05_4CA0);
        let keys = (0..span)
            .map(|_| [0; 4].map(|_: u64| stream.next_u64()))
            .collect();
        let black_key = stream.next_u64();
        let jumps = JumpClauses::new(&rules, promotion, geometry.is_lattice());
        let king_captures: Vec<Dir> = rules.king_captures.iter().collect();
        let king_moves: Vec<Dir> = rules.king_moves.iter().collect();
        let every_way = |list: &[Dir]| list == &Dir::ALL[..dirs];
        let plain = jumps.is_plain()
            && every_way(&king_captures)
            && every_way(&king_moves)
            && rules.max_same_king_moves == 0
            && rules.goal != Goal::FirstKingWins;
        Some(Board {
            men_captures,
            king_captures,
            king_moves,
            jumps,
            plain,
            majority: rules.majority(),
            counts_king_runs: rules.max_same_king_moves > 0,
            ends_at_first_king: rules.goal == Goal::FirstKingWins,
            all,
            dirs,
            opposite,
            forward_steps,
            backward_steps,
            neighbour,
            forward,
            promotion,
            sq_of_cell,
            cell_of_sq,
            keys,
            black_key,
            rules,
            lattice: geometry.is_lattice(),
            rotates,
            geometry,
        })
    }

    /// The geometry the board was compiled from.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The bit of a cell.
    #[inline]
    pub fn sq(&self, cell: Cell) -> Sq {
        self.sq_of_cell[cell.index()]
    }

    /// The cell of a bit, which is a cell's (every bit of a position's sets is).
    #[inline]
    pub fn cell(&self, sq: Sq) -> Cell {
        match self.cell_of_sq[sq.index()] {
            Some(cell) => cell,
            None => panic!("bit {sq:?} is no cell's"),
        }
    }

    /// The cell's name.
    pub fn name(&self, sq: Sq) -> &str {
        self.geometry.name(self.cell(sq))
    }

    /// The square called `name`.
    pub fn sq_named(&self, name: &str) -> Option<Sq> {
        self.geometry.cell(name).map(|c| self.sq(c))
    }

    /// Every cell's bit.
    #[inline]
    pub fn all(&self) -> B {
        self.all
    }

    /// Every direction, in index order.
    #[inline]
    pub fn dirs(
        &self,
    ) -> impl DoubleEndedIterator<Item = Dir> + ExactSizeIterator + Clone + use<B> {
        Dir::range(self.dirs)
    }

    /// The opposite of `d`.
    #[inline]
    pub fn opposite(&self, d: Dir) -> Dir {
        self.opposite[d.index()]
    }

    /// The neighbour of `sq` in direction `d`, or [`Sq::NONE`].
    #[inline]
    pub fn neighbour(&self, sq: Sq, d: Dir) -> Sq {
        self.neighbour[sq.index()][d.index()]
    }

    /// The forward directions of `colour`'s men.
    #[inline]
    pub fn forward(&self, colour: Colour) -> &[Dir] {
        &self.forward[colour]
    }

    /// The directions in which `colour`'s men capture.
    #[inline]
    pub fn men_capture_dirs(&self, colour: Colour) -> &[Dir] {
        match self.rules.men_capture {
            MenCapture::All => &Dir::ALL[..self.dirs],
            _ => &self.men_captures[colour],
        }
    }

    /// The directions in which kings capture.
    #[inline]
    pub fn king_capture_dirs(&self) -> &[Dir] {
        &self.king_captures
    }

    /// The directions in which kings make quiet moves.
    #[inline]
    pub fn king_move_dirs(&self) -> &[Dir] {
        &self.king_moves
    }

    /// The variant's rule switches.
    #[inline]
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The promotion zone of `colour`'s men.
    #[inline]
    pub fn promotion(&self, colour: Colour) -> B {
        self.promotion[colour]
    }

    /// The cells reached by one step in direction `d` from the cells of `set`.
    #[inline]
    pub fn step(&self, set: B, d: Dir) -> B {
        if self.rotates {
            self.step_as::<true>(set, d)
        } else {
            self.step_as::<false>(set, d)
        }
    }

    /// The cells whose neighbour in direction `d` is in `set`.
    #[inline]
    pub fn step_back(&self, set: B, d: Dir) -> B {
        if self.rotates {
            self.step_back_as::<true>(set, d)
        } else {
            self.step_back_as::<false>(set, d)
        }
    }

    /// Whether every step is one rotation of the bits ([`Board::step_as`] may then be
    /// told so).
    #[inline]
    pub(crate) fn rotates(&self) -> bool {
        self.rotates
    }

    /// [`Board::step`], `ROTATES` only when the board rotates ([`Board::rotates`]): the
    /// hot paths that know it at compile time skip the test at every step.
    #[inline(always)]
    pub(crate) fn step_as<const ROTATES: bool>(&self, set: B, d: Dir) -> B {
        self.apply::<ROTATES>(&self.forward_steps[d.index()], set)
    }

    /// [`Board::step_back`], `ROTATES` as for [`Board::step_as`].
    #[inline(always)]
    pub(crate) fn step_back_as<const ROTATES: bool>(&self, set: B, d: Dir) -> B {
        self.apply::<ROTATES>(&self.backward_steps[d.index()], set)
    }

    /// One step of `set`: a rotation when `ROTATES` (which the board then does),
    /// otherwise its shift, its two shifts or its table.
    #[inline(always)]
    fn apply<const ROTATES: bool>(&self, step: &SetStep<B>, set: B) -> B {
        let from = set & step.from;
        if ROTATES {
            debug_assert!(self.rotates);
            return from.rotate_up(step.rotation);
        }
        match step.by {
            IndexShift::Up(n) => from.shift_up(n),
            IndexShift::Down(n) => from.shift_down(n),
            // Masked, neither part leaves the range, so a rotation is its shift.
            IndexShift::Two(_, _) if B::FAST_ROTATE => {
                from.rotate_up(step.rotation) | (set & step.wrap).rotate_up(step.wrap_rotation)
            }
            IndexShift::Two(a, b) => from.shift(a) | (set & step.wrap).shift(b),
            IndexShift::Table => {
                let mut out = B::EMPTY;
                for sq in from.iter() {
                    out |= B::bit(self.neighbour(sq, step.dir));
                }
                out
            }
        }
    }

    /// Zobrist key of a piece.
    #[inline]
    pub(crate) fn key(&self, sq: Sq, piece: Piece) -> u64 {
        self.keys[sq.index()][piece.index()]
    }
}

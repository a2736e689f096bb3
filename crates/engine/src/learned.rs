//! The learned evaluation: a weighted sum of generic features of the compiled board
//! ([`FeatureLayout`]: material, a weight per cell for men and for kings, the
//! patterns of the cells ahead of and behind each man by its rank, and the named
//! [`TERMS`]), with weights fitted to self-play results by `bushka train`.
//!
//! Features are read from White's view: each White feature counts +1 and each Black
//! one −1 (through the board's colour-swapping mirror, so that both colours share
//! weights), the score is then turned to the side to move. The same walk serves the
//! search ([`Learned::evaluate`], summing weights) and the trainer
//! ([`Features::features`], listing the features).

use bushka_geometry::{
    BACK_STATES, ByColour, Cell, Colour, EvalWeights, FRONT_STATES, FeatureLayout, MAX_SLOTS, TERMS,
};
use bushka_rules::{Bits, Board, Position, Sq};

use crate::score::MAX_EVAL;
use crate::terms::TermTables;

/// Fixed-point fraction bits of the weights in use (centi-men times 2^SHIFT).
const SHIFT: u32 = 6;

/// The scalar terms, in [`TERMS`] order (a test holds the two together).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// Forward steps made by the men.
    Advancement,
    /// Men with a free forward cell.
    Mobility,
    /// Adjacent pairs of own men on a line.
    LinePairs,
    /// Men one step from the promotion zone.
    NearPromotion,
    /// Cells the kings reach that no opposing king attacks.
    KingSight,
    /// Men with no opposing piece anywhere ahead.
    Runaway,
    /// The difference between the men on the left and on the right wing (cells left
    /// and right of the board's centre as drawn), unsigned.
    Balance,
    /// The side to move crowns a man with its next move.
    CrownNow,
    /// The side to move.
    Tempo,
}

impl Term {
    /// Every term, in [`TERMS`] order.
    pub const ALL: [Term; 9] = [
        Term::Advancement,
        Term::Mobility,
        Term::LinePairs,
        Term::NearPromotion,
        Term::KingSight,
        Term::Runaway,
        Term::Balance,
        Term::CrownNow,
        Term::Tempo,
    ];

    /// Its name in weights files.
    pub fn name(self) -> &'static str {
        TERMS[self as usize]
    }
}

/// The features of one board, compiled per bit index.
#[derive(Debug, Clone)]
pub struct Features<B: Bits> {
    layout: FeatureLayout,
    /// Per colour and bit index, what a piece of that colour there reads.
    squares: ByColour<Vec<Square<B>>>,
    /// Per colour, slot and kind of cell, what a neighbour of that kind adds to a
    /// man's front and back pattern codes (its state times the slot's place).
    places: ByColour<[Places; MAX_SLOTS]>,
    /// The cells left and right of the board's centre as drawn.
    wings: (B, B),
    /// Where the blocks start.
    at: Offsets,
    /// The sets the hand-written terms are counted with.
    tables: TermTables<B>,
}

/// What a piece of one colour on one bit index reads, kept together so that a man
/// costs one lookup.
#[derive(Debug, Clone)]
struct Square<B: Bits> {
    /// The cell's index in a per-cell block.
    cell: u32,
    /// A man's rank there.
    rank: u32,
    /// The cells a man there can still reach by forward steps.
    cone: B,
    /// The bit indices of the neighbours a man there reads in each pattern slot
    /// (`B::CAPACITY`, the mailbox's stand-in for no cell, where there is none or the
    /// colour lacks the slot).
    around: Around,
}

/// Where each block of the weights vector starts.
#[derive(Debug, Clone, Copy)]
struct Offsets {
    material: usize,
    terms: usize,
    man_cells: usize,
    king_cells: usize,
    front: usize,
    back: usize,
}

impl<B: Bits> Features<B> {
    /// The features of `board`.
    pub fn new(board: &Board<B>) -> Features<B> {
        let geometry = board.geometry();
        let layout = FeatureLayout::of(geometry);
        let squares = ByColour::new(
            squares(board, &layout, Colour::White),
            squares(board, &layout, Colour::Black),
        );
        let places = ByColour::new(
            places(layout.slots, Colour::White),
            places(layout.slots, Colour::Black),
        );
        let at = Offsets {
            material: layout.offset("material"),
            terms: layout.offset("terms"),
            man_cells: layout.offset("man_cells"),
            king_cells: layout.offset("king_cells"),
            front: layout.offset("front"),
            back: layout.offset("back"),
        };
        Features {
            layout,
            squares,
            places,
            wings: wings(board),
            at,
            tables: TermTables::new(board),
        }
    }

    /// The layout the features follow.
    pub fn layout(&self) -> &FeatureLayout {
        &self.layout
    }

    /// Walks the features of `pos` from White's view into `sink`.
    #[inline]
    fn visit(&self, board: &Board<B>, pos: &Position<B>, sink: &mut impl Sink) {
        let empty = board.all() & !pos.occupied();
        let reach = ByColour::new(
            self.tables
                .king_reach(board, pos.kings(Colour::White), empty),
            self.tables
                .king_reach(board, pos.kings(Colour::Black), empty),
        );
        let mailbox = kinds(pos);
        let kinds = mailbox.as_ref();
        for colour in Colour::BOTH {
            let sign = if colour == Colour::White { 1 } else { -1 };
            let them = colour.opponent();
            let theirs = pos.pieces(them);
            let men = pos.men(colour);
            let (squares, places) = (&self.squares[colour], &self.places[colour]);
            // Folded, not looped: a fold walks a two-word set a word at a time.
            let (advancement, runaway) = men.iter().fold((0, 0), |(advancement, runaway), sq| {
                let i = sq.index();
                let square = &squares[i];
                let rank = square.rank;
                // Every slot is read: past the layout's, a slot adds nothing.
                let [ahead_at, behind_at] = &square.around;
                let (mut ahead, mut behind) = (0, 0);
                for ((place, &a), &b) in places.iter().zip(ahead_at).zip(behind_at) {
                    ahead += place.front[kind_of(kinds, a)];
                    behind += place.back[kind_of(kinds, b)];
                }
                sink.man_front(colour, sign, i, rank as usize, ahead);
                sink.man_back(sign, rank as usize, behind);
                let free = (square.cone & theirs).is_empty();
                (advancement + rank as i32, runaway + i32::from(free))
            });
            pos.kings(colour)
                .iter()
                .for_each(|sq| sink.king(colour, sign, sq.index()));
            let terms = self.tables.terms(board, pos, colour, empty);
            let (sight, _) = reach[colour];
            let (_, their_attack) = reach[them];
            let named = [
                (Term::Advancement, advancement),
                (Term::Mobility, terms.mobility),
                (Term::LinePairs, terms.line_pairs),
                (Term::NearPromotion, terms.near),
                (Term::KingSight, (sight & !their_attack).count() as i32),
                (Term::Runaway, runaway),
                (
                    Term::Balance,
                    ((men & self.wings.0).count() as i32 - (men & self.wings.1).count() as i32)
                        .abs(),
                ),
            ];
            for (t, value) in named {
                if value != 0 {
                    sink.term(t, sign * value);
                }
            }
        }
        let sign = if pos.side() == Colour::White { 1 } else { -1 };
        if self.tables.promotes_now(board, pos, empty) {
            sink.term(Term::CrownNow, sign);
        }
        sink.term(Term::Tempo, sign);
    }

    /// The features of `pos` from White's view, summed per index, into `out`
    /// (cleared first).
    pub fn features(&self, board: &Board<B>, pos: &Position<B>, out: &mut Vec<(u32, i32)>) {
        out.clear();
        self.visit(
            board,
            pos,
            &mut Listing {
                features: self,
                out: &mut *out,
            },
        );
        out.sort_unstable_by_key(|&(i, _)| i);
        out.dedup_by(|later, kept| {
            if later.0 == kept.0 {
                kept.1 += later.1;
                true
            } else {
                false
            }
        });
        out.retain(|&(_, v)| v != 0);
    }
}

/// What the walk of a position's features reports, each with its sign from White's
/// view (+1 for White's pieces, -1 for Black's).
trait Sink {
    /// A man of `colour` on bit `i`, of rank `rank`, whose pattern ahead is in state
    /// `ahead` (its material and cell come with it).
    fn man_front(&mut self, colour: Colour, sign: i32, i: usize, rank: usize, ahead: usize);
    /// A man of rank `rank` whose pattern behind is in state `behind`.
    fn man_back(&mut self, sign: i32, rank: usize, behind: usize);
    /// A king of `colour` on bit `i`.
    fn king(&mut self, colour: Colour, sign: i32, i: usize);
    /// Term `t` with `value`, signed.
    fn term(&mut self, t: Term, value: i32);
}

/// Lists the features (the trainer's view).
struct Listing<'a, B: Bits> {
    features: &'a Features<B>,
    out: &'a mut Vec<(u32, i32)>,
}

impl<B: Bits> Sink for Listing<'_, B> {
    fn man_front(&mut self, colour: Colour, sign: i32, i: usize, rank: usize, ahead: usize) {
        let f = self.features;
        let slots = f.layout.slots as u32;
        let cell = f.squares[colour][i].cell as usize;
        for index in [
            f.at.material,
            f.at.man_cells + cell,
            f.at.front + rank * FRONT_STATES.pow(slots) + ahead,
        ] {
            self.out.push((index as u32, sign));
        }
    }

    fn man_back(&mut self, sign: i32, rank: usize, behind: usize) {
        let f = self.features;
        let index = f.at.back + rank * BACK_STATES.pow(f.layout.slots as u32) + behind;
        self.out.push((index as u32, sign));
    }

    fn king(&mut self, colour: Colour, sign: i32, i: usize) {
        let f = self.features;
        let cell = f.squares[colour][i].cell as usize;
        self.out.push((f.at.material as u32 + 1, sign));
        self.out.push(((f.at.king_cells + cell) as u32, sign));
    }

    fn term(&mut self, t: Term, value: i32) {
        self.out
            .push(((self.features.at.terms + t as usize) as u32, value));
    }
}

/// The kinds of cell in a mailbox ([`kinds`]): empty (or no cell's bit), a White
/// man, a White king, a Black man, a Black king, and off the board (the stand-in
/// past the last index).
const KINDS: usize = 6;
/// The stand-in's kind.
const OFF: u8 = 5;
/// The entries of a table by kind of cell: [`KINDS`] rounded up to a power of two,
/// so that a kind read from the mailbox ([`kind_of`]) indexes it without a check.
const KIND_SPAN: usize = 8;

/// The kind of cell at bit index `at` in the mailbox `kinds`, below [`KIND_SPAN`].
#[inline]
fn kind_of(kinds: &[u8], at: u16) -> usize {
    usize::from(kinds[usize::from(at)]) & (KIND_SPAN - 1)
}

/// Per kind of cell, a neighbour's state in a front pattern (off the board, empty,
/// own man, own king, their man, their king), as White sees it and as Black does.
const FRONT_STATE: ByColour<[usize; KINDS]> = ByColour::new([1, 2, 3, 4, 5, 0], [1, 4, 5, 2, 3, 0]);
/// Per kind of cell, a neighbour's state in a back pattern (off the board, empty,
/// own, theirs), as White sees it and as Black does.
const BACK_STATE: ByColour<[usize; KINDS]> = ByColour::new([1, 2, 2, 3, 3, 0], [1, 3, 3, 2, 2, 0]);

/// The board's contents, a byte per bit index: each piece's kind (see [`KINDS`]),
/// 0 elsewhere, and [`OFF`] past the last index.
#[inline]
fn kinds<B: Bits>(pos: &Position<B>) -> B::Bytes {
    let mut mailbox = B::ZERO_BYTES;
    let bytes = mailbox.as_mut();
    let sets = [
        pos.men(Colour::White),
        pos.kings(Colour::White),
        pos.men(Colour::Black),
        pos.kings(Colour::Black),
    ];
    for (kind, set) in (1..).zip(sets) {
        set.iter().for_each(|sq| bytes[sq.index()] = kind);
    }
    bytes[B::CAPACITY] = OFF;
    mailbox
}

/// The neighbours a man reads in each pattern slot: ahead, by the slot's direction,
/// and behind, by its opposite.
type Around = [[u16; MAX_SLOTS]; 2];

/// What a piece of `colour` reads on every bit index: its cell, rank and cone, and its
/// neighbours along the colour's pattern slots and their opposites (the mailbox's
/// stand-in where there is none, in the slots past the colour's, and on the indices
/// that hold no cell).
fn squares<B: Bits>(board: &Board<B>, layout: &FeatureLayout, colour: Colour) -> Vec<Square<B>> {
    let none = B::CAPACITY as u16;
    let index = |sq: Sq| {
        if sq == Sq::NONE {
            none
        } else {
            sq.index() as u16
        }
    };
    let blank = Square {
        cell: 0,
        rank: 0,
        cone: B::EMPTY,
        around: [[none; MAX_SLOTS]; 2],
    };
    let mut out = vec![blank; B::CAPACITY];
    for c in board.geometry().cells() {
        let sq = board.sq(c);
        let square = &mut out[sq.index()];
        square.cell = layout.cell_index[colour][c.index()];
        square.rank = u32::from(layout.rank[colour][c.index()]);
        square.cone = cone(board, sq, colour);
        let [ahead, behind] = &mut square.around;
        for (k, &d) in layout.front[colour].iter().enumerate().take(MAX_SLOTS) {
            ahead[k] = index(board.neighbour(sq, d));
            behind[k] = index(board.neighbour(sq, board.opposite(d)));
        }
    }
    out
}

/// What a neighbour of each kind adds to a man's pattern codes in one slot (nothing
/// in the entries past [`KINDS`]).
#[derive(Debug, Clone, Copy)]
struct Places {
    /// To the front code.
    front: [usize; KIND_SPAN],
    /// To the back code.
    back: [usize; KIND_SPAN],
}

/// Per slot, what each kind of neighbour adds to `colour`'s codes: its state times
/// the slot's place, the first of `slots` slots the most significant (nothing in the
/// slots past them).
fn places(slots: usize, colour: Colour) -> [Places; MAX_SLOTS] {
    let mut out = [Places {
        front: [0; KIND_SPAN],
        back: [0; KIND_SPAN],
    }; MAX_SLOTS];
    for (k, place) in out.iter_mut().enumerate().take(slots) {
        let power = (slots - 1 - k) as u32;
        for kind in 0..KINDS {
            place.front[kind] = FRONT_STATE[colour][kind] * FRONT_STATES.pow(power);
            place.back[kind] = BACK_STATE[colour][kind] * BACK_STATES.pow(power);
        }
    }
    out
}

/// The cells left and right of the board's centre as drawn (cells on the centre line
/// are on neither wing).
fn wings<B: Bits>(board: &Board<B>) -> (B, B) {
    let geometry = board.geometry();
    let xs = || geometry.cells().map(|c| geometry.display(c).0);
    let (Some(low), Some(high)) = (xs().min(), xs().max()) else {
        return (B::EMPTY, B::EMPTY);
    };
    let (mut left, mut right) = (B::EMPTY, B::EMPTY);
    for c in geometry.cells() {
        let twice = 2 * geometry.display(c).0;
        if twice < low + high {
            left |= B::bit(board.sq(c));
        } else if twice > low + high {
            right |= B::bit(board.sq(c));
        }
    }
    (left, right)
}

/// The cells a man of `colour` on `sq` can still reach by forward steps.
fn cone<B: Bits>(board: &Board<B>, sq: Sq, colour: Colour) -> B {
    let mut cone = B::EMPTY;
    let mut front = B::bit(sq);
    while !front.is_empty() {
        let mut next = B::EMPTY;
        for &d in board.forward(colour) {
            next |= board.step(front, d);
        }
        front = next & !cone;
        cone |= next;
    }
    cone
}

/// A learned evaluation in use: the features and their weights in fixed point, with
/// each man's and king's features folded into one table per colour and bit index.
#[derive(Debug, Clone)]
pub struct Learned<B: Bits> {
    features: Features<B>,
    /// Centi-men times 2^SHIFT per unit of each feature.
    weights: Vec<i32>,
    /// Per colour, a man on bit `i` whose front pattern is in state `s`: its
    /// material, cell and front weights together, at `i * FRONT_STATES^slots + s`.
    man: ByColour<Vec<i32>>,
    /// Per colour and bit index, a king's material and cell weights together.
    king: ByColour<Vec<i32>>,
    /// Front-pattern states per man.
    front_states: usize,
    /// Back-pattern states per man.
    back_states: usize,
    /// Where the back patterns start.
    back: usize,
}

impl<B: Bits> Learned<B> {
    /// The evaluation of `weights` (checked against the board's layout when the
    /// variant was loaded) on `board`.
    pub fn new(board: &Board<B>, weights: &EvalWeights) -> Learned<B> {
        let features = Features::new(board);
        let unit = weights.scale * f64::from(1u32 << SHIFT);
        let limit = f64::from(MAX_EVAL);
        let fixed: Vec<i32> = (0..features.layout.len())
            .map(|i| {
                let w = weights.weights.get(i).copied().unwrap_or(0.0) * unit;
                w.clamp(-limit, limit).round() as i32
            })
            .collect();
        let at = features.at;
        let front_states = FRONT_STATES.pow(features.layout.slots as u32);
        let back_states = BACK_STATES.pow(features.layout.slots as u32);
        let cells: Vec<Cell> = board.geometry().cells().collect();
        let fold = |colour: Colour| {
            let mut man = vec![0; B::CAPACITY * front_states];
            let mut king = vec![0; B::CAPACITY];
            for &c in &cells {
                let i = board.sq(c).index();
                let square = &features.squares[colour][i];
                let (cell, rank) = (square.cell as usize, square.rank as usize);
                let base = fixed[at.material] + fixed[at.man_cells + cell];
                for s in 0..front_states {
                    man[i * front_states + s] = base + fixed[at.front + rank * front_states + s];
                }
                king[i] = fixed[at.material + 1] + fixed[at.king_cells + cell];
            }
            (man, king)
        };
        let (white_man, white_king) = fold(Colour::White);
        let (black_man, black_king) = fold(Colour::Black);
        Learned {
            features,
            weights: fixed,
            man: ByColour::new(white_man, black_man),
            king: ByColour::new(white_king, black_king),
            front_states,
            back_states,
            back: at.back,
        }
    }

    /// The features it reads.
    pub fn features(&self) -> &Features<B> {
        &self.features
    }

    /// The evaluation from the side to move's view, in centi-men.
    #[inline]
    pub fn evaluate(&self, board: &Board<B>, pos: &Position<B>) -> i32 {
        let mut sum = Summing {
            learned: self,
            sum: 0,
        };
        self.features.visit(board, pos, &mut sum);
        // Turned to the side to move before rounding, so that a position and its
        // mirror image score exactly alike.
        let signed = if pos.side() == Colour::White {
            sum.sum
        } else {
            -sum.sum
        };
        let bound = i64::from(MAX_EVAL);
        (signed >> SHIFT).clamp(-bound, bound) as i32
    }
}

/// Sums the weights of the features (the search's view).
struct Summing<'a, B: Bits> {
    learned: &'a Learned<B>,
    sum: i64,
}

impl<B: Bits> Sink for Summing<'_, B> {
    #[inline]
    fn man_front(&mut self, colour: Colour, sign: i32, i: usize, _rank: usize, ahead: usize) {
        let l = self.learned;
        self.sum += i64::from(sign * l.man[colour][i * l.front_states + ahead]);
    }

    #[inline]
    fn man_back(&mut self, sign: i32, rank: usize, behind: usize) {
        let l = self.learned;
        let back = l.weights[l.back + rank * l.back_states + behind];
        self.sum += i64::from(sign * back);
    }

    #[inline]
    fn king(&mut self, colour: Colour, sign: i32, i: usize) {
        self.sum += i64::from(sign * self.learned.king[colour][i]);
    }

    #[inline]
    fn term(&mut self, t: Term, value: i32) {
        let w = self.learned.weights[self.learned.features.at.terms + t as usize];
        self.sum += i64::from(w) * i64::from(value);
    }
}

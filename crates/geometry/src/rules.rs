//! The rule switches of a variant, compiled: what the move generator and the game read.
//!
//! Each clause of the draughts family is one field, read once from the variant file's
//! `[rules]` (and `[players] first`) into a [`RuleSet`] that is `Copy`, so the hot path
//! reads plain values and never allocates (crates/rules/RULES.md section 7).

use crate::colour::Colour;
use crate::index::DirSet;

/// Capture styles the engine knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureStyle {
    /// Bushka: linear capture by lines of men, then approach capture by single pieces.
    Contact,
    /// Draughts: men and kings jump over opposing pieces (crates/rules/RULES.md section 6).
    Jump,
    /// Fanorona: a piece steps to a neighbouring empty cell and takes the unbroken
    /// line of opposing pieces it approaches or withdraws from, then may go on
    /// capturing with the same piece (crates/rules/RULES.md section 9).
    ApproachWithdrawal,
}

impl CaptureStyle {
    /// The style's name in a variant file.
    pub fn name(self) -> &'static str {
        match self {
            CaptureStyle::Contact => "contact",
            CaptureStyle::Jump => "jump",
            CaptureStyle::ApproachWithdrawal => "approach-withdrawal",
        }
    }
}

/// The directions in which men capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenCapture {
    /// Every direction (Bushka, International draughts, HexDame).
    All,
    /// The player's forward directions only (some national draughts games).
    Forward,
    /// The listed directions, the same for both players.
    Listed(DirSet),
}

/// How far kings move and see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingRange {
    /// Any distance along an open line (official Bushka).
    Long,
    /// One step, like a man in every direction.
    Short,
}

/// One criterion of capture precedence: which of two captures a player must prefer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Criterion {
    /// The capture taking more pieces (a king counts one): the majority rule.
    MostPieces,
    /// The capture taking more value, a king worth more than one man and less than two:
    /// men + 2 x kings first, then the one taking fewer kings (Frisian).
    MostValue,
    /// A capture made by a king over one made by a man.
    WithKing,
    /// The capture taking more kings.
    MostKings,
    /// The capture that takes a king earliest in its sequence (Italian): compared
    /// capture by capture from the first, a king taken beats a man taken.
    EarliestKing,
}

impl Criterion {
    /// Every criterion, in the order of the variant-file names.
    pub const ALL: [Criterion; 5] = [
        Criterion::MostPieces,
        Criterion::MostValue,
        Criterion::WithKing,
        Criterion::MostKings,
        Criterion::EarliestKing,
    ];

    /// Its name in a variant file (`most-pieces`).
    pub fn name(self) -> &'static str {
        match self {
            Criterion::MostPieces => "most-pieces",
            Criterion::MostValue => "most-value",
            Criterion::WithKing => "with-king",
            Criterion::MostKings => "most-kings",
            Criterion::EarliestKing => "earliest-king",
        }
    }

    /// The criterion called `name`.
    pub fn named(name: &str) -> Option<Criterion> {
        Criterion::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// Capture precedence: the criteria, in order, that choose among the captures of a
/// position; with none the player chooses freely (a capture, once begun, is finished).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Precedence {
    criteria: [Criterion; Criterion::ALL.len()],
    len: u8,
}

impl Precedence {
    /// No criterion: any capture may be chosen.
    pub const FREE: Precedence = Precedence {
        criteria: Criterion::ALL,
        len: 0,
    };

    /// The majority rule alone (`majority = true`).
    pub const MOST_PIECES: Precedence = Precedence {
        criteria: Criterion::ALL,
        len: 1,
    };

    /// The criteria in order; `None` when one is listed twice.
    pub fn new(list: &[Criterion]) -> Option<Precedence> {
        let mut criteria = Criterion::ALL;
        for (i, &c) in list.iter().enumerate() {
            if list[..i].contains(&c) {
                return None;
            }
            criteria[i] = c;
        }
        Some(Precedence {
            criteria,
            len: list.len() as u8,
        })
    }

    /// The criteria, in order.
    pub fn criteria(&self) -> &[Criterion] {
        &self.criteria[..self.len as usize]
    }

    /// Whether the player chooses freely among all captures.
    pub fn is_free(&self) -> bool {
        self.len == 0
    }

    /// Whether the majority rule is all there is (International draughts).
    pub fn is_most_pieces(&self) -> bool {
        self.criteria() == [Criterion::MostPieces]
    }

    /// Whether `criterion` is one of them.
    pub fn has(&self, criterion: Criterion) -> bool {
        self.criteria().contains(&criterion)
    }
}

/// The names, as a variant file lists them.
impl std::fmt::Debug for Precedence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.criteria().iter().map(|c| c.name()))
            .finish()
    }
}

/// When captured pieces leave the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// When the move ends: until then they block and cannot be jumped twice.
    EndOfMove,
    /// At once: later jumps of the same move may cross their cells (Thai, Turkish).
    Immediate,
}

/// Where a long king lands after jumping a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingLanding {
    /// On any vacant cell beyond it.
    Any,
    /// On the cell directly beyond it (Thai).
    Next,
    /// On any vacant cell beyond it, except that a sequence whose last piece taken is a
    /// king ends on the cell directly beyond that king (Killer).
    NextAfterKing,
}

/// What becomes of a man that reaches its promotion zone in the middle of a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionDuringCapture {
    /// It goes on capturing as a man and is crowned only if the move ends there.
    ContinueAsMan,
    /// It is crowned at once and goes on capturing as a king (Russian).
    ContinueAsKing,
    /// It is crowned and the move ends there (Checkers).
    EndMove,
}

/// How a game is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// A player with no legal move loses.
    NoMovesLoses,
    /// A player with no legal move wins (Antidraughts).
    NoMovesWins,
    /// The first player to crown a king wins; a player with no legal move loses
    /// (Breakthrough).
    FirstKingWins,
}

/// Rule switches read by the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSet {
    /// Endgames of a lone king drawn by a move count (`lone_king_draw`), the smallest
    /// material first.
    pub lone_king_draw: LoneKingDraws,
    /// Capture style.
    pub capture: CaptureStyle,
    /// Fewest men forming a line of men (2 in Bushka).
    pub min_line: usize,
    /// Which captures are legal when several exist (`["most-pieces"]`, the majority
    /// rule, in Bushka).
    pub precedence: Precedence,
    /// Long or short kings.
    pub king_range: KingRange,
    /// Occurrences of a position that draw (3 in Bushka).
    pub repetition: usize,
    /// Directions in which men capture (all in Bushka).
    pub men_capture: MenCapture,
    /// Whether lines of men make quiet line moves (on in Bushka, off in draughts).
    pub line_moves: bool,
    /// Consecutive plies of king moves without capture that draw (0: no such rule;
    /// 50 in International draughts).
    pub king_move_draw: usize,
    /// When captured pieces leave the board.
    pub removal: Removal,
    /// Where a long king lands after a jump.
    pub king_landing: KingLanding,
    /// Whether a capturing piece may go straight back the way it came between two
    /// captures (it can only when captured pieces leave at once).
    pub capture_turn_back: bool,
    /// Whether men may capture kings (not in Italian draughts).
    pub men_capture_kings: bool,
    /// Directions of kings' quiet moves.
    pub king_moves: DirSet,
    /// Directions of kings' captures.
    pub king_captures: DirSet,
    /// What a man does on reaching its promotion zone in the middle of a capture.
    pub promotion_during_capture: PromotionDuringCapture,
    /// How the game is won.
    pub goal: Goal,
    /// The most non-capturing moves the same king may make in a row while its side also
    /// has men (0: no limit; 3 in Frisian draughts). History-dependent: positions carry
    /// the count.
    pub max_same_king_moves: u8,
    /// The colour that moves first.
    pub first: Colour,
}

impl RuleSet {
    /// Whether only the captures taking the most pieces are legal (and nothing else
    /// decides among captures).
    pub fn majority(&self) -> bool {
        self.precedence.is_most_pieces()
    }
}

/// The most entries `lone_king_draw` may have.
pub const MAX_LONE_KING_DRAWS: usize = 4;

/// Endgames of a lone king drawn by a move count: a side left with one king and
/// nothing else, against at most `pieces` pieces of which one at least is a king, is
/// drawn once the endgame has lasted `plies` plies (FMJD article 6: three pieces in 16
/// moves each, two in 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoneKingDraws {
    /// `(pieces, plies)` entries, `len` of them in use, by pieces ascending.
    entries: [(u8, u16); MAX_LONE_KING_DRAWS],
    len: u8,
}

impl LoneKingDraws {
    /// The rule of `entries` (`(pieces, plies)`, at most [`MAX_LONE_KING_DRAWS`],
    /// pieces 1 to 255, plies 1 to 65,535).
    pub fn new(entries: &[(u8, u16)]) -> LoneKingDraws {
        let mut draws = LoneKingDraws::default();
        for &entry in entries.iter().take(MAX_LONE_KING_DRAWS) {
            draws.entries[usize::from(draws.len)] = entry;
            draws.len += 1;
        }
        draws.entries[..usize::from(draws.len)].sort_unstable();
        draws
    }

    /// The `(pieces, plies)` entries, by pieces ascending.
    pub fn entries(&self) -> &[(u8, u16)] {
        &self.entries[..usize::from(self.len)]
    }

    /// Whether the variant has no such rule.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entry that has drawn a game whose positions, read latest first by
    /// `latest_first()`, each face a lone king with that many pieces (`None`: not such
    /// an endgame): the first entry that covers the latest position's pieces and
    /// whose count of plies the run of positions it covers, up to the latest, exceeds.
    pub fn drawn<I: Iterator<Item = Option<u32>>>(
        &self,
        latest_first: impl Fn() -> I,
    ) -> Option<(u8, u16)> {
        let now = latest_first().next().flatten()?;
        self.entries()
            .iter()
            .find(|&&(pieces, plies)| {
                u32::from(pieces) >= now
                    && latest_first()
                        .take(usize::from(plies) + 1)
                        .take_while(|against| against.is_some_and(|n| n <= u32::from(pieces)))
                        .count()
                        > usize::from(plies)
            })
            .copied()
    }
}

//! Playing one game (random opening, then the players) and measuring it.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

use bushka_engine::{End, PlayerSpec, Timed, play_out, spec_tables};
use bushka_geometry::{Colour, Geometry};
use bushka_protocol::Roster;
use bushka_rules::{Bits, Board, DrawReason, Game, MoveKind, Outcome, WinReason};
use bushka_tablebase::Tablebases;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::ArenaError;

/// A seed for stream `stream` (one of the constants below) of game (or pair) `index`
/// of a run seeded with `seed`: the first word of ChaCha8's stream number
/// `index * 4 + stream` under the run's seed. Depends on these three numbers only, so a
/// game plays the same whatever thread or order it is played in.
pub fn derive_seed(seed: u64, index: u64, stream: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index.wrapping_mul(4).wrapping_add(stream));
    rng.next_u64()
}

/// Stream of the random opening.
pub(crate) const OPENING: u64 = 0;
/// Stream of the player who has White (compare) or of the first spec (match).
pub(crate) const FIRST: u64 = 1;
/// Stream of the player who has Black (compare) or of the second spec (match).
pub(crate) const SECOND: u64 = 2;

/// How a game stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// Won: the side to move had no legal move (a rule of the game): it lost, or won
    /// under a reversed goal (`goal = "no-moves-wins"`), or the game had ended by a
    /// first king (`goal = "first-king-wins"`).
    NoLegalMove,
    /// Won: the loser resigned (a rule of the game; automated players never do).
    Resignation,
    /// Drawn by threefold (the variant's n-fold) repetition (a rule of the game).
    Repetition,
    /// Drawn by agreement (a rule of the game; automated players never offer).
    Agreement,
    /// Drawn by the variant's run of king moves without capture (a rule of the game).
    KingMoves,
    /// Drawn by the variant's count of moves in a lone king's endgame (a rule of the
    /// game).
    LoneKing,
    /// Stopped at the ply limit and scored as a draw (a match setting, not a rule).
    PlyLimit,
    /// Lost by a player that failed: a program that could not start, crashed, hung,
    /// wrote garbage or an illegal move, or ran out of time (a match's judgement).
    Forfeit,
}

impl Termination {
    /// The termination and winner of a played-out game.
    pub fn of(end: &End) -> (Termination, Option<Colour>) {
        match *end {
            End::PlyLimit => (Termination::PlyLimit, None),
            End::Forfeit { loser, .. } => (Termination::Forfeit, Some(loser.opponent())),
            End::Rule(Outcome::Win { winner, reason }) => (
                match reason {
                    WinReason::NoLegalMove | WinReason::RanOutOfMoves | WinReason::FirstKing => {
                        Termination::NoLegalMove
                    }
                    // Arena games have no clocks: a loss on time, which only a front
                    // end keeping clocks declares, counts with the declared losses.
                    WinReason::Resignation | WinReason::Time => Termination::Resignation,
                },
                Some(winner),
            ),
            End::Rule(Outcome::Draw { reason }) => (
                match reason {
                    DrawReason::Repetition => Termination::Repetition,
                    DrawReason::Agreement => Termination::Agreement,
                    DrawReason::KingMoves => Termination::KingMoves,
                    DrawReason::LoneKing => Termination::LoneKing,
                },
                None,
            ),
        }
    }

    /// Whether a rule of the game ended it (not the ply limit, nor a forfeit).
    pub fn by_rule(self) -> bool {
        !matches!(self, Termination::PlyLimit | Termination::Forfeit)
    }

    /// Words for reports and records.
    pub fn describe(self) -> &'static str {
        match self {
            Termination::NoLegalMove => "no legal move",
            Termination::Resignation => "resignation",
            Termination::Repetition => "repetition",
            Termination::Agreement => "agreement",
            Termination::KingMoves => "king moves without capture",
            Termination::LoneKing => "lone king held out",
            Termination::PlyLimit => "ply limit (scored as a draw)",
            Termination::Forfeit => "forfeit",
        }
    }
}

/// What one played game measured.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStats {
    /// The game's index in its match or comparison.
    pub index: usize,
    /// The winner, if any (`"White"`, `"Black"` or `null` in JSON).
    #[serde(
        serialize_with = "winner_to_json",
        deserialize_with = "winner_from_json"
    )]
    pub winner: Option<Colour>,
    /// How it stopped.
    pub termination: Termination,
    /// Plies played, the random opening included.
    pub plies: usize,
    /// Plies of the opening (a ballot's moves and random plies) played before the
    /// players.
    pub opening_plies: usize,
    /// Legal moves in the start position.
    pub branching_start: usize,
    /// Sum of the number of legal moves over the positions a move was played from.
    pub legal_moves_total: usize,
    /// Linear captures played.
    pub linear_captures: usize,
    /// Piece captures played.
    pub piece_captures: usize,
    /// Pieces captured, both sides together.
    pub pieces_captured: usize,
    /// Most pieces taken by one move.
    pub largest_capture: usize,
    /// 1-based ply of the first promotion, if any.
    pub first_promotion_ply: Option<usize>,
    /// A hash of the sequence of positions: equal games have equal hashes.
    pub fingerprint: u64,
}

impl GameStats {
    /// Measures a played game from its moves and positions.
    pub fn measure<B: Bits>(
        index: usize,
        game: &Game<B>,
        end: &End,
        opening_plies: usize,
    ) -> GameStats {
        let board = game.board();
        let (termination, winner) = Termination::of(end);
        let mut stats = GameStats {
            index,
            winner,
            termination,
            plies: game.moves().len(),
            opening_plies,
            branching_start: board.moves(game.start()).len(),
            legal_moves_total: 0,
            linear_captures: 0,
            piece_captures: 0,
            pieces_captured: 0,
            largest_capture: 0,
            first_promotion_ply: None,
            fingerprint: 0,
        };
        for (ply, (mv, pos)) in game.moves().iter().zip(game.positions()).enumerate() {
            stats.legal_moves_total += board.moves(pos).len();
            match mv.kind {
                MoveKind::LinearCapture => stats.linear_captures += 1,
                MoveKind::PieceCapture => stats.piece_captures += 1,
                MoveKind::Man | MoveKind::Line | MoveKind::King => {}
            }
            let taken = mv.capture_count() as usize;
            stats.pieces_captured += taken;
            stats.largest_capture = stats.largest_capture.max(taken);
            if mv.promotes && stats.first_promotion_ply.is_none() {
                stats.first_promotion_ply = Some(ply + 1);
            }
        }
        let mut hasher = DefaultHasher::new();
        for position in game.positions() {
            position.hash().hash(&mut hasher);
        }
        stats.fingerprint = hasher.finish();
        stats
    }

    /// Capturing moves played.
    pub fn captures(&self) -> usize {
        self.linear_captures + self.piece_captures
    }
}

fn winner_to_json<S: Serializer>(winner: &Option<Colour>, s: S) -> Result<S::Ok, S::Error> {
    winner.map(Colour::name).serialize(s)
}

fn winner_from_json<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Colour>, D::Error> {
    match Option::<String>::deserialize(d)?.as_deref() {
        None => Ok(None),
        Some("White") => Ok(Some(Colour::White)),
        Some("Black") => Ok(Some(Colour::Black)),
        Some(other) => Err(serde::de::Error::custom(format!(
            "winner `{other}` is neither White nor Black"
        ))),
    }
}

/// Rejects specs that need a person.
pub(crate) fn automated(spec: &PlayerSpec) -> Result<(), ArenaError> {
    match spec {
        PlayerSpec::Human => Err(ArenaError::Human(spec.to_string())),
        _ => Ok(()),
    }
}

/// The players of `specs` for games on `board` timed by `timed`, each program started
/// once (and each DXP connection opened) to fail before the first game.
pub(crate) fn roster<B: Bits>(
    specs: &[&PlayerSpec],
    board: &Arc<Board<B>>,
    timed: Option<&Timed>,
) -> Result<Roster, ArenaError> {
    let roster = unstarted_roster(specs, timed)?;
    roster
        .check(board)
        .map_err(|e| ArenaError::Player(e.to_string()))?;
    Ok(roster)
}

/// [`roster`] without starting any program: for a run that plays no game (a match
/// whose every game is read back from its records).
pub(crate) fn unstarted_roster(
    specs: &[&PlayerSpec],
    timed: Option<&Timed>,
) -> Result<Roster, ArenaError> {
    Roster::new(specs, timed).map_err(|e| ArenaError::Player(e.to_string()))
}

/// The game at the variant's start position, every game of a run begins as a copy
/// of; fails on a start whose moves cannot be listed (a hostile board).
pub(crate) fn start_game<B: Bits>(board: &Arc<Board<B>>) -> Result<Game<B>, ArenaError> {
    Game::new(Arc::clone(board)).map_err(|error| unlisted(board, 0, error))
}

/// [`ArenaError::Unlisted`] for game `index` (0 for the first) on `board`.
pub(crate) fn unlisted<B: Bits>(
    board: &Board<B>,
    index: usize,
    error: bushka_rules::GameError,
) -> ArenaError {
    ArenaError::Unlisted {
        variant: board.geometry().meta().id.clone(),
        game: index + 1,
        error,
    }
}

/// One side of a game: who plays it (a spec of a roster), the seed offset that
/// varies it, and the endgame tables its engine probes.
pub(crate) struct Seat<'a> {
    /// The run's players.
    pub(crate) roster: &'a Roster,
    /// The spec's index in the roster.
    pub(crate) spec: usize,
    /// Varies its seeds.
    pub(crate) seed: u64,
    /// The endgame tables its engine probes.
    pub(crate) tables: Option<&'a Arc<Tablebases>>,
}

/// How a game opens: from `start` (the variant's start position, or a ballot), then
/// `random` uniformly random plies drawn from `seed`.
pub(crate) struct Opening<'a, B: Bits> {
    /// The game so far.
    pub(crate) start: &'a Game<B>,
    /// Random plies.
    pub(crate) random: usize,
    /// Their seed.
    pub(crate) seed: u64,
}

/// The endgame tables each spec names for `geometry`'s variant, read before any game
/// starts (each directory once) and shared by the games.
pub(crate) fn open_tables(
    specs: &[&PlayerSpec],
    geometry: &Geometry,
) -> Result<Vec<Option<Arc<Tablebases>>>, ArenaError> {
    spec_tables(specs, geometry).map_err(|e| ArenaError::Tables(e.to_string()))
}

/// Game `index` after its opening, before the players: the start (a ballot's moves
/// included), then the random plies, within `max_plies`.
pub(crate) fn open<B: Bits>(
    index: usize,
    opening: &Opening<'_, B>,
    max_plies: usize,
) -> Result<Game<B>, ArenaError> {
    let mut game = opening.start.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(opening.seed);
    let mut random = 0;
    while random < opening.random && game.moves().len() < max_plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        game.play(&mv)
            .map_err(|e| unlisted(game.board(), index, e))?;
        random += 1;
    }
    Ok(game)
}

/// Plays game `index`: its opening, then `white` and `black` until a rule ends it,
/// `max_plies` plies have been played in all, or a player fails, timed by `timed`.
/// Returns the game, how it ended, and how many opening plies were played (the
/// ballot's and the random ones); fails when a move leads to a position whose moves
/// cannot be listed.
pub(crate) fn play_game<B: Bits>(
    index: usize,
    opening: Opening<'_, B>,
    (white, black): (Seat<'_>, Seat<'_>),
    max_plies: usize,
    timed: Option<&Timed>,
) -> Result<(Game<B>, End, usize), ArenaError> {
    let mut game = open(index, &opening, max_plies)?;
    let board = Arc::clone(game.board());
    let opening_plies = game.moves().len();
    let build = |seat: &Seat<'_>| {
        seat.roster
            .player(seat.spec, &board, seat.seed, seat.tables.cloned())
            .and_then(|player| {
                player.ok_or_else(|| {
                    bushka_engine::Fault::new(bushka_engine::FaultKind::Unavailable, "a person")
                })
            })
    };
    let (mut w, mut b) = match (build(&white), build(&black)) {
        (Ok(w), Ok(b)) => (w, b),
        (Err(fault), _) => return Ok((game, forfeit(Colour::White, fault), opening_plies)),
        (_, Err(fault)) => return Ok((game, forfeit(Colour::Black, fault), opening_plies)),
    };
    let end = play_out(
        &mut game,
        w.as_mut(),
        b.as_mut(),
        max_plies,
        timed,
        |_, _| {},
    )
    .map_err(|e| unlisted(&board, index, e))?;
    Ok((game, end, opening_plies))
}

fn forfeit(loser: Colour, fault: bushka_engine::Fault) -> End {
    End::Forfeit { loser, fault }
}

/// The number of threads a run with `threads` uses: that many, or rayon's default
/// (all cores, or `RAYON_NUM_THREADS`).
pub fn threads_in_use(threads: Option<usize>) -> usize {
    threads.map_or_else(rayon::current_num_threads, |t| t.max(1))
}

/// Runs `f` on a pool of `threads` threads, or on rayon's global pool (all cores).
pub(crate) fn in_pool<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, ArenaError> {
    match threads {
        None => Ok(f()),
        Some(threads) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads.max(1))
                .build()
                .map_err(|e| ArenaError::Threads {
                    threads,
                    why: e.to_string(),
                })?;
            Ok(pool.install(f))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_differ_by_index_and_stream() {
        let a = derive_seed(1, 0, OPENING);
        assert_ne!(a, derive_seed(1, 1, OPENING));
        assert_ne!(a, derive_seed(1, 0, FIRST));
        assert_ne!(a, derive_seed(2, 0, OPENING));
        assert_eq!(a, derive_seed(1, 0, OPENING));
    }
}

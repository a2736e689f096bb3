//! How a session starts: its players and limits ([`Setup`]), the game it starts from
//! ([`Opening`]), and why it may not ([`StartError`]).

use std::sync::Arc;

use bushka_engine::PlayerSpec;
use bushka_geometry::ByColour;
use bushka_rules::{GameError, MAX_GENERATION_STEPS, PositionError, Record, RecordError};
use bushka_tablebase::Tablebases;

use crate::computer::Memory;

/// How a session is set up, besides the game it starts from ([`Opening`]).
#[derive(Debug, Clone)]
pub struct Setup {
    /// White's and Black's players.
    pub specs: ByColour<PlayerSpec>,
    /// The endgame tables White's and Black's engines probe: the tables of the
    /// directory a spec names, opened by the front end (see
    /// [`bushka_engine::spec_tables`]).
    pub tables: ByColour<Option<Arc<Tablebases>>>,
    /// The record's tags other than FEN and Result (Variant, White, Black, Date...).
    pub tags: Vec<(String, String)>,
    /// Plies after which the game is adjudicated a draw.
    pub max_plies: Option<usize>,
    /// Capture-search steps any listing of the game's legal moves may take: a game
    /// cannot start from, or move to, a position whose moves take more.
    pub steps: u64,
    /// How long the engines keep their search memory.
    pub memory: Memory,
    /// Varies the computer players whose spec names no seed of its own (an engine among
    /// its near-best moves, a random player among all): front ends pass a fresh seed
    /// for each new game; 0 plays the specs as they are, the same every time.
    pub seed: u64,
}

impl Setup {
    /// A setup for these players: no tables, no tags, no ply limit, the programs'
    /// step limit, memory kept for the game, no variation.
    pub fn new(specs: ByColour<PlayerSpec>) -> Setup {
        Setup {
            specs,
            tables: ByColour::default(),
            tags: Vec::new(),
            max_plies: None,
            steps: MAX_GENERATION_STEPS,
            memory: Memory::Game,
            seed: 0,
        }
    }
}

/// Where a session's game starts.
#[derive(Debug, Clone, Copy)]
pub enum Opening<'a> {
    /// The variant's start position.
    Start,
    /// The position a position string describes.
    Position(&'a str),
    /// A game record, played through; a result its moves do not explain is taken as a
    /// resignation or an agreed draw.
    Record(&'a Record),
}

/// Why a session cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The position string is not a position of the variant.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The start position's moves take more work to list than the setup allows.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The record does not play through.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A program named as a player cannot play (the message names its spec).
    #[error("{0}")]
    Player(String),
}

//! Players that choose moves for a game in progress, and their command-line specs.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use bushka_rules::{Bits, Board, Game, Move};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::search::{Limits, Searcher};

/// Something that picks a move for the side to move of a game.
pub trait Player<B: Bits>: Send {
    /// A short name for records and reports.
    fn name(&self) -> String;
    /// The chosen move, or `None` when there is no legal move.
    fn choose(&mut self, game: &Game<B>) -> Option<Move<B>>;
}

/// Plays uniformly random legal moves from a seeded generator.
#[derive(Debug, Clone)]
pub struct Random {
    rng: ChaCha8Rng,
    seed: u64,
}

impl Random {
    /// A random player with a seed.
    pub fn new(seed: u64) -> Random {
        Random {
            rng: ChaCha8Rng::seed_from_u64(seed),
            seed,
        }
    }
}

impl<B: Bits> Player<B> for Random {
    fn name(&self) -> String {
        format!("random:seed={}", self.seed)
    }

    fn choose(&mut self, game: &Game<B>) -> Option<Move<B>> {
        let moves = game.legal_moves();
        (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())])
    }
}

/// Takes the most material it can right now; random among equals.
#[derive(Debug, Clone)]
pub struct Greedy {
    rng: ChaCha8Rng,
}

impl Greedy {
    /// A greedy player with a seed for its tie-breaks.
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<B: Bits> Player<B> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &Game<B>) -> Option<Move<B>> {
        let pos = game.position();
        let them = pos.side().opponent();
        let values = game.board().geometry().values();
        let gain = |mv: &Move<B>| {
            let kings = (mv.captured & pos.kings(them)).count() as i32;
            let men = mv.captured.count() as i32 - kings;
            men * values.man
                + kings * values.king
                + if mv.promotes {
                    values.king - values.man
                } else {
                    0
                }
        };
        let moves = game.legal_moves();
        let best = moves.iter().map(gain).max()?;
        let top: Vec<&Move<B>> = moves.iter().filter(|m| gain(m) == best).collect();
        Some(*top[self.rng.random_range(0..top.len())])
    }
}

/// The searching engine with its limits.
#[derive(Debug)]
pub struct Engine<B: Bits> {
    searcher: Searcher<B>,
    limits: Limits,
    label: String,
}

impl<B: Bits> Engine<B> {
    /// An engine for `board` with search limits and a table of `tt_mib` MiB.
    pub fn new(board: Arc<Board<B>>, limits: Limits, tt_mib: usize, label: String) -> Engine<B> {
        Engine {
            searcher: Searcher::new(board, tt_mib),
            limits,
            label,
        }
    }

    /// The searcher (for hints and evaluations).
    pub fn searcher(&mut self) -> &mut Searcher<B> {
        &mut self.searcher
    }
}

impl<B: Bits> Player<B> for Engine<B> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, game: &Game<B>) -> Option<Move<B>> {
        self.searcher.search_game(game, &self.limits, |_| {}).best
    }
}

/// A player named on the command line:
/// `human`, `random[:seed=S]`, `greedy[:seed=S]`, `engine[:movetime=MS][:depth=D][:nodes=N][:hash=MIB]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person at the terminal.
    Human,
    /// [`Random`].
    Random {
        /// Seed.
        seed: u64,
    },
    /// [`Greedy`].
    Greedy {
        /// Seed for tie-breaks.
        seed: u64,
    },
    /// [`Engine`].
    Engine {
        /// Search limits (one second a move by default).
        limits: Limits,
        /// Transposition table size in MiB.
        hash_mib: usize,
    },
}

/// A malformed player spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad player `{spec}`: {why} (expected human, random[:seed=S], greedy[:seed=S] or engine[:movetime=MS][:depth=D][:nodes=N][:hash=MIB])"
)]
pub struct SpecError {
    /// The spec.
    pub spec: String,
    /// What is wrong.
    pub why: String,
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let err = |why: String| SpecError {
            spec: text.to_string(),
            why,
        };
        let mut parts = text.split(':');
        let kind = parts.next().unwrap_or_default().trim();
        let mut options = Vec::new();
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| err(format!("`{part}` is not key=value")))?;
            let value: u64 = value
                .trim()
                .parse()
                .map_err(|_| err(format!("`{value}` is not a whole number")))?;
            options.push((key.trim().to_string(), value));
        }
        let allowed: &[&str] = match kind {
            "human" => &[],
            "random" | "greedy" => &["seed"],
            "engine" => &["movetime", "depth", "nodes", "hash"],
            _ => return Err(err(format!("unknown player `{kind}`"))),
        };
        if let Some((key, _)) = options.iter().find(|(k, _)| !allowed.contains(&k.as_str())) {
            return Err(err(format!("`{key}` is not an option of {kind}")));
        }
        let get = |key: &str| options.iter().find(|(k, _)| k == key).map(|&(_, v)| v);
        Ok(match kind {
            "human" => PlayerSpec::Human,
            "random" => PlayerSpec::Random {
                seed: get("seed").unwrap_or(0),
            },
            "greedy" => PlayerSpec::Greedy {
                seed: get("seed").unwrap_or(0),
            },
            _ => {
                let mut limits = Limits {
                    depth: get("depth").map(|d| d as u32),
                    nodes: get("nodes"),
                    movetime: get("movetime").map(Duration::from_millis),
                    clock: None,
                };
                if get("depth") == Some(0) || get("nodes") == Some(0) || get("movetime") == Some(0)
                {
                    return Err(err("limits must be positive".into()));
                }
                if limits == Limits::default() {
                    limits.movetime = Some(Duration::from_secs(1));
                }
                PlayerSpec::Engine {
                    limits,
                    hash_mib: get("hash").map_or(64, |h| h.clamp(1, 4096) as usize),
                }
            }
        })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Random { seed } => write!(f, "random:seed={seed}"),
            PlayerSpec::Greedy { seed } => write!(f, "greedy:seed={seed}"),
            PlayerSpec::Engine { limits, hash_mib } => {
                write!(f, "engine")?;
                if let Some(t) = limits.movetime {
                    write!(f, ":movetime={}", t.as_millis())?;
                }
                if let Some(d) = limits.depth {
                    write!(f, ":depth={d}")?;
                }
                if let Some(n) = limits.nodes {
                    write!(f, ":nodes={n}")?;
                }
                if *hash_mib != 64 {
                    write!(f, ":hash={hash_mib}")?;
                }
                Ok(())
            }
        }
    }
}

impl PlayerSpec {
    /// Builds the player; `None` for [`PlayerSpec::Human`], which the caller drives.
    /// `seed_offset` varies the seeds of random players between games.
    pub fn build<B: Bits>(
        &self,
        board: &Arc<Board<B>>,
        seed_offset: u64,
    ) -> Option<Box<dyn Player<B>>> {
        match *self {
            PlayerSpec::Human => None,
            PlayerSpec::Random { seed } => {
                Some(Box::new(Random::new(seed.wrapping_add(seed_offset))))
            }
            PlayerSpec::Greedy { seed } => {
                Some(Box::new(Greedy::new(seed.wrapping_add(seed_offset))))
            }
            PlayerSpec::Engine { limits, hash_mib } => Some(Box::new(Engine::new(
                Arc::clone(board),
                limits,
                hash_mib,
                self.to_string(),
            ))),
        }
    }
}

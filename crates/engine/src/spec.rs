//! The players a command line, a record or a server names ([`PlayerSpec`]): the
//! engine's levels, the syntax of specs, and how the built-in players are built.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use bushka_geometry::Geometry;
use bushka_rules::{Bits, Board};
use bushka_tablebase::Tablebases;

use crate::external::ExternalSpec;
use crate::limits::Limits;
use crate::player::{Chooser, Engine, Greedy, Random};
use crate::table_dirs::{TablesDir, TablesError};

/// The engine's named strengths, `engine:level=1` to `engine:level=8` (or `easy`,
/// `medium`, `hard`, `max` for 2, 4, 6, 8): a node budget per move and a margin in
/// centi-men within which a move counts as good enough to be chosen at random.
/// Node budgets keep a level's strength the same on any machine and its games
/// reproducible from a seed. Measured strengths are in the README (`Engine levels`).
pub const LEVELS: [(u64, i32); 8] = [
    (300, 150),
    (2_000, 100),
    (8_000, 60),
    (30_000, 40),
    (100_000, 25),
    (300_000, 15),
    (1_000_000, 5),
    (3_000_000, 0),
];

/// The level of a plain `engine`.
pub const DEFAULT_LEVEL: u8 = 6;

/// Level names and their numbers.
const LEVEL_NAMES: [(&str, u8); 4] = [("easy", 2), ("medium", 4), ("hard", 6), ("max", 8)];

/// A player named on the command line: `human`, `random[:seed=S]`, `greedy[:seed=S]`,
/// `engine[:level=L][:movetime=MS][:depth=D][:nodes=N][:margin=CP][:seed=S][:hash=MIB][:threads=T][:tablebases=DIR][:eval=classic]`,
/// or a program that speaks an engine protocol: `hub:COMMAND`, `ugi:COMMAND`,
/// `dxp:HOST:PORT`, with options after the kind ([`ExternalSpec`]).
///
/// A plain value: a table directory is named by its path, and opened by whoever
/// builds the players ([`TablesDir`](crate::TablesDir), [`spec_tables`](crate::spec_tables)).
#[derive(Debug, Clone, PartialEq, Eq)]
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
        /// Search limits.
        limits: Limits,
        /// Transposition table size in MiB.
        hash_mib: usize,
        /// Threads each search uses ([`Searcher::set_threads`](crate::Searcher::set_threads)).
        threads: usize,
        /// Variety: moves within this many centi-men of the best may be played.
        margin: i32,
        /// Seed of the choice among near-best moves.
        seed: u64,
        /// The named level the limits and margin come from, if any (for display).
        level: Option<u8>,
        /// The directory of the endgame tables the search probes.
        tablebases: Option<PathBuf>,
        /// Whether it scores positions with the hand-written terms even where the
        /// variant names a learned evaluation (`eval=classic`).
        classic: bool,
    },
    /// A program that speaks an engine protocol (played by `bushka-protocol`'s clients).
    External(ExternalSpec),
}

/// The transposition table sizes an engine spec accepts, in MiB (as `analyse --hash`).
pub const HASH_MIB_RANGE: std::ops::RangeInclusive<u64> = 1..=4096;

/// The search threads an engine spec accepts (as `analyse --threads`).
pub const THREADS_RANGE: std::ops::RangeInclusive<u64> = 1..=64;

/// The depths an engine spec accepts (as `analyse --depth`).
pub const DEPTH_RANGE: std::ops::RangeInclusive<u64> = 1..=100;

/// The transposition table size when none is given, in MiB.
pub const DEFAULT_HASH_MIB: usize = 64;

/// A range as a user reads it: `1..=4096` is "between 1 and 4096", and a range open
/// at the top (`1..`, up to `u64::MAX`) is "at least 1".
pub fn range_text(range: &std::ops::RangeInclusive<u64>) -> String {
    if *range.end() == u64::MAX {
        format!("at least {}", range.start())
    } else {
        format!("between {} and {}", range.start(), range.end())
    }
}

/// A malformed player spec.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad player `{spec}`: {why} (expected human, random[:seed=S], greedy[:seed=S], engine[:level=1..8|easy|medium|hard|max][:movetime=MS][:depth=D][:nodes=N][:margin=CP][:seed=S][:hash=MIB][:threads=T][:tablebases=DIR][:eval=classic|learned], hub[,OPTION=VALUE...]:COMMAND, ugi[,OPTION=VALUE...]:COMMAND or dxp[,OPTION=VALUE...]:HOST:PORT)"
)]
pub struct SpecError {
    /// The spec.
    pub spec: String,
    /// What is wrong.
    pub why: String,
}

impl PlayerSpec {
    /// An engine that always plays its best move, searching within `limits`.
    pub fn engine(limits: Limits, hash_mib: usize) -> PlayerSpec {
        PlayerSpec::Engine {
            limits,
            hash_mib,
            threads: 1,
            margin: 0,
            seed: 0,
            level: None,
            tablebases: None,
            classic: false,
        }
    }

    /// The engine of level `level` (1 to 8, see [`LEVELS`]).
    pub fn level(level: u8) -> PlayerSpec {
        let (nodes, margin) = LEVELS[usize::from(level.clamp(1, 8)) - 1];
        PlayerSpec::Engine {
            limits: Limits::nodes(nodes),
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            margin,
            seed: 0,
            level: Some(level.clamp(1, 8)),
            tablebases: None,
            classic: false,
        }
    }
}

fn parse_level(value: &str) -> Option<u8> {
    let value = value.trim();
    LEVEL_NAMES
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(value))
        .map(|&(_, level)| level)
        .or_else(|| value.parse().ok().filter(|l| (1..=8).contains(l)))
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let err = |why: String| SpecError {
            spec: text.to_string(),
            why,
        };
        if ExternalSpec::is_external(text) {
            return ExternalSpec::parse(text)
                .map(PlayerSpec::External)
                .map_err(err);
        }
        let mut parts = text.split(':');
        let kind = parts.next().unwrap_or_default().trim();
        let mut options = Vec::new();
        let mut level = None;
        let mut tablebases = None;
        let mut classic = None;
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| err(format!("`{part}` is not key=value")))?;
            if key.trim() == "level" && kind == "engine" {
                level = Some(parse_level(value).ok_or_else(|| {
                    err(format!(
                        "`{value}` is not a level (1 to 8, easy, medium, hard or max)"
                    ))
                })?);
                continue;
            }
            if key.trim() == "eval" && kind == "engine" {
                if classic.is_some() {
                    return Err(err("`eval` is given twice".into()));
                }
                classic = Some(match value.trim() {
                    "classic" => true,
                    "learned" => false,
                    other => {
                        return Err(err(format!(
                            "`eval={other}`: expected `classic` (the hand-written terms) or `learned` (the variant's trained weights, the default)"
                        )));
                    }
                });
                continue;
            }
            if key.trim() == "tablebases" && kind == "engine" {
                if tablebases.is_some() {
                    return Err(err("`tablebases` is given twice".into()));
                }
                let dir = PathBuf::from(value.trim());
                if !dir.is_dir() {
                    return Err(err(TablesError::NotADirectory(dir).to_string()));
                }
                tablebases = Some(dir);
                continue;
            }
            let value: u64 = value
                .trim()
                .parse()
                .map_err(|_| err(format!("`{value}` is not a whole number")))?;
            let key = key.trim().to_string();
            if options.iter().any(|(k, _)| *k == key) {
                return Err(err(format!("`{key}` is given twice")));
            }
            options.push((key, value));
        }
        let allowed: &[&str] = match kind {
            "human" => &[],
            "random" | "greedy" => &["seed"],
            "engine" => &[
                "movetime", "depth", "nodes", "hash", "threads", "margin", "seed",
            ],
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
                for (key, range) in [
                    ("depth", DEPTH_RANGE),
                    ("hash", HASH_MIB_RANGE),
                    ("threads", THREADS_RANGE),
                    ("movetime", 1..=u64::MAX),
                    ("nodes", 1..=u64::MAX),
                ] {
                    if let Some(v) = get(key).filter(|v| !range.contains(v)) {
                        return Err(err(format!("`{key}={v}` must be {}", range_text(&range))));
                    }
                }
                let limits = Limits {
                    depth: get("depth").and_then(|d| u32::try_from(d).ok()),
                    nodes: get("nodes"),
                    movetime: get("movetime").map(Duration::from_millis),
                    clock: None,
                };
                // A level supplies the limits and margin that are not given; a plain
                // `engine` is the default level, one with limits has no margin.
                let base = match level {
                    Some(l) => PlayerSpec::level(l),
                    None if limits == Limits::default() => PlayerSpec::level(DEFAULT_LEVEL),
                    None => PlayerSpec::engine(limits, DEFAULT_HASH_MIB),
                };
                let PlayerSpec::Engine {
                    limits: base_limits,
                    margin: base_margin,
                    level: base_level,
                    ..
                } = base
                else {
                    return Err(err("not an engine".into()));
                };
                PlayerSpec::Engine {
                    limits: if limits == Limits::default() {
                        base_limits
                    } else {
                        limits
                    },
                    hash_mib: get("hash").map_or(DEFAULT_HASH_MIB, |h| h as usize),
                    threads: get("threads").map_or(1, |t| t as usize),
                    margin: get("margin").map_or(base_margin, |m| m.min(100_000) as i32),
                    seed: get("seed").unwrap_or(0),
                    level: if limits == Limits::default() {
                        base_level
                    } else {
                        None
                    },
                    tablebases,
                    classic: classic.unwrap_or(false),
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
            PlayerSpec::Engine {
                limits,
                hash_mib,
                threads,
                margin,
                seed,
                level,
                tablebases,
                classic,
            } => {
                write!(f, "engine")?;
                if let Some(l) = level {
                    write!(f, ":level={l}")?;
                    if *margin != LEVELS[usize::from(*l) - 1].1 {
                        write!(f, ":margin={margin}")?;
                    }
                } else {
                    if let Some(t) = limits.movetime {
                        write!(f, ":movetime={}", t.as_millis())?;
                    }
                    if let Some(d) = limits.depth {
                        write!(f, ":depth={d}")?;
                    }
                    if let Some(n) = limits.nodes {
                        write!(f, ":nodes={n}")?;
                    }
                    if *margin != 0 {
                        write!(f, ":margin={margin}")?;
                    }
                }
                if *seed != 0 {
                    write!(f, ":seed={seed}")?;
                }
                if *hash_mib != DEFAULT_HASH_MIB {
                    write!(f, ":hash={hash_mib}")?;
                }
                if *threads != 1 {
                    write!(f, ":threads={threads}")?;
                }
                if let Some(dir) = tablebases {
                    write!(f, ":tablebases={}", dir.display())?;
                }
                if *classic {
                    write!(f, ":eval=classic")?;
                }
                Ok(())
            }
            PlayerSpec::External(spec) => write!(f, "{spec}"),
        }
    }
}

impl PlayerSpec {
    /// The same spec with its transposition table at most `max_mib` MiB: for specs that
    /// come from files (a record's player tags), which must not size the allocator.
    pub fn with_hash_at_most(mut self, max_mib: usize) -> PlayerSpec {
        if let PlayerSpec::Engine { hash_mib, .. } = &mut self {
            *hash_mib = (*hash_mib).min(max_mib);
        }
        self
    }

    /// The same spec searching on one thread: for specs that come from files (a
    /// record's player tags), which must not set how many threads the program starts.
    pub fn single_threaded(mut self) -> PlayerSpec {
        if let PlayerSpec::Engine { threads, .. } = &mut self {
            *threads = 1;
        }
        self
    }

    /// The same spec without endgame tables: for specs that come from files (a record's
    /// player tags), which must not lead the program to read directories they name.
    pub fn without_tablebases(mut self) -> PlayerSpec {
        if let PlayerSpec::Engine { tablebases, .. } = &mut self {
            *tablebases = None;
        }
        self
    }

    /// The directory of endgame tables an engine spec names (`tablebases=DIR`).
    pub fn tables_dir(&self) -> Option<&Path> {
        match self {
            PlayerSpec::Engine {
                tablebases: Some(dir),
                ..
            } => Some(dir),
            _ => None,
        }
    }

    /// An engine for `board` as this spec describes it (limits, table size, variety
    /// from `seed`) probing `tables` (the tables of its directory, opened by the caller:
    /// see [`spec_tables`](crate::spec_tables)); `None` for other players.
    pub fn engine_for<B: Bits>(
        &self,
        board: &Arc<Board<B>>,
        seed: u64,
        tables: Option<Arc<Tablebases>>,
    ) -> Option<Engine<B>> {
        let PlayerSpec::Engine {
            limits,
            hash_mib,
            threads,
            margin,
            classic,
            ..
        } = *self
        else {
            return None;
        };
        let mut engine = Engine::new(Arc::clone(board), limits, hash_mib, self.to_string())
            .with_variety(margin, seed);
        engine.searcher().set_threads(threads);
        if classic {
            engine.searcher().use_classic_evaluation();
        }
        if let Some(tables) = tables {
            engine.searcher().set_tablebases(tables);
        }
        Some(engine)
    }

    /// Whether it is a program that speaks an engine protocol: such a spec runs a
    /// command or opens a connection, so it may come only from whoever runs bushka
    /// (a command line, a server's configuration), never from a file or a browser.
    pub fn is_external(&self) -> bool {
        matches!(self, PlayerSpec::External(_))
    }

    /// Builds a built-in player; `None` for [`PlayerSpec::Human`], which the caller
    /// drives, and for [`PlayerSpec::External`], which `bushka-protocol` builds.
    /// `seed_offset` varies the seeds of random players (and of an engine's choice
    /// among near-best moves) between games; an engine probes `tables`.
    pub fn build<B: Bits>(
        &self,
        board: &Arc<Board<B>>,
        seed_offset: u64,
        tables: Option<Arc<Tablebases>>,
    ) -> Option<Box<dyn Chooser<B>>> {
        match *self {
            PlayerSpec::Human | PlayerSpec::External(_) => None,
            PlayerSpec::Random { seed } => {
                Some(Box::new(Random::new(seed.wrapping_add(seed_offset))))
            }
            PlayerSpec::Greedy { seed } => {
                Some(Box::new(Greedy::new(seed.wrapping_add(seed_offset))))
            }
            PlayerSpec::Engine { seed, .. } => self
                .engine_for(board, seed.wrapping_add(seed_offset), tables)
                .map(|e| Box::new(e) as Box<dyn Chooser<B>>),
        }
    }
}

/// The endgame tables of `geometry`'s variant for each spec (`None` for a spec that
/// names no directory), in order: each directory named is opened and read once, and
/// specs naming the same one share its tables. Players are built with these (see
/// [`PlayerSpec::build`]); an error names the first directory that cannot serve.
pub fn spec_tables(
    specs: &[&PlayerSpec],
    geometry: &Geometry,
) -> Result<Vec<Option<Arc<Tablebases>>>, TablesError> {
    let mut opened: Vec<(&Path, Arc<Tablebases>)> = Vec::new();
    let mut tables = Vec::with_capacity(specs.len());
    for spec in specs {
        let Some(path) = spec.tables_dir() else {
            tables.push(None);
            continue;
        };
        let found = match opened.iter().find(|(p, _)| *p == path) {
            Some((_, t)) => Arc::clone(t),
            None => {
                let t = TablesDir::open(path)?.load(geometry)?;
                opened.push((path, Arc::clone(&t)));
                t
            }
        };
        tables.push(Some(found));
    }
    Ok(tables)
}

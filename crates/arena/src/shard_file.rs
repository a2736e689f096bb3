//! Shard files: what one shard of a comparison writes (its raw traces, as JSON), and
//! [`merge`], which puts the shards back together into the reports one run would give.

use serde::{Deserialize, Serialize};

use crate::compare::{CompareConfig, VariantGames, VariantReport};
use crate::error::ArenaError;
use crate::shard::Shard;

/// The settings of a run that decide its games (threads do not).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSettings {
    /// Games per variant in the whole run.
    pub games: usize,
    /// The player of both sides, as a spec.
    pub player: String,
    /// The seed.
    pub seed: u64,
    /// The ply limit.
    pub max_plies: usize,
    /// Random opening plies.
    pub random_opening: usize,
}

impl RunSettings {
    /// The settings of `config`.
    pub fn of(config: &CompareConfig) -> RunSettings {
        RunSettings {
            games: config.games,
            player: config.player.to_string(),
            seed: config.seed,
            max_plies: config.max_plies,
            random_opening: config.random_opening,
        }
    }
}

/// The marker of a shard file's format.
const FORMAT: &str = "bushka-compare-shard";
/// The version of the format; a merge refuses other versions.
const VERSION: u32 = 1;

/// What one shard writes: the run's settings, which shard it is, and every game it
/// played, per variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardFile {
    /// Always `bushka-compare-shard`.
    pub format: String,
    /// The format's version.
    pub version: u32,
    /// The run.
    pub run: RunSettings,
    /// This shard.
    pub shard: Shard,
    /// The variants in the run's order, each with this shard's games.
    pub variants: Vec<VariantGames>,
}

impl ShardFile {
    /// The shard file of `variants` played by `shard` of the run `config`.
    pub fn new(config: &CompareConfig, shard: Shard, variants: Vec<VariantGames>) -> ShardFile {
        ShardFile {
            format: FORMAT.to_string(),
            version: VERSION,
            run: RunSettings::of(config),
            shard,
            variants,
        }
    }

    /// The file as JSON text (ends with a newline).
    pub fn to_json(&self) -> Result<String, ArenaError> {
        serde_json::to_string(self)
            .map(|mut text| {
                text.push('\n');
                text
            })
            .map_err(|e| ArenaError::Shard(format!("cannot write the shard: {e}")))
    }

    /// Reads a shard file's JSON; `source` names it in errors.
    pub fn from_json(text: &str, source: &str) -> Result<ShardFile, ArenaError> {
        let file: ShardFile = serde_json::from_str(text)
            .map_err(|e| ArenaError::Shard(format!("{source}: not a shard file: {e}")))?;
        if file.format != FORMAT || file.version != VERSION {
            return Err(ArenaError::Shard(format!(
                "{source}: format `{}` version {} (this program reads `{FORMAT}` version {VERSION})",
                file.format, file.version
            )));
        }
        if Shard::new(file.shard.index, file.shard.count).is_none() {
            return Err(ArenaError::Shard(format!(
                "{source}: shard {} is not I/N with 1 <= I <= N",
                file.shard
            )));
        }
        Ok(file)
    }
}

/// Merges the shards of one run (`(source name, file)` pairs, in any order) into the
/// run's settings and the reports the unsharded run gives: every shard 1..N exactly
/// once, all from the same run (settings and variants).
pub fn merge(
    shards: Vec<(String, ShardFile)>,
) -> Result<(CompareConfig, Vec<VariantReport>), ArenaError> {
    let fail = |m: String| Err(ArenaError::Shard(m));
    let Some((first_source, first)) = shards.first() else {
        return fail("no shard file to merge".to_string());
    };
    let count = first.shard.count;
    let mut seen: Vec<Option<&str>> = vec![None; count];
    for (source, file) in &shards {
        if file.run != first.run || file.shard.count != count {
            return fail(format!(
                "{source} is from another run than {first_source} (settings or shard count differ)"
            ));
        }
        let infos = |f: &ShardFile| {
            f.variants
                .iter()
                .map(|v| v.info.clone())
                .collect::<Vec<_>>()
        };
        if infos(file) != infos(first) {
            return fail(format!(
                "{source} compares other variants than {first_source}"
            ));
        }
        let slot = &mut seen[file.shard.index - 1];
        if let Some(other) = slot {
            return fail(format!(
                "shard {} is given twice: {other} and {source}",
                file.shard
            ));
        }
        *slot = Some(source);
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[i - 1].is_none())
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return fail(format!("missing shards: {}", missing.join(", ")));
    }
    let run = first.run.clone();
    let config = CompareConfig {
        games: run.games,
        player: run.player.parse().map_err(|e| {
            ArenaError::Shard(format!("{first_source}: player `{}`: {e}", run.player))
        })?,
        seed: run.seed,
        max_plies: run.max_plies,
        random_opening: run.random_opening,
        threads: None,
    };
    let mut ordered = shards;
    ordered.sort_by_key(|(_, f)| f.shard.index);
    let mut variants: Vec<VariantGames> = ordered[0]
        .1
        .variants
        .iter()
        .map(|v| VariantGames {
            info: v.info.clone(),
            games: Vec::with_capacity(run.games),
        })
        .collect();
    for (source, file) in ordered {
        let range = file.shard.range(run.games);
        for (merged, part) in variants.iter_mut().zip(file.variants) {
            let indices: Vec<usize> = part.games.iter().map(|g| g.stats.index).collect();
            if !indices.iter().copied().eq(range.clone()) {
                return fail(format!(
                    "{source}: shard {} of {} games should hold games {}..{} of `{}`",
                    file.shard, run.games, range.start, range.end, merged.info.variant
                ));
            }
            merged.games.extend(part.games);
        }
    }
    let reports = variants
        .into_iter()
        .map(|v| VariantReport::from_games(&v.info, &config, v.games))
        .collect();
    Ok((config, reports))
}

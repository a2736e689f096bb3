//! Playing a variant before accepting it (`bushka check`): random games, and the
//! warnings a designer wants before anyone plays the variant.

use std::collections::VecDeque;

use bushka_arena::{MatchConfig, Termination, run_match};
use bushka_engine::PlayerSpec;
use bushka_geometry::{Cell, Colour, Geometry};
use bushka_rules::{GameError, MAX_GENERATION_STEPS};
use bushka_session::{Obligation, Variant};

use crate::error::CliError;

/// What the random games showed.
#[derive(Debug)]
pub struct Playtest {
    /// One line: games, results, mean length.
    pub summary: String,
    /// What looks wrong with the design, one sentence each.
    pub warnings: Vec<String>,
}

/// Plays `games` games between uniformly random players (seeded, on every core, at
/// most `max_plies` plies each) and looks at the start position.
pub fn playtest(
    geometry: Geometry,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Result<Playtest, CliError> {
    let mut warnings = unreachable_promotions(&geometry);
    // Without promotion zones (`rules.promotion = false`) there is nothing to reach.
    let promotes = [Colour::White, Colour::Black]
        .iter()
        .any(|&c| !geometry.side(c).promotion.is_empty());
    let variant = Variant::new(geometry);
    warnings.extend(start_warnings(&variant)?);
    let random = PlayerSpec::Random { seed };
    let config = MatchConfig {
        seed,
        max_plies,
        ..MatchConfig::new(random.clone(), random, games)
    };
    let report = run_match(variant.board(), &config, &[], &|_| {})?;
    let played = report.games.len();
    let unfinished = report
        .games
        .iter()
        .filter(|g| g.stats.termination == Termination::PlyLimit)
        .count();
    let promoted = report
        .games
        .iter()
        .filter(|g| g.stats.first_promotion_ply.is_some())
        .count();
    let (white, black) = (report.white_wins, report.black_wins);
    let mean =
        report.games.iter().map(|g| g.stats.plies).sum::<usize>() as f64 / played.max(1) as f64;
    if played > 0 && unfinished == played {
        warnings.push(format!(
            "no random game ended within {max_plies} plies: games may never end"
        ));
    }
    // A few games prove nothing about promotion; the static check above is exact.
    if promotes && played >= 50 && promoted == 0 {
        warnings.push(format!("no man promoted in {played} random games"));
    }
    if played >= 10 {
        for (wins, player) in [(white, Colour::White), (black, Colour::Black)] {
            if wins == played {
                warnings.push(format!(
                    "{} won every one of the {played} random games",
                    player.name()
                ));
            }
        }
    }
    Ok(Playtest {
        summary: format!(
            "{played} random games: White won {white}, Black won {black}, {} drawn ({unfinished} stopped at {max_plies} plies), {promoted} with a promotion, mean {mean:.0} plies",
            played - white - black
        ),
        warnings,
    })
}

/// A side that cannot move at the start, and a start that forces a capture; fails when
/// a side's moves at the start take more than the programs' step limit to list.
fn start_warnings(variant: &Variant) -> Result<Vec<String>, CliError> {
    let start = variant.start();
    let mut warnings = Vec::new();
    for player in Colour::BOTH {
        let obligation = start
            .with_side(player)
            .obligation(MAX_GENERATION_STEPS)
            .map_err(|limit| GameError::Unlisted { ply: 0, limit })?;
        match obligation {
            Obligation { moves: 0, .. } => warnings.push(format!(
                "{} has no legal move in the start position",
                player.name()
            )),
            Obligation {
                moves,
                capture: Some(_),
            } if player == start.side() => warnings.push(format!(
                "the start position forces a capture: {} must capture first ({moves} captures)",
                player.name(),
            )),
            Obligation { .. } => {}
        }
    }
    Ok(warnings)
}

/// A side none of whose men can reach its promotion zone by forward steps (on an
/// empty board): its men can never become kings. A side without a zone (no
/// promotion) is not warned about.
fn unreachable_promotions(geometry: &Geometry) -> Vec<String> {
    let mut warnings = Vec::new();
    for player in [Colour::White, Colour::Black] {
        let side = geometry.side(player);
        if side.men.is_empty() || side.promotion.is_empty() {
            continue;
        }
        let mut seen = vec![false; geometry.cell_count()];
        let mut queue: VecDeque<Cell> = side.men.iter().copied().collect();
        for &c in &side.men {
            seen[c.index()] = true;
        }
        let mut reached = false;
        while let Some(cell) = queue.pop_front() {
            if geometry.promotes(player, cell) {
                reached = true;
                break;
            }
            for &d in &side.forward {
                if let Some(next) = geometry.neighbour(cell, d)
                    && !seen[next.index()]
                {
                    seen[next.index()] = true;
                    queue.push_back(next);
                }
            }
        }
        if !reached {
            warnings.push(format!(
                "{}'s men can never reach its promotion zone by forward steps",
                player.name()
            ));
        }
    }
    warnings
}

//! Ludii-style metrics of a set of self-play games, each with a 95% interval.
//!
//! Every metric has a key (its name in JSON, in expectation files and in `--expect`
//! messages), a label for the text table, and a way to compute it from the games'
//! [`GameTrace`]s. Shares of games (White's score, completion, draws, timeouts) carry
//! Wilson's score interval; means over games carry the normal interval
//! `mean ± 1.96 s / sqrt(n)` (s the sample standard deviation; with one game the
//! interval is the value itself). The README defines each metric with its formula
//! and says where it follows Ludii's definition and where it differs.

use serde::{Deserialize, Serialize};

use crate::play::Termination;
use crate::score::{Score, Z95};
use crate::trace::{GameTrace, variance};
use bushka_geometry::Colour;

/// A metric's value and its 95% interval (`low <= value <= high`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The value.
    pub value: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Games it was measured on (the decisive ones only for Drama and Decisiveness).
    pub games: usize,
}

impl Estimate {
    /// The mean of `values` with its normal 95% interval; `None` for no values.
    pub fn mean(values: &[f64]) -> Option<Estimate> {
        if values.is_empty() {
            return None;
        }
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let half = if values.len() > 1 {
            let sample_variance = variance(values) * n / (n - 1.0);
            Z95 * (sample_variance / n).sqrt()
        } else {
            0.0
        };
        Some(Estimate {
            value: mean,
            low: mean - half,
            high: mean + half,
            games: values.len(),
        })
    }

    /// The share of `hits` out of `games` with Wilson's interval; `None` for no games.
    pub fn share(hits: usize, games: usize) -> Option<Estimate> {
        (games > 0).then(|| Estimate::from_score(Score::new(hits, 0, games - hits)))
    }

    fn from_score(score: Score) -> Estimate {
        Estimate {
            value: score.fraction,
            low: score.low,
            high: score.high,
            games: score.games,
        }
    }
}

/// A metric's value in a report: its key and its estimate (`None` when nothing was
/// there to measure, e.g. Drama without a decisive game).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricValue {
    /// The metric's key (see [`METRICS`]).
    pub key: String,
    /// The estimate.
    pub estimate: Option<Estimate>,
}

/// The games of one variant, as the metrics see them.
pub struct Games<'a> {
    /// The games.
    pub traces: &'a [GameTrace],
    /// Cells of the board (for the board coverage).
    pub cells: usize,
}

/// A metric: key, table label, and computation.
pub struct Metric {
    /// The key in JSON and expectation files.
    pub key: &'static str,
    /// The row label of the text table.
    pub label: &'static str,
    /// The values it can take; an interval is clipped to them.
    pub bounds: (f64, f64),
    compute: fn(&Games) -> Option<Estimate>,
}

impl Metric {
    /// The metric over `games`.
    pub fn compute(&self, games: &Games) -> Option<Estimate> {
        let (lo, hi) = self.bounds;
        (self.compute)(games).map(|e| Estimate {
            low: e.low.max(lo),
            high: e.high.min(hi),
            ..e
        })
    }
}

/// Shares, rates and other values from 0 to 1.
const UNIT: (f64, f64) = (0.0, 1.0);
/// Counts and other values from 0 up.
const COUNT: (f64, f64) = (0.0, f64::INFINITY);
/// Changes and trends.
const ANY: (f64, f64) = (f64::NEG_INFINITY, f64::INFINITY);

/// Builds a [`Metric`] that is the mean over games of a per-game value (games where
/// it is `None` are left out).
macro_rules! per_game {
    ($key:literal, $label:literal, $bounds:expr, $f:expr) => {
        Metric {
            key: $key,
            label: $label,
            bounds: $bounds,
            compute: |g| mean_over(g, $f),
        }
    };
}

fn mean_over(games: &Games, f: impl Fn(&GameTrace, &Games) -> Option<f64>) -> Option<Estimate> {
    let values: Vec<f64> = games.traces.iter().filter_map(|t| f(t, games)).collect();
    Estimate::mean(&values)
}

fn count(games: &Games, f: impl Fn(&GameTrace) -> bool) -> Option<Estimate> {
    let hits = games.traces.iter().filter(|t| f(t)).count();
    Estimate::share(hits, games.traces.len())
}

/// Every metric, in table order.
pub const METRICS: &[Metric] = &[
    Metric {
        key: "white_score",
        label: "AdvantageP1 (White's score)",
        bounds: UNIT,
        compute: |g| {
            let n = g.traces.len();
            let wins = |c| {
                g.traces
                    .iter()
                    .filter(|t| t.stats.winner == Some(c))
                    .count()
            };
            let (w, b) = (wins(Colour::White), wins(Colour::Black));
            (n > 0).then(|| Estimate::from_score(Score::new(w, n - w - b, b)))
        },
    },
    Metric {
        key: "balance",
        label: "Balance",
        bounds: UNIT,
        compute: balance,
    },
    Metric {
        key: "completion",
        label: "Completion (decisive)",
        bounds: UNIT,
        compute: |g| count(g, |t| t.stats.winner.is_some()),
    },
    Metric {
        key: "drawishness",
        label: "Drawishness (drawn by rule)",
        bounds: UNIT,
        compute: |g| {
            count(g, |t| {
                t.stats.winner.is_none() && t.stats.termination.by_rule()
            })
        },
    },
    Metric {
        key: "timeouts",
        label: "Timeouts (ply limit)",
        bounds: UNIT,
        compute: |g| count(g, |t| t.stats.termination == Termination::PlyLimit),
    },
    Metric {
        key: "draw_rate",
        label: "drawn, ply limit included",
        bounds: UNIT,
        compute: |g| count(g, |t| t.stats.winner.is_none()),
    },
    per_game!("plies_mean", "Duration, plies", COUNT, |t, _| Some(
        t.stats.plies as f64
    )),
    per_game!("moves_mean", "Duration, moves", COUNT, |t, _| Some(
        t.stats.plies.div_ceil(2) as f64
    )),
    per_game!("branching_mean", "Branching factor", COUNT, |t, _| {
        series_mean(&t.branching)
    }),
    per_game!(
        "branching_change",
        "Branching, change per ply",
        ANY,
        |t, _| { series_change(&t.branching) }
    ),
    per_game!(
        "branching_trend",
        "Branching, trend per ply",
        ANY,
        |t, _| { series_trend(&t.branching) }
    ),
    per_game!(
        "decision_moves",
        "Decision moves (>1 option)",
        UNIT,
        |t, _| {
            (!t.branching.is_empty()).then(|| {
                t.branching.iter().filter(|&&b| b > 1).count() as f64 / t.branching.len() as f64
            })
        }
    ),
    per_game!("decision_factor", "Decision factor", COUNT, |t, _| {
        let options: Vec<u32> = t.branching.iter().copied().filter(|&b| b > 1).collect();
        series_mean(&options)
    }),
    per_game!("board_coverage", "Board coverage", UNIT, |t, g| {
        (g.cells > 0).then(|| t.cells_visited as f64 / g.cells as f64)
    }),
    per_game!("repetition", "Positional repetition", UNIT, |t, _| Some(
        1.0 - t.distinct_positions as f64 / (t.stats.plies + 1) as f64
    )),
    per_game!("pieces_mean", "Pieces on board", COUNT, |t, _| series_mean(
        &t.pieces
    )),
    per_game!("pieces_change", "Pieces, change per ply", ANY, |t, _| {
        series_change(&t.pieces)
    }),
    per_game!("pieces_trend", "Pieces, trend per ply", ANY, |t, _| {
        series_trend(&t.pieces)
    }),
    per_game!(
        "evaluation_mean",
        "Evaluation (White's view)",
        (-1.0, 1.0),
        |t, _| { series_mean(&t.evaluation) }
    ),
    per_game!("lead_change", "LeadChange", UNIT, |t, _| lead_change(
        &t.evaluation
    )),
    per_game!("drama", "Drama", (0.0, 2.0), |t, _| drama(t)),
    per_game!("stability", "Stability", (0.0, 2.0), |t, _| {
        (!t.evaluation.is_empty()).then(|| 2.0 * variance(&t.evaluation))
    }),
    per_game!(
        "decisiveness_threshold",
        "DecisivenessThreshold",
        (-1.0, 1.0),
        |t, _| { decisiveness(t).map(|(threshold, _)| threshold) }
    ),
    per_game!("decisiveness_moves", "DecisivenessMoves", UNIT, |t, _| {
        decisiveness(t).map(|(_, moves)| moves)
    }),
    per_game!("clarity_narrowness", "ClarityNarrowness", UNIT, |t, _| {
        (t.stats.plies > 0).then_some(t.clarity_narrowness)
    }),
    per_game!("clarity_variance", "ClarityVariance", UNIT, |t, _| {
        (t.stats.plies > 0).then_some(t.clarity_variance)
    }),
];

/// The metric with this key.
pub fn metric(key: &str) -> Option<&'static Metric> {
    METRICS.iter().find(|m| m.key == key)
}

/// Every metric over `games`, in [`METRICS`] order.
pub fn measure(games: &Games) -> Vec<MetricValue> {
    METRICS
        .iter()
        .map(|m| MetricValue {
            key: m.key.to_string(),
            estimate: m.compute(games),
        })
        .collect()
}

/// `1 - |White's win rate - Black's win rate|`, its interval from the interval of the
/// mean of +1 (White won), -1 (Black won), 0 (drawn).
fn balance(games: &Games) -> Option<Estimate> {
    let signs: Vec<f64> = games
        .traces
        .iter()
        .map(|t| match t.stats.winner {
            Some(Colour::White) => 1.0,
            Some(Colour::Black) => -1.0,
            None => 0.0,
        })
        .collect();
    let d = Estimate::mean(&signs)?;
    let widest = d.low.abs().max(d.high.abs()).min(1.0);
    let narrowest = if d.low <= 0.0 && d.high >= 0.0 {
        0.0
    } else {
        d.low.abs().min(d.high.abs())
    };
    Some(Estimate {
        value: 1.0 - d.value.abs(),
        low: 1.0 - widest,
        high: 1.0 - narrowest,
        games: d.games,
    })
}

fn as_f64<T: Copy + Into<f64>>(values: &[T]) -> impl Iterator<Item = f64> + '_ {
    values.iter().map(|&v| v.into())
}

/// The mean of a series (`None` if empty).
pub fn series_mean<T: Copy + Into<f64>>(values: &[T]) -> Option<f64> {
    (!values.is_empty()).then(|| as_f64(values).sum::<f64>() / values.len() as f64)
}

/// The mean change per step, `(last - first) / (len - 1)` (`None` under two values).
pub fn series_change<T: Copy + Into<f64>>(values: &[T]) -> Option<f64> {
    match (values.first(), values.last()) {
        (Some(&first), Some(&last)) if values.len() > 1 => {
            Some((last.into() - first.into()) / (values.len() - 1) as f64)
        }
        _ => None,
    }
}

/// The slope of the least-squares line through `(i, values[i])` (`None` under two
/// values).
pub fn series_trend<T: Copy + Into<f64>>(values: &[T]) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let n = values.len() as f64;
    let x_mean = (n - 1.0) / 2.0;
    let y_mean = as_f64(values).sum::<f64>() / n;
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for (i, y) in as_f64(values).enumerate() {
        let dx = i as f64 - x_mean;
        sxy += dx * (y - y_mean);
        sxx += dx * dx;
    }
    Some(sxy / sxx)
}

fn leader(value: f64) -> std::cmp::Ordering {
    value.partial_cmp(&0.0).unwrap_or(std::cmp::Ordering::Equal)
}

/// Changes of the leader (White ahead, Black ahead, level) between consecutive
/// evaluated positions, per ply (`None` for a game without a ply).
pub fn lead_change(evaluation: &[f64]) -> Option<f64> {
    (!evaluation.is_empty()).then(|| {
        let changes = evaluation
            .windows(2)
            .filter(|w| leader(w[0]) != leader(w[1]))
            .count();
        changes as f64 / evaluation.len() as f64
    })
}

/// The winner's evaluation series, or `None` for a drawn game.
fn winners_view(trace: &GameTrace) -> Option<Vec<f64>> {
    let sign = match trace.stats.winner? {
        Colour::White => 1.0,
        Colour::Black => -1.0,
    };
    Some(trace.evaluation.iter().map(|e| sign * e).collect())
}

/// Mean over plies of how far the eventual winner trailed the leader: `-2w` where
/// the winner's evaluation `w` is negative, else 0. Decisive games only.
pub fn drama(trace: &GameTrace) -> Option<f64> {
    let winner = winners_view(trace)?;
    let behind: Vec<f64> = winner.iter().map(|&w| (-2.0 * w).max(0.0)).collect();
    series_mean(&behind)
}

/// Decisive games only: the threshold (the loser's best evaluation, at least -1) and
/// the share of the game played before the winner's evaluation first rose above it
/// (1 if it never did).
pub fn decisiveness(trace: &GameTrace) -> Option<(f64, f64)> {
    let winner = winners_view(trace)?;
    if winner.is_empty() {
        return None;
    }
    let threshold = winner.iter().map(|w| -w).fold(-1.0, f64::max);
    let first = winner
        .iter()
        .position(|&w| w > threshold)
        .unwrap_or(winner.len());
    Some((threshold, first as f64 / winner.len() as f64))
}

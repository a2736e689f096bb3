//! Per-ply averages over a variant's games (drawn by the `bushka-charts` crate).

use crate::trace::GameTrace;

/// Per-ply averages over the games that reached each ply.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Series {
    /// Mean legal moves at ply `i` (the position ply `i` is played from).
    pub branching: Vec<f64>,
    /// Mean pieces on the board at ply `i`.
    pub pieces: Vec<f64>,
    /// Mean evaluation from White's view (-1..1) at ply `i`.
    pub evaluation: Vec<f64>,
    /// Games that reached ply `i`.
    pub games: Vec<usize>,
}

/// Averages `values(trace)` ply by ply over the traces long enough.
fn average(traces: &[GameTrace], longest: usize, values: fn(&GameTrace) -> Vec<f64>) -> Vec<f64> {
    let mut sums = vec![0.0; longest];
    let mut counts = vec![0usize; longest];
    for trace in traces {
        for (i, v) in values(trace).into_iter().enumerate() {
            sums[i] += v;
            counts[i] += 1;
        }
    }
    sums.iter()
        .zip(&counts)
        .map(|(s, &c)| s / c.max(1) as f64)
        .collect()
}

impl Series {
    /// The per-ply averages of `traces`.
    pub fn of(traces: &[GameTrace]) -> Series {
        let longest = traces.iter().map(|t| t.stats.plies).max().unwrap_or(0);
        let mut games = vec![0usize; longest];
        for t in traces {
            for g in &mut games[..t.stats.plies] {
                *g += 1;
            }
        }
        Series {
            branching: average(traces, longest, |t| {
                t.branching.iter().map(|&b| f64::from(b)).collect()
            }),
            pieces: average(traces, longest, |t| {
                t.pieces.iter().map(|&p| f64::from(p)).collect()
            }),
            evaluation: average(traces, longest, |t| t.evaluation.clone()),
            games,
        }
    }
}

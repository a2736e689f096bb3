//! A match score with its 95% interval, and Elo differences.

use serde::Serialize;

/// The z value of a two-sided 95% normal interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A score out of a number of games (a win 1, a draw 1/2), with a 95% interval from
/// the normal approximation of the per-game score's distribution.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Score {
    /// Games played.
    pub games: usize,
    /// Points: wins plus half the draws.
    pub points: f64,
    /// Points per game, 0 to 1.
    pub fraction: f64,
    /// Lower end of the 95% interval of `fraction` (at least 0).
    pub low: f64,
    /// Upper end of the 95% interval of `fraction` (at most 1).
    pub high: f64,
}

impl Score {
    /// The score of `wins`, `draws` and `losses`.
    pub fn new(wins: usize, draws: usize, losses: usize) -> Score {
        let games = wins + draws + losses;
        let points = wins as f64 + draws as f64 / 2.0;
        if games == 0 {
            return Score {
                games,
                points,
                fraction: 0.5,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = games as f64;
        let mean = points / n;
        let variance = (wins as f64 * (1.0 - mean).powi(2)
            + draws as f64 * (0.5 - mean).powi(2)
            + losses as f64 * mean.powi(2))
            / n;
        let half = Z95 * (variance / n).sqrt();
        Score {
            games,
            points,
            fraction: mean,
            low: (mean - half).max(0.0),
            high: (mean + half).min(1.0),
        }
    }

    /// The Elo difference the score implies (infinite for a clean sweep either way).
    pub fn elo(&self) -> f64 {
        elo(self.fraction)
    }

    /// The Elo differences at the ends of the 95% interval.
    pub fn elo_interval(&self) -> (f64, f64) {
        (elo(self.low), elo(self.high))
    }
}

/// The Elo difference for an expected score `fraction` (0 to 1): `-400 log10(1/s - 1)`.
pub fn elo(fraction: f64) -> f64 {
    if fraction <= 0.0 {
        f64::NEG_INFINITY
    } else if fraction >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / fraction - 1.0).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let s = Score::new(10, 0, 10);
        assert_eq!(s.fraction, 0.5);
        assert!(s.elo().abs() < 1e-9);
        assert!(s.low < 0.5 && s.high > 0.5);
        let (lo, hi) = s.elo_interval();
        assert!((lo + hi).abs() < 1e-9, "symmetric: {lo} {hi}");
    }

    #[test]
    fn known_values() {
        // 75% is about +191 Elo.
        assert!((elo(0.75) - 190.848).abs() < 0.01);
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
        let s = Score::new(3, 2, 1);
        assert_eq!(s.points, 4.0);
        assert!((s.fraction - 4.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn all_draws_have_no_spread() {
        let s = Score::new(0, 8, 0);
        assert_eq!((s.low, s.fraction, s.high), (0.5, 0.5, 0.5));
    }
}

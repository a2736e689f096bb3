//! A match score with its 95% interval, and Elo differences.

use serde::Serialize;

/// The z value of a two-sided 95% normal interval.
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

/// A score out of a number of games (a win 1, a draw 1/2), with a 95% interval.
///
/// The interval is Wilson's score interval for the points per game, which stays
/// honest for small matches and clean sweeps (10 wins out of 10 give 72% to 100%,
/// not a certain 100%). It takes a game's score as a coin toss with that mean, which
/// overstates the spread when there are draws, so it errs on the wide side.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Score {
    /// Games played.
    pub games: usize,
    /// Points: wins plus half the draws.
    pub points: f64,
    /// Points per game, 0 to 1 (1/2 when no game was played).
    pub fraction: f64,
    /// Lower end of the 95% interval of `fraction`.
    pub low: f64,
    /// Upper end of the 95% interval of `fraction`.
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
        let p = points / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Score {
            games,
            points,
            fraction: p,
            low: (centre - half).clamp(0.0, p),
            high: (centre + half).clamp(p, 1.0),
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
    fn a_clean_sweep_is_not_a_certainty() {
        let s = Score::new(10, 0, 0);
        assert_eq!(s.fraction, 1.0);
        assert_eq!(s.high, 1.0);
        assert!((s.low - 0.7225).abs() < 0.001, "{}", s.low);
        assert_eq!(s.elo(), f64::INFINITY);
        assert!(s.elo_interval().0.is_finite());
        let s = Score::new(0, 0, 10);
        assert!(s.low == 0.0 && s.high < 0.28);
    }

    #[test]
    fn more_games_narrow_the_interval() {
        let small = Score::new(6, 2, 2);
        let large = Score::new(60, 20, 20);
        assert_eq!(small.fraction, large.fraction);
        assert!(large.high - large.low < small.high - small.low);
        assert!(large.low > small.low && large.high < small.high);
    }
}

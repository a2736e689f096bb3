//! The sequential probability ratio test of a match: games are played until they
//! tell one Elo hypothesis from the other, at error rates fixed in advance.
//!
//! The test is the generalised SPRT in its normal approximation, as engine testers
//! compute it (fastchess; fishtest's simpler form): the log-likelihood ratio of the two hypotheses under a normal approximation of the
//! score, read from **pairs** of games (one opening, both colour orders), whose
//! points for the first spec (0, 1/2, 1, 3/2 or 2) form the pentanomial tally.
//! Pairs keep the test honest when openings favour a colour: the two games of a
//! pair are not independent, but pairs are. Elo is logistic, as elsewhere in the
//! match report: a score `s` is `-400 log10(1/s - 1)` Elo.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// An SPRT's hypotheses and error rates: H0, the first spec is `elo0` Elo better
/// than the second; H1, it is `elo1` better (`elo0 < elo1`). `alpha` is the chance
/// of accepting H1 when H0 holds, `beta` of accepting H0 when H1 holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
}

/// The error rates when none are given.
pub const DEFAULT_ERROR_RATE: f64 = 0.05;

/// The fewest pairs a verdict rests on. The ratio's normal approximation needs a
/// spread of outcomes to estimate the variance from; after a pair or two (both games
/// won, say) the estimate is nearly zero and the ratio would leap past a bound on no
/// evidence.
pub const MIN_PAIRS: usize = 10;

/// How a test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The ratio fell to the lower bound: H0 (`elo0`) accepted.
    H0,
    /// The ratio rose to the upper bound: H1 (`elo1`) accepted.
    H1,
}

impl Sprt {
    /// A test of `elo0` against `elo1` at error rates `alpha` and `beta`; the error
    /// says which value is out of range.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        for (name, elo) in [("elo0", elo0), ("elo1", elo1)] {
            if !elo.is_finite() || elo.abs() >= 1000.0 {
                return Err(format!(
                    "{name} {elo}: an Elo difference between -1000 and 1000"
                ));
            }
        }
        if elo0 >= elo1 {
            return Err(format!("elo0 {elo0} must be below elo1 {elo1}"));
        }
        for (name, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!(
                    "{name} {rate}: an error rate above 0 and below 0.5"
                ));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The log-likelihood ratio's bounds: H0 is accepted at or below the first, H1 at
    /// or above the second (Wald's: `ln(beta / (1 - alpha))`, `ln((1 - beta) / alpha)`).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 over H0 given the pairs played: with `N` pairs
    /// whose mean points per game are `m`, `v` the variance of a pair's points per
    /// game (0, 1/4, 1/2, 3/4 or 1), and `s0`, `s1` the scores of `elo0` and `elo1`,
    /// it is `N (s1 - s0) (2m - s0 - s1) / (2v)`. An outcome
    /// never seen counts as 1/1000 of a pair, so that a match of one kind of pair
    /// (all won, say) has a variance and a finite ratio.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.0.map(|n| if n == 0 { 1e-3 } else { n as f64 });
        let n: f64 = counts.iter().sum();
        let points = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| counts[i] * points(i)).sum::<f64>() / n;
        let variance = (0..5)
            .map(|i| counts[i] * (points(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The verdict after `pairs`, if their ratio reaches a bound (and there are at
    /// least [`MIN_PAIRS`] of them).
    pub fn verdict(&self, pairs: &Pentanomial) -> Option<Verdict> {
        if pairs.pairs() < MIN_PAIRS {
            return None;
        }
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// The expected score of a side `elo` logistic Elo stronger.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "H0 {:+} Elo against H1 {:+} Elo, alpha {}, beta {}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl FromStr for Sprt {
    type Err = String;

    /// `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA`.
    fn from_str(text: &str) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let number = |part: &str| {
            part.parse::<f64>()
                .map_err(|_| format!("`{part}` is not a number (expected ELO0,ELO1[,ALPHA,BETA])"))
        };
        match parts.as_slice() {
            [elo0, elo1] => Sprt::new(
                number(elo0)?,
                number(elo1)?,
                DEFAULT_ERROR_RATE,
                DEFAULT_ERROR_RATE,
            ),
            [elo0, elo1, alpha, beta] => {
                Sprt::new(number(elo0)?, number(elo1)?, number(alpha)?, number(beta)?)
            }
            _ => Err(format!(
                "`{text}`: expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA"
            )),
        }
    }
}

/// Pairs of games counted by the first spec's points in them: index `i` holds the
/// pairs where it scored `i / 2` points (0, 1/2, 1, 3/2, 2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Pentanomial(pub [usize; 5]);

impl Pentanomial {
    /// Adds a pair in which the first spec scored `half_points / 2` points.
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> usize {
        self.0.iter().sum()
    }
}

/// Where a match under a test stands: the pairs, the ratio and its verdict.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SprtStatus {
    /// The test.
    pub sprt: Sprt,
    /// The pairs counted.
    pub pairs: Pentanomial,
    /// Their log-likelihood ratio.
    pub llr: f64,
    /// The verdict, once a bound is reached.
    pub verdict: Option<Verdict>,
}

impl SprtStatus {
    /// The status of `sprt` after `pairs`.
    pub fn of(sprt: Sprt, pairs: Pentanomial) -> SprtStatus {
        SprtStatus {
            sprt,
            pairs,
            llr: sprt.llr(&pairs),
            verdict: sprt.verdict(&pairs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_walds() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).expect("a valid test");
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944_438_979).abs() < 1e-6, "{lower}");
        assert!((upper - 2.944_438_979).abs() < 1e-6, "{upper}");
    }

    #[test]
    fn the_ratio_follows_the_normal_approximation() {
        // 100 pairs: 10 lost both, 20 lost one and drew one, 30 even, 25 won one and
        // drew one, 15 won both: mean 0.5375, variance 0.089 218 75 (worked by hand), and
        // a ratio of 0.745 (worked in Python from the formula).
        let pairs = Pentanomial([10, 20, 30, 25, 15]);
        let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).expect("a valid test");
        let (s0, s1) = (0.5, 1.0 / (1.0 + 10f64.powf(-20.0 / 400.0)));
        let want = 100.0 * (s1 - s0) * (2.0 * 0.5375 - s0 - s1) / (2.0 * 0.089_218_75);
        assert!((sprt.llr(&pairs) - want).abs() < 1e-9);
        assert!((want - 0.745_189).abs() < 1e-6, "{want}");
        assert_eq!(SprtStatus::of(sprt, pairs).verdict, None);
    }

    #[test]
    fn lopsided_pairs_decide_either_way() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).expect("a valid test");
        let won = Pentanomial([0, 0, 5, 10, 30]);
        assert_eq!(SprtStatus::of(sprt, won).verdict, Some(Verdict::H1));
        let lost = Pentanomial([30, 10, 5, 0, 0]);
        assert_eq!(SprtStatus::of(sprt, lost).verdict, Some(Verdict::H0));
        // Every pair won: no variance but the regularisation's, and a verdict once
        // there are enough pairs to rest it on.
        assert!(sprt.llr(&Pentanomial([0, 0, 0, 0, 3])) > 3.0);
        assert_eq!(
            sprt.verdict(&Pentanomial([0, 0, 0, 0, MIN_PAIRS - 1])),
            None
        );
        assert_eq!(
            sprt.verdict(&Pentanomial([0, 0, 0, 0, MIN_PAIRS])),
            Some(Verdict::H1)
        );
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn specs_parse_and_bad_ones_say_why() {
        let sprt: Sprt = "0,10".parse().expect("a valid test");
        assert_eq!((sprt.elo0, sprt.elo1, sprt.alpha), (0.0, 10.0, 0.05));
        let sprt: Sprt = "-5, 5, 0.1, 0.2".parse().expect("a valid test");
        assert_eq!((sprt.elo0, sprt.alpha, sprt.beta), (-5.0, 0.1, 0.2));
        for (bad, says) in [
            ("10,0", "below elo1"),
            ("0,x", "`x` is not a number"),
            ("0,10,0.05", "expected ELO0,ELO1"),
            ("0,10,0,0.05", "alpha 0"),
            ("0,10,0.05,0.7", "beta 0.7"),
            ("0,inf", "elo1 inf"),
        ] {
            let err = bad.parse::<Sprt>().expect_err("a bad test");
            assert!(err.contains(says), "{bad}: {err}");
        }
    }
}

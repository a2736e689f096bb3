//! Expectations a designer states about a variant's self-play metrics, and their check.
//!
//! An expectations file is TOML with one table per variant id, giving a range for any
//! metric key of [`METRICS`](crate::metrics::METRICS):
//!
//! ```toml
//! [bushka]
//! white_score = [0.45, 0.70]
//! plies_mean = [60, 160]
//! draw_rate = [0, 0.35]
//! ```
//!
//! A metric fails its expectation when its whole 95% interval lies outside the range
//! (the games are evidence that the value is not in it), or when it could not be
//! measured at all.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use toml::Spanned;

use crate::compare::VariantReport;
use crate::error::ArenaError;
use crate::metrics::{Estimate, METRICS, metric};
use crate::table::estimate_text;

/// One expected range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expectation {
    /// The metric's key.
    pub metric: &'static str,
    /// Lowest value expected.
    pub low: f64,
    /// Highest value expected.
    pub high: f64,
}

/// The expectations of a file, per variant id.
#[derive(Debug, Clone, PartialEq)]
pub struct Expectations {
    /// Where they come from (a path, for messages).
    pub source: String,
    /// Per variant id, its ranges in file order of keys (alphabetical).
    pub variants: BTreeMap<String, Vec<Expectation>>,
}

/// A metric whose interval falls outside its expected range (or that was not
/// measured).
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// The variant id.
    pub variant: String,
    /// What was expected.
    pub expected: Expectation,
    /// What was measured (`None`: nothing to measure it on).
    pub measured: Option<Estimate>,
}

fn range_text(e: &Expectation) -> String {
    format!("[{}, {}]", e.low, e.high)
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.expected;
        match self.measured {
            Some(_) => write!(
                f,
                "{}: {} = {} falls outside the expected {}",
                self.variant,
                e.metric,
                estimate_text(self.measured),
                range_text(e)
            ),
            None => write!(
                f,
                "{}: {} was not measured (no game to measure it on); expected {}",
                self.variant,
                e.metric,
                range_text(e)
            ),
        }
    }
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

type Raw = BTreeMap<String, BTreeMap<Spanned<String>, Spanned<toml::Value>>>;

impl Expectations {
    /// Reads an expectations file.
    pub fn load(path: &Path) -> Result<Expectations, ArenaError> {
        let source = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| ArenaError::Expectations(format!("{source}: {e}")))?;
        Expectations::parse(&text, &source)
    }

    /// Parses expectations from TOML text; `source` names it in errors, which give
    /// the line and the key at fault.
    pub fn parse(text: &str, source: &str) -> Result<Expectations, ArenaError> {
        let fail = |msg: String| Err(ArenaError::Expectations(format!("{source}: {msg}")));
        let raw: Raw = match toml::from_str(text) {
            Ok(raw) => raw,
            Err(e) => {
                let line = e.span().map_or(0, |s| line_of(text, s.start));
                return fail(format!(
                    "line {line}: {} (each variant is a table of `metric = [low, high]`)",
                    e.message()
                ));
            }
        };
        let mut variants = BTreeMap::new();
        for (variant, table) in raw {
            let mut ranges = Vec::new();
            for (key, value) in table {
                let line = line_of(text, key.span().start);
                let name = key.get_ref();
                let Some(m) = metric(name) else {
                    let known: Vec<&str> = METRICS.iter().map(|m| m.key).collect();
                    return fail(format!(
                        "line {line}: unknown metric `{name}` in [{variant}]; the metrics are {}",
                        known.join(", ")
                    ));
                };
                let numbers: Option<Vec<f64>> = value.get_ref().as_array().and_then(|a| {
                    a.iter()
                        .map(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)))
                        .collect()
                });
                let (low, high) = match numbers.as_deref() {
                    Some(&[low, high]) if low.is_finite() && high.is_finite() && low <= high => {
                        (low, high)
                    }
                    _ => {
                        return fail(format!(
                            "line {line}: [{variant}] {name} must be [low, high], two finite \
                             numbers with low <= high, not {}",
                            value.get_ref()
                        ));
                    }
                };
                ranges.push(Expectation {
                    metric: m.key,
                    low,
                    high,
                });
            }
            variants.insert(variant, ranges);
        }
        Ok(Expectations {
            source: source.to_string(),
            variants,
        })
    }

    /// Checks every report whose variant has expectations and returns the metrics
    /// that fail theirs. An error if no report's variant has any (a wrong file or id).
    pub fn check(&self, reports: &[VariantReport]) -> Result<Vec<Failure>, ArenaError> {
        let mut failures = Vec::new();
        let mut checked = 0;
        for report in reports {
            let Some(ranges) = self.variants.get(&report.variant) else {
                continue;
            };
            checked += 1;
            for expected in ranges {
                let measured = report.metric(expected.metric);
                let outside =
                    measured.is_none_or(|m| m.high < expected.low || m.low > expected.high);
                if outside {
                    failures.push(Failure {
                        variant: report.variant.clone(),
                        expected: *expected,
                        measured,
                    });
                }
            }
        }
        if checked == 0 {
            let ids: Vec<&str> = reports.iter().map(|r| r.variant.as_str()).collect();
            return Err(ArenaError::Expectations(format!(
                "{}: no expectations for any compared variant ({})",
                self.source,
                ids.join(", ")
            )));
        }
        Ok(failures)
    }
}

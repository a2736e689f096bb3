//! The report of a comparison, shared by `compare` and `merge`: the table or JSON,
//! the charts, and the expectations check.

use std::path::PathBuf;

use bushka_arena::{CompareConfig, Expectations, VariantReport};

use crate::error::CliError;
use crate::output;

/// How to report a comparison.
#[derive(Debug, Default, clap::Args)]
pub struct ReportArgs {
    /// Print the reports as JSON (an array, one object per variant) instead of a table.
    #[arg(long)]
    json: bool,
    /// Write an SVG chart of the main figures to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write per-ply charts (branching.svg, pieces.svg, evaluation.svg: one line per
    /// variant) into DIR.
    #[arg(long, value_name = "DIR")]
    series: Option<PathBuf>,
    /// Check the metrics against the ranges of an expectations file (a table per
    /// variant id, `metric = [low, high]`); exit 1 naming every metric whose 95%
    /// interval falls outside its range.
    #[arg(long, value_name = "FILE")]
    expect: Option<PathBuf>,
}

impl ReportArgs {
    /// Whether any report option was given.
    pub fn is_set(&self) -> bool {
        self.json || self.svg.is_some() || self.series.is_some() || self.expect.is_some()
    }
}

/// Prints the report of `reports` and writes the files asked for; then checks the
/// expectations, failing (after the report) if any metric misses its range.
pub fn write_report(
    reports: &[VariantReport],
    config: &CompareConfig,
    args: &ReportArgs,
) -> Result<(), CliError> {
    let expectations = args.expect.as_deref().map(Expectations::load).transpose()?;
    if let Some(path) = &args.svg {
        write_chart(reports, path)?;
    }
    if let Some(dir) = &args.series {
        bushka_charts::write_series_svgs(reports, dir).map_err(|error| CliError::File {
            path: dir.display().to_string(),
            error,
        })?;
    }
    if args.json {
        let json = serde_json::to_string_pretty(reports)
            .map_err(|e| CliError::Output(std::io::Error::other(e)))?;
        output::println(&json)?;
    } else {
        output::print(&text(reports, config))?;
    }
    let Some(expectations) = expectations else {
        return Ok(());
    };
    let failures = expectations.check(reports)?;
    let total: usize = reports
        .iter()
        .filter_map(|r| expectations.variants.get(&r.variant))
        .map(Vec::len)
        .sum();
    for failure in &failures {
        output::eprintln(&format!("expectation failed: {failure}"));
    }
    if failures.is_empty() {
        output::eprintln(&format!(
            "all {total} expectations of {} hold",
            expectations.source
        ));
        Ok(())
    } else {
        Err(CliError::Expectations {
            failed: failures.len(),
            total,
            file: expectations.source,
        })
    }
}

/// The text report: a line naming the run, then the table.
fn text(reports: &[VariantReport], config: &CompareConfig) -> String {
    format!(
        "Self-play: {} games per variant by {}, seed {}, max {} plies, random opening {} plies\n\n{}",
        config.games,
        config.player,
        config.seed,
        config.max_plies,
        config.random_opening,
        bushka_arena::table(reports)
    )
}

/// Writes the bar chart of `--svg`.
fn write_chart(reports: &[VariantReport], path: &std::path::Path) -> Result<(), CliError> {
    bushka_charts::write_svg(reports, path).map_err(|error| CliError::File {
        path: path.display().to_string(),
        error,
    })
}

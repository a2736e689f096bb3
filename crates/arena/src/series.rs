//! Per-ply averages over a variant's games, and their line charts (SVG, `plotters`):
//! one chart per series, one line per variant.

use std::path::{Path, PathBuf};

use plotters::prelude::*;

use crate::chart::{COLOURS, chart_error};
use crate::compare::VariantReport;
use crate::error::ArenaError;
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

/// One chart: file stem, title, y axis label, and the series it draws.
type Plot = (
    &'static str,
    &'static str,
    &'static str,
    fn(&Series) -> &[f64],
);

/// The charts `write_series_svgs` draws, one file each.
pub const PLOTS: [Plot; 3] = [
    ("branching", "Legal moves per ply", "legal moves", |s| {
        &s.branching
    }),
    ("pieces", "Pieces on the board per ply", "pieces", |s| {
        &s.pieces
    }),
    (
        "evaluation",
        "Static evaluation per ply (White's view, -1..1)",
        "evaluation",
        |s| &s.evaluation,
    ),
];

/// Plies shown: up to the last ply that at least this share of games reached, so a
/// few long games do not flatten the chart into noise.
const MIN_SHARE_OF_GAMES: f64 = 0.1;

fn shown(series: &Series) -> usize {
    let total = series.games.first().copied().unwrap_or(0) as f64;
    series
        .games
        .iter()
        .take_while(|&&g| g as f64 >= total * MIN_SHARE_OF_GAMES)
        .count()
}

/// One chart as SVG text: the series `plot` of every report, a line each.
pub fn render_series_svg(reports: &[VariantReport], plot: &Plot) -> Result<String, ArenaError> {
    let (_, title, unit, values) = plot;
    let lines: Vec<(&str, &[f64])> = reports
        .iter()
        .map(|r| {
            let v = values(&r.series);
            (r.variant.as_str(), &v[..shown(&r.series).min(v.len())])
        })
        .collect();
    let x_max = lines.iter().map(|(_, v)| v.len()).max().unwrap_or(0).max(1);
    let (mut y_min, mut y_max) = lines
        .iter()
        .flat_map(|(_, v)| v.iter().copied())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), y| {
            (lo.min(y), hi.max(y))
        });
    if !y_min.is_finite() {
        (y_min, y_max) = (0.0, 1.0);
    }
    let pad = ((y_max - y_min) * 0.05).max(0.05);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(*title, ("sans-serif", 20))
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..x_max as f64, (y_min - pad)..(y_max + pad))
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .x_desc("ply")
            .y_desc(*unit)
            .draw()
            .map_err(chart_error)?;
        for (v, (name, ys)) in lines.iter().enumerate() {
            let colour = COLOURS[v % COLOURS.len()];
            chart
                .draw_series(LineSeries::new(
                    ys.iter().enumerate().map(|(i, &y)| (i as f64, y)),
                    colour.stroke_width(2),
                ))
                .map_err(chart_error)?
                .label(name.to_string())
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 16, y)], colour.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// Writes one SVG per chart of [`PLOTS`] into `dir` (created if missing) and returns
/// their paths.
pub fn write_series_svgs(
    reports: &[VariantReport],
    dir: &Path,
) -> Result<Vec<PathBuf>, std::io::Error> {
    std::fs::create_dir_all(dir)?;
    PLOTS
        .iter()
        .map(|plot| {
            let svg = render_series_svg(reports, plot).map_err(std::io::Error::other)?;
            let path = dir.join(format!("{}.svg", plot.0));
            std::fs::write(&path, svg)?;
            Ok(path)
        })
        .collect()
}

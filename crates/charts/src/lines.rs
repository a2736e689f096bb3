//! Per-ply line charts of a comparison: one chart per series of
//! [`bushka_arena::series::Series`], one line per variant.

use std::path::{Path, PathBuf};

use bushka_arena::VariantReport;
use bushka_arena::series::Series;
use plotters::prelude::*;

use crate::error::{ChartError, chart_error};
use crate::style::COLOURS;

/// One chart: file stem, title, y axis label, and the series it draws.
pub type Plot = (
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
pub fn render_series_svg(reports: &[VariantReport], plot: &Plot) -> Result<String, ChartError> {
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

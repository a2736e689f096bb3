//! An SVG chart of the main figures of a comparison, drawn with `plotters`.
//!
//! Three panels of grouped bars, one bar per variant in each group: game length
//! (mean and median plies, mean ply of the first promotion), counts (legal moves at
//! the start and on average, captures per game, pieces per capture, largest
//! capture) and rates (decisive, drawn, White's score, linear and piece capture
//! shares).

use std::path::Path;

use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use bushka_arena::VariantReport;

use crate::error::{ChartError, chart_error};
use crate::style::COLOURS;

/// A figure of a panel: its label and how to read it from a report.
type Figure = (&'static str, fn(&VariantReport) -> f64);

/// One panel: a title, a unit for the y axis, and its figures.
struct Panel {
    title: &'static str,
    unit: &'static str,
    figures: &'static [Figure],
}

const PANELS: [Panel; 3] = [
    Panel {
        title: "Game length",
        unit: "plies",
        figures: &[
            ("mean", |r| r.mean_plies),
            ("median", |r| r.median_plies),
            ("1st promotion", |r| {
                r.mean_first_promotion_ply.unwrap_or(0.0)
            }),
        ],
    },
    Panel {
        title: "Moves and captures",
        unit: "count",
        figures: &[
            ("moves at start", |r| r.branching_start as f64),
            ("moves, mean", |r| r.branching_mean),
            ("captures/game", |r| r.captures_per_game),
            ("pieces/capture", |r| r.mean_pieces_per_capture),
            ("largest capture", |r| r.largest_capture as f64),
        ],
    },
    Panel {
        title: "Rates",
        unit: "share of games or captures",
        figures: &[
            ("decisive", |r| r.decisive_rate),
            ("drawn", |r| r.draw_rate),
            ("White score", |r| r.white_score),
            ("linear capt.", |r| r.linear_capture_share),
            ("piece capt.", |r| r.piece_capture_share),
        ],
    },
];

/// The x axis of a panel: one group of bars centred on each whole number, labelled
/// with its figure's name.
struct Groups {
    labels: Vec<&'static str>,
    inner: RangedCoordf64,
}

impl Ranged for Groups {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, _hint: Hint) -> Vec<f64> {
        (0..self.labels.len()).map(|i| i as f64).collect()
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.inner.range()
    }
}

impl ValueFormatter<f64> for Groups {
    fn format(value: &f64) -> String {
        format!("{value}")
    }

    fn format_ext(&self, value: &f64) -> String {
        let i = value.round();
        if i >= 0.0 && (value - i).abs() < 1e-9 {
            self.labels
                .get(i as usize)
                .map_or_else(String::new, |l| (*l).to_string())
        } else {
            String::new()
        }
    }
}

/// The chart as SVG text.
pub fn render_svg(reports: &[VariantReport]) -> Result<String, ChartError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1500, 520)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let games = reports.first().map_or(0, |r| r.games);
        let player = reports.first().map_or("", |r| r.player.as_str());
        let title = reports.first().map_or_else(String::new, |r| {
            format!(
                "Self-play by {player}: {games} games per variant, max {} plies, random opening {} plies",
                r.max_plies, r.random_opening
            )
        });
        let root = root
            .titled(&title, ("sans-serif", 22))
            .map_err(chart_error)?;
        let panels = root.split_evenly((1, PANELS.len()));
        for (p, (panel, area)) in PANELS.iter().zip(panels.iter()).enumerate() {
            draw_panel(area, panel, reports, p == 0)?;
        }
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// Writes the chart to `path`.
pub fn write_svg(reports: &[VariantReport], path: &Path) -> Result<(), std::io::Error> {
    let svg = render_svg(reports).map_err(std::io::Error::other)?;
    std::fs::write(path, svg)
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    panel: &Panel,
    reports: &[VariantReport],
    legend: bool,
) -> Result<(), ChartError> {
    let groups = panel.figures.len();
    let top = panel
        .figures
        .iter()
        .flat_map(|(_, f)| reports.iter().map(f))
        .fold(0.0_f64, f64::max);
    let y_max = if top <= 1.0 && panel.unit.starts_with("share") {
        1.0
    } else {
        (top * 1.15).max(1.0)
    };
    let x_axis = Groups {
        labels: panel.figures.iter().map(|(label, _)| *label).collect(),
        inner: (-0.5..groups as f64 - 0.5).into(),
    };
    let mut chart = ChartBuilder::on(area)
        .caption(panel.title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(x_axis, 0.0..y_max)
        .map_err(chart_error)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .max_light_lines(0)
        .y_label_formatter(&|v| {
            let text = format!("{v:.3}");
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        })
        .x_label_style(("sans-serif", 12))
        .y_desc(panel.unit)
        .draw()
        .map_err(chart_error)?;
    let width = 0.8 / reports.len().max(1) as f64;
    for (v, report) in reports.iter().enumerate() {
        let colour = COLOURS[v % COLOURS.len()];
        let bars = panel.figures.iter().enumerate().map(|(g, (_, f))| {
            let x0 = g as f64 - 0.4 + v as f64 * width;
            Rectangle::new([(x0, 0.0), (x0 + width * 0.92, f(report))], colour.filled())
        });
        let series = chart.draw_series(bars).map_err(chart_error)?;
        if legend {
            series.label(report.variant.clone()).legend(move |(x, y)| {
                Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled())
            });
        }
    }
    if legend {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(chart_error)?;
    }
    Ok(())
}

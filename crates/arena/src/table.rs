//! The text table of a comparison: one row per figure, one column per variant.

use std::fmt::Write as _;

use crate::compare::VariantReport;
use crate::metrics::{Estimate, METRICS};

/// One row of the text table: a label and each report's value as text.
type Row = (&'static str, fn(&VariantReport) -> String);

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

const ROWS: &[Row] = &[
    ("cells", |r| r.cells.to_string()),
    ("men per side", |r| r.men_per_side.to_string()),
    ("branching at the start", |r| r.branching_start.to_string()),
    ("branching, mean", |r| format!("{:.1}", r.branching_mean)),
    ("games", |r| r.games.to_string()),
    ("distinct games", |r| r.distinct_games.to_string()),
    ("plies, mean", |r| format!("{:.1}", r.mean_plies)),
    ("plies, median", |r| format!("{:.1}", r.median_plies)),
    ("plies, shortest-longest", |r| {
        format!("{}-{}", r.shortest_plies, r.longest_plies)
    }),
    ("White wins", |r| r.white_wins.to_string()),
    ("draws", |r| r.draws.to_string()),
    ("Black wins", |r| r.black_wins.to_string()),
    ("decisive", |r| pct(r.decisive_rate)),
    ("drawn", |r| pct(r.draw_rate)),
    ("White's score", |r| pct(r.white_score)),
    ("wins by no legal move", |r| {
        r.no_legal_move_wins.to_string()
    }),
    ("threefold draws", |r| r.threefold_draws.to_string()),
    ("king-move draws", |r| r.king_move_draws.to_string()),
    ("ply-limit adjudications", |r| {
        r.ply_limit_adjudications.to_string()
    }),
    ("captures per game", |r| {
        format!("{:.1}", r.captures_per_game)
    }),
    ("linear captures", |r| pct(r.linear_capture_share)),
    ("piece captures", |r| pct(r.piece_capture_share)),
    ("pieces per capture", |r| {
        format!("{:.2}", r.mean_pieces_per_capture)
    }),
    ("largest capture", |r| r.largest_capture.to_string()),
    ("first promotion, mean ply", |r| {
        r.mean_first_promotion_ply
            .map_or_else(|| "-".to_string(), |p| format!("{p:.1}"))
    }),
    ("games with a promotion", |r| {
        r.games_with_promotion.to_string()
    }),
];

/// A number in a width that suits its size: one decimal from 10 up, two from 1 up,
/// three from 0.01 up, four below (clarity variances are small).
fn number(x: f64) -> String {
    let a = x.abs();
    if a >= 10.0 {
        format!("{x:.1}")
    } else if a >= 1.0 {
        format!("{x:.2}")
    } else if a >= 0.01 || a == 0.0 {
        format!("{x:.3}")
    } else {
        format!("{x:.4}")
    }
}

/// An estimate as `value [low, high]`, or `-` when nothing was measured.
pub fn estimate_text(estimate: Option<Estimate>) -> String {
    estimate.map_or_else(
        || "-".to_string(),
        |e| {
            format!(
                "{} [{}, {}]",
                number(e.value),
                number(e.low),
                number(e.high)
            )
        },
    )
}

/// The reports as a text table: one row per figure, one column per variant; the
/// Ludii-style metrics follow with their 95% intervals.
pub fn table(reports: &[VariantReport]) -> String {
    let labels: Vec<&str> = ROWS
        .iter()
        .map(|(l, _)| *l)
        .chain(METRICS.iter().map(|m| m.label))
        .collect();
    let label_width = labels.iter().map(|l| l.len()).max().unwrap_or(0);
    let cells: Vec<Vec<String>> = reports
        .iter()
        .map(|r| {
            ROWS.iter()
                .map(|(_, f)| f(r))
                .chain(METRICS.iter().map(|m| estimate_text(r.metric(m.key))))
                .collect()
        })
        .collect();
    let widths: Vec<usize> = reports
        .iter()
        .zip(&cells)
        .map(|(r, col)| {
            col.iter()
                .map(String::len)
                .chain([r.variant.len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    let _ = write!(out, "{:label_width$}", "");
    for (r, w) in reports.iter().zip(&widths) {
        let _ = write!(out, "  {:>w$}", r.variant);
    }
    out.push('\n');
    for (i, label) in labels.iter().enumerate() {
        if i == ROWS.len() {
            out.push_str("\nmetrics, value [95% interval]\n");
        }
        let _ = write!(out, "{label:label_width$}");
        for (col, w) in cells.iter().zip(&widths) {
            let _ = write!(out, "  {:>w$}", col[i]);
        }
        out.push('\n');
    }
    out
}

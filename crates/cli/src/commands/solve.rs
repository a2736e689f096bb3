//! `bushka solve`: build endgame tables by retrograde analysis and report them.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bushka_geometry::Colour;
use bushka_session::{Variant, line_text};
use bushka_tablebase::{MAX_PIECES, Material, Progress, Table, Tablebases, Value, load_dir, save};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::commands::{DEFAULT_VARIANT, load_variant};
use crate::error::CliError;
use crate::output;

/// Solve endings exactly: every placement of the material with either side to move,
/// by retrograde analysis under the variant's rules. Prints the position count, wins,
/// draws and losses per side to move, and the longest win with its line. Signatures
/// reached by captures and promotions are solved first (or read from `--save DIR`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A built-in variant (see `bushka variants`) or a path to a variant file.
    #[arg(long, value_name = "VARIANT", default_value = DEFAULT_VARIANT)]
    variant: String,
    /// White's pieces `v` Black's, kings `K` and men `M`: `3K v 1K`, `2K1M v 1K`.
    /// May be repeated.
    #[arg(long, value_name = "SIGNATURE", required_unless_present = "pieces")]
    material: Vec<String>,
    /// Solve every signature with at most this many pieces (both colours present).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=MAX_PIECES as i64))]
    pieces: Option<u32>,
    /// Directory for table files: tables already there are reused, new ones are saved.
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
}

/// Runs `solve`.
pub fn run(args: Args) -> Result<(), CliError> {
    let geometry = load_variant(&args.variant)?;
    let mut targets = Vec::new();
    for text in &args.material {
        targets.push(text.parse::<Material>()?);
    }
    if let Some(n) = args.pieces {
        // Kings only for a colour that can have them: one with a promotion zone or
        // with kings at the start (Fanorona's stones never crown).
        let kings_possible = |c: Colour| {
            let side = geometry.side(c);
            !side.promotion.is_empty() || !side.kings.is_empty()
        };
        targets.extend(Material::up_to(n).into_iter().filter(|m| {
            Colour::BOTH
                .iter()
                .all(|&c| m.kings[c] == 0 || kings_possible(c))
        }));
    }
    let mut tables = match &args.save {
        Some(dir) if dir.is_dir() => load_dir(dir, &geometry)?,
        _ => Tablebases::new(&geometry),
    };
    run_on(&Variant::new(geometry), &mut tables, &targets)?;
    if let Some(dir) = &args.save {
        let paths = save(&tables, dir)?;
        output::println(&format!(
            "saved {} table files in {}",
            paths.len(),
            dir.display()
        ))?;
    }
    Ok(())
}

/// A progress bar per solver round, and the start of each table for the timings.
struct Bar {
    bar: ProgressBar,
    starts: Mutex<Vec<(Material, u64, Instant)>>,
}

impl Progress for Bar {
    fn round(&self, material: Material, round: u16, positions: u64) {
        if round == 0
            && let Ok(mut starts) = self.starts.lock()
        {
            starts.push((material, positions, Instant::now()));
        }
        self.bar.set_length(positions);
        self.bar.set_position(0);
        self.bar.set_message(format!("{material}, round {round}"));
    }

    fn advance(&self, positions: u64) {
        self.bar.inc(positions);
    }
}

fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(1), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{msg:>24} [{bar:40.cyan/blue}] {pos}/{len} positions, {elapsed_precise}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

fn run_on(
    variant: &Variant,
    tables: &mut Tablebases,
    targets: &[Material],
) -> Result<(), CliError> {
    let progress = Bar {
        bar: progress_bar(),
        starts: Mutex::new(Vec::new()),
    };
    let start = Instant::now();
    for &material in targets {
        variant.solve(tables, material, &progress)?;
    }
    let end = Instant::now();
    progress.bar.finish_and_clear();
    let starts = progress.starts.into_inner().unwrap_or_default();
    for (i, (material, positions, at)) in starts.iter().enumerate() {
        let until = starts.get(i + 1).map_or(end, |s| s.2);
        output::println(&format!(
            "solved {material}: {positions} indices in {}",
            seconds(until - *at)
        ))?;
    }
    output::println(&format!(
        "total {} ({}){}",
        seconds(end - start),
        rayon_threads(),
        peak_memory().map_or(String::new(), |m| format!(", peak memory {m}"))
    ))?;
    for &material in targets {
        report(variant, tables, material)?;
    }
    Ok(())
}

fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

fn rayon_threads() -> String {
    let n = rayon::current_num_threads();
    format!("{n} thread{}", if n == 1 { "" } else { "s" })
}

/// Peak resident memory of this process (Linux), e.g. `212 MiB`.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(format!("{} MiB", kib / 1024))
}

/// Prints what the table of `material` holds.
fn report(variant: &Variant, tables: &Tablebases, material: Material) -> Result<(), CliError> {
    let (table, swapped): (&Table, bool) = match tables.table(&material) {
        Some(t) => (t, false),
        None => match tables.table(&material.swapped()) {
            Some(t) => (t, true),
            None => return Ok(()),
        },
    };
    let summary = table.summary();
    let mut text = format!(
        "\n{material} on {}: {} positions",
        variant.geometry().meta().id,
        summary.positions()
    );
    if swapped {
        text.push_str(&format!(
            " (read from {} with colours exchanged)",
            table.material()
        ));
    }
    text.push('\n');
    for (side, counts) in summary.counts.iter() {
        // A table read with colours exchanged counts the other colour's positions.
        let side = if swapped { side.opponent() } else { side };
        text.push_str(&format!(
            "  {} to move: {} wins, {} draws, {} losses\n",
            side.name(),
            counts.wins,
            counts.draws,
            counts.losses
        ));
    }
    match summary.longest_win {
        None => text.push_str("  no position is won\n"),
        Some((plies, index)) => {
            if let Some(pos) = variant.table_position(table, index) {
                let line = pos.table_line(tables, usize::from(plies));
                text.push_str(&format!(
                    "  longest win: {plies} plies, e.g. {}\n  winning line: {}\n",
                    pos.text(),
                    line_text(&line)
                ));
                debug_assert_eq!(pos.probe(tables), Some(Value::Win(plies)));
            }
        }
    }
    output::print(&text)
}

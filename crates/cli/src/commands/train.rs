//! `bushka train`: a learned evaluation for a variant, from self-play.

use std::path::PathBuf;

use crate::commands::arena_common::progress_of;
use crate::commands::load_variant;
use crate::error::CliError;
use crate::output;
use bushka_geometry::{EvalWeights, FeatureLayout};
use bushka_train::{Progress, TrainOptions, train};

/// Arguments of `bushka train`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The variant: a built-in name or a variant file.
    #[arg(long, default_value = crate::commands::DEFAULT_VARIANT)]
    variant: String,
    /// Self-play games.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    games: u32,
    /// Nodes each self-play search may visit.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Random moves that open each game.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=200))]
    random_plies: u32,
    /// A game still going after this many plies counts as drawn.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_plies: u32,
    /// Passes of the fit over the positions.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    epochs: u32,
    /// How much a position's target is its game's result, the rest being the
    /// self-play search's score of it (1: results alone).
    #[arg(long, default_value_t = 0.3)]
    lambda: f64,
    /// L2 penalty per weight of the fit; several, comma-separated, fit once each and
    /// keep the weights with the lowest held-out loss.
    #[arg(
        long,
        value_delimiter = ',',
        default_values_t = [bushka_train::DEFAULT_L2],
        allow_negative_numbers = true
    )]
    l2: Vec<f64>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Play the self-play games with this learned evaluation (a weights file for this
    /// variant's board, e.g. an earlier training's) instead of the hand-written one: a
    /// second round of training.
    #[arg(long, value_name = "WEIGHTS")]
    player_weights: Option<PathBuf>,
    /// The weights file to write (name it in the variant file as `[evaluation]
    /// weights`).
    #[arg(long)]
    out: PathBuf,
}

/// Runs `bushka train`.
pub fn run(args: Args) -> Result<(), CliError> {
    let mut geometry = load_variant(&args.variant)?;
    if let Some(path) = &args.player_weights {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| CliError::File {
            path: origin.clone(),
            error,
        })?;
        let weights = EvalWeights::parse(&text, &origin, &FeatureLayout::of(&geometry))?;
        geometry = geometry.with_weights(weights);
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let options = TrainOptions {
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        seed: args.seed,
        threads,
        epochs: args.epochs,
        lambda: args.lambda,
        l2: args.l2.clone(),
        learned_player: args.player_weights.is_some(),
        ..TrainOptions::default()
    };
    let player = args
        .player_weights
        .as_ref()
        .map(|p| format!(" --player-weights {}", p.display()))
        .unwrap_or_default();
    let l2 = if args.l2 == [bushka_train::DEFAULT_L2] {
        String::new()
    } else {
        let list: Vec<String> = args.l2.iter().map(f64::to_string).collect();
        format!(" --l2 {}", list.join(","))
    };
    let command = format!(
        "bushka train --variant {} --games {} --nodes {} --random-plies {} --max-plies {} --epochs {} --lambda {}{l2} --seed {}{player}",
        args.variant,
        args.games,
        args.nodes,
        args.random_plies,
        args.max_plies,
        args.epochs,
        args.lambda,
        args.seed
    );
    let games = progress_of(u64::from(args.games), "self-play", "games");
    let passes = u64::from(args.epochs) * args.l2.len() as u64;
    let epochs = progress_of(passes, "fit", "passes");
    epochs.set_position(0);
    let progress = Progress {
        game: &|| games.inc(1),
        epoch: &|done| {
            games.finish_and_clear();
            epochs.set_position(u64::from(done));
        },
    };
    let report = train(&geometry, &options, &command, &progress)?;
    epochs.finish_and_clear();
    let text = report
        .weights
        .to_toml(&report.layout)
        .map_err(|e| CliError::Usage(format!("cannot write the weights: {e}")))?;
    std::fs::write(&args.out, text).map_err(|error| CliError::File {
        path: args.out.display().to_string(),
        error,
    })?;
    let [white, draws, black] = report.results;
    let penalties = if report.penalties.len() > 1 {
        let lines: Vec<String> = report
            .penalties
            .iter()
            .map(|(l2, held)| {
                let kept = if *l2 == report.l2 { " (kept)" } else { "" };
                format!("L2 {l2:e}: held-out loss {held:.4}{kept}\n")
            })
            .collect();
        lines.concat()
    } else {
        String::new()
    };
    let (fitted, held) = report.positions;
    output::println(&format!(
        "{} games: White won {white}, drawn {draws}, Black won {black}\n\
         {fitted} positions fitted, {held} held out (every tenth game's)\n\
         {penalties}\
         loss (mean cross-entropy): fitted {:.4}, held out {:.4}, a constant guess {:.4}\n\
         {} weights, {:.1} centi-men per logit, written to {}",
        args.games,
        report.train_loss,
        report.held_loss,
        report.constant_loss,
        report.layout.len(),
        report.weights.scale,
        args.out.display()
    ))?;
    Ok(())
}

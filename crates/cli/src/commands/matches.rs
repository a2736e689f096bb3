//! `bushka match`: games between two players, alternating colours, with a score.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use bushka_arena::{
    DEFAULT_COMPARE_OPENING, MatchConfig, MatchGame, MatchReport, SavedGame, Score, Sprt,
    SprtStatus, Verdict, read_ballots, run_match, threads_in_use,
};
use bushka_engine::{TimeControl, Timed, Timing};
use bushka_geometry::read_text_file;
use bushka_rules::MAX_RECORD_BYTES;
use bushka_session::Variant;

use crate::commands::arena_common::{automated_spec, progress};
use crate::commands::record_file::tag_name;
use crate::commands::{DEFAULT_VARIANT, load_variant};
use crate::error::CliError;
use crate::output;

/// Play games between two players, alternating colours (the --white spec has White
/// in games 1, 3, 5...), on all cores, reproducibly for a seed (players with a
/// `movetime` or a clock depend on the machine, and engines searching on several
/// threads on their timing). Either player may be a program that
/// speaks Hub, UGI or DXP. Prints the first spec's score with a 95% interval and the
/// Elo difference, the games by how they ended, and as the last line `score W-D-L`
/// for the first spec. A program that crashes, hangs, writes garbage or an illegal
/// move, or runs out of time loses the game (a forfeit, with its reason).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A built-in variant (see `bushka variants`) or a path to a variant file.
    #[arg(long, value_name = "VARIANT", default_value = DEFAULT_VARIANT)]
    variant: String,
    /// The first player, White in the first game: random[:seed=S], greedy[:seed=S],
    /// engine[:level=1..8|easy|medium|hard|max][:movetime=MS][:depth=D][:nodes=N]
    /// [:margin=CP][:seed=S][:hash=MIB][:threads=T][:tablebases=DIR][:eval=classic], or a program:
    /// hub[,OPTION=VALUE...]:COMMAND,
    /// ugi[,OPTION=VALUE...]:COMMAND, dxp[,OPTION=VALUE...]:HOST:PORT[-PORT].
    #[arg(long, value_name = "SPEC")]
    white: String,
    /// The second player, Black in the first game.
    #[arg(long, value_name = "SPEC")]
    black: String,
    /// Number of games (with --sprt, the most played).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Stop a game after this many plies (the opening included) and score it a draw.
    #[arg(long, value_name = "M", default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// Seed of the random openings and of the random players' choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Open each pair of games with K uniformly random plies, the same for both
    /// colour orders (0 plays every game from the start position, or the ballot).
    /// With --ballots, the default is 0.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(0..=1000))]
    random_opening: Option<u64>,
    /// Open pair N of games (both colour orders) with ballot N of FILE, cycling
    /// through them: one position string or list of moves from the start a line
    /// (`#` starts a comment). variants/ballots/ has International's 2-move ballots.
    #[arg(long, value_name = "FILE")]
    ballots: Option<PathBuf>,
    /// Every player on a clock: [MOVES/]SECONDS[+INCREMENT], e.g. 75/60 (60 s for
    /// each 75 moves) or 60+0.5. A player whose move takes longer than its clock
    /// (plus --time-margin) loses on time.
    #[arg(long, value_name = "TC", conflicts_with = "movetime")]
    tc: Option<TimeControl>,
    /// Every move within SECONDS (a player told so, and loses on time past it plus
    /// --time-margin).
    #[arg(long, value_name = "SECONDS", value_parser = bushka_engine::seconds)]
    movetime: Option<std::time::Duration>,
    /// How far past its time, in milliseconds, a move still counts (the time messages
    /// take between programs).
    #[arg(long, value_name = "MS", default_value_t = 250, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    time_margin: u64,
    /// Print one line per game: the players' colours, the result and how it ended.
    #[arg(long)]
    each: bool,
    /// Write every game as a game record `DIR/game-NNNN.pdn` (created if missing),
    /// each as soon as its game ends, so the finished games of a long match survive
    /// an interruption.
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// Go on with the match whose games --save DIR holds (an interrupted run of this
    /// same command): the games of the first --games found there are read back,
    /// checked to be this match's (variant, seed, players, opening, time control, to
    /// the byte), and counted; only the others are played.
    #[arg(long, requires = "save")]
    resume: bool,
    /// Stop as soon as a sequential probability ratio test tells two Elo differences
    /// of the --white spec over the --black one apart: ELO0,ELO1 (H0 and H1, in
    /// logistic Elo) or ELO0,ELO1,ALPHA,BETA (the error rates, 0.05 each by default).
    /// Games count in pairs (one opening, both colour orders), in order, so the
    /// verdict does not depend on the threads, and no verdict comes before 10 pairs;
    /// --games is the most games played.
    #[arg(
        long,
        value_name = "ELO0,ELO1[,ALPHA,BETA]",
        allow_hyphen_values = true
    )]
    sprt: Option<Sprt>,
}

/// Runs `match`.
pub fn run(args: Args) -> Result<(), CliError> {
    let first = automated_spec(&args.white)?;
    let second = automated_spec(&args.black)?;
    let variant = Variant::new(load_variant(&args.variant)?);
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir).map_err(|error| CliError::File {
            path: dir.display().to_string(),
            error,
        })?;
    }
    let ballots = match &args.ballots {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|error| CliError::File {
                path: path.display().to_string(),
                error,
            })?;
            let ballots = read_ballots(&text);
            if ballots.is_empty() {
                return Err(CliError::Usage(format!(
                    "{}: no ballot in the file",
                    path.display()
                )));
            }
            ballots
        }
        None => Vec::new(),
    };
    let default_opening = if ballots.is_empty() {
        DEFAULT_COMPARE_OPENING as u64
    } else {
        0
    };
    let timing = match (args.tc, args.movetime) {
        (Some(tc), _) => Some(Timing::Control(tc)),
        (None, Some(t)) => Some(Timing::PerMove(t)),
        (None, None) => None,
    };
    let config = MatchConfig {
        max_plies: args.max_plies as usize,
        seed: args.seed,
        random_opening: args.random_opening.unwrap_or(default_opening) as usize,
        ballots,
        timed: timing.map(|timing| Timed {
            timing,
            margin: std::time::Duration::from_millis(args.time_margin),
        }),
        threads: args.threads.map(|t| t as usize),
        record_tags: args.save.as_ref().map(|_| {
            vec![
                ("Event".to_string(), "bushka match".to_string()),
                ("Variant".to_string(), tag_name(&args.variant)),
                ("Seed".to_string(), args.seed.to_string()),
            ]
        }),
        sprt: args.sprt,
        ..MatchConfig::new(first, second, args.games as usize)
    };
    let width = config.games.to_string().len().max(4);
    let saved = match (&args.save, args.resume) {
        (Some(dir), true) => saved_games(dir, config.games, width)?,
        _ => Vec::new(),
    };
    if let Some(dir) = args.save.as_ref().filter(|_| args.resume) {
        output::eprintln(&format!(
            "resuming: {} of the {} games found in {}",
            saved.len(),
            config.games,
            dir.display()
        ));
    }
    let bar = progress(config.games, "match");
    let failed: Mutex<Option<CliError>> = Mutex::new(None);
    let report = run_match(variant.board(), &config, &saved, &|game| {
        if let Some(dir) = &args.save
            && let Err(error) = save(game, dir, width)
        {
            failed
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get_or_insert(error);
        }
        bar.inc(1);
    })?;
    bar.finish_and_clear();
    if let Some(error) = failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(error);
    }
    let distinct: HashSet<u64> = report.games.iter().map(|g| g.stats.fingerprint).collect();
    if distinct.len() < report.games.len() {
        output::eprintln(&format!(
            "warning: only {} of the {} games differ, so the repeats add nothing to the score; \
             vary them with --random-opening K or an engine with a margin (engine:level=L)",
            distinct.len(),
            report.games.len()
        ));
    }
    let mut text = describe(&report, &variant);
    if args.each {
        text = each_game(&report) + &text;
    }
    output::print(&text)
}

/// One line per game: `game 1: engine (White) against random (Black): 1-0, no legal
/// move, 61 plies`.
fn each_game(report: &MatchReport) -> String {
    let width = report.games.len().to_string().len();
    let mut text = String::new();
    for game in &report.games {
        let (white, black) = if game.first_is_white {
            (&report.first, &report.second)
        } else {
            (&report.second, &report.first)
        };
        let result = match game.stats.winner {
            Some(bushka_geometry::Colour::White) => "1-0",
            Some(bushka_geometry::Colour::Black) => "0-1",
            None => "1/2-1/2",
        };
        text.push_str(&format!(
            "game {:>width$}: {white} (White) against {black} (Black): {result}, {}, {} plies\n",
            game.index + 1,
            game.reason(),
            game.stats.plies
        ));
    }
    text.push('\n');
    text
}

/// Where game `index` (from 0) of a match is kept: `DIR/game-NNNN.pdn`, numbered
/// from 1 with at least `width` digits.
fn saved_path(dir: &Path, index: usize, width: usize) -> PathBuf {
    dir.join(format!("game-{:0width$}.pdn", index + 1))
}

/// Writes one finished game's record where [`saved_path`] keeps it, whole or not at
/// all (a temporary file renamed into place, so an interruption never leaves half a
/// record); a record already there as it is (a game read back) is left alone.
fn save(game: &MatchGame, dir: &Path, width: usize) -> Result<(), CliError> {
    let Some(record) = &game.record else {
        return Ok(());
    };
    let path = saved_path(dir, game.index, width);
    if std::fs::read(&path).is_ok_and(|kept| kept == record.as_bytes()) {
        return Ok(());
    }
    let partial = path.with_extension("pdn.partial");
    std::fs::write(&partial, record)
        .and_then(|()| std::fs::rename(&partial, &path))
        .map_err(|error| {
            let _ = std::fs::remove_file(&partial);
            CliError::File {
                path: path.display().to_string(),
                error,
            }
        })
}

/// The games of the first `games` that `dir` keeps, read within the record size cap.
fn saved_games(dir: &Path, games: usize, width: usize) -> Result<Vec<SavedGame>, CliError> {
    let mut saved = Vec::new();
    for index in 0..games {
        let path = saved_path(dir, index, width);
        if !path.exists() {
            continue;
        }
        let name = path.display().to_string();
        let text =
            read_text_file(&path, MAX_RECORD_BYTES as u64).map_err(|error| CliError::File {
                path: name.clone(),
                error,
            })?;
        saved.push(SavedGame { index, name, text });
    }
    Ok(saved)
}

fn signed(elo: f64) -> String {
    format!("{elo:+.0}")
}

/// `+191 (95% interval +60 to +340)`; a clean sweep has no finite Elo, so it is
/// reported by the interval's finite end: `> +168 (...)`.
fn elo_text(score: &Score) -> String {
    let (low, high) = score.elo_interval();
    let estimate = score.elo();
    if estimate == f64::INFINITY {
        format!(
            "> {} (the lower end of the 95% interval; every game was won)",
            signed(low)
        )
    } else if estimate == f64::NEG_INFINITY {
        format!(
            "< {} (the upper end of the 95% interval; every game was lost)",
            signed(high)
        )
    } else {
        format!(
            "{} (95% interval {} to {})",
            signed(estimate),
            signed(low),
            signed(high)
        )
    }
}

/// The test's verdict and ratio, and the pairs it counted.
fn sprt_lines(status: &SprtStatus) -> [String; 2] {
    let (lower, upper) = status.sprt.bounds();
    let pairs = status.pairs.pairs();
    let verdict = match status.verdict {
        Some(Verdict::H1) => format!("H1 accepted after {pairs} pairs"),
        Some(Verdict::H0) => format!("H0 accepted after {pairs} pairs"),
        None => format!("no verdict after {pairs} pairs (the --games limit)"),
    };
    let [zero, half, one, one_half, two] = status.pairs.0;
    [
        format!(
            "SPRT ({}): {verdict}; LLR {:.2} (bounds {:.2} and {:.2})",
            status.sprt, status.llr, lower, upper
        ),
        format!(
            "Pairs by points: {zero} with 0, {half} with 1/2, {one} with 1, \
             {one_half} with 3/2, {two} with 2"
        ),
    ]
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn describe(report: &MatchReport, variant: &Variant) -> String {
    let c = &report.config;
    let meta = variant.geometry().meta();
    let games = report.games.len();
    let plies: usize = report.games.iter().map(|g| g.stats.plies).sum();
    let mut lines = vec![
        format!(
            "{} against {} on {} ({}): {games} games, colours alternating",
            report.first, report.second, meta.name, meta.id
        ),
        format!(
            "max {} plies, seed {}, {}random opening {} plies, {}{}",
            c.max_plies,
            c.seed,
            if c.ballots.is_empty() {
                String::new()
            } else {
                format!("{} ballots, ", c.ballots.len())
            },
            c.random_opening,
            match c.timed.map(|t| t.timing) {
                None => String::new(),
                Some(Timing::Control(tc)) => format!("clock {tc}, "),
                Some(per_move) => format!("{per_move}, "),
            },
            match threads_in_use(c.threads) {
                1 => "1 thread".to_string(),
                t => format!("{t} threads"),
            }
        ),
        String::new(),
    ];
    let t = &report.total;
    lines.push(format!(
        "{}: {} wins, {} draws, {} losses (as White {}-{}-{}, as Black {}-{}-{})",
        report.first,
        t.wins,
        t.draws,
        t.losses,
        report.as_white.wins,
        report.as_white.draws,
        report.as_white.losses,
        report.as_black.wins,
        report.as_black.draws,
        report.as_black.losses,
    ));
    let s = &report.score;
    lines.push(format!(
        "Score: {}/{} = {} (95% interval {} to {})",
        s.points,
        s.games,
        pct(s.fraction),
        pct(s.low),
        pct(s.high)
    ));
    lines.push(format!("Elo difference: {}", elo_text(s)));
    if let Some(status) = &report.sprt {
        lines.extend(sprt_lines(status));
    }
    // Forfeits happen only with programs: named only when they happened.
    let forfeits = |n: usize| match n {
        0 => String::new(),
        n => format!(", {n} by forfeit"),
    };
    lines.push(format!(
        "Wins: {} by no legal move, {} by resignation{}",
        report.wins_no_legal_move,
        report.wins_resignation,
        forfeits(report.wins_forfeit)
    ));
    lines.push(format!(
        "Losses: {} by no legal move, {} by resignation{}",
        report.losses_no_legal_move,
        report.losses_resignation,
        forfeits(report.losses_forfeit)
    ));
    // The move-count draws exist only in draughts variants: named only when they
    // happened.
    let counted = |n: usize, by: &str| match n {
        0 => String::new(),
        n => format!(", {n} by {by}"),
    };
    let king_moves = counted(report.draws_king_moves, "king moves without capture");
    let lone_king = counted(report.draws_lone_king, "a lone king held out");
    lines.push(format!(
        "Draws: {} by repetition, {} by agreement{king_moves}{lone_king}, {} ply-limit \
         adjudications",
        report.draws_repetition, report.draws_agreement, report.ply_limit_adjudications
    ));
    lines.push(format!(
        "White won {}, Black won {}; mean length {:.1} plies",
        report.white_wins,
        report.black_wins,
        if games == 0 {
            0.0
        } else {
            plies as f64 / games as f64
        }
    ));
    lines.push(report.summary_line());
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

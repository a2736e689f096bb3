//! Matches and variant comparisons: real games played on every board, and facts about
//! the reports that must hold.
//!
//! The normal suite uses random and greedy players and shallow engines, so it runs in
//! seconds. The `#[ignore]`d tests at the end play hundreds of engine games:
//! `cargo test --release -p bushka-tests --test compare -- --ignored`.

use bushka_arena::{
    CompareConfig, DEFAULT_COMPARE_PLAYER, GameResult, GameStats, MatchConfig, MatchReport,
    Termination, VariantReport, compare, run_match,
};
use bushka_engine::{End, PlayerSpec};
use bushka_geometry::{Colour, Goal};
use bushka_rules::{AnyBoard, Bits, Board, Game, Record, with_board};
use bushka_tests::{ALL_BUILTINS, OFFICIAL, builtin};

fn board(name: &str) -> AnyBoard {
    AnyBoard::new(builtin(name))
}

fn spec(text: &str) -> PlayerSpec {
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` is a player spec: {e}"))
}

fn config(player: &str, games: usize, max_plies: usize) -> CompareConfig {
    CompareConfig {
        games,
        player: spec(player),
        seed: 7,
        max_plies,
        random_opening: 2,
        threads: None,
    }
}

fn run_compare(names: &[&str], config: &CompareConfig) -> Vec<VariantReport> {
    let boards: Vec<AnyBoard> = names.iter().map(|n| board(n)).collect();
    compare(&boards, config).unwrap_or_else(|e| panic!("compare runs: {e}"))
}

/// Every count in a report adds up, and every game says how it ended.
fn check_report(report: &VariantReport, config: &CompareConfig) {
    let v = &report.variant;
    assert_eq!(report.games, config.games, "{v}: games");
    assert_eq!(
        report.game_stats.len(),
        report.games,
        "{v}: one entry per game"
    );
    assert_eq!(
        report.white_wins + report.draws + report.black_wins,
        report.games,
        "{v}: wins + draws + losses = games"
    );
    assert_eq!(
        report.no_legal_move_wins + report.resignations,
        report.white_wins + report.black_wins,
        "{v}: every win has a reason"
    );
    assert_eq!(
        report.threefold_draws
            + report.agreement_draws
            + report.king_move_draws
            + report.ply_limit_adjudications,
        report.draws,
        "{v}: every draw has a reason"
    );
    assert_eq!(
        report.resignations, 0,
        "{v}: automated players never resign"
    );
    assert_eq!(
        report.agreement_draws, 0,
        "{v}: automated players never agree"
    );
    let n = report.games as f64;
    assert!((report.decisive_rate + report.draw_rate - 1.0).abs() < 1e-9);
    assert!(
        (report.white_score - (report.white_wins as f64 + report.draws as f64 / 2.0) / n).abs()
            < 1e-9
    );
    for (i, g) in report.game_stats.iter().enumerate() {
        assert_eq!(g.index, i, "{v}: games in index order");
        assert!(
            g.plies <= config.max_plies,
            "{v} game {i}: within the limit"
        );
        match g.termination {
            Termination::PlyLimit => {
                assert_eq!(
                    g.plies, config.max_plies,
                    "{v} game {i}: stopped at the limit"
                );
                assert_eq!(g.winner, None);
            }
            Termination::NoLegalMove | Termination::Resignation | Termination::Forfeit => {
                assert!(g.winner.is_some(), "{v} game {i}: a win has a winner")
            }
            Termination::Repetition
            | Termination::Agreement
            | Termination::KingMoves
            | Termination::LoneKing => {
                assert_eq!(g.winner, None, "{v} game {i}: a draw has no winner")
            }
        }
        if g.termination == Termination::NoLegalMove {
            // The first mover moves on even plies. The side to move at the end lost,
            // unless the goal is reversed (it won then); under "first-king-wins" the
            // player who crowned the king moved last.
            let rules = *builtin(v).rules();
            let to_move = if g.plies % 2 == 0 {
                rules.first
            } else {
                rules.first.opponent()
            };
            let winner = match rules.goal {
                Goal::NoMovesWins => to_move,
                Goal::NoMovesLoses | Goal::FirstKingWins => to_move.opponent(),
            };
            assert_eq!(g.winner, Some(winner), "{v} game {i}: the goal's winner");
        }
    }
    let captures: usize = report.game_stats.iter().map(GameStats::captures).sum();
    if captures > 0 {
        assert!((report.linear_capture_share + report.piece_capture_share - 1.0).abs() < 1e-9);
        assert!(report.mean_pieces_per_capture >= 1.0);
        assert!(report.largest_capture >= 1);
        assert!(report.mean_pieces_per_capture <= report.largest_capture as f64);
    }
    let lengths = report.game_stats.iter().map(|g| g.plies);
    assert_eq!(report.shortest_plies, lengths.clone().min().unwrap_or(0));
    assert_eq!(report.longest_plies, lengths.max().unwrap_or(0));
    assert!(report.shortest_plies as f64 <= report.median_plies);
    assert!(report.median_plies <= report.longest_plies as f64);
    assert!(report.distinct_games <= report.games && report.distinct_games >= 1);
    assert_eq!(
        report.games_with_promotion,
        report
            .game_stats
            .iter()
            .filter(|g| g.first_promotion_ply.is_some())
            .count()
    );
    assert_eq!(
        report.mean_first_promotion_ply.is_some(),
        report.games_with_promotion > 0
    );
}

#[test]
fn every_game_on_every_board_ends_by_a_rule_or_the_ply_limit() {
    for player in ["greedy", "random"] {
        let config = config(player, 6, 300);
        let reports = run_compare(&ALL_BUILTINS, &config);
        assert_eq!(reports.len(), ALL_BUILTINS.len());
        for (report, name) in reports.iter().zip(ALL_BUILTINS) {
            assert_eq!(report.variant, name);
            check_report(report, &config);
        }
    }
}

#[test]
fn shallow_engine_games_end_and_add_up_on_the_official_boards() {
    let config = config("engine:depth=1:hash=1", 4, 200);
    let names: Vec<&str> = OFFICIAL.iter().map(|o| o.0).collect();
    for report in run_compare(&names, &config) {
        check_report(&report, &config);
    }
}

#[test]
fn greedy_games_mostly_end_by_a_rule() {
    // Greedy players capture whatever they can, so material runs out and games end
    // by a rule well before 400 plies on the official boards.
    let config = config("greedy", 10, 400);
    let names: Vec<&str> = OFFICIAL.iter().map(|o| o.0).collect();
    for report in run_compare(&names, &config) {
        check_report(&report, &config);
        let by_rule = report
            .game_stats
            .iter()
            .filter(|g| g.termination.by_rule())
            .count();
        assert!(
            by_rule * 2 > report.games,
            "{}: {by_rule} of {}",
            report.variant,
            report.games
        );
        assert!(report.captures_per_game > 5.0, "{}", report.variant);
    }
}

#[test]
fn the_report_describes_the_boards() {
    let config = config("random", 2, 20);
    let names: Vec<&str> = OFFICIAL.iter().map(|o| o.0).collect();
    let reports = run_compare(&names, &config);
    for (report, (name, cells, _, men)) in reports.iter().zip(OFFICIAL) {
        assert_eq!(report.variant, name);
        assert_eq!(report.cells, cells, "{name}");
        assert_eq!(report.men_per_side, men, "{name}");
    }
    let start = |name: &str| {
        reports
            .iter()
            .find(|r| r.variant == name)
            .map(|r| r.branching_start)
    };
    assert_eq!(start("bushka"), Some(24), "crates/rules/RULES.md perft(1)");
    assert_eq!(start("bushka-9x11"), Some(26));
    assert_eq!(start("hexbushka"), Some(38));
}

#[test]
fn hexbushka_has_more_moves_than_bushka_at_the_start_and_on_average() {
    let config = config("greedy", 8, 300);
    let reports = run_compare(&["bushka", "hexbushka"], &config);
    let (bushka, hex) = (&reports[0], &reports[1]);
    assert!(hex.branching_start > bushka.branching_start);
    assert_eq!((bushka.branching_start, hex.branching_start), (24, 38));
    assert!(
        hex.branching_mean > bushka.branching_mean,
        "hexbushka {} vs bushka {}",
        hex.branching_mean,
        bushka.branching_mean
    );
    for g in &hex.game_stats {
        assert_eq!(g.branching_start, 38);
    }
}

#[test]
fn the_same_seed_gives_the_same_report_whatever_the_threads() {
    let names = ["bushka", "hexbushka-4"];
    let mut base = config("engine:depth=2:hash=1", 6, 200);
    base.threads = Some(1);
    let one = run_compare(&names, &base);
    let two = run_compare(
        &names,
        &CompareConfig {
            threads: Some(2),
            ..base.clone()
        },
    );
    let default = run_compare(
        &names,
        &CompareConfig {
            threads: None,
            ..base.clone()
        },
    );
    assert_eq!(one, two);
    assert_eq!(one, default);
    let other = run_compare(&names, &CompareConfig { seed: 8, ..base });
    assert_ne!(
        one[0]
            .game_stats
            .iter()
            .map(|g| g.fingerprint)
            .collect::<Vec<_>>(),
        other[0]
            .game_stats
            .iter()
            .map(|g| g.fingerprint)
            .collect::<Vec<_>>(),
        "another seed plays other games"
    );
}

#[test]
fn random_openings_make_a_deterministic_engine_play_different_games() {
    let mut config = config("engine:depth=2:hash=1", 6, 200);
    config.random_opening = 0;
    let fixed = run_compare(&["bushka"], &config);
    assert_eq!(
        fixed[0].distinct_games, 1,
        "no opening: the same game every time"
    );
    config.random_opening = 4;
    let varied = run_compare(&["bushka"], &config);
    assert!(varied[0].distinct_games > 1);
    assert!(varied[0].game_stats.iter().all(|g| g.opening_plies == 4));
}

#[test]
fn the_default_compare_player_is_the_documented_spec() {
    assert_eq!(
        CompareConfig::default().player,
        spec(DEFAULT_COMPARE_PLAYER)
    );
    assert_eq!(
        CompareConfig::default().player.to_string(),
        DEFAULT_COMPARE_PLAYER
    );
}

#[test]
fn the_json_report_has_the_named_keys() {
    let reports = run_compare(&["bushka"], &config("random", 2, 40));
    let json = serde_json::to_value(&reports).unwrap_or_else(|e| panic!("{e}"));
    let object = json[0]
        .as_object()
        .unwrap_or_else(|| panic!("an object: {json}"));
    for key in [
        "cells",
        "men_per_side",
        "branching_start",
        "branching_mean",
        "mean_plies",
        "median_plies",
        "decisive_rate",
        "draw_rate",
        "white_score",
        "captures_per_game",
        "linear_capture_share",
        "piece_capture_share",
        "mean_pieces_per_capture",
        "largest_capture",
        "mean_first_promotion_ply",
        "threefold_draws",
        "ply_limit_adjudications",
        "games",
        "white_wins",
        "draws",
        "black_wins",
    ] {
        assert!(object.contains_key(key), "missing `{key}` in {json}");
    }
    assert!(
        !object.contains_key("game_stats"),
        "per-game data stays out of the JSON"
    );
    assert_eq!(object["branching_start"], 24);
}

#[test]
fn human_players_cannot_play_automated_games() {
    let config = CompareConfig {
        player: PlayerSpec::Human,
        ..CompareConfig::default()
    };
    assert!(compare(&[board("bushka")], &config).is_err());
    let m = MatchConfig::new(PlayerSpec::Human, spec("random"), 2);
    assert!(run_match(&board("bushka"), &m, &[], &|_| {}).is_err());
}

// ---- matches ----

fn play_match(name: &str, config: &MatchConfig) -> MatchReport {
    run_match(&board(name), config, &[], &|_| {}).unwrap_or_else(|e| panic!("match runs: {e}"))
}

fn check_match(report: &MatchReport) {
    let games = report.config.games;
    assert_eq!(report.games.len(), games);
    let t = &report.total;
    assert_eq!(t.wins + t.draws + t.losses, games, "W + D + L = games");
    assert_eq!(report.as_white.games() + report.as_black.games(), games);
    assert_eq!(report.as_white.wins + report.as_black.wins, t.wins);
    assert_eq!(report.as_white.draws + report.as_black.draws, t.draws);
    assert_eq!(report.as_white.losses + report.as_black.losses, t.losses);
    assert_eq!(report.wins_no_legal_move + report.wins_resignation, t.wins);
    assert_eq!(
        report.losses_no_legal_move + report.losses_resignation,
        t.losses
    );
    assert_eq!(
        report.draws_repetition + report.draws_agreement + report.ply_limit_adjudications,
        t.draws
    );
    assert_eq!(report.white_wins + report.black_wins, t.wins + t.losses);
    assert_eq!(report.score.points, t.wins as f64 + t.draws as f64 / 2.0);
    assert!(report.score.low <= report.score.fraction);
    assert!(report.score.fraction <= report.score.high);
    assert_eq!(
        report.summary_line(),
        format!("score {}-{}-{}", t.wins, t.draws, t.losses)
    );
    for (i, g) in report.games.iter().enumerate() {
        assert_eq!(g.index, i);
        assert_eq!(g.first_is_white, i % 2 == 0, "colours alternate");
    }
    assert_eq!(report.as_white.games(), games.div_ceil(2));
}

#[test]
fn match_scores_add_up() {
    let mut config = MatchConfig::new(spec("greedy"), spec("random"), 10);
    config.seed = 3;
    config.max_plies = 300;
    for name in ALL_BUILTINS {
        let report = play_match(name, &config);
        check_match(&report);
        assert_eq!(report.variant, name);
    }
}

#[test]
fn an_engine_beats_a_random_player() {
    let mut config = MatchConfig::new(spec("engine:depth=2:hash=1"), spec("random"), 8);
    config.seed = 1;
    let report = play_match("bushka", &config);
    check_match(&report);
    assert!(
        report.score.fraction >= 0.75,
        "engine scored {} ({:?})",
        report.score.fraction,
        report.total
    );
    assert!(report.score.elo() > 150.0);
}

#[test]
fn a_match_is_the_same_for_a_seed_whatever_the_threads() {
    let mut config = MatchConfig::new(spec("engine:depth=1:hash=1"), spec("greedy"), 6);
    config.seed = 11;
    config.random_opening = 3;
    config.threads = Some(1);
    let one = play_match("hexbushka", &config);
    config.threads = Some(2);
    let two = play_match("hexbushka", &config);
    assert_eq!(one.games, two.games);
    assert_eq!(one.total, two.total);
}

/// Plays a record through and measures it as the match did.
fn replayed<B: Bits>(
    board: &std::sync::Arc<Board<B>>,
    text: &str,
    index: usize,
    opening: usize,
    max_plies: usize,
) -> (Game<B>, GameStats) {
    let record = Record::parse(text).unwrap_or_else(|e| panic!("record parses: {e}\n{text}"));
    let game = record
        .replay(board.clone())
        .unwrap_or_else(|e| panic!("record replays: {e}\n{text}"));
    let end = match game.outcome() {
        Some(outcome) => End::Rule(outcome),
        None => {
            assert_eq!(
                game.moves().len(),
                max_plies,
                "an unfinished game hit the limit"
            );
            End::PlyLimit
        }
    };
    let stats = GameStats::measure(index, &game, &end, opening);
    (game, stats)
}

#[test]
fn saved_records_replay_to_the_same_game() {
    for name in ["bushka", "hexbushka", "bushka-cylinder"] {
        let mut config = MatchConfig::new(spec("greedy:seed=4"), spec("random"), 6);
        config.random_opening = 3;
        config.max_plies = 120;
        config.record_tags = Some(vec![("Variant".into(), name.into())]);
        let report = play_match(name, &config);
        check_match(&report);
        let any = board(name);
        with_board!(&any, b => {
            let mut openings = Vec::new();
            for g in &report.games {
                let text = g.record.as_deref().unwrap_or_else(|| panic!("a record"));
                let (game, stats) = replayed(b, text, g.index, g.stats.opening_plies, 120);
                assert_eq!(stats, g.stats, "{name} game {}: same game when replayed", g.index);
                let record = Record::parse(text).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(record.tag("Variant"), Some(name));
                assert_eq!(record.tag("Round"), Some((g.index + 1).to_string().as_str()));
                let white = if g.first_is_white { &report.first } else { &report.second };
                assert_eq!(record.tag("White"), Some(white.as_str()));
                let result = match g.first_result() {
                    GameResult::Draw if g.stats.termination == Termination::PlyLimit => "*",
                    GameResult::Draw => "1/2-1/2",
                    _ if g.stats.winner == Some(Colour::White) => "1-0",
                    _ => "0-1",
                };
                assert_eq!(record.tag("Result"), Some(result));
                openings.push(game.positions()[..=g.stats.opening_plies].to_vec());
            }
            for pair in openings.chunks(2) {
                assert_eq!(pair[0], pair[1], "{name}: both games of a pair open alike");
            }
            assert_ne!(openings[0], openings[2], "{name}: pairs open differently");
        });
    }
}

// ---- slow comparisons (run with --ignored, in release mode) ----

#[test]
#[ignore = "hundreds of engine games: run with --release -- --ignored"]
fn slow_official_boards_compared_with_the_default_engine() {
    let config = CompareConfig {
        games: 100,
        seed: 1,
        ..CompareConfig::default()
    };
    let names: Vec<&str> = OFFICIAL.iter().map(|o| o.0).collect();
    let reports = run_compare(&names, &config);
    for report in &reports {
        check_report(report, &config);
        eprintln!(
            "{}: mean {:.1} plies, decisive {:.2}, White {:.2}, ply limit {}",
            report.variant,
            report.mean_plies,
            report.decisive_rate,
            report.white_score,
            report.ply_limit_adjudications
        );
        assert!(
            report.distinct_games * 10 >= report.games * 9,
            "openings vary the games"
        );
        assert!(
            report.ply_limit_adjudications * 4 < report.games,
            "{}: most games end by a rule",
            report.variant
        );
    }
    assert!(reports[2].branching_mean > reports[0].branching_mean);
}

#[test]
#[ignore = "hundreds of engine games: run with --release -- --ignored"]
fn slow_deeper_search_wins_a_match() {
    let mut config = MatchConfig::new(
        spec("engine:depth=4:hash=4"),
        spec("engine:depth=1:hash=4"),
        200,
    );
    config.seed = 1;
    config.random_opening = 4;
    for name in ["bushka", "hexbushka"] {
        let report = play_match(name, &config);
        check_match(&report);
        eprintln!(
            "{name}: {} Elo {:.0}",
            report.summary_line(),
            report.score.elo()
        );
        assert!(
            report.score.low > 0.5,
            "{name}: depth 4 beats depth 1: {:?}",
            report.score
        );
    }
}

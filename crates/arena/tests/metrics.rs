//! Each metric on hand-made game sets whose values are known exactly.

use bushka_arena::{
    CompareConfig, Estimate, Expectations, GameStats, GameTrace, METRICS, Termination, VariantInfo,
    VariantReport,
};
use bushka_geometry::Colour;

const EPS: f64 = 1e-12;

/// A game of `evaluation.len()` plies with the given result and per-ply series.
fn game(
    index: usize,
    winner: Option<Colour>,
    termination: Termination,
    evaluation: &[f64],
) -> GameTrace {
    let plies = evaluation.len();
    GameTrace {
        stats: GameStats {
            index,
            winner,
            termination,
            plies,
            opening_plies: 0,
            branching_start: 10,
            legal_moves_total: 10 * plies,
            linear_captures: 0,
            piece_captures: 0,
            pieces_captured: 0,
            largest_capture: 0,
            first_promotion_ply: None,
            fingerprint: index as u64,
        },
        branching: vec![10; plies],
        pieces: vec![30; plies],
        evaluation: evaluation.to_vec(),
        clarity_narrowness: 0.0,
        clarity_variance: 0.0,
        cells_visited: 50,
        distinct_positions: plies + 1,
    }
}

fn white_win(index: usize, evaluation: &[f64]) -> GameTrace {
    game(
        index,
        Some(Colour::White),
        Termination::NoLegalMove,
        evaluation,
    )
}

fn info() -> VariantInfo {
    VariantInfo {
        variant: "test".into(),
        name: "Test".into(),
        cells: 50,
        men_per_side: 15,
        branching_start: 10,
    }
}

fn report(games: Vec<GameTrace>) -> VariantReport {
    VariantReport::from_games(&info(), &CompareConfig::default(), games)
}

fn metric(report: &VariantReport, key: &str) -> Estimate {
    report
        .metric(key)
        .unwrap_or_else(|| panic!("{key} was measured"))
}

fn value(report: &VariantReport, key: &str) -> f64 {
    metric(report, key).value
}

fn assert_close(actual: f64, expected: f64, what: &str) {
    assert!(
        (actual - expected).abs() < EPS,
        "{what}: {actual} != {expected}"
    );
}

#[test]
fn all_games_won_by_white() {
    let r = report((0..10).map(|i| white_win(i, &[0.5; 4])).collect());
    assert_close(value(&r, "white_score"), 1.0, "AdvantageP1");
    assert_close(value(&r, "completion"), 1.0, "completion");
    assert_close(value(&r, "balance"), 0.0, "balance");
    assert_close(value(&r, "drawishness"), 0.0, "drawishness");
    assert_close(value(&r, "timeouts"), 0.0, "timeouts");
    // Wilson's interval of 10 out of 10.
    let score = metric(&r, "white_score");
    assert!((score.low - 0.7225).abs() < 0.001 && score.high == 1.0);
    // Never behind, never a change of leader.
    assert_close(value(&r, "drama"), 0.0, "drama");
    assert_close(value(&r, "lead_change"), 0.0, "lead change");
    assert_close(value(&r, "stability"), 0.0, "stability");
}

#[test]
fn outcome_metrics_of_a_mixed_set() {
    let r = report(vec![
        white_win(0, &[0.1]),
        white_win(1, &[0.1]),
        game(2, Some(Colour::Black), Termination::NoLegalMove, &[0.1]),
        game(3, None, Termination::Repetition, &[0.1]),
        game(4, None, Termination::PlyLimit, &[0.1]),
    ]);
    // White: 2 wins and 2 draws of 5 games: (2 + 2/2) / 5.
    assert_close(value(&r, "white_score"), 0.6, "AdvantageP1");
    // Win rates 2/5 and 1/5.
    assert_close(value(&r, "balance"), 0.8, "balance");
    assert_close(value(&r, "completion"), 0.6, "completion");
    assert_close(value(&r, "drawishness"), 0.2, "drawishness");
    assert_close(value(&r, "timeouts"), 0.2, "timeouts");
    assert_close(value(&r, "draw_rate"), 0.4, "draw rate");
    let balance = metric(&r, "balance");
    assert!(balance.low >= 0.0 && balance.high <= 1.0 && balance.low < 0.8);
}

#[test]
fn a_game_whose_evaluation_changes_sign_three_times() {
    let r = report(vec![white_win(0, &[0.5, 0.2, -0.1, -0.3, 0.4, -0.2])]);
    // Three changes of leader over six plies.
    assert_close(value(&r, "lead_change"), 0.5, "lead change");
    // A level position is a leader of its own: + to 0 and 0 to - are two changes.
    let r = report(vec![white_win(0, &[0.5, 0.0, -0.5, -0.5])]);
    assert_close(
        value(&r, "lead_change"),
        0.5,
        "lead change through a level position",
    );
}

#[test]
fn drama_measures_how_far_the_winner_was_behind() {
    let r = report(vec![
        white_win(0, &[0.5, -0.25, -0.5, 0.5]),
        // Drawn games have no winner and are left out.
        game(1, None, Termination::Repetition, &[-0.9, -0.9]),
    ]);
    // Behind by 2 * 0.25 and 2 * 0.5 on two of four plies: (0.5 + 1) / 4.
    let drama = metric(&r, "drama");
    assert_close(drama.value, 0.375, "drama");
    assert_eq!(drama.games, 1);
    // Black won the same series: White was ahead on plies 0 and 3 by 0.5.
    let r = report(vec![game(
        0,
        Some(Colour::Black),
        Termination::NoLegalMove,
        &[0.5, -0.25, -0.5, 0.5],
    )]);
    assert_close(value(&r, "drama"), 0.5, "drama for Black");
}

#[test]
fn drama_and_decisiveness_need_a_decisive_game() {
    let r = report(vec![game(0, None, Termination::Repetition, &[0.1, 0.2])]);
    for key in ["drama", "decisiveness_threshold", "decisiveness_moves"] {
        assert_eq!(r.metric(key), None, "{key}");
    }
}

#[test]
fn stability_is_both_players_variance() {
    // Each player's evaluation has variance 1.
    let r = report(vec![white_win(0, &[1.0, -1.0, 1.0, -1.0])]);
    assert_close(value(&r, "stability"), 2.0, "stability");
}

#[test]
fn decisiveness_threshold_and_moves() {
    // The loser's best is 0.4 (ply 1); the winner first exceeds it at ply 3 of 5.
    let r = report(vec![white_win(0, &[0.1, -0.4, 0.3, 0.6, 0.9])]);
    assert_close(value(&r, "decisiveness_threshold"), 0.4, "threshold");
    assert_close(value(&r, "decisiveness_moves"), 0.6, "moves");
    // The winner never rises above the loser's best: the whole game.
    let r = report(vec![white_win(0, &[-0.5, 0.2, 0.5])]);
    assert_close(value(&r, "decisiveness_threshold"), 0.5, "threshold");
    assert_close(value(&r, "decisiveness_moves"), 1.0, "moves");
}

#[test]
fn branching_decision_and_piece_series() {
    let mut g = white_win(0, &[0.0; 4]);
    g.branching = vec![1, 3, 5, 1];
    g.pieces = vec![30, 30, 28, 27];
    let r = report(vec![g]);
    assert_close(value(&r, "branching_mean"), 2.5, "branching");
    assert_close(value(&r, "branching_change"), 0.0, "branching change");
    assert_close(value(&r, "branching_trend"), 0.2, "branching trend");
    assert_close(value(&r, "decision_moves"), 0.5, "decision moves");
    assert_close(value(&r, "decision_factor"), 4.0, "decision factor");
    assert_close(value(&r, "pieces_mean"), 28.75, "pieces");
    assert_close(value(&r, "pieces_change"), -1.0, "pieces change");
    assert_close(value(&r, "pieces_trend"), -1.1, "pieces trend");
}

#[test]
fn coverage_repetition_and_durations() {
    let mut g = white_win(0, &[0.0; 4]);
    g.cells_visited = 40;
    g.distinct_positions = 4;
    let mut h = white_win(1, &[0.0; 7]);
    h.cells_visited = 30;
    let r = report(vec![g, h]);
    assert_close(
        value(&r, "board_coverage"),
        0.7,
        "coverage: (40 + 30) / 2 / 50",
    );
    // One of five positions repeated in the first game, none in the second.
    assert_close(value(&r, "repetition"), 0.1, "repetition");
    assert_close(value(&r, "plies_mean"), 5.5, "plies");
    // 4 plies are 2 moves, 7 plies are 4.
    assert_close(value(&r, "moves_mean"), 3.0, "moves");
}

#[test]
fn clarity_is_the_mean_over_games() {
    let mut g = white_win(0, &[0.0; 4]);
    g.clarity_narrowness = 0.2;
    g.clarity_variance = 0.01;
    let mut h = white_win(1, &[0.0; 4]);
    h.clarity_narrowness = 0.4;
    h.clarity_variance = 0.03;
    let r = report(vec![g, h]);
    assert_close(value(&r, "clarity_narrowness"), 0.3, "narrowness");
    assert_close(value(&r, "clarity_variance"), 0.02, "variance");
}

#[test]
fn means_carry_the_normal_interval() {
    let r = report((1..=5).map(|n| white_win(n, &vec![0.0; n])).collect());
    let plies = metric(&r, "plies_mean");
    // Mean 3, sample variance 2.5: 3 ± 1.96 sqrt(2.5 / 5).
    let half = 1.959_963_984_540_054 * (2.5_f64 / 5.0).sqrt();
    assert_close(plies.value, 3.0, "mean");
    assert_close(plies.low, 3.0 - half, "low");
    assert_close(plies.high, 3.0 + half, "high");
    assert_eq!(plies.games, 5);
    // Bounded metrics stay in their bounds.
    let coverage = metric(&r, "board_coverage");
    assert!(coverage.high <= 1.0);
}

#[test]
fn every_metric_has_a_distinct_key() {
    let mut keys: Vec<&str> = METRICS.iter().map(|m| m.key).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), METRICS.len());
}

fn expectations(text: &str) -> Expectations {
    Expectations::parse(text, "exp.toml").unwrap_or_else(|e| panic!("parses: {e}"))
}

#[test]
fn expectations_pass_when_the_interval_meets_the_range() {
    let r = report((0..10).map(|i| white_win(i, &[0.5; 40])).collect());
    let exp = expectations("[test]\nwhite_score = [0.8, 1]\nplies_mean = [30, 50]\n");
    assert_eq!(exp.check(std::slice::from_ref(&r)).map(|f| f.len()), Ok(0));
    // The interval 0.72..1 meets 0.5..0.75: the games do not rule the range out.
    let exp = expectations("[test]\nwhite_score = [0.5, 0.75]\n");
    assert_eq!(exp.check(&[r]).map(|f| f.len()), Ok(0));
}

#[test]
fn expectations_fail_naming_the_metric() {
    let r = report((0..10).map(|i| white_win(i, &[0.5; 40])).collect());
    let exp = expectations(
        "[test]\nwhite_score = [0.45, 0.55]\nplies_mean = [60, 160]\ndraw_rate = [0, 0.35]\n",
    );
    let failures = exp.check(&[r]).expect("checked");
    let text: Vec<String> = failures.iter().map(ToString::to_string).collect();
    assert_eq!(text.len(), 2, "{text:?}");
    assert!(
        text.iter().any(|t| t.starts_with(
            "test: plies_mean = 40.0 [40.0, 40.0] falls outside the expected [60, 160]"
        )),
        "{text:?}"
    );
    assert!(
        text.iter().any(|t| t.starts_with(
            "test: white_score = 1.00 [0.722, 1.00] falls outside the expected [0.45, 0.55]"
        )),
        "{text:?}"
    );
}

#[test]
fn an_unmeasured_metric_fails_its_expectation() {
    let r = report(vec![game(0, None, Termination::Repetition, &[0.1])]);
    let failures = expectations("[test]\ndrama = [0, 1]\n")
        .check(&[r])
        .expect("checked");
    assert_eq!(failures.len(), 1);
    assert!(failures[0].to_string().contains("drama was not measured"));
}

#[test]
fn expectations_for_no_compared_variant_are_an_error() {
    let r = report(vec![white_win(0, &[0.1])]);
    let err = expectations("[other]\ndrama = [0, 1]\n")
        .check(&[r])
        .expect_err("no variant checked");
    assert!(
        err.to_string()
            .contains("no expectations for any compared variant (test)")
    );
}

#[test]
fn bad_expectation_files_name_the_line_and_key() {
    let cases = [
        (
            "[test]\nwhite_score = [0.4, 0.6]\nbalanse = [0.5, 1]\n",
            "exp.toml: line 3: unknown metric `balanse` in [test]; the metrics are white_score, balance,",
        ),
        (
            "[test]\nbalance = [1, 0.5]\n",
            "exp.toml: line 2: [test] balance must be [low, high], two finite numbers with low <= high",
        ),
        (
            "[test]\nbalance = 0.5\n",
            "exp.toml: line 2: [test] balance must be [low, high]",
        ),
        (
            "[test]\nbalance = [0, 0.5, 1]\n",
            "exp.toml: line 2: [test] balance must be [low, high]",
        ),
        ("white_score = [0.4, 0.6]\n", "exp.toml: line 1:"),
        ("[test\n", "exp.toml: line 1:"),
    ];
    for (text, message) in cases {
        let err = Expectations::parse(text, "exp.toml").expect_err(text);
        assert!(err.to_string().starts_with(message), "{text:?}: {err}");
    }
}

//! Comparison metrics over played games: per-ply traces that agree with the games,
//! shards that merge into the unsharded report, and the shipped expectations of the
//! official boards.
//!
//! The expectations at full size are an `#[ignore]`d test:
//! `cargo test --release -p bushka-tests --test compare_metrics -- --ignored`.

use std::path::PathBuf;

use bushka_arena::{
    CompareConfig, Expectations, Shard, ShardFile, VariantReport, compare, merge, play_variants,
    table,
};
use bushka_engine::PlayerSpec;
use bushka_rules::AnyBoard;
use bushka_tests::{ALL_BUILTINS, OFFICIAL, builtin};

fn boards(names: &[&str]) -> Vec<AnyBoard> {
    names.iter().map(|n| AnyBoard::new(builtin(n))).collect()
}

fn config(player: &str, games: usize, max_plies: usize) -> CompareConfig {
    CompareConfig {
        games,
        player: player
            .parse::<PlayerSpec>()
            .unwrap_or_else(|e| panic!("{player}: {e}")),
        seed: 5,
        max_plies,
        random_opening: 2,
        threads: None,
    }
}

#[test]
fn traces_agree_with_the_games_on_every_board() {
    let config = config("greedy", 3, 150);
    let played = play_variants(&boards(&ALL_BUILTINS), &config, Shard::WHOLE, &|_| {})
        .unwrap_or_else(|e| panic!("plays: {e}"));
    for variant in &played {
        let v = &variant.info.variant;
        assert_eq!(variant.games.len(), 3, "{v}");
        for t in &variant.games {
            let plies = t.stats.plies;
            assert_eq!(t.branching.len(), plies, "{v}: a count per ply");
            assert_eq!(t.pieces.len(), plies, "{v}");
            assert_eq!(t.evaluation.len(), plies, "{v}");
            assert_eq!(
                t.branching.iter().map(|&b| b as usize).sum::<usize>(),
                t.stats.legal_moves_total,
                "{v}: branching adds up to the legal moves seen"
            );
            assert_eq!(t.branching[0] as usize, variant.info.branching_start, "{v}");
            assert_eq!(
                t.pieces[0] as usize,
                2 * variant.info.men_per_side,
                "{v}: the start has both armies"
            );
            assert!(
                t.pieces.windows(2).all(|w| w[1] <= w[0]),
                "{v}: pieces are only ever taken"
            );
            let lost: usize = (t.pieces[0] - t.pieces[plies - 1]) as usize;
            assert!(lost <= t.stats.pieces_captured, "{v}");
            assert!(t.evaluation.iter().all(|e| e.abs() < 1.0), "{v}");
            assert!(
                t.evaluation[0].abs() < 1e-12,
                "{v}: the symmetric start is level: {}",
                t.evaluation[0]
            );
            assert!((0.0..=1.0).contains(&t.clarity_narrowness), "{v}");
            assert!(t.clarity_variance >= 0.0, "{v}");
            assert!(t.cells_visited <= variant.info.cells, "{v}");
            assert!(t.cells_visited >= t.pieces[0] as usize, "{v}");
            assert!(t.distinct_positions <= plies + 1, "{v}");
        }
    }
}

/// The report of a run played in `count` shards, each written as JSON and read back.
fn sharded(names: &[&str], config: &CompareConfig, count: usize) -> Vec<VariantReport> {
    let files = (1..=count)
        .rev()
        .map(|index| {
            let shard = Shard::new(index, count).expect("a shard");
            let played = play_variants(&boards(names), config, shard, &|_| {})
                .unwrap_or_else(|e| panic!("plays: {e}"));
            let json = ShardFile::new(config, shard, played)
                .to_json()
                .expect("writes");
            let source = format!("shard-{index}.json");
            let file = ShardFile::from_json(&json, &source).expect("reads back");
            (source, file)
        })
        .collect();
    let (merged_config, reports) = merge(files).unwrap_or_else(|e| panic!("merges: {e}"));
    assert_eq!(merged_config.player, config.player);
    assert_eq!(merged_config.games, config.games);
    reports
}

#[test]
fn sharded_and_merged_reports_equal_the_unsharded_report() {
    let names = ["bushka", "hexbushka"];
    let config = config("engine:depth=1:hash=1", 7, 160);
    let whole = compare(&boards(&names), &config).expect("compares");
    let text = table(&whole);
    let json = serde_json::to_string(&whole).expect("json");
    for count in [1, 2, 3, 7, 9] {
        let merged = sharded(&names, &config, count);
        assert_eq!(table(&merged), text, "{count} shards: the same table");
        assert_eq!(
            serde_json::to_string(&merged).expect("json"),
            json,
            "{count} shards: the same JSON"
        );
        assert_eq!(merged, whole, "{count} shards: the same reports");
    }
}

#[test]
fn merging_refuses_incomplete_or_mixed_shards() {
    let names = ["bushka"];
    let config = config("random", 4, 40);
    let file = |index, count, config: &CompareConfig| {
        let shard = Shard::new(index, count).expect("a shard");
        let played = play_variants(&boards(&names), config, shard, &|_| {}).expect("plays");
        (
            format!("s{index}.json"),
            ShardFile::new(config, shard, played),
        )
    };
    let err = |files| merge(files).expect_err("refused").to_string();
    assert_eq!(err(vec![file(1, 3, &config)]), "missing shards: 2/3, 3/3");
    assert_eq!(
        err(vec![file(1, 2, &config), file(1, 2, &config)]),
        "shard 1/2 is given twice: s1.json and s1.json"
    );
    let mut other = config.clone();
    other.seed += 1;
    assert!(
        err(vec![file(1, 2, &config), file(2, 2, &other)]).contains("from another run"),
        "different seeds"
    );
    assert!(
        ShardFile::from_json("{}", "x.json")
            .expect_err("not a shard")
            .to_string()
            .starts_with("x.json: not a shard file")
    );
}

fn official_expectations() -> Expectations {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../variants/expectations/official.toml");
    Expectations::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs the official boards at `games` per board with the default player and checks
/// the shipped expectations.
fn official_expectations_hold(games: usize, seed: u64) {
    let expectations = official_expectations();
    let names: Vec<&str> = OFFICIAL.iter().map(|o| o.0).collect();
    for name in &names {
        assert!(
            expectations.variants.contains_key(*name),
            "{name} has expectations"
        );
    }
    let config = CompareConfig {
        games,
        seed,
        ..CompareConfig::default()
    };
    let reports = compare(&boards(&names), &config).expect("compares");
    let failures = expectations.check(&reports).expect("checked");
    let text: Vec<String> = failures.iter().map(ToString::to_string).collect();
    assert!(
        failures.is_empty(),
        "{}\n{}",
        text.join("\n"),
        table(&reports)
    );
}

#[test]
fn the_official_expectations_hold_at_ci_size() {
    official_expectations_hold(24, 3);
}

#[test]
#[ignore = "600 engine games: run with --release -- --ignored"]
fn slow_the_official_expectations_hold_at_full_size() {
    official_expectations_hold(200, 4);
}

//! `bushka train` and the weights files it writes, driven as a user would: a variant
//! file names the weights beside it, `check` reports them, the engine plays with
//! them, and broken files are refused with the file and key at fault.

mod common;

use common::{bushka, root, stderr, stdout, temp_dir};

/// The 6x6 test board with `[evaluation] weights = "NAME"` added.
fn variant_naming(weights: &str) -> String {
    let text = std::fs::read_to_string(root().join("tests/data/draughts-6x6.toml"))
        .expect("the test board reads");
    format!("{text}\n[evaluation]\nweights = \"{weights}\"\n")
}

fn train(out: &str) -> std::process::Output {
    train_with(out, &[])
}

/// The small training of [`train`] with `extra` options.
fn train_with(out: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "train",
        "--variant",
        "tests/data/draughts-6x6.toml",
        "--games",
        "60",
        "--nodes",
        "200",
        "--epochs",
        "40",
        "--threads",
        "2",
        "--seed",
        "3",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    bushka(&args)
}

#[test]
fn train_writes_weights_that_a_variant_names_and_the_engine_plays_with() {
    let dir = temp_dir("train");
    let weights = dir.join("six.weights.toml");
    let out = train(&weights.display().to_string());
    assert!(out.status.success(), "{}", stderr(&out));
    let report = stdout(&out);
    assert!(report.contains("60 games: White won"), "{report}");
    assert!(report.contains("positions fitted"), "{report}");
    assert!(report.contains("written to"), "{report}");
    let first = std::fs::read_to_string(&weights).expect("the weights were written");
    assert!(
        first
            .contains("command = \"bushka train --variant tests/data/draughts-6x6.toml --games 60"),
        "{first}"
    );

    // The same command and seed write the same file, whatever the threads did.
    let again = dir.join("again.toml");
    assert!(train(&again.display().to_string()).status.success());
    assert_eq!(first, std::fs::read_to_string(&again).expect("written"));

    let variant = dir.join("six.toml");
    std::fs::write(&variant, variant_naming("six.weights.toml")).expect("variant written");
    let variant = variant.display().to_string();
    let out = bushka(&["check", &variant]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("learned evaluation from"), "{text}");
    assert!(text.contains("60 self-play games"), "{text}");

    let out = bushka(&[
        "analyse",
        "--variant",
        &variant,
        "--depth",
        "3",
        "--threads",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("bestmove"), "{}", stdout(&out));
    let out = bushka(&[
        "match",
        "--variant",
        &variant,
        "--white",
        "engine:level=2",
        "--black",
        "engine:level=2:eval=classic",
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--player-weights`: a second round whose self-play the first round's weights play.
#[test]
fn a_second_round_trains_with_the_first_rounds_weights_playing() {
    let dir = temp_dir("train-round");
    let first = dir.join("first.toml");
    assert!(train(&first.display().to_string()).status.success());
    let first = first.display().to_string();
    let second = dir.join("second.toml");
    let second_path = second.display().to_string();
    let second_round = |player: &str| train_with(&second_path, &["--player-weights", player]);
    let out = second_round(&first);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = std::fs::read_to_string(&second).expect("the second round was written");
    assert!(
        written.contains(&format!("--seed 3 --player-weights {first}\"")),
        "{written}"
    );
    // Other players, other games, other weights (the options are otherwise the same).
    let weights = |text: &str| text[text.find("[weights]").expect("a weights block")..].to_string();
    let first_text = std::fs::read_to_string(&first).expect("written");
    assert_ne!(weights(&first_text), weights(&written));

    // A player's weights file that cannot be read, or is for another board.
    let missing = dir.join("missing.toml").display().to_string();
    let out = second_round(&missing);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("missing.toml"), "{}", stderr(&out));
    let other = dir.join("other.toml");
    std::fs::write(&other, first_text.replacen("cells = ", "cells = 1", 1)).expect("written");
    let out = second_round(&other.display().to_string());
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("other.toml") && err.contains("layout"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn broken_weights_files_are_refused_naming_the_file_and_key() {
    let dir = temp_dir("train-broken");
    let weights = dir.join("w.toml");
    assert!(train(&weights.display().to_string()).status.success());
    let good = std::fs::read_to_string(&weights).expect("written");
    let variant = dir.join("v.toml");
    std::fs::write(&variant, variant_naming("w.toml")).expect("written");
    let variant = variant.display().to_string();

    let cases = [
        // A block one number short.
        (
            good.replacen("material = [", "material = [0.5, ", 1),
            "weights.material",
        ),
        // Another board's layout.
        (good.replacen("cells = ", "cells = 1", 1), "layout"),
        // Not a weights file.
        ("men = 3\n".to_string(), "weights file"),
    ];
    for (text, key) in cases {
        std::fs::write(&weights, text).expect("written");
        let out = bushka(&["analyse", "--variant", &variant, "--depth", "1"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("w.toml"), "{err}");
        assert!(err.contains(key), "{key}: {err}");
    }
    std::fs::remove_file(&weights).expect("removed");
    let out = bushka(&["analyse", "--variant", &variant, "--depth", "1"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("evaluation.weights") && err.contains("cannot read"),
        "{err}"
    );

    // A variant given as text may name only built-in weights files.
    let text = variant_naming("w.toml");
    let refused = bushka_geometry::load_str(&text, "pasted").expect_err("refused");
    assert!(refused.to_string().contains("no folder"), "{refused}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_variant_written_by_new_trains_and_plays_with_its_weights() {
    let dir = temp_dir("train-new");
    let variant = dir.join("hex.toml");
    let variant = variant.display().to_string();
    let out = bushka(&[
        "new",
        "--board",
        "hexagon:4",
        "--rows",
        "2",
        "--out",
        &variant,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let weights = dir.join("hex.weights.toml").display().to_string();
    let out = bushka(&[
        "train",
        "--variant",
        &variant,
        "--games",
        "40",
        "--nodes",
        "300",
        "--epochs",
        "30",
        "--out",
        &weights,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("40 games"), "{}", stdout(&out));
    // The new file has an [evaluation] section: the weights go into it.
    let text = std::fs::read_to_string(&variant).expect("the new file reads");
    assert!(text.contains("\n[evaluation]"), "{text}");
    let text = text.replacen(
        "\n[evaluation]",
        "\n[evaluation]\nweights = \"hex.weights.toml\"",
        1,
    );
    std::fs::write(&variant, text).expect("written");
    let out = bushka(&["check", "--games", "2", &variant]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("learned evaluation from"),
        "{}",
        stdout(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--l2` with several penalties fits once with each, reports each one's held-out loss
/// and keeps the lowest: the kept weights are those a training with that penalty
/// alone writes, and the file's command records the list.
#[test]
fn several_penalties_keep_the_fit_with_the_lowest_held_out_loss() {
    let dir = temp_dir("train-l2");
    let alone = dir.join("alone.toml");
    assert!(train(&alone.display().to_string()).status.success());
    let swept = dir.join("swept.toml");
    let out = train_with(&swept.display().to_string(), &["--l2", "1e-6,0.5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report = stdout(&out);
    assert!(report.contains("L2 1e-6: held-out loss"), "{report}");
    assert!(
        report.contains("(kept)\nL2 5e-1: held-out loss"),
        "{report}"
    );
    assert_eq!(report.matches("(kept)").count(), 1, "{report}");
    let without_command = |path: &std::path::Path| {
        let text = std::fs::read_to_string(path).expect("written");
        let command: Vec<&str> = text.lines().filter(|l| l.starts_with("command")).collect();
        let rest: Vec<&str> = text.lines().filter(|l| !l.starts_with("command")).collect();
        (command.concat(), rest.join("\n"))
    };
    let (alone_command, alone_rest) = without_command(&alone);
    let (swept_command, swept_rest) = without_command(&swept);
    assert_eq!(alone_rest, swept_rest);
    assert!(!alone_command.contains("--l2"), "{alone_command}");
    assert!(
        swept_command.contains("--lambda 0.3 --l2 0.000001,0.5 --seed 3"),
        "{swept_command}"
    );

    // Bad penalties are refused before any game is played.
    let seventeen = vec!["0"; 17].join(",");
    for (bad, says) in [
        ("-1", "`--l2 -1`"),
        ("2", "`--l2 2`"),
        ("NaN", "`--l2 NaN`"),
        (seventeen.as_str(), "not 17"),
        ("x", "invalid value 'x'"),
    ] {
        let out = train_with(&dir.join("bad.toml").display().to_string(), &["--l2", bad]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{bad}: {err}");
        assert!(err.contains(says), "{bad}: {err}");
        assert!(!dir.join("bad.toml").exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

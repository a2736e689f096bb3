//! Integration tests of `bushka compare --shard`, `bushka merge`, `--expect` and
//! `--series`.

mod common;

use common::{bushka, stderr, stdout, temp_dir};

/// A fresh directory under the temporary directory.
const RUN: [&str; 12] = [
    "compare",
    "--variant",
    "bushka",
    "--variant",
    "hexbushka",
    "--games",
    "5",
    "--player",
    "greedy",
    "--max-plies",
    "120",
    "--seed=3",
];

fn run(extra: &[&str]) -> std::process::Output {
    let args: Vec<&str> = RUN.iter().copied().chain(extra.iter().copied()).collect();
    bushka(&args)
}

fn succeeds(output: &std::process::Output) -> String {
    assert!(output.status.success(), "failed: {}", stderr(output));
    stdout(output)
}

#[test]
fn merged_shards_print_the_unsharded_report_byte_for_byte() {
    let whole = succeeds(&run(&[]));
    let whole_json = succeeds(&run(&["--json"]));
    let dir = temp_dir("merge");
    for count in [2, 3, 6] {
        let mut files = Vec::new();
        for index in (1..=count).rev() {
            let path = dir.join(format!("{count}-{index}.json"));
            let shard = format!("{index}/{count}");
            let path_text = path.display().to_string();
            succeeds(&run(&["--shard", &shard, "--output", &path_text]));
            files.push(path_text);
        }
        let mut args = vec!["merge"];
        args.extend(files.iter().map(String::as_str));
        assert_eq!(succeeds(&bushka(&args)), whole, "{count} shards");
        args.push("--json");
        assert_eq!(succeeds(&bushka(&args)), whole_json, "{count} shards, JSON");
    }
    // A shard without --output goes to standard output, as the same JSON.
    let printed = succeeds(&run(&["--shard", "2/3"]));
    let written = std::fs::read_to_string(dir.join("3-2.json")).expect("shard file");
    assert_eq!(printed, written);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merge_and_shard_reject_bad_input() {
    let dir = temp_dir("bad");
    let one = dir.join("1.json").display().to_string();
    succeeds(&run(&["--shard", "1/2", "--output", &one]));
    let fails = |args: &[&str], message: &str| {
        let output = bushka(args);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
    };
    fails(&["merge", &one], "missing shards: 2/2");
    fails(&["merge", &one, &one], "shard 1/2 is given twice");
    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, "{\"format\": 1}").expect("write");
    let garbage = garbage.display().to_string();
    fails(&["merge", &garbage], "garbage.json: not a shard file");
    fails(&["merge", "no-such-shard.json"], "no-such-shard.json");
    for bad in ["0/2", "3/2", "x"] {
        let output = run(&["--shard", bad]);
        assert_eq!(output.status.code(), Some(1), "{bad}");
        assert!(stderr(&output).contains(&format!("shard `{bad}` is not I/N")));
    }
    let output = run(&["--shard", "1/2", "--json"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("give --json, --svg, --series and --expect to `bushka merge`")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn expectations(dir: &std::path::Path, text: &str) -> String {
    let path = dir.join("expect.toml");
    std::fs::write(&path, text).expect("write");
    path.display().to_string()
}

#[test]
fn expect_passes_and_fails_with_exit_codes_and_messages() {
    let dir = temp_dir("expect");
    let wide = expectations(
        &dir,
        "[bushka]\nwhite_score = [0, 1]\nplies_mean = [1, 400]\n[hexbushka]\nbranching_mean = [1, 100]\n",
    );
    let output = run(&["--expect", &wide]);
    let table = succeeds(&output);
    assert!(table.contains("AdvantageP1"));
    assert!(
        stderr(&output).contains("all 3 expectations of"),
        "{}",
        stderr(&output)
    );

    let narrow = expectations(
        &dir,
        "[bushka]\nplies_mean = [1000, 2000]\nwhite_score = [0, 1]\n[hexbushka]\nbranching_mean = [200, 300]\n",
    );
    let output = run(&["--expect", &narrow]);
    assert_eq!(output.status.code(), Some(1));
    // The report is still printed; each failing metric is named on standard error.
    assert!(stdout(&output).contains("AdvantageP1"));
    let err = stderr(&output);
    assert!(
        err.contains("expectation failed: bushka: plies_mean = ")
            && err.contains("falls outside the expected [1000, 2000]"),
        "{err}"
    );
    assert!(
        err.contains("expectation failed: hexbushka: branching_mean = "),
        "{err}"
    );
    assert!(!err.contains("white_score"), "{err}");
    assert!(err.contains("error: 2 of 3 expectations of"), "{err}");

    let unknown = expectations(&dir, "[bushka]\nwhite_score = [0, 1]\nlength = [1, 2]\n");
    let output = run(&["--expect", &unknown]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("expect.toml: line 3: unknown metric `length` in [bushka]"),
        "{}",
        stderr(&output)
    );
    let other = expectations(&dir, "[hexbushka-4]\nwhite_score = [0, 1]\n");
    let output = run(&["--expect", &other]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("no expectations for any compared variant (bushka, hexbushka)")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_expectations_parse() {
    let output = bushka(&[
        "compare",
        "--variant",
        "bushka",
        "--games",
        "1",
        "--player",
        "random",
        "--max-plies",
        "2",
        "--expect",
        "variants/expectations/official.toml",
    ]);
    // Two random plies are far from the expected game, but the file reads.
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("expectation failed: bushka: plies_mean"));
}

#[test]
fn series_writes_a_chart_per_metric_with_a_line_per_variant() {
    let dir = temp_dir("series");
    let series = dir.join("charts");
    succeeds(&run(&["--series", &series.display().to_string()]));
    for name in ["branching", "pieces", "evaluation"] {
        let svg = std::fs::read_to_string(series.join(format!("{name}.svg")))
            .unwrap_or_else(|e| panic!("{name}.svg: {e}"));
        assert!(svg.starts_with("<svg"), "{name}");
        assert!(
            svg.contains("\nbushka\n") && svg.contains("\nhexbushka\n"),
            "{name}: a legend entry per variant"
        );
        assert_eq!(
            svg.matches("stroke-width=\"2\"").count(),
            2 + 2,
            "{name}: two lines and two legend marks"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

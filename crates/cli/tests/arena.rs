//! Integration tests of `bushka match` and `bushka compare`.

use std::path::PathBuf;

mod common;

use common::{bushka, stderr, stdout, succeeds as ok};

/// Asserts exit code 1 with a one-line message, and returns it.
fn fails(args: &[&str]) -> String {
    let output = bushka(args);
    assert_eq!(
        output.status.code(),
        Some(1),
        "bushka {args:?}: {}",
        stdout(&output)
    );
    let err = stderr(&output);
    assert!(
        !err.trim().is_empty(),
        "bushka {args:?}: a message on stderr"
    );
    err
}

/// The arguments of a match of `games` games between two seeded random players,
/// then `rest`.
fn random_match<'a>(games: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match",
        "--white",
        "random:seed=1",
        "--black",
        "random:seed=2",
        "--games",
        games,
    ];
    args.extend_from_slice(rest);
    args
}

/// The arguments of a match that an SPRT decides after its first 10 pairs (the
/// engine at level 2 wins every game against random play: H1, +100 Elo), then `rest`.
fn decided_sprt<'a>(rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match",
        "--white",
        "engine:level=2",
        "--black",
        "random",
        "--games",
        "100",
        "--sprt",
        "0,100",
    ];
    args.extend_from_slice(rest);
    args
}

/// `score W-D-L` parsed from the last line.
fn score_line(text: &str) -> (usize, usize, usize) {
    let last = text.lines().last().expect("some output");
    let rest = last
        .strip_prefix("score ")
        .unwrap_or_else(|| panic!("last line is `score W-D-L`: {last:?}"));
    let n: Vec<usize> = rest
        .split('-')
        .map(|x| x.parse().unwrap_or_else(|_| panic!("a count in {last:?}")))
        .collect();
    assert_eq!(n.len(), 3, "{last:?}");
    (n[0], n[1], n[2])
}

#[test]
fn match_prints_a_score_whose_counts_add_up() {
    let out = ok(&[
        "match",
        "--variant",
        "bushka",
        "--white",
        "greedy",
        "--black",
        "random",
        "--games",
        "6",
        "--seed",
        "2",
        "--max-plies",
        "200",
    ]);
    let (w, d, l) = score_line(&out);
    assert_eq!(w + d + l, 6, "{out}");
    assert!(out.contains("Elo difference"), "{out}");
    assert!(out.contains("95% interval"), "{out}");
    assert!(out.contains("ply-limit adjudications"), "{out}");
    assert!(out.contains("by no legal move"), "{out}");
}

#[test]
fn match_is_reproducible_whatever_the_threads() {
    let run = |threads: &str| {
        ok(&[
            "match",
            "--variant",
            "hexbushka-4",
            "--white",
            "engine:depth=1:hash=1",
            "--black",
            "greedy",
            "--games",
            "4",
            "--seed",
            "5",
            "--random-opening",
            "2",
            "--threads",
            threads,
        ])
    };
    assert_eq!(unthreaded(&run("1")), unthreaded(&run("2")));
}

/// A match report without the line that names the threads.
fn unthreaded(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains("thread"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn an_engine_wins_a_match_against_random_play() {
    let out = ok(&[
        "match",
        "--white",
        "random",
        "--black",
        "engine:depth=2:hash=1",
        "--games",
        "4",
        "--seed",
        "1",
    ]);
    let (w, _, l) = score_line(&out);
    assert!(
        l > w,
        "the random player (first) loses more than it wins: {out}"
    );
}

#[test]
fn match_saves_records_that_replay() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let dir = tmp.path().join("save");
    let dir_text = dir.to_string_lossy().to_string();
    let out = ok(&[
        "match",
        "--variant",
        "variants/hexbushka.toml",
        "--white",
        "greedy:seed=3",
        "--black",
        "random",
        "--games",
        "3",
        "--max-plies",
        "80",
        "--random-opening",
        "2",
        "--save",
        &dir_text,
    ]);
    score_line(&out);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the directory was made")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .map(|p| p.file_name().expect("name").to_string_lossy().to_string())
        .collect();
    assert_eq!(names, ["game-0001.pdn", "game-0002.pdn", "game-0003.pdn"]);
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        assert!(text.contains("[Variant \"hexbushka.toml\"]"), "{text}");
        // A record names a variant file by its file name only; it is not next to the
        // variant file, so the replay names the variant.
        let replay = ok(&[
            "replay",
            "--variant",
            "variants/hexbushka.toml",
            &file.to_string_lossy(),
        ]);
        let result = text
            .lines()
            .find_map(|l| l.strip_prefix("[Result \""))
            .and_then(|r| r.strip_suffix("\"]"))
            .expect("a Result tag");
        if result == "*" {
            assert!(replay.contains("80 moves played"), "{replay}");
        } else {
            assert!(replay.contains(&format!("Result: {result}")), "{replay}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each record is written as its game ends: a record that cannot be written stops
/// the match with an error naming it, and the other games' records are there.
#[test]
fn match_saves_each_game_as_it_ends_and_names_a_record_it_cannot_write() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let dir = tmp.path().join("save");
    std::fs::create_dir_all(dir.join("game-0002.pdn")).expect("a directory in the way");
    let dir_text = dir.to_string_lossy().to_string();
    let err = fails(&random_match(
        "3",
        &["--max-plies", "40", "--threads", "1", "--save", &dir_text],
    ));
    assert!(err.contains("game-0002.pdn"), "{err}");
    for written in ["game-0001.pdn", "game-0003.pdn"] {
        let text = std::fs::read_to_string(dir.join(written)).expect("the record was written");
        assert!(text.contains("[Event \"bushka match\"]"), "{text}");
    }
}

#[test]
fn match_rejects_bad_players_and_arguments() {
    let err = fails(&[
        "match",
        "--white",
        "grandmaster",
        "--black",
        "random",
        "--games",
        "2",
    ]);
    assert!(err.contains("bad player `grandmaster`"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let err = fails(&[
        "match",
        "--white",
        "random",
        "--black",
        "engine:depth=x",
        "--games",
        "2",
    ]);
    assert!(err.contains("not a whole number"), "{err}");
    let err = fails(&[
        "match", "--white", "human", "--black", "random", "--games", "2",
    ]);
    assert!(err.contains("cannot play in an automated match"), "{err}");
    fails(&[
        "match", "--white", "random", "--black", "random", "--games", "0",
    ]);
    fails(&["match", "--white", "random", "--black", "random"]);
    let err = fails(&[
        "match",
        "--variant",
        "nowhere",
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "2",
    ]);
    assert!(err.contains("unknown variant `nowhere`"), "{err}");
}

#[test]
fn compare_prints_a_table_with_a_column_per_variant() {
    let out = ok(&[
        "compare",
        "--variant",
        "bushka",
        "--variant",
        "hexbushka",
        "--games",
        "3",
        "--player",
        "greedy",
        "--max-plies",
        "150",
    ]);
    let header = out
        .lines()
        .find(|l| l.contains("bushka") && l.contains("hexbushka") && !l.contains("Self-play"))
        .unwrap_or_else(|| panic!("a header row: {out}"));
    assert!(header.trim_start().starts_with("bushka"), "{header}");
    let row = |label: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("a `{label}` row: {out}"))[label.len()..]
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    assert_eq!(row("branching at the start"), ["24", "38"]);
    assert_eq!(row("cells"), ["50", "61"]);
    assert_eq!(row("games"), ["3", "3"]);
    for label in [
        "threefold draws",
        "ply-limit adjudications",
        "largest capture",
    ] {
        row(label);
    }
}

#[test]
fn compare_json_parses_and_matches_the_seed() {
    let args = [
        "compare",
        "--variant",
        "bushka-9x11",
        "--variant",
        "bushka-cylinder",
        "--games",
        "4",
        "--player",
        "engine:depth=1:hash=1",
        "--seed",
        "9",
        "--json",
    ];
    let out = ok(&args);
    let json: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let reports = json.as_array().expect("an array");
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0]["variant"], "bushka-9x11");
    assert_eq!(reports[1]["variant"], "bushka-cylinder");
    for r in reports {
        let count = |k: &str| r[k].as_u64().unwrap_or_else(|| panic!("`{k}` in {r}"));
        assert_eq!(count("games"), 4);
        assert_eq!(
            count("white_wins") + count("draws") + count("black_wins"),
            4
        );
        assert_eq!(r["seed"], 9);
        for key in [
            "branching_mean",
            "median_plies",
            "white_score",
            "linear_capture_share",
        ] {
            assert!(r[key].is_number(), "`{key}` in {r}");
        }
    }
    assert_eq!(out, ok(&args), "the same seed gives the same report");
}

#[test]
fn compare_writes_an_svg_chart() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let dir = tmp.path().join("svg");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("chart.svg");
    let path_text = path.to_string_lossy().to_string();
    ok(&[
        "compare",
        "--variant",
        "bushka",
        "--variant",
        "hexbushka-4",
        "--games",
        "2",
        "--player",
        "random",
        "--max-plies",
        "60",
        "--svg",
        &path_text,
    ]);
    let svg = std::fs::read_to_string(&path).expect("the chart was written");
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(200)]);
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("hexbushka-4"), "the legend names the variants");
    assert!(svg.contains("<rect"), "bars are drawn");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_rejects_bad_input() {
    fails(&["compare"]);
    let err = fails(&[
        "compare",
        "--variant",
        "bushka",
        "--player",
        "engine:speed=9",
    ]);
    assert!(err.contains("bad player"), "{err}");
    let err = fails(&["compare", "--variant", "bushka", "--player", "human"]);
    assert!(err.contains("cannot play in an automated match"), "{err}");
    let err = fails(&["compare", "--variant", "bushka", "--variant", "nowhere"]);
    assert!(err.contains("unknown variant `nowhere`"), "{err}");
    fails(&["compare", "--variant", "bushka", "--games", "0"]);
    let err = fails(&[
        "compare",
        "--variant",
        "bushka",
        "--games",
        "1",
        "--player",
        "random",
        "--svg",
        "/nonexistent-dir/x.svg",
    ]);
    assert!(err.contains("/nonexistent-dir/x.svg"), "{err}");
}

#[test]
fn match_warns_when_the_games_repeat_and_opens_randomly_by_default() {
    let args = |opening: &'static str| {
        [
            "match",
            "--variant",
            "hexbushka-4",
            "--white",
            "engine:depth=1:hash=1",
            "--black",
            "engine:depth=2:hash=1",
            "--games",
            "4",
            "--random-opening",
            opening,
        ]
    };
    let same = bushka(&args("0"));
    assert!(same.status.success());
    assert!(
        stderr(&same).contains("warning: only 2 of the 4 games differ"),
        "{}",
        stderr(&same)
    );
    let default = bushka(&args("4")[..9]);
    assert!(default.status.success());
    assert!(
        stdout(&default).contains("random opening 4 plies"),
        "{}",
        stdout(&default)
    );
    assert!(
        !stderr(&default).contains("warning"),
        "{}",
        stderr(&default)
    );
}

#[test]
fn a_clean_sweep_reports_a_finite_elo_bound() {
    let out = ok(&[
        "match",
        "--white",
        "engine:depth=2:hash=1",
        "--black",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
    ]);
    assert_eq!(score_line(&out), (4, 0, 0), "{out}");
    assert!(out.contains("Elo difference: > +"), "{out}");
    assert!(!out.contains("inf"), "{out}");
}

/// The SPRT lines of a match report: the verdict line and the pairs line.
fn sprt_lines(text: &str) -> (String, String) {
    let mut lines = text.lines().skip_while(|l| !l.starts_with("SPRT ("));
    let verdict = lines
        .next()
        .unwrap_or_else(|| panic!("an SPRT line: {text}"));
    let pairs = lines
        .next()
        .unwrap_or_else(|| panic!("a pairs line: {text}"));
    (verdict.to_string(), pairs.to_string())
}

#[test]
fn an_sprt_ends_the_match_when_its_pairs_decide_whatever_the_threads() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sprt-records");
    let _ = std::fs::remove_dir_all(&dir);
    let save = dir.display().to_string();
    // The engine wins every game against random play: H1 (+100 Elo) after the
    // fewest pairs a verdict rests on, 20 games of the 100 allowed.
    let won = |threads: &str| ok(&decided_sprt(&["--threads", threads, "--save", &save]));
    let out = won("2");
    assert_eq!(score_line(&out), (20, 0, 0), "{out}");
    let (verdict, pairs) = sprt_lines(&out);
    assert!(
        verdict.starts_with(
            "SPRT (H0 +0 Elo against H1 +100 Elo, alpha 0.05, beta 0.05): H1 accepted after 10 pairs; LLR "
        ),
        "{verdict}"
    );
    assert_eq!(
        pairs,
        "Pairs by points: 0 with 0, 0 with 1/2, 0 with 1, 0 with 3/2, 10 with 2"
    );
    // Only the games counted are kept, whatever ran beside them.
    let records = std::fs::read_dir(&dir).map(Iterator::count).unwrap_or(0);
    assert_eq!(records, 20, "{dir:?}");
    assert_eq!(
        unthreaded(&won("1")),
        unthreaded(&out),
        "the same on one thread"
    );

    // Two random players are far from 100 Elo apart: H0, on an even number of games.
    let even = |threads: &str| {
        ok(&random_match(
            "401",
            &["--sprt", "100,200,0.1,0.1", "--threads", threads],
        ))
    };
    let out = even("2");
    let (verdict, _) = sprt_lines(&out);
    assert!(
        verdict.contains("alpha 0.1, beta 0.1): H0 accepted after "),
        "{verdict}"
    );
    let (w, d, l) = score_line(&out);
    assert!((w + d + l) % 2 == 0 && w + d + l < 401, "{out}");
    assert_eq!(unthreaded(&even("1")), unthreaded(&out));

    // A limit reached first: no verdict, the odd last game left out of the pairs.
    let out = ok(&random_match("5", &["--sprt", "-10,10"]));
    let (verdict, pairs) = sprt_lines(&out);
    assert!(
        verdict.contains("no verdict after 2 pairs (the --games limit)"),
        "{verdict}"
    );
    assert!(pairs.starts_with("Pairs by points: "), "{pairs}");
    let (w, d, l) = score_line(&out);
    assert_eq!(w + d + l, 5, "{out}");
}

#[test]
fn match_rejects_a_bad_sprt() {
    for (sprt, says) in [
        ("10,0", "elo0 10 must be below elo1 0"),
        ("0", "expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA"),
        ("0,ten", "`ten` is not a number"),
        (
            "0,10,0.05,0.5",
            "beta 0.5: an error rate above 0 and below 0.5",
        ),
    ] {
        let err = fails(&[
            "match", "--white", "random", "--black", "random", "--games", "2", "--sprt", sprt,
        ]);
        assert!(err.contains(says), "{sprt}: {err}");
        assert!(err.contains("--sprt"), "{sprt}: {err}");
    }
}

/// The `.pdn` files of `dir` by name, with their text.
fn records(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("the records' directory")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .to_string();
            (name, std::fs::read_to_string(&path).expect("a record"))
        })
        .collect();
    found.sort();
    found
}

/// A match read back whole plays no game, so it starts no program: its report comes
/// back after the program has gone; with a game missing, the program must play it, and
/// its absence is an error naming it.
#[test]
fn a_match_read_back_whole_starts_no_program() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let program = tmp.path().join("engine");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_bushka"), &program).expect("a link");
    let spec = format!("ugi,nodes=300:{} ugi", program.display());
    let games = tmp.path().join("games");
    let games_text = games.display().to_string();
    let args = [
        "match",
        "--variant",
        "hexbushka-4",
        "--white",
        "engine:nodes=300",
        "--black",
        &spec,
        "--games",
        "2",
        "--max-plies",
        "30",
        "--seed",
        "3",
        "--save",
        &games_text,
        "--resume",
    ];
    let played = ok(&args);
    assert_eq!(records(&games).len(), 2);
    std::fs::remove_file(&program).expect("the link removed");
    assert_eq!(ok(&args), played, "the same report, read back");
    std::fs::remove_file(games.join("game-0002.pdn")).expect("a record removed");
    let err = fails(&args);
    assert!(
        err.contains(&format!("cannot start `{} ugi`", program.display())),
        "{err}"
    );
}

/// A match whose run was interrupted goes on from its saved games: those are read
/// back (not played again) and the match ends as if it had never stopped, with or
/// without an SPRT; records of another match, or edited, are refused by name.
#[test]
fn an_interrupted_match_resumes_from_its_saved_games() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let whole = tmp.path().join("whole");
    let cut = tmp.path().join("cut");
    let (whole_text, cut_text) = (whole.display().to_string(), cut.display().to_string());
    // Random players within 60 plies: games won, drawn by rule and stopped at the limit.
    let settings = ["--max-plies", "60", "--seed", "5", "--threads", "2"];
    let play = |dir: &str, extra: &[&str]| {
        let mut rest = settings.to_vec();
        rest.extend_from_slice(&["--save", dir]);
        rest.extend_from_slice(extra);
        bushka(&random_match("8", &rest))
    };
    let uncut = play(&whole_text, &["--each"]);
    assert!(uncut.status.success(), "{}", stderr(&uncut));
    let kept = records(&whole);
    assert_eq!(kept.len(), 8);
    assert!(
        kept.iter().any(|(_, r)| r.contains("ply limit")),
        "a game stopped at the limit among {kept:?}"
    );
    std::fs::create_dir_all(&cut).expect("a directory");
    for (name, text) in kept
        .iter()
        .filter(|(n, _)| !n.contains("2.") && !n.contains("7."))
    {
        std::fs::write(cut.join(name), text).expect("a copy");
    }
    let resumed = play(&cut_text, &["--each", "--resume"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("resuming: 6 of the 8 games found in"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(stdout(&resumed), stdout(&uncut), "the same match");
    assert_eq!(records(&cut), kept, "the same records");
    // Nothing left to play: the match is read back whole.
    let again = play(&cut_text, &["--each", "--resume"]);
    assert_eq!(stdout(&again), stdout(&uncut));

    // Under an SPRT, the games read back count in order as the played ones do.
    let tested = tmp.path().join("tested");
    let tested_text = tested.display().to_string();
    let sprt = |resume: bool| {
        let mut args = decided_sprt(&["--save", &tested_text]);
        if resume {
            args.push("--resume");
        }
        ok(&args)
    };
    let decided = sprt(false);
    let all = records(&tested);
    assert_eq!(all.len(), 20, "{decided}");
    for (name, _) in all.iter().skip(4).step_by(3) {
        std::fs::remove_file(tested.join(name)).expect("a record to remove");
    }
    assert_eq!(sprt(true), decided);
    assert_eq!(records(&tested), all);

    // Another match's records, an edited record, a game longer than the limit.
    let err = fails(&random_match(
        "8",
        &[
            "--max-plies",
            "60",
            "--seed",
            "6",
            "--save",
            &cut_text,
            "--resume",
        ],
    ));
    assert!(
        err.contains("game-0001.pdn: not game 1 of this match: its Seed tag is `5`"),
        "{err}"
    );
    let err = fails(&random_match(
        "8",
        &[
            "--max-plies",
            "30",
            "--seed",
            "5",
            "--save",
            &cut_text,
            "--resume",
        ],
    ));
    assert!(err.contains("more than --max-plies 30"), "{err}");
    let third = cut.join("game-0003.pdn");
    let text = std::fs::read_to_string(&third).expect("a record");
    let edited = text.replacen("[Round ", "[Annotator \"me\"]\n[Round ", 1);
    std::fs::write(&third, edited).expect("an edit");
    let err = fails(&random_match(
        "8",
        &[&settings[..], &["--save", &cut_text, "--resume"]].concat(),
    ));
    assert!(
        err.contains(
            "game-0003.pdn: not game 3 of this match: it is not the record this match writes"
        ),
        "{err}"
    );
    assert!(
        err.contains("line 4 is `[Annotator \"me\"]`, this match writes `[Round \"3\"]`"),
        "{err}"
    );
    let err = fails(&random_match("8", &["--resume"]));
    assert!(err.contains("--save <DIR>"), "{err}");
}

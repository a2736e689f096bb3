//! Interoperation with real programs of the draughts world: `dame hub` (PyPI `dame-rs`)
//! playing as a bushka player over Hub, and pydraughts' Hub client (PyPI `pydraughts`)
//! driving `bushka hub`, and kish (PyPI `kish`, Turkish draughts) judging the `turkish`
//! file's moves. They need a Python virtual environment with these packages,
//! named by `BUSHKA_INTEROP_VENV`: `tests/all.sh` makes one and runs these tests.

use std::path::PathBuf;

mod common;

use common::{game_lines, root, stderr, stdout, succeeds};

/// The virtual environment's directory.
fn venv() -> PathBuf {
    let dir = std::env::var_os("BUSHKA_INTEROP_VENV").unwrap_or_else(|| {
        panic!(
            "BUSHKA_INTEROP_VENV names a venv with dame-rs and pydraughts (tests/all.sh makes it)"
        )
    });
    PathBuf::from(dir)
}

#[test]
#[ignore = "needs dame-rs and pydraughts in BUSHKA_INTEROP_VENV: run by tests/all.sh"]
fn dame_plays_as_a_hub_player_against_bushka() {
    let dame = venv().join("bin/dame");
    let spec = format!("hub:{} hub", dame.display());
    let out = succeeds(&[
        "match",
        "--variant",
        "draughts",
        "--white",
        &spec,
        "--black",
        "engine:movetime=50",
        "--games",
        "2",
        "--movetime",
        "0.1",
        "--max-plies",
        "120",
        "--ballots",
        "variants/ballots/international-2move.txt",
        "--each",
    ]);
    // Games are cut at 120 plies to keep the test short. (Late in long games dame once
    // answered `done` with no move and refused moves bushka sent: those games had
    // reached FMJD's lone-king draw, 6.3/6.4, which bushka now applies too.)
    let games = game_lines(&out);
    assert_eq!(games.len(), 2, "{out}");
    for game in games {
        assert!(!game.contains("forfeit"), "{game}");
    }
}

#[test]
#[ignore = "needs dame-rs and pydraughts in BUSHKA_INTEROP_VENV: run by tests/all.sh"]
fn pydraughts_drives_bushka_hub_through_a_game() {
    let python = venv().join("bin/python");
    let output = std::process::Command::new(python)
        .arg(root().join("tests/interop/pydraughts_hub.py"))
        .arg(env!("CARGO_BIN_EXE_bushka"))
        .arg("120")
        .output()
        .expect("python runs");
    let out = stdout(&output);
    assert!(output.status.success(), "{out}\n{}", stderr(&output));
    assert!(out.contains("id: {'name': 'bushka'"), "{out}");
    let plies: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("plies: "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(plies > 20, "{out}");
}

#[test]
#[ignore = "needs kish in BUSHKA_INTEROP_VENV: run by tests/all.sh"]
fn turkish_moves_agree_with_kish_at_every_position_of_random_games() {
    use bushka_rules::Budget;
    use bushka_session::Variant;

    let geometry = match bushka_geometry::builtin("turkish") {
        Some(Ok(g)) => g,
        other => panic!("the turkish built-in did not load: {other:?}"),
    };
    let variant = Variant::new(geometry);
    let python = venv().join("bin/python");
    let output = std::process::Command::new(python)
        .arg(root().join("tests/interop/kish_turkish.py"))
        .args(["300", "20261126", "200"])
        .output()
        .expect("python runs");
    let out = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    let (mut positions, mut captures, mut perfts) = (0, 0, 0);
    for line in out.lines() {
        if let Some(row) = line.strip_prefix("perft ") {
            let (depth, count) = row.split_once(' ').expect("perft D N");
            let depth: u32 = depth.parse().expect("a depth");
            let ours = variant
                .start()
                .perft(depth, &Budget::default())
                .expect("within the budget");
            assert_eq!(ours.to_string(), count, "perft {depth}");
            perfts += 1;
            continue;
        }
        let (text, theirs) = line.split_once('\t').expect("POSITION<TAB>MOVES");
        let position = variant
            .position(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let g = position.geometry().clone();
        let mut ours: Vec<String> = position
            .legal_moves(u64::MAX)
            .expect("within the budget")
            .iter()
            .map(|m| {
                let mut id = format!("{}-{}", g.name(m.from), g.name(m.to));
                let mut taken: Vec<&str> = m.captured.iter().map(|&c| g.name(c)).collect();
                taken.sort_unstable();
                if !taken.is_empty() {
                    id.push('x');
                    id.push_str(&taken.join(","));
                }
                id
            })
            .collect();
        ours.sort_unstable();
        let mut theirs: Vec<&str> = theirs.split_whitespace().collect();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "{text}");
        positions += 1;
        captures += usize::from(theirs.iter().any(|m| m.contains('x')));
    }
    println!("{positions} positions ({captures} with captures), {perfts} perft depths");
    assert!(
        positions > 10_000 && captures > 1_000 && perfts == 5,
        "{out}"
    );
}

//! `bushka solve` and `bushka analyse --tablebases`, driven as a user would.

mod common;

use common::{bushka, stderr, stdout};

fn scratch(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("bushka-cli-tb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.display().to_string()
}

#[test]
fn solve_reports_counts_and_the_longest_win_and_saves_tables() {
    let dir = scratch("solve");
    let out = bushka(&[
        "solve",
        "--variant",
        "tests/data/hexagon-3.toml",
        "--material",
        "2K v 1K",
        "--save",
        &dir,
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("solved 1K v 1K:"), "{text}");
    assert!(text.contains("2K v 1K on hexagon-3:"), "{text}");
    assert!(text.contains("White to move:"), "{text}");
    assert!(text.contains("longest win:"), "{text}");
    assert!(text.contains("winning line:"), "{text}");
    assert!(text.contains("saved 4 table files"), "{text}");

    // The saved tables serve analyse, which reports the exact result first.
    let out = bushka(&[
        "analyse",
        "--variant",
        "tests/data/hexagon-3.toml",
        "--position",
        "W:WKa1,Kc3:BKe5",
        "--tablebases",
        &dir,
        "--depth",
        "2",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.starts_with("tablebase: "), "{text}");

    // A damaged file in the directory is refused with its name.
    let path = std::path::Path::new(&dir).join("hexagon-3_2Kv1K.bktb");
    let mut bytes = std::fs::read(&path).expect("saved");
    bytes.truncate(40);
    std::fs::write(&path, bytes).expect("writes");
    let out = bushka(&[
        "analyse",
        "--variant",
        "tests/data/hexagon-3.toml",
        "--tablebases",
        &dir,
        "--depth",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("hexagon-3_2Kv1K.bktb") && err.contains("ends early"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn stones_that_never_crown_need_no_king_tables() {
    // Fanoron-Dimy has no promotion: 2M v 1M leads only to tables of men, and every
    // signature of at most three pieces is one of men only.
    let out = bushka(&[
        "solve",
        "--variant",
        "variants/fanorona-dimy.toml",
        "--material",
        "2M v 1M",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let solved: Vec<&str> = text.lines().filter(|l| l.starts_with("solved ")).collect();
    assert_eq!(solved.len(), 5, "{text}");
    assert!(solved.iter().all(|l| !l.contains('K')), "{text}");
    let out = bushka(&[
        "solve",
        "--variant",
        "variants/fanorona-dimy.toml",
        "--pieces",
        "3",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("2M v 1M on fanorona-dimy:"), "{text}");
    assert!(!text.contains('K'), "{text}");
}

#[test]
fn solve_refuses_bad_material() {
    let out = bushka(&["solve", "--material", "3K vs 1K"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("bad material `3K vs 1K`"),
        "{}",
        stderr(&out)
    );
}

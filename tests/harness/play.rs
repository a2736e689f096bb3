//! The play session's input loop: `bushka play` as a library call over scripted input.

use std::io::Cursor;

use bushka_engine::PlayerSpec;
use bushka_geometry::ByColour;
use bushka_session::{Opening, Session, Setup, Variant};

use super::notation::builtin_boards;

/// The player pairs the target plays: people only, or a person against a fast
/// computer player (the engine would make every input take a second).
const PAIRS: [ByColour<PlayerSpec>; 4] = [
    ByColour::new(PlayerSpec::Human, PlayerSpec::Human),
    ByColour::new(PlayerSpec::Human, PlayerSpec::Random { seed: 1 }),
    ByColour::new(PlayerSpec::Random { seed: 2 }, PlayerSpec::Human),
    ByColour::new(PlayerSpec::Human, PlayerSpec::Greedy { seed: 3 }),
];

/// Reads the first byte as the choice of board and players, and the rest as the lines
/// a person types into `bushka play`. Lines that would write files (`save`) or start a
/// one-second search (`hint`, and `draw` offered to a computer) are left out. The loop
/// must end with no error, and everything it prints must be text.
pub fn play(data: &[u8]) {
    let Some((choice, text)) = super::choice_and_text(data) else {
        return;
    };
    let boards = builtin_boards();
    let board = &boards[choice % boards.len()];
    let specs = PAIRS[choice / 8 % PAIRS.len()].clone();
    let computer = specs.iter().any(|(_, spec)| *spec == PlayerSpec::Human) && specs != PAIRS[0];
    let script: String = text
        .lines()
        .filter(|line| {
            let word = line.split_whitespace().next().unwrap_or("");
            let word = word.to_ascii_lowercase();
            !(word == "save" || word == "hint" || (computer && word == "draw"))
        })
        .map(|line| format!("{line}\n"))
        .collect();
    let mut out = Vec::new();
    let mut setup = Setup::new(specs);
    setup.max_plies = Some(400);
    let variant = Variant::from(board.clone());
    let session = Session::start(&variant, Opening::Start, setup).expect("a game starts");
    let result = bushka_cli::run_game(
        session,
        None,
        Cursor::new(script.as_bytes()),
        &mut out,
        true,
    );
    if let Err(e) = result {
        panic!("the play loop failed: {e}");
    }
    assert!(
        String::from_utf8(out).is_ok(),
        "the play loop printed bytes that are not UTF-8"
    );
}

//! Strength measurements (slow: run in release with
//! `cargo test --release -p bushka-engine --test strength -- --ignored --nocapture`).
//! Each prints its figures; the thresholds are those of the computer-opponent issue.

mod common;

use std::sync::Arc;

use bushka_engine::{Answer, Chooser, End, Engine, Fault, PlayerSpec, Turn, play_out};
use bushka_geometry::Colour;
use bushka_rules::{AnyBoard, Bits, Board, Game, with_board};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const OFFICIAL: [&str; 3] = ["bushka", "bushka-9x11", "hexbushka"];

/// Engine time per move for the match tests; `BUSHKA_MOVETIME` overrides it (ms).
fn engine_spec() -> PlayerSpec {
    let ms = std::env::var("BUSHKA_MOVETIME")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000u64);
    format!("engine:movetime={ms}").parse().expect("spec")
}

fn against(opponent: &str, threshold: f64) {
    for name in OFFICIAL {
        let any = AnyBoard::new(common::geometry(name));
        with_board!(&any, b => {
            let opp: PlayerSpec = opponent.parse().expect("spec");
            // 20 games from the start position, 20 from 6-ply random openings.
            let from_start = common::duel(b, &engine_spec(), &opp, 20, 0, 400);
            let from_openings = common::duel(b, &engine_spec(), &opp, 20, 6, 400);
            let ratio = (from_start.ratio() + from_openings.ratio()) / 2.0;
            println!("{name}: engine vs {opponent}: start {from_start:?}, openings {from_openings:?}, score {:.1}%", ratio * 100.0);
            assert!(ratio >= threshold, "{name}: {ratio}");
        });
    }
}

#[test]
#[ignore = "slow: minutes of engine play; see the README"]
fn engine_beats_random() {
    against("random", 1.0);
}

#[test]
#[ignore = "slow: minutes of engine play; see the README"]
fn engine_beats_greedy() {
    against("greedy", 0.95);
}

#[test]
#[ignore = "slow: minutes of engine play; see the README"]
fn deeper_search_wins() {
    for name in OFFICIAL {
        let any = AnyBoard::new(common::geometry(name));
        with_board!(&any, b => {
            let deep: PlayerSpec = "engine:depth=5".parse().expect("spec");
            let shallow: PlayerSpec = "engine:depth=3".parse().expect("spec");
            let score = common::duel(b, &deep, &shallow, 40, 6, 400);
            println!("{name}: depth 5 vs depth 3: {score:?}, score {:.1}%", score.ratio() * 100.0);
            assert!(score.ratio() >= 0.7, "{name}: {score:?}");
        });
    }
}

/// Random legal positions with three kings against one, the strong side to move and
/// no capture on the board for either side.
fn three_kings_positions<B: Bits>(
    board: &Arc<Board<B>>,
    count: usize,
    seed: u64,
) -> Vec<(String, Colour)> {
    let geometry = board.geometry();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut cells: Vec<_> = geometry.cells().collect();
        let mut names = Vec::new();
        for _ in 0..4 {
            names.push(
                geometry
                    .name(cells.remove(rng.random_range(0..cells.len())))
                    .to_string(),
            );
        }
        let strong = if rng.random_bool(0.5) {
            Colour::White
        } else {
            Colour::Black
        };
        let (s, w) = if strong == Colour::White {
            ("W", "B")
        } else {
            ("B", "W")
        };
        let fen = format!(
            "{s}:{s}K{},K{},K{}:{w}K{}",
            names[0], names[1], names[2], names[3]
        );
        let Ok(pos) = board.parse_position(&fen) else {
            continue;
        };
        let quiet =
            |p: &bushka_rules::Position<B>| board.moves(p).iter().all(|m| !m.kind.is_capture());
        if quiet(&pos) && quiet(&pos.with_side(board, strong.opponent())) {
            out.push((fen, strong));
        }
    }
    out
}

#[test]
#[ignore = "slow: minutes of engine play; see the README"]
fn three_kings_beat_one() {
    let ms = std::env::var("BUSHKA_MOVETIME")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500u64);
    let spec: PlayerSpec = format!("engine:movetime={ms}").parse().expect("spec");
    for name in OFFICIAL {
        let any = AnyBoard::new(common::geometry(name));
        with_board!(&any, b => {
            let positions = three_kings_positions(b, 100, 2026);
            let mut wins = 0;
            for (fen, strong) in &positions {
                let pos = b.parse_position(fen).expect("generated position");
                let mut game = Game::from_position(Arc::clone(b), pos).expect("a game starts");
                let mut x = spec.build(b, 1, None).expect("engine");
                let mut y = spec.build(b, 2, None).expect("engine");
                let end = play_out(&mut game, x.as_mut(), y.as_mut(), 60, None, |_, _| {})
                    .expect("every position lists its moves");
                if matches!(end, End::Rule(o) if o.winner() == Some(*strong)) {
                    wins += 1;
                } else {
                    println!("{name}: not won within 60 plies: {fen} ({end:?})");
                }
            }
            let rate = wins as f64 / positions.len() as f64;
            println!("{name}: three kings beat one in {wins}/{} ({:.0}%)", positions.len(), rate * 100.0);
            assert!(rate >= 0.9, "{name}: {rate}");
        });
    }
}

/// An engine that gives its search memory back after every move, as the web server's
/// engines do (`bushka_session::Memory::Search`): each move starts from an empty table.
struct Forgetful<B: Bits>(Engine<B>);

impl<B: Bits> Chooser<B> for Forgetful<B> {
    fn name(&self) -> String {
        format!("{} (forgetful)", self.0.name())
    }

    fn choose(&mut self, game: &Game<B>, turn: &Turn) -> Result<Answer<B>, Fault> {
        let choice = self.0.choose(game, turn);
        self.0.searcher().free_memory();
        choice
    }
}

/// The level an engine that forgets between its moves plays at (`BUSHKA_LEVEL`, default
/// 3), over `BUSHKA_GAMES` games (default 100) on Bushka from 4-ply random openings,
/// against the same level keeping its table between moves: the web server's engines
/// against `bushka match`'s.
#[test]
#[ignore = "slow: minutes of engine play; see the README"]
fn forgetting_between_moves_keeps_a_level_s_strength() {
    let number = |key: &str, default: u64| {
        std::env::var(key)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let level = number("BUSHKA_LEVEL", 3) as u8;
    let games = number("BUSHKA_GAMES", 100);
    let AnyBoard::Narrow(board) = AnyBoard::new(common::geometry("bushka")) else {
        panic!("bushka fits 64 bits");
    };
    let spec = PlayerSpec::level(level);
    let mut score = common::Score::default();
    for g in 0..games {
        let mut game = common::random_opening(&board, 4, g / 2);
        let engine = |seed| spec.engine_for(&board, seed, None).expect("an engine");
        let mut keeping = engine(2 * g + 1);
        let mut forgetful = Forgetful(engine(2 * g));
        let forgetful_colour = if g % 2 == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        let end = match forgetful_colour {
            Colour::White => play_out(
                &mut game,
                &mut forgetful,
                &mut keeping,
                400,
                None,
                |_, _| {},
            ),
            Colour::Black => play_out(
                &mut game,
                &mut keeping,
                &mut forgetful,
                400,
                None,
                |_, _| {},
            ),
        }
        .expect("every position lists its moves");
        match end.winner() {
            Some(c) if c == forgetful_colour => score.wins += 1,
            Some(_) => score.losses += 1,
            None => score.draws += 1,
        }
    }
    println!(
        "level {level}, forgetting against keeping its table: {score:?}, score {:.1}%",
        score.ratio() * 100.0
    );
    assert!(score.ratio() >= 0.35, "{score:?}");
}

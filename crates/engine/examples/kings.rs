use bushka_engine::*;
use bushka_rules::*;
use rand::{Rng, SeedableRng};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let variant = &a[1];
    let spec: PlayerSpec = a[2].parse().unwrap();
    let n: u64 = a[3].parse().unwrap();
    let any = AnyBoard::new(bushka_geometry::builtin(variant).unwrap().unwrap());
    with_board!(&any, b => {
        let g = b.geometry().clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut wins = 0;
        let mut tried = 0;
        while tried < n {
            let mut cells: Vec<usize> = g.cells().collect();
            let mut pick = |rng: &mut rand_chacha::ChaCha8Rng| cells.remove(rng.random_range(0..cells.len()));
            let (k1, k2, k3, k4) = (pick(&mut rng), pick(&mut rng), pick(&mut rng), pick(&mut rng));
            let strong_white = rng.random_bool(0.5);
            let (s, w) = if strong_white { ("W", "B") } else { ("B", "W") };
            let fen = format!("{s}:{s}K{},K{},K{}:{w}K{}", g.name(k1), g.name(k2), g.name(k3), g.name(k4));
            let Ok(pos) = b.parse_position(&fen) else { continue };
            let mut game = Game::from_position(b.clone(), pos);
            if game.legal_moves().iter().any(|m| m.kind.is_capture()) { continue; }
            // weak side to move must not capture immediately either
            tried += 1;
            let mut p1 = spec.build(b, 1).unwrap();
            let mut p2 = spec.build(b, 2).unwrap();
            let end = play_out(&mut game, p1.as_mut(), p2.as_mut(), 60, |_, _| {});
            let strong = if strong_white { bushka_geometry::Player::White } else { bushka_geometry::Player::Black };
            let won = end.winner() == Some(strong);
            if won { wins += 1 } else { println!("not won: {fen} -> {:?} after {}", end, game.moves().len()); }
        }
        println!("{variant}: {wins}/{tried}");
    });
}
#[allow(dead_code)]
fn unused() {}

use bushka_engine::*;
use bushka_rules::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let variant = &a[1];
    let s1: PlayerSpec = a[2].parse().unwrap();
    let s2: PlayerSpec = a[3].parse().unwrap();
    let games: u64 = a[4].parse().unwrap();
    let any = AnyBoard::new(bushka_geometry::builtin(variant).unwrap().unwrap());
    with_board!(&any, b => {
        let mut score = 0.0;
        for g in 0..games {
            let mut p1 = s1.build(b, g).unwrap();
            let mut p2 = s2.build(b, g + 1000).unwrap();
            let mut game = Game::new(b.clone());
            let first_white = g % 2 == 0;
            let end = if first_white { play_out(&mut game, p1.as_mut(), p2.as_mut(), 300, |_, _| {}) } else { play_out(&mut game, p2.as_mut(), p1.as_mut(), 300, |_, _| {}) };
            let w = end.winner();
            let s = match w { None => 0.5, Some(c) => if (c == bushka_geometry::Player::White) == first_white { 1.0 } else { 0.0 } };
            score += s;
            println!("game {g}: {:?} plies={} score={s}", end, game.moves().len());
        }
        println!("total {score}/{games}");
    });
}

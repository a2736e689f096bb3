use std::sync::Arc;
fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    for name in std::env::args().skip(2).collect::<Vec<_>>().iter().map(|s| s.as_str()) {
        let g = Arc::new(bushka_geometry::builtin(name).unwrap().unwrap());
        if g.embedding().span <= 64 {
            let b = bushka_rules::Board::<u64>::new(g).unwrap();
            let p = b.start_position();
            for d in 1..=depth { let t = std::time::Instant::now(); let n = bushka_rules::perft(&b, &p, d); println!("{name} {d} {n} {:?}", t.elapsed()); }
        } else {
            let b = bushka_rules::Board::<u128>::new(g).unwrap();
            let p = b.start_position();
            for d in 1..=depth { let t = std::time::Instant::now(); let n = bushka_rules::perft(&b, &p, d); println!("{name} {d} {n} {:?}", t.elapsed()); }
        }
    }
}

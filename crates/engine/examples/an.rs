use bushka_engine::*;
use bushka_rules::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let any = AnyBoard::new(bushka_geometry::builtin(&a[1]).unwrap().unwrap());
    let depth: u32 = a[3].parse().unwrap();
    let _ = depth;
    with_board!(&any, b => {
        let pos = b.parse_position(&a[2]).unwrap();
        let mut s = Searcher::new(b.clone(), 16);
        s.search(&pos, &if depth > 100 { Limits::movetime(std::time::Duration::from_millis(depth as u64)) } else { Limits::depth(depth) }, |it| {
            let mut p = pos; let mut texts = vec![];
            for mv in &it.pv { let l = b.moves(&p); texts.push(b.move_text(&p, mv, l.as_slice())); p = p.play(b, mv); }
            println!("depth {} score {} nodes {} {:?} pv {}", it.depth, score_text(it.score), it.nodes, it.elapsed, texts.join(" "));
        });
    });
}

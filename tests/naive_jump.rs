//! An independent, deliberately naive jump-capture generator, written from
//! crates/rules/RULES.md sections 6 and 7 alone: the geometry's neighbour table, one slot
//! per cell, every capture route walked square by square, and every clause of the
//! draughts family read from the rule set as the rules text states it. It shares no
//! code with the engine's generator; `tests/jump.rs` runs it in lockstep with the
//! engine on every draughts file.

use bushka_geometry::{
    Cell, Criterion, Dir, Geometry, Goal, KingLanding, KingRange, MenCapture,
    PromotionDuringCapture, Removal,
};
use bushka_rules::MoveKind;

use crate::lockstep::{Mv, Pos};

/// One capture route: the move it makes, whether the capturing piece started as a king,
/// and for each piece taken in order whether it was a king.
struct Route {
    mv: Mv,
    with_king: bool,
    kings_in_order: Vec<bool>,
}

/// The legal moves, sorted, one per identity.
pub fn legal(g: &Geometry, pos: &Pos) -> Vec<Mv> {
    assert!(!g.rules().line_moves, "draughts has no line moves");
    if g.rules().goal == Goal::FirstKingWins && pos.cells.iter().flatten().any(|p| p.is_king()) {
        // The first king ended the game.
        return Vec::new();
    }
    let mut routes = Vec::new();
    for c in g.cells() {
        if let Some(piece) = pos.mine(c) {
            let mut walk = Walk {
                g,
                pos,
                origin: c,
                with_king: piece.is_king(),
                taken: Vec::new(),
                out: &mut routes,
            };
            walk.from(c, piece.is_king(), None);
        }
    }
    let mut moves = if routes.is_empty() {
        let mut quiet_moves = Vec::new();
        for c in g.cells() {
            if let Some(piece) = pos.mine(c) {
                quiet(g, pos, c, piece.is_king(), &mut quiet_moves);
            }
        }
        quiet_moves
    } else {
        preferred(g, pos, routes)
    };
    moves.sort();
    moves.dedup();
    moves
}

/// The captures the precedence criteria allow: each identity with its best route's
/// value, and of those the ones no other beats, criterion by criterion.
fn preferred(g: &Geometry, pos: &Pos, routes: Vec<Route>) -> Vec<Mv> {
    let criteria = g.rules().precedence.criteria().to_vec();
    let value = |r: &Route| -> Vec<i64> {
        let kings = r.kings_in_order.iter().filter(|&&k| k).count() as i64;
        let pieces = r.kings_in_order.len() as i64;
        let mut v = Vec::new();
        for c in &criteria {
            match c {
                Criterion::MostPieces => v.push(pieces),
                Criterion::MostValue => {
                    // A king is worth more than one man and less than two.
                    v.push(100 * (pieces - kings) + 199 * kings);
                }
                Criterion::WithKing => v.push(i64::from(r.with_king)),
                Criterion::MostKings => v.push(kings),
                Criterion::EarliestKing => {
                    // A king met earlier in the sequence beats a man met there.
                    let mut place = 1i64 << 40;
                    let mut score = 0;
                    for &k in &r.kings_in_order {
                        place >>= 1;
                        if k {
                            score += place;
                        }
                    }
                    v.push(score);
                }
            }
        }
        v
    };
    let _ = pos;
    // The best value of each identity (two routes of one identity are one move).
    let mut best: Vec<(Mv, Vec<i64>)> = Vec::new();
    for r in &routes {
        let v = value(r);
        match best.iter_mut().find(|(m, _)| *m == r.mv) {
            Some((_, bv)) => {
                if v > *bv {
                    *bv = v;
                }
            }
            None => best.push((r.mv.clone(), v)),
        }
    }
    let top = best
        .iter()
        .map(|(_, v)| v.clone())
        .max()
        .unwrap_or_default();
    best.into_iter()
        .filter(|(_, v)| *v == top)
        .map(|(m, _)| m)
        .collect()
}

/// Cells a moving piece may cross or land on: empty ones and its own origin.
fn open(pos: &Pos, origin: Cell, c: Cell) -> bool {
    pos.at(c).is_none() || c == origin
}

/// The directions a man moves in: its forward ones.
fn men_moves(g: &Geometry, pos: &Pos) -> Vec<Dir> {
    g.side(pos.side).forward.clone()
}

/// The directions a man captures in.
fn men_captures(g: &Geometry, pos: &Pos) -> Vec<Dir> {
    match g.rules().men_capture {
        MenCapture::All => g.dirs().collect(),
        MenCapture::Forward => men_moves(g, pos),
        MenCapture::Listed(set) => set.iter().collect(),
    }
}

/// The search of one piece's capture routes.
struct Walk<'a> {
    g: &'a Geometry,
    pos: &'a Pos,
    origin: Cell,
    with_king: bool,
    /// The pieces taken so far, in order.
    taken: Vec<Cell>,
    out: &'a mut Vec<Route>,
}

impl Walk<'_> {
    /// Whether `c` may be crossed or landed on now.
    fn passable(&self, c: Cell) -> bool {
        if open(self.pos, self.origin, c) {
            return true;
        }
        // Taken pieces leave at once under `removal = "immediate"`.
        self.g.rules().removal == Removal::Immediate && self.taken.contains(&c)
    }

    /// The jumps from `at` for a piece that is a king or not, having come along `came`:
    /// for each, the piece taken, its direction and the cells it may land on.
    fn jumps(&self, at: Cell, king: bool, came: Option<Dir>) -> Vec<(Cell, Dir, Vec<Cell>)> {
        let g = self.g;
        let rules = g.rules();
        let long = king && rules.king_range == KingRange::Long;
        let dirs: Vec<Dir> = if king {
            rules.king_captures.iter().collect()
        } else {
            men_captures(g, self.pos)
        };
        let mut found = Vec::new();
        for d in dirs {
            if !rules.capture_turn_back && came == Some(g.opposite(d)) {
                continue;
            }
            let mut x = g.neighbour(at, d);
            while long && x.is_some_and(|c| self.passable(c)) {
                x = x.and_then(|c| g.neighbour(c, d));
            }
            let Some(victim) = x else { continue };
            let Some(piece) = self.pos.theirs(victim) else {
                continue;
            };
            if self.taken.contains(&victim)
                || (!king && piece.is_king() && !rules.men_capture_kings)
            {
                continue;
            }
            let mut landings = Vec::new();
            let mut landing = g.neighbour(victim, d);
            while let Some(land) = landing.filter(|&c| self.passable(c)) {
                landings.push(land);
                let further = long && rules.king_landing != KingLanding::Next;
                landing = if further { g.neighbour(land, d) } else { None };
            }
            if !landings.is_empty() {
                found.push((victim, d, landings));
            }
        }
        found
    }

    /// Walks on from `at`, the piece being a king or not, having come along `came`.
    fn from(&mut self, at: Cell, king: bool, came: Option<Dir>) {
        let jumps = self.jumps(at, king, came);
        if jumps.is_empty() {
            if !self.taken.is_empty() {
                self.record(at, king);
            }
            return;
        }
        let g = self.g;
        let rules = g.rules();
        for (victim, d, landings) in jumps {
            self.taken.push(victim);
            // A piece must land where it can go on capturing, if it can anywhere.
            let goes_on: Vec<Cell> = landings
                .iter()
                .copied()
                .filter(|&land| self.continues(land, king, d))
                .collect();
            if goes_on.is_empty() {
                let victim_king = self.pos.at(victim).is_some_and(|p| p.is_king());
                let halt = rules.king_landing == KingLanding::NextAfterKing && victim_king;
                let ends = if halt { &landings[..1] } else { &landings[..] };
                for &land in ends {
                    self.record(land, king || self.crowned_here(land, king));
                }
            } else {
                for land in goes_on {
                    self.land(land, king, d);
                }
            }
            self.taken.pop();
        }
    }

    /// Whether a man arriving on `land` mid-capture becomes a king there.
    fn crowned_here(&self, land: Cell, king: bool) -> bool {
        !king && self.g.promotes(self.pos.side, land)
    }

    /// Whether the piece, landing on `land` after a jump along `d`, goes on capturing.
    fn continues(&self, land: Cell, king: bool, d: Dir) -> bool {
        if self.crowned_here(land, king) {
            match self.g.rules().promotion_during_capture {
                PromotionDuringCapture::EndMove => return false,
                PromotionDuringCapture::ContinueAsKing => {
                    return !self.jumps(land, true, Some(d)).is_empty();
                }
                PromotionDuringCapture::ContinueAsMan => {}
            }
        }
        !self.jumps(land, king, Some(d)).is_empty()
    }

    /// Goes on from `land` (which continues), crowned first where the rules say.
    fn land(&mut self, land: Cell, king: bool, d: Dir) {
        let crowned = self.crowned_here(land, king)
            && self.g.rules().promotion_during_capture == PromotionDuringCapture::ContinueAsKing;
        self.from(land, king || crowned, Some(d));
    }

    /// Records the route ending on `to`, the piece being a king there or not.
    fn record(&mut self, to: Cell, king_now: bool) {
        let mut captured = self.taken.clone();
        captured.sort_unstable();
        let promotes = !self.with_king && (king_now || self.g.promotes(self.pos.side, to));
        self.out.push(Route {
            mv: Mv {
                kind: MoveKind::PieceCapture,
                from: self.origin,
                to,
                captured,
                promotes,
            },
            with_king: self.with_king,
            kings_in_order: self
                .taken
                .iter()
                .map(|&c| self.pos.at(c).is_some_and(|p| p.is_king()))
                .collect(),
        });
    }
}

/// The quiet moves of the piece on `from`.
fn quiet(g: &Geometry, pos: &Pos, from: Cell, king: bool, out: &mut Vec<Mv>) {
    let rules = g.rules();
    if king && rules.max_same_king_moves > 0 {
        // The same king may make only so many non-capturing moves in a row while its
        // side also has men.
        let has_men = pos
            .cells
            .iter()
            .flatten()
            .any(|p| p.colour == pos.side && !p.is_king());
        if has_men
            && pos
                .run(pos.side)
                .is_some_and(|(c, n)| c == from && n >= rules.max_same_king_moves)
        {
            return;
        }
    }
    let long = king && rules.king_range == KingRange::Long;
    let dirs: Vec<Dir> = if king {
        rules.king_moves.iter().collect()
    } else {
        men_moves(g, pos)
    };
    for d in dirs {
        let mut next = g.neighbour(from, d);
        while let Some(to) = next.filter(|&c| pos.at(c).is_none()) {
            out.push(Mv {
                kind: if king { MoveKind::King } else { MoveKind::Man },
                from,
                to,
                captured: Vec::new(),
                promotes: !king && g.promotes(pos.side, to),
            });
            next = if long { g.neighbour(to, d) } else { None };
        }
    }
}

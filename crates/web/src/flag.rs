//! The flag of a game with clocks falls on the server's clock: a task per held game
//! sleeps until the running clock's deadline, wakes on every change to look again, and
//! ends the game on time when the deadline passes with no move.

use std::sync::Arc;
use std::time::Duration;

use crate::games::GameEntry;
use crate::live::now_ms;

/// Watches `entry`'s clock until the game leaves memory.
pub fn watch(entry: &Arc<GameEntry>) {
    let live = Arc::downgrade(&entry.live);
    let mut events = entry.events();
    tokio::spawn(async move {
        loop {
            // Seen before the deadline is read: a change after it wakes the wait.
            events.borrow_and_update();
            let deadline = match live.upgrade() {
                Some(live) => live.lock().await.deadline(),
                None => return,
            };
            let Some(at) = deadline else {
                if events.changed().await.is_err() {
                    return;
                }
                continue;
            };
            let wait = Duration::from_millis((at - now_ms()).max(0) as u64);
            tokio::select! {
                () = tokio::time::sleep(wait) => {
                    let Some(live) = live.upgrade() else { return };
                    let mut guard = live.lock_owned().await;
                    // Settling the clocks past the deadline ends the game on time,
                    // written to the store and announced like a move.
                    let fell = tokio::task::spawn_blocking(move || {
                        let _ = guard.act(|_| Ok(()));
                    })
                    .await;
                    if fell.is_err() {
                        return;
                    }
                }
                changed = events.changed() => {
                    if changed.is_err() {
                        return;
                    }
                }
            }
        }
    });
}

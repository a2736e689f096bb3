//! Game records: read, replay, write, read back.

use bushka_cli::{VariantSource, game_variant_source};
use bushka_geometry::BUILTIN;
use bushka_rules::{Record, with_board};

use super::notation::builtin_boards;

/// Parses `data` as a game record on the built-in board `bushka replay` would choose:
/// its `Variant` tag, else its PDN `GameType` (20: International draughts), else the
/// 10x10 board (records naming a file are skipped, as the harness opens no files). A record that replays must write out to a record that parses and
/// replays to the same game, and writing that game again must give the same text.
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::parse(text) else {
        return;
    };
    let Ok((VariantSource::Builtin(name), _)) = game_variant_source(None, Some(&record), "-")
    else {
        return;
    };
    let Some(index) = BUILTIN.iter().position(|b| b.name == name) else {
        return;
    };
    with_board!(&builtin_boards()[index], b => {
        let Ok(game) = record.replay(b.clone()) else {
            return;
        };
        let written = Record::write(&game, &record.tags);
        let reread = Record::parse(&written)
            .unwrap_or_else(|e| panic!("a written record does not parse: {e}\n{written}"));
        let again = reread
            .replay(b.clone())
            .unwrap_or_else(|e| panic!("a written record does not replay: {e}\n{written}"));
        assert_eq!(again.start(), game.start(), "start differs after a round trip\n{written}");
        assert_eq!(again.moves(), game.moves(), "moves differ after a round trip\n{written}");
        assert_eq!(
            Record::write(&again, &reread.tags),
            written,
            "writing the read-back game gives another text"
        );
    });
}

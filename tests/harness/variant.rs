//! The variant loader: any text either loads into a board the engine can play on, or
//! is refused with an error.

use bushka_rules::{AnyBoard, with_board};

/// Loads `data` as a variant file; a board that loads must compile, its start position
/// must survive a round trip through its position string, and every legal move of the
/// start must print to a notation that parses back to it.
pub fn variant(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let geometry = match bushka_geometry::load_str(text, "fuzz.toml") {
        Ok(g) => g,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "an empty error message");
            return;
        }
    };
    let board = AnyBoard::new(geometry);
    with_board!(&board, b => {
        let start = b.start_position();
        let text = b.position_string(&start);
        let back = b
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("start position string `{text}` does not parse: {e}"));
        assert_eq!(back, start, "start position string `{text}` reads back differently");
        super::notation::round_trip_all(b, &start);
    });
}

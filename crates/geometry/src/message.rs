//! The TOML reader's messages, reworded for the people who write variant files:
//! `expected a whole number, found the text "two"` rather than
//! `invalid type: string "two", expected i64`.

/// Rewords a message of the TOML reader (serde's wording); a message it does not
/// know is returned unchanged.
pub fn humanize(message: &str) -> String {
    let message = message.trim();
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some((found, expected)) = message
            .strip_prefix(prefix)
            .and_then(|rest| rest.split_once(", expected "))
        {
            return format!(
                "expected {}, found {}",
                expected_text(expected),
                found_text(found)
            );
        }
    }
    if let Some((found, expected)) = message
        .strip_prefix("invalid length ")
        .and_then(|rest| rest.split_once(", expected "))
    {
        return format!(
            "expected {}, found a list of {found}",
            expected_text(expected)
        );
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        return match rest.split_once(", expected ") {
            Some((key, known)) => format!("unknown key {key} (expected {known})"),
            None => format!("unknown key {rest}"),
        };
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        return format!("missing key {rest}");
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        return match rest.split_once(", expected ") {
            Some((value, known)) => format!("unknown choice {value} (expected {known})"),
            None => format!("unknown choice {rest}"),
        };
    }
    if message.starts_with("data did not match any variant of untagged enum LabelsSpec") {
        return "expected the labels as one string (\"abc\") or a list of strings ([\"a\", \"b\"])"
            .to_string();
    }
    message.to_string()
}

/// serde's description of what was expected, in plain words.
fn expected_text(expected: &str) -> String {
    let plain = match expected {
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number",
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number, 0 or more",
        "f32" | "f64" => "a number",
        "a string" | "a borrowed string" => "text in double quotes",
        "a boolean" => "true or false",
        "a sequence" => "a list in brackets, [ ... ]",
        "a map" => "a table",
        _ => "",
    };
    if !plain.is_empty() {
        return plain.to_string();
    }
    if let Some(n) = expected.strip_prefix("an array of length ") {
        return format!("a list of {n} numbers");
    }
    if let Some(name) = expected.strip_prefix("struct ") {
        return format!("a table ({name})");
    }
    expected.to_string()
}

/// serde's description of what was found (`string "two"`), in plain words.
fn found_text(found: &str) -> String {
    let unquote = |s: &str| s.trim_matches('`').to_string();
    if let Some(text) = found.strip_prefix("string ") {
        return format!("the text {text}");
    }
    if let Some(n) = found
        .strip_prefix("integer ")
        .or_else(|| found.strip_prefix("floating point "))
    {
        return format!("the number {}", unquote(n));
    }
    if let Some(b) = found.strip_prefix("boolean ") {
        return format!("the value {}", unquote(b));
    }
    match found {
        "sequence" => "a list".to_string(),
        "map" => "a table".to_string(),
        _ => found.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::humanize;

    #[test]
    fn type_errors_read_as_plain_words() {
        for (serde, plain) in [
            (
                "invalid type: string \"two\", expected i64",
                "expected a whole number, found the text \"two\"",
            ),
            (
                "invalid type: integer `3`, expected a string",
                "expected text in double quotes, found the number 3",
            ),
            (
                "invalid type: integer `1`, expected a boolean",
                "expected true or false, found the number 1",
            ),
            (
                "invalid type: floating point `2.5`, expected i64",
                "expected a whole number, found the number 2.5",
            ),
            (
                "invalid type: string \"up\", expected a sequence",
                "expected a list in brackets, [ ... ], found the text \"up\"",
            ),
            (
                "invalid length 3, expected an array of length 2",
                "expected a list of 2 numbers, found a list of 3",
            ),
            (
                "invalid value: integer `-1`, expected u32",
                "expected a whole number, 0 or more, found the number -1",
            ),
            (
                "unknown field `colour`, expected one of `id`, `name`",
                "unknown key `colour` (expected one of `id`, `name`)",
            ),
            ("missing field `id`", "missing key `id`"),
            (
                "unknown variant `triangle`, expected `draughts` or `hexagon`",
                "unknown choice `triangle` (expected `draughts` or `hexagon`)",
            ),
            ("expected `=`", "expected `=`"),
        ] {
            assert_eq!(humanize(serde), plain);
        }
    }
}

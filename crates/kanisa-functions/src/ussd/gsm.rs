//! Plain GSM letters: what every handset shows. A screen uses only the GSM 03.38 default
//! alphabet's ASCII part without the escape-table symbols (`[ ] { } \ ^ ~ |` and the euro),
//! which some handsets drop: letters, digits, space, newline and `! " # $ % & ' ( ) * + , - . /
//! : ; < = > ? @ _`. Names from the database (the church, events, services) are put into it:
//! accented letters lose their accents, typographic quotes and dashes become plain ones, and
//! anything else becomes a space.

/// Whether `c` is one of the plain GSM letters a screen may use.
pub fn is_plain(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            ' ' | '\n'
                | '!'
                | '"'
                | '#'
                | '$'
                | '%'
                | '&'
                | '\''
                | '('
                | ')'
                | '*'
                | '+'
                | ','
                | '-'
                | '.'
                | '/'
                | ':'
                | ';'
                | '<'
                | '='
                | '>'
                | '?'
                | '@'
                | '_'
        )
}

/// `text` in plain GSM letters, on one line, spaces collapsed.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let mapped: &str = match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ā' => "a",
            'Á' | 'À' | 'Â' | 'Ä' | 'Ã' | 'Å' | 'Ā' => "A",
            'é' | 'è' | 'ê' | 'ë' | 'ē' => "e",
            'É' | 'È' | 'Ê' | 'Ë' | 'Ē' => "E",
            'í' | 'ì' | 'î' | 'ï' | 'ī' => "i",
            'Í' | 'Ì' | 'Î' | 'Ï' | 'Ī' => "I",
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'ō' => "o",
            'Ó' | 'Ò' | 'Ô' | 'Ö' | 'Õ' | 'Ø' | 'Ō' => "O",
            'ú' | 'ù' | 'û' | 'ü' | 'ū' => "u",
            'Ú' | 'Ù' | 'Û' | 'Ü' | 'Ū' => "U",
            'ñ' => "n",
            'Ñ' => "N",
            'ç' => "c",
            'Ç' => "C",
            'ß' => "ss",
            '‘' | '’' | '`' | '´' => "'",
            '“' | '”' => "\"",
            '–' | '—' | '‐' | '−' => "-",
            '…' => "...",
            '[' | '{' => "(",
            ']' | '}' => ")",
            '|' | '\\' | '/' => "/",
            '~' | '^' => "-",
            '€' => "EUR",
            c if is_plain(c) && c != '\n' => {
                out.push(c);
                continue;
            }
            _ => " ",
        };
        out.push_str(mapped);
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` cut to at most `max` characters at a word's end, with "..." when cut.
pub fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let head: String = text.chars().take(max.saturating_sub(3)).collect();
    let head = match head.rfind(' ') {
        Some(i) if i > 0 => &head[..i],
        _ => head.as_str(),
    };
    format!("{}...", head.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_put_into_plain_letters() {
        assert_eq!(
            plain("Kanisa  Café — “Jengo” [2026]"),
            "Kanisa Cafe - \"Jengo\" (2026)"
        );
        assert_eq!(plain("Mama’s\nday 😀 ~ {x}"), "Mama's day - (x)");
        assert!(plain("Zoë ñ € ¿").chars().all(is_plain));
    }

    #[test]
    fn cutting_keeps_whole_words_and_says_so() {
        assert_eq!(cut("Youth rally", 20), "Youth rally");
        assert_eq!(
            cut("Youth rally at the main church hall", 20),
            "Youth rally at..."
        );
        assert!(
            cut("Averyveryverylongwordwithoutspaces", 12)
                .chars()
                .count()
                <= 12
        );
    }
}

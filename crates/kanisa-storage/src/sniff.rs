//! What a file is: its type from the name's extension, confirmed by the first bytes.
//!
//! A small magic-number check of our own for the types Kanisa stores (the church-files list:
//! report documents and images). The stored and served type always comes from here, never
//! from what the client declared; a declaration that contradicts it is refused.

/// Bytes looked at: enough for every signature below and for the first entries of an Office
/// (zip) document.
pub const SNIFF_BYTES: usize = 16 * 1024;

/// A type Kanisa recognises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownType {
    pub mime: &'static str,
    /// What people call it, for messages: "PDF", "PNG image", "Word document".
    pub name: &'static str,
    pub extensions: &'static [&'static str],
    magic: Magic,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Magic {
    Pdf,
    Png,
    Jpeg,
    Gif,
    Webp,
    /// OLE2 compound file: doc, xls and ppt (which one is deep inside the file).
    Ole2,
    /// Office Open XML (a zip) whose parts live under this folder.
    Ooxml(&'static str),
    /// Text: UTF-8 (or UTF-16 with a byte-order mark) without NUL bytes.
    Text,
}

pub const KNOWN_TYPES: &[KnownType] = &[
    KnownType {
        mime: "application/pdf",
        name: "PDF",
        extensions: &["pdf"],
        magic: Magic::Pdf,
    },
    KnownType {
        mime: "image/png",
        name: "PNG image",
        extensions: &["png"],
        magic: Magic::Png,
    },
    KnownType {
        mime: "image/jpeg",
        name: "JPEG image",
        extensions: &["jpg", "jpeg"],
        magic: Magic::Jpeg,
    },
    KnownType {
        mime: "image/gif",
        name: "GIF image",
        extensions: &["gif"],
        magic: Magic::Gif,
    },
    KnownType {
        mime: "image/webp",
        name: "WebP image",
        extensions: &["webp"],
        magic: Magic::Webp,
    },
    KnownType {
        mime: "application/msword",
        name: "Word document",
        extensions: &["doc"],
        magic: Magic::Ole2,
    },
    KnownType {
        mime: "application/vnd.ms-excel",
        name: "Excel spreadsheet",
        extensions: &["xls"],
        magic: Magic::Ole2,
    },
    KnownType {
        mime: "application/vnd.ms-powerpoint",
        name: "PowerPoint presentation",
        extensions: &["ppt"],
        magic: Magic::Ole2,
    },
    KnownType {
        mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        name: "Word document",
        extensions: &["docx"],
        magic: Magic::Ooxml("word/"),
    },
    KnownType {
        mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        name: "Excel spreadsheet",
        extensions: &["xlsx"],
        magic: Magic::Ooxml("xl/"),
    },
    KnownType {
        mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        name: "PowerPoint presentation",
        extensions: &["pptx"],
        magic: Magic::Ooxml("ppt/"),
    },
    KnownType {
        mime: "text/plain",
        name: "text file",
        extensions: &["txt"],
        magic: Magic::Text,
    },
];

/// The known type of an extension (lower case, without the dot).
pub fn by_extension(ext: &str) -> Option<&'static KnownType> {
    KNOWN_TYPES.iter().find(|t| t.extensions.contains(&ext))
}

/// The known type of a MIME type (parameters ignored; `image/jpg` taken as `image/jpeg`).
pub fn by_mime(mime: &str) -> Option<&'static KnownType> {
    let base = essence(mime);
    let base = if base == "image/jpg" {
        "image/jpeg"
    } else {
        base.as_str()
    };
    KNOWN_TYPES.iter().find(|t| t.mime == base)
}

/// `Text/Plain; charset=UTF-8` → `text/plain`.
pub fn essence(mime: &str) -> String {
    mime.split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

/// A declaration that says nothing: no type, or the generic ones clients send when they do
/// not know (browsers: empty or octet-stream).
pub fn is_generic(mime: &str) -> bool {
    matches!(
        essence(mime).as_str(),
        "" | "application/octet-stream" | "binary/octet-stream"
    )
}

/// Whether `head` (the first [`SNIFF_BYTES`] bytes, or the whole file if shorter) looks like
/// `kind`. `complete` says that `head` is the whole file.
pub fn matches(kind: &KnownType, head: &[u8], complete: bool) -> bool {
    match kind.magic {
        Magic::Pdf => head.starts_with(b"%PDF-"),
        Magic::Png => head.starts_with(b"\x89PNG\r\n\x1a\n"),
        Magic::Jpeg => head.starts_with(&[0xFF, 0xD8, 0xFF]),
        Magic::Gif => head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a"),
        Magic::Webp => head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP",
        Magic::Ole2 => head.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]),
        Magic::Ooxml(folder) => is_ooxml(head, folder),
        Magic::Text => is_text(head, complete),
    }
}

/// A zip whose entry names (local file headers, in the order written) include a part of
/// `folder` (`word/`, `xl/`, `ppt/`), or at least the package's `[Content_Types].xml` and no
/// part of another Office folder.
fn is_ooxml(head: &[u8], folder: &str) -> bool {
    if !head.starts_with(b"PK\x03\x04") {
        return false;
    }
    let mut names = Vec::new();
    let mut at = 0usize;
    while at + 30 <= head.len() && head[at..].starts_with(b"PK\x03\x04") {
        let u16_at = |o: usize| u16::from_le_bytes([head[at + o], head[at + o + 1]]) as usize;
        let u32_at = |o: usize| {
            u32::from_le_bytes([
                head[at + o],
                head[at + o + 1],
                head[at + o + 2],
                head[at + o + 3],
            ]) as usize
        };
        let flags = u16_at(6);
        let compressed = u32_at(18);
        let name_len = u16_at(26);
        let extra_len = u16_at(28);
        let name_end = at + 30 + name_len;
        if name_end > head.len() {
            break;
        }
        names.push(String::from_utf8_lossy(&head[at + 30..name_end]).into_owned());
        // With a data descriptor (bit 3) the size is not known here: stop walking.
        if flags & 0x08 != 0 {
            break;
        }
        at = name_end + extra_len + compressed;
    }
    // Writers that stream (data descriptors) leave the names to a search.
    for marker in ["word/", "xl/", "ppt/", "[Content_Types].xml"] {
        if contains(head, marker.as_bytes()) && !names.iter().any(|n| n.starts_with(marker)) {
            names.push(marker.to_owned());
        }
    }
    let office = ["word/", "xl/", "ppt/"];
    if names.iter().any(|n| n.starts_with(folder)) {
        return true;
    }
    names.iter().any(|n| n == "[Content_Types].xml")
        && !names
            .iter()
            .any(|n| office.iter().any(|o| n.starts_with(o)))
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Text: a UTF-16 byte-order mark, or UTF-8 without NUL bytes (a multi-byte character cut at
/// the end of `head` is fine unless `head` is the whole file).
fn is_text(head: &[u8], complete: bool) -> bool {
    if head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]) {
        return true;
    }
    if head.contains(&0) {
        return false;
    }
    match std::str::from_utf8(head) {
        Ok(_) => true,
        Err(e) => !complete && e.error_len().is_none(),
    }
}

/// What the first bytes look like: the known type they match, if any (text last).
pub fn describe(head: &[u8], complete: bool) -> Option<&'static KnownType> {
    KNOWN_TYPES
        .iter()
        .filter(|t| t.magic != Magic::Text)
        .find(|t| matches(t, head, complete))
        .or_else(|| {
            is_text(head, complete)
                .then(|| KNOWN_TYPES.iter().find(|t| t.magic == Magic::Text))
                .flatten()
        })
}

/// A type's name with its article, as a sentence says it: "a PDF", "an Excel spreadsheet".
pub fn a_name(kind: &KnownType) -> String {
    let article = if kind.name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {}", kind.name)
}

/// The refusal of a file whose first bytes are not what its name says, in plain words:
/// "File 'fake.pdf' is not a real PDF: it is a PNG image." (or only the first part when the
/// bytes are nothing Kanisa knows).
pub fn not_what_it_says(file: &str, expected: &KnownType, head: &[u8], complete: bool) -> String {
    match describe(head, complete) {
        // Which of doc, xls or ppt an OLE2 file is lies deep inside it: say only what is sure.
        Some(found) if found.magic == Magic::Ole2 => format!(
            "File '{file}' is not a real {}: it is an older Office file (.doc, .xls or .ppt).",
            expected.name
        ),
        Some(found) if found.mime != expected.mime => format!(
            "File '{file}' is not a real {}: it is {}.",
            expected.name,
            a_name(found)
        ),
        _ => format!("File '{file}' is not a real {}.", expected.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zip(names: &[&str]) -> Vec<u8> {
        let mut out = Vec::new();
        for name in names {
            let body = b"<xml/>";
            out.extend_from_slice(b"PK\x03\x04");
            out.extend_from_slice(&[20, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            out.extend_from_slice(&(body.len() as u32).to_le_bytes());
            out.extend_from_slice(&(body.len() as u32).to_le_bytes());
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes());
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(body);
        }
        out
    }

    #[test]
    fn signatures() {
        let t = |ext: &str| by_extension(ext).unwrap();
        assert!(matches(t("pdf"), b"%PDF-1.7\n...", false));
        assert!(!matches(t("pdf"), b"<html>", true));
        assert!(matches(t("png"), b"\x89PNG\r\n\x1a\n....", false));
        assert!(matches(t("jpg"), &[0xFF, 0xD8, 0xFF, 0xE0], false));
        assert!(matches(t("jpeg"), &[0xFF, 0xD8, 0xFF, 0xE1], false));
        assert!(matches(t("gif"), b"GIF89a....", false));
        assert!(matches(t("webp"), b"RIFF\x10\0\0\0WEBPVP8 ", false));
        let ole = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0];
        for ext in ["doc", "xls", "ppt"] {
            assert!(matches(t(ext), &ole, false), "{ext}");
        }
        let docx = zip(&["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
        assert!(matches(t("docx"), &docx, true));
        assert!(!matches(t("xlsx"), &docx, true));
        let xlsx = zip(&["[Content_Types].xml", "xl/workbook.xml"]);
        assert!(matches(t("xlsx"), &xlsx, true));
        assert!(!matches(t("pptx"), &xlsx, true));
        let package_only = zip(&["[Content_Types].xml", "docProps/thumbnail.jpeg"]);
        assert!(matches(t("pptx"), &package_only, false));
        assert!(!matches(t("docx"), &zip(&["evil.exe"]), true));
        assert!(matches(t("txt"), "Habari za asubuhi\n".as_bytes(), true));
        assert!(matches(t("txt"), b"", true));
        assert!(!matches(t("txt"), b"MZ\x90\0\x03", true));
        // A multi-byte character cut by the sniff window is still text; at the end it is not.
        let cut = &"é".as_bytes()[..1];
        assert!(matches(t("txt"), cut, false));
        assert!(!matches(t("txt"), cut, true));
    }

    #[test]
    fn types_by_name_and_declaration() {
        assert_eq!(by_extension("jpeg").unwrap().mime, "image/jpeg");
        assert_eq!(by_mime("image/jpg").unwrap().mime, "image/jpeg");
        assert_eq!(
            by_mime("Text/Plain; charset=UTF-8").unwrap().mime,
            "text/plain"
        );
        assert!(by_extension("exe").is_none());
        assert!(is_generic("application/octet-stream"));
        assert!(is_generic(""));
        assert!(!is_generic("text/plain;charset=UTF-8"));
        assert_eq!(
            describe(b"%PDF-1.4", false).map(|t| t.mime),
            Some("application/pdf")
        );
        assert_eq!(describe(b"MZ\x90\0", true), None);
    }

    #[test]
    fn refusals_name_the_types_as_people_do() {
        let t = |ext: &str| by_extension(ext).unwrap();
        assert_eq!(
            not_what_it_says("fake.pdf", t("pdf"), b"MZ\x90\0", true),
            "File 'fake.pdf' is not a real PDF."
        );
        assert_eq!(
            not_what_it_says("fake.pdf", t("pdf"), b"\x89PNG\r\n\x1a\n....", false),
            "File 'fake.pdf' is not a real PDF: it is a PNG image."
        );
        assert_eq!(
            not_what_it_says("sums.xlsx", t("xlsx"), b"plain words", true),
            "File 'sums.xlsx' is not a real Excel spreadsheet: it is a text file."
        );
        assert_eq!(
            not_what_it_says("notes.txt", t("txt"), &[0, 1, 2, 3], true),
            "File 'notes.txt' is not a real text file."
        );
        let ole = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0];
        assert_eq!(
            not_what_it_says("sums.xlsx", t("xlsx"), &ole, false),
            "File 'sums.xlsx' is not a real Excel spreadsheet: it is an older Office file \
             (.doc, .xls or .ppt)."
        );
        assert_eq!(a_name(t("xls")), "an Excel spreadsheet");
        for kind in KNOWN_TYPES {
            assert!(!kind.name.contains('/'), "{}", kind.mime);
        }
    }
}

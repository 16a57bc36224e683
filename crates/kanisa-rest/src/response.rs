//! Response shaping: the body in the media type asked for (a JSON array, one object, CSV) and
//! the `Content-Range` of reads and writes, as PostgREST gives them; and the [`Body`] an answer
//! carries: its bytes shared (never copied per hit of the anonymous cache), its validator and
//! its compressed forms, each made at most once.

use std::io::Write as _;
use std::sync::{Arc, OnceLock};

use bytes::Bytes;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::error::RestError;
use crate::request::{Accept, Method};

/// The compressed forms a [`Body`] can give: data formats, not HTTP — which one goes out is the
/// server's choice from the request's `Accept-Encoding`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compression {
    /// Brotli (RFC 7932), quality [`BROTLI_QUALITY`].
    Brotli,
    /// gzip (RFC 1952), level [`GZIP_LEVEL`].
    Gzip,
}

/// Brotli's quality: 4 compresses API answers about as well as gzip 6 or a little better, at a
/// fraction of the time of 5 and above (the sermon list of 9.5 kB: 2.5 kB in about 0.25 ms; 5
/// saves 4 % more for about twice the time, 9 and 11 take 15-25 ms).
pub const BROTLI_QUALITY: i32 = 4;
/// gzip's level: zlib's default; 9 is slower and barely smaller on JSON.
pub const GZIP_LEVEL: u32 = 6;

/// An answer's body (JSON or CSV text, as PostgreSQL built it), shared: clones — the anonymous
/// cache's hits among them — hold the same bytes, and [`Body::bytes`] hands them to the wire
/// without copying.
///
/// Its validator ([`crate::ApiResponse::etag`]) and each compressed form ([`Body::compressed`])
/// are made the first time they are asked for and kept with it, so an entry of the anonymous
/// cache is hashed once and compressed at most once per form in its whole life, and an answer
/// nobody asks compressed (a write's, a client that offers no encoding) never is. First ask
/// rather than store time: the miss that stores an entry pays for no form a client may never
/// want, and two first asks at once wait for one compression rather than both compressing.
#[derive(Clone)]
pub struct Body(Arc<Inner>);

struct Inner {
    text: String,
    tag: OnceLock<String>,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Body {
    pub fn new(text: String) -> Body {
        Body(Arc::new(Inner {
            text,
            tag: OnceLock::new(),
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }))
    }

    /// The bytes as they are (identity), without a copy: the returned `Bytes` shares them.
    pub fn bytes(&self) -> Bytes {
        Bytes::from_owner(self.clone())
    }

    /// The body compressed, made on the first ask and kept.
    pub fn compressed(&self, form: Compression) -> Bytes {
        let slot = match form {
            Compression::Brotli => &self.0.brotli,
            Compression::Gzip => &self.0.gzip,
        };
        slot.get_or_init(|| {
            let text = self.0.text.as_bytes();
            Bytes::from(match form {
                Compression::Brotli => brotli(text),
                Compression::Gzip => gzip(text),
            })
        })
        .clone()
    }

    /// Whether `form` was made already (tests and metrics: a cache hit compresses nothing).
    pub fn has_compressed(&self, form: Compression) -> bool {
        match form {
            Compression::Brotli => self.0.brotli.get().is_some(),
            Compression::Gzip => self.0.gzip.get().is_some(),
        }
    }

    /// The strong validator of the representation this body belongs to: the first 128 bits of
    /// a SHA-256 over `framing` (what else the representation is: status, Content-Range) and
    /// the bytes, in hex. Made once; every later call gets the first answer, so a body must
    /// belong to one answer only (as every `ApiResponse` holds its own).
    pub(crate) fn tag(&self, framing: &[&[u8]]) -> &str {
        self.0.tag.get_or_init(|| {
            let mut hash = Sha256::new();
            for part in framing {
                hash.update(part);
            }
            hash.update(self.0.text.as_bytes());
            hex::encode(&hash.finalize()[..16])
        })
    }
}

impl std::ops::Deref for Body {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0.text
    }
}

impl AsRef<[u8]> for Body {
    fn as_ref(&self) -> &[u8] {
        self.0.text.as_bytes()
    }
}

impl From<String> for Body {
    fn from(text: String) -> Body {
        Body::new(text)
    }
}

impl PartialEq for Body {
    fn eq(&self, other: &Body) -> bool {
        self.0.text == other.0.text
    }
}

impl Eq for Body {}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0.text, f)
    }
}

/// The smallest window (`lgwin`, 16 to 22 bits) that holds the whole input: a larger one finds
/// nothing more in a small answer and costs time to set up (about twice the time at 22 for the
/// sermon list).
fn brotli(input: &[u8]) -> Vec<u8> {
    let mut window = 16;
    while window < 22 && (1usize << window) - 16 < input.len() {
        window += 1;
    }
    let params = brotli::enc::BrotliEncoderParams {
        quality: BROTLI_QUALITY,
        lgwin: window,
        size_hint: input.len(),
        ..Default::default()
    };
    let mut out = Vec::with_capacity(input.len() / 3 + 64);
    // Writing into a Vec cannot fail.
    let _ = brotli::BrotliCompress(&mut &input[..], &mut out, &params);
    out
}

fn gzip(input: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(input.len() / 3 + 64),
        flate2::Compression::new(GZIP_LEVEL),
    );
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(input);
    encoder.finish().unwrap_or_default()
}

pub(crate) fn content_range(offset: u64, page: i64, total: Option<i64>) -> String {
    let total = total.map_or("*".to_owned(), |t| t.to_string());
    if page <= 0 {
        format!("*/{total}")
    } else {
        format!("{offset}-{}/{total}", offset + page as u64 - 1)
    }
}

/// Content-Range of a write, as PostgREST gives it: the affected rows are the total; only a
/// PATCH names its range.
pub(crate) fn write_content_range(method: Method, affected: i64, total: Option<i64>) -> String {
    let total = total.map_or("*".to_owned(), |t| t.to_string());
    match method {
        Method::Patch if affected > 0 => format!("0-{}/{total}", affected - 1),
        _ => format!("*/{total}"),
    }
}

/// The JSON array from SQL, its only element for `Accept: …object+json`, or CSV.
pub(crate) fn shape_body(body: String, accept: Accept, page: i64) -> Result<Body, RestError> {
    let text = match accept {
        Accept::Json => body,
        Accept::Csv => {
            let rows: Vec<serde_json::Map<String, Value>> = serde_json::from_str(&body)
                .map_err(|e| RestError::InvalidBody(format!("result is not rows: {e}")))?;
            to_csv(&rows)
        }
        Accept::Object => {
            if page != 1 {
                return Err(RestError::NotSingle { rows: page });
            }
            let mut rows: Vec<Value> = serde_json::from_str(&body)
                .map_err(|e| RestError::InvalidBody(format!("result is not JSON: {e}")))?;
            rows.pop().unwrap_or(Value::Null).to_string()
        }
    };
    Ok(Body::new(text))
}

/// RFC 4180 CSV: the first row's keys as the header (rows share their keys), fields quoted
/// when they hold a comma, quote or line break; NULL is an empty field; JSON values as text.
fn to_csv(rows: &[serde_json::Map<String, Value>]) -> String {
    fn field(out: &mut String, text: &str) {
        if text.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&text.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(text);
        }
    }
    let mut out = String::new();
    let Some(first) = rows.first() else {
        return out;
    };
    let keys: Vec<&String> = first.keys().collect();
    for (i, k) in keys.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field(&mut out, k);
    }
    for row in rows {
        out.push('\n');
        for (i, k) in keys.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match row.get(*k) {
                None | Some(Value::Null) => {}
                Some(Value::String(s)) => field(&mut out, s),
                Some(other) => field(&mut out, &other.to_string()),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unbrotli(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        brotli::BrotliDecompress(&mut &bytes[..], &mut out).unwrap();
        out
    }

    fn ungzip(bytes: &[u8]) -> Vec<u8> {
        use std::io::Read as _;
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(bytes)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn compressed_forms_decode_to_the_body_and_are_made_once() {
        // Small, around the window sizes, and larger than the largest window.
        for size in [0, 10, 70_000, 4_300_000] {
            let mut text = String::new();
            for i in 0.. {
                if text.len() >= size {
                    break;
                }
                text.push_str(&format!("{{\"n\":{i},\"title\":\"Sermon {}\"}},", i % 97));
            }
            text.truncate(size);
            let body = Body::new(text.clone());
            assert!(!body.has_compressed(Compression::Brotli));
            assert!(!body.has_compressed(Compression::Gzip));
            let br = body.compressed(Compression::Brotli);
            let gz = body.compressed(Compression::Gzip);
            assert_eq!(unbrotli(&br), text.as_bytes(), "br, {size} bytes");
            assert_eq!(ungzip(&gz), text.as_bytes(), "gzip, {size} bytes");
            if size > 1000 {
                assert!(br.len() < size / 4 && gz.len() < size / 4, "{size}");
            }
            // Kept: the second ask hands out the same bytes.
            assert!(
                body.has_compressed(Compression::Brotli) && body.has_compressed(Compression::Gzip)
            );
            assert_eq!(body.compressed(Compression::Brotli).as_ptr(), br.as_ptr());
            assert_eq!(
                body.clone().compressed(Compression::Gzip).as_ptr(),
                gz.as_ptr()
            );
            assert_eq!(&body.bytes()[..], text.as_bytes());
        }
    }

    #[test]
    fn the_validator_names_status_range_and_bytes() {
        let answer = |status: u16, range: Option<&str>, body: &str| crate::ApiResponse {
            status,
            body: Some(Body::new(body.to_owned())),
            object: false,
            content_range: range.map(str::to_owned),
            preference_applied: Vec::new(),
            cache: None,
        };
        let tag = |a: crate::ApiResponse| a.etag().unwrap().to_owned();
        let base = tag(answer(200, Some("0-0/*"), "[1]"));
        assert_eq!(base.len(), 32);
        assert!(base.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(
            tag(answer(200, Some("0-0/*"), "[1]")),
            base,
            "the same answer, the same tag"
        );
        for other in [
            answer(200, Some("0-0/*"), "[2]"),
            answer(206, Some("0-0/*"), "[1]"),
            answer(200, Some("0-0/1"), "[1]"),
            answer(200, None, "[1]"),
        ] {
            assert_ne!(tag(other), base);
        }
        let none = crate::ApiResponse {
            body: None,
            ..answer(204, None, "")
        };
        assert_eq!(none.etag(), None);
    }

    #[test]
    fn csv_quotes_what_needs_quoting() {
        let rows: Vec<serde_json::Map<String, Value>> = serde_json::from_str(
            r#"[{"title":"Faith, hope","n":1,"note":null,"tags":["a","b"]},
                {"title":"He said \"go\"","n":2.5,"note":"line\nbreak","tags":[]}]"#,
        )
        .unwrap();
        assert_eq!(
            to_csv(&rows),
            "title,n,note,tags\n\"Faith, hope\",1,,\"[\"\"a\"\",\"\"b\"\"]\"\n\"He said \"\"go\"\"\",2.5,\"line\nbreak\",[]"
        );
        assert_eq!(to_csv(&[]), "");
    }
}

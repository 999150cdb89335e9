//! The lexer: source text to tokens with byte spans; lexical errors become diagnostics.

use super::diag::Diagnostic;
use super::span::{FileId, Span};

/// A token kind. Words of Java the subset does not support are lexed as
/// [`Tok::Unsupported`] so the parser can name them in its message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Tok {
    Ident(String),
    /// A decimal literal, saturated at `u64::MAX`; the parser checks its range (so
    /// that `-2147483648` is accepted).
    Int(u64),
    /// A hexadecimal, octal or binary literal: its 32 bits, as Java reads them
    /// (`0xFFFFFFFF` is -1); the lexer rejects one that needs more than 32 bits.
    IntBits(i32),
    /// A decimal `long` literal (`5L`): its digits' value, saturated like [`Tok::Int`]'s;
    /// the parser checks the range (`9223372036854775808L` only after a minus).
    Long(u64),
    /// A hexadecimal, octal or binary `long` literal: its 64 bits.
    LongBits(i64),
    /// A character literal (`'a'`, `'\n'`, `'\u0041'`, `'\101'`): its UTF-16 code unit.
    Char(u16),
    /// A supported keyword.
    Kw(Kw),
    /// A Java keyword, literal or operator outside the subset, with a description.
    Unsupported(&'static str),
    LBrace,
    RBrace,
    LParen,
    RParen,
    Semi,
    Comma,
    Dot,
    Assign,
    EqEq,
    NotEq,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Bang,
    AndAnd,
    OrOr,
    PlusPlus,
    MinusMinus,
    PlusAssign,
    MinusAssign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    Question,
    Colon,
    /// `|`: bitwise or logical or, and between the alternatives of a multi-catch.
    Pipe,
    Amp,
    Caret,
    Tilde,
    Shl,
    Shr,
    Ushr,
    AmpAssign,
    PipeAssign,
    CaretAssign,
    ShlAssign,
    ShrAssign,
    UshrAssign,
    LBracket,
    RBracket,
    Eof,
}

/// The keywords of the subset.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kw {
    Class,
    Extends,
    Public,
    Private,
    Protected,
    Final,
    Abstract,
    Static,
    Int,
    Long,
    Short,
    Byte,
    Char,
    Boolean,
    Void,
    If,
    Else,
    While,
    For,
    Return,
    Throw,
    Throws,
    New,
    Assert,
    Instanceof,
    This,
    Super,
    True,
    False,
    Null,
    Break,
    Continue,
    Do,
    Switch,
    Case,
    Default,
    Try,
    Catch,
    Finally,
    Package,
    Import,
    Interface,
    Implements,
}

const KEYWORDS: &[(&str, Kw)] = &[
    ("class", Kw::Class),
    ("extends", Kw::Extends),
    ("public", Kw::Public),
    ("private", Kw::Private),
    ("protected", Kw::Protected),
    ("final", Kw::Final),
    ("abstract", Kw::Abstract),
    ("static", Kw::Static),
    ("int", Kw::Int),
    ("long", Kw::Long),
    ("short", Kw::Short),
    ("byte", Kw::Byte),
    ("char", Kw::Char),
    ("boolean", Kw::Boolean),
    ("void", Kw::Void),
    ("if", Kw::If),
    ("else", Kw::Else),
    ("while", Kw::While),
    ("for", Kw::For),
    ("return", Kw::Return),
    ("throw", Kw::Throw),
    ("throws", Kw::Throws),
    ("new", Kw::New),
    ("assert", Kw::Assert),
    ("instanceof", Kw::Instanceof),
    ("this", Kw::This),
    ("super", Kw::Super),
    ("true", Kw::True),
    ("false", Kw::False),
    ("null", Kw::Null),
    ("break", Kw::Break),
    ("continue", Kw::Continue),
    ("do", Kw::Do),
    ("switch", Kw::Switch),
    ("case", Kw::Case),
    ("default", Kw::Default),
    ("try", Kw::Try),
    ("catch", Kw::Catch),
    ("finally", Kw::Finally),
    ("package", Kw::Package),
    ("import", Kw::Import),
    ("interface", Kw::Interface),
    ("implements", Kw::Implements),
];

/// Java keywords outside the subset, with the construct they start.
const UNSUPPORTED_WORDS: &[(&str, &str)] = &[
    ("enum", "enums"),
    ("float", "type `float`"),
    ("double", "type `double`"),
    ("synchronized", "`synchronized`"),
    ("native", "`native`"),
    ("transient", "`transient`"),
    ("volatile", "`volatile`"),
    ("strictfp", "`strictfp`"),
    ("const", "`const`"),
    ("goto", "`goto`"),
    ("_", "`_`"),
];

impl Tok {
    /// How the token is named in messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("identifier `{s}`"),
            Tok::Int(n) => format!("integer `{n}`"),
            Tok::IntBits(n) => format!("integer `{n}`"),
            Tok::Long(n) => format!("integer `{n}L`"),
            Tok::LongBits(n) => format!("integer `{n}L`"),
            Tok::Char(c) => format!("character literal `{}`", escape_char(*c)),
            Tok::Kw(k) => {
                let w = KEYWORDS
                    .iter()
                    .find(|(_, x)| x == k)
                    .map_or("?", |(w, _)| w);
                format!("`{w}`")
            }
            Tok::Unsupported(d) => d.to_string(),
            Tok::Eof => "end of file".into(),
            other => format!("`{}`", other.punct()),
        }
    }

    fn punct(&self) -> &'static str {
        match self {
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::Semi => ";",
            Tok::Comma => ",",
            Tok::Dot => ".",
            Tok::Assign => "=",
            Tok::EqEq => "==",
            Tok::NotEq => "!=",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::Gt => ">",
            Tok::Ge => ">=",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Percent => "%",
            Tok::Bang => "!",
            Tok::AndAnd => "&&",
            Tok::OrOr => "||",
            Tok::PlusPlus => "++",
            Tok::MinusMinus => "--",
            Tok::PlusAssign => "+=",
            Tok::MinusAssign => "-=",
            Tok::StarAssign => "*=",
            Tok::SlashAssign => "/=",
            Tok::PercentAssign => "%=",
            Tok::Question => "?",
            Tok::Colon => ":",
            Tok::Pipe => "|",
            Tok::Amp => "&",
            Tok::Caret => "^",
            Tok::Tilde => "~",
            Tok::Shl => "<<",
            Tok::Shr => ">>",
            Tok::Ushr => ">>>",
            Tok::AmpAssign => "&=",
            Tok::PipeAssign => "|=",
            Tok::CaretAssign => "^=",
            Tok::ShlAssign => "<<=",
            Tok::ShrAssign => ">>=",
            Tok::UshrAssign => ">>>=",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            _ => "?",
        }
    }
}

/// A token with its span.
#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// Splits `text` into tokens, ending with [`Tok::Eof`]. Characters that start no
/// token are reported and skipped.
pub fn lex(file: FileId, text: &str, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0usize;
    let sp = |a: usize, b: usize| Span::new(file, a as u32, b as u32);
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && bytes.get(i + 1) == Some(&b'*') {
            match text[i + 2..].find("*/") {
                Some(k) => i = i + 2 + k + 2,
                None => {
                    diags.push(Diagnostic::error(
                        "unterminated block comment",
                        sp(start, start + 2),
                    ));
                    i = bytes.len();
                }
            }
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'$')
            {
                i += 1;
            }
            let word = &text[start..i];
            let tok = if let Some((_, k)) = KEYWORDS.iter().find(|(w, _)| *w == word) {
                Tok::Kw(*k)
            } else if let Some((_, d)) = UNSUPPORTED_WORDS.iter().find(|(w, _)| *w == word) {
                Tok::Unsupported(d)
            } else {
                Tok::Ident(word.to_string())
            };
            toks.push(Token {
                tok,
                span: sp(start, i),
            });
            continue;
        }
        if c.is_ascii_digit() {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let word = &text[start..i];
            let tok = match number(word) {
                Ok(tok) => tok,
                Err(msg) => {
                    diags.push(Diagnostic::error(msg, sp(start, i)));
                    Tok::Int(0)
                }
            };
            toks.push(Token {
                tok,
                span: sp(start, i),
            });
            continue;
        }
        if c == b'\'' {
            let (lit, end) = char_literal(text, i);
            i = end;
            let tok = match lit {
                Ok(v) => Tok::Char(v),
                Err(msg) => {
                    diags.push(Diagnostic::error(msg, sp(start, i)));
                    Tok::Char(0)
                }
            };
            toks.push(Token {
                tok,
                span: sp(start, i),
            });
            continue;
        }
        if c == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != c && bytes[i] != b'\n' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(bytes.len());
            toks.push(Token {
                tok: Tok::Unsupported("string literals"),
                span: sp(start, i),
            });
            continue;
        }
        let two = text.get(i..i + 2).unwrap_or("");
        let (tok, len) = match two {
            _ if text[i..].starts_with(">>>=") => (Tok::UshrAssign, 4),
            _ if text[i..].starts_with(">>>") => (Tok::Ushr, 3),
            _ if text[i..].starts_with(">>=") => (Tok::ShrAssign, 3),
            _ if text[i..].starts_with("<<=") => (Tok::ShlAssign, 3),
            "==" => (Tok::EqEq, 2),
            "!=" => (Tok::NotEq, 2),
            "<=" => (Tok::Le, 2),
            ">=" => (Tok::Ge, 2),
            "&&" => (Tok::AndAnd, 2),
            "||" => (Tok::OrOr, 2),
            "++" => (Tok::PlusPlus, 2),
            "--" => (Tok::MinusMinus, 2),
            "+=" => (Tok::PlusAssign, 2),
            "-=" => (Tok::MinusAssign, 2),
            "*=" => (Tok::StarAssign, 2),
            "/=" => (Tok::SlashAssign, 2),
            "%=" => (Tok::PercentAssign, 2),
            "&=" => (Tok::AmpAssign, 2),
            "|=" => (Tok::PipeAssign, 2),
            "^=" => (Tok::CaretAssign, 2),
            "<<" => (Tok::Shl, 2),
            ">>" => (Tok::Shr, 2),
            "->" => (Tok::Unsupported("lambdas"), 2),
            "::" => (Tok::Unsupported("method references"), 2),
            _ => match c {
                b'{' => (Tok::LBrace, 1),
                b'}' => (Tok::RBrace, 1),
                b'(' => (Tok::LParen, 1),
                b')' => (Tok::RParen, 1),
                b';' => (Tok::Semi, 1),
                b',' => (Tok::Comma, 1),
                b'.' => (Tok::Dot, 1),
                b'=' => (Tok::Assign, 1),
                b'<' => (Tok::Lt, 1),
                b'>' => (Tok::Gt, 1),
                b'+' => (Tok::Plus, 1),
                b'-' => (Tok::Minus, 1),
                b'*' => (Tok::Star, 1),
                b'/' => (Tok::Slash, 1),
                b'%' => (Tok::Percent, 1),
                b'!' => (Tok::Bang, 1),
                b'[' => (Tok::LBracket, 1),
                b']' => (Tok::RBracket, 1),
                b'&' => (Tok::Amp, 1),
                b'|' => (Tok::Pipe, 1),
                b'^' => (Tok::Caret, 1),
                b'~' => (Tok::Tilde, 1),
                b'?' => (Tok::Question, 1),
                b':' => (Tok::Colon, 1),
                b'@' => (Tok::Unsupported("annotations"), 1),
                _ => {
                    let ch = text[i..].chars().next().unwrap_or('?');
                    let len = ch.len_utf8();
                    diags.push(Diagnostic::error(
                        format!("unexpected character `{}`", ch.escape_default()),
                        sp(start, start + len),
                    ));
                    i += len;
                    continue;
                }
            },
        };
        i += len;
        toks.push(Token {
            tok,
            span: sp(start, i),
        });
    }
    toks.push(Token {
        tok: Tok::Eof,
        span: sp(bytes.len(), bytes.len()),
    });
    toks
}

/// A character as Java would write it in a literal (`a`, `\n`, `\u0000`).
pub(super) fn escape_char(c: u16) -> String {
    match c {
        0x08 => "\\b".into(),
        0x09 => "\\t".into(),
        0x0a => "\\n".into(),
        0x0c => "\\f".into(),
        0x0d => "\\r".into(),
        0x27 => "\\'".into(),
        0x5c => "\\\\".into(),
        0x20..=0x7e => char::from(c as u8).to_string(),
        _ => format!("\\u{c:04x}"),
    }
}

/// The character literal starting at the `'` at `start` (JLS 3.10.4, 3.10.7, with
/// the Unicode escapes of JLS 3.3 inside it): its UTF-16 code unit or why javac
/// rejects it, and the byte offset after it (after the closing `'`, or at the end
/// of the line when it is missing).
fn char_literal(text: &str, start: usize) -> (Result<u16, String>, usize) {
    let bytes = text.as_bytes();
    let line_end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    // Where the literal ends: the next unescaped `'` on the line.
    let mut j = start + 1;
    while j < line_end && bytes[j] != b'\'' {
        j += if bytes[j] == b'\\' { 2 } else { 1 };
    }
    let j = j.min(line_end);
    if j >= line_end {
        return (Err("unclosed character literal".into()), line_end);
    }
    let end = j + 1;
    let body = &text[start + 1..j];
    if body.is_empty() {
        return (Err("empty character literal".into()), end);
    }
    let unit = |c: char| -> Result<u16, String> {
        u16::try_from(u32::from(c)).map_err(|_| {
            format!(
                "unclosed character literal: `{c}` is two UTF-16 code units, which a `char` cannot hold"
            )
        })
    };
    let value = if let Some(esc) = body.strip_prefix('\\') {
        let mut chars = esc.chars();
        let first = chars.next().unwrap_or(' ');
        let rest = chars.as_str();
        match first {
            'b' | 't' | 'n' | 'f' | 'r' | 's' | '"' | '\'' | '\\' if rest.is_empty() => {
                Ok(match first {
                    'b' => 0x08,
                    't' => 0x09,
                    'n' => 0x0a,
                    'f' => 0x0c,
                    'r' => 0x0d,
                    's' => 0x20,
                    c => c as u16,
                })
            }
            'u' => {
                let hex = esc.trim_start_matches('u');
                match u16::from_str_radix(hex, 16) {
                    Ok(v) if hex.len() == 4 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
                        // A Unicode escape is translated before the literal is read.
                        match v {
                            0x0a | 0x0d => Err("illegal line end in character literal".into()),
                            0x27 => Err("empty character literal".into()),
                            0x5c => Err("illegal escape character in character literal: `\\u005c` is a backslash, which must start an escape".into()),
                            v => Ok(v),
                        }
                    }
                    _ => Err("illegal unicode escape".into()),
                }
            }
            '0'..='7' => {
                let max = if first <= '3' { 3 } else { 2 };
                if esc.len() <= max && esc.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
                    Ok(u16::from_str_radix(esc, 8).expect("octal digits"))
                } else {
                    Err("unclosed character literal".into())
                }
            }
            _ if rest.is_empty() => Err("illegal escape character in character literal".into()),
            _ => Err("unclosed character literal".into()),
        }
    } else {
        let mut chars = body.chars();
        let c = chars.next().expect("non-empty");
        if chars.next().is_some() {
            Err("unclosed character literal".into())
        } else {
            unit(c)
        }
    };
    (value, end)
}

/// The token of a number literal `word` (digits, letters and `_`), or why javac
/// rejects it. Decimal literals are checked for range by the parser (`-2147483648`);
/// hexadecimal (`0x`), binary (`0b`) and octal (a leading `0`) ones are 32-bit
/// patterns, out of range beyond `0xFFFFFFFF` (JLS 3.10.1).
fn number(word: &str) -> Result<Tok, String> {
    if let Some(body) = word.strip_suffix(['l', 'L']) {
        // A `long` literal: the digits of an `int` one with a 64-bit range (JLS 3.10.1).
        let b = body.as_bytes();
        let radix = b.len() > 1 && b[0] == b'0';
        if !radix || b.ends_with(b"_") || body.ends_with(['l', 'L']) {
            // an error names the literal as written, suffix included (`1_L`)
            let named = |e: String| e.replace(&format!("`{body}`"), &format!("`{word}`"));
            return match number(body).map_err(named)? {
                Tok::Int(v) => Ok(Tok::Long(v)),
                _ => Err(format!("malformed number literal `{word}`")),
            };
        }
        return long_bits(body, word);
    }
    // Underscores separate digits (JLS 3.10.1): never first after a `0x`/`0b`
    // prefix, never last.
    let cleaned;
    let word = if word.contains('_') {
        let prefixed = word.len() > 1
            && word.as_bytes()[0] == b'0'
            && matches!(word.as_bytes()[1], b'x' | b'X' | b'b' | b'B');
        let body = if prefixed { &word[2..] } else { word };
        if body.starts_with('_') || body.ends_with('_') {
            return Err(format!("illegal underscore in number literal `{word}`"));
        }
        cleaned = word.replace('_', "");
        cleaned.as_str()
    } else {
        word
    };
    let lower = word.to_ascii_lowercase();
    let (digits, radix) = if let Some(d) = lower.strip_prefix("0x") {
        (d, 16)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (d, 2)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (&lower[1..], 8)
    } else {
        if !word.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "unsupported number literal `{word}`: only `int` literals are supported"
            ));
        }
        // Saturate: anything above 2^31 is out of range anyway.
        return Ok(Tok::Int(word.parse::<u64>().unwrap_or(u64::MAX)));
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(format!("malformed number literal `{word}`"));
    }
    match u32::from_str_radix(digits, radix) {
        Ok(v) => Ok(Tok::IntBits(v as i32)),
        Err(_) => Err(format!("integer number too large: `{word}`")),
    }
}

/// The 64-bit pattern of the hexadecimal, binary or octal `long` literal `word`
/// (`body` without its `L`), out of range beyond `0xFFFFFFFFFFFFFFFFL`.
fn long_bits(body: &str, word: &str) -> Result<Tok, String> {
    let lower = body.to_ascii_lowercase();
    let (digits, radix) = if let Some(d) = lower.strip_prefix("0x") {
        (d, 16)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (d, 2)
    } else {
        (&lower[1..], 8)
    };
    if digits.starts_with('_') && radix != 8 {
        return Err(format!("illegal underscore in number literal `{word}`"));
    }
    let digits = digits.replace('_', "");
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(format!("malformed number literal `{word}`"));
    }
    match u64::from_str_radix(&digits, radix) {
        Ok(v) => Ok(Tok::LongBits(v as i64)),
        Err(_) => Err(format!("integer number too large: `{word}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> (Vec<Tok>, usize) {
        let mut d = Vec::new();
        let t = lex(FileId(0), text, &mut d);
        (t.into_iter().map(|t| t.tok).collect(), d.len())
    }

    #[test]
    fn lexes_keywords_operators_and_comments() {
        let (t, errs) = kinds("class A /* c */ { int x; // y\n x += -1 && b != c; }");
        assert_eq!(errs, 0);
        assert_eq!(t[0], Tok::Kw(Kw::Class));
        assert_eq!(t[1], Tok::Ident("A".into()));
        assert!(t.contains(&Tok::PlusAssign));
        assert!(t.contains(&Tok::AndAnd));
        assert!(t.contains(&Tok::NotEq));
        assert_eq!(t.last(), Some(&Tok::Eof));
    }

    #[test]
    fn marks_unsupported_words_and_literals() {
        let (t, errs) = kinds("enum \"s\" a[0] 0x1FFFFFFFF 09 1L #");
        assert_eq!(errs, 3, "too large, malformed octal and `#`");
        assert_eq!(t[0], Tok::Unsupported("enums"));
        assert_eq!(t[1], Tok::Unsupported("string literals"));
        assert_eq!(t[3], Tok::LBracket);
    }

    #[test]
    fn radix_literals_are_32_bit_patterns() {
        let (t, errs) = kinds("0xFF 0x7fffffff 0xFFFFFFFF 0X80000000 017 0b101 0");
        assert_eq!(errs, 0);
        let want = [255, i32::MAX, -1, i32::MIN, 15, 5];
        for (tok, w) in t.iter().zip(want) {
            assert_eq!(tok, &Tok::IntBits(w));
        }
        assert_eq!(t[6], Tok::Int(0));
    }

    #[test]
    fn lexes_bitwise_and_shift_operators() {
        let (t, errs) = kinds(
            "a & b | c ^ ~d << 1 >> 2 >>> 3; x &= 1; x |= 1; x ^= 1; x <<= 1; x >>= 1; x >>>= 1; x >= 1",
        );
        assert_eq!(errs, 0);
        for want in [
            Tok::Amp,
            Tok::Pipe,
            Tok::Caret,
            Tok::Tilde,
            Tok::Shl,
            Tok::Shr,
            Tok::Ushr,
            Tok::AmpAssign,
            Tok::PipeAssign,
            Tok::CaretAssign,
            Tok::ShlAssign,
            Tok::ShrAssign,
            Tok::UshrAssign,
            Tok::Ge,
        ] {
            assert!(t.contains(&want), "{want:?}");
        }
    }

    #[test]
    fn long_literals_have_a_64_bit_range() {
        let (t, errs) = kinds(
            "1L 9223372036854775808L 0xFFFFFFFFFFFFFFFFL 0x7fffffffffffffffl 0b11L 017L 1_000L",
        );
        assert_eq!(errs, 0);
        assert_eq!(t[0], Tok::Long(1));
        assert_eq!(t[1], Tok::Long(1 << 63));
        assert_eq!(t[2], Tok::LongBits(-1));
        assert_eq!(t[3], Tok::LongBits(i64::MAX));
        assert_eq!(t[4], Tok::LongBits(3));
        assert_eq!(t[5], Tok::LongBits(15));
        assert_eq!(t[6], Tok::Long(1000));
        let (_, errs) = kinds("0x1FFFFFFFFFFFFFFFFL 09L 1LL 0xL");
        assert_eq!(errs, 4, "too large, malformed octal, `1LL`, no digits");
    }

    #[test]
    fn big_literals_saturate_instead_of_failing() {
        let (t, errs) = kinds("2147483648 99999999999999999999999");
        assert_eq!(errs, 0);
        assert_eq!(t[0], Tok::Int(2147483648));
        assert_eq!(t[1], Tok::Int(u64::MAX));
    }

    #[test]
    fn spans_cover_multibyte_characters() {
        let mut d = Vec::new();
        let t = lex(FileId(0), "é x", &mut d);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].span, Span::new(FileId(0), 0, 2));
        assert_eq!(t[0].span, Span::new(FileId(0), 3, 4));
    }
}

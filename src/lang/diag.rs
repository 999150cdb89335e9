//! Diagnostics with source spans, rendered as plain text with a source snippet.

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Chars, Config};

use super::span::{Sources, Span};

/// How serious a diagnostic is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Severity {
    /// The program is rejected.
    Error,
    /// Reported, but the program is still accepted.
    Warning,
}

/// A secondary span with a message, shown in the snippet.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

/// One message about a source file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// The primary position: its start is the `file:line:col` of the header.
    pub span: Span,
    pub labels: Vec<Label>,
    /// Extra lines shown after the snippet.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The most diagnostics [`render`] shows per file: past the first few dozen,
/// more lines help no one, and a file of garbage would print megabytes.
pub const MAX_SHOWN_PER_FILE: usize = 50;

/// Renders diagnostics as plain text: for each, a header line
/// `file:line:col: error: message`, then the source snippet, labels and notes.
/// At most [`MAX_SHOWN_PER_FILE`] are shown per file (the first, in the order
/// given), then one line `... and N more errors` (or `warnings`, or
/// `diagnostics` for a mix).
pub fn render(sources: &Sources, diags: &[Diagnostic]) -> String {
    let mut files = SimpleFiles::new();
    for f in &sources.files {
        files.add(f.name.as_str(), f.text.as_str());
    }
    let config = Config {
        chars: Chars::ascii(),
        ..Config::default()
    };
    let mut out = String::new();
    let mut shown = vec![0usize; sources.files.len()];
    // Per file: diagnostics not shown, and how many of them are errors.
    let mut hidden = vec![(0usize, 0usize); sources.files.len()];
    for d in diags {
        let f = d.span.file.0 as usize;
        if let Some(n) = shown.get_mut(f) {
            if *n == MAX_SHOWN_PER_FILE {
                hidden[f].0 += 1;
                hidden[f].1 += usize::from(d.is_error());
                continue;
            }
            *n += 1;
        }
        let sev = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        out.push_str(&format!(
            "{}: {sev}: {}\n",
            sources.position(d.span),
            d.message
        ));
        let clamp = |s: Span| {
            let len = sources.file(s.file).text.len();
            let start = (s.start as usize).min(len);
            start..(s.end as usize).clamp(start, len)
        };
        let mut labels = vec![cs::Label::primary(d.span.file.0 as usize, clamp(d.span))];
        labels.extend(d.labels.iter().map(|l| {
            cs::Label::secondary(l.span.file.0 as usize, clamp(l.span)).with_message(&l.message)
        }));
        let c = match d.severity {
            Severity::Error => cs::Diagnostic::error(),
            Severity::Warning => cs::Diagnostic::warning(),
        }
        .with_message(&d.message)
        .with_labels(labels)
        .with_notes(d.notes.clone());
        match term::emit_into_string(&config, &files, &c) {
            // Drop codespan's own header line: ours carries the position.
            Ok(text) => out.push_str(text.split_once('\n').map_or("", |(_, rest)| rest)),
            Err(e) => out.push_str(&format!("  (cannot show source: {e})\n")),
        }
    }
    for (f, &(n, errors)) in hidden.iter().enumerate().filter(|(_, h)| h.0 > 0) {
        let what = if errors == n {
            "errors"
        } else if errors == 0 {
            "warnings"
        } else {
            "diagnostics"
        };
        let name = &sources.files[f].name;
        out.push_str(&format!("{name}: ... and {n} more {what}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_fifty_per_file_then_a_count() {
        let mut s = Sources::default();
        let a = s.add("A.java", "x\n".repeat(80));
        let b = s.add("B.java", "y\n".repeat(3));
        let mut diags: Vec<Diagnostic> = (0..80)
            .map(|i| Diagnostic::error(format!("e{i}"), Span::new(a, 2 * i, 2 * i + 1)))
            .collect();
        diags.push(Diagnostic::error("in b", Span::new(b, 0, 1)));
        let text = render(&s, &diags);
        let headers: Vec<&str> = text.lines().filter(|l| l.contains(": error: ")).collect();
        assert_eq!(headers.len(), MAX_SHOWN_PER_FILE + 1, "{text}");
        assert!(headers[MAX_SHOWN_PER_FILE - 1].ends_with("error: e49"));
        assert!(headers[MAX_SHOWN_PER_FILE].starts_with("B.java:1:1: error: in b"));
        assert_eq!(text.lines().last(), Some("A.java: ... and 30 more errors"));
    }

    #[test]
    fn header_has_position_and_snippet_follows() {
        let mut s = Sources::default();
        let f = s.add("A.java", "class A {\n  int x = 1;\n}\n");
        let d = Diagnostic::error("field initializers are not supported", Span::new(f, 18, 21))
            .with_note("assign it in the constructor");
        let text = render(&s, &[d]);
        let first = text.lines().next().unwrap();
        assert_eq!(
            first,
            "A.java:2:9: error: field initializers are not supported"
        );
        assert!(text.contains("int x = 1;"), "{text}");
        assert!(text.contains("^^^"), "{text}");
        assert!(text.contains("= assign it in the constructor"), "{text}");
    }
}

//! Source files and byte spans, with line:col lookup.

/// A source file loaded into [`Sources`]. Numbering: order of loading, from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct FileId(pub u32);

/// A byte range `start..end` in one source file.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: u32, end: u32) -> Span {
        Span { file, start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// One loaded file: its display name, text and line starts.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<u32>,
}

/// Every source file of a run, addressed by [`FileId`].
#[derive(Clone, Debug, Default)]
pub struct Sources {
    pub files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
        });
        FileId(self.files.len() as u32 - 1)
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: u32) -> (u32, u32) {
        let f = self.file(file);
        let line = f.line_starts.partition_point(|&s| s <= offset).max(1) - 1;
        let start = f.line_starts[line] as usize;
        let end = (offset as usize).min(f.text.len());
        let col = f
            .text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (line as u32 + 1, col as u32 + 1)
    }

    /// `file:line:col` of a span's start.
    pub fn position(&self, span: Span) -> String {
        let (l, c) = self.line_col(span.file, span.start);
        format!("{}:{}:{}", self.file(span.file).name, l, c)
    }
}

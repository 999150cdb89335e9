//! The `heaplog` command line. Only this file owns stdout, stderr and the exit
//! status: streaming commands write to the stdout writer it lends them.

mod cli;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

fn main() -> ExitCode {
    let start = Instant::now();
    let args = cli::Cli::parse();
    let stdout = std::io::stdout();
    let mut writer = std::io::BufWriter::new(stdout.lock());
    let out = cli::dispatch(args, &mut writer, start);
    let _ = writer.write_all(out.stdout.as_bytes());
    let _ = writer.flush();
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    ExitCode::from(out.code as u8)
}

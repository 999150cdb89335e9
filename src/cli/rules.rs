//! `heaplog rules`: list the registered rule sets, the variants with their base and
//! the rules they switch off, and the examples of wrong rules.

use heaplog::rules::{EXAMPLES, REGISTRY, Registered};

use super::Output;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Output {
    let all = || REGISTRY.iter().chain(EXAMPLES.iter().map(|e| &e.rules));
    let width = all().map(|r| r.name.len()).max().unwrap_or(0);
    let line = |r: &Registered| {
        let mut s = format!("{:width$}  {}\n", r.name, r.summary);
        if let Some(base) = r.base {
            let off: Vec<&str> = r.off.iter().map(|o| o.0).collect();
            s += &format!(
                "{:width$}  variant of {base}; switched off: {}\n",
                "",
                if off.is_empty() {
                    "none".into()
                } else {
                    off.join(", ")
                }
            );
        }
        s
    };
    let mut text: String = REGISTRY.iter().map(line).collect();
    if !EXAMPLES.is_empty() {
        text += "\nexamples of wrong rules (not held to the oracle; each has a known counterexample):\n";
        for e in EXAMPLES {
            text += &line(&e.rules);
            text += &format!(
                "{:width$}  counterexample: {} {}\n",
                "", e.counterexample.0, e.counterexample.1
            );
        }
    }
    Output::ok(text)
}

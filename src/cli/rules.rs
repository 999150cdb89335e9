//! `heaplog rules`: list the registered rule sets, one line each (name first, so a
//! script can take the first word): a variant's line names its base and the rules it
//! switches off. With `--examples`, the wrong variants kept as examples follow, each
//! with the counterexample it is kept for (the default list is what the oracle holds).

use heaplog::rules::{EXAMPLES, REGISTRY, Registered};

use super::Output;

#[derive(clap::Args)]
pub struct Args {
    /// Also list the examples of wrong rules (variants kept for their counterexample,
    /// which `compare --all` and the tests do not hold to the oracle).
    #[arg(long)]
    pub examples: bool,
}

pub fn run(args: Args) -> Output {
    let all = || REGISTRY.iter().chain(EXAMPLES.iter().map(|e| &e.rules));
    let width = all().map(|r| r.name.len()).max().unwrap_or(0);
    let line = |r: &Registered, extra: Option<String>| {
        let mut notes = Vec::new();
        if let Some(base) = r.base {
            let off: Vec<&str> = r.off.iter().map(|o| o.0).collect();
            notes.push(format!(
                "variant of {base}, switching off: {}",
                if off.is_empty() {
                    "nothing".into()
                } else {
                    off.join(", ")
                }
            ));
        }
        notes.extend(extra);
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" [{}]", notes.join("; "))
        };
        format!("{:width$}  {}{notes}\n", r.name, r.summary)
    };
    let mut text: String = REGISTRY.iter().map(|r| line(r, None)).collect();
    for e in EXAMPLES.iter().filter(|_| args.examples) {
        let (file, entry) = e.counterexample;
        let note = format!("an example of a wrong rule: disagrees on {file} {entry}");
        text += &line(&e.rules, Some(note));
    }
    Output::ok(text)
}

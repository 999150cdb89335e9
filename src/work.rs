//! Work items: the shard of a command's work a process runs (`--shard i/n`), each
//! item's CPU time, and the work and span of a campaign with the speed-up they allow
//! (docs/PARALLEL.md).

use std::time::Instant;

use serde::{Deserialize, Serialize};

/// `--shard i/n`: shard `index` (1-based) of `count`. Work item `k` (0-based, in the
/// order one unsharded run takes them) belongs to shard `k mod n + 1`: round robin, so
/// the shards get items from every part of the work.
/// In JSON it is the string `"i/n"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole work as one shard.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether work item `k` is this shard's.
    pub fn owns(&self, k: u64) -> bool {
        k % self.count == self.index - 1
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// Parses `i/n` with `1 <= i <= n`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}`: expected i/n with 1 <= i <= n (e.g. 2/8)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl From<Shard> for String {
    fn from(s: Shard) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Shard {
    type Error = String;

    fn try_from(s: String) -> Result<Shard, String> {
        s.parse()
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// CPU time of the calling thread in milliseconds, from Linux's
/// `/proc/thread-self/schedstat` (nanoseconds on a CPU); `None` elsewhere.
pub fn thread_cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e6)
}

/// Times one work item on the calling thread: its CPU time where the system tells it,
/// else its wall time (and says which).
pub struct ItemClock {
    wall: Instant,
    cpu: Option<f64>,
}

impl ItemClock {
    pub fn start() -> ItemClock {
        ItemClock {
            wall: Instant::now(),
            cpu: thread_cpu_ms(),
        }
    }

    /// Milliseconds since [`ItemClock::start`]: CPU time, or wall time without it.
    pub fn ms(&self) -> f64 {
        match (self.cpu, thread_cpu_ms()) {
            (Some(a), Some(b)) => (b - a).max(0.0),
            _ => self.wall.elapsed().as_secs_f64() * 1e3,
        }
    }
}

/// Total work, critical path and the speed-up they allow (Brent's bound).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WorkSpan {
    /// Work items.
    pub items: u64,
    /// The sum of the items' CPU times, in milliseconds.
    pub work_ms: f64,
    /// The longest single item, in milliseconds: no schedule ends sooner.
    pub span_ms: f64,
}

impl WorkSpan {
    pub fn of(times: impl IntoIterator<Item = f64>) -> WorkSpan {
        let mut w = WorkSpan::default();
        for t in times {
            w.items += 1;
            w.work_ms += t;
            w.span_ms = w.span_ms.max(t);
        }
        w
    }

    /// Brent's bound on `p` cores: the time is at most `work/p + span`, and at least
    /// `max(work/p, span)`; so the speed-up over one core is at least
    /// `work / (work/p + span)` and at most `min(p, work/span)`.
    pub fn speedup(&self, p: u64) -> (f64, f64) {
        if self.work_ms <= 0.0 {
            return (1.0, 1.0);
        }
        let p = p as f64;
        let lower = self.work_ms / (self.work_ms / p + self.span_ms);
        let upper = p.min(self.work_ms / self.span_ms.max(f64::MIN_POSITIVE));
        (lower, upper)
    }

    /// Two lines of text: the work and span, and the speed-up at 8, 64 and 512 cores.
    pub fn text(&self) -> String {
        let bounds: Vec<String> = [8u64, 64, 512]
            .iter()
            .map(|&p| {
                let (lo, hi) = self.speedup(p);
                format!("{p} cores {lo:.1}-{hi:.1}x")
            })
            .collect();
        format!(
            "work: {:.1} s CPU over {} items; span (the longest item): {:.2} s\n\
             speed-up allowed (Brent: work/P + span >= T_P >= max(work/P, span)): {}\n",
            self.work_ms / 1e3,
            self.items,
            self.span_ms / 1e3,
            bounds.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_items() {
        for n in 1..6 {
            let shards: Vec<Shard> = (1..=n).map(|i| Shard { index: i, count: n }).collect();
            for k in 0..50 {
                assert_eq!(shards.iter().filter(|s| s.owns(k)).count(), 1);
            }
        }
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let json = serde_json::to_string(&Shard { index: 2, count: 3 }).unwrap();
        assert_eq!(json, "\"2/3\"");
        assert!(serde_json::from_str::<Shard>("\"4/3\"").is_err());
    }

    #[test]
    fn brents_bound() {
        let w = WorkSpan::of([10.0, 10.0, 20.0, 60.0]);
        assert_eq!((w.items, w.work_ms, w.span_ms), (4, 100.0, 60.0));
        let (lo, hi) = w.speedup(8);
        assert!((lo - 100.0 / 72.5).abs() < 1e-9, "{lo}");
        assert!((hi - 100.0 / 60.0).abs() < 1e-9, "{hi}");
        assert_eq!(WorkSpan::of([5.0; 100]).speedup(512).1, 100.0);
    }

    #[test]
    fn a_thread_has_a_cpu_clock() {
        let c = ItemClock::start();
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        assert!(x != 1 && c.ms() >= 0.0);
    }
}

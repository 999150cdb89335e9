//! Embeddings of a structure into an input or another structure, along its fixed fields
//! from the roots: how witnesses answer Sat and cores answer Unsat.

use smallvec::{SmallVec, smallvec};

use super::Kind;
use super::Structure;
use crate::concrete::InputValue;

/// An injective map of `s`'s objects to those of a target with `n` objects (`class` and
/// `field` of each; a field `None` is free there), roots to `roots`, class to the same
/// class, every fixed field of `s` fixed in the target to the same value (objects
/// mapped). Found by walking `s`'s fixed fields from the roots: `None` also when an
/// object of `s` is not reached that way.
pub(super) fn embedding(
    s: &Structure,
    roots: &[InputValue],
    n: usize,
    kind: impl Fn(usize) -> Kind,
    field: impl Fn(usize, usize) -> Option<InputValue>,
) -> Option<Map> {
    if s.objects.len() > n {
        return None;
    }
    let map = embed_walk(s, roots, n, kind, field, None, |_, _| {})?;
    (!map.contains(&UNMAPPED)).then_some(map)
}

/// An object of the embedded structure not (yet) mapped.
pub(super) const UNMAPPED: u32 = u32::MAX;

/// The walk of [`embedding`] from the roots along `s`'s fixed fields, but the field
/// `skip` (not followed, not required to be fixed in the target); `image` is told each
/// target field a fixed field of `s` maps to. The map may leave objects `UNMAPPED`
/// (those reached only through `skip`, or not at all).
pub(super) fn embed_walk(
    s: &Structure,
    roots: &[InputValue],
    n: usize,
    kind: impl Fn(usize) -> Kind,
    field: impl Fn(usize, usize) -> Option<InputValue>,
    skip: Option<(usize, usize)>,
    mut image: impl FnMut(usize, usize),
) -> Option<Map> {
    if s.roots.len() != roots.len() {
        return None;
    }
    // On the stack for structures of the usual size: the cores are walked once per
    // open choice of every query, and most walks fail at their first fields.
    let mut map: Map = smallvec![UNMAPPED; s.objects.len()];
    let mut used: SmallVec<[bool; 32]> = smallvec![false; n];
    let mut work: SmallVec<[usize; 16]> = SmallVec::new();
    let mut bind = |a: InputValue,
                    b: InputValue,
                    map: &mut Map,
                    work: &mut SmallVec<[usize; 16]>| match (a, b) {
        (InputValue::Obj(a), InputValue::Obj(b)) => {
            let (a, b) = (a.0 as usize, b.0);
            if a >= map.len() || b as usize >= n {
                return false;
            }
            if map[a] != UNMAPPED {
                return map[a] == b;
            }
            if std::mem::replace(&mut used[b as usize], true) {
                return false;
            }
            map[a] = b;
            work.push(a);
            true
        }
        (a, b) => a == b,
    };
    for (&a, &b) in s.roots.iter().zip(roots) {
        if !bind(a, b, &mut map, &mut work) {
            return None;
        }
    }
    while let Some(o) = work.pop() {
        let fields = &s.objects[o].1;
        let x = map[o] as usize;
        if kind(x) != s.kind(o) {
            return None;
        }
        for (slot, v) in fields.iter().enumerate() {
            if Some((o, slot)) == skip {
                continue;
            }
            if let Some(v) = *v {
                match field(x, slot) {
                    Some(w) if bind(v, w, &mut map, &mut work) => image(x, slot),
                    _ => return None,
                }
            }
        }
    }
    Some(map)
}

/// An embedding: per object of the embedded structure, its image.
pub(super) type Map = SmallVec<[u32; 16]>;

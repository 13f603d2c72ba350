//! `tsort`: topological sort of the pairs in a file, in GNU's order: nodes with no
//! predecessor are queued in name order, a node's successors are visited most recent first,
//! and a loop is reported on stderr, broken, and the sort goes on (exit status 1).

use super::opts::Out;
use super::textio;
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use std::collections::BTreeMap;

pub fn register(r: &mut super::Registry) {
    r.register("tsort", Trust::Real, "topological sort", "[FILE]", run);
}

struct Node {
    name: Vec<u8>,
    count: usize,
    /// Successors, most recently recorded first (GNU prepends).
    succ: Vec<usize>,
    printed: bool,
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut args: Vec<Vec<u8>> = ctx.args().to_vec();
    if args.first().is_some_and(|a| a == b"--") {
        args.remove(0);
    }
    if args.len() > 1 {
        return super::opts::usage(
            ctx,
            &format!("extra operand {}", super::opts::quote(ctx, &args[1])),
            1,
        )
        .await;
    }
    let file = args.first().cloned().unwrap_or_else(|| b"-".to_vec());
    let Some(data) = textio::slurp(ctx, &file).await? else {
        return Ok(1);
    };
    let words: Vec<&[u8]> = data
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let shown = String::from_utf8_lossy(&file).into_owned();
    if words.len() % 2 == 1 {
        ctx.diag(format!("{shown}: input contains an odd number of tokens"))
            .await?;
        return Ok(1);
    }
    let mut index: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    let mut nodes: Vec<Node> = Vec::new();
    let mut id = |w: &[u8], nodes: &mut Vec<Node>| -> usize {
        *index.entry(w.to_vec()).or_insert_with(|| {
            nodes.push(Node {
                name: w.to_vec(),
                count: 0,
                succ: Vec::new(),
                printed: false,
            });
            nodes.len() - 1
        })
    };
    for pair in words.chunks(2) {
        ctx.charge(cost::LINE)?;
        let (a, b) = (id(pair[0], &mut nodes), id(pair[1], &mut nodes));
        if a != b {
            nodes[b].count += 1;
            nodes[a].succ.insert(0, b);
        }
    }
    // Name order, as GNU's search tree walks it.
    let order: Vec<usize> = index.values().copied().collect();
    let mut out = Out::new();
    let mut remaining = nodes.len();
    let mut status = 0;
    while remaining > 0 {
        let mut queue: std::collections::VecDeque<usize> = order
            .iter()
            .copied()
            .filter(|&i| nodes[i].count == 0 && !nodes[i].printed)
            .collect();
        while let Some(i) = queue.pop_front() {
            ctx.charge(cost::LINE)?;
            out.push(&nodes[i].name);
            out.push(b"\n");
            nodes[i].printed = true;
            remaining -= 1;
            for k in 0..nodes[i].succ.len() {
                let s = nodes[i].succ[k];
                nodes[s].count -= 1;
                if nodes[s].count == 0 {
                    queue.push_back(s);
                }
            }
            out.maybe_flush(ctx).await?;
        }
        if remaining == 0 {
            break;
        }
        // A loop: find one from the first node (in name order) still waiting, report it, and
        // break it by dropping the relation that closes it.
        status = 1;
        out.flush(ctx).await?;
        ctx.diag(format!("{shown}: input contains a loop:")).await?;
        let start = order
            .iter()
            .copied()
            .find(|&i| !nodes[i].printed && nodes[i].count > 0)
            .unwrap_or(0);
        let mut path = vec![start];
        let mut seen = vec![false; nodes.len()];
        seen[start] = true;
        let mut cur = start;
        let cycle_end = loop {
            let next = nodes[cur].succ.iter().copied().find(|&s| !nodes[s].printed);
            match next {
                Some(s) if s == start || seen[s] => break Some((cur, s)),
                Some(s) => {
                    seen[s] = true;
                    path.push(s);
                    cur = s;
                }
                None => break None,
            }
        };
        let Some((from, to)) = cycle_end else {
            // No successor left: release the start node itself.
            nodes[start].count = 0;
            continue;
        };
        let first = path.iter().position(|&n| n == to).unwrap_or(0);
        for &n in &path[first..] {
            ctx.diag(nodes[n].name.clone()).await?;
        }
        if let Some(pos) = nodes[from].succ.iter().position(|&s| s == to) {
            nodes[from].succ.remove(pos);
            nodes[to].count -= 1;
        }
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use crate::commands::testutil::{run, text};

    #[test]
    fn orders_like_gnu() {
        assert_eq!(text(run(&["tsort"], b"b a\nc a\nd c\n")).1, "b\nd\nc\na\n");
        assert_eq!(text(run(&["tsort"], b"a b b c\n")).1, "a\nb\nc\n");
        assert_eq!(text(run(&["tsort"], b"a a\n")).1, "a\n");
        let r = text(run(&["tsort"], b"a b\nb c\nc a\n"));
        assert_eq!((r.0, r.1.as_str()), (1, "a\nb\nc\n"));
        assert_eq!(
            r.2,
            "tsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: c\n"
        );
        let r = text(run(&["tsort"], b"a b c\n"));
        assert_eq!(
            (r.0, r.2.as_str()),
            (1, "tsort: -: input contains an odd number of tokens\n")
        );
    }
}

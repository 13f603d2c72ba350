//! The read judge: which files could this shell command read or write, and may it?
//!
//! The pipeline, one module each:
//! 1. [`plan`] reads the command with the simulator's own parser and lists every segment and
//!    its path candidates; [`knowledge`] says what each program does with its words.
//! 2. Establishment ([`establish`]) turns a candidate into a judged target: lexically (the
//!    folded spelling), or through a filesystem view ([`FsView`]: the host's metadata, or the
//!    simulator's VFS) that resolves symlinks and expands patterns, each within a bound.
//! 3. Judgement: the deny list first ([`deny`]), over every view of the candidate; then
//!    containment of the target within the roots.
//! 4. The fold: the command's finding is the highest-ranked finding of any candidate, with
//!    two structural rules (unreadable text is unestablishable; re-entered shell text is at
//!    least unestablishable and only its deny hits can raise it). [`decision`] maps the finding
//!    on a seat to a disposition.
//!
//! The judge never reads file contents and never runs anything.

pub mod decision;
pub mod deny;
pub mod establish;
pub mod knowledge;
pub mod plan;
pub mod words;

pub use decision::{decide, Disposition, Finding, Seat};
pub use establish::{deepest_common_dir, FsKind, FsView, Lexical, VfsView};

use deny::DenyList;
use serde_json::{json, Value as Json};

/// What a command is judged against.
#[derive(Clone, Debug, Default)]
pub struct Boundary {
    /// The working directory the command starts in (absolute).
    pub cwd: Vec<u8>,
    /// The declared home (absolute).
    pub home: Vec<u8>,
    /// Read roots (absolute, canonical).
    pub roots: Vec<Vec<u8>>,
    /// Deny patterns (gitignore style; `~/` anchors at the home). They guard writes too unless
    /// `write_deny` is given.
    pub deny: Vec<String>,
    /// Where writes may land; defaults to the roots.
    pub write_roots: Option<Vec<Vec<u8>>>,
    /// A separate deny list for writes.
    pub write_deny: Option<Vec<String>>,
}

/// Device files that count as inside every boundary.
pub const ALSO_INSIDE: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
    "/dev/stdin",
    "/dev/stdout",
    "/dev/stderr",
];

/// The judgement of one candidate.
#[derive(Clone, Debug)]
pub struct CandidateFinding {
    pub finding: Finding,
    pub spelled: String,
    pub target: Option<String>,
    pub face: knowledge::Face,
    pub established: &'static str,
    pub containment: &'static str,
    pub deny: Option<(String, String)>,
    pub cause: Option<String>,
}

impl CandidateFinding {
    fn to_json(&self) -> Json {
        let mut j = json!({
            "finding": self.finding.name(),
            "candidate": self.spelled,
            "face": self.face,
            "established": self.established,
            "containment": self.containment,
        });
        if let Some(t) = &self.target {
            j["target"] = json!(t);
        }
        if let Some((p, view)) = &self.deny {
            j["deny"] = json!({"pattern": p, "view": view});
        }
        if let Some(c) = &self.cause {
            j["cause"] = json!(c);
        }
        j
    }
}

/// The judged segment.
#[derive(Clone, Debug)]
pub struct JudgedSegment {
    pub program: String,
    pub finding: Finding,
    pub findings: Vec<CandidateFinding>,
    pub declined: Option<String>,
    pub unestablishable: Option<String>,
}

/// The verdict on a whole command.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub finding: Finding,
    pub disposition: Disposition,
    pub seat: Seat,
    pub witness: Option<CandidateFinding>,
    /// The segment that stood in for the witness (a decline, an unestablishable segment).
    pub witness_segment: Option<(String, String)>,
    pub segments: Vec<JudgedSegment>,
    pub unestablished: bool,
    pub grant_offer: Option<(String, bool)>,
}

impl Verdict {
    pub fn to_json(&self) -> Json {
        let mut j = json!({
            "finding": self.finding.name(),
            "disposition": self.disposition,
            "seat": self.seat,
            "unestablished": self.unestablished,
            "segments": self.segments.iter().map(|s| {
                let mut o = json!({
                    "program": s.program,
                    "finding": s.finding.name(),
                    "findings": s.findings.iter().map(|f| f.to_json()).collect::<Vec<_>>(),
                });
                if let Some(d) = &s.declined { o["declined"] = json!(d); }
                if let Some(u) = &s.unestablishable { o["unestablishable"] = json!(u); }
                o
            }).collect::<Vec<_>>(),
        });
        if let Some(w) = &self.witness {
            j["witness"] = w.to_json();
        } else if let Some((program, why)) = &self.witness_segment {
            j["witness"] = json!({"segment": program, "cause": why});
        }
        match &self.grant_offer {
            Some((dir, exact)) => {
                j["grant_offer"] = if *exact {
                    json!({"dir": dir, "covers": "exact"})
                } else {
                    json!({"dir": dir})
                }
            }
            None => j["grant_offer"] = Json::Null,
        }
        j
    }
}

/// One read as it was established when the command was approved: which segment, the
/// candidate as spelled, and the target it resolved to then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApprovedRead {
    pub segment: usize,
    pub candidate: String,
    pub target: String,
}

/// The established reads of an earlier verdict (its JSON), for a re-judgement.
pub fn approved_reads(verdict: &Json) -> Result<Vec<ApprovedRead>, String> {
    let segments = verdict["segments"]
        .as_array()
        .ok_or("`approved` must be an earlier verdict (it has no `segments`)")?;
    let mut out = Vec::new();
    for (i, seg) in segments.iter().enumerate() {
        for f in seg["findings"].as_array().into_iter().flatten() {
            if let (Some(c), Some(t)) = (f["candidate"].as_str(), f["target"].as_str()) {
                out.push(ApprovedRead {
                    segment: i,
                    candidate: c.to_string(),
                    target: t.to_string(),
                });
            }
        }
    }
    Ok(out)
}

/// Judges `text` against `boundary` on `seat`, establishing through `view`.
pub fn judge_command(
    text: &[u8],
    boundary: &Boundary,
    seat: Seat,
    view: &dyn FsView,
) -> Result<Verdict, String> {
    judge_with_approval(text, boundary, seat, view, None)
}

/// As [`judge_command`]; on the `rejudge` seat with the reads established at approval, a read
/// that now resolves to another target is `identity_changed`.
pub fn judge_with_approval(
    text: &[u8],
    boundary: &Boundary,
    seat: Seat,
    view: &dyn FsView,
    approved: Option<&[ApprovedRead]>,
) -> Result<Verdict, String> {
    if !boundary.cwd.starts_with(b"/") || !boundary.home.starts_with(b"/") {
        return Err("cwd and home must be absolute paths".into());
    }
    let deny = DenyList::compile(&boundary.deny, &boundary.home)?;
    let write_deny = match &boundary.write_deny {
        Some(w) => Some(DenyList::compile(w, &boundary.home)?),
        None => None,
    };
    let plan = plan::plan(text, &boundary.cwd, &boundary.home);
    let memo = establish::Memo::new(view);
    let ctx = establish::Judge {
        boundary,
        deny: &deny,
        write_deny: write_deny.as_ref(),
        view: &memo,
    };
    let mut segments = Vec::new();
    let mut fold = ctx.fold(&plan, false, &mut segments);
    if let (Seat::Rejudge, Some(approved)) = (seat, approved) {
        'seek: for (i, seg) in segments.iter_mut().enumerate() {
            for f in seg.findings.iter_mut() {
                let Some(now) = &f.target else { continue };
                let then = approved
                    .iter()
                    .find(|a| a.segment == i && a.candidate == f.spelled);
                if let Some(then) = then {
                    if &then.target != now {
                        f.finding = Finding::IdentityChanged;
                        f.cause = Some(format!(
                            "approved as {}, resolves to {} now",
                            then.target, now
                        ));
                        seg.finding = Finding::IdentityChanged;
                        fold.finding = Finding::IdentityChanged;
                        fold.witness = Some(f.clone());
                        fold.segment = None;
                        break 'seek;
                    }
                }
            }
        }
    }
    let finding = fold.finding;
    let grant_offer = if finding == Finding::OutsideRoots {
        ctx.grant_offer(&segments)
    } else {
        None
    };
    Ok(Verdict {
        finding,
        disposition: decide(finding, seat),
        seat,
        witness: fold.witness,
        witness_segment: fold.segment,
        segments,
        unestablished: fold.unestablished,
        grant_offer,
    })
}

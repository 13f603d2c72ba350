//! What the judge can find about a command, where it is asked, and the one table that turns a
//! finding on a seat into a disposition.
//!
//! Totality is checked by the compiler: [`decide`] is an exhaustive `match` over both enums with
//! no wildcard arm, so adding a finding or a seat does not compile until every cell is written.
//! An unknown seat *word* (from the CLI or the stream) is an error from [`Seat::parse`], never a
//! default.

use serde::Serialize;

/// What the judge found, in fold order (lowest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Finding {
    None,
    Declined,
    Unestablishable,
    OutsideRoots,
    DenyHit,
    IdentityChanged,
}

impl Finding {
    pub const ALL: [Finding; 6] = [
        Finding::None,
        Finding::Declined,
        Finding::Unestablishable,
        Finding::OutsideRoots,
        Finding::DenyHit,
        Finding::IdentityChanged,
    ];

    /// The fold rank: a command's finding is its highest-ranked one.
    pub fn rank(self) -> u8 {
        match self {
            Finding::IdentityChanged => 6,
            Finding::DenyHit => 5,
            Finding::OutsideRoots => 4,
            Finding::Unestablishable => 3,
            Finding::Declined => 2,
            Finding::None => 0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Finding::None => "none",
            Finding::Declined => "declined",
            Finding::Unestablishable => "unestablishable",
            Finding::OutsideRoots => "outside_roots",
            Finding::DenyHit => "deny_hit",
            Finding::IdentityChanged => "identity_changed",
        }
    }
}

/// Where a command is judged: which shell face runs it, or the moment after approval.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    FullShell,
    Readonly,
    Rejudge,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::FullShell, Seat::Readonly, Seat::Rejudge];

    /// The seat named by `word`; anything else is an error (never a default seat).
    pub fn parse(word: &str) -> Result<Seat, String> {
        match word {
            "full_shell" => Ok(Seat::FullShell),
            "readonly" => Ok(Seat::Readonly),
            "rejudge" => Ok(Seat::Rejudge),
            other => Err(format!(
                "unknown seat `{other}` (expected full_shell, readonly or rejudge)"
            )),
        }
    }
}

/// What a seat does with a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Disposition {
    /// Denied here (or vetoed after a person's yes).
    Refuse,
    /// A question that no automatic answerer may clear.
    Mandated,
    /// A question any answerer may clear (a person, a classifier, a stored rule).
    Ordinary,
    /// No question.
    Vouch,
}

/// The decision table: total over findings × seats.
pub fn decide(finding: Finding, seat: Seat) -> Disposition {
    use Disposition::*;
    match (finding, seat) {
        // A deny row is a floor nothing moves.
        (Finding::DenyHit, Seat::FullShell) => Refuse,
        (Finding::DenyHit, Seat::Readonly) => Refuse,
        (Finding::DenyHit, Seat::Rejudge) => Refuse,
        // Outside the roots: ask where a person can answer, refuse where nobody can.
        (Finding::OutsideRoots, Seat::FullShell) => Mandated,
        (Finding::OutsideRoots, Seat::Readonly) => Refuse,
        (Finding::OutsideRoots, Seat::Rejudge) => Refuse,
        // Could not say where it reads: never vouched.
        (Finding::Unestablishable, Seat::FullShell) => Mandated,
        (Finding::Unestablishable, Seat::Readonly) => Refuse,
        (Finding::Unestablishable, Seat::Rejudge) => Refuse,
        // The one deliberate fail-open: an ordinary question on the full shell.
        (Finding::Declined, Seat::FullShell) => Ordinary,
        (Finding::Declined, Seat::Readonly) => Refuse,
        (Finding::Declined, Seat::Rejudge) => Refuse,
        // Resolves elsewhere than when approved.
        (Finding::IdentityChanged, Seat::FullShell) => Refuse,
        (Finding::IdentityChanged, Seat::Readonly) => Refuse,
        (Finding::IdentityChanged, Seat::Rejudge) => Refuse,
        (Finding::None, Seat::FullShell) => Vouch,
        (Finding::None, Seat::Readonly) => Vouch,
        (Finding::None, Seat::Rejudge) => Vouch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_row_by_row() {
        use Disposition::*;
        let rows = [
            (Finding::DenyHit, [Refuse, Refuse, Refuse]),
            (Finding::OutsideRoots, [Mandated, Refuse, Refuse]),
            (Finding::Unestablishable, [Mandated, Refuse, Refuse]),
            (Finding::Declined, [Ordinary, Refuse, Refuse]),
            (Finding::IdentityChanged, [Refuse, Refuse, Refuse]),
            (Finding::None, [Vouch, Vouch, Vouch]),
        ];
        assert_eq!(rows.len(), Finding::ALL.len());
        for (finding, cells) in rows {
            for (seat, want) in Seat::ALL.iter().zip(cells) {
                assert_eq!(decide(finding, *seat), want, "{finding:?} on {seat:?}");
            }
        }
    }

    #[test]
    fn ranks_order_the_fold() {
        let mut by_rank = Finding::ALL;
        by_rank.sort_by_key(|f| f.rank());
        assert_eq!(by_rank, Finding::ALL);
        assert!(Finding::IdentityChanged.rank() > Finding::DenyHit.rank());
    }

    #[test]
    fn an_unknown_seat_is_an_error() {
        assert!(Seat::parse("full_shell").is_ok());
        assert!(Seat::parse("Bash").is_err());
        assert!(Seat::parse("").is_err());
    }
}

//! Snapshots of a quiescent environment: fork and restore without copying the workspace.
//!
//! A snapshot holds the kernel's state (the VFS is a persistent tree, so this is O(1) in the
//! number and size of files), a copy of the idle shell (its variables and functions live in
//! persistent maps too), the retained action records and the session's outcome. Building an
//! environment from a snapshot shares nothing mutable with the original: the two diverge from
//! that point on.

use super::action::{Action, ActionId};
use super::environment::{commands_of, Environment};
use super::RunResult;
use crate::process::command::ExtensibleTable;
use crate::process::snapshot::{KernelState, NotQuiescent};
use crate::process::{Kernel, MachineInfo};
use crate::shell::state::HeldMemory;
use crate::shell::Shell;
use crate::vfs::Vfs;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The state of a quiescent environment. Cloning a snapshot is O(1).
#[derive(Clone)]
pub struct Snapshot(Rc<Inner>);

struct Inner {
    kernel: KernelState,
    /// The idle shell; its kernel handle is a placeholder until restored.
    shell: Shell,
    /// The bytes the idle shell held for its variables: the kernel's copied meter counts
    /// them, and the restored shell takes them over (`Meter::adopt`).
    shell_memory: u64,
    terminal: Option<RunResult>,
    actions: Vec<Action>,
    next_action: ActionId,
}

impl Snapshot {
    /// The filesystem at the time of the snapshot.
    pub fn vfs(&self) -> &Vfs {
        self.0.kernel.vfs()
    }
}

thread_local! {
    /// What a snapshot's shell points at while it is stored: a shell copy must not keep the
    /// kernel it was taken from (and that kernel's whole state) alive.
    static PLACEHOLDER: Rc<Kernel> = Kernel::new(crate::limits::Limits::default(), MachineInfo::default());
}

impl Environment {
    /// The environment's state as plain data, if it is quiescent (no action in flight and no
    /// background job scheduled).
    pub fn snapshot(&self) -> Result<Snapshot, NotQuiescent> {
        if self.active.is_some() {
            return Err(NotQuiescent);
        }
        let kernel = self.kernel.snapshot()?;
        let live = self.shell.borrow();
        let live = live
            .as_ref()
            .expect("a quiescent environment has an idle shell");
        let shell_memory = live.held_memory();
        let mut shell = live.clone();
        shell.sys = PLACEHOLDER.with(|k| k.clone());
        shell.mem_held = HeldMemory(shell.sys.meter.empty_reservation());
        Ok(Snapshot(Rc::new(Inner {
            kernel,
            shell,
            shell_memory,
            terminal: self.terminal.clone(),
            actions: self.actions.values().map(Action::copy).collect(),
            next_action: self.next_action,
        })))
    }

    /// A new environment in the snapshot's state, with the given command table.
    pub fn from_snapshot(snap: &Snapshot, table: Rc<dyn ExtensibleTable>) -> Environment {
        let s = &snap.0;
        let kernel = Kernel::restore(&s.kernel);
        let mut shell = s.shell.clone();
        shell.sys = kernel.clone();
        shell.mem_held = HeldMemory(kernel.meter.adopt(s.shell_memory));
        shell.commands = commands_of(&table);
        Environment {
            kernel,
            shell: Rc::new(RefCell::new(Some(shell))),
            table,
            terminal: s.terminal.clone(),
            actions: s
                .actions
                .iter()
                .map(|a| (a.id, a.copy()))
                .collect::<BTreeMap<_, _>>(),
            next_action: s.next_action,
            active: None,
            shell_before: None,
        }
    }

    /// The command table (shared by forks of this environment).
    pub fn table(&self) -> Rc<dyn ExtensibleTable> {
        self.table.clone()
    }
}

//! The command registry: every simulated program, one module per command or family.

use crate::process::command::{CommandEntry, CommandFn, CommandTable, Trust};
use crate::session::ExtensibleTable;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Name → implementation, trust level and documentation.
#[derive(Default)]
pub struct Registry {
    entries: RefCell<BTreeMap<String, CommandEntry>>,
}

impl Registry {
    /// The standard command set.
    pub fn standard() -> Registry {
        Registry::default()
    }

    pub fn register(
        &self,
        name: &str,
        trust: Trust,
        summary: &'static str,
        options: &'static str,
        run: CommandFn,
    ) {
        self.entries.borrow_mut().insert(
            name.to_string(),
            CommandEntry {
                name: name.to_string(),
                run,
                trust,
                summary,
                options,
            },
        );
    }

    pub fn entries(&self) -> Vec<CommandEntry> {
        self.entries.borrow().values().cloned().collect()
    }
}

impl CommandTable for Registry {
    fn lookup(&self, name: &[u8]) -> Option<CommandEntry> {
        let name = std::str::from_utf8(name).ok()?;
        self.entries.borrow().get(name).cloned()
    }

    fn names(&self) -> Vec<String> {
        self.entries.borrow().keys().cloned().collect()
    }
}

impl ExtensibleTable for Registry {
    fn register(&self, name: &str, trust: Trust, run: CommandFn) {
        Registry::register(self, name, trust, "registered by the embedder", "", run);
    }
}

#[allow(dead_code)]
fn _assert_object_safe(_: Rc<dyn ExtensibleTable>) {}

//! The cost table: every CPU charge and every modeled-memory overhead the simulator makes comes
//! from a named constant in this file, so the model can be read, reviewed and versioned in one
//! place. `docs/cost-model.md` explains each row; bump [`COST_MODEL_VERSION`] whenever a value
//! changes, because reports from different versions are not comparable.

/// Version of this table, reported in every outcome.
pub const COST_MODEL_VERSION: u32 = 2;

/// Modeled nanoseconds of process CPU time per CPU unit (drives the process-CPU clock).
pub const CPU_UNIT_NANOS: u64 = 1_000;

// ---- Parsing ------------------------------------------------------------------------------
/// Per byte of shell source parsed.
pub const PARSE_PER_BYTE: u64 = 1;

// ---- Shell execution ----------------------------------------------------------------------
/// Per AST node the executor evaluates (a simple command, a loop iteration, a test, ...).
pub const EXEC_NODE: u64 = 1;
/// Per word expanded.
pub const EXPAND_WORD: u64 = 1;
/// Per 64 bytes produced by an expansion (parameter, substitution, brace, glob).
pub const EXPAND_PER_64_BYTES: u64 = 1;
/// Per arithmetic AST node evaluated.
pub const ARITH_NODE: u64 = 1;
/// Per pattern-matching step estimate (glob, case, `${x#...}`), per 256 steps.
pub const PATTERN_PER_256_STEPS: u64 = 1;
/// Calling a shell function (frame setup).
pub const FUNCTION_CALL: u64 = 5;
/// Creating a logical child process (subshell, pipeline stage, substitution, job).
pub const PROCESS_SPAWN: u64 = 20;
/// Dispatching a registered command (lookup, argv, usage record).
pub const COMMAND_DISPATCH: u64 = 10;
/// Per directory entry examined by pathname expansion.
pub const GLOB_PER_ENTRY: u64 = 1;

// ---- I/O -----------------------------------------------------------------------------------
/// Per 256 bytes moved through a pipe, a file descriptor or a file.
pub const IO_PER_256_BYTES: u64 = 1;
/// Per read or write system-call-like operation.
pub const IO_CALL: u64 = 1;
/// Per path resolution step (one component).
pub const PATH_COMPONENT: u64 = 1;

// ---- Commands ------------------------------------------------------------------------------
/// Per input line a line-oriented command processes.
pub const LINE: u64 = 1;
/// Per 256 bytes a command scans or transforms.
pub const SCAN_PER_256_BYTES: u64 = 1;
/// Per comparison made by a sort.
pub const SORT_COMPARE: u64 = 1;
/// Per 256 input bytes DEFLATE-compressed (`gzip`, `tar -z`, `zip`).
pub const COMPRESS_PER_256_BYTES: u64 = 4;
/// Per 256 output bytes inflated (`gunzip`, `zcat`, `tar -z`, `unzip`).
pub const DECOMPRESS_PER_256_BYTES: u64 = 1;
/// Per 512-byte tar block read or written.
pub const TAR_BLOCK: u64 = 1;
/// One step of a jq filter: a definition called, a value through a guarded `|`, `[...]`, `//`,
/// `if` or iterating path, a `reduce`/`foreach` step, a `range` value (commands/jq/guard.rs).
pub const JQ_STEP: u64 = 1;
/// Per value a jq filter outputs (besides the bytes written).
pub const JQ_OUTPUT_VALUE: u64 = 1;
/// Modeled memory of a parsed jq input document, per byte of its JSON text.
pub const JQ_DOC_MEMORY_FACTOR: u64 = 2;
/// Per zip archive member read, written, copied or listed (`zip`, `unzip`): its headers,
/// name checks and bookkeeping, besides the per-byte rows for its data.
pub const ARCHIVE_MEMBER: u64 = 4;
/// One round of a number-theory loop (`factor`'s Pollard rho step or trial division).
pub const NUMBER_STEP: u64 = 1;
/// Per 256 candidate line breaks `fmt` weighs while filling a paragraph.
pub const LINE_BREAKS_PER_256: u64 = 1;

// ---- Python ---------------------------------------------------------------------------------
/// Per bytecode instruction the Python VM executes.
pub const PY_INSTR: u64 = 1;

// ---- Modeled memory overheads (bytes) -------------------------------------------------------
/// Fixed modeled size of one shell variable or array element besides its text.
pub const VAR_OVERHEAD: u64 = 32;
/// Fixed modeled size of one expanded word besides its bytes.
pub const WORD_OVERHEAD: u64 = 24;
/// Modeled stack frame of a shell function call.
pub const FRAME_MEMORY: u64 = 512;
/// Modeled size of a logical process (table entry, fd table, shell state header).
pub const PROCESS_MEMORY: u64 = 4_096;
/// Modeled size of one line a command buffers (besides its bytes).
pub const LINE_OVERHEAD: u64 = 24;

// ---- Disk -----------------------------------------------------------------------------------
/// Fixed disk overhead per non-base inode (file, directory, symlink).
pub const NODE_DISK_OVERHEAD: u64 = 256;

// ---- Scheduling -------------------------------------------------------------------------------
/// CPU units a process may use before it yields to the scheduler so other runnable processes
/// (background jobs, pipeline stages) make progress.
pub const SCHED_QUANTUM: u64 = 2_000;

/// Rounds `bytes` up to units of `per` bytes, times `cost` (used for the per-N-bytes rows).
#[inline]
pub fn per_bytes(bytes: usize, per: u64, cost: u64) -> u64 {
    (bytes as u64).div_ceil(per) * cost
}

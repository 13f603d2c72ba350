// Records the Python differential corpus: runs every program under src/<area>/ through
// real CPython 3.14 (Pyodide) as `python3 ARGV...` in /work/case, and writes
// <area>.jsonl beside this file.  See README.md for the source layout and options.
//
//   node tests/data/python/record.mjs                 # record every area
//   node tests/data/python/record.mjs --area core     # one area (repeatable)
//   node tests/data/python/record.mjs --case NAME     # only cases with this name (prints, writes nothing)
//   node tests/data/python/record.mjs --check         # re-record, report differences, write nothing
//   node tests/data/python/record.mjs --fresh         # a new Pyodide instance for every case
//   node tests/data/python/record.mjs --reverse       # run the cases in reverse order
//   node tests/data/python/record.mjs --verify-host   # harness self-check against host python3
//
// Pyodide is looked up in $PYODIDE_DIR, else /work/oracle/node_modules/pyodide
// (install: mkdir -p /work/oracle && cd /work/oracle && npm install pyodide@314.0.7).
// Cases marked "oracle": "cpython-3.11" run under the host's python3 (PYTHONHASHSEED=0)
// in a real /work/case directory, which is created and removed around each such case.

import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.join(HERE, "src");
const CASE_DIR = "/work/case";

const opts = { areas: [], cases: [], check: false, fresh: false, reverse: false, verifyHost: false };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === "--area") opts.areas.push(process.argv[++i]);
  else if (a === "--case") opts.cases.push(process.argv[++i]);
  else if (a === "--check") opts.check = true;
  else if (a === "--fresh") opts.fresh = true;
  else if (a === "--reverse") opts.reverse = true;
  else if (a === "--verify-host") opts.verifyHost = true;
  else {
    console.error(`unknown option ${a}`);
    process.exit(2);
  }
}

// ---------------------------------------------------------------- loading the sources

function walk(dir, base = dir) {
  const out = {};
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, walk(p, base));
    else out[path.relative(base, p)] = fs.readFileSync(p, "utf8");
  }
  return out;
}

function loadArea(area) {
  const dir = path.join(SRC, area);
  const byName = new Map();
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    let name, kind;
    if (e.isDirectory()) [name, kind] = [e.name, "dir"];
    else if (e.name.endsWith(".py")) [name, kind] = [e.name.slice(0, -3), "py"];
    else if (e.name.endsWith(".json")) [name, kind] = [e.name.slice(0, -5), "json"];
    else if (e.name.endsWith(".stdin")) [name, kind] = [e.name.slice(0, -6), "stdin"];
    else throw new Error(`${area}/${e.name}: not a case file`);
    const c = byName.get(name) || {};
    c[kind] = path.join(dir, e.name);
    byName.set(name, c);
  }
  const cases = [];
  for (const name of [...byName.keys()].sort()) {
    const parts = byName.get(name);
    let files = {};
    let meta = {};
    if (parts.dir) {
      files = walk(parts.dir);
      if (files["_case.json"] !== undefined) {
        meta = JSON.parse(files["_case.json"]);
        delete files["_case.json"];
      }
      if (files["_stdin"] !== undefined) {
        meta.stdin = files["_stdin"];
        delete files["_stdin"];
      }
    }
    if (parts.py) files["main.py"] = fs.readFileSync(parts.py, "utf8");
    if (parts.json) meta = { ...meta, ...JSON.parse(fs.readFileSync(parts.json, "utf8")) };
    if (parts.stdin) meta.stdin = fs.readFileSync(parts.stdin, "utf8");
    for (const k of Object.keys(meta)) {
      if (!["argv", "stdin", "oracle", "files"].includes(k)) throw new Error(`${area}/${name}: unknown key ${k}`);
    }
    Object.assign(files, meta.files || {});
    const c = {
      name,
      argv: meta.argv || ["main.py"],
      files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))),
      stdin: meta.stdin || "",
    };
    if (meta.oracle) {
      if (meta.oracle !== "cpython-3.11") throw new Error(`${area}/${name}: unknown oracle ${meta.oracle}`);
      c.oracle = meta.oracle;
    }
    if (c.argv[0] === "main.py" && c.files["main.py"] === undefined) throw new Error(`${area}/${name}: no main.py`);
    cases.push(c);
  }
  return cases;
}

// ---------------------------------------------------------------- running a case

const GLUE = `
import os, shutil, json
def _prepare(case_json):
    case = json.loads(case_json)
    if os.path.exists(${JSON.stringify(CASE_DIR)}):
        shutil.rmtree(${JSON.stringify(CASE_DIR)})
    os.makedirs(${JSON.stringify(CASE_DIR)})
    for rel, text in case["files"].items():
        p = os.path.join(${JSON.stringify(CASE_DIR)}, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(text.encode("utf-8"))
    with open("/tmp/case-stdin", "wb") as f:
        f.write(case["stdin"].encode("utf-8"))
    return case["argv"]
def _record(case_json):
    argv = _prepare(case_json)
    status = run_case(${JSON.stringify(CASE_DIR)}, argv, "/tmp/case-stdin", "/tmp/case-out", "/tmp/case-err")
    with open("/tmp/case-out", "rb") as f:
        out = f.read()
    with open("/tmp/case-err", "rb") as f:
        err = f.read()
    shutil.rmtree(${JSON.stringify(CASE_DIR)})
    return [status, out, err]
`;

let pyodideModule = null;
async function newPyodide() {
  if (!pyodideModule) {
    const dir = process.env.PYODIDE_DIR || "/work/oracle/node_modules/pyodide";
    pyodideModule = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  }
  const py = await pyodideModule.loadPyodide({ env: { HOME: "/root", LANG: "C.UTF-8", PATH: "/usr/bin:/bin" } });
  const stray = [];
  py.setStdout({ write: (b) => (stray.push(Buffer.from(b)), b.length) });
  py.setStderr({ write: (b) => (stray.push(Buffer.from(b)), b.length) });
  const ns = py.toPy({});
  py.runPython(fs.readFileSync(path.join(HERE, "harness.py"), "utf8"), { globals: ns });
  py.runPython(GLUE, { globals: ns });
  py.runPython("init()", { globals: ns });
  return { py, ns, stray, record: ns.get("_record") };
}

let shared = null;
async function runPyodide(c) {
  let inst = shared;
  if (opts.fresh || !inst) {
    inst = await newPyodide();
    if (!opts.fresh) shared = inst;
  }
  const res = inst.record(JSON.stringify(c));
  const [status, out, err] = res.toJs();
  res.destroy();
  if (inst.stray.length) {
    const s = Buffer.concat(inst.stray.splice(0)).toString();
    throw new Error(`${c.name}: output escaped the harness: ${s}`);
  }
  return { status, stdout: linuxPaths(linuxErrno(Buffer.from(out))), stderr: linuxPaths(linuxErrno(Buffer.from(err))) };
}

// Pyodide keeps the standard library in /lib/python314.zip; on Linux it is /usr/lib/python3.14
// (the path tracebacks through stdlib frames show, and the one shellsim shows).
function linuxPaths(buf) {
  const s = buf.toString("latin1");
  const t = s.split("/lib/python314.zip/").join("/usr/lib/python3.14/");
  return s === t ? buf : Buffer.from(t, "latin1");
}

// Pyodide's libc (Emscripten/musl) numbers errno values its own way: "[Errno 44] No such
// file or directory" is Linux's "[Errno 2] ...".  The messages (musl's strerror) agree.
const ERRNO_EMSCRIPTEN_TO_LINUX = {
  2: 13, // EACCES
  8: 9, // EBADF
  20: 17, // EEXIST
  28: 22, // EINVAL
  31: 21, // EISDIR
  44: 2, // ENOENT
  54: 20, // ENOTDIR
  55: 39, // ENOTEMPTY
  63: 1, // EPERM
};
function linuxErrno(buf) {
  const s = buf.toString("latin1");
  const t = s.replace(/\[Errno (\d+)\] /g, (m, n) => {
    if (!(n in ERRNO_EMSCRIPTEN_TO_LINUX)) throw new Error(`unmapped Emscripten errno ${n}`);
    return `[Errno ${ERRNO_EMSCRIPTEN_TO_LINUX[n]}] `;
  });
  return s === t ? buf : Buffer.from(t, "latin1");
}

function hostPython() {
  // The real interpreter (not a pyenv shim), run by the name `python3` as a shell would.
  const r = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" });
  return path.dirname(fs.realpathSync(r.stdout.trim()));
}

function writeRealCase(c) {
  fs.rmSync(CASE_DIR, { recursive: true, force: true });
  fs.mkdirSync(CASE_DIR, { recursive: true });
  for (const [rel, text] of Object.entries(c.files)) {
    const p = path.join(CASE_DIR, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
}

function hostEnv(bin) {
  return { PATH: `${bin}:/usr/bin:/bin`, LANG: "C.UTF-8", HOME: "/root", PYTHONHASHSEED: "0" };
}

// `python3 ARGV` as a real process in a real /work/case.
function runHostReal(c, bin) {
  writeRealCase(c);
  try {
    const r = spawnSync("python3", c.argv, {
      cwd: CASE_DIR, input: Buffer.from(c.stdin, "utf8"), env: hostEnv(bin), timeout: 20000,
    });
    if (r.error) throw r.error;
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    fs.rmSync(CASE_DIR, { recursive: true, force: true });
  }
}

// The harness in a host python3 process (what the Pyodide recorder does, on 3.11).
function runHostHarness(c, bin) {
  writeRealCase(c);
  const tmp = fs.mkdtempSync("/tmp/pyrec-");
  try {
    fs.writeFileSync(path.join(tmp, "stdin"), c.stdin);
    const r = spawnSync("python3", [path.join(HERE, "harness.py"), CASE_DIR,
      path.join(tmp, "stdin"), path.join(tmp, "out"), path.join(tmp, "err"), "--", ...c.argv], {
      cwd: "/", env: hostEnv(bin), timeout: 20000, stdio: ["ignore", "pipe", "pipe"],
    });
    if (r.error) throw r.error;
    if (r.stdout.length || r.stderr.length) throw new Error(`${c.name}: output escaped the harness: ${r.stdout}${r.stderr}`);
    return { status: r.status, stdout: fs.readFileSync(path.join(tmp, "out")), stderr: fs.readFileSync(path.join(tmp, "err")) };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(CASE_DIR, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- output

const utf8 = new TextDecoder("utf-8", { fatal: true });
function text(c, key, buf) {
  try {
    c[key] = utf8.decode(buf);
  } catch {
    c[`${key}_b64`] = buf.toString("base64");
  }
}

function line(c, r) {
  const o = { name: c.name, argv: c.argv, files: c.files, stdin: c.stdin };
  text(o, "stdout", r.stdout);
  text(o, "stderr", r.stderr);
  o.status = r.status;
  if (c.oracle) o.oracle = c.oracle;
  return JSON.stringify(o);
}

function same(a, b) {
  return a.status === b.status && a.stdout.equals(b.stdout) && a.stderr.equals(b.stderr);
}

function showDiff(label, a, b) {
  for (const k of ["stdout", "stderr"]) {
    if (!a[k].equals(b[k])) {
      console.log(`  ${k}:\n    ${label[0]}: ${JSON.stringify(a[k].toString())}\n    ${label[1]}: ${JSON.stringify(b[k].toString())}`);
    }
  }
  if (a.status !== b.status) console.log(`  status: ${label[0]} ${a.status}, ${label[1]} ${b.status}`);
}

// ---------------------------------------------------------------- main

const areas = opts.areas.length ? opts.areas : fs.readdirSync(SRC).filter((d) => fs.statSync(path.join(SRC, d)).isDirectory()).sort();
const bin = hostPython();

if (opts.verifyHost) {
  // 1. The harness (run by host CPython) against the real host process: must be identical.
  // 2. Pyodide 3.14 against the real host 3.11 process: differences are 3.11 vs 3.14.
  let n = 0, harnessBad = 0, versionDiff = 0;
  for (const area of areas) {
    for (const c of loadArea(area)) {
      if (opts.cases.length && !opts.cases.includes(c.name)) continue;
      n++;
      const real = runHostReal(c, bin);
      const harness = runHostHarness(c, bin);
      if (!same(real, harness)) {
        harnessBad++;
        console.log(`HARNESS DIFFERS ${area}/${c.name}`);
        showDiff(["real", "harness"], real, harness);
      }
      if (c.oracle) continue;
      const p = await runPyodide(c);
      if (!same(real, p)) {
        versionDiff++;
        console.log(`3.11 vs 3.14 ${area}/${c.name}`);
        showDiff(["3.11", "3.14"], real, p);
      }
    }
  }
  console.log(`verify-host: ${n} cases; harness differs from a real process in ${harnessBad}; host 3.11 differs from pyodide 3.14 in ${versionDiff}`);
  process.exit(harnessBad ? 1 : 0);
}

let changed = 0;
for (const area of areas) {
  const cases = loadArea(area);
  const names = new Set();
  for (const c of cases) {
    if (names.has(c.name)) throw new Error(`${area}: duplicate case ${c.name}`);
    names.add(c.name);
  }
  const results = new Map();
  // --reverse runs the cases in the opposite order (with --check: shows leaks between cases).
  for (const c of opts.reverse ? [...cases].reverse() : cases) {
    if (opts.cases.length && !opts.cases.includes(c.name)) continue;
    results.set(c.name, c.oracle ? runHostReal(c, bin) : await runPyodide(c));
  }
  const lines = [];
  for (const c of cases) {
    if (!results.has(c.name)) continue;
    const r = results.get(c.name);
    const l = line(c, r);
    if (opts.cases.length) {
      console.log(`== ${area}/${c.name} status ${r.status}`);
      process.stdout.write(r.stdout);
      if (r.stderr.length) {
        console.log("-- stderr");
        process.stdout.write(r.stderr);
      }
    }
    lines.push(l);
  }
  if (opts.cases.length) continue;
  const file = path.join(HERE, `${area}.jsonl`);
  const body = lines.join("\n") + (lines.length ? "\n" : "");
  const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (old !== body) {
    changed++;
    if (opts.check) {
      const oldByName = new Map(old.split("\n").filter(Boolean).map((l) => [JSON.parse(l).name, l]));
      for (const l of lines) {
        const name = JSON.parse(l).name;
        if (oldByName.get(name) !== l) console.log(`${area}/${name}: differs from the checked-in recording`);
      }
    } else {
      fs.writeFileSync(file, body);
    }
  }
  console.log(`${area}: ${lines.length} cases${old !== body ? (opts.check ? " (differs)" : " (written)") : ""}`);
}
if (opts.check && changed) process.exit(1);

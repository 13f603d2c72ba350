"""Runs one corpus case the way `python3 ARGV...` runs as a process, inside an already
running interpreter (Pyodide's CPython 3.14 for the recorder, or the host's CPython for
the harness self-check in `record.mjs --verify-host`).

What a real `python3` process does and this reproduces (see Modules/main.c and
Python/pythonrun.c in CPython):
  * sys.stdin/stdout/stderr are fresh TextIOWrapper(BufferedReader/Writer(FileIO(fd)))
    stacks over capture files, built as create_stdio() builds them for a non-tty:
    UTF-8, errors 'strict' (stderr: 'backslashreplace'), newline '\\n', stdout not line
    buffered, stderr line buffered; raw.name '<stdin>'..., stream.mode 'r'/'w'.
  * `python3 FILE ARGS`: the path is made absolute by joining the cwd (no normalising,
    as _Py_abspath does), it is compiled from its bytes under that name, sys.argv is the
    arguments as given, sys.path[0] is the script's directory, __main__ gets __file__,
    __cached__ = None, __loader__ = SourceFileLoader('__main__', path).  A missing file
    prints "python3: can't open file '...': [Errno 2] No such file or directory", status 2.
  * `python3 -c CODE ARGS`: filename '<string>', sys.argv[0] == '-c', sys.path[0] == '',
    and the source is registered with linecache._register_code() so that tracebacks show
    its lines (as _PyRun_SimpleStringFlagsWithName does since 3.13).
  * an uncaught exception goes to sys.excepthook (the built-in one) with the harness's
    own frame removed from the traceback; status 1.  SystemExit: None -> 0, int -> that
    (mod 256), anything else is printed to stderr with a newline, status 1.
  * at exit sys.stdout and sys.stderr are flushed (and the original streams too).

The harness resets every piece of interpreter state a case can touch (sys.modules,
sys.path, linecache, import caches, warnings, builtins, streams, cwd) so that many cases
can run in one interpreter; `record.mjs --fresh` runs each case in a new one instead.
"""

import builtins
import gc
import importlib
import importlib.machinery
import io
import linecache
import os
import sys
import types
import warnings

PROGRAM = "python3"

_baseline = None


def _snapshot():
    return {
        "modules": set(sys.modules),
        "path": list(sys.path),
        "builtins": dict(builtins.__dict__),
        "warnings": list(warnings.filters),
        "recursion": sys.getrecursionlimit(),
        "int_digits": sys.get_int_max_str_digits(),
        "cwd": os.getcwd(),
        "streams": (sys.stdin, sys.stdout, sys.stderr,
                    sys.__stdin__, sys.__stdout__, sys.__stderr__),
        "displayhook": sys.displayhook,
        "sys_keys": set(sys.__dict__),
    }


def _make_stream(fd, write, name, errors, line_buffering):
    # create_stdio(): buf = io.open(fd, mode, buffering=-1, closefd=False)
    buf = io.open(fd, "wb" if write else "rb", buffering=-1, closefd=False)
    buf.raw.name = name
    stream = io.TextIOWrapper(buf, encoding="utf-8", errors=errors, newline="\n",
                              line_buffering=line_buffering, write_through=False)
    stream.mode = "w" if write else "r"
    return stream


def _exit_code(code):
    """parse_exit_code(): None -> 0, int -> (int) value; else None (print it)."""
    if code is None:
        return 0
    if isinstance(code, int):
        if -(1 << 63) <= code < (1 << 63):
            v = code & 0xFFFFFFFF
            return v - (1 << 32) if v >= (1 << 31) else v
        return -1
    return None


def _handle_system_exit(exc):
    code = exc.code
    status = _exit_code(code)
    if status is not None:
        return status
    err = sys.stderr
    if err is not None:
        try:
            err.write(str(code))
        except Exception:
            pass
    try:
        sys.stderr.write("\n")
    except Exception:
        pass
    return 1


def _print_uncaught(exc, drop_first_frame):
    tb = exc.__traceback__
    if drop_first_frame and tb is not None:
        tb = tb.tb_next
    exc.__traceback__ = tb
    sys.last_exc = exc
    sys.last_type = type(exc)
    sys.last_value = exc
    sys.last_traceback = tb
    hook = sys.excepthook
    try:
        hook(type(exc), exc, tb)
    except SystemExit as e:
        return _handle_system_exit(e)
    except BaseException as e2:
        sys.stderr.write("Error in sys.excepthook:\n")
        sys.__excepthook__(type(e2), e2, e2.__traceback__)
        sys.stderr.write("\nOriginal exception was:\n")
        sys.__excepthook__(type(exc), exc, tb)
    return 1


def _flush(stream):
    if stream is None:
        return True
    try:
        stream.flush()
        return True
    except Exception:
        return False


def _run(argv):
    """Runs `python3 *argv` in the current directory; returns the exit status."""
    main = types.ModuleType("__main__")
    d = main.__dict__
    d["__builtins__"] = builtins
    d["__loader__"] = importlib.machinery.BuiltinImporter
    d["__spec__"] = None
    d["__package__"] = None
    sys.modules["__main__"] = main
    cwd = os.getcwd()
    if argv and argv[0] == "-c":
        source = argv[1]
        sys.argv = ["-c"] + list(argv[2:])
        sys.path.insert(0, "")
        filename = "<string>"
        try:
            code = compile(source, filename, "exec", dont_inherit=True)
        except BaseException as e:  # SyntaxError, ValueError (null bytes), ...
            e.__traceback__ = None
            return _print_uncaught(e, False)
        if hasattr(linecache, "_register_code"):  # 3.13+ shows -c source lines
            linecache._register_code(code, source, filename)
    else:
        script = argv[0]
        sys.argv = list(argv)
        path = script if script.startswith("/") else cwd.rstrip("/") + "/" + script
        try:
            with open(path, "rb") as f:
                source = f.read()
        except OSError as e:
            sys.stderr.write("%s: can't open file %r: [Errno %d] %s\n"
                             % (PROGRAM, path, e.errno, os.strerror(e.errno)))
            return 2
        sys.path.insert(0, os.path.dirname(os.path.realpath(path)))
        d["__file__"] = path
        d["__cached__"] = None
        d["__loader__"] = importlib.machinery.SourceFileLoader("__main__", path)
        filename = path
        try:
            code = compile(source, filename, "exec", dont_inherit=True)
        except BaseException as e:
            e.__traceback__ = None
            return _print_uncaught(e, False)
    try:
        exec(code, d)
    except SystemExit as e:
        return _handle_system_exit(e)
    except BaseException as e:
        _flush(sys.stderr)
        _flush(sys.stdout)
        return _print_uncaught(e, True)
    return 0


def init():
    """Called once before the first case: drops the embedding's sys.path[0] ('' in
    Pyodide, the harness's directory on the host) and takes the state to restore."""
    global _baseline
    here = os.path.dirname(os.path.abspath(globals().get("__file__", "")))
    if sys.path and sys.path[0] in ("", here):
        sys.path.pop(0)
    _baseline = _snapshot()


def run_case(case_dir, argv, stdin_path, out_path, err_path):
    """Runs one case with cwd `case_dir`; writes its stdout/stderr bytes to the two
    paths; returns the exit status (0..255)."""
    if _baseline is None:
        init()
    base = _baseline
    in_fd = os.open(stdin_path, os.O_RDONLY)
    out_fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    err_fd = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    stdin = _make_stream(in_fd, False, "<stdin>", "strict", False)
    stdout = _make_stream(out_fd, True, "<stdout>", "strict", False)
    stderr = _make_stream(err_fd, True, "<stderr>", "backslashreplace", True)
    sys.stdin = sys.__stdin__ = stdin
    sys.stdout = sys.__stdout__ = stdout
    sys.stderr = sys.__stderr__ = stderr
    sys.excepthook = sys.__excepthook__
    sys.displayhook = sys.__displayhook__
    sys.path[:] = list(base["path"])
    linecache.clearcache()
    if hasattr(linecache, "_interactive_cache"):  # 3.13+
        linecache._interactive_cache.clear()
    sys.path_importer_cache.clear()
    importlib.invalidate_caches()
    warnings.filters[:] = base["warnings"]
    warnings.onceregistry.clear()
    try:
        warnings._filters_mutated()
    except AttributeError:
        pass
    os.chdir(case_dir)
    status = _run(argv)
    # Py_FinalizeEx: flush sys.stdout, then sys.stderr (status 120 if stdout fails).
    if not _flush(sys.stdout):
        status = 120
    _flush(sys.stderr)
    main = sys.modules.get("__main__")
    if main is not None:
        main.__dict__.clear()
    del main
    gc.collect()
    _flush(stdout)
    _flush(stderr)
    # Restore the interpreter for the next case.
    (sys.stdin, sys.stdout, sys.stderr,
     sys.__stdin__, sys.__stdout__, sys.__stderr__) = base["streams"]
    for s in (stdin, stdout, stderr):
        try:
            s.close()
        except Exception:
            pass
    for fd in (in_fd, out_fd, err_fd):
        try:
            os.close(fd)
        except OSError:
            pass
    for name in list(sys.modules):
        if name not in base["modules"]:
            del sys.modules[name]
    for k in list(builtins.__dict__):
        if k not in base["builtins"]:
            del builtins.__dict__[k]
    builtins.__dict__.update(base["builtins"])
    for k in list(sys.__dict__):
        if k not in base["sys_keys"]:
            delattr(sys, k)
    sys.path[:] = list(base["path"])
    sys.argv = [""]
    sys.excepthook = sys.__excepthook__
    sys.displayhook = base["displayhook"]
    sys.setrecursionlimit(base["recursion"])
    sys.set_int_max_str_digits(base["int_digits"])
    os.chdir(base["cwd"])
    return status & 0xFF


if __name__ == "__main__":
    # Host mode (for --verify-host): python3 harness.py CASE_DIR STDIN OUT ERR -- ARGV...
    import json
    args = sys.argv[1:]
    sep = args.index("--")
    case_dir, stdin_path, out_path, err_path = args[:sep]
    argv = args[sep + 1:]
    init()
    status = run_case(case_dir, argv, stdin_path, out_path, err_path)
    os._exit(status)

"""Subprocesses with accessible I/O streams (written for shellsim).

Children are simulated processes of the same machine (its shell and commands), never the
host. Each child runs to completion inside one call: run(), call(), check_call(),
check_output(), getoutput() and getstatusoutput() as CPython's do. Popen starts its child at
construction and runs it to the end there, unless stdin is PIPE: then the child runs when it
is first waited for, communicated with, polled or read from, with everything written to
proc.stdin as its input. A Popen's own wait(timeout)/communicate(timeout) can therefore only
time out for a child started with stdin=PIPE; run(timeout=...) and the other helpers always
honour the timeout (virtual clock). Output to a file object other than sys.stdout/sys.stderr
is captured and then written to it.
"""

import os as _os
import sys as _sys
import _subprocess

__all__ = ["Popen", "PIPE", "STDOUT", "call", "check_call", "getstatusoutput",
           "getoutput", "check_output", "run", "CalledProcessError", "DEVNULL",
           "SubprocessError", "TimeoutExpired", "CompletedProcess"]

PIPE = _subprocess.PIPE
STDOUT = _subprocess.STDOUT
DEVNULL = _subprocess.DEVNULL

_USE_POSIX_SPAWN = False
_USE_VFORK = False

# Linux's signal names, for "died with <Signals.SIGKILL: 9>."
_SIGNAL_NAMES = {
    1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
    7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2",
    13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM", 16: "SIGSTKFLT", 17: "SIGCHLD",
    18: "SIGCONT", 19: "SIGSTOP", 20: "SIGTSTP", 21: "SIGTTIN", 22: "SIGTTOU", 23: "SIGURG",
    24: "SIGXCPU", 25: "SIGXFSZ", 26: "SIGVTALRM", 27: "SIGPROF", 28: "SIGWINCH",
    29: "SIGIO", 30: "SIGPWR", 31: "SIGSYS",
}


# Signals whose default action leaves a process running (SIGCHLD, SIGCONT, SIGURG,
# SIGWINCH) or merely stops it (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU), and 0.
_HARMLESS_SIGNALS = frozenset({0, 17, 18, 19, 20, 21, 22, 23, 28})


class SubprocessError(Exception):
    pass


class CalledProcessError(SubprocessError):
    """Raised when run() is called with check=True and the process
    returns a non-zero exit status.

    Attributes:
      cmd, returncode, stdout, stderr, output
    """

    def __init__(self, returncode, cmd, output=None, stderr=None):
        self.returncode = returncode
        self.cmd = cmd
        self.output = output
        self.stderr = stderr

    def __str__(self):
        if self.returncode and self.returncode < 0:
            name = _SIGNAL_NAMES.get(-self.returncode)
            if name is None:
                return "Command '%s' died with unknown signal %d." % (
                    self.cmd, -self.returncode)
            return "Command '%s' died with <Signals.%s: %d>." % (
                self.cmd, name, -self.returncode)
        return "Command '%s' returned non-zero exit status %d." % (
            self.cmd, self.returncode)

    @property
    def stdout(self):
        """Alias for output attribute, to match stderr"""
        return self.output

    @stdout.setter
    def stdout(self, value):
        self.output = value


class TimeoutExpired(SubprocessError):
    """This exception is raised when the timeout expires while waiting for a
    child process.

    Attributes:
        cmd, output, stdout, stderr, timeout
    """

    def __init__(self, cmd, timeout, output=None, stderr=None):
        self.cmd = cmd
        self.timeout = timeout
        self.output = output
        self.stderr = stderr

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)

    @property
    def stdout(self):
        return self.output

    @stdout.setter
    def stdout(self, value):
        self.output = value


class CompletedProcess(object):
    """A process that has finished running.

    This is returned by run().

    Attributes:
      args: The list or str args passed to run().
      returncode: The exit code of the process, negative for signals.
      stdout: The standard output (None if not captured).
      stderr: The standard error (None if not captured).
    """

    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args = args
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        parts = ['args={!r}'.format(self.args),
                 'returncode={!r}'.format(self.returncode)]
        if self.stdout is not None:
            parts.append('stdout={!r}'.format(self.stdout))
        if self.stderr is not None:
            parts.append('stderr={!r}'.format(self.stderr))
        return "{}({})".format(type(self).__name__, ', '.join(parts))

    def check_returncode(self):
        """Raise CalledProcessError if the exit code is non-zero."""
        if self.returncode:
            raise CalledProcessError(self.returncode, self.args, self.stdout,
                                     self.stderr)


def _argv(args, shell, executable):
    """The argv the child gets: the program and its arguments, or /bin/sh -c for a shell."""
    if shell:
        if isinstance(args, (str, bytes)):
            args = [args]
        elif isinstance(args, _os.PathLike):
            raise TypeError('path-like args is not allowed when shell is true')
        else:
            args = list(args)
        return [executable or '/bin/sh', '-c'] + args
    if executable is not None:
        raise NotImplementedError(
            "subprocess: executable= is not supported by this simulator")
    if isinstance(args, (str, bytes)):
        return [args]
    if isinstance(args, _os.PathLike):
        return [_os.fspath(args)]
    return [a if isinstance(a, (str, bytes)) else _os.fspath(a) for a in args]


def _env_pairs(env):
    if env is None:
        return None
    pairs = []
    for k, v in env.items():
        if isinstance(k, str) and '=' in k:
            raise ValueError("illegal environment variable name")
        pairs.append((_os.fspath(k), _os.fspath(v)))
    return pairs


def _fileno(f):
    try:
        return f.fileno()
    except (AttributeError, OSError, ValueError):
        return None


def _out_target(f, which):
    """(mode for _subprocess.run, file object to copy captured output to)."""
    if f is None or f == PIPE or f == DEVNULL:
        return f, None
    if which == 2 and f == STDOUT:
        return f, None
    if isinstance(f, int):
        if f == which:
            return None, None
        if which == 2 and f == 1:
            return STDOUT, None
        raise NotImplementedError(
            "subprocess: file descriptor %d as a child's stream is not supported "
            "by this simulator" % f)
    fd = _fileno(f)
    if fd == which:
        return None, None
    if which == 2 and fd == 1:
        return STDOUT, None
    return PIPE, f


def _copy_to(f, data):
    """Writes captured output to the file object the caller gave as stdout/stderr."""
    if not data:
        return
    mode = getattr(f, 'mode', 'b')
    if isinstance(mode, str) and 'b' not in mode:
        f.write(data.decode('utf-8', 'surrogateescape'))
    else:
        f.write(data)
    try:
        f.flush()
    except (AttributeError, ValueError):
        pass


def _decode(data, encoding, errors):
    """Text-mode output: decoded, with universal newlines, as communicate() gives it."""
    if data is None:
        return None
    text = data.decode(encoding or 'utf-8', errors or 'strict')
    return text.replace("\r\n", "\n").replace("\r", "\n")


class _PipeFile:
    """The parent's end of a PIPE stream of a Popen: reads what the child wrote (it has run
    to the end by the time the first read returns)."""

    def __init__(self, popen, which, text):
        self._popen = popen
        self._which = which
        self._text = text
        self._buf = None
        self.closed = False

    def _inner(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        if self._buf is None:
            self._popen._finish(None)
            import io
            data = self._popen._captured(self._which)
            if self._text:
                self._buf = io.StringIO(data or '')
            else:
                self._buf = io.BytesIO(data or b'')
        return self._buf

    def read(self, size=-1):
        return self._inner().read(size)

    def readline(self, size=-1):
        return self._inner().readline(size)

    def readlines(self, hint=-1):
        return self._inner().readlines(hint)

    def __iter__(self):
        return iter(self._inner())

    def __next__(self):
        return next(self._inner())

    def readable(self):
        return True

    def writable(self):
        return False

    def fileno(self):
        raise OSError("the parent's end of a simulated pipe has no descriptor")

    def close(self):
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()


class _StdinPipe:
    """The parent's end of a stdin=PIPE: collects what is written; the child reads it all
    when it runs."""

    def __init__(self, popen, text, encoding, errors):
        self._popen = popen
        self._text = text
        self._encoding = encoding or 'utf-8'
        self._errors = errors or 'strict'
        self._chunks = []
        self.closed = False

    def write(self, data):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        if self._text:
            if not isinstance(data, str):
                raise TypeError("write() argument must be str, not %s"
                                % type(data).__name__)
            self._chunks.append(data.encode(self._encoding, self._errors))
        else:
            if isinstance(data, str):
                raise TypeError("a bytes-like object is required, not 'str'")
            self._chunks.append(bytes(data))
        return len(data)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def readable(self):
        return False

    def writable(self):
        return True

    def fileno(self):
        raise OSError("the parent's end of a simulated pipe has no descriptor")

    def close(self):
        self.closed = True

    def _data(self):
        return b''.join(self._chunks)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()


class Popen:
    """Execute a child program in a new (simulated) process."""

    def __init__(self, args, bufsize=-1, executable=None,
                 stdin=None, stdout=None, stderr=None,
                 preexec_fn=None, close_fds=True,
                 shell=False, cwd=None, env=None, universal_newlines=None,
                 startupinfo=None, creationflags=0,
                 restore_signals=True, start_new_session=False,
                 pass_fds=(), *, user=None, group=None, extra_groups=None,
                 encoding=None, errors=None, text=None, umask=-1, pipesize=-1,
                 process_group=None):
        if bufsize is None:
            bufsize = -1
        if not isinstance(bufsize, int):
            raise TypeError("bufsize must be an integer")
        if startupinfo is not None:
            raise ValueError("startupinfo is only supported on Windows platforms")
        if creationflags != 0:
            raise ValueError("creationflags is only supported on Windows platforms")
        if (text is not None and universal_newlines is not None
                and bool(universal_newlines) != bool(text)):
            raise SubprocessError('Cannot disambiguate when both text '
                                  'and universal_newlines are supplied but '
                                  'different. Pass one or the other.')
        if preexec_fn is not None:
            raise NotImplementedError(
                "subprocess: preexec_fn is not supported by this simulator")
        for name, value in (("user", user), ("group", group),
                            ("extra_groups", extra_groups)):
            if value is not None:
                raise NotImplementedError(
                    "subprocess: %s= is not supported by this simulator" % name)
        if process_group is not None and process_group != 0:
            raise NotImplementedError(
                "subprocess: joining process group %r is not supported by this simulator"
                % (process_group,))
        if umask != -1:
            raise NotImplementedError(
                "subprocess: umask= is not supported by this simulator")
        if pipesize != -1:
            raise NotImplementedError(
                "subprocess: pipesize= is not supported by this simulator")
        pass_fds = tuple(sorted(set(pass_fds)))
        if pass_fds and not close_fds:
            # CPython also warns (RuntimeWarning); there is no warnings module here yet.
            close_fds = True
        self._options = (bool(close_fds), pass_fds,
                         bool(start_new_session) or process_group == 0,
                         -1, bool(restore_signals))
        self.args = args
        self.returncode = None
        self.encoding = encoding
        self.errors = errors
        self.text_mode = bool(encoding or errors or text or universal_newlines)
        self.universal_newlines = self.text_mode
        self._argv = _argv(args, shell, executable)
        self._cwd = cwd
        self._env = _env_pairs(env)
        self._stdin_spec = stdin
        self._out_mode, self._out_copy = _out_target(stdout, 1)
        self._err_mode, self._err_copy = _out_target(stderr, 2)
        self._result = None
        self.stdin = None
        self.stdout = None
        self.stderr = None
        self.pid = None
        if stdin == PIPE:
            self.stdin = _StdinPipe(self, self.text_mode, encoding, errors)
        if self._out_mode == PIPE and self._out_copy is None:
            self.stdout = _PipeFile(self, 1, self.text_mode)
        if self._err_mode == PIPE and self._err_copy is None:
            self.stderr = _PipeFile(self, 2, self.text_mode)
        if stdin != PIPE:
            self._finish(None)

    def _stdin_value(self, input):
        spec = self._stdin_spec
        if spec == PIPE:
            data = self.stdin._data() if self.stdin is not None else b''
            if input is not None:
                if self.text_mode and isinstance(input, str):
                    input = input.encode(self.encoding or 'utf-8', self.errors or 'strict')
                elif isinstance(input, str):
                    raise TypeError("memoryview: a bytes-like object is required, not 'str'")
                data += bytes(input)
            return data
        if spec is None or spec == DEVNULL:
            return spec
        if isinstance(spec, int):
            if spec == 0:
                return None
            raise NotImplementedError(
                "subprocess: file descriptor %d as a child's stdin is not supported "
                "by this simulator" % spec)
        if _fileno(spec) == 0:
            return None
        data = spec.read()
        if isinstance(data, str):
            data = data.encode('utf-8', 'surrogateescape')
        return data

    def _finish(self, timeout, input=None):
        """Runs the child to its end (once); TimeoutExpired if it outlives `timeout`."""
        if self._result is not None:
            return
        stdin = self._stdin_value(input)
        pid, status, out, err, timed_out = _subprocess.run(
            self._argv, self._cwd, self._env, stdin, self._out_mode, self._err_mode,
            timeout, self._options)
        self.pid = pid
        if self._out_copy is not None:
            _copy_to(self._out_copy, out)
            out = None
        if self._err_copy is not None:
            _copy_to(self._err_copy, err)
            err = None
        self._result = (pid, status, out, err)
        if timed_out:
            raise TimeoutExpired(self.args, timeout, output=out or None, stderr=err or None)

    def _captured(self, which):
        data = self._result[1 + which]
        if self.text_mode:
            return _decode(data, self.encoding, self.errors)
        return data

    def communicate(self, input=None, timeout=None):
        if input is not None and self._stdin_spec != PIPE:
            raise ValueError("Cannot send input after starting communication")
        self._finish(timeout, input)
        if self.stdin is not None:
            self.stdin.close()
        out = err = None
        if self.stdout is not None:
            out = self.stdout.read() if not self.stdout.closed else None
            self.stdout.close()
        if self.stderr is not None:
            err = self.stderr.read() if not self.stderr.closed else None
            self.stderr.close()
        self.returncode = self._result[1]
        return (out, err)

    def poll(self):
        self._finish(None)
        self.returncode = self._result[1]
        return self.returncode

    def wait(self, timeout=None):
        self._finish(timeout)
        self.returncode = self._result[1]
        return self.returncode

    def send_signal(self, sig):
        # A child started here has already run to its end, so the signal finds it gone;
        # one waiting for its stdin=PIPE input has not run yet, and dies of any signal
        # whose default action ends a process (it has no handlers yet).
        if self._result is None and sig not in _HARMLESS_SIGNALS:
            self._result = (None, -sig, None, None)

    def terminate(self):
        self.send_signal(15)

    def kill(self):
        self.send_signal(9)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, value, traceback):
        for f in (self.stdout, self.stderr, self.stdin):
            if f is not None:
                f.close()
        self.wait()

    def __repr__(self):
        text = "<%s: returncode: %s args: %r>" % (
            type(self).__name__, self.returncode, self.args)
        # CPython cuts a long repr to 80 characters, ending it with "...>".
        return text if len(text) <= 80 else text[:76] + "...>"


def _text_mode(kwargs):
    return bool(kwargs.get('encoding') or kwargs.get('errors') or kwargs.get('text')
                or kwargs.get('universal_newlines'))


def run(*popenargs, input=None, capture_output=False, timeout=None, check=False,
        **kwargs):
    """Run command with arguments and return a CompletedProcess instance."""
    if input is not None:
        if kwargs.get('stdin') is not None:
            raise ValueError('stdin and input arguments may not both be used.')
        kwargs['stdin'] = PIPE
    if capture_output:
        if kwargs.get('stdout') is not None or kwargs.get('stderr') is not None:
            raise ValueError('stdout and stderr arguments may not be used '
                             'with capture_output.')
        kwargs['stdout'] = PIPE
        kwargs['stderr'] = PIPE
    process = _started(popenargs, kwargs, timeout)
    try:
        stdout, stderr = process.communicate(input, timeout=timeout)
    except TimeoutExpired:
        # The child was killed at the deadline; the exception carries the bytes it wrote
        # by then (undecoded, even in text mode, as CPython's does).
        process.returncode = process._result[1]
        raise
    retcode = process.returncode
    if check and retcode:
        raise CalledProcessError(retcode, process.args, output=stdout, stderr=stderr)
    return CompletedProcess(process.args, retcode, stdout, stderr)


def _started(popenargs, kwargs, timeout):
    """A Popen whose child runs with `timeout` (stdin=PIPE defers the start to here)."""
    if kwargs.get('stdin') is None and timeout is not None:
        kwargs = dict(kwargs)
        kwargs['stdin'] = PIPE
        p = Popen(*popenargs, **kwargs)
        p._stdin_spec = None
        p.stdin = None
        return p
    return Popen(*popenargs, **kwargs)


def call(*popenargs, timeout=None, **kwargs):
    """Run command with arguments.  Wait for command to complete or
    for timeout seconds, then return the returncode attribute."""
    with _started(popenargs, kwargs, timeout) as p:
        return p.wait(timeout=timeout)


def check_call(*popenargs, **kwargs):
    """Run command with arguments.  Wait for command to complete.  If
    the exit code was zero then return, otherwise raise
    CalledProcessError."""
    retcode = call(*popenargs, **kwargs)
    if retcode:
        cmd = kwargs.get("args")
        if cmd is None:
            cmd = popenargs[0]
        raise CalledProcessError(retcode, cmd)
    return 0


def check_output(*popenargs, timeout=None, **kwargs):
    """Run command with arguments and return its output."""
    for kw in ('stdout', 'check'):
        if kw in kwargs:
            raise ValueError(f'{kw} argument not allowed, it will be overridden.')
    if 'input' in kwargs and kwargs['input'] is None:
        kwargs['input'] = '' if _text_mode(kwargs) else b''
    return run(*popenargs, stdout=PIPE, timeout=timeout, check=True,
               **kwargs).stdout


def getstatusoutput(cmd, *, encoding=None, errors=None):
    """Return (exitcode, output) of executing cmd in a shell."""
    try:
        data = check_output(cmd, shell=True, text=True, stderr=STDOUT,
                            encoding=encoding, errors=errors)
        exitcode = 0
    except CalledProcessError as ex:
        data = ex.output
        exitcode = ex.returncode
    if data[-1:] == '\n':
        data = data[:-1]
    return exitcode, data


def getoutput(cmd, *, encoding=None, errors=None):
    """Return output (stdout or stderr) of executing cmd in a shell."""
    return getstatusoutput(cmd, encoding=encoding, errors=errors)[1]


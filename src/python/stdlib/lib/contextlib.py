"""Utilities for `with` statements: `contextmanager`, `suppress`, `redirect_stdout`,
`redirect_stderr`, `closing`, `nullcontext`, `ExitStack`, `chdir`,
`AbstractContextManager` and `ContextDecorator`.

Written for shellsim; the behaviour follows CPython 3.14's `contextlib` (the async
variants are not provided: shellsim has no `async`).
"""

import abc
import sys
from collections import deque
from functools import wraps

__all__ = ["contextmanager", "closing", "nullcontext", "AbstractContextManager",
           "ContextDecorator", "ExitStack", "redirect_stdout", "redirect_stderr",
           "suppress", "chdir"]


def _has_methods(C, *names):
    # Structural check for `__subclasshook__`: every name is defined somewhere in the MRO
    # and not blocked by None.
    mro = C.__mro__
    for name in names:
        for base in mro:
            if name in base.__dict__:
                if base.__dict__[name] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


class AbstractContextManager(abc.ABC):
    """An ABC for classes with `__enter__` (returning self by default) and `__exit__`."""

    __slots__ = ()

    def __enter__(self):
        return self

    @abc.abstractmethod
    def __exit__(self, exc_type, exc_value, traceback):
        return None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is AbstractContextManager:
            return _has_methods(C, "__enter__", "__exit__")
        return NotImplemented


class ContextDecorator:
    """A base class that lets a context manager decorate a function: each call runs inside
    `with self._recreate_cm():`."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        @wraps(func)
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return inner


class _GeneratorContextManager(AbstractContextManager, ContextDecorator):
    """What a `@contextmanager` function returns: runs the generator to its `yield` on
    enter, and resumes it (or throws the with-block's exception into it) on exit."""

    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds
        doc = getattr(func, "__doc__", None)
        if doc is None:
            doc = type(self).__doc__
        self.__doc__ = doc

    def _recreate_cm(self):
        # A generator runs once; a decorated function needs a fresh one per call.
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            else:
                try:
                    raise RuntimeError("generator didn't stop")
                finally:
                    self.gen.close()
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            # The generator caught the exception and finished: suppressed, unless
            # the exception was that StopIteration itself.
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            # A StopIteration thrown in comes back as RuntimeError (PEP 479).
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        try:
            raise RuntimeError("generator didn't stop after throw()")
        finally:
            self.gen.close()


def contextmanager(func):
    """Makes a generator function (one `yield`) into a context manager factory."""
    @wraps(func)
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    return helper


class closing(AbstractContextManager):
    """Calls `thing.close()` at the end of the block."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class nullcontext(AbstractContextManager):
    """A context manager that does nothing; `enter_result` is what `as` binds."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class _RedirectStream(AbstractContextManager):

    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        # A stack, so one object can be re-entered.
        self._old_targets = []

    def __enter__(self):
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    """Points `sys.stdout` at another file-like object for the block."""

    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    """Points `sys.stderr` at another file-like object for the block."""

    _stream = "stderr"


class suppress(AbstractContextManager):
    """Swallows the listed exceptions (and their subclasses) raised in the block."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        if exctype is None:
            return
        if issubclass(exctype, self._exceptions):
            return True
        if issubclass(exctype, BaseExceptionGroup):
            match, rest = excinst.split(self._exceptions)
            if rest is None:
                return True
            raise rest
        return False


class ExitStack(AbstractContextManager):
    """A stack of exit callbacks run last-in first-out when the block ends (or at
    `close()`); an exception from one callback is seen by the ones below it."""

    def __init__(self):
        self._exit_callbacks = deque()

    def pop_all(self):
        """Moves every callback to a new stack, which is returned."""
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = deque()
        return new_stack

    def push(self, exit):
        """Adds a context manager's `__exit__` (without entering it) or an exit callback
        taking `(exc_type, exc, tb)`."""
        try:
            exit_method = type(exit).__exit__
        except AttributeError:
            self._exit_callbacks.append(exit)
        else:
            self._push_cm_exit(exit, exit_method)
        return exit

    def enter_context(self, cm):
        """Enters `cm` and pushes its `__exit__`; returns what `__enter__` returned."""
        cls = type(cm)
        try:
            enter = cls.__enter__
            exit = cls.__exit__
        except AttributeError:
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does "
                            f"not support the context manager protocol") from None
        result = enter(cm)
        self._push_cm_exit(cm, exit)
        return result

    def callback(self, callback, /, *args, **kwds):
        """Pushes `callback(*args, **kwds)`, which ignores any exception."""
        def exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append(exit_wrapper)
        return callback

    def _push_cm_exit(self, cm, cm_exit):
        def exit_wrapper(exc_type, exc, tb):
            return cm_exit(cm, exc_type, exc, tb)
        exit_wrapper.__self__ = cm
        self._exit_callbacks.append(exit_wrapper)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        exc = exc_details[1]
        received_exc = exc is not None
        # The exception being handled around the `with`: a callback's new exception is
        # chained to the one the stack is unwinding, not to that one.
        frame_exc = sys.exception()

        def fix_context(new_exc, old_exc):
            while True:
                ctx = new_exc.__context__
                if ctx is None or ctx is old_exc:
                    return
                if ctx is frame_exc:
                    break
                new_exc = ctx
            new_exc.__context__ = old_exc

        suppressed = False
        pending = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            try:
                if exc is None:
                    details = None, None, None
                else:
                    details = type(exc), exc, exc.__traceback__
                if cb(*details):
                    suppressed = True
                    pending = False
                    exc = None
            except BaseException as new_exc:
                fix_context(new_exc, exc)
                pending = True
                exc = new_exc
        if pending:
            try:
                fixed_ctx = exc.__context__
                raise exc
            except BaseException:
                exc.__context__ = fixed_ctx
                raise
        return received_exc and suppressed

    def close(self):
        """Runs every callback now."""
        self.__exit__(None, None, None)


class chdir(AbstractContextManager):
    """Changes the working directory for the block (not thread-safe, as in CPython)."""

    def __init__(self, path):
        self.path = path
        self._old_cwd = []

    def __enter__(self):
        import os
        self._old_cwd.append(os.getcwd())
        os.chdir(self.path)

    def __exit__(self, *excinfo):
        import os
        os.chdir(self._old_cwd.pop())

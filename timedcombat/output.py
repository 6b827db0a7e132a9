"""Writing output files the way a user expects: every path checked before any work is done,
no output on top of an input or of another output, and all of a command's outputs written
or none of them.

A command first calls :func:`check_outputs`. It then makes each output inside an
:class:`Outputs` transaction: a regular file is written beside its target under a temporary
name, standard output (``-``), a device or a pipe into an anonymous temporary file. Only
:meth:`Outputs.commit` writes the streams and renames the files into place; an error or an
interrupt before that removes every temporary file, so an old file is left as it was.
A file put in place has the permissions ``cp`` would give it (:func:`file_mode`).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from timedcombat.errors import UsageError
from timedcombat.staging import clean_stale, staging_prefix, twin_prefix

STDOUT = "-"


def _reason(exc: BaseException) -> str:
    """What went wrong, in words (no Python type names)."""
    if isinstance(exc, OSError) and exc.errno == errno.ELOOP or isinstance(exc, RuntimeError):
        return "a loop of symbolic links"
    if isinstance(exc, OSError):
        return exc.strerror or "cannot be used"
    return " ".join(str(exc).split())


def resolve(path: str) -> Path:
    """The real path of ``path`` (symlinks followed); :class:`OSError` for a symlink loop."""
    try:
        real = Path(path).resolve(strict=False)
    except RuntimeError:  # Python 3.11/3.12: "Symlink loop from ..."
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), path) from None
    return real


def is_stream(path: str) -> bool:
    """Standard output, or a name under /dev or /proc (``/dev/stdout``, a terminal): written
    in place, as a stream, never replaced by a new file."""
    return path == STDOUT or path.startswith(("/dev/", "/proc/"))


def _identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of an existing file, so two names of one file are seen as one."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def check_writable(path: str, option: str) -> None:
    """Fail now, before any fight is run, when ``path`` cannot be written."""
    if path == STDOUT:
        return
    if path == "":
        raise UsageError(f"{option}: an empty file name")
    if os.path.basename(path) in ("", ".", ".."):
        if os.path.isdir(path):
            raise UsageError(f"{option} {path}: is a directory")
        raise UsageError(f"{option} {path}: names a directory (it ends in {os.sep}), "
                         "not a file")
    try:
        target = Path(path)
        real = resolve(path)
        if target.is_dir() or real.is_dir():
            raise UsageError(f"{option} {path}: is a directory")
        if real.exists():
            if not os.access(real, os.W_OK):
                raise UsageError(f"{option} {path}: not writable")
            if stat.S_ISREG(real.stat().st_mode):
                _probe(real.parent)  # the new file is made beside it
            return
        parent = real.parent
        if not parent.is_dir():
            raise UsageError(f"{option} {path}: no such directory {parent}")
        _probe(parent, real.name)
    except UsageError:
        raise
    except (OSError, RuntimeError, ValueError) as exc:
        raise UsageError(f"{option} {path}: cannot write there: {_reason(exc)}") from None


def _probe(parent: Path, name: str = "") -> None:
    """The only sure test that a file can be made there (permissions, /proc, name length)."""
    if name:
        # a name the file system refuses (too long, ...) fails here, not after the work
        fd = os.open(parent / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        os.unlink(parent / name)
        return
    fd, tmp = tempfile.mkstemp(prefix=staging_prefix(), suffix=".probe", dir=parent)
    os.close(fd)
    os.unlink(tmp)


def check_outputs(outputs: Sequence[tuple[str, str | None]],
                  inputs: Sequence[tuple[str, str]] = ()) -> None:
    """Check every ``(option, path)`` output (``None``: not asked for) before any work:
    each writable, none on top of an input ``(what, path)``, no two on one file."""
    seen: dict[Any, str] = {}
    keys_in: dict[Any, tuple[str, str]] = {}
    for what, source in inputs:
        for key in _keys(source):
            keys_in[key] = (what, source)
    for option, path in outputs:
        if path is None:
            continue
        check_writable(path, option)
        if path == STDOUT:
            key_list: list[Any] = [STDOUT]
        else:
            key_list = _keys(path)
        for key in key_list:
            if key in keys_in:
                what, given = keys_in[key]
                raise UsageError(f"{option} {path}: is the {what} {given}: it would be "
                                 "overwritten")
            if key in seen:
                raise UsageError(f"{option} {path}: the same file as {seen[key]}: one "
                                 "output would be lost")
        for key in key_list:
            seen[key] = f"{option} {path}"


def _keys(path: str) -> list[Any]:
    """Ways to recognise one file: its real path and, when it exists, device and inode."""
    try:
        real = resolve(path)
    except OSError:
        return [path]
    keys: list[Any] = [str(real)]
    ident = _identity(real)
    if ident is not None:
        keys.append(ident)
    return keys


def inside(path: str, directory: str) -> bool:
    """Whether ``path`` names a file directly inside ``directory`` (links followed)."""
    try:
        return resolve(path).parent == resolve(directory)
    except OSError:
        return False


class Outputs:
    """The outputs of one command, written all or none (see the module's docstring)."""

    def __init__(self) -> None:
        self._files: list[tuple[str, str, Path, Path]] = []  # option, path, temp, real
        self._streams: list[tuple[str, str, IO[bytes]]] = []  # option, path, spool
        self._dirs: list[tuple[Path, Path | None]] = []  # staging dir, dir made for it
        self.committed = False
        self._streamed = False
        self._broken: BrokenPipeError | None = None

    def __enter__(self) -> Outputs:
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.committed:
            self.abort()

    def path(self, option: str, path: str, suffix: str = "") -> Path:
        """A temporary path to write the output ``path`` into (renamed or copied at commit)."""
        try:
            real = None if is_stream(path) else resolve(path)
            if real is not None and (not real.exists() or stat.S_ISREG(real.stat().st_mode)):
                clean_stale(real.parent)
                fd, tmp = tempfile.mkstemp(prefix=twin_prefix(real.name), suffix=".tmp",
                                           dir=real.parent)
                os.close(fd)
                self._files.append((option, path, Path(tmp), real))
                return Path(tmp)
            clean_stale(tempfile.gettempdir())
            fd, tmp = tempfile.mkstemp(prefix=staging_prefix(), suffix=suffix or ".tmp")
            os.close(fd)
            spool = open(tmp, "w+b")  # noqa: SIM115 - closed at commit or abort
            self._streams.append((option, path, spool))
            return Path(tmp)
        except OSError as exc:
            raise UsageError(f"{option} {path}: cannot write: {_reason(exc)}") from None

    def open(self, option: str, path: str) -> IO[str]:
        """A text stream for the output ``path`` (UTF-8, ``\\n`` line ends); the caller
        closes it before :meth:`commit`."""
        tmp = self.path(option, path)
        return open(tmp, "w", encoding="utf-8", newline="")  # noqa: SIM115

    def write(self, option: str, path: str, write: Callable[[Path], object],
              suffix: str = "") -> None:
        """Make the output ``path`` by ``write(temporary path)``."""
        tmp = self.path(option, path, suffix)
        try:
            write(tmp)
        except OSError as exc:
            raise UsageError(f"{option} {path}: cannot write: {_reason(exc)}") from None

    def text(self, option: str, path: str, text: str) -> None:
        """The output ``path`` holds ``text``."""
        self.write(option, path, lambda p: p.write_text(text, encoding="utf-8", newline=""))

    def directory(self, option: str, path: str) -> Path:
        """A staging directory whose files go into the directory ``path`` at commit (made
        then, when it does not exist)."""
        try:
            target = resolve(path)
            made: Path | None = None
            if not target.is_dir():
                made = target  # the outermost directory made, removed again on abort
                while not made.parent.exists():
                    made = made.parent
                target.mkdir(parents=True)
            clean_stale(target)
            staging = Path(tempfile.mkdtemp(prefix=staging_prefix(), dir=target))
        except (OSError, RuntimeError) as exc:
            raise UsageError(f"{option} {path}: cannot write there: {_reason(exc)}") from None
        self._dirs.append((staging, made))
        return staging

    def write_streams(self) -> None:
        """Write the outputs that cannot be renamed into place (standard output, devices);
        :meth:`commit` does it when it has not been done."""
        if self._streamed:
            return
        self._streamed = True
        for option, path, spool in self._streams:
            try:
                spool.seek(0)
                if path == STDOUT:
                    _copy_to_stdout(spool)
                else:
                    with open(path, "wb") as dev:
                        shutil.copyfileobj(spool, dev)
            except BrokenPipeError as exc:  # the reader stopped reading: still keep the files
                self._broken = exc
            except OSError as exc:
                where = "standard output" if path == STDOUT else path
                raise UsageError(f"{option} {where}: cannot write: {_reason(exc)}") from None

    def commit(self) -> None:
        """Write the streams (standard output, devices), then put every file in place."""
        self.write_streams()
        for option, path, tmp, real in self._files:
            try:
                os.chmod(tmp, file_mode(real))
                tmp.replace(real)
            except OSError as exc:
                raise UsageError(f"{option} {path}: cannot write: {_reason(exc)}") from None
        for staging, _made in self._dirs:
            try:
                for item in os.scandir(staging):
                    target = staging.parent / item.name
                    os.chmod(item.path, file_mode(target))
                    os.replace(item.path, target)
                staging.rmdir()
            except OSError as exc:
                raise UsageError(f"cannot move the files of {staging} into "
                                 f"{staging.parent}: {_reason(exc)}") from None
        self.committed = True
        self._close()
        if self._broken is not None:
            raise self._broken

    def abort(self) -> None:
        """Remove every temporary file and staging directory (and a directory made)."""
        self._close()
        for _option, _path, tmp, _real in self._files:
            _remove(str(tmp))
        for staging, made in self._dirs:
            shutil.rmtree(staging, ignore_errors=True)
            if made is not None:
                _remove_empty(staging.parent, made)
        self._files.clear()
        self._dirs.clear()

    def _close(self) -> None:
        for _option, _path, spool in self._streams:
            spool.close()
            _remove(spool.name)
        self._streams.clear()


def umask() -> int:
    """This process's umask (read from ``/proc``, else set and set back)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def file_mode(target: Path) -> int:
    """The mode an output gets, as ``cp`` gives it: an existing file's own permissions
    (overwritten, not replaced), else the umask's for a new file (``0666 & ~umask``)."""
    try:
        st = os.stat(target)
        if stat.S_ISREG(st.st_mode):
            return stat.S_IMODE(st.st_mode) & 0o777
    except OSError:
        pass
    return 0o666 & ~umask()


def _copy_to_stdout(spool: IO[bytes]) -> None:
    """The spooled UTF-8 bytes to standard output (its bytes, or its text when it has none,
    as when a caller has put a ``StringIO`` there)."""
    sys.stdout.flush()
    out = getattr(sys.stdout, "buffer", None)
    if out is not None:
        shutil.copyfileobj(spool, out)
        out.flush()
        return
    text = io.TextIOWrapper(spool, encoding="utf-8", newline="")
    try:
        shutil.copyfileobj(text, sys.stdout)
    finally:
        text.detach()
    sys.stdout.flush()


def _remove_empty(deepest: Path, outermost: Path) -> None:
    """Remove the directories from ``deepest`` up to ``outermost`` while they are empty."""
    here = deepest
    while True:
        try:
            here.rmdir()
        except OSError:
            return
        if here == outermost:
            return
        here = here.parent


def _remove(tmp: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(tmp)

"""Writing output files safely: the one place ``aids``, ``site``, ``fmt`` and ``new`` write through.

- every file is written atomically: a temporary file in the target folder, then ``os.replace``;
- a symbolic link at the destination (the file, the folder or a folder between) is refused,
  never followed;
- a folder is written only when it is new, empty, or holds nothing but what an earlier run
  wrote, as listed in its manifest file (a name and the SHA-256 digest of what was written);
  ``force`` writes beside foreign files, overwriting only same-named ones; a file is deleted only
  when the manifest names it plainly inside the folder (no ``..``, no absolute path, no link on
  the way) and its content still has the recorded digest (issue 21 item 1).

Errors are :class:`OutputError` with a one-line message naming the path.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import tempfile
from pathlib import Path

from toolkit.errors import InputError
from toolkit.pathnames import path_problem, shown
from toolkit.pathnames import why as _why

__all__ = ["OutputError", "OutputFolder", "digest_of", "path_problem", "shown", "write_atomically", "write_new"]


class OutputError(InputError):
    """An output cannot be written safely; the message is one line naming the path."""


def _temporary(folder: Path, name: str) -> tuple[int, str]:
    return tempfile.mkstemp(dir=folder, prefix=f".{name[:100]}.", suffix=".tmp")


def _write_temporary(folder: Path, name: str, content: bytes, mode: int | None = None, owner=None) -> str:
    fd, temporary = _temporary(folder, name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        if owner is not None and hasattr(os, "chown") and tuple(owner) != (os.geteuid(), os.getegid()):
            try:
                os.chown(temporary, *owner)  # as root: the file stays its owner's
            except PermissionError:
                pass  # not root: only root can give a file away
        if mode is not None:
            os.chmod(temporary, mode)
    except BaseException:
        _unlink(temporary)
        raise
    return temporary


def _unlink(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def write_atomically(target: Path, content: bytes, mode: int | None = None, owner: tuple[int, int] | None = None) -> None:
    """Replace ``target`` (not a link: callers resolve or refuse links) with ``content`` at once.

    The temporary file is written in the target's folder, synced, given ``mode`` and (as root)
    ``owner`` (uid, gid), then renamed over the target. Without ``mode`` a new file gets the mode any
    program's new file gets (0666 less the umask), a replaced one keeps its own: never the temporary's 0600.
    """
    if mode is None:
        try:
            mode = stat.S_IMODE(os.lstat(target).st_mode) if not _is_link(target) else 0o666 & ~_umask()
        except OSError:
            mode = 0o666 & ~_umask()
    temporary = _write_temporary(target.parent, target.name, content, mode, owner)
    try:
        os.replace(temporary, target)
    except BaseException:
        _unlink(temporary)
        raise


def write_new(path: Path, content: bytes) -> None:
    """Write a new file at ``path`` at once; never overwrite anything, a link included.

    Raises FileExistsError when ``path`` exists (or is a dangling link), OSError otherwise.
    """
    temporary = _write_temporary(path.parent, path.name, content, 0o666 & ~_umask())
    try:
        os.link(temporary, path, follow_symlinks=False)  # fails if anything is at path
    finally:
        _unlink(temporary)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _is_link(path: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


#: A manifest larger than this is not one Chartroom wrote (a site lists a few hundred files).
MANIFEST_LIMIT = 4 * 1024 * 1024
_MANIFEST_HEADER = "# Written by chartroom; it may replace these files. One file a line: sha256 digest, two spaces, name.\n"
_DIGEST = re.compile(r"^[0-9a-f]{64}$")


def digest_of(data: bytes) -> str:
    """The SHA-256 digest a manifest records for a file's content."""
    return hashlib.sha256(data).hexdigest()


def _plain_name(name: str) -> bool:
    """A plain relative name inside the folder: no absolute path, no ``..``, no ``.``, no empty part."""
    if not name or name.startswith("/") or "\\" in name or "\0" in name:
        return False
    parts = name.split("/")
    return all(part not in ("", ".", "..") and part.isprintable() for part in parts)


class OutputFolder:
    """A folder Chartroom writes files into, with a manifest of what it wrote (name and digest).

    A manifest is trusted only for plain relative names inside the folder it sits in, reached
    without following a symbolic link, naming a regular file whose content still has the digest
    Chartroom recorded; every other entry is left alone and named in :attr:`left_alone` (one line).

    >>> folder = Path(tempfile.mkdtemp()) / "aids"
    >>> out = OutputFolder(folder, ".chartroom-aids")
    >>> out.prepare()
    >>> out.write("index.html", b"...").name
    'index.html'
    >>> out.finish()
    >>> sorted(path.name for path in folder.iterdir())
    ['.chartroom-aids', 'index.html']
    >>> import shutil; shutil.rmtree(folder.parent)
    """

    def __init__(self, folder: Path, manifest: str, force: bool = False, what: str = "files"):
        self.folder = Path(folder)
        self.manifest = manifest
        self.force = force
        self.what = what
        self.previous: dict[str, str] = {}  # trusted entries: name -> digest
        self.written: dict[str, str] = {}
        self.left_alone = ""  # one line naming the manifest entries not trusted, once prepared

    # --- before writing -------------------------------------------------------------------
    def prepare(self) -> None:
        """Create the folder if missing; refuse a link, a file, or foreign files without ``force``."""
        folder = self.folder
        try:
            if _is_link(folder):
                raise OutputError(f"{folder}: is a symbolic link; give a real folder")
            if folder.exists() and not folder.is_dir():
                raise OutputError(f"cannot write the {self.what} to {folder}: it exists and is not a folder")
            if not folder.exists():
                folder.mkdir(parents=True)
                return
            untrusted = self._read_manifest()
            foreign = sorted(name for name in self._existing() if name not in self.previous and name != self.manifest)
        except OutputError:
            raise
        except (OSError, ValueError) as exc:
            raise OutputError(f"{folder}: cannot use the folder: {_why(exc)}") from None
        if untrusted:
            first, why = untrusted[0]
            more = f" and {len(untrusted) - 1} more" if len(untrusted) > 1 else ""
            line = (f"{folder / self.manifest}: entry {shown(first)!r} is not trusted ({why}){more}; "
                    f"Chartroom only replaces or deletes plain names inside the folder holding what it wrote")
            if not self.force:
                raise OutputError(f"{line}; give a new or empty folder, or --force to write beside them (they are never deleted)")
            self.left_alone = f"{line}: left alone"
        if foreign and not self.force:
            raise OutputError(f"{folder} is not empty and holds files Chartroom did not write (e.g. {foreign[0]}); "
                              f"give a new or empty folder, or --force to write beside them (they are never deleted)")

    def _read_manifest(self) -> list[tuple[str, str]]:
        """Fill :attr:`previous` with the trusted entries; return the others with why, in order."""
        path = self.folder / self.manifest
        if _is_link(path):
            raise OutputError(f"{path}: is a symbolic link; not read or written")
        if not path.exists():
            return []
        if not path.is_file():
            raise OutputError(f"{path}: is not a regular file; not read or written")
        with open(path, "rb", opener=_no_follow) as handle:
            data = handle.read(MANIFEST_LIMIT + 1)
        if len(data) > MANIFEST_LIMIT:
            return [(self.manifest, f"larger than {MANIFEST_LIMIT // (1024 * 1024)} MB")]
        untrusted = []
        for line in data.decode("utf-8", errors="replace").splitlines():
            if not line or line.startswith("#"):
                continue
            digest, _, name = line.partition("  ")
            if not _DIGEST.match(digest):
                digest, name = "", line
            why = self._distrust(name, digest)
            if why:
                untrusted.append((name, why))
            elif (self.folder / name).exists():
                self.previous[name] = digest
        return untrusted

    def _distrust(self, name: str, digest: str) -> str:
        """Why the manifest entry ``name`` is not to be trusted, or "" when it may be replaced."""
        if not _plain_name(name):
            return "not a plain relative name inside the folder"
        here = self.folder
        for part in name.split("/"):
            here = here / part
            try:
                mode = os.lstat(here).st_mode
            except FileNotFoundError:
                return ""  # gone: nothing to replace or delete
            except OSError as exc:
                return _why(exc)
            if stat.S_ISLNK(mode):
                return "reached through a symbolic link"
        if not stat.S_ISREG(mode):
            return "not a regular file"
        if not digest:
            return "listed without the digest of what Chartroom wrote"
        try:
            with open(here, "rb", opener=_no_follow) as handle:
                actual = hashlib.sha256()
                for block in iter(lambda: handle.read(1 << 20), b""):
                    actual.update(block)
        except OSError as exc:
            return _why(exc)
        return "" if actual.hexdigest() == digest else "its content changed since Chartroom wrote it"

    def _existing(self) -> list[str]:
        names = []
        for root, dirs, files in os.walk(self.folder):
            rel = Path(root).relative_to(self.folder)
            for name in files + [d for d in dirs if _is_link(Path(root) / d)]:
                names.append((rel / name).as_posix())
        return names

    # --- writing --------------------------------------------------------------------------
    def _destination(self, name: str) -> Path:
        parts = Path(name).parts
        if not parts or Path(name).is_absolute() or ".." in parts:
            raise OutputError(f"{name}: not a file name inside {self.folder}")
        here = self.folder
        for part in parts[:-1]:
            here = here / part
            if _is_link(here):
                raise OutputError(f"{here}: is a symbolic link; not written through")
            if not here.exists():
                here.mkdir()
        target = here / parts[-1]
        if _is_link(target):
            raise OutputError(f"{target}: is a symbolic link; not written through")
        if target.is_dir():
            raise OutputError(f"{target}: is a folder; not replaced")
        return target

    def write(self, name: str, content: bytes | str) -> Path:
        """Write ``name`` (relative, ``/``-separated) atomically; return its path."""
        data = content.encode("utf-8") if isinstance(content, str) else content
        try:
            target = self._destination(name)
            write_atomically(target, data, 0o666 & ~_umask())
        except OutputError:
            raise
        except (OSError, ValueError) as exc:
            raise OutputError(f"{self.folder / name}: cannot write: {_why(exc)}") from None
        self.written[Path(name).as_posix()] = digest_of(data)
        return target

    def place(self, name: str, source: Path) -> Path:
        """Move the finished file ``source`` (same file system) into place as ``name``."""
        try:
            digest = digest_of(Path(source).read_bytes())
            target = self._destination(name)
            os.replace(source, target)
        except OutputError:
            raise
        except (OSError, ValueError) as exc:
            raise OutputError(f"{self.folder / name}: cannot write: {_why(exc)}") from None
        self.written[Path(name).as_posix()] = digest
        return target

    def finish(self, prune: bool = False) -> None:
        """Record what was written; with ``prune``, remove files an earlier run wrote and this one did not.

        Only trusted entries (see :meth:`_distrust`, checked again here) are ever removed.
        """
        stale = {name: digest for name, digest in self.previous.items() if name not in self.written}
        if prune:
            for name, digest in sorted(stale.items()):
                if not self._distrust(name, digest):
                    _unlink(self.folder / name)
        keep = dict(self.written)
        keep.update({name: digest for name, digest in stale.items()
                     if name not in keep and not self._distrust(name, digest) and (self.folder / name).exists()})
        text = _MANIFEST_HEADER + "".join(f"{keep[n]}  {n}\n" for n in sorted(keep))
        try:
            path = self.folder / self.manifest
            if _is_link(path):
                raise OutputError(f"{path}: is a symbolic link; not written through")
            write_atomically(path, text.encode("utf-8"), 0o666 & ~_umask())
        except OSError as exc:
            raise OutputError(f"{self.folder / self.manifest}: cannot write: {_why(exc)}") from None


def _no_follow(path, flags):
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0))


#: The date written into outputs that would otherwise carry the clock's (``SOURCE_DATE_EPOCH``,
#: reproducible-builds.org): the epoch, unless the caller's environment chose another.
BUILD_DATE_EPOCH = "0"


@contextlib.contextmanager
def fixed_build_date():
    """While outputs are written, tools that stamp a date (fontTools' subset fonts, mkdocs' sitemap) use a fixed one."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = BUILD_DATE_EPOCH
    try:
        yield
    finally:
        os.environ.pop("SOURCE_DATE_EPOCH", None)

"""The wiring of ``chartroom lsp``: pygls feature handlers over :mod:`toolkit.lsp.documents` and one module per feature.

Diagnostics are pushed on open and save at once, and on change after a pause in typing (``debounce``), always from
the editor's text, every open document's (a variant's base being edited, the counters). When a document changes
(typed, saved, closed with its changes dropped) or a data file changes on disk, every open document whose check
reads it (its bases, its game's data: :mod:`toolkit.lsp.depends`) is checked again. The server answers every
request or says why: a document that does not parse gets one
diagnostic at the parser's position; a document that is no Chartroom file is named in a log message; an internal
error is shown as a diagnostic and logged, and the server carries on.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
import traceback
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from toolkit import __version__
from toolkit.errors import ChartroomError
from toolkit.findings import LoadError
from toolkit.load import decode, load_file, read_bytes
from toolkit.lsp.actions import quick_fixes
from toolkit.lsp.completion import complete
from toolkit.lsp.definition import definition
from toolkit.lsp.depends import depends_on
from toolkit.lsp.diagnostics import diagnostics
from toolkit.lsp.documents import Checked, Documents
from toolkit.lsp.hover import hover
from toolkit.lsp.text import path_of

__all__ = ["ChartroomServer", "OneLine", "serve", "DEBOUNCE"]

#: Seconds of quiet after a change before the document is checked again.
DEBOUNCE = 0.15


class ChartroomServer(LanguageServer):
    """The language server and what it keeps: the documents checked and the diagnostics published, by URI."""

    def __init__(self, debounce: float = DEBOUNCE):
        super().__init__("chartroom", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.debounce = debounce
        self.documents = Documents(self.open_texts)
        self.checked: dict[str, Checked] = {}
        self.published: dict[str, list[types.Diagnostic]] = {}
        self.pending: dict[str, asyncio.Task] = {}
        self.changed: set[str] = set()  # documents typed in since their last check: their dependents wait for it

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=f"chartroom: {message}"))

    # --- checking and publishing -------------------------------------------------------

    def text_of(self, uri: str) -> str:
        return self.workspace.get_text_document(uri).source

    def open_texts(self) -> dict[Path, str]:
        """The editor's text of every open document on disk (path -> text, saved or not): what every check reads."""
        texts = {}
        for uri, document in self.workspace.text_documents.items():
            path = path_of(uri)
            if path is not None:
                texts[path] = document.source
        return texts

    def current(self, uri: str) -> Checked | None:
        """The document as the editor holds it now (checked, or only parsed while a check waits for quiet); None, and
        a log message saying so, for a document the editor has not opened."""
        if uri not in self.workspace.text_documents:
            self.log(f"{uri}: not open in the editor (textDocument/didOpen first): nothing to answer", types.MessageType.Warning)
            return None
        text = self.text_of(uri)
        known = self.checked.get(uri)
        if known is not None and known.text == text:
            return known
        return self.documents.parse(path_of(uri), text)

    def publish(self, uri: str) -> None:
        """Check the document from its text and push its diagnostics; an internal error becomes one diagnostic."""
        self.pending.pop(uri, None)
        if uri not in self.workspace.text_documents:  # a change or a save of a document the editor never opened
            self.log(f"{uri}: not open in the editor (textDocument/didOpen first): not checked", types.MessageType.Warning)
            return
        try:
            checked = self.documents.check(path_of(uri), self.text_of(uri))
            found = diagnostics(checked, lambda: self.documents.model(checked), self.open_texts())
        except ChartroomError as error:  # input the check refused as a whole (exit 2 on the command line): said as it says it
            found = [types.Diagnostic(types.Range(types.Position(0, 0), types.Position(0, 0)), severity=types.DiagnosticSeverity.Error,
                                      message=" ".join(str(error).split()), code="INPUT", source="chartroom")]
            checked = None
        except Exception as error:  # the last resort: said in the editor and the log, and the server carries on
            self.log(f"internal error while checking {uri}: {traceback.format_exc()}", types.MessageType.Error)
            found = [types.Diagnostic(types.Range(types.Position(0, 0), types.Position(0, 0)), severity=types.DiagnosticSeverity.Error,
                                      message=f"chartroom: internal error: {type(error).__name__}: {error} (please report this)",
                                      code="INTERNAL", source="chartroom")]
            checked = None
        if checked is not None:
            self.checked[uri] = checked
            if checked.note:
                self.log(checked.note)
        self.published[uri] = found
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=found))

    def later(self, uri: str) -> None:
        """Check ``uri`` once the editor has been quiet for :attr:`debounce` seconds (a newer change restarts the wait)."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self._after_quiet(uri))

    async def _after_quiet(self, uri: str) -> None:
        await asyncio.sleep(self.debounce)
        if uri in self.workspace.text_documents:
            self.publish(uri)
        if uri in self.changed:
            self.changed.discard(uri)
            self.recheck_dependents_of(uri)

    def recheck_dependents_of(self, uri: str) -> None:
        """Check again the open documents that read the open document ``uri`` (of the kind its last check found)."""
        checked = self.checked.get(uri)
        self.recheck_dependents(path_of(uri), checked.kind if checked is not None else None, uri)

    def recheck_dependents(self, path: Path | None, kind: str | None, uri: str = "") -> None:
        """Check again (after the pause) every other open document whose check reads ``path`` (of ``kind``, None when
        it cannot be told): a variant of it, a scenario of the game it is a data file of."""
        if path is None:
            return
        for other, checked in list(self.checked.items()):
            if other != uri and other in self.workspace.text_documents and depends_on(path, kind, checked.links, checked.root):
                self.later(other)


def _on_disk(path: Path | None) -> str | None:
    """The text of the file at ``path`` (None when there is none, or it cannot be read as a data file)."""
    try:
        return decode(read_bytes(path), str(path)) if path is not None else None
    except LoadError:
        return None


def _kind_on_disk(path: Path) -> str | None:
    """The ``kind:`` of the data file at ``path`` as saved (None when it is gone or cannot be read)."""
    try:
        data = load_file(path).data
    except LoadError:
        return None
    kind = data.get("kind") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) else None


def build(debounce: float = DEBOUNCE) -> ChartroomServer:
    server = ChartroomServer(debounce)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: ChartroomServer, params: types.InitializedParams):
        """Ask the editor for the saves of data files (a game folder edited elsewhere), where it lets a server ask."""
        workspace = ls.client_capabilities.workspace
        watching = workspace.did_change_watched_files if workspace is not None else None
        if watching is None or not watching.dynamic_registration:
            return  # the next check still sees a changed game folder (toolkit.lsp.documents)
        watchers = [types.FileSystemWatcher(glob_pattern=f"**/*.{suffix}") for suffix in ("yaml", "yml", "json")]
        try:
            await ls.client_register_capability_async(types.RegistrationParams([types.Registration(
                "chartroom-data-files", types.WORKSPACE_DID_CHANGE_WATCHED_FILES, types.DidChangeWatchedFilesRegistrationOptions(watchers))]))
        except JsonRpcException as refused:
            ls.log(f"the editor did not watch the data files ({refused}): a game folder changed elsewhere is seen at the next check",
                   types.MessageType.Warning)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: ChartroomServer, params: types.DidOpenTextDocumentParams):
        uri = params.text_document.uri
        ls.publish(uri)
        if params.text_document.text != _on_disk(path_of(uri)):  # opened with changes not saved: they count from now
            ls.recheck_dependents_of(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: ChartroomServer, params: types.DidChangeTextDocumentParams):
        ls.changed.add(params.text_document.uri)
        ls.later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: ChartroomServer, params: types.DidSaveTextDocumentParams):
        uri = params.text_document.uri
        ls.publish(uri)
        ls.recheck_dependents_of(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: ChartroomServer, params: types.DidCloseTextDocumentParams):
        uri = params.text_document.uri
        waiting = ls.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        ls.changed.discard(uri)
        closed = ls.checked.pop(uri, None)
        ls.published.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        # Its changes not saved are dropped: the documents that read it read the file again.
        ls.recheck_dependents(path_of(uri), closed.kind if closed is not None else None, uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def files_changed(ls: ChartroomServer, params: types.DidChangeWatchedFilesParams):
        for event in params.changes:
            path = path_of(event.uri)
            ls.recheck_dependents(path, _kind_on_disk(path) if path is not None else None)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: ChartroomServer, params: types.HoverParams):
        checked = ls.current(params.text_document.uri)
        if checked is None:
            return None
        return hover(checked, ls.documents.model(checked), params.position, ls.published.get(params.text_document.uri, []))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[":", " ", "-"]))
    def on_completion(ls: ChartroomServer, params: types.CompletionParams):
        checked = ls.current(params.text_document.uri)
        if checked is None:
            return None
        model = ls.documents.model(checked) if checked.document is not None else None
        if model is None or model.scenario is None:  # the text as typed does not load: the last one that did
            last = ls.checked.get(params.text_document.uri)
            model = ls.documents.last_model(checked.path) or (ls.documents.model(last) if last is not None else None) or model
        return types.CompletionList(is_incomplete=False, items=complete(checked, model, params.position))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: ChartroomServer, params: types.DefinitionParams):
        checked = ls.current(params.text_document.uri)
        if checked is None:
            return None
        return definition(checked, ls.documents.model(checked), params.position)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def on_code_action(ls: ChartroomServer, params: types.CodeActionParams):
        checked = ls.current(params.text_document.uri)
        if checked is None:
            return None
        return quick_fixes(checked, params.text_document.uri, list(params.context.diagnostics)) or None

    return server


#: The last line of a traceback: the exception raised (``KeyError: 'character'``).
_RAISED = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt|Warning): ")


class OneLine(logging.Formatter):
    """A log record of pygls (a message it could not read or handle) as one line on standard error, the editor's log:
    its text and the exception's type and first line, never a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        lines = record.getMessage().splitlines() or [""]
        text = lines[0]
        raised = [line.strip(" |+-") for line in lines[1:] if _RAISED.match(line.strip(" |+-"))]  # a traceback in the text
        if raised:
            text += f": {raised[-1]}"
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            words = str(error).splitlines()
            text += f": {type(error).__name__}" + (f": {words[0]}" if words else "")
        return "chartroom lsp: " + " ".join(text.split())


def _log_in_one_line() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    pygls = logging.getLogger("pygls")
    pygls.addHandler(handler)
    pygls.setLevel(logging.WARNING)
    pygls.propagate = False  # not also through logging's last resort, which prints the traceback


def serve(debounce: float = DEBOUNCE) -> None:
    """Run the server on stdin and stdout until the editor says exit."""
    _log_in_one_line()
    build(debounce).start_io()

"""``chartroom lsp``: a Language Server Protocol server on stdio for every game's files (issue 23).

A thin layer of feature handlers (pygls, lsprotocol) over what the commands already know: the session opens the
document from its unsaved text and gives the findings ``chartroom check`` gives; the model gives the counters,
places and editions hover, completion and go-to-definition read. Only ``chartroom lsp`` imports this package.

- :mod:`toolkit.lsp.text`: positions, the extent of a YAML value, the node under the cursor (no pygls);
- :mod:`toolkit.lsp.documents`: the open documents checked from their text, the games kept loaded;
- :mod:`toolkit.lsp.lookup`: what a name stands for in the game; :mod:`toolkit.lsp.keys`: the keys a schema allows;
- :mod:`toolkit.lsp.diagnostics`, :mod:`~toolkit.lsp.hover`, :mod:`~toolkit.lsp.completion`,
  :mod:`~toolkit.lsp.definition`, :mod:`~toolkit.lsp.actions`: one feature each;
- :mod:`toolkit.lsp.server`: the wiring (capabilities, debounce, never exiting on bad input).
"""

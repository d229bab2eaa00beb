"""Shell completion: the scripts ``chartroom completion bash|zsh|fish`` prints, and the candidates the hidden
``chartroom __complete WORD...`` helper gives them (:func:`candidates`).

The scripts hold no list of their own: each press of Tab asks ``chartroom __complete`` with the words typed so far,
so commands, options, game ids, scenario names, counter ids and places follow the installed version and the games
it has. The helper walks the same parser the command runs with; where it has nothing to offer (a file's path) it
prints nothing and the shell completes file names.
"""

from __future__ import annotations

import argparse
from typing import Callable

__all__ = ["candidates", "script", "SHELLS", "COUNTER_DESTS", "PLACE_DESTS"]

#: Arguments whose values are counter ids of the game on the line (or of every bundled game).
COUNTER_DESTS = frozenset({"attacker", "defender", "ship", "strikers", "counter", "units", "unit"})
#: Arguments whose values are places of the game's map (names; a hex id works too but is not offered).
PLACE_DESTS = frozenset({"at", "origin", "place", "hex", "box"})


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction | None:
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def _positionals(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if not a.option_strings and not isinstance(a, argparse._SubParsersAction)]


def candidates(parser: argparse.ArgumentParser, words: list[str], values: Callable[[str, list[str], argparse.ArgumentParser], list[str]]) -> list[str]:
    """What may follow ``words[:-1]`` and begins with ``words[-1]``: a command, an option, or a value.

    ``values(dest, words, parser)`` gives the dynamic values of an argument (game ids, scenario names, counters, places).

    >>> p = argparse.ArgumentParser(prog="x"); s = p.add_subparsers(); c = s.add_parser("check"); _ = c.add_argument("--format", choices=["text", "json"])
    >>> candidates(p, ["ch"], lambda *a: []), candidates(p, ["check", "--format", "j"], lambda *a: []), candidates(p, ["check", "--f"], lambda *a: [])
    (['check'], ['json'], ['--format'])
    """
    *done, current = words or [""]
    parser_now, pending, position = parser, None, 0
    for word in done:
        if pending is not None:
            pending = None
            continue
        if word.startswith("-") and word != "-":
            action = parser_now._option_string_actions.get(word.split("=", 1)[0])
            if action is not None and action.nargs != 0 and "=" not in word:
                pending = action
            continue
        sub = _subparsers(parser_now)
        if sub is not None and word in sub.choices:
            parser_now, position = sub.choices[word], 0
            continue
        position += 1
    if pending is not None:
        found = [str(c) for c in pending.choices] if pending.choices else values(pending.dest, done, parser_now)
    elif current.startswith("-"):
        found = [o for a in parser_now._actions for o in a.option_strings if a.help != argparse.SUPPRESS]
    else:
        sub = _subparsers(parser_now)
        if sub is not None and position == 0:
            found = [name for name in sub.choices if not name.startswith("_")]
        else:
            positionals = _positionals(parser_now)
            action = positionals[min(position, len(positionals) - 1)] if positionals else None
            found = [] if action is None else [str(c) for c in action.choices] if action.choices else values(action.dest, done, parser_now)
    return sorted(dict.fromkeys(f for f in found if f.startswith(current)))


_BASH = """\
# chartroom completion for bash: eval "$(chartroom completion bash)" (in ~/.bashrc to keep it)
_chartroom_complete() {
    local line
    COMPREPLY=()
    while IFS= read -r line; do
        [[ -n "$line" ]] && COMPREPLY+=("$(printf '%q' "$line")")
    done < <(chartroom __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
}
complete -o default -F _chartroom_complete chartroom
"""

_ZSH = """\
#compdef chartroom
# chartroom completion for zsh: eval "$(chartroom completion zsh)" (in ~/.zshrc, after compinit, to keep it)
_chartroom() {
    local -a found
    found=("${(@f)$(chartroom __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    found=(${found:#})
    if (( ${#found} )); then
        compadd -a found
    else
        _files
    fi
}
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit -u }
compdef _chartroom chartroom
"""

_FISH = """\
# chartroom completion for fish: chartroom completion fish | source (or save it as ~/.config/fish/completions/chartroom.fish)
function __chartroom_complete
    set -l typed (commandline -opc) (commandline -ct)
    set -l found (chartroom __complete $typed[2..-1] 2>/dev/null)
    if test (count $found) -gt 0
        printf '%s\\n' $found
    else
        __fish_complete_path (commandline -ct)
    end
end
complete -c chartroom -f -a '(__chartroom_complete)'
"""

SHELLS = {"bash": _BASH, "zsh": _ZSH, "fish": _FISH}


def script(shell: str) -> str:
    """The completion script of ``shell`` (one of :data:`SHELLS`)."""
    return SHELLS[shell]

"""Pydantic's validation errors as messages at the place in the file they concern.

A model checks the shape of one document (``generator.content.models``); what it reports
becomes one diagnostic per place, at the key's or the value's line and column, with the
likeliest spelling for an unknown key and only the best-matching branch of a union.
"""

from __future__ import annotations

import re
import types
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from generator.content import models as m
from generator.content.yamlpos import Located
from generator.diagnostics import N_, Diagnostics, MessageError, Pos, Text, literal, suggest

T = TypeVar("T", bound=BaseModel)


def _all_field_names() -> list[str]:
    names: set[str] = set()
    for obj in vars(m).values():
        if isinstance(obj, type) and issubclass(obj, BaseModel) and obj is not BaseModel:
            names.update(obj.model_fields)
    return sorted(names)


_FIELD_NAMES = _all_field_names()


def _expand(tp: Any) -> list[Any]:
    """The concrete types behind an annotation (Optional, unions and Annotated unwrapped)."""
    origin = get_origin(tp)
    if origin is Annotated:
        return _expand(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        return [x for arg in get_args(tp) for x in _expand(arg)]
    return [tp]


def _keys_at(model: type[BaseModel], loc: tuple[str | int, ...]) -> list[str]:
    """The keys allowed in the mapping at ``loc`` of ``model`` (for did-you-mean)."""
    cands: list[Any] = [model]
    for part in loc:
        nxt: list[Any] = []
        for c in cands:
            origin = get_origin(c)
            if isinstance(c, type) and issubclass(c, BaseModel):
                if isinstance(part, str) and part in c.model_fields:
                    nxt += _expand(c.model_fields[part].annotation)
            elif origin in (list, tuple) and isinstance(part, int):
                nxt += _expand(get_args(c)[0])
            elif origin is dict and isinstance(part, str):
                nxt += _expand(get_args(c)[1])
        if nxt:  # a part that matches nothing is a union-branch tag: keep the candidates
            cands = nxt
    names = {f for c in cands if isinstance(c, type) and issubclass(c, BaseModel)
             for f in c.model_fields}
    return sorted(names) or _FIELD_NAMES


def _rank(kind: str) -> int:
    """Which union branch's errors to show: the one that got furthest, then the one whose
    errors are about keys rather than about the type of the whole value."""
    if kind in ("missing", "extra_forbidden"):
        return 0
    return 2 if kind.endswith("_type") else 1


def _validation_diags(exc: ValidationError, doc: Located, prefix: tuple[str | int, ...],
                      diags: Diagnostics, model: type[BaseModel] | None = None) -> None:
    """Turn pydantic errors into positioned diagnostics (one per place).

    When a value may take several shapes (``int | list[int]``), pydantic reports the errors
    of every branch; only the branch that matched the data best is reported.
    """
    root = doc.data
    # (pos, message, path, kind, union branch: (path where the union is, branch tag))
    found: list[tuple[Pos, Text, tuple[str | int, ...], str,
                      tuple[tuple[str | int, ...], str | int] | None]] = []
    for err in exc.errors():
        data: Any = root
        for part in prefix:
            if isinstance(data, dict):
                data = data.get(part)
            elif isinstance(data, list) and isinstance(part, int):
                data = data[part]
            else:
                data = None
        path: list[str | int] = list(prefix)
        field_name: str | int | None = None
        branch: tuple[tuple[str | int, ...], str | int] | None = None
        kind = err["type"]
        loc = tuple(err["loc"])
        for i, part in enumerate(loc):
            if isinstance(data, dict) and part in data:
                path.append(part)
                data = data[part]
            elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
                path.append(part)
                data = data[part]
            elif i == len(loc) - 1 and kind in ("missing", "extra_forbidden"):
                field_name = part
            elif branch is None:
                branch = (tuple(path), part)  # a union-branch tag such as 'list[int]'
        if kind == "extra_forbidden":
            key = path[-1] if path else field_name
            pos = doc.pos(tuple(path), key=True)
            allowed = _keys_at(model, loc[:-1]) if model is not None else _FIELD_NAMES
            msg = N_("unknown key '%(key)s'%(hint)s", key=str(key),
                     hint=suggest(str(key), allowed))
        elif kind == "missing":
            pos = doc.pos(tuple(path))
            msg = N_("missing required key '%(key)s'", key=str(field_name))
        else:
            pos = doc.pos(tuple(path))
            msg = _value_message(err, path, kind)
        found.append((pos, msg, tuple(path), kind, branch))
    # keep, for each union, only the errors of the branch that matched best
    best: dict[tuple[str | int, ...], tuple[int, int, str | int]] = {}
    for *_, branch in found:
        if branch is None:
            continue
        at, tag = branch
        same = [(len(p), -_rank(k)) for _, _, p, k, b in found if b == branch]
        score = (max(d for d, _ in same), max(r for _, r in same), tag)
        if at not in best or score[:2] > best[at][:2]:
            best[at] = score
    # a misspelt key is one mistake, not two: drop "missing required key 'seed'" beside
    # "unknown key 'sed' (did you mean 'seed'?)" in the same mapping
    misspelt = {(p[:-1] if k == "extra_forbidden" and p else p, m.english().split("'")[-2])
                for _, m, p, k, _ in found
                if k == "extra_forbidden" and "(did you mean '" in m.english()}
    seen: set[Pos] = set()
    for pos, msg, at, kind, branch in found:
        if branch is not None and best[branch[0]][2] != branch[1]:
            continue
        if kind == "missing" and (at, msg.english().split("'")[-2]) in misspelt:
            continue
        if pos in seen:
            continue
        seen.add(pos)
        diags.error(pos, msg)


#: pydantic's error types -> its English message as a msgid, ``%(name)s`` for the values of
#: the error's context (``ge``, ``min_length``...). A message is used only when it is the one
#: pydantic wrote, so a new pydantic wording prints as pydantic writes it.
PYDANTIC_WORDS: dict[str, Text] = {
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional "
                         "part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "list_type": N_("Input should be a valid list"),
    "greater_than_equal": N_("Input should be greater than or equal to %(ge)s"),
    "greater_than": N_("Input should be greater than %(gt)s"),
    "less_than_equal": N_("Input should be less than or equal to %(le)s"),
    "less_than": N_("Input should be less than %(lt)s"),
    "too_short": N_("List should have at least %(min_length)s items after validation, not "
                    "%(actual_length)s"),
    "too_long": N_("List should have at most %(max_length)s items after validation, not "
                   "%(actual_length)s"),
    # the content models' own check of a name (models.py)
    "blank": N_("is empty or only spaces (write the name)"),
}


def _pydantic_words(kind: str, ctx: dict[str, Any], said: str) -> Text:
    """pydantic's message as a message of the catalogues, or as pydantic wrote it."""
    known = PYDANTIC_WORDS.get(kind)
    if known is not None:
        values = tuple((k, str(v)) for k, v in ctx.items() if isinstance(v, (int, float, str)))
        text = Text(known.message, values)
        try:
            if text.english() == said:
                return text
        except (KeyError, ValueError, TypeError):
            pass
    return literal(said)


def _value_message(err: Any, path: list[str | int], kind: str) -> Text:
    """What is wrong with a value, in the content format's words: a validator's own
    message, a type or a limit (``PYDANTIC_WORDS``), else pydantic's words."""
    ctx = err.get("ctx") or {}
    where = next((str(p) for p in reversed(path) if isinstance(p, str)), None)
    if kind == "model_type" or kind == "dict_type":
        return N_("%(key)s: expected a mapping", key=where) if where else \
            N_("expected a mapping")
    if kind == "literal_error":
        expected = str(ctx.get("expected", ""))
        choices = re.findall(r"'([^']*)'", expected)
        value = err.get("input")
        shown = f"'{value}'" if isinstance(value, str) else repr(value)
        if len(shown) > 60:  # a whole list or mapping where a word belongs
            shown = shown[:50] + " ..." + shown[-1:]
        hint = suggest(str(value)[:100], choices)
        quoted = [f"'{c}'" for c in choices]
        if len(quoted) < 2:
            return N_("%(key)s: %(value)s is not one of %(choices)s%(hint)s", key=where or "value",
                      value=shown, choices=expected, hint=hint)
        return N_("%(key)s: %(value)s is not one of %(choices)s or %(last)s%(hint)s",
                  key=where or "value", value=shown, choices=", ".join(quoted[:-1]),
                  last=quoted[-1], hint=hint)
    error = ctx.get("error")
    if isinstance(error, MessageError):
        text: Text = error.text
    else:
        text = _pydantic_words(kind, ctx, err["msg"].removeprefix("Value error, ")
                               .removeprefix("Assertion failed, "))
    if where and kind != "value_error":
        return N_("%(key)s: %(problem)s", key=where, problem=text)
    return text


def validate(model: type[T], doc: Located, prefix: tuple[str | int, ...],
             diags: Diagnostics) -> T | None:
    """The part of ``doc`` at ``prefix`` as a ``model``, or None with its errors reported."""
    data: Any = doc.data
    for part in prefix:
        data = data[part]
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        _validation_diags(exc, doc, prefix, diags, model)
        return None


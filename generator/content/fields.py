"""The field types the content files share (hex labels, ids, names, faces, dice,
multipliers) and the base of every model: how one value of a file is read and what the JSON
Schema says of it. The files' models are in ``generator.content.models``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


def _label(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def _fraction(value: Any) -> Any:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise ValueError("expected a number such as 1, 0.75 or 3/4")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str) and re.fullmatch(r"\s*\d+(\s*/\s*\d+|\.\d+)?\s*", value):
        frac = Fraction(value.replace(" ", ""))
        return frac
    raise ValueError("expected a number such as 1, 0.75 or 3/4")


#: A hex label such as "0304" (quote it in YAML, or write it with its leading zero).
#: (Editors read YAML 1.2, where an unquoted 0304 is the number 304: the schema allows it.)
Label = Annotated[str, BeforeValidator(_label), WithJsonSchema(
    {"anyOf": [{"type": "string", "pattern": "^[0-9]{4,}$"}, {"type": "integer", "minimum": 0}],
     "description": "hex label CCRR: column then row, 1-based, zero-padded, such as \"0304\""})]
#: A location id or a hex label (an unquoted 1203 reads as a number: take it as the label).
Ref = Annotated[str, BeforeValidator(_label), WithJsonSchema(
    {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}],
     "description": "a location id or a hex label"})]
#: A hex label, or a rectangle of hexes "0101-0510" (columns 01-05, rows 01-10, both ends in).
HexOrRange = Annotated[str, BeforeValidator(_label), WithJsonSchema(
    {"anyOf": [{"type": "string", "pattern": "^[0-9]{4,}(-[0-9]{4,})?$"},
               {"type": "integer", "minimum": 0}],
     "description": "a hex label such as \"0304\", or a rectangle \"0101-0510\": the hexes "
                    "from column 01, row 01 to column 05, row 10"})]
Multiplier = Annotated[
    Fraction,
    BeforeValidator(_fraction),
    PlainSerializer(lambda f: str(f), return_type=str),
    WithJsonSchema({"oneOf": [{"type": "number"}, {"type": "string",
                                                  "pattern": r"^\d+(/\d+)?$"}]}),
]
FACES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: A face of a hex: N NE SE S SW NW on a flat-top map, NE E SE SW W NW on a pointy-top one.
#: The loader checks it against the map's own orientation (and suggests the nearest face), so
#: the model takes any text; the schema lists every face of either orientation.
Face = Annotated[str, WithJsonSchema(
    {"enum": list(FACES),
     "description": "a face of the map's hexes: N NE SE S SW NW (flat-top maps) or NE E SE SW "
                    "W NW (pointy-top maps)"})]
Die = Annotated[str, Field(pattern=r"^d(4|6|8|10|12|20)$")]


def _not_blank(value: str) -> str:
    if not value.strip():
        raise PydanticCustomError("blank", "is empty or only spaces (write the name)")
    return value


#: A name or title a page shows: anything but empty or only spaces.
Name = Annotated[str, AfterValidator(_not_blank), WithJsonSchema(
    {"type": "string", "minLength": 1, "pattern": "\\S"})]
Audience = Literal["gm", "players"]

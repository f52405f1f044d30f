"""JSON Schema checks of source objects (Draft 2020-12, the schemas in deckcheck/sources/schemas/).

jsonschema's validators cost about 150 microseconds per card object, more than parsing the object, so
each schema is also compiled here into plain Python predicates for the keywords our schemas use. The
fast predicate decides; jsonschema explains the failures (the message for an invalid object) and
tests check that both agree on every real object. A schema with a keyword the compiler does not know
is checked by jsonschema alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

Check = Callable[[Any], bool]

_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "$defs", "title", "description", "examples",
                          "default", "deprecated"})


class _Unsupported(Exception):
    """A schema keyword the fast compiler does not handle."""


_TYPE_TESTS = {
    "string": "type({v}) is str",
    "object": "type({v}) is dict",
    "array": "type({v}) is list",
    "boolean": "type({v}) is bool",
    "null": "{v} is None",
    "number": "type({v}) in (int, float)",
    "integer": "(type({v}) is int or (type({v}) is float and {v}.is_integer()))",
}


class _Compiler:
    """Turns a schema into the Python source of one predicate function per (sub)schema, then execs it:
    nested ifs instead of a tree of closures, about twenty times faster than jsonschema here."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.functions: list[str] = []
        self.constants: dict[str, Any] = {"_MISSING": object(), "re": re}
        self.refs: dict[str, str] = {}
        self.counter = 0

    def _name(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def _const(self, value: Any) -> str:
        name = self._name("_C")
        self.constants[name] = value
        return name

    def function(self, schema: Any) -> str:
        """Emit a function ``name(v) -> bool`` for ``schema``; return its name."""
        name = self._name("_check")
        lines = [f"def {name}(v0):"]
        self._body(schema, "v0", lines, 1)
        lines.append("    return True")
        self.functions.append("\n".join(lines))
        return name

    def _body(self, schema: Any, v: str, lines: list[str], depth: int) -> None:
        pad = "    " * depth
        if schema is True or schema == {}:
            return
        if schema is False:
            lines.append(f"{pad}return False")
            return
        if not isinstance(schema, dict):
            raise _Unsupported("schema is not an object")
        for key, arg in schema.items():
            if key in _ANNOTATIONS:
                continue
            if key == "$ref":
                if not isinstance(arg, str) or not arg.startswith("#/$defs/"):
                    raise _Unsupported(f"$ref {arg}")
                if arg not in self.refs:
                    self.refs[arg] = ""  # guards against recursion while compiling
                    self.refs[arg] = self.function(self.root["$defs"][arg[len("#/$defs/"):]])
                if not self.refs[arg]:
                    raise _Unsupported("recursive $ref")
                lines.append(f"{pad}if not {self.refs[arg]}({v}): return False")
            elif key == "type":
                names = [arg] if isinstance(arg, str) else list(arg)
                if any(n not in _TYPE_TESTS for n in names):
                    raise _Unsupported(f"type {arg}")
                test = " or ".join(_TYPE_TESTS[n].format(v=v) for n in names)
                lines.append(f"{pad}if not ({test}): return False")
            elif key == "required":
                if arg:
                    keys = " and ".join(f"{k!r} in {v}" for k in arg)
                    lines.append(f"{pad}if type({v}) is dict and not ({keys}): return False")
            elif key == "properties":
                lines.append(f"{pad}if type({v}) is dict:")
                lines.append(f"{pad}    pass")
                inner = f"v{depth}"
                for prop, sub in arg.items():
                    lines.append(f"{pad}    {inner} = {v}.get({prop!r}, _MISSING)")
                    lines.append(f"{pad}    if {inner} is not _MISSING:")
                    before = len(lines)
                    self._body(sub, inner, lines, depth + 2)
                    if len(lines) == before:
                        lines.append(f"{pad}        pass")
            elif key == "additionalProperties":
                if "patternProperties" in schema:
                    raise _Unsupported("additionalProperties with patternProperties")
                known = self._const(frozenset(schema.get("properties", {})))
                sub = self.function(arg)
                lines.append(f"{pad}if type({v}) is dict and not all({sub}(x) for k, x in {v}.items() "
                             f"if k not in {known}): return False")
            elif key == "items":
                if not isinstance(arg, (dict, bool)):
                    raise _Unsupported("items as a list")
                inner = f"v{depth}"
                lines.append(f"{pad}if type({v}) is list:")
                lines.append(f"{pad}    for {inner} in {v}:")
                before = len(lines)
                self._body(arg, inner, lines, depth + 2)
                if len(lines) == before:
                    lines.append(f"{pad}        pass")
            elif key in ("enum", "const"):
                values = list(arg) if key == "enum" else [arg]
                if values and all(type(x) is str for x in values):
                    c = self._const(frozenset(values))
                    lines.append(f"{pad}if type({v}) is not str or {v} not in {c}: return False")
                else:
                    c = self._const(tuple(values))
                    lines.append(f"{pad}if not any(type({v}) is type(a) and {v} == a for a in {c}): "
                                 f"return False")
            elif key == "minLength":
                lines.append(f"{pad}if type({v}) is str and len({v}) < {int(arg)}: return False")
            elif key == "maxLength":
                lines.append(f"{pad}if type({v}) is str and len({v}) > {int(arg)}: return False")
            elif key == "minItems":
                lines.append(f"{pad}if type({v}) is list and len({v}) < {int(arg)}: return False")
            elif key == "pattern":
                c = self._const(re.compile(arg))
                lines.append(f"{pad}if type({v}) is str and {c}.search({v}) is None: return False")
            elif key == "minimum":
                lines.append(f"{pad}if type({v}) in (int, float) and {v} < {arg!r}: return False")
            elif key == "if":
                test = self.function(arg)
                then = self.function(schema.get("then", True))
                other = self.function(schema.get("else", True))
                lines.append(f"{pad}if not ({then}({v}) if {test}({v}) else {other}({v})): return False")
            elif key in ("then", "else"):
                continue  # compiled with "if"
            elif key == "anyOf":
                subs = [self.function(sub) for sub in arg]
                test = " or ".join(f"{f}({v})" for f in subs)
                lines.append(f"{pad}if not ({test}): return False")
            else:
                raise _Unsupported(key)


def compile_schema(schema: dict[str, Any]) -> Check:
    """A fast predicate equivalent to ``schema`` (raises _Unsupported for keywords it lacks)."""
    compiler = _Compiler(schema)
    entry = compiler.function(schema)
    namespace = dict(compiler.constants)
    exec("\n\n".join(compiler.functions), namespace)  # noqa: S102 - code generated from our own schema
    return namespace[entry]


#: The longest a reason for an invalid object gets (jsonschema quotes the bad value in full).
MAX_PROBLEM = 200


class SchemaValidator:
    """A compiled Draft 2020-12 validator of one source object shape; ``problem(obj)`` is None for a
    valid object, else a one-line reason. jsonschema (its import alone takes 0.13 s, a twentieth of a whole
    `deckcheck update --file`) is loaded only when needed: to explain an invalid object, or to validate
    against a schema the fast compiler does not take."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        try:
            self.fast: Check | None = compile_schema(schema)
        except _Unsupported:
            self.fast = None

    @cached_property
    def _jsonschema(self) -> Any:
        """jsonschema's validator of the schema (the schema checked against Draft 2020-12 first)."""
        from jsonschema import Draft202012Validator

        Draft202012Validator.check_schema(self.schema)
        return Draft202012Validator(self.schema)

    def is_valid(self, obj: Any) -> bool:
        """Whether the object matches the schema (the fast predicate when the schema allows it)."""
        if self.fast is not None:
            return self.fast(obj)
        return self._jsonschema.is_valid(obj)

    def problem(self, obj: Any) -> str | None:
        """None for a valid object, else why it is invalid, e.g. "'oracle_id' is a required property"."""
        if self.is_valid(obj):
            return None
        from jsonschema.exceptions import best_match

        error = best_match(self._jsonschema.iter_errors(obj))
        if error is None:  # the fast predicate and jsonschema disagree: trust jsonschema
            return None
        where = "/".join(str(p) for p in error.absolute_path)
        message = error.message  # quotes the bad value whole: keep its start and the reason at the end
        if len(message) > MAX_PROBLEM:
            half = (MAX_PROBLEM - 3) // 2  # and " … " between
            message = f"{message[:half]} … {message[-half:]}"
        return f"{where}: {message}" if where else message

    def jsonschema_is_valid(self, obj: Any) -> bool:
        """jsonschema's own verdict (for tests that compare it with the fast predicate)."""
        return self._jsonschema.is_valid(obj)


@lru_cache(maxsize=None)
def load_validator(name: str) -> SchemaValidator:
    """The validator for schemas/<name>.json."""
    text = resources.files("deckcheck.sources").joinpath("schemas", f"{name}.json").read_text("utf-8")
    return SchemaValidator(json.loads(text))

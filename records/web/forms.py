"""Forms built from JSON Schema: a game's options and an event type's data, as inputs.

An engine describes its options and its events by JSON Schema (``engine.describe()``), so a
page builds its inputs from that, not from a copy of it: a boolean is a checkbox, an ``enum`` a
choice, a set of an ``enum``'s values (``uniqueItems``) a checkbox each, a number a number, a
string a text, and anything else nested (objects, arrays, ``anyOf``) a textarea of JSON with the
example as its hint. The form only turns what was typed into JSON;
whether it fits the schema is the service's to judge (``shape_errors``, as for the API).
"""

from __future__ import annotations

import json

from django import forms

from games.contract import JSON

#: A value left blank: the property is left out (or null, where the schema allows null).
BLANK = ""


def _types(schema: dict) -> set[str]:
    kind = schema.get("type", ())
    return {kind} if isinstance(kind, str) else set(kind)


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _choice_label(value: JSON) -> str:
    return "none" if value is None else str(value).replace("_", " ")


class _JSONText(forms.JSONField):
    """A textarea of JSON whose blank is "left out", not null."""

    def to_python(self, value):
        return None if value in (None, BLANK) else super().to_python(value)


def schema_field(schema: dict, *, required: bool, example: JSON = None) -> forms.Field:
    """The input for one property of an object schema. ``example`` (the event type's example
    value of this property, if any) becomes the hint."""
    help_text = schema.get("description", "")
    kinds = _types(schema)
    nullable = "null" in kinds or None in schema.get("enum", ())
    common = {"required": required and not nullable, "help_text": help_text}
    if "enum" in schema:
        choices = [(json.dumps(v), _choice_label(v)) for v in schema["enum"]]
        if not common["required"] and None not in schema["enum"]:
            choices.insert(0, (BLANK, "—"))
        return forms.TypedChoiceField(choices=choices, coerce=json.loads, empty_value=None, **common)
    items = schema.get("items", {})
    if kinds == {"array"} and schema.get("uniqueItems") and "enum" in items:
        return forms.TypedMultipleChoiceField(
            choices=[(json.dumps(v), _choice_label(v)) for v in items["enum"]],
            coerce=json.loads,
            widget=forms.CheckboxSelectMultiple,
            **common,
        )
    if kinds - {"null"} == {"boolean"}:
        return forms.BooleanField(required=False, help_text=help_text)
    if kinds - {"null"} == {"integer"}:
        return forms.IntegerField(min_value=schema.get("minimum"), max_value=schema.get("maximum"), **common)
    if kinds - {"null"} == {"number"}:
        return forms.FloatField(min_value=schema.get("minimum"), max_value=schema.get("maximum"), **common)
    if kinds - {"null"} == {"string"}:
        return forms.CharField(
            min_length=schema.get("minLength"), max_length=schema.get("maxLength"), strip=False, **common
        )
    hint = "JSON" + (f", e.g. {json.dumps(example)}" if example is not None else "")
    return _JSONText(
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": json.dumps(example) if example is not None else ""}),
        required=common["required"],
        help_text=f"{help_text} ({hint})" if help_text else hint,
    )


def whole(number: float) -> float | int:
    """12.0 typed into a number field is the 12 a person means (and the API would send)."""
    return int(number) if isinstance(number, float) and number.is_integer() else number


class SchemaForm(forms.Form):
    """The properties of an object ``schema`` as inputs, named ``<prefix>-<property>``;
    :meth:`json` gives back the object typed (a blank optional property left out, a blank
    nullable one null)."""

    def __init__(self, schema: dict, *args, example: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.schema = schema
        required = set(schema.get("required", ()))
        example = example or {}
        for name, prop in schema.get("properties", {}).items():
            field = schema_field(prop, required=name in required, example=example.get(name))
            field.label = _label(name)
            self.fields[name] = field

    def json(self) -> dict[str, JSON]:
        """The object typed (call after ``is_valid``)."""
        required = set(self.schema.get("required", ()))
        typed = {}
        for name, value in self.cleaned_data.items():
            field = self.fields[name]
            if isinstance(field, forms.BooleanField):
                if value or name in required:
                    typed[name] = value
            elif value is None or value == BLANK or value == []:
                if name in required:
                    typed[name] = None
            else:
                typed[name] = whole(value)
        return typed

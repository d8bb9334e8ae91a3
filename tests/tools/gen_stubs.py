"""Writes python/mjsim/__init__.pyi, the type stubs editors read, from the built extension:
every class (properties, methods), enum (members) and function (signature and docstring) that
mjsim re-exports. Run after building:  PYTHONPATH=python python tests/tools/gen_stubs.py
tests/unit/test_stubs.py checks that the stubs list every public name."""

import ast
import inspect
import keyword
import pathlib
import re

import mjsim

STUB = pathlib.Path(mjsim.__file__).with_name("__init__.pyi")


def strip_annotated(text):
    """typing.Annotated[X, extra...] -> X, brackets matched."""
    marker = "typing.Annotated["
    while marker in text:
        start = text.index(marker)
        depth, i, comma = 1, start + len(marker), None
        while depth:
            if text[i] == "[":
                depth += 1
            elif text[i] == "]":
                depth -= 1
            elif text[i] == "," and depth == 1 and comma is None:
                comma = i
            i += 1
        inner = text[start + len(marker):comma if comma is not None else i - 1]
        text = text[:start] + inner + text[i:]
    return text


def clean(text):
    text = strip_annotated(text.replace("mjsim._core.", ""))
    return re.sub(r"numpy\.ndarray\[[^\]]*\]", "numpy.ndarray", text)


def parses(line):
    try:
        ast.parse(line + " ...")
        return True
    except SyntaxError:
        return False


def signature_of(function, name, indent=""):
    """`def name(...) -> ...: ...` lines from a pybind11 docstring (overloads: the first)."""
    doc = function.__doc__ or ""
    lines = [line for line in doc.splitlines() if line.strip()]
    first = lines[0] if lines else f"{name}(*args, **kwargs) -> object"
    first = re.sub(r"^\d+\. ", "", first.strip())
    if not first.startswith(name + "("):
        first = f"{name}(*args, **kwargs) -> object"
    summary = [line.strip() for line in lines[1:] if not line.startswith(("Overloaded", "1.", "2."))]
    header = f"def {clean(first)}:"
    if not parses(header):
        header = f"def {name}(*args: Any, **kwargs: Any) -> Any:"
    out = [f"{indent}{header}"]
    if summary:
        out.append(f'{indent}    """{" ".join(summary)}"""')
    else:
        out.append(f"{indent}    ...")
    return out


def python_signature(function, name, indent=""):
    """`def name(...)` with the docstring's first paragraph, for a function written in Python."""
    header = f"def {name}{inspect.signature(function)}:".replace("<", "'<").replace(">", ">'")
    if not parses(header):
        header = f"def {name}(*args: Any, **kwargs: Any) -> Any:"
    doc = (inspect.getdoc(function) or "").split("\n\n")[0].replace("\n", " ")
    return [f"{indent}{header}", f'{indent}    """{doc}"""' if doc else f"{indent}    ..."]


def is_enum(cls):
    return hasattr(cls, "__members__")


def enum_stub(name, cls):
    out = [f"class {name}:", "    name: str", "    value: int",
           "    def __init__(self, value: int) -> None: ...", "    def __int__(self) -> int: ...",
           "    def __index__(self) -> int: ...",
           f"    def __or__(self, other: {name} | int) -> int: ..."]
    out += [f"    {member}: ClassVar[{name}]" for member in cls.__members__]
    out.append(f"    __members__: ClassVar[dict[str, {name}]]")
    return out


def property_type(cls, attribute, sample):
    value = sample.get(attribute)
    if value is None:
        return "Any"
    for kind, text in ((bool, "bool"), (int, "int"), (float, "float"), (bytes, "bytes"),
                       (str, "str")):
        if isinstance(value, kind):
            return text
    if type(value).__name__ == "ndarray":
        return "numpy.ndarray"
    return clean(type(value).__name__)


def class_stub(name, cls, sample):
    doc = (cls.__doc__ or "").strip().splitlines()
    out = [f"class {name}:"]
    if doc:
        out.append(f'    """{doc[0]}"""')
    for attribute, member in sorted(vars(cls).items()):
        if attribute.startswith("_") and attribute not in ("__init__", "__copy__", "__deepcopy__"):
            continue
        if keyword.iskeyword(attribute):  # e.g. MjVisual.global: reachable only by getattr
            continue
        if isinstance(member, property):
            out.append(f"    {attribute}: {property_type(cls, attribute, sample)}")
        elif isinstance(member, staticmethod) or type(member).__name__ == "staticmethod":
            out.append("    @staticmethod")
            function = getattr(cls, attribute)
            describe = python_signature if inspect.isfunction(function) else signature_of
            out += describe(function, attribute, "    ")
        elif inspect.isfunction(member):  # added in Python (bind, recompile, ...)
            out += python_signature(member, attribute, "    ")
        elif callable(member):
            out += signature_of(member, attribute, "    ")
    if len(out) == 1 + bool(doc):
        out.append("    ...")
    return out


def samples():
    """Property values of real objects, for their types."""
    m = mjsim.MjModel.from_xml_string(
        "<mujoco><worldbody><body><freejoint/><geom size='.1'/></body></worldbody></mujoco>")
    d = mjsim.MjData(m)
    objects = {"MjModel": m, "MjData": d, "MjOption": m.opt, "MjStatistic": m.stat,
               "MjVisual": m.vis}
    result = {}
    for name, obj in objects.items():
        result[name] = {a: getattr(obj, a) for a in dir(obj) if not a.startswith("_")}
    return result


def main():
    values = samples()
    lines = ['"""Type stubs for mjsim (generated by tests/tools/gen_stubs.py; do not edit)."""',
             "", "import typing", "from typing import Any, ClassVar", "", "import numpy",
             "import numpy.typing", "",
             "__version__: str", "__mjsim_version__: str", ""]
    for name in ("install_as_mujoco", "mju_getXMLDependencies"):  # not in __all__
        lines += python_signature(getattr(mjsim, name), name) + [""]
    written = ("install_as_mujoco", "mju_getXMLDependencies")
    names = sorted(n for n in mjsim.__all__ if n not in written)
    for name in names:
        obj = getattr(mjsim, name)
        if inspect.isclass(obj) and is_enum(obj):
            lines += enum_stub(name, obj) + [""]
        elif inspect.isclass(obj) and issubclass(obj, BaseException):
            lines += [f"class {name}(Exception):", "    ...", ""]
        elif inspect.isclass(obj):
            lines += class_stub(name, obj, values.get(name, {})) + [""]
    for name in names:
        obj = getattr(mjsim, name)
        if inspect.isclass(obj):
            continue
        if inspect.isfunction(obj):  # written in Python: its own signature
            lines += python_signature(obj, name) + [""]
        elif callable(obj):
            lines += signature_of(obj, name) + [""]
        else:
            lines += [f"{name}: {type(obj).__name__}", ""]
    STUB.write_text("\n".join(lines))
    print(f"wrote {STUB} ({len(names)} names)")


if __name__ == "__main__":
    main()

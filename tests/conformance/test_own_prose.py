"""mjsim's docstrings are its own prose, not the reference's (mujoco 3.3.7) copied.

For every public function, class, method and property that mjsim and the reference both have,
our docstring is compared with the reference's texts for the same name:

- its docstring (``mujoco.mj_step.__doc__``, ``mujoco.MjModel.from_xml_path.__doc__``), and
- the comment the reference's headers give the name (``include/mujoco/*.h`` in the installed
  wheel): the comment above a function's declaration in mujoco.h, and the comment after a
  struct member in mjmodel.h / mjdata.h, which is the only description the reference has of
  most fields (its property docstrings are empty).

Both texts are normalized the same way: pybind11's signature lines and its enum "Members:"
lists are dropped, the rest is lowercased and split into words at whitespace and punctuation
("dist<margin-gap" is three words). A docstring is an offender when

1. its longest run of words in common with a reference text is 8 words or more;
2. it contains a whole reference text of 5 words or more (equal texts included); or
3. a reference text of 6 to 12 words is nearly in it: some stretch of ours, at most 3 words
   longer, holds 80% of its words in their order ("number of cost evaluations in the line
   search" against "number of cost evaluations in line search").

Why these numbers. Shared facts are short: a symbol, a phrase like "number of bodies",
"center of mass", "in the body frame", "joint position" (1-4 words; rules 2 and 3 leave a
reference text of 1-4 or 1-5 words alone, so terse descriptions may coincide with the
reference's). An 8-word run is a clause: after the rewrite that introduced this test, no
docstring shares more than 7 words in a row with the reference, and those 6-7 word runs are
formulas and parameter lists (`x = inv(L'DL) y`, a muscle's "force, scale, lmin, lmax, vmax,
fpmax, fvmax"), while the copies found before it mostly shared whole sentences. Rules 2 and 3
catch what rule 1 cannot: the reference's field comments are mostly 5-7 words long, so a
copied comment never reaches 8, and copying it with "the" inserted or a "(file.cc)" appended
is still copying.

Measured when the test was introduced: 500 offenders among 1094 docstrings compared (130
functions, the rest struct members and Model/Data fields; rule 3 then also covered 5-word
texts); after the rewrite, 0 among 1120. Python's own texts (object.__init__,
BaseException.add_note, staticmethod's) are not ours and are skipped.

The failure lists every offender with both texts. The measured count, in one command:

    python -m pytest tests/conformance/test_own_prose.py -q -p no:randomly
"""

from __future__ import annotations

import inspect
import pathlib
import re

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

RUN_LIMIT = 8  # rule 1: a common run of this many words is copying
WHOLE_LIMIT = 5  # rule 2: a whole reference text of this many words inside ours is copying
NEAR_LONGEST = 12  # rule 3 looks at reference texts of WHOLE_LIMIT + 1 to this many words

HEADERS = pathlib.Path(mujoco.__file__).parent / "include" / "mujoco"

# reference header struct -> the class (as "Class" or "Class.Nested") that exposes its members
STRUCT_CLASSES = {
    "mjModel_": "MjModel",
    "mjVisual_": "MjVisual",
    "mjData_": "MjData",
    "mjOption_": "MjOption",
    "mjStatistic_": "MjStatistic",
    "mjContact_": "MjContact",
    "mjWarningStat_": "MjWarningStat",
    "mjTimerStat_": "MjTimerStat",
    "mjSolverStat_": "MjSolverStat",
    "mjLROpt_": "MjLROpt",
    "global": "MjVisual.Global",
    "quality": "MjVisual.Quality",
    "headlight": "MjVisual.Headlight",
    "map": "MjVisual.Map",
    "scale": "MjVisual.Scale",
    "rgba": "MjVisual.Rgba",
}

SIGNATURE = re.compile(r"^\s*(\d+\.\s+)?[A-Za-z_][\w.]*\(.*\)\s*(->.*)?$")


def strip_pybind(doc: str | None) -> str:
    """The prose of a docstring: without pybind11's signature lines, its "Overloaded function."
    line, and the member list it gives an enum."""
    if not doc:
        return ""
    doc = doc.split("Members:")[0]
    lines = [line for line in doc.splitlines()
             if not SIGNATURE.match(line) and line.strip() != "Overloaded function."]
    return "\n".join(lines)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", strip_pybind(text).lower())


def longest_common_run(ours: list[str], theirs: list[str]) -> int:
    best = 0
    previous = [0] * (len(theirs) + 1)
    for a in ours:
        current = [0] * (len(theirs) + 1)
        for j, b in enumerate(theirs, 1):
            if a == b:
                current[j] = previous[j - 1] + 1
                best = max(best, current[j])
        previous = current
    return best


def common_subsequence(ours: list[str], theirs: list[str]) -> int:
    previous = [0] * (len(theirs) + 1)
    for a in ours:
        current = [0]
        for j, b in enumerate(theirs, 1):
            current.append(previous[j - 1] + 1 if a == b else max(previous[j], current[j - 1]))
        previous = current
    return previous[-1]


def nearly_contains(ours: list[str], theirs: list[str]) -> bool:
    """Some stretch of ours, at most 3 words longer than theirs, holds 80% of theirs' words in
    their order ("number of cost evaluations in the line search" vs "... in line search")."""
    if not WHOLE_LIMIT < len(theirs) <= NEAR_LONGEST:
        return False
    span, needed = len(theirs) + 3, -(-4 * len(theirs) // 5)
    return any(common_subsequence(ours[i:i + span], theirs) >= needed
               for i in range(max(1, len(ours) - len(theirs) + 1)))


def contains(ours: list[str], theirs: list[str]) -> bool:
    n = len(theirs)
    return any(ours[i:i + n] == theirs for i in range(len(ours) - n + 1))


# ---- the reference's texts ------------------------------------------------------------------

def header_member_comments() -> dict[str, str]:
    """"Class.member" -> the trailing comment of that member in mjmodel.h and mjdata.h (its
    shape suffix "(nbody x 3)" dropped), plus "Class" -> the comment on the struct line."""
    comments: dict[str, str] = {}
    for header in ("mjmodel.h", "mjdata.h"):
        stack: list[str | None] = []
        for line in (HEADERS / header).read_text().splitlines():
            code, _, comment = line.partition("//")
            comment = re.sub(r"\(\s*[\w*+ -]+ x [\w*+ -]+\)\s*$", "", comment).strip()
            opened = re.match(r"\s*struct\s+(\w+)\s*\{", code)
            if opened:
                owner = STRUCT_CLASSES.get(opened.group(1))
                stack.append(owner)
                if owner and comment:
                    comments[owner] = comment
                continue
            if "{" in code:
                stack.append(None)
            if re.match(r"\s*\}", code) and stack:
                stack.pop()
                continue
            if not stack or stack[-1] is None or not comment:
                continue
            member = re.match(r"\s*[\w\s*]+?\**\s*(\w+)\s*(\[[^\]]*\])*\s*;", code)
            if member:
                comments[f"{stack[-1]}.{member.group(1)}"] = comment
    return comments


def header_nested_visual_comments() -> dict[str, str]:
    """mjVisual's nested structs are anonymous (`struct { ... } global;`): their members'
    comments, keyed "MjVisual.Global.member"."""
    comments: dict[str, str] = {}
    text = (HEADERS / "mjmodel.h").read_text()
    body = text[text.index("struct mjVisual_"):]
    body = body[:body.index("\n};")]
    for title, block, name in re.findall(r"struct\s*\{([^\n]*)\n(.*?)\}\s*(\w+)\s*;", body,
                                         re.S):
        owner = STRUCT_CLASSES.get(name)
        if not owner:
            continue
        if title.strip().startswith("//"):
            comments[owner] = title.strip()[2:].strip()
        for line in block.splitlines():
            code, _, comment = line.partition("//")
            member = re.match(r"\s*[\w\s*]+?\**\s*(\w+)\s*(\[[^\]]*\])*\s*;", code)
            if member and comment.strip():
                comments[f"{owner}.{member.group(1)}"] = comment.strip()
    return comments


def header_function_comments() -> dict[str, str]:
    """Function name -> the comment lines right above its MJAPI declaration in mujoco.h."""
    comments: dict[str, str] = {}
    pending: list[str] = []
    for line in (HEADERS / "mujoco.h").read_text().splitlines():
        stripped = line.strip()
        if stripped.startswith("//"):
            pending.append(stripped[2:].strip())
            continue
        if stripped.startswith("MJAPI"):
            name = re.search(r"(\w+)\s*\(", stripped)
            if name and pending:
                comments[name.group(1)] = " ".join(pending)
        pending = []
    return comments


def reference_texts() -> dict[str, list[str]]:
    texts: dict[str, list[str]] = {}
    for source in (header_member_comments(), header_nested_visual_comments(),
                   header_function_comments()):
        for key, text in source.items():
            texts.setdefault(key, []).append(text)
    return texts


# ---- the names both have --------------------------------------------------------------------

def member_doc(owner, name: str) -> str | None:
    """The docstring of owner.name as its class defines it (a property's own doc)."""
    for klass in inspect.getmro(owner) if inspect.isclass(owner) else [owner]:
        if name in vars(klass):
            if getattr(klass, "__module__", None) == "builtins":
                return None  # Python's own (object.__init__, BaseException.add_note)
            value = vars(klass)[name]
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            doc = getattr(value, "__doc__", None)
            if doc == getattr(getattr(object, name, None), "__doc__", None):
                return None  # pybind11's stand-in __init__ carries object.__init__'s text
            return doc
    return getattr(getattr(owner, name, None), "__doc__", None)


def public_members(klass) -> list[str]:
    return [name for name in dir(klass) if not name.startswith("_") or name == "__init__"]


def shared_docs():
    """(qualified name, mjsim docstring, reference docstring) for every name both have."""
    found = []

    def visit(prefix: str, ours, theirs, depth: int):
        for name in public_members(ours) if depth else dir(ours):
            if name.startswith("_") and (depth == 0 or name != "__init__"):
                continue
            if not hasattr(theirs, name):
                continue
            qualified = f"{prefix}{name}"
            our_value, their_value = getattr(ours, name), getattr(theirs, name)
            if inspect.ismodule(our_value):
                continue
            if depth:
                our_doc, their_doc = member_doc(ours, name), member_doc(theirs, name)
            else:
                our_doc = getattr(our_value, "__doc__", None)
                their_doc = getattr(their_value, "__doc__", None)
            if isinstance(our_value, (int, float, str, bytes, tuple)) and not inspect.isclass(
                    our_value):
                continue  # constants: their __doc__ is the type's
            found.append((qualified, our_doc, their_doc))
            if inspect.isclass(our_value) and inspect.isclass(their_value) and depth < 2:
                visit(qualified + ".", our_value, their_value, depth + 1)

    visit("", mjsim, mujoco, 0)
    return found


def named_view_docs():
    """The classes of named access (m.body(0), d.joint(0)) under their reference names."""
    model = mujoco.MjModel.from_xml_string(
        "<mujoco><worldbody><body><joint/><geom size='1'/></body></worldbody></mujoco>")
    ours = mjsim.MjModel.from_xml_string(
        "<mujoco><worldbody><body><joint/><geom size='1'/></body></worldbody></mujoco>")
    found = []
    for owner_ref, owner_ours in ((model, ours),
                                  (mujoco.MjData(model), mjsim.MjData(ours))):
        for kind in ("body", "joint", "geom"):
            their_view, our_view = getattr(owner_ref, kind)(0), getattr(owner_ours, kind)(0)
            their_class, our_class = type(their_view), type(our_view)
            label = their_class.__name__
            found.append((label, our_class.__doc__, their_class.__doc__))
            for name in public_members(their_class):
                if hasattr(our_class, name):
                    found.append((f"{label}.{name}", member_doc(our_class, name),
                                  member_doc(their_class, name)))
    return found


def struct_list_docs():
    """The list classes of d.contact, d.warning, d.timer and d.solver: their members are the
    element struct's, so the header comments are looked up under the struct's name."""
    model = mujoco.MjModel.from_xml_string("<mujoco/>")
    ours = mjsim.MjModel.from_xml_string("<mujoco/>")
    their_data, our_data = mujoco.MjData(model), mjsim.MjData(ours)
    found = []
    for attribute, struct in (("contact", "MjContact"), ("warning", "MjWarningStat"),
                              ("timer", "MjTimerStat"), ("solver", "MjSolverStat")):
        their_class = type(getattr(their_data, attribute))
        our_class = type(getattr(our_data, attribute))
        found.append((their_class.__name__, our_class.__doc__, their_class.__doc__))
        for name in public_members(their_class):
            if hasattr(our_class, name):
                found.append((f"{struct}.{name}", member_doc(our_class, name),
                              member_doc(their_class, name)))
    return found


def offenders() -> list[str]:
    references = reference_texts()
    report = []
    compared = [("module", mjsim.__doc__, mujoco.__doc__)]
    compared += shared_docs() + named_view_docs() + struct_list_docs()
    for qualified, our_doc, their_doc in compared:
        ours = words(our_doc or "")
        if not ours:
            continue
        candidates = [their_doc or ""] + references.get(qualified, [])
        for candidate in candidates:
            theirs = words(candidate)
            if not theirs:
                continue
            run = longest_common_run(ours, theirs)
            whole = len(theirs) >= WHOLE_LIMIT and contains(ours, theirs)
            whole = whole or nearly_contains(ours, theirs)
            if run >= RUN_LIMIT or whole:
                report.append(f"{qualified}: {run} words in common\n"
                              f"    mjsim:     {' '.join(ours)}\n"
                              f"    reference: {' '.join(theirs)}")
                break
    return report


def test_normalization_drops_signatures():
    doc = ("mj_step(m: mujoco._structs.MjModel, d: mujoco._structs.MjData) -> None\n\n"
           "Advance simulation.\n")
    assert words(doc) == ["advance", "simulation"]
    assert words("Members:\n\n  mjJNT_FREE\n\n  mjJNT_BALL") == []


def test_rules_flag_copies_not_facts():
    assert longest_common_run("a b c d e f".split(), "x c d e y".split()) == 3
    assert contains(words("center of mass of each subtree (com.cc)"),
                    words("center of mass of each subtree"))
    assert not contains(words("position of the joint"), words("joint position"))
    assert nearly_contains(words("number of cost evaluations in the line search"),
                           words("number of cost evaluations in line search"))
    assert not nearly_contains(words("cost evaluations of the line search"),
                               words("number of cost evaluations in line search"))
    assert not nearly_contains(words("world position of the body frame"),
                               words("Cartesian position of body frame"))  # 5 words: a fact


def test_reference_texts_are_found():
    """The header parsing finds the comments it is meant to compare with."""
    texts = reference_texts()
    assert "position offset rel. to parent body" in texts["MjModel.body_pos"][0]
    assert "MjOption.timestep" in texts and "MjContact.dist" in texts
    assert "MjVisual.Global.fovy" in texts
    assert "mj_step" in texts


def test_docstrings_are_our_own_prose():
    found = offenders()
    assert not found, f"{len(found)} docstrings copy the reference's:\n" + "\n".join(found)


def test_stub_docstrings_match_the_module():
    """__init__.pyi carries the same prose as the module, so editors show our own words too
    (the stubs are edited by hand when a docstring changes)."""
    import ast

    stub = pathlib.Path(mjsim.__file__).with_name("__init__.pyi")
    tree = ast.parse(stub.read_text())
    stale = []

    def check(qualified, node, value):
        doc = ast.get_docstring(node)
        if doc is None or value is None:
            return
        ours, runtime = words(doc), words(value.__doc__ or "")
        if runtime[:len(ours)] != ours:  # a stub may stop after the summary
            stale.append(f"{qualified}:\n    stub:   {' '.join(ours)}\n"
                         f"    module: {' '.join(runtime)}")

    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            check(node.name, node, getattr(mjsim, node.name, None))
        elif isinstance(node, ast.ClassDef) and hasattr(mjsim, node.name):
            klass = getattr(mjsim, node.name)
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and member.name in vars(klass):
                    value = vars(klass)[member.name]
                    if isinstance(value, (staticmethod, classmethod)):
                        value = value.__func__
                    check(f"{node.name}.{member.name}", member, value)
    assert not stale, f"{len(stale)} stub docstrings differ from the module's:\n" + "\n".join(stale)

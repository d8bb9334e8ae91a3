"""Every public name of the reference (mujoco 3.3.7) exists in mjsim: the module's names, and
the public members of each class both have (MjModel, MjData, the small structs, the stat and
contact lists, the named-access views of every object kind), unless it is on one of the lists
below: names left to a later issue (DEFERRED), or modules and typing helpers the reference's
__init__ happens to import (NOT_API).

Each reference name is one test case: present in mjsim (pass), deferred (skipped, the reason
names the issue), or missing (fail). A deferred name that mjsim has gained fails too, so the
lists only shrink. The deferred names, with their count per issue and in all, in one command:

    python -m pytest tests/conformance/test_public_names.py -rA -k later_issues -q | grep -A200 "names left"

(`-rs` instead lists the skipped cases grouped by issue, with a count each.)
"""

from __future__ import annotations

import re

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

# ---- names left to later issues ------------------------------------------------------------

# (issue, what it builds, rule): a rule is a regular expression over "name" for module names or
# "Class.member" for members (Class as the reference spells it; named views as
# _MjModelBodyViews). Every rule is matched against the reference's names, so the printed
# list is explicit.
DEFERRED_RULES = [
    ("30 flex and deformables", "flex collision and ray functions, flex Data arrays",
     r"mj_flex|mju_ray(Flex|Skin)"),
    ("plugins", "engine plugins", r"PLUGIN_HANDLES|mj_load(All)?PluginLibrar(y|ies)"
     r"|MjData\.nplugin"),
]

# imports of the reference's __init__, not part of its API
NOT_API = {"Any", "IO", "Sequence", "TypeAlias", "Union", "ctypes", "os", "platform",
           "subprocess", "warnings", "zipfile"}

# names this issue (24) still has to add: expected to fail until they exist (strict xfail, so
# gaining one fails the run until it is removed from here)
ISSUE_24_PENDING: set[str] = set()  # every name issue 24 had to add is in
# names of MjSpec (issue 25) not there yet, the same way
# MjByteVec: mjsim's texture data is plain bytes (the reference's vector cannot even be indexed);
# MjsElement: the reference's opaque handle class, not a base of its Mjs* classes
ISSUE_25_PENDING = {"MjByteVec", "MjsElement"}


# ---- the reference's names -----------------------------------------------------------------

RICH_XML = """
<mujoco>
  <asset>
    <texture name="tex" type="2d" builtin="checker" width="8" height="8"/>
    <material name="mat" texture="tex"/>
    <mesh name="mesh" vertex="0 0 0  1 0 0  0 1 0  0 0 1"/>
    <skin name="skin" vertex="0 0 0  .1 0 0  0 .1 0" face="0 1 2">
      <bone body="b" bindpos="0 0 0" bindquat="1 0 0 0" vertid="0 1 2" vertweight="1 1 1"/>
    </skin>
    <hfield name="hf" nrow="2" ncol="2" size="1 1 .1 .1" elevation="0 1 1 0"/>
  </asset>
  <custom>
    <numeric name="num" data="1 2"/>
    <tuple name="tup"><element objtype="body" objname="b"/></tuple>
  </custom>
  <worldbody>
    <light name="light"/>
    <camera name="cam"/>
    <geom name="floor" type="plane" size="5 5 .1"/>
    <geom name="terrain" type="hfield" hfield="hf" pos="3 3 0"/>
    <body name="b" pos="0 0 .1">
      <freejoint name="free"/>
      <geom name="box" type="box" size=".1 .1 .1" material="mat"/>
      <geom name="meshgeom" type="mesh" mesh="mesh" pos=".5 0 0"/>
      <site name="s"/>
      <body name="c" pos="0 0 .3">
        <joint name="hinge" axis="0 1 0" range="-1 1"/>
        <geom name="cap" type="capsule" size=".05 .1"/>
        <site name="s2"/>
      </body>
    </body>
  </worldbody>
  <contact>
    <pair name="pair" geom1="floor" geom2="cap"/>
    <exclude name="excl" body1="b" body2="c"/>
  </contact>
  <equality><connect name="eq" body1="c" anchor="0 0 0"/></equality>
  <tendon><spatial name="ten"><site site="s"/><site site="s2"/></spatial></tendon>
  <actuator><motor name="act" joint="hinge"/></actuator>
  <sensor><jointpos name="sens" joint="hinge"/></sensor>
  <keyframe><key name="key" qpos="0 0 .1 1 0 0 0 0"/></keyframe>
</mujoco>
"""

# named-access kinds of MjModel and MjData: accessor -> the reference's view label
MODEL_KINDS = {"actuator": "Actuator", "body": "Body", "camera": "Camera", "equality": "Equality",
               "exclude": "Exclude", "geom": "Geom", "hfield": "Hfield", "joint": "Joint",
               "key": "Keyframe", "light": "Light", "material": "Material", "mesh": "Mesh",
               "numeric": "Numeric", "pair": "Pair", "sensor": "Sensor", "site": "Site",
               "skin": "Skin", "tendon": "Tendon", "texture": "Texture", "tuple": "Tuple"}
DATA_KINDS = {"actuator": "Actuator", "body": "Body", "camera": "Camera", "geom": "Geom",
              "joint": "Joint", "light": "Light", "sensor": "Sensor", "site": "Site",
              "tendon": "Tendon"}


def public(obj) -> set[str]:
    return {name for name in dir(obj) if not name.startswith("_")}


def instances(module):
    """(reference class name, instance) of every class both packages have, made in `module`
    from RICH_XML after one step (so that d.contact has entries)."""
    m = module.MjModel.from_xml_string(RICH_XML)
    d = module.MjData(m)
    module.mj_step(m, d)
    assert d.ncon > 0
    found = [("MjModel", m), ("MjData", d), ("MjOption", m.opt), ("MjVisual", m.vis),
             ("MjStatistic", m.stat), ("MjContact", d.contact[0]), ("_MjContactList", d.contact),
             ("MjWarningStat", d.warning[0]), ("_MjWarningStatList", d.warning),
             ("MjTimerStat", d.timer[0]), ("_MjTimerStatList", d.timer),
             ("MjSolverStat", d.solver[0]), ("_MjSolverStatList", d.solver),
             ("MjLROpt", module.MjLROpt())]
    for section in ("global_", "quality", "headlight", "map", "scale", "rgba"):
        found.append((f"MjVisual.{type(getattr(m.vis, section)).__name__}", getattr(m.vis, section)))
    found += [(f"_MjModel{label}Views", getattr(m, kind)(0)) for kind, label in MODEL_KINDS.items()]
    found += [(f"_MjDataBodyViews" if kind == "body" else f"_MjData{label}Views", getattr(d, kind)(0))
              for kind, label in DATA_KINDS.items()]
    return found


def reference_names() -> list[str]:
    names = sorted(public(mujoco))
    for label, instance in instances(mujoco):
        names += sorted(f"{label}.{member}" for member in public(instance) | public(type(instance)))
    return names


def mjsim_has(name: str, ours: dict) -> bool:
    if "." not in name:
        return hasattr(mjsim, name)
    label, member = name.rsplit(".", 1)
    instance = ours.get(label)
    return instance is not None and (hasattr(instance, member) or hasattr(type(instance), member))


REFERENCE_NAMES = [name for name in reference_names() if name not in NOT_API]


def deferred_issue(name: str) -> str | None:
    for issue, _, rule in DEFERRED_RULES:
        if re.fullmatch(rule, name):
            return issue
    return None


@pytest.fixture(scope="module")
def ours():
    return dict(instances(mjsim))


@pytest.mark.parametrize("name", REFERENCE_NAMES)
def test_reference_name_exists_in_mjsim(name, ours):
    issue = deferred_issue(name)
    present = mjsim_has(name, ours)
    if issue is not None:
        assert not present, f"mjsim has {name}: remove it from the issue-{issue} list"
        pytest.skip(f"left to issue {issue}")
    for issue, pending in (("24", ISSUE_24_PENDING), ("25", ISSUE_25_PENDING)):
        if name in pending:
            if present:
                pytest.fail(f"mjsim has {name} now: remove it from ISSUE_{issue}_PENDING")
            pytest.xfail(f"issue {issue}, not yet added")
    assert present, f"mjsim lacks {name} (not on a list of names left to later issues)"


def test_names_left_to_later_issues():
    """Prints the deferred names by issue with their counts (visible with -rA)."""
    by_issue = {issue: [] for issue, _, _ in DEFERRED_RULES}
    for name in REFERENCE_NAMES:
        issue = deferred_issue(name)
        if issue is not None:
            by_issue[issue].append(name)
    total = sum(len(names) for names in by_issue.values())
    print(f"names left to later issues: {total} of {len(REFERENCE_NAMES)} reference names")
    for issue, what, _ in DEFERRED_RULES:
        print(f"  issue {issue} ({what}): {len(by_issue[issue])}")
        print("    " + " ".join(by_issue[issue]))
    print(f"not API (imports of the reference's __init__): {len(NOT_API)}: {' '.join(sorted(NOT_API))}")
    print(f"issue 24, still to add: {len(ISSUE_24_PENDING)}: {' '.join(sorted(ISSUE_24_PENDING))}")
    for issue, names in by_issue.items():
        assert names, f"the rule for issue {issue} matches no reference name: remove it"


def test_not_api_names_are_imports_in_the_reference():
    import types
    import typing

    for name in NOT_API:
        value = getattr(mujoco, name)
        assert isinstance(value, types.ModuleType) or getattr(typing, name, None) is value, name

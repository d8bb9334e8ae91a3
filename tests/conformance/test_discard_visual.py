"""compiler discardvisual (compiler/discard_visual.cc) against the reference: which geoms,
meshes, materials and textures go, and that the bodies keep the masses and margins found with
the visual geoms. Every model is compared on all compiled arrays, as test_compiler.py does,
and on the visual arrays that say what was removed (nmat, ntex, geom_matid, names)."""

import re
import shutil
from pathlib import Path

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from conformance.test_compiler import (  # noqa: E402
    compared, reference_arrays, size_problems, value_problems)
from corpus import corpus_models, label  # noqa: E402

VISUAL = 'contype="0" conaffinity="0"'
ASSETS = """<asset>
  <texture name="grid" type="2d" builtin="checker" width="8" height="8"/>
  <texture name="sky" type="skybox" builtin="gradient" width="8" height="8"/>
  <material name="grid" texture="grid"/><material name="plain" rgba="1 0 0 1"/>
  <mesh name="tet" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>
  <mesh name="unused" vertex="0 0 0 2 0 0 0 2 0 0 0 2"/>
  <mesh name="kept" vertex="0 0 0 1 0 0 0 1 0 0 0 3"/>
  <hfield name="h" nrow="2" ncol="2" size="1 1 1 1"/>
</asset>"""
CASES = {
    # visual geoms go (sphere, mesh, plane, hfield, in the world too); their mass stays
    "mixed": f"""<worldbody><geom type="plane" size="1 1 .1" material="grid"/>
      <geom type="hfield" hfield="h" {VISUAL}/><geom size="5" {VISUAL}/>
      <body pos="0 0 1"><freejoint/>
        <geom size=".1" pos=".3 0 0" material="plain" {VISUAL} margin=".05"/>
        <geom size=".1"/><geom type="mesh" mesh="tet" {VISUAL}/>
        <geom type="mesh" mesh="kept" contype="0" conaffinity="1"/></body></worldbody>""",
    # a body whose only geoms are visual keeps their mass and margin
    "only_visual": f"""<worldbody><body><joint/><geom size=".1" margin=".2" {VISUAL}/>
      <geom type="capsule" size=".1 .3" pos="0 0 .5" {VISUAL}/></body></worldbody>""",
    # geoms that another element names stay
    "referenced": f"""<worldbody><body><freejoint/><geom name="a" size=".1" {VISUAL}/>
      <geom name="b" size=".1" pos="1 0 0"/><geom name="c" size=".1" {VISUAL}/>
      <geom name="d" size=".1" {VISUAL}/><geom name="e" type="mesh" mesh="tet" {VISUAL}/>
      </body></worldbody>
      <contact><pair geom1="b" geom2="c"/></contact>
      <sensor><distance geom1="a" geom2="b"/><framepos objtype="geom" objname="e"/></sensor>""",
    # fusestatic, inertiagrouprange and inertiafromgeom see the geoms as written
    "fused": f"""<compiler fusestatic="true" inertiafromgeom="true" inertiagrouprange="0 3"/>
      <worldbody><body><freejoint/><geom size=".1"/>
        <body pos="0 0 1"><geom size=".2" {VISUAL}/><geom size=".3" group="4" {VISUAL}/></body>
      </body></worldbody>""",
    "bounded": f"""<compiler boundmass="5" settotalmass="3"/><worldbody>
      <body><freejoint align="true"/><geom size=".1" pos=".2 .1 0" {VISUAL}/><geom size=".05"/>
      </body></worldbody>""",
}


def model_xml(case, discard="true"):
    return f'<mujoco><compiler discardvisual="{discard}"/>{ASSETS}{CASES[case]}</mujoco>'


def assert_models_match(ours, ref, context):
    __tracebackhide__ = True
    assert not size_problems(ours, ref), f"{context}: {size_problems(ours, ref)}"
    names = compared(ours, reference_arrays(ref)) + ["geom_matid", "name_geomadr", "name_meshadr"]
    problem = value_problems(ours, ref, names, context)
    assert problem is None, problem
    for size in ["ngeom", "nmesh", "nmat", "ntex", "nhfield", "nnames"]:
        assert getattr(ours, size) == getattr(ref, size), f"{context}: {size}"


@pytest.mark.parametrize("case", CASES)
def test_discardvisual_matches_reference(case):
    xml = model_xml(case)
    assert_models_match(mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml), case)


def test_discardvisual_removes_what_the_reference_removes():
    ours = mjsim.MjModel.from_xml_string(model_xml("mixed"))
    assert (ours.ngeom, ours.nmesh, ours.nmat, ours.ntex, ours.nhfield) == (3, 1, 0, 0, 1)
    full = mjsim.MjModel.from_xml_string(model_xml("mixed", discard="false"))
    assert ours.body_mass[1] == full.body_mass[1]
    assert ours.body_margin[1] == full.body_margin[1] == 0.05


@pytest.mark.parametrize("element", [
    '<site material="plain"/>',
    '<light type="image" texture="grid"/>',
])
def test_discardvisual_rejects_other_references_to_materials(element):
    # the reference fails with "Error: object not found": every material and texture is gone
    xml = f'<mujoco><compiler discardvisual="true"/>{ASSETS}<worldbody>{element}</worldbody></mujoco>'
    with pytest.raises(ValueError):
        mujoco.MjModel.from_xml_string(xml)
    with pytest.raises(ValueError, match="discardvisual discards every material and texture"):
        mjsim.MjModel.from_xml_string(xml)


CORPUS = [p for p in corpus_models() if p.suffix == ".xml"]


@pytest.fixture(scope="module")
def copied_dirs(tmp_path_factory):
    """Copies of the corpus directories, made once, where edited models sit beside their
    includes and asset files."""
    copies = {}

    def copy_of(directory: Path) -> Path:
        if directory not in copies:
            copies[directory] = tmp_path_factory.mktemp("corpus") / directory.name
            shutil.copytree(directory, copies[directory])
        return copies[directory]
    return copy_of


@pytest.mark.parametrize("path", CORPUS, ids=[label(p) for p in CORPUS])
def test_discardvisual_corpus_matches_reference(path, copied_dirs):
    edited = copied_dirs(path.parent) / path.name
    edited.write_text(re.sub(r"(<mujoco[^>]*>)", r'\1<compiler discardvisual="true"/>',
                             path.read_text(), count=1))
    try:
        ref = mujoco.MjModel.from_xml_path(str(edited))
    except ValueError:  # a site, skin or light names a material or texture
        with pytest.raises(ValueError):
            mjsim.MjModel.from_xml_path(str(edited))
        return
    assert_models_match(mjsim.MjModel.from_xml_path(str(edited)), ref, label(path))

"""The compiler's name tables and site materials against the reference: MjModel.names_map and
nnames_map (one hash table per object type, two slots per object: util/names.h) equal the
reference's entry for entry on every corpus model, mj_name2id finds every named object through
them, and site_matid (compiler/compile.cc FillSites) equals the reference's."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import corpus_models, params  # noqa: E402
from support import load_model  # noqa: E402

# a site material set on the site, one from a default class, one site without
SITE_MATERIALS = """
<mujoco>
  <default><default class="red"><site material="red"/></default></default>
  <asset><material name="blue" rgba="0 0 1 1"/><material name="red" rgba="1 0 0 1"/></asset>
  <worldbody>
    <site name="plain"/>
    <site name="own" material="blue"/>
    <site name="classed" class="red"/>
    <body><site material="red"/><geom size=".1"/></body>
  </worldbody>
</mujoco>
"""

# names that collide in the tables (djb2 of "a" and "b" share a slot of a 6-slot table)
COLLIDING = """
<mujoco><worldbody>
  <body name="a"><joint name="j"/><geom name="g" size=".1"/></body>
  <body name="b"><geom size=".1"/></body>
</worldbody></mujoco>
"""


@pytest.mark.parametrize("model", params(corpus_models()) + [
    pytest.param(SITE_MATERIALS, id="site_materials"), pytest.param(COLLIDING, id="colliding")])
def test_names_map_and_site_matid_match_reference(model):
    m, ref = load_model(mjsim, model), load_model(mujoco, model)
    assert m.nnames_map == ref.nnames_map
    np.testing.assert_array_equal(m.names_map, ref.names_map)
    np.testing.assert_array_equal(m.site_matid, ref.site_matid)
    for i in range(m.nsite):
        np.testing.assert_array_equal(m.site(i).matid, ref.site(i).matid)


def test_site_matid_resolves_own_and_default_materials():
    m = mjsim.MjModel.from_xml_string(SITE_MATERIALS)
    assert m.site_matid.tolist() == [-1, 0, 1, 1]
    assert m.site("own").matid == 0


@pytest.mark.parametrize("model", params(corpus_models()[:12]))
def test_name2id_finds_every_named_object(model):
    m = load_model(mjsim, model)
    for objtype, size in (("mjOBJ_BODY", "nbody"), ("mjOBJ_JOINT", "njnt"),
                          ("mjOBJ_GEOM", "ngeom"), ("mjOBJ_SITE", "nsite"),
                          ("mjOBJ_ACTUATOR", "nu"), ("mjOBJ_SENSOR", "nsensor"),
                          ("mjOBJ_MATERIAL", "nmat"), ("mjOBJ_PLUGIN", "nplugin")):
        objtype, count = getattr(mjsim.mjtObj, objtype), getattr(m, size)
        for i in range(count):
            name = mjsim.mj_id2name(m, objtype, i)
            if name:
                assert mjsim.mj_name2id(m, objtype, name) == i, (objtype, name)
        assert mjsim.mj_name2id(m, objtype, "no such name") == -1


def test_name2id_of_empty_name_and_cleared_table_as_reference():
    m, ref = (package.MjModel.from_xml_string(COLLIDING) for package in (mjsim, mujoco))
    for package, model in ((mjsim, m), (mujoco, ref)):
        assert package.mj_name2id(model, package.mjtObj.mjOBJ_GEOM, "") == -1
        assert package.mj_name2id(model, package.mjtObj.mjOBJ_BODY, "b") == 2
    # the table is writable, as the reference's: a cleared one finds nothing in either engine
    m.names_map[:] = -1
    ref.names_map[:] = -1
    assert mjsim.mj_name2id(m, mjsim.mjtObj.mjOBJ_BODY, "b") == -1
    assert mujoco.mj_name2id(ref, mujoco.mjtObj.mjOBJ_BODY, "b") == -1


def test_corrupted_names_map_never_crashes():
    m = mjsim.MjModel.from_xml_string(COLLIDING)
    for garbage in (10**6, -5, 0, 2):
        m.names_map[:] = garbage  # out-of-range ids, every slot full
        for name in ("a", "b", "world", "zzz"):
            found = mjsim.mj_name2id(m, mjsim.mjtObj.mjOBJ_BODY, name)
            assert found == -1 or mjsim.mj_id2name(m, mjsim.mjtObj.mjOBJ_BODY, found) == name

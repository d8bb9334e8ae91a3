"""Body mass and inertia under the compiler's mass options (inertiafromgeom, inertiagrouprange,
boundmass, boundinertia, balanceinertia, settotalmass) against the reference."""

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from support import assert_fields_close  # noqa: E402

BODIES = """
<worldbody>
  <body name="mixed">
    <joint/>
    <geom size=".1" group="3"/>
    <geom type="box" size=".1 .2 .3" pos=".2 0 0" group="1"/>
    <inertial pos="0 0 0.1" mass="2" diaginertia="0.1 0.1 0.15"/>
  </body>
  <body name="light" pos="1 0 0">
    <freejoint/>
    <geom size=".01" mass="0.0001"/>
    <body name="rod"><joint/><geom type="capsule" size=".02" fromto="0 0 0 .2 0 0"/></body>
  </body>
  <body name="given" pos="2 0 0">
    <freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.19"/>
  </body>
  <body name="flat" pos="3 0 0">
    <freejoint/>
    <inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.3"/>
  </body>
</worldbody>
"""

COMPILER_OPTIONS = [
    'balanceinertia="true"',
    'balanceinertia="true" inertiafromgeom="true"',
    'balanceinertia="true" inertiafromgeom="true" inertiagrouprange="0 2"',
    'balanceinertia="true" boundmass="0.5" boundinertia="0.01"',
    'balanceinertia="true" settotalmass="10"',
    'balanceinertia="true" boundmass="0.5" settotalmass="3"',
]
FIELDS = ["body_mass", "body_inertia", "body_ipos", "body_iquat", "body_subtreemass"]


@pytest.mark.parametrize("options", COMPILER_OPTIONS)
def test_mass_options_match_reference(options):
    xml = f"<mujoco><compiler {options}/>{BODIES}</mujoco>"
    ours, ref = mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)
    assert_fields_close(ours, ref, FIELDS, atol=1e-12, rtol=1e-9, context=options)


def test_invalid_inertia_without_balanceinertia_is_an_error():
    with pytest.raises(ValueError, match=r"A \+ B >= C"):
        mjsim.MjModel.from_xml_string(f"<mujoco>{BODIES}</mujoco>")


def test_inertiafromgeom_false_leaves_geom_only_body_massless():
    xml = f'<mujoco><compiler inertiafromgeom="false" balanceinertia="true"/>{BODIES}</mujoco>'
    with pytest.raises(ValueError, match="mass and inertia of moving bodies"):
        mjsim.MjModel.from_xml_string(xml)


def test_global_coordinates_are_rejected_as_in_the_reference():
    xml = '<mujoco>\n<compiler coordinate="global"/>\n<worldbody/></mujoco>'
    with pytest.raises(ValueError, match=r"coordinate(.|\n)*line 2"):
        mjsim.MjModel.from_xml_string(xml)


# ---------------------------------------------------------------------------------------
# bit-for-bit: the principal axes of a body whose moments repeat depend on the last bits of its
# inertia matrix and on the eigen-decomposition's own rounding (compiler/mass.cc Eig3)

import numpy as np  # noqa: E402


def _body_arrays(xml):
    ours = mjsim.MjModel.from_xml_string(xml)
    ref = mujoco.MjModel.from_xml_string(xml)
    return ours, ref


def _full_inertia_bodies(matrices):
    def text(a):
        return " ".join(repr(float(a[i, j])) for i, j in ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2)))
    bodies = "".join(f'<body pos="{i} 0 0"><freejoint/><inertial pos="0 0 0" mass="1" '
                     f'fullinertia="{text(a)}"/></body>' for i, a in enumerate(matrices))
    return f'<mujoco><worldbody>{bodies}</worldbody></mujoco>'


def _matrices(kind, count, seed):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        # inertia tensors trace(S) I - S of second moments S (so A + B >= C holds)
        if kind == "random":
            a = rng.normal(size=(3, 3))
            a = np.trace(a @ a.T) * np.eye(3) - a @ a.T
        elif kind == "integer":  # exact ties between diagonal and off-diagonal entries
            a = rng.integers(-3, 4, (3, 3)).astype(float)
            a = np.trace(a @ a.T) * np.eye(3) - a @ a.T + np.eye(3)
        else:  # two equal principal moments, in a random frame
            q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
            d = rng.uniform(1, 2, 3)
            d[1] = d[0]
            a = q @ np.diag(d) @ q.T
            a = (a + a.T) / 2
        out.append(a)
    return out


@pytest.mark.parametrize("kind", ["random", "integer", "repeated"])
def test_full_inertia_principal_axes_are_bitwise_reference(kind):
    """<inertial fullinertia> is diagonalized as the reference's compiler does it: the principal
    moments and the axes to the last bit (also where moments repeat, where any basis of the
    plane would do). The compiler's quaternion is its mju_eig3's without the renormalization
    after the sorting quarter turns."""
    ours, ref = _body_arrays(_full_inertia_bodies(_matrices(kind, 40, seed=len(kind))))
    np.testing.assert_array_equal(np.asarray(ours.body_inertia), ref.body_inertia)
    np.testing.assert_array_equal(np.asarray(ours.body_iquat), ref.body_iquat)


def test_sorting_quarter_turns_are_not_renormalized():
    """Each order of three distinct or repeated diagonal moments: the quaternion after two or
    three quarter turns of cos = sin = 0.707106781186548 keeps their product's rounding
    (0.5000000000000007 = 0.707106781186548^2), as in the reference's compiled iquat."""
    import itertools
    diagonals = [p for v in ((1.0, 2.0, 3.0), (1.0, 2.0, 2.0), (1.0, 1.0, 2.0))
                 for p in set(itertools.permutations(v))]
    ours, ref = _body_arrays(_full_inertia_bodies([np.diag(d) for d in diagonals]))
    np.testing.assert_array_equal(np.asarray(ours.body_iquat), ref.body_iquat)
    np.testing.assert_array_equal(np.asarray(ours.body_inertia), ref.body_inertia)


def test_combined_geoms_principal_frame_is_bitwise_reference():
    """gymnasium's point.xml torso: a sphere and a box whose combined moments sort by two
    quarter turns; its iquat is (0.5000000000000007,) * 4 in the reference."""
    xml = """<mujoco><worldbody><body><freejoint/>
      <geom pos="0 0 0.5" size="0.5" type="sphere" density="100"/>
      <geom pos="0.6 0 0.5" size="0.5 0.1 0.1" type="box" density="100"/>
    </body></worldbody></mujoco>"""
    ours, ref = _body_arrays(xml)
    for name in ("body_mass", "body_ipos", "body_inertia", "body_iquat"):
        np.testing.assert_array_equal(np.asarray(getattr(ours, name)), getattr(ref, name), name)


@pytest.mark.parametrize("geom", ["sphere", "capsule", "cylinder", "ellipsoid", "box"])
def test_primitive_geom_mass_is_bitwise_reference(geom):
    rng = np.random.default_rng(7)
    bodies = ""
    for i in range(30):
        size = " ".join(repr(float(x)) for x in rng.uniform(0.01, 2, 3))
        density = float(rng.choice([1000.0, rng.uniform(1, 3000)]))
        bodies += (f'<body pos="{i} 0 0"><freejoint/><geom type="{geom}" size="{size}" '
                   f'density="{density!r}"/></body>')
    ours, ref = _body_arrays(f"<mujoco><worldbody>{bodies}</worldbody></mujoco>")
    np.testing.assert_array_equal(np.asarray(ours.body_mass), ref.body_mass)
    if geom == "capsule":  # the capsule's split into cylinder and caps is not bitwise yet
        np.testing.assert_allclose(ours.body_inertia, ref.body_inertia, rtol=1e-15)
    else:
        np.testing.assert_array_equal(np.asarray(ours.body_inertia), ref.body_inertia)


@pytest.mark.parametrize("side", [1, -1])
def test_capsule_and_sphere_on_one_axis_keep_reference_axes(side):
    """A forearm as in the humanoids: a fromto capsule and a sphere at its end, moments
    repeated; the reference's principal axes in that plane come out to the last bit."""
    xml = f"""<mujoco><worldbody><body><freejoint/>
      <geom type="capsule" fromto="0.01 {side * .01} 0.01 .17 {side * .17} .17" size="0.031"/>
      <geom type="sphere" pos=".18 {side * .18} .18" size="0.04"/>
    </body></worldbody></mujoco>"""
    ours, ref = _body_arrays(xml)
    for name in ("body_mass", "body_ipos", "body_inertia", "body_iquat"):
        np.testing.assert_array_equal(np.asarray(getattr(ours, name)), getattr(ref, name), name)


def test_body_com_is_bitwise_reference():
    """A body of one geom keeps the geom's position as its com (not (m p) / m); several geoms
    give sum(m p) / sum(m), summed in geom order."""
    rng = np.random.default_rng(9)
    bodies = ""
    for i in range(40):
        geoms = ""
        for _ in range(1 + i % 3):
            pos = " ".join(repr(float(x)) for x in np.round(rng.normal(size=3), 3))
            geoms += (f'<geom size="{float(rng.uniform(0.05, 0.5))!r}" pos="{pos}" '
                      f'density="{float(rng.uniform(100, 2000))!r}"/>')
        bodies += f'<body pos="{i} 0 0"><freejoint/>{geoms}</body>'
    bodies += ('<body><freejoint/><geom type="capsule" fromto="-.02 -.07 0 -.02 .07 0" '
               'size="0.09"/></body>')
    ours, ref = _body_arrays(f"<mujoco><worldbody>{bodies}</worldbody></mujoco>")
    np.testing.assert_array_equal(np.asarray(ours.body_mass), ref.body_mass)
    np.testing.assert_array_equal(np.asarray(ours.body_ipos), ref.body_ipos)


ALIGNFREE_FUSED = """<mujoco><compiler fusestatic="true" alignfree="true"/><worldbody>
  <body name="with_static_child" pos="0 0 1"><freejoint/><geom size=".1" pos=".2 0 0"/>
    <body pos="0 .3 0"><geom size=".1" pos="0 0 .1"/></body></body>
  <body name="with_moving_child" pos="1 0 1"><freejoint/><geom size=".1" pos=".2 0 0"/>
    <body pos="0 .3 0"><joint/><geom size=".1" pos="0 0 .1"/><body><geom size=".1"/></body></body></body>
  <body name="childless" pos="2 0 1"><freejoint/><geom size=".1" pos=".2 .1 0"/></body>
</worldbody></mujoco>"""


def test_alignfree_sees_children_before_fusestatic():
    # a free body whose only child is fused into it by fusestatic is not aligned: the
    # reference decides on the children as written
    ours, ref = mjsim.MjModel.from_xml_string(ALIGNFREE_FUSED), mujoco.MjModel.from_xml_string(ALIGNFREE_FUSED)
    assert_fields_close(ours, ref, FIELDS + ["body_pos", "body_quat", "geom_pos", "geom_quat"], atol=1e-12)
    assert ref.body("with_static_child").ipos.any() and not ref.body("childless").ipos.any()


SHELL_GEOMS = {
    "sphere": ".3", "box": ".1 .2 .3", "cylinder": ".1 .3", "capsule": ".2 .5",
    "ellipsoid": ".1 .2 .3",
}


@pytest.mark.parametrize("geom_type", SHELL_GEOMS)
@pytest.mark.parametrize("mass", ["", ' mass="2.5"', ' density="7.3"'])
def test_shellinertia_primitives_match_reference(geom_type, mass):
    # the surface carries the mass (density per unit area; an ellipsoid's area is Thomsen's
    # approximation); one body of the shell alone, one with a solid sphere beside it
    size = SHELL_GEOMS[geom_type]
    shell = f'<geom type="{geom_type}" size="{size}" shellinertia="true"{mass}'
    xml = f"""<mujoco><worldbody>
      <body><freejoint/>{shell}/></body>
      <body pos="1 0 0"><freejoint/>{shell} euler="10 20 30" pos=".1 .2 .3"/>
        <geom size=".1" pos="-.5 0 0"/></body></worldbody></mujoco>"""
    ours, ref = mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)
    assert_fields_close(ours, ref, FIELDS, atol=1e-12, rtol=1e-12, context=geom_type)
    solid = mujoco.MjModel.from_xml_string(xml.replace(' shellinertia="true"', ""))
    assert ref.body_inertia[1][0] != solid.body_inertia[1][0]


MASSLESS_INERTIALS = """<mujoco><worldbody><body pos="0 0 1"><joint/><geom size=".1"/>
  <body name="camera" pos="0.1 0 0">
    <inertial pos="0.04 -0.03 0.07" quat="0.707107 0 0.707107 0" mass="0" diaginertia="0 0 0"/>
  </body>
  <body name="with_massless_geom" pos="0.1 0 0">
    <inertial pos="0.04 -0.03 0.07" mass="0" diaginertia="0 0 0"/><geom size="0.1" mass="0"/>
  </body>
</body></worldbody></mujoco>"""


@pytest.mark.parametrize("inertiafromgeom", ["auto", "true"])
def test_massless_inertial_keeps_its_written_frame(inertiafromgeom):
    """An <inertial mass="0"> (metaworld's sawyer camera bodies) keeps its pos and quat."""
    xml = MASSLESS_INERTIALS.replace(
        "<mujoco>", f'<mujoco><compiler inertiafromgeom="{inertiafromgeom}"/>')
    ours, ref = mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)
    assert_fields_close(ours, ref, ["body_mass", "body_ipos", "body_iquat", "body_inertia",
                                    "body_sameframe", "body_invweight0"], atol=1e-12)


@pytest.mark.parametrize("quat", ["0 0 0 -1", "0 0 0 1", "-1 0 0 0", "0 0 1 0"])
@pytest.mark.parametrize("iquat", ["0 0 0 1", "1 0 0 0"])
def test_sameframe_takes_opposite_quaternions_as_equal(quat, iquat):
    """geom and site sameframe: q and -q are the same frame (robosuite's rethink gripper)."""
    xml = f"""<mujoco><worldbody><body>
      <inertial pos="0 0 0" quat="{iquat}" mass="1" diaginertia="1 2 3"/><joint/>
      <geom size=".1" quat="{quat}" pos="0 .1 0"/><site quat="{quat}"/>
    </body></worldbody></mujoco>"""
    ours, ref = mjsim.MjModel.from_xml_string(xml), mujoco.MjModel.from_xml_string(xml)
    assert_fields_close(ours, ref, ["geom_sameframe", "site_sameframe", "body_sameframe"], atol=0)

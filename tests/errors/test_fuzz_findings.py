"""Minimal MJCF for what the fuzz test (test_fuzz_mjcf.py) found, each judged as the reference
judges it: what it rejects we reject with ValueError naming the element and line, what it
accepts we accept with the values it compiles."""

import mujoco
import numpy as np
import pytest

import mjsim
from support import assert_names_element_and_line


def world(body: str, head: str = "") -> str:
    return f"<mujoco>{head}\n<worldbody>\n{body}\n</worldbody>\n</mujoco>"


# (xml, element, line, words in our message): the reference rejects each
REJECTED = {
    "plane_grid_spacing_zero": (world('<geom type="plane" size="1 1 0"/>'), "geom", 3, ("size[2]",)),
    "geom_nan_unused_size": (world('<geom type="sphere" size="1 1 nan"/>'), "geom", 3, ("nan",)),
    "site_sphere_negative_size": (world('<site size="-1"/>'), "site", 3, ("size 0",)),
    "site_box_zero_size": (world('<site type="box" size="1 1 0"/>'), "site", 3, ("size 2",)),
    "site_zero_zaxis": (world('<site zaxis="0 0 1e-7"/>'), "site", 3, ("zaxis too small",)),
    "body_zero_zaxis": (world('<body zaxis="0 0 0"><geom size="1"/></body>'), "body", 3,
                        ("zaxis too small",)),
    "geom_zero_axisangle": (world('<geom size="1" axisangle="0 0 0 1"/>'), "geom", 3,
                            ("axisangle too small",)),
    "camera_parallel_xyaxes": (world('<camera xyaxes="1 0 0 2 0 0"/>'), "camera", 3,
                               ("yaxis too small",)),
    "frame_zero_zaxis": (world('<frame zaxis="0 0 0">\n<geom size="1"/></frame>'), "frame", 3,
                         ("zaxis too small",)),
    "inertial_zero_zaxis": (world('<body><inertial pos="0 0 0" mass="1" diaginertia="1 1 1" '
                                  'zaxis="0 0 0"/><geom size="1"/></body>'), "inertial", 3,
                            ("zaxis too small",)),
    "zero_quaternion": (world('<site quat="0 0 0 0"/>'), "site", 3, ("zero quaternion",)),
    "empty_quat_with_euler": (world('<site quat="" euler="0 0 1"/>'), "site", 3, ("multiple",)),
    "joint_axis_1e-7": (world('<body><joint axis="0 0 1e-7"/><geom size="1"/></body>'), "joint",
                        3, ("axis too small",)),
    "geom_pos_and_fromto": (world('<geom type="capsule" size="1" fromto="0 0 0 0 0 1" '
                                  'pos="1 1 1"/>'), "geom", 3, ("pos and fromto",)),
    "site_pos_and_fromto": (world('<site type="capsule" size="1" fromto="0 0 0 0 0 1" '
                                  'pos="1 0 0"/>'), "site", 3, ("pos and fromto",)),
    "default_pos_and_fromto": (world('<geom type="capsule" size="1" fromto="0 0 0 0 0 1"/>',
                                     '<default><geom pos="0 0 1"/></default>'), "geom", 3,
                               ("pos and fromto",)),
    "unnamed_hfield": (world('<geom size="1"/>', '<asset>\n<hfield nrow="2" ncol="2" '
                             'size="1 1 1 1"/></asset>'), "hfield", 2, ("name",)),
    "unnamed_mesh": (world('<geom size="1"/>', '<asset>\n<mesh vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>'
                           '</asset>'), "mesh", 2, ("name",)),
    "unnamed_material": (world('<geom size="1"/>', '<asset>\n<material/></asset>'), "material", 2,
                         ("name",)),
    "ball_then_hinge": (world('<body>\n<joint type="ball"/><joint type="hinge"/><geom size="1"/>'
                              '</body>'), "body", 3, ("ball",)),
    "replicate_without_count": (world('<replicate>\n<geom size="1"/></replicate>'), "replicate", 3,
                                ("count",)),
    "skin_inflate_below_float": (world('<body name="b"><geom size="1"/></body>',
                                       '<asset>\n<skin inflate="1e-300" vertex="0 0 0 1 0 0 '
                                       '0 1 0" face="0 1 2"><bone body="b" bindpos="0 0 0" '
                                       'bindquat="1 0 0 0" vertid="0 1 2" vertweight="1 1 1"/>'
                                       '</skin></asset>'), "skin", 2, ("inflate",)),
    "moving_body_thin_inertia": (world('<body>\n<freejoint/><geom type="capsule" '
                                       'fromto="0 0 0 0 0 -0.08" size="1e-05"/></body>'), "body",
                                 3, ("mjMINVAL",)),
    "moving_body_mass_and_inertia_split": (world('<body>\n<joint/><inertial pos="0 0 0" mass="1" '
                                                 'diaginertia="1e-20 1e-20 1e-20"/><body><inertial '
                                                 'pos="0 0 0" mass="1e-20" diaginertia="1 1 1"/>'
                                                 '</body></body>'), "body", 3, ("mjMINVAL",)),
    "sphere_site_fromto": (world('<site type="sphere" fromto="0 0 0 0 0 1" size="0.1"/>'), "site",
                           3, ("fromto",)),
    "camera_fovy_180": (world('<camera fovy="180"/>'), "camera", 3, ("fovy",)),
    "orthographic_fovy_500": (world('<camera orthographic="true" fovy="500"/>'), "camera", 3,
                              ("fovy",)),
    "skin_vertex_without_weight": (world('<body name="b"><geom size="1"/></body>',
                                         '<asset>\n<skin vertex="0 0 0 1 0 0 0 1 0" face="0 1 2">'
                                         '<bone body="b" bindpos="0 0 0" bindquat="1 0 0 0" '
                                         'vertid="0 1" vertweight="1 1"/></skin></asset>'), "skin",
                                   2, ("vertex 2",)),
    "geom_inertia_rounding_breaks_triangle": (world('<body>\n<freejoint/><geom type="cylinder" '
                                                    'size="1e8 0.02"/></body>'), "body", 3,
                                              ("balanceinertia",)),
    "connect_anchor_short": (world('<body name="a"><joint/><geom size="1"/></body>',
                                   '<equality>\n<connect body1="a" anchor="3"/></equality>'),
                             "connect", 2, ("anchor",)),
    "weld_relpose_short": (world('<body name="a"><joint/><geom size="1"/></body>',
                                 '<equality>\n<weld body1="a" relpose="1 2"/></equality>'),
                           "weld", 2, ("relpose",)),
}


@pytest.mark.parametrize("name", list(REJECTED))
def test_what_the_reference_rejects_is_rejected(name):
    xml, element, line, words = REJECTED[name]
    with pytest.raises(ValueError):
        mujoco.MjModel.from_xml_string(xml)
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    assert_names_element_and_line(str(error.value), element, line, *words)


# the reference accepts each; we compile the same model (the fields listed must agree)
ACCEPTED = {
    "empty_pos_and_size_keep_defaults": (world('<body pos=""><geom size=" " density=" " pos=""/>'
                                               '</body>', '<default><geom size="0.3"/></default>'),
                                         ["body_pos", "geom_size", "body_mass"]),
    "empty_orientation_alone": (world('<body quat=""><geom size="1" zaxis=" "/></body>'),
                                ["body_quat", "geom_quat"]),
    "empty_fromto_is_absent": (world('<geom type="capsule" size="0.1 0.2" fromto=""/>'),
                               ["geom_size", "geom_pos"]),
    "empty_pos_with_fromto": (world('<geom type="capsule" size="0.1" fromto="0 0 0 0 0 1" pos=""/>'),
                              ["geom_size", "geom_pos"]),
    "zero_pos_with_fromto": (world('<site type="capsule" size="0.1" fromto="0 0 0 0 0 1" '
                                   'pos="0 0 0"/>'), ["site_size", "site_pos"]),
    "plane_negative_or_zero_extent": (world('<geom type="plane" size="-1 0 1"/>'), ["geom_size"]),
    "site_nan_size": (world('<site type="box" size="1 1 nan"/>'), ["site_size"]),
    "zaxis_just_long_enough": (world('<site zaxis="0 0 1.0000001e-7"/>'), ["site_quat"]),
    "ball_then_slide": (world('<body><joint type="ball"/><joint type="slide"/><geom size="1"/>'
                              '</body>'), ["jnt_type"]),
    # the identity offset used to turn the inf into nan in all three components
    "body_pos_inf": (world('<body pos="0 0 inf"><freejoint/><geom size="1"/></body>'),
                     ["body_pos", "qpos0"]),
    "mass_from_a_welded_child": (world('<body><joint/><inertial pos="0 0 0" mass="1" '
                                       'diaginertia="1 1 1e-20"/><body><inertial pos="0 0 0" '
                                       'mass="1" diaginertia="1 1 1"/></body></body>'),
                                 ["body_mass", "body_inertia"]),
    # inertia nan from a radius of 1e308 on a body with a massive sibling geom: accepted
    "nan_geom_inertia": (world('<body><joint/><geom size="0.1"/><body><geom type="capsule" '
                               'fromto="-0.3 0 0 0.3 0 0" size="1e308"/></body></body>'),
                         ["ngeom"]),
    "skybox_texture_unnamed": (world('<geom size="1"/>', '<asset><texture type="skybox" '
                                     'builtin="checker" width="2" height="2"/></asset>'), ["ntex"]),
}


@pytest.mark.parametrize("name", list(ACCEPTED))
def test_what_the_reference_accepts_is_accepted(name):
    xml, fields = ACCEPTED[name]
    theirs = mujoco.MjModel.from_xml_string(xml)
    ours = mjsim.MjModel.from_xml_string(xml)
    for field in fields:
        np.testing.assert_allclose(getattr(ours, field), getattr(theirs, field), atol=1e-12,
                                   err_msg=field)  # inf equals inf here, nan does not

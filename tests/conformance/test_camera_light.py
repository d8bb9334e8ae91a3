"""Cameras and lights: the compiled fields (compiler/cameras_lights.cc) and mj_camlight
(engine/camlight.cc) against the reference, at qpos0 and at random configurations."""

import pytest

pytest.importorskip("mujoco")

from corpus import MODELS_DIR  # noqa: E402
from support import assert_fields_close, load_model, load_pair, _reference, _engine  # noqa: E402

MODEL_FIELDS = [
    "cam_mode", "cam_bodyid", "cam_targetbodyid", "cam_pos", "cam_quat", "cam_poscom0",
    "cam_pos0", "cam_mat0", "cam_orthographic", "cam_fovy", "cam_ipd", "cam_resolution",
    "cam_sensorsize", "cam_intrinsic", "cam_user", "light_mode", "light_bodyid",
    "light_targetbodyid", "light_type", "light_texid", "light_castshadow", "light_bulbradius",
    "light_intensity", "light_range", "light_active", "light_pos", "light_dir", "light_poscom0",
    "light_pos0", "light_dir0", "light_attenuation", "light_cutoff", "light_exponent",
    "light_ambient", "light_diffuse", "light_specular", "name_camadr", "name_lightadr"]
DATA_FIELDS = ["cam_xpos", "cam_xmat", "light_xpos", "light_xdir"]

ARM = """<mujoco><compiler angle="radian"/>
  <default><camera fovy="30"/><light diffuse=".2 .3 .4"/>
    <default class="c"><camera ipd=".1" mode="track"/><light mode="trackcom" cutoff="20"/></default>
  </default>
  <worldbody>
    <camera name="world" pos="1 2 3" xyaxes="1 0 0 0 1 1"/>
    <light name="world" pos="1 2 3" dir="0 1 -1"/>
    <body name="a" pos="0 0 1" euler="0.1 0.2 0.3"><joint type="ball"/><geom size=".1" pos=".2 0 0"/>
      <body name="b" pos="1 0 0"><joint axis="1 0 0"/><joint type="slide" axis="0 1 0"/>
        <geom size=".1" pos="0 .3 0" mass="3"/>
        <frame pos="0 0 .2" euler="0.3 0 0.1">
          <camera name="framed" pos="0 -2 1" euler="0.1 0 0"/>
          <light name="framed" pos="0 1 0" dir="1 0 -1"/>
        </frame>
        <camera name="track" class="c" pos="0 -2 1" resolution="640 480"/>
        <camera name="trackcom" mode="trackcom" pos="0 -2 1" orthographic="true" fovy="2"/>
        <camera name="target" mode="targetbody" target="a" pos="0 -2 1" sensorsize=".01 .02"
                focal=".005 .006" principal=".001 .002" resolution="100 200"/>
        <camera name="targetcom" mode="targetbodycom" target="a" pos="0 -2 1" sensorsize=".01 .02"
                focalpixel="500 600" principalpixel="1 2" resolution="100 200" user="1 2"/>
        <light name="track" mode="track" pos="0 -2 1" dir="1 0 0" directional="true"/>
        <light name="trackcom" class="c" pos="0 -2 1" castshadow="false" attenuation="1 2 3"
               exponent="2" ambient=".1 .2 .3" specular=".7 .8 .9" bulbradius=".1" range="3"/>
        <light name="target" mode="targetbody" target="a" pos="0 -2 1" type="point" intensity="5"/>
        <light name="targetcom" mode="targetbodycom" target="a" pos="0 -2 1" active="false"/>
      </body>
    </body>
    <body name="free" pos="0 1 0"><freejoint/><geom size=".1"/>
      <camera name="free" mode="targetbody" target="b" zaxis="0 1 1"/>
      <light name="free" mode="targetbodycom" target="b"/>
    </body>
  </worldbody></mujoco>"""

MODELS = {"arm": ARM,
          "model_file": str(MODELS_DIR / "cameras_lights.xml")}


@pytest.mark.parametrize("case", sorted(MODELS))
def test_camera_light_fields_match_reference(case):
    ours, ref = load_model(_engine(), MODELS[case]), load_model(_reference(), MODELS[case])
    assert (ours.ncam, ours.nlight, ours.nuser_cam) == (ref.ncam, ref.nlight, ref.nuser_cam)
    assert_fields_close(ours, ref, MODEL_FIELDS, atol=1e-9, rtol=1e-6, context=case)


@pytest.mark.parametrize("seed", [None, 1, 2, 3])
@pytest.mark.parametrize("case", sorted(MODELS))
def test_camlight_matches_reference(case, seed):
    pair = load_pair(MODELS[case], seed=seed)
    for function in ("mj_kinematics", "mj_comPos", "mj_camlight"):
        pair.call(function)
    assert_fields_close(pair.d, pair.ref_d, DATA_FIELDS, atol=1e-9, model=pair.ref_m,
                        context=f"{case} seed {seed}")

import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, m.key("moving").id)
mujoco.mj_forward(m, d)
results = {
    "hip": (d.joint("hip").qpos, d.joint("hip").qvel, d.joint("hip").qacc),
    "wrist": (d.joint("wrist").qpos, d.joint("wrist").qvel),
    "free": (d.joint("ball_free").qpos, d.jnt("ball_free").qvel),
    "torso": (d.body("torso").xpos, d.body("torso").xquat, d.body("torso").xmat),
    "hand_com": d.body("hand").xipos,
    "cvel": d.body("upper").cvel,
    "geom": (d.geom("upper_geom").xpos, d.geom("upper_geom").xmat),
    "site": (d.site("palm").xpos, d.site("palm").xmat),
    "actuator": (d.actuator("knee_servo").ctrl, d.actuator("knee_servo").force,
                 d.actuator("knee_servo").length, d.actuator("knee_servo").velocity),
    "ids": (d.body("hand").id, d.body("hand").name, d.joint(2).name, d.site(1).name),
}

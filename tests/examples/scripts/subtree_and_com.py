import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 1)
mujoco.mj_forward(m, d)
mujoco.mj_subtreeVel(m, d)
results = {"subtree_com": d.subtree_com, "subtree_linvel": d.subtree_linvel,
           "subtree_angmom": d.subtree_angmom, "cinert": d.cinert, "cdof": d.cdof,
           "subtreemass": m.body_subtreemass}

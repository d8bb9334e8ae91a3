import mujoco
import numpy as np

rng = np.random.default_rng(3)
A = rng.normal(size=(3, 4))
x = rng.normal(size=4)
results = {}
res3, res4 = np.zeros(3), np.zeros(4)
mujoco.mju_mulMatVec(res3, A, x); results["mulMatVec"] = res3.copy()
mujoco.mju_mulMatTVec(res4, A, res3); results["mulMatTVec"] = res4.copy()
B = rng.normal(size=(4, 2))
C = np.zeros((3, 2))
mujoco.mju_mulMatMat(C, A, B); results["mulMatMat"] = C.copy()
T = np.zeros((4, 3))
mujoco.mju_transpose(T, A); results["transpose"] = T
results["dot"] = mujoco.mju_dot(x, x)
results["norm3"] = mujoco.mju_norm3(res3)
results["dist3"] = mujoco.mju_dist3(res3, np.array([1.0, 0.0, 0.0]))
s = np.zeros(4)
mujoco.mju_add(s, x, res4); results["add"] = s.copy()
mujoco.mju_scl(s, x, 2.5); results["scl"] = s.copy()
mujoco.mju_addScl(s, x, res4, -0.5); results["addScl"] = s.copy()
v = np.zeros(3)
mujoco.mju_cross(v, np.array([1.0, 2.0, 3.0]), np.array([-1.0, 0.5, 2.0])); results["cross"] = v
results["normalize3"] = mujoco.mju_normalize3(np.array([3.0, 4.0, 12.0]))

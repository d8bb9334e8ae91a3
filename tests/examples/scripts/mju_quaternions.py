import mujoco
import numpy as np

results = {}
q1 = np.array([0.9, 0.1, -0.3, 0.2]); q1 /= np.linalg.norm(q1)
q2 = np.zeros(4)
mujoco.mju_axisAngle2Quat(q2, np.array([0.0, 0.6, 0.8]), 0.7)
results["axisAngle"] = q2.copy()
out = np.zeros(4)
mujoco.mju_mulQuat(out, q1, q2); results["mulQuat"] = out.copy()
mujoco.mju_negQuat(out, q1); results["negQuat"] = out.copy()
mat = np.zeros(9)
mujoco.mju_quat2Mat(mat, q1); results["quat2Mat"] = mat.copy()
mujoco.mju_mat2Quat(out, mat); results["mat2Quat"] = out.copy()
vec = np.zeros(3)
mujoco.mju_rotVecQuat(vec, np.array([1.0, 2.0, 3.0]), q1); results["rotVecQuat"] = vec.copy()
mujoco.mju_quat2Vel(vec, q1, 0.1); results["quat2Vel"] = vec.copy()
mujoco.mju_subQuat(vec, q1, q2); results["subQuat"] = vec.copy()
mujoco.mju_euler2Quat(out, np.array([0.1, 0.2, 0.3]), "xyz"); results["euler_xyz"] = out.copy()
mujoco.mju_euler2Quat(out, np.array([0.1, 0.2, 0.3]), "ZYX"); results["euler_ZYX"] = out.copy()
q = q1.copy()
mujoco.mju_quatIntegrate(q, np.array([0.3, -0.2, 0.5]), 0.05); results["quatIntegrate"] = q
mujoco.mju_quatZ2Vec(out, np.array([1.0, 1.0, 0.0])); results["quatZ2Vec"] = out.copy()
mujoco.mju_normalize4(q); results["normalize4"] = q

// mass.h: mass properties of geoms and bodies (checklist B.5).
#pragma once
#include <vector>

#include "mjsim/types.h"

namespace mjsim {

struct MassProperties {
  mjtNum mass = 0;
  mjtNum inertia[3] = {0, 0, 0};  // principal moments about the frame below
  mjtNum pos[3] = {0, 0, 0};      // center of mass in the parent frame
  mjtNum quat[4] = {1, 0, 0, 0};  // principal axes in the parent frame
};

// Volume of a primitive geom of the given type and size (0 for plane and unsupported types).
mjtNum GeomVolume(int type, const mjtNum size[3]);

// Surface area of a primitive geom (0 for plane and unsupported types), for shellinertia.
mjtNum GeomSurfaceArea(int type, const mjtNum size[3]);

// Inertia of a primitive's surface of uniform areal density and the given mass (shellinertia).
void GeomShellInertia(mjtNum inertia[3], int type, const mjtNum size[3], mjtNum mass);

// Mass and inertia of a uniform solid primitive with the given mass, about its own frame.
void GeomInertia(mjtNum inertia[3], int type, const mjtNum size[3], mjtNum mass);

// Combines the parts (each with pos/quat in the body frame) into the body's inertial frame.
// One part keeps its own frame; several are combined about their common center of mass and
// diagonalized (Eig3).
MassProperties CombineMassProperties(const std::vector<MassProperties>& parts);

// Eigen-decomposition of a symmetric 3x3 matrix by Jacobi rotations accumulated in a quaternion;
// eigenvalues sorted in decreasing order. mat = R(quat) diag(eigval) R(quat)'. The compiler's
// rounding by default; renormalize_swaps gives the API mju_eig3's. Returns the Jacobi
// iterations taken.
int Eig3(mjtNum eigval[3], mjtNum quat[4], const mjtNum mat[9], bool renormalize_swaps = false);

}  // namespace mjsim

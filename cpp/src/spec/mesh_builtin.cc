// mesh_builtin.cc: the procedural meshes (checklist A: asset/mesh builtin). Vertex layouts and
// parameter checks follow the reference's observed output: same vertex and face order, so a
// builtin mesh compiles to the reference's mesh data.
#include "spec/mesh_builtin.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <map>
#include <utility>

#include "mjsim/errors.h"

namespace mjsim {

const std::vector<MeshBuiltinInfo> kMeshBuiltins = {
    {kMeshBuiltinNone, "none", 0, "Unsupported mesh type"},
    {kMeshBuiltinSphere, "sphere", 1, "Sphere mesh type requires 1 parameter"},
    {kMeshBuiltinHemisphere, "hemisphere", 1, "Hemisphere mesh type requires 1 parameter"},
    {kMeshBuiltinCone, "cone", 2, "Cone mesh type requires 2 parameters"},
    {kMeshBuiltinSupersphere, "supersphere", 3, "Supersphere mesh type requires 3 parameters"},
    {kMeshBuiltinSupertorus, "supertorus", 4, "Supertorus mesh type requires 4 parameters"},
    {kMeshBuiltinWedge, "wedge", 5, "Wedge builtin mesh types require 5 parameters"},
    {kMeshBuiltinPlate, "plate", 2, "Plate builtin mesh type requires 2 parameters"},
};

namespace {

constexpr double kPi = 3.14159265358979323846;
using Vec3 = std::array<double, 3>;

[[noreturn]] void Reject(const std::string& message) { throw ModelError("Error: " + message); }

// a count given as a real number: truncated as a C cast would, NaN counting as negative
int AsCount(double value) {
  if (std::isnan(value)) return -1;
  if (value >= static_cast<double>(INT_MAX)) return INT_MAX;
  if (value <= static_cast<double>(INT_MIN)) return INT_MIN;
  return static_cast<int>(value);
}

struct MeshData {
  std::vector<float> vertex, normal;
  std::vector<int> face;
  void AddVertex(const Vec3& v) {
    for (double x : v) vertex.push_back(static_cast<float>(x));
  }
  void AddNormal(const Vec3& n) {
    for (double x : n) normal.push_back(static_cast<float>(x));
  }
  void AddFace(int a, int b, int c) { face.insert(face.end(), {a, b, c}); }
  int nvertex() const { return static_cast<int>(vertex.size() / 3); }
};

Vec3 Normalized(const Vec3& v) {
  double norm = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return {v[0] / norm, v[1] / norm, v[2] / norm};
}

// signed power of a cosine and of a sine: the superquadric's C(w, m) and S(w, m); zero counts
// as positive, so a zero exponent gives 1 there (as the reference)
double SignedPow(double x, double exponent) {
  return (x < 0 ? -1.0 : 1.0) * std::pow(std::fabs(x), exponent);
}

// An icosahedron subdivided `levels` times; each edge's midpoint is made once and projected
// onto the unit sphere, and each triangle splits into its three corners and the middle one.
MeshData Sphere(int levels) {
  if (levels < 0) Reject("Sphere subdivision cannot be negative");
  if (levels > 4) Reject("Sphere subdivision cannot be greater than 4");
  const double p = (1 + std::sqrt(5.0)) / 2;
  std::vector<Vec3> points = {{-1, p, 0}, {1, p, 0}, {-1, -p, 0}, {1, -p, 0},
                              {0, -1, p}, {0, 1, p}, {0, -1, -p}, {0, 1, -p},
                              {p, 0, -1}, {p, 0, 1}, {-p, 0, -1}, {-p, 0, 1}};
  for (Vec3& point : points) point = Normalized(point);
  std::vector<std::array<int, 3>> faces = {
      {0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
      {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
      {3, 8, 9},  {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (int level = 0; level < levels; ++level) {
    std::map<std::pair<int, int>, int> midpoints;
    auto midpoint = [&](int a, int b) {
      auto key = std::minmax(a, b);
      auto found = midpoints.find(key);
      if (found != midpoints.end()) return found->second;
      const Vec3 &u = points[a], &v = points[b];
      points.push_back(Normalized({(u[0] + v[0]) / 2, (u[1] + v[1]) / 2, (u[2] + v[2]) / 2}));
      return midpoints[key] = static_cast<int>(points.size()) - 1;
    };
    std::vector<std::array<int, 3>> finer;
    for (const auto& [v1, v2, v3] : faces) {
      int a = midpoint(v1, v2), b = midpoint(v2, v3), c = midpoint(v3, v1);
      finer.insert(finer.end(), {{v1, a, c}, {v2, b, a}, {v3, c, b}, {a, b, c}});
    }
    faces = std::move(finer);
  }
  MeshData mesh;
  for (const Vec3& point : points) mesh.AddVertex(point);
  for (const auto& [a, b, c] : faces) mesh.AddFace(a, b, c);
  return mesh;
}

// The upper half of an octahedron's lattice: ring k (1..n+1) holds the 4k points with
// |x| + |y| = k at height z = n + 1 - k, projected onto the unit sphere, counterclockwise from
// +x; the pole on top and the centre of the base close it.
MeshData Hemisphere(int n) {
  if (n < 0) Reject("Hemisphere resolution cannot be negative");
  if (n > 10) Reject("Hemisphere resolution cannot be greater than 10");
  MeshData mesh;
  mesh.AddVertex({0, 0, 1});
  std::vector<int> ring_start;
  for (int k = 1; k <= n + 1; ++k) {
    ring_start.push_back(mesh.nvertex());
    for (int side = 0; side < 4; ++side) {
      for (int j = 0; j < k; ++j) {
        double a = k - j, b = j;  // (a, b) in the first quadrant, turned by 90 degrees per side
        double x[4] = {a, -b, -a, b}, y[4] = {b, a, -b, -a};
        mesh.AddVertex(Normalized({x[side], y[side], static_cast<double>(n + 1 - k)}));
      }
    }
  }
  int base = mesh.nvertex();
  mesh.AddVertex({0, 0, 0});
  for (int m = 0; m < 4; ++m) mesh.AddFace(0, 1 + m, 1 + (m + 1) % 4);
  for (int k = 1; k <= n; ++k) {  // the band between ring k and ring k + 1, side by side
    int inner = ring_start[k - 1], outer = ring_start[k];
    for (int side = 0; side < 4; ++side) {
      auto in = [&](int j) { return inner + (side * k + j) % (4 * k); };
      auto out = [&](int j) { return outer + (side * (k + 1) + j) % (4 * (k + 1)); };
      for (int j = 0; j <= k; ++j) {
        mesh.AddFace(in(j), out(j), out(j + 1));
        if (j < k) mesh.AddFace(in(j), out(j + 1), in(j + 1));
      }
    }
  }
  int last = ring_start.back(), count = 4 * (n + 1);
  for (int m = 0; m < count; ++m) mesh.AddFace(last + m, base, last + (m + 1) % count);
  return mesh;
}

// A prism (radius > 0: the top is a smaller copy of the base) or a pyramid, for the convex hull.
MeshData Cone(int nedge, double radius) {
  if (nedge < 0) Reject("Cone number of edges cannot be negative");
  MeshData mesh;
  auto ring = [&](double r, double z) {
    for (int k = 0; k < nedge; ++k) {
      double angle = 2 * kPi * k / nedge;
      mesh.AddVertex({r * std::cos(angle), r * std::sin(angle), z});
    }
  };
  ring(1, -1);
  if (radius > 0) {
    ring(radius, 1);
  } else {
    mesh.AddVertex({0, 0, 1});
  }
  return mesh;
}

// Barr's superellipsoid: x = C(v,n) C(u,e), y = C(v,n) S(u,e), z = S(v,n), between the poles
// n - 1 rings of n points.
MeshData Supersphere(int n, double e, double ns) {
  if (n < 3) Reject("Supersphere resolution must be greater than 2");
  if (e < 0) Reject("Supersphere 'e' cannot be negative");
  if (ns < 0) Reject("Supersphere 'n' cannot be negative");
  MeshData mesh;
  mesh.AddVertex({0, 0, -1});
  for (int k = 1; k < n; ++k) {
    double v = -kPi / 2 + kPi * k / n;
    for (int m = 0; m < n; ++m) {
      double u = -kPi + 2 * kPi * m / n;
      double c = SignedPow(std::cos(v), ns);
      mesh.AddVertex({c * SignedPow(std::cos(u), e), c * SignedPow(std::sin(u), e),
                      SignedPow(std::sin(v), ns)});
    }
  }
  int top = mesh.nvertex();
  mesh.AddVertex({0, 0, 1});
  auto at = [n](int ring, int m) { return 1 + ring * n + (m % n); };
  for (int m = 0; m < n; ++m) mesh.AddFace(0, at(0, m + 1), at(0, m));
  for (int ring = 0; ring + 1 < n - 1; ++ring) {
    for (int m = 0; m < n; ++m) {
      mesh.AddFace(at(ring, m), at(ring, m + 1), at(ring + 1, m));
      mesh.AddFace(at(ring, m + 1), at(ring + 1, m + 1), at(ring + 1, m));
    }
  }
  for (int m = 0; m < n; ++m) mesh.AddFace(at(n - 2, m), at(n - 2, m + 1), top);
  return mesh;
}

// Barr's supertoroid of major radius 1 and minor radius r: x = (1 + r C(v,s)) C(u,t),
// y = (1 + r C(v,s)) S(u,t), z = r S(v,s); u around the axis (outer loop), v around the tube.
MeshData Supertorus(int n, double r, double s, double t) {
  if (n < 3) Reject("Supertorus resolution must be greater than 3");
  if (!(r > 0 && r <= 1)) Reject("Supertorus radius must be in (0, 1]");
  if (!(s > 0)) Reject("Supertorus 's' must be greater than 0");
  if (!(t > 0)) Reject("Supertorus 't' must be greater than 0");
  MeshData mesh;
  for (int i = 0; i < n; ++i) {
    double u = 2 * kPi * i / n;
    for (int j = 0; j < n; ++j) {
      double v = 2 * kPi * j / n;
      double w = 1 + r * SignedPow(std::cos(v), s);
      mesh.AddVertex({w * SignedPow(std::cos(u), t), w * SignedPow(std::sin(u), t),
                      r * SignedPow(std::sin(v), s)});
    }
  }
  auto at = [n](int i, int j) { return (i % n) * n + (j % n); };
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      mesh.AddFace(at(i, j), at(i + 1, j), at(i, j + 1));
      mesh.AddFace(at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
    }
  }
  return mesh;
}

// Cell centres in [-1, 1], foveated: the cell edges e map to gamma e^5 + (1 - gamma) e and a
// centre is the mean of its two edges.
std::vector<double> FoveatedCentres(int n, double gamma) {
  auto edge = [&](int i) {
    double e = -1 + 2.0 * i / n;
    return gamma * std::pow(e, 5) + (1 - gamma) * e;
  };
  std::vector<double> centres;
  for (int i = 0; i < n; ++i) centres.push_back((edge(i) + edge(i + 1)) / 2);
  return centres;
}

// A patch of the unit sphere seen from its centre, looking down -z: azimuth (about y) and
// elevation grids spanning fov degrees; each vertex carries three normals: its direction and
// the unit tangents along azimuth and elevation (a tactile sensor's frame).
MeshData Wedge(int nx, int ny, double fovx, double fovy, double gamma) {
  if (!(fovx > 0 && fovx <= 180)) Reject("fov[0] must be a float between (0, 180] degrees");
  if (!(fovy > 0 && fovy <= 90)) Reject("`fov[1]` must be a float between (0, 90] degrees");
  if (nx <= 0 || ny <= 0) Reject("Horizontal and vertical resolutions must be positive");
  if (!(gamma >= 0 && gamma <= 1)) Reject("`gamma` must be a nonnegative float between [0, 1]");
  MeshData mesh;
  std::vector<double> xs = FoveatedCentres(nx, gamma), ys = FoveatedCentres(ny, gamma);
  for (double x : xs) {
    double az = fovx * x * kPi / 180;
    for (double y : ys) {
      double el = fovy * y * kPi / 180;
      double ca = std::cos(az), sa = std::sin(az), ce = std::cos(el), se = std::sin(el);
      mesh.AddVertex({ce * sa, se, -ce * ca});
      mesh.AddNormal({ce * sa, se, -ce * ca});
      mesh.AddNormal({ca, 0, sa});
      mesh.AddNormal({-se * sa, ce, se * ca});
    }
  }
  return mesh;
}

// A grid of cell centres on the square [-1, 1]^2 at z = -1, two triangles per cell between
// neighbouring centres; each vertex carries the frame x, y, z as three normals.
MeshData Plate(int nx, int ny) {
  if (nx <= 0 || ny <= 0) Reject("Horizontal and vertical resolutions must be positive");
  MeshData mesh;
  for (int i = 0; i < nx; ++i) {
    for (int j = 0; j < ny; ++j) {
      mesh.AddVertex({(2.0 * i + 1) / nx - 1, (2.0 * j + 1) / ny - 1, -1});
      mesh.AddNormal({1, 0, 0});
      mesh.AddNormal({0, 1, 0});
      mesh.AddNormal({0, 0, 1});
    }
  }
  for (int i = 0; i + 1 < nx; ++i) {
    for (int j = 0; j + 1 < ny; ++j) {
      int v = i * ny + j;
      mesh.AddFace(v, v + ny, v + 1);
      mesh.AddFace(v + ny + 1, v + 1, v + ny);
    }
  }
  return mesh;
}

MeshData Generate(MeshBuiltin type, const std::vector<double>& p) {
  switch (type) {
    case kMeshBuiltinSphere: return Sphere(AsCount(p[0]));
    case kMeshBuiltinHemisphere: return Hemisphere(AsCount(p[0]));
    case kMeshBuiltinCone: return Cone(AsCount(p[0]), p[1]);
    case kMeshBuiltinSupersphere: return Supersphere(AsCount(p[0]), p[1], p[2]);
    case kMeshBuiltinSupertorus: return Supertorus(AsCount(p[0]), p[1], p[2], p[3]);
    case kMeshBuiltinWedge: return Wedge(AsCount(p[0]), AsCount(p[1]), p[2], p[3], p[4]);
    case kMeshBuiltinPlate: return Plate(AsCount(p[0]), AsCount(p[1]));
    case kMeshBuiltinNone: break;
  }
  Reject("Unsupported mesh type");
}

}  // namespace

void MakeBuiltinMesh(SpecMesh& mesh, MeshBuiltin type, const std::vector<double>& params) {
  const MeshBuiltinInfo* info = nullptr;
  for (const MeshBuiltinInfo& row : kMeshBuiltins) {
    if (row.type == type) info = &row;
  }
  if (!info || type == kMeshBuiltinNone) Reject("Unsupported mesh type");
  if (static_cast<int>(params.size()) != info->nparams) Reject(info->count_message);
  MeshData made = Generate(type, params);
  // only what the builtin makes is replaced: a face list or normals set before stay (as the
  // reference, where a cone made on a sphere keeps the sphere's faces)
  mesh.vertex = std::move(made.vertex);
  if (!made.face.empty()) mesh.face = std::move(made.face);
  if (!made.normal.empty()) mesh.normal = std::move(made.normal);
}

}  // namespace mjsim

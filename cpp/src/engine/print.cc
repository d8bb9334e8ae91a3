// print.cc: mj_printModel and mj_printData: every size, option and array of the field tables as
// text, one line per object row ("name  values"), for reading and diffing by eye. The layout is
// mjsim's own; the names are MuJoCo's.
#include <cstdio>

#include "mjsim/api.h"

namespace mjsim {
namespace {

void PrintValue(std::FILE* file, mjtNum value) { std::fprintf(file, " %.9g", value); }
void PrintValue(std::FILE* file, float value) { std::fprintf(file, " %.7g", value); }
void PrintValue(std::FILE* file, int value) { std::fprintf(file, " %d", value); }
void PrintValue(std::FILE* file, mjtByte value) { std::fprintf(file, " %d", value); }

// one line per row; names (char arrays) print as their 0-separated strings
template <typename T>
void PrintArray(std::FILE* file, const char* name, const T* values, int rows, int cols) {
  std::fprintf(file, "%s  (%d x %d)\n", name, rows, cols);
  for (int r = 0; r < rows; ++r) {
    std::fprintf(file, "  %d:", r);
    for (int c = 0; c < cols; ++c) PrintValue(file, values[r * cols + c]);
    std::fprintf(file, "\n");
  }
}
void PrintArray(std::FILE* file, const char* name, const char* values, int rows, int cols) {
  std::fprintf(file, "%s  (%d chars)\n  ", name, rows * cols);
  for (int i = 0; i < rows * cols; ++i) std::fputc(values[i] ? values[i] : ' ', file);
  std::fprintf(file, "\n");
}

template <typename T>
void PrintOption(std::FILE* file, const char* name, const T& value) {
  std::fprintf(file, "  %-20s", name);
  PrintValue(file, value);
  std::fprintf(file, "\n");
}
template <typename T, size_t count>
void PrintOption(std::FILE* file, const char* name, const T (&values)[count]) {
  std::fprintf(file, "  %-20s", name);
  for (const T& value : values) PrintValue(file, value);
  std::fprintf(file, "\n");
}

// the column count of a field: a literal, or an expression of the model's sizes (m.nuser_body)
#define MJSIM_COLUMNS(cols) static_cast<int>(cols)

}  // namespace

bool mj_printModel(const Model& m, const char* filename) {
  std::FILE* file = std::fopen(filename, "w");
  if (!file) return false;
  std::fprintf(file, "SIZES\n");
#define MJSIM_X(name, doc) std::fprintf(file, "  %-20s %d\n", #name, m.name);
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  std::fprintf(file, "\nOPTION\n");
#define MJSIM_X(type, name, count, values, doc) PrintOption(file, #name, m.opt.name);
  MJSIM_OPTION_FIELDS(MJSIM_X)
#undef MJSIM_X
  std::fprintf(file, "\n");
#define MJSIM_X(type, name, rows, cols, doc) \
  PrintArray(file, #name, m.name, m.rows, MJSIM_COLUMNS(cols));
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
  return std::fclose(file) == 0;
}

bool mj_printData(const Model& m, const Data& d, const char* filename) {
  std::FILE* file = std::fopen(filename, "w");
  if (!file) return false;
  std::fprintf(file, "SIZES\n  ncon %d\n\nTIME\n  %.9g\n\nENERGY\n  %.9g %.9g\n\nWARNING\n",
               d.ncon, d.time, d.energy[0], d.energy[1]);
  for (int i = 0; i < mjNWARNING; ++i) {
    std::fprintf(file, "  %d: lastinfo %d number %d\n", i, d.warning[i].lastinfo,
                 d.warning[i].number);
  }
  std::fprintf(file, "\nTIMER\n");
  for (int i = 0; i < mjNTIMER; ++i) {
    std::fprintf(file, "  %d: duration %.9g number %d\n", i, d.timer[i].duration,
                 d.timer[i].number);
  }
  std::fprintf(file, "\n");
#define MJSIM_X(type, name, rows, cols, doc) \
  PrintArray(file, #name, d.name, m.rows, MJSIM_COLUMNS(cols));
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
  std::fprintf(file, "\nCONTACT\n");
  for (int i = 0; i < d.ncon; ++i) {
    const Contact& c = d.contact[i];
    std::fprintf(file, "  %d: dist %.9g geom %d %d pos %.9g %.9g %.9g frame", i, c.dist,
                 c.geom[0], c.geom[1], c.pos[0], c.pos[1], c.pos[2]);
    for (int k = 0; k < 9; ++k) PrintValue(file, c.frame[k]);
    std::fprintf(file, "\n");
  }
  return std::fclose(file) == 0;
}

}  // namespace mjsim

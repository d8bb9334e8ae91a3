// print.cc: mj_printModel and mj_printData: every size, option and array of the field tables as
// text, one line per object row ("name  values"), for reading and diffing by eye. The layout is
// mjsim's own; the names are MuJoCo's. mj_printFormattedModel and mj_printFormattedData write
// the real numbers with a printf conversion of the caller's (FloatFormatProblem says which).
#include <cstdio>
#include <cstring>
#include <string>

#include "mjsim/api.h"

namespace mjsim {
namespace {

// where the text goes, and how real numbers are written: `real_format` (validated) or, when
// null, 9 significant digits for mjtNum and 7 for float
struct Printer {
  std::FILE* file;
  const char* real_format = nullptr;
  bool long_double = false;  // real_format has the 'L' length modifier
};

void PrintReal(const Printer& out, double value, const char* default_format) {
  if (!out.real_format) {
    std::fprintf(out.file, default_format, value);
    return;
  }
  std::fputc(' ', out.file);
  if (out.long_double) {
    std::fprintf(out.file, out.real_format, static_cast<long double>(value));
  } else {
    std::fprintf(out.file, out.real_format, value);
  }
}
void PrintValue(const Printer& out, mjtNum value) { PrintReal(out, value, " %.9g"); }
void PrintValue(const Printer& out, float value) { PrintReal(out, value, " %.7g"); }
void PrintValue(const Printer& out, int value) { std::fprintf(out.file, " %d", value); }
void PrintValue(const Printer& out, mjtByte value) { std::fprintf(out.file, " %d", value); }
void PrintValue(const Printer& out, uintptr_t value) {
  std::fprintf(out.file, " %llu", static_cast<unsigned long long>(value));
}

// one line per row; names (char arrays) print as their 0-separated strings
template <typename T>
void PrintArray(const Printer& out, const char* name, const T* values, int rows, int cols) {
  std::fprintf(out.file, "%s  (%d x %d)\n", name, rows, cols);
  for (int r = 0; r < rows; ++r) {
    std::fprintf(out.file, "  %d:", r);
    for (int c = 0; c < cols; ++c) PrintValue(out, values[r * cols + c]);
    std::fprintf(out.file, "\n");
  }
}
void PrintArray(const Printer& out, const char* name, const char* values, int rows, int cols) {
  std::FILE* file = out.file;
  std::fprintf(file, "%s  (%d chars)\n  ", name, rows * cols);
  for (int i = 0; i < rows * cols; ++i) std::fputc(values[i] ? values[i] : ' ', file);
  std::fprintf(file, "\n");
}

template <typename T>
void PrintOption(const Printer& out, const char* name, const T& value) {
  std::fprintf(out.file, "  %-20s", name);
  PrintValue(out, value);
  std::fprintf(out.file, "\n");
}
template <typename T, size_t count>
void PrintOption(const Printer& out, const char* name, const T (&values)[count]) {
  std::fprintf(out.file, "  %-20s", name);
  for (const T& value : values) PrintValue(out, value);
  std::fprintf(out.file, "\n");
}

// the column count of a field: a literal, or an expression of the model's sizes (m.nuser_body)
#define MJSIM_COLUMNS(cols) static_cast<int>(cols)

void PrintModel(const Printer& out, const Model& m) {
  std::FILE* file = out.file;
  std::fprintf(file, "SIZES\n");
#define MJSIM_X(name, doc) std::fprintf(file, "  %-20s %d\n", #name, m.name);
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  std::fprintf(file, "\nOPTION\n");
#define MJSIM_X(type, name, count, values, doc) PrintOption(out, #name, m.opt.name);
  MJSIM_OPTION_FIELDS(MJSIM_X)
#undef MJSIM_X
  std::fprintf(file, "\n");
#define MJSIM_X(type, name, rows, cols, doc) \
  PrintArray(out, #name, m.name, m.rows, MJSIM_COLUMNS(cols));
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
}

void PrintData(const Printer& out, const Model& m, const Data& d) {
  std::FILE* file = out.file;
  std::fprintf(file, "SIZES\n  ncon %d\n\nTIME\n ", d.ncon);
  PrintValue(out, d.time);
  std::fprintf(file, "\n\nENERGY\n ");
  PrintValue(out, d.energy[0]);
  PrintValue(out, d.energy[1]);
  std::fprintf(file, "\n\nWARNING\n");
  for (int i = 0; i < mjNWARNING; ++i) {
    std::fprintf(file, "  %d: lastinfo %d number %d\n", i, d.warning[i].lastinfo,
                 d.warning[i].number);
  }
  std::fprintf(file, "\nTIMER\n");
  for (int i = 0; i < mjNTIMER; ++i) {
    std::fprintf(file, "  %d: duration", i);
    PrintValue(out, d.timer[i].duration);
    std::fprintf(file, " number %d\n", d.timer[i].number);
  }
  std::fprintf(file, "\n");
#define MJSIM_X(type, name, rows, cols, doc) \
  PrintArray(out, #name, d.name, m.rows, MJSIM_COLUMNS(cols));
  MJSIM_DATA_FIELDS(MJSIM_X)
#undef MJSIM_X
  std::fprintf(file, "\nCONTACT\n");
  for (int i = 0; i < d.ncon; ++i) {
    const Contact& c = d.contact[i];
    std::fprintf(file, "  %d: dist", i);
    PrintValue(out, c.dist);
    std::fprintf(file, " geom %d %d pos", c.geom[0], c.geom[1]);
    for (int k = 0; k < 3; ++k) PrintValue(out, c.pos[k]);
    std::fprintf(file, " frame");
    for (int k = 0; k < 9; ++k) PrintValue(out, c.frame[k]);
    std::fprintf(file, "\n");
  }
}

// the printer of a valid float_format, else of the default formats
Printer MakePrinter(std::FILE* file, const char* float_format) {
  Printer out{file};
  if (float_format && FloatFormatProblem(float_format).empty()) {
    out.real_format = float_format;
    out.long_double = std::strchr(float_format, 'L') != nullptr;
  }
  return out;
}

}  // namespace

std::string FloatFormatProblem(const char* format) {
  if (!format) return "no float_format given";
  std::string text(format);
  std::string quoted = "float_format '" + text + "'";
  if (text.size() > 20) return quoted + " is longer than 20 characters";
  if (text.empty() || text[0] != '%') return quoted + " must start with '%'";
  size_t at = 1;
  std::string flags;
  while (at < text.size() && std::strchr("-+ #0", text[at])) {
    if (flags.find(text[at]) != std::string::npos) {
      return quoted + " gives the flag '" + text[at] + "' twice";
    }
    flags += text[at++];
  }
  auto skip_digits = [&] { while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at; };
  skip_digits();                      // width
  if (at < text.size() && text[at] == '.') {
    ++at;
    skip_digits();                    // precision
  }
  if (at < text.size() && text[at] == 'L') ++at;
  if (at >= text.size() || !std::strchr("fgGeE", text[at])) {
    return quoted + ": the conversion must be one of f, g, G, e, E";
  }
  if (at + 1 != text.size()) return quoted + " holds more than one conversion of one number";
  return "";
}

bool mj_printFormattedModel(const Model& m, const char* filename, const char* float_format) {
  std::FILE* file = std::fopen(filename, "w");
  if (!file) return false;
  PrintModel(MakePrinter(file, float_format), m);
  return std::fclose(file) == 0;
}

bool mj_printFormattedData(const Model& m, const Data& d, const char* filename,
                           const char* float_format) {
  std::FILE* file = std::fopen(filename, "w");
  if (!file) return false;
  PrintData(MakePrinter(file, float_format), m, d);
  return std::fclose(file) == 0;
}

bool mj_printModel(const Model& m, const char* filename) {
  return mj_printFormattedModel(m, filename, nullptr);
}

bool mj_printData(const Model& m, const Data& d, const char* filename) {
  return mj_printFormattedData(m, d, filename, nullptr);
}

}  // namespace mjsim

// Write the trace prunescope check reads: one JSON event a line.
//
//   #include "prunescope_trace.hpp"
//   prunescope::Trace trace("mine.jsonl");   // or prunescope::Trace trace; for standard output
//   trace.enter("2.1");                      // a node's path ("root" for the root) or name
//   trace.enter("2.1", alpha, beta);         // ... and, if you like, its window: check compares it
//   trace.leaf("2.1", 3);                    // values from MAX's point of view
//   trace.exit("2", 3);
//
// Then: prunescope check mine.jsonl --tree aima
// (Trace(path, "mover") when your values are the side to move's, negamax.)
// Header only, the C++17 standard library alone. Node names are written as
// they are: paths and tree names need no escaping.
#pragma once
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace prunescope {

class Trace {
 public:
  explicit Trace(const std::string& path = "", const std::string& values = "max") {
    if (!path.empty()) {
      file_.open(path);
      out_ = &file_;
    }
    if (values != "max") *out_ << "{\"values\": \"" << values << "\"}\n";
  }
  void enter(const std::string& node) { *out_ << "{\"ev\": \"enter\", \"node\": \"" << node << "\"}\n"; }
  void enter(const std::string& node, double alpha, double beta) {
    *out_ << "{\"ev\": \"enter\", \"node\": \"" << node << "\", \"alpha\": " << number(alpha) << ", \"beta\": " << number(beta) << "}\n";
  }
  void leaf(const std::string& node, double value) { event("leaf", node, value); }
  void exit(const std::string& node, double value) { event("exit", node, value); }

 private:
  void event(const char* ev, const std::string& node, double value) {
    *out_ << "{\"ev\": \"" << ev << "\", \"node\": \"" << node << "\", \"value\": " << number(value) << "}\n";
  }
  static std::string number(double v) {
    if (std::isinf(v)) return v > 0 ? "\"inf\"" : "\"-inf\"";
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
  }
  std::ofstream file_;
  std::ostream* out_ = &std::cout;
};

}  // namespace prunescope

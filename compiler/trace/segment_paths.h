// The parts of closing an execution-plan segment that segments.cpp uses:
// its graph (segment_graph.cpp) and its access paths and guards
// (segment_paths.cpp). WalkPaths names every value
// reachable from a segment's locals and globals by attributes, indices and
// keys; AddGuards turns what the segment assumed about them into guards.
#pragma once

#include <functional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "trace/tracer.h"

namespace tcc::trace {

struct PathMap {
  std::unordered_map<const Value*, std::string> paths;   // tensors and run-time numbers
  std::vector<ValuePtr> keep;                            // keeps keys alive
  std::vector<std::pair<std::string, ValuePtr>> scalars; // known Python values read
  // (path, first path) of one tensor, list or object reached twice: the kernel
  // reads it once, so that both paths hold the very same object is assumed.
  std::vector<std::pair<std::string, std::string>> aliases;
  std::unordered_map<const Value*, std::string> visited; // containers and objects: first path
  // (path, object, attribute) of each object attribute walked: a guard under
  // an attribute its entry only stores is dropped (Tracer::DropStoreGuards).
  std::vector<Segment::AttrPath> attr_paths;
  // (path, kind, identity) of the functions and classes read ("def") and of
  // the class of each instance reached ("class"): the kernel was traced
  // through that code, so which definition it is, is assumed.
  std::vector<std::tuple<std::string, plan::GuardKind, std::string>> defs;
  // (path, length) of each list and tuple of a length known at compile time
  // reached: the trace unrolled over its items (`stack(outs)`, `for x in
  // xs`, `len(xs)`), so its length is assumed.
  std::vector<std::pair<std::string, size_t>> lengths;
  // (path, JSON array of the items) of each set of known scalars reached: `in`
  // on it was folded, so exactly which items it holds is assumed.
  std::vector<std::pair<std::string, std::string>> sets;
  size_t budget = 1 << 16;                               // values walked, at most
};

// Every value reachable from `path`, at any depth (cycles and shared parts are
// walked once; the budget bounds huge structures).
void WalkPaths(const std::string& path, const ValuePtr& v, PathMap& pm);

// Why BuildGraph failed: the first op input of tape[b, e) that has no access path.
std::string MissingInputReason(Tracer& t, size_t b, size_t e, const PathMap& pm);

// Guards: every tensor and Python value reached from what the segment read.
void AddGuards(Tracer& t, const PathMap& pm, Segment& seg);

// Builds the graph of tape[b, e) (segment_graph.cpp). `path_of` names a
// value read from outside the range (empty: cannot); inputs, scalar_inputs
// and input_values get the kernel's inputs in order. Returns false when some
// input has no name. With `keep`, only the ops i with (*keep)[i].
bool BuildGraph(Tracer& t, size_t b, size_t e, const std::function<std::string(const ValuePtr&)>& path_of,
                graph::Graph& g, std::unordered_map<const Value*, graph::ValueId>& ids,
                std::vector<std::string>& inputs, std::vector<std::string>& scalar_inputs,
                std::vector<ValuePtr>& input_values, const std::vector<uint8_t>* keep = nullptr);

// Fills in the segment's place (module, function, statements) and keeps it in `f`.
void FinishSegment(Frame& f, Segment& seg);

}  // namespace tcc::trace

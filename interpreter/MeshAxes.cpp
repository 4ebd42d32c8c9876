#include "interpreter/MeshAxes.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "interpreter/Errors.h"
#include "semantic/ir/IR.h"

namespace shlo::interpreter {

namespace {

/// One factor of a mesh axis: an axis of size n with sub-axes cut at the
/// points p_0 = 1 < p_1 < ... < p_k = n has the factors p_{t+1} / p_t, the
/// first the most major (a sub-axis's pre-size counts the sizes before it).
struct Factor {
  size_t axis;
  int64_t from;    // p_t
  int64_t size;    // p_{t+1} / p_t
  int64_t stride;  // in the row-major device order
};

[[noreturn]] void fail(const std::string &opName, const std::string &message) {
  throw RuntimeError(opName + ": mesh-axes replica_groups: " + message);
}

size_t axisIndex(const Mesh &mesh, const std::string &name, const std::string &opName) {
  for (size_t i = 0; i < mesh.axes.size(); ++i) {
    if (mesh.axes[i].name == name) return i;
  }
  fail(opName, "the mesh has no axis \"" + name + "\"");
}

ReplicaGroups flatten(const Mesh &mesh, const std::vector<AxisRef> &refs, const std::string &opName) {
  int64_t total = 1;
  for (const MeshAxis &a : mesh.axes) {
    if (a.size < 1) fail(opName, "axis \"" + a.name + "\" has size " + std::to_string(a.size));
    total *= a.size;
  }
  if (!mesh.deviceIds.empty() && static_cast<int64_t>(mesh.deviceIds.size()) != total) {
    fail(opName, "the mesh has " + std::to_string(total) + " devices but " + std::to_string(mesh.deviceIds.size()) +
                     " device_ids");
  }
  // Cut points of every axis: its ends and the ends of its sub-axes.
  std::vector<std::set<int64_t>> cuts(mesh.axes.size());
  for (size_t i = 0; i < mesh.axes.size(); ++i) cuts[i] = {1, mesh.axes[i].size};
  for (const AxisRef &r : refs) {
    size_t i = axisIndex(mesh, r.name, opName);
    if (r.size == 0) continue;
    if (r.preSize < 1 || r.size < 1 || mesh.axes[i].size % (r.preSize * r.size) != 0) {
      fail(opName, "sub-axis (" + std::to_string(r.preSize) + ")" + std::to_string(r.size) + " of \"" + r.name +
                       "\" does not divide its size " + std::to_string(mesh.axes[i].size));
    }
    cuts[i].insert(r.preSize);
    cuts[i].insert(r.preSize * r.size);
  }
  std::vector<Factor> factors;
  int64_t axisStride = total;
  for (size_t i = 0; i < mesh.axes.size(); ++i) {
    int64_t n = mesh.axes[i].size;
    axisStride /= n;
    std::vector<int64_t> points(cuts[i].begin(), cuts[i].end());
    for (size_t t = 0; t + 1 < points.size(); ++t) {
      if (points[t + 1] % points[t] != 0) {
        fail(opName, "the sub-axes of \"" + mesh.axes[i].name + "\" overlap");
      }
      factors.push_back({i, points[t], points[t + 1] / points[t], axisStride * (n / points[t + 1])});
    }
  }
  // The named factors in the order named; every factor at most once.
  std::vector<size_t> named;
  std::vector<bool> used(factors.size(), false);
  for (const AxisRef &r : refs) {
    size_t i = axisIndex(mesh, r.name, opName);
    int64_t from = r.size == 0 ? 1 : r.preSize, to = r.size == 0 ? mesh.axes[i].size : r.preSize * r.size;
    for (size_t f = 0; f < factors.size(); ++f) {
      if (factors[f].axis != i || factors[f].from < from || factors[f].from >= to) continue;
      if (used[f]) fail(opName, "axis \"" + r.name + "\" is named twice");
      used[f] = true;
      named.push_back(f);
    }
  }
  std::vector<size_t> others;
  for (size_t f = 0; f < factors.size(); ++f) {
    if (!used[f]) others.push_back(f);
  }
  // Coordinates of `index` over `order` (row-major, the first the most
  // major), as the offset of that device in the row-major mesh.
  auto offset = [&](int64_t index, const std::vector<size_t> &order) {
    int64_t out = 0;
    for (size_t k = order.size(); k-- > 0;) {
      const Factor &f = factors[order[k]];
      out += (index % f.size) * f.stride;
      index /= f.size;
    }
    return out;
  };
  int64_t perGroup = 1;
  for (size_t f : named) perGroup *= factors[f].size;
  ReplicaGroups groups(static_cast<size_t>(total / perGroup));
  for (int64_t g = 0; g < total / perGroup; ++g) {
    int64_t base = offset(g, others);
    for (int64_t j = 0; j < perGroup; ++j) {
      int64_t device = base + offset(j, named);
      groups[static_cast<size_t>(g)].push_back(mesh.deviceIds.empty() ? device
                                                                      : mesh.deviceIds[static_cast<size_t>(device)]);
    }
  }
  return groups;
}

std::string stringField(const ir::Attribute &a, const char *name) {
  const ir::Attribute *f = a.field(name);
  return f && f->kind == ir::Attribute::Kind::String ? f->text : std::string();
}

/// `(pre)size` of a sub_axis_info, whatever form the attribute reader gave it.
AxisRef axisRef(const ir::Attribute &a, const std::string &opName) {
  AxisRef ref;
  ref.name = stringField(a, "name");
  if (ref.name.empty()) fail(opName, "an axis_ref without a name: " + a.str());
  if (const ir::Attribute *sub = a.field("sub_axis_info")) {
    std::vector<int64_t> numbers;
    std::string text = sub->str();
    for (size_t i = 0; i < text.size();) {
      if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
        ++i;
        continue;
      }
      size_t j = i;
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
      numbers.push_back(std::stoll(text.substr(i, j - i)));
      i = j;
    }
    if (numbers.size() != 2) fail(opName, "cannot read sub_axis_info " + text);
    ref.preSize = numbers[0];
    ref.size = numbers[1];
  }
  return ref;
}

/// The axes and device ids of `#stablehlo.mesh<...>` or of a function's
/// `stablehlo.mesh = {...}` dictionary: the same fields.
Mesh meshOf(const ir::Attribute &a, const std::string &opName) {
  Mesh mesh;
  if (const ir::Attribute *axes = a.field("axes")) {
    for (const ir::Attribute &axis : axes->elements) {
      const ir::Attribute *size = axis.field("size");
      if (!size || size->kind != ir::Attribute::Kind::Integer) fail(opName, "a mesh axis without a size: " + axis.str());
      mesh.axes.push_back({stringField(axis, "name"), size->integer});
    }
  }
  if (const ir::Attribute *ids = a.field("device_ids")) {
    auto values = ids->integers();
    if (!values) fail(opName, "device_ids must be a list of integers, got " + ids->str());
    mesh.deviceIds = *values;
  }
  return mesh;
}

}  // namespace

ReplicaGroups flattenMeshAxes(const Mesh &mesh, const std::vector<AxisRef> &axes) {
  return flatten(mesh, axes, "replica_groups");
}

ReplicaGroups meshAxesGroups(const ir::Attribute &attribute, const ir::Module *module, const std::string &opName) {
  const ir::Attribute *meshAttr = attribute.field("mesh");
  if (!meshAttr) meshAttr = attribute.field("mesh_name");
  if (!meshAttr) fail(opName, "no `mesh`");
  Mesh mesh;
  if (meshAttr->kind == ir::Attribute::Kind::Struct) {
    mesh = meshOf(*meshAttr, opName);
  } else if (meshAttr->kind == ir::Attribute::Kind::SymbolRef) {
    const ir::Attribute *dict = nullptr;
    if (module) {
      auto fn = module->functions.find(meshAttr->text);
      if (fn != module->functions.end()) dict = fn->second->attribute("stablehlo.mesh");
    }
    if (!dict) {
      fail(opName, "mesh @" + meshAttr->text +
                       " is not a function with a `stablehlo.mesh` attribute (sdy.mesh meshes are not evaluated)");
    }
    mesh = meshOf(*dict, opName);
  } else {
    fail(opName, "cannot read the mesh " + meshAttr->str());
  }
  std::vector<AxisRef> refs;
  if (const ir::Attribute *axes = attribute.field("axes")) {
    for (const ir::Attribute &a : axes->elements) refs.push_back(axisRef(a, opName));
  }
  return flatten(mesh, refs, opName);
}

}  // namespace shlo::interpreter

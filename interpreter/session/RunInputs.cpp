#include "interpreter/session/RunInputs.h"

#include <optional>

#include "interpreter/io/Npy.h"
#include "interpreter/io/Npz.h"

namespace shlo::interpreter {

namespace {

const std::vector<ir::Value *> &parameters(const ir::Operation &function) {
  static const std::vector<ir::Value *> none;
  if (function.regions.empty() || function.regions[0]->blocks.empty()) return none;
  return function.regions[0]->blocks[0]->arguments;
}

std::string functionName(const ir::Operation &function) {
  const ir::Attribute *name = function.attribute("sym_name");
  return "@" + (name ? name->text : std::string("?"));
}

/// The argument an input name means: `%arg0`, `arg0`, `0` or `arr_0`.
std::optional<size_t> argumentIndex(const std::vector<ir::Value *> &params, const std::string &name) {
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i]->name == name || params[i]->name == "%" + name) return i;
  }
  std::string digits = name.rfind("arr_", 0) == 0 ? name.substr(4) : name;
  if (!digits.empty() && digits.size() < 10 && digits.find_first_not_of("0123456789") == std::string::npos) {
    size_t i = std::stoul(digits);
    if (i < params.size()) return i;
  }
  return std::nullopt;
}

/// The type a value for `param` is read as: its own, or for a dynamic
/// parameter type the file's shape when it fits.
ir::Type readType(const ir::Value &param, const std::vector<int64_t> &shape, const std::string &what) {
  const ir::Type &t = param.type;
  if (!t.isTensor()) throw InputError(what + ": argument " + param.name + " is " + t.str() + ", not a tensor");
  if (t.ranked() && t.hasStaticShape()) return t;
  ir::Type candidate = t.withShape(shape);
  if (!ir::isCompatible(candidate, t)) {
    std::string s;
    for (int64_t d : shape) s += std::to_string(d) + "x";
    throw InputError(what + ": shape " + s + " does not fit " + t.str() + " of " + param.name);
  }
  return candidate;
}

/// The most bytes an `.npy` image for an argument of `type` may take: its
/// static shape's image, else the default bound.
uint64_t imageBound(const ir::Type &type) {
  return interpreter::npy::maxImageBytes(type).value_or(interpreter::npy::defaultMaxImageBytes());
}

}  // namespace

std::string describeArguments(const ir::Operation &function) {
  std::string out;
  const auto &params = parameters(function);
  for (size_t i = 0; i < params.size(); ++i) {
    if (i == 8 && params.size() > 10) {
      out += ", ... (" + std::to_string(params.size() - 8) + " more)";
      break;
    }
    out += (i ? ", " : "") + params[i]->name + ": " + params[i]->type.str();
  }
  return out;
}

BoundArguments bindArguments(const ir::Operation &function, const RunInputs &inputs) {
  const auto &params = parameters(function);
  std::string fn = functionName(function);
  std::vector<std::optional<interpreter::Value>> values(params.size());
  std::vector<std::string> givenBy(params.size());
  auto assign = [&](size_t i, Tensor t, const std::string &source) {
    if (values[i]) {
      throw InputError("argument " + params[i]->name + " of " + fn + " is given twice: by " + givenBy[i] + " and by " +
                       source);
    }
    values[i] = interpreter::Value(std::move(t));
    givenBy[i] = source;
  };

  if (inputs.args.size() > params.size()) {
    throw InputError(fn + " takes " + std::to_string(params.size()) + " argument(s), --args gives " +
                     std::to_string(inputs.args.size()));
  }
  for (size_t i = 0; i < inputs.args.size(); ++i) {
    const Tensor &t = inputs.args[i];
    ir::Type want = readType(*params[i], t.shape(), "--args element #" + std::to_string(i));
    if (t.type() != want) {
      throw InputError("--args element #" + std::to_string(i) + " is " + t.type().str() + ", but argument " +
                       params[i]->name + " of " + fn + " is " + params[i]->type.str());
    }
    assign(i, t, "--args element #" + std::to_string(i));
  }

  for (const std::string &spec : inputs.inputSpecs) {
    size_t eq = spec.find('=');
    std::string name = eq == std::string::npos ? "" : spec.substr(0, eq);
    std::string path = eq == std::string::npos ? spec : spec.substr(eq + 1);
    bool isNpz = path.size() > 4 && path.compare(path.size() - 4, 4, ".npz") == 0;
    try {
      if (isNpz) {
        if (!name.empty()) throw InputError("--input " + spec + ": an .npz archive binds its members by key; write --input " + path);
        // One member at a time, each checked against its argument's size
        // before it is inflated (a zip bomb or a lying directory inflates
        // nothing).
        interpreter::npz::Archive archive(path);
        for (const interpreter::npz::Archive::Entry &entry : archive.entries()) {
          std::string what = path + ":" + entry.key;
          std::optional<size_t> i = argumentIndex(params, entry.key);
          if (!i) {
            throw InputError(what + ": no argument of " + fn + " is named `" + entry.key + "` (" + fn + " takes " +
                             describeArguments(function) + ")");
          }
          std::string bytes = archive.read(entry, imageBound(params[*i]->type));
          interpreter::npy::Array a = interpreter::npy::parse(bytes, what);
          ir::Type type = readType(*params[*i], a.shape, what);
          assign(*i, interpreter::npy::toTensor(a, type, what + " (for " + params[*i]->name + ")"), what);
        }
        continue;
      }
      if (name.empty()) {
        throw InputError("--input " + spec + ": say which argument it is for, e.g. --input %arg0=" + path);
      }
      std::optional<size_t> i = argumentIndex(params, name);
      if (!i) {
        throw InputError("--input " + spec + ": " + fn + " has no argument `" + name + "` (it takes " +
                         (params.empty() ? std::string("none") : describeArguments(function)) + ")");
      }
      std::string bytes = interpreter::npy::readFile(path, imageBound(params[*i]->type));
      interpreter::npy::Array a = interpreter::npy::parse(bytes, path);
      ir::Type type = readType(*params[*i], a.shape, path);
      assign(*i, interpreter::npy::toTensor(a, type, path + " (for " + params[*i]->name + " of " + fn + ")"), path);
    } catch (const interpreter::RuntimeError &e) {
      throw InputError(e.what());
    }
  }

  BoundArguments out;
  std::vector<std::string> missing;
  for (size_t i = 0; i < params.size(); ++i) {
    if (values[i]) {
      out.values.push_back(std::move(*values[i]));
      continue;
    }
    if (inputs.elided.mode == interpreter::ElidedFill::Mode::Error) {
      missing.push_back(params[i]->name);
      continue;
    }
    const ir::Type &t = params[i]->type;
    if (!t.isTensor() || !t.ranked() || !t.hasStaticShape()) {
      throw InputError("argument " + params[i]->name + " of " + fn + " is " + t.str() +
                       ": --elided can fill only tensors with a static shape; give it with --args or --input");
    }
    try {
      // Salts far from constants' (file offsets) so arguments and constants differ.
      out.values.push_back(interpreter::makeElidedValue(t, inputs.elided, (1ull << 62) + i));
    } catch (const interpreter::RuntimeError &e) {
      throw InputError("argument " + params[i]->name + " of " + fn + ": " + e.what());
    }
    out.filled.push_back(i);
  }
  if (!missing.empty()) {
    std::string list;
    for (size_t k = 0; k < missing.size() && k < 8; ++k) list += (k ? ", " : "") + missing[k];
    if (missing.size() > 8) list += ", ... (" + std::to_string(missing.size() - 8) + " more)";
    throw InputError(fn + " takes " + std::to_string(params.size()) + " argument(s), " +
                     std::to_string(params.size() - missing.size()) + " given; missing " + list +
                     ". Give them with --args or --input NAME=FILE.npy, or fill them with --elided=zeros|random:SEED");
  }
  return out;
}

}  // namespace shlo::interpreter

// The spec tables now live with the op table (semantic/ops/SpecTables.h);
// these names stay for the language server's hover until it reads ops::.
#pragma once

#include "semantic/ops/SpecTables.h"

namespace shlo::verify {

using ops::SpecConstraint;
using ops::SpecInput;
using ops::SpecOp;
using ops::SpecOutput;
using ops::specOp;
using ops::specOps;

}  // namespace shlo::verify

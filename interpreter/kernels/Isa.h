// The instruction-set switch of the kernel library. oneDNN and the
// library's own loops (Highway) choose the widest instruction set the CPU
// has, at run time; SHLO_KERNEL_ISA=baseline limits both to the x86-64
// baseline, so that a test can prove the binary runs without AVX.
#pragma once

namespace shlo::interpreter {

/// Applies SHLO_KERNEL_ISA once per process (later calls do nothing); must
/// run before oneDNN creates its first primitive. Values: "baseline", or
/// unset / anything else for the CPU's best.
void applyIsaLimit();

/// True when SHLO_KERNEL_ISA=baseline is in force.
bool baselineIsaRequested();

}  // namespace shlo::interpreter

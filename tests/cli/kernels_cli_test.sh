#!/usr/bin/env bash
# The kernel library seen from `shlo`: --version names the instruction sets
# in use, SHLO_KERNEL_ISA=baseline (with oneDNN's own ONEDNN_MAX_CPU_ISA)
# brings them down to the x86-64 baseline, and a program of convolution,
# dot_general and elementwise ops gives the same printed results on the
# kernel path, on the baseline instruction set and on --reference. Its
# values are small integers, exact in f32 whatever the order of the sums.
# --timing prints the three phases and the slowest ops (a reduce's too).
set -u
SHLO="$1"
source "$(dirname "$0")/check-lib.sh"
has() { grep -qF -- "$2" "$1"; }

"$SHLO" --version > "$tmp/version"
check "version: kernels line" has "$tmp/version" "kernels: oneDNN "
SHLO_KERNEL_ISA=baseline ONEDNN_MAX_CPU_ISA=SSE41 "$SHLO" --version > "$tmp/baseline"
check "baseline: oneDNN at SSE4.1" has "$tmp/baseline" "oneDNN sse41"
check "baseline: no AVX loops" bash -c "! grep -q 'loops AVX' '$tmp/baseline'"

cat > "$tmp/prog.mlir" <<'MLIR'
func.func @main() -> (tensor<1x4x4x3xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4xf32>) {
  %x = stablehlo.iota dim = 1 : tensor<1x6x6x2xf32>
  %w = stablehlo.iota dim = 3 : tensor<3x3x2x3xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
       window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
       : (tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x4x4x3xf32>
  %a = stablehlo.iota dim = 0 : tensor<4x7xf32>
  %b = stablehlo.iota dim = 1 : tensor<7x5xf32>
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x7xf32>, tensor<7x5xf32>) -> tensor<4x5xf32>
  %e = stablehlo.add %d, %d : tensor<4x5xf32>
  %m = stablehlo.maximum %e, %d : tensor<4x5xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x5xf32>
  %one = stablehlo.exponential %z : tensor<4x5xf32>
  %f = stablehlo.multiply %m, %one : tensor<4x5xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%f init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  return %c, %f, %e, %s : tensor<1x4x4x3xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4xf32>
}
MLIR
"$SHLO" run "$tmp/prog.mlir" --print > "$tmp/kernels" 2>&1; check "kernels: exits 0" test $? -eq 0
check "kernels: PASS" has "$tmp/kernels" "PASS @main"
"$SHLO" run "$tmp/prog.mlir" --print --reference > "$tmp/reference" 2>&1; check "reference: exits 0" test $? -eq 0
SHLO_KERNEL_ISA=baseline ONEDNN_MAX_CPU_ISA=SSE41 "$SHLO" run "$tmp/prog.mlir" --print > "$tmp/base" 2>&1
check "baseline: exits 0" test $? -eq 0
check "reference: same results as the kernels" cmp -s "$tmp/kernels" "$tmp/reference"
check "baseline: same results as the kernels" cmp -s "$tmp/kernels" "$tmp/base"
"$SHLO" run "$tmp/prog.mlir" --threads 2 --print > "$tmp/two" 2>&1
check "2 threads: same results" cmp -s "$tmp/kernels" "$tmp/two"

"$SHLO" run "$tmp/prog.mlir" --timing > /dev/null 2> "$tmp/timing"; check "timing: exits 0" test $? -eq 0
check "timing: parse phase" has "$tmp/timing" "parse and check"
check "timing: binding phase" has "$tmp/timing" "bind inputs, make constants/weights"
check "timing: run phase" has "$tmp/timing" "evaluate (run phase)"
check "timing: slowest op located" grep -qE 'stablehlo\.[a-z_]+ +.*prog\.mlir:[0-9]+:[0-9]+' "$tmp/timing"
# An op with a region (its body run as a typed loop) is timed too.
check "timing: reduce listed" grep -qE 'stablehlo\.reduce( |$)' "$tmp/timing"

# `shlo run` leaves libgomp's wait policy at its default (workers spin a
# while after each region): every kernel runs on the one OpenMP team
# (interpreter/kernels/OpenMpParallel.h), so a spinning worker is the one
# the next kernel needs. Session 7's OMP_WAIT_POLICY=passive, chosen when
# the library's loops had a pool of their own, is gone.
env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT OMP_DISPLAY_ENV=verbose "$SHLO" run "$tmp/prog.mlir" --threads 2 --print \
  > "$tmp/spinning" 2> "$tmp/spinning.err"
check "2 threads: exits 0" test $? -eq 0
check "2 threads: same results" cmp -s "$tmp/kernels" "$tmp/spinning"
check "2 threads: libgomp's default spin" bash -c "grep GOMP_SPINCOUNT '$tmp/spinning.err' | tail -n1 | grep -vq \"'0'\""
env -u GOMP_SPINCOUNT OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=verbose "$SHLO" run "$tmp/prog.mlir" > /dev/null 2> "$tmp/active.err"
check "active: the user's policy kept" bash -c "grep GOMP_SPINCOUNT '$tmp/active.err' | tail -n1 | grep -vq \"'0'\""
check "active: libgomp started once" test "$(grep -c GOMP_SPINCOUNT "$tmp/active.err")" -eq 1
env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT OMP_DISPLAY_ENV=verbose "$SHLO" --version > /dev/null 2> "$tmp/version.err"
check "version: libgomp started once, default policy" bash -c \
  "test \$(grep -c GOMP_SPINCOUNT '$tmp/version.err') -eq 1 && ! grep GOMP_SPINCOUNT '$tmp/version.err' | grep -q \"'0'\""

# The kernel module (interpreter/kernels/KernelModule.h) is loaded on the
# first kernel call: a command that never interprets does not load oneDNN,
# Highway or libgomp. Without the module, `shlo run` warns once and runs on
# the reference loops (the same results here), and --version says so.
printf 'func.func @f() {\n  return\n}\n' > "$tmp/empty.mlir"
LD_DEBUG=files "$SHLO" fmt --check "$tmp/empty.mlir" > /dev/null 2> "$tmp/fmt.libs"
check "fmt: formats" has "$tmp/fmt.libs" "libtree-sitter"
check "fmt: no oneDNN, Highway or libgomp loaded" bash -c "! grep -E 'libdnnl|libhwy|libgomp|libshlo-kernels' '$tmp/fmt.libs'"
LD_DEBUG=files "$SHLO" run "$tmp/prog.mlir" > /dev/null 2> "$tmp/run.libs"
check "run: the module loaded" has "$tmp/run.libs" "libshlo-kernels.so"
SHLO_KERNEL_MODULE="$tmp/missing.so" "$SHLO" run "$tmp/prog.mlir" --print > "$tmp/nomodule" 2> "$tmp/nomodule.err"
check "no module: exits 0" test $? -eq 0
check "no module: same results" cmp -s "$tmp/kernels" "$tmp/nomodule"
check "no module: one warning naming the file" test "$(grep -c "warning: cannot load the kernel library: $tmp/missing.so" "$tmp/nomodule.err")" -eq 1
SHLO_KERNEL_MODULE="$tmp/missing.so" "$SHLO" --version > "$tmp/noversion"
check "no module: --version says reference loops" has "$tmp/noversion" "kernels: reference loops only (cannot load"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]

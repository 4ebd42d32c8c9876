// Inputs for examples/mlp.mlir: one function per argument of its @main.
// `shlo run examples/mlp_inputs.mlir --output DIR` saves them as
// DIR/x.0.npy, DIR/w1.0.npy, ...; scripts/setup.sh feeds them back with
// `--input %x=DIR/x.0.npy ...`. Weights are smooth functions of their index
// (sin/cos of iota) rather than literals, to keep the file short.
func.func @x() -> tensor<4x8xf32> {
  %0 = stablehlo.constant dense<[[0.5, -1.0, 0.25, 2.0, 0.0, 1.5, -0.5, 1.0],
                                 [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
                                 [-2.0, 0.5, 0.0, -1.0, 3.0, 0.25, 0.75, -0.5],
                                 [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// w1[i, j] = sin(0.37 * (16 i + j))
func.func @w1() -> tensor<8x16xf32> {
  %i = stablehlo.iota dim = 0 : tensor<8x16xf32>
  %j = stablehlo.iota dim = 1 : tensor<8x16xf32>
  %sixteen = stablehlo.constant dense<16.0> : tensor<8x16xf32>
  %rows = stablehlo.multiply %i, %sixteen : tensor<8x16xf32>
  %k = stablehlo.add %rows, %j : tensor<8x16xf32>
  %freq = stablehlo.constant dense<0.37> : tensor<8x16xf32>
  %angle = stablehlo.multiply %k, %freq : tensor<8x16xf32>
  %w = stablehlo.sine %angle : tensor<8x16xf32>
  return %w : tensor<8x16xf32>
}

func.func @b1() -> tensor<16xf32> {
  %0 = stablehlo.constant dense<0.1> : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// w2[i, j] = 1.5 * cos(0.83 * (3 i + j))
func.func @w2() -> tensor<16x3xf32> {
  %i = stablehlo.iota dim = 0 : tensor<16x3xf32>
  %j = stablehlo.iota dim = 1 : tensor<16x3xf32>
  %three = stablehlo.constant dense<3.0> : tensor<16x3xf32>
  %rows = stablehlo.multiply %i, %three : tensor<16x3xf32>
  %k = stablehlo.add %rows, %j : tensor<16x3xf32>
  %freq = stablehlo.constant dense<0.83> : tensor<16x3xf32>
  %angle = stablehlo.multiply %k, %freq : tensor<16x3xf32>
  %c = stablehlo.cosine %angle : tensor<16x3xf32>
  %scale = stablehlo.constant dense<1.5> : tensor<16x3xf32>
  %w = stablehlo.multiply %c, %scale : tensor<16x3xf32>
  return %w : tensor<16x3xf32>
}

func.func @b2() -> tensor<3xf32> {
  %0 = stablehlo.constant dense<[0.0, 0.1, -0.1]> : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// A two-layer perceptron with a softmax head, written by hand in StableHLO.
// Inputs: a batch of 4 feature vectors of width 8; weights are arguments.
module @mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>,
                         %w2: tensor<16x3xf32>, %b2: tensor<3xf32>) -> tensor<4x3xf32> {
    %h = call @dense_relu(%x, %w1, %b1) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    %logits0 = stablehlo.dot_general %h, %w2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x3xf32>) -> tensor<4x3xf32>
    %bias2 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
    %logits = stablehlo.add %logits0, %bias2 : tensor<4x3xf32>
    %probs = call @softmax(%logits) : (tensor<4x3xf32>) -> tensor<4x3xf32>
    return %probs : tensor<4x3xf32>
  }

  // relu(x @ w + b)
  func.func private @dense_relu(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x16xf32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %4 = stablehlo.maximum %2, %3 : tensor<4x16xf32>
    return %4 : tensor<4x16xf32>
  }

  // exp(x - max(x)) / sum(exp(x - max(x))) along dimension 1.
  func.func private @softmax(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %neg_inf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %max = stablehlo.reduce(%x init: %neg_inf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
    %max_b = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<4xf32>) -> tensor<4x3xf32>
    %shifted = stablehlo.subtract %x, %max_b : tensor<4x3xf32>
    %exp = stablehlo.exponential %shifted : tensor<4x3xf32>
    %sum = stablehlo.reduce(%exp init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
    %sum_b = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x3xf32>
    %probs = stablehlo.divide %exp, %sum_b : tensor<4x3xf32>
    return %probs : tensor<4x3xf32>
  }
}

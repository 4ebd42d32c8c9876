"""PyTorch models of the same shapes as ../shared/models (for compare-pytorch.sh).

Written with torch.nn from the exported programs' shapes (no weights are
loaded: random ones, as `shlo run --elided=random:0` uses):
  jax_resnet_50        ResNet-50 backbone (bottleneck blocks 3-4-6-3), 1x3x224x224,
                       outputs the 1x2048x7x7 map and its global average.
  pt_bert              BERT-base encoder: 12 layers, width 768, 12 heads, feed-forward
                       3072 (GELU), 7 tokens, vocabulary 30522, tanh pooler.
  searchless_chess_9m  8 pre-norm layers, width 256, 8 heads of 32, gated SiLU
                       feed-forward 1024, batch 33 x 79 tokens, vocabulary 1968,
                       128-way output.

Prints one line per model and thread count:
  MODEL THREADS eager_wall eager_cpu frozen_wall frozen_cpu   (seconds, best of runs)
Usage: python3 pytorch_models.py THREADS [RUNS]
"""
import sys
import time

import torch
from torch import nn
import torch.nn.functional as F


class Bottleneck(nn.Module):
    def __init__(self, inp, width, stride):
        super().__init__()
        out = width * 4
        self.c1, self.b1 = nn.Conv2d(inp, width, 1, bias=False), nn.BatchNorm2d(width)
        self.c2, self.b2 = nn.Conv2d(width, width, 3, stride, 1, bias=False), nn.BatchNorm2d(width)
        self.c3, self.b3 = nn.Conv2d(width, out, 1, bias=False), nn.BatchNorm2d(out)
        self.down = None
        if stride != 1 or inp != out:
            self.down = nn.Sequential(nn.Conv2d(inp, out, 1, stride, bias=False), nn.BatchNorm2d(out))

    def forward(self, x):
        y = F.relu(self.b1(self.c1(x)))
        y = F.relu(self.b2(self.c2(y)))
        y = self.b3(self.c3(y))
        return F.relu(y + (x if self.down is None else self.down(x)))


class ResNet50(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(),
                                  nn.MaxPool2d(3, 2, 1))
        layers, inp = [], 64
        for width, blocks, stride in [(64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)]:
            for i in range(blocks):
                layers.append(Bottleneck(inp, width, stride if i == 0 else 1))
                inp = width * 4
        self.layers = nn.Sequential(*layers)

    def forward(self, x):
        y = self.layers(self.stem(x))
        return y, y.mean(dim=(2, 3), keepdim=True)


class Bert(nn.Module):
    def __init__(self):
        super().__init__()
        self.words, self.positions, self.types = nn.Embedding(30522, 768), nn.Embedding(512, 768), nn.Embedding(2, 768)
        self.norm = nn.LayerNorm(768)
        layer = nn.TransformerEncoderLayer(768, 12, 3072, dropout=0.0, activation="gelu", batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 12, enable_nested_tensor=False)
        self.pool = nn.Linear(768, 768)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1]).unsqueeze(0)
        x = self.norm(self.words(ids) + self.positions(pos) + self.types(torch.zeros_like(ids)))
        x = self.encoder(x)
        return x, torch.tanh(self.pool(x[:, 0]))


class ChessLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(256), nn.LayerNorm(256)
        self.q, self.k, self.v, self.o = (nn.Linear(256, 256, bias=False) for _ in range(4))
        self.gate, self.up, self.down = nn.Linear(256, 1024, bias=False), nn.Linear(256, 1024, bias=False), \
            nn.Linear(1024, 256, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q, k, v = (f(h).view(b, t, 8, 32).transpose(1, 2) for f in (self.q, self.k, self.v))
        a = torch.softmax(q @ k.transpose(-1, -2) / 32 ** 0.5, dim=-1) @ v
        x = x + self.o(a.transpose(1, 2).reshape(b, t, 256))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Chess(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed, self.pos = nn.Embedding(1968, 256), nn.Parameter(torch.randn(79, 256))
        self.layers = nn.Sequential(*[ChessLayer() for _ in range(8)])
        self.norm, self.head = nn.LayerNorm(256), nn.Linear(256, 128, bias=False)

    def forward(self, tokens):
        return torch.log_softmax(self.head(self.norm(self.layers(self.embed(tokens) + self.pos))), dim=-1)


def best(fn, runs):
    fn()  # warm-up (first-call allocations, oneDNN primitive creation)
    wall, cpu = float("inf"), float("inf")
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall, cpu = min(wall, time.perf_counter() - w), min(cpu, time.process_time() - c)
    return wall, cpu


def main():
    threads = int(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    models = {
        "jax_resnet_50": (ResNet50(), torch.randn(1, 3, 224, 224)),
        "pt_bert": (Bert(), torch.randint(0, 30522, (1, 7))),
        "searchless_chess_9m": (Chess(), torch.randint(0, 1968, (33, 79))),
    }
    with torch.inference_mode():
        for name, (model, example) in models.items():
            model.eval()
            eager = best(lambda: model(example), runs)
            frozen_model = torch.jit.freeze(torch.jit.trace(model, example, check_trace=False))
            frozen = best(lambda: frozen_model(example), runs)
            print(f"{name} {threads} {eager[0]:.4f} {eager[1]:.4f} {frozen[0]:.4f} {frozen[1]:.4f}", flush=True)


if __name__ == "__main__":
    main()

# A small MLP classifier whose trained weights are read from .npy files
# (made by examples/data/make_mlp_data.py with NumPy).
#
#   tcc run examples/mlp_classifier.ts [DATA_DIR]      (default: examples/data)
#
# `classify` is one graph: two matmuls, bias, relu, softmax over the classes
# and argmax, fused by tcc into a few loop nests around the BLAS calls.
import nn

class MLP:
    w1: Tensor
    b1: Tensor
    w2: Tensor
    b2: Tensor

    def forward(self, x: Tensor) -> Tensor:
        h = relu(x @ self.w1 + self.b1)
        return h @ self.w2 + self.b2

@fullgraph
def classify(model, x):
    probs = nn.softmax(model.forward(x), 1)
    return argmax(probs, dim=1), max(probs, 1).values

@fullgraph
def accuracy(pred, labels):
    return mean((pred == labels).float())

args = argv()
data = args[0] if len(args) > 0 else "examples/data"
model = MLP(load(data + "/w1.npy"), load(data + "/b1.npy"), load(data + "/w2.npy"), load(data + "/b2.npy"))
x = load(data + "/x_test.npy")
y = load(data + "/y_test.npy")

pred, confidence = classify(model, x)
print("test samples:", x.shape[0])
print("accuracy:", accuracy(pred, y))
print("first predictions:", pred[:8])
print("their confidence:", confidence[:8])

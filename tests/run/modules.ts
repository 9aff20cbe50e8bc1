# RUN: tcc run --eager %s
# Imports: a user module from the script's folder (run once, shared), the
# stdlib nn module, `from m import a as b`, module attributes.
import _helper_mod
import _helper_mod as h
from _helper_mod import triple, Box as B
from nn import linear
print(_helper_mod.triple(2), h.triple(1), triple(4), B(2).get(), _helper_mod.SCALE, h.calls[0])
print(h.probs(tensor([0.0, 0.0])), linear(ones(1, 2), ones(3, 2)))
h.SCALE = 10
print(triple(1), _helper_mod is h)
# CHECK-STDOUT: 6 3 12 6 3 3
# CHECK-STDOUT: tensor([0.5000, 0.5000]) tensor([[2., 2., 2.]])
# CHECK-STDOUT: 10 True

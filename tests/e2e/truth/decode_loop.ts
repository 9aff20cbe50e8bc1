# A decode loop whose sequence grows by one each step: the function is called
# with a new input shape every time. It must stay compiled (symbolic sizes or
# more specialisations), or report its guard failures; never a silent fallback.
import nn

def attend(q, keys):
    return nn.softmax(q @ keys.T, -1) @ keys

q = ones(1, 4) * 0.1
keys = ones(1, 4)
for t in range(3 + len(argv())):
    out = attend(q, keys)
    keys = cat([keys, out + t], 0)
print(keys)

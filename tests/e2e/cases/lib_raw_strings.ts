# Raw strings (issue 39, part 5): r"...", R'...', raw docstrings r"""...""",
# and raw f-strings rf"..." / fR'...': backslashes are kept, as in Python.
# Model files use them for docstrings with LaTeX and for path and pattern
# strings (timm's group matchers, a Windows checkpoint path). PyTorch runs
# this same text (tests/e2e/torch/same_text.py writes lib_raw_strings.torch.txt).
import torch


def gelu_tanh(x):
    r"""GELU, tanh approximation:
    .. math:: \text{GELU}(x) = 0.5 x (1 + \tanh(\sqrt{2/\pi} (x + 0.044715 x^3)))
    """
    return 0.5 * x * (1.0 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))


matchers = dict(stem=r"^cls_token|pos_embed|patch_embed", blocks=[(r"^blocks\.(\d+)", None), (r"^norm", (99999,))])
print(matchers["stem"], matchers["blocks"][0][0], len(r"^blocks\.(\d+)"))
print(R'C:\models\new\vae.pt', r'\'', r"\"", len(r"\n"), r"a\\b" == "a\\\\b")
print(r"\text{GELU}(x) = 0.5 x (1 + \tanh(\sqrt{2/\pi}))")
stage = 3
print(rf"^stages\.{stage}\.blocks", fR"{stage * 2}\t{'x'}", Rf"""\{stage}""")
print(r"""multi
line \raw""", "plain\ttab")
print(gelu_tanh(torch.linspace(-2.0, 2.0, 5)))

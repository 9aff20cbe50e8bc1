"""Coverage of the differential op test (check_ops.py): every tensor builtin
of lang/semantics/builtins.def and every public function of stdlib/nn.ts must
appear in an expression checked against PyTorch, and so must every keyword
of its signature (written as `kw=`, as real code passes it). A name checked
against PyTorch elsewhere (an e2e case with a committed PyTorch output) is
named in COVERED_ELSEWHERE with the case; the case must exist and use it.
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
ROW = re.compile(r'^TCC_BUILTIN\((\w+), (\w+), (\w+), (\w+), "(.*)"\)$')
DEF = re.compile(r"^def ([A-Za-z]\w*)\((.*)\)\s*(->.*)?:\s*$")

# name -> the e2e case (tests/e2e/cases/NAME.ts with NAME.torch.txt) that
# checks it against PyTorch: random draws need the program's generator in
# program order, and the attention helpers need PyTorch 2's functions
# written out in the twin.
COVERED_ELSEWHERE = {
    "rand": "random_ops", "randn": "random_ops", "rand_like": "random_ops", "randn_like": "random_ops",
    "dropout": "random_ops", "multinomial": "ops_multinomial", "randint": "random_ints", "randperm": "random_ints", "scaled_dot_product_attention": "nn_losses_attention", "multi_head_attention": "nn_losses_attention",
    "uniform_": "torch_modules", "normal_": "torch_modules",
    "normal": "torch_optim_ops", "bernoulli": "torch_optim_ops", "bernoulli_": "torch_optim_ops",
    "randint_like": "torch_optim_ops",
}
# stdlib/torch's files of functions written in TensorScript (torch.NAME; linalg's
# are torch.linalg.NAME, found by the same `.NAME(` pattern)
COMPOSITES = ["_composite", "_elementwise", "_layout", "_reductions", "linalg"]
# Keywords that are not a user's to pass (the receiver), or that the
# signature spells for documentation only.
IGNORED_KEYWORDS = {"self", "input"}


def keywords(signature):
    sig = signature.split("; ")[0]
    return [k for k in re.findall(r"(\w+)=", sig) if k not in IGNORED_KEYWORDS]


def table():
    """(name, keywords) of the builtin rows users call (not `_internal` ones) and nn's functions."""
    out = []
    for line in open(os.path.join(ROOT, "lang", "semantics", "builtins.def")):
        m = ROW.match(line.strip())
        if m and not m.group(1).startswith("_"):
            out.append((m.group(1), keywords(m.group(5))))
    for line in open(os.path.join(ROOT, "lang", "semantics", "inplace_methods.def")):
        m = re.match(r'^TCC_INPLACE_METHOD\("(\w+)", "(\w+)"\)$', line.strip())
        if m:
            out.append((m.group(1), []))
    for name in COMPOSITES:
        for line in open(os.path.join(ROOT, "stdlib", "torch", name + ".ts")):
            m = DEF.match(line.rstrip("\n"))
            if m:
                out.append(("torch." + m.group(1), [k for k in re.findall(r"(\w+)=", m.group(2))]))
    for line in open(os.path.join(ROOT, "stdlib", "nn.ts")):
        m = DEF.match(line.rstrip("\n"))
        if m:
            out.append(("nn." + m.group(1), [k for k in re.findall(r"(\w+)=", m.group(2))]))
    return out


def uses(expr, name):
    if name.startswith("torch."):  # torch.NAME(...) or the method x.NAME(...)
        return re.search(r"\.%s\(" % re.escape(name[6:]), expr) is not None
    if name.startswith("nn."):
        return re.search(r"(?<![\w.])%s\(" % re.escape(name), expr) is not None
    return re.search(r"(?<![\w])%s\b" % re.escape(name), expr) is not None


def coverage_gaps(data):
    exprs = [r["expr"] for c in data["cases"] for r in c["rows"]]
    gaps = []
    for name, kws in table():
        bare = name[3:] if name.startswith("nn.") else name[6:] if name.startswith("torch.") else name
        if bare in COVERED_ELSEWHERE:
            case = os.path.join(HERE, "cases", COVERED_ELSEWHERE[bare])
            if not (os.path.exists(case + ".ts") and os.path.exists(case + ".torch.txt")):
                gaps.append("coverage: %s is said to be checked by %s.ts, which has no PyTorch output" % (name, case))
            elif not uses(open(case + ".ts").read(), name):
                gaps.append("coverage: %s.ts does not use %s" % (case, name))
            continue
        mine = [e for e in exprs if uses(e, name)]
        if not mine:
            gaps.append("coverage: no differential expression uses %s (tests/e2e/ops_structured.py)" % name)
            continue
        for k in kws:
            if not any(re.search(r"(?<![\w])%s=" % k, e) for e in mine):
                gaps.append("coverage: no differential expression passes %s(%s=...)" % (name, k))
    return gaps


def iter_breaks(report):
    """Graph breaks and interpreted ops `tcc explain --format json` reports."""
    for b in report.get("graph_breaks", []):
        yield b
    for f in report.get("functions", []):
        for n in f.get("interpreted", []):
            yield dict(n, reason="interpreted: " + n.get("reason", ""))

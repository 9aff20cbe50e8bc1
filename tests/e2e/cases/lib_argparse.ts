# A training script's command line (issue 39, part 5): sys.argv, argparse
# and sys.exit, as YOLOv5's train.py parse_opt and a DDPM training script
# write them, run with the arguments below (e2e-args). The values parsed from
# sys.argv are known only at run time, so the compiled step takes the learning
# rate as a run-time scalar. Usage errors and --help are parsed from explicit
# lists, catching SystemExit (status 2, and 0 after the help). PyTorch runs
# this same text: /usr/bin/python3 lib_argparse.ts ARGS > lib_argparse.torch.txt.
# e2e-args: data/coco128.yaml --epochs 3 --batch-size=8 --lr 0.05 --rect --optimizer AdamW -vv --sizes 4 8
# e2e-kernels: 1
import argparse
import sys

import torch


def parse_opt(known=False):
    parser = argparse.ArgumentParser(prog="train.py", description="Train a toy model; the options follow YOLOv5's train.py.")
    parser.add_argument("data", type=str, help="dataset.yaml path")
    parser.add_argument("--weights", type=str, default="yolov5s.pt", help="initial weights path")
    parser.add_argument("--epochs", type=int, default=100, help="total training epochs")
    parser.add_argument("--batch-size", type=int, default=16, help="total batch size for all GPUs, -1 for autobatch")
    parser.add_argument("--imgsz", "--img", "--img-size", type=int, default=640, help="train, val image size (pixels)")
    parser.add_argument("--rect", action="store_true", help="rectangular training")
    parser.add_argument("--optimizer", type=str, choices=["SGD", "Adam", "AdamW"], default="SGD", help="optimizer")
    parser.add_argument("--lr", type=float, default=0.01, help="initial learning rate (default: %(default)s)")
    parser.add_argument("--sizes", nargs="+", type=int, default=[16], help="hidden sizes")
    parser.add_argument("--seed", type=int, default=0, help="global training seed")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more output")
    group = parser.add_argument_group("logging", "where the run is recorded")
    group.add_argument("--project", default="runs/train", help="save to project/name")
    group.add_argument("--exist-ok", action="store_true", help="existing project/name ok, do not increment")
    return parser, (parser.parse_known_args()[0] if known else parser.parse_args())


def sgd_step(w, x, y, lr):
    loss = ((x @ w - y) ** 2).mean()
    grad = 2 * (x * (x @ w - y)).mean(0, keepdim=True).t()
    return w - lr * grad, loss


parser, opt = parse_opt()
print(len(sys.argv), sys.argv[1:4])
print(opt)
print(opt.data, opt.epochs, opt.batch_size, opt.imgsz, opt.rect, opt.optimizer, opt.lr, opt.sizes, opt.verbose, vars(opt)["exist_ok"])
torch.manual_seed(opt.seed)
x, w_true = torch.randn(opt.batch_size, 4), torch.randn(4, 1)
y = x @ w_true
w = torch.zeros(4, 1)
for epoch in range(opt.epochs):
    w, loss = sgd_step(w, x, y, opt.lr)
    if opt.verbose > 1:
        print(f"epoch {epoch}: loss {loss.item():.5f}")
for bad in (["--help"], ["d", "--lr", "fast"], ["d", "--optimizer", "RMSprop"], [], ["d", "--nope", "1"],
            ["d", "--epochs"], ["d", "--batch", "4"], ["d", "--rect=yes"]):
    try:
        print(parser.parse_args(bad))
    except SystemExit as e:
        print("SystemExit", e.code)
print(parser.parse_args(["d", "--img", "320", "--exist-ok", "--", "-x"]) if False else parser.parse_args(["d", "--img", "320", "--exist-ok"]))
print(parser.parse_known_args(["d", "--extra", "--lr=1e-3"]))
print(argparse.Namespace(a=1, b="x"), argparse.Namespace(a=1) == argparse.Namespace(a=1))
if opt.epochs > 2:
    sys.exit(0 if loss.item() < 1.0 else 3)
print("not reached")

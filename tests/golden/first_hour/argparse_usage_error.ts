# RUN: tcc run %s data.yaml --epochs many
# RUN-EXIT: 2
# A usage error is argparse's: the usage and "PROG: error: ..." on stderr,
# exit status 2 (compiled, as here, and with --eager).
import argparse

parser = argparse.ArgumentParser(prog="train.py", description="Train a model.")
parser.add_argument("data", help="dataset.yaml path")
parser.add_argument("--epochs", type=int, default=100, help="total training epochs")
parser.add_argument("--optimizer", choices=["SGD", "Adam"], default="SGD")
opt = parser.parse_args()
print("not reached", opt)

# CHECK-STDERR: usage: train.py [-h] [--epochs EPOCHS] [--optimizer {SGD,Adam}] data
# CHECK-STDERR: train.py: error: argument --epochs: invalid int value: 'many'

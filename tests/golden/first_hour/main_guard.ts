# RUN: tcc run --eager %s --lr 0.5
# RUN: tcc build %s -o /tmp/tcc_golden_main_guard.bin
# `if __name__ == "__main__":` runs main as in Python, and every word after
# the program's path is the program's argv().
import torch

def main():
    args = argv()
    lr = float(args[args.index("--lr") + 1])
    w = torch.ones(3) * lr
    print(__name__, w)

if __name__ == "__main__":
    main()

# CHECK-STDOUT: __main__ tensor([0.5000, 0.5000, 0.5000])
# CHECK-STDERR: tcc: built /tmp/tcc_golden_main_guard.bin: 1 graph, 1 kernel; 1 graph break accepted: main_guard.ts:11 side_effect_io

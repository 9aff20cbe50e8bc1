# torch.cuda: TensorScript runs on the CPU, so there is no CUDA device
# (`device = "cuda" if torch.cuda.is_available() else "cpu"` picks "cpu").
def is_available():
    return False


def device_count():
    return 0


def manual_seed(seed):
    pass


def manual_seed_all(seed):
    pass

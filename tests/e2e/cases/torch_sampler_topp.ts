# LLM sampling as HuggingFace's classic helpers write it: temperature,
# a repetition penalty (gather, where, scatter), top-k and top-p filtering
# (topk, sort(descending=True), cumsum of softmax, a shifted mask written
# by slice assignment, scatter back, masked_fill with -float("inf") as a
# default argument) and torch.multinomial, 12 tokens for 4 sequences.
# The numbers are PyTorch's (tests/e2e/torch/same_text.py writes
# torch_sampler_topp.torch.txt).
# e2e-kernels: 2
import torch
import torch.nn.functional as F


def top_k_top_p_filtering(logits, top_k=0, top_p=1.0, filter_value=-float("inf")):
    # HuggingFace's classic helper
    if top_k > 0:
        top_k = min(top_k, logits.size(-1))
        indices_to_remove = logits < torch.topk(logits, top_k)[0][..., -1, None]
        logits = logits.masked_fill(indices_to_remove, filter_value)
    if top_p < 1.0:
        sorted_logits, sorted_indices = torch.sort(logits, descending=True)
        cumulative_probs = torch.cumsum(F.softmax(sorted_logits, dim=-1), dim=-1)
        sorted_indices_to_remove = cumulative_probs > top_p
        sorted_indices_to_remove[..., 1:] = sorted_indices_to_remove[..., :-1].clone()
        sorted_indices_to_remove[..., 0] = 0
        indices_to_remove = sorted_indices_to_remove.scatter(1, sorted_indices, sorted_indices_to_remove)
        logits = logits.masked_fill(indices_to_remove, filter_value)
    return logits


def repetition_penalty(logits, prev, penalty=1.3):
    score = torch.gather(logits, 1, prev)
    score = torch.where(score < 0, score * penalty, score / penalty)
    return logits.scatter(1, prev, score)


torch.manual_seed(0)
vocab = 50
W = torch.randn(vocab, vocab) * 0.5
tokens = torch.zeros(4, 1, dtype=torch.long)
for step in range(12):
    logits = W[tokens[:, -1]] / 0.8
    logits = repetition_penalty(logits, tokens)
    logits = top_k_top_p_filtering(logits, top_k=20, top_p=0.9)
    probs = F.softmax(logits, dim=-1)
    nxt = torch.multinomial(probs, num_samples=1)
    tokens = torch.cat([tokens, nxt], dim=1)
print(tokens.tolist())
alive = (probs > 0).sum(-1)
print(alive.tolist(), torch.isfinite(logits).sum().item())
greedy = W.argmax(-1)
print(greedy[:10].tolist(), torch.ne(greedy, torch.arange(vocab)).sum().item())

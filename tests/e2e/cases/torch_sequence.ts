# Sequence models from torch.nn as PyTorch code builds them:
# TransformerEncoderLayer (batch_first, key padding mask), MultiheadAttention
# (bool attn_mask, averaged weights), a 2-layer bidirectional LSTM, GRU,
# RNN(relu), GroupNorm. PyTorch runs this same text
# (tests/e2e/torch/same_text.py writes torch_sequence.torch.txt).
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, vocab, d_model, nhead, n_classes):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model)
        self.enc = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=64, dropout=0.1, batch_first=True)
        self.lstm = nn.LSTM(d_model, 12, num_layers=2, batch_first=True, bidirectional=True)
        self.gru = nn.GRU(24, 8)
        self.norm = nn.GroupNorm(2, 8)
        self.head = nn.Linear(8, n_classes)

    def forward(self, tokens, pad_mask=None):
        x = self.emb(tokens) * math.sqrt(self.emb.embedding_dim)
        x = self.enc(x, src_key_padding_mask=pad_mask)
        x, (h, c) = self.lstm(x)
        x, h2 = self.gru(x.transpose(0, 1))
        y = self.norm(x[-1])
        return self.head(y), h.shape, c.shape, h2.shape


torch.manual_seed(0)
model = Classifier(20, 16, 4, 3)
print(model)
print([n for n, _ in model.named_parameters()][4:12])
tokens = torch.randint(0, 20, (2, 7))
pad = torch.zeros(2, 7, dtype=torch.bool)
pad[1, 5:] = True
model.eval()
with torch.no_grad():
    out, hs, cs, h2s = model(tokens, pad)
    print(out, hs, cs, h2s)
    mha = nn.MultiheadAttention(16, 2)
    q = torch.randn(5, 3, 16)
    kv = torch.randn(6, 3, 16)
    mask = torch.triu(torch.ones(5, 6, dtype=torch.bool), diagonal=1)
    a, w = mha(q, kv, kv, attn_mask=mask)
    print(a[0, 0, :5], w.shape, w[0, 1])
    rnn = nn.RNN(4, 3, nonlinearity="relu")
    print(rnn, rnn(torch.randn(5, 4))[0])

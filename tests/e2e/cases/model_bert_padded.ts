# HF BERT with a padded batch (issue 39, part 2): the batch's length comes
# from data at module scope (`T = int(lengths.max())`), so the model sees a
# sequence length known only at run time. BertEmbeddings slices its buffers
# to it (`self.position_ids[:, 0:seq_length]`, `self.token_type_ids[:,
# :seq_length]`) and adds in place; with T a symbolic size the whole forward
# is one graph (the guard checks T <= 32, the buffers' length). Embeddings and
# self-attention as transformers' modeling_bert.py writes them. PyTorch runs
# this same text (tests/e2e/torch/same_text.py).
# e2e-kernels: 1
import math
import torch
import torch.nn as nn


class BertEmbeddings(nn.Module):
    def __init__(self, vocab_size, hidden_size, max_position_embeddings, type_vocab_size):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab_size, hidden_size, padding_idx=0)
        self.position_embeddings = nn.Embedding(max_position_embeddings, hidden_size)
        self.token_type_embeddings = nn.Embedding(type_vocab_size, hidden_size)
        self.LayerNorm = nn.LayerNorm(hidden_size, eps=1e-12)
        self.register_buffer("position_ids", torch.arange(max_position_embeddings).expand((1, -1)))
        self.register_buffer("token_type_ids", torch.zeros(self.position_ids.size(), dtype=torch.long))

    def forward(self, input_ids):
        input_shape = input_ids.size()
        seq_length = input_shape[1]
        position_ids = self.position_ids[:, 0:seq_length]
        buffered_token_type_ids = self.token_type_ids[:, :seq_length]
        token_type_ids = buffered_token_type_ids.expand(input_shape[0], seq_length)
        embeddings = self.word_embeddings(input_ids) + self.token_type_embeddings(token_type_ids)
        embeddings += self.position_embeddings(position_ids)
        return self.LayerNorm(embeddings)


class BertSelfAttention(nn.Module):
    def __init__(self, hidden_size, num_heads):
        super().__init__()
        self.num_attention_heads = num_heads
        self.attention_head_size = hidden_size // num_heads
        self.all_head_size = hidden_size
        self.query = nn.Linear(hidden_size, hidden_size)
        self.key = nn.Linear(hidden_size, hidden_size)
        self.value = nn.Linear(hidden_size, hidden_size)

    def transpose_for_scores(self, x):
        new_x_shape = x.size()[:-1] + (self.num_attention_heads, self.attention_head_size)
        x = x.view(new_x_shape)
        return x.permute(0, 2, 1, 3)

    def forward(self, hidden_states, attention_mask):
        query_layer = self.transpose_for_scores(self.query(hidden_states))
        key_layer = self.transpose_for_scores(self.key(hidden_states))
        value_layer = self.transpose_for_scores(self.value(hidden_states))
        attention_scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
        attention_scores = attention_scores / math.sqrt(self.attention_head_size)
        attention_scores = attention_scores + attention_mask
        attention_probs = nn.functional.softmax(attention_scores, dim=-1)
        context_layer = torch.matmul(attention_probs, value_layer)
        context_layer = context_layer.permute(0, 2, 1, 3).contiguous()
        new_context_layer_shape = context_layer.size()[:-2] + (self.all_head_size,)
        return context_layer.view(new_context_layer_shape)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = BertEmbeddings(50, 16, 32, 2)
        self.attention = BertSelfAttention(16, 4)

    def forward(self, input_ids, attention_mask):
        extended = attention_mask[:, None, None, :].to(torch.float32)
        extended = (1.0 - extended) * torch.finfo(torch.float32).min
        h = self.embeddings(input_ids)
        return self.attention(h, extended)


torch.manual_seed(0)
lengths = torch.tensor([5, 9, 3])
T = int(lengths.max())
ids = torch.randint(1, 50, (3, 32))[:, :T]
mask = (torch.arange(32)[None, :] < lengths[:, None]).long()[:, :T]
ids = ids * mask
model = Encoder().eval()
with torch.no_grad():
    out = model(ids, mask)
print(out.shape)
print(out[:, :2, :4])

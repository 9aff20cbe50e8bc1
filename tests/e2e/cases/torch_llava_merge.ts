# HuggingFace LLaVA's merge of image features into the token embeddings
# (modeling_llava.py, transformers 4.4x): a LlavaMultiModalProjector
# (Linear, GELU, Linear) over the vision tower's patch features, and
# inputs_embeds.masked_scatter(special_image_mask, image_features) with the
# mask from `input_ids == image_token_index`, unsqueezed and expanded to the
# embeddings. Then the same merge written with a boolean index assignment,
# and Tensor.masked_scatter_ in place. The numbers are PyTorch's
# (tests/e2e/torch/same_text.py writes the .torch.txt).
# e2e-kernels: 6
import torch
import torch.nn as nn


class LlavaMultiModalProjector(nn.Module):
    def __init__(self, vision_hidden, text_hidden):
        super().__init__()
        self.linear_1 = nn.Linear(vision_hidden, text_hidden, bias=True)
        self.act = nn.GELU()
        self.linear_2 = nn.Linear(text_hidden, text_hidden, bias=True)

    def forward(self, image_features):
        hidden_states = self.linear_1(image_features)
        hidden_states = self.act(hidden_states)
        hidden_states = self.linear_2(hidden_states)
        return hidden_states


def merge(embed_tokens, projector, input_ids, pixel_features, image_token_index: int):
    inputs_embeds = embed_tokens(input_ids)
    image_features = projector(pixel_features)
    special_image_mask = (input_ids == image_token_index).unsqueeze(-1)
    special_image_mask = special_image_mask.expand_as(inputs_embeds)
    image_features = image_features.to(inputs_embeds.device, inputs_embeds.dtype)
    inputs_embeds = inputs_embeds.masked_scatter(special_image_mask, image_features)
    return inputs_embeds


def r(t, d=4):
    return [round(v, d) for v in t.flatten().tolist()]


torch.manual_seed(0)
vocab, hidden, vision_hidden, image_token = 16, 6, 5, 15
embed_tokens = nn.Embedding(vocab, hidden)
projector = LlavaMultiModalProjector(vision_hidden, hidden)
# two prompts, each with 3 image tokens (one image of 3 patches each)
input_ids = torch.tensor([[1, 15, 15, 15, 4, 7, 2, 0], [3, 5, 15, 15, 15, 9, 9, 2]])
pixel_features = torch.randn(2, 3, vision_hidden)
with torch.no_grad():
    out = merge(embed_tokens, projector, input_ids, pixel_features, image_token)
    print(list(out.shape), r(out))
    # the image rows are the projector's output, the text rows the embedding's
    proj = projector(pixel_features).reshape(-1, hidden)
    print(r(out[input_ids == image_token] - proj, 6))
    print(r(out[input_ids != image_token] - embed_tokens(input_ids[input_ids != image_token]), 6))
    # the same in place, and a mask that broadcasts (one per position)
    e = embed_tokens(input_ids)
    e.masked_scatter_((input_ids == image_token).unsqueeze(-1), proj)
    print(r(e - out, 6))
    print(r(torch.zeros(2, 4).masked_scatter(torch.tensor([True, False, False, True]), torch.arange(8.0))))

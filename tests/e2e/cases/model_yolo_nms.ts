# YOLOv5's non_max_suppression (utils/general.py), as its authors write it:
# `for xi, x in enumerate(prediction)` over the batch, boolean masks that
# keep the confident candidates (a dynamic_output_shape break, which
# `tcc explain` names at its line), then class-aware NMS written with
# box_iou (torchvision.ops.nms's greedy rule, in plain torch). Issue 39,
# part 4. PyTorch runs this same text (tests/e2e/torch/same_text.py).
import torch


def xywh2xyxy(x):
    y = x.clone()
    y[:, 0] = x[:, 0] - x[:, 2] / 2
    y[:, 1] = x[:, 1] - x[:, 3] / 2
    y[:, 2] = x[:, 0] + x[:, 2] / 2
    y[:, 3] = x[:, 1] + x[:, 3] / 2
    return y


def box_iou(box1, box2, eps=1e-7):
    (a1, a2), (b1, b2) = box1.unsqueeze(1).chunk(2, 2), box2.unsqueeze(0).chunk(2, 2)
    inter = (torch.min(a2, b2) - torch.max(a1, b1)).clamp(0).prod(2)
    return inter / ((a2 - a1).prod(2) + (b2 - b1).prod(2) - inter + eps)


def nms(boxes, scores, iou_thres):
    order = scores.argsort(descending=True)
    keep = []
    while order.numel() > 0:
        i = int(order[0])
        keep.append(i)
        if order.numel() == 1:
            break
        ious = box_iou(boxes[i:i + 1], boxes[order[1:]])[0]
        order = order[1:][ious <= iou_thres]
    return torch.tensor(keep, dtype=torch.long)


def non_max_suppression(prediction, conf_thres=0.25, iou_thres=0.45, max_det=300):
    bs = prediction.shape[0]
    xc = prediction[..., 4] > conf_thres  # candidates
    max_wh = 7680
    output = [torch.zeros((0, 6))] * bs
    for xi, x in enumerate(prediction):  # image index, image inference
        x = x[xc[xi]]  # confidence
        if not x.shape[0]:
            continue
        x[:, 5:] *= x[:, 4:5]  # conf = obj_conf * cls_conf
        box = xywh2xyxy(x[:, :4])
        conf, j = x[:, 5:].max(1, keepdim=True)
        x = torch.cat((box, conf, j.float()), 1)[conf.view(-1) > conf_thres]
        n = x.shape[0]
        if not n:
            continue
        x = x[x[:, 4].argsort(descending=True)]
        c = x[:, 5:6] * max_wh  # classes
        boxes, scores = x[:, :4] + c, x[:, 4]
        i = nms(boxes, scores, iou_thres)
        i = i[:max_det]
        output[xi] = x[i]
    return output


torch.manual_seed(0)
pred = torch.rand(3, 64, 9)
pred[..., :2] *= 320.0
pred[..., 2:4] = pred[..., 2:4] * 60.0 + 4.0
pred[2, :, 4] *= 0.2  # the third image has no confident candidate
out = non_max_suppression(pred, conf_thres=0.3, iou_thres=0.45)
for k, det in enumerate(out):
    print(k, tuple(det.shape))
    print(det[:6])

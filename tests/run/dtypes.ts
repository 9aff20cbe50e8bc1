# RUN: tcc run --eager %s
# dtypes, promotion (torch rules) and conversions; printing shows the dtype
# when it is not the default.
i = tensor([1, 2, 3])
f = tensor([1.0, 2.0])
print(i.dtype, f.dtype, tensor([True]).dtype, (i * 2.5).dtype, (i / 2).dtype, (i + 1).dtype)
print(i.to(float64), i.float(), f.long(), f.to(int32), f.double().dtype, (i > 1).int())
print(i.to(float32) + f.double()[0], (f > 1).dtype, float32, int64 == int64, float32 == float64)
print(zeros(2, dtype=int32) + tensor([1, 2]), tensor([1, 2], dtype=int32) + 1)
print(i.is_floating_point(), f.is_floating_point(), float32.is_floating_point)
print(int(tensor([3.7])), float(tensor([2])), bool(tensor([0.0])), i[0].item(), f[1].item(), tensor([True]).item())
print(f.tolist(), i.tolist(), tensor(5).tolist())

# CHECK-STDOUT: torch.int64 torch.float32 torch.bool torch.float32 torch.float32 torch.int64
# CHECK-STDOUT: tensor([1., 2., 3.], dtype=torch.float64) tensor([1., 2., 3.]) tensor([1, 2]) tensor([1, 2], dtype=torch.int32) torch.float64 tensor([0, 1, 1], dtype=torch.int32)
# CHECK-STDOUT: tensor([2., 3., 4.]) torch.bool torch.float32 True False
# CHECK-STDOUT: tensor([1, 2]) tensor([2, 3], dtype=torch.int32)
# CHECK-STDOUT: False True True
# CHECK-STDOUT: 3 2.0 False 1 2.0 True
# CHECK-STDOUT: [1.0, 2.0] [1, 2, 3] 5

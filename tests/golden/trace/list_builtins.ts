# RUN: tcc explain --list-builtins
# The table of tensor builtins (lang/semantics/builtins.def).

# CHECK-STDOUT: name               forms                    graph op   rule      derivative             signature
# CHECK-STDOUT: abs                Python builtin, method   Abs        Unary     AbsBackward0           (input)
# CHECK-STDOUT: neg                function, method         Neg        Unary     NegBackward0           (input)
# CHECK-STDOUT: exp                function, method         Exp        Unary     ExpBackward0           (input)
# CHECK-STDOUT: log                function, method         Log        Unary     LogBackward0           (input)
# CHECK-STDOUT: sqrt               function, method         Sqrt       Unary     SqrtBackward0          (input)
# CHECK-STDOUT: rsqrt              function, method         Rsqrt      Unary     RsqrtBackward0         (input)
# CHECK-STDOUT: sin                function, method         Sin        Unary     SinBackward0           (input)
# CHECK-STDOUT: cos                function, method         Cos        Unary     CosBackward0           (input)
# CHECK-STDOUT: tanh               function, method         Tanh       Unary     TanhBackward0          (input)
# CHECK-STDOUT: sigmoid            function, method         Sigmoid    Unary     SigmoidBackward0       (input)
# CHECK-STDOUT: relu               function, method         Relu       Unary     ReluBackward0          (input)
# CHECK-STDOUT: gelu               function, method         Gelu       Unary     GeluBackward0          (input)
# CHECK-STDOUT: logical_not        function, method         Not        Unary     -                      (input)
# CHECK-STDOUT: bitwise_not        function, method         BitNot     Unary     -                      (input); `~`: bool and integer tensors
# CHECK-STDOUT: add                function, method         Add        Binary    AddBackward0           (input, other, *, alpha=1); alpha scales other first, in the result dtype
# CHECK-STDOUT: sub                function, method         Sub        Binary    SubBackward0           (input, other, *, alpha=1); alpha scales other first, in the result dtype
# CHECK-STDOUT: mul                function, method         Mul        Binary    MulBackward0           (input, other)
# CHECK-STDOUT: div                function, method         Div        Binary    DivBackward0           (input, other)
# CHECK-STDOUT: pow                Python builtin, method   Pow        Binary    PowBackward0           (input, exponent)
# CHECK-STDOUT: maximum            function, method         Maximum    Binary    MaximumBackward0       (input, other)
# CHECK-STDOUT: minimum            function, method         Minimum    Binary    MinimumBackward0       (input, other)
# CHECK-STDOUT: eq                 function, method         Eq         Binary    -                      (input, other) -> bool
# CHECK-STDOUT: ne                 function, method         Ne         Binary    -                      (input, other) -> bool
# CHECK-STDOUT: lt                 function, method         Lt         Binary    -                      (input, other) -> bool
# CHECK-STDOUT: le                 function, method         Le         Binary    -                      (input, other) -> bool
# CHECK-STDOUT: gt                 function, method         Gt         Binary    -                      (input, other) -> bool
# CHECK-STDOUT: ge                 function, method         Ge         Binary    -                      (input, other) -> bool
# CHECK-STDOUT: logical_and        function, method         And        Binary    -                      (input, other) -> bool; the operands as bool first (nonzero is True)
# CHECK-STDOUT: logical_or         function, method         Or         Binary    -                      (input, other) -> bool; the operands as bool first (nonzero is True)
# CHECK-STDOUT: logical_xor        function, method         Xor        Binary    -                      (input, other) -> bool; the operands as bool first (nonzero is True)
# CHECK-STDOUT: bitwise_and        function, method         And        Binary    -                      (input, other); `&`: bool and integer tensors
# CHECK-STDOUT: bitwise_or         function, method         Or         Binary    -                      (input, other); `|`: bool and integer tensors
# CHECK-STDOUT: bitwise_xor        function, method         Xor        Binary    -                      (input, other); `^`: bool and integer tensors
# CHECK-STDOUT: floor_divide       function, method         FloorDiv   Binary    -                      (input, other); `//` (rounds toward minus infinity, as torch 1.13)
# CHECK-STDOUT: remainder          function, method         Mod        Binary    RemainderBackward0     (input, other); `%` (the sign of the divisor, as Python)
# CHECK-STDOUT: where              function, method         Where      Ternary   WhereBackward0         (condition, input, other); self.where(condition, other); where(condition) is nonzero(condition, as_tuple=True)
# CHECK-STDOUT: clamp              function, method         Clamp      Ternary   ClampBackward1         (input, min=None, max=None)
# CHECK-STDOUT: sum                Python builtin, method   Sum        Reduce    SumBackward0           (input, dim=None, keepdim=False, *, dtype=None)
# CHECK-STDOUT: mean               function, method         Mean       Reduce    MeanBackward0          (input, dim=None, keepdim=False, *, dtype=None)
# CHECK-STDOUT: prod               function, method         Prod       Reduce    ProdBackward0          (input, dim=None, keepdim=False, *, dtype=None)
# CHECK-STDOUT: max                Python builtin, method   Max        Reduce    MaxBackward1           (input, dim=None, keepdim=False); (input, other) elementwise for a tensor or float other
# CHECK-STDOUT: min                Python builtin, method   Min        Reduce    MinBackward1           (input, dim=None, keepdim=False); (input, other) elementwise for a tensor or float other
# CHECK-STDOUT: argmax             function, method         ArgMax     Reduce    -                      (input, dim=None, keepdim=False)
# CHECK-STDOUT: argmin             function, method         ArgMin     Reduce    -                      (input, dim=None, keepdim=False)
# CHECK-STDOUT: all                Python builtin, method   All        Reduce    -                      (input, dim=None, keepdim=False)
# CHECK-STDOUT: any                Python builtin, method   Any        Reduce    -                      (input, dim=None, keepdim=False)
# CHECK-STDOUT: matmul             function, method         MatMul     Contract  MmBackward0            (input, other)
# CHECK-STDOUT: _conv              function                 Conv       Window    ConvolutionBackward0   (input, weight, bias, stride, padding, dilation, groups)
# CHECK-STDOUT: _max_pool          function                 MaxPool    Window    MaxPoolBackward0       (input, kernel_size, stride, padding, dilation, ceil_mode)
# CHECK-STDOUT: _avg_pool          function                 AvgPool    Window    AvgPoolBackward0       (input, kernel_size, stride, padding, ceil_mode, count_include_pad)
# CHECK-STDOUT: _adaptive_avg_pool function                 AdaptiveAvgPool Window    AdaptiveAvgPoolBackward0 (input, output_size)
# CHECK-STDOUT: _pad               function                 Pad        Window    PadBackward0           (input, pad, mode, value)
# CHECK-STDOUT: transpose          function, method         Transpose  View      TransposeBackward0     (input, dim0, dim1)
# CHECK-STDOUT: permute            function, method         Permute    View      PermuteBackward0       (input, *dims)
# CHECK-STDOUT: reshape            function, method         Reshape    View      ViewBackward0          (input, *shape)
# CHECK-STDOUT: view               function, method         Reshape    View      ViewBackward0          (input, *shape)
# CHECK-STDOUT: flatten            function, method         Reshape    View      ViewBackward0          (input, start_dim=0, end_dim=-1)
# CHECK-STDOUT: squeeze            function, method         Squeeze    View      ViewBackward0          (input, dim=None)
# CHECK-STDOUT: unsqueeze          function, method         Unsqueeze  View      ViewBackward0          (input, dim)
# CHECK-STDOUT: expand             function, method         Expand     View      ExpandBackward0        (input, *size)
# CHECK-STDOUT: t                  method                   Transpose  View      TBackward0             (self)
# CHECK-STDOUT: expand_as          method                   Expand     View      AsStridedBackward      (self, other)
# CHECK-STDOUT: reshape_as         method                   Reshape    View      AsStridedBackward      (self, other)
# CHECK-STDOUT: view_as            method                   Reshape    View      AsStridedBackward      (self, other)
# CHECK-STDOUT: T                  attribute                Permute    View      ReverseDimsBackward    self.T
# CHECK-STDOUT: mT                 attribute                Transpose  View      MTBackward             self.mT
# CHECK-STDOUT: contiguous         function, method         -          Layout    CloneBackward0         (input)
# CHECK-STDOUT: clone              function, method         -          Layout    CloneBackward0         (input)
# CHECK-STDOUT: detach             method                   -          Layout    no                     (self)
# CHECK-STDOUT: to                 method                   Cast       Cast      ToCopyBackward0        (self, dtype, non_blocking=False, copy=False, *, device=None); also to(other) (its dtype) and to("cpu"[, dtype])
# CHECK-STDOUT: type               method                   Cast       Cast      ToCopyBackward0        (self, dtype)
# CHECK-STDOUT: float              method                   Cast       Cast      ToCopyBackward0        (self)
# CHECK-STDOUT: double             method                   Cast       Cast      ToCopyBackward0        (self)
# CHECK-STDOUT: int                method                   Cast       Cast      -                      (self)
# CHECK-STDOUT: long               method                   Cast       Cast      -                      (self)
# CHECK-STDOUT: bool               method                   Cast       Cast      -                      (self)
# CHECK-STDOUT: cat                function                 Cat        Join      CatBackward0           (tensors, dim=0)
# CHECK-STDOUT: stack              function                 Stack      Join      StackBackward0         (tensors, dim=0)
# CHECK-STDOUT: tensor             function                 Constant   Create    -                      (data, dtype=None)
# CHECK-STDOUT: zeros              function                 Full       Create    -                      (*size, dtype=float32)
# CHECK-STDOUT: ones               function                 Full       Create    -                      (*size, dtype=float32)
# CHECK-STDOUT: full               function                 Full       Create    -                      (size, fill_value, dtype=None)
# CHECK-STDOUT: arange             function                 Arange     Create    -                      (start=0, end, step=1, dtype=None)
# CHECK-STDOUT: linspace           function                 Linspace   Create    -                      (start, end, steps, dtype=float32); torch 1.13 CPU's values bit for bit (lang/semantics/linspace.h; past 32768 steps, torch's with one thread)
# CHECK-STDOUT: eye                function                 Eye        Create    -                      (n, m=n, dtype=float32)
# CHECK-STDOUT: rand               function                 Rand       Create    -                      (*size, dtype=float32, generator=None)
# CHECK-STDOUT: randn              function                 RandN      Create    -                      (*size, dtype=float32, generator=None)
# CHECK-STDOUT: randint            function                 RandInt    Create    -                      (low=0, high, size, dtype=int64, generator=None); torch's draws after manual_seed
# CHECK-STDOUT: randperm           function                 RandPerm   Create    -                      (n, dtype=int64, generator=None); torch's permutation after manual_seed
# CHECK-STDOUT: zeros_like         function                 Full       Create    no                     (input, dtype=None)
# CHECK-STDOUT: ones_like          function                 Full       Create    no                     (input, dtype=None)
# CHECK-STDOUT: full_like          function                 Full       Create    no                     (input, fill_value, dtype=None)
# CHECK-STDOUT: rand_like          function                 Rand       Create    no                     (input, dtype=None)
# CHECK-STDOUT: randn_like         function                 RandN      Create    no                     (input, dtype=None)
# CHECK-STDOUT: gather             function, method         Gather     Index     GatherBackward0        (input, dim, index)
# CHECK-STDOUT: index_select       function, method         Take       Index     IndexSelectBackward0   (input, dim, index)
# CHECK-STDOUT: flip               function, method         Flip       Shape     FlipBackward0          (input, *dims)
# CHECK-STDOUT: narrow             function, method         Slice      Shape     NarrowBackward0        (input, dim, start, length)
# CHECK-STDOUT: chunk              function, method         Slice      Shape     ChunkBackward0         (input, chunks, dim=0) -> tuple
# CHECK-STDOUT: split              function, method         Slice      Shape     SplitBackward0         (input, split_size_or_sections, dim=0) -> tuple; the keyword may be spelt split_size, as Tensor.split's is
# CHECK-STDOUT: unbind             function, method         Select     Shape     UnbindBackward0        (input, dim=0) -> tuple
# CHECK-STDOUT: roll               function, method         Cat        Shape     RollBackward0          (input, shifts, dims=None)
# CHECK-STDOUT: repeat             method                   Expand     Shape     RepeatBackward0        (self, *repeats)
# CHECK-STDOUT: repeat_interleave  function, method         Expand     Shape     RepeatInterleaveBackward0 (input, repeats, dim=None); repeats an int
# CHECK-STDOUT: tril               function, method         Where      Shape     TrilBackward0          (input, diagonal=0)
# CHECK-STDOUT: triu               function, method         Where      Shape     TriuBackward0          (input, diagonal=0)
# CHECK-STDOUT: outer              function, method         Mul        Shape     OuterBackward0         (input, vec2)
# CHECK-STDOUT: dot                function, method         Sum        Shape     DotBackward0           (input, tensor)
# CHECK-STDOUT: masked_fill        function, method         Where      Shape     MaskedFillBackward0    (input, mask, value)
# CHECK-STDOUT: numel              function, method         -          Convert   -                      (input)
# CHECK-STDOUT: item               method                   -          Convert   -                      (self)
# CHECK-STDOUT: tolist             method                   -          Convert   -                      (self)
# CHECK-STDOUT: size               method                   -          Convert   -                      (self, dim=None); with no dim a torch.Size, as `shape`
# CHECK-STDOUT: dim                method                   -          Convert   -                      (self)
# CHECK-STDOUT: is_floating_point  method                   -          Convert   -                      (self)
# CHECK-STDOUT: shape              attribute                -          Convert   -                      self.shape; a torch.Size: a tuple of ints that prints as `torch.Size([2, 3])` (slices, `+ tuple` and `* n` stay Sizes, as in torch)
# CHECK-STDOUT: dtype              attribute                -          Convert   -                      self.dtype
# CHECK-STDOUT: ndim               attribute                -          Convert   -                      self.ndim
# CHECK-STDOUT: device             attribute                -          Convert   -                      self.device; the str "cpu" (torch's is a torch.device that prints as cpu)
# CHECK-STDOUT: data               attribute                -          Layout    -                      self.data; the same data without autograd history
# CHECK-STDOUT: requires_grad      attribute                -          Convert   -                      self.requires_grad; True for nn.Parameter and requires_grad=True leaves and what autograd computes from them
# CHECK-STDOUT: grad               attribute                -          Convert   -                      self.grad; the gradient backward() accumulated, or None
# CHECK-STDOUT: grad_fn            attribute                -          Convert   -                      self.grad_fn; the autograd node that computed it (`.name()` is torch's), or None
# CHECK-STDOUT: is_leaf            attribute                -          Convert   -                      self.is_leaf; False for a result autograd recorded
# CHECK-STDOUT: is_cuda            attribute                -          Convert   -                      self.is_cuda; False
# CHECK-STDOUT: erf                function, method         Erf        Unary     ErfBackward0           (input)
# CHECK-STDOUT: log1p              function, method         Log1p      Unary     Log1PBackward0         (input)
# CHECK-STDOUT: expm1              function, method         Expm1      Unary     Expm1Backward0         (input)
# CHECK-STDOUT: log2               function, method         Log2       Unary     Log2Backward0          (input)
# CHECK-STDOUT: exp2               function, method         Exp2       Unary     Exp2Backward0          (input)
# CHECK-STDOUT: tan                function, method         Tan        Unary     TanBackward0           (input)
# CHECK-STDOUT: asin               function, method         Asin       Unary     AsinBackward0          (input)
# CHECK-STDOUT: acos               function, method         Acos       Unary     AcosBackward0          (input)
# CHECK-STDOUT: atan               function, method         Atan       Unary     AtanBackward0          (input)
# CHECK-STDOUT: sinh               function, method         Sinh       Unary     SinhBackward0          (input)
# CHECK-STDOUT: cosh               function, method         Cosh       Unary     CoshBackward0          (input)
# CHECK-STDOUT: asinh              function, method         Asinh      Unary     AsinhBackward0         (input)
# CHECK-STDOUT: acosh              function, method         Acosh      Unary     AcoshBackward0         (input)
# CHECK-STDOUT: atanh              function, method         Atanh      Unary     AtanhBackward0         (input)
# CHECK-STDOUT: erfc               function, method         Erfc       Unary     ErfcBackward0          (input)
# CHECK-STDOUT: reciprocal         function, method         Reciprocal Unary     ReciprocalBackward0    (input)
# CHECK-STDOUT: floor              function, method         Floor      Unary     ZeroGradBackward       (input)
# CHECK-STDOUT: ceil               function, method         Ceil       Unary     ZeroGradBackward       (input)
# CHECK-STDOUT: trunc              function, method         Trunc      Unary     ZeroGradBackward       (input)
# CHECK-STDOUT: round              method                   Round      Unary     ZeroGradBackward       (self, decimals=0); Python's round() of a tensor is a TypeError, as with torch 1.13
# CHECK-STDOUT: sign               function, method         Sign       Unary     ZeroGradBackward       (input)
# CHECK-STDOUT: square             function, method         Pow        Composite SquareBackward0        (input); input ** 2 (bool gives int64, as torch)
# CHECK-STDOUT: isnan              function, method         IsNan      Unary     -                      (input)
# CHECK-STDOUT: isinf              function, method         IsInf      Unary     -                      (input)
# CHECK-STDOUT: nan_to_num         function, method         NanToNum   Unary     NanToNumBackward0      (input, nan=0.0, posinf=None, neginf=None)
# CHECK-STDOUT: atan2              function, method         Atan2      Binary    Atan2Backward0         (input, other)
# CHECK-STDOUT: lerp               function, method         Lerp       Ternary   LerpBackward0          (input, end, weight)
# CHECK-STDOUT: amax               function, method         Max        Reduce    AmaxBackward0          (input, dim=(), keepdim=False)
# CHECK-STDOUT: amin               function, method         Min        Reduce    AmaxBackward0          (input, dim=(), keepdim=False)
# CHECK-STDOUT: logsumexp          function, method         -          Composite LogsumexpBackward0     (input, dim, keepdim=False)
# CHECK-STDOUT: var                function, method         -          Composite VarBackward0           (input, dim=None, unbiased=True, keepdim=False, *, correction=None)
# CHECK-STDOUT: std                function, method         -          Composite StdBackward0           (input, dim=None, unbiased=True, keepdim=False, *, correction=None)
# CHECK-STDOUT: norm               function, method         -          Composite NormBackward1          (input, p=2, dim=None, keepdim=False); torch.linalg.vector_norm's values
# CHECK-STDOUT: count_nonzero      function, method         -          Composite -                      (input, dim=None)
# CHECK-STDOUT: cumsum             function, method         CumSum     Scan      CumsumBackward0        (input, dim, *, dtype=None)
# CHECK-STDOUT: cumprod            function, method         CumProd    Scan      CumprodBackward0       (input, dim, *, dtype=None)
# CHECK-STDOUT: softmax            method                   -          Composite SoftmaxBackward0       (self, dim, dtype=None)
# CHECK-STDOUT: log_softmax        method                   -          Composite LogSoftmaxBackward0    (self, dim, dtype=None)
# CHECK-STDOUT: add_               method                   Add        InPlace   AddBackward0           (self, other, *, alpha=1)
# CHECK-STDOUT: sub_               method                   Sub        InPlace   SubBackward0           (self, other, *, alpha=1)
# CHECK-STDOUT: mul_               method                   Mul        InPlace   MulBackward0           (self, other)
# CHECK-STDOUT: div_               method                   Div        InPlace   DivBackward0           (self, other)
# CHECK-STDOUT: clamp_             method                   Clamp      InPlace   ClampBackward1         (self, min=None, max=None)
# CHECK-STDOUT: zero_              method                   Full       InPlace   ZeroGradBackward       (self)
# CHECK-STDOUT: fill_              method                   Full       InPlace   FillBackward0          (self, value)
# CHECK-STDOUT: copy_              method                   -          InPlace   CopyBackwards          (self, src)
# CHECK-STDOUT: allclose           function                 -          Convert   -                      (input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool; |input - other| <= atol + rtol * |other| everywhere (broadcast)
# CHECK-STDOUT: equal              function                 -          Convert   -                      (input, other) -> bool; the same shape and values
# CHECK-STDOUT: uniform_           method                   Rand       InPlace   no                     (self, from=0, to=1, generator=None); float tensors; after manual_seed, torch's numbers (nn.init's and nn.Linear's draws)
# CHECK-STDOUT: normal_            method                   RandN      InPlace   no                     (self, mean=0, std=1, generator=None); float tensors; after manual_seed, torch's numbers
# CHECK-STDOUT: new_zeros          method                   Full       Create    no                     (self, *size, dtype=None)
# CHECK-STDOUT: new_ones           method                   Full       Create    no                     (self, *size, dtype=None)
# CHECK-STDOUT: new_empty          method                   Full       Create    no                     (self, *size, dtype=None); zero-filled
# CHECK-STDOUT: new_full           method                   Full       Create    no                     (self, size, fill_value, dtype=None)
# CHECK-STDOUT: new_tensor         method                   Constant   Create    no                     (self, data, dtype=None)
# CHECK-STDOUT: type_as            method                   Cast       Cast      ToCopyBackward0        (self, other)
# CHECK-STDOUT: sort               function, method         Sort       Sort      SortBackward0          (input, dim=-1, descending=False, stable=False) -> (values, indices); ties keep their order (stable) either way
# CHECK-STDOUT: argsort            function, method         Sort       Sort      no                     (input, dim=-1, descending=False, stable=False); ties keep their order either way
# CHECK-STDOUT: topk               function, method         Sort       Sort      TopkBackward0          (input, k, dim=-1, largest=True, sorted=True) -> (values, indices); always sorted, ties by position
# CHECK-STDOUT: scatter            function, method         Scatter    Scatter   ScatterBackward0       (input, dim, index, src=None, *, value=None, reduce=None); a number as src is value; reduce "add" or "multiply"
# CHECK-STDOUT: scatter_           method                   Scatter    Scatter   ScatterBackward0       (self, dim, index, src=None, *, value=None, reduce=None); in place
# CHECK-STDOUT: scatter_add        function, method         Scatter    Scatter   ScatterAddBackward0    (input, dim, index, src); duplicate positions accumulate
# CHECK-STDOUT: scatter_add_       method                   Scatter    Scatter   ScatterAddBackward0    (self, dim, index, src); in place
# CHECK-STDOUT: index_add          function, method         Scatter    Scatter   IndexAddBackward0      (input, dim, index, source, *, alpha=1)
# CHECK-STDOUT: index_add_         method                   Scatter    Scatter   IndexAddBackward0      (self, dim, index, source, *, alpha=1); in place
# CHECK-STDOUT: scatter_reduce     function, method         Scatter    Scatter   -                      (input, dim, index, src, reduce, *, include_self=True); reduce "sum", "prod", "mean", "amax" or "amin"
# CHECK-STDOUT: scatter_reduce_    method                   Scatter    Scatter   -                      (self, dim, index, src, reduce, *, include_self=True); in place
# CHECK-STDOUT: index_reduce       function, method         Scatter    Scatter   -                      (input, dim, index, source, reduce, *, include_self=True); reduce "prod", "mean", "amax" or "amin"
# CHECK-STDOUT: index_reduce_      method                   Scatter    Scatter   -                      (self, dim, index, source, reduce, *, include_self=True); in place
# CHECK-STDOUT: diag               function, method         Take       Shape     DiagBackward0          (input, diagonal=0); 1-d: a square matrix with input on a diagonal, 2-d: that diagonal
# CHECK-STDOUT: einsum             function                 MatMul     Einsum    EinsumBackward0        (equation, *operands); also einsum(equation, [operands]); `...` broadcasts, no `->` gives torch's implicit output
# CHECK-STDOUT: multinomial        function, method         Rand       Random    no                     (input, num_samples, replacement=False, generator=None) -> int64; 1-d or 2-d probabilities (need not sum to 1); torch 1.13's algorithm: after manual_seed, torch's samples
# CHECK-STDOUT: nonzero            function, method         -          Dynamic   -                      (input, *, as_tuple=False) -> int64 [count, input.dim()]; a graph break (the count depends on the data)
# CHECK-STDOUT:
# CHECK-STDOUT: alias              of
# CHECK-STDOUT: clip               clamp
# CHECK-STDOUT: clip_              clamp_
# CHECK-STDOUT: clamp_min          clamp
# CHECK-STDOUT: mm                 matmul
# CHECK-STDOUT: bmm                matmul
# CHECK-STDOUT: broadcast_to       expand
# CHECK-STDOUT: absolute           abs
# CHECK-STDOUT: multiply           mul
# CHECK-STDOUT: subtract           sub
# CHECK-STDOUT: divide             div
# CHECK-STDOUT: true_divide        div
# CHECK-STDOUT: negative           neg
# CHECK-STDOUT: arcsin             asin
# CHECK-STDOUT: arccos             acos
# CHECK-STDOUT: arctan             atan
# CHECK-STDOUT: arctan2            atan2
# CHECK-STDOUT: concat             cat
# CHECK-STDOUT: concatenate        cat
# CHECK-STDOUT: swapaxes           transpose
# CHECK-STDOUT: swapdims           transpose
# CHECK-STDOUT: ravel              flatten
# CHECK-STDOUT: cpu                detach
# CHECK-STDOUT: empty              zeros
# CHECK-STDOUT: greater            gt
# CHECK-STDOUT: greater_equal      ge
# CHECK-STDOUT: less               lt
# CHECK-STDOUT: less_equal         le
# CHECK-STDOUT: not_equal          ne
# CHECK-STDOUT:
# CHECK-STDOUT: in-place method    of
# CHECK-STDOUT: abs_               abs
# CHECK-STDOUT: neg_               neg
# CHECK-STDOUT: exp_               exp
# CHECK-STDOUT: log_               log
# CHECK-STDOUT: sqrt_              sqrt
# CHECK-STDOUT: rsqrt_             rsqrt
# CHECK-STDOUT: sin_               sin
# CHECK-STDOUT: cos_               cos
# CHECK-STDOUT: tanh_              tanh
# CHECK-STDOUT: sigmoid_           sigmoid
# CHECK-STDOUT: relu_              relu
# CHECK-STDOUT: erf_               erf
# CHECK-STDOUT: log1p_             log1p
# CHECK-STDOUT: expm1_             expm1
# CHECK-STDOUT: log2_              log2
# CHECK-STDOUT: exp2_              exp2
# CHECK-STDOUT: tan_               tan
# CHECK-STDOUT: asin_              asin
# CHECK-STDOUT: acos_              acos
# CHECK-STDOUT: atan_              atan
# CHECK-STDOUT: sinh_              sinh
# CHECK-STDOUT: cosh_              cosh
# CHECK-STDOUT: reciprocal_        reciprocal
# CHECK-STDOUT: floor_             floor
# CHECK-STDOUT: ceil_              ceil
# CHECK-STDOUT: trunc_             trunc
# CHECK-STDOUT: round_             round
# CHECK-STDOUT: sign_              sign
# CHECK-STDOUT: square_            square
# CHECK-STDOUT: nan_to_num_        nan_to_num
# CHECK-STDOUT: logical_not_       logical_not
# CHECK-STDOUT: bitwise_not_       bitwise_not
# CHECK-STDOUT: pow_               pow
# CHECK-STDOUT: atan2_             atan2
# CHECK-STDOUT: lerp_              lerp
# CHECK-STDOUT: floor_divide_      floor_divide
# CHECK-STDOUT: remainder_         remainder
# CHECK-STDOUT: clamp_min_         clamp_min
# CHECK-STDOUT: eq_                eq
# CHECK-STDOUT: ne_                ne
# CHECK-STDOUT: lt_                lt
# CHECK-STDOUT: le_                le
# CHECK-STDOUT: gt_                gt
# CHECK-STDOUT: ge_                ge
# CHECK-STDOUT: logical_and_       logical_and
# CHECK-STDOUT: logical_or_        logical_or
# CHECK-STDOUT: logical_xor_       logical_xor
# CHECK-STDOUT: bitwise_and_       bitwise_and
# CHECK-STDOUT: bitwise_or_        bitwise_or
# CHECK-STDOUT: bitwise_xor_       bitwise_xor
# CHECK-STDOUT: masked_fill_       masked_fill
# CHECK-STDOUT: tril_              tril
# CHECK-STDOUT: triu_              triu
# CHECK-STDOUT:
# CHECK-STDOUT: Python builtin         group    signature
# CHECK-STDOUT: print                  Python   (*values, sep=' ', end='\n', file=None)
# CHECK-STDOUT: range                  Python   (stop) | (start, stop, step=1)
# CHECK-STDOUT: slice                  Python   (stop) | (start, stop, step=None)
# CHECK-STDOUT: len                    Python   (obj)
# CHECK-STDOUT: int                    Python   (x=0)
# CHECK-STDOUT: float                  Python   (x=0.0)
# CHECK-STDOUT: bool                   Python   (x=False)
# CHECK-STDOUT: str                    Python   (x='')
# CHECK-STDOUT: repr                   Python   (x)
# CHECK-STDOUT: format                 Python   (value, spec='')
# CHECK-STDOUT: list                   Python   (iterable=())
# CHECK-STDOUT: tuple                  Python   (iterable=())
# CHECK-STDOUT: dict                   Python   (iterable=(), **kwargs)
# CHECK-STDOUT: set                    Python   (iterable=())
# CHECK-STDOUT: enumerate              Python   (iterable, start=0)
# CHECK-STDOUT: zip                    Python   (*iterables)
# CHECK-STDOUT: min                    Python   (iterable, *, key=None, default=) | (a, b, *rest, key=None)
# CHECK-STDOUT: max                    Python   (iterable, *, key=None, default=) | (a, b, *rest, key=None)
# CHECK-STDOUT: abs                    Python   (x)
# CHECK-STDOUT: sum                    Python   (iterable, start=0)
# CHECK-STDOUT: pow                    Python   (base, exp)
# CHECK-STDOUT: round                  Python   (number, ndigits=None)
# CHECK-STDOUT: isinstance             Python   (obj, classinfo)
# CHECK-STDOUT: sorted                 Python   (iterable, *, key=None, reverse=False)
# CHECK-STDOUT: map                    Python   (function, iterable, *iterables)
# CHECK-STDOUT: filter                 Python   (function_or_None, iterable)
# CHECK-STDOUT: ord                    Python   (c)
# CHECK-STDOUT: chr                    Python   (i)
# CHECK-STDOUT: divmod                 Python   (a, b)
# CHECK-STDOUT: reversed               Python   (seq)
# CHECK-STDOUT: any                    Python   (iterable)
# CHECK-STDOUT: all                    Python   (iterable)
# CHECK-STDOUT: super                  Python   () | (cls, obj)
# CHECK-STDOUT: property               Python   (fget)
# CHECK-STDOUT: staticmethod           Python   (function)
# CHECK-STDOUT: classmethod            Python   (function)
# CHECK-STDOUT: getattr                Python   (object, name, default=<none>)
# CHECK-STDOUT: setattr                Python   (object, name, value)
# CHECK-STDOUT: delattr                Python   (object, name)
# CHECK-STDOUT: hasattr                Python   (object, name)
# CHECK-STDOUT: type                   Python   (object)
# CHECK-STDOUT: iter                   Python   (object)
# CHECK-STDOUT: next                   Python   (iterator, default=<none>)
# CHECK-STDOUT: vars                   Python   (object)
# CHECK-STDOUT: NotImplemented         Python
# CHECK-STDOUT: graph_break            Control  ()
# CHECK-STDOUT: error_on_graph_break   Control  (flag)
# CHECK-STDOUT: fullgraph              Control  (fn) | (flag)
# CHECK-STDOUT: nonstrict_trace        Control  (fn)
# CHECK-STDOUT: compiler_disable       Control  (fn=None, recursive=True)
# CHECK-STDOUT: no_grad                Control  () | (fn)
# CHECK-STDOUT: enable_grad            Control  () | (fn)
# CHECK-STDOUT: inference_mode         Control  (mode=True) | (fn)
# CHECK-STDOUT: set_grad_enabled       Control  (mode)
# CHECK-STDOUT: pytree                 Control  (cls)
# CHECK-STDOUT: load                   IO       (path)
# CHECK-STDOUT: save                   IO       (tensor, path)
# CHECK-STDOUT: argv                   IO       ()
# CHECK-STDOUT: manual_seed            Random   (seed)
# CHECK-STDOUT: Tensor                 Type
# CHECK-STDOUT:
# CHECK-STDOUT: method                             mutates signature
# CHECK-STDOUT: list.append                        yes     (item)
# CHECK-STDOUT: list.extend                        yes     (iterable)
# CHECK-STDOUT: list.insert                        yes     (index, item)
# CHECK-STDOUT: list.pop                           yes     (index=-1)
# CHECK-STDOUT: list.remove                        yes     (item)
# CHECK-STDOUT: list.clear                         yes     ()
# CHECK-STDOUT: list.reverse                       yes     ()
# CHECK-STDOUT: list.sort                          yes     (*, key=None, reverse=False)
# CHECK-STDOUT: list.index                         no      (item)
# CHECK-STDOUT: list.count                         no      (item)
# CHECK-STDOUT: list.copy                          no      ()
# CHECK-STDOUT: dict.get                           no      (key, default=None)
# CHECK-STDOUT: dict.items                         no      ()
# CHECK-STDOUT: dict.keys                          no      ()
# CHECK-STDOUT: dict.values                        no      ()
# CHECK-STDOUT: dict.copy                          no      ()
# CHECK-STDOUT: dict.pop                           yes     (key, default=<none>)
# CHECK-STDOUT: dict.popitem                       yes     ()
# CHECK-STDOUT: dict.setdefault                    yes     (key, default=None)
# CHECK-STDOUT: dict.update                        yes     (other=(), **kwargs)
# CHECK-STDOUT: dict.clear                         yes     ()
# CHECK-STDOUT: set.add                            yes     (item)
# CHECK-STDOUT: set.discard                        yes     (item)
# CHECK-STDOUT: set.remove                         yes     (item)
# CHECK-STDOUT: set.pop                            yes     ()
# CHECK-STDOUT: set.clear                          yes     ()
# CHECK-STDOUT: set.update                         yes     (*iterables)
# CHECK-STDOUT: set.intersection_update            yes     (*iterables)
# CHECK-STDOUT: set.difference_update              yes     (*iterables)
# CHECK-STDOUT: set.symmetric_difference_update    yes     (iterable)
# CHECK-STDOUT: set.union                          no      (*iterables)
# CHECK-STDOUT: set.intersection                   no      (*iterables)
# CHECK-STDOUT: set.difference                     no      (*iterables)
# CHECK-STDOUT: set.symmetric_difference           no      (iterable)
# CHECK-STDOUT: set.issubset                       no      (iterable)
# CHECK-STDOUT: set.issuperset                     no      (iterable)
# CHECK-STDOUT: set.isdisjoint                     no      (iterable)
# CHECK-STDOUT: set.copy                           no      ()
# CHECK-STDOUT: str.join                           no      (iterable)
# CHECK-STDOUT: str.split                          no      (sep=None)
# CHECK-STDOUT: str.upper                          no      ()
# CHECK-STDOUT: str.lower                          no      ()
# CHECK-STDOUT: str.strip                          no      ()
# CHECK-STDOUT: str.startswith                     no      (prefix)
# CHECK-STDOUT: str.endswith                       no      (suffix)
# CHECK-STDOUT: str.replace                        no      (old, new)
# CHECK-STDOUT: str.format                         no      (*args, **kwargs)

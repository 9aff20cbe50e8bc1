# RUN: tcc build --emit kernels --target-cpu generic %s
# The optimised LLVM IR of one fused elementwise kernel (portable CPU): one
# loop over contiguous float32 data, no temporaries.
import torch

def f(x, y):
    return torch.sigmoid(x) * y + 1.0

print(f(torch.randn(64), torch.randn(64)))

# CHECK-STDOUT: ; Function Attrs: nounwind
# CHECK-STDOUT: define noundef i32 @tcc_kernel_0(ptr nocapture readonly %0, i32 %1, ptr nocapture readnone %2, i32 %3, ptr %4, i32 %5) #0 {
# CHECK-STDOUT: entry:
# CHECK-STDOUT:   %sizes = alloca [8 x i64], align 8
# CHECK-STDOUT:   %x.data = load ptr, ptr %0, align 8
# CHECK-STDOUT:   %6 = getelementptr inbounds i8, ptr %0, i64 72
# CHECK-STDOUT:   %7 = load i64, ptr %6, align 4
# CHECK-STDOUT:   %8 = getelementptr inbounds i8, ptr %0, i64 152
# CHECK-STDOUT:   %y.data = load ptr, ptr %8, align 8
# CHECK-STDOUT:   %9 = getelementptr inbounds i8, ptr %0, i64 224
# CHECK-STDOUT:   %10 = load i64, ptr %9, align 4
# CHECK-STDOUT:   store i64 64, ptr %sizes, align 8
# CHECK-STDOUT:   call void @ts_rt_alloc(ptr %4, i32 0, i32 1, ptr nonnull %sizes) #4
# CHECK-STDOUT:   %11 = load ptr, ptr %4, align 8
# CHECK-STDOUT:   %ident.check = icmp ne i64 %7, 1
# CHECK-STDOUT:   %ident.check1 = icmp ne i64 %10, 1
# CHECK-STDOUT:   %12 = or i1 %ident.check, %ident.check1
# CHECK-STDOUT:   br i1 %12, label %j.body.i.preheader, label %vector.memcheck
# CHECK-STDOUT:
# CHECK-STDOUT: j.body.i.preheader:                               ; preds = %vector.memcheck, %entry
# CHECK-STDOUT:   br label %j.body.i
# CHECK-STDOUT:
# CHECK-STDOUT: vector.memcheck:                                  ; preds = %entry
# CHECK-STDOUT:   %13 = ptrtoint ptr %11 to i64
# CHECK-STDOUT:   %y.data3 = ptrtoint ptr %y.data to i64
# CHECK-STDOUT:   %x.data2 = ptrtoint ptr %x.data to i64
# CHECK-STDOUT:   %14 = sub i64 %13, %x.data2
# CHECK-STDOUT:   %diff.check = icmp ult i64 %14, 16
# CHECK-STDOUT:   %15 = sub i64 %13, %y.data3
# CHECK-STDOUT:   %diff.check4 = icmp ult i64 %15, 16
# CHECK-STDOUT:   %conflict.rdx = or i1 %diff.check, %diff.check4
# CHECK-STDOUT:   br i1 %conflict.rdx, label %j.body.i.preheader, label %vector.body
# CHECK-STDOUT:
# CHECK-STDOUT: vector.body:                                      ; preds = %vector.memcheck, %vector.body
# CHECK-STDOUT:   %index = phi i64 [ %index.next, %vector.body ], [ 0, %vector.memcheck ]
# CHECK-STDOUT:   %16 = getelementptr inbounds float, ptr %x.data, i64 %index
# CHECK-STDOUT:   %wide.load = load <4 x float>, ptr %16, align 4, !noalias !2
# CHECK-STDOUT:   %17 = call <4 x float> @llvm.fabs.v4f32(<4 x float> %wide.load)
# CHECK-STDOUT:   %18 = fneg <4 x float> %17
# CHECK-STDOUT:   %19 = fcmp olt <4 x float> %18, <float -1.040000e+02, float -1.040000e+02, float -1.040000e+02, float -1.040000e+02>
# CHECK-STDOUT:   %20 = select <4 x i1> %19, <4 x float> <float -1.040000e+02, float -1.040000e+02, float -1.040000e+02, float -1.040000e+02>, <4 x float> %18
# CHECK-STDOUT:   %21 = fcmp ogt <4 x float> %20, <float 8.875000e+01, float 8.875000e+01, float 8.875000e+01, float 8.875000e+01>
# CHECK-STDOUT:   %22 = select <4 x i1> %21, <4 x float> <float 8.875000e+01, float 8.875000e+01, float 8.875000e+01, float 8.875000e+01>, <4 x float> %20
# CHECK-STDOUT:   %23 = fmul <4 x float> %22, <float 0x3FF7154760000000, float 0x3FF7154760000000, float 0x3FF7154760000000, float 0x3FF7154760000000>
# CHECK-STDOUT:   %24 = fadd <4 x float> %23, <float 0x4168000000000000, float 0x4168000000000000, float 0x4168000000000000, float 0x4168000000000000>
# CHECK-STDOUT:   %25 = fadd <4 x float> %24, <float 0xC168000000000000, float 0xC168000000000000, float 0xC168000000000000, float 0xC168000000000000>
# CHECK-STDOUT:   %26 = bitcast <4 x float> %24 to <4 x i32>
# CHECK-STDOUT:   %27 = add <4 x i32> %26, <i32 -1262485504, i32 -1262485504, i32 -1262485504, i32 -1262485504>
# CHECK-STDOUT:   %28 = fmul <4 x float> %25, <float 0x3FE6300000000000, float 0x3FE6300000000000, float 0x3FE6300000000000, float 0x3FE6300000000000>
# CHECK-STDOUT:   %29 = fsub <4 x float> %22, %28
# CHECK-STDOUT:   %30 = fmul <4 x float> %25, <float 0x3F2BD01060000000, float 0x3F2BD01060000000, float 0x3F2BD01060000000, float 0x3F2BD01060000000>
# CHECK-STDOUT:   %31 = fadd <4 x float> %30, %29
# CHECK-STDOUT:   %32 = fmul <4 x float> %31, %31
# CHECK-STDOUT:   %33 = fmul <4 x float> %31, <float 0x3F2A0D2CE0000000, float 0x3F2A0D2CE0000000, float 0x3F2A0D2CE0000000, float 0x3F2A0D2CE0000000>
# CHECK-STDOUT:   %34 = fadd <4 x float> %33, <float 0x3F56E879C0000000, float 0x3F56E879C0000000, float 0x3F56E879C0000000, float 0x3F56E879C0000000>
# CHECK-STDOUT:   %35 = fmul <4 x float> %31, <float 0x3F81112100000000, float 0x3F81112100000000, float 0x3F81112100000000, float 0x3F81112100000000>
# CHECK-STDOUT:   %36 = fadd <4 x float> %35, <float 0x3FA5553820000000, float 0x3FA5553820000000, float 0x3FA5553820000000, float 0x3FA5553820000000>
# CHECK-STDOUT:   %37 = fmul <4 x float> %31, <float 0x3FC5555540000000, float 0x3FC5555540000000, float 0x3FC5555540000000, float 0x3FC5555540000000>
# CHECK-STDOUT:   %38 = fadd <4 x float> %37, <float 5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 5.000000e-01>
# CHECK-STDOUT:   %39 = fmul <4 x float> %32, %34
# CHECK-STDOUT:   %40 = fadd <4 x float> %36, %39
# CHECK-STDOUT:   %41 = fmul <4 x float> %32, %40
# CHECK-STDOUT:   %42 = fadd <4 x float> %38, %41
# CHECK-STDOUT:   %43 = fmul <4 x float> %32, %42
# CHECK-STDOUT:   %44 = fadd <4 x float> %31, %43
# CHECK-STDOUT:   %45 = fadd <4 x float> %44, <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>
# CHECK-STDOUT:   %46 = ashr <4 x i32> %27, <i32 1, i32 1, i32 1, i32 1>
# CHECK-STDOUT:   %47 = sub <4 x i32> %26, %46
# CHECK-STDOUT:   %48 = shl <4 x i32> %47, <i32 23, i32 23, i32 23, i32 23>
# CHECK-STDOUT:   %49 = add <4 x i32> %48, <i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216>
# CHECK-STDOUT:   %50 = bitcast <4 x i32> %49 to <4 x float>
# CHECK-STDOUT:   %51 = shl <4 x i32> %46, <i32 23, i32 23, i32 23, i32 23>
# CHECK-STDOUT:   %52 = add <4 x i32> %51, <i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216>
# CHECK-STDOUT:   %53 = bitcast <4 x i32> %52 to <4 x float>
# CHECK-STDOUT:   %54 = fmul <4 x float> %45, %53
# CHECK-STDOUT:   %55 = fmul <4 x float> %54, %50
# CHECK-STDOUT:   %56 = fadd <4 x float> %55, <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>
# CHECK-STDOUT:   %57 = fdiv <4 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>, %56
# CHECK-STDOUT:   %58 = fmul <4 x float> %55, %57
# CHECK-STDOUT:   %59 = fcmp oge <4 x float> %wide.load, zeroinitializer
# CHECK-STDOUT:   %60 = select <4 x i1> %59, <4 x float> %57, <4 x float> %58
# CHECK-STDOUT:   %61 = getelementptr inbounds float, ptr %y.data, i64 %index
# CHECK-STDOUT:   %wide.load5 = load <4 x float>, ptr %61, align 4, !noalias !2
# CHECK-STDOUT:   %62 = fmul <4 x float> %wide.load5, %60
# CHECK-STDOUT:   %63 = fadd <4 x float> %62, <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>
# CHECK-STDOUT:   %64 = getelementptr inbounds float, ptr %11, i64 %index
# CHECK-STDOUT:   store <4 x float> %63, ptr %64, align 4, !noalias !2
# CHECK-STDOUT:   %index.next = add nuw i64 %index, 4
# CHECK-STDOUT:   %65 = icmp eq i64 %index.next, 64
# CHECK-STDOUT:   br i1 %65, label %tcc_kernel_0.nest0.exit, label %vector.body, !llvm.loop !5
# CHECK-STDOUT:
# CHECK-STDOUT: j.body.i:                                         ; preds = %j.body.i.preheader, %j.body.i
# CHECK-STDOUT:   %j.i = phi i64 [ %121, %j.body.i ], [ 0, %j.body.i.preheader ]
# CHECK-STDOUT:   %66 = mul i64 %j.i, %7
# CHECK-STDOUT:   %67 = getelementptr inbounds float, ptr %x.data, i64 %66
# CHECK-STDOUT:   %68 = load float, ptr %67, align 4, !noalias !2
# CHECK-STDOUT:   %69 = call float @llvm.fabs.f32(float %68)
# CHECK-STDOUT:   %70 = fneg float %69
# CHECK-STDOUT:   %71 = fcmp olt float %70, -1.040000e+02
# CHECK-STDOUT:   %72 = select i1 %71, float -1.040000e+02, float %70
# CHECK-STDOUT:   %73 = fcmp ogt float %72, 8.875000e+01
# CHECK-STDOUT:   %74 = select i1 %73, float 8.875000e+01, float %72
# CHECK-STDOUT:   %75 = fmul float %74, 0x3FF7154760000000
# CHECK-STDOUT:   %76 = fadd float %75, 0x4168000000000000
# CHECK-STDOUT:   %77 = fadd float %76, 0xC168000000000000
# CHECK-STDOUT:   %78 = bitcast float %76 to i32
# CHECK-STDOUT:   %79 = add i32 %78, -1262485504
# CHECK-STDOUT:   %80 = fmul float %77, 0x3FE6300000000000
# CHECK-STDOUT:   %81 = fsub float %74, %80
# CHECK-STDOUT:   %82 = fmul float %77, 0x3F2BD01060000000
# CHECK-STDOUT:   %83 = fadd float %82, %81
# CHECK-STDOUT:   %84 = fmul float %83, %83
# CHECK-STDOUT:   %85 = insertelement <2 x float> poison, float %83, i64 0
# CHECK-STDOUT:   %86 = shufflevector <2 x float> %85, <2 x float> poison, <2 x i32> zeroinitializer
# CHECK-STDOUT:   %87 = fmul <2 x float> %86, <float 0x3F81112100000000, float 0x3F2A0D2CE0000000>
# CHECK-STDOUT:   %88 = fadd <2 x float> %87, <float 0x3FA5553820000000, float 0x3F56E879C0000000>
# CHECK-STDOUT:   %89 = fmul float %83, 0x3FC5555540000000
# CHECK-STDOUT:   %90 = fadd float %89, 5.000000e-01
# CHECK-STDOUT:   %91 = extractelement <2 x float> %88, i64 1
# CHECK-STDOUT:   %92 = fmul float %84, %91
# CHECK-STDOUT:   %93 = extractelement <2 x float> %88, i64 0
# CHECK-STDOUT:   %94 = fadd float %93, %92
# CHECK-STDOUT:   %95 = fmul float %84, %94
# CHECK-STDOUT:   %96 = fadd float %90, %95
# CHECK-STDOUT:   %97 = fmul float %84, %96
# CHECK-STDOUT:   %98 = fadd float %83, %97
# CHECK-STDOUT:   %99 = fadd float %98, 1.000000e+00
# CHECK-STDOUT:   %100 = ashr i32 %79, 1
# CHECK-STDOUT:   %101 = sub i32 %78, %100
# CHECK-STDOUT:   %102 = shl i32 %101, 23
# CHECK-STDOUT:   %103 = add i32 %102, 1065353216
# CHECK-STDOUT:   %104 = bitcast i32 %103 to float
# CHECK-STDOUT:   %105 = shl i32 %100, 23
# CHECK-STDOUT:   %106 = add i32 %105, 1065353216
# CHECK-STDOUT:   %107 = bitcast i32 %106 to float
# CHECK-STDOUT:   %108 = fmul float %99, %107
# CHECK-STDOUT:   %109 = fmul float %108, %104
# CHECK-STDOUT:   %110 = fadd float %109, 1.000000e+00
# CHECK-STDOUT:   %111 = fdiv float 1.000000e+00, %110
# CHECK-STDOUT:   %112 = fmul float %109, %111
# CHECK-STDOUT:   %113 = fcmp oge float %68, 0.000000e+00
# CHECK-STDOUT:   %114 = select i1 %113, float %111, float %112
# CHECK-STDOUT:   %115 = mul i64 %j.i, %10
# CHECK-STDOUT:   %116 = getelementptr inbounds float, ptr %y.data, i64 %115
# CHECK-STDOUT:   %117 = load float, ptr %116, align 4, !noalias !2
# CHECK-STDOUT:   %118 = fmul float %117, %114
# CHECK-STDOUT:   %119 = fadd float %118, 1.000000e+00
# CHECK-STDOUT:   %120 = getelementptr inbounds float, ptr %11, i64 %j.i
# CHECK-STDOUT:   store float %119, ptr %120, align 4, !noalias !2
# CHECK-STDOUT:   %121 = add nuw nsw i64 %j.i, 1
# CHECK-STDOUT:   %exitcond.not.i = icmp eq i64 %121, 64
# CHECK-STDOUT:   br i1 %exitcond.not.i, label %tcc_kernel_0.nest0.exit, label %j.body.i, !llvm.loop !8
# CHECK-STDOUT:
# CHECK-STDOUT: tcc_kernel_0.nest0.exit:                          ; preds = %vector.body, %j.body.i
# CHECK-STDOUT:   ret i32 0
# CHECK-STDOUT: }

/**
 * ONNX Runtime's tensors as ArgONNX tensors, without a copy: {@link io.github.argonnx.onnxruntime.OrtTensors};
 * and a decoding step's token drawn among the k best logits: {@link io.github.argonnx.onnxruntime.TopKSampling}.
 *
 * <p>ONNX Runtime's getters ({@code OnnxTensor.getFloatBuffer()}, {@code getValue()}) return copies of
 * the data it holds natively. A tensor ONNX Runtime reads from or writes into a direct buffer of the
 * application's (an input made from one, or an output pinned with {@code OrtSession.run(inputs,
 * pinnedOutputs)}) can instead be viewed in place, and reduced where it lies.
 *
 * <p>API: {@link io.github.argonnx.onnxruntime.OrtTensors} and
 * {@link io.github.argonnx.onnxruntime.TopKSampling}, and no other type. Every other class of this module is
 * package-private and may change in any release; its public signatures show only these types, ONNX Runtime's,
 * the JDK's and the ArgONNX API's.
 */
package io.github.argonnx.onnxruntime;

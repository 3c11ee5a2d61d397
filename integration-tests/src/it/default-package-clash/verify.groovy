// The clash is named with the parameter, the class and the dependency, and nothing was generated.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("<packageName> (property argonnx.packageName): 'io.github.argonnx' would generate io.github.argonnx.Tensor, "
        + "which the dependency io.github.argonnx:argonnx-kernels:") : log
assert log.contains('io.github.argonnx:argonnx-runtime (the runtime core alone) instead of io.github.argonnx:argonnx-kernels:')
assert !new File(basedir, 'target/generated-sources/argonnx').exists()
true
